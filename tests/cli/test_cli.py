"""The CLI through typer's CliRunner: scenario files, quick entry, formats, outputs, errors."""
import json
from pathlib import Path

import pytest

from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[2]
OPENING = ROOT / "scenarios" / "camelup" / "opening.yaml"
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
FAST = ["--rollouts", "20000", "--seed", "3", "--no-progress"]




def test_odds_json_has_the_documented_shape():
    result = invoke("odds", MID_LEG, *FAST, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) >= {"leg", "race_win", "race_lose", "rollouts", "seed"}
    assert data["rollouts"] == 0 and data["seed"] == 3 and data["race_exact"] is True  # exact: no rollouts
    assert data["race_win_ci95"]["blue"] is None
    assert set(data["leg"]) == {"blue", "green", "orange", "yellow", "white"}
    for probs in data["leg"].values():
        assert len(probs) == 5
    assert sum(data["race_win"].values()) == pytest.approx(1)
    assert sum(data["race_lose"].values()) == pytest.approx(1)


def test_ev_json_lists_every_kind_of_action_best_first():
    result = invoke("ev", MID_LEG, *FAST, "-f", "json")
    assert result.exit_code == 0, result.output
    actions = json.loads(result.stdout)["actions"]
    evs = [a["ev"] for a in actions]
    assert evs == sorted(evs, reverse=True)
    names = {a["action"] for a in actions}
    assert "leg-bet blue 3" in names and "leg-bet green 3" in names and "pyramid" in names
    assert "desert oasis 8" in names and "desert mirage 8" in names
    assert "desert oasis 6" not in names and "desert oasis 5" not in names  # next to the tile on 6
    assert "race-winner blue" in names and "race-loser white" in names
    for a in actions:
        assert a["exact"] == (a["ci95"] is None)


def test_the_same_seed_gives_the_same_table_with_one_or_two_jobs():
    args = ["odds", OPENING, "--rollouts", str(3 * 65536), "--seed", "5", "--no-progress", "-f", "json"]
    one = invoke(*args, "--jobs", "1")
    two = invoke(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


@pytest.mark.parametrize("fmt", ["table", "csv", "markdown"])
def test_text_formats(fmt):
    result = invoke("odds", OPENING, *FAST, "--format", fmt)
    assert result.exit_code == 0, result.output
    assert "white" in result.stdout


def test_out_writes_tables_and_plots(tmp_path):
    out = tmp_path / "run"
    result = invoke("ev", MID_LEG, *FAST, "--out", out)
    assert result.exit_code == 0, result.output
    names = {p.name for p in out.iterdir()}
    assert {"actions.csv", "actions.json", "result.json", "action_ev.png"} <= names
    result = invoke("odds", MID_LEG, *FAST, "--out", out)
    names = {p.name for p in out.iterdir()}
    assert {"leg.csv", "race.csv", "desert.csv", "leg_ranks.png"} <= names


def test_quick_entry_matches_the_scenario_file():
    quick = invoke("camelup", "ev", "--track", "1:bg 3:y 4:ow", "--dice", "byw", "--desert", "6+@2",
                   "--tiles", "b:3,2", "--held", "g5", "--winner-cards", "1", "--money", "3,5,2,4",
                   "-n", "20000", "--seed", "7", "--no-progress", "-f", "json")
    from_file = invoke("ev", MID_LEG, "-n", "20000", "--seed", "7", "--no-progress", "-f", "json")
    assert quick.exit_code == 0, quick.output
    assert json.loads(quick.stdout) == json.loads(from_file.stdout)


def test_quick_entry_odds_defaults_to_every_die():
    result = invoke("camelup", "odds", "--track", "1:bgoyw", *FAST, "-f", "json")
    assert result.exit_code == 0, result.output
    leg = json.loads(result.stdout)["leg"]
    assert leg["blue"][0] == pytest.approx(487 / 5832)
    assert leg["white"][0] == pytest.approx(4583 / 14580)


def test_help_explains_unknown_earlier_cards():
    result = invoke("ev", "--help")
    assert result.exit_code == 0
    assert "next rung" in result.stdout


def test_errors_are_one_line_with_exit_code_two(tmp_path):
    one_line_error(invoke("ev", tmp_path / "missing.yaml"), "no such file")
    one_line_error(invoke("ev", OPENING, "--bogus"), "--bogus")
    one_line_error(invoke("ev", OPENING, "--format", "xml"), "--format")
    one_line_error(invoke("camelup", "ev", "--track", "1:bx"), "--track", "x")
    one_line_error(invoke("camelup", "ev", "--track", "1:bg", "--dice", "w"), '--dice "w"', "not on the track")
    one_line_error(invoke("ev", OPENING, "--jobs", "0", "-n", "300000", "--no-progress"), "--jobs")
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: camelup\nposition: {track: {1: [blue, blue]}, dice_left: [blue]}\n")
    one_line_error(invoke("odds", bad), "position.track.1", "twice")
    bad.write_text("game: chess\n")
    one_line_error(invoke("odds", bad), "game", "camelup")


def test_bad_scenario_writes_nothing(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: camelup\nposition: {track: {1: [blue]}, dice_left: [white]}\n")
    out = tmp_path / "out"
    one_line_error(invoke("odds", bad, "--out", out), "position.dice_left")
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["bad.yaml"]
