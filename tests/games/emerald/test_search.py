"""The search player on Emerald: the forward model core's driver searches, what the search may not see, the best
option where it can be computed exactly, determinism, and the names a scenario may give it."""
import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.emerald import game as g
from analyzer.games.emerald import play as pl
from analyzer.games.emerald import sim
from analyzer.games.emerald.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games.search_checks import (BAD_PLAYERS, check_picks_the_best, check_search_names, check_strength_refuses,
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


def outcomes(s, cfg, seat, option, k=12):
    """The rewards of `option`, greedy playing out, on the true state and on k resamplings of the die and of what
    `seat` cannot see."""
    seen = set()
    for i in range(k + 1):
        t = s.copy()
        rs = np.arange(4 * i + 1, 4 * i + 5, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        if i:
            g.determinize(t, cfg, seat, rs)
        g.apply(t, cfg, rs, NO_RECORD, option)
        search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
        seen.add(g.reward(t, cfg, seat))
    return seen


def test_the_forward_model_plays_the_engines_games():
    """Stepping advance / policy / apply by hand ends where the engine's own loop does, cards chosen on the way."""
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        s, cfg, rs = new_game(players, seed)
        kinds = set()
        while (p := g.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                kinds.add(int(s[g.WHAT]))
                g.apply(s, cfg, rs, NO_RECORD, g.policy(s, cfg, rs, NO_RECORD, GREEDY))
        streams = g.Chance(1, np.random.default_rng(seed)).seeds
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        g.run(cfg, streams, out, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME,
              pols=np.full((1, players), GREEDY, dtype=np.int64))
        assert list(sim.points(s)[0]) == list(out[0, g.ST_POINTS:g.ST_POINTS + players])
        assert s[g.TURN] == out[0, g.ST_TURNS]
        assert kinds >= {g.D_MOVE, g.D_CARD}


def test_bribes_are_decided_by_the_caught_knights_owner():
    """Over seeded games some catch asks the owner (not the mover) for the bribe, with the options lose / pay."""
    asked = 0
    for seed in range(12):
        for s, cfg, p in decisions(4, seed):
            if s[g.WHAT] == g.D_BRIBE:
                assert p == s[g.CAT_O] and s[g.NGOLD + p] > 0 and options(s, cfg) == [0, 1]
                asked += p != s[g.TOMOVE]
    assert asked > 0


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Decisions of seeded games with the turn cap forced to end the game after the current turn, where neither
    the die nor anything the deciding seat cannot see changes any option's reward (checked on 12 resamplings):
    the option search:256 picks has the best exact reward (share of the win) in at least 95% of them; where some
    option wins more than another, always."""
    check_picks_the_best(end_game_picks(), at_least=100)


def end_game_picks():
    for seed in range(16):
        players = 2 + seed % 4
        for s, cfg, seat in decisions(players, seed):
            if s[g.TURN] < 8:
                continue
            cfg = cfg.copy()
            cfg[g.C_CAP] = s[g.TURN] + 1  # this turn is the last
            opts = options(s, cfg)
            if len(opts) < 2:
                continue
            values = {o: outcomes(s, cfg, seat, o) for o in opts}
            if any(len(v) > 1 for v in values.values()):
                continue
            yield ({o: next(iter(v)) for o, v in values.items()},
                   search.decide(g.MODEL, s, cfg, seat, 256, GREEDY, seed, g.NSTREAMS))


def hide_otherwise(s, seat):
    """The same state with everything `seat` cannot see changed: the cards under the tops reversed, an unused card
    swapped with one under a top, and an opponent's gold card swapped with a different value under a top."""
    t = s.copy()
    for cards, left, un in ((g.GEMC, g.GEML, g.UNGEMN), (g.GOLDC, g.GOLDL, g.UNGOLDN)):
        for k in range(9):
            a = cards + k * g.NSTACK
            t[a:a + t[left + k] - 1] = t[a:a + t[left + k] - 1][::-1]
        k = next((k for k in range(9) if t[left + k] >= 2), None)
        if k is not None and t[un] > 0:
            a = cards + k * g.NSTACK
            t[a], t[un + 1] = t[un + 1], t[a]
    P = int(s[g.NPL])
    for q in range(P):
        if q == seat or t[g.NGOLD + q] == 0:
            continue
        v = next(v for v in range(1, 6) if t[g.GOLDV + q * 6 + v])
        for k in range(9):
            a = g.GOLDC + k * g.NSTACK
            for i in range(t[g.GOLDL + k] - 1):
                if t[a + i] != v:
                    w = t[a + i]
                    t[a + i] = v
                    t[g.GOLDV + q * 6 + v] -= 1
                    t[g.GOLDV + q * 6 + w] += 1
                    t[g.GOLDSUM + q] += w - v
                    return t
    return t


def test_the_search_never_reads_what_its_seat_cannot_see():
    """Two states that differ only in the face-down cards and the values of the other seats' gold cards get the
    same decision (and they do differ, in an opponent's gold, in most of the cases checked)."""
    seen = gold = 0
    for seed in (7, 8):
        for s, cfg, seat in decisions(4, seed):
            if len(options(s, cfg)) < 3 or s[g.TURN] % 4:
                continue
            other = hide_otherwise(s, seat)
            if (other == s).all():
                continue
            gold += (other[g.GOLDSUM:g.GOLDSUM + 4] != s[g.GOLDSUM:g.GOLDSUM + 4]).any()
            assert (search.decide(g.MODEL, s, cfg, seat, 32, GREEDY, 5, g.NSTREAMS)
                    == search.decide(g.MODEL, other, cfg, seat, 32, GREEDY, 5, g.NSTREAMS))
            seen += 1
    assert seen >= 12 and gold >= seen // 2


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 3) if len(options(s, cfg)) >= 4)
    before = s.copy()
    first = search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first == search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first in options(s, cfg)
    assert (s == before).all()


def games(policies, n=8, seed=3, players=4):
    pols = tuple(parse_policies(x, "p", 1)[0] for x in policies)
    return pl.play(pl.GameConfig(pl.RuleSet(), players, pols, "rotate"), n, np.random.default_rng(seed))


def test_search_games_are_deterministic_and_leave_the_other_seats_luck_alone():
    a, b = games(("search:4", "greedy", "greedy", "greedy")), games(("search:4", "greedy", "greedy", "greedy"))
    assert all((a[k] == b[k]).all() for k in ("credit", "money", "turns", "actions"))
    assert np.allclose(a["credit"].sum(1), 1)


def test_search_beats_greedy():
    """A cheap rung of the ladder (the docs' figures come from `analyzer strength`): search:4 against three
    greedy players wins far more than its fair 25%."""
    out = games(("search:4", "greedy", "greedy", "greedy"), n=32)
    mine = (out["credit"] * (out["policy"] == 0)).sum(1)
    assert mine.mean() > 0.5


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "random")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/emerald/balance-seats.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/emerald/balance-seats.yaml", 32, players=2)
