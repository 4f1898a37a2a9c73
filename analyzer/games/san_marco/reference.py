"""The readable rules of San Marco on immutable positions: slow, exact, obviously correct.

Everything here works on `state.Position` (frozen) and returns new positions.  The fast engine
(`game.py`) is held equal to these functions.  Readings the spec leaves open follow the named
settings (`rules.Settings`); where even they are silent the choice is written down here:

- Scoring a district (§7): players with >= 1 aristocrat rank; a single leader gets high, the next
  count gets low (a tie for it: `second_place_tie`); a tie for most gives every tied player low and
  nobody else anything.
- `S_p = sum_d w_d pts_d(p)` (§9) is `static_value`; an option's `ΔS` is the change of the player's
  **standing**, prestige + S_p, so that points scored now (Doge, tolls) count beside the majorities.
- Banishment (§5): opponents' pieces first; the banisher chooses which by `banish_removal`: the most
  points for him in that district, then the fewest for the prestige leader among his opponents
  (highest score, lowest seat on ties), then the lexicographically largest removal in seat order.
- The Doge (§5): for each district, one cheapest walk: fewest prestige, then fewest crossings, then
  the smallest sequence of district indices; a crossing is free over an own bridge, 1 to the owner
  (the lowest seat among the opponents with a bridge there), or `canal_cost` to the bank over a pair
  with no bridge where `canal_crossing` allows.  `score_floor: 0`: a walk dearer than his prestige is
  illegal.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.rules import Settings
from analyzer.games.san_marco.state import Position

# ------------------------------------------------------------------------------------------------
# scoring


def district_points(board, settings: Settings, d: int, counts) -> tuple[int, ...]:
    """What each seat gets if district d is scored with these aristocrat counts (§7, §12.6)."""
    return _district_points(board.high[d], board.low[d], settings.second_place_tie, tuple(counts))


@lru_cache(maxsize=1 << 16)
def _district_points(high: int, low: int, second_place_tie: str, counts: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * len(counts)
    top = max(counts)
    if top == 0:
        return tuple(out)
    leaders = [s for s, c in enumerate(counts) if c == top]
    if len(leaders) > 1:  # tied for most: every tied player gets low, nobody gets second
        for s in leaders:
            out[s] = low
        return tuple(out)
    out[leaders[0]] = high
    rest = [c for c in counts if 0 < c < top]
    if rest:
        second = [s for s, c in enumerate(counts) if c == max(rest)]
        if len(second) == 1 or second_place_tie == "all_low":
            for s in second:
                out[s] = low
    return tuple(out)


def points(p: Position, d: int) -> tuple[int, ...]:
    return district_points(p.board, p.settings, d, p.aristocrats[d])


@lru_cache(maxsize=64)
def _exact_weights(given: tuple[float, ...]) -> tuple:
    out = tuple(Fraction(str(w)) for w in given)
    return tuple(int(w) if w.denominator == 1 else w for w in out)


def weights(p: Position) -> tuple:
    """The district weights w_d as exact numbers (ints where whole)."""
    return _exact_weights(tuple(p.models.weights))


def static_value(p: Position, seat: int, w=None) -> Fraction:
    """S_p: what the seat would get if every district were scored now, weighted (§9)."""
    w = weights(p) if w is None else w
    return _static_value(p.aristocrats, p.board.high, p.board.low, p.settings.second_place_tie, w, seat)


@lru_cache(maxsize=1 << 18)
def _static_value(aristocrats, high, low, second_place_tie, w, seat):
    return sum(w[d] * _district_points(high[d], low[d], second_place_tie, aristocrats[d])[seat] for d in range(6))


def standing(p: Position, seat: int, w=None) -> Fraction:
    """Prestige + S_p: the quantity whose change is an option's ΔS."""
    return p.scores[seat] + static_value(p, seat, w)


def score_district(p: Position, d: int) -> Position:
    pts = points(p, d)
    return replace(p, scores=tuple(s + x for s, x in zip(p.scores, pts)))


# ------------------------------------------------------------------------------------------------
# small immutable edits


def replace(p, **changes):
    """`dataclasses.replace` for a frozen Position without re-running __init__ (the search calls it a lot)."""
    q = object.__new__(type(p))
    q.__dict__.update(p.__dict__)
    q.__dict__.update(changes)
    return q


def _moved(p: Position, seat: int, frm: int | None, to: int | None) -> Position:
    """One aristocrat of `seat` from district `frm` (None: his supply) to district `to` (None: supply)."""
    rows, supply = list(p.aristocrats), p.supply
    for where, step in ((frm, -1), (to, +1)):
        if where is None:
            supply = _bumped(supply, seat, step)
        else:
            rows[where] = _bumped(rows[where], seat, step)
    return replace(p, aristocrats=tuple(rows), supply=supply)


def _bumped(values: tuple[int, ...], i: int, step: int) -> tuple[int, ...]:
    assert values[i] + step >= 0, "no piece there"
    return values[:i] + (values[i] + step,) + values[i + 1:]


def _without_bridge(p: Position, bridge) -> Position:
    bridges = list(p.bridges)
    bridges.remove(bridge)
    return replace(p, bridges=tuple(bridges))


def _with_bridge(p: Position, pair, owner: int) -> Position:
    return replace(p, bridges=tuple(sorted(p.bridges + ((pair, owner),))))


def _pay(p: Position, seat: int, amount: int, to: int | None) -> Position:
    scores = list(p.scores)
    scores[seat] -= amount
    if to is not None:
        scores[to] += amount
    return replace(p, scores=tuple(scores))


# ------------------------------------------------------------------------------------------------
# actions


@dataclass(frozen=True)
class Action:
    """One way to use an action card.  kind: skip | place | move | bridge | takeover | move_bridge |
    transfer | banish | doge."""
    kind: str
    card: int | None = None
    district: int | None = None  # where the piece ends; the district named (banish); where the Doge ends
    source: int | None = None  # an own piece from this district instead of the supply (empty supply)
    hop: tuple[int, int] | None = None  # district card: the own bridge crossed from the card's district
    pair: tuple[int, int] | None = None  # bridge: its pair; move_bridge: the new pair
    bridge: tuple | None = None  # takeover / move_bridge: the bridge ((a, b), owner)
    victim: int | None = None  # transfer: whose piece goes home
    walk: tuple[int, ...] = ()  # doge: the districts entered, in order

    def describe(self, p: Position) -> str:
        D = r.DISTRICTS
        src = f" (moving his piece from {D[self.source]})" if self.source is not None else ""
        if self.kind == "skip":
            return f"leave {r.CARD_NAMES[self.card]} unused"
        if self.kind in ("place", "move"):
            via = f" over his bridge to {D[self.district]}" if self.hop else ""
            return f"{r.CARD_NAMES[self.card]}: 1 into {D[self.card]}{via}{src}"
        if self.kind == "bridge":
            return f"bridge {D[self.pair[0]]}-{D[self.pair[1]]}{src}"
        if self.kind == "takeover":
            (a, b), owner = self.bridge
            return f"take over {p.name(owner)}'s bridge {D[a]}-{D[b]}{src}"
        if self.kind == "move_bridge":
            (a, b), owner = self.bridge
            return f"move {p.name(owner)}'s bridge {D[a]}-{D[b]} to {D[self.pair[0]]}-{D[self.pair[1]]}{src}"
        if self.kind == "transfer":
            return f"transfer in {D[self.district]}: {p.name(self.victim)} out, his own in{src}"
        if self.kind == "banish":
            return f"banish in {D[self.district]}"
        path = " > ".join(D[d] for d in self.walk)
        return f"Doge to {D[self.district]}" + (f" via {path}" if self.walk else "")


def _piece_sources(p: Position, seat: int, card_kind: str, target: int | None) -> list:
    """Where the aristocrat a card puts on the board comes from: his supply, or with an empty supply
    (`empty_supply_move`) one of his pieces in another district."""
    if p.supply[seat] > 0:
        return [None]
    allowed = {"placing": ("district", "transfer", "bridge"), "district_only": ("district",)}
    if card_kind not in allowed[p.settings.empty_supply_move]:
        return []
    return [x for x in range(6) if x != target and p.aristocrats[x][seat] > 0]


def options(p: Position, seat: int, card: int, settings: Settings | None = None) -> list[Action]:
    """Every legal way for `seat` to use action card `card` now (distinct effects), skip included where allowed."""
    p = p if settings is None else replace(p, settings=settings)
    kind = r.card_kind(card)
    found = {"district": _district_options, "bridge": _bridge_options, "transfer": _transfer_options,
             "banish": _banish_options, "doge": _doge_options}[kind](p, seat, card)
    if p.settings.may_skip_action or not found:
        found.append(Action("skip", card))
    return found


def _district_options(p: Position, seat: int, card: int) -> list[Action]:
    out = []
    own_pairs = sorted({pair for pair, owner in p.bridges if owner == seat and card in pair})
    may_hop = p.settings.district_card_hops == 1 or seat not in p.hopped
    for src in _piece_sources(p, seat, "district", card):
        kind = "place" if src is None else "move"
        out.append(Action(kind, card, card, src))
        for pair in own_pairs if may_hop else ():
            other = pair[1] if pair[0] == card else pair[0]
            if other != src:
                out.append(Action(kind, card, other, src, hop=pair))
    return out


def _bridge_options(p: Position, seat: int, card: int) -> list[Action]:
    markers = _piece_sources(p, seat, "bridge", None)
    free = [pair for pair in p.board.pairs if p.bridges_on(pair) < r.MAX_BRIDGES_PER_PAIR]
    if p.bridge_pool > 0:
        return [Action("bridge", card, source=src, pair=pair) for pair in free for src in markers]
    out = []
    for bridge in sorted(set(p.bridges)):
        pair, owner = bridge
        if owner != seat:
            out += [Action("takeover", card, source=src, bridge=bridge) for src in markers]
        needs_marker = p.settings.moved_bridge_owner == "mover" and owner != seat
        for new in free:
            if new != pair:
                out += [Action("move_bridge", card, source=src, bridge=bridge, pair=new)
                        for src in (markers if needs_marker else [None])]
    return out


def _transfer_options(p: Position, seat: int, card: int) -> list[Action]:
    out = []
    for d in range(6):
        for victim in range(p.players):
            if victim != seat and p.aristocrats[d][victim] > 0:
                out += [Action("transfer", card, d, src, victim=victim)
                        for src in _piece_sources(p, seat, "transfer", d)]
    return out


def _banish_options(p: Position, seat: int, card: int) -> list[Action]:
    return [Action("banish", card, d) for d in range(6)]


def _doge_options(p: Position, seat: int, card: int) -> list[Action]:
    if p.doge is None:
        return [Action("doge", card, d) for d in range(6)]
    return [Action("doge", card, d, walk=walk) for d, (cost, walk, _) in sorted(doge_walks(p, seat).items())]


def apply(p: Position, seat: int, action: Action, settings: Settings | None = None, die: int | None = None) -> Position:
    """The position after `seat` uses `action`; a banishment needs the die face (1..6)."""
    p = p if settings is None else replace(p, settings=settings)
    k = action.kind
    if k == "skip":
        return p
    if k in ("place", "move"):
        out = _moved(p, seat, action.source, action.district)
        if action.hop is not None and p.settings.district_card_hops == "per_round":
            out = replace(out, hopped=p.hopped | {seat})
        return out
    if k == "bridge":
        out = _with_bridge(_take_marker(p, seat, action.source), action.pair, seat)
        return replace(out, bridge_pool=p.bridge_pool - 1)
    if k == "takeover":
        pair, owner = action.bridge
        return _swap_marker(_without_bridge(p, action.bridge), seat, owner, pair, action.source)
    if k == "move_bridge":
        pair, owner = action.bridge
        out = _without_bridge(p, action.bridge)
        if p.settings.moved_bridge_owner == "mover" and owner != seat:
            return _swap_marker(out, seat, owner, action.pair, action.source)
        return _with_bridge(out, action.pair, owner)
    if k == "transfer":
        out = _moved(p, action.victim, action.district, None)
        return _moved(out, seat, action.source, action.district)
    if k == "banish":
        if die is None:
            raise ValueError("a banishment needs the die face")
        return banish(p, seat, action.district, die)
    if k == "doge":
        return doge(p, seat, action.district, action.walk)
    raise ValueError(f"unknown action {k}")


def _take_marker(p: Position, seat: int, source: int | None) -> Position:
    """One of `seat`'s aristocrats leaves his supply (or district `source`) to mark a bridge."""
    out = _moved(p, seat, source, None)  # to his supply ...
    return replace(out, supply=tuple(n - (s == seat) for s, n in enumerate(out.supply)))  # ... and onto the bridge


def _swap_marker(p: Position, seat: int, owner: int, pair, source) -> Position:
    """The bridge on `pair` becomes `seat`'s: the old owner's marker goes home, his own comes from supply or `source`."""
    home = replace(p, supply=tuple(n + (s == owner) for s, n in enumerate(p.supply)))
    return _with_bridge(_take_marker(home, seat, source), pair, seat)


# ------------------------------------------------------------------------------------------------
# banishment


def banish_removal(p: Position, seat: int, d: int, face: int) -> tuple[int, ...]:
    """How many of each seat's aristocrats leave district d on this face (§5; choice: see the module doc)."""
    counts = p.aristocrats[d]
    others = [o for o in range(p.players) if o != seat]
    theirs = min(face, sum(counts[o] for o in others))
    mine = min(face - theirs, counts[seat])
    leader = max(others, key=lambda o: (p.scores[o], -o))
    best_key, best = None, None
    for removal in product(*[range(counts[o] + 1) if o != seat else (mine,) for o in range(p.players)]):
        if sum(removal) - mine != theirs:
            continue
        after = [c - x for c, x in zip(counts, removal)]
        pts = district_points(p.board, p.settings, d, after)
        key = (pts[seat], -pts[leader], removal)
        if best_key is None or key > best_key:
            best_key, best = key, removal
    return best


def banish(p: Position, seat: int, d: int, face: int) -> Position:
    removal = banish_removal(p, seat, d, face)
    rows = [list(row) for row in p.aristocrats]
    rows[d] = [c - x for c, x in zip(rows[d], removal)]
    supply = tuple(s + x for s, x in zip(p.supply, removal))
    return replace(p, aristocrats=tuple(map(tuple, rows)), supply=supply)


def banish_outcomes(p: Position, seat: int, d: int) -> list[Position]:
    """The six equally likely positions after naming district d (faces 1..6)."""
    return [banish(p, seat, d, face) for face in range(1, 7)]


# ------------------------------------------------------------------------------------------------
# the Doge


def crossing(p: Position, seat: int, a: int, b: int):
    """(cost, payee) of the Doge crossing from a to b for `seat`, or None where he may not cross.
    payee None: free (own bridge) or the bank (canal)."""
    return _crossing(p.board, p.settings, p.bridges, seat, a, b)


def _crossing(board, settings: Settings, bridges, seat: int, a: int, b: int):
    pair = (min(a, b), max(a, b))
    if not board.adjacent(a, b):
        return None
    owners = sorted(owner for q, owner in bridges if q == pair)
    if owners:
        if seat in owners:
            return (0, None)
        return (1, owners[0])
    mode = settings.canal_crossing
    isolated = not any(a in q for q, _ in bridges)
    if mode == "always" or (mode == "isolated_only" and isolated):
        return (settings.canal_cost, None)
    return None


def walk_cost(p: Position, seat: int, start: int, walk) -> tuple[int, list]:
    """Total cost and the payments [(payee or None, amount)] of a walk."""
    return _walk_cost(p.board, p.settings, p.bridges, seat, start, walk)


def _walk_cost(board, settings, bridges, seat, start, walk):
    total, paid, here = 0, [], start
    for nxt in walk:
        cost, payee = _crossing(board, settings, bridges, seat, here, nxt)
        total += cost
        if cost:
            paid.append((payee, cost))
        here = nxt
    return total, paid


def doge_walks(p: Position, seat: int) -> dict[int, tuple[int, tuple[int, ...], list]]:
    """For every district the Doge can reach and `seat` can pay for: (cost, walk, payments) of its
    cheapest walk (ties: fewest crossings, then the smallest district sequence); staying costs 0."""
    walks = _cheapest_walks(p.board, p.settings, p.bridges, p.doge, seat)
    limit = p.scores[seat] if p.settings.score_floor == 0 else None
    return {d: w for d, w in walks.items() if limit is None or w[0] <= limit}


@lru_cache(maxsize=1 << 14)
def _cheapest_walks(board, settings, bridges, start: int, seat: int) -> dict:
    best: dict[int, tuple] = {}
    stack = [(start, ())]
    while stack:  # every simple walk; 6 districts
        here, walk = stack.pop()
        cost, paid = _walk_cost(board, settings, bridges, seat, start, walk)
        key = (cost, len(walk), walk)
        if here not in best or key < best[here][0]:
            best[here] = (key, paid)
        for nxt in range(6):
            if nxt != start and nxt not in walk and _crossing(board, settings, bridges, seat, here, nxt) is not None:
                stack.append((nxt, walk + (nxt,)))
    return {d: (key[0], key[2], paid) for d, (key, paid) in sorted(best.items())}


def doge(p: Position, seat: int, d: int, walk=()) -> Position:
    """The Doge walks (`walk`: districts entered; empty: he stays or is placed) to d, tolls paid, d scored."""
    out = p
    if p.doge is not None:
        assert (walk[-1] if walk else p.doge) == d, "the walk must end where the Doge goes"
        cost, paid = walk_cost(p, seat, p.doge, walk)
        for payee, amount in paid:
            out = _pay(out, seat, amount, payee)
    return score_district(replace(out, doge=d), d)


# ------------------------------------------------------------------------------------------------
# passage end, final scoring, the winner


def catch_up_bonus(p: Position) -> tuple[int, ...]:
    """Each player's bonus at this passage's end: highest limit total - own, for the eligible (§6)."""
    totals = [p.limit_total(s) for s in range(p.players)]
    top = max(totals)

    def eligible(s):
        if totals[s] < r.LIMIT_STOP:
            return True
        return p.settings.catchup_eligibility == "not_eliminated" and p.final_round and p.role_of(s) is not None

    return tuple(top - totals[s] if eligible(s) else 0 for s in range(p.players))


def passage_banisher(p: Position) -> int | None:
    """The player with strictly the fewest limit points this passage, or None on a tie."""
    totals = [p.limit_total(s) for s in range(p.players)]
    low = min(totals)
    return totals.index(low) if totals.count(low) == 1 else None


def end_passage(p: Position, banish_district: int | None = None, die: int | None = None) -> Position:
    """Catch-up bonus, then the fewest-limit player's banishment (if he names a district), then the
    cards are gathered: limit cards and discards cleared, the next passage (or the game's end) begins."""
    bonus = catch_up_bonus(p)
    out = replace(p, scores=tuple(s + b for s, b in zip(p.scores, bonus)))
    banisher = passage_banisher(p)
    if banish_district is not None:
        assert banisher is not None, "nobody may banish on a tie for fewest"
        out = banish(out, banisher, banish_district, die)
    elif banisher is not None and p.settings.passage_banish == "mandatory":
        raise ValueError("passage_banish mandatory: the banisher must name a district")
    return replace(out, limit_cards=((),) * p.players, action_discards=(0,) * 10, out_of_passage=frozenset(),
                   final_round=False, hopped=frozenset(), decision=None)


def final_scoring(p: Position) -> Position:
    """After passage 3: every district is scored once (§7)."""
    for d in range(6):
        p = score_district(p, d)
    return p


def winners(p: Position) -> tuple[int, ...]:
    """Most prestige; tie: most aristocrats in San Marco; still tied: all of them share."""
    key = [(p.scores[s], p.aristocrats[r.SAN_MARCO][s]) for s in range(p.players)]
    top = max(key)
    return tuple(s for s in range(p.players) if key[s] == top)


def win_credit(p: Position) -> tuple[Fraction, ...]:
    won = winners(p)
    return tuple(Fraction(1, len(won)) if s in won else Fraction(0) for s in range(p.players))


# ------------------------------------------------------------------------------------------------
# set-up and the flow of rounds and passages


def setup_rolls(settings: Settings) -> dict[tuple[int, ...], Fraction]:
    """A player's four set-up rolls (sorted faces) -> probability, exact (§3, §8.1): four equal faces are,
    under `setup_quad_reroll: always`, turned into three of them and a uniformly random other face."""
    out: dict[tuple[int, ...], Fraction] = {}
    for rolls in product(range(1, 7), repeat=r.SETUP_ROLLS):
        weight = Fraction(1, 6 ** r.SETUP_ROLLS)
        if len(set(rolls)) == 1 and settings.setup_quad_reroll == "always":
            for other in range(1, 7):
                if other != rolls[0]:
                    key = tuple(sorted(rolls[:3] + (other,)))
                    out[key] = out.get(key, 0) + weight / 5
            continue
        key = tuple(sorted(rolls))
        out[key] = out.get(key, 0) + weight
    return out


def face_count_distribution(settings: Settings, face: int) -> tuple[Fraction, ...]:
    """P(k of a player's set-up rolls show `face`), k = 0..4 (§12.4)."""
    dist = [Fraction(0)] * (r.SETUP_ROLLS + 1)
    for rolls, prob in setup_rolls(settings).items():
        dist[rolls.count(face)] += prob
    return tuple(dist)


def setup_position(players: int, rolls, bridges, board=None, settings: Settings | None = None,
                   seats=None) -> Position:
    """The position after set-up: `rolls[seat]` his four faces (2 aristocrats each), `bridges[seat]` the pairs
    he marks (settings.bridges_at_setup), placed seat 0 first; the Doge off the board or at `doge_start`."""
    settings = settings or Settings()
    board = board or r.Board()
    seats = tuple(seats or r.COLOURS[:players])
    rows = [[0] * players for _ in range(6)]
    for seat, faces in enumerate(rolls):
        assert len(faces) == r.SETUP_ROLLS
        for face in faces:
            rows[board.district_of_face(face)][seat] += r.SETUP_PIECES_PER_ROLL
    p = Position(players, seats, board, settings, scores=(0,) * players,
                 supply=tuple(r.ARISTOCRATS - r.SETUP_ROLLS * r.SETUP_PIECES_PER_ROLL for _ in range(players)),
                 aristocrats=tuple(map(tuple, rows)), limit_cards=((),) * players,
                 doge=None if settings.doge_start == "off_board" else r.DISTRICTS.index(settings.doge_start))
    for seat in range(players):
        pairs = bridges[seat]
        assert len(pairs) == settings.bridges_at_setup(players)
        for pair in pairs:
            pair = (min(pair), max(pair))
            assert p.board.adjacent(*pair) and p.bridges_on(pair) < r.MAX_BRIDGES_PER_PAIR
            p = replace(_with_bridge(_take_marker(p, seat, None), pair, seat), bridge_pool=p.bridge_pool - 1)
    return p


def next_round_start(players: int, round_start: int) -> int:
    """4 players (and 3 with `next_distributor_3p: clockwise`): the player left of the round start."""
    return (round_start + 1) % players


def next_roles_3p(settings: Settings, roles: dict) -> dict | None:
    """3 players, `second_receiver` (the seed): R2 distributes, the player above him in the table (R1)
    stays R1, the old D becomes R2.  `clockwise`: None (D is left of the old D, the receivers by lot)."""
    if settings.next_distributor_3p == "clockwise":
        return None
    return {"D": roles["R2"], "R1": roles["R1"], "R2": roles["D"]}


def passage_start(settings: Settings, players: int, game_start: int, previous_start: int, last_round_start: int) -> int:
    """Who starts passages 2 and 3 (§6, `passage_start`)."""
    before = {"left_of_previous": previous_start, "left_of_game_start": game_start,
              "continue_rotation": last_round_start}[settings.passage_start]
    return (before + 1) % players


def round_end(p: Position) -> str:
    """At the end of a round: `continue`, `extra_round` (someone at >= 10 and at least 2 below, not already in
    the extra round) or `passage_end` (§6)."""
    totals = [p.limit_total(s) for s in range(p.players)]
    if max(totals) < r.LIMIT_STOP:
        return "continue"
    below = sum(1 for t in totals if t < r.LIMIT_STOP)
    return "extra_round" if below >= 2 and not p.final_round else "passage_end"


def stops_after_pile(p: Position) -> bool:
    """`early_end: immediate`: once a pile leaves fewer than 2 players below 10, the round's other piles are not played."""
    totals = [p.limit_total(s) for s in range(p.players)]
    below = sum(1 for t in totals if t < r.LIMIT_STOP)
    return p.settings.early_end == "immediate" and max(totals) >= r.LIMIT_STOP and below < 2


def extra_round_distributor(p: Position) -> int:
    """The first player below 10 clockwise from the player left of the round start (`final_round_start`)."""
    for step in range(1, p.players + 1):
        seat = (p.round_start + step) % p.players
        if p.limit_total(seat) < r.LIMIT_STOP:
            return seat
    raise ValueError("nobody below 10")
