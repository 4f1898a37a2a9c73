"""`analyzer balance` and `analyzer report`: full games under one or more rule sets, compared seat by seat."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt

BalancePath = Annotated[Path, typer.Argument(
    help="Balance scenario, YAML or JSON: a game's `scenarios/GAME/balance-*.yaml` (see `analyzer games`).",
    show_default=False)]
ReportOut = Annotated[Optional[Path], typer.Option(
    "--out", "-o", dir_okay=False,
    help="The HTML file to write; NAME.md and the plots (NAME-plots/) go beside it "
         "[default: `reports/SCENARIO.html`, SCENARIO the scenario file's name].")]


def load(path: Path, command: str, run: opt.RunOptions):
    """The scenario, its game and the run settings; with --precision, --max-rollouts counts games per rule set."""
    from analyzer.core import registry, scenario

    data = scenario.load(path)
    game = registry.game(data["game"])
    full = game.full()
    settings = run.settle(scenario.analysis_settings(data), default_rollouts=full.default_games,
                          identity=opt.game_identity(game, command, data, path.name),
                          default_jobs=-1)  # the runner never starts more workers than chunks
    return game, data, settings


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs)
def balance(scenario: BalancePath, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *,
            run: opt.RunOptions):
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
    from analyzer.core import balance as core

    game, data, settings = load(scenario, "balance", run)
    opt.emit(core.balance_scenario(game, data, settings), fmt, out)


@opt.with_run_options(rollouts=opt.Games, jobs=opt.AllJobs)
def report(scenario: BalancePath, out: ReportOut = None, *, run: opt.RunOptions):
    """Run a balance scenario and write a self-contained HTML report and its Markdown twin.

    The report says what was asked (the scenario's `description`), the rule sets and player models, n and the
    seed, the tables and plots, and the findings the numbers support. The HTML embeds its plots and fetches
    nothing, so it opens offline; the Markdown refers to the same plots as PNG files in `NAME-plots/`.

    The destination is checked before the games start; if writing fails at the end anyway, the Markdown is
    printed instead, then the one-line error.
    """
    from analyzer.core import balance as core
    from analyzer.core import report as core_report
    from analyzer.core import runner
    from analyzer.core.errors import AnalyzerError

    out = core_report.check_path(out or Path("reports") / f"{scenario.stem}.html")  # before any game is played
    game, data, settings = load(scenario, "report", run)
    size = f"--precision {run.precision}" + (f" --max-rollouts {run.max_rollouts}" if run.max_rollouts else "") \
        if run.precision is not None else f"-n {settings.rollouts}"
    command = f"analyzer report {scenario} {size} --seed {settings.seed} -o {out}"
    page = core.report_scenario(game, data, settings, reproduce=command)
    runner.stage("drawing plots and writing the report")
    try:
        written = core_report.write(page, out)
    except AnalyzerError:
        runner.stage(None)
        typer.echo(core_report.to_markdown(page, core_report.paths(out)[2].name))
        raise
    runner.stage(None)
    typer.echo(f"wrote {written[0]}, {written[1]} and {len(written) - 2} plots in {written[0].stem}-plots/")
