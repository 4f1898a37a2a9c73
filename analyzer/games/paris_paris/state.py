"""Paris Paris positions from a scenario (spec "A position"), every tile and shop checked against the map.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: paris_paris
    players: 4
    rules: {opponent_pick: uniform, map: illustrative}
    position:
      unseen_tiles: {Pompidou/blue: 1, Odeon/green: 2, ...}   # or derived: the map's tiles less column and seen
      seen: [Opera/blue, ...]          # tiles out of the bag before this column (with unseen_tiles: derived)
      column: [Pompidou/blue, Luxembourg/green, Odeon/red, Pompidou/red, Les Halles/blue]
      picked: [Luxembourg/green]       # earlier pickers this round; I pick next
      shops: {Odeon: [grey, purple], Luxembourg: [purple]}
      discard_slots: [blue, red]
      bag: {grey: 2, purple: 1}
      me: {colour: grey, bonus_marker: green}
      opponents: [purple, black, white]  # default: the player colours other than mine, in order
      open_marker: yellow              # 2 players: the open bonus marker
      pick_weights: {Odeon: 3}         # opponent_pick weighted (ILLUSTRATIVE default: crossings 2, others 1)
      stop: Odeon                      # the stop asked about (default: every stop)

A tile is "Stop/colour" (the stop as the map names it, the colour of its line).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.paris_paris import rules as r
from analyzer.games.paris_paris.rules import Settings

POSITION_KEYS = {"unseen_tiles", "seen", "column", "picked", "shops", "discard_slots", "bag", "me", "opponents",
                 "open_marker", "pick_weights", "stop"}
ME_KEYS = {"colour", "bonus_marker"}
RULES_IN_POSITION = ("map", "tile_colour")
ILLUSTRATIVE_WEIGHT = {True: Fraction(2), False: Fraction(1)}  # crossing -> weight of picking its tiles


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    unseen: tuple = ()  # (((stop, colour), n), ...)
    column: tuple = ()  # tiles (stop, colour)
    picked: tuple = ()
    shops: tuple = ()  # ((stop, (owner, ...)), ...)
    discard_slots: tuple = ()  # colours
    bag: tuple = ()  # ((owner, n), ...)
    me: str = "grey"
    marker: str | None = None
    opponents: tuple = ()
    open_marker: str | None = None
    pick_weights: tuple = ()  # ((stop, weight), ...)
    weights_given: bool = False
    stop: str | None = None

    @property
    def board(self) -> r.Map:
        return self.settings.map

    @property
    def left(self) -> tuple:
        """The column's tiles not yet picked (I pick next)."""
        out = list(self.column)
        for t in self.picked:
            out.remove(t)
        return tuple(out)

    @property
    def later_pickers(self) -> int:
        return self.players - 1 - len(self.picked)

    def weight(self, stop: str) -> Fraction:
        return dict(self.pick_weights).get(stop, ILLUSTRATIVE_WEIGHT[self.board.is_crossing(stop)]
                                           if not self.weights_given else Fraction(1))

    @property
    def illustrative(self) -> tuple[str, ...]:
        ill = self.settings.illustrative
        weighted = self.settings.opponent_pick == "weighted" and not self.weights_given
        return (*ill, *(("pick_weights",) if weighted else ()))


# ------------------------------------------------------------------------------------------------
# parsing

def tile_text(tile) -> str:
    return f"{tile[0]}/{tile[1]}"


def parse_tile(value, where: str, board: r.Map) -> tuple[str, str]:
    if not isinstance(value, str) or "/" not in value:
        raise ScenarioError(where, f"got {value!r}; allowed: a tile \"Stop/colour\", e.g. \"{board.stops[0]}/"
                                   f"{board.lines_of(board.stops[0])[0]}\"")
    stop, _, colour = value.rpartition("/")
    stop = _stop(stop.strip(), where, board)
    colour = r.colour(colour.strip(), f"{where}.colour")
    if colour not in board.lines_of(stop):
        raise ScenarioError(where, f"{stop} is on {', '.join(board.lines_of(stop))}; allowed: a tile of a line "
                                   "through its stop")
    return stop, colour


def _stop(value, where: str, board: r.Map) -> str:
    if not isinstance(value, str) or value not in board.stops:
        raise ScenarioError(where, f"got {value!r}; allowed: a stop of the map ({', '.join(board.stops[:6])}, ...)"
                                   f"{did_you_mean(value, board.stops)}")
    return value


def _tiles(value, where: str, board: r.Map, most: int) -> tuple:
    items = sc.sequence(value, where)
    if len(items) > most:
        raise ScenarioError(where, f"at most {most} tiles; got {len(items)}")
    return tuple(parse_tile(x, f"{where}[{i}]", board) for i, x in enumerate(items))


def _limits(settings: Settings):
    """The most tiles each (stop, colour) may have, and each stop, under tile_colour."""
    board = settings.map
    return board.pool(), {s: board.degree(s) for s in board.stops}


def _check_counts(counts: dict, where: str, settings: Settings) -> None:
    by_tile, by_stop = _limits(settings)
    per_stop: dict = {}
    for (stop, colour), n in counts.items():
        per_stop[stop] = per_stop.get(stop, 0) + n
        if settings.tile_colour == "adjacency_line" and n > by_tile.get((stop, colour), 0):
            raise ScenarioError(where, f"{n} tiles {stop}/{colour}; the map has {by_tile.get((stop, colour), 0)} "
                                       "(one per adjacent stop on that line)")
    for stop, n in per_stop.items():
        if n > by_stop[stop]:
            raise ScenarioError(where, f"{n} tiles of {stop}; the map has {by_stop[stop]} (one per adjacent stop)")


def _count(tiles) -> dict:
    out: dict = {}
    for t in tiles:
        out[t] = out.get(t, 0) + 1
    return out


def _unseen(value, where: str, settings: Settings, visible: dict) -> dict:
    board = settings.map
    if value is None or value == "derived":
        if settings.tile_colour == "typed":
            raise ScenarioError(where, "give {\"Stop/colour\": n}: with rules.tile_colour typed the map does not "
                                       "say the tiles' colours")
        return {t: n - visible.get(t, 0) for t, n in board.pool().items() if n > visible.get(t, 0)}
    block = sc.mapping(value, where)
    out: dict = {}
    for key, n in block.items():
        tile = parse_tile(key, f"{where}.{sc.key_name(key)}", board)
        out[tile] = out.get(tile, 0) + sc.integer(n, f"{where}.{sc.key_name(key)}", 0, 4)
    return {t: n for t, n in out.items() if n}


def _shops(value, where: str, board: r.Map, owners: tuple) -> tuple:
    block = sc.mapping(value, where)
    out = []
    for key, items in block.items():
        stop = _stop(key, f"{where}.{sc.key_name(key)}", board)
        names = sc.sequence(items, f"{where}.{stop}")
        if len(names) > board.capacity(stop):
            raise ScenarioError(f"{where}.{stop}", f"at most {board.capacity(stop)} shops "
                                                   f"({'a crossing' if board.is_crossing(stop) else 'a stop'})")
        out.append((stop, tuple(sc.choice(o, f"{where}.{stop}[{i}]", owners) for i, o in enumerate(names))))
    placed = [o for _, names in out for o in names]
    for o in owners:
        if placed.count(o) > r.SHOPS_PER_PLAYER:
            raise ScenarioError(where, f"{placed.count(o)} shops of {o}; each player has {r.SHOPS_PER_PLAYER}")
    return tuple((s, names) for s, names in out if names)


def _opponents(value, where: str, players: int, me: str) -> tuple:
    if value is None:
        return tuple(c for c in r.PLAYER_COLOURS if c != me)[:players - 1]
    items = sc.sequence(value, where)
    if len(items) != players - 1:
        raise ScenarioError(where, f"one colour per opponent ({players - 1}); got {len(items)}")
    names = tuple(sc.choice(c, f"{where}[{i}]", [x for x in r.PLAYER_COLOURS if x != me]) for i, c in enumerate(items))
    if len(set(names)) != len(names):
        raise ScenarioError(where, "each opponent's colour once")
    return names


def _weights(value, where: str, board: r.Map) -> tuple:
    block = sc.mapping(value, where)
    out = []
    for key, w in block.items():
        stop = _stop(key, f"{where}.{sc.key_name(key)}", board)
        try:
            if isinstance(w, bool) or not isinstance(w, (int, float, str)):
                raise ValueError
            weight = Fraction(str(w).strip())
        except (ValueError, ZeroDivisionError, OverflowError):
            weight = Fraction(0)
        if weight <= 0:
            raise ScenarioError(f"{where}.{stop}", f"got {w!r}; allowed: a weight > 0 (a number or \"p/q\")")
        out.append((stop, weight))
    return tuple(out)


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    P = "position"
    block = dict(sc.mapping(data.get("position"), P, POSITION_KEYS | set(RULES_IN_POSITION)))
    rules = dict(sc.mapping(data.get("rules"), "rules"))
    for key in RULES_IN_POSITION:  # the spec's flat sketch writes these beside the position
        if key in block:
            rules.setdefault(key, block.pop(key))
    settings = r.parse_settings(rules, "rules")
    board = settings.map
    players = sc.integer(data.get("players", 4), "players", *r.PLAYERS)
    me = sc.mapping(block.get("me"), f"{P}.me", ME_KEYS)
    my_colour = sc.choice(me.get("colour", r.PLAYER_COLOURS[0]), f"{P}.me.colour", r.PLAYER_COLOURS)
    marker = None if me.get("bonus_marker") is None else r.colour(me["bonus_marker"], f"{P}.me.bonus_marker")
    opponents = _opponents(block.get("opponents"), f"{P}.opponents", players, my_colour)
    owners = (my_colour, *opponents)
    size = r.column_size(players)
    column = _tiles(block.get("column"), f"{P}.column", board, size)
    if column and len(column) != size:
        raise ScenarioError(f"{P}.column", f"a column of {size} tiles with {players} players; got {len(column)}")
    picked = _tiles(block.get("picked"), f"{P}.picked", board, max(players - 1, 0))
    rest = list(column)
    for i, t in enumerate(picked):
        if t not in rest:
            raise ScenarioError(f"{P}.picked[{i}]", f"{tile_text(t)} is not (or no longer) in the column")
        rest.remove(t)
    seen = _tiles(block.get("seen"), f"{P}.seen", board, 60)
    visible = _count(column + seen)
    _check_counts(visible, f"{P}.column", settings)
    unseen = _unseen(block.get("unseen_tiles"), f"{P}.unseen_tiles", settings, visible)
    total = dict(visible)
    for t, n in unseen.items():
        total[t] = total.get(t, 0) + n
    _check_counts(total, f"{P}.unseen_tiles", settings)
    slots = tuple(r.colour(c, f"{P}.discard_slots[{i}]") for i, c in enumerate(sc.sequence(block.get("discard_slots"),
                                                                                          f"{P}.discard_slots")))
    if len(set(slots)) != len(slots):
        raise ScenarioError(f"{P}.discard_slots", "each colour once: a second tile of a colour makes a big tour")
    bag_block = sc.mapping(block.get("bag"), f"{P}.bag", set(owners))
    if bag_block and players == 2:
        raise ScenarioError(f"{P}.bag", "empty with 2 players (pushed shops return to their owners)")
    bag = tuple((o, sc.integer(n, f"{P}.bag.{o}", 0, r.SHOPS_PER_PLAYER)) for o, n in bag_block.items())
    shops = _shops(block.get("shops"), f"{P}.shops", board, owners)
    open_marker = block.get("open_marker")
    if open_marker is not None:
        if players != 2:
            raise ScenarioError(f"{P}.open_marker", "only with 2 players (one bonus marker lies open)")
        open_marker = r.colour(open_marker, f"{P}.open_marker")
        if open_marker == marker:
            raise ScenarioError(f"{P}.open_marker", "a colour other than my bonus marker (one marker per colour)")
    weights = _weights(block.get("pick_weights"), f"{P}.pick_weights", board)
    stop = None if block.get("stop") is None else _stop(block["stop"], f"{P}.stop", board)
    return Position(players, settings, tuple(unseen.items()), column, picked, shops, slots, bag, my_colour, marker,
                    opponents, open_marker, weights, block.get("pick_weights") is not None, stop)


def questions(position: Position) -> tuple[str, ...]:
    """odds and big_tour need an unseen tile, leftover a column with my pick still to make, bonus my marker."""
    has_unseen = bool(position.unseen)
    return (*(("odds",) if has_unseen else ()),
            *(("leftover",) if position.column else ()),
            *(("big_tour",) if has_unseen and position.settings.opponent_pick == "uniform" else ()),
            *(("bonus",) if position.marker is not None else ()))


def board_template() -> str:
    """`analyzer board paris_paris --template`: the `rules:` block of the printed map, its stops left blank.

    Each line's comment holds the ILLUSTRATIVE default, so the file parses only once filled in from a real map."""
    lines = ["# Paris Paris board file: the bus map, which no public source gives.",
             "# Replace every null with the stops of YOUR map's line, in order along the line (a crossing of two",
             "# lines is named the same on both; no two lines share a segment), then put this rules: block in your",
             "# scenario.  The comments hold the ILLUSTRATIVE map the analyzer uses when none is given.",
             "rules:", "  map:", "    lines:"]
    for colour, stops in r.ILLUSTRATIVE_MAP.lines:
        lines.append(f"      {colour}: [{', '.join('null' for _ in stops)}]   # illustrative: {', '.join(stops)}")
    return "\n".join(lines) + "\n"
