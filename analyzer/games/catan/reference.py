"""The readable rules of Catan (rules spec: shared/rules/catan.md), obviously correct and slow: tests hold the
numba engine (game.py) to it, game by game, turn by turn.

`Game` is the full-information state (plain lists, dicts and sets).  `play_game(g, chance, policies)` plays one
whole game: the start-order roll, the snake draft, then turns until someone has 10 points on his own turn or the
turn cap.  Every chance outcome comes from a `chance` object (`RandomChance(rng)`, or `from_record(record)`
replaying the engine's record), every choice from the seat's policy object (reference_policies.py, whose `play`
replays one engine game by the policies' names), so the engine's games can be replayed here exactly.
`Game.snapshots` holds one `snapshot(g)` after the setup and after every turn.

A policy answers: `settlement(g, seat, spots)` and `setup_road(g, seat, settlement, spots)` in the snake draft;
`before_roll(g, seat) -> [actions]`; `action(g, seat) -> action | None` (None ends his turn); `discard(g, seat,
n) -> cards by resource`; `robber(g, seat, hexes)`, `victim(g, seat, seats)`, `steal(g, seat, victim) ->
resource` (steal chosen); `road(g, seat, spots) -> edge | None` (road building).  An action is a tuple:
("road" | "settlement" | "city", where), ("dev",), ("knight",), ("monopoly", resource), ("year_of_plenty", r1,
r2), ("road_building",), ("vp",) (reveal one), ("trade", give, take); `legal_actions` lists them.

Rules by name (each a plain function below): `settlement_spots`, `road_spots`, `can_build`, `produce`,
`discard_count`, `robber_hexes`, `victims`, `trade_rate`, `longest_road`, `update_longest_road`,
`update_largest_army`, `points`, and the turn's actions `build`, `buy_dev_card`, `play_knight`,
`play_monopoly`, `play_year_of_plenty`, `play_road_building`, `reveal_vp`, `trade`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.games.catan import board as geo

N_RES = 5
WOOD, BRICK, SHEEP, GRAIN, ORE = range(N_RES)
COST = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3), "dev": (0, 0, 1, 1, 1)}
SUPPLY = {"road": 15, "settlement": 5, "city": 4}
BANK = 19
DEV_CARDS = ("knight", "vp", "road_building", "year_of_plenty", "monopoly")
KNIGHT, VP, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(len(DEV_CARDS))
DECK = (14, 5, 2, 2, 2)
WIN, HAND_LIMIT, ROAD_MIN, ARMY_MIN = 10, 7, 5, 3


def _rows(a) -> list[list[int]]:
    return [[int(x) for x in row if x >= 0] for row in a]


HEX_VERTICES = _rows(geo.HEX_VERTICES)
VERTEX_HEXES = _rows(geo.VERTEX_HEXES)
VERTEX_NEIGHBORS = _rows(geo.VERTEX_NEIGHBORS)
VERTEX_EDGES = _rows(geo.VERTEX_EDGES)
EDGES = [tuple(int(x) for x in e) for e in geo.EDGES]


@dataclass
class Player:
    hand: list = field(default_factory=lambda: [0] * N_RES)
    pieces: dict = field(default_factory=lambda: dict(SUPPLY))
    dev: list = field(default_factory=lambda: [0] * len(DEV_CARDS))  # held, not yet played (bought ones too)
    bought: list = field(default_factory=lambda: [0] * len(DEV_CARDS))  # of `dev`, bought this turn
    knights: int = 0  # played
    vp_revealed: int = 0
    new_harbours: set = field(default_factory=set)  # harbour slots got this turn (harbor_delay)


@dataclass
class Game:
    board: geo.Board
    settings: object  # rules.Settings (any object with the setting names as attributes)
    players: int
    seats: list
    bank: list = field(default_factory=lambda: [BANK] * N_RES)
    buildings: dict = field(default_factory=dict)  # vertex -> (owner, "settlement" | "city")
    roads: dict = field(default_factory=dict)  # edge id -> owner
    robber: int = 0
    deck: list = field(default_factory=lambda: list(DECK))  # cards left by type (the order is chance's)
    longest_road: int | None = None
    largest_army: int | None = None
    start_rolls: list = field(default_factory=list)  # (seat, roll) in the order rolled
    placement: list = field(default_factory=list)  # seats, highest roll first
    to_move: int = 0
    turn: int = 0  # turns played in the main game
    dev_played: int = 0  # development cards played this turn
    winner: int | None = None
    end: str | None = None
    snapshots: list = field(default_factory=list)
    log: list = field(default_factory=list)


def new_game(board: geo.Board, settings, players: int) -> Game:
    return Game(board, settings, players, [Player() for _ in range(players)], robber=board.desert)


# ------------------------------------------------------------------------------------------------
# chance


class RandomChance:
    def __init__(self, rng):
        self.rng = rng

    def start_roll(self, seat: int, dice: int) -> int:
        return sum(int(self.rng.integers(1, 7)) for _ in range(dice))

    def roll(self) -> int:
        return int(self.rng.integers(1, 7)) + int(self.rng.integers(1, 7))

    def dev_card(self, deck: list) -> int:
        return _nth(deck, int(self.rng.integers(sum(deck))))

    def stolen(self, hand: list) -> int:
        return _nth(hand, int(self.rng.integers(sum(hand))))


class FixedChance:
    """Chance read off lists in order: start-order rolls, 2d6 sums, development cards drawn (type index) and
    stolen cards (resource index, random steals only)."""

    def __init__(self, start=(), rolls=(), dev=(), stolen=()):
        self.start, self.rolls, self.dev, self.stolen_ = list(start), list(rolls), list(dev), list(stolen)

    def start_roll(self, seat: int, dice: int) -> int:
        return self.start.pop(0)

    def roll(self) -> int:
        return self.rolls.pop(0)

    def dev_card(self, deck: list) -> int:
        return self.dev.pop(0)

    def stolen(self, hand: list) -> int:
        return self.stolen_.pop(0)


def from_record(record) -> FixedChance:
    """The engine's record, [(kind, value)] in the order drawn: ("start", roll), ("roll", 2d6 sum), ("dev", type),
    ("steal", resource); each kind is consumed in its own order, which is the order the rules ask for it."""
    lists = {"start": [], "roll": [], "dev": [], "steal": []}
    for kind, value in record:
        lists[kind].append(int(value))
    return FixedChance(lists["start"], lists["roll"], lists["dev"], lists["steal"])


def _nth(counts, i: int) -> int:
    """The kind of the i-th card of a pile given as counts by kind."""
    for k, n in enumerate(counts):
        if i < n:
            return k
        i -= n
    raise ValueError("an empty pile")


# ------------------------------------------------------------------------------------------------
# where things may be built


def own_building(g: Game, seat: int, v: int) -> bool:
    return g.buildings.get(v, (None,))[0] == seat


def others_building(g: Game, seat: int, v: int) -> bool:
    return v in g.buildings and g.buildings[v][0] != seat


def free_by_distance(g: Game, v: int) -> bool:
    """The distance rule: the vertex and its neighbours are empty."""
    return v not in g.buildings and all(w not in g.buildings for w in VERTEX_NEIGHBORS[v])


def touches_own_road(g: Game, seat: int, v: int) -> bool:
    return any(g.roads.get(e) == seat for e in VERTEX_EDGES[v])


def settlement_spots(g: Game, seat: int, setup: bool = False) -> list[int]:
    """Free vertices by the distance rule (every vertex touches land), after setup reached by an own road
    (settlement_needs_road true) - vertex order."""
    needs_road = not setup and g.settings.settlement_needs_road
    return [v for v in range(geo.N_VERTEX)
            if free_by_distance(g, v) and (not needs_road or touches_own_road(g, seat, v))]


def road_continues_from(g: Game, seat: int, v: int) -> bool:
    """A new road may leave v: an own building there, or an own road with no other player's building on v."""
    if own_building(g, seat, v):
        return True
    return not others_building(g, seat, v) and touches_own_road(g, seat, v)


def road_spots(g: Game, seat: int, from_vertex: int | None = None) -> list[int]:
    """Free edges (every edge touches land) connected to the seat's network - edge order; in setup the road must
    leave the settlement just placed (`from_vertex`)."""
    if from_vertex is not None:
        return [e for e in VERTEX_EDGES[from_vertex] if e not in g.roads]
    return sorted(e for e in range(geo.N_EDGE)
                  if e not in g.roads and any(road_continues_from(g, seat, v) for v in EDGES[e]))


def city_spots(g: Game, seat: int) -> list[int]:
    return sorted(v for v, (owner, kind) in g.buildings.items() if owner == seat and kind == "settlement")


def affordable(hand, cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def can_build(g: Game, seat: int, kind: str) -> bool:
    """Pieces in supply, the cost in hand and somewhere to put it (`kind`: road, settlement, city, dev)."""
    p = g.seats[seat]
    if not affordable(p.hand, COST[kind]):
        return False
    if kind == "dev":
        return sum(g.deck) > 0
    if p.pieces[kind] == 0:
        return False
    spots = {"road": road_spots, "settlement": settlement_spots, "city": city_spots}[kind]
    return bool(spots(g, seat))


# ------------------------------------------------------------------------------------------------
# cards


def pay(g: Game, seat: int, cost) -> None:
    p = g.seats[seat]
    assert affordable(p.hand, cost), "he cannot pay"
    for k in range(N_RES):
        p.hand[k] -= cost[k]
        g.bank[k] += cost[k]


def take_from_bank(g: Game, seat: int, k: int, n: int = 1) -> None:
    assert g.bank[k] >= n, "the bank has no more"
    g.bank[k] -= n
    g.seats[seat].hand[k] += n


def produce(g: Game, roll: int) -> list[list[int]]:
    """Every building on a hex showing `roll` (not the robber's) earns 1 card, a city 2.  A resource the bank
    cannot pay in full to everyone owed goes to nobody.  Returns what each seat got."""
    got = [[0] * N_RES for _ in range(g.players)]
    for h in range(geo.N_HEX):
        k = g.board.resource(h)
        if g.board.number[h] != roll or h == g.robber or k < 0:
            continue
        for v in HEX_VERTICES[h]:
            if v in g.buildings:
                owner, kind = g.buildings[v]
                got[owner][k] += 2 if kind == "city" else 1
    for k in range(N_RES):
        if sum(got[s][k] for s in range(g.players)) > g.bank[k]:
            for s in range(g.players):
                got[s][k] = 0
        for s in range(g.players):
            take_from_bank(g, s, k, got[s][k])
    return got


def discard_count(cards: int, rounding: str) -> int:
    """On a 7, a hand of more than 7 resource cards loses half of them, rounded per `discard_rounding`."""
    if cards <= HAND_LIMIT:
        return 0
    return (cards + 1) // 2 if rounding == "up" else cards // 2


def trade_rate(g: Game, seat: int, k: int) -> int:
    """Cards of kind k given for one card: 4 with the bank, 3 at an own generic harbour, 2 at an own harbour of
    k; a harbour got this turn is not usable yet under harbor_delay."""
    rate = 4
    for slot, (v1, v2, kind) in enumerate(g.board.harbors):
        if not (own_building(g, seat, v1) or own_building(g, seat, v2)):
            continue
        if g.settings.harbor_delay and slot in g.seats[seat].new_harbours:
            continue
        if kind == "generic":
            rate = min(rate, 3)
        elif geo.RESOURCES.index(kind) == k:
            rate = 2
    return rate


# ------------------------------------------------------------------------------------------------
# longest road, largest army, points


def longest_road(g: Game, seat: int) -> int:
    """The longest trail of the seat's roads (no edge twice; branches do not add up).  With road_split a trail
    does not pass through a vertex holding another player's building."""
    mine = [e for e, owner in g.roads.items() if owner == seat]
    split = g.settings.road_split

    def walk(v: int, used: set) -> int:
        if split and used and others_building(g, seat, v):
            return 0
        best = 0
        for e in VERTEX_EDGES[v]:
            if g.roads.get(e) == seat and e not in used:
                a, b = EDGES[e]
                used.add(e)
                best = max(best, 1 + walk(b if a == v else a, used))
                used.remove(e)
        return best

    starts = {v for e in mine for v in EDGES[e]}
    return max((walk(v, set()) for v in starts), default=0)


def update_longest_road(g: Game) -> None:
    """The holder keeps the card while his road is >= 5 and no shorter than any other; a strictly longer road
    takes it; a broken holder's card goes to a unique longest road of >= 5, else to nobody."""
    length = [longest_road(g, s) for s in range(g.players)]
    best = max(length)
    leaders = [s for s in range(g.players) if length[s] == best]
    h = g.longest_road
    if h is not None and length[h] >= ROAD_MIN and length[h] == best:
        return
    g.longest_road = leaders[0] if best >= ROAD_MIN and len(leaders) == 1 else None


def update_largest_army(g: Game, seat: int) -> None:
    """At least 3 played knights and more than the holder's."""
    h, k = g.largest_army, g.seats[seat].knights
    if k >= ARMY_MIN and (h is None or k > g.seats[h].knights):
        g.largest_army = seat


def points_public(g: Game, seat: int) -> int:
    p = g.seats[seat]
    built = sum(2 if kind == "city" else 1 for owner, kind in g.buildings.values() if owner == seat)
    return built + 2 * (g.longest_road == seat) + 2 * (g.largest_army == seat) + p.vp_revealed


def points(g: Game, seat: int) -> int:
    """The points that win: the public ones, and under vp_cards hidden every VP card held."""
    hidden = g.seats[seat].dev[VP] if g.settings.vp_cards == "hidden" else 0
    return points_public(g, seat) + hidden


def check_win(g: Game, seat: int, turn_start: bool = False) -> bool:
    """Ten points on his own turn win at once (auto_claim; otherwise only at the start of his turn)."""
    if g.end is None and seat == g.to_move and (turn_start or g.settings.auto_claim) and points(g, seat) >= WIN:
        g.winner, g.end = seat, "won"
    return g.end is not None


# ------------------------------------------------------------------------------------------------
# the robber


def robber_hexes(g: Game) -> list[int]:
    """Where the robber may go: any land hex other than its own (robber_target land_other) or any (land_any)."""
    return [h for h in range(geo.N_HEX) if h != g.robber or g.settings.robber_target == "land_any"]


def victims(g: Game, seat: int) -> list[int]:
    """Other players with a building on the robber's hex and a resource card to lose."""
    owners = {g.buildings[v][0] for v in HEX_VERTICES[g.robber] if v in g.buildings}
    return sorted(s for s in owners if s != seat and sum(g.seats[s].hand))


def move_robber_and_steal(g: Game, seat: int, chance, policy) -> None:
    hexes = robber_hexes(g)
    h = policy.robber(g, seat, hexes)
    assert h in hexes, "the robber may not go there"
    g.robber = h
    who = victims(g, seat)
    if not who:
        g.log.append(("robber", seat, h, None, None))
        return
    victim = policy.victim(g, seat, who)
    assert victim in who, "not a victim"
    hand = g.seats[victim].hand
    k = chance.stolen(hand) if g.settings.steal == "random" else policy.steal(g, seat, victim)
    assert hand[k] > 0, "a card he does not have"
    hand[k] -= 1
    g.seats[seat].hand[k] += 1
    g.log.append(("robber", seat, h, victim, k))


def seven(g: Game, seat: int, chance, policies) -> None:
    """Everyone over 7 resource cards discards (discard_rounding), from the roller on; then robber and steal."""
    for i in range(g.players):
        s = (seat + i) % g.players
        n = discard_count(sum(g.seats[s].hand), g.settings.discard_rounding)
        if n:
            lost = policies[s].discard(g, s, n)
            assert sum(lost) == n, "discard half"
            pay(g, s, lost)
            g.log.append(("discard", s, tuple(lost)))
    move_robber_and_steal(g, seat, chance, policies[seat])


# ------------------------------------------------------------------------------------------------
# building, trading, development cards


def place(g: Game, seat: int, kind: str, where: int) -> None:
    """Put a piece on the board (paid or free); the awards follow."""
    p = g.seats[seat]
    p.pieces[kind] -= 1
    if kind == "road":
        g.roads[where] = seat
    elif kind == "city":
        p.pieces["settlement"] += 1  # the settlement it replaces goes back to his supply
        g.buildings[where] = (seat, kind)
    else:
        g.buildings[where] = (seat, kind)
        p.new_harbours |= {slot for slot, (v1, v2, _) in enumerate(g.board.harbors) if where in (v1, v2)}
    update_longest_road(g)


def build(g: Game, seat: int, kind: str, where: int) -> None:
    p = g.seats[seat]
    assert p.pieces[kind] > 0, f"no {kind} left in his supply"
    spots = {"road": road_spots, "settlement": settlement_spots, "city": city_spots}[kind](g, seat)
    assert where in spots, f"a {kind} may not go there"
    pay(g, seat, COST[kind])
    place(g, seat, kind, where)


def buy_dev_card(g: Game, seat: int, chance) -> int:
    assert sum(g.deck) > 0, "the deck is empty"
    pay(g, seat, COST["dev"])
    card = chance.dev_card(g.deck)
    assert g.deck[card] > 0, "a card the deck does not hold"
    g.deck[card] -= 1
    g.seats[seat].dev[card] += 1
    g.seats[seat].bought[card] += 1
    return card


def playable(g: Game, seat: int, card: int) -> bool:
    """Held since before this turn, within dev_cards_per_turn (VP cards: `can_reveal`)."""
    p = g.seats[seat]
    limit = g.settings.dev_cards_per_turn != "unlimited" and g.dev_played >= 1
    return card != VP and p.dev[card] - p.bought[card] > 0 and not limit


def can_reveal(g: Game, seat: int) -> bool:
    """vp_cards must_reveal: an old VP card any time on his turn, one bought this turn only as his 10th point."""
    p = g.seats[seat]
    if g.settings.vp_cards != "must_reveal" or p.dev[VP] == 0:
        return False
    return p.dev[VP] > p.bought[VP] or points_public(g, seat) + 1 >= WIN


def reveal_vp(g: Game, seat: int) -> None:
    assert can_reveal(g, seat), "no VP card to reveal"
    p = g.seats[seat]
    if p.dev[VP] == p.bought[VP]:
        p.bought[VP] -= 1
    p.dev[VP] -= 1
    p.vp_revealed += 1


def _play(g: Game, seat: int, card: int) -> None:
    assert playable(g, seat, card), f"{DEV_CARDS[card]} not playable now"
    g.seats[seat].dev[card] -= 1
    g.dev_played += 1


def play_knight(g: Game, seat: int, chance, policy) -> None:
    """Move the robber and steal, no discards; the army grows."""
    _play(g, seat, KNIGHT)
    g.seats[seat].knights += 1
    update_largest_army(g, seat)
    move_robber_and_steal(g, seat, chance, policy)


def play_monopoly(g: Game, seat: int, k: int) -> None:
    _play(g, seat, MONOPOLY)
    for s in range(g.players):
        if s != seat:
            g.seats[seat].hand[k] += g.seats[s].hand[k]
            g.seats[s].hand[k] = 0


def play_year_of_plenty(g: Game, seat: int, wanted) -> None:
    """Two cards of his choice from the bank (as many as the bank holds)."""
    _play(g, seat, YEAR_OF_PLENTY)
    for k in wanted:
        if g.bank[k]:
            take_from_bank(g, seat, k)


def play_road_building(g: Game, seat: int, policy) -> None:
    """Up to two free roads (fewer if his supply or the board has no room, or he wants fewer)."""
    _play(g, seat, ROAD_BUILDING)
    for _ in range(2):
        spots = road_spots(g, seat)
        if g.seats[seat].pieces["road"] == 0 or not spots:
            return
        e = policy.road(g, seat, spots)
        if e is None:
            return
        assert e in spots, "a road may not go there"
        place(g, seat, "road", e)


def trade(g: Game, seat: int, give: int, take: int) -> None:
    """trade_rate(give) cards of one kind to the bank for one card of another."""
    rate = trade_rate(g, seat, give)
    assert give != take and g.bank[take] > 0, "a bad trade"
    pay(g, seat, [rate if k == give else 0 for k in range(N_RES)])
    take_from_bank(g, seat, take)


def legal_actions(g: Game, seat: int) -> list[tuple]:
    """Every action `act` accepts now, in a fixed order: builds (road, settlement, city by place), the card buy,
    the cards to play, the VP reveal, the bank and harbour trades (give, take)."""
    p, out = g.seats[seat], []
    for kind, spots in (("road", road_spots), ("settlement", settlement_spots), ("city", city_spots)):
        if p.pieces[kind] and affordable(p.hand, COST[kind]):
            out += [(kind, x) for x in spots(g, seat)]
    if affordable(p.hand, COST["dev"]) and sum(g.deck):
        out.append(("dev",))
    if playable(g, seat, KNIGHT):
        out.append(("knight",))
    if playable(g, seat, MONOPOLY):
        out += [("monopoly", k) for k in range(N_RES)]
    if playable(g, seat, YEAR_OF_PLENTY):
        out += [("year_of_plenty", a, b) for a in range(N_RES) for b in range(a, N_RES)]
    if playable(g, seat, ROAD_BUILDING):
        out.append(("road_building",))
    if can_reveal(g, seat):
        out.append(("vp",))
    for give in range(N_RES):
        if p.hand[give] >= trade_rate(g, seat, give):
            out += [("trade", give, take) for take in range(N_RES) if take != give and g.bank[take]]
    return out


def act(g: Game, seat: int, action: tuple, chance, policy) -> None:
    """One action of the build phase, as a policy names it."""
    name = action[0]
    if name in ("road", "settlement", "city"):
        build(g, seat, name, action[1])
    elif name == "dev":
        buy_dev_card(g, seat, chance)
    elif name == "knight":
        play_knight(g, seat, chance, policy)
    elif name == "monopoly":
        play_monopoly(g, seat, action[1])
    elif name == "year_of_plenty":
        play_year_of_plenty(g, seat, action[1:])
    elif name == "road_building":
        play_road_building(g, seat, policy)
    elif name == "vp":
        reveal_vp(g, seat)
    elif name == "trade":
        trade(g, seat, action[1], action[2])
    else:
        raise ValueError(f"no such action {action!r}")
    g.log.append((name, seat, *action[1:]))


# ------------------------------------------------------------------------------------------------
# setup, turns, the game


def start_order(g: Game, chance) -> list[int]:
    """Everyone rolls start_die, highest first; tied players roll again among themselves (seat order)."""
    dice = 2 if g.settings.start_die == "2d6" else 1

    def rank(seats: list[int]) -> list[int]:
        if len(seats) == 1:
            return seats
        rolls = {}
        for s in seats:
            rolls[s] = chance.start_roll(s, dice)
            g.start_rolls.append((s, rolls[s]))
        out = []
        for value in sorted(set(rolls.values()), reverse=True):
            out += rank([s for s in seats if rolls[s] == value])
        return out

    return rank(list(range(g.players)))


def setup(g: Game, chance, policies) -> None:
    """Snake draft: settlement + a road leaving it, in placement order, then again in reverse; one card per hex
    around the second settlement.  The highest roller begins the main game."""
    g.placement = start_order(g, chance)
    for rnd, order in enumerate((g.placement, g.placement[::-1])):
        for seat in order:
            spots = settlement_spots(g, seat, setup=True)
            v = policies[seat].settlement(g, seat, spots)
            assert v in spots, "a settlement may not go there"
            place(g, seat, "settlement", v)
            roads = road_spots(g, seat, from_vertex=v)
            e = policies[seat].setup_road(g, seat, v, roads)
            assert e in roads, "the setup road must leave the settlement"
            place(g, seat, "road", e)
            if rnd == 1:
                for h in VERTEX_HEXES[v]:
                    if g.board.resource(h) >= 0:
                        take_from_bank(g, seat, g.board.resource(h))
    for p in g.seats:
        p.new_harbours.clear()
    g.to_move = g.placement[0]


def play_turn(g: Game, chance, policies) -> None:
    """Before the roll (VP reveals, a knight), the win check, the roll and production or the 7, then the policy's
    actions until it stops; ten points end the game at once (check_win)."""
    seat, policy = g.to_move, policies[g.to_move]
    g.dev_played = 0
    for action in policy.before_roll(g, seat):
        act(g, seat, action, chance, policy)
    if not check_win(g, seat, turn_start=True):
        roll = chance.roll()
        g.log.append(("roll", seat, roll))
        if roll == 7:
            seven(g, seat, chance, policies)
        else:
            produce(g, roll)
        while not check_win(g, seat):
            action = policy.action(g, seat)
            if action is None:
                break
            act(g, seat, action, chance, policy)
    p = g.seats[seat]
    p.bought = [0] * len(DEV_CARDS)
    p.new_harbours.clear()
    g.turn += 1
    if g.end is None and g.turn >= g.settings.turn_cap * g.players:
        g.end = "capped"
    if g.end is None:
        g.to_move = (seat + 1) % g.players


def _seat_or_none(seat):
    return -1 if seat is None else seat


def snapshot(g: Game) -> dict:
    """What the engine is compared on after every turn (the format of the coordination notes: tuples, ints)."""
    seats = range(g.players)
    return {
        "turn": g.turn, "robber": g.robber,
        "hands": tuple(tuple(p.hand) for p in g.seats), "bank": tuple(g.bank), "deck": tuple(g.deck),
        "buildings": tuple(sorted((v, owner, kind) for v, (owner, kind) in g.buildings.items())),
        "roads": tuple(sorted(g.roads.items())),
        "dev_hand": tuple(tuple(p.dev) for p in g.seats), "knights": tuple(p.knights for p in g.seats),
        "vp_revealed": tuple(p.vp_revealed for p in g.seats),
        "longest_road": _seat_or_none(g.longest_road), "largest_army": _seat_or_none(g.largest_army),
        "points": tuple(points(g, s) for s in seats),
        "winner": _seat_or_none(g.winner), "end": g.end or "running",
    }


def play_game(g: Game, chance, policies, max_turns: int | None = None) -> Game:
    """The setup and the turns until the game ends (or `max_turns` turns), a snapshot after each."""
    setup(g, chance, policies)
    g.snapshots.append(snapshot(g))
    while g.end is None and (max_turns is None or g.turn < max_turns):
        play_turn(g, chance, policies)
        g.snapshots.append(snapshot(g))
    return g
