"""Goa exact answers: every reference figure of the spec, the seed's worked examples, each extra colonist source,
both expedition_reshuffle readings, and the colony odds against an independent enumeration of the actual cards on
random positions."""
import itertools
import random
from fractions import Fraction
from math import comb

import pytest

from analyzer.games.goa import exact
from analyzer.games.goa import rules as r
from tests.games.goa import attempt, position

F = Fraction
QUILON, COCHIN, MADRAS, CALICUT = range(4)


def test_the_435_pairs_of_the_illustrative_deck():
    dist = exact.sums((10, 10, 10), 2)
    assert comb(30, 2) == 435
    assert {s: q * 435 for s, q in dist.items()} == {2: 45, 3: 100, 4: 145, 5: 100, 6: 45}


def test_quilon_with_three_in_hand_is_26_29_and_cochin_1_3():
    p = attempt(level=0, hand=3)
    assert exact.colony_odds(p, QUILON).success == F(26, 29) == 1 - F(45, 435)
    assert exact.colony_odds(p, COCHIN).success == F(1, 3) == F(100 + 45, 435)
    assert exact.colony_odds(p, QUILON).fail == F(3, 29)


def test_a_known_remaining_deck_1_1_2_3_3_gives_7_10():
    p = attempt(level=1, hand=1, expedition={"unseen_counts": {1: 2, 2: 1, 3: 2}})
    assert exact.colony_odds(p, QUILON).success == F(7, 10)
    assert exact.sums(p.pool, 2) == {2: F(1, 10), 3: F(2, 10), 4: F(4, 10), 5: F(2, 10), 6: F(1, 10)}
    assert not p.draws_illustrative


def test_the_seed_examples():
    # 0 + 2 + 3 = 5 < 6: Quilon fails (then +1 colonist, the cards kept): the flip can only be two 1s
    fail = attempt(level=0, hand=3, expedition={"unseen_counts": {1: 2}})
    o = exact.colony_odds(fail, QUILON)
    assert (o.success, o.fail, o.spent) == (0, 1, None)
    # 0 + 5 + 6 >= 8: Cochin founded paying only the 3 still missing
    ok = attempt(level=0, hand=6, expedition={"unseen_counts": {2: 1, 3: 1}})
    o = exact.colony_odds(ok, COCHIN)
    assert (o.success, o.spent) == (1, 3)


def test_paying_only_what_is_missing():
    p = attempt(level=0, hand=3)
    # Quilon: S = 3 pays 3, S = 4 pays 2, 5 pays 1, 6 pays 0 (S = 2 fails)
    want = (3 * F(100, 435) + 2 * F(145, 435) + 1 * F(100, 435)) / F(390, 435)
    assert exact.colony_odds(p, QUILON).spent == want


def test_the_three_card_flip():
    p = attempt(level=0, hand=0, cards_flipped=3, expedition={"my_hand": [
        {"effect": "colony_three_cards", "colonists": 3, "symbol": "shell"}]})
    assert p.pool == (10, 10, 9)
    dist = exact.flip_sums(p, 3)
    assert sum(dist.values()) == 1 and min(dist) == 3 and max(dist) == 9
    assert dist[9] == F(comb(9, 3), comb(29, 3))
    assert exact.colony_odds(p, QUILON).success == sum(q for s, q in dist.items() if s >= 6)


def test_the_kolonista_tile_and_the_two_colonists_card_add_to_the_hand():
    card = {"effect": "two_colonists", "colonists": 1, "symbol": "fish"}
    base = attempt(level=0, hand=3, expedition={"my_hand": [card]})
    tile = attempt(level=0, hand=3, kolonista_tile=True, expedition={"my_hand": [card]})
    both = attempt(level=0, hand=3, kolonista_tile=True, two_colonists_card=True, expedition={"my_hand": [card]})
    four = attempt(level=0, hand=4, expedition={"my_hand": [card]})
    six = attempt(level=0, hand=6, expedition={"my_hand": [card]})
    assert exact.colony_odds(tile, COCHIN).success == exact.colony_odds(four, COCHIN).success
    assert exact.colony_odds(both, COCHIN).success == exact.colony_odds(six, COCHIN).success
    assert exact.colony_odds(base, COCHIN).success < exact.colony_odds(tile, COCHIN).success
    # the card is played only when hand + tile (4) are short: Cochin needs S + 4 >= 8 without it
    o = exact.colony_odds(both, COCHIN)
    dist = exact.flip_sums(both, 2)
    assert o.card_needed == dist[2] + dist[3] and o.success == 1
    assert exact.colony_odds(tile, COCHIN).card_needed == 0


def test_spionage_replaces_the_row_value():
    spy = attempt(level=0, hand=2, spionage_level_colonists=3)
    own = attempt(level=3, hand=2)
    assert spy.attempt.spionage and exact.colony_odds(spy, MADRAS) == exact.colony_odds(own, MADRAS)


def test_the_best_type_to_try():
    p = attempt(level=0, hand=3)
    odds = exact.all_colonies(p)
    assert exact.best_colony(odds) == QUILON
    sure = attempt(level=4, hand=6)  # 4 + 2 + 6 >= 12: every type is sure; the larger targets cost more colonists
    assert exact.best_colony(exact.all_colonies(sure)) == QUILON
    rich = attempt(level=4, hand=0, expedition={"unseen_counts": {3: 4}})  # 4 + 6 >= 10: quilon, cochin, madras free
    assert exact.best_colony(exact.all_colonies(rich)) == MADRAS  # ties: the larger target, leaving the easier open
    none = attempt(level=0, hand=0, founded=["quilon"])
    assert exact.best_colony(exact.all_colonies(none)) is None


def test_hand_needed_is_the_smallest_hand_reaching_the_chance():
    p = attempt(level=1, hand=0)
    for colony in range(4):
        for want in (F(1, 2), F(9, 10), F(1)):
            hand, prob = exact.hand_needed(p, colony, want)
            assert prob >= want and prob == exact.colony_odds(p, colony, hand).success
            assert hand == 0 or exact.colony_odds(p, colony, hand - 1).success < want
    assert exact.hand_needed(p, QUILON, F(1)) == (3, 1)  # 1 + 2 + 3 >= 6
    assert exact.hand_needed(p, CALICUT, F(1, 2))[0] == 7  # P(S >= 4) = 290/435 >= 1/2, P(S >= 5) < 1/2


# -- both expedition_reshuffle readings ------------------------------------------------------------------

SHORT = {"deck_left": 1, "discard": [{"colonists": 1}, {"colonists": 3}, {"colonists": 3}]}


def test_discard_under_takes_the_pile_then_the_shuffled_discard():
    p = position(rules={"expedition_reshuffle": "discard_under"}, expedition=SHORT)
    pile = exact.sums(p.pool, 1)  # the one card left: any unseen card
    rest = {1: F(1, 3), 3: F(2, 3)}  # one of the discard
    want = {}
    for a, pa in pile.items():
        for b, pb in rest.items():
            want[a + b] = want.get(a + b, 0) + pa * pb
    assert exact.flip_sums(p, 2) == want


def test_shuffle_together_mixes_the_pile_into_the_discard():
    p = position(rules={"expedition_reshuffle": "shuffle_together"}, expedition=SHORT)
    want = {}
    for a, pa in exact.sums(p.pool, 1).items():
        for pair in itertools.combinations([a, 1, 3, 3], 2):
            want[sum(pair)] = want.get(sum(pair), 0) + pa * F(1, 6)
    assert exact.flip_sums(p, 2) == want
    assert exact.flip_sums(p, 2) != exact.flip_sums(position(expedition=SHORT), 2)


def test_the_colony_card_lies_in_the_discard_for_a_three_card_flip_and_short_piles_flip_what_there_is():
    card = {"effect": "colony_three_cards", "colonists": 2, "symbol": "palms"}
    p = position(expedition={"deck_left": 1, "discard": [{"colonists": 3}], "my_hand": [card]},
                 colony_attempt={"cards_flipped": 3})
    assert p.discard_counts == (0, 1, 1) and exact.cards_flipped(p, 3) == 3
    assert exact.flip_sums(p, 3) == {a + 5: q for a, q in exact.sums(p.pool, 1).items()}
    empty = position(expedition={"deck_left": 0})
    assert exact.cards_flipped(empty, 2) == 0 and exact.flip_sums(empty, 2) == {0: 1}


# -- an independent enumeration of the actual cards ---------------------------------------------------------

def _enumerated(unseen: list[int], deck_left: int, discard: list[int], k: int, reading: str) -> dict:
    """P(S_k = s) by listing every draw pile (a deck_left-subset of the unseen cards, each equally likely) and every
    way the flips can fall."""
    out, piles = {}, list(itertools.combinations(range(len(unseen)), deck_left))
    for pile in piles:
        cards = [unseen[i] for i in pile]
        if k <= deck_left:
            ways = [c for c in itertools.permutations(cards, k)]
        elif reading == "discard_under":
            ways = [tuple(cards) + rest for rest in itertools.permutations(discard, min(k - deck_left, len(discard)))]
        else:
            ways = list(itertools.permutations(cards + discard, min(k, len(cards) + len(discard))))
        for way in ways:
            out[sum(way)] = out.get(sum(way), 0) + F(1, len(piles) * len(ways))
    return out


def _random_position(rng: random.Random):
    deck = list(r.ILLUSTRATIVE_DECK)
    rng.shuffle(deck)
    n_discard, n_hand = rng.randint(0, 12), rng.randint(0, 4)
    discard, hand, rest = deck[:n_discard], deck[n_discard:n_discard + n_hand], deck[n_discard + n_hand:]
    unseen = [c for _, c, _ in rest]
    deck_left = rng.choice([len(unseen), rng.randint(0, min(3, len(unseen)))])
    if deck_left > 4:  # keep the enumeration small: the pile's cards all unseen, k drawn from them
        deck_left = len(unseen)
    three = any(e == r.COLONY_THREE_CARDS for e, _, _ in hand) and rng.random() < 0.5
    two = not three and any(e == r.TWO_COLONISTS for e, _, _ in hand) and rng.random() < 0.5
    card = lambda c: {"effect": r.EFFECTS[c[0]], "colonists": c[1], "symbol": r.SYMBOLS[c[2]]}  # noqa: E731
    p = position(rules={"expedition_reshuffle": rng.choice(["discard_under", "shuffle_together"])},
                 expedition={"deck_left": deck_left, "discard": [card(c) for c in discard],
                             "my_hand": [card(c) for c in hand]},
                 colony_attempt={"level_colonists": rng.randint(0, 4), "hand_colonists": rng.randint(0, 6),
                                 "cards_flipped": 3 if three else 2, "two_colonists_card": two,
                                 "kolonista_tile": rng.random() < 0.5})
    played = [next(c for e, c, _ in hand if e == r.COLONY_THREE_CARDS)] if three else []
    return p, unseen, [c for _, c, _ in discard] + played


@pytest.mark.parametrize("seed", range(20))
def test_the_colony_odds_equal_an_enumeration_of_the_cards_on_random_positions(seed):
    p, unseen, discard = _random_position(random.Random(seed))
    a = p.attempt
    k = a.flipped
    if p.deck_left >= k:  # the pile is a random part of the unseen cards: enumerate k of them directly
        dist = _enumerated(unseen, k, [], k, p.settings.expedition_reshuffle)
    else:
        dist = _enumerated(unseen, p.deck_left, discard, k, p.settings.expedition_reshuffle)
    assert exact.flip_sums(p, k) == dist
    held = a.hand + a.kolonista + 2 * a.two_colonists
    for colony, o in exact.all_colonies(p).items():
        need = r.COLONY_TARGETS[colony] - a.level
        assert o.success == sum(q for s, q in dist.items() if s + held >= need)


# -- question 4 -----------------------------------------------------------------------------------------------

def _hand(*cards):
    return [{"effect": e, "colonists": c, "symbol": s} for e, c, s in cards]


HAND = _hand(("five_ducats", 3, "fish"), ("advance_ducats", 3, "palms"), ("two_spices", 1, "palms"),
             ("sell_spices", 3, "palms"), ("two_ships", 3, "tiger"))


def test_holding_adds_the_next_set_value_and_playing_the_effect_value():
    p = position(expedition={"my_hand": HAND}, hold_or_play={"effect_values": {"five_ducats": 3}})
    values = exact.card_values(p)
    assert [(v.same_symbol, v.keep, v.play) for v in values] == [(0, 1, 3), (2, 2, 3), (2, 2, 1), (2, 2, 1),
                                                                  (0, 1, 1)]
    assert [v.verdict for v in values] == ["play", "play", "hold", "hold", "either"]
    assert p.values_illustrative
    priced = position(expedition={"my_hand": HAND[:1]}, hold_or_play={"effect_values": {"five_ducats": 3}})
    assert not priced.values_illustrative
    steep = position(rules={"set_values": [1, 3, 9, 10, 15, 20]}, expedition={"my_hand": HAND})
    assert exact.card_values(steep)[1].keep == 6  # v(3) - v(2) with the other reading of set_values


@pytest.mark.parametrize("plays", [0, 1, 2, 5])
def test_the_best_plan_equals_trying_every_subset(plays):
    p = position(expedition={"my_hand": HAND},
                 hold_or_play={"effect_values": {"advance_ducats": 4}, "plays_left": plays})
    best = max((sum(p.effect_values[p.my_hand[i][0]] for i in played)
                + r.hand_points([c[2] for i, c in enumerate(p.my_hand) if i not in played]), -len(played))
               for n in range(plays + 1) for played in itertools.combinations(range(len(HAND)), n))
    points, played = exact.best_plan(p)
    assert points == best[0] and len(played) <= plays
    assert points == sum(p.effect_values[p.my_hand[i][0]] for i in played) + r.hand_points(
        [c[2] for i, c in enumerate(p.my_hand) if i not in played])
