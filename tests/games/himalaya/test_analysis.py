"""The Himalaya questions through the game contract and the CLI on the shipped scenarios: the spec's reference
figures come out as "p/q" beside the float, answers on illustrative data say so, the settings that change an answer
do in every reading (the others change none), bad questions exit 2 with one line, and a seeded Monte Carlo falls
inside its 95% interval around the exact answers."""
import json
from dataclasses import replace

import numpy as np
import pytest

from analyzer.core import registry, scenario, stats
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from analyzer.games.himalaya import sim
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("himalaya")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path, **settings):
    p = GAME.position(scenario.load(f"scenarios/himalaya/{path}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def village(result, v):
    return next(row for row in result.payload["villages"] if row["village"] == v)


def test_odds_village_8_gets_a_task_with_249_over_2000():
    result = ask("odds", "refill.yaml")
    assert village(result, 8)["task_exact"] == "249/2000" and village(result, 8)["task"] == 249 / 2000
    assert result.payload["refill"] == {"goods": 1, "tasks": 2} and not result.payload["illustrative"]
    assert result.payload["goods_sets"][0] == {"villages": [6], "p": 0.25, "p_exact": "1/4"}
    assert result.exact == {"refill odds": True, "where the goods land": True}


def test_odds_a_single_placement_is_3_over_10_at_7_and_3_over_20_at_20():
    result = ask("odds", "single-placement.yaml")
    assert village(result, 7)["goods_exact"] == "3/10" and village(result, 20)["goods_exact"] == "3/20"
    assert result.payload["goods_set_count"] == 11


def test_bag_a_fresh_village_shows_gold_with_156217_over_227563_on_the_illustrative_split():
    result = ask("bag", "fresh-bag.yaml")
    gold = result.payload["colours"][-1]
    assert gold["colour"] == "gold" and gold["shows_exact"] == "156217/227563"
    assert result.payload["illustrative"] and result.payload["illustrative_data"] == ["resources_per_colour"]
    assert "ILLUSTRATIVE" in result.title and any("ILLUSTRATIVE" in n for n in result.notes)
    doc = scenario.load("scenarios/himalaya/fresh-bag.yaml")
    given = contract_ask(GAME, "bag", GAME.position({**doc, "rules": {"resources_per_colour": 10}}), RUN).payload
    assert not given["illustrative"] and given["bag_size"] == 50
    assert not ask("bag", "refill.yaml").payload["illustrative"]  # a typed bag needs no split


def test_inventory_over_the_unknown_and_untracked_cubes():
    result = ask("inventory", "inventory.yaml")
    by = {row["colour"]: row for row in result.payload["colours"]}
    assert by["salt"]["p_exact"] == "1" and by["gold"]["winners"] == {"p2": "1"}
    assert by["barley"]["winners"] == {"p3": "7/10", "p4": "3/10"}  # p3 draws 3 of 5 (3 barley), p4 the other 2
    assert result.payload["illustrative"] and "prior" in result.payload["illustrative_data"]


def test_occupied_means_and_short_bag_change_the_refill_in_each_reading():
    tasks = ask("odds", "single-placement.yaml", occupied_means="goods_only")
    assert village(tasks, 4)["goods_exact"] == "3/20" and village(tasks, 7)["goods_exact"] == "1/20"
    short = position("refill.yaml")
    short = replace(short, bag=(("salt", 3),) + tuple((c, 0) for c in ("barley", "tea", "jade", "gold")))
    left = contract_ask(GAME, "odds", short, RUN).payload["refill"]
    none = contract_ask(GAME, "odds", replace(short, settings=replace(short.settings, short_bag="no_placement")),
                        RUN).payload["refill"]
    assert left == {"goods": 1, "tasks": 2} and none == {"goods": 0, "tasks": 2}


@pytest.mark.parametrize("name,value", [("three_player", "sum_two"), ("events", True), ("storm_stop", "allowed"),
                                        ("full_inventory", True)])
def test_the_settings_of_full_games_change_no_exact_answer(name, value):
    for question, path in (("odds", "refill.yaml"), ("bag", "refill.yaml"), ("inventory", "inventory.yaml")):
        base, other = ask(question, path).payload, ask(question, path, **{name: value}).payload
        assert other.pop("settings") == {name: value} and base.pop("settings") == {}
        assert base == other


def test_the_cli_answers_every_question_and_bad_ones_exit_2_with_one_line(tmp_path):
    out = invoke("ask", "bag", "scenarios/himalaya/spec-example.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["bag_size"] == 49
    assert "249/2000" in invoke("odds", "scenarios/himalaya/refill.yaml").stdout
    assert invoke("ask", "inventory", "scenarios/himalaya/inventory.yaml").exit_code == 0
    full = tmp_path / "full.yaml"
    full.write_text("game: himalaya\nposition:\n  villages: {" + ", ".join(
        f"{v}: {{{'goods' if v <= 5 else 'task'}: [salt]}}" for v in range(1, 11)) + "}\n  bag: derived\n")
    one_line_error(invoke("odds", full), "position.refill", "no placement")


def test_odds_a_whole_setup_refill_of_10_placements_is_exact():
    result = ask("odds", "setup-refill.yaml")
    assert result.payload["refill"] == {"goods": 5, "tasks": 5}
    rows = result.payload["villages"]
    assert all(row["goods_exact"] == row["task_exact"] == "1/4" for row in rows)  # a fresh board is symmetric
    assert result.payload["goods_set_count"] == 15504 and len(result.payload["goods_sets"]) == 20  # C(20, 5)
    assert result.payload["goods_sets"][0] == {"villages": [1, 2, 3, 4, 5], "p": 81 / 200000, "p_exact": "81/200000"}


def test_a_seeded_monte_carlo_falls_inside_its_95_percent_intervals():
    rng = np.random.default_rng(2004)
    n = 4000
    goods, tasks = sim.refill_hits({2, 3, 12, 18}, {4, 5, 15}, 1, 2, 8, n, rng)
    for hits, exact in ((goods, 1 / 20), (tasks, 249 / 2000)):
        lo, hi = stats.wilson(hits, n)
        assert lo <= exact <= hi
    shows = sim.bag_shows({c: 12 for c in ("salt", "barley", "tea", "jade", "gold")}, n, rng)
    lo, hi = stats.wilson(shows["gold"], n)
    assert lo <= 156217 / 227563 <= hi


def test_a_refill_of_no_placement_says_what_is_wrong_and_what_is_allowed(tmp_path):
    """Issue 50: goods 0 tasks 0 with villages free said "5 villages offer goods and 5 tasks", false there."""
    import yaml

    d = scenario.load("scenarios/himalaya/refill.yaml")
    d["position"]["refill"] = {"goods": 0, "tasks": 0}
    path = tmp_path / "none.yaml"
    path.write_text(yaml.safe_dump(d))
    line = one_line_error(invoke("odds", path), "position.refill", "goods 0 and tasks 0 ask for no placement",
                          "here goods 1 and tasks 2")
    assert "5 villages offer" not in line
