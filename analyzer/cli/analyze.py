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


def _command(kind: str):
    """`analyzer odds|ev SCENARIO`: one signature for both, so the options stay alike."""

    def command(scenario: ScenarioPath, rollouts: opt.Rollouts = None, seed: opt.Seed = None, jobs: opt.Jobs = None,
                fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, no_progress: opt.NoProgress = False,
                backend: opt.BackendOpt = opt.Backend.local, scheduler: opt.Scheduler = None,
                precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None,
                checkpoint: opt.Checkpoint = None, resume: opt.Resume = None):
        run_scenario(kind, scenario, fmt, out, rollouts=rollouts, seed=seed, jobs=jobs, no_progress=no_progress,
                     backend=backend, scheduler=scheduler, precision=precision, max_rollouts=max_rollouts,
                     checkpoint=checkpoint, resume=resume)

    command.__name__ = kind
    return command


odds = _command("odds")
ev = _command("ev")


CAMELUP_ODDS = """Camel Up: each camel's exact leg-rank probabilities, and race win/lose odds (Monte Carlo, 95% CI).

JSON: {"leg": {camel: [p_rank1, ...]}, "race_win": {camel: p}, "race_lose": {camel: p}, "rollouts": n, "seed": s}."""

CAMELUP_EV = """Camel Up: EV is the change the action makes to the player's expected coins by the end of the leg
(overall cards: the race), against no action, with nobody else acting. Every leg action is exact: leg bets,
desert/spectator tiles (landings plus the effect on the leg tiles the player holds), the pyramid tile, and with
Supercup the photographer, placement bets, partnerships and the boost action. Overall cards are Monte Carlo with a
95% CI; cards already on a pile are taken to back the same camel, so a correct card pays the next rung of
8, 5, 3, 2, 1 (a lower bound). Supercup boost dice roll `rules.boost_faces` (default [1, 2]: unverified, the
printed numbers were lost); every table names the value used.

JSON: {"actions": [{"action": "leg-bet blue 5", "ev": x, "ci95": h or null, "exact": true|false}, ...]}."""

odds.__doc__ = f"""Odds of a scenario's position, exact where the game allows.

{CAMELUP_ODDS}

Magellan: for an auction, each player's chance to win the card and the expected price; for a Pizarro draw,
stop against draw one more under both readings, and the optimal stopping rule (exact). Outputs built on the
illustrative default board say so."""

ev.__doc__ = f"""Expected value of every legal move for the player to act, best first.

{CAMELUP_EV}

Magellan (a bid state): expected final crowns and win probability of passing and of each payable raise, with
their CIs and the cards to pay with; hidden hands are sampled consistently with everything public."""
