"""Options shared by every analysis command, as Annotated aliases."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core.runner import CHUNK, DEFAULT_MAX_ROLLOUTS, RunSettings


class Backend(str, Enum):
    local = "local"
    dask = "dask"


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


DEFAULT_ROLLOUTS = 200_000
SCALE_PANEL = "Long runs and clusters"

Rollouts = Annotated[Optional[int], typer.Option(
    "--rollouts", "-n", min=1, help=f"Monte Carlo rollouts [default: the scenario's, else the game's: {DEFAULT_ROLLOUTS:,} for Camel Up, "
         "2,000 for Magellan].")]
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
BackendOpt = Annotated[Backend, typer.Option(
    "--backend", envvar="ANALYZER_BACKEND", rich_help_panel=SCALE_PANEL,
    help="Where the rollouts run: local worker processes, or an existing Dask cluster (see --scheduler); the same "
         "seed gives the same table.")]
Scheduler = Annotated[Optional[str], typer.Option(
    "--scheduler", envvar="ANALYZER_SCHEDULER", show_default=False, rich_help_panel=SCALE_PANEL,
    help="Dask scheduler address for --backend dask, tcp://HOST:PORT.")]
Precision = Annotated[Optional[float], typer.Option(
    "--precision", show_default=False, rich_help_panel=SCALE_PANEL,
    help="Add rollouts until every reported estimate's 95% half-width is at most this (e.g. 0.005; for `ev`, in "
         "coins), or --max-rollouts is reached; replaces --rollouts.")]
MaxRollouts = Annotated[Optional[int], typer.Option(
    "--max-rollouts", show_default=False, rich_help_panel=SCALE_PANEL,
    help=f"The most rollouts a --precision run may do [default: {DEFAULT_MAX_ROLLOUTS:,}].")]
Checkpoint = Annotated[Optional[Path], typer.Option(
    "--checkpoint", dir_okay=False, show_default=False, rich_help_panel=SCALE_PANEL,
    help="Save the merged counts to this file after every chunk; an interrupted run goes on with --resume FILE.")]
Resume = Annotated[Optional[Path], typer.Option(
    "--resume", dir_okay=False, show_default=False, rich_help_panel=SCALE_PANEL,
    help="Go on with the run saved in this checkpoint (same command, scenario, seed and --rollouts or "
         "--precision); the tables equal an uninterrupted run's.")]


def identity(command: str, scenario: dict, source: str = "") -> dict:
    """What a run answers, for checkpoints: the command and a digest of the scenario (less its `analysis:` block)."""
    import hashlib
    import json

    def canonical(value):
        if isinstance(value, dict):
            return {str(k): canonical(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [canonical(v) for v in value]
        if isinstance(value, (set, frozenset)):
            return sorted((canonical(v) for v in value), key=repr)
        return value

    body = {k: v for k, v in scenario.items() if k not in ("analysis", "title", "description")}
    text = json.dumps(canonical(body), sort_keys=True, default=str)
    return {"command": command, "scenario": hashlib.sha256(text.encode()).hexdigest()[:20], "source": source}


def settings(scenario_analysis: dict, rollouts, seed, jobs, no_progress: bool, *, backend: Backend = Backend.local,
             scheduler: str | None = None, precision: float | None = None, max_rollouts: int | None = None,
             checkpoint: Path | None = None, resume: Path | None = None, identity: dict | None = None) -> RunSettings:
    """The run settings from the command line, falling back on the scenario's `analysis:` block.

    `identity` (see `identity()`) names the command and scenario in checkpoints, so --resume refuses another's."""
    from analyzer.core import runner
    from analyzer.core.errors import AnalyzerError

    if precision is not None and rollouts is not None:
        raise AnalyzerError("--rollouts and --precision: give one; a --precision run is capped by --max-rollouts")
    rollouts = rollouts or scenario_analysis.get("rollouts", DEFAULT_ROLLOUTS)
    seed = seed if seed is not None else scenario_analysis.get("seed")
    jobs = jobs if jobs is not None else scenario_analysis.get("jobs")
    limit = (max_rollouts or runner.DEFAULT_MAX_ROLLOUTS) if precision is not None else rollouts
    if jobs is None:
        jobs = 1 if limit <= 4 * CHUNK else -1  # worker start-up costs more than a short run
    run = RunSettings(rollouts=rollouts, seed=seed, jobs=jobs, progress=not no_progress,
                      backend=Backend(backend).value, scheduler=scheduler, precision=precision,
                      max_rollouts=max_rollouts, checkpoint=checkpoint, resume=resume, identity=identity)
    runner.validate(run)
    if run.backend == "dask":
        from analyzer.core import backends

        backends.check_address(scheduler)  # before any exact work: a missing address fails at once
    return run


def emit(result, fmt: Format, out: Path | None) -> None:
    from analyzer.core import tables

    if out is not None:
        tables.write_outputs(result, out)
    typer.echo(tables.render(result, fmt.value))
    if out is not None and fmt is Format.table:
        typer.echo(f"wrote tables and plots to {out}/")
