"""The `analyzer` typer app: a thin root; generic commands that dispatch through each game's GameSpec,
and each registered game's quick-entry sub-app mounted under its name, imported only when it is used.

Start-up stays light (`analyzer --help` and `analyzer games` import no numpy, pandas or numba): the command
modules import what a command needs inside the command, and a game's sub-app (which loads its engine) is
imported when its command runs or its own help is shown; the list of commands names it without importing it."""
from __future__ import annotations

import typer

from analyzer.cli import analyze, bench, compiling, games, new, plain, show
from analyzer.cli import balance as balance_cli
from analyzer.cli.errors import OneLineErrors
from analyzer.core import registry
from analyzer.core.game import resolve


class Root(OneLineErrors):
    """The root group: every game's quick-entry sub-app listed, each imported on first use."""

    listing = False  # True while the help lists the commands: a sub-app shows its one line, unimported

    def _quick_entries(self) -> dict:
        return {g.name: g for g in registry.games() if g.quick_entry is not None and g.name not in self.commands}

    def list_commands(self, ctx):
        return [*super().list_commands(ctx), *self._quick_entries()]

    def get_command(self, ctx, name):
        if name in self.commands or name not in registry.GAMES:  # no game's package imported to run a command
            return super().get_command(ctx, name)
        game = registry.game(name)  # that game's package only
        if game.quick_entry is None:
            return None
        if self.listing:
            return typer.core.TyperCommand(name, help=f"{game.title} at the table: give the position as flags, no "
                                                      f"file needed.")
        self.add_command(typer.main.get_group(resolve(game.quick_entry)), name)
        return self.commands[name]

    def resolve_command(self, ctx, args):
        if args and self.get_command(ctx, args[0]) is None:  # a typo: the suggestions name the sub-apps too
            for name in self._quick_entries():
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_help(self, ctx, formatter):
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


plain.install()  # text and flags without pydantic: `analyzer games` imports none of it
app = typer.Typer(
    cls=Root,
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
for command in (analyze.odds, analyze.ev, analyze.ask, balance_cli.balance, balance_cli.strength, balance_cli.tune,
                balance_cli.report, games.games, games.board, new.new, show.show, bench.bench, compiling.warm):
    app.command(cls=getattr(command, "help_class", None))(command)
