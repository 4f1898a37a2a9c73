"""Quick entry at the table: `analyzer camelup odds|ev` with the position typed as short flags.

    --track "1:bg 3:y 4:ow"   camels by first letter, bottom to top, per space
    --dice byw                dice still in the pyramid (default: every camel's)
    --desert "6+@2 9-@0"      space, + oasis / - mirage, @owner (default: the player to move)
    --tiles "b:3,2 g:"        leg tiles left per colour, top first (default: full stacks)
    --held "g5 2:b3"          leg tiles held, [player:]letter+value (default player: to move)

Second edition: letters b g y r p (racing), w k (crazy white and black); x is the grey die.
Supercup: --boost / --pit (boost dice in the pyramid / rolled this leg), --pyramid-held
"1 2:1" (pyramid tiles held), --camera 9@1 (space@holder), --placements "y5@3"
([player:]letter+value@place), --partners "0-3".
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.core.errors import ScenarioError
from analyzer.games.camelup.rules import EDITIONS

_DESERT = re.compile(r"^(\d{1,9})([+-])(?:@(\d{1,9}))?$")
_HELD = re.compile(r"^(?:(\d{1,9}):)?([a-z])(\d{1,9})$")


def _letters(text: str, flag: str, letters: dict[str, str]) -> list[str]:
    names = []
    for ch in text.strip().lower():
        if ch not in letters:
            raise ScenarioError(flag, f"unknown camel letter {ch!r}; allowed: "
                                      + ", ".join(f"{k}={v}" for k, v in letters.items()))
        names.append(letters[ch])
    return names


def parse_track(text: str, letters) -> dict:
    track = {}
    for token in text.split():
        space, sep, camels = token.partition(":")
        if not sep or not space.isdecimal() or len(space) > 9 or not camels:
            raise ScenarioError("--track", f"bad token {token!r}; write space:letters bottom to top, e.g. \"1:bg 3:y\"")
        if int(space) in track:
            raise ScenarioError("--track", f"space {space} given twice")
        track[int(space)] = _letters(camels, "--track", letters)
    if not track:
        raise ScenarioError("--track", "is empty; e.g. \"1:bg 3:y 4:ow\"")
    return track


def parse_desert(text: str, default_owner: int) -> list[dict]:
    tiles = []
    for token in text.split():
        m = _DESERT.match(token)
        if not m:
            raise ScenarioError("--desert", f"bad token {token!r}; write space, + (oasis) or - (mirage), "
                                            "optional @owner, e.g. \"6+@2 9-@0\"")
        owner = int(m.group(3)) if m.group(3) is not None else default_owner
        tiles.append({"space": int(m.group(1)), "side": "oasis" if m.group(2) == "+" else "mirage", "owner": owner})
    return tiles


def parse_tiles(text: str, letters) -> dict:
    left = {}
    for token in text.split():
        letter, sep, values = token.partition(":")
        if not sep:
            raise ScenarioError("--tiles", f"bad token {token!r}; write letter:values top first, e.g. \"b:3,2 g:\"")
        names = _letters(letter, "--tiles", letters)
        if len(names) != 1:
            raise ScenarioError("--tiles", f"bad token {token!r}; one camel letter per token, e.g. \"b:3,2 g:\"")
        (name,) = names
        try:
            left[name] = [int(v) for v in values.split(",") if v]
        except ValueError:
            raise ScenarioError("--tiles", f"bad values in {token!r}; e.g. b:3,2") from None
    return left


def parse_held(text: str, letters, default_player: int) -> dict:
    held: dict[int, list] = {}
    for token in text.replace(",", " ").split():
        m = _HELD.match(token.lower())
        if not m:
            raise ScenarioError("--held", f"bad token {token!r}; write [player:]letter+value, e.g. \"g5 2:b3\"")
        player = int(m.group(1)) if m.group(1) is not None else default_player
        (name,) = _letters(m.group(2), "--held", letters)
        held.setdefault(player, []).append([name, int(m.group(3))])
    return held


def scenario_from_flags(track: str, dice: str | None = None, desert: str | None = None, tiles: str | None = None,
                        held: str | None = None, players: int = 4, money: str | None = None, to_move: int = 0,
                        winner_cards: int = 0, loser_cards: int = 0, placed: str | None = None,
                        edition: str = "first", supercup: str | None = None, boost: str | None = None,
                        pit: str | None = None, pyramid_held: str | None = None, camera: str | None = None,
                        placements: str | None = None, partners: str | None = None,
                        boost_faces: str | None = None) -> dict:
    if edition not in EDITIONS:
        raise ScenarioError("--edition", f"got {edition!r}; allowed: {', '.join(EDITIONS)}")
    edition_rules = EDITIONS[edition]
    letters = edition_rules.letters
    parsed_track = parse_track(track, letters)
    racing = set(edition_rules.camels[: edition_rules.racing])
    if dice is None:
        dice_left = [c for stack in parsed_track.values() for c in stack if c in racing]
        dice_left += [GREY_DIE] if edition_rules.crazy_camels else []
    else:
        dice_left = _dice_letters(dice, edition_rules)
    position = {
        "track": parsed_track,
        "dice_left": dice_left,
        "to_move": to_move,
        "race_bets": {"winner": winner_cards, "loser": loser_cards},
    }
    if desert:
        position["desert"] = parse_desert(desert, to_move)
    if tiles:
        position["leg_tiles_left"] = parse_tiles(tiles, letters)
    if held:
        position["held_leg_tiles"] = parse_held(held, letters, to_move)
    if money:
        try:
            position["money"] = [int(m) for m in money.replace(",", " ").split()]
        except ValueError:
            raise ScenarioError("--money", f"got {money!r}; write one whole number per player, e.g. \"3,5,2,4\"") from None
    if placed:
        position["overall_cards_placed"] = {to_move: _letters(placed, "--placed", letters)}
    if boost:
        position["boost_dice_left"] = _letters(boost, "--boost", letters)
    if pit:
        position["boost_dice_pit"] = _letters(pit, "--pit", letters)
    if pyramid_held:
        position["pyramid_tiles_held"] = _player_counts(pyramid_held, "--pyramid-held", to_move)
    if camera:
        m = _CAMERA.match(camera.strip())
        if not m:
            raise ScenarioError("--camera", f"got {camera!r}; write space@holder, e.g. 9@1")
        position["photographer"] = {"space": int(m.group(1)),
                                    "holder": int(m.group(2)) if m.group(2) is not None else to_move}
    if placements:
        position["placement_bets"] = _placements(placements, letters, to_move)
    if partners:
        position["partners"] = _pairs(partners)
    rules = {"edition": edition}
    if supercup:
        rules["supercup"] = [m.strip() for m in supercup.replace(",", " ").split()]
    if boost_faces:
        try:
            rules["boost_faces"] = [int(v) for v in boost_faces.replace(",", " ").split()]
        except ValueError:
            raise ScenarioError("--boost-faces", f"got {boost_faces!r}; write the faces, e.g. \"1,2\"") from None
    return {"game": "camelup", "rules": rules, "players": players, "position": position}


GREY_DIE = "grey"
GREY_LETTER = "x"
_CAMERA = re.compile(r"^(\d{1,9})(?:@(\d{1,9}))?$")
_PLACEMENT = re.compile(r"^(?:(\d{1,9}):)?([a-z])(\d{1,9})@(\d)$")
_COUNT = re.compile(r"^(?:(\d{1,9}):)?(\d{1,9})$")


def _dice_letters(text: str, rules) -> list[str]:
    """Dice letters; x is the grey die (second edition)."""
    names = []
    for ch in text.strip().lower():
        if ch == GREY_LETTER and rules.crazy_camels:
            names.append(GREY_DIE)
        else:
            names += _letters(ch, "--dice", rules.letters)
    return names


def _player_counts(text: str, flag: str, default_player: int) -> dict:
    counts = {}
    for token in text.replace(",", " ").split():
        m = _COUNT.match(token)
        if not m:
            raise ScenarioError(flag, f"bad token {token!r}; write [player:]count, e.g. \"1 2:1\"")
        counts[int(m.group(1)) if m.group(1) is not None else default_player] = int(m.group(2))
    return counts


def _placements(text: str, letters, default_player: int) -> dict:
    bets: dict[int, list] = {}
    for token in text.replace(",", " ").split():
        m = _PLACEMENT.match(token.lower())
        if not m:
            raise ScenarioError("--placements", f"bad token {token!r}; write [player:]letter+value@place, e.g. \"y5@3\"")
        player = int(m.group(1)) if m.group(1) is not None else default_player
        (name,) = _letters(m.group(2), "--placements", letters)
        bets.setdefault(player, []).append([name, int(m.group(3)), int(m.group(4))])
    return bets


def _pairs(text: str) -> list:
    pairs = []
    for token in text.replace(",", " ").split():
        a, sep, b = token.partition("-")
        if not sep or not a.isdecimal() or not b.isdecimal() or len(a) > 9 or len(b) > 9:
            raise ScenarioError("--partners", f"bad token {token!r}; write pairs of players, e.g. \"0-3 1-5\"")
        pairs.append([int(a), int(b)])
    return pairs


# Where a position field comes from: the scenario field's start -> (the quick-entry parameter, its flag).
FIELD_FLAGS = (("position.track", "track", "--track"), ("position.dice_left", "dice", "--dice"),
               ("position.desert", "desert", "--desert"), ("position.leg_tiles_left", "tiles", "--tiles"),
               ("position.held_leg_tiles", "held", "--held"), ("position.money", "money", "--money"),
               ("position.to_move", "to_move", "--me"), ("position.race_bets.winner", "winner_cards", "--winner-cards"),
               ("position.race_bets.loser", "loser_cards", "--loser-cards"),
               ("position.overall_cards_placed", "placed", "--placed"), ("position.boost_dice_left", "boost", "--boost"),
               ("position.boost_dice_pit", "pit", "--pit"), ("position.pyramid_tiles_held", "pyramid_held",
                                                             "--pyramid-held"),
               ("position.photographer", "camera", "--camera"), ("position.placement_bets", "placements",
                                                                  "--placements"),
               ("position.partners", "partners", "--partners"), ("rules.edition", "edition", "--edition"),
               ("rules.supercup", "supercup", "--supercup"), ("rules.boost_faces", "boost_faces", "--boost-faces"),
               ("players", "players", "--players"))


def position_from_flags(typed: dict):
    """(the scenario dict, its Position) from quick-entry values; an error names the flag typed and its value."""
    from analyzer.games.camelup.state import parse_position

    data = scenario_from_flags(**typed)
    try:
        return data, parse_position(data)
    except ScenarioError as exc:
        for field, name, flag in FIELD_FLAGS:
            if exc.field == field or exc.field.startswith((field + ".", field + "[")):
                value = typed.get(name)
                shown = f' "{value}"' if value is not None and len(str(value)) <= 40 else ""
                raise ScenarioError(f"{flag}{shown}", exc.problem) from None
        raise


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
        settings = run.settle({}, default_rollouts=question.default_rollouts,
                              identity=opt.game_identity(GAME, f"camelup {kind}", data, "quick entry"))
        result = ask(GAME, kind, position, settings)
        if kind != "ev" or fmt is not opt.Format.table:
            opt.emit(result, fmt, out)
            return
        if out is not None:
            from analyzer.core import tables

            tables.write_outputs(result, out)
        _print_actions(result, position, top)

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


app.command("odds", help="Leg-rank odds (exact) and race odds (Monte Carlo) of a position typed as flags.\n\n"
            + _help("odds"))(_command("odds"))
app.command("ev", help="Expected coins of every action for the player to move, from a position typed as flags.\n\n"
            + _help("ev"))(_command("ev"))


# -- the table session -------------------------------------------------------------------------------

StateFile = Annotated[Path, typer.Option("--state", dir_okay=False, help="The state file the session keeps: "
                                                                         "written after every event.")]


@app.command("table", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def table(ctx: typer.Context, state: StateFile = Path("camelup-table.json"),
          top: Annotated[int, typer.Option("--top", min=1, help="How many actions to list after each event.")] = 10,
          show_all: Annotated[bool, typer.Option("--all", help="List every action.")] = False,
          rollouts: Annotated[int, typer.Option("--rollouts", "-n", min=1, max=10**9,
                                                help="Races per answer (overall cards, race odds).")] = 50_000,
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
def serve(state: StateFile = Path("camelup-table.json"),
          host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 to reach it from a phone on the "
                                                 "same network (then a random access token is put in the "
                                                 "address printed).")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8765,
          rollouts: Annotated[int, typer.Option("--rollouts", "-n", min=1, max=10**9,
                                                help="Races per answer (overall cards, race odds).")] = 50_000,
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
