"""Goa positions: the spec's example in both layouts, the derived unseen pool, and every impossible input a one-line
ScenarioError naming the field."""
from fractions import Fraction

import pytest

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.goa import rules as r
from analyzer.games.goa import state
from tests.games.goa import position

SPEC = "scenarios/goa/spec-position.yaml"


def test_the_spec_position_loads_from_its_flat_layout():
    p = state.parse_position(sc.load(SPEC))
    assert p.me == 1 and p.round == 3 and p.phase == "A" and p.founded == (0,)
    a = p.attempt
    assert (a.target, a.level, a.hand, a.flipped) == (1, 1, 4, 2)
    assert p.deck_left == 17 and p.pool == (6, 5, 6) and p.pool_given
    assert p.my_hand == ((r.COLONY_THREE_CARDS, 3, r.SYMBOLS.index("shell")),)
    assert p.open_colonies == (1, 2, 3)
    assert state.questions(p) == ("odds", "hand_needed", "nachschub", "hold_or_play")


def test_the_pool_is_the_deck_less_every_listed_card():
    p = position(expedition={"discard": [{"colonists": 2, "symbol": "fish"}, {"colonists": 1}],
                             "my_hand": [{"effect": "two_ships", "colonists": 3, "symbol": "tiger"}],
                             "known_elsewhere": [{"colonists": 3}]})
    assert p.pool == (9, 9, 8) and p.deck_left == 26 and not p.pool_given and p.draws_illustrative
    assert state.questions(p) == ("nachschub", "hold_or_play")


def test_a_given_deck_changes_the_pool_and_is_not_illustrative():
    deck = [{"effect": r.EFFECTS[e], "colonists": 1 if i % 2 else 2, "symbol": r.SYMBOLS[s]}
            for i, (e, _, s) in enumerate(r.ILLUSTRATIVE_DECK)]
    p = position(rules={"expedition_deck": deck}, expedition={"discard": [{"colonists": 2}]})
    assert p.pool == (15, 14, 0) and not p.draws_illustrative


def test_defaults_and_extras():
    p = position(colony_attempt={"level_colonists": 2, "hand_colonists": 1, "kolonista_tile": True,
                                 "spionage_level_colonists": 4, "wanted_chance": ["3/4", 0.5, 1]})
    a = p.attempt
    assert a.level == 4 and a.spionage and a.extras == 1 and a.wanted == (Fraction(3, 4), Fraction(1, 2), 1)
    assert position(round=5).phase == "B" and position().attempt is None


def _bad(field, **kw):
    with pytest.raises(ScenarioError) as err:
        position(**kw)
    assert err.value.field == field, str(err.value)
    assert "\n" not in str(err.value)
    return str(err.value)


HAND3 = {"effect": "colony_three_cards", "colonists": 3, "symbol": "shell"}


@pytest.mark.parametrize("field,kw", [
    # a card not in the deck, or more copies than it holds
    ("position.expedition.my_hand[0]", {"expedition": {"my_hand": [{"effect": "colony_three_cards", "colonists": 3,
                                                                    "symbol": "fish"}]}}),
    ("position.expedition.discard[1]", {"expedition": {"discard": [HAND3, HAND3]}}),
    ("position.expedition.known_elsewhere[0]", {"expedition": {"my_hand": [HAND3],
                                                               "known_elsewhere": [{"colonists": 3,
                                                                                    "effect": "colony_three_cards"}]}}),
    ("position.expedition.discard[10]", {"expedition": {"discard": [{"colonists": 1}] * 11}}),
    # discard + hand + known + deck_left more than the deck
    ("position.expedition.deck_left", {"expedition": {"discard": [{"colonists": 1}] * 5, "deck_left": 26}}),
    ("position.expedition.deck_left", {"expedition": {"unseen_counts": {1: 2}, "deck_left": 3}}),
    ("position.expedition.unseen_counts.1", {"expedition": {"discard": [{"colonists": 1}], "unseen_counts": {1: 10}}}),
    ("position.expedition.unseen_counts.4", {"expedition": {"unseen_counts": {4: 1}}}),
    # unknown names
    ("position.founded[0]", {"founded": ["goa"]}),
    ("position.colony_attempt.target", {"colony_attempt": {"target": "lisbon"}}),
    ("position.expedition.my_hand[0].effect", {"expedition": {"my_hand": [{"effect": "x", "colonists": 1,
                                                                           "symbol": "fish"}]}}),
    ("position.expedition.discard[0].symbol", {"expedition": {"discard": [{"colonists": 1, "symbol": "dragon"}]}}),
    ("position.expedition.discard[0].colonists", {"expedition": {"discard": [{"symbol": "fish"}]}}),
    ("position.expedition.my_hand[0].effect", {"expedition": {"my_hand": [{"colonists": 1, "symbol": "fish"}]}}),
    ("position.expedition.discard[0].cost", {"expedition": {"discard": [{"colonists": 1, "cost": 3}]}}),
    ("position.ships", {"ships": 3}),
    # counts out of range
    ("position.colony_attempt.hand_colonists", {"colony_attempt": {"hand_colonists": -1}}),
    ("position.colony_attempt.level_colonists", {"colony_attempt": {"level_colonists": 13}}),
    ("position.colony_attempt.cards_flipped", {"colony_attempt": {"cards_flipped": 4}}),
    ("position.expedition.discard[0].colonists", {"expedition": {"discard": [{"colonists": 0}]}}),
    ("position.round", {"round": 9}),
    ("position.me", {"me": 4}),
    ("position.colony_attempt.wanted_chance[0]", {"colony_attempt": {"wanted_chance": [0]}}),
    ("position.colony_attempt.wanted_chance[1]", {"colony_attempt": {"wanted_chance": [0.5, 1.5]}}),
    ("position.colony_attempt.wanted_chance[0]", {"colony_attempt": {"wanted_chance": ["most"]}}),
    ("position.colony_attempt.wanted_chance", {"colony_attempt": {"wanted_chance": []}}),
    ("position.hold_or_play.effect_values.two_ships", {"hold_or_play": {"effect_values": {"two_ships": -1}}}),
    ("position.hold_or_play.effect_values.teleport", {"hold_or_play": {"effect_values": {"teleport": 1}}}),
    # the rules of the founding
    ("position.colony_attempt.target", {"founded": ["cochin"], "colony_attempt": {"target": "cochin"}}),
    ("position.founded[1]", {"founded": ["cochin", "cochin"]}),
    ("position.colony_attempt", {"founded": list(r.COLONIES), "colony_attempt": {}}),
    ("position.colony_attempt.cards_flipped", {"colony_attempt": {"cards_flipped": 3}}),
    ("position.colony_attempt.two_colonists_card", {"colony_attempt": {"two_colonists_card": True}}),
    ("position.colony_attempt.two_colonists_card",
     {"colony_attempt": {"two_colonists_card": True, "cards_flipped": 3},
      "expedition": {"my_hand": [HAND3, {"effect": "two_colonists", "colonists": 1, "symbol": "fish"}]}}),
    ("position.phase", {"round": 5, "phase": "A"}),
])
def test_impossible_inputs_are_one_line_errors_naming_the_field(field, kw):
    _bad(field, **kw)


def test_the_messages_say_what_is_allowed():
    assert "its cards with 3 colonists" in _bad("position.expedition.my_hand[0]", expedition={"my_hand": [
        {"effect": "colony_three_cards", "colonists": 3, "symbol": "fish"}]})
    assert "holds 10 that fit" in _bad("position.expedition.discard[10]",
                                       expedition={"discard": [{"colonists": 1}] * 11})
    assert "open: madras" in _bad("position.colony_attempt.target", founded=["quilon", "cochin", "calicut"],
                                  colony_attempt={"target": "cochin"})


def test_the_matching_finds_room_for_a_loose_card_listed_first():
    # the loose {colonists: 3} must not take the one card the precise one needs
    loose = [{"colonists": 3}] * 9
    p = position(expedition={"discard": loose, "my_hand": [HAND3]})
    assert p.pool == (10, 10, 0)
