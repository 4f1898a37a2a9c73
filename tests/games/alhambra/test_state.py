"""Positions from scenarios: the spec's example, what is derived (unseen money, the stack) and every impossible
input as a one-line ScenarioError naming the field."""
import copy

import pytest

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra import state
from analyzer.games.alhambra.state import EMPTY, sort_of
from tests.games.alhambra import MARKET, card, position, scenario

SPEC = sc.load("scenarios/alhambra/spec-position.yaml")
TOWER9 = {"kind": "tower", "cost": 9, "walls": [0, 1]}


def test_the_spec_example_loads_with_what_it_implies():
    p = state.parse_position(SPEC)
    assert (p.players, p.me, p.to_move, p.draws, p.scoring_seen, p.money_left) == (4, 0, 0, 23, (1,), 80)
    assert p.market == (r.tile_id(5, 9, (0, 1)), r.tile_id(4, 10, ()), r.tile_id(2, 6, (2, 3)), r.tile_id(0, 4, (1, 2)))
    assert p.hands[0] == ((0, 2), (0, 3)) and p.hidden == (1, 2, 3) and p.hand_counts == (2, 4, 6, 2)
    assert p.alhambras[0] == {(0, -1): 38} and p.reserves[1] == (r.tile_id(3, 7, (2, 3)),)
    assert len(p.stack) == 54 - 6 and p.tiles_left == 31 and not p.complete
    assert sum(p.unseen) == 108 - 2 - 4 - 1 and p.unseen[sort_of((0, 3))] == 1  # blue 3: hand and display
    assert not p.illustrative and p.scores == (12, 9, 15, 4)


def test_left_out_pile_sizes_are_the_illustrative_example_piles():
    doc = copy.deepcopy(SPEC)
    del doc["position"]["money_deck"]["pile_sizes"]
    p = state.parse_position(doc)
    assert p.illustrative and p.pile_sizes == (16, 17, 16, 17, 16)


def test_known_hands_leave_the_unseen_and_the_stack_is_every_unlisted_tile():
    p = position(3, hands={0: [card("blue", 2)], 1: [card("blue", 2)], 2: [card("blue", 2)]},
                 rules={"hands_open": True}, market={**MARKET, "blue": TOWER9})
    assert p.unseen[sort_of((0, 2))] == 0 and sum(p.unseen) == 105 and p.hidden == ()
    assert p.tiles_left == 50 and p.complete


def test_the_spec_garden_at_0_1_is_refused_its_north_wall_faces_the_fountain():
    doc = copy.deepcopy(SPEC)
    doc["position"]["alhambras"][0][0]["at"] = [0, 1]
    with pytest.raises(ScenarioError, match="position.alhambras.0: not a legal alhambra"):
        state.parse_position(doc)


def bad(field, match=None, players=4, rules=None, **kw):
    with pytest.raises(ScenarioError) as exc:
        position(players, rules, **kw)
    assert exc.value.field == field, str(exc.value)
    assert "\n" not in str(exc.value)
    if match:
        assert match in exc.value.problem, exc.value.problem


def test_unknown_names():
    bad("position.display[0].cur", "allowed: blue, green, orange, yellow", display=[card("red", 3)])
    bad("position.market.purple", market={"purple": TOWER9})
    bad("position.market.blue.kind", "allowed: pavilion", market={"blue": {"kind": "palace", "cost": 9}})
    bad("position.display[0].v", display=[card("blue", 10)])
    bad("position.focus.kind", focus={"kind": "castle"})


def test_a_tile_not_among_the_54_names_the_ones_there_are():
    bad("position.market.blue", "walls [1, 2]; walls [0, 1]; walls [0, 3]",
        market={"blue": {"kind": "tower", "cost": 9, "walls": [2]}})
    bad("position.market.blue", "costs 7, 8, 9", market={"blue": {"kind": "tower", "cost": 3}})


def test_a_tile_listed_twice():
    bad("position.alhambras.0", "also at position.market.blue", market={"blue": {"kind": "garden", "cost": 10,
                                                                                 "walls": [0]}},
        alhambras={0: [{"kind": "garden", "cost": 10, "walls": [0], "at": [0, -1]}]})
    bad("position.reserves.1[1]", reserves={1: [TOWER9, TOWER9]})


def test_more_copies_of_a_money_card_than_exist():
    bad("position.hands.0", "there are 3 of each", display=[card("blue", 5)] * 2,
        hands={0: [card("blue", 5)] * 2})


def test_pile_sizes_and_scoring_cards_must_fit_the_deck():
    bad("position.money_deck.pile_sizes", "[16, 17, 16, 17, 16]",
        money_deck={"pile_sizes": [16, 16, 16, 17, 17]})
    bad("position.money_deck.pile_sizes", "five piles", money_deck={"pile_sizes": [16, 17, 16, 17]})
    bad("position.money_deck.scoring_cards_seen", "only 10 cards drawn",
        money_deck={"draws_since_setup": 10, "pile_sizes": [16, 17, 16, 17, 16], "scoring_cards_seen": [1]})
    bad("position.money_deck.scoring_cards_seen", "list it",
        money_deck={"draws_since_setup": 33, "pile_sizes": [16, 17, 16, 17, 16]})
    bad("position.money_deck.scoring_cards_seen[1]", "given twice",
        money_deck={"draws_since_setup": 40, "pile_sizes": [16, 17, 16, 17, 16], "scoring_cards_seen": [1, 1]})
    bad("position.money_deck.draws_since_setup", rules={"money_reshuffle": False},
        money_deck={"draws_since_setup": 83, "pile_sizes": [16, 17, 16, 17, 16], "scoring_cards_seen": [1, 2]})
    bad("position.money_deck.pile_sizes", "each player is dealt",
        money_deck={"pile_sizes": [21, 22, 21, 22, 21]})


def test_the_fifths_reading_has_its_own_windows():
    rules = {"pile_split": "fifths"}
    assert position(rules=rules, money_deck={"draws_since_setup": 14, "pile_sizes": [16, 17, 16, 17, 16],
                                             "scoring_cards_seen": [1]}).scoring_seen == (1,)
    bad("position.money_deck.scoring_cards_seen", "14..30", rules=rules,
        money_deck={"draws_since_setup": 30, "pile_sizes": [16, 17, 16, 17, 16]})


def test_money_cards_outside_the_deck_must_fit_the_draws():
    bad("position.hands", "only 28 are out of the deck", hands={1: {"count": 30}})


def test_illegal_alhambra_placements():
    bad("position.alhambras.0", "cannot be reached",
        alhambras={0: [{"kind": "tower", "cost": 12, "walls": [], "at": [0, 2]}]})
    bad("position.alhambras.0[0].at", "taken", alhambras={0: [{"kind": "tower", "cost": 12, "walls": [],
                                                                "at": [0, 0]}]})
    bad("position.alhambras.0[1].at", "taken",
        alhambras={0: [{"kind": "tower", "cost": 12, "walls": [], "at": [1, 0]},
                       {"kind": "tower", "cost": 11, "walls": [], "at": [1, 0]}]})


def test_hands():
    bad("position.hands.0", "my own hand", hands={0: {"count": 3}})
    bad("position.hands.1", "hands_open", rules={"hands_open": True})
    bad("position.hands.7", players=4, hands={7: []})


def test_every_seat_gives_its_hand():
    doc = scenario()
    del doc["position"]["hands"][3]
    with pytest.raises(ScenarioError, match="position.hands.3: every seat's hand"):
        state.parse_position(doc)


def test_players_and_seats():
    bad("players", players=2)
    bad("position.me", me=4)
    bad("position.scores", "one score per seat", scores=[1, 2])


def test_stack_and_market():
    bad("position.tiles_left", tiles_left=54)
    bad("position.tiles_left", "they are the stack", tiles_left=10,
        alhambras={s: [] for s in range(4)})
    bad("position.market", "empty spaces", market={"blue": TOWER9})
    assert position(market={"blue": TOWER9}, tiles_left=0).market == (r.tile_id(5, 9, (0, 1)),) + (EMPTY,) * 3
    bought = [{"kind": "tower", "cost": 12}, {"kind": "tower", "cost": 11}, {"kind": "tower", "cost": 13, "walls": [1]}]
    assert position(market={"blue": TOWER9}, bought_this_turn=bought).tiles_left == 50


def test_unknown_keys():
    bad("position.colour", colour=1)
    bad("position.money_deck.seen", money_deck={"seen": [1]})
    with pytest.raises(ScenarioError, match="rules.tie_split"):
        state.parse_position(scenario(rules={"tie_split": 3}))
