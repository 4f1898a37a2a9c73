"""Finstere Flure positions from a scenario (spec "What a position is"), every field checked.

Core allows only a few top-level keys, so the spec's `settings:` and `board:` go in `rules:` and the rest under
`position:`:

    game: finstere_flure
    players: 3
    rules: {wrap: mirror, cross_ban: first_round_of_game, ..., board: {width: 16, height: 11, stones: [...], ...}}
    position:
      me: 2                          # the player P(>= 1 of my figures caught) is asked for
      stage: 1
      round: 4                       # counted from the start of the game
      cards_left: [5, 7, 8, 10, X2]  # the multiset not yet revealed this stage
      monster: {pos: [4, 2], facing: E}
      start_player: 1
      to_move: 2                     # whose turn it is among the figures (question 2 moves one of his)
      figures:                       # top: the value face up now (optional: the round and `moved` fix it)
        - {owner: 0, stone: 6/1, pos: [10, 6], top: 1, moved: true}
        - {owner: 0, stone: 2/5, pos: off, moved: false}
      exits: [1]                     # owner of each figure out through the exit, in the order they got out
      focus: {figure: 1, rounds: 3}  # optional: question 2's figure (index in figures), question 3's figure and k

The board is where the tiles lie now (stones move in play); no board block: the illustrative default.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.rules import Board, Settings

POSITION_KEYS = {"me", "stage", "round", "cards_left", "monster", "start_player", "to_move", "figures", "exits",
                 "focus"}
FIGURE_KEYS = {"owner", "stone", "pos", "top", "moved"}
MAX_ROUNDS = 50


@dataclass(frozen=True)
class Figure:
    owner: int
    stone: tuple[int, int]  # (black side, coloured side)
    pos: tuple[int, int] | None  # None: off the board, before the entrance
    top: int
    moved: bool

    @property
    def name(self) -> str:
        return f"P{self.owner} {r.stone_name(self.stone)}"


@dataclass(frozen=True)
class Position:
    players: int
    settings: Settings = field(default_factory=Settings)
    board: Board = r.DEFAULT_BOARD
    me: int = 0
    stage: int = 1
    round: int = 1
    cards_left: tuple[str, ...] = tuple(sorted(r.DECK))
    monster: tuple[int, int] = (0, 0)
    facing: int = r.E
    start_player: int = 0
    to_move: int = 0
    figures: tuple[Figure, ...] = ()
    exits: tuple[int, ...] = ()
    focus_figure: int | None = None
    focus_rounds: int = 3

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative

    @property
    def stage_round(self) -> int:
        """The round counted from the start of this stage."""
        return self.round if self.stage == 1 else self.round - self.settings.stage_cards

    def crosses_barred(self) -> bool:
        """Whether this round's monster card must be a number (cross cards are redrawn): per `cross_ban`."""
        return self.round == 1 or self.settings.cross_ban == "first_round_of_each_stage" and self.stage_round == 1

    def playable_cards(self) -> tuple[str, ...]:
        """The cards this round's monster phase may reveal, one per card left (numbers only when crosses are
        barred: the cross is redrawn, so every number card left is equally likely)."""
        if self.crosses_barred():
            return tuple(c for c in self.cards_left if not r.is_cross(c, self.settings))
        return self.cards_left


def _board_to_rules(data: dict) -> dict:
    """The spec's layout (core.scenario.from_spec_layout) leaves the board among the position's fields: it is rules."""
    position, rules = data.get("position"), data.get("rules")
    if not isinstance(position, dict) or "board" not in position or (isinstance(rules, dict) and "board" in rules):
        return data
    return {**data, "rules": {**(rules if isinstance(rules, dict) else {}), "board": position["board"]},
            "position": {k: v for k, v in position.items() if k != "board"}}


def parse_position(data: dict) -> Position:
    data = _board_to_rules(data)
    players = sc.integer(data.get("players"), "players", *r.PLAYERS)
    rules_block = sc.mapping(data.get("rules"), "rules")
    settings = r.parse_settings(rules_block, "rules", skip=frozenset({"board"}))
    board = r.parse_board(rules_block.get("board"), "rules.board")
    if "position" not in data:
        raise ScenarioError("position", "missing; give the position (stage, round, cards_left, monster, figures, ...)")
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    for key in ("round", "cards_left", "monster", "figures"):
        if key not in block:
            raise ScenarioError(f"position.{key}", "missing; see `analyzer odds --help` for the position format")
    me = sc.integer(block.get("me", 0), "position.me", 0, players - 1)
    stage = sc.integer(block.get("stage", 1), "position.stage", 1, 2)
    round_no = sc.integer(block["round"], "position.round", 1, settings.turn_cap)
    cards = _cards(block["cards_left"], "position.cards_left")
    _check_cards_against_round(cards, stage, round_no, settings)
    monster_block = sc.mapping(block["monster"], "position.monster", {"pos", "facing"})
    if "pos" not in monster_block or "facing" not in monster_block:
        raise ScenarioError("position.monster", "give pos [x, y] and facing N|E|S|W")
    monster = r.square(monster_block["pos"], "position.monster.pos", board)
    if monster in board.blocks() or monster in {q for q, _ in board.teleports}:
        raise ScenarioError("position.monster.pos", f"{list(monster)} holds a stone or teleporter; the monster "
                                                    "stands on a free square")
    facing = r.direction_index(monster_block["facing"], "position.monster.facing")
    start_player = sc.integer(block.get("start_player", 0), "position.start_player", 0, players - 1)
    to_move = sc.integer(block.get("to_move", start_player), "position.to_move", 0, players - 1)
    exits = tuple(sc.integer(v, f"position.exits[{i}]", 0, players - 1)
                  for i, v in enumerate(sc.sequence(block.get("exits"), "position.exits")))
    figures = _figures(block["figures"], players, board, round_no, monster)
    _check_counts(figures, exits, players, stage)
    if not any(f.owner == to_move and not f.moved for f in figures) and any(not f.moved for f in figures):
        raise ScenarioError("position.to_move", f"player {to_move} has no figure left to move this round; "
                                                f"name a player who has")
    focus = sc.mapping(block.get("focus"), "position.focus", {"figure", "rounds"})
    focus_figure = None
    if focus.get("figure") is not None:
        focus_figure = sc.integer(focus["figure"], "position.focus.figure", 0, len(figures) - 1) if figures else None
        if focus_figure is None:
            raise ScenarioError("position.focus.figure", "there are no figures to pick")
    rounds = sc.integer(focus.get("rounds", 3), "position.focus.rounds", 1, MAX_ROUNDS)
    return Position(players, settings, board, me, stage, round_no, cards, monster, facing, start_player, to_move,
                    figures, exits, focus_figure, rounds)


def _cards(value, where: str) -> tuple[str, ...]:
    items = sc.sequence(value, where)
    cards = tuple(r.card_name(v, f"{where}[{i}]") for i, v in enumerate(items))
    have, deck = Counter(cards), Counter(r.DECK)
    for card, n in have.items():
        if n > deck[card]:
            raise ScenarioError(where, f"{n} x {card} but the deck holds {deck[card]}; cards_left is part of the "
                                       f"deck {', '.join(r.DECK)}")
    if not cards:
        raise ScenarioError(where, "empty: the stage is over; give the cards not yet revealed (1 to 8)")
    return tuple(sorted(cards, key=r.DECK.index))


def _check_cards_against_round(cards, stage: int, round_no: int, settings: Settings) -> None:
    """One card is revealed each round, so the round fixes how many cards are left (stage 2 starts after
    stage_cards rounds)."""
    where = "position.cards_left"
    played = settings.stage_cards
    if stage == 1:
        if round_no > played:
            raise ScenarioError("position.round", f"stage 1 has {played} rounds (stage_cards {played}); "
                                                  f"got round {round_no}: say stage: 2")
        want = len(r.DECK) - (round_no - 1)
    else:
        if round_no <= played:
            raise ScenarioError("position.round", f"stage 2 starts in round {played + 1} (stage_cards {played}); "
                                                  f"got {round_no}")
        if round_no > 2 * played:
            raise ScenarioError("position.round", f"stage 2 ends after round {2 * played}; got {round_no}")
        want = len(r.DECK) - (round_no - played - 1)
    if len(cards) != want:
        raise ScenarioError(where, f"round {round_no} of stage {stage} leaves {want} card(s) unrevealed (one is "
                                   f"revealed each round); got {len(cards)}")
    barred = round_no == 1 or (settings.cross_ban == "first_round_of_each_stage" and stage == 2
                               and len(cards) == len(r.DECK))
    if barred and all(r.is_cross(c, settings) for c in cards):
        raise ScenarioError(where, "only cross cards left in a round that bars them (cross_ban); a number card "
                                   "must be left")


def _figures(value, players: int, board: Board, round_no: int, monster) -> tuple[Figure, ...]:
    stones = r.stones_for(players)
    names = {r.stone_name(s): s for s in stones}
    blocked = board.blocks() | {q for q, _ in board.teleports}
    out, seen, at = [], set(), {}
    for i, item in enumerate(sc.sequence(value, "position.figures")):
        where = f"position.figures[{i}]"
        f = sc.mapping(item, where, FIGURE_KEYS)
        for key in ("owner", "stone", "pos"):
            if key not in f:
                raise ScenarioError(f"{where}.{key}", "missing; a figure is {owner, stone, pos, moved, top}")
        owner = sc.integer(f["owner"], f"{where}.owner", 0, players - 1)
        stone = names.get(str(f["stone"]).replace(" ", ""))
        if stone is None:
            raise ScenarioError(f"{where}.stone", f"got {f['stone']!r}; allowed with {players} players: "
                                                  f"{', '.join(names)}")
        if (owner, stone) in seen:
            raise ScenarioError(f"{where}.stone", f"player {owner} has one {r.stone_name(stone)} figure; "
                                                  "it is listed twice")
        seen.add((owner, stone))
        moved = sc.flag(f.get("moved", False), f"{where}.moved")
        pos = None if _is_off(f["pos"]) else r.square(f["pos"], f"{where}.pos", board, "or off")
        if pos is not None:
            if pos in blocked:
                raise ScenarioError(f"{where}.pos", f"{list(pos)} holds a stone or teleporter; a figure ends on a "
                                                    "free square")
            if pos == monster:
                raise ScenarioError(f"{where}.pos", f"{list(pos)} is the monster's square; it would have eaten it")
            if pos in at:
                raise ScenarioError(f"{where}.pos", f"{list(pos)} already holds figures[{at[pos]}]; one figure per "
                                                    "square")
            at[pos] = i
        want = r.face_up(stone, round_no)
        if moved:
            want = sum(stone) - want
        top = want if f.get("top") is None else sc.integer(f["top"], f"{where}.top", 1, 6)
        if top != want:
            raise ScenarioError(f"{where}.top", f"in round {round_no} a {r.stone_name(stone)} figure that has "
                                                f"{'' if moved else 'not '}moved shows {want}; got {top}")
        out.append(Figure(owner, stone, pos, top, moved))
    if round_no == 1:
        for owner in range(players):
            inside = [f for f in out if f.owner == owner and f.pos is not None]
            if len(inside) > 2:
                raise ScenarioError("position.figures", f"player {owner} has {len(inside)} figures on the board in "
                                                        "round 1; each player brings only two in")
    return tuple(out)


def _check_counts(figures, exits, players: int, stage: int) -> None:
    per = len(r.stones_for(players))
    for owner in range(players):
        listed = sum(f.owner == owner for f in figures)
        out = exits.count(owner)
        if out >= r.to_win(players):
            raise ScenarioError("position.exits", f"player {owner} has {out} figures out: the game is over "
                                                  f"({r.to_win(players)} win)")
        if listed + out > per:
            raise ScenarioError("position.figures", f"player {owner} has {listed} figures listed and {out} out; "
                                                    f"a colour has {per} with {players} players")


def _is_off(value) -> bool:
    """`pos: off` (YAML 1.1 reads a bare off as false)."""
    return value is False or isinstance(value, str) and value.strip().lower() == "off"


def to_table(position: Position):
    """The position as C's readable reference `Table` (figure i = position.figures[i])."""
    from analyzer.games.finstere_flure import reference as ref

    figures = [ref.Figure(f.owner, f.stone, "off" if f.pos is None else f.pos, f.top, f.moved)
               for f in position.figures]
    return ref.Table(position.board, position.players, figures, monster=position.monster, facing=position.facing,
                     stage=position.stage, round=position.round, cards_left=list(position.cards_left),
                     start_player=position.start_player, exits=list(position.exits),
                     stage_round=position.stage_round)
