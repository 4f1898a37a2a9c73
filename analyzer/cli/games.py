"""`analyzer games` (what each registered game answers) and `analyzer board` (a game's board file)."""
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
        "board_template": game.board_template is not None, "policies": list(game.policies),
        "scenarios": [str(p.relative_to(root)) for p in registry.scenarios(game.name)],
    }


def _text(entry: dict) -> str:
    players = entry["players"]
    lines = [f"{entry['name']} — {entry['title']} (version {entry['version']}, "
             f"{players['min']}–{players['max']} players)"]
    if entry["summary"]:
        lines.append(f"  {entry['summary']}")
    for name, q in entry["questions"].items():
        size = f" [{q['default_rollouts']:,} rollouts]" if q["default_rollouts"] else " [exact]"
        lines.append(f"  {name:<8} {q['summary']}{size}")
    extras = [what for what, key, how in (
        ("balance, strength, report", "full_games", "full games"), (f"{entry['name']} ...", "quick_entry", "quick entry"),
        (f"board {entry['name']} --template", "board_template", "board file")) if entry[key]]
    if extras:
        lines.append("  also:    " + "; ".join(f"analyzer {e}" for e in extras))
    if entry["policies"]:
        lines.append("  players: " + ", ".join(entry["policies"]) + " (balance, strength)")
    if entry["scenarios"]:
        lines.append(f"  scenarios ({len(entry['scenarios'])}): " + ", ".join(Path(p).name for p in entry["scenarios"]))
    return "\n".join(lines)


def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
          fmt: Annotated[Optional[str], typer.Option("--format", "-f", help="`table` (default) or `json`.")] = None):
    """List every game with its version, table size, the questions it answers and the scenarios shipped for it.

    `odds` and `ev` are asked as `analyzer odds|ev SCENARIO`; any question as `analyzer ask QUESTION SCENARIO`.
    A question's default rollouts apply when neither -n nor the scenario's `analysis.rollouts` gives one."""
    from analyzer.core.errors import AnalyzerError

    if fmt not in (None, "table", "json"):
        raise AnalyzerError(f"--format: got {fmt!r}; allowed: table, json")
    entries = [describe(g) for g in registry.games()]
    if as_json or fmt == "json":
        typer.echo(json.dumps(entries, indent=2))
    else:
        typer.echo("\n\n".join(_text(e) for e in entries))


def board(game: GameName,
          template: Annotated[bool, typer.Option("--template", help="Write the board file to fill in from the "
                                                                    "printed board.")] = False,
          out: Annotated[Optional[Path], typer.Option("--out", "-o", dir_okay=False,
                                                      help="Write it here [default: print it].")] = None):
    """A game's board file: the numbers printed on the board that no source gives, to copy from your own board.

    The template holds the illustrative default; replace its numbers with the printed ones and put the block
    in your scenario (its comments say where). Outputs computed on the default say "illustrative"."""
    import os

    from analyzer.core.errors import AnalyzerError, ScenarioError
    from analyzer.core.game import resolve

    spec = registry.game(game)
    if not template:
        raise AnalyzerError("board: say --template to write the board file (see `analyzer board --help`)")
    if spec.board_template is None:
        with_one = [g.name for g in registry.games() if g.board_template is not None]
        raise ScenarioError("game", f"{game} has no board file: every number it needs is in its rules; games with "
                                    f"one: {', '.join(with_one) or 'none'}")
    text = resolve(spec.board_template)()
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists():
        raise AnalyzerError(f"--out: {out} exists; remove it or name another file")
    tmp = out.with_name(f".{out.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise AnalyzerError(f"--out: cannot write {out}: {exc.strerror or exc}") from None
    typer.echo(f"wrote {out}")
