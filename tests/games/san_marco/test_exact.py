"""Exact answers: the reference figures of spec §12 (1, 2, 5), splits, best play against brute force."""
import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest

from analyzer.core import scenario
from analyzer.games.san_marco import exact
from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco import state
from analyzer.games.san_marco.state import Pile
from tests.games.san_marco.test_reference import CAST, MARCO, POLO, pos

SPLIT = Path(__file__).resolve().parents[3] / "scenarios" / "san_marco" / "split.yaml"
FULL = (8, 10, 10)


def test_reference_figure_12_1_three_limit_cards_from_a_full_deck():
    dist = exact.limit_sum_distribution(FULL, 3)
    assert sum(dist.values()) == 1
    assert dist[9] == Fraction(10, 273) == Fraction(120, 3276)
    assert sum(p for s, p in dist.items() if s >= 7) == Fraction(115, 273) == Fraction(1380, 3276)
    assert exact.mean(dist) == Fraction(87, 14)


def test_reference_figure_12_2_reaching_ten():
    assert exact.reach_probability(6, FULL, 2) == Fraction(5, 7)
    assert exact.reach_probability(6, (6, 5, 4), 2) == Fraction(4, 7)
    assert exact.reach_probability(7, (6, 5, 4), 1) == Fraction(4, 15)
    assert exact.reach_probability(10, FULL, 0) == 1 and exact.reach_probability(0, FULL, 3) == 0


def test_reference_figure_12_5_split_counts():
    distinct8 = Pile((0, 1, 2, 3, 6), (1, 2, 3))
    assert len(exact.splits(distinct8, 2)) == 127 == 2 ** 7 - 1
    ten = exact.multiset_splits((1,) * 10, 3)
    assert len(ten) == 9330
    repeated = Pile((r.DOGE, r.DOGE, r.TRANSFER, r.TRANSFER, r.BRIDGE), (2, 2, 3))
    two = exact.splits(repeated, 2)
    assert len(two) < 127 and len({tuple(sorted(s, key=lambda q: (q.action, q.limit))) for s in two}) == len(two)
    # every split keeps every card
    for split in two:
        assert sorted(c for q in split for c in q.action) == sorted(repeated.action)
        assert sorted(v for q in split for v in q.limit) == sorted(repeated.limit)
        assert all(q.size for q in split)


def test_splits_of_a_small_multiset_by_hand():
    # {a, a, b} into 2 unlabeled piles: {a}{a,b}, {b}{a,a}
    assert len(exact.multiset_splits((2, 1), 2)) == 2
    # {a, a} into 2: {a}{a}
    assert exact.multiset_splits((2,), 2) == [((1,), (1,))]
    assert len(exact.multiset_splits((1, 1, 1), 3)) == 1


def brute_best(p, seat, cards):
    """Every order, every option, banishment averaged over its faces: no memo, no pruning."""
    best = None
    for order in set(permutations(cards)):
        v = _brute(p, seat, order)
        best = v if best is None else max(best, v)
    return best if cards else ref.standing(p, seat)


def _brute(p, seat, order):
    if not order:
        return ref.standing(p, seat)
    best = None
    for a in ref.options(p, seat, order[0]):
        if a.kind == "banish":
            v = sum(_brute(ref.apply(p, seat, a, die=f), seat, order[1:]) for f in range(1, 7)) / Fraction(6)
        else:
            v = _brute(ref.apply(p, seat, a), seat, order[1:])
        best = v if best is None else max(best, v)
    return best


def random_position(rng, **settings):
    pieces = {d: [rng.randint(0, 3) for _ in range(4)] for d in range(6)}
    pairs = list(r.ILLUSTRATIVE_PAIRS)
    bridges = [(rng.choice(pairs), rng.randrange(4)) for _ in range(rng.randint(0, 5))]
    bridges = [b for i, b in enumerate(bridges) if sum(x[0] == b[0] for x in bridges[:i]) < 3]
    return pos(pieces, bridges=bridges, scores=tuple(rng.randint(0, 6) for _ in range(4)),
               doge=rng.choice([None, 0, 3, 5]), **settings)


@pytest.mark.parametrize("seed", range(8))
def test_best_play_equals_brute_force_on_random_positions(seed):
    rng = random.Random(seed)
    settings = [{}, {"second_place_tie": "all_low"}, {"canal_crossing": "always"}, {"may_skip_action": False},
                {"district_card_hops": "per_round"}, {"score_floor": "none"}, {}, {"canal_crossing": "never"}][seed]
    p = random_position(rng, **settings)
    cards = tuple(rng.choice(range(10)) for _ in range(3))
    assert exact.BestPlay(1).value(p, cards) == brute_best(p, 1, cards)


def test_best_play_with_empty_supply_equals_brute_force():
    p = pos({CAST: [22, 1], MARCO: [3, 2]}, supply=[0, 22, 25, 25], bridges=[((MARCO, POLO), 0)])
    cards = (MARCO, r.TRANSFER, r.BRIDGE)
    assert exact.BestPlay(0).value(p, cards) == brute_best(p, 0, cards)


def load():
    return state.parse_position(scenario.load(SPLIT))


def test_split_table_rows_are_consistent():
    p = load()
    rows = exact.split_table(p, 0, p.decision.drawn)
    assert len(rows) == 127
    for row in rows:
        assert sum(row.picks[0]) == 1
        # his limit: the pile left to him, weighted by the picks
        kept = sum(pr * sum(p2.limit) for pr, p2 in zip(reversed(row.picks[0]), row.piles))
        assert row.divider_limit == kept
        assert row.divider_value == row.divider_delta - row.divider_limit - 4 * row.divider_reach
    values = [row.divider_value for row in rows]
    assert values == sorted(values, reverse=True)


def test_greedy_chooser_takes_the_pile_with_the_best_value_and_adversarial_the_worst_for_him():
    p = load()
    piles = (Pile((r.DOGE, r.BRIDGE), (3,)), Pile((r.SAN_MARCO, r.CASTELLO, r.TRANSFER), (1, 2)))
    green = p.role("R2")
    values = [v.value for v in exact.pile_table(p, green, piles)]
    greedy = exact.pick_probabilities(values, "greedy", 1.0)
    assert greedy[values.index(max(values))] == 1
    soft = exact.pick_probabilities(values, "softmax", 0.0)
    assert soft == [0.5, 0.5]
    worst = exact.pick_probabilities(values, "adversarial", 1.0, worst_for_divider=[3, -1])
    assert worst == [0, 1]


def test_chooser_models_change_the_table():
    p = load()
    tables = {}
    for model in ("greedy", "adversarial"):
        q = replace(p, models=replace(p.models, chooser=model))
        tables[model] = exact.split_table(q, 0, q.decision.drawn)
    assert tables["adversarial"][0].divider_value <= tables["greedy"][0].divider_value


def test_banishment_faces_match_reference_figure_12_3():
    p = pos({CAST: [2, 3]})
    faces = exact.banish_faces(p, 0, CAST)
    assert [f.removed[:2] for f in faces] == [(0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (2, 3)]
    assert faces[5].points == (0, 0, 0, 0)


def test_doge_table_lists_walks_with_tolls_and_gains():
    p = pos({CAST: [1]}, bridges=[((POLO, MARCO), 0), ((MARCO, CAST), 1)], doge=POLO)
    rows = {row["district"]: row for row in exact.doge_table(p, 0)}
    assert rows[CAST]["gain"] == (-1 + 7, 1, 0, 0) and rows[CAST]["paid"] == [(1, 1)]
    assert rows[MARCO]["cost"] == 0


def test_option_delta_of_a_banishment_is_its_face_mean():
    p = pos({CAST: [2, 3]}, scores=(0, 0, 0, 0))
    delta = exact.option_delta(p, 0, ref.Action("banish", r.BANISH, CAST))
    expected = sum(ref.standing(ref.banish(p, 0, CAST, f), 0) for f in range(1, 7)) / Fraction(6) - 5
    assert delta == expected


SCEN = SPLIT.parent


@pytest.mark.parametrize("pick_then_play", [True, False])
@pytest.mark.parametrize("chooser", ["greedy", "adversarial"])
def test_three_player_split_rows_under_both_pick_readings(pick_then_play, chooser):
    doc = scenario.load(SCEN / "choose-3p.yaml")
    doc["rules"] = {"pick_then_play_3p": pick_then_play}
    doc["position"]["models"] = {"chooser": chooser}
    doc["position"]["decision"] = {"kind": "split", "who": "red", "drawn": {
        "action": ["San Marco", "Doge", "Castello", "Transfer", "Bridge", "Banish"], "limit": [1, 2, 3, 1]}}
    p = state.parse_position(doc)
    solver = exact.Solver(p)
    chooser_seats = exact.receivers(p, 0)
    assert chooser_seats == [p.role("R1"), p.role("R2")]
    piles = (Pile((r.SAN_MARCO, r.TRANSFER), (3,)), Pile((r.CASTELLO, r.DOGE), (1, 1)), Pile((r.BRIDGE, r.BANISH), (2,)))
    row = exact._split_row(solver, 0, chooser_seats, piles)
    assert sum(row.picks[0]) == 1 and sum(row.picks[1]) == 1
    # R1 and R2 never take the same pile; the divider keeps the third
    kept = [1 - a - b for a, b in zip(row.picks[0], row.picks[1])]
    assert all(0 <= k <= 1 for k in kept) and sum(kept) == 1
    assert row.divider_limit == sum(k * sum(q.limit) for k, q in zip(kept, piles))


def test_receiver_sees_piles_false_is_a_blind_pick():
    doc = scenario.load(SPLIT)
    doc["rules"] = {"receiver_sees_piles": False}
    p = state.parse_position(doc)
    rows = exact.split_table(p, 0, p.decision.drawn)
    assert all(row.picks[0] == [Fraction(1, 2), Fraction(1, 2)] for row in rows)
    seen = exact.split_table(load(), 0, load().decision.drawn)
    assert any(row.picks[0] != [Fraction(1, 2), Fraction(1, 2)] for row in seen)


def full_pool_position(rng, **settings):
    """Every bridge on the board (the pool empty), some supplies empty."""
    pairs = list(r.ILLUSTRATIVE_PAIRS)
    bridges = []
    while len(bridges) < r.BRIDGES:
        pair = rng.choice(pairs)
        if sum(b[0] == pair for b in bridges) < 3:
            bridges.append((pair, rng.randrange(4)))
    pieces = {d: [rng.randint(0, 3) for _ in range(4)] for d in range(6)}
    supply = [0 if s == 1 else None for s in range(4)]
    on = [sum(pieces[d][s] for d in range(6)) + sum(o == s for _, o in bridges) for s in range(4)]
    supply = [25 - on[s] if v is None else v for s, v in enumerate(supply)]
    pieces[0][1] += 25 - on[1]  # blue: everything on the board
    return pos(pieces, bridges=bridges, supply=supply, doge=rng.choice([None, 2]), **settings)


@pytest.mark.parametrize("seed,settings", [(0, {}), (1, {"moved_bridge_owner": "mover"}),
                                           (2, {"empty_supply_move": "district_only"}),
                                           (3, {"moved_bridge_owner": "mover", "may_skip_action": False})])
def test_best_play_equals_brute_force_with_an_empty_pool_and_supply(seed, settings):
    rng = random.Random(100 + seed)
    p = full_pool_position(rng, **settings)
    assert p.bridge_pool == 0 and p.supply[1] == 0
    seat = seed % 2
    cards = (r.BRIDGE, rng.choice([r.DOGE, r.TRANSFER, 0, 3]))
    assert exact.BestPlay(seat).value(p, cards) == brute_best(p, seat, cards)
