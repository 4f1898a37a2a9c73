"""exact.py (and analysis.py's answers) held equal to the brute-force reference: on random positions mixing every
setting reading, on exhaustive small inputs, and on the spec's reference figures the reference reproduces alone."""
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from analyzer.core import scenario
from analyzer.games.drunter_druber import GAME
from analyzer.games.drunter_druber import exact, state
from analyzer.games.drunter_druber import reference as ref
from analyzer.games.drunter_druber import rules as r

QUARTER = Fraction(1, 4)
SPEC_EVIDENCE = [({"C": 2, "D": 1}, {}, {}), ({"C": 1}, {}, {}), ({}, {}, {})]
DEALS = [("basic", "random"), ("expert", "random"), ("expert", "one_of_each")]


# -- the reference alone reproduces the spec's figures ---------------------------------------------------------

def test_the_reference_reproduces_the_spec_building_figures():
    first, second, third = ref.building_guess(("A",), SPEC_EVIDENCE, QUARTER)
    assert first == {"A": 0, "B": Fraction(52, 173), "C": Fraction(4, 173), "D": Fraction(13, 173),
                     "E": Fraction(52, 173), "F": Fraction(52, 173)}
    assert second["C"] == Fraction(13, 173)
    assert sum(1 for _ in ref.deals(("A",), 3, "basic", "random")) == 60  # 5!/(5-3)!


def test_the_reference_reproduces_the_spec_vote_figures():
    full = list(r.FULL_VOTES)
    assert ref.coalition_max([full]) == (8, 8)  # 3 + 2 + 1 + 2 either way
    assert ref.vote_passes([full], [full])  # a lone full-set blocker only ties a full-set proposer: it covers


# -- random positions through the whole chain (parse, analysis, exact) -----------------------------------------

@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)])
def test_every_answer_equals_the_reference_on_random_positions_in_every_reading(seed):
    rows = ref.reference_agrees(seed)
    assert len(rows) > 18 * 3
    for what, engine, reference in rows:
        assert engine == reference, what


def test_the_random_positions_cover_every_reading_and_every_question():
    rng = random.Random(0)
    seen, asked = set(), set()
    for i in range(18):
        p = state.parse_position(ref.random_scenario(rng, i))
        s = p.settings
        seen.add((p.players, s.variant, s.expert_deal, s.vote_eps == 1))
        asked |= {(q, s.enclosed_builder) for q in state.questions(p)}
        asked |= {("proposer", p.proposer == "me"), ("eps given", s.cover_own_eps != QUARTER)}
    assert len(seen) == 3 * 3 * 2
    assert {("odds", e) for e in ("no_legal_square", "three_sides")} <= asked
    assert {("vote", e) for e in ("no_legal_square", "three_sides")} <= asked
    assert {("proposer", True), ("proposer", False), ("eps given", True), ("eps given", False)} <= asked


# -- exact.py's functions against the reference, exhaustive or random --------------------------------------------

def test_vote_max_equals_every_play_of_every_subset_of_the_vote_set():
    for size in range(len(r.FULL_VOTES) + 1):
        for votes in combinations(r.FULL_VOTES, size):
            assert exact.vote_max(votes) == ref.coalition_max([votes]), votes


@pytest.mark.parametrize("against", [Fraction(0), Fraction(1, 2), Fraction(2, 7), Fraction(1)])
def test_pass_chance_equals_every_stance_of_every_coalition(against):
    rng = random.Random(7)
    for _ in range(40):
        proposer = ref.random_votes(rng)
        voters = [ref.random_votes(rng) for _ in range(rng.randrange(4))]
        blocker = ref.random_votes(rng) if rng.random() < 0.5 else None  # me, against, when an opponent proposes
        got, _ = exact.pass_chance(exact.vote_max(proposer)[0], exact.vote_max(blocker)[1] if blocker else 0,
                                   [exact.vote_max(v) for v in voters], against)
        want = sum((chance for chance, no in ref.stances(len(voters), against)
                    if ref.vote_passes([proposer] + [v for i, v in enumerate(voters) if i not in no],
                                       ([blocker] if blocker else []) + [voters[i] for i in no])), Fraction(0))
        assert got == want, (proposer, voters, blocker)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant,deal", DEALS)
def test_the_posterior_equals_the_weighted_deals_for_every_hand(players, variant, deal):
    rng = random.Random(players)
    if variant == "basic":
        hands = [(t,) for t in r.TYPES]
    elif deal == "random":
        hands = list(combinations(r.EXPERT_CARDS, 2))
    else:
        hands = [(t, s) for t in r.TYPES for s in r.SPECIALS]
    for mine in rng.sample(hands, 2 if players == 4 and variant == "expert" else 5):
        room = dict.fromkeys(r.TYPES, r.SQUARES_PER_TYPE)
        evidence = [(ref.random_counts(rng, 5, room), ref.random_counts(rng, 3), ref.random_counts(rng, 2))
                    for _ in range(players - 1)]
        eps, vote_eps = rng.choice((QUARTER, Fraction(1, 2), Fraction(1))), rng.choice((Fraction(1), Fraction(3)))
        got = (exact.basic_posterior(mine[0], evidence, eps, vote_eps) if variant == "basic" else
               exact.expert_posterior(mine, evidence, eps, vote_eps, deal))
        want = ref.building_guess(mine, evidence, eps, vote_eps, variant, deal)
        assert [{t: row.get(t, 0) for t in r.TYPES} for row in got] == want, (mine, evidence)


@pytest.mark.parametrize("path", sorted(p.name for p in Path("scenarios/drunter_druber").glob("*.yaml")))
def test_every_shipped_scenario_equals_the_reference(path):
    p = GAME.position(scenario.load(f"scenarios/drunter_druber/{path}"))
    assert ref.engine_answers(p) == ref.answers(p)
