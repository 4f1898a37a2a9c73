"""`analyzer board GAME` (the board picture, its terminal form, --template) and `analyzer show SCENARIO` (the
position checked as the question commands check it, summarised, drawn): every shipped scenario shows, bad ones
fail exactly as `analyzer ask` fails on them, and nothing half written is left."""
from __future__ import annotations

import random

import pytest
import yaml

from analyzer.core import registry
from tests.cli.test_fuzz_positions import mutants
from tests.cli_helpers import invoke, one_line_error

SHIPPED = [p for g in registry.GAMES for p in registry.scenarios(g)]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_show_reads_every_shipped_scenario(path):
    result = invoke("show", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= 79 and len(lines) <= 44
    if not path.name.startswith(("balance-", "tune-")):
        assert "defaults the loader filled in" in result.stdout


def _first_words(text: str) -> str:
    return text.strip().splitlines()[0]


@pytest.mark.parametrize("game", ["catan", "finstere_flure", "puerto_rico", "san_marco", "cafe_international"])
def test_show_fails_on_a_bad_position_as_the_question_commands_do(game, tmp_path):
    refused = 0
    for i, (label, text) in enumerate(random.Random(f"show {game}").sample(mutants(game), 12)):
        path = tmp_path / f"m{i}.yaml"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        asked = invoke("ask", next(iter(registry.game(game).questions)), path, "-n", "10", "--seed", "1", "-j", "1")
        if asked.exit_code != 2:
            continue
        shown = invoke("show", path, "-o", tmp_path / f"m{i}.png")
        one_line_error(shown)
        assert _first_words(shown.stderr) == _first_words(asked.stderr), label
        assert not (tmp_path / f"m{i}.png").exists()
        refused += 1
    assert refused >= 3


def test_show_lists_the_defaults_and_what_is_hidden():
    result = invoke("show", registry.SCENARIOS / "catan" / "where-to-settle.yaml")
    out = result.stdout
    assert result.exit_code == 0
    assert "seat 0: hands {wood: 1, brick: 1, sheep: 0, grain: 0, ore: 0}" in out and "seat 1: hands 4" in out
    assert "hidden (counts only): seat 1's 4 cards" in out
    defaults = out.split("defaults the loader filled in (not in the scenario):")[1]
    assert "board:" in defaults and "ILLUSTRATIVE" in defaults and "robber" not in defaults  # robber: given


def test_a_started_puerto_rico_game_needs_its_boards(tmp_path):
    path = tmp_path / "pr.yaml"
    path.write_text(yaml.safe_dump({"game": "puerto_rico", "players": 4,
                                    "position": {"round": 3, "discard_pile": {"corn": 1}}}))
    for command in (("show",), ("odds",)):
        one_line_error(invoke(*command, path), "position.boards: required once the game has started")


def test_show_draws_the_position(tmp_path):
    out = tmp_path / "pos.png"
    result = invoke("show", registry.SCENARIOS / "san_marco" / "choose.yaml", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000 and f"wrote {out}" in result.stdout
    one_line_error(invoke("show", registry.SCENARIOS / "san_marco" / "choose.yaml", "-o", out), "--out", "exists")
    one_line_error(invoke("show", registry.SCENARIOS / "san_marco" / "choose.yaml", "-o", tmp_path / "p.gif"),
                   "--out", ".png or .svg")


def test_show_draws_nothing_for_a_game_without_a_picture(tmp_path):
    position = next(p for p in registry.scenarios("oltre_mare") if "position" in p.read_text())
    one_line_error(invoke("show", position, "-o", tmp_path / "x.png"), "--out", "no board picture")
    assert not list(tmp_path.iterdir())


def test_board_prints_a_board_that_fits_and_points_to_the_picture_otherwise(tmp_path):
    small = invoke("board", "finstere_flure")
    assert small.exit_code == 0 and "squares [x, y]" in small.stdout
    assert max(len(line) for line in small.stdout.splitlines()) <= 79
    large = invoke("board", "catan")
    assert large.exit_code == 0 and "analyzer board catan -o board.png" in large.stdout
    none = invoke("board", "oltre_mare")
    assert none.exit_code == 0 and none.stdout.strip().count("\n") == 0 and "no board picture" in none.stdout


@pytest.mark.parametrize("suffix", ["png", "svg"])
def test_board_writes_the_picture(tmp_path, suffix):
    out = tmp_path / f"catan.{suffix}"
    result = invoke("board", "catan", "-o", out)
    assert result.exit_code == 0 and out.stat().st_size > 1000
    one_line_error(invoke("board", "catan", "-o", tmp_path / "catan.txt"), "--out", ".png or .svg")


def test_board_template_still_writes_the_board_file(tmp_path):
    out = tmp_path / "board.yaml"
    assert invoke("board", "himalaya", "--template", "-o", out).exit_code == 0
    assert "rules:" in out.read_text()


@pytest.mark.parametrize("args", [("board", "himalaya", "--template"), ("board", "catan"),
                                  ("show", "scenarios/catan/where-to-settle.yaml")])
def test_a_picture_or_board_file_that_cannot_be_written_is_one_line_and_leaves_nothing(tmp_path, args):
    suffix = ".yaml" if "--template" in args else ".png"
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    one_line_error(invoke(*args, "-o", blocker / f"out{suffix}"), "--out", "cannot write")
    taken = tmp_path / f"taken{suffix}"
    taken.write_text("mine")
    one_line_error(invoke(*args, "-o", taken), "--out", "exists")
    assert taken.read_text() == "mine" and sorted(p.name for p in tmp_path.iterdir()) == ["a-file", taken.name]


def test_show_prints_names_not_indices_and_no_python_reprs():
    crops = invoke("show", registry.SCENARIOS / "puerto_rico" / "hacienda.yaml").stdout
    assert "stack: {corn: 2, indigo: 4, sugar: 5, tobacco: 3, coffee: 2}" in crops
    assert "display: [coffee, tobacco, sugar, indigo, indigo]" in crops
    camels = invoke("show", registry.SCENARIOS / "camelup" / "mid-leg.yaml").stdout
    assert "stacks: {1: [blue, green], 3: [yellow], 4: [orange, white]}" in camels
    cards = invoke("show", registry.SCENARIOS / "st_petersburg" / "purchase-roi.yaml").stdout
    assert "phase: aristocrat" in cards and "upper: [Secretary, Controller, Weaving Mill]" in cards
    assert "seat 0: upper" not in cards  # a row of 3 cards with 3 players is not one card a seat
    for out in (crops, camels, cards):
        assert "Focus(" not in out and "True" not in out and "None" not in out


def test_every_answer_lists_the_defaults_it_rests_on(tmp_path):
    path = registry.SCENARIOS / "puerto_rico" / "hacienda.yaml"
    answer = invoke("odds", path)
    assert answer.exit_code == 0, answer.output
    assert "assumed (not in the scenario" in answer.stdout and "round 1" in answer.stdout
    assert "colonists 75" in answer.stdout
    shown = invoke("show", path).stdout.split("defaults the loader filled in (not in the scenario):")[1]
    assert "colonists: 75" in shown
