"""Every rule subtlety the spec quotes, hand-stepped on the illustrative map through the answers (analysis.py on
exact.py) or rules.py's tours, and checked against the reference too: one tile per adjacent stop, columns of
players + 1, the unseen pool public, the survivor of uniform picks, weighted picks, opening a shop on a full stop,
the small tour (shops there, else the nearest, ties, empty lines, global / per_line), the big tour (crossings,
adjacent shops, nothing without a shop there, once / per_shop), the full slots (fifth_tours / redundant), the
marker assignments (24 / 12 / 3) and the bonus likelihood, and each setting in every reading.

The illustrative map: blue Les Halles-Pompidou-Opera-Louvre-Bastille-Montparnasse-Madeleine, red Pompidou-Odeon-
Pantheon-Nation-Chatelet-Invalides-Cluny, green Luxembourg-Odeon-Opera-Pigalle-Republique-Trocadero-Etoile, yellow
Marais-Bastille-Nation-Belleville-Republique-Bercy-Vincennes, brown Orsay-Montparnasse-Invalides-Alma-Trocadero-
Bercy-Passy.
"""
from fractions import Fraction
from math import comb

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.paris_paris import analysis, state
from analyzer.games.paris_paris import reference as ref
from analyzer.games.paris_paris import rules as r

BOARD = r.ILLUSTRATIVE_MAP
LINES = {c: list(s) for c, s in BOARD.lines}


def position(players=4, rules=None, **fields):
    fields.setdefault("me", {"colour": "grey"})
    return state.parse_position({"game": "paris_paris", "players": players, "rules": rules or {},
                                 "position": fields})


def agreed(p) -> dict:
    """The engine's answers, after checking the reference gives the same."""
    engine = ref.engine_answers(p)
    assert engine == ref.answers(p)
    return engine


def small(shops, stop, nearest_tie="global"):
    got = r.small_tour(BOARD, shops, stop, nearest_tie)
    assert got == ref.small_tour(LINES, shops, stop, nearest_tie)
    return got


def big(shops, colour, double_owner_adjacent="once"):
    got = r.big_tour(BOARD, shops, colour, double_owner_adjacent)
    assert got == ref.big_tour(LINES, shops, colour, double_owner_adjacent)
    return got


# -- the tiles and the columns -------------------------------------------------------------------------------------

def test_a_stop_has_one_tile_per_adjacent_stop_coloured_by_that_segment():
    pool = BOARD.pool()
    assert sum(pool.values()) == 60 and len(BOARD.stops) == 25
    assert pool["Pompidou", "blue"] == 2 and pool["Pompidou", "red"] == 1  # Les Halles, Opera; Odeon (red's end)
    assert pool["Opera", "blue"] == 2 and pool["Opera", "green"] == 2 and pool["Madeleine", "blue"] == 1
    for colour, stops in BOARD.lines:  # a line of e segments has 2e tiles
        assert sum(n for (_, c), n in pool.items() if c == colour) == 2 * (len(stops) - 1)


@pytest.mark.parametrize("players,size", [(2, 3), (3, 4), (4, 5)])
def test_a_column_holds_players_plus_one_tiles(players, size):
    column = ["Pompidou/blue", "Opera/green", "Odeon/red", "Louvre/blue", "Nation/yellow"][:size]
    assert position(players, column=column).column
    with pytest.raises(ScenarioError, match="position.column"):
        position(players, column=column[:-1])


def test_the_unseen_pool_is_the_map_less_every_tile_seen_face_up():
    p = position(column=["Pompidou/blue", "Pompidou/blue", "Odeon/red", "Louvre/blue", "Nation/yellow"],
                 seen=["Pompidou/red"])
    unseen = dict(p.unseen)
    assert sum(unseen.values()) == 54 and ("Pompidou", "blue") not in unseen and ("Pompidou", "red") not in unseen
    with pytest.raises(ScenarioError, match="position"):  # a third Pompidou/blue is not on the map
        position(column=["Pompidou/blue", "Odeon/red", "Louvre/blue", "Nation/yellow", "Opera/blue"],
                 seen=["Pompidou/blue", "Pompidou/blue"])


def test_the_first_column_shows_a_4_tile_stop_with_9772_in_32509():
    opera = agreed(position(stop="Opera"))["odds"]["Opera"]  # Opera: 4 tiles of the 60
    assert opera[0] == 1 - Fraction(comb(56, 5), comb(60, 5)) == Fraction(9772, 32509)
    assert opera[1] == 1 - Fraction(comb(56, 5) + 4 * comb(56, 4), comb(60, 5))


# -- the leftover: uniform and weighted picks ------------------------------------------------------------------------

COLUMN = ["Pompidou/blue", "Pompidou/red", "Odeon/green", "Luxembourg/green", "Madeleine/blue"]


def test_under_uniform_picks_the_survivor_is_uniform_one_half_for_2_of_4():
    answer = agreed(position(column=COLUMN))["leftover"]
    assert answer["Madeleine", "blue"]["leftover"]["Pompidou"] == Fraction(1, 2)  # 2 Pompidou tiles of 4 left
    assert answer["Pompidou", "blue"]["leftover"]["Pompidou"] == Fraction(1, 4)
    picked_before = agreed(position(column=COLUMN, picked=["Odeon/green", "Luxembourg/green"]))["leftover"]
    assert picked_before["Madeleine", "blue"]["leftover"] == {"Pompidou": 1}  # one picks after me: 2 of 2 left
    assert picked_before["Pompidou", "blue"]["leftover"] == {"Pompidou": Fraction(1, 2), "Madeleine": Fraction(1, 2)}


def test_weighted_picks_take_a_tile_in_proportion_to_its_stops_weight():
    column = ["Pompidou/blue", "Madeleine/blue", "Cluny/red"]  # 2 players: I pick, the opponent picks, one is left
    illustrative = agreed(position(2, rules={"opponent_pick": "weighted"}, column=column))["leftover"]
    # Pompidou is a crossing (weight 2), Cluny is not (1): the opponent takes Pompidou 2 times in 3
    assert illustrative["Madeleine", "blue"]["leftover"] == {"Cluny": Fraction(2, 3), "Pompidou": Fraction(1, 3)}
    # weights given: a stop not listed weighs 1; the opponent takes Cluny 3 times in 4
    given = agreed(position(2, rules={"opponent_pick": "weighted"}, column=column, pick_weights={"Cluny": 3}))
    assert given["leftover"]["Madeleine", "blue"]["leftover"] == {"Cluny": Fraction(1, 4), "Pompidou": Fraction(3, 4)}
    uniform = agreed(position(2, column=column))["leftover"]
    assert uniform["Madeleine", "blue"]["leftover"] == {"Cluny": Fraction(1, 2), "Pompidou": Fraction(1, 2)}


def test_this_rounds_points_count_every_pickers_new_shop_before_the_small_tour():
    # 2 players; I (grey) take Madeleine and open a shop there; purple takes one of the two others uniformly.
    # He takes Montparnasse: Cluny is left, and the red line holds no shop: nothing.  He takes Cluny: Montparnasse
    # (blue and brown) is left with no shop; the nearest is my new Madeleine shop, 1 away on blue: 1 for me.
    p = position(2, column=["Madeleine/blue", "Montparnasse/brown", "Cluny/red"], opponents=["purple"])
    assert agreed(p)["leftover"]["Madeleine", "blue"]["points"] == {"grey": Fraction(1, 2), "purple": 0}
    # Invalides and Cluny are next to each other on red: whichever he takes, his new shop is 1 from the other
    p = position(2, column=["Madeleine/blue", "Invalides/red", "Cluny/red"], opponents=["purple"])
    assert agreed(p)["leftover"]["Madeleine", "blue"]["points"] == {"grey": 0, "purple": 1}


# -- opening a shop ------------------------------------------------------------------------------------------------

def test_a_full_stop_pushes_a_shop_not_the_movers_and_a_crossing_may_hold_two_of_his():
    def opened(shops, stop, owner):
        got, pushed = r.open_shop(BOARD, shops, stop, owner)
        assert {s: tuple(o) for s, o in ref.open_shop(LINES, shops, stop, owner).items()} == got
        return got, pushed

    assert opened({"Louvre": ("purple",)}, "Louvre", "grey") == ({"Louvre": ("grey",)}, "purple")
    assert opened({"Opera": ("grey",)}, "Opera", "grey") == ({"Opera": ("grey", "grey")}, None)  # both shops his
    assert opened({"Opera": ("grey", "purple")}, "Opera", "grey") == ({"Opera": ("grey", "grey")}, "purple")
    assert opened({"Opera": ("purple", "black")}, "Opera", "grey") == ({"Opera": ("black", "grey")}, "purple")
    assert opened({"Louvre": ("grey",)}, "Louvre", "grey") == ({"Louvre": ("grey",)}, None)  # his own: back to him
    with pytest.raises(ScenarioError, match="position.bag"):  # 2 players: no bag, pushed shops return
        position(2, bag={"grey": 1})


# -- the small tour ------------------------------------------------------------------------------------------------

def test_the_small_tour_scores_each_shop_on_the_stop_and_nothing_else():
    assert small({"Opera": ("grey", "grey"), "Louvre": ("purple",)}, "Opera") == {"grey": 2}
    assert small({"Opera": ("grey", "purple"), "Louvre": ("black",)}, "Opera") == {"grey": 1, "purple": 1}


def test_with_no_shop_there_the_nearest_along_the_line_score_all_of_them_on_a_tie():
    assert small({"Bastille": ("purple",), "Madeleine": ("grey",)}, "Louvre") == {"purple": 1}
    assert small({"Opera": ("purple",), "Bastille": ("grey",)}, "Louvre") == {"purple": 1, "grey": 1}
    assert small({"Les Halles": ("purple",), "Madeleine": ("grey",)}, "Louvre") == {"purple": 1, "grey": 1}  # 3, 3
    assert small({"Pompidou": ("purple",), "Madeleine": ("grey",)}, "Louvre") == {"purple": 1}  # 2 beats 3
    assert small({"Odeon": ("grey",)}, "Louvre") == {}  # off the blue line: the line is empty, nothing
    assert small({}, "Louvre") == {}


def test_at_a_crossing_with_no_shop_global_takes_one_nearest_distance_and_per_line_each_lines():
    shops = {"Louvre": ("grey",), "Republique": ("purple",)}  # Opera: blue 1 away, green 2 away
    assert small(shops, "Opera", "global") == {"grey": 1}
    assert small(shops, "Opera", "per_line") == {"grey": 1, "purple": 1}
    tie = {"Louvre": ("grey",), "Pigalle": ("purple",)}  # both 1 away: both score in either reading
    assert small(tie, "Opera", "global") == small(tie, "Opera", "per_line") == {"grey": 1, "purple": 1}


# -- the big tour --------------------------------------------------------------------------------------------------

def test_the_big_tour_scores_the_crossings_shops_and_their_owners_adjacent_shops():
    # blue's crossings: Pompidou, Opera, Bastille, Montparnasse
    shops = {"Pompidou": ("grey",), "Les Halles": ("grey",), "Odeon": ("grey", "purple"), "Louvre": ("purple",),
             "Madeleine": ("black",)}
    # grey: Pompidou 1 + Les Halles and Odeon beside it (either line) 2; purple and black hold no blue crossing
    assert big(shops, "blue") == {"grey": 3}
    assert big({"Bastille": ("purple",), "Louvre": ("purple",), "Nation": ("purple", "grey"), "Marais": ("grey",)},
               "blue") == {"purple": 3}  # grey's Nation shop is on no blue crossing: his Marais shop is not counted


def test_both_shops_of_a_toured_crossing_score_2_and_their_adjacent_shops_once_or_per_shop():
    shops = {"Opera": ("grey", "grey"), "Pigalle": ("grey",), "Louvre": ("grey",)}
    assert big(shops, "blue", "once") == {"grey": 2 + 2}
    assert big(shops, "blue", "per_shop") == {"grey": 2 + 2 * 2}
    assert big({"Opera": ("grey", "purple"), "Pigalle": ("grey",)}, "green", "per_shop") == {"grey": 2, "purple": 1}


def test_an_adjacent_crossing_counts_each_of_its_shops():
    assert big({"Pompidou": ("grey",), "Opera": ("grey", "grey")}, "red") == {"grey": 1 + 2}  # Pompidou on red


# -- the discard slots and the next big tour ------------------------------------------------------------------------

def forty_unseen():
    """40 unseen tiles: 8 blue, 7 red, 25 of other colours (green 12, yellow 12, brown 1)."""
    want, out = {"blue": 8, "red": 7, "green": 12, "yellow": 12, "brown": 1}, {}
    for (stop, colour), n in BOARD.pool().items():
        take = min(n, want[colour])
        if take:
            out[f"{stop}/{colour}"] = take
            want[colour] -= take
    assert not any(want.values())
    return out


def test_40_unseen_with_8_blue_and_7_red_in_blue_and_red_slots_tour_with_3_in_8():
    answer = agreed(position(unseen_tiles=forty_unseen(), discard_slots=["blue", "red"]))["big_tour"]
    assert answer == {"blue": Fraction(8, 40), "red": Fraction(7, 40)} and sum(answer.values()) == Fraction(3, 8)


@pytest.mark.parametrize("rule", ["fifth_tours", "redundant"])
def test_with_4_slots_filled_the_fifth_colour_tours_only_under_fifth_tours(rule):
    slots = ["blue", "red", "green", "yellow"]
    answer = agreed(position(rules={"full_slots_rule": rule}, unseen_tiles=forty_unseen(), discard_slots=slots))
    tours = sum(answer["big_tour"].values())
    assert tours == (1 if rule == "fifth_tours" else Fraction(39, 40))  # brown's 1 tile fills the last slot
    full = agreed(position(rules={"full_slots_rule": rule}, unseen_tiles=forty_unseen(),
                           discard_slots=slots + ["brown"]))
    assert sum(full["big_tour"].values()) == 1


@pytest.mark.parametrize("rule", ["fifth_tours", "redundant"])
def test_this_rounds_leftover_of_the_fifth_colour_tours_under_fifth_tours(rule):
    p = position(2, rules={"full_slots_rule": rule}, column=["Madeleine/blue", "Cluny/red", "Passy/brown"],
                 discard_slots=["blue", "red", "green", "yellow"])
    answer = agreed(p)["leftover"]["Madeleine", "blue"]
    assert answer["leftover"] == {"Cluny": Fraction(1, 2), "Passy": Fraction(1, 2)}
    assert answer["tour"] == (1 if rule == "fifth_tours" else Fraction(1, 2))  # Cluny is red: lying already


def test_a_colour_twice_in_the_slots_is_impossible_and_big_tour_needs_uniform_picks():
    with pytest.raises(ScenarioError, match="position.discard_slots"):
        position(discard_slots=["blue", "blue"])
    with pytest.raises(ScenarioError, match="rules.opponent_pick"):
        analysis.big_tour(position(rules={"opponent_pick": "weighted"}), None)


# -- the bonus markers ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,extra,n", [(4, {}, 24), (3, {}, 12), (2, {"open_marker": "yellow"}, 3)])
def test_the_markers_i_have_not_seen_go_to_the_opponents_in_24_12_or_3_ways(players, extra, n):
    p = position(players, me={"colour": "grey", "bonus_marker": "green"}, **extra)
    assert analysis.bonus(p, None).payload["assignments"] == n
    assert all(x == Fraction(1, 4 if players > 2 else 3) for x in agreed(p)["bonus"].values())  # no shops: prior


def test_a_shop_off_a_line_weighs_epsilon_and_a_crossing_lies_on_both_its_lines():
    me = {"colour": "grey", "bonus_marker": "green"}
    cluny = agreed(position(2, me=me, open_marker="yellow", opponents=["purple"], shops={"Cluny": ["purple"]}))
    # hidden blue, red, brown: Cluny is on red only: 1 against 1/3 and 1/3
    assert cluny["bonus"] == {("purple", "red"): Fraction(3, 5), ("purple", "blue"): Fraction(1, 5),
                              ("purple", "brown"): Fraction(1, 5)}
    pompidou = agreed(position(2, me=me, open_marker="yellow", opponents=["purple"], shops={"Pompidou": ["purple"]},
                               rules={"bonus_epsilon": "1/2"}))
    assert pompidou["bonus"] == {("purple", "red"): Fraction(2, 5), ("purple", "blue"): Fraction(2, 5),
                                 ("purple", "brown"): Fraction(1, 5)}


# -- tile_colour and the map ----------------------------------------------------------------------------------------

def test_typed_tiles_take_any_line_through_their_stop_and_must_be_listed():
    column = ["Pompidou/red", "Pompidou/red", "Opera/green", "Louvre/blue", "Nation/yellow"]
    unseen = {"Pompidou/blue": 1, "Odeon/red": 3, "Madeleine/blue": 1, "Les Halles/blue": 1, "Luxembourg/green": 1}
    with pytest.raises(ScenarioError, match="position.column"):  # the map has one Pompidou/red segment end
        position(column=column, unseen_tiles=unseen)
    typed = position(rules={"tile_colour": "typed"}, column=column, unseen_tiles=unseen)
    assert agreed(typed)["odds"]["Madeleine"] == (1 - Fraction(comb(6, 5), comb(7, 5)), 0)  # 1 of 7, a column of 5
    assert agreed(typed)["odds"]["Odeon"][1] == 1 - Fraction(comb(4, 5) + 3 * comb(4, 4), comb(7, 5))
    with pytest.raises(ScenarioError, match="position.unseen_tiles"):  # typed: the map cannot derive the pool
        position(rules={"tile_colour": "typed"}, column=column)
    with pytest.raises(ScenarioError, match="position"):  # Madeleine has one adjacent stop: one tile at most
        position(rules={"tile_colour": "typed"}, column=column, unseen_tiles={"Madeleine/blue": 2})


SMALL_MAP = {"lines": {"blue": ["A", "B", "C"], "red": ["B", "D", "E", "C"], "green": ["F", "G"],
                       "yellow": ["H", "I"], "brown": ["J", "K"]}}  # blue and red cross twice: at B and at C


def test_a_given_map_is_not_illustrative_and_a_line_crossing_twice_splits_global_from_per_line():
    p = position(2, rules={"map": SMALL_MAP}, seen=["F/green", "G/green", "H/yellow", "I/yellow", "J/brown"])
    answer = analysis.odds(p, None).payload
    assert answer["illustrative"] is False and answer["unseen"] == 16 - 5  # 8 segments, 16 tiles
    assert agreed(p)["odds"]["K"] == (Fraction(3, 11), 0)  # 1 K tile of 11, a column of 3
    board = p.board
    assert [s for s in board.stops if board.is_crossing(s)] == ["B", "C"]
    lines = {c: list(s) for c, s in board.lines}
    shops = {"A": ("grey",), "E": ("purple",)}  # from B: A 1 away on blue; E 2 away on red (B-D-E)
    for reading, want in (("global", {"grey": 1}), ("per_line", {"grey": 1, "purple": 1})):
        assert r.small_tour(board, shops, "B", reading) == ref.small_tour(lines, shops, "B", reading) == want
    shops = {"C": ("grey",)}  # C is 1 from B on blue and 3 on red: the nearest of both lines, scored once
    for reading in ("global", "per_line"):
        assert r.small_tour(board, shops, "B", reading) == ref.small_tour(lines, shops, "B", reading) == {"grey": 1}
