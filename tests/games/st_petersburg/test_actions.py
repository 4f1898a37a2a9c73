"""actions.py, the single source of the cost rule and of a phase's moves: the spec's cost figures, every discount and
the minimum of 1, which cards an upgrade may replace (both upgrade_pairs readings), the legal moves and their
effects, a phase's scoring, the Pub and the final score."""
from dataclasses import replace

import pytest

from analyzer.games.st_petersburg import actions as a
from analyzer.games.st_petersburg.actions import (BUY, LOWER, OBS_DISCARD, OBS_KEEP, OBS_PLAY, OBSERVE, PASS_MOVE,
                                                  PLAY, TAKE, UPPER, Player, Table)
from analyzer.games.st_petersburg.rules import Settings

S = Settings()
SEED = replace(S, upgrade_pairs="seed")


def table(phase=a.WORKER, upper=(), lower=(), rubles=25, cards=(), hand=(), decks=((), (), (), ()), settings=S):
    return Table(settings, [Player(rubles, cards=list(cards), hand=list(hand))], [list(d) for d in decks],
                 list(upper), list(lower), phase)


# -- the cost rule -------------------------------------------------------------------------------------------------

def test_the_spec_cost_figures():
    # Theater 20 - 1 (lower row) - 1 (one owned) - 1 (Carpenter Workshop) = 17
    assert a.cost(S, "Theater", ["Theater", "Carpenter Workshop"], lower=True) == 17
    # Market -> St Isaac: 15 - 5 - 1 (lower row) - 1 (Carpenter Workshop) = 8
    assert a.cost(S, "St Isaac", ["Market", "Carpenter Workshop"], lower=True, replaced="Market") == 8
    # a 4th Lumberjack with 3 owned: max(1, 3 - 3) = 1
    assert a.cost(S, "Lumberjack", ["Lumberjack"] * 3) == 1


def test_each_discount_alone_and_where_it_does_not_apply():
    assert a.cost(S, "Library", []) == 17
    assert a.cost(S, "Library", [], lower=True) == 16
    assert a.cost(S, "Library", ["Library", "Library"]) == 15
    assert a.cost(S, "Library", ["Carpenter Workshop"]) == 16
    assert a.cost(S, "Library", ["Gold Smelter"]) == 17  # red cards only
    assert a.cost(S, "Secretary", ["Gold Smelter"]) == 11
    assert a.cost(S, "Secretary", ["Carpenter Workshop"]) == 12  # blue cards only
    assert a.cost(S, "Senator", ["Author", "Gold Smelter"], replaced="Author") == 12 - 4 - 1  # red upgrades too
    assert a.cost(S, "Bank", ["Market", "Carpenter Workshop"], replaced="Market") == 13 - 5 - 1  # blue upgrades too
    assert a.cost(S, "Shepherd", ["Carpenter Workshop", "Gold Smelter"]) == 5  # green: neither
    assert a.cost(S, "Fur Shop", ["Fur Shop", "Fur Trapper"], replaced="Fur Trapper") == 10 - 6 - 1  # identical upgrade


def test_the_minimum_of_one_ruble():
    assert a.cost(S, "Pub", ["Pub"], lower=True) == 1  # 1 - 1 - 1
    assert a.cost(S, "Pope", ["Mistress of Ceremonies"], replaced="Mistress of Ceremonies") == 1  # 6 - 18
    assert a.cost(S, "Market", ["Market"] * 4 + ["Carpenter Workshop"], lower=True) == 1


def test_potjomkins_village_is_worth_6_when_replaced():
    assert a.worth(S, "Potjomkin's Village") == 6 and a.card(S, "Potjomkin's Village").price == 2
    assert a.cost(S, "Bank", ["Potjomkin's Village"], replaced="Potjomkin's Village") == 13 - 6
    assert a.cost(S, "Bank", ["Warehouse"], replaced="Warehouse") == 13 - 2
    assert a.cost(S, "Mariinskij", ["Potjomkin's Village"], lower=True, replaced="Potjomkin's Village") == 10 - 6 - 1


# -- what an upgrade replaces --------------------------------------------------------------------------------------

OWNED = ["Lumberjack", "Shepherd", "Fur Trapper", "Czar and Carpenter", "Market", "Pub", "Bank", "Author",
         "Judge", "Senator", "Weaving Mill"]


def test_blue_and_red_upgrades_replace_any_card_of_their_colour_never_an_upgrade():
    assert a.replaceable(S, "St Isaac", OWNED) == ["Market", "Pub"]  # not the Bank
    assert a.replaceable(S, "Czar", OWNED) == ["Author", "Judge"]  # not the Senator
    assert a.replaceable(S, "Czar", ["Lumberjack", "Market"]) == []


def test_green_upgrades_by_symbol():
    assert a.replaceable(S, "Weaving Mill", OWNED) == ["Czar and Carpenter", "Shepherd"]
    assert a.replaceable(S, "Fur Shop", OWNED) == ["Czar and Carpenter", "Fur Trapper"]
    assert a.replaceable(S, "Carpenter Workshop", OWNED) == ["Czar and Carpenter", "Lumberjack"]
    assert a.replaceable(S, "Wharf", ["Lumberjack", "Weaving Mill"]) == []  # never an upgrade


def test_green_upgrades_by_the_seed():
    # the seed: the Weaving Mill replaces the Fur Trapper; read: the Fur Shop keeps it, nothing takes the Shepherd
    assert a.replaceable(SEED, "Weaving Mill", OWNED) == ["Czar and Carpenter", "Fur Trapper"]
    assert a.replaceable(SEED, "Fur Shop", OWNED) == ["Czar and Carpenter", "Fur Trapper"]
    assert all("Shepherd" not in a.replaceable(SEED, c.name, OWNED) for c in S.card_table if c.deck == a.UPGRADE)


def test_a_face_down_observatory_cannot_be_replaced():
    owned = ["Observatory", "Observatory"]
    assert a.replaceable(S, "Bank", owned, observatories_down=1) == ["Observatory"]
    assert a.replaceable(S, "Bank", owned, observatories_down=2) == []


# -- the moves -----------------------------------------------------------------------------------------------------

def test_the_moves_are_distinct_and_sorted_by_their_code():
    t = table(upper=["Shepherd", "Lumberjack", "Lumberjack"], lower=["Lumberjack"], rubles=4, hand=["Gold Miner"])
    assert a.legal_moves(t, 0) == [
        PASS_MOVE,
        (BUY, UPPER, "Lumberjack", None), (BUY, LOWER, "Lumberjack", None),  # 2 Lumberjacks above: one move
        (TAKE, UPPER, "Lumberjack", None), (TAKE, UPPER, "Shepherd", None), (TAKE, LOWER, "Lumberjack", None),
        (PLAY, 0, "Gold Miner", None),  # 4 rubles: the Shepherd (5) cannot be bought
    ]
    codes = [a.code(S, m) for m in a.legal_moves(t, 0)]
    assert codes == sorted(codes) and codes[0] == (0, 0, 0, 0)
    assert all(a.move_of(S, c) == m for c, m in zip(codes, a.legal_moves(t, 0)))
    assert a.code(S, (OBSERVE, 2, None, None)) == (OBSERVE, 2, 0, -1)


def test_an_upgrade_is_bought_once_per_replacement_and_not_without_one():
    t = table(phase=a.UPGRADE, upper=["St Isaac"], cards=["Market", "Customs House", "Customs House"])
    assert a.legal_moves(t, 0) == [PASS_MOVE, (BUY, UPPER, "St Isaac", "Market"),
                                   (BUY, UPPER, "St Isaac", "Customs House"), (TAKE, UPPER, "St Isaac", None)]
    t = table(phase=a.UPGRADE, upper=["St Isaac"], cards=["Lumberjack"])
    assert a.legal_moves(t, 0) == [PASS_MOVE, (TAKE, UPPER, "St Isaac", None)]


def test_buying_an_upgrade_pays_the_difference_and_discards_the_replaced_card():
    t = table(phase=a.UPGRADE, lower=["St Isaac"], rubles=8, cards=["Market", "Carpenter Workshop"])
    a.apply(t, 0, (BUY, LOWER, "St Isaac", "Market"))
    p = t.seats[0]
    assert p.rubles == 0 and p.cards == ["Carpenter Workshop", "St Isaac"] and t.lower == []


def test_take_and_play_from_hand_pay_no_lower_row_discount():
    t = table(lower=["Shepherd"], rubles=10)
    a.apply(t, 0, (TAKE, LOWER, "Shepherd", None))
    assert t.seats[0].hand == ["Shepherd"] and t.seats[0].rubles == 10 and t.lower == []
    a.apply(t, 0, (PLAY, 0, "Shepherd", None))
    assert t.seats[0].rubles == 5 and t.seats[0].cards == ["Shepherd"] and t.seats[0].hand == []


def test_illegal_moves_are_refused():
    t = table(upper=["Ship Builder"], rubles=6)
    with pytest.raises(AssertionError):
        a.apply(t, 0, (BUY, UPPER, "Ship Builder", None))  # 7 rubles
    with pytest.raises(AssertionError):
        a.apply(t, 0, (BUY, LOWER, "Ship Builder", None))  # not in that row


def test_the_hand_limit_3_and_4_with_the_warehouse():
    t = table(upper=["Lumberjack"], hand=["Author"] * 3)
    assert (TAKE, UPPER, "Lumberjack", None) not in a.legal_moves(t, 0)
    t = table(upper=["Lumberjack"], hand=["Author"] * 3, cards=["Warehouse"])
    assert a.hand_limit(S, t.seats[0]) == 4 and (TAKE, UPPER, "Lumberjack", None) in a.legal_moves(t, 0)
    a.apply(t, 0, (TAKE, UPPER, "Lumberjack", None))
    assert a.legal_moves(t, 0)[0] == PASS_MOVE and not any(m[0] == TAKE for m in a.legal_moves(t, 0))
    assert a.hand_limit(replace(S, hand_limit=5), Player(0)) == 5


def test_a_replaced_warehouse_leaves_the_4th_card_in_hand_until_one_is_played():
    t = table(phase=a.UPGRADE, upper=["Bank", "Market"], hand=["Author", "Author", "Author", "Lumberjack"],
              cards=["Warehouse"])
    a.apply(t, 0, (BUY, UPPER, "Bank", "Warehouse"))
    p = t.seats[0]
    assert len(p.hand) == 4 and a.hand_limit(S, p) == 3
    assert not any(m[0] == TAKE for m in a.legal_moves(t, 0))
    a.apply(t, 0, (PLAY, 0, "Lumberjack", None))
    assert not any(m[0] == TAKE for m in a.legal_moves(t, 0))  # 3 in hand of 3
    a.apply(t, 0, (PLAY, 0, "Author", None))
    assert (TAKE, UPPER, "Market", None) in a.legal_moves(t, 0)  # 2 of 3: room again


# -- the Observatory -----------------------------------------------------------------------------------------------

def observatory_table(settings=S, rubles=25):
    decks = (["Gold Miner", "Shepherd"], ["Theater"], ["Author", "Judge"], ["Czar"])
    return table(phase=a.BUILDING, rubles=rubles, cards=["Observatory", "Author"], decks=decks, settings=settings)


def test_the_observatory_draws_from_a_deck_of_two_or_more():
    t = observatory_table()
    assert [m for m in a.legal_moves(t, 0) if m[0] == OBSERVE] == [(OBSERVE, 0, None, None), (OBSERVE, 2, None, None)]
    t.phase = a.WORKER
    assert not any(m[0] == OBSERVE for m in a.legal_moves(t, 0))  # the building phase only


def test_observatory_last_card_allowed_takes_a_last_card_and_makes_the_round_the_last():
    t = observatory_table(replace(S, observatory_last_card="allowed"))
    assert [m[1] for m in a.legal_moves(t, 0) if m[0] == OBSERVE] == [0, 1, 2, 3]
    a.apply(t, 0, (OBSERVE, 1, None, None))
    assert t.drawn == "Theater" and t.decks[1] == [] and t.deck_emptied


def test_the_drawn_card_is_played_kept_or_discarded_and_the_observatory_turns_face_down():
    t = observatory_table()
    a.apply(t, 0, (OBSERVE, 2, None, None))
    assert t.drawn == "Author" and t.decks[2] == ["Judge"] and not t.deck_emptied
    assert a.legal_moves(t, 0) == [(OBS_PLAY, 0, "Author", None), (OBS_KEEP, 0, "Author", None),
                                   (OBS_DISCARD, 0, "Author", None)]
    a.apply(t, 0, (OBS_PLAY, 0, "Author", None))
    p = t.seats[0]
    assert p.rubles == 25 - 3 and p.cards == ["Observatory", "Author", "Author"] and t.drawn is None  # 4 - 1 owned
    assert not any(m[0] == OBSERVE for m in a.legal_moves(t, 0)) and p.observatories_down == 1
    assert a.phase_income(S, p, a.BUILDING) == (0, 0)  # face down: no point at this scoring


def test_a_drawn_upgrade_needs_a_replacement_and_keeping_needs_hand_room():
    t = observatory_table()
    t.decks[3] = ["Pope", "Czar"]
    t.seats[0].hand = ["Market"] * 3
    a.apply(t, 0, (OBSERVE, 3, None, None))
    assert a.legal_moves(t, 0) == [(OBS_PLAY, 0, "Pope", "Author"), (OBS_DISCARD, 0, "Pope", None)]
    a.apply(t, 0, (OBS_DISCARD, 0, "Pope", None))
    assert t.drawn is None and "Pope" not in t.seats[0].cards + t.seats[0].hand and t.decks[3] == ["Czar"]


# -- scoring -------------------------------------------------------------------------------------------------------

def test_each_phase_scores_its_colour_upgrades_included():
    p = Player(0, cards=["Lumberjack", "Lumberjack", "Fur Shop", "Market", "Bank", "Author", "Senator",
                         "Observatory"])
    assert a.phase_income(S, p, a.WORKER) == (3 + 3 + 3, 2)
    assert a.phase_income(S, p, a.BUILDING) == (5, 1 + 1 + 1)
    assert a.phase_income(S, p, a.ARISTOCRAT) == (1 + 2, 2)
    assert a.phase_income(S, p, a.UPGRADE) == (0, 0)


def test_mariinskij_and_the_tax_man():
    p = Player(0, cards=["Mariinskij", "Author", "Judge", "Senator", "Lumberjack", "Weaving Mill", "Tax Man"])
    assert a.phase_income(S, p, a.BUILDING) == (4, 0)  # 4 red cards, the Tax Man among them
    assert a.phase_income(S, p, a.ARISTOCRAT) == (1 + 5 + 2 + 2, 2 + 2)  # + 2 green cards


def test_score_phase_adds_to_every_seat():
    t = Table(S, [Player(1, cards=["Shepherd"]), Player(2, cards=["Market"])], [[], [], [], []], phase=a.WORKER)
    a.score_phase(t)
    assert [(p.rubles, p.points) for p in t.seats] == [(4, 0), (2, 0)]


def test_the_pub_five_points_per_pub_at_two_rubles():
    assert a.pub_choices(Player(30)) == [0]
    assert a.pub_choices(Player(7, cards=["Pub"])) == [0, 1, 2, 3]
    assert a.pub_choices(Player(30, cards=["Pub"])) == list(range(6))
    assert a.pub_choices(Player(30, cards=["Pub", "Pub"])) == list(range(11))
    p = Player(7, points=1, cards=["Pub"])
    a.buy_pub_points(p, 3)
    assert (p.rubles, p.points) == (1, 4)


def test_the_secretary_reference_figure():
    # the 4th different aristocrat with 3 aristocrat scorings left: 12 rubles back and 10 - 6 = 4 bonus points
    before = Player(0, cards=["Author", "Administrator", "Judge"])
    after = Player(0, cards=before.cards + ["Secretary"])
    assert 3 * (a.phase_income(S, after, a.ARISTOCRAT)[0] - a.phase_income(S, before, a.ARISTOCRAT)[0]) == 12
    assert a.final_points(S, after) - a.final_points(S, before) == 4


def test_final_points_and_the_aristocrat_bonus():
    p = Player(39, points=20, cards=["Author", "Author", "Senator", "Market"], hand=["Czar"])
    assert a.aristocrat_types(S, p) == 2  # Author twice counts once; the Senator (a red upgrade) counts
    assert a.final_points(S, p) == 20 + 3 + 3 - 5
    reds = [c.name for c in S.card_table if c.colour == a.RED][:12]
    assert len(set(reds)) == 12 and a.final_points(S, Player(0, cards=reds)) == 55  # n capped at 10


def test_winners_tie_on_points_then_rubles_then_shared():
    seats = [Player(19, points=10), Player(10, points=10), Player(12, points=11)]  # 11, 11, 12
    assert a.winners(S, seats) == [2]
    seats = [Player(19, points=11), Player(10, points=11), Player(12, points=10)]  # 12, 12, 11: 19 rubles
    assert a.winners(S, seats) == [0]
    seats = [Player(15, points=11), Player(15, points=11)]
    assert a.winners(S, seats) == [0, 1]
