"""The readable Paris Paris answers, brute force and exact (rules spec: shared/rules/paris-paris.md), computed
another way than exact.py so that the two can be held equal (`reference_agrees`):

- The leftover: every order in which the pickers after me can take the column's tiles one by one (each tile a
  physical tile, taken with its policy weight over the weights of the tiles still lying), the last one standing.
- The next column: every sequence of draws, tile by tile, of "a tile of S" or "another tile", each weighted by the
  tiles of that kind still unseen over the tiles still unseen; no binomial coefficients.
- The big tour: the next column's colours drawn tile by tile from the unseen pool, then every removal order of
  the pickers (uniform), the last tile's colour against the discard slots.
- The tours: a line is walked stop by stop outward from the leftover's stop, both ways, distance by distance; a
  big tour looks at each stop of its line that another line also passes, and the stops beside it on every line.
- The bonus colours: every assignment of the markers I have not seen to the opponents (itertools.permutations),
  weighted by the product over each opponent's shops of 1 (on his marker's line) or epsilon (away from it).
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import permutations

from analyzer.core.agreement import random_positions
from analyzer.games.paris_paris import analysis, state
from analyzer.games.paris_paris import rules as r


# -- the map and the tours ---------------------------------------------------------------------------------------
# `lines` is {colour: [stops in order]}; `shops` is {stop: [owners]} (an owner listed once per shop).

def lines_through(lines: dict, stop) -> list:
    return [colour for colour, stops in lines.items() if stop in stops]


def is_crossing(lines: dict, stop) -> bool:
    return len(lines_through(lines, stop)) >= 2


def beside(lines: dict, stop) -> set:
    """The stops directly next to `stop` on any of its lines."""
    out = set()
    for stops in lines.values():
        for i, s in enumerate(stops):
            if s == stop:
                out |= {stops[j] for j in (i - 1, i + 1) if 0 <= j < len(stops)}
    return out


def walk(stops: list, stop, distance: int) -> set:
    """The stops `distance` steps from `stop` along one line, either way."""
    i = stops.index(stop)
    return {stops[j] for j in (i - distance, i + distance) if 0 <= j < len(stops)}


def small_tour(lines: dict, shops: dict, stop, nearest_tie: str) -> dict:
    """owner -> points of the small tour on a leftover tile of `stop`."""
    points: dict = {}

    def score(at):
        for owner in shops.get(at, ()):
            points[owner] = points.get(owner, 0) + 1

    if shops.get(stop):
        score(stop)
        return points
    per_line = [lines[c] for c in lines_through(lines, stop)]
    groups = [[line] for line in per_line] if nearest_tie == "per_line" else [per_line]
    scoring = set()  # a stop nearest on both lines still scores its shops once
    for group in groups:  # global: one nearest distance over both lines; per_line: each line's own
        for distance in range(1, max(len(line) for line in group)):
            found = {s for s in set().union(*(walk(line, stop, distance) for line in group)) if shops.get(s)}
            if found:
                scoring |= found
                break
    for at in scoring:
        score(at)
    return points


def big_tour(lines: dict, shops: dict, colour, double_owner_adjacent: str) -> dict:
    """owner -> points of the big tour of line `colour`: 1 a shop on each of its crossings, and each owner there
    1 more for each of his shops directly beside it (twice over with two shops there under per_shop)."""
    points: dict = {}
    for crossing in [s for s in lines[colour] if is_crossing(lines, s)]:
        here = list(shops.get(crossing, ()))
        for owner in set(here):
            beside_shops = sum(list(shops.get(s, ())).count(owner) for s in beside(lines, crossing))
            times = here.count(owner) if double_owner_adjacent == "per_shop" else 1
            points[owner] = points.get(owner, 0) + here.count(owner) + times * beside_shops
    return points


# -- question 1: the leftover tile -------------------------------------------------------------------------------

def leftover_odds(tiles, weights) -> dict:
    """tile -> P(it is the leftover) when each of the pickers `weights` (one function tile -> weight a picker,
    in turn) takes one of `tiles` (a list, equal tiles listed apiece) and one tile is left.  Every order of
    takes is followed; orders reaching the same tiles are followed once (`seen`)."""
    assert len(tiles) == len(weights) + 1, "one tile is left after every picker has taken one"
    seen: dict = {}

    def left(lying: tuple) -> dict:
        if len(lying) == 1:
            return {lying[0]: Fraction(1)}
        if lying not in seen:
            weigh = weights[len(tiles) - len(lying)]
            total = sum(Fraction(weigh(t)) for t in lying)
            odds: dict = {}
            for i, taken in enumerate(lying):
                if weigh(taken):
                    for tile, p in left(lying[:i] + lying[i + 1:]).items():
                        odds[tile] = odds.get(tile, 0) + Fraction(weigh(taken)) / total * p
            seen[lying] = odds
        return seen[lying]

    return left(tuple(sorted(tiles)))


def open_shop(lines: dict, shops: dict, stop, owner) -> dict:
    """The shops after `owner` opens one at `stop`: a full stop (2 shops on a crossing, else 1) first loses its
    first listed shop that is not his; a stop full of his own shops stays as it is."""
    here = list(shops.get(stop, ()))
    if len(here) == (2 if is_crossing(lines, stop) else 1):
        others = [i for i, o in enumerate(here) if o != owner]
        if not others:
            return dict(shops)
        del here[others[0]]
    return {**shops, stop: here + [owner]}


def round_outcomes(lines: dict, tiles, shops: dict, pickers) -> dict:
    """(leftover tile, shops as sorted (stop, owners) pairs) -> P, the pickers `[(owner, weight)]` in turn each
    taking a tile of `tiles` (weight: tile -> its weight) and opening a shop on its stop."""
    def frozen(sh):
        return tuple(sorted((stop, tuple(owners)) for stop, owners in sh.items() if owners))

    out: dict = {}

    def take(lying, sh, p, turn):
        if turn == len(pickers):
            key = (lying[0], frozen(sh))
            out[key] = out.get(key, 0) + p
            return
        owner, weigh = pickers[turn]
        total = sum(Fraction(weigh(t)) for t in lying)
        for i, tile in enumerate(lying):
            if weigh(tile):
                take(lying[:i] + lying[i + 1:], open_shop(lines, sh, tile[0], owner),
                     p * Fraction(weigh(tile)) / total, turn + 1)

    assert len(tiles) == len(pickers) + 1, "one tile is left after every picker has taken one"
    take(list(tiles), dict(shops), Fraction(1), 0)
    return out


def stop_leftover(tiles, weights, stop) -> Fraction:
    """P(a tile of `stop` is the leftover); a tile is (stop, colour)."""
    return sum((p for (s, _), p in leftover_odds(list(tiles), list(weights)).items() if s == stop), Fraction(0))


# -- question 2: the next column ---------------------------------------------------------------------------------

def appearance_odds(pool: dict, stop, size: int) -> tuple[Fraction, Fraction]:
    """(P(>= 1 tile of `stop`), P(>= 2)) in a column of `size` tiles drawn from `pool` ((stop, colour) -> tiles)."""
    mine = sum(n for (s, _), n in pool.items() if s == stop)
    others = sum(pool.values()) - mine
    at_least = {1: Fraction(0), 2: Fraction(0)}

    def draw(drawn, left_mine, left_others, of_stop, p):
        if drawn == size:
            for j in at_least:
                at_least[j] += p if of_stop >= j else 0
            return
        unseen = left_mine + left_others
        if left_mine:
            draw(drawn + 1, left_mine - 1, left_others, of_stop + 1, p * Fraction(left_mine, unseen))
        if left_others:
            draw(drawn + 1, left_mine, left_others - 1, of_stop, p * Fraction(left_others, unseen))

    assert size <= mine + others, "a column cannot hold more tiles than are unseen"
    draw(0, mine, others, 0, Fraction(1))
    return at_least[1], at_least[2]


# -- question 3: the big tour ------------------------------------------------------------------------------------

def column_colours(pool: dict, size: int) -> dict:
    """colours (a sorted tuple) -> P(the next column's tiles have those colours), drawn tile by tile; the draws
    that reach the same colours so far are merged before the next draw."""
    by_colour: dict = {}
    for (_, colour), n in pool.items():
        by_colour[colour] = by_colour.get(colour, 0) + n
    unseen = sum(by_colour.values())
    drawn = {(): Fraction(1)}
    for i in range(size):
        after: dict = {}
        for seq, p in drawn.items():
            for colour, n in by_colour.items():
                left = n - seq.count(colour)
                if left > 0:
                    key = tuple(sorted(seq + (colour,)))
                    after[key] = after.get(key, 0) + p * Fraction(left, unseen - i)
        drawn = after
    return drawn


def big_tour_odds(pool: dict, players: int, slots, full_slots_rule: str) -> dict:
    """colour -> P(the next round's leftover makes a big tour of that colour): the next column (players + 1
    tiles, or what is unseen) from the unseen `pool`, every player but one taking one uniformly, the last tile
    against `slots` (the colours lying in the discard slots; 5 slots)."""
    odds: dict = {}
    for seq, p in column_colours(pool, min(players + 1, sum(pool.values()))).items():
        for colour, q in _uniform_leftover(seq).items():
            tours = colour in slots or (full_slots_rule == "fifth_tours" and len(set(slots)) == 4)
            if tours:
                odds[colour] = odds.get(colour, 0) + p * q
    return odds


@lru_cache(maxsize=None)
def _uniform_leftover(colours: tuple) -> dict:
    """leftover_odds for uniform pickers on a column's colours (cached: many columns share their colours)."""
    return leftover_odds(list(colours), [lambda tile: 1] * (len(colours) - 1))


# -- question 4: the bonus colours -------------------------------------------------------------------------------

def marker_posterior(markers, opponents, shops_away, epsilon: Fraction) -> dict:
    """(opponent, colour) -> P(that opponent holds that bonus colour) given every opponent's shops:
    `markers` are the colours I have not seen (one per opponent, the rest boxed), `shops_away(opponent, colour)`
    -> how many of his shops lie off that line."""
    weights: dict = {}
    for assignment in permutations(markers, len(opponents)):
        w = Fraction(1)
        for opponent, colour in zip(opponents, assignment):
            w *= Fraction(epsilon) ** shops_away(opponent, colour)
        weights[assignment] = w
    total = sum(weights.values())
    posterior = {(o, c): Fraction(0) for o in opponents for c in markers}
    for assignment, w in weights.items():
        for opponent, colour in zip(opponents, assignment):
            posterior[opponent, colour] += w / total
    return posterior


# -- the answers of a position -----------------------------------------------------------------------------------

def pick_weight(p: state.Position, lines: dict):
    """tile -> a later picker's weight for it: 1 (uniform); weighted: the stop's given weight (1 if not given),
    or without any given the ILLUSTRATIVE 2 for a crossing's tile and 1 for another stop's."""
    if p.settings.opponent_pick == "uniform":
        return lambda tile: 1
    given = dict(p.pick_weights)
    if p.weights_given:
        return lambda tile: given.get(tile[0], 1)
    return lambda tile: 2 if is_crossing(lines, tile[0]) else 1


def round_answer(p: state.Position, lines: dict, shops: dict, tiles: list, pick) -> dict:
    """My pick -> P(each stop is the leftover), P(a big tour) and each player's expected points this round."""
    s = p.settings
    lying = list(tiles)
    lying.remove(pick)
    later = [(o, pick_weight(p, lines)) for o in p.opponents[:len(lying) - 1]]  # clockwise after me
    stops, tour = {}, Fraction(0)
    points = {o: Fraction(0) for o in (p.me, *p.opponents)}
    for (tile, after), prob in round_outcomes(lines, lying, open_shop(lines, shops, pick[0], p.me), later).items():
        after = {stop: list(owners) for stop, owners in after}
        stops[tile[0]] = stops.get(tile[0], 0) + prob
        scored = [small_tour(lines, after, tile[0], s.nearest_tie)]
        if tile[1] in p.discard_slots or (s.full_slots_rule == "fifth_tours" and len(set(p.discard_slots)) == 4):
            tour += prob
            scored.append(big_tour(lines, after, tile[1], s.double_owner_adjacent))
        for got in scored:
            for owner, n in got.items():
                points[owner] += prob * n
    if p.stop is not None:  # only the stop asked about
        stops = {p.stop: stops[p.stop]} if p.stop in stops else {}
    return {"leftover": stops, "tour": tour, "points": points}


def answers(p: state.Position) -> dict:
    """question -> the reference's answer for a parsed position."""
    s, out = p.settings, {}
    lines = {colour: list(stops) for colour, stops in s.map.lines}
    shops = {stop: list(owners) for stop, owners in p.shops}
    pool = dict(p.unseen)
    size = min(p.players + 1, sum(pool.values()))
    asked = [p.stop] if p.stop is not None else sorted({stop for stop, _ in pool})
    if pool:
        out["odds"] = {stop: appearance_odds(pool, stop, size) for stop in asked}
        if s.opponent_pick == "uniform":
            tours = big_tour_odds(pool, p.players, p.discard_slots, s.full_slots_rule)
            out["big_tour"] = {c: x for c, x in tours.items() if x}
    tiles = list(p.column)
    for t in p.picked:
        tiles.remove(t)
    if len(tiles) >= 2:
        out["leftover"] = {pick: round_answer(p, lines, shops, tiles, pick) for pick in dict.fromkeys(tiles)}
    if p.marker is not None:
        markers = [c for c in lines if c not in (p.marker, p.open_marker)]

        def away(opponent, colour):
            return sum(o == opponent and stop not in lines[colour] for stop, owners in shops.items() for o in owners)

        out["bonus"] = marker_posterior(markers, list(p.opponents), away, s.bonus_epsilon)
    return out


def engine_answers(p: state.Position) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions)."""
    out, supported = {}, state.questions(p)
    if "odds" in supported:
        stops = analysis.odds(p, None).payload["stops"]
        out["odds"] = {stop: (_exact(x, "p"), _exact(x, "p2")) for stop, x in stops.items()}
    if "big_tour" in supported:
        colours = analysis.big_tour(p, None).payload["colours"]
        out["big_tour"] = {c: _exact(x, "p") for c, x in colours.items() if _exact(x, "p")}
    if "leftover" in supported:
        out["leftover"] = {}
        for row in analysis.leftover(p, None).payload["picks"]:
            pick = state.parse_tile(row["pick"], "pick", p.board)
            stops = {stop: _exact(x, "p") for stop, x in row["leftover"].items() if _exact(x, "p")}
            out["leftover"][pick] = {"leftover": stops, "tour": _exact(row, "p_big_tour"),
                                     "points": {o: _exact(x, "e") for o, x in row["points"].items()}}
    if "bonus" in supported:
        posterior = analysis.bonus(p, None).payload["posterior"]
        out["bonus"] = {(o, c): _exact(x, "p") for o, dist in posterior.items() for c, x in dist.items()}
    return out


def _exact(block: dict, key: str):
    text = block.get(f"{key}_exact")
    return Fraction(text) if text is not None else ("not exact", block[key])


# -- random positions --------------------------------------------------------------------------------------------
STOP_NAMES = tuple(f"S{i}" for i in range(14))
READINGS = ("opponent_pick", "full_slots_rule", "nearest_tie", "double_owner_adjacent")


def random_map(rng: random.Random) -> dict:
    """5 lines of 2 to 6 stops from 14 names, a stop on at most 2 lines, no segment on two lines (two lines may
    cross twice)."""
    while True:
        lines, segments, count = {}, set(), {}
        for colour in r.LINE_COLOURS:
            free = [s for s in STOP_NAMES if count.get(s, 0) < 2]
            stops = rng.sample(free, min(len(free), rng.randrange(2, 7)))
            pairs = {frozenset(pair) for pair in zip(stops, stops[1:])}
            if len(stops) < 2 or pairs & segments:
                break
            segments |= pairs
            for s in stops:
                count[s] = count.get(s, 0) + 1
            lines[colour] = stops
        if len(lines) == len(r.LINE_COLOURS):
            return {"lines": lines}


def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: the four readings of READINGS cycle with i (all 16 mixes every 16 positions),
    tile_colour, the map (illustrative or random) and the rest drawn."""
    players = 2 + i % 3
    rules = {name: r.SETTINGS[name][1][i >> bit & 1] for bit, name in enumerate(READINGS)}
    if rng.random() < 0.5:
        rules["map"] = random_map(rng)
    if rng.random() < 0.3:
        rules["tile_colour"] = "typed"
        rules["bonus_epsilon"] = rng.choice(("1/2", "1", "1/5"))
    board = r.parse_settings(rules).map
    bag_of_tiles = [t for t, n in board.pool().items() for _ in range(n)]
    if rules.get("tile_colour") == "typed":  # any line through its stop
        bag_of_tiles = [(stop, rng.choice(board.lines_of(stop))) for stop, _ in bag_of_tiles]
    rng.shuffle(bag_of_tiles)
    size = players + 1
    column = bag_of_tiles[:size] if rng.random() < 0.85 else []
    picked = rng.sample(column, rng.randrange(players)) if column else []
    rest = bag_of_tiles[len(column):]
    seen = rest[:rng.randrange(len(rest) - size + 1)]
    unseen = rest[len(seen):]
    colours = list(r.PLAYER_COLOURS[:players])
    me = rng.choice(colours)
    opponents = [c for c in colours if c != me]
    rng.shuffle(opponents)
    shops = {}
    for stop in rng.sample(board.stops, rng.randrange(min(len(board.stops), 10) + 1)):  # at most 20 shops
        shops[stop] = [rng.choice(colours) for _ in range(rng.randrange(1, board.capacity(stop) + 1))]
    position = {"column": [state.tile_text(t) for t in column], "picked": [state.tile_text(t) for t in picked],
                "shops": shops, "me": {"colour": me}, "opponents": opponents,
                "discard_slots": rng.sample(r.LINE_COLOURS, rng.choice((0, 1, 2, 3, 4, 4, 4, 5)))}
    if rules.get("tile_colour") == "typed" or rng.random() < 0.4:
        counts: dict = {}
        for t in unseen:
            counts[state.tile_text(t)] = counts.get(state.tile_text(t), 0) + 1
        position["unseen_tiles"] = counts
    else:
        position["seen"] = [state.tile_text(t) for t in seen]
    if rng.random() < 0.85:
        markers = rng.sample(r.LINE_COLOURS, 2)
        position["me"]["bonus_marker"] = markers[0]
        if players == 2:
            position["open_marker"] = markers[1]
    if rng.random() < 0.5:
        position["pick_weights"] = {s: rng.choice((1, 2, 3, "1/2")) for s in rng.sample(board.stops, 3)}
    if rng.random() < 0.2:
        position["stop"] = rng.choice(board.stops)
    return {"game": "paris_paris", "players": players, "rules": rules, "position": position}


def reference_agrees(seed: int, positions: int = 16) -> list[tuple]:
    """[(what, exact.py's answer via analysis, the reference's)] on `positions` random positions."""
    def label(p) -> str:
        s = p.settings
        return (f"{p.players}p, " + ", ".join(getattr(s, n) for n in READINGS) +
                f", {s.tile_colour}, map {'illustrative' if 'map' in s.illustrative else 'given'}")

    return random_positions(seed, positions, random_scenario, label, engine_answers, answers,
                            state.parse_position, special={"leftover": leftover_rows})


def leftover_rows(label: str, engine: dict, mine: dict) -> list[tuple]:
    """The leftover question's rows: each of my picks' leftover, tour and points, then the picks."""
    rows = [(f"{label}: leftover, my pick {state.tile_text(pick)}: {part}", engine.get(pick, {}).get(part),
             mine[pick][part]) for pick in mine for part in ("leftover", "tour", "points")]
    return rows + [(f"{label}: leftover, my picks", sorted(engine), sorted(mine))]
