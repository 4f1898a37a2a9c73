"""Hand-stepped tests of every rule subtlety the spec quotes, on the readable reference, and each named setting in
every reading it lists (hands_open changes only what the analysis may see, not the rules played here)."""
from fractions import Fraction

import pytest

from analyzer.games.alhambra import layout
from analyzer.games.alhambra import reference as ref
from analyzer.games.alhambra import reference_policies as rp
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.rules import Settings

BLUE, GREEN, ORANGE, YELLOW = range(4)
PAVILION_8, SERAGLIO_9, GARDEN_10 = 6, 13, 40  # open tiles (no walls)
FILLER = [(ORANGE, 1), (ORANGE, 2), (ORANGE, 3), (ORANGE, 4)]


def table(players=3, settings=None, deck=(), display=FILLER, market=(None,) * 4, stack=(), hands=None, **kw):
    return ref.Table(players, settings or Settings(), list(deck), list(display), list(market), list(stack),
                     [list(h) for h in hands or [[] for _ in range(players)]], **kw)


def first_square(t, seat, tile):
    squares = layout.legal_placements(t.alhambras[seat], tile)
    return squares[0] if squares else None


def no_reshuffle(discards):
    raise AssertionError("no reshuffle expected")


# -- money takes and payment -------------------------------------------------------------------------------------

def test_take_one_card_of_any_value_or_several_totalling_at_most_five():
    display = [(BLUE, 9), (GREEN, 2), (ORANGE, 3), (YELLOW, 1)]
    assert ref.legal_takes(display) == [(0,), (1,), (2,), (3,), (1, 2), (1, 3), (2, 3)]  # 2 + 3 + 1 = 6 > 5
    assert ref.legal_takes([(BLUE, 2), None, (GREEN, 3), None]) == [(0,), (2,), (0, 2)]
    assert ref.mask((0, 2)) == 0b101


def test_payment_uses_the_spaces_currency_and_gives_no_change():
    hand = [(BLUE, 9), (GREEN, 4), (GREEN, 3), (GREEN, 2)]
    assert ref.payment(hand, GREEN, 5) == [(GREEN, 2), (GREEN, 3)]  # exact beats overpaying with the 9 blue
    assert ref.payment(hand, BLUE, 10) is None  # green money never pays the blue space
    assert ref.payment(hand, GREEN, 8) == [(GREEN, 2), (GREEN, 3), (GREEN, 4)]  # 9 paid for 8: no change
    assert ref.payment([(BLUE, 6), (BLUE, 2), (BLUE, 1), (BLUE, 5)], BLUE, 6) == [(BLUE, 6)]  # fewest cards
    assert ref.exactly_payable([2, 3, 7], 12) and not ref.exactly_payable([2, 3, 7], 6)


def test_exact_payment_earns_another_action_overpaying_does_not():
    t = table(market=[PAVILION_8, SERAGLIO_9, None, None], hands=[[(BLUE, 8), (GREEN, 5), (GREEN, 5)], [], []])
    assert ref.buy(t, BLUE, [(BLUE, 8)]) is True  # exactly 8: act again
    assert ref.buy(t, GREEN, [(GREEN, 5), (GREEN, 5)]) is False  # 10 for 9: the turn ends
    assert t.bought == [PAVILION_8, SERAGLIO_9] and t.hands[0] == [] and len(t.discards) == 3


def test_greedy_buys_twice_in_a_turn_when_both_are_exact():
    deck = [(YELLOW, v) for v in range(1, 9)]
    t = table(deck=deck, market=[PAVILION_8, SERAGLIO_9, 30, 31], stack=[GARDEN_10, 21, 22],
              hands=[[(BLUE, 8), (GREEN, 5), (GREEN, 4)], [], []])
    rp.play_turn(t, ["greedy"] * 3, rp.Rows([]))
    placed = sorted(t.alhambras[0].values())
    assert placed == [r.FOUNTAIN, PAVILION_8, SERAGLIO_9]
    assert len(t.hands[0]) >= 1  # the third action was a money take: that ended the turn
    assert t.market[:2] == [GARDEN_10, 21] and t.to_move == 1


def test_overpaying_ends_the_turn():
    # no money on display: greedy buys the best affordable tile, overpaying, and may not buy the second
    t = table(display=[None] * 4, deck=FILLER, market=[PAVILION_8, SERAGLIO_9, 30, 31], stack=[21, 22],
              hands=[[(BLUE, 9), (GREEN, 5), (GREEN, 5)], [], []])
    rp.play_turn(t, ["greedy"] * 3, rp.Rows([]))
    assert PAVILION_8 in t.alhambras[0].values() and SERAGLIO_9 not in t.alhambras[0].values()
    assert t.hands[0] == [(GREEN, 5), (GREEN, 5)] and t.market[1] == SERAGLIO_9


def test_bought_tiles_are_placed_at_the_end_of_the_turn():
    t = table(deck=[(YELLOW, 5)], market=[PAVILION_8, SERAGLIO_9, 30, 31], stack=[21],
              hands=[[(BLUE, 8)], [], []])
    assert ref.buy(t, BLUE, [(BLUE, 8)])
    assert t.alhambras[0] == {(0, 0): r.FOUNTAIN} and t.bought == [PAVILION_8]  # waiting beside the player
    ref.end_turn(t, first_square, no_reshuffle)
    assert t.alhambras[0] == {(0, 0): r.FOUNTAIN, (-1, 0): PAVILION_8} and t.bought == []
    assert t.market == [21, SERAGLIO_9, 30, 31] and t.end == "running"


def test_a_tile_without_a_square_goes_to_the_reserve():
    t = table()
    ref.place(t, 0, PAVILION_8, None)
    assert t.reserves[0] == [PAVILION_8] and ref.kind_counts(t.alhambras[0]) == [0] * 6


# -- refills and the scoring cards ---------------------------------------------------------------------------------

def test_a_scoring_card_turned_up_in_a_refill_scores_at_once_and_is_replaced():
    t = table(deck=[(BLUE, 1), 1, (BLUE, 4), (BLUE, 5)], display=[None, (GREEN, 1), None, (GREEN, 2)])
    t.alhambras[0][(1, 0)] = PAVILION_8  # seat 0 leads pavilions: 1 point at scoring 1
    ref.refill_display(t, no_reshuffle)
    assert t.scorings == [1] and t.scores == [1, 0, 0]
    assert t.display == [(BLUE, 1), (GREEN, 1), (BLUE, 4), (GREEN, 2)]  # the next card filled slot 2
    assert t.deck == [(BLUE, 5)]


def test_the_market_refills_in_space_order_and_the_display_before_it():
    t = table(deck=[2, (BLUE, 3)], display=[None, (GREEN, 1), (GREEN, 2), (GREEN, 3)],
              market=[None, PAVILION_8, None, None], stack=[SERAGLIO_9, GARDEN_10, 21])
    ref.end_turn(t, first_square, no_reshuffle)
    assert t.market == [SERAGLIO_9, PAVILION_8, GARDEN_10, 21] and t.scorings == [2] and t.end == "running"


def test_the_scoring_cards_lie_at_the_recorded_deck_positions():
    deck = ref.build_deck([(BLUE, v) for v in range(1, 9)], (2, 6))
    assert deck.index(1) == 1 and deck.index(2) == 5 and len(deck) == 10


# -- the end ------------------------------------------------------------------------------------------------------

def test_leftover_tiles_go_to_the_highest_total_a_tie_to_nobody():
    hands = [[(BLUE, 5)], [(BLUE, 2), (BLUE, 2), (GREEN, 4)], [(GREEN, 4)]]
    t = table(market=[PAVILION_8, SERAGLIO_9, None, GARDEN_10], hands=hands)  # stack empty: space 2 stays empty
    assert [ref.leftover_owner(t, s) for s in (BLUE, GREEN, YELLOW)] == [0, None, None]  # 5 > 4; 4 = 4; no yellow
    ref.end_turn(t, first_square, no_reshuffle)
    assert t.end == "market" and t.scorings == [3]
    assert PAVILION_8 in t.alhambras[0].values()
    assert all(SERAGLIO_9 not in a.values() and GARDEN_10 not in a.values() for a in t.alhambras)
    assert t.market == [None] * 4


def test_fewest_cards_start_then_the_lower_total():
    money = [(BLUE, 9), (BLUE, 9), (BLUE, 2), (GREEN, 9), (GREEN, 9), (GREEN, 3)] + [(ORANGE, 5)] * 5
    hands, dealt = ref.deal_start_money(money, 3)
    assert [len(h) for h in hands] == [3, 3, 4] and dealt == 10  # dealt until the total reaches 20
    assert ref.start_candidates(hands) == [0]  # 20 beats 21
    tied = [[(BLUE, 9), (BLUE, 9), (BLUE, 2)], [(GREEN, 2), (GREEN, 9), (GREEN, 9)], [(ORANGE, 9)] * 3]
    assert ref.start_candidates(tied) == [0, 1]


def _setup(settings, positions=None, start=0, players=3):
    money = sorted(r.MONEY, key=lambda c: (-c[1], c[0]))  # highest first
    _, dealt = ref.deal_start_money(money, players)
    windows = r.scoring_windows(len(money) - dealt - r.DISPLAY, settings.pile_split)
    positions = positions or tuple(lo for lo, _ in windows)
    return ref.setup(settings, players, money, positions, list(range(r.N_TILES)), start), windows


@pytest.mark.parametrize("start_tie, allowed", [("random", [0, 1, 2]), ("lower_seat", [0])])
def test_start_tie_both_readings(start_tie, allowed):
    # highest cards first: every seat is dealt three 9s (27): equal cards, equal totals
    settings = Settings(start_tie=start_tie)
    for start in range(3):
        if start in allowed:
            t, _ = _setup(settings, start=start)
            assert t.to_move == start and ref.start_candidates(t.hands) == [0, 1, 2]
        else:
            with pytest.raises(AssertionError):
                _setup(settings, start=start)


@pytest.mark.parametrize("pile_split", ["larger_first", "fifths"])
def test_pile_split_both_readings(pile_split):
    settings = Settings(pile_split=pile_split)
    t, windows = _setup(settings)
    assert t.deck.index(1) + 1 == windows[0][0] and t.deck.index(2) + 1 == windows[1][0]
    _setup(settings, positions=(windows[0][1], windows[1][1]))
    with pytest.raises(AssertionError):
        _setup(settings, positions=(windows[0][0] - 1, windows[1][0]))
    money_left = len(t.deck) - 2
    if pile_split == "larger_first":
        sizes = r.pile_sizes(money_left)
        assert windows[0] == (sizes[0] + 1, sizes[0] + sizes[1])  # the whole second pile


@pytest.mark.parametrize("end_rule, ends", [("free_space", "running"), ("empty_stack", "stack")])
def test_end_rule_both_readings(end_rule, ends):
    # the last tile of the stack fills the market: the market is full, the stack empty
    t = table(settings=Settings(end_rule=end_rule), market=[None, PAVILION_8, SERAGLIO_9, GARDEN_10], stack=[21])
    ref.end_turn(t, first_square, no_reshuffle)
    assert t.end == ends and (t.scorings == [3]) == (ends == "stack")


@pytest.mark.parametrize("money_reshuffle", [True, False])
def test_money_reshuffle_both_readings(money_reshuffle):
    t = table(settings=Settings(money_reshuffle=money_reshuffle), display=[None, (GREEN, 1), None, None],
              market=[PAVILION_8, SERAGLIO_9, GARDEN_10, 21], stack=[22])
    t.discards = [(BLUE, 7), (BLUE, 3)]
    ref.refill_display(t, lambda paid: [(BLUE, 3), (BLUE, 7)])
    if money_reshuffle:
        assert t.display == [(BLUE, 3), (GREEN, 1), (BLUE, 7), None] and t.discards == []
    else:
        assert t.display == [None, (GREEN, 1), None, None] and t.discards == [(BLUE, 7), (BLUE, 3)]


@pytest.mark.parametrize("tie_split, expected", [("occupied_ranks", [9, 9, 0]), ("rank_only", [6, 6, 0])])
def test_tie_split_both_readings(tie_split, expected):
    # scoring 2, towers 3, 3, 1 (the spec's reference figure) on built Alhambras; walls add their own points
    towers = [t for t in range(r.N_TILES) if r.TILE_KIND[t] == 5]
    t = table(settings=Settings(tie_split=tie_split))
    for seat, n in enumerate((3, 3, 1)):
        for _ in range(n):
            tile = towers.pop()
            t.alhambras[seat][first_square(t, seat, tile)] = tile
    walls = [layout.longest_outer_wall(a) for a in t.alhambras]
    assert [p - w for p, w in zip(ref.scoring_points(t, 2), walls)] == expected


def test_the_turn_cap_stops_the_game_with_a_final_scoring():
    t = table(settings=Settings(turn_cap=1), market=[PAVILION_8, SERAGLIO_9, GARDEN_10, 21], stack=[22],
              turns=2)
    ref.end_turn(t, first_square, no_reshuffle)
    assert t.end == "capped" and t.scorings == [3] and t.turns == 3


def test_equal_top_totals_share_the_win():
    t = table(scores=[10, 12, 12])
    assert ref.credit(t) == [0, Fraction(1, 2), Fraction(1, 2)]
