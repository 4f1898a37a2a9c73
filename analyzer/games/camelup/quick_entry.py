"""`analyzer camelup odds|ev|table|serve`: the position typed as flags (`flags.py`), and the table session."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.games.camelup.flags import position_from_flags
from analyzer.games.camelup.session import DEFAULT_STATE, ROLLOUTS

# -- the sub-app ---------------------------------------------------------------------------------------

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

    @opt.with_run_options()
    def command(track: Track, dice: Dice = None, desert: Desert = None, tiles: Tiles = None, held: Held = None,
                players: Players = 4, money: Money = None, me: Me = 0, winner_cards: WinnerCards = 0,
                loser_cards: LoserCards = 0, placed: Placed = None, edition: Edition = "first",
                supercup: Supercup = None, boost: Boost = None, boost_faces: BoostFaces = None, pit: Pit = None,
                pyramid_held: PyramidHeld = None, camera: Camera = None, placements: Placements = None,
                partners: Partners = None, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None,
                top: Top = None, *, run: opt.RunOptions):
        from analyzer.core.game import ask
        from analyzer.games.camelup import GAME

        typed = {"track": track, "dice": dice, "desert": desert, "tiles": tiles, "held": held, "players": players,
                 "money": money, "to_move": me, "winner_cards": winner_cards, "loser_cards": loser_cards,
                 "placed": placed, "edition": edition, "supercup": supercup, "boost": boost, "pit": pit,
                 "pyramid_held": pyramid_held, "camera": camera, "placements": placements, "partners": partners,
                 "boost_faces": boost_faces}
        data, position = position_from_flags(typed)
        question = GAME.question(kind)
        settings = run.settle({}, default_rollouts=question.default_rollouts, serial_max=question.serial_max,
                              identity=opt.game_identity(GAME, f"camelup {kind}", data, "quick entry"))
        result = ask(GAME, kind, position, settings)
        if kind != "ev" or fmt is not opt.Format.table:
            opt.emit(result, fmt, out)
            return
        _print_actions(result, position, top)  # printed first: a write that fails comes after the numbers
        if out is not None:
            from analyzer.core import tables

            tables.write_outputs(result, out)

    return command


Top = Annotated[Optional[int], typer.Option("--top", min=1, help="ev: list only the best N actions [default: all].")]


def _print_actions(result, position, top) -> None:
    """`camelup ev` on a terminal: the rich table of the table session, then the notes."""
    from rich.console import Console
    from rich.text import Text

    from analyzer.games.camelup import table_view

    console = Console(highlight=False, soft_wrap=False)
    console.print(table_view.actions(result.payload["actions"], set(position.camel_names), position.to_move, top,
                                     title=result.title, more="a larger --top"))
    for note in result.notes:
        console.print(Text(note, style="dim"))


def _help(kind: str) -> str:
    from analyzer.games.camelup import GAME

    return GAME.questions[kind].help


app.command("odds", help="Leg-rank odds (exact) and race odds (exact in the first edition, Supercup modules included; "
                         "Monte Carlo with 95% intervals in the second edition) of a position typed as flags.\n\n"
            + _help("odds"))(_command("odds"))
app.command("ev", help="Expected coins of every action for the player to move, from a position typed as flags.\n\n"
            + _help("ev"))(_command("ev"))


# -- the table session -------------------------------------------------------------------------------

StateFile = Annotated[Path, typer.Option("--state", dir_okay=False, help="The state file the session keeps: "
                                                                         "written after every event.")]


@app.command("table", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def table(ctx: typer.Context, state: StateFile = Path(DEFAULT_STATE),
          top: Annotated[int, typer.Option("--top", min=1, help="How many actions to list after each event.")] = 10,
          show_all: Annotated[bool, typer.Option("--all", help="List every action.")] = False,
          rollouts: Annotated[int, typer.Option("--rollouts", "-n", min=1, max=10**9,
                                                help="Races per answer (overall cards, race odds).")] = ROLLOUTS,
          seed: Annotated[int, typer.Option(min=0, help="Root seed of every answer's races.")] = 0,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON (one-shot form), for scripts.")] = False,
          no_answers: Annotated[bool, typer.Option("--no-answers", help="Do not price the actions after an "
                                                                        "event.")] = False):
    """Follow a game as it is played: `roll b 2`, `take y`, `desert 7 +`, ... and the answers after each.

    With no COMMAND: an interactive prompt (history, tab completion, `help`). With a COMMAND (its words as
    arguments, e.g. `analyzer camelup table roll b 2`): that one event or command, then exit. The state is saved
    to --state after every event (atomically, under a lock), so a crash loses nothing.

    Start with `new --track "1:bg 3:y 4:ow"` (any flag of `analyzer camelup ev`) or `new FILE`. `help` lists the
    events; a refused event is one line and changes nothing. Answers follow the `ev` convention (see `analyzer
    camelup ev --help`); money floor: leg scoring is one net change per player, then floored at `money_floor`
    (0; the first edition's rulebook does not settle it, `money_floor: null` in a scenario lifts it)."""
    from analyzer.games.camelup.session import Session

    session = Session(state, top=None if show_all else top, rollouts=rollouts, seed=seed, answers=not no_answers)
    if ctx.args:
        _print(*session.run(shlex_join(ctx.args)), as_json)
        return
    _prompt(session)


def shlex_join(words) -> str:
    import shlex

    return " ".join(shlex.quote(w) for w in words)


def _print(renderables, summary, as_json: bool) -> None:
    if as_json:
        import json

        typer.echo(json.dumps(summary, indent=1, default=float))
        return
    from rich.console import Console

    console = Console(highlight=False, soft_wrap=False)
    for item in renderables:
        console.print(item)


def _prompt(session) -> None:
    """The interactive prompt: one line an event or command; errors are printed and the session goes on."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from analyzer.core.errors import AnalyzerError
    from analyzer.games.camelup.rules import EDITIONS
    from analyzer.games.camelup.session import HELP, SESSION_COMMANDS
    from analyzer.games.camelup.table import COMMANDS

    words = list(SESSION_COMMANDS) + list(COMMANDS) + ["quit", "grey", "all"]
    words += sorted({name for rules in EDITIONS.values() for name in rules.camels})
    history_file = Path(os.environ.get("ANALYZER_TABLE_HISTORY", Path.home() / ".analyzer-table-history"))
    try:
        history = FileHistory(str(history_file))
    except OSError:
        history = InMemoryHistory()
    prompt = PromptSession(history=history, completer=WordCompleter(words, ignore_case=True))
    typer.echo(f"Camel Up table session on {session.path} ('help' for the events, 'quit' to leave)")
    if session.path.exists():
        _try(session, "show")
    else:
        typer.echo(HELP)
    while True:
        try:
            line = prompt.prompt("table> ")
        except (EOFError, KeyboardInterrupt):
            return
        if line.strip().lower() in ("quit", "exit", "q"):
            return
        try:
            _print(*session.run(line), False)
        except AnalyzerError as exc:
            typer.echo(f"error: {' '.join(str(exc).split())}", err=True)


def _try(session, line: str) -> None:
    from analyzer.core.errors import AnalyzerError

    try:
        _print(*session.run(line), False)
    except AnalyzerError as exc:
        typer.echo(f"error: {exc}", err=True)


@app.command("serve")
def serve(state: StateFile = Path(DEFAULT_STATE),
          host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 to reach it from a phone on the "
                                                 "same network (then a random access token is put in the "
                                                 "address printed).")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8765,
          rollouts: Annotated[int, typer.Option("--rollouts", "-n", min=1, max=10**9,
                                                help="Races per answer (overall cards, race odds).")] = ROLLOUTS,
          seed: Annotated[int, typer.Option(min=0, help="Root seed of every answer's races.")] = 0):
    """The table session as a web page for a phone: the board, one tap per event, the best actions and the odds.

    It shares the state file (and its lock) with `analyzer camelup table`, so either can be used at any moment;
    every open page shows an event within a second wherever it was made. Works offline (everything is served
    from here). On 127.0.0.1 no login is needed; with another --host a random token is printed in the address
    and requests without it are refused. Needs the web extra: pip install 'analyzer[web]'."""
    from analyzer.core.errors import AnalyzerError
    from analyzer.games.camelup.session import Session

    try:
        from analyzer.games.camelup import web
    except ImportError:
        raise AnalyzerError("serve: the web page needs the web extra: pip install 'analyzer[web]'") from None
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise AnalyzerError("serve: the web page needs the web extra: pip install 'analyzer[web]'") from None
    web.serve(Session(state, rollouts=rollouts, seed=seed, answers=False), host, port)
