"""Goa rules data: the illustrative deck, board and tiles as the spec gives them, the scoring tables, and every named
setting parsed in every reading it lists (bad values one-line errors)."""
from collections import Counter

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.goa import rules as r


def test_the_illustrative_deck_is_ten_of_each_colonist_number_three_per_effect_six_per_symbol():
    deck = r.ILLUSTRATIVE_DECK
    assert len(deck) == r.DECK_SIZE == 30
    assert Counter(c for _, c, _ in deck) == {1: 10, 2: 10, 3: 10}
    assert Counter(e for e, _, _ in deck) == {e: 3 for e in range(len(r.EFFECTS))}
    assert Counter(s for _, _, s in deck) == {s: 6 for s in range(len(r.SYMBOLS))}
    assert len(r.EFFECTS) == 10 and len(r.TIED_TO_ACTION) == 5 and r.EFFECTS[r.COLONY_THREE_CARDS] in r.EFFECTS[:5]
    assert (r.COLONY_THREE_CARDS, 3, r.SYMBOLS.index("shell")) in deck  # the spec's example hand card


def test_the_seed_numbers():
    assert dict(zip(r.COLONIES, r.COLONY_TARGETS)) == {"quilon": 6, "cochin": 8, "madras": 10, "calicut": 12}
    assert sum(r.COLONY_TILES) == 18
    assert r.ROW_POINTS == (0, 1, 3, 6, 10) and r.COLONY_POINTS[1:] == (1, 3, 6, 10)
    assert r.SET_VALUES == (1, 3, 5, 10, 15, 20)
    ships, harvest, taxes, expedition, colonists = r.ILLUSTRATIVE_DEVELOPMENT
    assert (taxes[0], taxes[1], taxes[3]) == (4, 6, 10) and colonists[0] == 0
    assert expedition[0] == (1, 1) and expedition[3] == (2, 4)
    cin, pep, clove, ginger = (r.SPICES.index(s) for s in ("cinnamon", "pepper", "clove", "ginger"))
    taxes_col, col_col, ships_col = (r.COLUMNS.index(c) for c in ("taxes", "colonists", "ships"))
    assert r.ADVANCE_SPICES[taxes_col][:2] == ((cin,), (cin, pep))
    assert r.ADVANCE_SPICES[col_col][:2] == ((clove,), (ginger, clove))
    assert r.ADVANCE_SPICES[ships_col][:2] == ((ginger,), (ginger, cin))
    assert all(len(step) == n + 1 for col in r.ADVANCE_SPICES for n, step in enumerate(col))


def test_the_tile_lists_hold_27_known_tiles_each():
    for tiles in (r.TILES_A, r.ILLUSTRATIVE_TILES_B):
        assert len(tiles) == r.TILES_PER_PHASE and set(tiles) <= set(r.TILE_NAMES)


def test_the_printed_phase_a_tiles_match_the_player_aids_counts():
    """sob-zine's Goa player aid, Phase A tiles: a single and two double plantations of each spice, one each of
    the red ship/ducats/colonist/spice tiles, duty, extra actions, expeditions, 4 ships, 4 colonists, settlement,
    two ships-or-colonists: the rulebook's 27 A tiles (25 on the 5 x 5 grid)."""
    a = Counter(r.TILES_A)
    assert sum(a.values()) == r.TILES_PER_PHASE == 27 and r.GRID ** 2 == 25
    for spice in r.SPICES:
        assert a[f"plantation_1_{spice}"] == 1 and a[f"plantation_2_{spice}"] == 2
    assert all(a[t] == 1 for t in ("red_ship", "red_ducats", "red_colonist", "red_spice", "duty", "extra_actions_2",
                                   "expeditions_2", "ships_4", "colonists_4", "settlement"))
    assert a["ships_or_colonists_3"] == 2
    assert r.Settings().printed == (r.PRINTED_TILES_A,) and r.parse_settings({"tiles_a": "printed"}) == r.Settings()
    assert r.DECK_SIZE == 30 and r.EXTRA_ACTION_CARDS == 10  # the rulebook's 30 expedition, 10 action cards


def test_set_scoring():
    assert [r.set_value(n) for n in range(7)] == [0, 1, 3, 5, 10, 15, 20]
    fish, shell = r.SYMBOLS.index("fish"), r.SYMBOLS.index("shell")
    assert r.hand_points([fish, fish, shell]) == 3 + 1
    assert r.hand_points([fish] * 6, (1, 2, 3, 4, 5, 6)) == 6


@pytest.mark.parametrize("name,readings", [("expedition_limit", ("after_action", "always")),
                                           ("ducat_tie", ("all", "none")), ("final_tie", ("shared",)),
                                           ("expedition_reshuffle", ("discard_under", "shuffle_together")),
                                           ("advanced_start", ("none", "two_markers_row2", "ten_ducats"))])
def test_every_reading_of_every_choice_setting_parses(name, readings):
    assert getattr(r.Settings(), name) == readings[0]
    for reading in readings:
        s = r.parse_settings({name: reading})
        assert getattr(s, name) == reading
        assert s.changed() == ({} if reading == readings[0] else {name: reading})
    with pytest.raises(ScenarioError, match=f"rules.{name}"):
        r.parse_settings({name: "sometimes"})


def test_the_data_settings_take_illustrative_or_the_real_data():
    s = r.parse_settings({})
    assert s.illustrative == ("expedition_deck", "development", "tiles_b") and s.deck_illustrative
    deck = [{"effect": r.EFFECTS[e], "colonists": 1 if i < 20 else 3, "symbol": r.SYMBOLS[sym]}
            for i, (e, _, sym) in enumerate(r.ILLUSTRATIVE_DECK)]
    given = r.parse_settings({"expedition_deck": deck, "set_values": [1, 2, 4, 8, 16, 20], "turn_cap": 50,
                              "development": {**r.Settings().show("development"), "colonists": [0, 2, 3, 4, 6]},
                              "tiles_a": list(r.ILLUSTRATIVE_TILES_B)})
    assert not given.deck_illustrative and given.illustrative == ("tiles_b",) and given.printed == ()
    assert Counter(c for _, c, _ in given.expedition_deck) == {1: 20, 3: 10}
    assert given.set_values == (1, 2, 4, 8, 16, 20) and given.turn_cap == 50
    assert given.development[4] == (0, 2, 3, 4, 6) and given.development[2] == (4, 6, 8, 10, 12)
    assert given.show("expedition_deck")[0] == deck[0]
    assert "expedition_deck=given" in given.labels()[0]
    assert r.parse_settings({"expedition_deck": "illustrative"}) == s


@pytest.mark.parametrize("block,field", [
    ({"set_values": [1, 3, 5]}, "rules.set_values"),
    ({"set_values": [1, 3, 5, 10, 15, 12]}, "rules.set_values"),
    ({"set_values": [1, 3, 5, 10, 15, "x"]}, "rules.set_values[5]"),
    ({"expedition_deck": "real"}, "rules.expedition_deck"),
    ({"expedition_deck": [{"effect": "two_ships", "colonists": 1, "symbol": "fish"}]}, "rules.expedition_deck"),
    ({"expedition_deck": [{"effect": "two_ships", "colonists": 1, "symbol": "fish"}] * 30}, "rules.expedition_deck"),
    ({"expedition_deck": [{"effect": "teleport", "colonists": 1, "symbol": "fish"}] * 30},
     "rules.expedition_deck[0].effect"),
    ({"expedition_deck": [{"effect": "two_ships", "colonists": 4, "symbol": "fish"}] * 30},
     "rules.expedition_deck[0].colonists"),
    ({"expedition_deck": [{"effect": "two_ships", "colonists": 1}] * 30}, "rules.expedition_deck[0].symbol"),
    ({"development": {**r.Settings().show("development"), "colonists": [0, 1, 2]}}, "rules.development.colonists"),
    ({"development": {**r.Settings().show("development"), "expedition": [[1, 1]] * 4 + [[3]]}},
     "rules.development.expedition[4]"),
    ({"development": {"colonists": [0, 1, 2, 3, 4]}}, "rules.development.ships"),
    ({"development": {"mines": [1, 2, 3, 4, 5]}}, "rules.development.mines"),
    ({"tiles_b": ["ships_4"] * 26 + ["dragon"]}, "rules.tiles_b[26]"),
    ({"tiles_a": ["ships_4"] * 3}, "rules.tiles_a"),
    ({"turn_cap": 0}, "rules.turn_cap"),
    ({"shuffle": "yes"}, "rules.shuffle"),
])
def test_bad_settings_are_one_line_errors_naming_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings(block)
    assert err.value.field == field and "\n" not in str(err.value)
