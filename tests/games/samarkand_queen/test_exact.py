"""Exact answers (spec §9 items 1-3): the §11.1-3 and §11.5 figures, against independent enumeration."""
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario
from analyzer.games.samarkand_queen import exact
from analyzer.games.samarkand_queen import reference as ref
from analyzer.games.samarkand_queen import state

HERE = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"


def load(name, **rules):
    d = scenario.load(HERE / name)
    d.setdefault("rules", {}).update(rules)
    return state.parse_position(d)


def test_figure_1_and_2_first_marriage_of_four_players():
    spec = exact.draw_spec(load("first-marriage.yaml"))
    assert (spec.a, len(spec.unseen), spec.b, spec.k_max) == (3, 31, 0, 3)
    assert exact.p_any(spec, [3]) == Fraction(3, 31)
    assert exact.p_any(spec, [3, 12, 21, 25]) == 1 - Fraction(comb(27, 3), comb(31, 3)) == Fraction(314, 899)


def test_figure_3_the_best_keep_is_103_over_24():
    p = load("best-keep.yaml")
    spec = exact.draw_spec(p)
    assert (spec.a, len(spec.unseen), spec.k_max) == (3, 10, 1)
    values = sorted((exact.card_value(p, p.me, c) for c in spec.unseen), reverse=True)
    assert values == [8, 4, 4, 1, 1, 1, 0, 0, 0, 0]
    dist = exact.keep_distribution(spec, lambda c: exact.card_value(p, p.me, c))
    assert dist[8] == Fraction(3, 10) and dist[4] == Fraction(49, 120) and dist[1] == Fraction(31, 120)
    assert exact.mean(dist) == Fraction(103, 24)
    assert exact.p_any(spec, [3]) == Fraction(3, 10)


def brute_gain(spec, value):
    """Independent: every equally likely draw, every keep option the reference rules allow, the best one."""
    hand = list(spec.hand)
    limit_room = spec.k_max
    total, n = Fraction(0), 0
    for a in combinations(spec.unseen, spec.a):
        for b in combinations(spec.discards, spec.b):
            drawn = list(a) + list(b)
            options = ref.keep_options(hand, drawn, 0, len(hand) + limit_room)
            best = max(sum(Fraction(value(c)) for c in o) for o in options)
            total += best - sum(Fraction(value(c)) for c in hand)
            n += 1
    return total / n


@pytest.mark.parametrize("seed", range(6))
def test_the_best_keep_equals_enumerating_every_draw_and_every_keep(seed):
    rng = np.random.default_rng(seed)
    cards = list(range(1, 16))
    rng.shuffle(cards)
    hand, unseen = tuple(sorted(cards[:int(rng.integers(0, 4))])), tuple(sorted(cards[4:4 + int(rng.integers(3, 9))]))
    discards = tuple(sorted(cards[13:]))
    a = int(rng.integers(1, 4))
    b = min(3 - a, len(discards))
    k_max = int(rng.integers(1, a + b + 1))
    values = {c: int(rng.choice([0, 1, 2, 4, 5, 8])) for c in cards}
    spec = exact.DrawSpec(a, unseen, b, discards, k_max, hand)
    assert exact.mean(exact.keep_distribution(spec, values.get)) == brute_gain(spec, values.get)
    wanted = set(cards[3:7] + cards[13:14])
    draws = [x + y for x in combinations(unseen, a) for y in combinations(discards, b)]
    hits = sum(bool(set(d) & wanted) for d in draws)
    assert exact.p_any(spec, wanted) == Fraction(hits, len(draws))


def test_the_exact_table_for_a_30_card_pool_sums_to_one():
    """(Its time is a benchmark: `analyzer bench`.)"""
    spec = exact.DrawSpec(3, tuple(range(1, 31)), 0, (), 3, (31, 32, 33))
    assert sum(exact.keep_distribution(spec, lambda c: c % 9).values()) == 1


def test_a_short_pile_draws_it_then_from_the_public_discards_or_from_all_unseen_when_hidden():
    d = scenario.load(HERE / "relationship.yaml")
    d["position"]["pile_count"] = 1
    d["position"]["discard_pile"] = list(range(13, 30)) + [31, 32, 33]
    public = state.parse_position(d)
    spec = exact.draw_spec(public)
    assert (spec.a, spec.b, len(spec.discards), len(spec.unseen)) == (1, 2, 20, 10)
    assert exact.p_any(spec, [13]) == Fraction(2, 20) and exact.p_any(spec, [1]) == Fraction(1, 10)
    d["rules"] = {"discard_pile": "hidden"}
    d["position"]["discard_pile"] = 20
    hidden = exact.draw_spec(state.parse_position(d))
    assert (hidden.a, hidden.b, len(hidden.unseen)) == (3, 0, 30) and exact.p_any(hidden, [13]) == Fraction(1, 10)


def test_at_the_limit_nothing_is_drawn():
    d = scenario.load(HERE / "best-keep.yaml")
    d["position"]["players"][0]["hand"] = [1, 2, 13]
    d["position"]["pile_count"] = 3
    spec = exact.draw_spec(state.parse_position(d))
    assert spec.size == 0 and exact.keep_distribution(spec, lambda c: 1) == {0: 1}


def test_figure_5_the_first_two_player_marriage_sends_its_bag_tile_to_a_domain_with_1_in_10():
    effects = exact.effects(load("two-player-bag.yaml"))
    assert effects and all(e.bag_domain == Fraction(1, 10) for e in effects if e.action[0] == "marry")
    drawer = exact.effects(load("two-player-bag.yaml", bag_tile="drawer_married"))
    assert all(e.bag_domain == Fraction(1, 10) for e in drawer if e.action[0] == "marry")


def test_figure_4_effects_of_tomas_meeting_the_levant():
    p = load("relationship.yaml")
    e = next(e for e in exact.effects(p) if e.label == "extend byzantium to 2,2")
    assert e.money == [3, 1, 0, 0] and e.relationship_markers == [0, 6] and e.delta_me == 5
    assert e.new_pairs == [(0, 6)] and e.ends is None and e.sellable == []


def test_effects_of_a_first_reach_name_the_sellable_card_and_who_may_hold_it():
    p = load("levant-start.yaml")
    by_label = {e.label: e for e in exact.effects(p)}
    mine = by_label["extend levant to 3,3"]
    assert mine.sellable == [(16, 0)] and mine.p_opponent_sells == [0] and mine.delta_me == 1 + 4
    other = by_label["extend levant to 2,3"]  # card 12: 30 unseen, the opponents hold 6 of them
    assert other.sellable == [(12, "unseen")] and other.p_opponent_sells == [Fraction(6, 30)]
    # bob (no levant tile) holds 3 unknown cards: each is 12 with 1/30, worth 1 with a levant camel there
    assert other.scores[1] - mine.scores[1] == Fraction(3, 30)


def test_sell_is_exact_when_the_game_ends_this_turn():
    p = load("sell-at-the-end.yaml")
    assert exact.sell_exact(p, 1) == (3, 4)
    assert exact.sell_exact(load("sell-midgame.yaml"), 16) is None


def test_effects_say_when_an_action_ends_the_game_and_the_scores_then():
    from tests.games.samarkand_queen.test_reference import YELLOW, position

    players = [{"name": "ann", "money": 10, "tiles": ["red"], "hand": [], "markers": {"relationships": 2}},
               {"name": "bob", "money": 10, "tiles": ["green"], "hand": [], "markers": {"goods": [3, 4]}},
               {"name": "cy", "money": 10, "tiles": ["yellow"], "hand": [1]}]
    p = position({"land1": ["red", "blue"], "g3": ["green"], "g4": ["green"]}, players=players, to_move="cy", me="cy")
    meet = next(e for e in exact.effects(p) if e.action == ("extend", YELLOW, (p.board.cell("g4", "t"),)))
    assert meet.ends == "all_related" and meet.money == [0, 1, 3] and meet.relationship_markers == [3, 2]
    assert meet.scores == [12, 13, 15] and meet.delta_me == 5  # cy: 13 Dirham + 2 markers; card 1 has no camel
