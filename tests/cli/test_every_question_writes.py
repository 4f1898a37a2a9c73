"""Every shipped scenario answers every question it supports with `-o DIR` (a small -n): exit 0, the results printed,
and every file written whole: each table as CSV (one header row, each name once) and JSON (a JSON Table Schema that
parses), result.json, every plot as a PNG and the marker, nothing else.

Each (game, question) once, on the first shipped scenario that supports it; every other (scenario, question) pair
and a balance scenario per game in the slow tier."""
import csv
import functools
import json
from pathlib import Path

import pytest

from analyzer.core import registry, scenario, tables
from tests.cli_helpers import invoke

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


def _balance_scenarios() -> list:
    """A balance scenario per game with full games: the one with the fewest rule sets (the first by name of those)."""
    picked = []
    for name in registry.GAMES:
        found = [(len(data.get("variants") or {}), path) for path in registry.scenarios(name)
                 if "position" not in (data := scenario.load(path))]
        if found:
            path = min(found)[1]
            picked.append(pytest.param(path, id=f"{name}/{path.stem}"))
    return picked


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


@pytest.mark.slow
@pytest.mark.parametrize("path", [pytest.param(p, id=f"{g}/{p.stem}") for g in registry.GAMES
                                  for p in position_scenarios(g)])
def test_every_shipped_scenario_writes_every_question(path, tmp_path, written):
    first = first_scenarios(registry.game(scenario.load(path)["game"]).name)
    for question in supported(path):
        if first[question] != path:  # the test above asked it
            ask_with_out(path, question, tmp_path / question, written)


@pytest.mark.slow
@pytest.mark.parametrize("path", _balance_scenarios())
def test_a_balance_scenario_of_each_game_writes_its_files(path, tmp_path, written):
    out = tmp_path / "out"
    result = invoke("balance", path, "-n", 8, "--seed", 1, "-j", 1, "--no-progress", "-f", "json", "-o", out)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 8
    check_folder(out, written[0])
