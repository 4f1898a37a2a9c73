"""Café International exact answers: the spec's reference figures (1/20, 31/316, 9772/32509, 8/12/16, -25), the
draw odds and the completion odds against brute-force enumeration of every draw, and the move list."""
from fractions import Fraction
from itertools import combinations

from analyzer.games.cafe_international import exact
from analyzer.games.cafe_international import rules as r
from tests.games.cafe_international import SINGLE_BOTH, SINGLE_T1, THREE_AND_THREE, position

FOUR_PLAYER_START = {0: [["N1", "f"], ["N2", "m"], ["N3", "f"], ["N4", "m"], ["joker", "f"]],
                     1: [["N6", "f"], ["N7", "m"], ["N8", "f"], ["N9", "m"], ["N10", "f"]],
                     2: [["N11", "m"], ["N12", "f"], ["N1", "m"], ["N2", "f"], ["N3", "m"]],
                     3: [["N4", "f"], ["N5", "f"], ["N6", "m"], ["N7", "f"], ["N8", "m"]]}


def test_four_player_start_a_man_of_n5_in_one_draw_is_1_20_and_in_two_31_316():
    p = position(hands=FOUR_PLAYER_START)
    men = exact.targets(4, 1, False)
    assert p.bag_size == 80 and sum(p.pool[k] for k in men) == 4
    assert exact.at_least(exact.hits(p, men, 1), 1) == Fraction(1, 20)
    assert exact.at_least(exact.hits(p, men, 2), 1) == 1 - Fraction(76 * 75, 80 * 79) == Fraction(31, 316)


def test_a_bag_of_60_holding_the_4_jokers_gives_one_in_five_draws_9772_32509():
    out = [[f"N{n}", s] for n in range(1, 11) for s in ("f", "m") for _ in range(2)]  # 40 tiles, no joker
    p = position(players=2, out_of_game=out)
    assert p.bag_size == 60
    jokers = frozenset(exact.JOKER_KINDS)
    assert exact.at_least(exact.hits(p, jokers, 5), 1) == Fraction(9772, 32509)


def test_the_end_penalty_of_a_hand_of_3_tiles_and_a_joker_is_minus_25():
    assert exact.hand_penalty(((0, 0), (1, 1), (2, 0), (r.JOKER, 1))) == -25


def _points(p, chair, tile):
    return {m.placement: m.points for m in exact.moves(p) if m.action == "seat"}[((chair, tile),)]


def test_a_guest_on_a_chair_shared_by_two_tables_of_three_scores_8_12_or_16():
    hand = {0: [["N1", "m"], ["N2", "m"], ["joker", "m"]]}
    assert _points(position(players=2, seated=THREE_AND_THREE, hands=hand), "c4", (0, 1)) == 4 + 4 == 8
    assert _points(position(players=2, seated=SINGLE_T1, hands=hand), "c4", (0, 1)) == 8 + 4 == 12
    assert _points(position(players=2, seated=SINGLE_BOTH, hands=hand), "c4", (r.JOKER, 1)) == 8 + 8 == 16


def test_the_refill_after_completions_may_be_shorter_but_never_below_none():
    p = position(players=2, seated=SINGLE_BOTH, hands={0: [["joker", "m"], ["N5", "f"], ["N6", "f"], ["N7", "m"],
                                                            ["N8", "f"]]})
    m = next(m for m in exact.moves(p) if m.placement == (("c4", (r.JOKER, 1)),))
    assert (m.completions, m.refill, m.refill_shortened) == (2, 1, 0)


def test_the_move_list_has_the_bar_with_the_next_value_and_the_joker_swaps():
    p = position(players=2, seated={"c2": ["N1", "f"], "c3": ["joker", "m"]}, bar=[["N9", "m"]] * 4 + [["N9", "f"]],
                 hands={0: [["N1", "m"], ["joker", "f"]]}, scores=[1, 0])
    bar = [m for m in exact.moves(p) if m.action == "bar"]
    assert [(m.placement, m.points, m.effect) for m in bar] == [(((None, (0, 1)),), -2, "I drop out")]
    swaps = [m.placement for m in exact.moves(p) if m.action == "joker_swap"]
    assert swaps == [(("c3", (0, 1)),)]


def test_the_start_players_first_turn_may_lay_one_lone_tile_scoring_nothing():
    p = position(hands={0: [["N1", "f"], ["N2", "m"]]})
    singles = [m for m in exact.moves(p) if m.action == "seat" and len(m.placement) == 1]
    assert singles and all(m.points == 0 for m in singles)
    assert (("c2", (0, 0)),) in [m.placement for m in singles]


# -- brute force on a small bag (most tiles out of the game) --------------------------------------------------

SMALL_POOL = {r.kind(0, 0): 3, r.kind(0, 1): 2, r.kind(1, 1): 3, r.kind(r.JOKER, 1): 1, r.kind(5, 0): 4}


def _small(hand=(), **kw):
    """A position whose unseen tiles are SMALL_POOL (13): every other tile seated, in my hand or out of the game."""
    left = [n - SMALL_POOL.get(k, 0) for k, n in enumerate(r.KIND_COUNTS)]
    for tile in list(kw.get("seated", {}).values()) + list(hand):
        left[r.kind(r.NATIONALITIES.index(tile[0]) if tile[0] != "joker" else r.JOKER, r.SEXES.index(tile[1]))] -= 1
    out = [r.kind_name(k) for k, n in enumerate(left) for _ in range(n)]
    return position(players=2, out_of_game=out, hands={0: list(hand)}, **kw)


def _bag_tiles(p):
    return [k for k in range(r.KINDS) for _ in range(p.pool[k])]


def _brute_hits(p, kinds, d):
    """Every equally likely (hidden bar tiles, draws) pair, counted."""
    tiles = _bag_tiles(p)
    out, total = {}, 0
    nonjoker = [i for i, k in enumerate(tiles) if k < 2 * r.JOKER]
    for hidden in combinations(nonjoker, p.bar_hidden):
        bag = [i for i in range(len(tiles)) if i not in hidden]
        for drawn in combinations(bag, d):
            j = sum(tiles[i] in kinds for i in drawn)
            out[j] = out.get(j, 0) + 1
            total += 1
    return {j: Fraction(n, total) for j, n in out.items()}


def test_the_draw_odds_equal_brute_force_with_and_without_unlisted_bar_tiles():
    for p in (_small(), _small(bar_filled=2)):
        assert p.bag_size == 13 - p.bar_hidden
        for kinds in (exact.targets(0, None, True), exact.targets(0, 1, True), exact.targets(5, 0, False)):
            assert exact.hits(p, kinds, 3) == _brute_hits(p, kinds, 3), (p.bar_hidden, kinds)


def test_completing_a_table_with_one_open_chair_needs_a_fitting_tile_of_the_right_sex():
    p = _small(seated={"c1": ["N1", "f"], "c2": ["N1", "m"], "c3": ["N1", "f"], "c5": ["N2", "f"],
                       "c6": ["N2", "m"]}, hand=[])
    c = exact.completion(p, 0, 2)
    assert c.open_chairs == ("c4",) and c.fitting == (((0, 1), (1, 1), (r.JOKER, 1)),)
    assert c.single_nationality == ((0, 1), (r.JOKER, 1)) and not c.now
    good = frozenset(r.kind(*t) for t in c.fitting[0])
    assert c.p == exact.at_least(_brute_hits(p, good, 2), 1)


def test_completing_a_table_with_two_open_chairs_equals_brute_force_over_the_draws():
    p = _small(seated={"c2": ["N1", "f"], "c3": ["N1", "m"]}, hand=[["N1", "f"]])
    c = exact.completion(p, 0, 3)
    assert c.open_chairs == ("c1", "c4") and not c.now and c.pairs
    tiles = _bag_tiles(p)
    legal = {(r.kind(*a), r.kind(*b)) for a, b in c.pairs}
    hand = [r.kind(0, 0)]
    good = total = 0
    for drawn in combinations(range(len(tiles)), 3):
        have = hand + [tiles[i] for i in drawn]
        total += 1
        good += any((a, b) in legal for i, a in enumerate(have) for j, b in enumerate(have) if i != j)
    assert c.p == Fraction(good, total)


def test_more_than_two_open_chairs_is_not_one_turn():
    c = exact.completion(position(seated={"c2": ["N1", "f"], "c5": ["N2", "m"], "c6": ["N2", "f"],
                                          "c3": ["N1", "m"]}), 1, 5)
    assert c.open_chairs == ("c4", "c7") and c.p is not None
    assert exact.completion(position(), 0, 5).p is None


# -- the settings that reach the exact answers ----------------------------------------------------------------

def test_bag_end_exactly_4_stops_the_draws_with_4_left_and_at_most_4_draws_them_all():
    out = [r.kind_name(k) for k in range(2 * r.JOKER) for _ in range(4)][:92]  # 92 tiles out: a bag of 8
    for reading, drawn in (("at_most_4", 6), ("exactly_4", 4)):
        p = position(players=2, rules={"bag_end": reading}, out_of_game=out, focus={"draws": 6})
        assert p.bag_size == 8 and exact.draws(p) == (6, drawn)


def test_a_refill_target_shrunk_by_completions_shortens_the_default_draws():
    p = position(players=2, hands={0: [["N1", "f"], ["N2", "m"], ["N3", "f"]]}, targets={0: 3})
    assert exact.refill(p) == 2 and exact.draws(p) == (2, 2)
    p = position(players=2, hands={0: [["N1", "f"], ["N2", "m"], ["N3", "f"]]}, focus={"turns": 3, "placed": 1})
    assert exact.draws(p) == (9, 9)  # back to 5 from 2 kept, three turns


def _seat_points(p):
    return {m.placement: m.points for m in exact.moves(p) if m.action == "seat"}


def test_table_scoring_per_guest_scores_a_table_once_per_guest():
    board = {"c2": ["N1", "f"], "c3": ["N1", "m"]}
    hand = {0: [["N1", "f"], ["N1", "m"]]}
    two = (("c1", (0, 0)), ("c4", (0, 1)))
    assert _seat_points(position(players=2, seated=board, hands=hand))[two] == 8  # completed single-nationality
    assert _seat_points(position(players=2, seated=board, hands=hand, rules={"table_scoring": "per_guest"}))[two] == 3 + 8


def test_the_birthday_nationality_doubles_its_tables_points():
    hand = {0: [["N1", "m"]]}
    plain = _seat_points(position(players=2, seated=THREE_AND_THREE, hands=hand))[(("c4", (0, 1)),)]
    named = _seat_points(position(players=2, seated=THREE_AND_THREE, hands=hand, rules={"birthday_table": True},
                                  birthday="N1"))[(("c4", (0, 1)),)]
    assert (plain, named) == (8, 4 * 2 + 4)


def test_coffee_party_adds_the_four_women_at_one_table():
    hand = {0: [["N1", "f"], ["N1", "f"], ["N1", "f"], ["joker", "f"]]}
    with_party = exact.moves(position(players=2, rules={"coffee_party": True}, hands=hand, first_turn=False,
                                      seated={"c5": ["N2", "m"], "c6": ["N2", "f"]}))
    parties = [m for m in with_party if len(m.placement) == 4]
    # four N1 women (a woman joker on c4) at T1: 40, and T2, which c4 joins, scores its 3 guests
    assert parties and max(m.points for m in parties) == 40 + 3
    without = exact.moves(position(players=2, hands=hand, first_turn=False, seated={"c5": ["N2", "m"],
                                                                                     "c6": ["N2", "f"]}))
    assert all(len(m.placement) <= 2 for m in without)


def test_21_bar_spaces_take_the_ports_last_value_and_a_full_bar_offers_no_bar_move():
    bar = [["N9", "m"]] * 4 + [["N9", "f"]] * 4 + [["N10", "m"]] * 4 + [["N10", "f"]] * 4 + [["N11", "m"]] * 4
    p = position(players=2, rules={"bar_spaces": 21}, bar=bar, hands={0: [["N1", "m"]]}, scores=[40, 0])
    assert [(m.points, m.effect) for m in exact.moves(p) if m.action == "bar"] == [(-16, "bar full")]
    full = position(players=2, bar=bar, hands={0: [["N1", "m"]]})
    assert not [m for m in exact.moves(full) if m.action == "bar"]


def test_lone_guest_rule_never_refuses_a_completion_that_leaves_a_neighbour_alone():
    board = {"c1": ["N1", "f"], "c2": ["N1", "m"], "c3": ["N1", "f"]}  # c4 is T2's too, and T2 is empty
    assert exact.completion(position(players=2, seated=board, first_turn=False), 0, 2).fitting[0]
    never = position(players=2, seated=board, rules={"lone_guest_rule": "never"}, first_turn=False)
    assert exact.completion(never, 0, 2).fitting == ((),) and exact.completion(never, 0, 2).p == 0
