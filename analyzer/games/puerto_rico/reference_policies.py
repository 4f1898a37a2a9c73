"""The readable Puerto Rico players (random, greedy), the shared deterministic rules for the minor decisions, and
whole games replayed from the fast engine's chance record, so tests can hold the engine to roles.py's rules.

The record (coordination notes, "B's whole-game model") is rows (tag, a) in play order: ("governor", seat);
("stack", kind) per tile of the shuffled stack, top first; ("reshuffle", kind) per tile of each stack made up
again (rest_first: the discards' new order, drawn after the old stack; merge: the whole new stack); ("choice",
value) for each random player's draw among two or more options (role card; tile kind 0-5; building or -1; crop
or -1; captain crop * 2 + 1 for the wharf, -1 a pass); ("coin", u) for each noisy player's coin (u in
0..NOISE_SCALE - 1, tossed at each decision it owns with two options or more; u below its threshold
round(epsilon * NOISE_SCALE) is followed by that decision's "choice" row, random's draw).  Random choices are
read off the record and checked legal; greedy choices are recomputed here (the record holds none), so a greedy
choice the engine makes differently shows up as a row out of place or a snapshot that differs.

random: uniform over the options of each decision it owns (the role, the settler's tile, the building, the sale,
the captain's load), each listed once, in the notes' order.  greedy: roles by `role_value`, tiles coffee >
tobacco > sugar > quarry > indigo > corn, the building of the highest column * 10 + cost (production buildings
only for plantations their circles do not match yet), the dearest sale, the load of the most barrels (a ship over
the wharf, the lower crop); every tie the lowest id.  noisy (noisy:EPS): greedy, except where its coin says to
explore (then random's draw); epsilon 0 tosses no coin.  Both: the shared rules below for the mayor's placement, the
Hacienda, the craftsman's extra barrel and what the captain's end keeps.
"""
from __future__ import annotations

from analyzer.core.record import RecordMismatch, Rows as RecordRows, replay, snapshots
from analyzer.games.puerto_rico import reference as ref
from analyzer.games.puerto_rico import roles
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.roles import WHARF, Table

POLICIES = ("random", "greedy", "noisy")
NOISE_SCALE = 1_000_000  # noisy's coin: a draw of 0..NOISE_SCALE - 1; below round(epsilon * NOISE_SCALE) explores
DEFAULT_EPSILON = 0.1
NONE = -1
SETTLE_PREFERENCE = (0, 2, 4, 5, 6, 3)  # greedy's worth by tile kind: corn .. coffee, quarry
GREEDY_BUILDER_VALUE = 4
HACIENDA_FREE_SPACES = 2  # the Hacienda draws only with two free island spaces (one left for the display's tile)


class Rows(RecordRows):
    WIDTH = 1

    def take(self, tag: str) -> int:
        return super().take(tag)[0]


# -- the shared deterministic rules ----------------------------------------------------------------------------------

def placement(t: Table, seat: int):
    """The mayor's placement (both policies): all colonists off, then 1) pairs of a plantation and a circle of its
    production building, coffee, tobacco, sugar, indigo (small building first); 2) corn plantations; 3) one on each
    violet building, the highest index first; 4) quarries; 5) the other plantations, then the other building circles
    (index order); 6) the rest to San Juan."""
    p = t.seats[seat]
    left = roles.colonists(p)
    island, city = [0] * len(p.island), {b: 0 for b in p.city}
    circles = {b: roles.building(t, b).circles for b in p.city}

    def fill_tile(kind) -> bool:
        for i, (k, _) in enumerate(p.island):
            if k == kind and not island[i]:
                island[i] = 1
                return True
        return False

    def free_tiles(kind) -> int:
        return sum(1 for i, (k, _) in enumerate(p.island) if k == kind and not island[i])

    for crop in (r.COFFEE, r.TOBACCO, r.SUGAR, r.INDIGO):
        for b in sorted(b for b in p.city if roles.building(t, b).good == crop):
            while left >= 2 and free_tiles(crop) and city[b] < circles[b]:
                fill_tile(crop)
                city[b] += 1
                left -= 2
    for kind in (r.CORN,):
        while left and fill_tile(kind):
            left -= 1
    for b in sorted(p.city, reverse=True):
        if left and roles.violet(t, b) and not city[b]:
            city[b], left = 1, left - 1
    for kind in (r.QUARRY, *range(len(r.CROPS))):
        while left and fill_tile(kind):
            left -= 1
    for b in sorted(p.city):
        n = min(left, circles[b] - city[b])
        city[b], left = city[b] + n, left - n
    return island, city, left


def keep(t: Table, seat: int):
    """What the captain's end keeps (both policies): the warehouses' whole kinds by the most barrels, then one barrel
    of the most held other kind (every tie the dearer crop)."""
    p = t.seats[seat]
    ranked = sorted((c for c in range(len(r.CROPS)) if p.goods[c]), key=lambda c: (-p.goods[c], -c))
    n = roles.keep_limit(p)
    return tuple(ranked[:n]), (ranked[n] if len(ranked) > n else None)


def extra_good(kinds) -> int:
    """The craftsman's extra barrel (both policies): the dearest kind he received."""
    return max(kinds)


def hacienda(t: Table, seat: int) -> bool:
    return r.ISLAND_SPACES - len(t.seats[seat].island) >= HACIENDA_FREE_SPACES


# -- the options in the engine's order -----------------------------------------------------------------------------

def forced_ship(t: Table, seat: int, crop: int) -> int:
    """Of the ships taking the most of the crop, the first (the smallest)."""
    return min(s for c, s in roles.ship_loads(t, seat) if c == crop)


def captain_options(t: Table, seat: int) -> list[int]:
    """crop * 2 for a cargo ship (by crop), crop * 2 + 1 for the wharf, -1 (a pass) only when no cargo ship takes
    anything."""
    options = roles.load_options(t, seat)
    ships = sorted({2 * c for c, s in options if s != WHARF})
    wharf = sorted(2 * c + 1 for c, s in options if s == WHARF)
    return ships + wharf + ([NONE] if not ships and wharf else [])


def as_load(t: Table, seat: int, code: int):
    if code == NONE:
        return None
    crop = code // 2
    return (crop, WHARF) if code % 2 else (crop, forced_ship(t, seat, crop))


def barrels(t: Table, seat: int, code: int) -> int:
    crop, ship = as_load(t, seat, code)
    room = t.settings.wharf_capacity if ship == WHARF else t.ships[ship][0] - t.ships[ship][2]
    return min(t.seats[seat].goods[crop], room)


# -- greedy ----------------------------------------------------------------------------------------------------------

def first_best(options, value):
    """The first option of the highest value (None when there is none)."""
    best, top = None, None
    for o in options:
        v = value(o)
        if v is not None and (top is None or v > top):
            best, top = o, v
    return best


def greedy_building(t: Table, seat: int, legal) -> int | None:
    p = t.seats[seat]

    def value(b):
        spec = roles.building(t, b)
        if spec.good >= 0:
            planted = sum(1 for k, _ in p.island if k == spec.good)
            matched = sum(roles.building(t, c).circles for c in p.city if roles.building(t, c).good == spec.good)
            if planted <= matched:
                return None
        return spec.column * 10 + spec.cost
    return first_best(legal, value)


def greedy_load(t: Table, seat: int) -> int | None:
    codes = [c for c in captain_options(t, seat) if c != NONE]
    return first_best(codes, lambda c: barrels(t, seat, c))


def role_value(t: Table, seat: int, card: int) -> int:
    """greedy's worth of a role card, its doubloons included: settler 2 (3 when a tobacco or coffee shows) while it
    can take a tile; mayor 1 + ship colonists // players with circles to fill; builder 4 with a building it values;
    craftsman its barrels + 1; trader its best sale's price; captain its best load's barrels + 1; prospector 1."""
    role, doubloons, _ = t.cards[card]
    p = t.seats[seat]
    v = 0
    if role == r.SETTLER:
        if roles.settle_options(t, seat, chooser=seat):
            v = 3 if any(k >= r.TOBACCO for k in t.display) else 2
    elif role == r.MAYOR:
        if roles.circles(t, p) - (roles.colonists(p) - p.san_juan) > p.san_juan:
            v = 1 + t.colonist_ship // t.players
    elif role == r.BUILDER:
        v = GREEDY_BUILDER_VALUE * (greedy_building(t, seat, roles.buildable(t, seat, chooser=seat)) is not None)
    elif role == r.CRAFTSMAN:
        v = sum(min(n, t.goods_bank[c]) for c, n in enumerate(roles.production(t, seat)))
        v += v > 0
    elif role == r.TRADER:
        legal = roles.sellable(t, seat)
        v = roles.sale_price(t, seat, max(legal), chooser=seat) if legal else 0
    elif role == r.CAPTAIN:
        code = greedy_load(t, seat)
        v = 0 if code is None else barrels(t, seat, code) + 1
    else:
        v = 1
    return v + doubloons


def read_name(name: str):
    """(kind, epsilon) of a policy name: greedy, random, noisy (epsilon 0.1) or noisy:EPS."""
    kind, colon, eps = name.partition(":")
    if kind not in POLICIES or (colon and kind != "noisy"):
        raise ValueError(f"unknown policy {name!r}")
    return kind, float(eps) if colon else DEFAULT_EPSILON


# -- the seats -------------------------------------------------------------------------------------------------------

class Seats:
    """Every decision of a replayed game: random seats' choices, noisy seats' coins and the chance outcomes read off
    the record, greedy choices computed (policies: one per seat, a name such as "noisy:0.2" or a policies.Policy)."""

    def __init__(self, policies, rows: Rows):
        self.rows = rows
        self.policies, self.thresholds = [], []
        for p in policies:
            kind, eps = (getattr(p, "kind"), getattr(p, "epsilon")) if hasattr(p, "kind") else read_name(p)
            self.policies.append(kind)
            self.thresholds.append(round(eps * NOISE_SCALE) if kind == "noisy" else 0)
        self.policies = tuple(self.policies)

    def greedy(self, seat: int, legal=None) -> bool:
        """Whether the seat plays greedy's choice at this decision (legal: its options in the engine's order): a
        greedy seat always; a noisy one unless its coin (tossed with two options or more) says to explore."""
        kind = self.policies[seat]
        if kind == "noisy" and self.thresholds[seat] > 0 and len(legal) >= 2:
            return self.coin() >= self.thresholds[seat]
        return kind in ("greedy", "noisy")

    def coin(self) -> int:
        u = self.rows.take("coin")
        if not 0 <= u < NOISE_SCALE:
            raise RecordMismatch(f"row {self.rows.at - 1}: coin {u} is out of 0..{NOISE_SCALE - 1}")
        return u

    def read(self, legal: list):
        """A random seat's choice: nothing drawn with one option, else the next "choice" row, refused unless legal."""
        if len(legal) == 1:
            return legal[0]
        value = self.rows.take("choice")
        if value not in legal:
            raise RecordMismatch(f"row {self.rows.at - 1}: choice {value} is not legal (allowed: {legal})")
        return value

    # chance
    def reshuffle(self, t: Table) -> list[int]:
        if t.settings.reshuffle == "rest_first":
            return t.stack + [self.rows.take("reshuffle") for _ in t.discard]
        return [self.rows.take("reshuffle") for _ in range(len(t.stack) + len(t.discard))]

    # the decisions the policies own
    def role(self, t: Table, seat: int, legal):
        if self.greedy(seat, list(legal)):
            return first_best(legal, lambda card: role_value(t, seat, card))
        return self.read(list(legal))

    def settle(self, t: Table, seat: int, options):
        if self.greedy(seat, list(options)):
            return first_best(options, lambda kind: SETTLE_PREFERENCE[kind])
        return self.read(list(options))

    def build(self, t: Table, seat: int, legal):
        if self.greedy(seat, [NONE, *legal]):
            return greedy_building(t, seat, legal)
        b = self.read([NONE, *legal])
        return None if b == NONE else b

    def sell(self, t: Table, seat: int, legal):
        if self.greedy(seat, [NONE, *legal]):
            return max(legal)
        crop = self.read([NONE, *legal])
        return None if crop == NONE else crop

    def load(self, t: Table, seat: int, options):
        legal = captain_options(t, seat)
        code = greedy_load(t, seat) if self.greedy(seat, legal) else self.read(legal)
        return None if code is None else as_load(t, seat, code)

    # the shared rules
    def hacienda(self, t: Table, seat: int) -> bool:
        return hacienda(t, seat)

    def place(self, t: Table, seat: int):
        return placement(t, seat)

    def extra_good(self, t: Table, seat: int, kinds) -> int:
        return extra_good(kinds)

    def keep(self, t: Table, seat: int):
        return keep(t, seat)


# -- whole games -----------------------------------------------------------------------------------------------------

def read_setup(settings, players: int, policies_by_rank, rows: Rows) -> tuple[Table, Seats]:
    """The set-up from the record: the first governor, the shuffled stack, the policies seated by turn-order rank
    from the first governor."""
    governor = rows.take("governor")
    stack = [rows.take("stack") for _ in ref.start_stack(settings, players)]
    t = ref.setup(settings, players, governor, stack)
    seats = Seats([policies_by_rank[(q - governor) % players] for q in range(players)], rows)
    return t, seats


def play(settings, players: int, policies_by_rank, record, max_rounds: int | None = None) -> list[dict]:
    """Replay a whole game (or its first `max_rounds` rounds) from the engine's record: the snapshots after the
    set-up and after every round.  A record the rules refuse (roles.py's assertions included) raises
    RecordMismatch."""
    rows = Rows(record)

    def game():
        t, seats = read_setup(settings, players, policies_by_rank, rows)
        return t, snapshots(t, ref.snapshot, lambda t: ref.play(t, seats, max_rounds=1),
                            lambda t: not t.ended and (max_rounds is None or t.round < max_rounds))

    return replay(rows, game)
