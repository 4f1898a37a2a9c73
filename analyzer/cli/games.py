"""`analyzer games` (what each registered game answers) and `analyzer board` (a game's board: its picture, or
the board file to fill in)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core import registry


GameName = Annotated[str, typer.Argument(help=f"The game: {', '.join(registry.GAMES)}.", show_default=False)]


def describe(game) -> dict:
    """What `analyzer games` says of one game."""
    root = registry.SCENARIOS.parent
    return {
        "name": game.name, "title": game.title, "version": game.version,
        "players": {"min": game.players[0], "max": game.players[1]}, "summary": game.summary,
        "questions": {name: {"summary": q.summary, "default_rollouts": q.default_rollouts}
                      for name, q in game.questions.items()},
        "full_games": game.full_games is not None, "quick_entry": game.quick_entry is not None,
        "board_template": game.board_template is not None, "board_picture": game.picture is not None,
        "policies": list(game.policies),
        "scenarios": [str(p.relative_to(root)) for p in registry.scenarios(game.name)],
    }


INDENT = " " * 11
EXAMPLE = " " * 4  # an example command: never wrapped, so it copies whole


def _text(entry: dict, examples: dict | None = None) -> str:
    """One game in full: its questions (each with an example command, when `examples` are given)."""
    import textwrap

    def wrapped(head: str, text: str) -> list[str]:
        first = f"  {head:<8} " if len(head) <= 8 else None
        lines = [] if first else [f"  {head}"]
        return lines + textwrap.wrap(text, 79, initial_indent=first or INDENT, subsequent_indent=INDENT,
                                     break_on_hyphens=False)

    players = entry["players"]
    lines = [f"{entry['name']} — {entry['title']} (version {entry['version']}, "
             f"{players['min']}–{players['max']} players)"]
    if entry["summary"]:
        lines += textwrap.wrap(entry["summary"], 79, initial_indent="  ", subsequent_indent="  ")
    for name, q in entry["questions"].items():
        size = f" [{q['default_rollouts']:,} rollouts]" if q["default_rollouts"] else " [exact]"
        lines += wrapped(name, f"{q['summary']}{size}")
        if examples is not None:
            lines.append(EXAMPLE + (examples.get(name) or "(no shipped scenario supports it: see the game's page)"))
    extras = [what for what, key, how in (
        ("balance, strength, report", "full_games", "full games"),
        (f"{entry['name']} ...", "quick_entry", "quick entry"),
        (f"board {entry['name']}", "board_picture", "board picture"),
        (f"board {entry['name']} --template", "board_template", "board file")) if entry[key]]
    if extras:
        lines += wrapped("also:", "; ".join(f"analyzer {e}" for e in extras))
    if entry["policies"]:
        lines += wrapped("players:", ", ".join(entry["policies"]) + " (balance, strength)")
    if examples is not None and examples.get("balance"):
        lines.append(EXAMPLE + examples["balance"])
    if entry["scenarios"]:
        lines += wrapped(f"scenarios ({len(entry['scenarios'])}):", ", ".join(Path(p).name for p in entry["scenarios"]))
    return "\n".join(lines)


def _line(entry: dict) -> str:
    """One game in one line, for the list of every game."""
    import textwrap

    players = entry["players"]
    return "\n".join(textwrap.wrap(f"{entry['title']} ({players['min']}–{players['max']} players): "
                                   + ", ".join(entry["questions"]), 79, initial_indent=f"{entry['name']:<19} ",
                                   subsequent_indent=" " * 20))


def _command(question: str, path: str) -> str:
    return f"analyzer {question if question in ('odds', 'ev') else 'ask ' + question} {path}"


def examples(game) -> dict[str, str]:
    """One command per question (and `balance`), on a shipped scenario: one whose comments show that command,
    else the first position scenario that supports the question."""
    root = registry.SCENARIOS.parent
    files = {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in registry.scenarios(game.name)}
    positions = {k: v for k, v in files.items() if not Path(k).name.startswith("balance-")}
    found = {}
    for question in game.questions:
        shown = _command(question, "")
        found[question] = next((_command(question, k) for k, text in positions.items()
                                if shown in text or f"{shown.strip()} {Path(k).name}" in text), None)
    missing = [q for q, c in found.items() if c is None]
    if missing:
        from analyzer.core import scenario

        for path in positions:
            try:
                supported = game.supported(game.position(scenario.load(root / path)))
            except Exception:  # noqa: BLE001 - a scenario that does not load here is no example
                continue
            for question in [q for q in missing if q in supported]:
                found[question] = _command(question, path)
                missing.remove(question)
            if not missing:
                break
    balance = [k for k in files if Path(k).name.startswith("balance-")]
    if game.full_games is not None and balance:
        found["balance"] = f"analyzer balance {balance[0]} -n 1000"
    return {k: v for k, v in found.items() if v is not None}


GameArg = Annotated[Optional[str], typer.Argument(
    help="A game: its questions, each with an example command [default: every game, one line each].",
    show_default=False)]


def games(game: GameArg = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
          fmt: Annotated[Optional[str], typer.Option("--format", "-f", help="`table` (default) or `json`.")] = None):
    """List every game, one line each; `analyzer games GAME`: that game's questions with an example command each.

    `odds` and `ev` are asked as `analyzer odds|ev SCENARIO`; any question as `analyzer ask QUESTION SCENARIO`.
    A question's default rollouts apply when neither -n nor the scenario's `analysis.rollouts` gives one.
    JSON: every game's entry (version, players, questions, scenarios); with GAME, that game's, with `examples`."""
    from analyzer.core.errors import AnalyzerError

    if fmt not in (None, "table", "json"):
        raise AnalyzerError(f"--format: got {fmt!r}; allowed: table, json")
    if game is not None:
        spec = registry.game(game)
        entry, shown = describe(spec), examples(spec)
        if as_json or fmt == "json":
            typer.echo(json.dumps({**entry, "examples": shown}, indent=2))
        else:
            typer.echo(_text(entry, shown))
        return
    entries = [describe(g) for g in registry.games()]
    if as_json or fmt == "json":
        typer.echo(json.dumps(entries, indent=2))
    else:
        typer.echo("\n".join([*(_line(e) for e in entries), "",
                               "`analyzer games GAME`: a game's questions, each with an example command."]))


def board(game: GameName,
          template: Annotated[bool, typer.Option("--template", help="Write the board file to fill in from the "
                                                                    "printed board.")] = False,
          out: Annotated[Optional[Path], typer.Option(
              "--out", "-o", dir_okay=False,
              help="Write the picture here: .png or .svg (with --template: the board file) [default: print the "
                   "board where it fits the terminal].")] = None):
    """A game's board with every id a scenario uses printed on it: in the terminal, or as a picture with -o.

    `-o board.png` (or .svg) draws it; a board too large for 80 columns is only drawn. `--template` writes the
    board file instead: the numbers printed on the board that no source gives, to copy from your own board
    (outputs computed on the illustrative default say "illustrative")."""
    from analyzer.core.game import resolve

    spec = registry.game(game)
    if template:
        _template(spec, out)
        return
    if spec.picture is None:
        typer.echo(f"{spec.name} has no board picture: its positions name no places on a board the analyzer holds")
        return
    from analyzer.core import board as drawing

    picture = resolve(spec.picture)(None)
    if out is not None:
        drawing.save(picture, out)
        typer.echo(f"wrote {out}")
        return
    typer.echo(drawing.text(picture) or f"{picture.title}\nToo large for the terminal: draw it with "
                                         f"`analyzer board {spec.name} -o board.png` (or .svg).")


def _template(spec, out: Path | None) -> None:
    from analyzer.core.errors import ScenarioError
    from analyzer.core.game import resolve

    if spec.board_template is None:
        with_one = [g.name for g in registry.games() if g.board_template is not None]
        raise ScenarioError("game", f"{spec.name} has no board file: every number it needs is in its rules; games "
                                    f"with one: {', '.join(with_one) or 'none'}")
    text = resolve(spec.board_template)()
    if out is None:
        typer.echo(text, nl=False)
        return
    from analyzer.core.files import write_new

    write_new(out, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    typer.echo(f"wrote {out}")
