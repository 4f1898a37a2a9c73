"""The search player on Puerto Rico: the forward model core's driver searches, what the search may not see, the
best option where it can be computed exactly, determinism, and the names a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import play as pl
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games.search_checks import (BAD_PLAYERS, check_search_names, check_strength_refuses,
                                       check_strength_same_for_any_jobs)

GREEDY = g.P_GREEDY
NO_RECORD = np.zeros((1, 3), dtype=np.int64)


def new_game(players, seed):
    """A fresh set-up (greedy in every seat) as the forward model sees it, and its chance streams."""
    cfg = g.settings_vector(None, players)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, players), GREEDY, dtype=np.int64))
    return s, cfg, streams[0].copy()


def decisions(players, seed):
    """Every decision of one greedy game, as (state with the decision pending, cfg, seat), in order."""
    s, cfg, rs = new_game(players, seed)
    while True:
        p = g.advance(s, cfg, rs, NO_RECORD)
        if p == search.ENDED:
            return
        if p == search.ROUND_END:
            continue
        yield s.copy(), cfg, p
        g.apply(s, cfg, rs, NO_RECORD, g.policy(s, cfg, rs, NO_RECORD, GREEDY))


def options(s, cfg):
    out = np.empty(search.MAX_OPTIONS, dtype=np.int64)
    return list(out[:g.legal(s, cfg, out)])


def value(s, cfg, seat, option):
    """The exact reward of `option` where nothing is left to chance: apply it, greedy plays out, read the credit."""
    t = s.copy()
    rs = np.zeros(3, dtype=np.uint64)
    g.apply(t, cfg, rs, NO_RECORD, option)
    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    return g.reward(t, cfg, seat), g.margin(t, cfg, seat)


def deterministic_rest(s, players, cfg):
    """The game ends this round and no tile drawn before then can change a score (no occupied Hacienda draws one;
    the display refilled after a settler phase is never used): greedy players and the shared rules decide
    everything left."""
    hacienda = [s[g.PL + p * g.PSZ + g.O_BCOL + r.BUILDING["hacienda"]] for p in range(players)]
    return (s[g.ENDFLAG] == 1 or s[g.ROUND] + 1 >= cfg[g.C_CAP]) and not any(hacienda)


def test_the_forward_model_plays_the_engines_games():
    """Stepping advance / policy / apply by hand ends where the engine's own loop does."""
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        *_, (s, cfg, p) = decisions(players, seed)
        g.apply(s, cfg, np.zeros(3, dtype=np.uint64), NO_RECORD, g.policy(s, cfg, np.zeros(3, dtype=np.uint64),
                                                                         NO_RECORD, GREEDY))
        while g.advance(s, cfg, np.zeros(3, dtype=np.uint64), NO_RECORD) != search.ENDED:
            pass
        streams = g.Chance(1, np.random.default_rng(seed)).seeds
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        g.run(cfg, streams, out, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME,
              pols=np.full((1, players), GREEDY, dtype=np.int64))
        assert [s[g.PL + q * g.PSZ + g.O_SCORE] for q in range(players)] == list(out[0, g.ST_SCORE:g.ST_SCORE + players])


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Positions from the last round of seeded games (the end triggered, or the round cap reached at its end)
    where nothing is left to chance: the option search:256 picks has the best exact reward (share of the win) in
    at least 95% of them; where some option wins more than another, always."""
    checked = hits = 0
    for seed in range(24):
        players = 3 + seed % 3
        for s, cfg, seat in decisions(players, seed):
            if s[g.ROUND] >= 6 and not s[g.ENDFLAG]:
                cfg = cfg.copy()
                cfg[g.C_CAP] = s[g.ROUND] + 1  # this round is the last
            if not deterministic_rest(s, players, cfg) or len(options(s, cfg)) < 2:
                continue
            values = {o: value(s, cfg, seat, o) for o in options(s, cfg)}
            best = max(v[0] for v in values.values())
            picked = search.decide(g.MODEL, s, cfg, seat, 256, GREEDY, seed, 3)
            checked += 1
            hits += values[picked][0] == best
            if len({v[0] for v in values.values()}) > 1:
                assert values[picked][0] == best
    assert checked >= 100
    assert hits >= 0.95 * checked


def test_the_search_never_reads_the_face_down_stack():
    """Two states that differ only in the order of the face-down plantation stack get the same decision."""
    seen = 0
    for s, cfg, seat in decisions(4, 7):
        a, b = s[g.STKPOS], s[g.STKN]
        if b - a < 3 or len(options(s, cfg)) < 3:
            continue
        other = s.copy()
        other[g.STK + a:g.STK + b] = s[g.STK + a:g.STK + b][::-1]
        if (other == s).all():
            continue
        assert search.decide(g.MODEL, s, cfg, seat, 32, GREEDY, 5, 3) == search.decide(g.MODEL, other, cfg, seat, 32,
                                                                                         GREEDY, 5, 3)
        seen += 1
        if seen == 12:
            break
    assert seen == 12


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 3) if len(options(s, cfg)) >= 4)
    before = s.copy()
    first = search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, 3)
    assert first == search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, 3)
    assert first in options(s, cfg)
    keep = np.ones(g.SSIZE, dtype=bool)
    keep[g.OPT:g.OPT + 64] = False  # the options scratch
    assert (s[keep] == before[keep]).all()


def games(policies, n=8, seed=3, players=4):
    pols = tuple(parse_policies(x, "p", 1)[0] for x in policies)
    return pl.play(pl.GameConfig(pl.RuleSet(), players, pols, "rotate"), n, np.random.default_rng(seed))


def test_search_games_are_deterministic_and_leave_the_other_seats_luck_alone():
    a, b = games(("search:4", "greedy", "greedy", "greedy")), games(("search:4", "greedy", "greedy", "greedy"))
    assert all((a[k] == b[k]).all() for k in ("credit", "money", "rounds"))
    assert np.allclose(a["credit"].sum(1), 1)


def test_search_beats_greedy():
    """A cheap rung of the ladder (the README's figures come from `analyzer strength`): search:4 against three
    greedy players wins far more than its fair 25%."""
    out = games(("search:4", "greedy", "greedy", "greedy"), n=32)
    mine = (out["credit"] * (out["policy"] == 0)).sum(1)
    assert mine.mean() > 0.5


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "random")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/puerto_rico/balance-start-crops.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/puerto_rico/balance-start-crops.yaml", 32, players=3)
