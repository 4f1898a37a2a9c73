"""Emerald rules: the track, the stack patterns, the dragon's move and every reading of its settings."""
from collections import Counter
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.emerald import exact
from analyzer.games.emerald import rules as r

DEFAULT = r.Settings()


def chain(state, k, settings=DEFAULT):
    dist = Counter({state: Fraction(1)})
    for _ in range(k):
        nxt = Counter()
        for s, p in dist.items():
            for face, q in exact.faces(settings):
                nxt[r.dragon_step(s, face, settings)] += p * q
        dist = nxt
    return dist


def caves(dist):
    out = Counter()
    for (c, _, _), p in dist.items():
        out[c] += p
    return dict(out)


def test_after_the_first_dragon_move_caves_3_2_1_a_third_each_and_on_a_3_it_faces_the_chamber():
    assert r.DRAGON_SETUP == (4, r.ENTRANCE, 1)
    assert [r.dragon_step(r.DRAGON_SETUP, roll, DEFAULT) for roll in (1, 2, 3)] == [
        (3, r.ENTRANCE, 2), (2, r.ENTRANCE, 2), (1, r.TOWARD_CHAMBER, 2)]
    assert caves(chain(r.DRAGON_SETUP, 1)) == {3: Fraction(1, 3), 2: Fraction(1, 3), 1: Fraction(1, 3)}


def test_after_the_second_move_caves_2_3_4_5_with_2_9_1_3_1_3_1_9():
    assert caves(chain(r.DRAGON_SETUP, 2)) == {2: Fraction(2, 9), 3: Fraction(1, 3), 4: Fraction(1, 3),
                                               5: Fraction(1, 9)}
    # from cave 3: 2, 3, 4; from cave 2 (the trail's rear end, it turns first): 3, 4, 5; from cave 1 (behind): 2, 3, 4
    assert [r.dragon_move(3, r.ENTRANCE, 2, k)[0] for k in (1, 2, 3)] == [2, 3, 4]
    assert [r.dragon_move(2, r.ENTRANCE, 2, k)[0] for k in (1, 2, 3)] == [3, 4, 5]
    assert [r.dragon_move(1, r.TOWARD_CHAMBER, 2, k)[0] for k in (1, 2, 3)] == [2, 3, 4]


def test_the_second_move_ends_on_cave_2_or_4_with_5_9():
    c = caves(chain(r.DRAGON_SETUP, 2))
    assert c[2] + c[4] == Fraction(5, 9)


def test_ping_pong_along_the_last_trail_turning_for_free():
    assert [r.dragon_move(6, r.TOWARD_CHAMBER, 6, k)[0] for k in range(1, 8)] == [7, 8, 9, 8, 7, 6, 7]
    assert r.dragon_move(8, r.TOWARD_CHAMBER, 6, 1) == (9, r.ENTRANCE)  # turns at once on arrival


def test_a_dragon_on_a_trail_end_facing_out_turns_first():
    assert r.dragon_move(2, r.ENTRANCE, 2, 1) == (3, r.TOWARD_CHAMBER)
    assert r.dragon_move(5, r.TOWARD_CHAMBER, 2, 1, turn_on_arrival=False) == (4, r.ENTRANCE)


def test_a_dragon_behind_the_trail_walks_back_into_it():
    assert r.dragon_move(1, r.TOWARD_CHAMBER, 2, 1) == (2, r.TOWARD_CHAMBER)
    assert r.dragon_move(1, r.ENTRANCE, 2, 1, turn_on_arrival=False) == (2, r.TOWARD_CHAMBER)
    assert r.triggers(1, 1, 2) and not r.triggers(6, 1, 2) and r.triggers(5, 1, 2)


def test_turn_on_arrival_both_readings():
    on, off = r.Settings(), r.Settings(turn_on_arrival=False)
    assert r.dragon_step((3, r.TOWARD_CHAMBER, 2), 2, on) == (5, r.ENTRANCE, 3)
    assert r.dragon_step((3, r.TOWARD_CHAMBER, 2), 2, off) == (5, r.TOWARD_CHAMBER, 3)
    # the trail shifted under it: the one facing the chamber goes on, the other comes back
    assert r.dragon_move(5, r.ENTRANCE, 3, 1)[0] == 4 and r.dragon_move(5, r.TOWARD_CHAMBER, 3, 1, False)[0] == 6
    # from setup, a 3 ends on cave 1: turned (facing the chamber) or not; the next move is the same either way
    assert r.dragon_step(r.DRAGON_SETUP, 3, off) == (1, r.ENTRANCE, 2)
    assert caves(chain(r.DRAGON_SETUP, 2, off)) == caves(chain(r.DRAGON_SETUP, 2, on))


def test_the_trail_shifts_until_it_covers_caves_6_to_9():
    assert [r.trail_shift(t) for t in range(1, 7)] == [2, 3, 4, 5, 6, 6]


def test_the_dragon_never_leaves_the_trail_by_more_than_one_cave():
    legal = set(r.dragon_states())
    for s in legal:
        for roll in range(1, 7):
            for settings in (r.Settings(), r.Settings(turn_on_arrival=False)):
                cave, _, trail = after = r.dragon_step(s, roll, settings)
                assert after in legal and s[2] <= cave <= s[2] + 3


def test_die_faces_both_readings():
    assert exact.faces(DEFAULT) == [(1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3))]
    loaded = r.parse_settings({"die_faces": [1, 1, 2, 3]})
    assert exact.faces(loaded) == [(1, Fraction(1, 2)), (2, Fraction(1, 4)), (3, Fraction(1, 4))]
    assert caves(chain(r.DRAGON_SETUP, 1, loaded)) == {3: Fraction(1, 2), 2: Fraction(1, 4), 1: Fraction(1, 4)}
    with pytest.raises(ScenarioError, match="rules.die_faces"):
        r.parse_settings({"die_faces": []})
    with pytest.raises(ScenarioError, match=r"rules.die_faces\[0\]"):
        r.parse_settings({"die_faces": [0]})


def test_stack_patterns_lay_out_22_and_23_cards():
    gem, gold = r.STACK_PATTERNS["gem_2_first"]
    assert (sum(gem), sum(gold)) == (22, 23)
    assert (r.GEM_COPIES * 4 - sum(gem), r.GOLD_COPIES * 5 - sum(gold)) == (2, 2)  # 2 + 2 unused
    gem, gold = r.STACK_PATTERNS["gold_2_first"]
    assert (sum(gem), sum(gold)) == (23, 22)
    assert (r.GEM_COPIES * 4 - sum(gem), r.GOLD_COPIES * 5 - sum(gold)) == (1, 3)
    assert all(sizes in (2, 3) for pattern in r.STACK_PATTERNS.values() for stacks in pattern for sizes in stacks)


def test_the_track_encoding():
    assert r.advance(r.S1, 4) == 4 and r.advance(r.S1 + 4, 1) == 1  # from a start square n steps: field n
    assert r.advance(6, 1) == r.cave_pos(1) == 7  # field 6 -> cave 1 is one step
    assert r.advance(r.cave_pos(8), 3) == r.CHAMBER  # a longer move stops in the chamber
    assert r.cave_of(15) == 9 and r.cave_of(6) == 0 and r.cave_of(r.CHAMBER) == 0
    assert r.on_track(r.S1) and r.on_track(15) and not r.on_track(r.CHAMBER) and not r.on_track(r.NEST)
    assert [r.knights_per_colour(n) for n in (2, 3, 4, 5)] == [4, 5, 5, 4]
    assert len(r.start_squares(5)) == len(r.start_squares(2)) == 4 and r.CENTRAL not in r.start_squares(5)


def test_settings_parse_each_reading_and_refuse_the_rest():
    for name, (default, readings) in r.SETTINGS.items():
        for reading in readings:
            assert getattr(r.parse_settings({name: reading}), name) == reading
    assert r.parse_settings({"knight_value": 3}).knight_value == 3
    assert r.Settings().illustrative and not r.Settings(knight_value=4).illustrative
    with pytest.raises(ScenarioError, match="rules.stack_pattern"):
        r.parse_settings({"stack_pattern": "gem_3_first"})
    with pytest.raises(ScenarioError, match="rules.catch_choice"):
        r.parse_settings({"catch_choice": "own_first"})
    with pytest.raises(ScenarioError, match="rules.knight_value"):
        r.parse_settings({"knight_value": -1})
    with pytest.raises(ScenarioError, match="rules.colour"):
        r.parse_settings({"colour": 1})
