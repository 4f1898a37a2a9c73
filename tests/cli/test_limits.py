"""Limits: the documented maximum of every count option, duplicate keys in scenario files, an option given twice."""
import json
import re
from pathlib import Path

import pytest

from analyzer.core import runner, scenario
from analyzer.core.errors import ScenarioError
from tests.cli_helpers import invoke, one_line_error
from tests.cli.commands import COMMANDS, option_params

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
BALANCE = ROOT / "scenarios" / "camelup" / "balance-policies.yaml"
HUGE = "1" + "0" * 30


@pytest.mark.parametrize("args,words", [
    (["odds", MID_LEG, "-n", HUGE], ["--rollouts", "1,000,000,000,000"]),
    (["ev", MID_LEG, "-n", 10**12 + 1], ["--rollouts", "at most 1,000,000,000,000"]),
    (["balance", BALANCE, "--games", HUGE], ["--rollouts", "at most 1,000,000,000,000"]),
    (["report", BALANCE, "-n", HUGE], ["--rollouts", "at most"]),
    (["odds", MID_LEG, "--precision", "0.01", "--max-rollouts", HUGE], ["--max-rollouts", "at most"]),
    (["balance", BALANCE, "--precision", "0.01", "--max-rollouts", 10**13], ["--max-rollouts", "at most"]),
    (["camelup", "odds", "--track", "1:bg", "-n", HUGE], ["--rollouts", "at most"]),
    (["odds", MID_LEG, "-n", "9" * 5000], ["--rollouts"]),
])
def test_a_count_above_the_maximum_is_one_line(args, words):
    one_line_error(invoke(*args, "--no-progress"), *words)


def test_the_maximum_is_documented():
    assert runner.MAX_ROLLOUTS == 10**12
    assert "10^12" in invoke("odds", "--help").stdout and "10^12" in invoke("balance", "--help").stdout
    assert "10^12" in (ROOT / "docs" / "cli.md").read_text()


def test_the_scenario_takes_the_same_maximum():
    data = scenario.parse(MID_LEG.read_text())
    data["analysis"] = {"rollouts": 10**12}
    assert scenario.analysis_settings(data)["rollouts"] == 10**12
    data["analysis"] = {"rollouts": 10**12 + 1}
    with pytest.raises(ScenarioError, match="analysis.rollouts"):
        scenario.analysis_settings(data)


@pytest.mark.parametrize("text,words", [
    ("game: camelup\ngame: magellan\n", ["game", "given twice", "lines 1 and 2"]),
    ("game: camelup\nposition:\n  track: {1: [blue], 1: [green]}\n  dice_left: [blue]\n",
     ["position.track.1", "given twice"]),
    ("game: camelup\nposition:\n  track:\n    1: [blue]\n    3: [green]\n    1: [white]\n  dice_left: [blue]\n",
     ["position.track.1", "lines 4 and 6"]),
    ("game: camelup\nrules: {edition: first, edition: second}\nposition: {track: {1: [b]}, dice_left: [b]}\n",
     ["rules.edition", "given twice"]),
    ("game: camelup\nposition:\n  track: {1: [blue]}\n  dice_left: [blue]\n  desert:\n    - {space: 3, side: oasis, "
     "side: mirage}\n", ["position.desert[0].side", "given twice"]),
])
def test_a_key_given_twice_in_a_yaml_scenario_is_an_error_naming_it(tmp_path, text, words):
    path = tmp_path / "dup.yaml"
    path.write_text(text)
    one_line_error(invoke("odds", path, "-n", 100, "--no-progress"), *words)
    with pytest.raises(ScenarioError):
        scenario.parse(text)


def test_a_key_given_twice_in_a_json_scenario_is_an_error_naming_it(tmp_path):
    path = tmp_path / "dup.json"
    path.write_text('{"game": "camelup", "position": {"track": {"1": ["blue"]}, "dice_left": ["blue"], '
                    '"dice_left": []}}')
    one_line_error(invoke("odds", path, "-n", 100, "--no-progress"), "dice_left", "given twice")


def test_anchors_and_merge_keys_are_not_duplicates():
    text = ("game: camelup\nrules: &r {edition: first}\nposition:\n  track: {1: [blue]}\n  dice_left: [blue]\n"
            "analysis: {<<: {rollouts: 100}, seed: 3}\ntitle: *r\n")
    data = scenario.parse(text)
    assert data["analysis"] == {"rollouts": 100, "seed": 3} and data["title"] == {"edition": "first"}
    merged = scenario.parse("game: camelup\nvariants:\n  a: &a {players: 3}\n  b: {<<: *a, players: 4}\n")
    assert merged["variants"]["b"] == {"players": 4}  # a key over a merged one is an override, not a repeat


def _a_value(param) -> str:
    annotation = getattr(param.type_descriptor, "annotation", None)
    if getattr(param, "is_flag", False):
        return None
    if annotation in (int, float):
        return "1"
    if param.name == "fmt":
        return "json"
    if param.name == "backend":
        return "local"
    return "x"


@pytest.mark.parametrize("path,command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_option_given_twice_is_an_error_naming_it(path, command):
    """Generic: every option of every command (flags too), in every spelling it has, is checked before parsing;
    one case per command goes through the whole CLI."""
    from analyzer.cli.errors import check_command_line
    from analyzer.core.errors import AnalyzerError
    from typer.main import get_command

    from analyzer.cli import app

    root = get_command(app)
    cases = []
    for param in option_params(command):
        if param.multiple:
            continue
        names = [*param.opts, *param.secondary_opts]
        value = _a_value(param)
        given = [] if value is None else [value]
        cases.append((names[0], [*path, names[0], *given, names[-1], *given, "--bogus-never-reached"]))
    assert cases
    for first, args in cases:
        with pytest.raises(AnalyzerError, match=f"^{re.escape(first)}: given more than once"):
            check_command_line(root, args)
    first, args = cases[0]
    one_line_error(invoke(*args), first, "more than once")


def test_a_repeated_flag_of_the_quick_entry_names_the_flag():
    one_line_error(invoke("camelup", "odds", "--track", "1:b", "--track", "2:g", "-n", 100), "--track", "once")
    one_line_error(invoke("odds", MID_LEG, "-n5", "--rollouts=6"), "-n", "once")
    ok = invoke("odds", MID_LEG, "-n", 100, "--seed", 1, "--no-progress", "-f", "json")
    assert ok.exit_code == 0 and json.loads(ok.stdout)["meta"]["plan"] == {"rollouts": 100}
