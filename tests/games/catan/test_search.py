"""The search player on Catan: the forward model plays the engine's games, what the search may not see (the other
seats' development cards, the deck), the best option where it can be computed exactly, determinism, and the names
a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import play as pl
from analyzer.games.catan.policies import Policy, parse_policies
from tests.cli_helpers import invoke
from tests.games import search_checks as sc
from tests.games.search_checks import (BAD_PLAYERS, NO_RECORD, check_picks_the_best, check_search_games_repeat,
                                       check_search_names, check_strength_refuses, check_strength_same_for_any_jobs)

GREEDY, TRADER, RANDOM = g.P_GREEDY, g.P_TRADER, g.P_RANDOM


def new_game(players, seed, code):
    """A fresh game as the forward model sees it before its set-up (the start order rolled by the engine, every
    seat playing `code`), its chance streams after the roll, and its board row."""
    rng = np.random.default_rng(seed)
    streams = g.Chance(1, rng).seeds
    rs = streams[0].copy()
    cfg = g.settings_vector(None, players)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    bds = g.board_vector(bo.random_board(rng))[None, :]
    g.run(cfg, streams, np.zeros((1, g.STSIZE), dtype=np.int64), s, g.NEW_GAME, 0,
          pols=np.full((1, players), code, dtype=np.int64), bds=bds.copy())
    fresh = np.zeros(g.SSIZE, dtype=np.int64)
    g.init(fresh, bds[0].copy(), cfg)
    fresh[g.ORDER:g.ORDER + players] = s[g.ORDER:g.ORDER + players]
    fresh[g.POL:g.POL + players] = code
    rs[g.S_START] = streams[0, g.S_START]  # the start order rolled (a random set-up's choices are not yet drawn)
    return fresh, cfg, rs, bds


def decisions(players, seed, code=GREEDY):
    """Every decision of one game, as (state with the decision pending, cfg, seat), in order (the set-up's start
    order rolled as the engine rolls it)."""
    f, cfg, rs, _ = new_game(players, seed, code)
    return sc.decisions(g, f, cfg, rs, code)


def options(f, cfg):
    return sc.options(g, f, cfg)


@pytest.mark.parametrize("code", [GREEDY, TRADER, RANDOM])
def test_the_forward_model_plays_the_engines_games(code):
    """Stepping advance / policy / apply by hand ends where the engine's own loop does, and every option a
    policy takes is one the forward model lists."""
    for players, seed in ((3, 1), (4, 2)):
        f, cfg, rs, bds = new_game(players, seed, code)
        n = 0
        while (p := g.advance(f, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                o = g.policy(f, cfg, rs, NO_RECORD, code)
                assert o in options(f, cfg)
                g.apply(f, cfg, rs, NO_RECORD, o)
                n += 1
        out = np.zeros((1, g.STSIZE), dtype=np.int64)
        s = np.zeros(g.SSIZE, dtype=np.int64)
        g.run(cfg, g.Chance(1, np.random.default_rng(seed)).seeds, out, s, g.NEW_GAME,
              pols=np.full((1, players), code, dtype=np.int64), bds=bds.copy())
        assert s[g.ENDED] != g.E_RUN and n > 50
        assert (f[:g.WK] == s[:g.WK]).all()


def value(f, cfg, seat, option):
    """The reward of `option` with the game capped at the end of this turn: apply it, greedy plays the turn out."""
    t = f.copy()
    rs = np.zeros(g.NSTREAMS, dtype=np.uint64)
    g.apply(t, cfg, rs, NO_RECORD, option)
    search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *g.MODEL.functions())
    return g.reward(t, cfg, seat)


def points(f, q):
    """q's points under the default rules (VP cards count when revealed)."""
    return int(g.SUPPLY[1] - f[g.SUP + q * 3 + 1] + 2 * (g.SUPPLY[2] - f[g.SUP + q * 3 + 2]) + 2 * (f[g.LR] == q)
               + 2 * (f[g.LA] == q) + f[g.VPR + q])


def last_turn(f, cfg, seat):
    """cfg capping the game at the end of this turn, at a build decision of its mover where what is left to
    chance (the development cards the others hold, the deck's order) cannot change a score: the mover has 7
    points at most (no card it draws this turn can make its 10th point); else None."""
    if f[g.PEND] != g.D_BUILD or f[g.PHASE] != 1 or points(f, seat) > 7:
        return None
    cfg = cfg.copy()
    cfg[g.C_CAP] = f[g.TURN] + 1
    return cfg


def test_search_picks_the_exact_best_option_at_the_end_of_the_game():
    """Build decisions of a last turn (the turn cap at the turn being played) where nothing left to chance can
    change a score: the option search:256 picks has the best exact reward in at least 95% of them; where some
    option wins more than another, always."""
    def cases():
        n = 0
        for seed in range(6):
            for f, cfg, seat in decisions(3 + seed % 2, seed, TRADER):
                cfg = last_turn(f, cfg, seat)
                if cfg is None or len(options(f, cfg)) < 2 or f[g.TURN] < 30 or f[g.TURN] % 3:
                    continue
                values = {o: value(f, cfg, seat, o) for o in options(f, cfg)}
                yield values, search.decide(g.MODEL, f, cfg, seat, 256, GREEDY, seed, g.NSTREAMS)
                n += 1
                if n == 60:
                    return
    check_picks_the_best(cases(), 40)


def hidden_swap(f, seat):
    """f with another seat's development cards exchanged with the deck's (as many, of other kinds): what `seat`
    does not see; None where no seat holds a card that could be exchanged."""
    t = f.copy()
    for q in range(int(f[g.NPL])):
        if q == seat:
            continue
        for a in range(5):
            for b in range(5):
                if a != b and t[g.DEVH + q * 5 + a] > t[g.DEVNEW + q * 5 + a] and t[g.DECK + b] > 0:
                    t[g.DEVH + q * 5 + a] -= 1
                    t[g.DECK + a] += 1
                    t[g.DEVH + q * 5 + b] += 1
                    t[g.DECK + b] -= 1
                    return t
    return None


def test_the_search_never_reads_the_others_development_cards_or_the_deck():
    """Two states that differ only in another seat's development cards (exchanged with the deck's) get the same
    world from determinize (every seat keeps its count of cards) and the same decision."""
    seen = 0
    for f, cfg, seat in decisions(4, 7, TRADER):
        if len(options(f, cfg)) < 3:
            continue
        other = hidden_swap(f, seat)
        if other is None:
            continue
        worlds = []
        for state in (f, other):
            t = state.copy()
            g.determinize(t, cfg, seat, np.arange(1, 1 + g.NSTREAMS, dtype=np.uint64))
            worlds.append(t)
            for q in range(4):
                assert t[g.DEVH + q * 5:g.DEVH + q * 5 + 5].sum() == state[g.DEVH + q * 5:g.DEVH + q * 5 + 5].sum()
            assert (t[g.DEVH + seat * 5:g.DEVH + seat * 5 + 5] == state[g.DEVH + seat * 5:g.DEVH + seat * 5 + 5]).all()
        assert (worlds[0] == worlds[1]).all()
        assert (search.decide(g.MODEL, f, cfg, seat, 16, GREEDY, 5, g.NSTREAMS)
                == search.decide(g.MODEL, other, cfg, seat, 16, GREEDY, 5, g.NSTREAMS))
        seen += 1
        if seen == 6:
            break
    assert seen == 6


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    f, cfg, seat = next((f, cfg, p) for f, cfg, p in decisions(4, 3) if len(options(f, cfg)) >= 4)
    before = f.copy()
    first = search.decide(g.MODEL, f, cfg, seat, 32, GREEDY, 11, g.NSTREAMS)
    assert first == search.decide(g.MODEL, f, cfg, seat, 32, GREEDY, 11, g.NSTREAMS)
    assert first in options(f, cfg)
    assert (f[:g.WK] == before[:g.WK]).all()  # the work vector is scratch


def test_search_games_are_deterministic():
    check_search_games_repeat(lambda policies: sc.seated_games(pl, lambda x: parse_policies(x, "p", 1)[0], policies,
                                                               n=4))


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(Policy.parse, g.policy_code, g.POLICY_CODES, Policy("greedy"), "trader")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/catan/balance-4p.yaml", args)


@pytest.mark.slow  # 10 s of worker start-up: the suite's time is spent elsewhere
def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/catan/balance-4p.yaml", 32)


def test_determinize_resamples_only_the_cards_a_steal_hid_from_the_viewer():
    """Where steals between other seats hid a card's kind from the viewer, determinize deals those seats' cards
    again: every seat keeps its hand's size, the others together keep their cards of each kind, the viewer's hand
    is its own; where none did, every hand is read as it is."""
    hid = plain = 0
    for f, cfg, seat in decisions(4, 5, TRADER):
        if f[g.PHASE] != 1:
            continue
        hands = f[g.HAND:g.HAND + 4 * g.NR].reshape(4, g.NR)
        t = f.copy()
        g.determinize(t, cfg, seat, np.arange(1, 1 + g.NSTREAMS, dtype=np.uint64) * 7)
        after = t[g.HAND:g.HAND + 4 * g.NR].reshape(4, g.NR)
        assert (after.sum(1) == hands.sum(1)).all() and (after[seat] == hands[seat]).all()
        assert (after.sum(0) == hands.sum(0)).all()
        unseen = f[g.UNC + seat * g.MAXP:g.UNC + seat * g.MAXP + 4]
        hid += bool((unseen * hands.sum(1) > 0).any())
        if not (unseen * hands.sum(1)).any():
            assert (after == hands).all()
            plain += 1
    assert hid > 10 and plain > 10
