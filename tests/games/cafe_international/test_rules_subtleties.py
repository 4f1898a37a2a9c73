"""Hand-stepped subtleties of the spec on the readable reference: the deal, the compulsory turn, the bar with win,
pay and dropout, the joker swap, the refill and its draw-one-less option, every end condition, the end penalties,
the birthday table, and each setting in every reading it lists (the board's own readings: test_layout.py)."""
from dataclasses import replace

import pytest

from analyzer.games.cafe_international import reference as ref
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.rules import DEFAULT_SETTINGS, JOKER

S = DEFAULT_SETTINGS
N1, N2, N3 = 0, 1, 2
F, M = 0, 1


def cafe(players=2, settings=S, hands=None, turn=1, **fields) -> ref.Cafe:
    """A table mid-game (turn 1 unless told): the hands' tiles taken out of the bag."""
    t = ref.Cafe(players, settings, start=0, turn=turn, **fields)
    t.hands = [list(h) for h in hands] if hands else [[] for _ in range(players)]
    for h in t.hands:
        for tile in h:
            t.bag[ref.kind_of(tile)] -= 1
    return t


def no_draws(seat, n):
    assert n == 0, f"seat {seat} wanted {n} tiles"
    return []


def fill(t: ref.Cafe):
    """Draws of the highest kinds the bag holds (jokers never: the highest nationality first)."""
    def draws(seat, n):
        bag = list(t.bag)
        out = []
        for _ in range(n):
            kind = max(k for k in range(2 * JOKER) if bag[k])
            bag[kind] -= 1
            out.append(kind)
        return out
    return draws


def test_the_deal_is_five_each_in_seat_order_from_the_bag():
    kinds = [ref.kind_of((n, F)) for n in range(10)]
    t = ref.deal(S, 2, 1, kinds)
    assert t.hands[0] == [(n, F) for n in range(5)] and t.hands[1] == [(n, F) for n in range(5, 10)]
    assert sum(t.bag) == 90 and t.to_move == 1 and t.start == 1
    with pytest.raises(AssertionError):
        ref.deal(S, 2, 0, kinds[:9])
    with pytest.raises(AssertionError, match="no joker f"):
        ref.deal(S, 2, 0, [24] * 3 + kinds[:7])


def test_the_first_turn_exception_is_the_start_players_first_turn_only():
    hand = [(N1, F), (N2, M), (N3, F), (N1, M), (N2, F)]
    first = ref.moves(cafe(hands=[hand, []], turn=0))
    later = ref.moves(cafe(hands=[hand, []], turn=1))
    lone = ("place", (("c2", (N1, F)),))
    assert lone in first and lone not in later
    assert ref.gain(cafe(hands=[hand, []], turn=0), lone) == 0


def test_a_turn_is_compulsory_the_bar_always_offered_jokers_never():
    t = cafe(hands=[[(N1, F), (JOKER, M)], []])
    bars = [m for m in ref.moves(t) if m[0] == "bar"]
    assert bars == [("bar", (N1, F))]
    only_jokers = cafe(hands=[[(JOKER, M)], []], seated={f"c{i}": (N1, F) for i in range(1, 73)})
    assert ref.moves(only_jokers) == [("pass",)]


def test_the_bar_wins_and_pays_in_order():
    t = cafe(hands=[[(N1, F), (N2, F)], []], bar=4)
    assert ref.gain(t, ("bar", (N1, F))) == S.bar_values[4] == 5
    ref.apply(t, ("bar", (N1, F)))
    assert t.scores == [5, 0] and t.bar == 5 and t.hands[0] == [(N2, F)]
    t.to_move = 0
    ref.apply(t, ("bar", (N2, F)))  # space 6 pays 2
    assert t.scores == [3, 0] and t.bar == 6


def test_who_cannot_pay_drops_out_his_hand_leaving_his_guests_staying():
    seated = {"c2": (N1, F), "c3": (N1, M)}
    t = cafe(players=3, hands=[[(N1, F), (N2, M), (JOKER, F)], [(N3, F)] * 4, [(N3, M)] * 4], bar=5, seated=seated)
    t.targets = [5, 4, 4]
    t.scores = [1, 0, 0]
    bag = list(t.bag)
    ref.apply(t, ("bar", (N1, F)))  # -2 with 1 point: he cannot pay
    assert t.out == [True, False, False] and t.scores[0] == 1 and t.hands[0] == [] and t.bar == 6
    assert t.seated == seated and t.bag == bag
    ref.end_turn(t, 0, no_draws)  # no refill for him; the game goes on with two
    assert t.end == "running" and t.to_move == 1
    t.to_move = 2
    ref.end_turn(t, 0, no_draws)
    assert t.to_move == 1  # seat 0 is skipped
    assert ref.winners(t) != [0]


def test_the_game_ends_when_one_player_is_left():
    t = cafe(players=2, hands=[[(N1, F)], [(N2, F)]], bar=5)
    ref.apply(t, ("bar", (N1, F)))
    ref.end_turn(t, 0, no_draws)
    assert t.end == "dropout" and ref.winners(t) == [1]
    assert t.scores == [0, -5]  # the penalty for those still in the game only


def test_a_joker_swap_takes_the_joker_into_hand_for_no_points():
    t = cafe(hands=[[(N1, F)], []], seated={"c2": (JOKER, F), "c3": (N1, M)})
    assert ("swap", "c2", (N1, F)) in ref.moves(t)
    assert ref.gain(t, ("swap", "c2", (N1, F))) == 0
    assert ref.apply(t, ("swap", "c2", (N1, F))) == 0
    assert t.hands[0] == [(JOKER, F)] and t.seated["c2"] == (N1, F) and t.scores == [0, 0]


def test_refill_to_five_and_one_less_per_single_nationality_completion():
    seated = {"c1": (N1, F), "c2": (N1, M), "c3": (N1, F), "c5": (N2, F), "c6": (N2, M), "c7": (N2, F)}
    hand = [(JOKER, M), (N1, M), (N3, F), (N3, M), (N2, M)]
    t = cafe(hands=[hand, [(N3, M)] * 4], seated=seated)
    done = ref.apply(t, ("place", (("c4", (JOKER, M)),)))
    assert done == 2 and t.scores[0] == 16  # both tables completed single-nationality
    ref.end_turn(t, done, fill(t))
    assert t.targets[0] == 3 and len(t.hands[0]) == 4  # 4 in hand, target 3: no draw
    assert t.end == "running"
    t.to_move = 0
    ref.apply(t, ("bar", (N1, M)))
    ref.end_turn(t, 0, fill(t))
    assert len(t.hands[0]) == 3  # the option is for good: refills stop at 3


def test_a_hand_emptied_for_good_ends_the_game():
    t = cafe(hands=[[(N1, F)], [(N2, F)]], seated={"c2": (N1, M)})
    t.targets = [1, 5]
    done = ref.apply(t, ("place", (("c3", (N1, F)),)))
    assert done == 0
    t.targets = [0, 5]
    ref.end_turn(t, done, no_draws)
    assert t.end == "empty_hand" and t.scores[0] == 2 and t.scores[1] == -5


def test_the_bar_full_ends_the_game_at_20_or_21_spaces():
    for spaces, value in ((20, -14), (21, -16)):
        t = cafe(settings=replace(S, bar_spaces=spaces), hands=[[(N1, F)] * 2, [(N2, M)]], bar=spaces - 1)
        t.scores = [100, 0]
        ref.apply(t, ("bar", (N1, F)))
        ref.end_turn(t, 0, fill(t))
        assert t.end == "bar" and t.scores[0] == 100 + value - 5 * 5


def test_all_chairs_taken_ends_the_game():
    seated = {f"c{i}": (N1, F) for i in range(1, 73) if i != 3}
    t = cafe(hands=[[(N1, M)], []], seated=seated)
    t.bag = list(r.KIND_COUNTS)  # the board is made up: the bag only has to feed the refill
    ref.apply(t, ("place", (("c3", (N1, M)),)))
    ref.end_turn(t, 0, fill(t))
    assert t.end == "chairs"


@pytest.mark.parametrize("reading, drawn, left", [("at_most_4", 3, 3), ("exactly_4", 2, 4)])
def test_the_bag_end_in_both_readings(reading, drawn, left):
    t = cafe(settings=replace(S, bag_end=reading), hands=[[(N1, F), (N1, M)], []])
    t.bag = [0] * r.KINDS
    t.bag[ref.kind_of((N3, F))] = 6
    t.hands[0] = [(N1, F), (N1, M)]
    ref.end_turn(t, 0, fill(t))
    assert len(t.hands[0]) == 2 + drawn and sum(t.bag) == left and t.end == "bag"


def test_the_bag_empties_before_a_full_refill():
    t = cafe(hands=[[], []])
    t.bag = [0] * r.KINDS
    t.bag[0] = 2
    assert ref.refill_count(t, 0) == 2


def test_the_turn_cap_counts_the_game_apart():
    t = cafe(settings=replace(S, turn_cap=3), hands=[[(N1, F)] * 5, [(N2, F)] * 5], turn=2)
    ref.end_turn(t, 0, no_draws)
    assert t.end == "capped" and t.turn == 3


def test_end_penalties_reference_figure():
    assert r.end_penalty(3, 1) == -25
    t = cafe(settings=replace(S, turn_cap=1), hands=[[(N1, F), (N2, F), (N3, F), (JOKER, M)], []], turn=0)
    t.targets = [4, 0]
    ref.end_turn(t, 0, no_draws)
    assert t.scores == [-25, 0]


def test_the_birthday_table_names_a_nationality_and_doubles_its_tables():
    settings = replace(S, birthday_table=True, birthday_score=5)
    seated = {"c2": (N1, F), "c3": (N1, M)}
    t = cafe(settings=settings, hands=[[(N2, F), (N2, M), (N1, M), (N2, F)], []], seated=seated, bar=4)
    ref.apply(t, ("bar", (N1, M)))  # +5 reaches the birthday score
    assert t.birthday == N2  # the most of his hand
    t.to_move = 1
    t.hands[1] = [(N2, M), (N2, F)]
    assert ref.gain(t, ("place", (("c4", (N2, M)), ("c5", (N2, F))))) == 3 + 2 * 2  # T1 (N1) 3, T2 (N2) doubled
    off = cafe(hands=[[(N1, M)], []], bar=4)
    ref.apply(off, ("bar", (N1, M)))
    assert off.birthday is None


def test_birthday_doubles_points_at_the_named_tables():
    settings = replace(S, birthday_table=True)
    t = cafe(settings=settings, hands=[[(N1, M)], []], seated={"c2": (N1, F), "c3": (N1, M)}, birthday=N1)
    assert ref.gain(t, ("place", (("c1", (N1, F)),))) == 6
    assert ref.birthday_choice([(JOKER, F)]) == 0 and ref.birthday_choice([(N3, F), (N2, M)]) == N2


def test_snapshot_keys():
    t = ref.deal(S, 3, 2, [ref.kind_of((n % 12, n % 2)) for n in range(15)])
    shot = ref.snapshot(t)
    assert set(shot) == {"turn", "to_move", "start", "bar", "bag", "hands", "seated", "scores", "out", "targets",
                         "birthday", "end"}
    assert len(shot["seated"]) == 72 and sum(shot["bag"]) == 85 and shot["birthday"] == -1


def test_a_supplied_layout_and_bar():
    tables = r.parse_layout({"T1": {"nat": "N1", "chairs": ["a", "b", "c", "s"]},
                             "T2": {"nat": "N2", "chairs": ["s", "d", "e", "f"]},
                             "T3": {"nat": "N3", "chairs": ["g", "h"]}}, "rules.layout")
    settings = replace(S, layout=tables, bar_values=tuple(range(-1, -21, -1)))
    seated = {"a": (N1, F), "b": (N1, M), "c": (N1, F), "d": (N2, F), "e": (N2, M), "f": (N2, F)}
    t = cafe(settings=settings, hands=[[(JOKER, M), (N3, F), (N3, M)], []], seated=seated)
    assert ref.gain(t, ("place", (("s", (JOKER, M)),))) == 16  # the shared chair completes both tables
    assert ("place", (("g", (N3, F)), ("h", (N3, M)))) in ref.moves(t)
    assert ref.gain(t, ("place", (("g", (N3, F)), ("h", (N3, M))))) == 8  # a table of two, full and of one nat
    assert ref.gain(t, ("bar", (N3, F))) == -1
    ref.apply(t, ("place", (("g", (N3, F)), ("h", (N3, M)))))
    assert ref.snapshot(t)["seated"][-2:] == (ref.kind_of((N3, F)), ref.kind_of((N3, M)))
