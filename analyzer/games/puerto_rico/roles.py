"""The readable Puerto Rico: each role's legal choices and effects, every building's power (the seed's texts), the
colonist ship's refill, the end conditions and the final score, in plain Python (rules spec:
shared/rules/puerto-rico.md; the data are rules.py's, read off the Settings so a scenario's tables apply).

`Table` is the whole mutable state.  Each role is a function running its whole phase from its chooser round the
table; every choice a player makes comes from `src`, an object with one method per decision (see the coordination
notes: role, hacienda, settle, place, build, extra_good, sell, load, keep, and reshuffle for the chance of a
stack made up again), and the rules check that every answer is legal.  reference.py plays whole games with it.

Crops 0..4 and QUARRY = 5 (rules.PLANTATION_KINDS), buildings by index into rules.BUILDING_NAMES, role cards by
rules.ROLES index.  Violet buildings are used whenever they help: the hospice's and the university's colonist is
always taken (a colonist more never hurts); only the Hacienda's draw and the wharf are choices.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.rules import QUARRY, Settings

B = r.BUILDING
SMALL_MARKET, HACIENDA, CONSTRUCTION_HUT, SMALL_WAREHOUSE = (B[n] for n in (
    "small_market", "hacienda", "construction_hut", "small_warehouse"))
HOSPICE, OFFICE, LARGE_MARKET, LARGE_WAREHOUSE = (B[n] for n in ("hospice", "office", "large_market",
                                                                   "large_warehouse"))
FACTORY, UNIVERSITY, HARBOR, WHARF_BUILDING = (B[n] for n in ("factory", "university", "harbor", "wharf"))
GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL = (B[n] for n in (
    "guild_hall", "residence", "fortress", "customs_house", "city_hall"))
SMALL_PRODUCTION = (B["small_indigo_plant"], B["small_sugar_mill"])
WHARF = 3  # the load option's "ship" for the wharf's imaginary ship
FACTORY_DOUBLOONS = (0, 0, 1, 2, 3, 5)  # by kinds produced
MARKET_BONUS = {SMALL_MARKET: 1, LARGE_MARKET: 2}
CAPTAIN_FIRST_LOAD_VP = 1
CUSTOMS_VP_PER = 4


@dataclass
class Player:
    doubloons: int
    island: list = field(default_factory=list)  # [kind, colonists 0/1] per tile placed, in order placed
    city: dict = field(default_factory=dict)  # building -> colonists on it, in order built
    san_juan: int = 0  # colonists not on a circle
    goods: list = field(default_factory=lambda: [0] * len(r.CROPS))
    vp: int = 0  # VP chips taken (the supply may run dry: they still count)
    wharf_used: bool = False  # this captain phase


@dataclass
class Table:
    players: int
    settings: Settings
    seats: list
    governor: int
    stack: list  # face-down plantation kinds, top first
    display: list  # face-up kinds
    discard: list = field(default_factory=list)  # kinds set aside, in order
    quarries: int = r.QUARRIES
    colonist_bank: int = 0
    colonist_ship: int = 0
    vp_supply: int = 0
    goods_bank: list = field(default_factory=list)
    ships: list = field(default_factory=list)  # [capacity, crop or None, barrels], smallest first
    house: list = field(default_factory=list)  # crops in the trading house, in order sold
    cards: list = field(default_factory=list)  # [role, doubloons, taken by seat or None]
    buildings_left: list = field(default_factory=list)  # copies left by building
    round: int = 0  # rounds played
    ending: bool = False  # an end condition was met this round
    ended: bool = False
    capped: bool = False


def order(t: Table, first: int) -> list[int]:
    """The seats from `first` clockwise."""
    return [(first + k) % t.players for k in range(t.players)]


def building(t: Table, b: int) -> r.Building:
    return t.settings.building(b)


def occupied(p: Player, b: int) -> bool:
    """Only an owned building with a colonist on it works."""
    return p.city.get(b, 0) > 0


def take_colonist(t: Table) -> bool:
    """One colonist for the hospice or the university: from the bank, else from the ship, else none."""
    if t.colonist_bank:
        t.colonist_bank -= 1
    elif t.colonist_ship:
        t.colonist_ship -= 1
    else:
        return False
    return True


# -- roles and rounds ----------------------------------------------------------------------------------------------

def take_role(t: Table, seat: int, card: int, src) -> None:
    """The seat takes an untaken role card: its doubloons, then the phase (from the seat round the table)."""
    role, doubloons, taken = t.cards[card]
    assert taken is None, (card, t.cards)
    t.cards[card] = [role, 0, seat]
    t.seats[seat].doubloons += doubloons
    PHASES[role](t, seat, src)


def play_round(t: Table, src) -> None:
    """From the governor each player takes one untaken card (`src.role`), then the round ends."""
    for seat in order(t, t.governor):
        legal = [i for i, (_, _, taken) in enumerate(t.cards) if taken is None]
        card = src.role(t, seat, legal)
        assert card in legal, (card, legal)
        take_role(t, seat, card, src)
    end_of_round(t)


def end_of_round(t: Table) -> None:
    """+1 doubloon on each untaken card, the cards back, the governor passes left; the game ends here when an end
    condition was met this round, or at the turn cap (counted apart)."""
    for card in t.cards:
        card[1] += card[2] is None
        card[2] = None
    t.governor = (t.governor + 1) % t.players
    t.round += 1
    if t.ending:
        t.ended = True
    elif t.round >= t.settings.turn_cap:
        t.ended = t.capped = True


# -- settler -------------------------------------------------------------------------------------------------------

def make_up_stack(t: Table, need: int, src) -> None:
    """A stack shorter than `need` is made up from the shuffled discards (reshuffle rest_first: the old stack is
    drawn first; merge: both shuffled together, even with no discards); `src.reshuffle` gives the new order."""
    merge = t.settings.reshuffle == "merge"
    if len(t.stack) >= need or not (t.discard or merge and t.stack):
        return
    new = list(src.reshuffle(t))
    assert sorted(new) == sorted(t.stack + t.discard), "the new stack is not the old one and the discards"
    if t.settings.reshuffle == "rest_first":
        assert new[:len(t.stack)] == t.stack, "rest_first keeps the old stack on top, in order"
    t.stack, t.discard = new, []


def draw_display(t: Table, src) -> None:
    """players + 1 tiles face up (fewer when even the made-up stack is short)."""
    n = r.display_size(t.players)
    make_up_stack(t, n, src)
    t.display, t.stack = t.stack[:n], t.stack[n:]


def place_tile(p: Player, kind: int, colonist: bool = False) -> None:
    assert len(p.island) < r.ISLAND_SPACES, "the island is full"
    p.island.append([kind, int(colonist)])


def settle_options(t: Table, seat: int, chooser: int) -> list[int]:
    """The kinds the seat may take: any face-up crop, or a quarry for the settler (privilege) or an occupied
    construction hut's owner while quarries last; none on a full island."""
    p = t.seats[seat]
    if len(p.island) >= r.ISLAND_SPACES:
        return []
    options = sorted(set(t.display))
    if t.quarries and (seat == chooser or occupied(p, CONSTRUCTION_HUT)):
        options.append(QUARRY)
    return options


def settler(t: Table, chooser: int, src) -> None:
    """Each from the settler: an occupied Hacienda's owner may first draw the stack's top tile blind (and must place
    it; no hospice colonist on it); then one face-up tile or a quarry (`src.settle`, None to pass), with an occupied
    hospice a colonist on it.  The leftovers go to the discards and a new display is drawn."""
    for seat in order(t, chooser):
        p = t.seats[seat]
        if occupied(p, HACIENDA) and len(p.island) < r.ISLAND_SPACES and (t.stack or t.discard):
            if src.hacienda(t, seat):
                make_up_stack(t, 1, src)
                place_tile(p, t.stack.pop(0))
        options = settle_options(t, seat, chooser)
        if not options:
            continue
        kind = src.settle(t, seat, options)
        if kind is None:
            continue
        assert kind in options, (kind, options)
        if kind == QUARRY:
            t.quarries -= 1
        else:
            t.display.remove(kind)
        place_tile(p, kind, occupied(p, HOSPICE) and take_colonist(t))
    t.discard += t.display
    draw_display(t, src)


# -- mayor ---------------------------------------------------------------------------------------------------------

def circles(t: Table, p: Player) -> int:
    """Every circle of the seat's board: one per island tile, the buildings' own."""
    return len(p.island) + sum(building(t, b).circles for b in p.city)


def colonists(p: Player) -> int:
    return sum(c for _, c in p.island) + sum(p.city.values()) + p.san_juan


def check_placement(t: Table, p: Player, island: list, city: dict, san_juan: int) -> None:
    """A mayor's placement: every colonist of the seat on a circle (one per tile, a building's circles at most),
    San Juan only when every circle is full."""
    assert len(island) == len(p.island) and all(c in (0, 1) for c in island), island
    assert set(city) == set(p.city) and all(0 <= n <= building(t, b).circles for b, n in city.items()), city
    assert sum(island) + sum(city.values()) + san_juan == colonists(p), "colonists added or lost"
    assert san_juan == 0 or sum(island) + sum(city.values()) == circles(t, p), "San Juan while a circle is free"


def empty_building_circles(t: Table) -> int:
    return sum(building(t, b).circles - n for p in t.seats for b, n in p.city.items())


def refill_need(t: Table) -> int:
    """The ship takes one colonist per empty building circle of all players, never fewer than the players."""
    return max(t.players, empty_building_circles(t))


def mayor(t: Table, chooser: int, src) -> None:
    """The mayor takes one colonist from the bank (privilege, while it has one); the ship's colonists are dealt one at
    a time from the mayor round the table; each from the mayor places all his colonists (`src.place`); the ship is
    refilled (end_colonists_reading: not_enough, the game ends when the bank cannot fill it; enough, the seed read
    literally, when it does)."""
    if t.colonist_bank:
        t.colonist_bank -= 1
        t.seats[chooser].san_juan += 1
    for k in range(t.colonist_ship):
        t.seats[(chooser + k) % t.players].san_juan += 1
    t.colonist_ship = 0
    for seat in order(t, chooser):
        p = t.seats[seat]
        island, city, san_juan = src.place(t, seat)
        check_placement(t, p, list(island), dict(city), san_juan)
        for tile, c in zip(p.island, island):
            tile[1] = c
        p.city = {b: city[b] for b in p.city}
        p.san_juan = san_juan
    need = refill_need(t)
    full = t.colonist_bank >= need
    t.colonist_ship = min(need, t.colonist_bank)
    t.colonist_bank -= t.colonist_ship
    if full == (t.settings.end_colonists_reading == "enough"):
        t.ending = True


# -- builder -------------------------------------------------------------------------------------------------------

def city_spaces(t: Table, p: Player) -> int:
    """City spaces used: a large building takes 2."""
    return sum(building(t, b).size for b in p.city)


def occupied_quarries(p: Player) -> int:
    return sum(c for kind, c in p.island if kind == QUARRY)


def price(t: Table, seat: int, b: int, chooser: int) -> int:
    """The builder's privilege -1, each occupied quarry -1 up to the building's column, never below cost_floor."""
    spec = building(t, b)
    return r.build_cost(spec.cost, spec.column, seat == chooser, occupied_quarries(t.seats[seat]),
                        t.settings.cost_floor)


def buildable(t: Table, seat: int, chooser: int) -> list[int]:
    """Buildings still in the supply, not owned (one of a kind), with the city spaces, at a price he can pay."""
    p = t.seats[seat]
    return [b for b in range(len(r.BUILDINGS)) if t.buildings_left[b] and b not in p.city
            and city_spaces(t, p) + building(t, b).size <= r.CITY_SPACES and price(t, seat, b, chooser) <= p.doubloons]


def builder(t: Table, chooser: int, src) -> None:
    """Each from the builder may build one building (`src.build`, None to pass); an occupied university puts a
    colonist on it; a city's 12th space filled ends the game at the round's end."""
    for seat in order(t, chooser):
        legal = buildable(t, seat, chooser)
        if not legal:
            continue
        b = src.build(t, seat, legal)
        if b is None:
            continue
        assert b in legal, (b, legal)
        p = t.seats[seat]
        p.doubloons -= price(t, seat, b, chooser)
        t.buildings_left[b] -= 1
        university = occupied(p, UNIVERSITY)
        p.city[b] = int(university and take_colonist(t))
        if city_spaces(t, p) == r.CITY_SPACES:
            t.ending = True


# -- craftsman -----------------------------------------------------------------------------------------------------

def production(t: Table, seat: int) -> list[int]:
    """Barrels by crop: corn one per occupied corn plantation; the others min(occupied plantations, colonists on the
    crop's production buildings)."""
    p = t.seats[seat]
    fields_ = [sum(c for kind, c in p.island if kind == crop) for crop in range(len(r.CROPS))]
    works = [0] * len(r.CROPS)
    for b, n in p.city.items():
        if building(t, b).good >= 0:
            works[building(t, b).good] += n
    return [fields_[crop] if crop == r.CORN else min(fields_[crop], works[crop]) for crop in range(len(r.CROPS))]


def craftsman(t: Table, chooser: int, src) -> None:
    """Each from the craftsman takes his production as far as the bank has it (an occupied factory pays by the kinds
    received); last, the craftsman takes one more barrel of a kind he received (`src.extra_good`) while the bank has
    one."""
    received = []
    for seat in order(t, chooser):
        p = t.seats[seat]
        got = [min(n, t.goods_bank[crop]) for crop, n in enumerate(production(t, seat))]
        for crop, n in enumerate(got):
            p.goods[crop] += n
            t.goods_bank[crop] -= n
        if occupied(p, FACTORY):
            p.doubloons += FACTORY_DOUBLOONS[sum(n > 0 for n in got)]
        if seat == chooser:
            received = got
    kinds = [crop for crop, n in enumerate(received) if n and t.goods_bank[crop]]
    if kinds:
        crop = src.extra_good(t, chooser, kinds)
        assert crop in kinds, (crop, kinds)
        t.seats[chooser].goods[crop] += 1
        t.goods_bank[crop] -= 1


# -- trader --------------------------------------------------------------------------------------------------------

def sellable(t: Table, seat: int) -> list[int]:
    """The crops he holds that the house takes: a free slot, a kind not there yet (an occupied office excepted)."""
    p = t.seats[seat]
    if len(t.house) >= r.TRADING_HOUSE_SLOTS:
        return []
    return [crop for crop in range(len(r.CROPS)) if p.goods[crop]
            and (crop not in t.house or occupied(p, OFFICE))]


def sale_price(t: Table, seat: int, crop: int, chooser: int) -> int:
    """The crop's price, +1 for the trader (privilege, only on a sale), +1 / +2 for occupied small / large markets."""
    p = t.seats[seat]
    return (r.PRICES[crop] + (seat == chooser)
            + sum(bonus for b, bonus in MARKET_BONUS.items() if occupied(p, b)))


def trader(t: Table, chooser: int, src) -> None:
    """Each from the trader may sell one barrel (`src.sell`, None to pass); a house full at the phase's end empties
    into the bank, one with 3 or fewer stays."""
    for seat in order(t, chooser):
        legal = sellable(t, seat)
        if not legal:
            continue
        crop = src.sell(t, seat, legal)
        if crop is None:
            continue
        assert crop in legal, (crop, legal)
        t.seats[seat].goods[crop] -= 1
        t.seats[seat].doubloons += sale_price(t, seat, crop, chooser)
        t.house.append(crop)
    if len(t.house) == r.TRADING_HOUSE_SLOTS:
        for crop in t.house:
            t.goods_bank[crop] += 1
        t.house = []


# -- captain -------------------------------------------------------------------------------------------------------

def ship_accepts(t: Table, ship: int, crop: int) -> bool:
    """One kind per ship, no kind on two ships, a full ship takes nothing."""
    capacity, kind, barrels = t.ships[ship]
    if kind is not None:
        return kind == crop and barrels < capacity
    return all(other[1] != crop for other in t.ships)


def ship_loads(t: Table, seat: int) -> list[tuple[int, int]]:
    """(crop, ship) loads on the cargo ships: for each crop he holds, the ships taking it that take the most of it
    ("all of that kind that fits": with a choice of ships, one with room enough)."""
    p = t.seats[seat]
    out = []
    for crop in range(len(r.CROPS)):
        if not p.goods[crop]:
            continue
        fits = {s: min(p.goods[crop], t.ships[s][0] - t.ships[s][2]) for s in range(len(t.ships))
                if ship_accepts(t, s, crop)}
        out += [(crop, s) for s, n in fits.items() if n == max(fits.values())]
    return out


def load_options(t: Table, seat: int) -> list[tuple[int, int]]:
    """The cargo-ship loads, and with an occupied wharf not used this phase (crop, WHARF) for each crop he holds."""
    p = t.seats[seat]
    wharf_free = occupied(p, WHARF_BUILDING) and not p.wharf_used
    wharf = [(crop, WHARF) for crop in range(len(r.CROPS)) if wharf_free and p.goods[crop]]
    return ship_loads(t, seat) + wharf


def load(t: Table, seat: int, crop: int, ship: int, chooser: int, first: bool) -> int:
    """Loads all of the crop that fits (the wharf: up to wharf_capacity, straight back to the bank); 1 VP a barrel,
    +1 on the captain's first load, +1 with an occupied harbor.  Returns the barrels loaded."""
    p = t.seats[seat]
    if ship == WHARF:
        n = min(p.goods[crop], t.settings.wharf_capacity)
        p.wharf_used = True
        t.goods_bank[crop] += n
    else:
        n = min(p.goods[crop], t.ships[ship][0] - t.ships[ship][2])
        t.ships[ship][1] = crop
        t.ships[ship][2] += n
    p.goods[crop] -= n
    vp = n + CAPTAIN_FIRST_LOAD_VP * (seat == chooser and first) + occupied(p, HARBOR)
    p.vp += vp
    t.vp_supply -= vp
    return n


def keep_limit(p: Player) -> int:
    """Whole kinds kept at the captain's end beside the one barrel: 1 per occupied small, 2 per large warehouse."""
    return occupied(p, SMALL_WAREHOUSE) + 2 * occupied(p, LARGE_WAREHOUSE)


def keeps_all(p: Player) -> bool:
    """Nothing to lose: the kinds beyond the warehouses' hold one barrel in all."""
    held = sorted(n for n in p.goods if n)
    return sum(held[:max(0, len(held) - keep_limit(p))]) <= 1


def store(t: Table, seat: int, src) -> None:
    """The captain's end: a seat keeps one barrel, plus whole kinds by its warehouses; when that cannot be all he
    holds, `src.keep` names (the whole kinds kept, the single barrel's crop or None); the rest go to the bank."""
    p = t.seats[seat]
    if keeps_all(p):
        return
    whole, single = src.keep(t, seat)
    whole = tuple(whole)
    assert len(set(whole)) == len(whole) <= keep_limit(p) and all(p.goods[c] for c in whole), whole
    assert single is None or (p.goods[single] and single not in whole), single
    for crop in range(len(r.CROPS)):
        kept = p.goods[crop] if crop in whole else int(crop == single)
        t.goods_bank[crop] += p.goods[crop] - kept
        p.goods[crop] = kept


def captain(t: Table, chooser: int, src) -> None:
    """Turns go round from the captain while anyone can load: who can load a cargo ship must (`src.load` picks one
    of the options, the amount forced); the wharf is never forced (None passes when no cargo ship takes anything).
    Then each seat stores, full ships empty into the bank; VP chips running out end the game at the round's end."""
    first, idle, seat = True, 0, chooser
    while idle < t.players:
        options = load_options(t, seat)
        choice = src.load(t, seat, options) if options else None
        if choice is None:
            assert not ship_loads(t, seat), "a player who can load must"
            idle += 1
        else:
            assert tuple(choice) in options, (choice, options)
            load(t, seat, *choice, chooser, first)
            first = first and seat != chooser
            idle = 0
        seat = (seat + 1) % t.players
    for seat in order(t, chooser):
        store(t, seat, src)
        t.seats[seat].wharf_used = False
    for ship in t.ships:
        if ship[2] == ship[0]:
            t.goods_bank[ship[1]] += ship[2]
            ship[1:] = [None, 0]
    if t.vp_supply <= 0:
        t.ending = True


def prospector(t: Table, chooser: int, src=None) -> None:
    """No phase: the prospector takes one doubloon."""
    t.seats[chooser].doubloons += r.PROSPECTOR_DOUBLOONS


PHASES = {r.SETTLER: settler, r.MAYOR: mayor, r.BUILDER: builder, r.CRAFTSMAN: craftsman, r.TRADER: trader,
          r.CAPTAIN: captain, r.PROSPECTOR: prospector}


# -- the final score -----------------------------------------------------------------------------------------------

def violet(t: Table, b: int) -> bool:
    return building(t, b).good < 0


def bonus(t: Table, p: Player, b: int) -> int:
    """An occupied large building's end bonus (seed texts): guild hall 1 per small and 2 per large production
    building, residence by island spaces filled (<= 9: 4, 10: 5, 11: 6, 12: 7), fortress 1 per 3 colonists on his
    board, customs house 1 per 4 VP chips, city hall 1 per violet building (itself included)."""
    if b == GUILD_HALL:
        return sum(1 if c in SMALL_PRODUCTION else 2 for c in p.city if not violet(t, c))
    if b == RESIDENCE:
        return r.residence_bonus(len(p.island))
    if b == FORTRESS:
        return colonists(p) // r.FORTRESS_COLONISTS_PER_VP
    if b == CUSTOMS_HOUSE:
        return p.vp // CUSTOMS_VP_PER
    assert b == CITY_HALL, b
    return sum(violet(t, c) for c in p.city)


def final_score(t: Table, seat: int) -> tuple[int, int, int, int]:
    """(VP chips, building VP (occupied or not), the occupied large buildings' bonuses, total)."""
    p = t.seats[seat]
    chips = p.vp
    buildings = sum(building(t, b).column for b in p.city)
    bonuses = sum(bonus(t, p, b) for b in p.city if building(t, b).size == 2 and occupied(p, b))
    return chips, buildings, bonuses, chips + buildings + bonuses


def tie_break(t: Table, seat: int) -> int:
    """Doubloons + goods (1 barrel = 1 doubloon)."""
    p = t.seats[seat]
    return p.doubloons + sum(p.goods)


def winners(t: Table) -> list[int]:
    """The seats with the most VP, then the most doubloons + goods (a remaining tie shares the win)."""
    key = {seat: (final_score(t, seat)[3], tie_break(t, seat)) for seat in range(t.players)}
    best = max(key.values())
    return [seat for seat in range(t.players) if key[seat] == best]
