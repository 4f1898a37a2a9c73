"""Player models for full Camel Up games (`game.py`): each chooses one action per game, batched.

- `random`: a uniformly random legal *kind* of action (leg bet, desert tile, pyramid,
  overall card; then, where the rules have them, photographer, placement bet, partnership),
  then a uniformly random legal action of that kind.  With the Supercup boost action its
  follow-up is uniform over "none" and every legal boost die.
- `greedy`: the action with the most expected coins now, by the `ev` convention (change
  in the player's expected coins by leg end, overall cards by race end, nobody else
  acting; the pyramid tile is worth its coin).  Estimated per decision from a fixed budget
  of rollouts, batched across every game at once: `rollouts` rollouts of the rest of the
  leg give the leg-bet odds and the landings on every empty space (a desert tile's value
  is taken as the landings there, to first order: the tile's own pushes and its effect
  on the leg tiles one holds are left out), and for the overall cards the first
  `race_rollouts` of them are looked up, where they end the leg, in the exact race table
  (`race_exact`: the exact rest of the race from that board; rule sets with a small table,
  `greedy_race_table`), or else played on to the end of the race.  The Supercup actions are
  priced from the same rollouts: the camera on a space is worth the camels of the first
  unit to end a move there this leg (less what the camera one holds would have earned), a
  placement bet its hit/miss pay on the camel's place (less the covered tile's leg-bet
  value), a partnership the partner's best single tile this leg (at least 0).  The boost
  follow-up is a second batch of `rollouts` leg rollouts, the pyramid as it is and with each
  legal boost die thrown in, on common dice: a die is thrown in when it raises the player's
  leg coins (tiles, placement bets, own desert tile, camera, partner's best tile) by more
  than the pyramid tile handed back; the best such die.
- `greedy-exact`: the same choice from exact leg odds and exact desert values (every
  layout enumerated, as `analyzer ev` does: the Supercup actions and the boost follow-up
  too, at `ev`'s prices) and exact race odds for the overall cards (where `greedy` reads the
  table; else `race_rollouts` races); slow, one game at a time, the yardstick for `greedy`.
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
  It takes no Supercup action and never boosts.

Overall cards already on a pile are of unknown colour; `greedy` prices a card as `ev`
does, as if they all backed the same camel (the next rung of the ladder, a lower bound).
Every model draws only from the generator it is given, never from the dice of the game.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.games.camelup import sim
from analyzer.games.camelup.game import DESERT, LEG, PARTNER, PHOTO, PLACE, PLACE_NAMES as PLACE_LABELS, PYRAMID, WINNER
from analyzer.games.camelup.game import leg_ranks

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
                                   "{policy: greedy, rollouts: 256, race_rollouts: 64}" + did_you_mean(value, NAMES))
    return _spec(value, GREEDY_ROLLOUTS,
                 EXACT_RACE_ROLLOUTS if value == "greedy-exact" else GREEDY_RACE_ROLLOUTS)


def _spec(name, rollouts, race) -> PolicySpec:
    if name in ("random", "heuristic"):
        return PolicySpec(name)
    if name == "greedy-exact":
        return PolicySpec(name, 0, race)
    return PolicySpec(name, rollouts, race)


def batch_size(spec: PolicySpec, rules=None) -> int:
    """Games per batch when this model sits at the table (part of what a seed means); cheap models
    play Supercup rule sets (`rules`) in batches twice as large: their games are longer, and a turn's
    fixed cost is then shared by more games."""
    if spec.name == "greedy":  # about 65,536 rollout rows per decision; a power of two
        return 1 << max(4, min(10, (65_536 // max(spec.rollouts, 1)).bit_length() - 1))
    if spec.name == "greedy-exact":
        return 16
    return 16_384 if rules is not None and rules.supercup else 8192


def make(spec: PolicySpec, config):
    return {"random": Random, "greedy": Greedy, "greedy-exact": GreedyExact, "heuristic": Heuristic}[spec.name](spec)


DESCRIPTIONS = {
    "random": "a random legal kind of action (leg bet, desert tile, pyramid, overall card; the Supercup's "
              "photographer, placement bet, partnership where played), then a random legal action of that kind "
              "(and a random boost follow-up: none or a legal die)",
    "greedy": "the action with the most expected coins now (the `ev` convention), estimated from {rollouts} leg "
              "rollouts per decision ({race_rollouts} of them valued, for the overall cards, by the exact race odds "
              "from where they end the leg (the race table) where the rule set has a small one, else played on to "
              "the race end); a "
              "desert tile is valued by the landings expected on its space; Supercup actions from the same "
              "rollouts, the boost follow-up from a second batch with each die thrown in",
    "greedy-exact": "the action with the most expected coins now, from exact leg odds and exact desert (and "
                    "Supercup) values (exact race odds for the overall cards where greedy reads the race table, "
                    "else {race_rollouts:,} races)",
    "heuristic": "bet the leg leader's best tile early; back the leader to win (and the last camel to lose) once "
                 f"the leader is within {HEURISTIC_NEAR} spaces of the line and {HEURISTIC_CLEAR} clear; lay an "
                 "oasis where landings are likeliest; bet the leader's 3 late in the leg; else take a pyramid tile "
                 "(no Supercup action)",
}


# -- shared pieces ---------------------------------------------------------------------------------

def standings(games, rows):
    """(rows, racing camels) racing camels from first to last, and (rows, camels) every camel's space."""
    keys = games.order_keys(rows)
    return np.argsort(-keys, axis=1, kind="stable"), games.camel_spaces(rows)


def tile_values(games, rows):
    """(rows, camels) value of the top leg tile of each colour; 0 where the stack is empty."""
    value = games.tiles[games.taken[rows]]
    return np.where(games.stack_left(rows), value, 0) if games.placing else value


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
        leg = games.left[every]  # every legal set as a bitmask per row, counted by popcount
        occupied = games.occupied_bits(every)
        desert = games.desert_bits(rows, seat, occupied)
        cards = games.free_cards[every, seat]
        n_leg, n_desert, n_cards = (np.bitwise_count(x).astype(np.int64) for x in (leg, desert, cards))
        has_leg, has_desert, has_cards = (n_leg > 0).astype(np.int64), (n_desert > 0).astype(np.int64), n_cards > 0
        counts = {}  # the Supercup kinds played here: how many legal actions of each
        if games.photo:
            photo = games.photo_bits(rows, seat, occupied)
            counts[PHOTO] = np.bitwise_count(photo).astype(np.int64)
        if games.placing:  # a free placement tile, then a (colour, held or new) pair
            free = games.free_places[every]
            pairs = games.pair_bits(rows, seat)
            n_pairs = np.bitwise_count(pairs).astype(np.int64)
            counts[PLACE] = np.bitwise_count(free).astype(np.int64) * n_pairs
        if games.partnering:
            partners = games.partner_bits(rows, seat)
            counts[PARTNER] = np.bitwise_count(partners).astype(np.int64)
        open_kinds = 1 + has_leg + has_desert + has_cards
        for count in counts.values():
            open_kinds = open_kinds + (count > 0)
        pick = (u[:, 0] * open_kinds).astype(np.int64)  # the pick-th open kind
        # kinds in order leg, desert, pyramid, overall, then the modules; pick counts only the open ones
        kind = np.full(n, PYRAMID, dtype=np.int64)
        kind = np.where((has_leg == 1) & (pick == 0), LEG, kind)
        kind = np.where((has_desert == 1) & (pick == has_leg), DESERT, kind)
        at = has_leg + has_desert + 1
        kind = np.where(has_cards & (pick == at), WINNER, kind)
        at = at + has_cards
        for module, count in counts.items():
            kind = np.where((count > 0) & (pick == at), module, kind)
            at = at + (count > 0)
        action = np.full(n, s.pyramid, dtype=np.int64)
        sel = np.flatnonzero(kind == LEG)
        if sel.size:
            action[sel] = s.leg0 + nth_bit(leg[sel], (u[sel, 1] * n_leg[sel]).astype(np.int64))
        sel = np.flatnonzero(kind == DESERT)
        if sel.size:  # a space, then a side
            nth = (u[sel, 1] * 2 * n_desert[sel]).astype(np.int64)
            space = nth_true(expand_bits(desert[sel], s.spaces), nth >> 1)
            action[sel] = s.desert0 + 2 * space + (nth & 1)
        sel = np.flatnonzero(kind == WINNER)
        if sel.size:  # a pile, then a camel
            nth = (u[sel, 1] * 2 * n_cards[sel]).astype(np.int64)
            loser = nth >= n_cards[sel]
            camel = nth_bit(cards[sel], nth - loser * n_cards[sel])
            action[sel] = np.where(loser, s.loser0, s.winner0) + camel
        for module, count in counts.items():
            sel = np.flatnonzero(kind == module)
            if not sel.size:
                continue
            nth = (u[sel, 1] * count[sel]).astype(np.int64)
            if module == PHOTO:
                action[sel] = s.photo0 + nth_true(expand_bits(photo[sel], s.photo_spaces), nth)
            elif module == PLACE:
                tile = nth_bit(free[sel], nth // n_pairs[sel])
                action[sel] = s.place0 + 2 * games.racing * tile + nth_bit(pairs[sel], nth % n_pairs[sel])
            else:
                action[sel] = s.partner0 + nth_bit(partners[sel], nth)
        return action

    def choose_boost(self, games, rows, seat, u, rng):
        """The follow-up: none or one of the legal boost dice, uniformly by u (rows,); -1 is none."""
        legal = games.boost_bits(rows, seat)
        pick = (u * (1 + np.bitwise_count(legal))).astype(np.int64)
        return np.where(pick == 0, -1, nth_bit(legal, np.maximum(pick - 1, 0)))


_SELECT = None


def nth_bit(bits, nth):
    """(rows,) the position of the nth (from 0) set bit of each row's bitmask (< 2**16): a table lookup."""
    global _SELECT
    if _SELECT is None:
        masks = np.arange(1 << 16)
        has = (masks[:, None] >> np.arange(16)) & 1 == 1
        order = np.where(has, np.arange(16), 16)
        _SELECT = np.sort(order, axis=1).astype(np.int8)  # row m: the positions of m's set bits, ascending
    return _SELECT[bits, np.minimum(nth, 15)].astype(np.int64)


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

    def choose_boost(self, games, rows, seat, u, rng):
        return np.full(rows.size, -1, dtype=np.int64)


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
        legal = games.legal(rows, seat)
        partners = games.partnering and bool(legal[:, s.partner0:s.boost0].any())
        ro = leg_rollouts(games, rows, r, rng, ranks=games.placing or partners, camera=games.photo)
        p1, p2, hits, end = ro.p1, ro.p2, ro.hits, ro.end
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
            table = greedy_race_table(games.rules, games.racing)
            if table is not None:  # each leg rollout's end looked up: the exact rest of the race
                win_p, lose_p = race_leaves(table, end, self.spec.race_rollouts, r, games.racing)
            else:
                win_p, lose_p = race_rollouts(games, end, self.spec.race_rollouts, r, rng)
            values[:, s.winner0:s.photo0] = overall_values(games, rows, seat, win_p, lose_p)
        if games.photo:
            values[:, s.photo0:s.place0] = camera_values(games, rows, seat, ro.first, r)
        if games.placing:
            values[:, s.place0:s.partner0] = placement_values(games, rows, seat, ro.probs, p1, p2)
        if partners:
            values[:, s.partner0:s.boost0] = games.best_tiles(ro.rep, ro.rank).reshape(n, r, -1).mean(1)
        values[~legal] = -np.inf
        return values

    def choose_boost(self, games, rows, seat, u, rng):
        """The follow-up: the legal boost die that most raises the seat's leg coins, by more than the
        pyramid tile handed back; -1 (none) where none does.  One batch of leg rollouts over every game
        and variant (the pyramid as it is, and with each legal die in), on common dice per game."""
        return boost_choice(games, rows, seat, self.boost_gains(games, rows, seat, rng))

    def boost_gains(self, games, rows, seat, rng):
        """(rows, racing camels) estimated gain of throwing each boost die in (-inf where illegal)."""
        legal = games.boost_legal(rows, seat)
        gains = np.full(legal.shape, -np.inf)
        legal &= exposed(games, rows, seat)[:, None]  # nothing the leg's outcome pays: a die only costs the tile
        some = np.flatnonzero(legal.any(1))
        if not some.size:
            return gains
        cand, camel = np.nonzero(legal[some])
        group = np.concatenate([np.arange(some.size), cand])  # variant -> the game it belongs to
        extra = np.concatenate([np.zeros(some.size, dtype=np.int64), np.left_shift(1, camel)])
        vrows = rows[some][group]
        r = self.spec.rollouts
        partnered = games.partnering and bool((games.partner[vrows, seat] >= 0).any())
        camera = games.photo and bool((games.cam_holder[vrows] == seat).any())
        ro = leg_rollouts(games, vrows, r, rng, extra=extra, group=group, ranks=games.placing or partnered,
                          camera=camera)
        coins = leg_coins(games, vrows, seat, ro, r, partnered)
        gains[some[cand], camel] = coins[some.size:] - coins[cand] - games.rules.pyramid_tile_pays
        return gains


def exposed(games, rows, seat):
    """(rows,) whether anything `seat` holds pays by how the leg goes: a leg tile, a placement bet, its
    desert tile on the board, the camera, a partner."""
    out = (games.held_n[rows, seat] > 0).any(1) | (games.dspace[rows, seat] > 0)
    if games.placing:
        out |= (games.place_owner[rows] == seat).any(1)
    if games.photo:
        out |= games.cam_holder[rows] == seat
    if games.partnering:
        out |= games.partner[rows, seat] >= 0
    return out


def boost_choice(games, rows, seat, gains):
    best = gains.argmax(1)
    return np.where(gains[np.arange(rows.size), best] > 0, best, -1)


def camera_values(games, rows, seat, first, r):
    """(rows, spaces 1..L) the camels expected in the first unit to end a move on each space, less
    what the camera `seat` holds now would earn (moving it gives that up)."""
    n = rows.size
    value = first[:, games.space.photo_spaces + sim.BIAS] / r
    cam = games.cam[rows]
    mine = (games.cam_holder[rows] == seat) & (cam > 0)
    current = np.where(mine, first[np.arange(n), cam + sim.BIAS] / r, 0.0)
    return value - current[:, None]


def placement_values(games, rows, seat, probs, p1, p2):
    """(rows, places * camels * 2) in ActionSpace order: a placement tile's expected pay on the camel's
    place, less (on a held tile) the expected pay of the lowest-valued uncovered tile it covers."""
    rules = games.rules
    hit = np.moveaxis(probs[:, :, games.place_rank], 2, 1)  # (rows, places, camels)
    pays = hit * rules.placement_hit_pays + (1 - hit) * rules.placement_miss_pays
    low = np.asarray(rules.leg_tiles)[games.bits_min[games.held_bits[rows, seat]]]
    leg = low * p1 + rules.leg_second_pays * p2 + rules.leg_other_pays * (1 - p1 - p2)
    out = np.empty(pays.shape + (2,))
    out[..., 0] = pays - leg[:, None, :]
    out[..., 1] = pays
    return out.reshape(rows.size, -1)


def leg_coins(games, rows, seat, ro, r, partnered: bool):
    """(rows,) the seat's expected coins from this leg as it holds now, from the rollouts `ro`: its leg
    tiles and placement bets, landings on its desert tile, its camera, its partner's best tile."""
    rules, n = games.rules, rows.size
    hn, hv = games.held_n[rows, seat], games.held_v[rows, seat]
    p1, p2 = ro.p1, ro.p2
    coins = (hv * p1 + hn * (rules.leg_second_pays * p2 + rules.leg_other_pays * (1 - p1 - p2))).sum(1)
    idx = np.arange(n)
    if games.placing:
        for i, place in enumerate(games.place_rank):
            mine = games.place_owner[rows, i] == seat
            hit = ro.probs[idx, games.place_camel[rows, i], place]
            coins += np.where(mine, hit * rules.placement_hit_pays + (1 - hit) * rules.placement_miss_pays, 0.0)
    own = games.dspace[rows, seat]
    coins += np.where(own > 0, ro.hits[idx, own + sim.BIAS] / r, 0.0) * rules.desert_tile_pays
    if ro.first is not None:
        cam = games.cam[rows]
        coins += np.where((games.cam_holder[rows] == seat) & (cam > 0), ro.first[idx, cam + sim.BIAS] / r, 0.0)
    if partnered:
        partner = games.partner[rows, seat]
        best = games.best_tiles(ro.rep, ro.rank).reshape(n, r, -1).mean(1)
        coins += np.where(partner >= 0, best[idx, np.maximum(partner, 0)], 0.0)
    return coins


@dataclass
class Rollouts:
    """What `leg_rollouts` gives back, per row of `rows`: p1, p2 (rows, racing camels) the share of
    rollouts each camel ends the leg 1st / 2nd; hits (rows, bytes) units ending a roll on each byte
    (space + BIAS), summed over rollouts; end, the rollouts' end states (pos, height, live, local)
    for race rollouts.  With ranks: probs (rows, camels, ranks) and rank (rows * r, camels) each
    rollout's leg ranks, rep (rows * r,) the game row of each rollout.  With camera: first (rows,
    bytes) the camels of the first unit to end a move on each byte, summed over rollouts."""
    p1: np.ndarray
    p2: np.ndarray
    hits: np.ndarray
    end: tuple
    probs: np.ndarray | None = None
    rank: np.ndarray | None = None
    rep: np.ndarray | None = None
    first: np.ndarray | None = None


def leg_rollouts(games, rows, r, rng, extra=None, group=None, ranks: bool = False, camera: bool = False):
    """r rollouts of the rest of the leg in each game of `rows`, all in one batch (`Rollouts`).

    Dice slot d < R is racing camel d's die, slot R the grey die (crazy camels only).  With boost
    dice, every die in the pyramid (the base dice not yet out, the boost dice in it, and those of
    `extra`, a bitmask per row thrown in first) leaves in the order of keys drawn per rollout: the
    base dice's, sorted, in the order of their permutation, the boost dice's uniform, so the order
    is uniform and a die thrown in leaves the others' order as it was.  Rows of one `group` (an id
    per row; default each its own) roll the same dice: common random numbers for variants."""
    rules, c, k = games.rules, games.camels, games.racing
    n = rows.size
    rep = np.repeat(rows, r)
    local = np.repeat(np.arange(n), r)
    groups = n if group is None else int(group.max()) + 1
    shared = None if group is None else np.repeat(group, r) * r + np.tile(np.arange(r), n)
    pick = (lambda a: a) if shared is None else (lambda a: a[shared])  # noqa: E731
    pos, height = games.pos[rep], games.height[rep]
    # a random order of all the dice; those already out are skipped, which leaves the rest in random order
    dice = k + (games.crazy is not None)
    perms = sim._permutations(dice)
    draw = pick(rng.integers(len(perms) * len(rules.die_faces) ** dice * (2 if games.crazy else 1), size=groups * r))
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
    first = np.zeros((n * r, width), dtype=np.int8) if camera else None
    effects, variant = (games.eff, rep) if games.any_tile else (None, None)

    landed, photos = [], []  # per roll: where each unit was rolled to; (rollouts, byte ended on, camels moved)

    def moved(act, target, stop, unit):
        landed.append(np.where(act, local * width + target.astype(np.int64), n * width))
        if first is not None:
            at = np.flatnonzero(act)
            photos.append((at, at * width + stop[at].astype(np.int64), np.bitwise_count(unit[at])))

    if games.boost:  # every die in the pyramid by its key: the order of (camel, steps) slots, base dice first
        base_key = np.sort(rng.random((groups * r, dice)), axis=1)
        boost_key = rng.random((groups * r, k))
        boost_faces = np.asarray(rules.boost_faces, dtype=np.uint64)
        boost_steps = boost_faces[rng.integers(len(boost_faces), size=(groups * r, k))]
        keys = pick(np.concatenate([base_key, boost_key], axis=1))
        steps_of = np.concatenate([np.stack([faces[(draw // len(faces) ** i) % len(faces)] for i in range(dice)], 1),
                                   pick(boost_steps)], axis=1)
        camel_of = np.concatenate([order, np.broadcast_to(np.arange(k, dtype=np.uint64), (n * r, k))], axis=1)
        keys[:, :dice][(waiting[:, None] >> order.astype(np.int64)) & 1 == 1] = np.inf  # out already
        inside = games.boost_in[rep] | (0 if extra is None else np.repeat(extra, r))
        keys[:, dice:][(inside[:, None] >> np.arange(k)) & 1 == 0] = np.inf  # not in the pyramid
        count = dice - np.bitwise_count(waiting).astype(np.int64) + np.bitwise_count(inside).astype(np.int64)
        rolls = int(count.max(initial=0))
        slots = np.argsort(keys, axis=1)[:, :rolls]
        camels = np.take_along_axis(camel_of, slots, 1).T.copy()  # (rolls, rollouts)
        steps_seq = np.take_along_axis(steps_of, slots, 1).T.copy()
        for i in range(rolls):
            act = live & (i < count)
            steps = np.where(act, steps_seq[i], np.uint64(0))
            out = sim.move(pos, height, camels[i], steps, effects, variant, want_unit=camera)
            pos, height, target, stop = out[:4]
            moved(act, target, stop, out[4] if camera else None)
            live &= ~sim.race_over(stop, rules)
    else:
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
            out = sim.move(pos, height, camel, steps, effects, variant, backward, want_unit=camera)
            pos, height, target, stop = out[:4]
            moved(act, target, stop, out[4] if camera else None)
            live &= ~sim.race_over(stop, rules)
    if landed:
        hits += np.bincount(np.concatenate(landed), minlength=n * width + 1)[:n * width]
    for at, cell, camels in reversed(photos):  # the camera pays the first unit to end a move on its space
        first.ravel()[cell] = camels
    keys = sim.order_keys(pos, height, c, k)[:, :k]
    probs = rank = None
    if ranks:
        rank = leg_ranks(keys)
        cell = (local[:, None] * k + np.arange(k)) * k + rank
        probs = np.bincount(cell.ravel(), minlength=n * k * k).reshape(n, k, k) / r
    first_c = keys.argmax(1)
    keys[np.arange(n * r), first_c] = -2
    second = keys.argmax(1)
    p1 = np.bincount(local * k + first_c, minlength=n * k).reshape(n, k) / r
    p2 = np.bincount(local * k + second, minlength=n * k).reshape(n, k) / r
    camera_sum = first.reshape(n, r, width).sum(1, dtype=np.int64) if camera else None
    return Rollouts(p1, p2, hits.reshape(n, width), (pos, height, live, local), probs, rank, rep, camera_sum)


GREEDY_TABLE_WORK = 25_000_000  # (mid-leg states x moves) up to which a rule set's race table is built for greedy


def table_work(key) -> int:
    """How much building the race table of `key` takes: its mid-leg states times the moves from each
    (first edition 7.4M, about 1.5 s on one core; the Supercup long track 20M, 4.5 s; the long track with
    boost dice 204M, about 35 s)."""
    moves = key.camels * (len(set(key.die_faces)) + (len(set(key.boost_faces)) if key.boost_faces else 0))
    return key.states * moves


_GREEDY_TABLES: dict = {}


def greedy_race_table(rules, racing: int):
    """The exact race table `greedy` reads its overall cards from under these rules, or None (race
    rollouts, as before): where the rule set has exact race odds (`race_exact.covers`: every leg moves
    every camel forward), `rules.race_method` is `exact`, and the table builds in a few seconds
    (`GREEDY_TABLE_WORK`: the first edition, the Supercup long track, short tracks with boost dice; not
    the long track with boost dice, whose 35 s build a game run, or the test suite, should not pay).
    Decided by the rules alone, so a seed means the same games on every machine.  Built once per
    machine (cached, `race_exact`), loaded once per process; `play.games_per_chunk` builds it before
    the workers start."""
    cache_key = (rules, racing)
    if cache_key not in _GREEDY_TABLES:
        from analyzer.games.camelup import race_exact as rx

        table = None
        if rules.race_method == "exact" and rx.covers(rules):
            key = rx.TableKey.of(rules, racing)
            if key.states <= rx.MAX_STATES and table_work(key) <= GREEDY_TABLE_WORK:
                table = rx.RaceTable.get(key, progress=False)
        _GREEDY_TABLES[cache_key] = table
    return _GREEDY_TABLES[cache_key]


def race_leaves(table, end, k, r, racing: int):
    """P(win), P(lose) per (game, racing camel): the exact race odds of the first k of each game's r
    leg rollouts' end boards (`end`, from `leg_rollouts`; a finished race is its result), averaged.
    One vectorised table lookup over every rollout."""
    pos, height, _, local = end
    n = local.size // r
    if k < r:
        pos, height = pos.reshape(n, r)[:, :k].ravel(), height.reshape(n, r)[:, :k].ravel()
    win, lose = table.lookup(pos, height, list(range(racing)))
    return win.reshape(n, k, racing).mean(1), lose.reshape(n, k, racing).mean(1)


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

    def choose_boost(self, games, rows, seat, u, rng):
        """The follow-up at `ev`'s exact boost prices (the die's leg value less the tile handed back)."""
        legal = games.boost_legal(rows, seat)
        gains = np.full(legal.shape, -np.inf)
        for i, row in enumerate(rows):
            if legal[i].any():
                gains[i] = exact_values(games, int(row), seat, rng, 0, boosts=True)
        gains[~legal] = -np.inf
        return boost_choice(games, rows, seat, gains)


def position_of(games, row: int, seat: int):
    """The Position (state.py) of one game, as `analyzer ev` sees it from `seat`.

    Held leg tiles are kept per colour as a count and a sum of values; they are handed over
    as one tile of the summed value plus tiles of value 0, which prices the same (the
    value of held tiles is linear in their values).  Where the engine keeps them one by one
    (placement bets, partnerships) they are handed over as they are, the covered ones with
    their placement bets."""
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
    bottom = games.bottom[row] if games.placing else np.zeros(k, dtype=np.int64)
    length = len(rules.leg_tiles)
    tiles_left = tuple(tuple(rules.leg_tiles[games.taken[row, camel]:length - bottom[camel]]) if camel < k else ()
                       for camel in range(c))
    held, bets = [], []
    for q in range(p):
        hand, mine = [], []
        for camel in range(k):
            if games.tile_bits:
                bits = int(games.held_bits[row, q, camel])
                hand += [(camel, rules.leg_tiles[i]) for i in range(length) if (bits >> i) & 1]
                continue
            count, total = int(games.held_n[row, q, camel]), int(games.held_v[row, q, camel])
            if count:
                hand += [(camel, total)] + [(camel, 0)] * (count - 1)
        for i, place in enumerate(games.space.places):
            if games.placing and games.place_owner[row, i] == q:
                camel, value = int(games.place_camel[row, i]), int(games.place_value[row, i])
                hand.append((camel, value))
                mine.append((camel, value, place))
        held.append(tuple(hand))
        bets.append(tuple(mine))
    placed = tuple(frozenset(int(camel) for camel in np.flatnonzero(games.card[row, q])) for q in range(p))
    extras = {}
    if games.boost:
        extras.update(boost_dice_left=tuple(c_ for c_ in range(k) if (int(games.boost_in[row]) >> c_) & 1),
                      boost_dice_pit=tuple(c_ for c_ in range(k) if (int(games.pit[row]) >> c_) & 1))
    if games.photo and games.cam[row]:
        extras["photographer"] = (int(games.cam[row]), int(games.cam_holder[row]))
    if games.placing:
        extras["placement_bets"] = tuple(bets)
    if games.partnering:
        extras["partners"] = tuple((q, int(games.partner[row, q])) for q in range(p)
                                   if q < games.partner[row, q])
    if games.boost or games.placing or games.partnering or games.photo:
        extras["pyramid_tiles_held"] = tuple(int(x) for x in games.pyr[row])
    return Position(rules, p, {s: tuple(v) for s, v in sorted(stacks.items())}, dice, desert, tiles_left,
                    tuple(held), (int(games.piles[row, 0]), int(games.piles[row, 1])), placed,
                    tuple(int(m) for m in games.money[row]), seat,
                    grey_die_left=games.crazy is not None and not (rolled >> k) & 1, **extras)


def exact_values(games, row: int, seat: int, rng, race_rollouts: int, boosts: bool = False) -> np.ndarray:
    """EV of every action of one game as `analyzer ev` prices them: `actions.exact_actions` for
    the leg actions (exact: the Supercup ones too), `race_rollouts` races for the overall cards.
    With boosts=True, (racing camels,) the boost prices instead (-inf where not offered).

    A placement bet on a held colour covers the lowest-valued uncovered tile (the engine's rule),
    so it gets `ev`'s price for that tile."""
    from analyzer.games.camelup.exact_ev import exact_actions

    s, rules = games.space, games.rules
    position = position_of(games, row, seat)
    names = {name: i for i, name in enumerate(rules.camels)}
    out = np.full(s.size, -np.inf)
    boost = np.full(games.racing, -np.inf)
    labels = {PLACE_LABELS.get(p, f"{p}th"): i for i, p in enumerate(s.places)}
    low = None
    if games.placing:
        low = np.asarray(rules.leg_tiles)[games.bits_min[games.held_bits[row, seat]]]
    for name, value in exact_actions(position, seat):
        words = name.split()
        if words[0] == "leg-bet":
            out[s.leg0 + names[words[1]]] = value
        elif words[0] == "pyramid":
            out[s.pyramid] = value
        elif words[0] == rules.tile_name:
            out[s.desert(int(words[2]), 1 if words[1] == rules.tile_sides[0] else -1)] = value
        elif words[0] in ("photographer", "camera"):
            out[s.photo0 + int(words[1]) - 1] = value
        elif words[0] == "boost":
            boost[names[words[1]]] = value
        elif words[0] == "partner":
            out[s.partner0 + int(words[1])] = value
        elif words[0] == "placement" and words[1] in labels:
            new = words[3] == "new"
            camel = names[words[4 if new else 3]]
            if new or int(words[-1]) == low[camel]:
                out[s.place0 + 2 * (labels[words[1]] * games.racing + camel) + new] = value
    if boosts:
        return boost
    if race_rollouts and (games.card[row, seat] == 0).any():
        rows = np.array([row])
        k = games.racing
        odds = None
        if greedy_race_table(rules, k) is not None:  # exact race odds from here (the rest of this leg enumerated)
            from analyzer.games.camelup import race_exact

            odds = race_exact.race_odds(position, progress=False)
        if odds is not None:
            win, lose = odds.win[None, :k], odds.lose[None, :k]
        else:
            race = sim.race_counts(position, race_rollouts, rng)
            win, lose = race["win"][None, :k] / race["n"], race["lose"][None, :k] / race["n"]
        out[s.winner0:s.photo0] = overall_values(games, rows, seat, win, lose)[0]
    return out
