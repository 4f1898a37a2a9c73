"""The `analyzer` typer app: a thin root; generic commands that dispatch through each game's GameSpec,
and each registered game's quick-entry sub-app mounted under its name."""
from __future__ import annotations

import typer

from analyzer.cli import analyze, bench, games
from analyzer.cli import balance as balance_cli
from analyzer.cli.errors import OneLineErrors
from analyzer.core import registry
from analyzer.core.game import resolve

app = typer.Typer(
    cls=OneLineErrors,
    name="analyzer",
    help="Monte Carlo strategy analyzer and odds calculator for board games.\n\n"
         "Exact where the math allows, seeded Monte Carlo with 95% intervals elsewhere.\n\n"
         "Start with `analyzer games`: every game, its questions and its shipped scenarios; then, e.g., "
         "`analyzer ev SCENARIO` on one of them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
app.command()(analyze.odds)
app.command()(analyze.ev)
app.command()(analyze.ask)
app.command()(balance_cli.balance)
app.command()(balance_cli.strength)
app.command()(balance_cli.report)
app.command()(games.games)
app.command()(games.board)
app.command()(bench.bench)
for _game in registry.games():
    if _game.quick_entry is not None:
        app.add_typer(resolve(_game.quick_entry), name=_game.name)
