"""A fuzz of every registered game's position loader with the mutations issue 50 found defects with: deleted
fields, wrong types, counts above the box, duplicated components, unknown names and keys, duplicate keys, junk files.

Every game's shipped position scenarios are mutated one place at a time (a seeded sample, the same on every run).
Each mutant is read as the command line reads it (`scenario.parse`, then the game's `position`): it loads, or it is
refused with a one-line AnalyzerError; nothing else may escape.  The refused ones of each game (a sample) and the
junk files also go through `analyzer ask` with `-o` into a fresh folder: exit code 2, one `error:` line on stderr,
no traceback, and the folder never made.  Loading is fast, so no mutant runs an analysis (an engine compiles for
10-70 s); the shipped scenarios' answers have their own tests.  ANALYZER_FUZZ_POSITIONS sets the mutants per game
(default 60).
"""
from __future__ import annotations

import copy
import os
import random
import re

import pytest
import yaml

from analyzer.core import registry, scenario
from analyzer.core.errors import AnalyzerError
from tests.cli_helpers import error_lines, invoke
from tests.junk import paths

MUTANTS = int(os.environ.get("ANALYZER_FUZZ_POSITIONS", "60"))
CLI_PER_GAME = 3
WRONG = ["x", 3.5, -1, True, None, [], {}, [[1]], {"a": 1}, "9" * 40]


def _shipped(game: str) -> list[tuple[str, dict, str]]:
    out = []
    for path in registry.scenarios(game):
        text = path.read_text(encoding="utf-8")
        data = scenario.parse(text, str(path))
        if "position" in data:
            out.append((path.name, data, text))
    return out


def _at(data, place):
    node = data
    for key in place[:-1]:
        node = node[key]
    return node


def _mutations(value, rng) -> list[tuple[str, object]]:
    """(kind, new value or DELETE) for one place."""
    out = [("deleted", DELETE), ("wrong type", rng.choice(WRONG))]
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out += [("above the box", value * 1000 + 1000), ("above the box", value + 1)]
    if isinstance(value, str):
        out += [("unknown name", "zzz-" + value[:8]), ("unknown name", value.upper() + "!")]
    if isinstance(value, list) and value:
        out += [("duplicated component", value + [copy.deepcopy(value[0])]), ("above the box", value * 6)]
    if isinstance(value, dict):
        out += [("unknown key", {**value, "zzz_unknown": 1})]
    return out


DELETE = object()


def mutants(game: str) -> list[tuple[str, str]]:
    """[(label, YAML text)]: MUTANTS seeded one-place mutations of the game's shipped positions, and text-level
    ones (a key given twice, junk)."""
    rng = random.Random(f"issue-50 {game}")
    shipped = _shipped(game)
    cases = []
    for name, data, _ in shipped:
        for place in paths({k: data[k] for k in ("position", "rules", "players") if k in data}):
            if place:
                cases += [(name, place, kind, new) for kind, new in _mutations(_at(data, place)[place[-1]], rng)]
    out = []
    for name, place, kind, new in rng.sample(cases, min(MUTANTS, len(cases))):
        data = copy.deepcopy(next(d for n, d, _ in shipped if n == name))
        node = _at(data, place)
        if new is DELETE:
            del node[place[-1]]
        else:
            node[place[-1]] = new
        out.append((f"{name} {'.'.join(map(str, place))} {kind}", yaml.safe_dump(data, allow_unicode=True)))
    name, _, text = shipped[0]
    first = re.search(r"^position:", text, re.M).start()
    out += [
        (f"{name} a top key twice", text + f"\ngame: {game}\n"),
        (f"{name} position twice", text[:first] + "position: {}\n" + text[first:]),
        ("position is a number", f"game: {game}\nposition: 3\n"),
        ("position is a list", f"game: {game}\nposition: [1, 2]\n"),
        ("broken YAML", f"game: {game}\nposition: {{\n"),
        ("binary", f"game: {game}\n\x00\x01position"),
        ("empty position", f"game: {game}\nposition:\n"),
        ("players junk", f"game: {game}\nplayers: lots\nposition: {{}}\n"),
    ]
    return out


def _load(text: str):
    """The scenario as `analyzer ask` reads it: None when it loads, else the error line."""
    try:
        data = scenario.parse(text, "mutant.yaml")
        registry.game(data["game"]).position(data)
    except AnalyzerError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("game", registry.GAMES)
def test_every_mutated_position_loads_or_is_refused_on_one_line_and_writes_nothing(game, tmp_path):
    refused = []
    for label, text in mutants(game):
        try:
            error = _load(text)
        except Exception as exc:  # noqa: BLE001 - the point: nothing but a one-line error may escape
            pytest.fail(f"{game} {label}: {type(exc).__name__}: {exc}")
        if error is not None:
            assert "\n" not in error and error.strip(), f"{game} {label}: {error!r}"
            refused.append((label, text))
    assert refused, f"{game}: no mutant refused"
    question = next(iter(registry.game(game).questions))
    picks = random.Random(game).sample(refused, min(CLI_PER_GAME, len(refused)))
    for i, (label, text) in enumerate(picks):
        path, out = tmp_path / f"m{i}.yaml", tmp_path / f"out{i}"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        result = invoke("ask", question, path, "-n", "10", "--seed", "1", "-j", "1", "-o", out)
        shown = f"{game} {label}: exit {result.exit_code}\n{result.output}"
        assert result.exit_code == 2, shown
        lines = result.stderr.strip().splitlines()
        assert error_lines(lines), shown
        assert "Traceback" not in result.output, shown
        assert not out.exists(), f"a failed run wrote {out}\n{shown}"


def test_the_issue_50_mutants_are_refused():
    """The two silent acceptances issue 50 found: a Samarkand bag listed twice, 60 Drunter yes votes."""
    bag = (registry.SCENARIOS / "samarkand_queen" / "two-player-bag.yaml").read_text()
    data = yaml.safe_load(bag)
    data["position"]["bag"] *= 2
    assert "position.bag: " in _load(yaml.safe_dump(data))
    votes = yaml.safe_load((registry.SCENARIOS / "drunter_druber" / "building-guess-votes.yaml").read_text())
    votes["position"]["opponents"][1]["voted_to_cover"] = {"B": 60}
    assert "position.opponents[1].voted_to_cover: 60 yes votes in all" in _load(yaml.safe_dump(votes))
