"""Monte Carlo inside its interval of the exact value (seeded): the end allocation over hidden hands against an
enumeration of every deal, the exact-change reveal odds against simulated reveals, the scoring-card odds against
simulated decks."""
import itertools
from fractions import Fraction

import numpy as np

from analyzer.core import runner, stats
from analyzer.games.alhambra import analysis, exact
from analyzer.games.alhambra import rules as r
from tests.games.alhambra import card, position

Z_FAMILY = 3.2  # a family of ~20 intervals at once: each at 99.86%, so the family holds at about 95%
MARKET = {"blue": {"kind": "tower", "cost": 13, "walls": [1]}, "green": {"kind": "garden", "cost": 12, "walls": [2]},
          "yellow": {"kind": "chambers", "cost": 11}}


def test_the_end_deal_over_a_hidden_hand_holds_the_enumerated_odds():
    p = position(3, tiles_left=0, market=MARKET, money_deck={"draws_since_setup": 95, "scoring_cards_seen": [1, 2],
                                                              "pile_sizes": [16, 17, 16, 17, 16]},
                 hands={0: [card("blue", 9), card("green", 4), card("yellow", 2)], 1: {"count": 2},
                        2: [card("blue", 6), card("blue", 2), card("green", 5)]})
    cards = exact.unseen_cards(p)
    wins = {c: [0] * (p.players + 1) for c in (0, 1, 3)}
    deals = 0
    for pair in itertools.combinations(cards, 2):
        hands = list(p.hands)
        hands[1] = pair
        who = exact.allocation(hands, p.market)
        deals += 1
        for c in wins:
            wins[c][p.players if who[c] is None else who[c]] += 1
    n = 20_000
    done = runner.run(analysis.end_task(p), runner.RunSettings(rollouts=n, seed=5, jobs=1, progress=False))
    for c, counts in wins.items():
        for seat, k in enumerate(counts):
            want = Fraction(k, deals)
            lo, hi = stats.wilson(done["receive"][c, seat], n, Z_FAMILY)
            assert lo - 1e-12 <= want <= hi + 1e-12, (c, seat, float(want), lo, hi)


def test_simulated_reveals_hold_the_hypergeometric_exact_change_odds():
    market = {"blue": {"kind": "pavilion", "cost": 6, "walls": [0]}, "green": {"kind": "seraglio", "cost": 9},
              "orange": {"kind": "arcades", "cost": 10}, "yellow": {"kind": "chambers", "cost": 11}}
    p = position(hands={0: [card("blue", 2), card("blue", 3), card("blue", 7), card("green", 4)]}, market=market,
                 display=[card("green", 1), card("green", 2), card("orange", 3), card("yellow", 4)])
    cards = np.array([cur * 10 + v for cur, v in exact.unseen_cards(p)])
    rng, n = np.random.default_rng(8), 20_000
    for c in (0, 1):
        good = {c * 10 + v for v in exact.completing_cards(p.hands[0], p.market[c], c)}
        for reveal in (1, 3, 6):
            want = exact.p_complete(p, p.market[c], c, reveal)[0]
            drawn = np.argsort(rng.random((n, len(cards))), axis=1)[:, :reveal]
            hits = np.isin(cards[drawn], list(good)).any(1).sum()
            lo, hi = stats.wilson(hits, n, Z_FAMILY)
            assert lo <= want <= hi, (c, reveal, float(want), lo, hi)


def test_simulated_decks_hold_the_scoring_odds():
    rng, n = np.random.default_rng(3), 20_000
    for split in ("larger_first", "fifths"):
        p = position(rules={"pile_split": split}, money_deck={"draws_since_setup": 20,
                                                              "pile_sizes": [16, 17, 16, 17, 16]})
        (a1, b1), (a2, b2) = r.scoring_windows(p.money_left, split)
        # a deck as set up, then conditioned on card 1 not among the first 20 draws (rejection)
        pos1 = rng.integers(a1, b1 + 1, size=4 * n)
        pos2 = rng.integers(a2, b2 + 1, size=4 * n)
        keep = pos1 > p.draws
        pos1, pos2 = pos1[keep][:n], pos2[keep][:n]
        for m in (3, 8, 30, 40):
            want = exact.scoring_within_money(p, m)
            card1 = pos1 <= p.draws + m  # money draws: card 1 is the first scoring card
            card2 = pos2 <= p.draws + m + 1  # card 1 (unseen) lies above it and adds a draw
            for got, hits in ((want.card1, card1), (want.card2, card2), (want.either, card1 | card2)):
                lo, hi = stats.wilson(hits.sum(), len(hits), Z_FAMILY)
                assert lo - 1e-12 <= got <= hi + 1e-12, (split, m, float(got), lo, hi)
