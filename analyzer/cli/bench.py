"""`analyzer bench`: speed benchmarks, against public comparison engines where one exists."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core.errors import ScenarioError
from analyzer.core.registry import GAMES


def bench(game: Annotated[Optional[str], typer.Argument(help=f"Which game: {', '.join(GAMES)} [default: all].")] = None,
          json_out: Annotated[Optional[Path], typer.Option("--json", help="Also write the table as JSON here.")] = None,
          quick: Annotated[bool, typer.Option(help="Fewer repetitions, for a smoke test.")] = False):
    """Measure speed, every game in one table: exact odds, rollouts and full games per second, `ev` wall time.

    Ratios are against a public comparison engine where one exists: for Camel Up the `camel-up-solver`
    package (pip install 'analyzer[bench]'); without it the ratios are left out."""
    from analyzer.core import bench as core_bench

    games = tuple(GAMES) if game is None else (game,)
    if game is not None and game not in GAMES:
        raise ScenarioError("game", f"got {game!r}; allowed: {', '.join(GAMES)}")
    table = core_bench.run(games, quick=quick)
    typer.echo(core_bench.render(table))
    if json_out is not None:
        core_bench.write_json(table, json_out)
        typer.echo(f"wrote {json_out}")
