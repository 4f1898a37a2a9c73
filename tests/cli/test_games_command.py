"""`analyzer games` (every game, one line each), `analyzer games GAME` (its questions, an example command each),
`analyzer ask --help` pointing to it, and a start that imports nothing heavy."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.core import registry, scenario
from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[2]


def test_the_list_of_games_is_one_short_line_or_two_a_game():
    result = invoke("games")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert len(lines) <= 2 * len(registry.GAMES) + 2
    assert all(registry.game(g).title in result.stdout for g in registry.GAMES)
    assert "analyzer games GAME" in result.stdout


@pytest.mark.parametrize("name", registry.GAMES)
def test_a_game_lists_its_questions_each_with_a_command_that_asks_it(name):
    game = registry.game(name)
    result = invoke("games", name.replace("_", "-") if name == "finstere_flure" else name)
    assert result.exit_code == 0, result.output
    assert all(len(line) <= 80 for line in result.stdout.splitlines() if not line.startswith("    analyzer "))
    shown = json.loads(invoke("games", name, "--format", "json").stdout)["examples"]
    assert set(shown) <= {*game.questions, "balance"}
    for question, command in shown.items():
        assert command in result.stdout
        words = command.split()
        path = ROOT / words[-1] if question != "balance" else ROOT / words[2]
        data = scenario.load(path)
        assert registry.game(data["game"]) is game
        if question == "balance":
            assert data.get("variants") is not None and data.get("position") is None
            continue
        assert command.startswith(f"analyzer {question if question in ('odds', 'ev') else 'ask ' + question} ")
        game.position(data)  # the example's scenario loads
    # every question the shipped positions support has its example
    supported = set()
    for path in registry.scenarios(name):
        data = scenario.load(path)
        if data.get("position") is not None:
            supported |= set(game.supported(game.position(data)))
    assert supported <= set(shown)


def test_an_unknown_game_is_one_line():
    one_line_error(invoke("games", "chess"), "chess")


def test_ask_help_shows_an_example_and_points_to_games():
    text = " ".join(invoke("ask", "--help").stdout.split())
    assert "Example: analyzer ask QUESTION scenarios/GAME/FILE.yaml" in text
    assert "analyzer games GAME" in text


HEAVY = ("numpy", "pandas", "matplotlib", "numba", "joblib", "scipy", "dask", "pydantic")
FIVE_DICE = "scenarios/camelup/five-dice.yaml"


def imported(args, modules, columns: int | None = None) -> list[str]:
    """Which of `modules` the command line `analyzer ARGS` imports, run in a fresh process (its output fitted to
    `columns`, as on a terminal, where given)."""
    code = ("import sys; from analyzer.cli import main; sys.argv = ['analyzer', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print('HEAVY', sorted(m for m in {tuple(modules)!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               **({"COLUMNS": str(columns)} if columns else {})})
    line = [x for x in done.stderr.splitlines() if x.startswith("HEAVY ")]
    assert line, done.stderr[-2000:]
    return eval(line[-1][len("HEAVY "):])


@pytest.mark.parametrize("args", [["--help"], ["games"], ["games", "camelup"], ["ask", "--help"], ["ev", "--help"],
                                  ["balance", "--help"], ["warm", "--help"]])
def test_the_start_imports_nothing_heavy(args):
    """`analyzer --help` and `analyzer games` stay quick: none of the heavy libraries is imported (pydantic, which
    typer coerces parameters with, included: plain values pass without it, `cli/plain.py`), a game's sub-app (which
    loads its engine) included (speed itself is measured, not tested: python -X importtime -m analyzer --help, and
    `make bench`'s start-up rows)."""
    assert imported(args, HEAVY) == []


OTHER_GAMES = tuple(f"analyzer.games.{name}" for name in registry.GAMES if name != "camelup")


@pytest.mark.parametrize("args", [["ev", FIVE_DICE], ["odds", FIVE_DICE], ["ev", FIVE_DICE, "-f", "json"],
                                  ["ev", FIVE_DICE, "--wide"]])
def test_a_one_shot_camel_up_answer_imports_only_what_it_uses(args):
    """numpy for the odds; into a pipe (or --wide) the whole tables are written without pandas too
    (`core.frametext`); never the plotting, the compiler, the worker pools, nor pydantic (a path, a number and a
    choice pass typer's coercion without it, `cli/plain.py`); nor any other game's package (the commands' help,
    which names every game's, is gathered only when a help is shown)."""
    assert imported(args, HEAVY[1:] + OTHER_GAMES) == []


@pytest.mark.parametrize("args", [["ev", FIVE_DICE], ["odds", FIVE_DICE], ["odds", "scenarios/camelup/mid-leg.yaml"],
                                  ["ev", "scenarios/camelup/supercup-all-modules.yaml"]])
def test_a_one_shot_camel_up_answer_at_the_terminal_imports_no_pandas(args):
    """At the terminal the tables are fitted from plain lists (`core.flat`): no pandas, and no numba (the small
    exact legs walk in Python in a one-shot process, `exact.small_kernel`); nor exact fractions (fractions,
    decimal).  platformdirs (and the tempfile it imports, about 15 ms) finds the cached race tables' folder."""
    assert imported(args, HEAVY[1:] + ("fractions", "decimal"), columns=80) == []


def test_a_table_event_at_the_command_line_imports_no_tables_library(tmp_path):
    """One event, one process (`analyzer camelup table roll b 2`): the answers after it need no pandas, and the
    sub-app is found without importing any other game's package."""
    table = ["camelup", "table", "--state", str(tmp_path / "t.json")]
    banned = ("pandas", "matplotlib", "numba", "joblib", "scipy", "dask", "pydantic", *OTHER_GAMES)
    assert imported([*table, "new", "--track", "1:bg 3:y 4:ow"], banned) == []
    assert imported([*table, "roll", "b", "2"], banned) == []
    assert (tmp_path / "t.json").exists()


def test_a_game_sub_app_is_listed_unloaded_and_loaded_when_it_runs():
    listed = invoke("--help", env={"COLUMNS": "200"})
    assert "camelup " in listed.stdout and "Magellan at the table" in listed.stdout
    result = invoke("camelup", "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "analyzer camelup ev --track" in result.stdout
    one_line_error(invoke("camelpu"), "Did you mean 'camelup'")


def test_the_command_leaves_its_objects_out_of_the_interpreters_last_collection():
    """At exit the command freezes what is still alive (`cli.main`): the interpreter's last collection, which walked
    every imported object (0.3-0.8 s after a balance run), skips them.  A hook registered before `main` runs after
    the command's own."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('FROZEN', gc.get_freeze_count(), file=sys.stderr))\n"
            "from analyzer.cli import main; sys.argv = ['analyzer', 'games']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    line = [x for x in done.stderr.splitlines() if x.startswith("FROZEN ")]
    assert line and int(line[0].split()[1]) > 1000, done.stderr[-2000:]
