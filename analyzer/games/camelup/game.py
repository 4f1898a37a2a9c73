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
from math import factorial

import numpy as np

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import sim
from analyzer.games.camelup.rules import RuleSet

KINDS = ("leg-bet", "desert", "pyramid", "race-winner", "race-loser")
LEG, DESERT, PYRAMID, WINNER, LOSER, NONE = range(6)  # NONE: the no-op of a finished game
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
    "money_floor", "max_players",
    "race_method",  # how the analyses price race odds; full games do not read it
}


def check_rules(rules: RuleSet, field_name: str = "rules", players: int | None = None) -> None:
    """Refuse, naming the field, a rule set this engine cannot play as written (with `players`
    seats, if given: partnerships are not played, so a table they would apply to is refused)."""
    defaults = RuleSet()
    for f in fields(rules):
        if f.name not in SUPPORTED_FIELDS and getattr(rules, f.name) != getattr(defaults, f.name, None):
            raise ScenarioError(f"{field_name}.{f.name}", f"the full-game engine does not play this rule yet "
                                                          f"(edition {rules.edition}); it plays the first and second "
                                                          "editions and their house rules")
    if rules.partnerships and players is not None and players >= rules.partnership_min_players:
        raise ScenarioError(f"{field_name}.partnerships", f"the full-game engine does not play partnerships; seat "
                                                          f"at most {rules.partnership_min_players - 1} players or "
                                                          "set partnerships: false")
    if rules.crazy_camels not in (0, 2):
        raise ScenarioError(f"{field_name}.crazy_camels", "the full-game engine plays 0 or 2 crazy camels")
    if len(rules.camels) > 8:
        raise ScenarioError(f"{field_name}.camels", "the full-game engine plays at most 8 camels")
    dice = dice_count(rules) - rules.dice_left_at_leg_end
    if dice < 1:
        raise ScenarioError(f"{field_name}.dice_left_at_leg_end", "must leave at least one die to roll per leg")
    if rules.pyramid_tiles != dice:
        raise ScenarioError(f"{field_name}.pyramid_tiles", f"the full-game engine has one pyramid tile per die "
                                                           f"rolled in a leg ({dice}); got {rules.pyramid_tiles}")
    if rules.track_length + sim.BIAS + 2 * max(rules.die_faces) + 2 > 127:
        raise ScenarioError(f"{field_name}.track_length", "too long for the engine's byte-packed board")


def dice_count(rules: RuleSet) -> int:
    """Dice in the pyramid at a leg's start: one per racing camel, and the grey die if crazy camels run."""
    return rules.racing + (rules.crazy_camels > 0)


class ActionSpace:
    """Every action of a rule set as one integer.

    [0, R): leg bet on racing camel c; then desert tiles, two per space 2..track_length (the +1
    side, the -1 side); then the pyramid; then R overall-winner cards; then R overall-loser cards.
    Crazy camels (second edition) cannot be backed.  `noop` (= size)
    is what a finished game "plays": nothing."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        c, length = rules.racing, rules.track_length
        self.camels = c
        self.spaces = np.arange(2, length + 1)
        self.leg0, self.desert0 = 0, c
        self.pyramid = c + 2 * len(self.spaces)
        self.winner0, self.loser0 = self.pyramid + 1, self.pyramid + 1 + c
        self.size = self.loser0 + c
        self.noop = self.size
        kind = np.full(self.size + 1, NONE, dtype=np.int8)
        camel = np.zeros(self.size + 1, dtype=np.int16)
        space = np.zeros(self.size + 1, dtype=np.int16)
        push = np.zeros(self.size + 1, dtype=np.int16)
        kind[:c], camel[:c] = LEG, np.arange(c)
        kind[c:self.pyramid] = DESERT
        space[c:self.pyramid] = np.repeat(self.spaces, 2)
        push[c:self.pyramid] = np.tile([1, -1], len(self.spaces))
        kind[self.pyramid] = PYRAMID
        kind[self.winner0:self.loser0], camel[self.winner0:self.loser0] = WINNER, np.arange(c)
        kind[self.loser0:self.size], camel[self.loser0:self.size] = LOSER, np.arange(c)
        self.kind, self.camel, self.space, self.push = kind, camel, space, push

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
    seating: str = "fixed"  # fixed | rotate | permute: see play.seat_policies
    starting_money: tuple[int, ...] | None = None  # per seat; default rules.starting_money
    opening: str | None = None  # force seat 0's first action (policies.OPENINGS)

    @property
    def money_at_start(self) -> tuple[int, ...]:
        return self.starting_money or (self.rules.starting_money,) * self.players


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
    how long one game lasts never shifts another's dice."""

    def __init__(self, rules: RuleSet, n: int, rng):
        r, f = rules.racing, len(rules.die_faces)
        self.n, self.rng, self.racing, self.rules = n, rng, r, rules
        self.perms = sim._permutations(r)
        self.span = factorial(r) * f ** r
        self.faces = np.asarray(rules.die_faces, dtype=np.int64)
        self.power = f ** np.arange(r, dtype=np.int64)
        self.crazy_rng = rng.spawn(1)[0] if rules.crazy_camels else None  # spawning leaves rng's stream as it is
        self.table = self._block(1, 2 * f ** 2)

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
    alive, playing the no-op, until enough have finished to drop them all at once."""

    ARRAYS = ("orig", "alive", "pos", "height", "out", "rolled", "leg", "draw", "taken", "held_n", "held_v", "pyr",
              "dspace", "eff", "owner", "money", "card", "corder", "piles", "turns")

    def __init__(self, config: GameConfig, n: int, rng):
        rules, p = config.rules, config.players
        c, k = len(rules.camels), rules.racing
        self.config, self.rules, self.players, self.camels, self.racing = config, rules, p, c, k
        self.space = ActionSpace(rules)
        self.dice_per_leg = dice_count(rules) - rules.dice_left_at_leg_end
        self.crazy = (k, k + 1) if rules.crazy_camels else None  # the crazy camels, for sim.crazy_mover
        self.desert_spaces = np.uint64(sum(1 << int(x) for x in self.space.spaces))
        self.draws = Chance(rules, n, rng)
        self.n = n
        self.width = rules.track_length + sim.BIAS + 2 * max(rules.die_faces) + 2  # bytes a unit can reach
        self.line = np.uint64(rules.track_length + sim.BIAS)
        self.tiles = np.asarray(rules.leg_tiles + (0,), dtype=np.int16)  # value of the k-th tile taken; 0: none
        ladder = list(rules.overall_payouts) + [rules.overall_payouts[-1]] * (p * c)
        self.ladder = np.asarray(ladder, dtype=np.int32)

        self.orig = np.arange(n)
        self.alive = np.ones(n, dtype=bool)
        self.pos, self.height = self.draws.setup()
        self.out = np.zeros(n, dtype=np.int64)  # dice out of the pyramid this leg
        self.rolled = np.zeros(n, dtype=np.int64)  # bitmask of those dice by camel; the grey die: every crazy bit
        self.leg = np.zeros(n, dtype=np.int64)
        self.draw = self.draws.leg(self.orig, self.leg)
        self.taken = np.zeros((n, k), dtype=np.int64)  # leg tiles taken per racing colour this leg
        self.held_n = np.zeros((n, p, k), dtype=np.int32)  # leg tiles held per player and colour
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

        self.final_money = np.zeros((n, p), dtype=np.int32)
        self.final_turns = np.zeros(n, dtype=np.int64)
        self.final_legs = np.zeros(n, dtype=np.int64)
        self.actions = np.zeros((p, len(KINDS)), dtype=np.int64)
        self.any_tile = False  # has any desert tile been placed in this batch (else moves skip the lookup)

    @property
    def rows(self) -> int:
        return self.orig.size

    # -- what is legal -------------------------------------------------------------------------
    def camel_spaces(self, rows=None):
        """(rows, camels) space of each camel (from 1)."""
        pos = self.pos if rows is None else self.pos[rows]
        return sim.unpack(pos, self.camels).astype(np.int64) - sim.BIAS

    def desert_bits(self, rows, seat):
        """(rows,) uint64 with bit s set where `seat` may put its desert tile on space s: not space
        1, no camel, not on or next to another player's tile, not where its own tile lies already."""
        every = slice(None) if rows.size == self.rows else rows  # rows are sorted and distinct
        pos = self.pos[every]
        blocked = np.zeros(rows.size, dtype=np.uint64)
        for camel in range(self.camels):  # a bit per space holding a camel
            blocked |= np.left_shift(np.uint64(1), (pos >> np.uint64(8 * camel)) & _BYTE)
        blocked >>= np.uint64(sim.BIAS)
        ds = self.dspace[every].astype(np.uint64)
        for q in range(self.players):
            bit = np.left_shift(np.uint64(1), ds[:, q]) & ~np.uint64(1)  # space 0: no tile
            blocked |= bit if q == seat else bit | (bit << np.uint64(1)) | (bit >> np.uint64(1))
        return ~blocked & self.desert_spaces

    def desert_legal(self, rows, seat):
        """(rows, spaces 2..L) bool: `desert_bits` spread out."""
        return expand_bits(self.desert_bits(rows, seat), self.space.spaces)

    def legal(self, rows, seat):
        """(rows, actions) bool: every legal action of `seat` in those games."""
        s = self.space
        out = np.empty((rows.size, s.size), dtype=bool)
        out[:, :s.desert0] = self.taken[rows] < len(self.rules.leg_tiles)
        out[:, s.desert0:s.pyramid] = np.repeat(self.desert_legal(rows, seat), 2, axis=1)
        out[:, s.pyramid] = True
        free = self.card[rows, seat] == 0
        out[:, s.winner0:s.loser0] = free
        out[:, s.loser0:] = free
        return out

    def order_keys(self, rows=None):
        """(rows, racing camels) sort keys, larger = further ahead."""
        pos = self.pos if rows is None else self.pos[rows]
        height = self.height if rows is None else self.height[rows]
        return sim.order_keys(pos, height, self.camels, self.racing)[:, :self.racing]

    # -- a turn ----------------------------------------------------------------------------------
    def apply(self, seat: int, action) -> None:
        """Seat `seat` takes `action[r]` in every row r (the no-op in finished games)."""
        s, kind = self.space, self.space.kind[action]
        self.actions[seat] += np.bincount(kind, minlength=NONE + 1)[:NONE]
        self.turns += self.alive

        r = np.flatnonzero(kind == LEG)
        if r.size:
            camel = s.camel[action[r]]
            value = self.tiles[self.taken[r, camel]]
            self.taken[r, camel] += 1
            self.held_n[r, seat, camel] += 1
            self.held_v[r, seat, camel] += value

        r = np.flatnonzero(kind == DESERT)
        if r.size:
            a = action[r]
            old = self.dspace[r, seat]
            self.eff[r, old + sim.BIAS] = 0  # old = 0: the unused byte of space 0
            byte = s.space[a].astype(np.int64) + sim.BIAS
            self.eff[r, byte] = s.push[a].astype(np.int64).astype(np.uint64)
            self.owner[r, byte] = seat
            self.dspace[r, seat] = s.space[a]
            self.any_tile = True

        r = np.flatnonzero((kind == WINNER) | (kind == LOSER))
        if r.size:
            a = action[r]
            pile = kind[r].astype(np.int64) - WINNER
            camel = s.camel[a]
            self.card[r, seat, camel] = pile + 1
            self.corder[r, seat, camel] = self.piles[r, pile]
            self.piles[r, pile] += 1

        r = np.flatnonzero(kind == PYRAMID)
        if r.size:
            self.pyr[r, seat] += 1
            self.roll(r)

    def roll(self, r) -> None:
        """Release the next die of the leg's draw in rows r; score legs and races that end."""
        camel, steps, grey = self.draws.die(self.draw[r], self.out[r])
        camel, steps = camel.astype(np.uint64), steps.astype(np.uint64)
        pos, height = self.pos[r], self.height[r]
        bits = np.left_shift(1, camel.astype(np.int64))
        if grey is not None:  # the grey die moves a crazy camel backwards
            camel = sim.grey_camel(pos, height, camel, camel, grey, self.crazy, self.racing)
            steps = np.where(grey, np.uint64(0) - steps, steps)
            bits = np.where(grey, ((1 << self.camels) - 1) ^ ((1 << self.racing) - 1), bits)
        effects = self.eff if self.any_tile else None
        pos, height, target, end = sim.move(pos, height, camel, steps, effects, r if self.any_tile else None, grey)
        self.pos[r], self.height[r] = pos, height
        if self.any_tile:
            landed = end != target
            if landed.any():
                rl = r[landed]
                owner = self.owner[rl, target[landed].astype(np.int64)]
                self.money[rl, owner] += self.rules.desert_tile_pays
                self.floor(rl)
        self.out[r] += 1
        self.rolled[r] |= bits
        over = sim.race_over(end, self.rules)
        leg_over = over | (self.out[r] == self.dice_per_leg)
        if leg_over.any():
            self.end_leg(r[leg_over], over[leg_over])

    def floor(self, rows) -> None:
        if self.rules.money_floor is not None:
            self.money[rows] = np.maximum(self.money[rows], self.rules.money_floor)

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
        pay = (hv[idx, :, first] + rules.leg_second_pays * n2 + rules.leg_other_pays * (hn.sum(2) - n1 - n2)
               + rules.pyramid_tile_pays * self.pyr[e])
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
        self.leg[e] += 1
        go = ~race_over
        if go.any():
            self.draw[e[go]] = self.draws.leg(self.orig[e[go]], self.leg[e[go]])
        if race_over.any():
            x = e[race_over]
            key = keys[race_over]
            self.end_race(x, first[race_over], np.where(key < 0, 1 << 30, key).argmin(1))

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
            for name in self.ARRAYS:
                setattr(self, name, getattr(self, name)[keep])


def expand_bits(bits, positions):
    """(rows,) uint64 -> (rows, len(positions)) bool: is bit positions[j] set."""
    return (bits[:, None] >> positions.astype(np.uint64)) & np.uint64(1) == 1
