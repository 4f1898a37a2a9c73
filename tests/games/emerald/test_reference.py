"""The readable rules, hand-stepped: every subtlety the spec quotes, the end and the score, full replays."""
import numpy as np
import pytest

from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from tests.games.emerald import table

RED, BLUE, GREEN = 0, 1, 2
C = r.cave_pos  # cave number -> track position


def three(**kw):
    knights = kw.pop("knights", {})
    base = {"red": ["s1", "s2", "s3", "s4", "s5"], "blue": ["s1", "s2", "s3", "s4", "s5"],
            "green": ["s1", "s2", "s3", "s4", "s5"]}
    return table(3, kw.pop("rules", None), knights={**base, **knights}, **kw)


def never():
    raise AssertionError("the dragon must sleep")


def test_a_knight_moves_exactly_as_many_spaces_as_knights_on_its_start_square():
    t = three()
    info = ref.step(t, RED, r.S1, never)
    assert info["to"] == 3  # red, blue, green on s1
    assert ref.step(t, RED, r.S1 + 1, never)["to"] == 3
    assert r.advance(r.S1, t.on_square(r.S1)) == 2  # two left there now


def test_field_6_to_cave_1_is_one_step_and_a_longer_move_stops_in_the_chamber():
    t = three(knights={"red": ["s1", "s2", "s3", 6, 14], "blue": ["s1", "s2", "s3", "s4", 14],
                       "green": ["s1", "s2", "s3", "s4", 14]}, dragon={"cave": 5, "facing": "entrance"},
              trail_start=3)
    assert ref.step(t, RED, 6, never)["to"] == C(1)
    t = three(knights={"red": ["s1", "s2", "s3", 6, 14], "blue": ["s1", "s2", "s3", "s4", 14],
                       "green": ["s1", "s2", "s3", "s4", 14]}, dragon={"cave": 5, "facing": "entrance"},
              trail_start=3)
    info = ref.step(t, RED, 14, never)  # 3 knights on cave 8: one step to cave 9, then the chamber
    assert info["to"] == r.CHAMBER and info["points"] == 5 and t.treasure == [1, 0, 0] and t.treasure_left == 3
    assert not info["turn_over"]  # chamber_ends_turn false: the second move is still open


def test_chamber_ends_turn_both_readings():
    kw = dict(knights={"red": ["s1", "s2", "s3", 6, 15]}, dragon={"cave": 5, "facing": "entrance"}, trail_start=3)
    assert not ref.step(three(**kw), RED, 15, never)["turn_over"]
    assert ref.step(three(rules={"chamber_ends_turn": True}, **kw), RED, 15, never)["turn_over"]


def test_taking_a_card_ends_the_turn_at_once_and_turns_up_the_next():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(8)]}, dragon={"cave": 5, "facing": "entrance"},
              trail_start=3, stacks={9: {"gem": {"top": "ruby", "below": 1}, "gold": {"top": 4, "below": 2}}})
    info = ref.step(t, RED, C(8), never)  # cave 9 is beside no trail (3..6) and not the dragon's
    assert info["card"] == "gold" and info["points"] == 4 and info["turn_over"]
    assert t.gold_held[0] == [4] and t.gold[8] == [None, None]  # the card below turned up (unknown here)


def test_the_trigger_order_card_then_dragon_then_the_catch_with_the_card_just_taken():
    # red steps onto the dragon's cave 3, takes the gold 2 there, the dragon wakes: a 2 brings it back to cave 3,
    # and red (no other knight there) bribes with the card he has just taken
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2, stacks={3: {"gold": {"top": 2}}})
    info = ref.step(t, RED, C(2), lambda: 2)
    assert info["card"] == "gold" and info["roll"] == 2 and info["landing"] == 3
    assert info["caught"] == (RED, C(3)) and info["bribed"] and info["paid"] == [2, 0, 0]
    assert t.gold_held[0] == [] and t.knights[RED].count(C(3)) == 1 and info["turn_over"]
    assert t.dragon == (3, r.TOWARD_CHAMBER, 3)  # the trail shifted after the move


def test_a_trigger_on_an_empty_cave_leaves_the_second_move_open():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2)
    info = ref.step(t, RED, C(2), lambda: 1)
    assert info["card"] is None and info["landing"] == 2 and info["caught"] is None and not info["turn_over"]
    assert ref.groups(t) == [(RED, r.S1 + i) for i in range(4)]  # the moved knight is barred


def test_the_dragon_catches_only_where_it_ends():
    # red steps from cave 2 (two knights there) onto the dragon's cave 4; a 3 takes the dragon 4 -> 3 -> 2 -> 1,
    # over blue on cave 2: nobody is caught
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)], "blue": ["s1", "s2", "s3", "s4", C(2)]})
    info = ref.step(t, RED, C(2), lambda: 3)
    assert info["to"] == C(4) and info["landing"] == 1 and info["caught"] is None
    assert t.knights[BLUE].count(C(2)) == 1


def test_the_mover_picks_an_opponent_with_the_fewest_gold_cards_else_his_own():
    kw = dict(knights={"red": ["s1", "s2", "s3", "s4", C(2)], "blue": ["s1", "s2", "s3", "s4", C(3)],
                       "green": ["s1", "s2", "s3", "s4", C(3)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2)
    t = three(holdings={"blue": {"gold": [1]}}, **kw)
    assert ref.step(t, RED, C(2), lambda: 2)["caught"] == (GREEN, C(3))  # green has no gold: to the nest
    assert t.knights[GREEN].count(r.NEST) == 1
    t = three(holdings={"blue": {"gold": [1]}, "green": {"gold": [2, 3]}}, **kw)
    info = ref.step(t, RED, C(2), lambda: 2)
    assert info["caught"] == (BLUE, C(3)) and info["bribed"] and t.gold_held[1] == []
    t = three(**kw)  # a tie: the first clockwise from red, blue
    assert ref.step(t, RED, C(2), lambda: 2)["caught"] == (BLUE, C(3))


def test_a_bribe_takes_any_gold_card_and_the_knight_moves_again_from_the_next_turn():
    t = three(knights={"red": ["s1", "s2", "s3", C(2), C(3)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2, holdings={"red": {"gold": [5]}})
    info = ref.step(t, RED, C(2), lambda: 2)  # two red knights on cave 3: the moved one is caught
    assert info["caught"] == (RED, C(3)) and info["bribed"] and info["paid"][RED] == 5  # 5 <= knight_value 5
    assert (RED, C(3)) in ref.groups(t)  # the other red knight there may still move
    t.barred.append((RED, C(3)))
    assert (RED, C(3)) not in ref.groups(t)
    ref.end_turn(t)
    for _ in range(2):
        ref.end_turn(t)
    assert (RED, C(3)) in ref.groups(t)


def test_a_caught_knight_without_gold_goes_to_the_nest_without_a_treasure_card():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", C(2)]}, dragon={"cave": 3, "facing": "entrance"},
              trail_start=2, holdings={"red": {"gold": [5]}}, rules={"knight_value": 4})
    info = ref.step(t, RED, C(2), lambda: 2)  # his lowest gold 5 is worth more than the knight (4): the nest
    assert info["nested"] == [1, 0, 0] and t.knights[RED].count(r.NEST) == 1 and t.treasure == [0, 0, 0]
    assert ref.gain(t, RED, info) == -4


def test_the_game_ends_at_the_last_treasure_card():
    t = three(knights={"red": ["s1", "s2", "s3", "chamber", 15], "blue": ["s1", "s2", "s3", "chamber", "chamber"],
                       "green": ["s1", "s2", "s3", "s4", "chamber"]}, treasure_left=1,
              holdings={"blue": {"treasure": 2}, "green": {"treasure": 1}}, dragon={"cave": 6, "facing": "entrance"},
              trail_start=6)
    info = ref.step(t, RED, 15, never)
    assert t.end == "treasure" and info["turn_over"] and ref.winner(t) == 1  # blue: 10 points


def test_the_game_ends_when_a_player_has_one_knight_on_the_track():
    t = three(knights={"red": ["nest", "nest", "s3", "chamber", 15]}, holdings={"red": {"treasure": 1}},
              treasure_left=3, dragon={"cave": 6, "facing": "entrance"}, trail_start=6)
    ref.step(t, RED, 15, never)
    assert t.end == "last_knight" and t.on_track(RED) == 1


def test_the_four_kinds_card_is_taken_at_once():
    t = three(knights={"red": ["s1", "s2", "s3", "s4", 14]}, dragon={"cave": 5, "facing": "entrance"}, trail_start=3,
              holdings={"red": {"gems": {"ruby": 2, "emerald": 1, "garnet": 1}}},
              stacks={9: {"gem": {"top": "turquoise"}, "gold": {"top": 4}}})
    info = ref.step(t, RED, 14, never)  # turquoise is worth 1 + 4 here, more than the gold 4
    assert info["card"] == "gem" and info["points"] == 5 and t.four_kinds == RED
    assert ref.score(t)[RED] == 5 + 4 + 4 * 4  # 5 gems, four kinds, every majority (blue and green have none)


def test_majority_ties_give_nobody_and_the_tie_breaks():
    t = three(holdings={"red": {"gems": {"ruby": 2}, "gold": [3]}, "blue": {"gems": {"ruby": 2, "emerald": 1}},
                        "green": {"gold": [1, 1]}})
    assert ref.majorities(t) == [-1, 1, -1, -1]
    assert ref.score(t) == [5, 7, 2]
    t.end = "capped"
    assert ref.winner(t) == 1
    t = three(holdings={"red": {"gold": [5]}, "blue": {"gems": {"ruby": 1}, "gold": [4]}})
    t.end = "capped"
    # red 5, blue 1 + 4 + 4 (ruby majority) = 9
    assert ref.winner(t) == 1
    t = three(holdings={"red": {"gold": [5]}, "blue": {"gold": [4, 1]}})
    t.end = "capped"
    assert ref.score(t)[:2] == [5, 5] and ref.winner(t) == -1 and ref.credit(t) == [0.5, 0.5, 0.0]
    t.gems_held[0] = [0, 0, 0, 0]
    t.gems_held[1] = [0, 0, 0, 0]
    t.treasure[1] = 1  # tie-break on treasure cards (points unchanged for the test)
    assert ref.ranking_keys(t)[1] > ref.ranking_keys(t)[0]


def test_two_player_one_colour_both_readings():
    kw = dict(knights={"red": ["s1", "s2", "s3", "s4"], "blue": ["s1", "s2", "s3", "s4"],
                       "green": ["s1", "s2", "s3", "s4"], "yellow": ["s1", "s2", "s3", "s4"]})
    t = table(2, **kw)
    ref.step(t, RED, r.S1, never)
    assert {c for c, _ in ref.groups(t)} == {RED}
    t = table(2, {"two_player_one_colour": False}, **kw)
    ref.step(t, RED, r.S1, never)
    assert {c for c, _ in ref.groups(t)} == {RED, BLUE}


def _record(players, settings, rng, rolls=4000):
    gem_sizes, gold_sizes = r.STACK_PATTERNS[settings.stack_pattern]
    gems = list(rng.permutation([k for k in range(4) for _ in range(6)]))
    gold = list(rng.permutation([v for v in range(1, 6) for _ in range(5)]))
    out = [("start", int(rng.integers(players)))]
    out += [("gem", c + 1, int(gems.pop())) for c in range(9) for _ in range(gem_sizes[c])]
    out += [("gold", c + 1, int(gold.pop())) for c in range(9) for _ in range(gold_sizes[c])]
    return out + [("roll", int(f)) for f in rng.choice(settings.die_faces, rolls)]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_greedy_full_games_replay_to_an_end_and_score(players):
    settings = r.Settings()
    rng = np.random.default_rng(players)
    shots = ref.play(settings, players, ["greedy"] * players, _record(players, settings, rng))
    last = shots[-1]
    assert last["end"] in ("treasure", "last_knight", "capped") and shots[0]["end"] == "running"
    assert sum(len(g) + len(s) for st in shots[0]["stacks"] for g, s in [st]) == 45
    assert last["turn"] == len(shots) - 1 and all(a["turn"] + 1 == b["turn"] for a, b in zip(shots, shots[1:]))
    assert last["treasure_left"] + sum(last["treasure"]) == 4


def test_a_replay_reads_random_players_choices_from_the_record():
    settings = r.Settings()
    record = _record(3, settings, np.random.default_rng(1), rolls=0)
    seat = record[0][1]
    colour = seat
    record += [("move", colour, r.S1), ("stop",)]
    shots = ref.play(settings, 3, ["random"] * 3, record, max_turns=1)
    assert shots[1]["knights"][colour].count(3) == 1 and shots[1]["to_move"] == (seat + 1) % 3


@pytest.mark.parametrize("pattern,gems,gold", [("gem_2_first", 22, 23), ("gold_2_first", 23, 22)])
def test_setup_deals_the_stack_pattern(pattern, gems, gold):
    settings = r.Settings(stack_pattern=pattern)
    t, _ = ref.setup(settings, 4, _record(4, settings, np.random.default_rng(2), rolls=0))
    assert sum(map(len, t.gems)) == gems and sum(map(len, t.gold)) == gold
    assert [len(s) for s in t.gems] == list(r.STACK_PATTERNS[pattern][0])
    assert t.dragon == r.DRAGON_SETUP and t.treasure_left == 4


def test_last_knight_rule_on_track_counts_neither_chamber_nor_nest():
    t = table(3, knights={"red": ["nest", "chamber", "chamber", 14, 15], "blue": ["s1", "s2", "s3", "s4", "s5"],
                          "green": ["s1", "s2", "s3", "s4", "s5"]}, holdings={"red": {"treasure": 2}},
              treasure_left=2, dragon={"cave": 6, "facing": "entrance"}, trail_start=6)
    assert t.on_track(RED) == 2
    ref.step(t, RED, 15, never)  # cave 9 -> the chamber (a treasure is left): one knight on the track
    assert t.end == "last_knight" and t.treasure == [3, 0, 0] and t.treasure_left == 1


def test_a_dragon_left_behind_the_trail_waits_for_a_knight_on_its_space_or_beside_the_trail():
    kw = dict(knights={"red": ["s1", "s2", "s3", 4, r.cave_pos(5)], "blue": ["s1", "s2", "s3", "s4", 8]},
              dragon={"cave": 1, "facing": "chamber"}, trail_start=2)
    t = three(**kw)
    assert ref.step(t, RED, r.cave_pos(5), never)["to"] == r.cave_pos(6)  # cave 6: beside no trail (2..5)
    assert t.dragon == (1, r.TOWARD_CHAMBER, 2)
    t = three(**kw)
    info = ref.step(t, RED, 4, never)  # field 4 -> field 5: the dragon sleeps
    assert info["to"] == 5 and info["roll"] is None and t.dragon == (1, r.TOWARD_CHAMBER, 2)
    t = three(knights={"red": ["s1", "s2", "s3", "s4", 6]}, dragon={"cave": 1, "facing": "chamber"}, trail_start=2)
    info = ref.step(t, RED, 6, lambda: 2)  # field 6 -> cave 1, the dragon's space: it wakes and walks back in
    assert info["landing"] == 3 and t.dragon == (3, r.TOWARD_CHAMBER, 3)


def test_the_last_tie_break_is_the_gem_cards():
    t = three(holdings={"red": {"gold": [1], "gems": {"ruby": 1, "emerald": 1, "garnet": 1}},
                        "blue": {"gold": [2], "gems": {"ruby": 1, "emerald": 1}}, "green": {"gems": {"garnet": 1}}})
    t.end = "capped"
    # every majority tied (nobody); red 1 + 3 = 4 and blue 2 + 2 = 4, no treasure: red has more gem cards
    assert ref.majorities(t) == [-1, -1, -1, -1] and ref.score(t) == [4, 4, 1]
    assert ref.winner(t) == 0 and ref.credit(t) == [1.0, 0.0, 0.0]
    t.treasure[1] = 1  # a treasure card (and its points) puts blue ahead whatever the gems
    assert ref.winner(t) == 1
