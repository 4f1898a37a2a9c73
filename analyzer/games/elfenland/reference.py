"""The readable Elfenland answers, brute force and exact (rules spec: shared/rules/elfenland.md), computed another way
than exact.py, and straight from the scenario's own fields, so that the two can be held equal (`reference_agrees`):

- The deal: the cards still to come are drawn one by one, each draw any one of the cards left, and the ordered deals
  are counted hand by hand (those reaching the same cards in another order summed) over every ordered deal; no
  binomial coefficients.
- Paying the route: leg by leg, every way of paying it is tried: its matching cards, or (on a road with a counter,
  never water) a caravan of every choice of 3 cards (4 with an obstacle) from the hand; under caravan_when lacking
  the caravan only where the cards left cannot pay the leg.  Without caravans only the matching cards.
- Counters: the 48 counters one by one (kind, copy), the seen ones taken out (open, placed, face up with the
  opponents, mine); a blind draw is any one of the rest, each as likely.  A pick is worth the legs it covers: 1
  where its kind is one a planned leg still lacks (not on a placed road of its kind, not matched by a counter I
  hold, one leg per held counter), else 0.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from analyzer.core.agreement import random_positions
from analyzer.games.elfenland import analysis, state

# the spec's tables, written out again (a raft: no counter, no caravan, no obstacle)
CARDS = {"dragon": 10, "unicorn": 10, "troll": 10, "cycle": 10, "cloud": 10, "pig": 10, "raft": 12}
COUNTERS = ("dragon", "cycle", "unicorn", "cloud", "troll", "pig")
COPIES = 8
TABLE = {  # kind -> terrain -> cards; missing: not allowed
    "pig": {"plain": 1, "forest": 1},
    "cycle": {"plain": 1, "forest": 1, "mountain": 2},
    "cloud": {"plain": 2, "forest": 2, "mountain": 1},
    "unicorn": {"forest": 1, "desert": 2, "mountain": 1},
    "troll": {"plain": 1, "forest": 2, "desert": 2, "mountain": 2},
    "dragon": {"plain": 1, "forest": 2, "desert": 1, "mountain": 1},
}
RAFT = {"downstream": 1, "upstream": 2, "lake": 2}
HAND, CARAVAN = 8, 3


# -- question 1: the deal and the route ----------------------------------------------------------------------------

def deal_draws(pool: dict, k: int) -> dict[tuple, Fraction]:
    """Every hand of k cards dealt from `pool` (kind -> cards), as a sorted tuple of kinds -> its chance: the ordered
    draws reaching it (each draw: one of the cards left of a kind) over every ordered draw of k cards."""
    kinds = list(pool)
    ways = {(0,) * len(kinds): 1}  # cards drawn of each kind -> ordered draws giving them
    for _ in range(k):
        after: dict = {}
        for drawn, n in ways.items():
            for i, kind in enumerate(kinds):
                left = pool[kind] - drawn[i]
                if left > 0:
                    hand = drawn[:i] + (drawn[i] + 1,) + drawn[i + 1:]
                    after[hand] = after.get(hand, 0) + n * left
        ways = after
    orders = 1
    for i in range(k):
        orders *= sum(pool.values()) - i
    return {tuple(sorted(kind for kind, c in zip(kinds, drawn) for _ in range(c))): Fraction(n, orders)
            for drawn, n in ways.items()}


def without(hand: tuple, spent) -> tuple:
    rest = list(hand)
    for card in spent:
        rest.remove(card)
    return tuple(rest)


@lru_cache(maxsize=100_000)
def pays(hand: tuple, legs: tuple, caravans: bool, caravan_when: str = "lacking") -> bool:
    """Whether the sorted `hand` (kinds) pays the legs (kind, matching cards, caravan cards or None) in order."""
    if not legs:
        return True
    (kind, cost, caravan), rest = legs[0], legs[1:]
    matching = hand.count(kind) >= cost
    if matching and pays(without(hand, [kind] * cost), rest, caravans, caravan_when):
        return True
    if not caravans or caravan is None or (caravan_when == "lacking" and matching):
        return False
    spends = set(combinations(hand, caravan))  # every choice of the caravan's cards, as kinds
    return any(pays(without(hand, spent), rest, caravans, caravan_when) for spent in spends)


def deal_odds(hand, pool: dict, k: int, legs, caravan_when: str) -> tuple[Fraction, Fraction]:
    """(P(my hand after the deal pays the route with matching cards only), P(with caravans))."""
    plain = caravans = Fraction(0)
    for dealt, chance in deal_draws(pool, k).items():
        full = tuple(sorted(tuple(hand) + dealt))
        if pays(full, tuple(legs), False):
            plain += chance
            caravans += chance  # what the matching cards pay, they pay with caravans allowed too
        elif pays(full, tuple(legs), True, caravan_when):
            caravans += chance
    return plain, caravans


def leg(block: dict, board=None) -> tuple:
    """A scenario's route leg -> (kind, matching cards, caravan cards or None); a land leg without its terrain
    reads it off the scenario's map (`position.map`: printed, or {file: ...}) as a player would."""
    kind, obstacle = block["kind"], block.get("obstacle", False)
    if "cost" in block:
        cost = block["cost"]
    elif kind == "raft":
        cost = RAFT[block["water"]]
    else:
        cost = TABLE[kind][block.get("terrain") or land_of(block["road"], board)]
    return kind, cost + obstacle, None if kind == "raft" else CARAVAN + obstacle


def land_of(road: str, board) -> str:
    """The land terrain of the road `A-B` on the map file (yaml rows [town, town, terrain])."""
    import yaml

    path = Path(__file__).with_name("printed_map.yaml") if board in (None, "printed") else Path(board["file"])
    a, b = road.split("-")
    rows = yaml.safe_load(path.read_text())["roads"]
    return next(t for x, y, t in rows if {x, y} == {a, b} and t not in ("river", "lake"))


# -- question 2: the counters ------------------------------------------------------------------------------------

def unseen_counters(seen) -> list[tuple[str, int]]:
    """The 48 counters (kind, copy) less one copy for every counter in `seen`."""
    left = [(kind, copy) for kind in COUNTERS for copy in range(COPIES)]
    for kind in seen:
        left.remove(next(c for c in left if c[0] == kind))
    return left


def blind_odds(unseen) -> dict[str, Fraction]:
    """P(a blind draw is kind X): the unseen counters that are X among every one of them."""
    return {kind: Fraction(sum(1 for c in unseen if c[0] == kind), len(unseen)) for kind in COUNTERS}


def lacking_legs(route, placed, held) -> list[str]:
    """The kinds of my planned counter legs still lacking a counter, one entry a leg."""
    on_roads = [(p["road"], p["kind"]) for p in placed if isinstance(p, dict) and p.get("road") is not None]
    lacking = [b["kind"] for b in route if b["kind"] != "raft" and (b.get("road"), b["kind"]) not in on_roads]
    for kind in held:  # a counter I hold goes on one leg of its kind
        if kind in lacking:
            lacking.remove(kind)
    return lacking


def pick_values(open_counters, unseen, lacking) -> dict[str, Fraction]:
    """The legs one pick covers: each open counter (1 or 0), and a blind draw averaged over every unseen one."""
    values = {f"open {kind}": Fraction(int(kind in lacking)) for kind in open_counters}
    if unseen:
        values["blind"] = Fraction(sum(1 for c in unseen if c[0] in lacking), len(unseen))
    return values


# -- the answers of a scenario -----------------------------------------------------------------------------------

def answers(data: dict) -> dict:
    """question -> the reference's answer, read from the scenario dict's own fields (the questions it supports)."""
    rules, p = data.get("rules") or {}, data["position"]
    me = p.get("me") or {}
    hand = list(me.get("hand") or [])
    out_of_deck = hand + (list(p.get("discards") or []) if rules.get("deck_reshuffle") == "when_empty" else [])
    pool = {kind: n - out_of_deck.count(kind) for kind, n in CARDS.items()}
    to_deal = HAND - len(hand) if p.get("phase", "deal") == "deal" else 0
    hidden = me.get("hidden_counter")
    held = list(me.get("counters") or []) + ([hidden] if isinstance(hidden, str) else list(hidden or []))
    placed = list(p.get("placed") or [])
    seen = (list(p.get("open_counters") or []) + [x["kind"] if isinstance(x, dict) else x for x in placed]
            + list(p.get("opponent_counters") or []) + held)
    unseen = unseen_counters(seen)
    route = list(p.get("route") or [])
    lacking = lacking_legs(route, placed, held)
    out = {}
    if route:
        out["odds"] = deal_odds(hand, pool, to_deal, [leg(b, p.get("map")) for b in route], rules.get("caravan_when", "lacking"))
    if unseen:
        out["blind"] = blind_odds(unseen)
    if lacking and (unseen or p.get("open_counters")):
        out["ev"] = pick_values(p.get("open_counters") or [], unseen, lacking)
    return out


def engine_answers(data: dict) -> dict:
    """The same answers read back from analysis.py's payloads (the `_exact` strings as Fractions)."""
    p = state.parse_position(data)
    out, supported = {}, state.questions(p)
    if "odds" in supported:
        payload = analysis.odds(p, None).payload
        out["odds"] = (_exact(payload, "p_no_caravans"), _exact(payload, "p_caravans"))
    if "blind" in supported:
        out["blind"] = {k: _exact(v, "p") for k, v in analysis.blind(p, None).payload["odds"].items()}
    if "ev" in supported:
        out["ev"] = {o["pick"]: _exact(o, "value") for o in analysis.ev(p, None).payload["options"]}
    return out


def _exact(block: dict, key: str):
    text = block.get(f"{key}_exact")
    return Fraction(text) if text is not None else ("not exact", block[key])


# -- random scenarios --------------------------------------------------------------------------------------------

def random_leg(rng: random.Random) -> dict:
    kind = rng.choice(list(CARDS))
    block: dict = {"kind": kind}
    if rng.random() < 0.6:
        block["road"] = f"road-{rng.randrange(6)}"
    if kind == "raft":
        block["water"] = rng.choice(list(RAFT))
    elif rng.random() < 0.2:
        block["cost"] = rng.randrange(1, 3)
    else:
        block["terrain"] = rng.choice(list(TABLE[kind]))
    if kind != "raft" and rng.random() < 0.25:
        block["obstacle"] = True
    return block


def random_scenario(rng: random.Random, i: int) -> dict:
    """Position i of a seeded run: caravan_when, later_round_counters and deck_reshuffle cycle with i (all 8 mixes
    every 8 positions), the other settings and the rest drawn; a round-1 deal (8 cards to come) every 8th."""
    rules = {"caravan_when": ("lacking", "any")[i % 2],
             "later_round_counters": ("two_face_down", "one_face_down")[i // 2 % 2],
             "deck_reshuffle": ("every_round", "when_empty")[i // 4 % 2],
             "elvenhold_piece": rng.random() < 0.5, "town_cards": rng.random() < 0.5,
             "town_distance": rng.choice(("roads", "towns_between")), "opponent_keep": "exchangeable"}
    round_ = 1 if i % 8 == 7 else rng.randrange(2, 5)
    phase = "deal" if round_ == 1 or rng.random() < 0.75 else rng.choice(("counters", "planning", "move"))
    deck = [kind for kind, n in CARDS.items() for _ in range(n)]
    rng.shuffle(deck)
    kept = 0 if round_ == 1 else rng.randrange(2, 5) if phase == "deal" else rng.randrange(3, 9)
    hand, deck = deck[:kept], deck[kept:]
    discards = deck[:rng.randrange(12)] if round_ > 1 else []
    counters = [kind for kind in COUNTERS for _ in range(COPIES)]
    rng.shuffle(counters)
    hidden = 2 if round_ > 1 and rules["later_round_counters"] == "two_face_down" and rng.random() < 0.4 else 1
    me = {"hand": hand, "counters": [counters.pop() for _ in range(rng.randrange(4))],
          "hidden_counter": [counters.pop() for _ in range(hidden)] if hidden == 2 else counters.pop(),
          "obstacle": rng.random() < 0.5, "town": "Elvenhold", "towns_left": rng.randrange(21)}
    route = [random_leg(rng) for _ in range(rng.randrange(1, 3 if round_ == 1 else 6))]
    placed, roads = [], set()
    for b in route:  # one counter a road: of the leg's kind mostly
        if b.get("road") not in roads | {None} and b["kind"] != "raft" and rng.random() < 0.3:
            kind = b["kind"] if rng.random() < 0.7 else rng.choice(COUNTERS)
            if kind in counters:
                counters.remove(kind)
                placed.append({"road": b["road"], "kind": kind})
                roads.add(b["road"])
    placed += [counters.pop() for _ in range(rng.randrange(4))]
    position = {"round": round_, "phase": phase, "me": me, "route": route, "placed": placed,
                "open_counters": [counters.pop() for _ in range(rng.randrange(6))],
                "opponent_counters": [counters.pop() for _ in range(rng.randrange(6))], "discards": discards}
    if phase == "deal" and rng.random() < 0.5:
        position["cards_to_deal"] = HAND - kept
    return {"game": "elfenland", "players": rng.randrange(2, 7), "rules": rules, "position": position}


def reference_agrees(seed: int, positions: int = 8) -> list[tuple]:
    """[(what, analysis.py's answer on exact.py, the reference's)] on `positions` random scenarios."""
    def label(data) -> str:
        s, p = data["rules"], data["position"]
        return (f"round {p['round']} {p['phase']}, caravan_when {s['caravan_when']}, {s['later_round_counters']}, "
                f"deck_reshuffle {s['deck_reshuffle']}")

    return random_positions(seed, positions, random_scenario, label, engine_answers, answers)
