"""Café International positions from a scenario (spec "What a position is"), every tile checked against the 100.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top; a `tables:`
block in the position is the layout, as the spec's example writes it):

    game: cafe_international
    players: 3
    rules: {lone_guest_rule: shared_group, table_scoring: per_table, bag_end: at_most_4, bar_spaces: 20,
            layout: illustrative_ring, bar_values: illustrative}
    position:
      me: 0
      to_move: 0
      seated: {c2: {nat: N1, sex: f}, c4: [N2, m], c5: joker f}    # chair -> tile
      bar: [[N9, m], [N4, f]]          # the bar's tiles in order (visible); or only bar_filled: 6
      hands: {0: [[N3, f], [N1, m], [joker, m]], 1: [[N5, m]], 2: [[N7, f]]}
      targets: {0: 4}                   # a seat's refill target: 5 less the completions it drew fewer for (default 5)
      bag: derived                      # or counts {"N1 f": 3, ...} (or [[N1, f, 3], ...]); total 100 - visible
      out_of_game: []                   # tiles of a hand removed at a bar dropout (visible, not in the bag)
      dropped: []                       # seats out of the game
      scores: [23, 17, 30]
      birthday: null                    # the nationality named (birthday_table)
      first_turn: false                 # the start player's very first turn (default: empty board and bar)
      focus: {nationality: N3, sex: m, jokers: true, draws: 2, turns: 1, placed: 2, completed: 0, table: T1}

A tile is [nat, sex], "nat sex" or {nat, sex}: nat N1..N12 or joker, sex f or m.  Readings where the spec is
silent: a seat missing from `hands` holds no tile; the bar's tiles, when only `bar_filled` counts them, are
unseen non-jokers (the bag is then 100 - visible less that many random non-jokers, and the draw odds average over
them exactly); at most one guest may sit alone against the lone guest rule (the start player's first tile); with
coffee_party a full table of four of one sex may break the balance.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.cafe_international import layout as lay
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.rules import Settings

POSITION_KEYS = {"me", "to_move", "tables", "seated", "bar", "bar_filled", "hands", "targets", "bag", "out_of_game",
                 "dropped", "scores", "birthday", "first_turn", "focus"}
FOCUS_KEYS = {"nationality", "sex", "jokers", "draws", "turns", "placed", "completed", "table"}
MAX_TURNS = 50


@dataclass(frozen=True)
class Focus:
    """What the draw questions ask about: a nationality (None: each), a sex (None: either), jokers of that sex
    counted, the draws per turn (None: my refill after the move), over how many of my turns, a table."""
    nationality: int | None = None
    sex: int | None = None
    jokers: bool = False
    draws: int | None = None
    turns: int = 1
    placed: int | None = None  # guests my move seats (default: two, or all my hand when smaller)
    completed: int = 0  # single-nationality tables my move completes (the refill may be that much shorter)
    table: int | None = None  # index into the layout


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    me: int = 0
    to_move: int = 0
    seated: tuple = ()  # ((chair, tile), ...) in layout order
    bar: tuple = ()  # the bar's listed tiles, in order
    bar_filled: int = 0
    hands: tuple = ((),) * 4  # per seat, tiles
    targets: tuple[int, ...] = (r.HAND,) * 4  # per seat: the hand size its refills go back to
    out_of_game: tuple = ()
    dropped: tuple[int, ...] = ()
    scores: tuple[int, ...] = (0,) * 4
    birthday: int | None = None
    first_turn: bool = True
    pool: tuple[int, ...] = r.KIND_COUNTS  # the unseen tiles by kind (the bag, plus any unlisted bar tiles)
    bar_hidden: int = 0  # bar tiles not listed: unseen non-jokers of the pool that are not in the bag
    bag_given: bool = False
    focus: Focus = field(default_factory=Focus)

    @property
    def board(self) -> dict:
        return dict(self.seated)

    @property
    def layout(self) -> tuple:
        return self.settings.layout

    @property
    def bag_size(self) -> int:
        return sum(self.pool) - self.bar_hidden

    @property
    def my_hand(self) -> tuple:
        return self.hands[self.me]

    @property
    def illustrative(self) -> tuple[str, ...]:
        return self.settings.illustrative


# ------------------------------------------------------------------------------------------------
# parsing

def parse_tile(value, where: str) -> tuple[int, int]:
    if isinstance(value, str):
        value = value.split()
    if isinstance(value, dict):
        e = sc.mapping(value, where, {"nat", "sex"})
        value = [e.get("nat"), e.get("sex")]
    items = sc.sequence(value, where) if not isinstance(value, (str, dict)) else []
    if len(items) != 2:
        raise ScenarioError(where, "a tile [nat, sex]: nat N1..N12 or joker, sex f or m, e.g. [N3, f]")
    return r.nationality(items[0], f"{where}.nat"), r.sex(items[1], f"{where}.sex")


def tile_name(tile) -> str:
    return r.kind_name(r.kind(*tile))


def _tiles(value, where: str, most: int) -> tuple:
    items = sc.sequence(value, where)
    if len(items) > most:
        raise ScenarioError(where, f"at most {most} tiles; got {len(items)}")
    return tuple(parse_tile(x, f"{where}[{i}]") for i, x in enumerate(items))


def _layout(data: dict, block: dict, settings: Settings) -> Settings:
    if block.get("tables") is None:
        return settings
    if sc.mapping(data.get("rules"), "rules").get("layout", "illustrative_ring") != "illustrative_ring":
        raise ScenarioError("position.tables", "give the layout once: as rules.layout or as position.tables")
    return replace(settings, layout=r.parse_layout(block["tables"], "position.tables"))


def _seated(value, where: str, settings: Settings) -> tuple:
    geo = lay.geometry(settings.layout)
    block = sc.mapping(value, where)
    out = {}
    for chair, raw in block.items():
        f = f"{where}.{sc.key_name(chair)}"
        chair = str(chair)
        if chair not in geo.chair_order:
            raise ScenarioError(f, f"no chair {chair} in the layout ({len(geo.chair_order)} chairs, e.g. "
                                   f"{', '.join(list(geo.chair_order)[:3])}){did_you_mean(chair, geo.chair_order)}")
        tile = parse_tile(raw, f)
        if not lay.fits(settings.layout, chair, tile):
            tables = ", ".join(f"{geo.tables[t]} ({r.NATIONALITIES[geo.nat[t]]})" for t in geo.tables_of[chair])
            raise ScenarioError(f, f"{tile_name(tile)} cannot sit at {chair}: its tables are {tables} (a joker fits "
                                   "anywhere)")
        out[chair] = tile
    return tuple(sorted(out.items(), key=lambda kv: geo.chair_order[kv[0]]))


def _check_board(board: dict, settings: Settings, where: str) -> None:
    """Every table balanced (men and women differ by one at most), and at most one lone guest against the rule."""
    layout, geo = settings.layout, lay.geometry(settings.layout)
    lone = set()
    for t, name in enumerate(geo.tables):
        seated = lay.guests(layout, board, t)
        party = settings.coffee_party and len(seated) == r.SEATS_PER_TABLE and len({s for _, s in seated}) == 1
        if not lay.balanced(seated) and not party:
            men = sum(s for _, s in seated)
            raise ScenarioError(where, f"table {name} seats {len(seated) - men} women and {men} men: they may differ "
                                       "by one at most")
        if len(seated) == 1 and not lay._lone_ok(layout, board, t, settings.lone_guest_rule):
            lone |= {c for c in geo.chairs[t] if c in board}
    if len(lone) > 1:
        rule = ("a lone guest must sit on a shared chair whose other table holds others" if
                settings.lone_guest_rule == "shared_group" else "no table may hold a single guest")
        raise ScenarioError(where, f"guests alone at {', '.join(sorted(lone, key=geo.chair_order.get))}: {rule} "
                                   f"(lone_guest_rule {settings.lone_guest_rule}); only the start player's first tile "
                                   "may")


def _hands(value, where: str, players: int) -> tuple:
    if isinstance(value, dict):
        hands = [()] * players
        for seat, raw in value.items():
            s = sc.integer(seat, f"{where}.{sc.key_name(seat)}", 0, players - 1)
            hands[s] = _tiles(raw, f"{where}.{s}", r.HAND)
        return tuple(hands)
    items = sc.sequence(value, where)
    if len(items) > players:
        raise ScenarioError(where, f"one hand per seat ({players}) at most; got {len(items)}")
    return tuple(_tiles(items[i], f"{where}[{i}]", r.HAND) if i < len(items) else () for i in range(players))


def _targets(value, where: str, players: int) -> tuple[int, ...]:
    out = [r.HAND] * players
    for seat, n in sc.mapping(value, where).items():
        s = sc.integer(seat, f"{where}.{sc.key_name(seat)}", 0, players - 1)
        out[s] = sc.integer(n, f"{where}.{s}", 0, r.HAND)
    return tuple(out)


def _counts(tiles) -> list[int]:
    out = [0] * r.KINDS
    for tile in tiles:
        out[r.kind(*tile)] += 1
    return out


def _bag(value, where: str, visible: list[int], hidden: int) -> tuple[tuple[int, ...], int, bool]:
    derived = tuple(n - v for n, v in zip(r.KIND_COUNTS, visible))
    if value is None or value == "derived":
        nonjokers = sum(derived[:2 * r.JOKER])
        if hidden > nonjokers:
            raise ScenarioError("position.bar_filled", f"the bar's {hidden} unlisted tiles are non-jokers, and only "
                                                       f"{nonjokers} are unseen")
        return derived, hidden, False
    if isinstance(value, dict):
        rows = [(k, v, f"{where}.{sc.key_name(k)}") for k, v in value.items()]
    elif isinstance(value, str):
        raise ScenarioError(where, f"got {value!r}; allowed: derived, or counts {{\"N1 f\": 3, ...}}")
    else:
        rows = []
        for i, x in enumerate(sc.sequence(value, where)):
            item = sc.sequence(x, f"{where}[{i}]")
            if len(item) != 3:
                raise ScenarioError(f"{where}[{i}]", "[nat, sex, count], e.g. [N1, f, 3]")
            rows.append((item[:2], item[2], f"{where}[{i}]"))
    bag = [0] * r.KINDS
    for key, count, f in rows:
        k = r.kind(*parse_tile(key, f))
        bag[k] = sc.integer(count, f, 0, derived[k])
    total = sum(derived) - hidden
    if sum(bag) != total:
        raise ScenarioError(where, f"the bag holds 100 - visible{' - the unlisted bar tiles' if hidden else ''} = "
                                   f"{total} tiles; the counts total {sum(bag)}")
    if any(d - b for d, b in zip(derived[2 * r.JOKER:], bag[2 * r.JOKER:])):
        raise ScenarioError(where, "every unseen joker must be in the bag (jokers never go to the bar)")
    return tuple(bag), 0, True


def _focus(value, where: str, settings: Settings) -> Focus:
    e = sc.mapping(value, where, FOCUS_KEYS)
    nat = None if e.get("nationality") is None else r.nationality(e["nationality"], f"{where}.nationality", False)
    sex = e.get("sex", "any")
    sex = None if sex in (None, "any") else r.SEXES.index(sc.choice(sex, f"{where}.sex", (*r.SEXES, "any")))
    table = None
    if e.get("table") is not None:
        names = lay.geometry(settings.layout).tables
        table = names.index(sc.choice(str(e["table"]), f"{where}.table", names))
    return Focus(nat, sex, sc.flag(e.get("jokers", False), f"{where}.jokers"),
                 None if e.get("draws") is None else sc.integer(e["draws"], f"{where}.draws", 0, r.TILES),
                 sc.integer(e.get("turns", 1), f"{where}.turns", 1, MAX_TURNS),
                 None if e.get("placed") is None else sc.integer(e["placed"], f"{where}.placed", 0, 4),
                 sc.integer(e.get("completed", 0), f"{where}.completed", 0, 2), table)


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    settings = _layout(data, block, settings)
    me = sc.integer(block.get("me", 0), f"{P}.me", 0, players - 1)
    to_move = sc.integer(block.get("to_move", 0), f"{P}.to_move", 0, players - 1)
    seated = _seated(block.get("seated"), f"{P}.seated", settings)
    _check_board(dict(seated), settings, f"{P}.seated")
    bar = _tiles(block.get("bar"), f"{P}.bar", settings.bar_spaces)
    for i, tile in enumerate(bar):
        if tile[0] == r.JOKER:
            raise ScenarioError(f"{P}.bar[{i}]", "a non-joker guest: a joker never goes to the bar")
    filled = len(bar) if block.get("bar_filled") is None else sc.integer(
        block["bar_filled"], f"{P}.bar_filled", len(bar), settings.bar_spaces)
    hands = _hands(block.get("hands"), f"{P}.hands", players)
    targets = _targets(block.get("targets"), f"{P}.targets", players)
    for seat, (hand, target) in enumerate(zip(hands, targets)):
        if len(hand) > target:
            raise ScenarioError(f"{P}.hands.{seat}", f"at most {target} tiles: seat {seat}'s refill target "
                                                     f"(position.targets); got {len(hand)}")
    out = _tiles(block.get("out_of_game"), f"{P}.out_of_game", r.TILES)
    dropped = []
    for i, x in enumerate(sc.sequence(block.get("dropped"), f"{P}.dropped")):
        s = sc.integer(x, f"{P}.dropped[{i}]", 0, players - 1)
        if hands[s]:
            raise ScenarioError(f"{P}.dropped[{i}]", f"seat {s} dropped out: its hand left the game (dropout "
                                                     "hand_removed), so position.hands must not list one")
        dropped.append(s)
    visible = _counts([t for _, t in seated] + list(bar) + [t for h in hands for t in h] + list(out))
    for k, (v, n) in enumerate(zip(visible, r.KIND_COUNTS)):
        if v > n:
            raise ScenarioError(P, f"{v} tiles {r.kind_name(k)} are seated, at the bar, in hands or out of the game; "
                                   f"only {n} exist")
    pool, hidden, given = _bag(block.get("bag"), f"{P}.bag", visible, filled - len(bar))
    scores = sc.sequence(block.get("scores", [0] * players), f"{P}.scores")
    if len(scores) != players:
        raise ScenarioError(f"{P}.scores", f"one score per seat ({players}); got {len(scores)}")
    scores = tuple(sc.integer(x, f"{P}.scores[{i}]", -10_000, 10_000) for i, x in enumerate(scores))
    birthday = None
    if block.get("birthday") is not None:
        if not settings.birthday_table:
            raise ScenarioError(f"{P}.birthday", "null unless rules.birthday_table is true")
        birthday = r.nationality(block["birthday"], f"{P}.birthday", False)
    first = sc.flag(block.get("first_turn", not seated and not filled), f"{P}.first_turn")
    if first and (filled or len(seated) > 1):
        raise ScenarioError(f"{P}.first_turn", "false: the start player's first turn comes before any bar tile and "
                                               "with one seated guest at most")
    return Position(players, settings, me, to_move, seated, bar, filled, hands, targets, out, tuple(dropped), scores,
                    birthday,
                    first, pool, hidden, given, _focus(block.get("focus"), f"{P}.focus", settings))


def questions(position: Position) -> tuple[str, ...]:
    """The questions a position supports: bar pressure needs a game still running (a bar space and a chair free)."""
    chairs = len(lay.geometry(position.layout).chair_order)
    going = position.bar_filled < position.settings.bar_spaces and len(position.seated) < chairs
    return ("odds", "complete", "ev", *(("bar_pressure",) if going else ()))
