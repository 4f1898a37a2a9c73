"""Hand-stepped tests of the game-flow subtleties the Sankt Petersburg spec quotes, on the readable reference: the
first deal, turn order and passing, the refill to 8 from the next phase's deck, the lower row moving, the start
stones passing left, the Pub, the Observatory across phases, the end trigger (short refills, both
worker_refill_end readings, turn_cap) and the final score.  Decks are short made-up piles (top first)."""
from dataclasses import replace

from analyzer.games.st_petersburg import actions as a
from analyzer.games.st_petersburg import reference as ref
from analyzer.games.st_petersburg.actions import BUY, LOWER, OBS_KEEP, OBSERVE, PASS_MOVE, TAKE, UPPER
from analyzer.games.st_petersburg.rules import Settings

S = Settings()
L, M, T = "Lumberjack", "Market", "Theater"


class Script:
    """A src making the listed (seat, move)s in order, each when that seat's turn comes, and passing otherwise;
    Pub answers from their own queue.  `turns` logs every seat asked."""

    def __init__(self, moves=(), pubs=()):
        self.moves, self.pubs, self.turns = list(moves), list(pubs), []

    def move(self, g, seat, legal):
        self.turns.append(seat)
        if self.moves and self.moves[0][0] == seat:
            return self.moves.pop(0)[1]
        return PASS_MOVE

    def pub(self, g, seat, choices):
        assert self.pubs, f"unexpected Pub choice of seat {seat}: {choices}"
        return self.pubs.pop(0)

    def done(self) -> bool:
        return not self.moves and not self.pubs


def game(players=2, worker=(L,) * 10, building=(M,) * 10, aristocrat=("Author",) * 10, upgrade=("Bank",) * 10,
         stones=(0, 1, 0, 1), settings=S) -> ref.Game:
    return ref.setup(settings, players, [list(worker), list(building), list(aristocrat), list(upgrade)], stones)


def phase(g, ph, *moves, pubs=()) -> Script:
    src = Script(moves, pubs)
    ref.next_phase(g, ph, src)
    assert src.done()
    return src


def buy(row, name, replaced=None):
    return BUY, row, name, replaced


def test_the_first_worker_deal_is_8_6_4_into_the_upper_row():
    for players, dealt in ((4, 8), (3, 6), (2, 4)):
        g = game(players, stones=[q % players for q in range(4)])
        assert g.upper == [L] * dealt and g.lower == [] and len(g.decks[a.WORKER]) == 10 - dealt
        assert [p.rubles for p in g.seats] == [25] * players and g.phase == ref.SET_UP


def test_turns_run_clockwise_from_the_stone_and_a_passed_player_acts_again():
    g = game(3, stones=(1, 2, 0, 1))
    src = phase(g, a.WORKER, (0, buy(UPPER, L)), (1, buy(UPPER, L)))
    # seat 1 passes, seat 2 passes, seat 0 buys, seat 1 buys after its pass, then three passes in a row
    assert src.turns == [1, 2, 0, 1, 2, 0, 1]
    assert [p.cards for p in g.seats] == [[L], [L], []]


def test_the_refill_tops_the_board_up_to_8_from_the_next_phases_deck_into_the_upper_row():
    g = game(building=(M, M, M) + (T,) * 7)
    phase(g, a.WORKER, (0, buy(UPPER, L)), (1, buy(UPPER, L)), (0, (TAKE, UPPER, L, None)))
    assert g.upper == [L] + [M] * 3 + [T] * 4 and len(g.decks[a.BUILDING]) == 3  # 8 - 1 left = 7 drawn
    assert len(g.decks[a.WORKER]) == 6 and g.seats[0].hand == [L]
    assert [p.rubles for p in g.seats] == [25, 25]  # paid 3, scored 3
    phase(g, a.BUILDING)
    assert len(g.decks[a.ARISTOCRAT]) == 10 and len(g.upper) == 8  # a full board draws nothing
    phase(g, a.ARISTOCRAT, (0, buy(UPPER, M)))  # any colour in any phase
    assert g.upper[-1] == "Bank" and len(g.decks[a.UPGRADE]) == 9


def test_the_lower_row_moves_the_stones_pass_left_and_workers_refill():
    g = game(worker=(L,) * 4 + ("Gold Miner",) * 6, building=(M, M, M) + (T,) * 7)
    phase(g, a.WORKER, (0, buy(UPPER, L)), (1, buy(UPPER, L)), (0, (TAKE, UPPER, L, None)))
    phase(g, a.BUILDING)
    phase(g, a.ARISTOCRAT, (0, buy(UPPER, M)))
    phase(g, a.UPGRADE, (1, buy(UPPER, T)))
    assert g.round == 1 and g.stones == [1, 0, 1, 0]  # every stone one seat to the left (+1)
    assert sorted(g.lower) == sorted([L, M, M, T, T, T, "Bank"]) and g.upper == ["Gold Miner"]
    assert a.cost(S, T, g.seats[1].cards, lower=True) == 20 - 1 - 1  # now a lower-row card
    phase(g, a.WORKER, (0, buy(LOWER, T)))
    assert g.round == 2 and g.seats[0].rubles == 25 - 3 + 3 - 5 - 19 + 3  # L, scoring, M, Theater 20 - 1, scoring
    snap = ref.snapshot(g)
    assert snap["round"] == 2 and snap["phase"] == a.WORKER and snap["stones"] == (1, 0, 1, 0)


def test_the_last_card_of_a_deck_ends_the_game_after_this_rounds_upgrade_phase():
    g = game(aristocrat=("Author",) * 4)
    phase(g, a.WORKER)
    phase(g, a.BUILDING, (0, buy(UPPER, M)), (1, buy(UPPER, M)), (0, buy(UPPER, M)), (1, buy(UPPER, M)))
    assert g.upper == [L] * 4 + ["Author"] * 4 and g.deck_emptied and not g.ended  # the last card turned
    phase(g, a.ARISTOCRAT)
    assert not g.ended
    phase(g, a.UPGRADE)
    assert g.ended and not g.capped and g.stones == [0, 1, 0, 1] and g.lower == []  # no round end
    assert g.final == [a.final_points(S, p) for p in g.seats] == [2 + 1, 2 + 1]  # 2 Markets' points, 16 rubles


def test_a_short_refill_fills_what_it_can():
    g = game(aristocrat=("Author",) * 3)
    phase(g, a.WORKER)
    phase(g, a.BUILDING, (0, buy(UPPER, M)), (1, buy(UPPER, M)), (0, buy(UPPER, M)), (1, buy(UPPER, M)))
    assert g.upper == [L] * 4 + ["Author"] * 3 and g.decks[a.ARISTOCRAT] == [] and g.deck_emptied
    phase(g, a.ARISTOCRAT)
    assert g.upper[-1] == "Bank"  # the next refill tops the slot left empty up


def end_of_round_game(settings):
    """Round 1 at its upgrade phase: 4 cards in the upper row, the worker deck holding exactly the 4 to refill."""
    g = game(worker=(L,) * 8, settings=settings)
    g.phase, g.upper, g.lower, g.decks[a.WORKER] = a.ARISTOCRAT, [M] * 4, [L] * 4, [L] * 4
    phase(g, a.UPGRADE)
    return g


def test_worker_refill_end_next_round_plays_the_starting_round_as_the_last():
    g = end_of_round_game(S)
    assert not g.ended and g.deck_emptied and g.upper == [L] * 4 and g.lower == [M] * 4
    for ph in (a.WORKER, a.BUILDING, a.ARISTOCRAT):
        phase(g, ph)
        assert not g.ended
    phase(g, a.UPGRADE)
    assert g.ended and g.round == 2


def test_worker_refill_end_immediate_ends_the_game_at_the_refill():
    g = end_of_round_game(replace(S, worker_refill_end="immediate"))
    assert g.ended and g.round == 1 and g.upper == [L] * 4 and g.final is not None


def test_turn_cap_stops_the_game_after_that_rounds_upgrade_phase():
    g = game(settings=replace(S, turn_cap=1))
    for ph in ref.PHASES:
        phase(g, ph)
    assert g.ended and g.capped and g.round == 1


def test_the_pub_comes_right_after_the_building_scoring():
    g = game()
    g.seats[0].cards, g.seats[0].rubles = ["Pub", "Bank"], 1
    g.phase = a.WORKER
    phase(g, a.BUILDING, pubs=[3])  # 1 + 5 (the Bank's scoring) = 6 rubles: 3 points; seat 1 has no Pub
    assert (g.seats[0].rubles, g.seats[0].points) == (0, 1 + 3)


def test_a_used_observatory_is_face_down_for_its_scoring_and_up_again_next_phase():
    g = game(aristocrat=("Judge", "Author", "Author"))
    g.seats[0].cards = ["Observatory"]
    g.phase = a.WORKER
    src = phase(g, a.BUILDING, (0, (OBSERVE, a.ARISTOCRAT, None, None)), (0, (OBS_KEEP, 0, "Judge", None)))
    assert src.turns == [1, 0, 0, 1, 0]  # the draw and its fate are one turn
    assert g.seats[0].hand == ["Judge"] and g.seats[0].points == 0  # no point at this scoring
    assert g.decks[a.ARISTOCRAT] == [] and g.upper[-2:] == ["Author", "Author"]  # the refill took the rest
    phase(g, a.ARISTOCRAT)
    assert g.seats[0].observatories_down == 0  # face up again: it would score and may be replaced
    assert a.replaceable(S, "Bank", g.seats[0].cards, g.seats[0].observatories_down) == ["Observatory"]


def test_the_final_score_and_the_winner_on_the_reference():
    g = game(aristocrat=("Author",) * 4)
    g.seats[0].cards, g.seats[0].hand = ["Author", "Administrator", "Senator"], [T]
    g.seats[1].rubles = 39
    phase(g, a.WORKER)
    phase(g, a.BUILDING, (0, buy(UPPER, M)), (1, buy(UPPER, M)), (0, buy(UPPER, M)), (1, buy(UPPER, M)))
    phase(g, a.ARISTOCRAT)
    phase(g, a.UPGRADE)
    p0, p1 = g.seats
    assert (p0.points, p0.rubles, p1.points, p1.rubles) == (2 + 2, 25 - 9 + 5, 2, 39 - 9)  # the Senator's 2 points
    # seat 0: 4 points + 6 (3 red names) + 2 (21 rubles) - 5 (a card in hand); seat 1: 2 + 3 (30 rubles)
    assert g.final == [7, 5]
    snap = ref.snapshot(g)
    assert snap["ended"] and snap["final"] == (7, 5) and snap["winners"] == (0,) and snap["last_round"]
