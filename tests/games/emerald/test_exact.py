"""Exact answers: the spec's catch figures, the dragon chain, the one-ply EV worked by hand, and the greedy order."""
import itertools
from fractions import Fraction

import numpy as np

from analyzer.games.emerald import exact
from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from tests.games.emerald import table

RED, BLUE, GREEN = 0, 1, 2
C = r.cave_pos
THREE = {"red": ["s1", "s2", "s3", "s4", "s5"], "blue": ["s1", "s2", "s3", "s4", "s5"],
         "green": ["s1", "s2", "s3", "s4", "s5"]}


def three(rules=None, **kw):
    return table(3, rules, knights={**THREE, **kw.pop("knights", {})}, **kw)


def test_a_knight_ending_on_cave_3_beside_the_dragon_is_caught_with_one_third():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2)
    odds = {o.move: o for o in exact.catch_odds(t)}[(RED, C(2))]
    assert odds.wakes and [f.landing for f in odds.faces] == [2, 3, 4]
    assert odds.caught == {(RED, C(3)): Fraction(1, 3)} and odds.p_seat(t, RED) == Fraction(1, 3)


def test_two_knights_parked_on_caves_2_and_4_meet_the_second_move_with_five_ninths():
    dists, hits = exact.dragon_chain(r.DRAGON_SETUP, 2, r.Settings())
    second = dists[1]
    p = sum((q for (c, _, _), q in second.items() if c in (2, 4)), Fraction(0))
    assert p == Fraction(5, 9)
    assert [sum((q for s, q in dists[0].items() if s[0] == c), Fraction(0)) for c in (1, 2, 3)] == [Fraction(1, 3)] * 3
    # P(hit at least once within 2): cave 2 by the first (1/3) or the second without the first (from 3 or 1: 2/9)
    assert hits[1][1] == Fraction(1, 3) + Fraction(2, 9) and hits[1][4] == Fraction(1, 9) and hits[1][8] == 0
    assert sum(dists[1].values()) == 1


def test_the_chain_equals_an_enumeration_of_every_roll_sequence():
    for settings in (r.Settings(), r.Settings(turn_on_arrival=False)):
        dists, hits = exact.dragon_chain((2, r.ENTRANCE, 3), 4, settings)
        ends, seen_counts = {}, [0] * r.CAVES
        for seq in itertools.product((1, 2, 3), repeat=4):
            s, seen = (2, r.ENTRANCE, 3), set()
            for roll in seq:
                s = r.dragon_step(s, roll, settings)
                seen.add(s[0])
            ends[s] = ends.get(s, 0) + Fraction(1, 81)
            for c in seen:
                seen_counts[c - 1] += 1
        assert dists[-1] == ends and hits[-1] == [Fraction(c, 81) for c in seen_counts]


def test_the_chain_uses_the_die_faces():
    dists, _ = exact.dragon_chain(r.DRAGON_SETUP, 1, r.Settings(die_faces=(3,)))
    assert dists[0] == {(1, r.TOWARD_CHAMBER, 2): 1}


def test_one_ply_ev_by_hand():
    # red steps from cave 2 onto the dragon's cave 3: gold 2 (more than a gem, 1); the dragon: a 1 lands on cave 2
    # (nobody), a 2 on cave 3 (red: bribes with the 2 just taken), a 3 on cave 4 (green, no gold: the nest)
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)], "green": ["s1", "s2", "s3", "s4", C(4)]},
              dragon={"cave": 3, "facing": "entrance"}, trail_start=2,
              stacks={3: {"gem": {"top": "ruby"}, "gold": {"top": 2}}})
    move = ((RED, C(2)),)
    kv = t.settings.knight_value
    assert exact.plan_value(t, move) == 2 + Fraction(1, 3) * (-2) + Fraction(1, 3) * kv
    # a card ends the turn: a pair starting with it is worth the single move
    assert exact.plan_value(t, move + ((RED, r.S1),)) == exact.plan_value(t, move)
    t5 = three({"knight_value": 9}, knights={"red": ["s1", "s2", "s3", "s4", C(2)],
                                            "green": ["s1", "s2", "s3", "s4", C(4)]},
               dragon={"cave": 3, "facing": "entrance"}, trail_start=2,
               stacks={3: {"gem": {"top": "ruby"}, "gold": {"top": 2}}})
    assert exact.plan_value(t5, move) == 2 + Fraction(1, 3) * (-2) + Fraction(1, 3) * 9


def test_a_pair_plays_both_moves_in_its_order_and_both_orders_are_listed():
    t = three(knights={"red": ["s1", "s2", "s3", 5, 6]}, dragon={"cave": 5, "facing": "entrance"}, trail_start=3,
              stacks={1: {"gem": {"top": "ruby"}}})
    moves = exact.plan_moves(t)
    assert ((RED, 5), (RED, 6)) in moves and ((RED, 6), (RED, 5)) in moves
    # field 6 -> cave 1 takes the ruby (1) and ends the turn: the second knight does not move
    assert exact.plan_value(t, ((RED, 6), (RED, 5))) == 1
    # field 5 -> field 6 first (no card), then 6 holds two knights: 6 -> cave 2, nothing there
    assert exact.plan_value(t, ((RED, 5), (RED, 6))) == 0


def test_mid_turn_plans_are_stop_and_single_moves_and_greedy_stops_on_a_tie():
    t = three(knights={"red": ["s1", "s2", "s3", 5, 6]}, moved_this_turn=[{"colour": "red", "at": 5}])
    moves = exact.plan_moves(t)
    assert moves[0] == () and all(len(m) == 1 for m in moves[1:]) and ((RED, 5),) not in moves  # barred
    assert exact.best_plan(t) == ()  # nothing is worth more than 0


def test_plans_are_ranked_by_ev_then_single_before_pair():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", 14]}, dragon={"cave": 5, "facing": "entrance"},
              trail_start=3, stacks={9: {"gold": {"top": 4}}})
    ranked = exact.plans(t)
    assert ranked[0].moves == ((RED, 14),) and ranked[0].ev == 4
    assert all(a.key <= b.key for a, b in zip(ranked, ranked[1:]))


def test_the_reference_and_exact_agree_on_every_face():
    # exact.outcomes plays the reference once per face; the catch odds sum those faces
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)], "blue": ["s1", "s2", "s3", "s4", C(3)]},
              dragon={"cave": 3, "facing": "entrance"}, trail_start=2)
    for face in (1, 2, 3):
        after = t.copy()
        info = ref.step(after, RED, C(2), lambda: face)
        assert info["landing"] == r.dragon_move(3, r.ENTRANCE, 2, face)[0]
    odds = {o.move: o for o in exact.catch_odds(t)}[(RED, C(2))]
    assert odds.caught == {(BLUE, C(3)): Fraction(1, 3)}  # the opponent before the mover's own


def _random_tables(players, settings, rng, count):
    """Mid-game tables from random play on the readable rules (random stacks, rolls and choices)."""
    from analyzer.games.emerald import state

    t = ref.Table.from_position(state.initial(players, settings))
    gems = list(rng.permutation([k for k in range(4) for _ in range(6)]))
    gold = list(rng.permutation([v for v in range(1, 6) for _ in range(5)]))
    sizes = r.STACK_PATTERNS[settings.stack_pattern]
    t.gems = [[int(gems.pop()) for _ in range(n)] for n in sizes[0]]
    t.gold = [[int(gold.pop()) for _ in range(n)] for n in sizes[1]]
    out = []
    while len(out) < count and t.end == "running":
        gs = ref.groups(t)
        if not gs or (t.steps and rng.random() < 0.3):
            ref.end_turn(t)
            continue
        out.append(t.copy())
        info = ref.step(t, *gs[rng.integers(len(gs))], lambda: int(rng.choice(settings.die_faces)))
        if info["turn_over"]:
            ref.end_turn(t)
    return out


def test_catch_odds_match_the_dragon_rules_on_random_positions_in_every_reading():
    rng = np.random.default_rng(5)
    for players, changes in [(4, {}), (2, {"turn_on_arrival": False}), (3, {"die_faces": (1, 1, 2, 3)}),
                             (5, {"chamber_ends_turn": True, "stack_pattern": "gold_2_first"}),
                             (2, {"two_player_one_colour": False})]:
        settings = r.Settings(**changes)
        for t in _random_tables(players, settings, rng, 25):
            for odds in exact.catch_odds(t):
                colour, pos = odds.move
                dest = r.advance(pos, t.on_square(pos))
                cave = r.cave_of(dest)
                assert odds.to == dest and odds.wakes == bool(cave and r.triggers(cave, t.dragon[0], t.dragon[2]))
                assert sum(odds.caught.values(), Fraction(0)) <= 1
                for f in odds.faces:
                    assert f.landing == r.dragon_move(t.dragon[0], t.dragon[1], t.dragon[2], f.face,
                                                      settings.turn_on_arrival)[0]
                    at = r.cave_pos(f.landing)  # who stands there once the knight has moved
                    here = [c for c in range(5)
                            if t.knights[c].count(at) - (c == colour and pos == at) + (c == colour and dest == at)]
                    rivals = [c for c in here if t.owner(c) != t.to_move]
                    if not here:
                        assert f.caught is None
                    else:
                        assert f.caught[1] == r.cave_pos(f.landing)
                        assert (t.owner(f.caught[0]) != t.to_move) == bool(rivals)
