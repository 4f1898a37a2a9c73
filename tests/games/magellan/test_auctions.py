"""Hand-stepped auctions on the readable reference rules (reference.Game)."""
import pytest

from analyzer.games.magellan.reference import IllegalMove, RIGHT
from analyzer.games.magellan.rules import DEFAULT_BOARD, next_bid
from tests.games.magellan.helpers import COLOMBO, COOK, GAMA, MAGELLAN, PIZARRO, POLO, counts, game


def win(g, p, amount=None, pay=None, **choices):
    """Reveal the next card; p bids `amount` (default: his smallest bid) when his turn comes, everyone else passes."""
    a = g.open_auction()
    if amount is None:
        amount = next_bid(g.legal(p, a.card), 0)
    while not a.over:
        if a.to_act == p and a.high < amount:
            g.bid(a, p, amount)
        else:
            g.pass_(a, a.to_act)
    g.settle(a, pay, **choices)
    return a


def test_overpaying_gives_no_change():
    g = game(deck=[COOK] * 3 + [POLO] * 15)
    g.hands[1] = counts(2, 3, 9)
    win(g, 1, 5, pay=counts(9))  # bid 2 + 3, paid with the 9: "muze i preplatit"
    assert g.hands[1] == counts(2, 3)  # the 9 is gone, nothing comes back
    assert g.disc == counts(9)
    assert g.ships[COOK][0] == [1] and g.supply[1] == 5


def test_a_payment_below_the_bid_or_from_cards_not_held_is_refused():
    g = game(deck=[COOK] * 3 + [POLO] * 15)
    g.hands[1] = counts(2, 3, 9)
    a = g.open_auction()
    g.pass_(a, 0)
    g.bid(a, 1, 5)
    g.pass_(a, 2)
    g.pass_(a, 3)
    with pytest.raises(IllegalMove, match="does not pay"):
        g.settle(a, counts(3))
    with pytest.raises(IllegalMove, match="does not hold"):
        g.settle(a, counts(7))


def test_a_bid_the_hand_cannot_pay_is_refused():
    g = game(deck=[POLO] * 18)
    g.hands[0] = counts(1, 2, 4)
    a = g.open_auction()
    with pytest.raises(IllegalMove, match="cannot pay 8"):
        g.bid(a, 0, 8)
    g.bid(a, 0, 7)  # the whole hand pays 7
    with pytest.raises(IllegalMove, match="above 7"):
        g.bid(a, 1, 7)


def test_magellan_side_a_and_cook_side_b_need_a_spare_card():
    g = game(deck=[MAGELLAN] * 3 + [POLO] * 15)
    g.hands[0] = counts(1, 2, 4)
    a = g.open_auction()
    with pytest.raises(IllegalMove, match="one card to keep"):
        g.bid(a, 0, 7)
    g.bid(a, 0, 6)  # 2 + 4, keeping the 1 to tuck
    g = game(side="B", deck=[COOK] * 3 + [POLO] * 15)
    g.hands[0] = counts(1, 2, 4)
    with pytest.raises(IllegalMove, match="one card to keep"):
        g.bid(g.open_auction(), 0, 7)


def test_the_winner_opens_the_next_auction_and_an_unsold_card_leaves_the_game():
    g = game(deck=[POLO, GAMA] + [COOK] * 16)
    win(g, 2, 3)
    assert g.opener == 2
    a = g.open_auction()
    assert a.to_act == 2
    for p in (2, 3, 0, 1):
        g.pass_(a, p)
    g.settle(a)
    assert g.unsold == 1 and g.opener == 2 and g.deck[0] == COOK and len(g.deck) == 16


def test_bidding_goes_clockwise_and_ends_when_all_others_pass():
    g = game(deck=[POLO] * 18)
    a = g.open_auction()
    assert a.to_act == 0
    g.bid(a, 0, 1)
    with pytest.raises(IllegalMove, match="turn"):
        g.bid(a, 2, 2)
    g.bid(a, 1, 2)
    g.pass_(a, 2)
    g.bid(a, 3, 3)
    g.bid(a, 0, 4)
    g.pass_(a, 1)  # out for good
    g.pass_(a, 3)
    assert a.over and a.holder == 0 and a.high == 4


def test_phase_ii_is_closed_to_players_without_a_ship_on_the_first_field():
    g = game(deck=[POLO] * 3 + [GAMA] * 3 + [COLOMBO] * 3 + [PIZARRO] * 3 + [MAGELLAN] * 3 + [COOK] * 3)
    for p in (0, 1, 2):
        win(g, p, 1)  # Polo field 1: players 0, 1, 2
    while g.deck:
        win(g, 3)
    g.end_phase()
    assert g.phase == 2
    g.deck = [POLO, GAMA]
    a = g.open_auction()
    assert 3 not in a.eligible and a.to_act == 0  # player 3 (the opener) has no Polo ship
    g.pass_(a, 0)
    g.bid(a, 1, 3)
    assert a.to_act == 2  # player 3 is skipped
    g.pass_(a, 2)
    assert a.over
    g.settle(a)
    assert g.ships[POLO][0] == [0, 2] and g.ships[POLO][1] == [1]
    a = g.open_auction()  # da Gama: only player 3 has a ship on its first field
    assert a.eligible == [3] and a.to_act == 3
    with pytest.raises(IllegalMove):
        g.bid(a, 1, 1)


def test_colombos_veto_sends_the_card_to_the_bottom_of_the_phase_deck():
    g = game(deck=[COLOMBO, COOK, POLO, GAMA] + [PIZARRO] * 14)
    win(g, 1, 2)
    assert g.vetoes[1] == 1
    assert g.card == COOK
    g.veto(1)
    assert g.deck[0] == POLO and g.deck[-1] == COOK and len(g.deck) == 17
    with pytest.raises(IllegalMove, match="no veto"):
        g.veto(1)
    g.deck = []
    g.end_phase()
    assert g.vetoes == [0, 0, 0, 0]  # unused vetoes lapse at the end of the phase


def test_a_magellan_stack_of_three_scores_27():
    board = {"magellan": {"crowns": (0, 0, 0), "bags": (0, 0, 0)}}
    g = game(deck=[MAGELLAN] + [POLO] * 17, board=board)
    g.hands[2] = counts(1, 2, 3, 9, 9, 9)
    win(g, 2, 9, pay=counts(9), tuck=1)
    assert g.stacks[0].level == 1 and g.stacks[0].tucked == [1]
    g.phase, g.deck = 2, [MAGELLAN]
    win(g, 2, 9, pay=counts(9), tuck=2)
    g.phase, g.deck = 3, [MAGELLAN]
    win(g, 2, 9, pay=counts(9), tuck=3)
    assert g.ships[MAGELLAN][2] == [2] and g.hands[2] == [0] * 9
    assert g.stacks[0].level == 3 and g.stack_crowns(g.stacks[0]) == 9
    g.hands = [[0] * 9 for _ in range(4)]
    assert g.scores()[2] == 27  # (3 + 3 + 3 crowns) x 3 Magellan cards


def test_two_magellan_ships_keep_separate_stacks():
    g = game(deck=[MAGELLAN, MAGELLAN] + [POLO] * 16)
    g.hands[0] = counts(1, 5, 7, 8, 9)
    win(g, 0, 9, pay=counts(9), tuck=1)  # 3 crowns tucked
    win(g, 0, 8, pay=counts(8), tuck=7)  # 1 crown tucked
    g.phase, g.deck = 2, [MAGELLAN]
    g.hands[0] = counts(2, 9)
    win(g, 0, 9, pay=counts(9), tuck=2)  # lifts the stack with more crowns
    assert [(s.level, s.tucked) for s in g.stacks] == [(2, [1, 2]), (1, [7])]


def test_magellan_side_b_tucks_a_card_of_the_payment_face_up():
    g = game(side="B", deck=[MAGELLAN] + [POLO] * 17)
    g.hands[0] = counts(1, 4)
    win(g, 0, 5, pay=counts(1, 4))
    assert g.stacks[0].tucked == [1] and g.disc == counts(4) and g.hands[0] == [0] * 9


def test_da_gama_draws_at_once_and_side_b_offers_the_right_half():
    g = game(deck=[GAMA] + [POLO] * 17, draws=[0.0] * 10)
    g.hands[1] = counts(9)
    win(g, 1, 9)
    assert g.hands[1] == counts(1)  # drew the lowest card of the pile
    g = game(side="B", deck=[GAMA] * 2 + [POLO] * 16)
    g.hands[1] = counts(9)
    g.hands[2] = counts(9)
    win(g, 1, 9, half=RIGHT)
    assert g.right[GAMA][0] == [1] and g.hands[1] == [0] * 9  # no cards on the right half
    win(g, 2, 9, half=0)
    assert g.ships[GAMA][0] == [2] and sum(g.hands[2]) == 1
    g.hands = [[0] * 9 for _ in range(4)]
    crowns = DEFAULT_BOARD["gama"]["B"]
    scores = g.scores()
    assert scores[1] == crowns.right_crowns[0] and scores[2] == crowns.crowns[0]


def test_cook_side_b_costs_a_random_card_and_side_a_opens_the_hand():
    g = game(side="B", deck=[COOK] + [POLO] * 17, draws=[0.99])
    g.hands[3] = counts(2, 3, 9)
    win(g, 3, 9, pay=counts(9))
    assert g.hands[3] == counts(2)  # the left neighbour drew the 3 (u = 0.99: the highest card)
    g = game(deck=[COOK] + [POLO] * 17)
    win(g, 3, 4)
    assert 3 in g.open_hands
    g.deck = []
    g.end_phase()
    assert not g.open_hands


def test_phase_end_draws_bags_and_polo_exchanges():
    g = game(deck=[POLO] + [COOK] * 17, draws=[0.0] * 40)
    g.hands[0] = counts(1, 1, 2, 9)
    win(g, 0, 9, pay=counts(9))
    g.deck = []
    g.end_phase()
    # every draw takes the lowest card of the pile (3 sets): two each in seat order, then the
    # Polo ship's bag; then Polo swaps up to 3 cards worth less than an average card (the 1s)
    assert g.hands[1] == [2, 2, 1, 1, 1, 1, 1, 1, 1] and g.hands[3] == [1, 1, 3, 1, 1, 1, 1, 1, 1]
    assert g.hands[0] == counts(1, 2, 3, 4, 4, 4)
    assert g.disc == counts(1, 1, 1, 9)
    assert g.phase == 2 and len(g.deck) == 12


def test_pizarro_side_b_scores_the_draw_under_either_reading():
    for reading, expected in (("crowns", 3 + 3 + 3), ("gold", 1 + 1 + 1)):
        g = game(side="B", deck=[PIZARRO] + [POLO] * 17, draws=[0.0] * 40, pizarro_scores=reading)
        g.ships[PIZARRO][2] = [1]
        g.hands = [[0] * 9 for _ in range(4)]
        g.pile, g.disc = [3] + [0] * 8, [0] * 9
        assert g.pizarro(stop_at=3) == expected
        g.pile = [0] * 8 + [3]
        assert g.pizarro(stop_at=25) == 0  # 27 gold: over 20 scores nothing
