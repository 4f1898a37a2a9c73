"""`analyzer report`: a balance scenario as a publishable report, HTML and Markdown."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.cli.balance import Games, Jobs, ScenarioPath, load

ReportOut = Annotated[Optional[Path], typer.Option(
    "--out", "-o", dir_okay=False,
    help="The HTML file to write; NAME.md and the plots (NAME-plots/) go beside it "
         "[default: `reports/SCENARIO.html`, SCENARIO the scenario file's name].")]


def report(scenario: ScenarioPath, out: ReportOut = None, games: Games = None, seed: opt.Seed = None,
           jobs: Jobs = None, no_progress: opt.NoProgress = False, backend: opt.BackendOpt = opt.Backend.local,
           scheduler: opt.Scheduler = None, precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None):
    """Run a balance scenario and write a self-contained HTML report and its Markdown twin.

    The report says what was asked (the scenario's `description`), the rule sets and player models, n and the
    seed, the tables and plots, and the findings the numbers support. The HTML embeds its plots and fetches
    nothing, so it opens offline; the Markdown refers to the same plots as PNG files in `NAME-plots/`.
    """
    from analyzer.core import report as core_report

    out = out or Path("reports") / f"{scenario.stem}.html"
    if out.suffix.lower() not in (".html", ".htm"):
        out = out.with_suffix(".html")
    data, analyse, run = load(scenario, "report", games, seed, jobs, no_progress, backend=backend,
                              scheduler=scheduler, precision=precision, max_rollouts=max_rollouts)
    run = run.with_seed()
    size = f"--precision {precision}" + (f" --max-rollouts {max_rollouts}" if max_rollouts else "") \
        if precision is not None else f"-n {run.rollouts}"
    command = f"analyzer report {scenario} {size} --seed {run.seed} -o {out}"
    written = core_report.write(analyse(data, run, reproduce=command), out)
    typer.echo(f"wrote {written[0]}, {written[1]} and {len(written) - 2} plots in {written[0].stem}-plots/")
