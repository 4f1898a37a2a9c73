"""Options shared by every analysis command, as Annotated aliases."""
from __future__ import annotations

import functools
import inspect
import typing
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core.runner import DEFAULT_MAX_ROLLOUTS, RunSettings


class Backend(str, Enum):
    local = "local"
    dask = "dask"


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"


SCALE_PANEL = "Long runs and clusters"

Rollouts = Annotated[Optional[int], typer.Option(
    "--rollouts", "-n", min=1, help="Monte Carlo rollouts, at most 10^12 [default: the scenario's "
                                    "analysis.rollouts, else the question's own: see `analyzer games`].")]
Seed = Annotated[Optional[int], typer.Option(
    min=0, help="Root seed; the same seed gives the same table for any --jobs [default: the scenario's, else "
                "a fresh one, printed with the result].")]
Jobs = Annotated[Optional[int], typer.Option(
    "--jobs", "-j", help="Worker processes; -1 = every core [default: the scenario's, else 1 up to 1,048,576 "
                         "rollouts (--max-rollouts for --precision; starting workers takes about 0.4 s, more than "
                         "they save below that), every core above; the results are the same for any --jobs].")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="How to print the result.")]
Out = Annotated[Optional[Path], typer.Option(
    "--out", "-o", help="Also write every table as CSV and JSON, plus PNG plots, into this folder: a new or empty "
                        "one, or one analyzer wrote before (it is replaced as a whole).",
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
    help=f"The most rollouts a --precision run may do, at most 10^12 [default: {DEFAULT_MAX_ROLLOUTS:,}].")]
ConnectTimeout = Annotated[Optional[float], typer.Option(
    "--connect-timeout", envvar="ANALYZER_CONNECT_TIMEOUT", show_default=False, rich_help_panel=SCALE_PANEL,
    help="Seconds to wait for the Dask scheduler to answer [default: 10].")]
Checkpoint = Annotated[Optional[Path], typer.Option(
    "--checkpoint", dir_okay=False, show_default=False, rich_help_panel=SCALE_PANEL,
    help="Save the merged counts to this file after every chunk; an interrupted run goes on with --resume FILE.")]
Resume = Annotated[Optional[Path], typer.Option(
    "--resume", dir_okay=False, show_default=False, rich_help_panel=SCALE_PANEL,
    help="Go on with the run saved in this checkpoint (same command, scenario, seed and --rollouts or "
         "--precision); the tables equal an uninterrupted run's.")]


Games = Annotated[Optional[int], typer.Option(
    "--games", "--rollouts", "-n", min=1,
    help="Games per rule set, at most 10^12 [default: the scenario's analysis.rollouts, else the game's own: see "
         "`analyzer games`].")]
AllJobs = Annotated[Optional[int], typer.Option(
    "--jobs", "-j", help="Worker processes; -1 = every core [default: the scenario's, else chosen from the work: "
                         "games in this process, timed, until those left are worth workers, then every core (on "
                         "Linux forked from this process, with the engine loaded); never more workers than "
                         "chunks of games].")]
Wide = Annotated[bool, typer.Option(
    "--wide", help="Print every table whole, however wide [default: fit the terminal, at least 80 columns: long "
                   "labels lettered, the rightmost columns left out, each with a note].")]
Top = Annotated[Optional[int], typer.Option(
    "--top", min=1, show_default=False,
    help="Rows shown of a table that ranks options, best first [default: what fits the screen]; -f json has all.")]
ScenarioPath = Annotated[Path, typer.Argument(help="Scenario file, YAML or JSON (see scenarios/).", show_default=False)]


@dataclass(frozen=True)
class RunOptions:
    """The run options a command was given, as typed; `settle` turns them into the run's settings, once."""
    rollouts: int | None = None
    seed: int | None = None
    jobs: int | None = None
    no_progress: bool = False
    backend: Backend = Backend.local
    scheduler: str | None = None
    precision: float | None = None
    max_rollouts: int | None = None
    checkpoint: Path | None = None
    resume: Path | None = None
    connect_timeout: float | None = None
    wide: bool = False
    top: int | None = None

    def settle(self, block: dict, *, default_rollouts: int, identity: dict,
               default_jobs: int | None = None, serial_max: int | None = None) -> RunSettings:
        """The run settings: the command line first, then the scenario's `analysis:` block, then the defaults.

        The seed is fixed here (a resumed run's, else a fresh one) so the output can say which ran;
        `identity` (see `identity()`) names the command and scenario in checkpoints, so --resume refuses another's."""
        from analyzer.core import runner
        from analyzer.core.errors import AnalyzerError

        if self.precision is not None and self.rollouts is not None:
            raise AnalyzerError("--rollouts and --precision: give one; a --precision run is capped by --max-rollouts")
        rollouts = self.rollouts if self.rollouts is not None else block.get("rollouts", default_rollouts)
        seed = self.seed if self.seed is not None else block.get("seed")
        jobs = self.jobs if self.jobs is not None else block.get("jobs", default_jobs)
        limit = (self.max_rollouts or runner.DEFAULT_MAX_ROLLOUTS) if self.precision is not None else rollouts
        if jobs is None:
            jobs = runner.default_jobs(limit, serial_max)  # one process below the size where workers cost more than they save
        run = RunSettings(rollouts=rollouts, seed=seed, jobs=jobs, progress=not self.no_progress,
                          backend=Backend(self.backend).value, scheduler=self.scheduler, precision=self.precision,
                          max_rollouts=self.max_rollouts, checkpoint=self.checkpoint, resume=self.resume,
                          identity=identity, connect_timeout=self.connect_timeout)
        runner.validate(run)
        if run.checkpoint is not None or run.resume is not None:
            from analyzer.core import checkpoint

            if run.resume is not None:
                checkpoint.load(run.resume)  # before any work: a file that is no checkpoint fails at once
            if run.checkpoint is not None:
                checkpoint.check_destination(run.checkpoint, resuming=run.resume)
        if run.backend == "dask":
            from analyzer.core import backends

            # before any exact work: a bad address, an unreachable or non-Dask service fails at once
            backends.probe(self.scheduler, self.connect_timeout)
        return run.with_seed()


RUN_OPTIONS = {"rollouts": Rollouts, "seed": Seed, "jobs": Jobs, "no_progress": NoProgress, "backend": BackendOpt,
               "scheduler": Scheduler, "connect_timeout": ConnectTimeout, "precision": Precision,
               "max_rollouts": MaxRollouts, "checkpoint": Checkpoint, "resume": Resume, "wide": Wide, "top": Top}


def with_run_options(rollouts=Rollouts, jobs=Jobs, resumable: bool = True, tables: bool = True):
    """Give a command every run option: `fn(..., run: RunOptions)` becomes a typer command whose signature is
    fn's own parameters followed by --rollouts, --seed, --jobs, ... (`rollouts`, `jobs`: the aliases to use).

    A command whose `out` parameter is `Out` (a folder) has it checked before anything runs: a run's results are
    never lost to a destination that cannot be written."""
    options = {**RUN_OPTIONS, "rollouts": rollouts, "jobs": jobs}
    if not resumable:
        del options["checkpoint"], options["resume"]
    if not tables:  # a command that prints no tables (report)
        del options["wide"], options["top"]

    def decorate(fn):
        hints = typing.get_type_hints(fn, include_extras=True)
        own = [p.replace(annotation=hints.get(p.name, p.annotation))
               for p in inspect.signature(fn).parameters.values() if p.name != "run"]
        for p in own:  # a command's own option of the same name (camelup ev's --top) is its own
            if p.name in ("wide", "top"):
                options.pop(p.name, None)
        defaults = {f.name: f.default for f in fields(RunOptions)}
        added = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=defaults[name], annotation=alias)
                 for name, alias in options.items()]

        checks_out = hints.get("out") == Out

        @functools.wraps(fn)
        def command(**kwargs):
            if checks_out and kwargs.get("out") is not None:
                from analyzer.core import tables

                tables.check_out_dir(kwargs["out"])
            return fn(**{k: v for k, v in kwargs.items() if k not in options},
                      run=RunOptions(**{k: v for k, v in kwargs.items() if k in options}))

        command.__signature__ = inspect.Signature(own + added)
        command.__annotations__ = {p.name: p.annotation for p in own + added}
        del command.__wrapped__  # typer reads the signature above, not fn's
        return command

    return decorate


def identity(command: str, scenario: dict, source: str = "", version: str = "") -> dict:
    """What a run answers, for checkpoints: the command, a digest of the scenario (less its `analysis:` block) and
    the version of the game's engine (a checkpoint made under another is refused)."""
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
    return {"command": command, "scenario": hashlib.sha256(text.encode()).hexdigest()[:20], "source": source,
            "version": version}


def game_identity(game, command: str, scenario: dict, source: str = "") -> dict:
    return identity(command, scenario, source, f"{game.name} {game.version}")


def screen() -> tuple[int | None, int]:
    """The terminal's columns (at least 80) and lines.  Output that is no terminal (a pipe, a file) is fitted to
    COLUMNS where that is set, else printed whole (columns None), as `ls` does."""
    import os
    import shutil
    import sys

    if not sys.stdout.isatty() and not os.environ.get("COLUMNS"):
        return None, 24
    size = shutil.get_terminal_size((80, 24))
    return max(80, size.columns), max(24, size.lines)


def emit(result, fmt: Format, out: Path | None, run: RunOptions | None = None) -> None:
    """Print the result (tables fitted to the terminal unless --wide), then write --out: a write that fails, whatever
    the reason, comes after the printed result, so a long run's numbers are never lost."""
    from analyzer.core import runner, tables

    run = run or RunOptions()
    columns, lines = screen()
    text = tables.render(result, fmt.value, width=None if run.wide or columns is None else columns, top=run.top,
                         height=lines)
    runner.stage(None)
    typer.echo(text)
    if out is None:
        return
    runner.stage("writing tables and drawing plots")
    try:
        tables.write_outputs(result, out)
    finally:
        runner.stage(None)
    if fmt is Format.table:
        typer.echo(f"wrote tables and plots to {out}/")
