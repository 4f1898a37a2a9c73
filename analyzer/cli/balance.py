"""`analyzer balance`: full games under one or more rule sets, compared seat by seat."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt

DEFAULT_GAMES = 10_000

ScenarioPath = Annotated[Path, typer.Argument(
    help="Balance scenario, YAML or JSON, e.g. `scenarios/camelup/balance-first-player.yaml`.", show_default=False)]
Games = Annotated[Optional[int], typer.Option(
    "--games", "--rollouts", "-n", min=1,
    help=f"Games per rule set [default: the scenario's analysis.rollouts, else {DEFAULT_GAMES:,}].")]
Jobs = Annotated[Optional[int], typer.Option(
    "--jobs", "-j", help="Worker processes; -1 = every core [default: the scenario's, else every core; never more "
                         "workers than chunks of games].")]


def load(path: Path, command: str, games, seed, jobs, no_progress, **run_options):
    """The scenario, the game's function for `command`, and the run settings.

    `run_options`: the long-run keywords of `options.settings` (backend, scheduler, precision, max_rollouts,
    checkpoint, resume); with --precision, --max-rollouts counts games per rule set."""
    from analyzer.core import registry, scenario

    data = scenario.load(path)
    _, analyse = registry.analysis(data["game"], command)
    block = scenario.analysis_settings(data)
    if run_options.get("precision") is None:
        games = games or block.get("rollouts", DEFAULT_GAMES)
    jobs = jobs if jobs is not None else block.get("jobs", -1)  # the runner never starts more workers than chunks
    return data, analyse, opt.settings(block, games, seed, jobs, no_progress,
                                       identity=opt.identity(command, data, path.name), **run_options)


def balance(scenario: ScenarioPath, games: Games = None, seed: opt.Seed = None, jobs: Jobs = None,
            fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, no_progress: opt.NoProgress = False,
            backend: opt.BackendOpt = opt.Backend.local, scheduler: opt.Scheduler = None,
            precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None, checkpoint: opt.Checkpoint = None,
            resume: opt.Resume = None):
    """Play N full games from the set-up under each rule set of the scenario and compare them seat by seat.

    Reports, with 95% intervals: win rate per seat (Wilson; a win shared by k tied players counts 1/k), final
    money, game length, how often each kind of action is taken, and the first player's edge. Rule sets are
    played on the same dice (common random numbers); each is compared with the first, per game, so the
    difference and its interval show a house rule's own effect.

    With --precision H, games are added until every win rate and every paired win-rate difference has a 95%
    half-width of at most H (--max-rollouts then caps the games per rule set).

    JSON: {"games": n, "seed": s, "findings": [...], "win_rate": [...], "first_player": [...],
    "differences": [...], "money": [...], "length": [...], "actions": [...]}.
    """
    data, analyse, run = load(scenario, "balance", games, seed, jobs, no_progress, backend=backend,
                              scheduler=scheduler, precision=precision, max_rollouts=max_rollouts,
                              checkpoint=checkpoint, resume=resume)
    opt.emit(analyse(data, run), fmt, out)
