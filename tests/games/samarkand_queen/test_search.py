"""The search player on Samarkand: Routes to Riches: the forward model core's driver searches, what the search may
not see, the best option where it can be computed exactly, determinism, and the names a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import play as pl
from analyzer.games.samarkand_queen.policies import Policy, parse_policy
from tests.cli_helpers import invoke
from tests.games import search_checks as sc
from tests.games.search_checks import (BAD_PLAYERS, NO_RECORD, check_search_games_repeat, check_search_names,
                                       check_strength_refuses, check_strength_same_for_any_jobs)

GREEDY = g.POLICY_CODES["greedy"]


def decisions(players, seed):
    """Every decision of one greedy game, as (state with the decision pending, cfg, seat), in order."""
    return sc.decisions(g, *g.new_game(players, seed), GREEDY)


def options(s, cfg):
    return sc.options(g, s, cfg)


def test_the_forward_model_plays_the_engines_games():
    """Stepping advance / policy / apply by hand ends where the engine's own loop does, every kind of decision met."""
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        kinds = set()
        for s, cfg, p in decisions(players, seed):
            kinds.add(s[g.WHAT])
        *_, (s, cfg, p) = decisions(players, seed)
        rs = np.zeros(g.NSTREAMS, dtype=np.uint64)
        g.apply(s, cfg, rs, NO_RECORD, g.policy(s, cfg, rs, NO_RECORD, GREEDY))
        while g.advance(s, cfg, rs, NO_RECORD) != search.ENDED:
            pass
        out = g.play_games(None, None, players, [Policy("greedy")] * players, 1, np.random.default_rng(seed))
        assert list(g.final_scores(s, cfg)) == list(out["scores"][0])
        assert kinds == {g.W_ACT, g.W_KEEP, g.W_SELL}


def hide_nothing(s, cfg, seat):
    """The position with every card the seat cannot see taken out of the game (others' hands, the pile, the
    discards) and the bag emptied, the current turn the last: nothing is left to chance or hidden."""
    s, cfg = s.copy(), cfg.copy()
    for c in range(1, g.NCARD + 1):
        if s[g.CLOC + c] < g.LOC_SOLD and s[g.CLOC + c] != g.LOC_HAND + seat:
            s[g.CLOC + c] = g.LOC_NONE
    for p in range(cfg[g.C_P]):
        if p != seat:
            s[g.P_HN + p] = 0
    s[g.PN] = s[g.DN] = s[g.BN] = 0
    cfg[g.C_MAXTURNS] = s[g.TURN] + 1
    return s, cfg


def value(s, cfg, seat, option):
    """The exact reward of `option` where nothing is left to chance: apply it, greedy plays out, read the share."""
    t = s.copy()
    rs = np.zeros(g.NSTREAMS, dtype=np.uint64)
    g.apply(t, cfg, rs, NO_RECORD, option)
    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    return g.reward(t, cfg, seat)


def test_search_picks_the_exact_best_action_on_the_last_turn():
    """Late actions of seeded games, made the game's last turn with nothing hidden or left to chance: the action
    search:256 picks has the best exact reward (share of the win) in at least 95% of them, and in at least 90% of
    those where some action wins more than another (the playouts explore, so a rare miss is allowed)."""
    checked = hits = differ = differ_hits = 0
    for seed in range(16):
        players = 3 + seed % 3
        for s, cfg, seat in decisions(players, seed):
            if s[g.WHAT] != g.W_ACT or s[g.TURN] < 20 or s[g.TURN] % 3:
                continue
            s, cfg = hide_nothing(s, cfg, seat)
            opts = options(s, cfg)
            if len(opts) < 2:
                continue
            values = {o: value(s, cfg, seat, o) for o in opts}
            best = max(values.values())
            picked = search.decide(g.MODEL, s, cfg, seat, 256, GREEDY, seed, g.NSTREAMS)
            checked += 1
            hits += values[picked] == best
            if len(set(values.values())) > 1:
                differ += 1
                differ_hits += values[picked] == best
    assert checked >= 100 and differ >= 10
    assert hits >= 0.95 * checked
    assert differ_hits >= 0.9 * differ


def test_the_search_never_reads_what_the_seat_cannot_see():
    """Two states that differ only in what the deciding seat cannot see (a card swapped between another seat's hand
    and the pile, the pile's order reversed, the bag's order) get the same decision, for every kind of decision."""
    seen = {g.W_ACT: 0, g.W_KEEP: 0, g.W_SELL: 0}
    for players, seed in ((2, 7), (4, 8), (3, 9)):
        for s, cfg, seat in decisions(players, seed):
            if seen[s[g.WHAT]] >= 6 or s[g.PN] < 3 or len(options(s, cfg)) < 2:
                continue
            other = s.copy()
            q = next((p for p in range(players) if p != seat and s[g.P_HN + p] > 0), -1)
            if q >= 0:
                c = next(c for c in range(1, g.NCARD + 1) if s[g.CLOC + c] == g.LOC_HAND + q)
                d = other[g.PILE]
                other[g.PILE] = c
                other[g.CLOC + c], other[g.CLOC + d] = g.LOC_PILE, g.LOC_HAND + q
            other[g.PILE:g.PILE + s[g.PN]] = other[g.PILE:g.PILE + s[g.PN]][::-1].copy()
            other[g.BAG:g.BAG + s[g.BN]] = other[g.BAG:g.BAG + s[g.BN]][::-1].copy()
            assert (other != s).any()
            assert (search.decide(g.MODEL, s, cfg, seat, 32, GREEDY, 5, g.NSTREAMS)
                    == search.decide(g.MODEL, other, cfg, seat, 32, GREEDY, 5, g.NSTREAMS))
            seen[s[g.WHAT]] += 1
    assert min(seen.values()) >= 3, seen


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 3) if len(options(s, cfg)) >= 8)
    before = s.copy()
    first = search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first == search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first in options(s, cfg)
    assert (s == before).all()


def test_more_actions_than_the_search_takes_keep_greedys_best():
    """Where the legal actions outnumber search.MAX_OPTIONS, the search's list is the best by greedy's value, greedy's
    own choice first."""
    for s, cfg, seat in decisions(5, 2):
        opts = np.zeros((g.MAXOPT, 4), dtype=np.int64)
        bd = cfg[g.CSIZE:]
        n = g.legal_options(s, bd, cfg, seat, opts, np.zeros(g.MAXC, dtype=np.int64),
                            np.zeros(g.MAXC, dtype=np.int64)) if s[g.WHAT] == g.W_ACT else 0
        if n > search.MAX_OPTIONS:
            listed = options(s, cfg)
            assert len(listed) == search.MAX_OPTIONS == len(set(listed))
            rs = np.zeros(g.NSTREAMS, dtype=np.uint64)
            assert listed[0] == g.policy(s, cfg, rs, NO_RECORD, GREEDY)
            return
    pytest.fail("no decision with more than MAX_OPTIONS actions")


def games(policies, n=8):
    return sc.seated_games(pl, lambda x: parse_policy(x, "p"), policies, n)


def test_search_games_are_deterministic_and_leave_the_other_seats_luck_alone():
    check_search_games_repeat(games)


def test_search_beats_greedy():
    """A cheap rung of the ladder (the docs' figures come from `analyzer strength`): search:8 against three
    greedy players wins more than its fair 25%."""
    out = games(("search:8", "greedy", "greedy", "greedy"), n=32)
    mine = (out["credit"] * (out["policy"] == 0)).sum(1)
    assert mine.mean() > 0.4


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(parse_policy, g.policy_code, g.POLICY_CODES, Policy("greedy"), "route-planner")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/samarkand_queen/balance-4p.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/samarkand_queen/balance-4p.yaml", 16)
