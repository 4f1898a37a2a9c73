"""`analyzer show SCENARIO`: check a position and describe it: a one-screen summary (each seat, what is hidden,
every default the loader filled in) and, with -o, the board picture with the position's pieces on it."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.core import registry

Picture = Annotated[Optional[Path], typer.Option(
    "--out", "-o", dir_okay=False, show_default=False,
    help="Also draw the board with the position's pieces into this file: .png or .svg.")]


BALANCE_KEYS = {"variants", "ladder", "policies", "tune"}


def _rule_sets(game, data: dict, path: Path) -> str:
    """A balance scenario: not a position but rule sets played from the set-up; what it names, and how to
    check it (loading its rule sets needs the game's engine, far from the second `show` answers in)."""
    import textwrap

    variants = data.get("variants") if isinstance(data.get("variants"), dict) else {}
    ladder = data.get("ladder") if isinstance(data.get("ladder"), list) else []
    lines = textwrap.wrap(f"{game.title}: {data.get('title') or path.name}", 79, subsequent_indent="  ")
    lines += textwrap.wrap(
        f"a balance scenario, not a position: {len(variants) or 1} rule set(s) "
        f"({', '.join(map(str, variants)) or 'the base rules'}) played from the set-up"
        + (f", under each of {', '.join(map(str, ladder))}" if ladder else ""), 79, subsequent_indent="  ")
    if isinstance(data.get("tune"), dict):
        lines += textwrap.wrap(f"tunes {data['tune'].get('setting')} over "
                               f"{len(data['tune'].get('values') or [])} candidate(s)", 79)
        return "\n".join([*lines, "check and play it: analyzer tune SCENARIO -n 400"])
    return "\n".join([*lines, "check and play it: analyzer balance SCENARIO -n 100"])


def show(scenario: opt.ScenarioPath, out: Picture = None):
    """Check a scenario's position and show it: each seat, what is hidden, every default the loader filled in.

    The position loads exactly as for `analyzer odds|ev|ask` (the same one-line errors, exit 2).
    With `-o FILE.png` (or .svg) the board is drawn with the pieces on it, where the game has a board picture."""
    from analyzer.core import board, scenario as sc, summary
    from analyzer.core.errors import AnalyzerError
    from analyzer.core.game import resolve

    if out is not None:
        board.check_path(out)
    data = sc.load(scenario)
    game = registry.game(data["game"])
    if game.full_games is not None and "position" not in data and BALANCE_KEYS & set(data):
        if out is not None:
            raise AnalyzerError("--out: a balance scenario plays from the set-up; `analyzer board "
                                f"{game.name} -o FILE.png` draws the board")
        typer.echo(_rule_sets(game, data, scenario))
        return
    position = game.position(data)
    title = f"{game.title}: {data.get('title') or scenario.name} (loads: every question can be asked)"
    typer.echo(summary.summary(title, position, data))
    if out is None:
        return
    if game.picture is None:
        raise AnalyzerError(f"--out: {game.name} has no board picture; the summary above is the whole position")
    board.save(resolve(game.picture)(position), out)
    typer.echo(f"wrote {out}")
