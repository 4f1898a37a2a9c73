"""How high to go: "raise up to L" against re-raising opponents, checked by brute force on a tiny auction.

The last auction of a game (phase III, every other deck empty, no bags): after it only the scoring is
left, so each deal of the hidden cards has one outcome.  Every deal is enumerated and the auction stepped
bid by bid on the readable reference rules; the batched engine must give the same game deal by deal, and
`ev` must land within its intervals of the exact values.
"""
import itertools
from fractions import Fraction

import numpy as np
import pytest

from analyzer.core import runner
from analyzer.games.magellan import analysis, sim
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan.rules import EXPLORERS, next_bid
from analyzer.games.magellan.state import parse_position

COOK = EXPLORERS.index("cook")
POOL = [1, 2, 3, 4, 5, 8, 9]  # the cards whose place is unknown: 2 in player 1's hand, 2 in player 2's, 3 in the pile
MINE = [3, 4, 6]  # sums 3 4 6 7 9 10 13: above the high bid 5, up to 6, 7, 9, 10 or 13


def tiny() -> dict:
    discard = {v: 7 - MINE.count(v) - POOL.count(v) for v in range(1, 10)}
    return {"game": "magellan", "players": 3,
            "rules": {"side": "A", "board": {"polo": {"crowns": [1, 2, 19], "bags": [0, 0, 0]}}},
            "position": {
                "phase": 3,
                "auction": {"card": "cook", "high_bid": 5, "high_bidder": 1, "to_act": 0},
                "hands": {0: MINE, 1: 2, 2: 2},
                "ships": {"cook": [[], [0, 1]], "polo": [[], [], [2]]},
                "decks": {e: 0 for e in EXPLORERS if e != "cook"},
                "discard": discard,
                "policies": "value"}}


def counts(values) -> list[int]:
    out = [0] * 9
    for v in values:
        out[v - 1] += 1
    return out


def deals(state):
    """Every deal of the pool's physical cards: (player 1's hand, player 2's hand, pile), each once; only those
    in which player 1 can make his standing bid of 5."""
    cards = list(range(len(POOL)))
    for one in itertools.combinations(cards, 2):
        rest = [c for c in cards if c not in one]
        for two in itertools.combinations(rest, 2):
            h1, h2 = counts(POOL[c] for c in one), counts(POOL[c] for c in two)
            if state.legal(h1) >> 5 & 1:
                pile = counts(POOL[c] for c in rest if c not in two)
                yield h1, h2, pile


def reference_game(state, h1, h2, pile) -> ref.Game:
    """The reference game at this bid state, with the hidden cards as dealt."""
    g = ref.Game(state.rules, state.players, ref.Chance([[], [], []], [], [[0.5] * 3] * 40))
    g.hands = [counts(MINE), list(h1), list(h2)]
    g.pile, g.disc = list(pile), list(state.discard)
    g.ships = [[list(state.ships[e][f]) for f in range(3)] for e in range(6)]
    g.supply = [6 - sum(g.ships[e][f].count(p) for e in range(6) for f in range(3)) for p in range(3)]
    g.arrived = [[g.ships[e][2].count(p) for p in range(3)] for e in range(6)]
    g.phase, g.deck, g.opener = 3, [COOK], 1
    return g


def play_reference(state, h1, h2, pile, kind, limit, payment):
    """Step the auction bid by bid: player 0 raises to his smallest bid while within `limit` (passes at once on
    "pass"); the others raise up to their policy's limit; then score."""
    g = reference_game(state, h1, h2, pile)
    policy = pol.PRESETS["value"]
    value = ref.card_value(g, policy, 1, COOK, pol.pizarro_estimate(g.rules, policy))
    limits = {0: limit if kind == "raise" else 0,
              1: max(pol.limit(policy, value, 2, g.cap(1, COOK), 0.5), 5)}  # his bid of 5 stands
    a = ref.Auction(COOK, 3, [0, 1], {2}, 0, high=5, holder=1, players=3)
    g.current = a
    while not a.over:
        p = a.to_act
        step = next_bid(g.legal(p, COOK), a.high)
        if step is not None and step <= limits[p]:
            g.bid(a, p, step)
        else:
            g.pass_(a, p)
    winner, price = a.holder, a.high
    g.settle(a, pay=list(payment[price]) if winner == 0 else None, policy=policy)
    g.end_phase()
    return g.scores(), winner, price


@pytest.fixture(scope="module")
def brute():
    state = parse_position(tiny())
    moves = analysis.bid_moves(state)
    payment = analysis.payment_table(state, max(b for _, b in moves))
    table = []
    for h1, h2, pile in deals(state):
        table.append((h1, h2, pile, [play_reference(state, h1, h2, pile, kind, limit, payment)
                                     for kind, limit in moves]))
    return state, moves, payment, table


def test_the_moves_are_pass_and_every_sum_of_the_hand_above_the_bid():
    state = parse_position(tiny())
    assert analysis.bid_moves(state) == [("pass", 0), ("raise", 6), ("raise", 7), ("raise", 9), ("raise", 10),
                                         ("raise", 13)]


def test_the_engine_plays_every_deal_as_the_reference(brute):
    state, moves, payment, table = brute
    hands = np.array([[MINE_counts(), h1, h2] for h1, h2, _, _ in table], dtype=np.int64)
    pile = np.array([p for _, _, p, _ in table], dtype=np.int64)
    t = sim.Tables(state.rules, state.policies)
    R = len(moves)
    games = sim.from_state(t, state, (hands, pile, np.zeros((len(table), 0), dtype=np.int64)), R,
                           np.random.default_rng(0))
    limit = np.tile([b for _, b in moves], len(table))
    winner, price = sim.play_bid_state(games, state, limit, np.zeros(len(limit), dtype=bool), payment)
    for i, (_, _, _, outcomes) in enumerate(table):
        for r, (scores, win, paid) in enumerate(outcomes):
            row = i * R + r
            assert games.score[row].tolist() == scores, (i, moves[r])
            assert (int(winner[row]), int(price[row]) if win is not None else 0) == (
                -1 if win is None else win, paid if win is not None else 0)


def MINE_counts():
    return counts(MINE)


def exact_values(table, R):
    """Per move: exact expected crowns of player 0, his win share, P(gets the card), E[price | gets it]."""
    n = len(table)
    out = []
    for r in range(R):
        crowns = sum(Fraction(o[r][0][0]) for *_, o in table) / n
        share = Fraction(0)
        for *_, o in table:
            scores = o[r][0]
            top = max(scores)
            share += Fraction(int(scores[0] == top), scores.count(top))
        got = [o[r][2] for *_, o in table if o[r][1] == 0]
        out.append((crowns, share / n, Fraction(len(got), n), Fraction(sum(got), len(got)) if got else None))
    return out


def test_ev_lands_within_its_intervals_of_the_exact_values(brute):
    state, moves, _, table = brute
    exact = exact_values(table, len(moves))
    # the price paid rises with the limit, and a higher limit never gets the card less often
    cards = [e[2] for e in exact]
    assert cards == sorted(cards) and cards[0] == 0
    result = analysis.ev(state, runner.RunSettings(rollouts=3000, seed=11, jobs=1, progress=False))
    got = {m["move"]: m for m in result.payload["moves"]}
    for (kind, limit), (crowns, share, card, price) in zip(moves, exact):
        m = got[analysis.move_name(kind, limit)]
        assert abs(m["crowns"] - float(crowns)) <= 1.5 * m["crowns_ci95"] + 1e-9, (kind, limit)
        assert m["win_lo95"] - 0.02 <= float(share) <= m["win_hi95"] + 0.02
        assert m["gets_card_lo95"] <= float(card) <= m["gets_card_hi95"]
        if price is not None and m["price_if_won"] is not None:
            assert abs(m["price_if_won"] - float(price)) < 0.5
            assert m["expected_paid"] == pytest.approx(m["price_if_won"] * m["gets_card"])
    best = max(range(len(moves)), key=lambda i: exact[i][0])
    assert result.payload["best"] in {analysis.move_name(*moves[i]) for i in range(len(moves))
                                      if exact[best][0] - exact[i][0] < Fraction(1, 2)}


def test_paired_differences_are_exact_zero_for_moves_that_play_alike():
    """A deal-by-deal identical move differs from itself by exactly 0 with a zero-width interval."""
    state = parse_position(tiny())
    moves = [("pass", 0), ("raise", 6), ("raise", 6)]
    res = runner.run(analysis.BidTask(state, moves), runner.RunSettings(rollouts=400, seed=1, jobs=1, progress=False))
    diff, half = analysis.paired(res["n"], res["crowns"][:, 0], res["cross"], 1)
    assert diff[2] == 0 and half[2] == pytest.approx(0, abs=1e-9)
    assert half[0] > 0
