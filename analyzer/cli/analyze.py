"""`analyzer odds` and `analyzer ev`: answer a question about a scenario file."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.cli import options as opt

ScenarioPath = Annotated[Path, typer.Argument(help="Scenario file, YAML or JSON (see scenarios/).", show_default=False)]


def run_scenario(command: str, path: Path, fmt, out, **run_options) -> None:
    """Load the scenario, answer `command` about it, print (and write) the result.

    `run_options`: the keyword arguments of `options.settings` (rollouts, seed, jobs, no_progress, backend,
    scheduler, precision, max_rollouts, checkpoint, resume)."""
    from analyzer.core import registry, scenario

    data = scenario.load(path)
    load, analyse = registry.analysis(data["game"], command)
    position = load(data)
    defaults = getattr(registry.game_module(data["game"]), "DEFAULT_ROLLOUTS", {})
    block = {"rollouts": defaults[command]} if command in defaults else {}
    block.update(scenario.analysis_settings(data))
    run = opt.settings(block, identity=opt.identity(command, data, path.name), **run_options)
    opt.emit(analyse(position, run), fmt, out)


def odds(scenario: ScenarioPath, rollouts: opt.Rollouts = None, seed: opt.Seed = None, jobs: opt.Jobs = None,
         fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, no_progress: opt.NoProgress = False,
         backend: opt.BackendOpt = opt.Backend.local, scheduler: opt.Scheduler = None,
         precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None, checkpoint: opt.Checkpoint = None,
         resume: opt.Resume = None):
    """Odds of the position: each camel's exact leg-rank probabilities, and race win/lose odds (Monte Carlo, 95% CI).

    JSON: {"leg": {camel: [p_rank1, ...]}, "race_win": {camel: p}, "race_lose": {camel: p}, "rollouts": n, "seed": s}.
    """
    run_scenario("odds", scenario, fmt, out, rollouts=rollouts, seed=seed, jobs=jobs, no_progress=no_progress,
                 backend=backend, scheduler=scheduler, precision=precision, max_rollouts=max_rollouts,
                 checkpoint=checkpoint, resume=resume)


def ev(scenario: ScenarioPath, rollouts: opt.Rollouts = None, seed: opt.Seed = None, jobs: opt.Jobs = None,
       fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, no_progress: opt.NoProgress = False,
       backend: opt.BackendOpt = opt.Backend.local, scheduler: opt.Scheduler = None,
       precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None, checkpoint: opt.Checkpoint = None,
       resume: opt.Resume = None):
    """Expected coins of every legal action for the player to move, best first.

    EV is the change the action makes to the player's expected coins by the end of the leg (overall cards: the
    race), against no action, with nobody else acting. Leg bets, desert tiles (landings plus the effect on the
    leg tiles the player holds) and the pyramid tile are exact. Overall cards are Monte Carlo with a 95% CI;
    cards already on a pile are taken to back the same camel, so a correct card pays the next rung of
    8, 5, 3, 2, 1 (a lower bound).

    JSON: {"actions": [{"action": "leg-bet blue 5", "ev": x, "ci95": h or null, "exact": true|false}, ...]}.
    """
    run_scenario("ev", scenario, fmt, out, rollouts=rollouts, seed=seed, jobs=jobs, no_progress=no_progress,
                 backend=backend, scheduler=scheduler, precision=precision, max_rollouts=max_rollouts,
                 checkpoint=checkpoint, resume=resume)
