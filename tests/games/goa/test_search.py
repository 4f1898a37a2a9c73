"""The search player on Goa: the forward model core's driver searches, what the search may not see (the
expedition deck's order, the other hands), the best option where it can be computed exactly, determinism, and the
names a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.goa import game as g
from analyzer.games.goa import play as pl
from analyzer.games.goa import rules as r
from analyzer.games.goa.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games.search_checks import (BAD_PLAYERS, check_search_names, check_strength_refuses,
                                       check_strength_same_for_any_jobs)

GREEDY = g.P_GREEDY
NO_RECORD = np.zeros((1, 3), dtype=np.int64)
STREAMS = 4


def new_game(players, seed, cfg=None):
    """A fresh set-up (greedy in every seat) as the forward model sees it, and its chance streams."""
    cfg = g.settings_vector(None, players) if cfg is None else cfg
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, players), GREEDY, dtype=np.int64))
    return s, cfg, streams[0].copy()


def decisions(players, seed, cfg=None):
    """Every decision of one greedy game, as (state with the decision pending, cfg, seat), in order."""
    s, cfg, rs = new_game(players, seed, cfg)
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


def test_the_forward_model_plays_the_engines_games():
    """Stepping advance / policy / apply by hand ends where the engine's own loop does, and every decision's
    options hold the greedy choice."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s, cfg, rs = new_game(players, seed)
        while (p := g.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                o = g.policy(s, cfg, rs, NO_RECORD, GREEDY)
                assert o in options(s, cfg)
                g.apply(s, cfg, rs, NO_RECORD, o)
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        g.run(cfg, g.Chance(1, np.random.default_rng(seed)).seeds, out, np.zeros(g.SSIZE, dtype=np.int64),
              g.NEW_GAME, pols=np.full((1, players), GREEDY, dtype=np.int64))
        assert [s[g.PL + q * g.PSZ + g.O_SCORE] for q in range(players)] == list(out[0, g.ST_POINTS:g.ST_POINTS + players])


def alike_cards(players):
    """Settings whose 30 expedition cards are all alike (2 colonists, the tiger): no card order, hand or flip can
    change anything, so from the last round on nothing is left to chance and greedy decides the rest exactly."""
    cfg = g.settings_vector(None, players)
    cfg[g.C_CCOL:g.C_CCOL + g.NCARD] = 2
    cfg[g.C_CSYM:g.C_CSYM + g.NCARD] = r.TIGER
    return cfg


def value(s, cfg, seat, option):
    """The exact reward of `option` where nothing is left to chance: apply it, greedy plays out, read the credit."""
    t = s.copy()
    rs = np.zeros(STREAMS, dtype=np.uint64)
    g.apply(t, cfg, rs, NO_RECORD, option)
    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    return g.reward(t, cfg, seat)


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Decisions of seeded games from round 5 on, made the last round (phase B's tiles are laid; with alike
    expedition cards nothing is left to chance): the option search:256 picks has the best exact reward (share of
    the win) in at least 95% of them, and in 90% of those where some option wins more than another (the search's
    playouts explore: one decision in 32 takes a random option, so its values are not greedy's exact ones)."""
    checked = hits = split = split_hits = 0
    for seed in range(12):
        players = 2 + seed % 3
        for i, (s, cfg, seat) in enumerate(decisions(players, seed, alike_cards(players))):
            if s[g.ROUND] < 4 or len(options(s, cfg)) < 2 or i % 3:
                continue
            s = s.copy()
            s[g.ROUND] = r.ROUNDS - 1  # this round is the last
            values = {o: value(s, cfg, seat, o) for o in options(s, cfg)}
            best = max(values.values())
            picked = search.decide(g.MODEL, s, cfg, seat, 256, GREEDY, seed, STREAMS)
            checked += 1
            hits += values[picked] == best
            if len(set(values.values())) > 1:
                split += 1
                split_hits += values[picked] == best
    assert checked >= 150 and split >= 20
    assert hits >= 0.95 * checked and split_hits >= 0.9 * split


def hidden_variant(s, seat, k):
    """s with what `seat` cannot see changed: the deck's order reversed and, k-th way, one card of another seat's
    hand swapped with a card of the deck."""
    t = s.copy()
    a, b = s[g.DPOS], s[g.DN]
    t[g.DECK + a:g.DECK + b] = s[g.DECK + a:g.DECK + b][::-1]
    others = [q for q in range(s[g.NPL]) if q != seat and s[g.PL + q * g.PSZ + g.O_HANDN] > 0]
    if others and b > a:
        h = g.PL + others[k % len(others)] * g.PSZ + g.O_HAND
        d = g.DECK + a + k % (b - a)
        t[h], t[d] = t[d], t[h]
    return t


def test_the_search_never_reads_the_deck_or_the_other_hands():
    """Two states that differ only in the deck's order and the other seats' hands: the same determinized state,
    and the same decision."""
    seen = 0
    for s, cfg, seat in decisions(4, 7):
        if len(options(s, cfg)) < 3 or s[g.DN] - s[g.DPOS] < 3 or seen > 2 * s[g.ROUND] + 2:
            continue
        other = hidden_variant(s, seat, seen)
        assert not (other == s).all()
        x, y = s.copy(), other.copy()
        for t in (x, y):
            rs = np.zeros(STREAMS, dtype=np.uint64)
            search.seed_streams(rs, np.uint64(seen))
            g.determinize(t, cfg, seat, rs)
        keep = np.ones(g.SSIZE, dtype=bool)
        keep[g.WK:g.WK + 128] = False  # scratch
        assert (x[keep] == y[keep]).all()
        assert search.decide(g.MODEL, s, cfg, seat, 32, GREEDY, 5, STREAMS) == search.decide(
            g.MODEL, other, cfg, seat, 32, GREEDY, 5, STREAMS)
        seen += 1
    assert seen >= 12


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 3) if len(options(s, cfg)) >= 4)
    before = s.copy()
    first = search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, STREAMS)
    assert first == search.decide(g.MODEL, s, cfg, seat, 64, GREEDY, 11, STREAMS)
    assert first in options(s, cfg)
    keep = np.ones(g.SSIZE, dtype=bool)
    keep[g.OPTS:g.OPTS + search.MAX_OPTIONS] = False  # the options scratch
    assert (s[keep] == before[keep]).all()


def games(policies, n=8, seed=3, players=4):
    pols = tuple(parse_policies(x, "p", 1)[0] for x in policies)
    return pl.play(pl.GameConfig(pl.RuleSet(), players, pols, "rotate"), n, np.random.default_rng(seed))


def test_search_games_are_deterministic_and_leave_the_other_seats_luck_alone():
    a, b = games(("search:4", "greedy", "greedy", "greedy")), games(("search:4", "greedy", "greedy", "greedy"))
    assert all((a[k] == b[k]).all() for k in ("credit", "money", "actions played"))
    assert np.allclose(a["credit"].sum(1), 1)
    c = games(("greedy",) * 4)  # the same decks and layouts: the search seat changes the play, not the luck
    assert (a["policy"] == c["policy"]).all()


def test_a_search_seats_minor_decisions_are_its_bases():
    for name, base in (("search:8", g.P_GREEDY), ("search:8:random", g.P_RANDOM)):
        s = np.zeros(g.SSIZE, dtype=np.int64)
        g.run(g.settings_vector(None, 2), g.Chance(1, np.random.default_rng(1)).seeds,
              np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
              pols=np.array([[g.policy_code(name), g.P_GREEDY]], dtype=np.int64))
        q = s[g.STARTP]
        assert s[g.PL + q * g.PSZ + g.O_CODE] == g.policy_code(name) and s[g.PL + q * g.PSZ + g.O_POL] == base


def test_search_beats_greedy():
    """A cheap rung of the ladder (the docs' figures come from `analyzer strength`): search:16 against three
    greedy players wins more than its fair 25%."""
    out = games(("search:16", "greedy", "greedy", "greedy"), n=32)
    mine = (out["credit"] * (out["policy"] == 0)).sum(1)
    assert mine.mean() > 0.35


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "random")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/goa/balance-start-player.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/goa/balance-start-player.yaml", 32, players=3, extra=("--players", "3",))



def test_goas_playouts_explore_at_its_own_rate():
    """Goa's forward model sets its own exploration rate (one playout decision in 32, core's default 8): its search
    codes carry it (budget and base read as before); with the rate 0 a playout given an exploration seed plays
    greedy's game exactly, with Goa's it does not."""
    assert g.MODEL.explore_in == 32 == search.explore_of(g.policy_code("search:16"))
    assert search.decode(g.policy_code("search:16")) == (16, GREEDY)
    assert search.explore_of(search.code(64, GREEDY)) == search.EXPLORE_IN
    s, cfg, _ = next((s, cfg, p) for s, cfg, p in decisions(4, 5) if len(options(s, cfg)) >= 3)
    ends = []
    for explore, explore_in in ((0, 0), (12345, 0), (12345, g.MODEL.explore_in)):
        t = s.copy()
        search.playout_for(t, cfg, np.ones(STREAMS, dtype=np.uint64), NO_RECORD, GREEDY, explore, explore_in, 0,
                       *g.MODEL.functions())
        ends.append(t)
    assert (ends[0] == ends[1]).all() and not (ends[0] == ends[2]).all()
    with pytest.raises(ValueError, match="explore_in"):
        search.ForwardModel(*g.MODEL.functions(), explore_in=256)
