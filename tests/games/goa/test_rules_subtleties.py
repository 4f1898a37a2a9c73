"""Hand-stepped tests of every rule subtlety the Goa spec quotes, on the readable reference, and each named setting in
every reading it lists.  Cards are the illustrative deck's: card i has i % 3 + 1 colonists, effect EFFECTS[i // 3]
and symbol (i + 3) % 5 (tigers: 2, 7, 12, 17, 22, 27)."""
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.games.goa import reference as ref
from analyzer.games.goa import rules as r
from analyzer.games.goa.rules import Settings

GINGER, PEPPER, CINNAMON, NUTMEG, CLOVE = range(5)
QUILON, COCHIN, MADRAS, CALICUT = range(4)
ONES, TWOS, THREES = [0, 3, 6, 9, 12], [1, 4, 7, 10, 13], [2, 5, 8, 11, 14]  # cards by colonists (effects 0-4)
TWO_SHIPS, TWO_COLONISTS, FIVE_DUCATS, COLONY_CARD, HARVEST_CARD, SELL = 15, 18, 21, 3, 0, 27


class Script:
    """A src answering each decision from its own queue (a test names only those it expects)."""

    def __init__(self, **answers):
        self.answers = {name: list(queue) for name, queue in answers.items()}

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def answer(t, *args):
            assert self.answers.get(name), f"unexpected decision {name}{args}"
            return self.answers[name].pop(0)
        return answer

    def done(self) -> bool:
        return not any(self.answers.values())


def table(players=2, deck=(), discard=(), settings=None, flag=0) -> ref.Table:
    return ref.Table(players, settings or Settings(), list(deck), list(discard), flag, flag,
                     [ref.Player(r.START_DUCATS) for _ in range(players)])


# -- set-up --------------------------------------------------------------------------------------------------------

def test_the_first_tiger_flipped_starts_with_the_flag_and_7_ducats_the_others_10():
    deck = [0, 1, 3, 7] + [c for c in range(r.DECK_SIZE) if c not in (0, 1, 3, 7)]  # the 4th card is a tiger
    t = ref.setup(Settings(), 3, deck)
    assert (t.start, t.flag) == (0, 0)  # flippers 0, 1, 2, 0: seat 0 shows the tiger
    assert [p.ducats for p in t.seats] == [7, 10, 10]
    assert t.discard == [0, 1, 3, 7] and t.deck == deck[4:]
    assert all((p.ships, p.colonists, p.extra, p.rows) == (4, 2, 0, [1] * 5) for p in t.seats)  # no card for the flag
    t = ref.setup(Settings(), 4, [2] + [c for c in range(r.DECK_SIZE) if c != 2])
    assert t.start == 0 and len(t.discard) == 1


def test_advanced_start_in_each_reading():
    for mode, ducats, rows in (("none", [7, 10], [1] * 5), ("ten_ducats", [17, 20], [1] * 5),
                               ("two_markers_row2", [7, 10], [2, 1, 1, 1, 2])):
        t = table(settings=Settings(advanced_start=mode))
        t.seats[0].ducats = 7
        ref.advanced_start(t, Script(advanced=[(0, 4), (0, 4)]))
        assert [p.ducats for p in t.seats] == ducats and t.seats[1].rows == rows


# -- auction markers -----------------------------------------------------------------------------------------------

def test_the_flag_goes_on_the_edge_or_an_empty_square_beside_a_remaining_tile():
    t = table()
    ref.lay(t, list(range(25)))
    squares = ref.flag_squares(t)
    assert len(squares) == 20 and (-1, -1) not in squares and (-1, 0) in squares and (2, 5) in squares
    del t.grid[12]  # the centre emptied: the flag may lie there
    assert (2, 2) in ref.flag_squares(t)
    t.grid = {0: 5}  # a lone tile at (0, 0): only its side neighbours, never a diagonal one
    assert sorted(ref.flag_squares(t)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_each_marker_goes_next_to_the_previous_also_diagonally_else_anywhere():
    t = table()
    ref.lay(t, list(range(25)))
    assert ref.marker_squares(t, set(), (-1, 0)) == [0, 5]  # from the flag left of (0, 0): (0, 0) and (0, 1)
    assert ref.marker_squares(t, {0}, (1, 1)) == [1, 2, 5, 7, 10, 11, 12]  # all eight around but the marked one
    t.grid = {0: 1, 24: 2, 23: 3}
    assert ref.marker_squares(t, set(), (0, 0)) == [0, 23, 24]  # nothing adjacent: any remaining tile
    assert ref.marker_squares(t, {23}, (4, 3)) == [24]


def test_the_flag_owner_places_the_first_and_the_last_marker():
    t = table(players=4, flag=2)
    assert ref.marker_placers(t) == [3, 0, 1, 2]  # markers 2..5; marker 1 (the flag) is his too
    assert ref.marker_placers(table(players=2, flag=1)) == [0, 1]


# -- auctions ------------------------------------------------------------------------------------------------------

def test_one_bidding_round_from_the_owners_left_the_owner_last_and_the_winner_pays_the_owner():
    t = table(players=3)
    asked = []
    bids = iter([4, 0, 6])

    class Bids:
        def bid(self, t, q, tile, top):
            asked.append((q, top))
            return next(bids)
    assert ref.auction(t, 1, None, Bids()) == 1  # the owner (seat 1) outbids 4 with 6: he pays the bank
    assert asked == [(2, 0), (0, 4), (1, 4)]
    assert [p.ducats for p in t.seats] == [10, 4, 10]
    assert ref.auction(t, 1, 7, Script(bid=[3, 5, 0])) == 0  # seat 0 pays 5 to the owner
    assert [p.ducats for p in t.seats] == [5, 9, 10]
    assert ref.auction(t, 1, 7, Script(bid=[0, 0, 0])) == 1  # nobody bids: the owner's, free
    assert [p.ducats for p in t.seats] == [5, 9, 10]


def test_a_bid_must_top_the_highest_and_stay_within_the_bidders_ducats():
    t = table(players=2)
    with pytest.raises(AssertionError):
        ref.auction(t, 0, None, Script(bid=[3, 3]))
    with pytest.raises(AssertionError):
        ref.auction(table(players=2), 0, None, Script(bid=[11, 0]))


def test_extra_action_cards_come_from_a_supply_of_ten():
    t = table()
    t.extra_supply = 1
    ref.take_extra(t, 0, 2)
    assert (t.seats[0].extra, t.extra_supply) == (1, 0)
    ref.take_extra(t, 1)
    assert t.seats[1].extra == 0


def test_a_whole_round_flag_markers_auctions_actions_and_extra_rounds():
    t = table(players=2, deck=list(range(20, 30)))
    ref.lay(t, list(range(25)))  # tile i on square i: 0-4 the 1-plantations, 5-14 the 2-plantations, ...
    t.seats[1].extra = 1
    src = Script(flag=[(-1, 0)], marker=[5, 0],  # seat 1 puts marker 2 on (0, 1), seat 0 marker 3 on (0, 0)
                 bid=[3, 0,  # the flag: seat 1 bids 3, owner seat 0 passes -> seat 1 holds it, pays seat 0
                      0, 0,  # (0, 1) owned by seat 1: bidders 0, 1: nobody bids, seat 1 takes it free
                      2, 0],  # (0, 0) owned by seat 0: seat 1 bids 2 -> pays seat 0
                 action=[ref.DO_TAXES, ref.BUILD_SHIPS] * 3 + [ref.DO_TAXES, None],  # seat 1 acts first now
                 )
    ref.play_round(t, src)
    assert src.done()
    assert t.flag == 1 and t.seats[0].ducats == 10 + 3 + 2 and t.seats[1].ducats == 10 - 3 - 2 + 3 * 4 + 4
    assert sorted(t.seats[1].won) == [(0, 0), (0, 5)] and 0 not in t.grid and 5 not in t.grid
    assert t.seats[1].singles == 1 and t.seats[1].sacks[GINGER] == 3  # the plantations filled at once
    assert t.seats[0].ships == 4 + 3 and t.actions == 7
    # seat 1: 1 card held + 1 for the flag (from the supply) = 2; one extra action (taxes, the card back), a pass
    assert t.seats[1].extra == 1 and t.extra_supply == 10


def test_the_extra_action_rounds_one_card_a_round_a_passer_is_out_one_card_kept():
    t = table(players=3)
    t.seats[0].extra, t.seats[1].extra, t.seats[2].extra = 3, 2, 0
    # round 1: seat 0 plays, seat 1 plays; round 2: seat 0 passes (out), seat 1 plays; then seat 1 has none left
    src = Script(action=[ref.DO_TAXES, ref.DO_TAXES, None, ref.DO_TAXES])
    ref.extra_action_rounds(t, src)
    assert src.done() and [p.extra for p in t.seats] == [2, 0, 0]
    assert [p.ducats for p in t.seats] == [14, 18, 10]


# -- tiles ---------------------------------------------------------------------------------------------------------

def test_a_fifth_plantation_forces_a_discard_and_a_discarded_single_still_scores():
    t = table()
    src = Script(plant=[0])
    for kind, spaces in ((GINGER, 1), (GINGER, 2), (PEPPER, 2), (NUTMEG, 3), (GINGER, 3)):
        ref.add_plantation(t, 0, kind, spaces, src)
    p = t.seats[0]
    assert p.plantations == [(GINGER, 2), (PEPPER, 2), (NUTMEG, 3), (GINGER, 3)]
    assert p.capacity[GINGER] == 5 and p.sacks[GINGER] == 5 and p.singles == 1
    p.sacks[GINGER] = 5
    ref.add_plantation(t, 0, PEPPER, 1, Script(plant=[3]))  # the ginger 3 goes with its sacks
    assert p.capacity[GINGER] == 2 and p.sacks[GINGER] == 2 and p.singles == 2


def test_tiles_act_at_once():
    t = table(deck=[2, 5, 9])
    names = {name: Settings().tiles_a.index(name) for name in ("ships_4", "settlement", "ships_or_colonists_3",
                                                               "expeditions_2", "red_spice", "duty")}
    src = Script(choice=[1])
    for name in names:
        ref.win_tile(t, 0, names[name], src)
    p = t.seats[0]
    assert (p.ships, p.colonists, p.extra, p.hand, p.red, p.duty) == (9, 6, 1, [2, 5], [0, 0, 1, 0], True)
    b = Settings().tiles_b
    t.round = 4  # phase B
    p.rows = [3, 2, 2, 4, 5]
    p.capacity, p.sacks = [2, 1, 0, 0, 0], [0, 1, 0, 0, 0]
    for name in ("vize_koenig", "zusatzernte", "nachschub", "mission_3", "spionage"):
        ref.win_tile(t, 0, b.index(name), src)
    assert p.rows == [3, 3, 2, 4, 5]  # the least advanced marker (ties: the lower column) one row free
    assert p.sacks == [2, 1, 0, 0, 0] and p.colonists == 6 + 1 and p.mission == 3 and t.discard == [9]


# -- the actions ---------------------------------------------------------------------------------------------------

def test_advance_costs_the_seeds_example_spices_each_with_a_ship():
    p = ref.Player(10)
    t = table()
    assert ref.advance_cost(p, ref.TAXES) == (CINNAMON,)
    p.rows[ref.TAXES] = 2
    assert sorted(ref.advance_cost(p, ref.TAXES)) == sorted((CINNAMON, PEPPER))
    assert ref.advance_cost(p, ref.COLONISTS) == (CLOVE,) and ref.advance_cost(p, ref.SHIPS) == (GINGER,)
    p.rows = [2, 1, 1, 1, 2]
    assert sorted(ref.advance_cost(p, ref.COLONISTS)) == [GINGER, CLOVE]
    assert sorted(ref.advance_cost(p, ref.SHIPS)) == [GINGER, CINNAMON]
    t.seats[0].capacity, t.seats[0].sacks = [1, 1, 1, 0, 0], [1, 1, 1, 0, 0]
    t.seats[0].rows[ref.TAXES] = 2
    ref.advance(t, 0, ref.TAXES, Script())
    assert t.seats[0].rows[ref.TAXES] == 3 and t.seats[0].ships == 2 and t.seats[0].sacks == [1, 0, 0, 0, 0]
    assert not ref.can_advance(t, t.seats[0], ref.TAXES)  # cinnamon, pepper, clove wanted


def test_the_advance_cards_pay_ships_only_spices_only_or_ducats():
    t = table()
    p = t.seats[0]
    ref.advance(t, 0, ref.SHIPS, Script(), pay="ships_only")
    assert (p.rows[ref.SHIPS], p.ships) == (2, 3)
    p.capacity, p.sacks = [1] * 5, [1] * 5
    ref.advance(t, 0, ref.HARVEST, Script(), pay="spices_only")
    assert (p.ships, p.sacks[PEPPER]) == (3, 0)
    ref.advance(t, 0, ref.TAXES, Script(), pay="ducats", price=4)
    assert (p.ducats, p.sacks[CINNAMON], p.rows[ref.TAXES]) == (6, 1, 2)


def test_the_first_to_reach_a_columns_row_4_and_row_5_takes_a_card_with_no_hand_limit():
    t = table(deck=[0, 1, 2, 3])
    a, b = t.seats
    a.rows[ref.SHIPS] = b.rows[ref.SHIPS] = 3
    a.hand = [20]  # the expedition row's limit is 1
    ref.advance(t, 0, ref.SHIPS, Script(), pay=None)
    assert a.hand == [20, 0] and t.rewards == {(ref.SHIPS, 4): 0}  # first-edition: no limit now
    ref.advance(t, 1, ref.SHIPS, Script(), pay=None)
    assert b.hand == []  # the second to reach row 4 takes nothing
    ref.advance(t, 1, ref.SHIPS, Script(), pay=None)
    assert b.hand == [1] and t.rewards[ref.SHIPS, 5] == 1
    ref.advance(t, 0, ref.SHIPS, Script(), pay=None)
    assert len(a.hand) == 2 and t.deck == [2, 3]


def test_all_five_markers_in_row_2_3_4_5_each_give_an_extra_action_card():
    t = table(deck=list(range(10)))
    p = t.seats[0]
    p.rows = [2, 2, 2, 2, 1]
    ref.advance(t, 0, ref.COLONISTS, Script(), pay=None)
    assert p.extra == 1 and p.allrows == 2
    ref.advance(t, 0, ref.COLONISTS, Script(), pay=None)
    assert p.extra == 1  # row 3 not yet reached by all
    p.rows = [5, 5, 5, 4, 5]  # (set by hand: the lower rewards counted as taken)
    p.allrows = 4
    ref.advance(t, 0, ref.EXPEDITION, Script(), pay=None)
    assert p.extra == 2 and p.allrows == 5


def test_harvest_puts_sacks_on_free_spaces_of_their_kind_and_the_rest_go_back():
    t = table()
    p = t.seats[0]
    p.capacity, p.sacks = [2, 1, 0, 0, 0], [1, 0, 0, 0, 0]
    src = Script(sack=[GINGER, PEPPER])
    ref.harvest(t, 0, 5, src)
    assert p.sacks == [2, 1, 0, 0, 0] and src.done()  # 5 harvested, room for 2
    with pytest.raises(AssertionError):
        p.capacity[CLOVE] = 1
        ref.harvest(t, 0, 1, Script(sack=[GINGER]))


def test_taxes_and_ships_follow_the_markers_row():
    t = table()
    p = t.seats[0]
    p.rows[ref.TAXES], p.rows[ref.SHIPS] = 2, 4
    ref.do_action(t, 0, ref.DO_TAXES, Script())
    ref.do_action(t, 0, ref.BUILD_SHIPS, Script())
    assert (p.ducats, p.ships) == (16, 8)  # seed: row 2 = 6 ducats; ships row 4 = 4 (illustrative)


# -- founding a colony ---------------------------------------------------------------------------------------------

def test_seed_example_quilon_short_by_one_fails_keeps_the_hand_and_takes_one_colonist():
    t = table(deck=[ONES[0], ONES[1], 20])  # 0 (row 1) + 1 + 1 = 2 flipped + 3 in hand = 5 < 6
    p = t.seats[0]
    p.colonists = 3
    assert ref.found_colony(t, 0, QUILON, Script()) is False
    assert p.colonists == 4 and p.colonies == [] and t.discard == [ONES[0], ONES[1]] and t.deck == [20]


def test_seed_example_cochin_pays_only_the_three_missing_colonists():
    t = table(deck=[TWOS[0], THREES[0]])  # 0 + 2 + 3 = 5, 6 in hand: 3 complete the 8
    p = t.seats[0]
    p.colonists = 6
    assert ref.found_colony(t, 0, COCHIN, Script()) is True
    assert p.colonists == 3 and p.colonies == [COCHIN] and p.sacks[ref.COLONY_SPICE[COCHIN]] == 1
    with pytest.raises(AssertionError, match="founded already"):
        ref.found_colony(t, 0, COCHIN, Script())


def test_a_colony_reached_without_the_hand_costs_no_colonist():
    t = table(deck=[THREES[0], THREES[1]])
    p = t.seats[0]
    p.rows[ref.COLONISTS] = 2  # 1 + 3 + 3 = 7 >= 6
    p.colonists = 5
    assert ref.found_colony(t, 0, QUILON, Script()) and p.colonists == 5


def test_the_colony_card_flips_three_but_only_played_before_the_founding():
    t = table(deck=[THREES[0], THREES[1], THREES[2], 20])
    p = t.seats[0]
    p.hand = [COLONY_CARD]
    ref.start_action(t)
    ref.play_card(t, 0, COLONY_CARD, upcoming="colony")
    assert ref.found_colony(t, 0, MADRAS, Script())  # 0 + 9 = 9, one colonist of the hand pays the 10th
    assert p.colonists == 1 and t.deck == [20] and COLONY_CARD in t.discard
    p.hand = [4]  # another colony card, after the action: too late
    ref.start_action(t)
    t.acted = True
    with pytest.raises(AssertionError, match="only before"):
        ref.play_card(t, 0, 4, upcoming="colony")
    ref.start_action(t)
    with pytest.raises(AssertionError, match="only before"):
        ref.play_card(t, 0, 4, upcoming="harvest")  # before another action: not at all
    assert t.flips == 2


def test_one_expedition_card_per_action_free_cards_at_any_point_of_it():
    t = table()
    p = t.seats[0]
    p.hand = [TWO_SHIPS, TWO_COLONISTS, FIVE_DUCATS]
    ref.start_action(t)
    ref.do_action(t, 0, ref.DO_TAXES, Script())
    ref.play_card(t, 0, TWO_SHIPS)  # a free card after the action
    with pytest.raises(AssertionError, match="one expedition card per action"):
        ref.play_card(t, 0, TWO_COLONISTS)
    ref.start_action(t)
    ref.play_card(t, 0, FIVE_DUCATS)
    assert (p.ships, p.ducats, p.hand, t.discard) == (6, 10 + 4 + 5, [TWO_COLONISTS], [TWO_SHIPS, FIVE_DUCATS])


def test_the_harvest_card_gives_any_mix_and_sell_spices_three_ducats_each():
    t = table()
    p = t.seats[0]
    p.capacity, p.sacks, p.hand = [1, 0, 0, 0, 0], [0, 0, 0, 0, 0], [HARVEST_CARD, SELL]
    ref.start_action(t)
    ref.play_card(t, 0, HARVEST_CARD, upcoming="harvest")
    ref.harvest_any_mix(t, 0, 0, 0, [GINGER])  # harvest row 1: one thing
    with pytest.raises(AssertionError):
        ref.harvest_any_mix(t, 0, 1, 1, [])
    ref.start_action(t)
    ref.play_card(t, 0, SELL, choice=[GINGER])
    assert p.sacks == [0] * 5 and p.ducats == 13


# -- the expedition deck and the hand limit ------------------------------------------------------------------------

def test_expedition_limit_after_action_only_right_after_the_expedition_action():
    # seed: 3 cards in hand, row 4 (take 2, limit 4): one must go
    t = table(deck=[0, 1, 2, 3, 4])
    p = t.seats[0]
    p.hand, p.rows[ref.EXPEDITION] = [20, 21, 22], 4
    ref.gain_cards(t, 0, 3, Script())  # an expedition tile: no limit now
    assert len(p.hand) == 6
    p.hand = [20, 21, 22]
    ref.do_action(t, 0, ref.DO_EXPEDITION, Script(discard=[21]))
    assert p.hand == [20, 22, 3, 4] and 21 in t.discard


def test_expedition_limit_always_cuts_every_gain_at_once():
    t = table(deck=[0, 1, 2, 3], settings=Settings(expedition_limit="always"))
    p = t.seats[0]
    p.hand = [20]  # row 1: limit 1
    ref.gain_cards(t, 0, 2, Script(discard=[20, 0]))  # after each card
    assert p.hand == [1] and t.discard == [20, 0]
    p.rows[ref.SHIPS] = 3
    ref.advance(t, 0, ref.SHIPS, Script(discard=[2]), pay=None)  # the row-4 reward too
    assert p.hand == [1]


def test_expedition_reshuffle_in_each_reading():
    for mode, new in (("discard_under", [7, 9, 8]), ("shuffle_together", [9, 7, 8])):
        t = table(deck=[7], discard=[8, 9], settings=Settings(expedition_reshuffle=mode))
        src = Script(reshuffle=[new])
        assert ref.flip(t, 2, src) == sum(c % 3 + 1 for c in new[:2])
        assert t.deck == new[2:] and sorted(t.discard) == sorted(new[:2])
    with pytest.raises(AssertionError, match="discard_under"):
        ref.flip(table(deck=[7], discard=[8, 9]), 2, Script(reshuffle=[[9, 7, 8]]))
    t = table(deck=[7], discard=[])
    assert ref.flip(t, 2, Script()) == 2 and t.deck == []  # nothing to make it up: fewer cards


# -- the end -------------------------------------------------------------------------------------------------------

def end_table(settings=None) -> ref.Table:
    t = table(players=3, settings=settings)
    for p in t.seats:
        p.ducats = 5
    return t


def test_end_scoring_rows_colonies_sets_singles_duty_missions():
    t = end_table()
    p = t.seats[0]
    p.rows = [1, 2, 3, 4, 5]  # 0 + 1 + 3 + 6 + 10
    p.colonies = [QUILON, COCHIN, MADRAS]  # 6
    p.hand = [2, 7, 12, 0]  # three tigers 5, a shell 1
    p.singles, p.mission = 2, 3
    p.duty, p.capacity, p.sacks = True, [6, 0, 0, 0, 0], [6, 0, 0, 0, 0]  # 6 sacks at the end: 4
    assert ref.scores(t) == [20 + 6 + 6 + 2 + 3 + 4 + 3, 3, 3]  # everyone tied on ducats: all score 3
    p.sacks = [5, 0, 0, 0, 0]
    assert ref.scores(t)[0] == 20 + 6 + 6 + 2 + 3 + 3
    assert [r.COLONY_POINTS[n] for n in range(5)] == [0, 1, 3, 6, 10]


def test_set_values_readings():
    t = end_table(Settings(set_values=(1, 2, 3, 4, 5, 30)))
    t.seats[0].hand = [2, 7, 12, 17, 22, 27]  # six tigers
    assert ref.scores(t)[0] == 30 + 3
    t.settings = Settings()
    assert ref.scores(t)[0] == 20 + 3


def test_ducat_tie_all_and_none():
    t = end_table()
    t.seats[1].ducats = 9
    assert ref.scores(t) == [0, 3, 0]  # a single richest player scores 3 under either reading
    t.seats[2].ducats = 9
    assert ref.scores(t) == [0, 3, 3]
    t.settings = Settings(ducat_tie="none")
    assert ref.scores(t) == [0, 0, 0]


def test_final_tie_more_ducats_then_shared():
    t = end_table()
    t.seats[0].rows = t.seats[1].rows = [2, 1, 1, 1, 1]
    t.seats[0].ducats, t.seats[1].ducats = 6, 5  # seat 0 scores 3 more for the ducats: wins
    assert ref.credit(t) == [1, 0, 0]
    t.seats[1].rows = [3, 1, 1, 1, 1]  # 3 + 0 against 1 + 3: tied on points, seat 0 has more ducats
    assert ref.scores(t)[:2] == [4, 3] and ref.credit(t) == [1, 0, 0]
    t.seats[1].mission = 1  # 4 - 4 on points, 6 - 5 on ducats
    assert ref.credit(t) == [1, 0, 0]
    t.seats[1].rows, t.seats[1].mission, t.seats[1].ducats = [2, 1, 1, 1, 1], 0, 6  # tied on both: shared
    assert ref.credit(t) == [Fraction(1, 2), Fraction(1, 2), 0]
    assert Settings().final_tie == "shared" and r.SETTINGS["final_tie"][1] == ("shared",)


def test_turn_cap_stops_the_game_after_the_action_reaching_it():
    t = table(settings=Settings(turn_cap=3))
    ref.lay(t, list(range(25)))
    src = Script(flag=[(-1, 0)], marker=[0, 5], bid=[0] * 6, action=[ref.DO_TAXES] * 3)
    ref.next_round(t, src)
    assert t.capped and t.ended and t.actions == 3 and t.final is not None and src.done()
    assert t.flag == 0 and t.seats[0].extra == 1  # nobody bid for the flag: its owner keeps it and takes the card


def test_the_board_data_settings_are_read_where_used():
    custom = replace(Settings(), development=((1, 2, 3, 4, 5), (1, 2, 3, 4, 5), (9, 9, 9, 9, 9),
                                              ((1, 1),) * 5, (5, 5, 5, 5, 5)),
                     expedition_deck=tuple((0, 3, i % 5) for i in range(30)))
    t = table(deck=[0, 1], settings=custom)
    ref.do_action(t, 0, ref.DO_TAXES, Script())
    assert t.seats[0].ducats == 19
    t.seats[0].colonists = 0
    assert ref.found_colony(t, 0, CALICUT, Script()) is False  # 5 + 3 + 3 = 11 < 12: one short
    assert t.seats[0].colonists == 1
    tiles = replace(Settings(), tiles_a=("mission_3",) * 27, tiles_b=("ships_4",) * 27)
    t = table(settings=tiles)
    ref.win_tile(t, 1, 0, Script())
    t.round = 4
    ref.win_tile(t, 1, 0, Script())
    assert t.seats[1].mission == 3 and t.seats[1].ships == 8 and t.seats[1].won == [(0, 0), (1, 0)]
