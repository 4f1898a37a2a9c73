"""Samarkand (Sid Sackson) rules as data (rules spec: shared/rules/samarkand-sackson.md).

Kinds are indexed 0..5 (`KINDS`: grain, fruit, copper, carpets, camels, jewels), spaces 0..S-1 (the default
board: 5·(row-1) + column, ids "a1".."e4"), markets 0..M-1 (`Board.markets`: the cities in space order, each
city's two markets in the order the board lists them).  The board, the oasis prices, the capacities and the
price tables are in no source: the default `Board` (`illustrative-5x4`, spec §7) is **illustrative** and every
output built on it says so; a scenario may carry its own board and prices inline (`parse_board`).

Every reading the spec leaves open (§10) is a field of the frozen `Settings`; `parse_settings` reads a
scenario's mapping and raises `ScenarioError(field, what is allowed)`.  The small pure helpers both the
readable reference and the fast engine need (successors, walks of exactly n steps, the back face, prices,
the wealth W) live here too.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError, did_you_mean

KINDS = ("grain", "fruit", "copper", "carpets", "camels", "jewels")
TOTALS = (22, 20, 18, 16, 14, 12)  # 102 cubes
REMOVED = {5: 0, 4: 1, 3: 3, 2: 5}  # per kind, by player count
PLAYERS = (2, 5)
ASSORTMENT = 6  # a market's kind: the multicoloured swirl
CAMP, OASIS, CITY = 0, 1, 2
SPACE_KINDS = ("camp", "oasis", "city")
START_MONEY, START_CUBES, FIELD_RESTOCK = 200, 7, 2
DIE_COST, ONE_CUBE, GIFT_PRICE, FULL_CAMP_PRICE, FINE = 5, 5, 20, 10, 20
OASIS_CUBES, PENALTY, HAND_LIMIT, WIN = 4, 3, 12, 500
BACK = -1  # the arrow face: one step against an arrow
MAX_N = sum(TOTALS)


def totals(players: int) -> tuple[int, ...]:
    """The cubes of each kind in play with this many players (spec §1)."""
    return tuple(t - REMOVED[players] for t in TOTALS)


def kind_index(value, field: str, assortment: bool = False) -> int:
    names = KINDS + (("assortment",) if assortment else ())
    if isinstance(value, str) and value.strip().lower() in names:
        return names.index(value.strip().lower())
    raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(names)}"
                               f"{did_you_mean(value, names)}")


def counts(value, field: str, high: int = MAX_N) -> tuple[int, ...]:
    """{kind: n} -> a 6-tuple by kind index (omitted kinds 0)."""
    out = [0] * len(KINDS)
    for key, n in sc.mapping(value, field).items():
        k = kind_index(key, f"{field}.{sc.key_name(key)}")
        out[k] = sc.integer(n, f"{field}.{KINDS[k]}", 0, high)
    return tuple(out)


def counts_text(c) -> str:
    return ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(c) if n) or "none"


def counts_dict(c) -> dict:
    return {KINDS[k]: int(n) for k, n in enumerate(c) if n}


# ------------------------------------------------------------------------------------------------
# prices (spec §7): piasters for n cubes of one kind; an assortment of j different kinds

DEFAULT_PRICES = {  # n = 2..6, then the step per cube above 6 (up to 12)
    "grain": ((10, 15, 25, 40, 80), 20), "fruit": ((10, 20, 30, 50, 100), 25),
    "copper": ((15, 25, 35, 60, 120), 30), "carpets": ((15, 25, 40, 70, 160), 40),
    "camels": ((15, 30, 50, 80, 180), 45), "jewels": ((20, 35, 55, 90, 200), 50)}
DEFAULT_ASSORTMENT = (5, 15, 30, 50, 80)  # 2..6 kinds


def price_row(table: tuple[int, ...], step: int) -> tuple[int, ...]:
    """price(kind, n) for n = 0..MAX_N: 0 below 2, the table for 2..6, + step per cube to 12, then flat."""
    row = [0, 0, *table]
    for n in range(7, 13):
        row.append(table[-1] + step * (n - 6))
    return tuple(row + [row[12]] * (MAX_N - 12))


def parse_prices(value, field: str) -> tuple[tuple, tuple]:
    """{kind: {prices: [n=2..6], step}, assortment: [2..6 kinds]} -> (price rows by kind, assortment by j)."""
    block = sc.mapping(value, field, set(KINDS) | {"assortment"})
    rows = []
    for k, name in enumerate(KINDS):
        table, step = DEFAULT_PRICES[name]
        if name in block:
            e = sc.mapping(block[name], f"{field}.{name}", {"prices", "step"})
            items = sc.sequence(e.get("prices", list(table)), f"{field}.{name}.prices")
            if len(items) != 5:
                raise ScenarioError(f"{field}.{name}.prices", "5 prices: for 2, 3, 4, 5 and 6 cubes")
            table = tuple(sc.integer(v, f"{field}.{name}.prices[{i}]", 0, 10_000) for i, v in enumerate(items))
            step = sc.integer(e.get("step", step), f"{field}.{name}.step", 0, 10_000)
        rows.append(price_row(table, step))
    items = sc.sequence(block.get("assortment", list(DEFAULT_ASSORTMENT)), f"{field}.assortment")
    if len(items) != 5:
        raise ScenarioError(f"{field}.assortment", "5 prices: for 2, 3, 4, 5 and 6 different kinds")
    assort = (0, 0, *(sc.integer(v, f"{field}.assortment[{i}]", 0, 10_000) for i, v in enumerate(items)))
    return tuple(rows), assort


# ------------------------------------------------------------------------------------------------
# the board


@dataclass(frozen=True)
class Board:
    """Spaces, arrows, markets and prices; everything an engine needs precomputed:
    `succ[s]`/`pred[s]` (sorted space indices), `camps` (camp spaces in order), `camp_of[s]` (-1: not a camp),
    `markets` ((space, kind or ASSORTMENT), ...), `space_markets[s]`, `price[k][n]`, `assortment[j]`."""
    name: str
    source: str  # illustrative | printed
    space_ids: tuple[str, ...]
    kind: tuple[int, ...]  # CAMP | OASIS | CITY
    capacity: tuple[int, ...]  # camps; 0 elsewhere
    price4: tuple[int, ...]  # oases; 0 elsewhere
    city_markets: tuple[tuple[int, ...], ...]  # cities: their two market kinds; () elsewhere
    arrows: tuple[tuple[int, int], ...]
    price: tuple[tuple[int, ...], ...]
    assortment: tuple[int, ...]
    prices_source: str = "illustrative"

    def __post_init__(self):
        n = len(self.space_ids)
        succ = tuple(tuple(sorted(b for a, b in self.arrows if a == s)) for s in range(n))
        pred = tuple(tuple(sorted(a for a, b in self.arrows if b == s)) for s in range(n))
        markets = tuple((s, k) for s in range(n) for k in self.city_markets[s])
        space_markets = tuple(tuple(m for m, (s2, _) in enumerate(markets) if s2 == s) for s in range(n))
        camps = tuple(s for s in range(n) if self.kind[s] == CAMP)
        extra = {"succ": succ, "pred": pred, "markets": markets, "space_markets": space_markets, "camps": camps,
                 "camp_of": tuple(camps.index(s) if s in camps else -1 for s in range(n)),
                 "market_ids": tuple(f"{self.space_ids[s]}.{(KINDS + ('assortment',))[k]}" for s, k in markets),
                 "_ids": {sid: i for i, sid in enumerate(self.space_ids)}}
        for key, value in extra.items():
            object.__setattr__(self, key, value)

    @property
    def illustrative(self) -> bool:
        return self.source != "printed" or self.prices_source != "printed"

    @property
    def spaces(self) -> int:
        return len(self.space_ids)

    def space(self, value, field: str) -> int:
        if isinstance(value, str) and value.strip().lower() in self._ids:
            return self._ids[value.strip().lower()]
        raise ScenarioError(field, f"got {value!r}; allowed: a space id of the board, e.g. {self.space_ids[0]!r}"
                                   f"{did_you_mean(value, self.space_ids)}")

    def market(self, value, field: str) -> int:
        if isinstance(value, str) and value.strip().lower() in self.market_ids:
            return self.market_ids.index(value.strip().lower())
        raise ScenarioError(field, f"got {value!r}; allowed: null or a market: {', '.join(self.market_ids)}"
                                   f"{did_you_mean(value, self.market_ids)}")

    def cities(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.spaces) if self.kind[s] == CITY)

    def label(self) -> str:
        if self.illustrative and self.name == "illustrative-5x4":
            return (f"ILLUSTRATIVE BOARD {self.name}: the board, capacities, oasis prices, markets and price tables "
                    "are in no source; spec §7's invented default (a scenario's `rules.board` can carry the "
                    "printed one)")
        if self.illustrative:
            what = "board" if self.source != "printed" else "price tables"
            return f"ILLUSTRATIVE BOARD {self.name}: the {what} given as illustrative data"
        return f"board {self.name}: the board and prices supplied by the scenario"


ILLUSTRATIVE_SPACES = """\
a1 N4 b1 O25 c1 N5 d1 C:jewels,grain e1 N6
a2 O20 b2 N5 c2 N4 d2 O30 e2 N6
a3 N5 b3 C:carpets,assortment c3 O25 d3 N4 e3 C:camels,fruit
a4 C:copper,assortment b4 N6 c4 O20 d4 N5 e4 O30"""
ILLUSTRATIVE_ARROWS = ("a1>b1 b1>c1 c1>d1 d1>e1 e2>d2 d2>c2 c2>b2 b2>a2 a3>b3 b3>c3 c3>d3 d3>e3 e4>d4 d4>c4 "
                       "c4>b4 b4>a4 a2>a1 b1>b2 c2>c1 d1>d2 e1>e2 a3>a2 b2>b3 c3>c2 d2>d3 e3>e2 a4>a3 b4>b3 "
                       "c4>c3 d3>d4 e3>e4")


def _grid(space_id: str):
    """'c2' -> (column 2, row 2), or None."""
    if len(space_id) >= 2 and space_id[0].isalpha() and space_id[1:].isdigit():
        return ord(space_id[0]) - ord("a") + 1, int(space_id[1:])
    return None


def _illustrative_board() -> Board:
    tokens = ILLUSTRATIVE_SPACES.split()
    ids, kind, cap, p4, mk = [], [], [], [], []
    for sid, code in zip(tokens[0::2], tokens[1::2]):
        ids.append(sid)
        kind.append("NOC".index(code[0]))
        cap.append(int(code[1:]) if code[0] == "N" else 0)
        p4.append(int(code[1:]) if code[0] == "O" else 0)
        mk.append(tuple(kind_index(x, "board", True) for x in code[2:].split(",")) if code[0] == "C" else ())
    order = sorted(range(len(ids)), key=lambda i: (_grid(ids[i])[1], _grid(ids[i])[0]))
    ids, kind, cap, p4, mk = ([seq[i] for i in order] for seq in (ids, kind, cap, p4, mk))
    index = {sid: i for i, sid in enumerate(ids)}
    arrows = tuple((index[a], index[b]) for a, b in (x.split(">") for x in ILLUSTRATIVE_ARROWS.split()))
    rows, assort = parse_prices(None, "prices")
    return Board("illustrative-5x4", "illustrative", tuple(ids), tuple(kind), tuple(cap), tuple(p4), tuple(mk),
                 arrows, rows, assort)


DEFAULT_BOARD = _illustrative_board()
BOARDS = {DEFAULT_BOARD.name: DEFAULT_BOARD}

BOARD_KEYS = {"name", "source", "spaces", "arrows", "prices", "prices_source"}
SPACE_KEYS = {"kind", "capacity", "price4", "markets"}


def parse_board(value, field: str = "rules.board", prices=None) -> Board:
    """`illustrative-5x4` (or None), or an inline mapping: spaces {id: {kind: camp|oasis|city, capacity | price4 |
    markets}}, arrows [[from, to], ...], prices (parse_prices), source printed (default) | illustrative.
    `prices` (rules.prices) replaces the board's price tables."""
    if value is None or isinstance(value, str):
        if value is not None and value not in BOARDS:
            raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(BOARDS)} or an inline mapping "
                                       f"(spaces, arrows, prices){did_you_mean(value, BOARDS)}")
        board = DEFAULT_BOARD
        if prices is not None:
            rows, assort = parse_prices(prices, "rules.prices")
            board = _replace_prices(board, rows, assort, "printed")
        return board
    block = sc.mapping(value, field, BOARD_KEYS)
    name = block.get("name", "inline")
    if not isinstance(name, str) or not name.strip():
        raise ScenarioError(f"{field}.name", "a board name (text)")
    source = sc.choice(block.get("source", "printed"), f"{field}.source", ("printed", "illustrative"))
    spaces = sc.mapping(block.get("spaces"), f"{field}.spaces")
    if not 2 <= len(spaces) <= 64:
        raise ScenarioError(f"{field}.spaces", "2 to 64 spaces, each {kind, capacity | price4 | markets}")
    ids, kind, cap, p4, mk = [], [], [], [], []
    for key, entry in spaces.items():
        where = f"{field}.spaces.{sc.key_name(key)}"
        sid = key.strip().lower() if isinstance(key, str) else None
        if not sid or _grid(sid) is None or sid in ids:
            raise ScenarioError(where, "a space id: column letter and row number (a1, b3, ...), each given once")
        e = sc.mapping(entry, where, SPACE_KEYS)
        k = SPACE_KINDS.index(sc.choice(e.get("kind"), f"{where}.kind", SPACE_KINDS))
        needed = {CAMP: "capacity", OASIS: "price4", CITY: "markets"}[k]
        for other in SPACE_KEYS - {"kind", needed}:
            if other in e:
                raise ScenarioError(f"{where}.{other}", f"a {SPACE_KINDS[k]} has no {other}")
        ids.append(sid)
        kind.append(k)
        cap.append(sc.integer(e.get("capacity"), f"{where}.capacity", 1, 12) if k == CAMP else 0)
        p4.append(sc.integer(e.get("price4"), f"{where}.price4", 5, 200) if k == OASIS else 0)
        if k == CITY:
            items = sc.sequence(e.get("markets"), f"{where}.markets")
            got = tuple(kind_index(x, f"{where}.markets[{i}]", True) for i, x in enumerate(items))
            if len(got) != 2 or got[0] == got[1]:
                raise ScenarioError(f"{where}.markets", "two different markets: kinds or assortment")
            mk.append(got)
        else:
            mk.append(())
    grid = {_grid(sid): i for i, sid in enumerate(ids)}
    cols, rows_ = {c for c, _ in grid}, {r for _, r in grid}
    if len(grid) != len(cols) * len(rows_) or cols != set(range(min(cols), max(cols) + 1)) or \
            rows_ != set(range(min(rows_), max(rows_) + 1)):
        raise ScenarioError(f"{field}.spaces", "the spaces must fill a rectangle of columns and rows (a grid)")
    order = sorted(range(len(ids)), key=lambda i: (_grid(ids[i])[1], _grid(ids[i])[0]))
    ids, kind, cap, p4, mk = ([seq[i] for i in order] for seq in (ids, kind, cap, p4, mk))
    index = {sid: i for i, sid in enumerate(ids)}
    arrows, edges = [], set()
    for i, pair in enumerate(sc.sequence(block.get("arrows"), f"{field}.arrows")):
        where = f"{field}.arrows[{i}]"
        two = sc.sequence(pair, where)
        if len(two) != 2 or not all(isinstance(x, str) and x.strip().lower() in index for x in two):
            raise ScenarioError(where, "[from, to]: two space ids of the board")
        a, b = (index[x.strip().lower()] for x in two)
        (ca, ra), (cb, rb) = _grid(ids[a]), _grid(ids[b])
        if abs(ca - cb) + abs(ra - rb) != 1:
            raise ScenarioError(where, "an arrow joins two orthogonal neighbours")
        if frozenset((a, b)) in edges:
            raise ScenarioError(where, "this edge already carries an arrow (one per edge)")
        edges.add(frozenset((a, b)))
        arrows.append((a, b))
    for s, sid in enumerate(ids):
        if not any(a == s for a, _ in arrows):
            raise ScenarioError(f"{field}.arrows", f"space {sid} has no exit; every space needs one")
    if not any(k == CITY for k in kind):
        raise ScenarioError(f"{field}.spaces", "at least one city")
    given = block.get("prices") if prices is None else prices
    rows, assort = parse_prices(given, "rules.prices" if prices is not None else f"{field}.prices")
    p_source = sc.choice(block.get("prices_source", "printed" if given is not None else "illustrative"),
                         f"{field}.prices_source", ("printed", "illustrative"))
    return Board(name.strip(), source, tuple(ids), tuple(kind), tuple(cap), tuple(p4), tuple(mk), tuple(arrows),
                 rows, assort, p_source)


def _replace_prices(board: Board, rows, assort, source: str) -> Board:
    return Board(board.name, board.source, board.space_ids, board.kind, board.capacity, board.price4,
                 board.city_markets, board.arrows, rows, assort, source)


def board_mapping(board: Board) -> dict:
    """A board as the inline mapping `parse_board` reads (the board template)."""
    spaces = {}
    for s, sid in enumerate(board.space_ids):
        e = {"kind": SPACE_KINDS[board.kind[s]]}
        if board.kind[s] == CAMP:
            e["capacity"] = board.capacity[s]
        elif board.kind[s] == OASIS:
            e["price4"] = board.price4[s]
        else:
            e["markets"] = [(KINDS + ("assortment",))[k] for k in board.city_markets[s]]
        spaces[sid] = e
    prices = {name: {"prices": list(board.price[k][2:7]), "step": board.price[k][7] - board.price[k][6]}
              for k, name in enumerate(KINDS)}
    prices["assortment"] = list(board.assortment[2:7])
    return {"name": board.name, "source": board.source, "spaces": spaces,
            "arrows": [[board.space_ids[a], board.space_ids[b]] for a, b in board.arrows], "prices": prices,
            "prices_source": board.prices_source}


# ------------------------------------------------------------------------------------------------
# movement and money: helpers shared by the reference, exact.py and the engine's vector builders


def walk_ends(board: Board, start: int, n: int) -> frozenset:
    """The spaces where a walk of exactly n arrow steps from `start` can end (revisits allowed); n = BACK:
    one step against an arrow."""
    if n == BACK:
        return frozenset(board.pred[start])
    now = {start}
    for _ in range(n):
        now = {b for a in now for b in board.succ[a]}
    return frozenset(now)


def die_ends(board: Board, start: int, face: int) -> tuple[int, ...]:
    """The landing spaces of a die face (a number of steps or BACK), sorted."""
    return tuple(sorted(walk_ends(board, start, face)))


def wealth(board: Board, money: int, held) -> int:
    """W (valuation `liquidation`) = money + Σ price(kind, count)."""
    return money + sum(board.price[k][n] for k, n in enumerate(held))


def distances(board: Board, target: int) -> tuple[int, ...]:
    """Free steps from every space to `target` along arrows (len(spaces)+1: unreachable)."""
    far = board.spaces + 1
    dist = [far] * board.spaces
    dist[target], todo = 0, [target]
    while todo:
        nxt = []
        for b in todo:
            for a in board.pred[b]:
                if dist[a] == far:
                    dist[a] = dist[b] + 1
                    nxt.append(a)
        todo = nxt
    return tuple(dist)


# ------------------------------------------------------------------------------------------------
# settings (spec §10): name -> (default, allowed readings)

DIE_DEFAULT = (1, 2, 3, 4, 5, BACK)
SETTINGS: dict[str, tuple] = {
    "market_disc": ("closed", ("closed", "step_down", "none")),
    "assortment_min": (2, "2..6"),
    "sale_size": ("choose", ("choose", "all")),
    "disc_scope": ("market", ("market", "commodity")),
    "trade_counts": ("equal", ("equal", "any")),
    "die_path": ("any_walk", ("any_walk",)),
    "full_camp_unpaid": ("nothing", ("nothing", "pay_all")),
    "shortfall": ("take_all", ("take_all",)),
    "gift_purchase": ("blind", ("blind", "choice")),
    "penalty_cubes": ("bag", ("bag", "out")),
    "empty_bag": ("deliver_what_exists", ("deliver_what_exists",)),
    "extra_move_at_full_camp": ("stop", ("stop",)),
    "extra_move": (True, (True, False)),
    "die": (DIE_DEFAULT, "a list of faces: 1..12 or back"),
    "start_action": ("none", ("none",)),
    "eliminate_broke": (True, (True, False)),
    "price_one": (5, "0..10000"),
    "turn_cap": (1000, "1..100000"),
    **core_settings.HANDICAP_SETTING,
}

SETTING_HELP = {
    "market_disc": "closed: the market just used is covered and buys nothing until the next sale moves the disc; "
                   "step_down: two chips mark the two latest sales, a seller there is paid one step lower (a lot "
                   "of 2: price_one); none: no disc",
    "assortment_min": "the fewest different kinds an assortment market buys (one cube each)",
    "sale_size": "choose: the seller picks n >= 2; all: he sells every cube of that kind (an assortment: one of "
                 "each kind he holds)",
    "disc_scope": "market: only the covered market is closed; commodity: the covered kind sells nowhere (not in "
                  "an assortment either) and a covered swirl closes every assortment",
    "trade_counts": "equal: m field cubes for m of his own; any: any numbers, the field never over its capacity",
    "die_path": "any_walk: any walk of exactly n arrow steps, revisits allowed",
    "full_camp_unpaid": "with under 10 piasters at a full camp: nothing happens | pay_all: pay what he has, take all",
    "shortfall": "take_all: a fine or forced gift purchase he cannot pay in full takes all he has (the gift cube "
                 "still comes); a penalty on fewer than 3 cubes takes them all",
    "gift_purchase": "blind: the 20-piaster gift comes from the bag; choice: he names its colour (one in the bag)",
    "penalty_cubes": "bag: cubes given to the bank go back into the bag; out: out of play",
    "empty_bag": "deliver_what_exists: a draw from a bag still empty after the 12-cube discards gives only what "
                 "exists, at the full price",
    "extra_move_at_full_camp": "stop: a chain that enters a full camp stops there with the purchase",
    "extra_move": "true: after a free step into a camp that is not full and the gift, he may step on instead of "
                  "trading; false: no extra move",
    "die": "the faces of the die (each 1/len): numbers of steps, or back (one step against an arrow)",
    "start_action": "none: placing the figure at the start does not trigger the space",
    "eliminate_broke": "true: a player with no piasters and no cubes is out",
    "price_one": "step_down: what a lot of 2 pays at a chipped market",
    "turn_cap": "full games end after this many turns in all (counted apart as 'capped')",
    "seat_handicap": "piasters added to each seat's start of 200, seat 0 moving first (core/settings.py)",
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    market_disc: str = "closed"
    assortment_min: int = 2
    sale_size: str = "choose"
    disc_scope: str = "market"
    trade_counts: str = "equal"
    die_path: str = "any_walk"
    full_camp_unpaid: str = "nothing"
    shortfall: str = "take_all"
    gift_purchase: str = "blind"
    penalty_cubes: str = "bag"
    empty_bag: str = "deliver_what_exists"
    extra_move_at_full_camp: str = "stop"
    extra_move: bool = True
    die: tuple = DIE_DEFAULT
    start_action: str = "none"
    eliminate_broke: bool = True
    price_one: int = 5
    turn_cap: int = 1000
    seat_handicap: tuple = ()  # piasters added to each seat's 200 (seat 0 moves first; core/settings.py); (): none

    @property
    def chips(self) -> int:
        """How many market markers lie on the board: 2 chips (step_down), 1 disc (closed), none."""
        return {"closed": 1, "step_down": 2, "none": 0}[self.market_disc]

    def show(self, name: str):
        """As core's, with the die's faces by name (back for the arrow)."""
        return [face_name(f) for f in self.die] if name == "die" else super().show(name)


def face_name(face: int):
    return "back" if face == BACK else face


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _die(value, field: str) -> tuple:
    items = sc.sequence(value, field)
    if not 1 <= len(items) <= 12:
        raise ScenarioError(field, "1 to 12 faces, each 1..12 or back")
    return tuple(BACK if isinstance(v, str) and v.strip().lower() == "back" else
                 sc.integer(v, f"{field}[{i}]", 1, 12) for i, v in enumerate(items))


_SPECIAL = {"die": _die,
            "assortment_min": lambda value, field: sc.integer(value, field, 2, 6),
            "price_one": lambda value, field: sc.integer(value, field, 0, 10_000),
            "turn_cap": lambda value, field: sc.integer(value, field, 1, 100_000)}


def parse_settings(value, field: str = "rules", skip: frozenset = frozenset()) -> Settings:
    """A mapping of §10 settings -> Settings (omitted ones at their defaults); keys in `skip` are the caller's."""
    return core_settings.parse(Settings, SETTINGS, value, field, skip, _SPECIAL)


@lru_cache(maxsize=64)
def reach_table(board: Board, faces: tuple) -> tuple:
    """[space][face index] -> sorted landing spaces (the die), cached per board and die."""
    return tuple(tuple(die_ends(board, s, f) for f in faces) for s in range(board.spaces))
