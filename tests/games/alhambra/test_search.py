"""The search player on Alhambra: the forward model plays the engine's games, what the search may not see (the
money deck's order, the scoring cards' places in their fifths, the tile stack), the best option where it can be
computed exactly, determinism, and the names a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import play as pl
from analyzer.games.alhambra.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games import search_checks as sc
from tests.games.search_checks import (BAD_PLAYERS, NO_RECORD, check_search_games_repeat, check_search_names,
                                       check_strength_refuses, check_strength_same_for_any_jobs)

GREEDY, RANDOM = g.P_GREEDY, g.P_RANDOM
NSTREAMS = 6


def new_game(players, seed, code):
    """A fresh set-up as the forward model sees it (every seat playing `code`), and its chance streams."""
    cfg = g.settings_vector(None, players)
    streams = g.Chance(1, np.random.default_rng(seed)).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, players), code, dtype=np.int64))
    return g.forward(s, players, True), cfg, streams[0].copy()


def decisions(players, seed, code=GREEDY):
    """Every decision of one game, as (forward state with the decision pending, cfg, seat), in order."""
    return sc.decisions(g, *new_game(players, seed, code), code)


def options(f, cfg):
    return sc.options(g, f, cfg)


def value(f, cfg, seat, option):
    """The exact reward of `option` where nothing left to chance can change a score: apply it, greedy plays out."""
    t = f.copy()
    rs = np.zeros(NSTREAMS, dtype=np.uint64)
    g.apply(t, cfg, rs, NO_RECORD, option)
    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    return g.reward(t, cfg, seat)


@pytest.mark.parametrize("code", [GREEDY, RANDOM])
def test_the_forward_model_plays_the_engines_games(code):
    """Stepping advance / policy / apply by hand ends where the engine's own loop does."""
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        f, cfg, rs = new_game(players, seed, code)
        while (p := g.advance(f, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                g.apply(f, cfg, rs, NO_RECORD, g.policy(f, cfg, rs, NO_RECORD, code))
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        s = np.zeros(g.SSIZE, dtype=np.int64)
        g.run(cfg, g.Chance(1, np.random.default_rng(seed)).seeds, out, s, g.NEW_GAME,
              pols=np.full((1, players), code, dtype=np.int64))
        assert s[g.ENDED] != g.E_RUN and (f[:g.SSIZE] == s).all()
        assert list(out[0, g.ST_POINTS:g.ST_POINTS + players]) == list(s[g.SCORE:g.SCORE + players])


def last_turn(f, cfg):
    """cfg with the turn cap at the end of this turn, when nothing drawn after it can change a score: both
    scoring cards are out (the refills draw money only) and the stack refills the market (a capped game hands
    out no leftover tile); else None."""
    if f[g.NSCORED] < 2 or f[g.SN] - f[g.STOP] < 4:
        return None
    cfg = cfg.copy()
    cfg[g.C_CAP] = f[g.TURN] + 1
    return cfg


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Decisions of a last turn (the turn cap set to the turn being played) where nothing left to chance can
    change a score: the option search:256 picks has the best exact reward in at least 95% of them; where some
    option wins more than another, always."""
    checked = hits = 0
    for seed in range(12):
        players = 3 + seed % 4
        for f, cfg, seat in decisions(players, seed):
            cfg = last_turn(f, cfg)
            if cfg is None or len(options(f, cfg)) < 2:
                continue
            values = {o: value(f, cfg, seat, o) for o in options(f, cfg)}
            best = max(values.values())
            picked = search.decide(g.MODEL, f, cfg, seat, 256, GREEDY, seed, NSTREAMS)
            checked += 1
            hits += values[picked] == best
            if len(set(values.values())) > 1:
                assert values[picked] == best
            if checked == 150:
                break
    assert checked >= 100
    assert hits >= 0.95 * checked


def hidden_swap(f):
    """f with the deck's money cards in another order (the scoring cards where they were) and the stack reversed:
    what no seat sees."""
    t = f.copy()
    idx = [i for i in range(f[g.DTOP], f[g.DN]) if f[g.DECK + i] < g.SCORING1]
    t[[g.DECK + i for i in idx]] = f[[g.DECK + i for i in idx[::-1]]]
    t[g.STK + f[g.STOP]:g.STK + f[g.SN]] = f[g.STK + f[g.STOP]:g.STK + f[g.SN]][::-1]
    return t


def test_the_search_never_reads_the_deck_or_the_stack():
    """Two states that differ only in the money deck's order and the stack's get the same world from determinize
    (the scoring cards inside their windows, the unseen cards the same) and the same decision."""
    seen = 0
    for f, cfg, seat in decisions(4, 7):
        if len(options(f, cfg)) < 3 or f[g.NSCORED] > 0:
            continue
        other = hidden_swap(f)
        if (other == f).all():
            continue
        worlds = []
        for state in (f, other):
            t = state.copy()
            g.determinize(t, cfg, seat, np.arange(1, 1 + NSTREAMS, dtype=np.uint64))
            worlds.append(t)
            a, b = state[g.DTOP], state[g.DN]
            assert sorted(t[g.DECK + a:g.DECK + b]) == sorted(state[g.DECK + a:g.DECK + b])
            for k in range(2):  # each unseen scoring card lies in what is left of its window
                at = np.flatnonzero(t[g.DECK + a:g.DECK + b] == g.SCORING1 + k) + a
                assert len(at) == 1 and max(a, t[g.WIN + 2 * k]) <= at[0] <= t[g.WIN + 2 * k + 1]
            lo, hi = state[g.STOP], state[g.SN]
            assert sorted(t[g.STK + lo:g.STK + hi]) == sorted(state[g.STK + lo:g.STK + hi])
        assert (worlds[0][:g.SSIZE] == worlds[1][:g.SSIZE]).all()
        assert (search.decide(g.MODEL, f, cfg, seat, 32, GREEDY, 5, NSTREAMS)
                == search.decide(g.MODEL, other, cfg, seat, 32, GREEDY, 5, NSTREAMS))
        seen += 1
        if seen == 8:
            break
    assert seen == 8


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    f, cfg, seat = next((f, cfg, p) for f, cfg, p in decisions(4, 3) if len(options(f, cfg)) >= 4)
    before = f.copy()
    first = search.decide(g.MODEL, f, cfg, seat, 64, GREEDY, 11, NSTREAMS)
    assert first == search.decide(g.MODEL, f, cfg, seat, 64, GREEDY, 11, NSTREAMS)
    assert first in options(f, cfg)
    grids = g.GRID + int(f[g.NPL]) * g.W * g.W  # the work rows after the grids are scratch
    assert (f[:grids] == before[:grids]).all()


def test_search_games_are_deterministic():
    check_search_games_repeat(lambda policies: sc.seated_games(pl, lambda x: parse_policies(x, "p", 1)[0], policies))


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "random")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/alhambra/balance-seats.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/alhambra/balance-seats.yaml", 32, players=3)
