"""`analyzer odds`, `analyzer ev` and `analyzer ask`: answer a question about a scenario file."""
from __future__ import annotations

import inspect
from pathlib import Path
from typing import Annotated

import typer
import typer.core

from analyzer.cli import options as opt
from analyzer.core import registry

def answer(question: str, path: Path, fmt: opt.Format, out: Path | None, run: opt.RunOptions) -> None:
    """Load the scenario, answer `question` about it through its game's contract, print (and write) the result."""
    from analyzer.core import game as contract, scenario

    data = scenario.load(path)
    game = registry.game(data["game"])
    asked = game.question(question)
    position = game.position(data)
    settings = run.settle(scenario.analysis_settings(data), default_rollouts=asked.default_rollouts or 1,
                          identity=opt.game_identity(game, question, data, path.name), serial_max=asked.serial_max)
    opt.emit(contract.ask(game, question, position, settings, data), fmt, out, run)


def _games_help(question: str) -> str:
    """Each game's own help for `question`, for the command's --help."""
    parts = []
    for game in registry.games():
        if question in game.questions:
            q = game.questions[question]
            parts.append(f"**{game.title}**: {q.help or q.summary}")
    return "\n\n".join(parts)


class GamesHelp(typer.core.TyperCommand):
    """`odds` and `ev`: the help is the command's summary followed by each game's own help for the question,
    gathered (every game's package imported) only when a help is read, not to answer one scenario."""

    question = ""

    @property
    def help(self):
        if self._games is None:
            self._games = inspect.cleandoc(f"{self._summary}\n\n{_games_help(self.question)}")
        return self._games

    @help.setter
    def help(self, summary):
        self._summary, self._games = summary, None

    @classmethod
    def of(cls, question: str) -> type:
        return type(f"GamesHelp_{question}", (cls,), {"question": question})


def _command(question: str, summary: str):
    """`analyzer odds|ev SCENARIO`: one signature for both, so the options stay alike (the help: `GamesHelp`)."""

    @opt.with_run_options()
    def command(scenario: opt.ScenarioPath, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *,
                run: opt.RunOptions):
        answer(question, scenario, fmt, out, run)

    command.__name__ = question
    command.__doc__ = summary
    command.help_class = GamesHelp.of(question)
    return command


odds = _command("odds", "Odds of a scenario's position, exact where the game allows, else Monte Carlo with 95% "
                        "intervals.")
ev = _command("ev", "Expected value of every legal move for the player to act, best first.")

Question = Annotated[str, typer.Argument(help="The question, e.g. odds; `analyzer games GAME` lists a game's, "
                                              "with an example each.",
                                         show_default=False)]


@opt.with_run_options()
def ask(question: Question, scenario: opt.ScenarioPath, fmt: opt.FormatOpt = opt.Format.table,
        out: opt.Out = None, *, run: opt.RunOptions):
    """Answer any question a game declares about a scenario.

    Example: `analyzer ask QUESTION scenarios/GAME/FILE.yaml` (a shipped scenario that supports the question).

    `analyzer games GAME` lists that game's questions, each with an example command to copy.
    `analyzer ask odds S` is `analyzer odds S`; a game's own questions (beyond odds and ev) are asked only this way."""
    answer(question, scenario, fmt, out, run)
