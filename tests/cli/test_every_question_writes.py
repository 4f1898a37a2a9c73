"""Every shipped scenario answers every question it supports with `-o DIR` (a small -n): exit 0, the results printed,
and every file written whole: each table as CSV (one header row, each name once) and JSON (a JSON Table Schema that
parses), result.json, every plot as a PNG and the marker, nothing else.

Each (game, question) once, on the first shipped scenario that supports it, printed as JSON; in the slow tier every
shipped scenario's every question and every balance scenario, printed at 80 columns (the terminal-width check of
every shipped answer lives here too, so the sweep over every scenario is made once)."""
import csv
import functools
import json
from pathlib import Path

import pytest

from analyzer.core import registry, scenario, tables
from tests.cli_helpers import invoke, small_search

N = 24  # rollouts (or games): what a question needs to run, not to be precise


def position_scenarios(name: str) -> list[Path]:
    return [path for path in registry.scenarios(name) if "position" in scenario.load(path)]


@functools.cache
def supported(path: Path) -> tuple[str, ...]:
    data = scenario.load(path)
    game = registry.game(data["game"])
    return game.supported(game.position(data))


def first_scenarios(name: str) -> dict[str, Path]:
    """question -> the first shipped scenario of game `name` that supports it."""
    first = {}
    for path in position_scenarios(name):
        for question in supported(path):
            first.setdefault(question, path)
    return first


@pytest.fixture
def written(monkeypatch):
    """The results `--out` wrote, as write_outputs was given them."""
    seen = []
    write = tables.write_outputs

    def spy(result, out_dir):
        seen.append(result)
        return write(result, out_dir)

    monkeypatch.setattr(tables, "write_outputs", spy)
    return seen


def check_folder(folder: Path, result) -> None:
    expected = {tables.MARKER, "result.json", *(f"{p.name}.png" for p in result.plots),
                *(f"{t}.{ext}" for t in result.tables for ext in ("csv", "json"))}
    assert {p.name for p in folder.iterdir()} == expected
    json.loads((folder / "result.json").read_text())
    for name, df in result.tables.items():
        with open(folder / f"{name}.csv", newline="") as f:
            header = next(csv.reader(f))
        assert len(header) == len(set(header)) == df.index.nlevels + len(df.columns), (name, header)
        schema = json.loads((folder / f"{name}.json").read_text())
        fields = [field["name"] for field in schema["schema"]["fields"]]
        assert len(fields) == len(set(fields)) and len(schema["data"]) == len(df), name
    for plot in result.plots:
        assert (folder / f"{plot.name}.png").read_bytes()[:4] == b"\x89PNG", plot.name


def ask_with_out(path: Path, question: str, tmp_path: Path, written: list) -> None:
    out = tmp_path / "out"
    count = len(written)
    result = invoke("ask", question, path, "-n", N, "--seed", 1, "-j", 1, "--no-progress", "-f", "json", "-o", out)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["meta"]["question"] == question  # the results were printed
    assert len(written) == count + 1
    check_folder(out, written.pop())


@pytest.mark.parametrize("name", registry.GAMES)
def test_each_question_of_each_game_writes_its_files(name, tmp_path, written):
    first = first_scenarios(name)
    assert first, "a game ships a position scenario"
    for question, path in first.items():
        ask_with_out(path, question, tmp_path / question, written)


def _every_scenario():
    for name in registry.GAMES:
        for path in registry.scenarios(name):
            yield pytest.param(path, id=f"{name}/{path.name}")


@pytest.mark.slow
@pytest.mark.parametrize("path", list(_every_scenario()))
def test_every_shipped_scenario_answers_within_80_columns_and_writes_its_files(path, tmp_path, written):
    """Every question each shipped position supports (small -n), and every balance scenario (4 games a rule set, 2
    with a ladder):
    printed at 80 columns (no line longer) and written whole with `-o`."""
    data = scenario.load(path)
    if data.get("position") is None:
        if "ladder" in data:  # a search rung at 4 playouts a decision: what makes it run, not play well
            data["ladder"] = [small_search(str(rung)) for rung in data["ladder"]]
            path = tmp_path / path.name
            path.write_text(json.dumps(data))
        games = 2 if "ladder" in data else 4  # a search rung plays at least one playout an option: slow
        runs = [("tune", path, "-n", 16 * len(data["tune"]["values"])) if "tune" in data
                else ("balance", path, "-n", games)]
    else:
        runs = [("ask", question, path, "-n", N) for question in supported(path)]
    for i, args in enumerate(runs):
        out = tmp_path / str(i)
        result = invoke(*args, "--seed", 1, "-j", 1, "--no-progress", "-o", out, env={"COLUMNS": "80"})
        command = f"analyzer {' '.join(map(str, args))}"
        assert result.exit_code == 0, f"{command}: {result.output}"
        assert result.stdout.strip(), f"{command}: nothing printed"
        printed = result.stdout.replace(str(out), "OUT")  # the folder the user named is theirs to make long
        long = [line for line in printed.splitlines() if len(line) > 80]
        assert not long, f"{command}: {len(long)} lines over 80, e.g. {long[0]!r}"
        assert written, command
        check_folder(out, written.pop())
