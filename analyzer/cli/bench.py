"""`analyzer bench`: speed benchmarks, against public comparison engines where one exists."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core import registry


def bench(game: Annotated[Optional[str], typer.Argument(
              help=f"Which game: {', '.join(registry.GAMES)} [default: every game with benchmarks].")] = None,
          json_out: Annotated[Optional[Path], typer.Option("--json", help="Also write the table as JSON here.")] = None,
          quick: Annotated[bool, typer.Option(help="Fewer repetitions, for a smoke test.")] = False):
    """Measure speed, every game in one table: exact odds, rollouts and full games per second, `ev` wall time.

    Ratios are against a public comparison engine where one exists (pip install 'analyzer[bench]');
    without it the ratios are left out."""
    from analyzer.core import bench as core_bench
    from analyzer.core import tables

    games = registry.games() if game is None else [registry.game(game)]
    if json_out is not None:
        tables.check_out_file(json_out, "--json")
    table = core_bench.run([g for g in games if g.bench is not None], quick=quick)
    typer.echo(core_bench.render(table))
    if json_out is not None:
        try:
            core_bench.write_json(table, json_out)
        except OSError as exc:
            raise tables.write_error("--json", json_out, exc) from None
        typer.echo(f"wrote {json_out}")
