"""Question 1 against a seeded Monte Carlo of the real card procedure: shuffle the cards left, turn the top one,
in a round that bars crosses redraw until a number comes; play it with the reference's monster_phase (deterministic
given the card, so played once per card). The exact value lies inside the 95% Wilson interval of the estimate."""
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import scenario, stats
from analyzer.games.finstere_flure import exact, state
from analyzer.games.finstere_flure import reference as ref
from analyzer.games.finstere_flure import rules as r

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "finstere_flure"


def draw(cards, barred, settings, rng):
    for card in (cards[i] for i in rng.permutation(len(cards))):
        if not (barred and r.is_cross(card, settings)):
            return card
    raise AssertionError("no number card")


@pytest.mark.parametrize("name,rules", [("spec-position.yaml", {}), ("reference-round-one.yaml", {}),
                                        ("reference-tie.yaml", {}), ("safest-square.yaml", {}),
                                        ("reference-five-eighths.yaml", {"cross_ban": "first_round_of_each_stage",
                                                                         "five_is_three_crosses": True})])
def test_random_card_draws_agree_with_the_exact_odds(name, rules):
    data = scenario.load(SCENARIOS / name)
    data.setdefault("rules", {}).update(rules)
    p = state.parse_position(data)
    odds, table = exact.catch_odds(p), state.to_table(p)
    eaten = {card: ref.monster_phase(table, card, p.settings).eaten for card in set(p.cards_left)}
    rng, n = np.random.default_rng(2026), 3000
    hits = np.zeros(len(p.figures))
    for _ in range(n):
        for i in eaten[draw(list(p.cards_left), p.crosses_barred(), p.settings, rng)]:
            hits[i] += 1
    lo, hi = stats.wilson(hits, n)
    for i in range(len(p.figures)):
        want = float(odds.p(i))
        assert lo[i] - 1e-12 <= want <= hi[i] + 1e-12, (i, want, hits[i] / n)
