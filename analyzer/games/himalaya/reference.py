"""The readable Himalaya answers, brute force and exact (rules spec: shared/rules/himalaya.md), computed another way
than exact.py so that the two can be held equal (`reference_agrees`):

- Refill: every d20 roll of every placement is stepped in turn (goods first, then tasks): the roll's village, or
  the next higher free one, wrapping 20 -> 1; a branch per village reached, weighted by the rolls that reach it.
- The bag: every ordered sequence of colours the draws can turn up, each counted by the cubes it can be
  (left[c] cubes of colour c for each draw in turn); no binomial coefficients.  A later placement of the same
  refill draws from the bag the earlier ones left, stepped placement by placement.
- Inventory: a tracked opponent's unknown cubes are drawn one by one from the untracked pool, every sequence of
  "the colour or not" stepped; the colour's cubes left go one by one to the untracked opponents, every owner
  stepped; the strict most wins (a tie, or nobody holding one: nobody).
- Three players: each category's strict leader counted, then the tie order compared among those still tied.
- A scenario is read from its dict here (not through state.py); a short bag is stepped placement by placement.
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from analyzer.core.agreement import answer_rows
from analyzer.games.himalaya import analysis, state

VILLAGES = tuple(range(1, 21))
COLOURS = ("salt", "barley", "tea", "jade", "gold")  # by value, lowest first
VILLAGE_CUBES = 5


# -- the d20 rule ------------------------------------------------------------------------------------------------

def landing(roll: int, blocked) -> int:
    """The village a roll places on: the rolled one, else the next higher one not blocked (20 -> 1)."""
    assert len(set(blocked) & set(VILLAGES)) < 20, "every village is blocked"
    village = roll
    while village in blocked:
        village = village % 20 + 1
    return village


def _roll(blocked) -> dict[int, int]:
    """village -> how many of the 20 rolls land there."""
    hits: dict[int, int] = {}
    for roll in VILLAGES:
        village = landing(roll, blocked)
        hits[village] = hits.get(village, 0) + 1
    return hits


def refill_law(goods, tasks, goods_placements: int, task_placements: int, tasks_block_goods: bool = True) -> dict:
    """(villages the new goods land on, in order; villages the new tasks land on) -> probability, every roll
    stepped.  `goods`, `tasks`: the villages offering them before the refill.  A goods placement skips villages with
    goods (and with a task when `tasks_block_goods`); a task placement skips villages with goods or a task."""
    out: dict[tuple, Fraction] = {}

    def step(goods, tasks, new_goods, new_tasks, chance):
        if len(new_goods) < goods_placements:
            for village, rolls in _roll(goods | tasks if tasks_block_goods else goods).items():
                step(goods | {village}, tasks, new_goods + (village,), new_tasks, chance * Fraction(rolls, 20))
        elif len(new_tasks) < task_placements:
            for village, rolls in _roll(goods | tasks).items():
                step(goods, tasks | {village}, new_goods, new_tasks + (village,), chance * Fraction(rolls, 20))
        else:
            out[new_goods, new_tasks] = out.get((new_goods, new_tasks), Fraction(0)) + chance

    step(frozenset(goods), frozenset(tasks), (), (), Fraction(1))
    return out


def village_odds(law: dict) -> dict[int, tuple[Fraction, Fraction]]:
    """village -> (P(it gets goods), P(it gets a task)) in the refill whose `law` is given."""
    goods = {v: Fraction(0) for v in VILLAGES}
    tasks = dict(goods)
    for (new_goods, new_tasks), p in law.items():
        for v in new_goods:
            goods[v] += p
        for v in new_tasks:
            tasks[v] += p
    return {v: (goods[v], tasks[v]) for v in VILLAGES}


def goods_sets(law: dict) -> dict[frozenset, Fraction]:
    """The joint law of where the new goods land: the set of villages -> probability."""
    out: dict[frozenset, Fraction] = {}
    for (goods, _), p in law.items():
        out[frozenset(goods)] = out.get(frozenset(goods), Fraction(0)) + p
    return out


def single_placement(blocked, village: int) -> Fraction:
    """The spec's closed form for one placement: (1 + the run of blocked villages just below `village`,
    cyclically) / 20, 0 for a blocked village."""
    if village in blocked:
        return Fraction(0)
    run, below = 0, (village - 2) % 20 + 1
    while below in blocked and run < 19:
        run, below = run + 1, (below - 2) % 20 + 1
    return Fraction(1 + run, 20)


# -- the bag -----------------------------------------------------------------------------------------------------

def draw_law(bag: dict, cubes: int = VILLAGE_CUBES) -> dict[tuple, Fraction]:
    """The colours of `cubes` drawn from `bag` (colour -> cubes; all that is left when it holds fewer), sorted
    lowest first -> probability, every ordered sequence of colours counted."""
    cubes = min(cubes, sum(bag.values()))
    ways: dict[tuple, int] = {}
    for sequence in product([c for c in COLOURS if bag.get(c)], repeat=cubes):
        left, count = dict(bag), 1
        for colour in sequence:
            count *= max(left[colour], 0)
            left[colour] -= 1
        if count:
            drawn = tuple(sorted(sequence, key=COLOURS.index))
            ways[drawn] = ways.get(drawn, 0) + count
    total = sum(ways.values())
    return {drawn: Fraction(n, total) for drawn, n in ways.items()}


def placement_law(bag: dict, placement: int, cubes: int = VILLAGE_CUBES) -> dict[tuple, Fraction]:
    """What the `placement`-th (1, 2, ...) goods placement of a refill draws, the earlier ones drawn first from
    the same bag."""
    out: dict[tuple, Fraction] = {}

    def step(bag, k, chance):
        for drawn, p in draw_law(bag, cubes).items():
            if k == placement:
                out[drawn] = out.get(drawn, Fraction(0)) + chance * p
            else:
                left = {c: n - drawn.count(c) for c, n in bag.items()}
                step(left, k + 1, chance * p)

    step(dict(bag), 1, Fraction(1))
    return out


def shows(law: dict, colour: str) -> Fraction:
    """P(the village shows at least one cube of `colour`)."""
    return sum((p for drawn, p in law.items() if colour in drawn), Fraction(0))


def lowest(law: dict) -> dict[str, Fraction]:
    """colour -> P(it is the lowest-value cube there: the one a trader must take); nothing drawn is left out."""
    out: dict[str, Fraction] = {}
    for drawn, p in law.items():
        if drawn:
            out[drawn[0]] = out.get(drawn[0], Fraction(0)) + p
    return out


# -- inventory ---------------------------------------------------------------------------------------------------

def strict_winner(counts: dict):
    """The player with strictly the most cubes of a colour, else None (a tie, or nobody holds one)."""
    best = max(counts.values())
    leaders = [player for player, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def inventory_law(mine: int, opponents: list, pool_colour: int, pool_other: int) -> dict:
    """winner ("me", an opponent's name or None) -> P, for one colour: I hold `mine` of it; opponents [(name, known
    cubes of it, unknown cubes or None)].  Each tracked opponent in turn takes his unknown cubes one by one from the
    untracked pool (`pool_colour` of the colour, `pool_other` of the rest); then every cube of the colour still in
    the pool goes to one of the untracked (None) opponents, each equally likely (none: nobody holds it)."""
    tracked = [(name, k) for name, _, k in opponents if k is not None]
    untracked = [name for name, _, k in opponents if k is None]
    out: dict = {}
    for sequence in product((True, False), repeat=sum(k for _, k in tracked)):
        left, ways = {True: pool_colour, False: pool_other}, 1
        for is_colour in sequence:
            ways *= max(left[is_colour], 0)
            left[is_colour] -= 1
        if not ways:
            continue
        drawn, start = {}, 0
        for name, k in tracked:
            drawn[name] = sum(sequence[start:start + k])
            start += k
        owners = list(product(untracked, repeat=left[True])) if untracked else [()]
        for owner in owners:
            counts = {"me": mine, **{name: known + drawn.get(name, 0) + owner.count(name)
                                     for name, known, _ in opponents}}
            winner = strict_winner(counts)
            out[winner] = out.get(winner, 0) + Fraction(ways, len(owners))
    total = sum(out.values())
    return {winner: w / total for winner, w in out.items()}


# -- three players ------------------------------------------------------------------------------------------------

def three_player_winner(points: dict, reading: str):
    """points: player -> (economy, politics, religion).  two_of_three: whoever has strictly the most in two
    categories; else economy, then politics, then religion, compared among those still tied.  sum_two: the most in
    the sum of his two best categories, then the same tie order.  None: still tied."""
    def strictly_most(players, score):
        best = max(score(p) for p in players)
        return [p for p in players if score(p) == best]

    players = list(points)
    if reading == "two_of_three":
        for p in players:
            leads = sum(strictly_most(players, lambda q: points[q][i]) == [p] for i in range(3))
            if leads >= 2:
                return p
    else:
        players = strictly_most(players, lambda q: sum(points[q]) - min(points[q]))
    for i in range(3):
        players = strictly_most(players, lambda q: points[q][i])
    return players[0] if len(players) == 1 else None


# -- the answers of a scenario, read from the scenario itself ------------------------------------------------------

def goods_placements(wanted: int, bag_size: int, short_bag: str) -> int:
    """The goods placements a refill makes, stepped: each takes 5 cubes; a short bag's last cubes are placed
    (place_what_is_left) or not (no_placement); an empty bag places nothing."""
    placed, left = 0, bag_size
    for _ in range(wanted):
        if left >= VILLAGE_CUBES or (left and short_bag == "place_what_is_left"):
            placed, left = placed + 1, max(left - VILLAGE_CUBES, 0)
    return placed


def wanted(data: dict) -> int:
    """The placements the refill asks for, before the bag has its say."""
    villages = data["position"].get("villages", {})
    return sum(max(5 - sum(1 for block in villages.values() if block.get(kind)), 0) for kind in ("goods", "task"))


def scenario_answers(data: dict) -> dict:
    """question -> the reference's answer, read from the scenario dict itself (not through state.py)."""
    rules, position = data.get("rules", {}), data["position"]
    villages = position.get("villages", {})
    goods = {int(v) for v, block in villages.items() if block.get("goods")}
    tasks = {int(v) for v, block in villages.items() if block.get("task")}
    bag = position["bag"]
    refill = position.get("refill", {})
    goods_wanted = refill.get("goods", max(5 - len(goods), 0))
    n_goods = goods_placements(goods_wanted, sum(bag.values()), rules.get("short_bag", "place_what_is_left"))
    n_tasks = refill.get("tasks", max(5 - len(tasks), 0))
    tasks_block = rules.get("occupied_means", "goods_or_task") == "goods_or_task"
    law = refill_law(goods, tasks, n_goods, n_tasks, tasks_block)
    fresh = draw_law(bag)
    low = lowest(fresh)
    out = {"refill": village_odds(law), "goods_sets": goods_sets(law),
           "bag": {c: (shows(fresh, c), low.get(c, Fraction(0))) for c in COLOURS}}
    per_colour = rules.get("resources_per_colour", 12)
    holdings = position["holdings"]
    known = {who: ({} if h == "untracked" else h.get("known", {}) if "unknown" in h else h)
             for who, h in holdings.items()}
    unknown = {who: None if h == "untracked" else h.get("unknown", 0) for who, h in holdings.items()}
    pool = {c: per_colour - bag.get(c, 0) - sum(block.get("goods", []).count(c) for block in villages.values())
            - sum(k.get(c, 0) for k in known.values()) for c in COLOURS}
    opponents = [who for who in holdings if who != "me"]
    out["inventory"] = {c: inventory_law(known["me"].get(c, 0),
                                         [(who, known[who].get(c, 0), unknown[who]) for who in opponents],
                                         pool[c], sum(pool.values()) - pool[c]) for c in COLOURS}
    return out


# -- random positions --------------------------------------------------------------------------------------------

def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: occupied_means, short_bag, resources_per_colour (the illustrative 12 or a small
    given split, so that the bag runs short) and three_player cycle with i (all 16 mixes every 16 positions); the
    rest is drawn as a whole table (villages, goods sharing a task's village under goods_only, holdings, the bag
    the rest of the supply), then some holdings hidden or untracked.
    At most 3 placements and 8 unknown cubes: the reference steps every roll and every draw."""
    players = ["me", "p2", "p3", "p4"][:3 + rng.randrange(2)]
    rules = {"occupied_means": ("goods_or_task", "goods_only")[i % 2],
             "short_bag": ("place_what_is_left", "no_placement")[i // 2 % 2],
             "three_player": ("two_of_three", "sum_two")[i // 8 % 2]}
    if i // 4 % 2:
        rules["resources_per_colour"] = rng.randrange(3, 7)
    supply = [c for c in COLOURS for _ in range(rules.get("resources_per_colour", 12))]
    rng.shuffle(supply)
    goods_wanted = rng.randrange(4)
    tasks_wanted = rng.randrange(4 - goods_wanted)
    spots = rng.sample(VILLAGES, 10 - goods_wanted - tasks_wanted)
    villages = {}
    for v in spots[:5 - goods_wanted]:
        villages[v] = {"goods": sorted((supply.pop() for _ in range(rng.randrange(1, 4))), key=COLOURS.index)}
    for v in spots[5 - goods_wanted:]:
        villages[v] = {"task": rng.sample(COLOURS, rng.randrange(1, 4))}
    if rules["occupied_means"] == "goods_only" and len(spots) > 5 - goods_wanted and rng.random() < 0.4:
        goods_at, task_at = spots[0], spots[-1]  # goods that landed on a task village (only goods_only allows it)
        villages[task_at]["goods"] = villages.pop(goods_at)["goods"]
    holdings, unknown_left = {}, 8
    for who in players:
        held = [supply.pop() for _ in range(min(rng.randrange(5), len(supply)))]
        if who != "me" and len(held) <= unknown_left and rng.random() < 0.2:
            holdings[who], unknown_left = "untracked", unknown_left - len(held)
            continue
        hidden = rng.randrange(min(len(held), unknown_left) + 1) if who != "me" and rng.random() < 0.6 else 0
        unknown_left -= hidden
        count = {c: held[hidden:].count(c) for c in COLOURS if c in held[hidden:]}
        holdings[who] = {"known": count, "unknown": hidden} if who != "me" and (hidden or rng.random() < 0.2) else count
    bag = {c: supply.count(c) for c in COLOURS}
    position = {"villages": villages, "bag": bag, "first_leader": rng.randrange(1, len(players) + 1),
                "round": rng.randrange(1, 13),
                "leaders": dict(zip(players, rng.sample(VILLAGES, len(players)))), "holdings": holdings}
    return {"game": "himalaya", "players": len(players), "rules": rules, "position": position}


def engine_answers(data: dict) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions), on the position
    state.py parses."""
    p = state.parse_position(data)
    supported, out = state.questions(p), {}
    if "odds" in supported:
        payload = analysis.odds(p, None).payload
        out["refill"] = {row["village"]: (Fraction(row["goods_exact"]), Fraction(row["task_exact"]))
                         for row in payload["villages"]}
        out["goods_sets"] = (payload["goods_set_count"],
                             [(frozenset(row["villages"]), Fraction(row["p_exact"])) for row in payload["goods_sets"]])
    if "bag" in supported:
        out["bag"] = {row["colour"]: (Fraction(row["shows_exact"]), Fraction(row["lowest_exact"]))
                      for row in analysis.bag(p, None).payload["colours"]}
    out["inventory"] = {row["colour"]: {None if w == "None" else w: Fraction(q) for w, q in row["winners"].items()
                                        if Fraction(q)}
                        for row in analysis.inventory(p, None).payload["colours"]}
    return out


def likeliest(sets: dict, shown: int = 20) -> tuple[int, list]:
    """(how many sets, the `shown` likeliest (set, P), ties by the villages in order) as `odds` reports them."""
    ranked = sorted(sets.items(), key=lambda item: (-item[1], sorted(item[0])))
    return len(ranked), ranked[:shown]


def reference_agrees(seed: int, positions: int = 16) -> list[tuple]:
    """[(what, exact.py's answer, the reference's)] on `positions` random positions."""
    rng = random.Random(seed)
    rows = []
    for i in range(positions):
        data = random_scenario(rng, i)
        rules = data["rules"]
        label = (f"seed {seed} position {i} ({data['players']}p, {rules['occupied_means']}, {rules['short_bag']}, "
                 f"resources_per_colour {rules.get('resources_per_colour', '12 illustrative')})")
        mine, engine = scenario_answers(data), engine_answers(data)
        mine["goods_sets"] = likeliest(mine["goods_sets"])
        if not wanted(data):
            del mine["refill"], mine["goods_sets"]  # no placement asked: no odds question
        if not sum(data["position"]["bag"].values()):
            del mine["bag"]
        rows += answer_rows(label, engine, mine)
    return rows
