"""The numba engine: the dragon equal to rules.dragon_step on every (state, roll, reading); hand-stepped rule
subtleties on hand-made states (the move length, the chamber, a card ends the turn, a trigger on an empty cave
leaves the second move, the catch choice, the bribe, the last treasure and the last knight, the four-kinds card,
a majority tie, the one-colour rule, the stack patterns); whole games (determinism, the cap); agreement with
the readable reference on seeded games in every reading."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r
from analyzer.games.emerald import sim

RED, BLUE, GREEN, YELLOW = range(4)


class Table:
    """A hand-made state: no knights, empty stacks, the dragon at set-up; `t(probe, ...)` runs one engine step."""

    def __init__(self, players=4, **changes):
        self.settings = replace(r.Settings(), **changes)
        self.cfg = g.settings_vector(self.settings, players)
        self.s = np.zeros(g.SSIZE, dtype=np.int64)
        g.run(self.cfg, np.ones((1, g.NSTREAMS), dtype=np.uint64), np.zeros((1, g.STSIZE), dtype=np.int64), self.s,
              g.NEW_GAME, 0, np.ones((1, players), dtype=np.int64))
        self.s[g.CNT:g.SQ + g.NPOS] = 0
        self.s[g.ONT:g.ONT + g.MAXP] = 0
        self.s[g.GEML:g.GEML + 9] = 0
        self.s[g.GOLDL:g.GOLDL + 9] = 0
        self.s[g.TOMOVE] = 0
        self.rs = np.arange(1, g.NSTREAMS + 1, dtype=np.uint64)
        self.rec = np.zeros((64, 3), dtype=np.int64)
        self.w = g.work()
        self.st = np.zeros(g.STSIZE, dtype=np.int64)

    def __call__(self, probe, m=0, a=0, b=0, face=0, card=2):
        return int(g.probe(g.PROBES.index(probe), self.s, self.cfg, m, a, b, face, card, self.rs, self.rec, self.w,
                           self.st))

    def put(self, colour, pos, n=1):
        self.s[g.CNT + colour * g.NPOS + pos] += n
        self.s[g.SQ + pos] += n
        if r.on_track(pos):
            self.s[g.ONT + self.s[g.OWNER + colour]] += n

    def stack(self, cave, gems=(), gold=()):
        """Cards top first."""
        k = cave - 1
        for at, left, cards in ((g.GEMC, g.GEML, gems), (g.GOLDC, g.GOLDL, gold)):
            self.s[left + k] = len(cards)
            for i, c in enumerate(reversed(cards)):
                self.s[at + k * g.NSTACK + i] = c

    def give_gold(self, seat, *values):
        for v in values:
            self.s[g.GOLDV + seat * 6 + v] += 1
            self.s[g.NGOLD + seat] += 1
            self.s[g.GOLDSUM + seat] += v

    def at(self, colour, pos):
        return int(self.s[g.CNT + colour * g.NPOS + pos])

    def step(self, colour, pos, face=0, card=2):
        return bool(self("step", self.s[g.OWNER + colour], colour, pos, face, card))

    @property
    def dragon(self):
        return int(self.s[g.DC]), int(self.s[g.DF]), int(self.s[g.DT])

    def set_dragon(self, cave, facing, trail):
        self.s[g.DC], self.s[g.DF], self.s[g.DT] = cave, facing, trail


def filler(t, colours=(RED, BLUE, GREEN, YELLOW)):
    """Three knights of every colour on field 1 (so nobody is down to a last knight)."""
    for c in colours:
        t.put(c, 1, 3)


# ------------------------------------------------------------------------------------------------
# the dragon


@pytest.mark.parametrize("arrival", [True, False])
def test_the_dragon_step_equals_rules_on_every_state_and_roll(arrival):
    settings = replace(r.Settings(), turn_on_arrival=arrival, die_faces=(1, 2, 3, 4, 5, 6))
    t = Table(turn_on_arrival=arrival, die_faces=(1, 2, 3, 4, 5, 6))
    for state in r.dragon_states():
        for face, roll in enumerate(settings.die_faces):
            t.set_dragon(*state)
            t("dragon_move", a=roll)
            assert t.dragon[:2] == r.dragon_move(*state, roll, arrival), (state, roll)
            # and through a whole step: a lone red knight stepping from the square before the dragon's cave
            t.s[g.CNT:g.SQ + g.NPOS] = 0
            filler(t, (BLUE, GREEN, YELLOW))
            t.put(RED, r.cave_pos(state[0]) - 1)
            t.put(RED, 1, 2)
            t.set_dragon(*state)
            t.s[g.STEPS] = 0
            t.step(RED, r.cave_pos(state[0]) - 1, face)
            assert t.dragon == r.dragon_step(state, roll, settings), (state, roll)


def test_reference_figures_of_the_first_two_dragon_moves():
    t = Table()
    ends = []
    for f1 in range(3):
        for f2 in range(3):
            t.set_dragon(*r.DRAGON_SETUP)
            t("dragon_move", a=f1 + 1)
            t.s[g.DT] += 1
            t("dragon_move", a=f2 + 1)
            ends.append(t.dragon[0])
    assert sorted(ends) == [2, 2, 3, 3, 3, 4, 4, 4, 5]  # 2/9, 1/3, 1/3, 1/9


def test_a_knight_ending_on_cave_3_under_the_dragon_is_caught_one_time_in_three():
    """The spec's figure: the dragon on cave 3 facing the entrance, trail 2-5, rolls land on 2, 3, 4."""
    caught = []
    for face in range(3):
        t = Table()
        filler(t)
        t.set_dragon(3, -1, 2)
        t.put(RED, r.cave_pos(3) - 1)
        t.step(RED, r.cave_pos(3) - 1, face)
        caught.append(t.at(RED, r.NEST))
    assert caught == [0, 1, 0]


def test_the_dragon_catches_only_where_it_ends():
    t = Table()
    filler(t)
    t.put(BLUE, r.cave_pos(3))
    t.put(GREEN, r.cave_pos(2))
    t.put(RED, 6)
    t.step(RED, 6, face=2)  # red wakes it from cave 1; it goes 4 -> 3 -> 2 -> 1 and catches red there
    assert t.at(BLUE, r.cave_pos(3)) == 1 and t.at(GREEN, r.cave_pos(2)) == 1 and t.at(RED, r.NEST) == 1


# ------------------------------------------------------------------------------------------------
# moving


def test_a_knight_moves_as_many_spaces_as_knights_on_its_square_of_every_colour():
    t = Table()
    filler(t)
    t.put(RED, 2)
    t.put(BLUE, 2, 2)
    assert t.step(RED, 2)  # three knights on field 2: to field 5, the turn stays open
    assert t.at(RED, 5) == 1 and t.at(RED, 2) == 0 and t.s[g.SQ + 2] == 2


def test_a_start_square_stands_before_field_one():
    t = Table()
    filler(t)
    for c in range(4):
        t.put(c, r.S1)
    t.step(GREEN, r.S1)
    assert t.at(GREEN, 4) == 1


@pytest.mark.parametrize("ends", [False, True])
def test_a_longer_move_stops_in_the_chamber_and_takes_treasure(ends):
    t = Table(chamber_ends_turn=ends)
    filler(t)
    t.put(RED, r.cave_pos(8), 3)
    still = t.step(RED, r.cave_pos(8))  # 3 spaces from cave 8: the chamber
    assert t.at(RED, r.CHAMBER) == 1 and t.s[g.TREAS] == 1 and t.s[g.TL] == r.TREASURES - 1
    assert still is (not ends)
    assert t.s[g.ONT] == 3 + 2


def test_taking_a_card_ends_the_turn_and_turns_up_the_next():
    t = Table()
    filler(t)
    t.put(RED, r.cave_pos(7) - 1)
    t.stack(7, gems=(2, 0), gold=(1,))
    assert not t.step(RED, r.cave_pos(7) - 1)  # cave 7 is not beside the trail (1..4): no wake-up
    assert t.s[g.GEMH + 2] == 1 and t.s[g.GEML + 6] == 1 and t.s[g.GEMC + 6 * g.NSTACK] == 0


def test_the_greedy_card_rule_gold_only_when_it_beats_the_gem():
    for gold, want_gold in ((2, True), (1, False)):
        t = Table()
        filler(t)
        t.put(RED, r.cave_pos(7) - 1)
        t.stack(7, gems=(3,), gold=(gold,))
        t.step(RED, r.cave_pos(7) - 1)
        assert bool(t.s[g.NGOLD] == 1) is want_gold
    t = Table()  # a gem completing the four kinds is worth 5: it beats a gold 4
    filler(t)
    t.s[g.GEMH:g.GEMH + 3] = 1
    t.put(RED, r.cave_pos(7) - 1)
    t.stack(7, gems=(3,), gold=(4,))
    t.step(RED, r.cave_pos(7) - 1)
    assert t.s[g.FOURK] == 0 and t.s[g.NGOLD] == 0


def test_a_trigger_on_an_empty_cave_leaves_the_second_move_and_a_card_first_then_the_dragon():
    t = Table()
    filler(t)
    t.put(RED, 6)  # field 6 -> cave 1, beside the trail
    assert t.step(RED, 6, face=0)  # roll 1: the dragon 4 -> 3; nobody there; the turn stays open
    assert t.dragon == (3, -1, 2)
    t = Table()
    filler(t)
    t.put(RED, 6)
    t.stack(1, gold=(2,))
    t.put(BLUE, r.cave_pos(1))  # the dragon comes with a 3: to cave 1 (blue and red there)
    t.give_gold(1, 5)
    assert not t.step(RED, 6, face=2)
    assert t.s[g.NGOLD] == 1  # red took the gold before the dragon moved
    assert t.s[g.NGOLD + 1] == 0 and t.at(BLUE, r.cave_pos(1)) == 1  # blue (an opponent) caught, bribed his 5


def test_the_catch_picks_the_opponent_with_fewest_gold_and_the_owner_bribes_with_his_lowest():
    t = Table()
    filler(t)
    c = r.cave_pos(3)
    for col in (BLUE, GREEN, YELLOW):
        t.put(col, c)
    t.give_gold(1, 1)
    t.give_gold(3, 4)
    t.give_gold(2, 2, 5)
    t("catch", 0, c)  # blue and yellow hold one card each: blue is first clockwise from red
    assert t.at(BLUE, c) == 1 and t.s[g.NGOLD + 1] == 0 and t.s[g.GOLDSUM + 1] == 0
    t("catch", 0, c)  # now blue holds none: blue again, to the nest
    assert t.at(BLUE, c) == 0 and t.at(BLUE, r.NEST) == 1 and t.s[g.LOST + 1] == 1
    t("catch", 0, c)  # yellow (1 card) before green (2)
    assert t.s[g.NGOLD + 3] == 0 and t.s[g.NGOLD + 2] == 2


def test_own_knight_caught_when_alone_and_a_bribed_knight_cannot_move_again_this_turn():
    t = Table()
    filler(t)
    c = r.cave_pos(2)
    t.put(RED, c)
    t.give_gold(0, 3)
    t("catch", 0, c)
    assert t.at(RED, c) == 1 and t.s[g.MV + RED * g.NPOS + c] == 1  # bribed: barred this turn
    assert not any(x == RED * g.NPOS + c for x in t.w[3][:t("groups", 0)])


def test_no_bribe_when_the_lowest_gold_is_worth_more_than_the_knight():
    t = Table(knight_value=2)
    filler(t)
    c = r.cave_pos(2)
    t.put(BLUE, c)
    t.give_gold(1, 3)
    t("catch", 0, c)
    assert t.at(BLUE, r.NEST) == 1 and t.s[g.NGOLD + 1] == 1


def test_the_last_treasure_ends_the_game_at_once():
    t = Table()
    filler(t)
    t.s[g.TL] = 1
    t.put(RED, 15)
    assert not t.step(RED, 15) and t.s[g.ENDED] == g.E_TREASURE


def test_a_player_down_to_one_knight_on_the_track_ends_the_game():
    t = Table()
    filler(t, (BLUE, GREEN, YELLOW))
    t.put(RED, 15)
    t.put(RED, 3)
    assert not t.step(RED, 15) and t.s[g.ENDED] == g.E_LAST  # the chamber leaves red one knight on the track


def test_a_majority_tie_gives_the_card_to_nobody():
    t = Table()
    t.s[g.GEMH + 0 * 4 + 1] = 2
    t.s[g.GEMH + 1 * 4 + 1] = 2
    t.s[g.GEMH + 2 * 4 + 0] = 1
    t("finish")
    assert list(t.st[g.ST_MAJ:g.ST_MAJ + 4]) == [2, -1, -1, -1]
    assert t.st[g.ST_POINTS + 2] == 1 + r.BONUS_POINTS and t.st[g.ST_POINTS] == 2


@pytest.mark.parametrize("one_colour", [True, False])
def test_two_players_move_knights_of_one_colour_under_the_setting(one_colour):
    t = Table(2, two_player_one_colour=one_colour)
    for c in range(4):
        t.put(c, 1, 2)
    t.put(RED, 2)
    assert t.step(RED, 2)  # one knight on field 2: to field 3
    n = t("groups", 0)
    allowed = [int(x) for x in t.w[3][:n]
               if t.s[g.CNT + x] > t.s[g.MV + x] and (not one_colour or x // g.NPOS == RED)]
    rec = t.rec
    rec[0, 0] = 0
    picks = set()
    for seed in range(40):
        t.rs[:] = seed + 1
        picks.add(t("random_choice", 0))
    assert picks - {-1} == set(allowed)
    assert any(x // g.NPOS == BLUE for x in allowed) is (not one_colour)


@pytest.mark.parametrize("pattern,gems,gold", [("gem_2_first", 22, 23), ("gold_2_first", 23, 22)])
def test_the_stack_patterns_deal_two_and_three(pattern, gems, gold):
    record, snaps = sim.engine_game(replace(r.Settings(), stack_pattern=pattern), 4, ("random",) * 4, [5, 6, 7, 8], 0)
    assert sum(1 for x in record if x[0] == "gem") == gems and sum(1 for x in record if x[0] == "gold") == gold
    sizes = [len(gem) for gem, _ in snaps[0]["stacks"]]
    assert sizes == list(r.STACK_PATTERNS[pattern][0])


# ------------------------------------------------------------------------------------------------
# whole games


def _games(n=64, policies=("random",) * 4, **changes):
    cfg = g.settings_vector(replace(r.Settings(), **changes), len(policies))
    seeds = g.Chance(n, np.random.default_rng(3)).seeds
    out = np.zeros((n, g.STSIZE), dtype=np.int64)
    g.run(cfg, seeds, out, np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME,
          pols=np.tile(g.policy_codes(policies), (n, 1)))
    return out


def test_games_are_deterministic_and_end():
    a, b = _games(), _games()
    assert (a == b).all() and (a[:, g.ST_END] != g.E_RUN).all()
    assert (_games(policies=("greedy",) * 4) == _games(policies=("greedy",) * 4)).all()


def test_the_turn_cap_stops_games_and_counts_them_apart():
    out = _games(turn_cap=3)
    assert (out[:, g.ST_END] == g.E_CAPPED).all() and (out[:, g.ST_TURNS] == 12).all()
    assert np.allclose(g.credit(out, 4).sum(1), 1)


def test_the_engine_agrees_with_the_reference_in_every_reading():
    res = sim.agreement(7)
    bad = [(what, a, b) for what, a, b in res if a != b]
    assert not bad, bad[0]
    assert len(res) > 9 * 20
