"""Puerto Rico positions from a scenario (spec "A position"): the plantation stack, discard pile and display
(questions 1 and 2), and, when the players' boards are given, the whole table at a role choice (question 4).

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: puerto_rico
    players: 4
    rules: {reshuffle: rest_first, start_tiles_from_pool: true}
    position:
      governor: 2                                   # seat 0..players-1
      # stack: {coffee: 6, tobacco: 7, corn: 5, sugar: 9, indigo: 8}   # optional: by elimination otherwise
      discard_pile: {corn: 1, sugar: 1}
      display: [sugar, corn, indigo, tobacco, coffee]
      leftovers: [sugar]                            # display tiles left untaken: they join the discards first
      quarries_left: 6                              # optional: 8 less the boards' quarries
      # the full position (question 4 from it; else from the set-up, the governor's first choice):
      boards:                                       # one per seat, seat 0 first (one shown here)
        - {doubloons: 3, vp: 0, goods: {corn: 1}, plantations: {indigo: 1, corn: 1}, occupied: {indigo: 1},
           buildings: {small_indigo_plant: 1}, san_juan: 0}
      roles_taken: {2: settler}                     # seat -> role taken this round (from the governor on)
      role_doubloons: {builder: 1, prospector: 1}   # on the untaken cards (5 players: prospector: [1, 0])
      round: 3
      colonist_ship: 4                              # default: players
      colonists: 60                                 # the supply; default: the rest of all colonists
      vp_chips: 95                                  # the supply; default: the set-up's less the boards' vp
      ships: [{good: corn, barrels: 2}, {}, {}]      # the cargo ships smallest first
      trading_house: [indigo]

Readings where the spec is silent: without boards the islands are the start plantations, so a position past the
set-up (round > 1, discards, leftovers or roles taken) needs the boards or the stack (else refused); the stack is
by elimination (the tiles less the islands, display and discards; with start_tiles_from_pool false the start
tiles come from outside the 50), and a stack given must agree with it when boards are given (else it may only be
no larger); the roles taken are those of the seats from the governor on, so the seat choosing now is the next one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.summary import named
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.rules import Settings

POSITION_KEYS = {"governor", "stack", "discard_pile", "display", "leftovers", "quarries_left", "boards",
                 "roles_taken", "role_doubloons", "round", "colonist_ship", "colonists", "vp_chips", "ships",
                 "trading_house"}
BOARD_KEYS = {"doubloons", "vp", "goods", "plantations", "occupied", "buildings", "san_juan"}
SHIP_KEYS = {"good", "barrels"}
NO_GOOD = -1
MAX_COUNT = 500


@dataclass(frozen=True)
class Board:
    """One player's board."""
    doubloons: int = 0
    vp: int = 0  # VP chips taken
    goods: tuple[int, ...] = (0,) * 5  # barrels by crop
    plantations: tuple[int, ...] = (0,) * 6  # island tiles by PLANTATION_KINDS
    occupied: tuple[int, ...] = (0,) * 6  # of those, the ones with a colonist
    buildings: tuple[tuple[int, int], ...] = ()  # (building, colonists on it), in the order given
    san_juan: int = 0  # colonists not placed

    @property
    def colonists(self) -> int:
        return sum(self.occupied) + sum(c for _, c in self.buildings) + self.san_juan


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    governor: int = 0
    stack: tuple[int, ...] = field(default=r.setup(4).stack, metadata=named(per=r.CROPS))  # face-down tiles by crop
    discard: tuple[int, ...] = field(default=(0,) * 5, metadata=named(per=r.CROPS))  # the discard pile by crop
    display: tuple[int, ...] = field(default=(), metadata=named(r.CROPS))  # face-up crops, in display order
    leftovers: tuple[int, ...] = field(default=(0,) * 5, metadata=named(per=r.CROPS))  # display tiles that join the discards before the next draw
    quarries: int = r.QUARRIES  # left in the supply
    boards: tuple[Board, ...] | None = None  # None: the set-up (question 4 plays the governor's first choice)
    roles_taken: tuple[tuple[int, int], ...] = ()  # (seat, role card index into role_cards(players))
    role_doubloons: tuple[int, ...] = ()  # on each role card (role_cards order); taken cards 0
    round: int = 1
    colonist_ship: int = 4
    colonists: int = r.COLONISTS[4]  # the supply
    vp_chips: int = r.VP_CHIPS[4]  # the supply
    ships: tuple[tuple[int, int, int], ...] = tuple((c, NO_GOOD, 0) for c in r.CARGO_SHIPS[4])  # (capacity, good,
    # barrels)
    trading_house: tuple[int, ...] = field(default=(), metadata=named(r.CROPS))
    goods_supply: tuple[int, ...] = field(default=r.GOODS, metadata=named(per=r.CROPS))
    buildings_left: tuple[int, ...] = field(default=tuple(b.count for b in r.BUILDINGS), metadata=named(per=r.BUILDING_NAMES))
    stack_given: bool = False  # position.stack gave it (else by elimination)

    @property
    def to_choose(self) -> int:
        """The seat choosing a role now."""
        return (self.governor + len(self.roles_taken)) % self.players

    @property
    def cards(self) -> tuple[int, ...]:
        return r.role_cards(self.players)

    @property
    def untaken(self) -> tuple[int, ...]:
        """Role card indices still to take this round."""
        taken = {c for _, c in self.roles_taken}
        return tuple(i for i in range(len(self.cards)) if i not in taken)

    @property
    def full(self) -> bool:
        """The players' boards are given (question 4 from this position, not from the set-up)."""
        return self.boards is not None

    @property
    def next_discard(self) -> tuple[int, ...]:
        """The discard pile when the next display is drawn: the discards and the display's leftovers."""
        return tuple(a + b for a, b in zip(self.discard, self.leftovers))


def card_name(players: int, i: int) -> str:
    cards = r.role_cards(players)
    role = r.ROLES[cards[i]]
    return f"{role} 2" if role == "prospector" and cards[:i].count(r.PROSPECTOR) else role


# ------------------------------------------------------------------------------------------------
# parsing

def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    start = r.setup(players, settings)
    governor = sc.integer(block.get("governor", 0), f"{P}.governor", 0, players - 1)
    display = tuple(r.crop(x, f"{P}.display[{i}]") for i, x in enumerate(sc.sequence(block.get("display"),
                                                                                     f"{P}.display")))
    if len(display) > start.display_size:
        raise ScenarioError(f"{P}.display", f"at most players + 1 = {start.display_size} face-up tiles; got "
                                            f"{len(display)}")
    discard = r.counts(block.get("discard_pile"), f"{P}.discard_pile", r.CROPS, MAX_COUNT)
    leftovers = _leftovers(block.get("leftovers"), f"{P}.leftovers", display)
    boards = _boards(block.get("boards"), f"{P}.boards", players, settings)
    islands = _islands(boards, start, settings)
    stack = _stack(block.get("stack"), f"{P}.stack", settings, islands, display, discard, boards is not None)
    on_islands = sum(b.plantations[r.QUARRY] for b in boards) if boards else 0
    if on_islands > settings.quarries:
        raise ScenarioError(f"{P}.boards", f"{on_islands} quarries on the islands; the supply has "
                                           f"{settings.quarries} (rules.plantations.quarry)")
    quarries = sc.integer(block.get("quarries_left", settings.quarries - on_islands), f"{P}.quarries_left", 0,
                          settings.quarries - on_islands)
    taken = _roles_taken(block.get("roles_taken"), f"{P}.roles_taken", players, governor)
    doubloons = _role_doubloons(block.get("role_doubloons"), f"{P}.role_doubloons", players, taken)
    rnd = sc.integer(block.get("round", 1), f"{P}.round", 1, settings.turn_cap)
    _started_needs_boards(block, rnd, discard, leftovers, taken)
    ships, house, supply = _cargo(block, P, players, settings, boards)
    placed = sum(b.colonists for b in boards) if boards else 0
    total = r.COLONISTS[players] + players
    ship = sc.integer(block.get("colonist_ship", players), f"{P}.colonist_ship", 0, total - placed)
    colonists = sc.integer(block.get("colonists", total - placed - ship), f"{P}.colonists", 0,
                           total - placed - ship)
    vp_taken = sum(b.vp for b in boards) if boards else 0
    vp = sc.integer(block.get("vp_chips", max(0, start.vp_chips - vp_taken)), f"{P}.vp_chips", 0, start.vp_chips)
    left = _buildings_left(boards, settings, f"{P}.boards")
    return Position(players, settings, governor, stack, discard, display, leftovers, quarries, boards, taken,
                    doubloons, rnd, ship, colonists, vp, ships, house, supply, left, block.get("stack") is not None)


def _started_needs_boards(block: dict, rnd: int, discard, leftovers, taken) -> None:
    """Once the game has started, the islands hold more than the start crops: without the boards (or the stack
    itself) the stack by elimination would rest on an assumption no answer could show, so it is refused."""
    if block.get("boards") is not None or block.get("stack") is not None:
        return
    started = [what for what, yes in (("round > 1", rnd > 1), ("a discard pile", sum(discard)),
                                      ("leftovers", sum(leftovers)), ("roles taken", taken)) if yes]
    if started:
        raise ScenarioError("position.boards", f"required once the game has started ({', '.join(started)}): the "
                                               "islands' plantations decide the stack; give the boards, or "
                                               "position.stack")


def _leftovers(value, where: str, display: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * len(r.CROPS)
    for i, x in enumerate(sc.sequence(value, where)):
        c = r.crop(x, f"{where}[{i}]")
        out[c] += 1
        if out[c] > display.count(c):
            raise ScenarioError(f"{where}[{i}]", f"a tile of position.display; it shows {display.count(c)} "
                                                 f"{r.CROPS[c]}")
    return tuple(out)


def _boards(value, where: str, players: int, settings: Settings) -> tuple[Board, ...] | None:
    if value is None:
        return None
    items = sc.sequence(value, where)
    if len(items) != players:
        raise ScenarioError(where, f"one board per seat ({players}), seat 0 first; got {len(items)}")
    return tuple(_board(x, f"{where}[{i}]", settings) for i, x in enumerate(items))


def _board(value, where: str, settings: Settings) -> Board:
    e = sc.mapping(value, where, BOARD_KEYS)
    goods = r.counts(e.get("goods"), f"{where}.goods", r.CROPS, MAX_COUNT)
    tiles = r.counts(e.get("plantations"), f"{where}.plantations", r.PLANTATION_KINDS, r.ISLAND_SPACES)
    if sum(tiles) > r.ISLAND_SPACES:
        raise ScenarioError(f"{where}.plantations", f"at most {r.ISLAND_SPACES} island tiles; got {sum(tiles)}")
    occupied = r.counts(e.get("occupied"), f"{where}.occupied", r.PLANTATION_KINDS, r.ISLAND_SPACES)
    for k, name in enumerate(r.PLANTATION_KINDS):
        if occupied[k] > tiles[k]:
            raise ScenarioError(f"{where}.occupied.{name}", f"at most the {name} tiles of the island ({tiles[k]})")
    buildings, spaces = [], 0
    for key, n in sc.mapping(e.get("buildings"), f"{where}.buildings").items():
        f = f"{where}.buildings.{sc.key_name(key)}"
        b = r.BUILDING[sc.choice(key, f, r.BUILDING_NAMES)]
        circles = settings.building(b).circles
        buildings.append((b, sc.integer(n, f, 0, circles)))
        spaces += r.BUILDINGS[b].size
    if spaces > r.CITY_SPACES:
        raise ScenarioError(f"{where}.buildings", f"at most {r.CITY_SPACES} city spaces (a large building takes 2); "
                                                  f"got {spaces}")
    return Board(sc.integer(e.get("doubloons", 0), f"{where}.doubloons", 0, 1000),
                 sc.integer(e.get("vp", 0), f"{where}.vp", 0, 1000), goods, tiles, occupied, tuple(buildings),
                 sc.integer(e.get("san_juan", 0), f"{where}.san_juan", 0, MAX_COUNT))


def _islands(boards, start: r.SetUp, settings: Settings) -> tuple[int, ...]:
    """The crops on the islands that came out of the 50 tiles."""
    if boards is None:
        grown = [0] * len(r.CROPS)
        for c in start.start_crops:
            grown[c] += 1
    else:
        grown = [sum(b.plantations[c] for b in boards) for c in range(len(r.CROPS))]
    if not settings.start_tiles_from_pool:
        for c in start.start_crops:
            grown[c] = max(0, grown[c] - 1)
    return tuple(grown)


def _stack(value, where: str, settings: Settings, islands, display, discard, exact: bool) -> tuple[int, ...]:
    derived = []
    for c, name in enumerate(r.CROPS):
        left = settings.tiles[c] - islands[c] - display.count(c) - discard[c]
        if left < 0:
            raise ScenarioError("position", f"{islands[c] + display.count(c) + discard[c]} {name} tiles on the "
                                            f"islands, the display and the discard pile; there are "
                                            f"{settings.tiles[c]} (rules.plantations)")
        derived.append(left)
    if value is None:
        return tuple(derived)
    given = r.counts(value, where, r.CROPS, MAX_COUNT)
    for c, name in enumerate(r.CROPS):
        if given[c] > derived[c] or (exact and given[c] != derived[c]):
            raise ScenarioError(f"{where}.{name}", f"{'exactly' if exact else 'at most'} {derived[c]}: the "
                                                   f"{settings.tiles[c]} tiles less the islands, display and "
                                                   f"discards; got {given[c]}")
    return given


def _roles_taken(value, where: str, players: int, governor: int) -> tuple[tuple[int, int], ...]:
    cards = r.role_cards(players)
    block = sc.mapping(value, where)
    seats = {}
    for key, raw in block.items():
        f = f"{where}.{sc.key_name(key)}"
        seats[sc.integer(key, f, 0, players - 1)] = (f, sc.choice(raw, f, sorted({r.ROLES[c] for c in cards})))
    order = [(governor + k) % players for k in range(len(seats))]
    if sorted(seats) != sorted(order) or len(seats) >= players:
        raise ScenarioError(where, f"the seats from the governor (seat {governor}) on, one role each, fewer than "
                                   f"{players}: e.g. {{{governor}: settler}}")
    out, used = [], set()
    for seat in order:
        f, name = seats[seat]
        free = [i for i, c in enumerate(cards) if r.ROLES[c] == name and i not in used]
        if not free:
            raise ScenarioError(f, f"{name} is taken already this round")
        used.add(free[0])
        out.append((seat, free[0]))
    return tuple(out)


def _role_doubloons(value, where: str, players: int, taken) -> tuple[int, ...]:
    cards = r.role_cards(players)
    out = [0] * len(cards)
    used = {c for _, c in taken}
    for key, raw in sc.mapping(value, where).items():
        f = f"{where}.{sc.key_name(key)}"
        name = sc.choice(key, f, sorted({r.ROLES[c] for c in cards}))
        idx = [i for i, c in enumerate(cards) if r.ROLES[c] == name]
        amounts = sc.sequence(raw, f) if isinstance(raw, list) else [raw] * len(idx)
        if len(amounts) != len(idx):
            raise ScenarioError(f, f"{len(idx)} amount(s), one per {name} card, or a single one")
        for i, n in zip(idx, amounts):
            out[i] = sc.integer(n, f, 0, 100)
            if out[i] and i in used:
                raise ScenarioError(f, f"{name} is taken this round: its doubloons went to the player")
    return tuple(out)


def _cargo(block, P: str, players: int, settings: Settings, boards):
    capacities = r.CARGO_SHIPS[players]
    items = sc.sequence(block.get("ships"), f"{P}.ships")
    if items and len(items) != len(capacities):
        raise ScenarioError(f"{P}.ships", f"one entry per cargo ship ({len(capacities)}: capacities "
                                          f"{', '.join(map(str, capacities))}), smallest first; got {len(items)}")
    ships, kinds = [], {}
    for i, cap in enumerate(capacities):
        f = f"{P}.ships[{i}]"
        e = sc.mapping(items[i] if items else None, f, SHIP_KEYS)
        good = NO_GOOD if e.get("good") is None else r.crop(e["good"], f"{f}.good")
        barrels = sc.integer(e.get("barrels", 0), f"{f}.barrels", 0 if good == NO_GOOD else 1, cap)
        if good == NO_GOOD and barrels:
            raise ScenarioError(f"{f}.good", "the good its barrels hold")
        if good != NO_GOOD and good in kinds:
            raise ScenarioError(f"{f}.good", f"{r.CROPS[good]} is on ship {kinds[good]} already: no kind on two ships")
        if good != NO_GOOD:
            kinds[good] = i
        ships.append((cap, good, barrels))
    house_items = sc.sequence(block.get("trading_house"), f"{P}.trading_house")
    if len(house_items) > r.TRADING_HOUSE_SLOTS:
        raise ScenarioError(f"{P}.trading_house", f"at most {r.TRADING_HOUSE_SLOTS} goods; got {len(house_items)}")
    house = tuple(r.crop(x, f"{P}.trading_house[{i}]") for i, x in enumerate(house_items))
    office = r.BUILDING["office"]
    twice = next((i for i, c in enumerate(house) if c in house[:i]), None)
    if twice is not None and boards is not None and not any(b == office for board in boards
                                                            for b, _ in board.buildings):
        raise ScenarioError(f"{P}.trading_house[{twice}]", f"{r.CROPS[house[twice]]} is there already: a kind "
                                                           "twice needs an office on some board")
    supply = []
    for c, name in enumerate(r.CROPS):
        used = (sum(b.goods[c] for b in boards) if boards else 0) + house.count(c) + sum(
            n for _, g, n in ships if g == c)
        if used > settings.goods[c]:
            raise ScenarioError("position", f"{used} {name} barrels on the boards, ships and in the trading house; "
                                            f"there are {settings.goods[c]} (rules.goods)")
        supply.append(settings.goods[c] - used)
    return tuple(ships), house, tuple(supply)


def _buildings_left(boards, settings: Settings, where: str) -> tuple[int, ...]:
    left = [settings.building(b).count for b in range(len(r.BUILDINGS))]
    for i, board in enumerate(boards or ()):
        for b, _ in board.buildings:
            left[b] -= 1
            if left[b] < 0:
                raise ScenarioError(f"{where}[{i}].buildings.{r.BUILDING_NAMES[b]}",
                                    f"only {settings.building(b).count} in the game (rules.buildings)")
    return tuple(left)


def questions(position: Position) -> tuple[str, ...]:
    """The display questions always; question 4 from the given boards, or from the set-up when the position is
    one (no boards, no stack or discards given: the islands are the start crops)."""
    setup = not position.stack_given and not sum(position.discard) and position.round == 1
    return ("odds", "hacienda") + (("ev",) if position.full or setup else ())
