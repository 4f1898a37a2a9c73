"""Player models for full Camel Up games (`game.py`): each chooses one action per game, batched.

- `random`: a uniformly random legal *kind* of action (leg bet, desert tile, pyramid,
  overall card), then a uniformly random legal action of that kind.
- `greedy`: the action with the most expected coins now, by the `ev` convention (change
  in the player's expected coins by leg end, overall cards by race end, nobody else
  acting; the pyramid tile is worth its coin).  Estimated per decision from a fixed budget
  of rollouts, batched across every game at once: `rollouts` rollouts of the rest of the
  leg give the leg-bet odds and the landings on every empty space (a desert tile's value
  is taken as the landings there, to first order: the tile's own pushes and its effect
  on the leg tiles one holds are left out), and the first `race_rollouts` of them are
  played on to the end of the race for the overall cards.
- `greedy-exact`: the same choice from exact leg odds and exact desert values (every
  layout enumerated, as `analyzer ev` does) and `race_rollouts` races; slow, one game at
  a time, the yardstick for `greedy`.
- `heuristic`: rules of thumb a strong player uses, first that applies:
  1. take the leg leader's top tile while it is the best tile (bet the leader early);
  2. back the leader to win the race once it is within `HEURISTIC_NEAR` spaces of the
     finish and `HEURISTIC_CLEAR` spaces clear of the second camel (its odds are high);
  3. bet the last camel to lose the race under the same conditions, when it trails the
     next one by `HEURISTIC_CLEAR` spaces;
  4. with 3 or more dice still in the pyramid and one's desert tile in hand, lay it as an
     oasis where landings are likeliest (most camels one roll away, dice still to come),
     if at least one landing is expected from the next roll of each die;
  5. take the leader's top tile while it is worth 3 or more, or 2 with 2 or fewer dice left;
  6. take a pyramid tile.

Overall cards already on a pile are of unknown colour; `greedy` prices a card as `ev`
does, as if they all backed the same camel (the next rung of the ladder, a lower bound).
Every model draws only from the generator it is given, never from the dice of the game.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import sim
from analyzer.games.camelup.game import DESERT, LEG, PYRAMID, WINNER

NAMES = ("random", "greedy", "greedy-exact", "heuristic")
GREEDY_ROLLOUTS = 64  # leg rollouts per decision
GREEDY_RACE_ROLLOUTS = 64  # of which played on to the end of the race (all of them)
EXACT_RACE_ROLLOUTS = 20_000
HEURISTIC_NEAR = 6
HEURISTIC_CLEAR = 2
OPENINGS = ("pyramid", "leg-bet-leader", "leg-bet-second", "desert-oasis", "desert-mirage",
            "race-winner-leader", "race-loser-last")


@dataclass(frozen=True)
class PolicySpec:
    name: str
    rollouts: int = 0  # greedy: leg rollouts per decision
    race_rollouts: int = 0  # greedy, greedy-exact: races per decision for the overall cards

    @property
    def label(self) -> str:
        if self.name == "greedy" and (self.rollouts, self.race_rollouts) != (GREEDY_ROLLOUTS, GREEDY_RACE_ROLLOUTS):
            return f"greedy({self.rollouts}/{self.race_rollouts})"
        if self.name == "greedy-exact" and self.race_rollouts != EXACT_RACE_ROLLOUTS:
            return f"greedy-exact({self.race_rollouts})"
        return self.name

    def describe(self) -> str:
        return DESCRIPTIONS[self.name].format(rollouts=self.rollouts, race_rollouts=self.race_rollouts)


def parse_seats(value, field: str, players: int) -> tuple[PolicySpec, ...]:
    """One policy for every seat (a name or a mapping), or a list with one per seat (seat 0 moves first)."""
    from analyzer.core import scenario as sc

    if isinstance(value, (str, dict)):
        return (parse_spec(value, field),) * players
    values = sc.sequence(value, field)
    if len(values) != players:
        raise ScenarioError(field, f"needs one policy per seat ({players}), got {len(values)}; or one name for all")
    return tuple(parse_spec(v, f"{field}[{i}]") for i, v in enumerate(values))


def parse_spec(value, field: str) -> PolicySpec:
    """`random`, `greedy`, `greedy-exact`, `heuristic`, or a mapping such as
    {policy: greedy, rollouts: 256, race_rollouts: 64}."""
    from analyzer.core import scenario as sc

    if isinstance(value, dict):
        block = sc.mapping(value, field, {"policy", "rollouts", "race_rollouts"})
        name = sc.choice(block.get("policy"), f"{field}.policy", NAMES)
        if name in ("random", "heuristic") and set(block) - {"policy"}:
            raise ScenarioError(f"{field}.{sorted(set(block) - {'policy'})[0]}", f"{name} takes no settings")
        if name == "greedy-exact" and "rollouts" in block:
            raise ScenarioError(f"{field}.rollouts", "greedy-exact enumerates the leg; it takes race_rollouts only")
        default_race = EXACT_RACE_ROLLOUTS if name == "greedy-exact" else GREEDY_RACE_ROLLOUTS
        rollouts = sc.integer(block.get("rollouts", GREEDY_ROLLOUTS), f"{field}.rollouts", 1, 100_000)
        race = sc.integer(block.get("race_rollouts", default_race), f"{field}.race_rollouts", 0, 1_000_000)
        if name == "greedy" and race > rollouts:
            raise ScenarioError(f"{field}.race_rollouts", f"at most rollouts ({rollouts}): races continue leg rollouts")
        return _spec(name, rollouts, race)
    if not isinstance(value, str) or value not in NAMES:
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(NAMES)}, or a mapping like "
                                   "{policy: greedy, rollouts: 256, race_rollouts: 64}")
    return _spec(value, GREEDY_ROLLOUTS,
                 EXACT_RACE_ROLLOUTS if value == "greedy-exact" else GREEDY_RACE_ROLLOUTS)


def _spec(name, rollouts, race) -> PolicySpec:
    if name in ("random", "heuristic"):
        return PolicySpec(name)
    if name == "greedy-exact":
        return PolicySpec(name, 0, race)
    return PolicySpec(name, rollouts, race)


def batch_size(spec: PolicySpec) -> int:
    """Games per batch when this model sits at the table (part of what a seed means)."""
    if spec.name == "greedy":  # about 65,536 rollout rows per decision; a power of two
        return 1 << max(4, min(10, (65_536 // max(spec.rollouts, 1)).bit_length() - 1))
    if spec.name == "greedy-exact":
        return 16
    return 8192


def make(spec: PolicySpec, config):
    return {"random": Random, "greedy": Greedy, "greedy-exact": GreedyExact, "heuristic": Heuristic}[spec.name](spec)


DESCRIPTIONS = {
    "random": "a random legal kind of action (leg bet, desert tile, pyramid, overall card), then a random "
              "legal action of that kind",
    "greedy": "the action with the most expected coins now (the `ev` convention), estimated from {rollouts} leg "
              "rollouts per decision ({race_rollouts} of them played on to the race end for the overall cards); a "
              "desert tile is valued by the landings expected on its space",
    "greedy-exact": "the action with the most expected coins now, from exact leg odds and exact desert values "
                    "({race_rollouts:,} races for the overall cards)",
    "heuristic": "bet the leg leader's best tile early; back the leader to win (and the last camel to lose) once "
                 f"the leader is within {HEURISTIC_NEAR} spaces of the line and {HEURISTIC_CLEAR} clear; lay an "
                 "oasis where landings are likeliest; bet the leader's 3 late in the leg; else take a pyramid tile",
}


# -- shared pieces ---------------------------------------------------------------------------------

def standings(games, rows):
    """(rows, racing camels) racing camels from first to last, and (rows, camels) every camel's space."""
    keys = games.order_keys(rows)
    return np.argsort(-keys, axis=1, kind="stable"), games.camel_spaces(rows)


def tile_values(games, rows):
    """(rows, camels) value of the top leg tile of each colour; 0 where the stack is empty."""
    return games.tiles[games.taken[rows]]


def landing_weights(games, rows):
    """(rows, spaces 2..L) expected landings on each space from the next roll of every die still in
    the pyramid, counting each die's camel from where it stands (stacks ignored; the grey die
    moves either crazy camel backwards, half the time each, override rules ignored)."""
    space = games.camel_spaces(rows)
    waiting = ((games.rolled[rows][:, None] >> np.arange(games.camels)) & 1 == 0).astype(np.float64)
    faces = np.asarray(games.rules.die_faces)
    gap = games.space.spaces[None, None, :] - space[:, :, None]  # (rows, camels, spaces)
    if games.crazy:
        gap[:, games.racing:] *= -1
        waiting[:, games.racing:] /= games.camels - games.racing
    hit = np.isin(gap, faces).astype(np.float64) / len(faces)
    return (hit * waiting[:, :, None]).sum(1)


def best_desert(games, rows, seat, push: int):
    """The legal desert action with the highest landing weight, and that weight (-1: none legal)."""
    legal = games.desert_legal(rows, seat)
    weight = np.where(legal, landing_weights(games, rows), -1.0)
    best = weight.argmax(1)
    return games.space.desert(games.space.spaces[best], push), weight[np.arange(rows.size), best]


class Random:
    def __init__(self, spec):
        self.spec = spec

    def choose(self, games, rows, seat, u, rng):
        """Kind by u[:, 0] among the kinds with a legal action, then the action by u[:, 1]."""
        from analyzer.games.camelup.game import expand_bits

        s = games.space
        n = rows.size
        every = slice(None) if n == games.rows else rows  # rows are sorted and distinct: all rows is a view
        leg = games.taken[every] < len(games.rules.leg_tiles)
        desert = games.desert_bits(rows, seat)
        cards = games.card[every, seat] == 0
        n_leg, n_desert, n_cards = leg.sum(1), np.bitwise_count(desert).astype(np.int64), cards.sum(1)
        has_leg, has_desert, has_cards = (n_leg > 0).astype(np.int64), (n_desert > 0).astype(np.int64), n_cards > 0
        pick = (u[:, 0] * (1 + has_leg + has_desert + has_cards)).astype(np.int64)  # the pick-th open kind
        # kinds in order leg, desert, pyramid, overall; pick counts only the open ones
        kind = np.where((has_leg == 1) & (pick == 0), LEG,
                        np.where((has_desert == 1) & (pick == has_leg), DESERT,
                                 np.where(pick == has_leg + has_desert, PYRAMID, WINNER)))
        action = np.full(n, s.pyramid, dtype=np.int64)
        sel = np.flatnonzero(kind == LEG)
        if sel.size:
            action[sel] = s.leg0 + nth_true(leg[sel], (u[sel, 1] * n_leg[sel]).astype(np.int64))
        sel = np.flatnonzero(kind == DESERT)
        if sel.size:  # a space, then a side
            nth = (u[sel, 1] * 2 * n_desert[sel]).astype(np.int64)
            space = nth_true(expand_bits(desert[sel], s.spaces), nth >> 1)
            action[sel] = s.desert0 + 2 * space + (nth & 1)
        sel = np.flatnonzero(kind == WINNER)
        if sel.size:  # a pile, then a camel
            nth = (u[sel, 1] * 2 * n_cards[sel]).astype(np.int64)
            loser = nth >= n_cards[sel]
            camel = nth_true(cards[sel], nth - loser * n_cards[sel])
            action[sel] = np.where(loser, s.loser0, s.winner0) + camel
        return action


def nth_true(mask, nth):
    """Column of the nth (from 0) True in each row of `mask`."""
    return (np.cumsum(mask, axis=1, dtype=np.int8) <= nth[:, None]).sum(1)


class Heuristic:
    def __init__(self, spec):
        self.spec = spec

    def choose(self, games, rows, seat, u, rng):
        s, rules = games.space, games.rules
        idx = np.arange(rows.size)
        order, space = standings(games, rows)
        leader, second, last = order[:, 0], order[:, 1], order[:, -1]
        lead_space, second_space = space[idx, leader], space[idx, second]
        last_space, next_space = space[idx, last], space[idx, order[:, -2]]
        values = tile_values(games, rows)
        leader_tile = values[idx, leader]
        dice_left = games.dice_per_leg - games.out[rows]
        free = games.card[rows, seat] == 0
        late = lead_space >= rules.track_length + 1 - HEURISTIC_NEAR
        oasis, weight = best_desert(games, rows, seat, +1)

        action = np.full(rows.size, s.pyramid, dtype=np.int64)
        rules_of_thumb = [  # last applied wins, so listed from the weakest
            ((leader_tile >= 3) | ((leader_tile >= 2) & (dice_left <= 2)), s.leg0 + leader),
            ((dice_left >= 3) & (games.dspace[rows, seat] == 0) & (weight >= 1.0), oasis),
            (late & (next_space - last_space >= HEURISTIC_CLEAR) & free[idx, last], s.loser0 + last),
            (late & (lead_space - second_space >= HEURISTIC_CLEAR) & free[idx, leader], s.winner0 + leader),
            ((leader_tile > 0) & (leader_tile == max(rules.leg_tiles)), s.leg0 + leader),
        ]
        for when, what in rules_of_thumb:
            action = np.where(when, what, action)
        return action


def opening(name: str, games, rows, seat):
    """A forced first action for `analyzer balance` variants (`opening:`): always legal at the start."""
    s = games.space
    order, _ = standings(games, rows)
    if name == "pyramid":
        return np.full(rows.size, s.pyramid)
    if name == "leg-bet-leader":
        return s.leg0 + order[:, 0]
    if name == "leg-bet-second":
        return s.leg0 + order[:, 1]
    if name in ("desert-oasis", "desert-mirage"):
        return best_desert(games, rows, seat, +1 if name == "desert-oasis" else -1)[0]
    if name == "race-winner-leader":
        return s.winner0 + order[:, 0]
    if name == "race-loser-last":
        return s.loser0 + order[:, -1]
    raise ValueError(name)


def overall_values(games, rows, seat, win_p, lose_p):
    """(rows, 2 * camels) EV of a winner card, then a loser card, on each camel (ev's convention)."""
    rules = games.rules
    piles = games.piles[rows]
    pays_w = games.ladder[piles[:, 0]][:, None]
    pays_l = games.ladder[piles[:, 1]][:, None]
    wrong = rules.overall_wrong_pays
    return np.concatenate([win_p * pays_w + (1 - win_p) * wrong, lose_p * pays_l + (1 - lose_p) * wrong], axis=1)


def leg_bet_values(games, rows, p1, p2):
    rules = games.rules
    value = tile_values(games, rows)
    return value * p1 + rules.leg_second_pays * p2 + rules.leg_other_pays * (1 - p1 - p2)


class Greedy:
    def __init__(self, spec):
        self.spec = spec

    def choose(self, games, rows, seat, u, rng):
        values = self.values(games, rows, seat, rng)
        return values.argmax(1)

    def values(self, games, rows, seat, rng):
        """(rows, actions) the estimated EV of every action; -inf where illegal."""
        s, rules = games.space, games.rules
        n, r = rows.size, self.spec.rollouts
        p1, p2, hits, end = leg_rollouts(games, rows, r, rng)
        values = np.full((n, s.size), -np.inf)
        values[:, :s.desert0] = leg_bet_values(games, rows, p1, p2)
        land = hits[:, s.spaces + sim.BIAS] / r  # expected units ending a roll on each space
        own = games.dspace[rows, seat]
        own_land = np.where(own > 0, hits[np.arange(n), own + sim.BIAS] / r, 0.0)
        gain = rules.desert_tile_pays * (land - own_land[:, None])
        values[:, s.desert0:s.pyramid:2] = gain
        values[:, s.desert0 + 1:s.pyramid:2] = gain - 1e-9  # a tie goes to the oasis
        values[:, s.pyramid] = rules.pyramid_tile_pays
        free = games.card[rows, seat] == 0
        if self.spec.race_rollouts and free.any():
            win_p, lose_p = race_rollouts(games, end, self.spec.race_rollouts, r, rng)
            values[:, s.winner0:] = overall_values(games, rows, seat, win_p, lose_p)
        values[~games.legal(rows, seat)] = -np.inf
        return values


def leg_rollouts(games, rows, r, rng):
    """r rollouts of the rest of the leg in each game of `rows`, all in one batch.

    Dice slot d < R is racing camel d's die, slot R the grey die (crazy camels only).
    Returns p1, p2 (rows, racing camels): the share of rollouts each camel ends the leg 1st / 2nd;
    hits (rows, bytes): units ending a roll on each byte (space + BIAS), summed over rollouts;
    and the rollouts' end states (pos, height, live, game) for race rollouts."""
    rules, c, k = games.rules, games.camels, games.racing
    n = rows.size
    rep = np.repeat(rows, r)
    local = np.repeat(np.arange(n), r)
    pos, height = games.pos[rep], games.height[rep]
    # a random order of all the dice; those already out are skipped, which leaves the rest in random order
    dice = k + (games.crazy is not None)
    perms = sim._permutations(dice)
    draw = rng.integers(len(perms) * len(rules.die_faces) ** dice * (2 if games.crazy else 1), size=n * r)
    order = perms[draw % len(perms)].astype(np.uint64)
    draw //= len(perms)
    if games.crazy:  # the colour the grey die shows
        colour = np.uint64(k) + (draw % 2).astype(np.uint64)
        draw //= 2
    faces = np.asarray(rules.die_faces, dtype=np.uint64)
    waiting = games.rolled[rep]  # bitmask of the dice already out
    k_left = games.dice_per_leg - games.out[rep]  # rolls left this leg
    live = np.ones(n * r, dtype=bool)
    width = games.width
    hits = np.zeros(n * width, dtype=np.int64)
    effects, variant = (games.eff, rep) if games.any_tile else (None, None)
    for i in range(dice):
        camel, backward = order[:, i], None
        out_already = (waiting >> camel.astype(np.int64)) & 1 == 1
        act = live & ~out_already & (k_left > 0)
        steps = np.where(act, faces[draw % len(faces)], np.uint64(0))
        draw //= len(faces)
        k_left = k_left - act
        if games.crazy:
            backward = camel == np.uint64(k)
            camel = sim.grey_camel(pos, height, camel, colour, backward, games.crazy, k)
            steps = np.where(backward, np.uint64(0) - steps, steps)
        pos, height, target, stop = sim.move(pos, height, camel, steps, effects, variant, backward)
        hits += np.bincount(local[act] * width + target[act].astype(np.int64), minlength=n * width)
        live &= ~sim.race_over(stop, rules)
    keys = sim.order_keys(pos, height, c, k)[:, :k]
    first = keys.argmax(1)
    keys[np.arange(n * r), first] = -2
    second = keys.argmax(1)
    p1 = np.bincount(local * k + first, minlength=n * k).reshape(n, k) / r
    p2 = np.bincount(local * k + second, minlength=n * k).reshape(n, k) / r
    return p1, p2, hits.reshape(n, width), (pos, height, live, local)


def race_rollouts(games, end, k, r, rng, max_legs: int = 64):
    """Play the first k of each game's r leg rollouts on to the end of the race (every die each
    leg, no desert tiles).  Returns P(win), P(lose) per (game, racing camel)."""
    rules, c = games.rules, games.racing
    pos, height, live, local = end
    n = local.size // r
    keep = np.arange(local.size) % r < k
    pos, height, live, local = pos[keep], height[keep], live[keep].copy(), local[keep]
    win = np.zeros(n * c, dtype=np.int64)
    lose = np.zeros(n * c, dtype=np.int64)
    dice = sim.fresh_leg_dice(rules)
    for _ in range(max_legs + 1):
        done = ~live
        if done.any():
            key = sim.order_keys(pos[done], height[done], games.camels, c)[:, :c]
            win += np.bincount(local[done] * c + key.argmax(1), minlength=n * c)
            lose += np.bincount(local[done] * c + np.where(key < 0, 1 << 30, key).argmin(1), minlength=n * c)
            pos, height, live, local = pos[live], height[live], live[live], local[live]
        if not live.size:
            break
        pos, height = sim.play_leg(pos, height, live, dice, None, rules, rng)
    else:
        raise RuntimeError("race rollouts still running after 64 legs")
    return win.reshape(n, c) / k, lose.reshape(n, c) / k


class GreedyExact:
    """Greedy from exact leg and desert values; one game at a time (slow: the yardstick)."""

    def __init__(self, spec):
        self.spec = spec

    def choose(self, games, rows, seat, u, rng):
        return self.values(games, rows, seat, rng).argmax(1)

    def values(self, games, rows, seat, rng):
        legal = games.legal(rows, seat)
        out = np.full(legal.shape, -np.inf)
        for i, row in enumerate(rows):
            out[i] = exact_values(games, int(row), seat, rng, self.spec.race_rollouts)
        out[~legal] = -np.inf
        return out


def position_of(games, row: int, seat: int):
    """The Position (state.py) of one game, as `analyzer ev` sees it from `seat`.

    Held leg tiles are kept per colour as a count and a sum of values; they are handed over
    as one tile of the summed value plus tiles of value 0, which prices the same (the
    value of held tiles is linear in their values)."""
    from analyzer.games.camelup.state import DesertTile, Position

    rules, c, p, k = games.rules, games.camels, games.players, games.racing
    space = sim.unpack(games.pos[row:row + 1], c)[0].astype(int) - sim.BIAS
    level = sim.unpack(games.height[row:row + 1], c)[0]
    stacks: dict[int, list[int]] = {}
    for camel in np.argsort(level, kind="stable"):
        stacks.setdefault(int(space[camel]), []).append(int(camel))
    rolled = int(games.rolled[row])
    dice = tuple(camel for camel in range(k) if not (rolled >> camel) & 1)
    desert = tuple(sorted((DesertTile(int(games.dspace[row, q]), int(games.eff[row, games.dspace[row, q] + sim.BIAS]
                                                                    .astype(np.int64)), q)
                           for q in range(p) if games.dspace[row, q]), key=lambda t: t.space))
    tiles_left = tuple(tuple(rules.leg_tiles[games.taken[row, camel]:]) if camel < k else () for camel in range(c))
    held = []
    for q in range(p):
        hand = []
        for camel in range(k):
            count, total = int(games.held_n[row, q, camel]), int(games.held_v[row, q, camel])
            if count:
                hand += [(camel, total)] + [(camel, 0)] * (count - 1)
        held.append(tuple(hand))
    placed = tuple(frozenset(int(camel) for camel in np.flatnonzero(games.card[row, q])) for q in range(p))
    return Position(rules, p, {s: tuple(v) for s, v in sorted(stacks.items())}, dice, desert, tiles_left,
                    tuple(held), (int(games.piles[row, 0]), int(games.piles[row, 1])), placed,
                    tuple(int(m) for m in games.money[row]), seat,
                    grey_die_left=games.crazy is not None and not (rolled >> k) & 1)


def exact_values(games, row: int, seat: int, rng, race_rollouts: int) -> np.ndarray:
    """EV of every action of one game as `analyzer ev` prices them: `actions.exact_actions` for
    the leg actions (exact), `race_rollouts` races for the overall cards."""
    from analyzer.games.camelup.exact_ev import exact_actions

    s, rules = games.space, games.rules
    position = position_of(games, row, seat)
    names = {name: i for i, name in enumerate(rules.camels)}
    out = np.full(s.size, -np.inf)
    for name, value in exact_actions(position, seat):
        words = name.split()
        if words[0] == "leg-bet":
            out[s.leg0 + names[words[1]]] = value
        elif words[0] == "pyramid":
            out[s.pyramid] = value
        elif words[0] == rules.tile_name:
            out[s.desert(int(words[2]), 1 if words[1] == rules.tile_sides[0] else -1)] = value
    if race_rollouts and (games.card[row, seat] == 0).any():
        race = sim.race_counts(position, race_rollouts, rng)
        rows = np.array([row])
        k = games.racing
        out[s.winner0:] = overall_values(games, rows, seat, race["win"][None, :k] / race["n"],
                                         race["lose"][None, :k] / race["n"])[0]
    return out
