"""Samarkand (Sackson) positions from a scenario (spec §8), with every cube counted.

A position scenario (core allows only a few top-level keys, so the board goes in `rules` and spec §8's
position fields under `position:`):

    game: samarkand_sackson
    rules: {players: 3, board: illustrative-5x4 | {spaces, arrows, prices}, prices: {...}, <any §10 setting>}
    position:
      disc: d1.jewels                # closed: the covered market or null; step_down: [newest, older]; none: null
      fields: {a1: {grain: 2}, c1: {fruit: 1, jewels: 2}}   # camps by id; a camp not listed holds no cube
      bag: unknown                   # or counts by kind; unknown = totals minus everything seen
      out_of_play: {}                # penalty_cubes: out: cubes given to the bank
      players:
        - {name: me,  space: c2, money: 245, cubes: {jewels: 4, grain: 3, carpets: 1}}
        - {name: bob, space: d3, money: 310, cubes: {known: {camels: 3}, hidden: 5}}
        - {name: eva, space: a4, money: 190, cubes: {known: {}, hidden: 9}, out: false}
      to_move: 0                     # seat or name
      me: 0                          # whose view (default to_move); his cubes must all be known
      focus: {space, kind, at_least, n}   # what a question looks at
    analysis: {rollouts, seed}

Inside, seats are 0..P-1, kinds 0..5, spaces 0..S-1, camps in `Board.camps` order, markets by index.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.settings import handicap_by_rank
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.rules import DEFAULT_BOARD, Board, Settings

POSITION_KEYS = {"disc", "fields", "bag", "out_of_play", "players", "to_move", "me", "turn", "focus"}
PLAYER_KEYS = {"name", "space", "money", "cubes", "out"}
FOCUS_KEYS = {"space", "kind", "at_least", "n"}
MAX_MONEY = 100_000
ZERO = (0,) * len(r.KINDS)


@dataclass(frozen=True)
class PlayerState:
    name: str
    space: int
    money: int = r.START_MONEY
    known: tuple[int, ...] = ZERO  # cubes by kind, seen
    hidden: int = 0  # cubes of unknown colour
    out: bool = False

    @property
    def cubes(self) -> int:
        return sum(self.known) + self.hidden


@dataclass(frozen=True)
class Focus:
    """What a question looks at: a space (an oasis, camp or city), a kind and a count (P(at least k), reach n)."""
    space: int | None = None
    kind: int | None = None
    at_least: int = 1
    n: int | None = None


@dataclass(frozen=True)
class Position:
    players: int
    board: Board = DEFAULT_BOARD
    settings: Settings = field(default_factory=Settings)
    disc: tuple[int, ...] = ()  # market indices, newest first, -1: none (len = settings.chips)
    fields: tuple[tuple[int, ...], ...] = ()  # per camp (Board.camps order): cubes by kind
    bag: tuple[int, ...] | None = None  # None: unknown
    out_of_play: tuple[int, ...] = ZERO
    seats: tuple[PlayerState, ...] = ()
    to_move: int = 0
    me: int = 0
    turn: int = 0
    winner: int | None = None
    end: str | None = None  # None | won | last_standing | capped
    focus: Focus = field(default_factory=Focus)

    @property
    def illustrative(self) -> bool:
        return self.board.illustrative

    @property
    def totals(self) -> tuple[int, ...]:
        return r.totals(self.players)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def field_of(self, space: int) -> tuple[int, ...]:
        return self.fields[self.board.camp_of[space]]

    def unseen(self, seat: int | None = None) -> tuple[int, ...]:
        """By kind, the cubes `seat` (default me) has not seen: totals - his hand - fields - others' known cubes
        - out of play (the bag plus the hidden part of other hands)."""
        seat = self.me if seat is None else seat
        out = list(self.totals)
        for k in range(len(r.KINDS)):
            out[k] -= sum(f[k] for f in self.fields) + self.out_of_play[k]
            out[k] -= sum(q.known[k] for q in self.seats)
        return tuple(out)

    def pool(self, seat: int | None = None) -> tuple[int, ...]:
        """What a draw comes from, seen by `seat`: the bag when its counts are given, else his unseen pool."""
        return self.bag if self.bag is not None else self.unseen(seat)

    @property
    def full_information(self) -> bool:
        return self.bag is not None and all(q.hidden == 0 for q in self.seats)


# ------------------------------------------------------------------------------------------------
# parsing


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    rules = sc.mapping(data.get("rules"), "rules")
    board = r.parse_board(rules.get("board"), "rules.board", rules.get("prices"))
    settings = r.parse_settings(rules, "rules", frozenset({"board", "players", "prices"}))
    players = sc.table_players(data, rules, r.PLAYERS)
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    p = _read(block, players, board, settings)
    check(p)
    return p


def _disc(value, where: str, board: Board, settings: Settings) -> tuple[int, ...]:
    chips = settings.chips
    if chips == 0:
        if value is not None:
            raise ScenarioError(where, "market_disc: none has no disc; give null")
        return ()
    if chips == 1:
        if isinstance(value, list):
            raise ScenarioError(where, "market_disc: closed: one market id or null")
        return (board.market(value, where) if value is not None else -1,)
    items = [value] if isinstance(value, str) else sc.sequence(value, where)
    if len(items) > 2:
        raise ScenarioError(where, "market_disc: step_down: [newest, older] chips, each a market id or null")
    got = [board.market(v, f"{where}[{i}]") if v is not None else -1 for i, v in enumerate(items)]
    return tuple(got + [-1] * (2 - len(got)))


def _read(block: dict, players: int, board: Board, settings: Settings) -> Position:
    P = "position"
    fields_ = [ZERO] * len(board.camps)
    for key, value in sc.mapping(block.get("fields"), f"{P}.fields").items():
        where = f"{P}.fields.{sc.key_name(key)}"
        s = board.space(key, where)
        if board.kind[s] != r.CAMP:
            raise ScenarioError(where, f"{board.space_ids[s]} is not a nomad camp; camps: "
                                       f"{', '.join(board.space_ids[c] for c in board.camps)}"
                                       f"{did_you_mean(key, [board.space_ids[c] for c in board.camps])}")
        fields_[board.camp_of[s]] = r.counts(value, where)
    bag_raw = block.get("bag", "unknown")
    if isinstance(bag_raw, str) and bag_raw != "unknown" or isinstance(bag_raw, (list, bool, int, float)):
        raise ScenarioError(f"{P}.bag", f"got {bag_raw!r}; allowed: unknown or counts by kind")
    bag = None if bag_raw == "unknown" or bag_raw is None else r.counts(bag_raw, f"{P}.bag")
    out = r.counts(block.get("out_of_play"), f"{P}.out_of_play")
    if any(out) and settings.penalty_cubes != "out":
        raise ScenarioError(f"{P}.out_of_play", "only with penalty_cubes: out (else the bank's cubes are in the bag)")
    raw = sc.sequence(block.get("players"), f"{P}.players")
    if len(raw) != players:
        raise ScenarioError(f"{P}.players", f"one entry per player: {players}, got {len(raw)}")
    seats: list[PlayerState] = []
    for i, entry in enumerate(raw):
        seats.append(_player(entry, f"{P}.players[{i}]", i, board, [s.name for s in seats]))
    names = [s.name for s in seats]
    to_move = sc.seat(block.get("to_move", 0), f"{P}.to_move", names)
    me = sc.seat(block.get("me", to_move), f"{P}.me", names)
    return Position(players, board, settings, _disc(block.get("disc"), f"{P}.disc", board, settings),
                    tuple(fields_), bag, out, tuple(seats), to_move, me,
                    sc.integer(block.get("turn", 0), f"{P}.turn", 0, settings.turn_cap - 1),
                    focus=_focus(block.get("focus"), board))


def _player(entry, where: str, seat: int, board: Board, taken: list[str]) -> PlayerState:
    e = sc.mapping(entry, where, PLAYER_KEYS)
    name = e.get("name", f"p{seat}")
    if not isinstance(name, str) or not name.strip() or name in taken:
        raise ScenarioError(f"{where}.name", "a name (text), different for every player")
    if "space" not in e:
        raise ScenarioError(f"{where}.space", "missing: the space his figure stands on")
    cubes = sc.mapping(e.get("cubes"), f"{where}.cubes")
    if "known" in cubes or "hidden" in cubes:
        sc.mapping(cubes, f"{where}.cubes", {"known", "hidden"})
        known = r.counts(cubes.get("known"), f"{where}.cubes.known")
        hidden = sc.integer(cubes.get("hidden", 0), f"{where}.cubes.hidden", 0, r.MAX_N)
    else:
        known, hidden = r.counts(cubes, f"{where}.cubes"), 0
    return PlayerState(name, board.space(e["space"], f"{where}.space"),
                       sc.integer(e.get("money", r.START_MONEY), f"{where}.money", 0, MAX_MONEY), known, hidden,
                       sc.flag(e.get("out", False), f"{where}.out"))


def _focus(value, board: Board) -> Focus:
    where = "position.focus"
    e = sc.mapping(value, where, FOCUS_KEYS)
    out = {}
    if e.get("space") is not None:
        out["space"] = board.space(e["space"], f"{where}.space")
    if e.get("kind") is not None:
        out["kind"] = r.kind_index(e["kind"], f"{where}.kind")
    if e.get("at_least") is not None:
        out["at_least"] = sc.integer(e["at_least"], f"{where}.at_least", 1, r.OASIS_CUBES)
    if e.get("n") is not None:
        out["n"] = sc.integer(e["n"], f"{where}.n", 1, r.MAX_N)
    if "n" in out and "kind" not in out:
        raise ScenarioError(f"{where}.kind", "focus.n (reach n of a kind) needs the kind")
    return Focus(**out)


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components (spec §8)."""
    b, P, tot = p.board, "position", p.totals
    for c, s in enumerate(b.camps):
        if sum(p.fields[c]) > b.capacity[s]:
            raise ScenarioError(f"{P}.fields.{b.space_ids[s]}", f"{sum(p.fields[c])} cubes over the capacity "
                                                                f"{b.capacity[s]}")
    seen = [sum(f[k] for f in p.fields) + sum(q.known[k] for q in p.seats) + p.out_of_play[k] +
            (p.bag[k] if p.bag is not None else 0) for k in range(len(r.KINDS))]
    for k, name in enumerate(r.KINDS):
        if seen[k] > tot[k]:
            raise ScenarioError(f"{P}.players", f"{seen[k]} {name} in fields, hands, out of play and bag; "
                                                f"{p.players} players play with {tot[k]}")
    hidden = sum(q.hidden for q in p.seats)
    left = sum(tot) - sum(seen)
    if p.bag is not None and hidden != left:
        raise ScenarioError(f"{P}.bag", f"with the bag given, the hidden cubes ({hidden}) must be the {left} the "
                                        "counts leave")
    if hidden > left:
        raise ScenarioError(f"{P}.players", f"{hidden} hidden cubes; only {left} are unaccounted for")
    me = p.seats[p.me]
    if me.hidden:
        raise ScenarioError(f"{P}.players[{p.me}].cubes", "the player whose view it is (me) must list every cube")
    if p.seats[p.to_move].out:
        raise ScenarioError(f"{P}.to_move", f"{p.name(p.to_move)} is out of the game")
    if all(q.out for q in p.seats):
        raise ScenarioError(f"{P}.players", "every player is out")
    if p.settings.chips == 2 and p.disc[0] == -1 and p.disc[1] != -1:
        raise ScenarioError(f"{P}.disc", "the newest chip first: [newest, older]")


def questions(position: Position) -> tuple[str, ...]:
    """The questions every position supports."""
    return ("odds", "ev", "reach", "oasis", "trade", "city")


# ------------------------------------------------------------------------------------------------
# writing back, setting up, dealing the unseen


def to_dict(p: Position) -> dict:
    """A Position as the scenario dict `parse_position` reads back."""
    b = p.board
    rules = p.settings.shown()
    rules["players"] = p.players
    rules["board"] = b.name if r.BOARDS.get(b.name) == b else r.board_mapping(b)
    names = [None if m < 0 else b.market_ids[m] for m in p.disc]
    disc = None if not names else (names[0] if len(names) == 1 else names)
    players = []
    for q in p.seats:
        cubes = r.counts_dict(q.known) if not q.hidden else {"known": r.counts_dict(q.known), "hidden": q.hidden}
        players.append({"name": q.name, "space": b.space_ids[q.space], "money": q.money, "cubes": cubes,
                        "out": q.out})
    position = {"disc": disc, "fields": {b.space_ids[s]: r.counts_dict(p.fields[c]) for c, s in enumerate(b.camps)},
                "bag": "unknown" if p.bag is None else r.counts_dict(p.bag), "players": players,
                "to_move": p.to_move, "me": p.me, "turn": p.turn}
    if any(p.out_of_play):
        position["out_of_play"] = r.counts_dict(p.out_of_play)
    f = p.focus
    focus = {"space": b.space_ids[f.space] if f.space is not None else None,
             "kind": r.KINDS[f.kind] if f.kind is not None else None, "at_least": f.at_least, "n": f.n}
    if f != type(f)():
        position["focus"] = {k: v for k, v in focus.items() if v is not None}
    return {"game": "samarkand_sackson", "rules": rules, "position": position}


def draw_from(counts: list[int], u: float) -> int:
    """The kind of one cube drawn from `counts` (by kind) with the uniform u in [0, 1): kind k with chance
    counts[k] / total (the i-th cube in kind order, i = floor(u · total))."""
    total = sum(counts)
    i = min(int(u * total), total - 1)
    for k, n in enumerate(counts):
        if i < n:
            return k
        i -= n
    raise ValueError("draw from an empty bag")


def _draw(bag: list[int], n: int, rng: np.random.Generator) -> tuple[int, ...]:
    """n cubes drawn one by one from `bag` (counts by kind, reduced in place): the counts by kind drawn."""
    out = [0] * len(r.KINDS)
    for _ in range(n):
        k = draw_from(bag, rng.random())
        bag[k] -= 1
        out[k] += 1
    return tuple(out)


def start_position(players: int, rng: np.random.Generator, board: Board = DEFAULT_BOARD,
                   settings: Settings = Settings(), spaces: list[int] | None = None) -> Position:
    """The set-up (spec §2): 200 piasters each, 7 cubes each (seat 0's first), 2 on each camp's field (Board.camps
    order), then each figure on `spaces` (default: a uniform space each, seat order); the disc beside the board."""
    bag = list(r.totals(players))
    hands = [_draw(bag, r.START_CUBES, rng) for _ in range(players)]
    fields_ = [_draw(bag, r.FIELD_RESTOCK, rng) for _ in board.camps]
    if spaces is None:
        spaces = [min(int(rng.random() * board.spaces), board.spaces - 1) for _ in range(players)]
    handicap = handicap_by_rank(settings.seat_handicap, players)  # seat 0 moves first
    seats = tuple(PlayerState(f"p{s}", spaces[s], r.START_MONEY + handicap[s], hands[s]) for s in range(players))
    return Position(players, board, settings, (-1,) * settings.chips, tuple(fields_), tuple(bag), ZERO, seats)


def deal_unseen(p: Position, rng: np.random.Generator) -> Position:
    """A full-information position consistent with p from my view: the hidden cubes dealt uniformly from the
    cubes unaccounted for (the bag, when unknown, is what is left)."""
    pool = [t - (sum(f[k] for f in p.fields) + sum(q.known[k] for q in p.seats) + p.out_of_play[k] +
                 (p.bag[k] if p.bag is not None else 0)) for k, t in enumerate(p.totals)]
    seats = []
    for q in p.seats:
        hand = list(q.known)
        for _ in range(q.hidden):
            k = draw_from(pool, rng.random())
            pool[k] -= 1
            hand[k] += 1
        seats.append(replace(q, known=tuple(hand), hidden=0))
    bag = p.bag if p.bag is not None else tuple(pool)
    return replace(p, seats=tuple(seats), bag=bag)


def board_template() -> str:
    """`analyzer board samarkand_sackson --template`: the default board as an inline board, the numbers blank.

    Copy the printed board into it (each space's kind, capacity, oasis price and markets, the arrows, the price
    tables); it loads only once every blank is filled in."""
    import yaml

    mapping = r.board_mapping(DEFAULT_BOARD)
    mapping.update(name="printed", source="printed", prices_source="printed")
    for entry in mapping["spaces"].values():
        for key in ("capacity", "price4"):
            if key in entry:
                entry[key] = None
    for name in r.KINDS:
        mapping["prices"][name] = {"prices": [None] * 5, "step": None}
    mapping["prices"]["assortment"] = [None] * 5
    header = ["# Samarkand (Sackson) board file: the printed board and price tables, which no public source gives.",
              "# Below is spec §7's ILLUSTRATIVE 5x4 board as an inline board: change each space (kind",
              "# camp|oasis|city; markets: two of grain fruit copper carpets camels jewels assortment) and the",
              "# arrows to YOUR board, and",
              "# replace every null (camp capacity, oasis price4, prices for 2..6 cubes and the step per cube above 6,",
              "# assortment prices for 2..6 kinds) with the printed number; then put this rules: block in a scenario."]
    body = yaml.safe_dump({"rules": {"board": mapping}}, sort_keys=False, width=120, default_flow_style=None)
    return "\n".join(header) + "\n" + body
