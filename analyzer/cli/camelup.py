"""`analyzer camelup odds|ev`: the position typed as flags, for use at the table."""
from __future__ import annotations

from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.cli.analyze import ev as ev_command
from analyzer.cli.analyze import odds as odds_command

app = typer.Typer(help="Camel Up at the table: give the position as flags, no file needed.\n\n"
                       "Example: analyzer camelup ev --track \"1:bg 3:y 4:ow\" --dice byw --desert \"6+@2\"",
                  no_args_is_help=True, rich_markup_mode="markdown")

Track = Annotated[str, typer.Option(help="Camels per space by first letter, bottom to top: \"1:bg 3:y 4:ow\" "
                                         "(b=blue g=green o=orange y=yellow w=white).", show_default=False)]
Dice = Annotated[Optional[str], typer.Option(help="Dice still in the pyramid, e.g. byw [default: all].")]
Desert = Annotated[Optional[str], typer.Option(help="Desert tiles: space, + oasis / - mirage, @owner: \"6+@2 9-@0\".")]
Tiles = Annotated[Optional[str], typer.Option(help="Leg tiles left, top first: \"b:3,2 g:\" [default: full stacks, "
                                                   "less the tiles held].")]
Held = Annotated[Optional[str], typer.Option(help="Leg tiles held: [player:]letter+value, \"g5 2:b3\" "
                                                  "[default player: the one to move].")]
Players = Annotated[int, typer.Option(help="Number of players.")]
Money = Annotated[Optional[str], typer.Option(help="Coins per player, \"3,5,2,4\" [default: 3 each].")]
Me = Annotated[int, typer.Option("--me", "--to-move", help="The player to move (from 0).")]
WinnerCards = Annotated[int, typer.Option(help="Cards already on the overall-winner pile.")]
LoserCards = Annotated[int, typer.Option(help="Cards already on the overall-loser pile.")]
Placed = Annotated[Optional[str], typer.Option(help="Overall cards the player to move has already placed: letters.")]


def _position(track, dice, desert, tiles, held, players, money, me, winner_cards, loser_cards, placed):
    from analyzer.games.camelup import quick
    from analyzer.games.camelup.state import parse_position

    return parse_position(quick.scenario_from_flags(
        track, dice, desert, tiles, held, players, money, me, winner_cards, loser_cards, placed))


@app.command()
def odds(track: Track, dice: Dice = None, desert: Desert = None, tiles: Tiles = None, held: Held = None,
         players: Players = 4, money: Money = None, me: Me = 0, winner_cards: WinnerCards = 0,
         loser_cards: LoserCards = 0, placed: Placed = None, rollouts: opt.Rollouts = None, seed: opt.Seed = None,
         jobs: opt.Jobs = None, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None,
         no_progress: opt.NoProgress = False):
    """Leg-rank odds (exact) and race odds (Monte Carlo) of a position typed as flags."""
    from analyzer.games.camelup import analysis

    position = _position(track, dice, desert, tiles, held, players, money, me, winner_cards, loser_cards, placed)
    opt.emit(analysis.odds(position, opt.settings({}, rollouts, seed, jobs, no_progress)), fmt, out)


@app.command()
def ev(track: Track, dice: Dice = None, desert: Desert = None, tiles: Tiles = None, held: Held = None,
       players: Players = 4, money: Money = None, me: Me = 0, winner_cards: WinnerCards = 0,
       loser_cards: LoserCards = 0, placed: Placed = None, rollouts: opt.Rollouts = None, seed: opt.Seed = None,
       jobs: opt.Jobs = None, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None,
       no_progress: opt.NoProgress = False):
    """Expected coins of every action for the player to move, from a position typed as flags."""
    from analyzer.games.camelup import analysis

    position = _position(track, dice, desert, tiles, held, players, money, me, winner_cards, loser_cards, placed)
    opt.emit(analysis.ev(position, opt.settings({}, rollouts, seed, jobs, no_progress)), fmt, out)


odds.__doc__ += "\n\n" + (odds_command.__doc__ or "").split("\n\n", 1)[-1]
ev.__doc__ += "\n\n" + (ev_command.__doc__ or "").split("\n\n", 1)[-1]
