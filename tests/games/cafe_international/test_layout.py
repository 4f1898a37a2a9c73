"""Hand-built boards on the illustrative ring for every placement rule and its readings, shared chairs, the balance
rule with jokers, lone guests, the first-turn exception, joker swaps and the scoring figures.

The ring: T1 (N1) has chairs c1..c4, T2 (N2) c4..c7, T3 (N3) c7..c10, ..., T24 (N12) c70, c71, c72, c1; c1, c4,
c7, ... are shared by two tables, c2, c3, c5, c6, ... belong to one."""
from dataclasses import replace

import pytest

from analyzer.games.cafe_international import layout as L
from analyzer.games.cafe_international.rules import DEFAULT_SETTINGS, JOKER

S = DEFAULT_SETTINGS
RING = S.layout
N1, N2, N3, N12 = 0, 1, 2, 11
F, M = 0, 1


def legal(board, hand, settings=S, first_turn=False):
    return set(L.legal_placements(RING, board, hand, settings, first_turn))


def one(chair, tile):
    return ((chair, tile),)


def ok(board, placement, settings=S, first_turn=False) -> bool:
    hand = [tile for _, tile in placement]
    return L._sorted(RING, placement) in legal(board, hand, settings, first_turn)


def test_ring_geometry():
    geo = L.geometry(RING)
    assert geo.chairs[0] == ("c1", "c2", "c3", "c4") and geo.chairs[23] == ("c70", "c71", "c72", "c1")
    assert geo.tables_of["c4"] == (0, 1) and geo.tables_of["c2"] == (0,) and geo.tables_of["c1"] == (0, 23)
    assert len(geo.chair_order) == 72


def test_nationality_fits_a_table_the_chair_touches():
    assert L.fits(RING, "c2", (N1, F)) and not L.fits(RING, "c2", (N2, F))
    assert L.fits(RING, "c4", (N1, F)) and L.fits(RING, "c4", (N2, F)) and not L.fits(RING, "c4", (N3, F))
    assert L.fits(RING, "c1", (N12, M))
    assert all(L.fits(RING, c, (JOKER, F)) for c in L.geometry(RING).chair_order)


def test_men_and_women_differ_by_at_most_one_jokers_having_a_gender():
    board = {"c2": (N1, F)}
    assert ok(board, one("c3", (N1, M)))
    assert not ok(board, one("c3", (N1, F)))
    assert not ok(board, one("c3", (JOKER, F)))  # a woman joker is a woman
    assert ok(board, one("c3", (JOKER, M)))


def test_balance_holds_at_the_end_of_the_turn():
    board = {"c2": (N1, F), "c5": (N2, M), "c6": (N2, F)}  # c2: the first lone tile
    # a second woman at T1 alone would break it; with a man in the same turn it holds again
    assert not ok(board, one("c3", (N1, F)))
    assert ok(board, (("c3", (N1, F)), ("c4", (N1, M))))


def test_a_shared_chair_counts_for_both_tables_balance():
    board = {"c2": (N1, F), "c3": (N1, M), "c5": (N2, F), "c6": (N2, F), "c7": (N2, M)}
    assert not ok(board, one("c4", (N1, F)))  # T1 would be 2:1 (fine) but T2 3:1
    assert ok(board, one("c4", (N1, M)))


def test_no_lone_guest_unless_company_comes_the_same_turn():
    assert not ok({}, one("c2", (N1, F)))
    assert ok({}, (("c2", (N1, F)), ("c3", (N1, M))))
    assert not ok({}, (("c2", (N1, F)), ("c5", (N2, M))))  # two lone guests at two tables


def test_lone_guest_on_a_shared_chair_beside_a_group():
    board = {"c2": (N1, F), "c3": (N1, M)}
    assert ok(board, one("c4", (N2, F)))  # alone at T2 but of T1's group
    assert not ok(board, one("c7", (N2, F)))  # c7 touches T2 and T3, both empty
    assert ok({"c2": (N1, F)}, one("c1", (N12, M)))
    never = replace(S, lone_guest_rule="never")
    assert not ok(board, one("c4", (N2, F)), never)
    assert ok(board, (("c4", (N2, F)), ("c5", (N2, M))), never)


def test_the_start_players_first_turn_may_place_one_lone_tile():
    assert ok({}, one("c2", (N1, F)), first_turn=True)
    assert L.score(RING, {}, one("c2", (N1, F)), S) == 0
    assert not ok({}, (("c2", (N1, F)), ("c5", (N2, M))), first_turn=True)  # no second tile elsewhere
    assert ok({}, (("c2", (N1, F)), ("c3", (N1, M))), first_turn=True)  # a pair is as on any turn
    assert not ok({}, one("c2", (N2, F)), first_turn=True)  # nationality still holds


def test_equal_tiles_give_each_placement_once():
    board = {"c2": (N1, F), "c3": (N1, M)}
    twice = L.legal_placements(RING, board, [(N2, F), (N2, F)], S)
    assert len(twice) == len(set(twice))
    assert L.legal_placements(RING, board, [(N2, F)], S) == [one("c4", (N2, F))]


def test_reference_figures_8_12_16():
    mixed = {"c1": (N12, F), "c2": (N1, M), "c3": (N1, F), "c5": (N2, F), "c6": (N2, M), "c7": (N3, F)}
    assert L.score(RING, mixed, one("c4", (N1, M)), S) == 4 + 4
    t1_single = {**mixed, "c1": (N1, F)}
    assert L.score(RING, t1_single, one("c4", (N1, M)), S) == 8 + 4
    assert L.completions(RING, t1_single, one("c4", (N1, M))) == 1
    both = {**t1_single, "c7": (N2, F)}
    assert L.score(RING, both, one("c4", (JOKER, M)), S) == 16
    assert L.completions(RING, both, one("c4", (JOKER, M))) == 2
    assert L.score(RING, both, one("c4", (N1, M)), S) == 8 + 4  # an N1 at T2 spoils its single nationality


def test_counts_after_seating():
    board = {"c2": (N1, F), "c3": (N1, M)}
    assert L.score(RING, board, one("c1", (N1, F)), S) == 3
    assert L.score(RING, board, one("c4", (N2, F)), S) == 3  # T2 holds him alone: it scores nothing
    assert L.score(RING, {}, (("c2", (N1, F)), ("c3", (N1, M))), S) == 2


def test_table_scoring_per_table_and_per_guest():
    board = {"c2": (N1, F), "c3": (N1, M)}
    pair = (("c1", (N12, F)), ("c4", (N2, M)))
    assert L.score(RING, board, pair, S) == 4  # T1 once, after both; T24 and T2 hold one each
    per_guest = replace(S, table_scoring="per_guest")
    assert L.score(RING, board, pair, per_guest) == 3 + 4
    assert L.score(RING, {}, (("c2", (N1, F)), ("c3", (N1, M))), per_guest) == 0 + 2
    single = (("c1", (N1, F)), ("c4", (N1, M)))
    assert L.score(RING, board, single, S) == 8 and L.score(RING, board, single, per_guest) == 3 + 8


def test_joker_swaps():
    board = {"c2": (JOKER, F), "c3": (N1, M), "c4": (JOKER, M), "c5": (N2, F)}
    hand = [(N1, F), (N2, M), (N2, F), (N3, F), (JOKER, M)]
    swaps = L.joker_swaps(RING, board, hand)
    assert ("c2", (N1, F)) in swaps
    assert ("c2", (N2, F)) not in swaps  # c2 touches T1 only
    assert ("c4", (N2, M)) in swaps
    assert ("c4", (N2, F)) not in swaps  # T2 would hold 2 women, no man
    assert ("c4", (N3, F)) not in swaps
    assert all(tile[0] != JOKER for _, tile in swaps)
    balanced = {"c2": (N1, F), "c3": (N1, M), "c1": (JOKER, F), "c4": (N1, M)}
    assert ("c1", (N1, M)) not in L.joker_swaps(RING, balanced, [(N1, M)])  # T1 3 men : 1 woman
    assert L.joker_swaps(RING, balanced, [(N12, F)]) == [("c1", (N12, F))]


def coffee(board, placement, on=True):
    settings = replace(S, coffee_party=on)
    return L._sorted(RING, placement) in legal(board, [t for _, t in placement], settings), \
        L.score(RING, board, placement, settings)


def test_coffee_party_variant():
    four = (("c1", (N1, F)), ("c2", (N1, F)), ("c3", (N1, F)), ("c4", (N1, F)))
    assert coffee({}, four) == (True, 40)
    assert not coffee({}, four, on=False)[0]
    mixed = (("c1", (N12, F)), ("c2", (N1, F)), ("c3", (N1, F)), ("c4", (N1, F)))
    assert coffee({}, mixed) == (True, 20)
    three = (("c1", (N1, M)), ("c3", (JOKER, M)), ("c4", (N1, M)))
    assert coffee({"c2": (N1, M)}, three) == (True, 40)
    assert L.completions(RING, {"c2": (N1, M)}, three) == 1
    assert not coffee({"c2": (N1, F)}, three)[0]  # it would not be 4 of one sex
    # the other table reached through a shared chair keeps the balance rule
    assert not coffee({"c5": (N2, F), "c6": (N2, M), "c7": (N2, F)}, four)[0]


def test_birthday_table_doubles_its_points():
    board = {"c2": (N1, F), "c3": (N1, M), "c5": (N2, F), "c6": (N2, M)}
    placement = one("c4", (N1, M))
    assert L.score(RING, board, placement, S) == 3 + 3
    assert L.score(RING, board, placement, S, birthday=N1) == 6 + 3
    assert L.score(RING, board, placement, S, birthday=N3) == 6


@pytest.mark.parametrize("rule", ["shared_group", "never"])
def test_every_listed_placement_is_legal_at_the_end(rule):
    settings = replace(S, lone_guest_rule=rule)
    board = {"c2": (N1, F), "c3": (N1, M), "c8": (JOKER, F), "c9": (N3, M)}
    hand = [(N1, F), (N2, M), (JOKER, M), (N3, F), (N12, F)]
    for placement in L.legal_placements(RING, board, hand, settings):
        after = L.seat(board, placement)
        for t in L.touched(RING, placement):
            seated = L.guests(RING, after, t)
            assert L.balanced(seated)
            assert len(seated) >= 2 or rule == "shared_group"


def test_is_legal_checks_one_placement_as_legal_placements_lists_them():
    board = {"c2": (N1, F), "c3": (N1, M), "c8": (JOKER, F)}
    hand = [(N1, F), (N2, M), (JOKER, M), (N3, M)]
    listed = set(L.legal_placements(RING, board, hand, S))
    geo = L.geometry(RING)
    near = [c for c in geo.chair_order if c not in board][:12]
    for c1 in near:
        for c2 in near:
            for i, a in enumerate(hand):
                for b in hand[:i] + hand[i + 1:]:
                    p = L._sorted(RING, ((c1, a), (c2, b)))
                    if c1 != c2:
                        assert L.is_legal(RING, board, p, S) == (p in listed)
    assert not L.is_legal(RING, board, one("c2", (N1, M)), S)  # taken
    assert not L.is_legal(RING, board, (("c1", (N1, M)), ("c1", (N1, F))), S)
    three = (("c1", (N1, M)), ("c4", (N1, F)), ("c5", (N2, M)))
    assert not L.is_legal(RING, board, three, replace(S, coffee_party=True))
    assert L.is_legal(RING, {}, one("c5", (N2, M)), S, first_turn=True)
