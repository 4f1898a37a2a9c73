"""The Caylus questions through the game contract and the CLI on the shipped scenarios: the spec's reference
figures come out (fractions as "p/q" beside the float), answers on the unverified castle sizes say ILLUSTRATIVE,
each setting changes its answer in every reading, bad questions exit 2 with one line."""
import json
from dataclasses import replace

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("caylus")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path, **settings):
    p = GAME.position(scenario.load(f"scenarios/caylus/{path}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def rows(result, key="colour"):
    return {row[key]: row for row in result.payload["rows"]}


def test_reference_layout_odds_and_start_money_on_the_shipped_scenario():
    result = ask("odds", "neutral-layout.yaml")
    assert result.payload["first_k"]["carpenter"][2] == {"k": 3, "p": 0.5, "p_exact": "1/2"}
    assert {"a": "farm", "b": "market", "p": 1 / 3, "p_exact": "1/3"} in result.payload["adjacent"]
    assert {"deniers": 7, "p": 0.4, "p_exact": "2/5"} in result.payload["start_money"]
    assert result.payload["orders"] == 720 and not result.payload["illustrative"]
    assert result.tables["in the first k road spaces"].loc["market", "k=3"] == "1/2"


def test_layout_odds_with_two_buildings_seen():
    first = ask("odds", "neutral-layout-partly-seen.yaml").payload["first_k"]
    assert first["farm"][0]["p_exact"] == "1" and first["sawmill"][2]["p_exact"] == "0"
    assert first["forest"][1]["p_exact"] == "1/4"


def test_reference_end_bonus_is_10_for_2_gold_7_cubes_9_deniers():
    red = rows(ask("ev", "end-bonus.yaml"))["red"]
    assert (red["gold"], red["other_cubes"], red["deniers"], red["bonus"], red["final"]) == (2, 7, 9, 10, 71)


def test_reference_worker_cost_after_two_passes_is_3_own_1_and_the_inn_holder_pays_1():
    result = ask("worker_cost", "worker-cost.yaml")
    by = rows(result)
    assert set(by) == {"red", "green"} and result.payload["track_value"] == 3 and result.payload["pass_bonus"] == 0
    assert (by["red"]["elsewhere"], by["red"]["own building"]) == (3, 1)
    assert by["green"]["elsewhere"] == 1
    assert rows(ask("worker_cost", "worker-cost.yaml", sixth_special_hold=False))["green"]["elsewhere"] == 3
    flat = ask("worker_cost", "worker-cost.yaml", passing_track_values="two_after_first_pass")
    assert rows(flat)["red"]["elsewhere"] == 2 and flat.payload["settings"] == {
        "passing_track_values": "two_after_first_pass"}


def test_two_players_pay_3_elsewhere_once_the_other_passed_or_the_track_in_the_other_reading():
    assert rows(ask("worker_cost", "worker-cost-two-players.yaml"))["red"]["elsewhere"] == 3
    assert rows(ask("worker_cost", "worker-cost-two-players.yaml", two_player_pass_cost="track"))["red"][
        "elsewhere"] == 2


def test_each_bribe_of_the_provost_and_the_workers_it_cancels():
    moves = {m["move"]: m for m in ask("provost", "provost.yaml").payload["moves"]}
    assert sorted(moves) == [-3, -2, -1, 0, 1, 2, 3]
    assert moves[0]["cancelled"] == [{"space": 11, "building": "wood_farm", "worker": "green"},
                                     {"space": 12, "building": "gold_mine", "worker": "blue"}]
    assert moves[-3]["cost"] == 3 and moves[-3]["lost"] == {"orange": 1, "red": 1, "green": 1, "blue": 1}
    assert moves[2]["cancelled"] == [] and moves[2]["bailiff_step"] == 2 and moves[0]["bailiff_step"] == 1


def test_castle_batches_points_and_favour_say_illustrative_on_the_fan_sizes():
    result = ask("castle", "castle.yaml")
    by = rows(result, "batches")
    assert result.payload["max_batches"] == 3 and result.payload["illustrative"] is True
    assert "ILLUSTRATIVE" in result.title and any("ILLUSTRATIVE" in n for n in result.notes)
    assert (by[0]["points"], by[0]["points_after"]) == (-2, 2)
    assert (by[3]["points"], by[3]["dungeon"], by[3]["walls"], by[3]["least_gold"]) == (14, 2, 1, 1)
    assert not by[1]["favour"] and by[2]["favour"]  # green built 2 after me: the tie is mine
    given = ask("castle", "castle.yaml", castle_sizes=(5, 10, 14))
    assert rows(given, "batches")[3]["points"] == 5 + 4 + 4 and given.payload["illustrative"] is False


def test_the_walls_scoring_preview_ends_the_section_and_floors_points_at_zero():
    result = ask("section", "section.yaml")
    by = rows(result)
    assert result.payload["ends"] and result.payload["bailiff_step"] == 2
    assert (by["blue"]["points"], by["blue"]["points_after"]) == (-3, 0)
    assert by["red"]["favours"] == 2 and by["green"]["favours"] == 3 and by["black"]["favours"] == 1
    not_yet = GAME.position({**scenario.load("scenarios/caylus/section.yaml"),
                             "position": {**scenario.load("scenarios/caylus/section.yaml")["position"],
                                          "provost": 20}})
    assert not contract_ask(GAME, "section", not_yet, RUN).payload["ends"]


def test_the_cli_answers_every_question_and_bad_ones_exit_2_with_one_line():
    out = invoke("odds", "scenarios/caylus/neutral-layout.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["start_money"][2]["p_exact"] == "2/5"
    assert "10" in invoke("ev", "scenarios/caylus/end-bonus.yaml").stdout
    for name, path in (("worker_cost", "worker-cost"), ("provost", "provost"), ("castle", "castle"),
                       ("section", "section")):
        assert invoke("ask", name, f"scenarios/caylus/{path}.yaml").exit_code == 0
    one_line_error(invoke("ask", "castle", "scenarios/caylus/provost.yaml"), "position.me")
    one_line_error(invoke("ask", "worker_cost", "scenarios/caylus/provost.yaml"), "position.passing_track")
    one_line_error(invoke("ev", "scenarios/caylus/neutral-layout.yaml"), "position.players_state")


def test_a_full_castle_takes_no_batch_and_costs_no_penalty():
    data = scenario.load("scenarios/caylus/castle.yaml")
    data["position"]["castle"] = {"section": "towers", "filled": 14}
    result = contract_ask(GAME, "castle", GAME.position(data), RUN)
    assert result.payload["max_batches"] == 0 and result.payload["room"] == 0
    assert result.payload["rows"] == [{"batches": 0, "points": 0, "dungeon": 0, "walls": 0, "towers": 0,
                                       "least_gold": 0, "favour": False, "points_after": 4}]
