"""The questions through the CLI's path: every shipped scenario answers, exact values keep their fractions, the
illustrative knight_value is said."""
import json
from pathlib import Path

import pytest

from analyzer.core import registry, runner, scenario
from analyzer.core.game import ask
from analyzer.core.tables import to_json
from analyzer.games.emerald import state

GAME = registry.game("emerald")
SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "emerald"
EXACT = ("ev", "catch", "dragon")


def answer(name, question, **rules):
    data = scenario.load(SCENARIOS / name)
    data.setdefault("rules", {}).update(rules)
    return ask(GAME, question, state.parse_position(data), runner.RunSettings(rollouts=200, seed=1, jobs=1,
                                                                               progress=False))


POSITIONS = [p for p in sorted(SCENARIOS.glob("*.yaml")) if "position" in scenario.load(p)]


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.name)
def test_every_exact_question_answers_every_position_scenario_and_says_exact(path):
    """(Their compute time is a benchmark: `analyzer bench`.)"""
    p = state.parse_position(scenario.load(path))
    for question in EXACT:
        result = GAME.question(question)(p, runner.RunSettings(seed=1, progress=False))
        assert all(v is True for v in result.exact.values())


def test_the_catch_figure_and_its_json():
    out = json.loads(to_json(answer("catch-on-the-dragon.yaml", "catch")))
    move = next(m for m in out["moves"] if m["move"] == {"colour": "red", "from": "cave 2"})
    assert move["wakes"] and [f["landing"] for f in move["faces"]] == [2, 3, 4]
    assert move["p_mine_exact"] == "1/3" and move["card"] == "gold"
    assert not out["illustrative"] and out["meta"]["exact"] == {"moves": True, "knights": True}


def test_the_dragon_figures_and_its_json():
    out = json.loads(to_json(answer("dragon-from-setup.yaml", "dragon")))
    by_cave = {s["cave"]: s["p_exact"] for s in out["states"]}
    assert by_cave == {2: "2/9", 3: "1/3", 4: "1/3", 5: "1/9"}
    assert out["caves"][1]["p_hit_exact"] == "5/9" and out["triggers"] == 2


def test_ev_says_illustrative_on_the_default_knight_value_only():
    result = answer("ev-mid-game.yaml", "ev")
    assert result.payload["illustrative"] and "ILLUSTRATIVE" in result.title
    assert any("ILLUSTRATIVE" in n for n in result.notes)
    own = answer("ev-mid-game.yaml", "ev", knight_value=3)
    assert not own.payload["illustrative"] and "ILLUSTRATIVE" not in own.title
    plans = result.payload["plans"]
    assert plans[0]["ev_exact"] == "19/3" and [p["ev"] for p in plans] == sorted((p["ev"] for p in plans), reverse=True)


def test_ev_mid_turn_offers_stop():
    plans = answer("second-move-pending.yaml", "ev").payload["plans"]
    assert any(p["moves"] == [] for p in plans) and all(len(p["moves"]) <= 1 for p in plans)
    assert all(m["colour"] == "blue" for p in plans for m in p["moves"])  # one colour per turn


def test_odds_estimates_carry_n_and_intervals():
    out = json.loads(to_json(answer("gem-race.yaml", "odds")))
    assert out["rollouts"] == 200 and out["illustrative"]
    for seat in out["seats"]:
        for est in [*seat["majority"].values(), seat["first_four"]]:
            assert est["lo95"] - 1e-12 <= est["p"] <= est["hi95"] + 1e-12
    assert out["meta"]["exact"] == {"races": False}
