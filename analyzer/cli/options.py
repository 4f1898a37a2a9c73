"""Options shared by every analysis command, as Annotated aliases."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core.runner import RunSettings


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


DEFAULT_ROLLOUTS = 200_000

Rollouts = Annotated[Optional[int], typer.Option(
    "--rollouts", "-n", min=1, help=f"Monte Carlo rollouts [default: the scenario's, else {DEFAULT_ROLLOUTS:,}].")]
Seed = Annotated[Optional[int], typer.Option(
    min=0, help="Root seed; the same seed gives the same table for any --jobs [default: the scenario's, else "
                "a fresh one, printed with the result].")]
Jobs = Annotated[Optional[int], typer.Option(
    "--jobs", "-j", help="Worker processes; -1 = every core [default: the scenario's, else one for short runs, "
                         "every core for long ones].")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="How to print the result.")]
Out = Annotated[Optional[Path], typer.Option(
    "--out", "-o", help="Also write every table as CSV and JSON, plus PNG plots, into this folder.",
    file_okay=False)]
NoProgress = Annotated[bool, typer.Option("--no-progress", help="Never show the progress bar.")]


def settings(scenario_analysis: dict, rollouts, seed, jobs, no_progress: bool) -> RunSettings:
    rollouts = rollouts or scenario_analysis.get("rollouts", DEFAULT_ROLLOUTS)
    seed = seed if seed is not None else scenario_analysis.get("seed")
    jobs = jobs if jobs is not None else scenario_analysis.get("jobs")
    if jobs is None:
        jobs = 1 if rollouts <= 4 * 65_536 else -1  # worker start-up costs more than a short run
    return RunSettings(rollouts=rollouts, seed=seed, jobs=jobs, progress=not no_progress)


def emit(result, fmt: Format, out: Path | None) -> None:
    from analyzer.core import tables

    if out is not None:
        tables.write_outputs(result, out)
    typer.echo(tables.render(result, fmt.value))
    if out is not None and fmt is Format.table:
        typer.echo(f"wrote tables and plots to {out}/")
