"""`analyzer balance` and `analyzer report` through typer's CliRunner."""
import json
from pathlib import Path

import pytest
import yaml

from tests.cli_helpers import invoke, one_line_error, parse_balance
from analyzer.core import scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios" / "camelup").glob("balance-*.yaml"))
QUICK = {"game": "camelup", "players": 3, "policies": "random",
         "variants": {"base": {}, "rich_seat_0": {"starting_money_by_seat": [13, 3, 3]}}}



def write(tmp_path, data, name="s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return path



def test_balance_json_is_the_same_whatever_the_jobs(tmp_path):
    path = write(tmp_path, QUICK)
    args = ("balance", path, "-n", 9000, "--seed", 4, "--no-progress", "-f", "json")
    one, two = invoke(*args, "-j", 1), invoke(*args, "-j", 2)
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 9000 and data["seed"] == 4 and data["rule_sets"] == ["base", "rich_seat_0"]
    assert {"win_rate", "first_player", "differences", "money", "length", "actions", "findings"} <= set(data)
    rich = [r for r in data["differences"] if r["rule set"] == "rich_seat_0" and r["seat"] == 0][0]
    assert rich["detected"] and rich["lo95"] > 0


def test_second_edition_against_first_is_the_same_whatever_the_jobs(tmp_path):
    path = write(tmp_path, {**QUICK, "variants": {"first": {}, "second": {"edition": "second"}}})
    args = ("balance", path, "-n", 20000, "--seed", 5, "--no-progress", "-f", "json")
    one, two = invoke(*args, "-j", 1), invoke(*args, "-j", 2)
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    length = {r["rule set"]: r for r in json.loads(one.stdout)["length"]}
    assert length["second"]["legs"] > length["first"]["legs"]  # a leg rolls 5 of 6 dice, and crazy camels hold back


def test_balance_table_and_outputs(tmp_path):
    path = write(tmp_path, QUICK)
    result = invoke("balance", path, "-n", 500, "--seed", 1, "--no-progress", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "win_rate" in result.stdout and "first player (seat 0)" in result.stdout
    names = {p.name for p in (tmp_path / "out").iterdir()}
    assert {"win_rate.csv", "differences.json", "result.json", "win_rate.png", "money.png",
            "differences.png"} <= names


def test_report_writes_html_markdown_and_plots(tmp_path):
    path = write(tmp_path, {**QUICK, "title": "Quick", "description": "Does a rich seat 0 win more?"})
    out = tmp_path / "reports" / "quick.html"
    result = invoke("report", path, "-n", 400, "--seed", 2, "--no-progress", "-o", out)
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert "Does a rich seat 0 win more?" in html and "data:image/png;base64," in html
    assert "analyzer report" in html and "--seed 2" in html
    assert (tmp_path / "reports" / "quick.md").is_file() and (tmp_path / "reports" / "quick-plots").is_dir()


@pytest.mark.parametrize("change,words", [
    ({"variants": {"base": {"colour": 3}}}, ["variants.base.colour", "unknown key"]),
    ({"variants": {"base": {"leg_tiles": "five"}}}, ["variants.base.leg_tiles", "list"]),
    ({"policies": ["random", "greedy"]}, ["policies", "one policy per seat (3)"]),
    ({"policies": ["random", "wizard", "random"]}, ["policies[1]", "allowed"]),
    ({"seating": "shuffled"}, ["seating", "fixed, rotate"]),
    ({"variants": {"base": {"opening": "dance"}}}, ["variants.base.opening", "pyramid"]),
    ({"variants": {"base": {"players": 5}}, "policies": ["random", "greedy", "random"]},
     ["variants.base.policies", "one policy per seat"]),
    ({"variants": {"cup": {"supercup": ["teleport"]}}}, ["variants.cup.supercup", "boost_dice"]),
    ({"players": 11, "variants": {"second": {"edition": "second"}}}, ["players", "from 2 to 10"]),
    ({"variants": {"base": {"starting_money_by_seat": [3, 3]}}}, ["variants.base.starting_money_by_seat", "(3)"]),
    ({"position": {"track": {1: ["blue"]}, "dice_left": ["blue"]}}, ["position", "balance"]),
    ({"variants": {"base": {"track_length": 0}}}, ["variants.base.track_length"]),
])
def test_bad_balance_scenarios_are_one_line_errors(tmp_path, change, words):
    path = write(tmp_path, {**QUICK, **change})
    one_line_error(invoke("balance", path, "-n", 10, "--no-progress"), *words)
    assert not (tmp_path / "out").exists()


def test_a_position_scenario_is_not_a_balance_scenario():
    one_line_error(invoke("balance", ROOT / "scenarios" / "camelup" / "opening.yaml", "-n", 10), "position")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_balance_scenarios_parse(path):
    spec, configs = parse_balance(scenario.load(path))
    assert len(spec.variants) >= 1 and configs


def test_a_precision_balance_run_stops_within_its_bound_and_equals_a_plain_run(tmp_path):
    path = write(tmp_path, QUICK)
    target = invoke("balance", path, "--precision", 0.04, "--seed", 6, "--no-progress", "-f", "json")
    assert target.exit_code == 0, target.output
    data = json.loads(target.stdout)
    assert data["stopped_by"] == "precision" and data["widest_ci95"] <= 0.04
    plain = invoke("balance", path, "-n", data["games"], "--seed", 6, "--no-progress", "-f", "json")
    same = json.loads(plain.stdout)
    assert same["win_rate"] == data["win_rate"] and same["differences"] == data["differences"]


def test_report_on_a_position_answers_every_question_and_draws_the_position(tmp_path):
    out = tmp_path / "mid.html"
    result = invoke("report", ROOT / "scenarios" / "camelup" / "mid-leg.yaml", "--no-progress", "-o", out)
    assert result.exit_code == 0, result.output
    html, md = out.read_text(), (tmp_path / "mid.md").read_text()
    assert [line[3:] for line in md.splitlines() if line.startswith("## ")] == [
        "Summary", "What was asked", "Findings", "The position", "Odds", "Actions ranked", "Assumptions", "Reproduce"]
    assert "Best move: `leg-bet white 5`, 2.370 expected coins (exact" in md
    assert "EV = change in expected coins by leg end" in md and "seed 7" in md
    assert f"analyzer report {ROOT / 'scenarios' / 'camelup' / 'mid-leg.yaml'} --seed 7 -o {out}" in md
    assert 'alt="The track. space 1: blue, green' in html  # the game's draw hook, its alt text
    assert {p.name for p in (tmp_path / "mid-plots").glob("*.png")} == {
        "position.png", "odds-leg_ranks.png", "odds-race_odds.png", "ev-action_ev.png"}


def test_report_on_a_position_without_a_picture_shows_its_table_and_one_seed(tmp_path):
    out = tmp_path / "bid.html"
    path = ROOT / "scenarios" / "magellan" / "bid.yaml"
    result = invoke("report", path, "-n", 200, "--seed", 3, "--no-progress", "-o", out)
    assert result.exit_code == 0, result.output
    md = (tmp_path / "bid.md").read_text()
    assert "| auction.card | cook |" in md and "illustrative" in md.lower()
    assert "## Question pay" in md and f"analyzer ask pay {path} -n 200 --seed 3" in md
    assert "`ev`: 200 rollouts, seed 3" in md and "`odds`: 200 rollouts, seed 3" in md


def test_report_on_a_position_checks_its_path_first_and_refuses_a_checkpoint(tmp_path):
    path = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
    (tmp_path / "taken-plots").mkdir()
    (tmp_path / "taken-plots" / "notes.txt").write_text("mine")
    one_line_error(invoke("report", path, "-o", tmp_path / "taken.html"), "taken-plots", "did not write")
    one_line_error(invoke("report", path, "-o", tmp_path / "a.html", "--checkpoint", tmp_path / "c.ckpt"),
                   "--checkpoint", "several questions")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken-plots"]
