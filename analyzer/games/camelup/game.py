"""Full Camel Up games, vectorised: one row per game, every game of a batch in lockstep.

Turn t of every game is played at step t, by seat t mod players (seat 0 opens the race;
turns pass on across legs).  A turn is one action (`ActionSpace`): take a leg betting
tile, place or move one's desert (spectator) tile, take a pyramid tile and release a die,
or lay an overall winner/loser card.  The leg ends when all dice but
`rules.dice_left_at_leg_end` are out; the race ends at once when a unit crosses the finish
line (the partial leg is scored, then the overall cards).  Finished games are absorbing
and are dropped from the arrays as they pile up.

Both editions: with `rules.crazy_camels` (second edition, camelup.md §3) the two crazy
camels start on spaces 14-16, the grey die is one more die in the pyramid and moves one of
them backwards (`sim.crazy_mover`), a crazy camel crossing back past space 1 ends the race
too, and only racing camels are ranked and can be backed.  Partnerships (6+ players) are
not played: such a table is refused (`check_rules`).

**The dice are drawn before the game, not during it.**  One draw per (game, leg) picks the
order the pyramid releases the dice and every face, and one more draw the set-up; the
n-th pyramid action of a leg rolls the n-th die of that draw.  So a game's dice depend on
its seed only, never on what the players do, and two rule sets played from the same seed
see the same dice: common random numbers for `analyzer balance`.  Policies draw from
streams of their own (one uniform pair per game and turn, rollouts apart).

Money: a change is applied, then the rule set's `money_floor` (None: no floor); leg
scoring and the final scoring are each one change per player (their net).  Most money
wins; k players tied on the most money get 1/k of a win each ("win credit").
`reference_game.py` is the readable version of these rules; tests replay every action
of these games there.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from math import factorial, lcm

import numpy as np

from analyzer.core.errors import ScenarioError
from analyzer.core.settings import check_start, handicap_by_rank
from analyzer.games.camelup import sim
from analyzer.games.camelup.rules import RuleSet

KINDS = ("leg-bet", "desert", "pyramid", "race-winner", "race-loser", "photographer", "placement", "partner", "boost")
LEG, DESERT, PYRAMID, WINNER, LOSER, PHOTO, PLACE, PARTNER, BOOST, NONE = range(10)  # NONE: a finished game's no-op
PLACE_NAMES = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th", 8: "8th"}
SEATINGS = ("fixed", "rotate", "permute")
MAX_TURNS = 3000  # a safety net: a first-edition race takes about 100 turns
LEG_BLOCK = 8  # legs of dice drawn at a time, for every game of the batch
_BYTE = np.uint64(0xFF)

# RuleSet fields this engine reads.  A rule set that sets any other field away from its
# default (a later edition's extra dice or camels, say) is refused, not silently ignored.
SUPPORTED_FIELDS = {
    "edition", "supercup", "camels", "camel_letters", "crazy_camels", "tile_name", "tile_sides", "track_length",
    "die_faces", "partnerships", "partnership_min_players",
    "dice_left_at_leg_end", "pyramid_tiles", "leg_tiles", "leg_second_pays", "leg_other_pays",
    "pyramid_tile_pays", "desert_tile_pays", "overall_payouts", "overall_wrong_pays", "starting_money",
    "money_floor", "max_players", "boost_dice", "boost_faces", "boost_action", "photographer", "placement_bets",
    "placement_places", "placement_hit_pays", "placement_miss_pays", "seat_handicap",
    "race_method",  # how the analyses price race odds; full games do not read it
}


def check_rules(rules: RuleSet, field_name: str = "rules", players: int | None = None) -> None:
    """Refuse, naming the field, a rule set this engine cannot play as written (`players`: the
    table size, kept for callers; every table size the rules allow is played)."""
    defaults = RuleSet()
    for f in fields(rules):
        if f.name not in SUPPORTED_FIELDS and getattr(rules, f.name) != getattr(defaults, f.name, None):
            raise ScenarioError(f"{field_name}.{f.name}", f"the full-game engine does not play this rule yet "
                                                          f"(edition {rules.edition}); it plays the first and second "
                                                          "editions, the Supercup modules and their house rules")
    if players is not None:
        handicap = handicap_by_rank(rules.seat_handicap, players, f"{field_name}.seat_handicap")
        check_start(rules.starting_money, handicap, "coins", f"{field_name}.seat_handicap")
    if rules.crazy_camels not in (0, 2):
        raise ScenarioError(f"{field_name}.crazy_camels", "the full-game engine plays 0 or 2 crazy camels")
    if len(rules.camels) > 8:
        raise ScenarioError(f"{field_name}.camels", "the full-game engine plays at most 8 camels")
    dice = dice_count(rules) - rules.dice_left_at_leg_end
    if dice < 1:
        raise ScenarioError(f"{field_name}.dice_left_at_leg_end", "must leave at least one die to roll per leg")
    if rules.boost_action and not rules.boost_dice:
        raise ScenarioError(f"{field_name}.boost_action", "needs boost dice (rules.supercup: [boost_action] brings "
                                                          "both)")
    if rules.boost_dice and rules.crazy_camels:
        raise ScenarioError(f"{field_name}.boost_dice", "the full-game engine plays boost dice with the first "
                                                        "edition's camels only (no crazy camels)")
    if rules.boost_dice and rules.dice_left_at_leg_end:
        raise ScenarioError(f"{field_name}.dice_left_at_leg_end", "with boost dice a leg ends when the pyramid is "
                                                                  "empty: must be 0")
    if not rules.boost_dice and rules.pyramid_tiles < dice:  # more are never taken: the leg ends first
        raise ScenarioError(f"{field_name}.pyramid_tiles", f"the full-game engine needs a pyramid tile per die "
                                                           f"rolled in a leg ({dice}); got {rules.pyramid_tiles}")
    if rules.track_length + sim.BIAS + 2 * max_step(rules) + 2 > 127:
        raise ScenarioError(f"{field_name}.track_length", "too long for the engine's byte-packed board")


def max_step(rules: RuleSet) -> int:
    return max(rules.die_faces + (rules.boost_faces if rules.boost_dice else ()))


def boost_lcm(rules: RuleSet) -> int:
    """A multiple of every count of dice a pyramid can hold with boost dice in it (1 .. 2 x racing camels)."""
    return lcm(*range(1, 2 * rules.racing + 1))


def partnerships_played(rules: RuleSet, players: int | None) -> bool:
    return bool(rules.partnerships) and players is not None and players >= rules.partnership_min_players


def dice_count(rules: RuleSet) -> int:
    """Dice in the pyramid at a leg's start: one per racing camel, and the grey die if crazy camels run."""
    return rules.racing + (rules.crazy_camels > 0)


class ActionSpace:
    """Every action of a rule set (at a table of `players`) as one integer.

    [0, R): leg bet on racing camel c; then desert tiles, two per space 2..track_length (the +1
    side, the -1 side); then the pyramid; then R overall-winner cards; then R overall-loser cards.
    Crazy camels (second edition) cannot be backed.  Then, where the rules have them: the
    photographer, one per space 1..track_length ("photographer S": take it and set the camera
    there, or move the camera there); placement bets, (place tile i, camel c, on a held tile or
    on a new one) at place0 + 2 * (i * R + c) + new; partnerships, one per seat ("partner q");
    boost dice, one per racing camel ("boost c": the turn's follow-up, never a main action).
    `noop` (= size) is what a finished game "plays": nothing."""

    def __init__(self, rules: RuleSet, players: int | None = None):
        self.rules = rules
        c, length = rules.racing, rules.track_length
        self.camels = c
        self.spaces = np.arange(2, length + 1)
        self.leg0, self.desert0 = 0, c
        self.pyramid = c + 2 * len(self.spaces)
        self.winner0, self.loser0 = self.pyramid + 1, self.pyramid + 1 + c
        size = self.loser0 + c
        self.photo0 = size
        self.photo_spaces = np.arange(1, length + 1) if rules.photographer else np.arange(0)
        size += self.photo_spaces.size
        self.place0 = size
        self.places = tuple(dict.fromkeys(p for p in rules.placement_places if p <= c)) if rules.placement_bets else ()
        size += 2 * len(self.places) * c
        self.partner0 = size
        self.seats = players if partnerships_played(rules, players) else 0
        size += self.seats
        self.boost0 = size
        size += c if rules.boost_action else 0
        self.size = size
        self.noop = self.size
        kind = np.full(self.size + 1, NONE, dtype=np.int8)
        camel = np.zeros(self.size + 1, dtype=np.int16)
        space = np.zeros(self.size + 1, dtype=np.int16)
        push = np.zeros(self.size + 1, dtype=np.int16)
        place = np.zeros(self.size + 1, dtype=np.int16)  # placement tile index; partner: the seat
        new = np.zeros(self.size + 1, dtype=bool)
        kind[:c], camel[:c] = LEG, np.arange(c)
        kind[c:self.pyramid] = DESERT
        space[c:self.pyramid] = np.repeat(self.spaces, 2)
        push[c:self.pyramid] = np.tile([1, -1], len(self.spaces))
        kind[self.pyramid] = PYRAMID
        kind[self.winner0:self.loser0], camel[self.winner0:self.loser0] = WINNER, np.arange(c)
        kind[self.loser0:self.photo0], camel[self.loser0:self.photo0] = LOSER, np.arange(c)
        kind[self.photo0:self.place0], space[self.photo0:self.place0] = PHOTO, self.photo_spaces
        n_place = 2 * len(self.places) * c
        kind[self.place0:self.partner0] = PLACE
        place[self.place0:self.partner0] = np.repeat(np.arange(len(self.places)), 2 * c)
        camel[self.place0:self.partner0] = np.tile(np.repeat(np.arange(c), 2), len(self.places))
        new[self.place0:self.partner0] = np.tile([False, True], n_place // 2)
        kind[self.partner0:self.boost0], place[self.partner0:self.boost0] = PARTNER, np.arange(self.seats)
        kind[self.boost0:self.size], camel[self.boost0:self.size] = BOOST, np.arange(self.size - self.boost0)
        self.kind, self.camel, self.space, self.push, self.place, self.new = kind, camel, space, push, place, new

    def desert(self, space, push):
        return self.desert0 + 2 * (np.asarray(space) - 2) + (np.asarray(push) < 0)

    def name(self, action: int) -> str:
        kind, names = int(self.kind[action]), self.rules.camels
        if kind == LEG:
            return f"leg-bet {names[self.camel[action]]}"
        if kind == DESERT:
            side = self.rules.tile_sides[0 if self.push[action] > 0 else 1]
            return f"{self.rules.tile_name} {side} {self.space[action]}"
        if kind == PYRAMID:
            return "pyramid"
        if kind == PHOTO:
            return f"photographer {self.space[action]}"
        if kind == PLACE:
            place = self.places[self.place[action]]
            new = "new " if self.new[action] else ""
            return f"placement {PLACE_NAMES.get(place, f'{place}th')} on {new}{names[self.camel[action]]}"
        if kind == PARTNER:
            return f"partner {self.place[action]}"
        return f"{KINDS[kind]} {names[self.camel[action]]}"

    def parse(self, text: str) -> int:
        """The inverse of `name`."""
        for action in range(self.size):
            if self.name(action) == text:
                return action
        raise ValueError(f"no action {text!r}")


@dataclass(frozen=True)
class GameConfig:
    """One rule set and table: what `play` needs (picklable)."""
    rules: RuleSet
    players: int
    policies: tuple  # one policies.PolicySpec per seat; seat 0 moves first
    seating: str = "fixed"  # fixed | rotate | permute: see core.balance.run.seat_assignments
    starting_money: tuple[int, ...] | None = None  # per seat; default rules.starting_money
    opening: str | None = None  # force seat 0's first action (policies.OPENINGS)

    @property
    def money_at_start(self) -> tuple[int, ...]:
        money = self.starting_money or (self.rules.starting_money,) * self.players
        return tuple(m + h for m, h in zip(money, handicap_by_rank(self.rules.seat_handicap, self.players)))


class Chance:
    """A batch's dice, drawn up front: one draw per game for the set-up, then one per game and leg.

    A draw is d = e + S * x: its racing part e < S = R! * F**R (R racing camels, F faces) and
    its crazy part x (0 without crazy camels).  A leg's e picks the order the racing dice
    leave the pyramid (permutation e mod R!) and the face of the j-th of them out:
    faces[(e div R!) div F**j mod F].  Its x puts the grey die at place x mod (R + 1) of that
    order (the racing dice from there on come out one place later) with face
    g = (x div (R + 1)) mod 2F: the number faces[g mod F] in the colour of crazy camel g div F.
    The set-up's e picks the order the racing camels are set down (e mod R!) and camel c's
    start space, faces[(e div R!) div F**c mod F]; its x the crazy camel set down first
    (x mod 2) and crazy camel k's grey-die number faces[(x div 2) div F**k mod F], which puts
    it on space track_length + 1 - number.  Racing and crazy parts come from separate streams,
    so rule sets played from one seed see the same racing dice in the same order, crazy camels
    or not (common random numbers).  Legs are drawn LEG_BLOCK at a time for every game, so
    how long one game lasts never shifts another's dice.

    Boost dice (`boost`): number x_j in [0, M * B) for the j-th roll (from 0) of a game's leg,
    M = `boost_lcm` (a multiple of every count the pyramid can hold), B = len(boost_faces).
    With m base dice and b boost dice in the pyramid, t = (x_j mod M) mod (m + b) picks the die
    out, uniformly: t < b is the t-th boost die in camel order, showing boost_faces[(x_j div M)
    mod B]; else the next base die of the leg's draw.  A third stream (the second child), so the
    base dice are those of the rule set without boost dice."""

    def __init__(self, rules: RuleSet, n: int, rng):
        r, f = rules.racing, len(rules.die_faces)
        self.n, self.rng, self.racing, self.rules = n, rng, r, rules
        self.perms = sim._permutations(r)
        self.span = factorial(r) * f ** r
        self.faces = np.asarray(rules.die_faces, dtype=np.int64)
        self.power = f ** np.arange(r, dtype=np.int64)
        kids = rng.spawn(2) if rules.crazy_camels or rules.boost_dice else (None, None)  # rng's stream stays as it is
        self.crazy_rng = kids[0] if rules.crazy_camels else None
        self.boost_rng = kids[1] if rules.boost_dice else None
        self.lcm = boost_lcm(rules)
        self.boost_faces = np.asarray(rules.boost_faces, dtype=np.int64)
        self.boost_table = np.zeros((n, 0, 2 * r), dtype=np.int64)
        self.table = self._block(1, 2 * f ** 2)

    def boost(self, game, leg):
        """(games, rolls) the x_j of leg `leg` (from 0) of each game."""
        need = int(leg.max()) + 1 if leg.size else 0
        while self.boost_table.shape[1] < need:
            block = self.boost_rng.integers(self.lcm * len(self.boost_faces), size=(self.n, LEG_BLOCK, 2 * self.racing))
            self.boost_table = np.concatenate([self.boost_table, block], axis=1)
        return self.boost_table[game, leg]

    def _block(self, legs, crazy_span):
        table = self.rng.integers(self.span, size=(self.n, legs), dtype=np.int64)
        if self.crazy_rng is not None:
            table += self.span * self.crazy_rng.integers(crazy_span, size=(self.n, legs), dtype=np.int64)
        return table

    def leg(self, game, leg):
        """The draw of leg `leg` (from 0) of each game."""
        need = int(leg.max()) + 2 if leg.size else 0
        while self.table.shape[1] < need:
            block = self._block(LEG_BLOCK, (self.racing + 1) * 2 * len(self.faces))
            self.table = np.concatenate([self.table, block], axis=1)
        return self.table[game, leg + 1]

    def die(self, draw, j):
        """(camel, steps, grey) of the j-th die out under each draw; grey is None without crazy
        camels, else True where it is the grey die, whose camel is then the crazy camel its face names."""
        nperm, f = len(self.perms), len(self.faces)
        grey = None
        if self.crazy_rng is not None:
            draw, x = draw % self.span, draw // self.span
            place = x % (self.racing + 1)
            grey = j == place
            j = np.minimum(j - (j > place), self.racing - 1)
            g = x // (self.racing + 1) % (2 * f)
        camel = self.perms[draw % nperm, j]
        steps = self.faces[(draw // nperm // self.power[j]) % f]
        if grey is not None:
            camel = np.where(grey, self.racing + g // f, camel)
            steps = np.where(grey, self.faces[g % f], steps)
        return camel, steps, grey

    def setup(self):
        """(pos, height) words: each camel on its start space, stacked in the order set down."""
        draw, f = self.table[:, 0], len(self.faces)
        e = draw % self.span
        order = self.perms[e % len(self.perms)]  # racing camels in the order they are set down
        space = self.faces[(e // len(self.perms))[:, None] // self.power % f]
        rank = np.argsort(order, axis=1)  # when each camel is set down
        height = ((space[:, None, :] == space[:, :, None]) & (rank[:, None, :] < rank[:, :, None])).sum(2)
        if self.crazy_rng is not None:
            x = draw // self.span
            crazy = self.rules.track_length + 1 - self.faces[(x // 2)[:, None] // f ** np.arange(2) % f]
            on_top = np.zeros_like(crazy)  # the one set down second goes on top if they share
            on_top[np.arange(self.n), 1 - x % 2] = crazy[:, 0] == crazy[:, 1]
            space, height = np.hstack([space, crazy]), np.hstack([height, on_top])
        return sim.pack(space + sim.BIAS), sim.pack(height)


class Games:
    """The state of a batch of games: arrays with a leading game axis (rows).

    `orig[r]` is the batch index of the game in row r.  A finished game stays in its row, not
    alive, playing the no-op, until enough have finished to drop them all at once.  The arrays a
    module needs exist only when its rules are in play (`arrays` lists those of this batch)."""

    ARRAYS = ("orig", "alive", "pos", "height", "out", "rolled", "leg", "draw", "taken", "held_n", "held_v", "pyr",
              "dspace", "eff", "owner", "money", "card", "corder", "piles", "turns")

    def __init__(self, config: GameConfig, n: int, rng):
        rules, p = config.rules, config.players
        c, k = len(rules.camels), rules.racing
        self.config, self.rules, self.players, self.camels, self.racing = config, rules, p, c, k
        self.space = ActionSpace(rules, p)
        self.dice_per_leg = dice_count(rules) - rules.dice_left_at_leg_end  # base (and grey) dice a leg rolls
        self.crazy = (k, k + 1) if rules.crazy_camels else None  # the crazy camels, for sim.crazy_mover
        self.desert_spaces = np.uint64(sum(1 << int(x) for x in self.space.spaces))
        self.draws = Chance(rules, n, rng)
        self.n = n
        self.width = rules.track_length + sim.BIAS + 2 * max_step(rules) + 2  # bytes a unit can reach
        self.line = np.uint64(rules.track_length + sim.BIAS)
        self.tiles = np.asarray(rules.leg_tiles + (0,), dtype=np.int16)  # value of the k-th tile taken; 0: none
        ladder = list(rules.overall_payouts) + [rules.overall_payouts[-1]] * (p * c)
        self.ladder = np.asarray(ladder, dtype=np.int32)
        self.boost = rules.boost_dice
        self.photo = rules.photographer
        self.placing = bool(self.space.places)
        self.partnering = self.space.seats > 0
        self.tile_bits = self.placing or self.partnering  # held tiles one by one (placement, a partner's best)
        self.arrays = list(self.ARRAYS)

        self.orig = np.arange(n)
        self.alive = np.ones(n, dtype=bool)
        self.pos, self.height = self.draws.setup()
        self.out = np.zeros(n, dtype=np.int64)  # base (and grey) dice out of the pyramid this leg
        self.rolled = np.zeros(n, dtype=np.int64)  # bitmask of those dice by camel; the grey die: every crazy bit
        self.leg = np.zeros(n, dtype=np.int64)
        self.draw = self.draws.leg(self.orig, self.leg)
        self.taken = np.zeros((n, k), dtype=np.int64)  # leg tiles taken from the top per racing colour this leg
        self.held_n = np.zeros((n, p, k), dtype=np.int32)  # leg tiles held (not under a placement tile)
        self.held_v = np.zeros((n, p, k), dtype=np.int32)  # and their values summed
        self.pyr = np.zeros((n, p), dtype=np.int32)  # pyramid tiles this leg
        self.dspace = np.zeros((n, p), dtype=np.int64)  # each player's desert tile (0: in hand)
        self.eff = np.zeros((n, self.width), dtype=np.uint64)  # push by byte, for sim.move
        self.owner = np.zeros((n, self.width), dtype=np.int64)  # tile owner by byte
        self.money = np.tile(np.asarray(config.money_at_start, dtype=np.int32), (n, 1))
        self.card = np.zeros((n, p, k), dtype=np.int8)  # 0: in hand; 1: on the winner pile; 2: on the loser pile
        self.corder = np.zeros((n, p, k), dtype=np.int32)  # place in its pile
        self.piles = np.zeros((n, 2), dtype=np.int32)  # cards on the winner and loser piles
        self.turns = np.zeros(n, dtype=np.int64)
        self.all_colours = (1 << k) - 1
        self._add("left", np.full(n, self.all_colours, dtype=np.int64))  # bit c: a colour-c leg tile is left
        self._add("free_cards", np.full((n, p), self.all_colours, dtype=np.int64))  # bit c: c not yet backed
        if self.tile_bits:  # bit i of held_bits[.., q, c]: q holds c's i-th tile (top first), uncovered
            self._add("held_bits", np.zeros((n, p, k), dtype=np.int32))
            values = np.asarray(rules.leg_tiles, dtype=np.int64)
            masks = np.arange(1 << values.size)
            has = (masks[:, None] >> np.arange(values.size)) & 1 == 1
            self.bits_max = np.where(has, values, -(1 << 20)).max(1).astype(np.int32)  # best tile of a mask
            self.bits_min = np.where(has, values, 1 << 20).argmin(1)  # index of its lowest-valued tile
        if self.placing:
            self._add("bottom", np.zeros((n, k), dtype=np.int64))  # tiles taken from the bottom of each stack
            self._add("place_owner", np.full((n, len(self.space.places)), -1, dtype=np.int64))
            self._add("place_camel", np.zeros((n, len(self.space.places)), dtype=np.int64))
            self._add("place_value", np.zeros((n, len(self.space.places)), dtype=np.int64))  # the tile it covers
            self.place_rank = np.asarray(self.space.places, dtype=np.int64) - 1
            self.all_places = (1 << len(self.space.places)) - 1
            self._add("free_places", np.full(n, self.all_places, dtype=np.int64))  # bit i: tile i not in play
            self._add("held_colours", np.zeros((n, p), dtype=np.int64))  # bit c: an uncovered c tile held
        if self.partnering:
            self._add("partner", np.full((n, p), -1, dtype=np.int64))
            self.all_seats = (1 << p) - 1
            self._add("free_seats", np.full(n, self.all_seats, dtype=np.int64))  # bit q: q not partnered
        if self.photo:
            self._add("cam", np.zeros(n, dtype=np.int64))  # the camera's space (0: the photographer is free)
            self._add("cam_holder", np.full(n, -1, dtype=np.int64))
            self.photo_spaces = np.uint64(sum(1 << int(x) for x in self.space.photo_spaces))
        if self.boost:
            self._add("bdraw", self.draws.boost(self.orig, self.leg))  # this leg's boost numbers, one per roll
            self._add("boost_in", np.left_shift(1, self.last_camel()))  # boost dice in the pyramid, by camel
            self._add("pit", np.zeros(n, dtype=np.int64))  # boost dice rolled this leg
            self._add("rolls", np.zeros(n, dtype=np.int64))  # dice of every kind rolled this leg
            masks = np.arange(1 << k)
            self.boost_nth = np.array([[([c for c in range(k) if (m >> c) & 1] + [0] * k)[t] for t in range(k)]
                                     for m in masks], dtype=np.int64)  # boost_nth[mask, t]: its t-th set bit

        self.final_money = np.zeros((n, p), dtype=np.int32)
        self.final_turns = np.zeros(n, dtype=np.int64)
        self.final_legs = np.zeros(n, dtype=np.int64)
        self.actions = np.zeros((p, len(KINDS)), dtype=np.int64)
        self.any_tile = False  # has any desert tile been placed in this batch (else moves skip the lookup)

    def _add(self, name, value):
        setattr(self, name, value)
        self.arrays.append(name)

    @property
    def rows(self) -> int:
        return self.orig.size

    # -- what is legal -------------------------------------------------------------------------
    def camel_spaces(self, rows=None):
        """(rows, camels) space of each camel (from 1)."""
        pos = self.pos if rows is None else self.pos[rows]
        return sim.unpack(pos, self.camels).astype(np.int64) - sim.BIAS

    def _every(self, rows):
        return slice(None) if rows.size == self.rows else rows  # rows are sorted and distinct

    def occupied_bits(self, every):
        """(rows,) uint64 with bit s set where space s holds a camel."""
        pos = self.pos[every]
        blocked = np.zeros(pos.size, dtype=np.uint64)
        for camel in range(self.camels):  # a bit per space holding a camel
            blocked |= np.left_shift(np.uint64(1), (pos >> np.uint64(8 * camel)) & _BYTE)
        return blocked >> np.uint64(sim.BIAS)

    def desert_bits(self, rows, seat, occupied=None):
        """(rows,) uint64 with bit s set where `seat` may put its desert tile on space s: not space
        1, no camel, not on or next to another player's tile, not where its own tile lies already,
        not on the camera.  `occupied`: `occupied_bits` of these rows, if known."""
        every = self._every(rows)
        blocked = self.occupied_bits(every) if occupied is None else occupied.copy()
        ds = self.dspace[every].astype(np.uint64)
        for q in range(self.players):
            bit = np.left_shift(np.uint64(1), ds[:, q]) & ~np.uint64(1)  # space 0: no tile
            blocked |= bit if q == seat else bit | (bit << np.uint64(1)) | (bit >> np.uint64(1))
        if self.photo:
            blocked |= np.left_shift(np.uint64(1), self.cam[every].astype(np.uint64))
        return ~blocked & self.desert_spaces

    def desert_legal(self, rows, seat):
        """(rows, spaces 2..L) bool: `desert_bits` spread out."""
        return expand_bits(self.desert_bits(rows, seat), self.space.spaces)

    def photo_bits(self, rows, seat, occupied=None):
        """(rows,) uint64 with bit s set where `seat` may set the camera: the photographer is free or
        `seat` holds it; space s holds no camel, no desert tile and not the camera already."""
        every = self._every(rows)
        blocked = self.occupied_bits(every) if occupied is None else occupied.copy()
        ds = self.dspace[every].astype(np.uint64)
        for q in range(self.players):
            blocked |= np.left_shift(np.uint64(1), ds[:, q])
        blocked |= np.left_shift(np.uint64(1), self.cam[every].astype(np.uint64))
        holder = self.cam_holder[every]
        mine = (holder < 0) | (holder == seat)
        return np.where(mine, ~blocked & self.photo_spaces, np.uint64(0))

    def stack_left(self, rows):
        """(rows, racing camels) bool: a leg tile of that colour is left."""
        return expand_bits(self.left[self._every(rows)], np.arange(self.racing))

    def pair_bits(self, rows, seat):
        """(rows,) bit 2c: `seat` holds an uncovered colour-c tile; bit 2c + 1: colour c's stack has a tile."""
        every = self._every(rows)
        return SPREAD[self.held_colours[every, seat]] | (SPREAD[self.left[every]] << 1)

    def place_legal(self, rows, seat):
        """(rows, places * camels * 2) bool in ActionSpace order: a free placement tile on a held
        uncovered tile of the colour, or on the bottom tile of its stack."""
        every = self._every(rows)
        free = expand_bits(self.free_places[every], np.arange(len(self.space.places)))
        pairs = expand_bits(self.pair_bits(rows, seat), np.arange(2 * self.racing))
        return (free[:, :, None] & pairs[:, None, :]).reshape(rows.size, -1)

    def partner_bits(self, rows, seat):
        """(rows,) bit q: `seat` and q have both not partnered this leg."""
        free = self.free_seats[self._every(rows)]
        return np.where((free >> seat) & 1 == 1, free & ~(1 << seat), 0)

    def partner_legal(self, rows, seat):
        return expand_bits(self.partner_bits(rows, seat), np.arange(self.players))

    def boost_bits(self, rows, seat):
        """(rows,) bit c: `seat` holds a pyramid tile, camel c's boost die is on the podium (not in the
        pyramid, not in the pit) and c does not lead."""
        every = self._every(rows)
        podium = ~(self.boost_in[every] | self.pit[every]) & self.all_colours
        leader = np.left_shift(1, self.order_keys(rows).argmax(1))
        return np.where(self.pyr[every, seat] >= 1, podium & ~leader, 0)

    def boost_legal(self, rows, seat):
        return expand_bits(self.boost_bits(rows, seat), np.arange(self.racing))

    def legal(self, rows, seat):
        """(rows, actions) bool: every legal action of `seat` in those games (boost dice: `boost_legal`)."""
        s = self.space
        out = np.zeros((rows.size, s.size), dtype=bool)
        out[:, :s.desert0] = self.stack_left(rows)
        out[:, s.desert0:s.pyramid] = np.repeat(self.desert_legal(rows, seat), 2, axis=1)
        out[:, s.pyramid] = True
        free = expand_bits(self.free_cards[rows, seat], np.arange(self.racing))
        out[:, s.winner0:s.loser0] = free
        out[:, s.loser0:s.photo0] = free
        if self.photo:
            out[:, s.photo0:s.place0] = expand_bits(self.photo_bits(rows, seat), s.photo_spaces)
        if self.placing:
            out[:, s.place0:s.partner0] = self.place_legal(rows, seat)
        if self.partnering:
            out[:, s.partner0:s.boost0] = self.partner_legal(rows, seat)
        return out

    def order_keys(self, rows=None):
        """(rows, racing camels) sort keys, larger = further ahead."""
        pos = self.pos if rows is None else self.pos[rows]
        height = self.height if rows is None else self.height[rows]
        return sim.order_keys(pos, height, self.camels, self.racing)[:, :self.racing]

    def last_camel(self, rows=None):
        """(rows,) the racing camel now last."""
        key = self.order_keys(rows)
        return np.where(key < 0, 1 << 30, key).argmin(1)

    # -- a turn ----------------------------------------------------------------------------------
    def apply(self, seat: int, action) -> None:
        """Seat `seat` takes `action[r]` in every row r (the no-op in finished games)."""
        s, kind = self.space, self.space.kind[action]
        counts = np.bincount(kind, minlength=NONE + 1)
        self.actions[seat] += counts[:NONE]
        self.turns += self.alive
        by_kind = np.argsort(kind, kind="stable")  # the rows of each kind, in order
        ends = np.cumsum(counts)

        def rows_of(*kinds):
            return np.concatenate([by_kind[ends[k] - counts[k]:ends[k]] for k in kinds]) if len(kinds) > 1 else \
                by_kind[ends[kinds[0]] - counts[kinds[0]]:ends[kinds[0]]]

        r = rows_of(LEG)
        if r.size:
            camel = s.camel[action[r]].astype(np.int64)
            cell = r * self.racing + camel  # flat indices: faster than fancy indexing on 2 or 3 axes
            held = (r * self.players + seat) * self.racing + camel
            taken = self.taken.ravel()[cell]
            value = self.tiles[taken]
            if self.tile_bits:
                self.held_bits.ravel()[held] |= np.left_shift(1, taken).astype(np.int32)
            if self.placing:
                self.held_colours[r, seat] |= np.left_shift(1, camel)
            self.taken.ravel()[cell] = taken + 1
            self._use_tile(r, camel, taken + 1)
            self.held_n.ravel()[held] += 1
            self.held_v.ravel()[held] += value

        r = rows_of(DESERT)
        if r.size:
            a = action[r]
            old = self.dspace[r, seat]
            self.eff[r, old + sim.BIAS] = 0  # old = 0: the unused byte of space 0
            byte = s.space[a].astype(np.int64) + sim.BIAS
            self.eff[r, byte] = s.push[a].astype(np.int64).astype(np.uint64)
            self.owner[r, byte] = seat
            self.dspace[r, seat] = s.space[a]
            self.any_tile = True

        r = np.sort(rows_of(WINNER, LOSER)) if counts[WINNER] and counts[LOSER] else rows_of(WINNER, LOSER)
        if r.size:
            a = action[r]
            pile = kind[r].astype(np.int64) - WINNER
            camel = s.camel[a]
            self.card[r, seat, camel] = pile + 1
            self.free_cards[r, seat] &= ~np.left_shift(1, camel.astype(np.int64))
            self.corder[r, seat, camel] = self.piles[r, pile]
            self.piles[r, pile] += 1

        if self.photo:
            r = rows_of(PHOTO)
            if r.size:
                self.cam[r] = s.space[action[r]]
                self.cam_holder[r] = seat

        if self.placing:
            r = rows_of(PLACE)
            if r.size:
                self._place(r, seat, action[r])

        if self.partnering:
            r = rows_of(PARTNER)
            if r.size:
                q = s.place[action[r]].astype(np.int64)
                self.partner[r, seat] = q
                self.partner[r, q] = seat
                self.free_seats[r] &= ~(np.left_shift(1, q) | (1 << seat))

        r = rows_of(PYRAMID)
        if r.size:
            self.pyr[r, seat] += 1
            self.roll(r)

    def _place(self, r, seat, a) -> None:
        s, values = self.space, np.asarray(self.rules.leg_tiles, dtype=np.int64)
        i, camel, new = s.place[a].astype(np.int64), s.camel[a].astype(np.int64), s.new[a]
        index = np.where(new, len(values) - 1 - self.bottom[r, camel], self.bits_min[self.held_bits[r, seat, camel]])
        value = values[index]
        self.bottom[r, camel] += new
        self._use_tile(r, camel)
        old = ~new
        if old.any():  # the covered tile no longer pays as a leg bet
            ro, co = r[old], camel[old]
            self.held_bits[ro, seat, co] &= ~np.left_shift(1, index[old]).astype(np.int32)
            self.held_n[ro, seat, co] -= 1
            self.held_v[ro, seat, co] -= value[old].astype(np.int32)
            gone = self.held_bits[ro, seat, co] == 0
            self.held_colours[ro[gone], seat] &= ~np.left_shift(1, co[gone])
        self.free_places[r] &= ~np.left_shift(1, i)
        self.place_owner[r, i] = seat
        self.place_camel[r, i] = camel
        self.place_value[r, i] = value

    def _use_tile(self, r, camel, taken=None) -> None:
        """A colour-`camel` leg tile left the board in rows r: clear its bit where none is left."""
        taken = self.taken[r, camel] if taken is None else taken
        if self.placing:
            taken = taken + self.bottom[r, camel]
        empty = taken == len(self.rules.leg_tiles)
        if empty.any():
            self.left[r[empty]] &= ~np.left_shift(1, camel[empty].astype(np.int64))

    def apply_boost(self, seat: int, camel) -> None:
        """The turn's follow-up: where camel[r] >= 0, seat `seat` hands a pyramid tile back and throws
        that camel's boost die into the pyramid (the caller checks `boost_legal`)."""
        r = np.flatnonzero(camel >= 0)
        if r.size:
            self.actions[seat, BOOST] += r.size
            self.pyr[r, seat] -= 1
            self.boost_in[r] |= np.left_shift(1, camel[r])

    def _boost_die(self, r):
        """(camel, steps, is boost) of the die the pyramid releases now, with boost dice in it (`Chance`)."""
        m = self.dice_per_leg - self.out[r]
        inside = self.boost_in[r]
        b = np.bitwise_count(inside).astype(np.int64)
        x = self.bdraw[r, self.rolls[r]]
        t = x % self.draws.lcm % (m + b)
        boosted = t < b
        camel, steps, _ = self.draws.die(self.draw[r], np.minimum(self.out[r], self.dice_per_leg - 1))
        which = self.boost_nth[inside, np.minimum(t, self.racing - 1)]  # the t-th boost die in camel order
        face = self.draws.boost_faces[x // self.draws.lcm % len(self.draws.boost_faces)]
        return np.where(boosted, which, camel), np.where(boosted, face, steps), boosted

    def roll(self, r) -> None:
        """Release the next die of the leg's draw in rows r; score legs and races that end."""
        grey = boosted = None
        if self.boost:
            camel, steps, boosted = self._boost_die(r)
            bits = np.where(boosted, 0, np.left_shift(1, camel))
        else:
            camel, steps, grey = self.draws.die(self.draw[r], self.out[r])
            bits = np.left_shift(1, camel.astype(np.int64))
        camel, steps = camel.astype(np.uint64), steps.astype(np.uint64)
        pos, height = self.pos[r], self.height[r]
        if grey is not None:  # the grey die moves a crazy camel backwards
            camel = sim.grey_camel(pos, height, camel, camel, grey, self.crazy, self.racing)
            steps = np.where(grey, np.uint64(0) - steps, steps)
            bits = np.where(grey, ((1 << self.camels) - 1) ^ ((1 << self.racing) - 1), bits)
        effects = self.eff if self.any_tile else None
        moved = sim.move(pos, height, camel, steps, effects, r if self.any_tile else None, grey, want_unit=self.photo)
        pos, height, target, end = moved[:4]
        self.pos[r], self.height[r] = pos, height
        if self.any_tile:
            landed = end != target
            if landed.any():
                rl = r[landed]
                owner = self.owner[rl, target[landed].astype(np.int64)]
                self.money[rl, owner] += self.rules.desert_tile_pays
                self.floor(rl)
        if self.photo:  # the first unit to end its move on the camera's space: 1 coin per camel
            cam = self.cam[r]
            hit = (cam > 0) & (end == (cam + sim.BIAS).astype(np.uint64))
            if hit.any():
                rh = r[hit]
                self.money[rh, self.cam_holder[rh]] += np.bitwise_count(moved[4][hit]).astype(np.int32)
                self.floor(rh)
                self.cam[rh], self.cam_holder[rh] = 0, -1
        if boosted is None:
            self.out[r] += 1
            empty = self.out[r] == self.dice_per_leg
        else:
            self.out[r] += ~boosted
            self.rolls[r] += 1
            gone = np.where(boosted, np.left_shift(1, camel.astype(np.int64)), 0)
            self.boost_in[r] &= ~gone
            self.pit[r] |= gone
            empty = (self.out[r] == self.dice_per_leg) & (self.boost_in[r] == 0)
        self.rolled[r] |= bits
        over = sim.race_over(end, self.rules)
        leg_over = over | empty
        if leg_over.any():
            self.end_leg(r[leg_over], over[leg_over])

    def floor(self, rows) -> None:
        if self.rules.money_floor is not None:
            self.money[rows] = np.maximum(self.money[rows], self.rules.money_floor)

    def best_tiles(self, e, rank):
        """(rows, players) the best single tile each player earned this leg (a leg tile, one under a
        placement tile, a pyramid tile), or 0 if none pays: what a partner adds."""
        rules, idx = self.rules, np.arange(e.size)
        bits = self.held_bits[e]
        pays = np.where(rank[:, None, :] == 0, self.bits_max[bits],
                        np.where(rank[:, None, :] == 1, rules.leg_second_pays, rules.leg_other_pays))
        pays = np.where(bits != 0, pays, -(1 << 20))
        best = pays[:, :, 0]
        for c in range(1, self.racing):  # max over the colours, column by column (faster than .max(2))
            best = np.maximum(best, pays[:, :, c])
        best = np.maximum(best, np.where(self.pyr[e] > 0, rules.pyramid_tile_pays, -(1 << 20)))
        if self.placing:
            for i, place in enumerate(self.place_rank):
                owner = self.place_owner[e, i]
                has = owner >= 0
                pay = np.where(rank[idx, self.place_camel[e, i]] == place, rules.placement_hit_pays,
                               rules.placement_miss_pays)
                best[idx[has], owner[has]] = np.maximum(best[idx[has], owner[has]], pay[has])
        return np.maximum(best, 0)

    def end_leg(self, e, race_over) -> None:
        rules = self.rules
        keys = self.order_keys(e)
        idx = np.arange(e.size)
        first = keys.argmax(1)
        keys2 = keys.copy()
        keys2[idx, first] = -2
        second = keys2.argmax(1)
        hn, hv = self.held_n[e], self.held_v[e]
        n1, n2 = hn[idx, :, first], hn[idx, :, second]
        held = (hn @ np.ones(self.racing)).astype(np.int32)  # hn.sum(2), faster
        pay = (hv[idx, :, first] + rules.leg_second_pays * n2 + rules.leg_other_pays * (held - n1 - n2)
               + rules.pyramid_tile_pays * self.pyr[e])
        if self.tile_bits:
            rank = leg_ranks(keys)
            if self.placing:  # every placement tile in play pays its owner, in one pass
                owner, camel = self.place_owner[e], self.place_camel[e]
                hit = np.take_along_axis(rank, camel, 1) == self.place_rank
                value = np.where(hit, rules.placement_hit_pays, rules.placement_miss_pays)
                has = owner >= 0
                cell = (idx[:, None] * self.players + owner)[has]
                pay = pay + np.bincount(cell, value[has], e.size * self.players).reshape(pay.shape).astype(np.int64)
            if self.partnering:
                best = self.best_tiles(e, rank)
                partner = self.partner[e]
                pay = pay + np.where(partner >= 0, best[idx[:, None], np.maximum(partner, 0)], 0)
        self.money[e] += pay.astype(np.int32)
        self.floor(e)
        self.taken[e] = 0
        self.held_n[e] = 0
        self.held_v[e] = 0
        self.pyr[e] = 0
        if self.any_tile:
            self.eff[e] = 0
        self.dspace[e] = 0
        self.out[e] = 0
        self.rolled[e] = 0
        self.left[e] = self.all_colours
        if self.tile_bits:
            self.held_bits[e] = 0
        if self.placing:
            self.bottom[e] = 0
            self.place_owner[e] = -1
            self.free_places[e] = self.all_places
            self.held_colours[e] = 0
        if self.partnering:
            self.partner[e] = -1
            self.free_seats[e] = self.all_seats
        if self.photo:
            self.cam[e], self.cam_holder[e] = 0, -1
        last = np.where(keys < 0, 1 << 30, keys).argmin(1)
        if self.boost:  # the pit empties; the last camel's boost die goes into the pyramid
            self.pit[e], self.rolls[e] = 0, 0
            self.boost_in[e] = np.where(race_over, 0, np.left_shift(1, last))
        self.leg[e] += 1
        go = ~race_over
        if go.any():
            self.draw[e[go]] = self.draws.leg(self.orig[e[go]], self.leg[e[go]])
            if self.boost:
                self.bdraw[e[go]] = self.draws.boost(self.orig[e[go]], self.leg[e[go]])
        if race_over.any():
            x = e[race_over]
            self.end_race(x, first[race_over], last[race_over])

    def end_race(self, x, winner, loser) -> None:
        rules, idx = self.rules, np.arange(x.size)
        card, order = self.card[x], self.corder[x]
        total = np.zeros((x.size, self.players), dtype=np.int64)
        for pile, camel in ((1, winner), (2, loser)):
            on_pile = card == pile
            correct = on_pile[idx, :, camel]
            placed = order[idx, :, camel]
            earlier = (correct[:, None, :] & (placed[:, None, :] < placed[:, :, None])).sum(2)
            total += np.where(correct, self.ladder[earlier], 0)
            total += (on_pile.sum(2) - correct) * rules.overall_wrong_pays
        self.money[x] += total.astype(np.int32)
        self.floor(x)
        g = self.orig[x]
        self.final_money[g] = self.money[x]
        self.final_turns[g] = self.turns[x]
        self.final_legs[g] = self.leg[x]
        self.alive[x] = False

    def drop_finished(self, share: float = 0.25) -> None:
        """Remove the rows of finished games once they are `share` of the rows."""
        dead = self.rows - np.count_nonzero(self.alive)
        if dead and dead >= share * self.rows:
            keep = self.alive
            for name in self.arrays:
                setattr(self, name, getattr(self, name)[keep])


def leg_ranks(keys):
    """(rows, camels) how many racing camels are ahead of each, from `order_keys` (a matrix product:
    numpy's sums along a short last axis are several times slower)."""
    ahead = keys[:, None, :] > keys[:, :, None]
    return (ahead.reshape(-1, keys.shape[1]) @ np.ones(keys.shape[1])).astype(np.int64).reshape(keys.shape)


SPREAD = np.array([sum(((m >> c) & 1) << (2 * c) for c in range(8)) for m in range(256)], dtype=np.int64)  # bit c -> 2c


def expand_bits(bits, positions):
    """(rows,) uint64 -> (rows, len(positions)) bool: is bit positions[j] set."""
    return (bits[:, None] >> positions.astype(bits.dtype)) & 1 == 1
