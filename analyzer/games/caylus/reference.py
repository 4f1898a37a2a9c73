"""The readable Caylus answers, brute force and exact (rules spec: shared/rules/caylus.md, from the Caylus article
of seeds/wiki-games.cs.txt), computed another way than exact.py so that the two can be held equal
(`reference_agrees`):

- Worker cost: the passing track is laid out space by space (1, 2, 3, ... or 1, 2, 2, ... by the reading), the
  passed players' markers put on it in order, and the lowest free space read; the 2-player, inn and own-building
  rules then replace that price.
- The provost: every bribe -3..+3 is tried; the provost is walked space by space (a space off the road stops it:
  that bribe is not possible), and the workers on the road spaces past it are listed one by one.
- The castle: every way to pick the batches one by one (food + two other different cubes) is searched, each
  reachable batch count kept with the fewest gold it spends; each house is then laid into the castle space by
  space, scoring its section; the favour is read off the whole castle order.
- End bonus and section scoring: counted cube by cube and house by house, the score floored at 0.
- Neutral layout odds: the unknown road spaces are dealt one by one from the pile, each layout weighted by the
  product of its draws' chances (exact.py counts the agreeing orders instead); the start money: all n! first-round
  orders.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

from analyzer.core.agreement import answer_rows
from analyzer.games.caylus import analysis, exact, state
from analyzer.games.caylus import rules as r

FOOD, GOLD = "food", "gold"
CUBES = ("food", "wood", "stone", "cloth", "gold")
SECTIONS = ("dungeon", "walls", "towers")
SECTION_SPACES = (6, 10, 14)  # the fan implementation's castle (sourced, unverified)
SECTION_POINTS = (5, 4, 3)  # a house in the dungeon / walls / towers
NOT_BUILDING = -2  # a castle worker who builds nothing while the castle has room
START_MONEY = (5, 6, 6, 7, 7)  # by first-round order
NEUTRALS = ("carpenter", "farm", "forest", "sawmill", "quarry", "market")
COLOURS = ("red", "blue", "green", "orange", "black")
PROVOST_DENIERS = 3  # enough for every bribe


# -- phase 2: workers ----------------------------------------------------------------------------------------------

def passing_track(players: int, reading: str) -> list[int]:
    """The passing track's spaces, lowest first: 1, 2, 3, ... (one_plus_passed), or 1, 2, 2, ...
    (two_after_first_pass)."""
    if reading == "one_plus_passed":
        return [1 + i for i in range(players)]
    assert reading == "two_after_first_pass", reading
    return [1] + [2] * (players - 1)


def worker_cost(passed: int, players: int, own: bool, at_inn: bool, settings) -> int:
    """What my next worker costs: the lowest free space of the passing track once `passed` players have passed;
    1 on my own building; 1 anywhere while my worker holds the inn (sixth_special_hold); with 2 players after the
    other has passed, 1 on my own building and 3 elsewhere (two_player_pass_cost seed_1_own_3_else)."""
    assert 0 <= passed < players, "somebody still places"
    track = passing_track(players, settings.passing_track_values)
    markers = [None] * len(track)
    for who in range(passed):  # each passed player takes the lowest free space
        markers[markers.index(None)] = who
    price = track[markers.index(None)]
    if players == 2 and passed and settings.two_player_pass_cost == "seed_1_own_3_else":
        price = 3
    if at_inn and settings.sixth_special_hold:
        price = 1
    if own:
        price = 1
    return price


def first_pass_bonus(passed_before: int) -> int:
    """Deniers for passing now: 1 to the first who passes."""
    return 1 if passed_before == 0 else 0


# -- phase 4: the provost ------------------------------------------------------------------------------------------

def provost_moves(provost: int, first: int, last: int, deniers: int, workers: dict) -> dict:
    """bribe (-3..+3 spaces) -> (cost in deniers, the provost's new space, the workers it cancels in road order) for
    every bribe I can pay that keeps the provost on the road spaces first..last.  `workers`: road space -> owner."""
    out = {}
    for bribe in range(-3, 4):
        cost, space, step = 0, provost, (1 if bribe > 0 else -1)
        for _ in range(abs(bribe)):
            space += step
            cost += 1
        if not first <= space <= last or cost > deniers:
            continue
        cancelled = []
        for road_space in sorted(workers):
            if road_space > space:  # beyond the provost: nothing
                cancelled.append((road_space, workers[road_space]))
        out[bribe] = (cost, space, tuple(cancelled))
    return out


def bailiff_moves(bailiff: int, provost: int) -> int:
    """Phase 7: the bailiff's new space, 2 on when the provost is ahead of it, else 1."""
    return bailiff + (2 if provost > bailiff else 1)


# -- phase 6: the castle -------------------------------------------------------------------------------------------

def batch_options(cubes: dict) -> dict[int, int]:
    """Every number of castle batches my cubes can pay -> the fewest gold cubes spent doing it, searched one batch
    at a time over every choice of its two cubes besides the food (different from each other and from food)."""
    seen, found = set(), {}

    def search(left: tuple, made: int, gold: int):
        if left in seen:  # the cubes left fix the batches made and the gold spent
            return
        seen.add(left)
        found[made] = min(found.get(made, gold), gold)
        have = dict(zip(CUBES, left))
        if have[FOOD] < 1:
            return
        others = [c for c in CUBES if c != FOOD]
        for i, a in enumerate(others):
            for b in others[i + 1:]:
                if have[a] and have[b]:
                    after = dict(have, **{FOOD: have[FOOD] - 1, a: have[a] - 1, b: have[b] - 1})
                    search(tuple(after[c] for c in CUBES), made + 1, gold + (GOLD in (a, b)))

    search(tuple(cubes.get(c, 0) for c in CUBES), 0, 0)
    return found


def max_batches(cubes: dict) -> int:
    return max(batch_options(cubes))


def lay_houses(section: int, filled: int, houses: int, sizes=SECTION_SPACES) -> tuple[list[int], int, int]:
    """Lay `houses` into the castle one space at a time from `section` (index) with `filled` spaces taken: (the
    section of each house laid, the section after, its filled spaces after).  A full section passes to the next;
    none is laid once the towers are full."""
    laid = []
    for _ in range(houses):
        while section < len(sizes) and filled >= sizes[section]:
            section, filled = section + 1, 0
        if section == len(sizes):
            break
        laid.append(section)
        filled += 1
    return laid, section, filled


def castle_room(section: int, filled: int, sizes=SECTION_SPACES) -> int:
    """The houses the castle still takes, counted by laying them until none fits."""
    return len(lay_houses(section, filled, sum(sizes), sizes)[0])


def castle_phase(section: int, filled: int, batches: list[int], sizes=SECTION_SPACES) -> dict:
    """The castle phase for the castle workers in castle order, each building the batches listed: each worker's
    points (5/4/3 a house by its section; -2 for building none while the castle has room) and who gets the favour
    (most batches, ties to the earlier in the castle; none when nobody built)."""
    points, built = [], []
    for want in batches:
        room = castle_room(section, filled, sizes) > 0
        laid, section, filled = lay_houses(section, filled, want, sizes)
        built.append(len(laid))
        points.append(sum(SECTION_POINTS[s] for s in laid) if laid else (NOT_BUILDING if room else 0))
    favour = None
    for i, b in enumerate(built):
        if b and (favour is None or b > built[favour]):
            favour = i
    return {"points": points, "built": built, "favour": favour, "section": section, "filled": filled}


# -- phase 8: section scoring; the score floor -----------------------------------------------------------------------

def section_scoring(section: str, houses: int) -> tuple[int, int]:
    """(points, favours) for `houses` of mine in the section that ends."""
    if section == "dungeon":
        table = {0: (-2, 0), 1: (0, 0)}
        return table.get(houses, (0, 1))
    if section == "walls":
        if houses == 0:
            return -3, 0
        return 0, [0, 0, 1, 2, 2][houses] if houses < 5 else 3
    assert section == "towers", section
    if houses == 0:
        return -4, 0
    return 0, [0, 0, 1, 1, 2, 2][houses] if houses < 6 else 3


def add_points(score: int, points: int) -> int:
    """The score after `points` (possibly negative): never below 0, point by point."""
    step = 1 if points > 0 else -1
    for _ in range(abs(points)):
        score = max(0, score + step)
    return score


def favours_usable(favours: int, tracks: int = 4) -> int:
    """A phase's favours go to different tracks, one step each: the ones past the 4th are lost."""
    used = set()
    for _ in range(favours):
        free = [t for t in range(tracks) if t not in used]
        if free:
            used.add(free[0])
    return len(used)


# -- the end -------------------------------------------------------------------------------------------------------

def end_bonus(cubes: dict, deniers: int) -> int:
    """3 a gold, 1 for every 3 other cubes, 1 for every 4 deniers, counted one by one."""
    points, others, coins = 0, 0, 0
    for cube, n in cubes.items():
        for _ in range(n):
            if cube == GOLD:
                points += 3
            else:
                others += 1
                if others == 3:
                    points, others = points + 1, 0
    for _ in range(deniers):
        coins += 1
        if coins == 4:
            points, coins = points + 1, 0
    return points


# -- chance: the neutral layout and the first-round order ------------------------------------------------------------

def deal(known: tuple, names=NEUTRALS) -> list[tuple[tuple, int]]:
    """Every way the unknown road spaces (None in `known`) can be dealt, space by space from the first, each from the
    buildings still in the pile with equal chance: [(the full layout, 1 / its probability)]."""
    pile = [n for n in names if n not in known]
    assert len(known) == len(names) and len(pile) == known.count(None), "a layout of distinct neutral buildings"
    out = []

    def step(layout: tuple, pile: list, odds_against: int):
        if len(layout) == len(known):
            out.append((layout, odds_against))
        elif known[len(layout)] is not None:
            step(layout + (known[len(layout)],), pile, odds_against)
        else:
            for name in pile:
                step(layout + (name,), [n for n in pile if n != name], odds_against * len(pile))

    step((), pile, 1)
    return out


def layout_answers(known: tuple, names=NEUTRALS) -> tuple[dict, dict]:
    """({(name, k): P(it lies in the first k road spaces)}, {(a, b): P(a and b lie on neighbouring spaces)}, names
    sorted in each pair) given the spaces already seen (`known`, None where not), each dealt layout weighted by its
    probability."""
    pairs = [(a, b) for i, a in enumerate(sorted(names)) for b in sorted(names)[i + 1:]]
    hits = Counter()  # (event, 1 / the layout's probability) -> layouts
    for layout, against in deal(known, names):
        for space, name in enumerate(layout, 1):
            for k in range(space, len(names) + 1):
                hits["first", name, k, against] += 1
        for a, b in zip(layout, layout[1:]):
            hits[("next", *sorted((a, b)), against)] += 1
    p = Counter()
    for (*event, against), n in hits.items():
        p[tuple(event)] += Fraction(n, against)
    return ({(name, k): Fraction(p["first", name, k]) for name in names for k in range(1, len(names) + 1)},
            {(a, b): Fraction(p["next", a, b]) for a, b in pairs})


def layout_odds(known: tuple, names=NEUTRALS) -> dict[tuple[str, int], Fraction]:
    return layout_answers(known, names)[0]


def adjacent_odds(known: tuple, a: str, b: str, names=NEUTRALS) -> Fraction:
    return layout_answers(known, names)[1][tuple(sorted((a, b)))]


def neutral_in_first(building: str, k: int, names=NEUTRALS) -> Fraction:
    return layout_odds((None,) * len(names), names)[building, k]


def neutrals_adjacent(a: str, b: str, names=NEUTRALS) -> Fraction:
    return adjacent_odds((None,) * len(names), a, b, names)


def start_money_odds(players: int) -> dict[int, Fraction]:
    """deniers -> P(a given player starts with them), every first-round order counted (2 players: 5 each)."""
    money = (5, 5) if players == 2 else START_MONEY[:players]
    orders = list(permutations(range(players)))
    out: dict[int, Fraction] = {}
    for order in orders:
        seat = order.index(0)
        out[money[seat]] = out.get(money[seat], Fraction(0)) + Fraction(1, len(orders))
    return out


# -- held against exact.py ----------------------------------------------------------------------------------------

def random_settings(rng: random.Random, i: int):
    """Position i's settings: the three readings' 8 mixes cycle with i, the castle sizes given every other cycle."""
    sizes = tuple(rng.randrange(1, 16) for _ in SECTIONS) if i // 8 % 2 else SECTION_SPACES
    return r.Settings(passing_track_values=("one_plus_passed", "two_after_first_pass")[i % 2],
                      sixth_special_hold=bool(i // 2 % 2),
                      two_player_pass_cost=("seed_1_own_3_else", "track")[i // 4 % 2], castle_sizes=sizes)


def random_cubes(rng: random.Random) -> dict:
    return {c: rng.randrange(6) for c in CUBES if rng.random() < 0.8}


def random_scenario(rng: random.Random, i: int) -> dict:
    """Scenario i of a seeded run (the layout state.py reads): settings from `random_settings`, the rest drawn."""
    s = random_settings(rng, i)
    players = 2 + i % 4
    colours = rng.sample(COLOURS, players)
    rules = {"passing_track_values": s.passing_track_values, "sixth_special_hold": s.sixth_special_hold,
             "two_player_pass_cost": s.two_player_pass_cost}
    if s.castle_sizes != SECTION_SPACES:
        rules["castle_sizes"] = list(s.castle_sizes)
    road_length = rng.randrange(12, 40)
    bailiff = rng.randrange(len(NEUTRALS), road_length + 1)
    phase = rng.randrange(1, 9)
    provost = bailiff if phase in (2, 3) else rng.randrange(1, road_length + 1)
    road = [{"space": space, "building": f"b{space}", "owner": rng.choice(colours + [None]),
             "worker": rng.choice(colours + [None, None])} for space in rng.sample(range(1, road_length + 1), 10)]
    section = rng.randrange(3)
    workers = rng.sample(colours, rng.randrange(players + 1))
    castle = {"section": SECTIONS[section], "filled": rng.randrange(s.castle_sizes[section] + 1), "workers": workers,
              "batches": {c: rng.randrange(4) for c in workers if rng.random() < 0.6}}
    players_state = [{"colour": c, "deniers": rng.randrange(15), "cubes": random_cubes(rng),
                      "points": rng.randrange(8), "houses": rng.randrange(8), "workers_left": rng.randrange(7),
                      "at_inn": players > 2 and rng.random() < 0.3}  # 2 players leave the inn unused
                     for c in colours if rng.random() < 0.85]
    known = [None] * len(NEUTRALS)
    for name, space in zip(rng.sample(NEUTRALS, 6), rng.sample(range(6), rng.randrange(5))):
        known[space] = name
    position = {"phase": phase, "neutral_order": known, "road": road, "road_length": road_length,
                "provost": provost, "bailiff": bailiff, "passing_track": rng.sample(colours, rng.randrange(players)),
                "castle": castle, "players_state": players_state}
    if rng.random() < 0.5:
        position["section_mark"] = rng.randrange(bailiff, road_length + 1)
    if rng.random() < 0.3:
        del position["road_length"]
    return {"game": "caylus", "players": players, "rules": rules, "position": position}


def answers(p) -> dict:
    """question -> the reference's answer for a parsed position (state.Position)."""
    s, out = p.settings, {}
    out["odds"] = (*layout_answers(p.neutral_order), start_money_odds(p.players))
    passed = len(p.passing_track)
    placing = [pl for pl in p.players_state if pl.colour not in p.passing_track] or [None]
    out["worker_cost"] = ([(pl.colour if pl else None, worker_cost(passed, p.players, True, bool(pl and pl.at_inn), s),
                            worker_cost(passed, p.players, False, bool(pl and pl.at_inn), s)) for pl in placing],
                          first_pass_bonus(passed))
    workers = {space: worker for space, _, _, worker in p.road if worker}
    last = p.road_length if p.road_length is not None else p.provost + 3
    out["provost"] = [(space, cost, list(gone), bailiff_moves(p.bailiff, space) - p.bailiff)
                      for _, (cost, space, gone) in sorted(provost_moves(p.provost, 1, last, 3, workers).items())]
    if p.players_state:
        out["ev"] = [(pl.colour, end_bonus(dict(pl.cubes), pl.deniers),
                      pl.points + end_bonus(dict(pl.cubes), pl.deniers)) for pl in p.players_state]
        name = SECTIONS[p.section]
        full = p.filled >= s.castle_sizes[p.section]
        reaches = p.section_mark is not None and bailiff_moves(p.bailiff, p.provost) >= p.section_mark
        out["section"] = ([(pl.colour, *section_scoring(name, pl.houses),
                            add_points(pl.points, section_scoring(name, pl.houses)[0])) for pl in p.players_state],
                          full or reaches)
    me = next((pl for pl in p.players_state if pl.colour == p.me), None)
    if me is not None:
        options, room = batch_options(dict(me.cubes)), castle_room(p.section, p.filled, s.castle_sizes)
        order = list(p.castle_workers) if me.colour in p.castle_workers else [*p.castle_workers, me.colour]
        done = dict(p.batches)
        rows = []
        for k in range(min(max(options), room) + 1):
            phase = castle_phase(p.section, p.filled, [k], s.castle_sizes)
            laid = lay_houses(p.section, p.filled, k, s.castle_sizes)[0]
            others = [k if c == me.colour else done.get(c, 0) for c in order]
            winner = castle_phase(0, 0, others, (sum(others),) * 3)["favour"]
            rows.append((k, phase["points"][0], tuple(laid.count(x) for x in range(len(SECTIONS))), options[k],
                         winner is not None and order[winner] == me.colour, add_points(me.points, phase["points"][0])))
        out["castle"] = rows
    return out


def engine_answers(p) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions)."""
    out, supported = {}, state.questions(p)
    got = analysis.odds(p, None).payload
    out["odds"] = ({(name, x["k"]): Fraction(x["p_exact"]) for name, xs in got["first_k"].items() for x in xs},
                   {(x["a"], x["b"]): Fraction(x["p_exact"]) for x in got["adjacent"]},
                   {x["deniers"]: Fraction(x["p_exact"]) for x in got["start_money"]})
    got = analysis.worker_cost(p, None).payload
    out["worker_cost"] = ([(None if row["colour"] == "next player" else row["colour"], row["own building"],
                            row["elsewhere"]) for row in got["rows"]], got["pass_bonus"])
    out["provost"] = [(m["space"], m["cost"], [(c["space"], c["worker"]) for c in m["cancelled"]], m["bailiff_step"])
                      for m in analysis.provost(p, None).payload["moves"]]
    if "ev" in supported:
        out["ev"] = [(row["colour"], row["bonus"], row["final"]) for row in analysis.ev(p, None).payload["rows"]]
        got = analysis.section(p, None).payload
        out["section"] = ([(row["colour"], row["points"], row["favours"], row["points_after"]) for row in got["rows"]],
                          got["ends"])
    if "castle" in supported:
        out["castle"] = [(row["batches"], row["points"], tuple(row[x] for x in SECTIONS), row["least_gold"],
                          row["favour"], row["points_after"]) for row in analysis.castle(p, None).payload["rows"]]
    return out


def reference_agrees(seed: int, positions: int = 16) -> list[tuple]:
    """[(what, the engine's answer, the reference's)] on `positions` random scenarios through state.py and
    analysis.py, then on `positions` random inputs to exact.py's functions, every setting reading mixed."""
    rng = random.Random(seed)
    rows = []
    for i in range(positions):  # the whole chain: a scenario parsed, asked every question, against the reference
        p = state.parse_position(random_scenario(rng, i))
        label = f"seed {seed} scenario {i} ({p.players}p, {p.settings.labels()[0]})"
        mine, engine = answers(p), engine_answers(p)
        rows += answer_rows(label, engine, mine)
    for i in range(positions):  # exact.py's functions on inputs no scenario reaches
        s = random_settings(rng, i)
        players = 2 + i % 4
        label = f"seed {seed} position {i} ({players}p, {s.passing_track_values}, hold={s.sixth_special_hold}, " \
                f"{s.two_player_pass_cost}, castle {list(s.castle_sizes)})"
        for passed in range(players):
            for own in (False, True):
                for inn in (False, True)[:1 + (players > 2)]:  # 2 players leave the inn unused
                    rows.append((f"{label}: worker cost, {passed} passed, own={own}, inn={inn}",
                                 exact.worker_cost(passed, players, own, inn, s),
                                 worker_cost(passed, players, own, inn, s)))
        road = rng.randrange(7, 40)
        provost = rng.randrange(1, road + 1)
        workers = {space: rng.choice(("red", "blue", "green")) for space in rng.sample(range(1, road + 1),
                                                                                        rng.randrange(road // 2))}
        moves = provost_moves(provost, 1, road, PROVOST_DENIERS, workers)
        rows.append((f"{label}: provost {provost} of {road}: its spaces", sorted(exact.provost_moves(provost, road)),
                     sorted(space for _, space, _ in moves.values())))
        for bribe, (_, space, gone) in sorted(moves.items()):
            rows.append((f"{label}: provost {provost} moved {bribe:+d}: cancelled",
                         [tuple(w) for w in exact.cancelled(sorted(workers.items()), space)], list(gone)))
        cubes = random_cubes(rng)
        rows.append((f"{label}: batches from {cubes}", exact.max_batches(cubes), max_batches(cubes)))
        section, houses = rng.randrange(3), rng.randrange(8)
        filled = rng.randrange(s.castle_sizes[section] + 1)
        room = castle_room(section, filled, s.castle_sizes)
        if houses <= room:
            laid = lay_houses(section, filled, houses, s.castle_sizes)[0]
            rows.append((f"{label}: {houses} houses from {SECTIONS[section]} {filled}",
                         tuple(exact.batch_points(section, filled, houses, s.castle_sizes)),
                         (sum(SECTION_POINTS[x] for x in laid), tuple(laid.count(x) for x in range(len(SECTIONS))))))
        rows.append((f"{label}: castle room from {SECTIONS[section]} {filled}",
                     exact.castle_room(section, filled, s.castle_sizes), room))
        options = batch_options(cubes)
        batches = rng.randrange(max(options) + 1)
        rows.append((f"{label}: least gold for {batches} batches from {cubes}", exact.least_gold(cubes, batches),
                     options[batches]))
        castle = [rng.randrange(4) for _ in range(rng.randrange(1, 5))]
        winner = castle_phase(0, 0, castle, (99, 99, 99))["favour"]
        rows.append((f"{label}: the castle favour among {castle}",
                     [exact.castle_favour(b, castle[:j], castle[j + 1:]) for j, b in enumerate(castle)],
                     [j == winner for j in range(len(castle))]))
        gold, others, deniers = rng.randrange(6), rng.randrange(20), rng.randrange(40)
        rows.append((f"{label}: end bonus {gold} gold {others} others {deniers} deniers",
                     exact.end_bonus(gold, others, deniers), end_bonus({GOLD: gold, FOOD: others}, deniers)))
        for name in SECTIONS:
            h = rng.randrange(9)
            rows.append((f"{label}: {name} scoring, {h} houses", tuple(exact.section_score(name, h)),
                         section_scoring(name, h)))
        known = [None] * len(NEUTRALS)
        for name, space in zip(rng.sample(NEUTRALS, 6), rng.sample(range(6), rng.randrange(5))):
            known[space] = name
        odds, (first, adjacent) = exact.layout_odds(tuple(known)), layout_answers(tuple(known))
        rows.append((f"{label}: layout {known}, in the first k", odds["first_k"], first))
        rows.append((f"{label}: layout {known}, neighbours", odds["adjacent"], adjacent))
        score, delta = rng.randrange(8), rng.randrange(-6, 7)
        rows.append((f"{label}: {score} points {delta:+d}", exact.floor_points(score, delta), add_points(score, delta)))
        bailiff, provost = rng.randrange(1, 30), rng.randrange(1, 30)
        rows.append((f"{label}: bailiff {bailiff}, provost {provost}", bailiff + exact.bailiff_step(provost, bailiff),
                     bailiff_moves(bailiff, provost)))
        rows.append((f"{label}: start money", dict(exact.start_money_odds(players)), start_money_odds(players)))
    return rows
