"""`analyzer camelup odds|ev`: the position typed as flags, for use at the table."""
from __future__ import annotations

from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.cli.analyze import CAMELUP_EV, CAMELUP_ODDS

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


Edition = Annotated[str, typer.Option(help="Rule set: first or second (second: letters b g y r p, crazy w k; "
                                            "x = the grey die).")]
Supercup = Annotated[Optional[str], typer.Option(help="Supercup modules, comma separated: long_track, boost_dice, "
                                                      "boost_action, photographer, placement_bets, partnerships.")]
Boost = Annotated[Optional[str], typer.Option(help="Supercup: boost dice in the pyramid, letters.")]
BoostFaces = Annotated[Optional[str], typer.Option(help="Supercup: the boost dice's two numbers, \"1,2\" "
                                                        "[default: 1,2 — unverified: the printed numbers were lost].")]
Pit = Annotated[Optional[str], typer.Option(help="Supercup: boost dice rolled this leg (in the pit), letters.")]
PyramidHeld = Annotated[Optional[str], typer.Option(help="Pyramid tiles held this leg: [player:]count, \"1 2:1\".")]
Camera = Annotated[Optional[str], typer.Option(help="Supercup photographer: camera space@holder, e.g. 9@1.")]
Placements = Annotated[Optional[str], typer.Option(help="Supercup placement bets on held tiles: "
                                                        "[player:]letter+value@place, \"y5@3\".")]
Partners = Annotated[Optional[str], typer.Option(help="Partnerships formed this leg: \"0-3 1-5\".")]


def _command(kind: str):
    """`analyzer camelup odds|ev`: one signature for both, so the flags stay alike."""

    def command(track: Track, dice: Dice = None, desert: Desert = None, tiles: Tiles = None, held: Held = None,
                players: Players = 4, money: Money = None, me: Me = 0, winner_cards: WinnerCards = 0,
                loser_cards: LoserCards = 0, placed: Placed = None, edition: Edition = "first",
                supercup: Supercup = None, boost: Boost = None, boost_faces: BoostFaces = None, pit: Pit = None,
                pyramid_held: PyramidHeld = None,
                camera: Camera = None, placements: Placements = None, partners: Partners = None,
                rollouts: opt.Rollouts = None, seed: opt.Seed = None, jobs: opt.Jobs = None,
                fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, no_progress: opt.NoProgress = False,
                backend: opt.BackendOpt = opt.Backend.local, scheduler: opt.Scheduler = None,
                precision: opt.Precision = None, max_rollouts: opt.MaxRollouts = None,
                checkpoint: opt.Checkpoint = None, resume: opt.Resume = None):
        from analyzer.games.camelup import analysis, quick
        from analyzer.games.camelup.state import parse_position

        data = quick.scenario_from_flags(track, dice, desert, tiles, held, players, money, me, winner_cards,
                                         loser_cards, placed, edition, supercup, boost, pit, pyramid_held, camera,
                                         placements, partners, boost_faces)
        position = parse_position(data)
        run = opt.settings({}, rollouts, seed, jobs, no_progress, backend=backend, scheduler=scheduler,
                           precision=precision, max_rollouts=max_rollouts, checkpoint=checkpoint, resume=resume,
                           identity=opt.identity(f"camelup {kind}", data, "quick entry"))
        opt.emit(getattr(analysis, kind)(position, run), fmt, out)

    return command


app.command("odds", help="Leg-rank odds (exact) and race odds (Monte Carlo) of a position typed as flags.\n\n"
            + CAMELUP_ODDS)(_command("odds"))
app.command("ev", help="Expected coins of every action for the player to move, from a position typed as flags.\n\n"
            + CAMELUP_EV)(_command("ev"))
