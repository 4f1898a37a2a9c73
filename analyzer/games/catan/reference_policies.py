"""The engine's players written plainly on the readable rules (reference.py), every tie-break named, so that
`play` replays one engine game from its chance record and must reach the same states turn by turn.

greedy (the spec's, no trades): the snake draft on pips with a diversity bonus; after the roll one development
card step (knight, road building, year of plenty, monopoly: the first that applies); then builds by PRIORITY,
the first that is placeable and affordable, until none is.  trader: greedy, and when nothing is affordable one
bank / harbour trade that completes the first build missing exactly one card, then that build.
"""
from __future__ import annotations

from collections import deque

from analyzer.games.catan import board as geo
from analyzer.games.catan import reference as ref

PREF = (ref.GRAIN, ref.ORE, ref.SHEEP, ref.BRICK, ref.WOOD)  # the resource tie order, for dropping and choosing
PRIORITY = ("city", "settlement", "dev", "road")
NO_COST = (0,) * ref.N_RES


def pref_key(k: int) -> int:
    """Larger for a resource earlier in PREF (use as the last part of a max key)."""
    return -PREF.index(k)


def vertex_pips(g: ref.Game, v: int) -> int:
    return sum(geo.pips(g.board.number[h]) for h in ref.VERTEX_HEXES[v])


def kinds(g: ref.Game, v: int) -> set:
    return {g.board.resource(h) for h in ref.VERTEX_HEXES[v]} - {-1}


def score(g: ref.Game, v: int, seat: int) -> int:
    """Pips, plus 2 per resource of v the seat's buildings do not touch yet."""
    have = set().union(*(kinds(g, w) for w, (owner, _) in g.buildings.items() if owner == seat))
    return vertex_pips(g, v) + 2 * len(kinds(g, v) - have)


def edge(a: int, b: int) -> int:
    return geo.EDGE_ID[(min(a, b), max(a, b))]


def road_toward_target(g: ref.Game, seat: int) -> int | None:
    """The first edge on the way to the best free spot: a breadth-first search over unbuilt edges from the
    seat's network (its buildings, its road ends without another's building), not through buildings; the
    target maximises score - 2 * distance, ties nearer, then lower vertex."""
    start = sorted({v for v, (owner, _) in g.buildings.items() if owner == seat} |
                   {v for e, owner in g.roads.items() if owner == seat for v in ref.EDGES[e]
                    if not ref.others_building(g, seat, v)})
    dist, parent, queue = {v: 0 for v in start}, {}, deque(start)
    while queue:
        x = queue.popleft()
        for y in sorted(ref.VERTEX_NEIGHBORS[x]):
            if edge(x, y) not in g.roads and y not in dist:
                dist[y], parent[y] = dist[x] + 1, x
                if y not in g.buildings:
                    queue.append(y)
    targets = [u for u in dist if dist[u] >= 1 and ref.free_by_distance(g, u)]
    if not targets:
        return None
    w = max(targets, key=lambda u: (score(g, u, seat) - 2 * dist[u], -dist[u], -u))
    while dist[w] > 1:
        w = parent[w]
    return edge(parent[w], w)


def placeable(g: ref.Game, seat: int, kind: str) -> bool:
    """Could be built now if paid for (a road only when no settlement spot is open and a target exists)."""
    p = g.seats[seat]
    if kind == "city":
        return p.pieces["city"] > 0 and bool(ref.city_spots(g, seat))
    if kind == "settlement":
        return p.pieces["settlement"] > 0 and bool(ref.settlement_spots(g, seat))
    if kind == "dev":
        return sum(g.deck) > 0
    return (p.pieces["road"] > 0 and p.pieces["settlement"] > 0 and not ref.settlement_spots(g, seat)
            and road_toward_target(g, seat) is not None)


def target_cost(g: ref.Game, seat: int) -> tuple:
    """The cost of the first placeable build in PRIORITY (nothing: zeros)."""
    return next((ref.COST[kind] for kind in PRIORITY if placeable(g, seat, kind)), NO_COST)


def missing(hand, cost) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost)]


def build_action(g: ref.Game, seat: int, kind: str) -> tuple:
    """Where it goes: a city on the settlement with most pips, a settlement on the best-scoring spot (ties lower
    vertex), a road toward the target."""
    if kind == "city":
        return "city", max(ref.city_spots(g, seat), key=lambda v: (vertex_pips(g, v), -v))
    if kind == "settlement":
        return "settlement", max(ref.settlement_spots(g, seat), key=lambda v: (score(g, v, seat), -v))
    if kind == "road":
        return "road", road_toward_target(g, seat)
    return ("dev",)


class Greedy:
    def __init__(self):
        self.dev_step, self.pending, self.vp_before = True, None, None

    # --- the snake draft
    def settlement(self, g, seat, spots):
        return max(spots, key=lambda v: (score(g, v, seat), -v))

    def setup_road(self, g, seat, v, spots):
        """Toward the best open spot two steps away: max pips of a legal u beyond w (-1 if none), ties lower w."""
        def value(e):
            w = sum(ref.EDGES[e]) - v
            return max((vertex_pips(g, u) for u in ref.VERTEX_NEIGHBORS[w] if u != v and ref.free_by_distance(g, u)),
                       default=-1), -w
        return max(spots, key=value)

    # --- the turn
    def before_roll(self, g, seat):
        """must_reveal: every VP card bought in an earlier turn is revealed."""
        self.dev_step, self.pending, self.vp_before = True, None, None
        return [("vp",)] * g.seats[seat].dev[ref.VP] if g.settings.vp_cards == "must_reveal" else []

    def action(self, g, seat):
        p = g.seats[seat]
        if self.vp_before is not None:  # the card just bought: a VP card that is his 10th point is shown at once
            fresh, self.vp_before = p.bought[ref.VP] > self.vp_before, None
            if fresh and ref.can_reveal(g, seat):
                return ("vp",)
        action = self.next_action(g, seat)
        if action == ("dev",):
            self.vp_before = p.bought[ref.VP]
        return action

    def next_action(self, g, seat):
        """The build the trade was made for; the development card step; the first placeable, affordable build."""
        if self.pending:
            kind, self.pending = self.pending, None
            return build_action(g, seat, kind)
        if self.dev_step:
            play = self.card_to_play(g, seat)
            if play is not None:
                return play
            self.dev_step = False
        hand = g.seats[seat].hand
        kind = next((k for k in PRIORITY if placeable(g, seat, k) and ref.affordable(hand, ref.COST[k])), None)
        if kind is not None:
            return build_action(g, seat, kind)
        return self.trade(g, seat)

    def trade(self, g, seat):
        return None

    def card_to_play(self, g, seat):
        """The first development card (bought in an earlier turn) whose moment has come."""
        p = g.seats[seat]
        if ref.playable(g, seat, ref.KNIGHT):
            robbed = g.board.number[g.robber] > 0 and any(ref.own_building(g, seat, v)
                                                          for v in ref.HEX_VERTICES[g.robber])
            holder = g.largest_army
            army = p.knights + 1 >= ref.ARMY_MIN and holder != seat and (
                holder is None or p.knights + 1 > g.seats[holder].knights)
            if robbed or army:
                return ("knight",)
        if ref.playable(g, seat, ref.ROAD_BUILDING) and placeable(g, seat, "road"):
            return ("road_building",)
        if ref.playable(g, seat, ref.YEAR_OF_PLENTY):
            wanted = self.plenty(g, seat)
            if wanted:
                return ("year_of_plenty", *wanted)
        if ref.playable(g, seat, ref.MONOPOLY):
            others = [sum(g.seats[s].hand[k] for s in range(g.players) if s != seat) for k in range(ref.N_RES)]
            k = max(range(ref.N_RES), key=lambda k: (others[k], pref_key(k)))
            if others[k] >= 3:
                return ("monopoly", k)
        return None

    def plenty(self, g, seat):
        """The missing cards of the first placeable build short of 1 or 2 that the bank holds; a second card, if
        one was missing, the bank's resource he holds fewest of (after the first), ties PREF."""
        hand = g.seats[seat].hand
        for kind in PRIORITY:
            short = missing(hand, ref.COST[kind])
            if placeable(g, seat, kind) and 1 <= sum(short) <= 2 and all(g.bank[k] >= n for k, n in enumerate(short)):
                wanted = [k for k in range(ref.N_RES) for _ in range(short[k])]
                if len(wanted) == 1:
                    bank, mine = list(g.bank), list(hand)
                    bank[wanted[0]] -= 1
                    mine[wanted[0]] += 1
                    wanted += [max((k for k in range(ref.N_RES) if bank[k]), key=lambda k: (-mine[k], pref_key(k)))
                               ] if any(bank) else []
                return wanted
        return None

    # --- the 7 and the robber
    def discard(self, g, seat, n):
        cost, left, out = target_cost(g, seat), list(g.seats[seat].hand), [0] * ref.N_RES
        for _ in range(n):
            k = max((k for k in range(ref.N_RES) if left[k]), key=lambda k: (left[k] - cost[k], pref_key(k)))
            left[k] -= 1
            out[k] += 1
        return out

    def robber(self, g, seat, hexes):
        """The hex denying the others most pips (a city twice), not touching his own buildings where possible."""
        mine = [h for h in hexes if not any(ref.own_building(g, seat, v) for v in ref.HEX_VERTICES[h])]

        def denied(h):
            others = [g.buildings[v] for v in ref.HEX_VERTICES[h] if ref.others_building(g, seat, v)]
            return sum(geo.pips(g.board.number[h]) * (2 if kind == "city" else 1) for _, kind in others)
        return max(mine or hexes, key=lambda h: (denied(h), -h))

    def victim(self, g, seat, who):
        return max(who, key=lambda q: (sum(g.seats[q].hand), -((q - seat) % g.players)))

    def steal(self, g, seat, victim):
        cost, mine, theirs = target_cost(g, seat), g.seats[seat].hand, g.seats[victim].hand
        return max((k for k in range(ref.N_RES) if theirs[k]),
                   key=lambda k: (max(0, cost[k] - mine[k]), theirs[k], pref_key(k)))

    def road(self, g, seat, spots):
        return road_toward_target(g, seat)


class Trader(Greedy):
    def trade(self, g, seat):
        """The first placeable build missing exactly one card m the bank holds, for which some other resource r
        can be spared at its rate: trade (lowest rate, ties most to spare, then PREF), then build it."""
        hand = g.seats[seat].hand
        for kind in PRIORITY:
            cost = ref.COST[kind]
            short = missing(hand, cost)
            if not placeable(g, seat, kind) or sum(short) != 1:
                continue
            m = short.index(1)
            rate = {r: ref.trade_rate(g, seat, r) for r in range(ref.N_RES)}
            gives = [r for r in range(ref.N_RES) if r != m and hand[r] - cost[r] >= rate[r]]
            if g.bank[m] and gives:
                r = max(gives, key=lambda r: (-rate[r], hand[r] - cost[r], pref_key(r)))
                self.pending = kind
                return "trade", r, m
        return None


POLICIES = {"greedy": Greedy, "trader": Trader}


def make(name: str):
    return POLICIES[name]()


def play(board: geo.Board, settings, players: int, policies, record, max_turns: int | None = None) -> list[dict]:
    """One engine game replayed from its chance record (reference.from_record) with the policies named per seat:
    the snapshots after the setup and after every turn."""
    g = ref.new_game(board, settings, players)
    return ref.play_game(g, ref.from_record(record), [make(name) for name in policies], max_turns).snapshots
