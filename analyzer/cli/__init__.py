"""The `analyzer` command: a thin root; one module per command group."""
from __future__ import annotations

import typer

from analyzer.cli import analyze, bench, camelup
from analyzer.cli import balance as balance_cli, report as report_cli
from analyzer.cli.errors import OneLineErrors

app = typer.Typer(
    cls=OneLineErrors,
    name="analyzer",
    help="Monte Carlo strategy analyzer and odds calculator for board games.\n\n"
         "Exact where the math allows, seeded Monte Carlo with 95% intervals elsewhere.\n\n"
         "Start with: analyzer ev scenarios/camelup/opening.yaml",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
app.command()(analyze.odds)
app.command()(analyze.ev)
app.command()(bench.bench)
app.command()(balance_cli.balance)
app.command()(report_cli.report)
app.add_typer(camelup.app, name="camelup")


def main() -> None:
    app()
