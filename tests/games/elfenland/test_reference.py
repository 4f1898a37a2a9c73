"""exact.py (and analysis.py's answers) held equal to the brute-force reference: on random scenarios mixing every
setting reading, on exhaustive small hands, and on the spec's reference figures the reference reproduces alone."""
import random
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from analyzer.core import scenario as sc
from analyzer.games.elfenland import exact, state
from analyzer.games.elfenland import reference as ref
from analyzer.games.elfenland import rules as r

SCENARIOS = sorted((Path(__file__).parents[3] / "scenarios" / "elfenland").glob("*.yaml"))
SPEC_ROUTE = [("unicorn", 1, 3), ("troll", 2, 3), ("dragon", 2, 3), ("cloud", 1, 3)]


def as_dict(cards) -> dict:
    return {k: list(cards).count(k) for k in set(cards)}


def engine_legs(legs) -> tuple:
    return tuple(exact.Leg(kind, cost, caravan is not None, caravan == 4) for kind, cost, caravan in legs)


# -- the reference alone reproduces the spec's figures -----------------------------------------------------------

def test_the_reference_reproduces_the_spec_figures():
    round_1 = ref.deal_draws(ref.CARDS, 8)
    assert sum(round_1.values()) == 1 and len(round_1) == 3003  # every 8-card hand over 7 kinds
    assert sum(p for hand, p in round_1.items() if hand.count("dragon") >= 2) == Fraction(81554584, 265978141)
    assert ref.deal_odds([], ref.CARDS, 8, SPEC_ROUTE, "lacking") == (
        Fraction(4785125, 265978141), Fraction(1286727701, 2393803269))
    unseen = ref.unseen_counters(["dragon", "dragon", "pig", "cloud", "troll"])  # the open display
    assert ref.blind_odds(unseen)["dragon"] == Fraction(6, 43)


@pytest.mark.slow
def test_the_reference_gives_the_spec_route_figure_under_caravan_when_any_too():
    # its legs are all of different kinds, so a caravan never helps where the matching cards could pay
    assert ref.deal_odds([], ref.CARDS, 8, SPEC_ROUTE, "any") == (
        Fraction(4785125, 265978141), Fraction(1286727701, 2393803269))


def test_the_reference_tables_are_the_spec_tables_rules_py_holds():
    assert ref.CARDS == r.CARD_COUNTS and sum(ref.CARDS.values()) == 72
    assert set(ref.COUNTERS) == set(r.COUNTER_KINDS) and ref.COPIES == r.COUNTERS_EACH
    for kind in ref.COUNTERS:
        assert {t: c for t, c in r.COST[kind].items() if c is not None} == ref.TABLE[kind]
    assert ref.RAFT == r.RAFT_COST and (ref.HAND, ref.CARAVAN) == (r.HAND, r.CARAVAN)


# -- random scenarios through the whole chain (parse, analysis, exact) -------------------------------------------

@pytest.mark.parametrize("seed, positions", [(0, 8), pytest.param(1, 16, marks=pytest.mark.slow),
                                             pytest.param(2, 16, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed, positions):
    rows = ref.reference_agrees(seed, positions)
    assert len(rows) > positions * 3
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_and_every_question():
    rng = random.Random(0)
    mixes, asked = set(), set()
    for i in range(8):
        data = ref.random_scenario(rng, i)
        position = state.parse_position(data)
        s, p = position.settings, data["position"]
        mixes.add((s.caravan_when, s.later_round_counters, s.deck_reshuffle))
        asked |= set(state.questions(position)) | {("round 1", p["round"] == 1), ("phase", p["phase"])}
        asked |= {("obstacle", any(b.get("obstacle") for b in p["route"])),
                  ("raft", any(b["kind"] == "raft" for b in p["route"])),
                  ("placed on a road", any(isinstance(x, dict) for x in p["placed"]))}
    assert len(mixes) == 8
    assert {"odds", "blind", "ev", ("round 1", True), ("round 1", False), ("phase", "deal"), ("obstacle", True),
            ("raft", True), ("placed on a road", True)} <= asked


def _shipped(path: Path):
    data = sc.from_spec_layout(sc.load(path))
    first_deal = data["position"].get("round", 1) == 1 and data["position"].get("phase", "deal") == "deal"
    return pytest.param(data, id=path.stem, marks=[pytest.mark.slow] if first_deal else [])  # 8 cards to deal: ~1 s


@pytest.mark.parametrize("data", [_shipped(path) for path in SCENARIOS])
def test_every_shipped_scenario_answers_as_the_reference(data):
    assert ref.engine_answers(data) == ref.answers(data)


# -- exact.py's functions against the reference, exhaustive or random --------------------------------------------

@pytest.mark.parametrize("caravan_when", ["lacking", "any"])
def test_payable_equals_the_leg_by_leg_search_on_every_small_hand(caravan_when):
    rng = random.Random(3)
    kinds = ("dragon", "troll", "pig", "raft")
    routes = [[(rng.choice(kinds), rng.randrange(1, 4), None) for _ in range(rng.randrange(1, 4))] for _ in range(8)]
    routes = [[(k, c, None if k == "raft" else rng.choice((3, 4))) for k, c, _ in legs] for legs in routes]
    routes.append([("troll", 2, 3), ("troll", 1, 3), ("troll", 1, 3)])  # lacking and any differ here
    for legs in routes:
        for size in range(0, 8):
            for hand in combinations_with_replacement(kinds, size):
                for caravans in (False, True):
                    assert exact.payable(as_dict(hand), engine_legs(legs), caravans, caravan_when) == ref.pays(
                        tuple(sorted(hand)), tuple(legs), caravans, caravan_when), (legs, hand, caravans)


def test_deal_odds_equal_the_card_by_card_deal_on_random_pools_and_routes():
    rng = random.Random(4)
    for _ in range(12):
        pool = {k: rng.randrange(0, n + 1) for k, n in ref.CARDS.items()}
        pool["raft"] += 1
        kept = [rng.choice(list(ref.CARDS)) for _ in range(rng.randrange(5))]
        k = rng.randrange(0, min(5, sum(pool.values())) + 1)
        legs = [ref.leg(ref_leg) for ref_leg in (ref.random_leg(rng) for _ in range(rng.randrange(1, 5)))]
        for when in ("lacking", "any"):
            assert exact.deal_odds(as_dict(kept), pool, k, engine_legs(legs), when) == ref.deal_odds(
                kept, pool, k, legs, when), (pool, kept, k, legs, when)


def test_the_compositions_are_the_card_by_card_deal():
    pool = {"dragon": 3, "unicorn": 0, "troll": 2, "raft": 5}
    for n in range(0, 6):
        engine = {tuple(sorted(k for k, c in hand.items() for _ in range(c))): p
                  for hand, p in exact.compositions(pool, n)}
        assert {h: p for h, p in engine.items() if p} == ref.deal_draws(pool, n)


def test_blind_odds_and_pick_values_equal_the_counter_by_counter_count_on_random_pools():
    rng = random.Random(5)
    for _ in range(60):
        counters = [k for k in ref.COUNTERS for _ in range(ref.COPIES)]
        rng.shuffle(counters)
        seen = counters[:rng.randrange(47)]
        unseen = ref.unseen_counters(seen)
        pool = {k: 8 - seen.count(k) for k in r.COUNTER_KINDS}
        assert exact.blind_odds(pool) == ref.blind_odds(unseen)
        open_counters = seen[:rng.randrange(6)]
        lacking = [rng.choice(ref.COUNTERS) for _ in range(rng.randrange(1, 5))]
        assert exact.pick_values(open_counters, pool, as_dict(lacking)) == ref.pick_values(open_counters, unseen,
                                                                                           lacking)
