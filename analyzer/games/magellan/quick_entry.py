"""Quick entry at the table: `analyzer magellan ev|odds|pay|win` with the position typed as short flags.

    --card cook --phase 1          the card up and the phase
    --hand 1,4,8                   my cards (the player to act: --me, default 0)
    --bid 12@2                     the high bid @ its bidder; --bids "1:9" earlier bids; --passed 3,1
    --ships "polo:1,2 gama:1 cook:1,2/0"   owners per field, the fields 1/2/3 split by /
    --paid "1:8,5,2 2:9,6"         phase I: what each player paid (--discarded: Cook B, --drew: da Gama, known)
    --hands "1:7 2:1,2,3,5"        other hands: a count, or the cards (phase I: follow from --paid)
    --magellan "0:3 3:x"           Magellan stacks: owner:tucked values, x for a face-down card
    --board board.yaml             the board file filled in from `analyzer board magellan --template`

Without --board every output is on the illustrative board, and says so.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.cli import options as opt
from analyzer.core.errors import ScenarioError

_PLAYER_VALUES = re.compile(r"^(\d{1,2}):([0-9,x]*)$")
_BID = re.compile(r"^(\d{1,3})@(\d{1,2})$")


def _ints(text: str, flag: str) -> list[int]:
    try:
        return [int(v) for v in text.replace(" ", ",").split(",") if v]
    except ValueError:
        raise ScenarioError(flag, f"got {text!r}; write numbers split by commas, e.g. 1,4,8") from None


def _per_player(text: str | None, flag: str, example: str) -> dict[int, str]:
    out = {}
    for token in (text or "").split():
        m = _PLAYER_VALUES.match(token)
        if not m:
            raise ScenarioError(flag, f"bad token {token!r}; write player:values, e.g. {example}")
        out[int(m.group(1))] = m.group(2)
    return out


def _values(text: str, flag: str) -> list[int]:
    if "x" in text:
        raise ScenarioError(flag, f"got {text!r}; x (a face-down card) only in --magellan")
    return _ints(text, flag)


def parse_ships(text: str, flag: str = "--ships") -> dict:
    ships = {}
    for token in text.split():
        name, sep, fields = token.partition(":")
        if not sep or not name:
            raise ScenarioError(flag, f"bad token {token!r}; write explorer:owners/owners, e.g. \"polo:1,2 cook:1,2/0\"")
        ships[name] = [_ints(f, flag) for f in fields.split("/")]
    return ships


def parse_stacks(text: str) -> list[dict]:
    stacks = []
    for owner, values in _per_player(text, "--magellan", "\"0:3 3:x\"").items():
        if values and set(values) <= {"x"}:
            stacks.append({"owner": owner, "tucked": len(values)})
        else:
            stacks.append({"owner": owner, "tucked": _values(values, "--magellan")})
    return stacks


def load_board(path: Path | None) -> dict:
    """The rules block of a board file (`analyzer board magellan --template`, filled in)."""
    if path is None:
        return {}
    import yaml

    try:
        data = yaml.safe_load(Path(path).read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ScenarioError("--board", f"cannot read {path}: {exc}".splitlines()[0]) from None
    if not isinstance(data, dict):
        raise ScenarioError("--board", f"{path} holds no rules: block; write one with analyzer board magellan --template")
    rules = data.get("rules", data)
    if not isinstance(rules, dict):
        raise ScenarioError("--board", f"{path}: rules must be a mapping")
    return dict(rules)


def scenario_from_flags(card: str, phase: int, hand: str, players: int = 4, me: int = 0, bid: str | None = None,
                        bids: str | None = None, passed: str | None = None, opener: int | None = None,
                        hands: str | None = None, ships: str | None = None, gama_right: str | None = None,
                        paid: str | None = None, discarded: str | None = None, drew: str | None = None,
                        magellan: str | None = None, vetoes: str | None = None, decks: str | None = None,
                        discard: str | None = None, policies: str | None = None, side: str | None = None,
                        sides: str | None = None, bid_rule: str | None = None, board: Path | None = None) -> dict:
    rules = load_board(board)
    if side:
        rules["side"] = side
    if sides:
        rules["sides"] = {k: v for k, _, v in (t.partition(":") for t in sides.split())}
    if bid_rule:
        rules["bids"] = bid_rule
    auction = {"card": card, "to_act": me}
    if bid:
        m = _BID.match(bid.strip())
        if not m:
            raise ScenarioError("--bid", f"got {bid!r}; write the high bid @ its bidder, e.g. 12@2")
        auction.update(high_bid=int(m.group(1)), high_bidder=int(m.group(2)))
    if bids:
        auction["bids"] = {p: int(v) for p, v in _per_player(bids, "--bids", "\"1:9\"").items() if v.isdigit()}
    if passed:
        auction["passed"] = _ints(passed, "--passed")
    if opener is not None:
        auction["opener"] = opener
    position: dict = {"phase": phase, "auction": auction, "hands": {me: _ints(hand, "--hand")}}
    for p, text in _per_player(hands, "--hands", "\"1:7 2:1,2,3,5\"").items():
        values = _values(text, "--hands")
        position["hands"][p] = values[0] if len(values) == 1 and "," not in text and values[0] > 9 or (
            len(values) == 1 and "," not in text and phase > 1) else values
    if ships:
        position["ships"] = parse_ships(ships)
    if gama_right:
        position["gama_right"] = [_ints(f, "--gama-right") for f in gama_right.split("/")]
    history: dict[int, dict] = {}
    for key, text in (("paid", paid), ("discarded", discarded), ("drew", drew)):
        for p, values in _per_player(text, f"--{key}", "\"1:8,5,2\"").items():
            history.setdefault(p, {})[key] = _values(values, f"--{key}")
    if history:
        position["history"] = history
    if magellan:
        position["magellan"] = parse_stacks(magellan)
    if vetoes:
        position["vetoes"] = {p: int(v or 0) for p, v in _per_player(vetoes, "--vetoes", "\"2:1\"").items()}
    if decks:
        position["decks"] = {k: int(v) if v.isdigit() else v for k, _, v in (t.partition(":") for t in decks.split())}
    if discard:
        position["discard"] = _ints(discard, "--discard")
    if policies:
        if ":" in policies:
            position["policies"] = {int(p): name for p, _, name in (t.partition(":") for t in policies.split())
                                    if p.isdigit()}
        else:
            position["policies"] = policies.strip()
    return {"game": "magellan", "rules": rules, "players": players, "position": position}


def pizarro_from_flags(drawn: str | None, deck: str | None, scores: str | None, owner: int | None,
                       side: str | None, board: Path | None) -> dict:
    rules = load_board(board)
    rules["side"] = side or rules.get("side", "B")
    block: dict = {"drawn": _ints(drawn or "", "--drawn")}
    if deck:
        block["deck"] = _ints(deck, "--deck")
    if scores:
        block["scores"] = _ints(scores, "--scores")
    if owner is not None:
        block["owner"] = owner
    return {"game": "magellan", "rules": rules, "position": {"pizarro": block}}


# -- the sub-app ---------------------------------------------------------------------------------------

app = typer.Typer(help="Magellan at the table: give the bid state as flags, no file needed.\n\n"
                       "Example: analyzer magellan ev --card cook --phase 1 --hand 1,2,6,8 --bid 12@2 --passed 3 "
                       "--ships \"polo:1,2 gama:1 colombo:2 pizarro:3 magellan:0,3\" --paid \"0:9,7,5,4 1:8,5,2 "
                       "2:9,6 3:7,3,2\" --magellan \"0:3 3:x\"",
                  no_args_is_help=True, rich_markup_mode="markdown")

Card = Annotated[str, typer.Option(help="The explorer card up for auction: polo, gama, colombo, pizarro, magellan, "
                                        "cook.", show_default=False)]
Phase = Annotated[int, typer.Option(min=1, max=3, help="The phase: 1, 2 or 3.", show_default=False)]
Hand = Annotated[str, typer.Option(help="My cards (the player to act): 1,4,8.", show_default=False)]
Players = Annotated[int, typer.Option(help="Number of players.")]
Me = Annotated[int, typer.Option("--me", "--to-act", help="The player to act (from 0).")]
Bid = Annotated[Optional[str], typer.Option(help="The high bid @ its bidder: 12@2 [default: no bid yet].")]
Bids = Annotated[Optional[str], typer.Option(help="Earlier bids in this auction, player:amount: \"1:9\".")]
Passed = Annotated[Optional[str], typer.Option(help="Players who passed in this auction: 3,1.")]
Opener = Annotated[Optional[int], typer.Option(help="Who opened this auction [default: walked back from --me].")]
Hands = Annotated[Optional[str], typer.Option(help="Other hands, player:count or player:cards: \"1:7 2:1,2,3,5\" "
                                                   "[phase I: from --paid].")]
Ships = Annotated[Optional[str], typer.Option(help="Ships: explorer:owners, fields 1/2/3 split by /: "
                                                   "\"polo:1,2 cook:1,2/0\".")]
GamaRight = Annotated[Optional[str], typer.Option(help="Ships on da Gama's right halves (side B), fields by /: 1/0.")]
Paid = Annotated[Optional[str], typer.Option(help="Phase I: the gold each player paid, player:values: "
                                                  "\"1:8,5,2 2:9,6\".")]
Discarded = Annotated[Optional[str], typer.Option(help="Phase I: Cook B's random discards, player:values.")]
Drew = Annotated[Optional[str], typer.Option(help="Phase I: da Gama draws whose values are known, player:values.")]
Magellan = Annotated[Optional[str], typer.Option(help="Magellan stacks, owner:tucked values, x face down: "
                                                      "\"0:3 3:x\".")]
Vetoes = Annotated[Optional[str], typer.Option(help="Colombo vetoes not yet used this phase, player:count: \"2:1\".")]
Decks = Annotated[Optional[str], typer.Option(help="Explorer cards left this phase, explorer:count: \"polo:1\".")]
Discard = Annotated[Optional[str], typer.Option(help="The discard pile (phases II and III; phase I: from --paid).")]
Policies = Annotated[Optional[str], typer.Option(help="Opponent models: one name, or player:name: \"1:eager 3:net\" "
                                                      "(value, eager, thrifty, random, passive, net).")]
Side = Annotated[Optional[str], typer.Option(help="Board side A or B [default: the board file's, else A].")]
Sides = Annotated[Optional[str], typer.Option(help="Per explorer sides: \"cook:B pizarro:B\".")]
BidRule = Annotated[Optional[str], typer.Option("--bid-rule", help="exact_sum (a bid is a sum of cards in hand) or "
                                                                  "up_to_total.")]
Board = Annotated[Optional[Path], typer.Option(help="The board file: `analyzer board magellan --template`, filled in "
                                                    "from the printed board [default: the illustrative board].",
                                               dir_okay=False)]


def _command(kind: str):
    """`analyzer magellan odds|ev|pay`: one signature, so the flags stay alike."""

    @opt.with_run_options()
    def command(card: Card, phase: Phase, hand: Hand, players: Players = 4, me: Me = 0, bid: Bid = None,
                bids: Bids = None, passed: Passed = None, opener: Opener = None, hands: Hands = None,
                ships: Ships = None, gama_right: GamaRight = None, paid: Paid = None, discarded: Discarded = None,
                drew: Drew = None, magellan: Magellan = None, vetoes: Vetoes = None, decks: Decks = None,
                discard: Discard = None, policies: Policies = None, side: Side = None, sides: Sides = None,
                bid_rule: BidRule = None, board: Board = None, fmt: opt.FormatOpt = opt.Format.table,
                out: opt.Out = None, *, run: opt.RunOptions):
        data = scenario_from_flags(card, phase, hand, players, me, bid, bids, passed, opener, hands, ships, gama_right,
                                   paid, discarded, drew, magellan, vetoes, decks, discard, policies, side, sides,
                                   bid_rule, board)
        _answer(kind, data, run, fmt, out)

    return command


def _answer(kind: str, data: dict, run, fmt, out) -> None:
    from analyzer.core.game import ask
    from analyzer.games.magellan import GAME

    question = GAME.question(kind)
    settings = run.settle({}, default_rollouts=question.default_rollouts or 1,
                          identity=opt.game_identity(GAME, f"magellan {kind}", data, "quick entry"))
    opt.emit(ask(GAME, kind, GAME.position(data), settings), fmt, out)


Drawn = Annotated[Optional[str], typer.Option(help="Pizarro: the cards drawn so far: 5,7.")]
Deck = Annotated[Optional[str], typer.Option(help="Pizarro: the deck's cards [default: the 63 less those drawn].")]
Scores = Annotated[Optional[str], typer.Option(help="Every player's crowns before the draw: 40,38,45.")]
Owner = Annotated[Optional[int], typer.Option(help="Whose ship draws (from 0).")]


@opt.with_run_options()
def pizarro(drawn: Drawn = None, deck: Deck = None, scores: Scores = None, owner: Owner = None, side: Side = None,
            board: Board = None, fmt: opt.FormatOpt = opt.Format.table, out: opt.Out = None, *, run: opt.RunOptions):
    data = pizarro_from_flags(drawn, deck, scores, owner, side, board)
    _answer("win" if scores else "odds", data, run, fmt, out)


def _help(kind: str) -> str:
    from analyzer.games.magellan import GAME

    return GAME.questions[kind].help


app.command("ev", help="How high to go: every move of the player to act, from a bid state typed as flags.\n\n"
            + _help("ev"))(_command("ev"))
app.command("odds", help="Who gets the card and at what price, from a bid state typed as flags.\n\n"
            + _help("odds"))(_command("odds"))
app.command("pay", help="What each player can still bid for the card up, from a bid state typed as flags.\n\n"
            + _help("pay"))(_command("pay"))
app.command("pizarro", help="Pizarro's draw: stop or draw (exact); with --scores and --owner, played for the win.\n\n"
            + _help("win"))(pizarro)
