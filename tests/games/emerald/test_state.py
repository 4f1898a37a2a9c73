"""Emerald positions: what parses, and every impossible position as one ScenarioError naming its field."""
import copy

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.emerald import rules as r
from analyzer.games.emerald import state
from tests.games.emerald import position, scenario

BASE = scenario(3, knights={"red": ["s1", "s2", 7, 11, "chamber"], "blue": ["s3", "s4", 6, 12, 13],
                            "green": ["s2", "s5", 6, 10, 12]},
                stacks={4: {"gem": {"top": "ruby", "below": 1}, "gold": {"top": 2, "below": 0}}},
                dragon={"cave": 5, "facing": "entrance"}, trail_start=4, treasure_left=3, to_move=2,
                holdings={"red": {"gold": [3, 5], "gems": {"ruby": 1}, "treasure": 1}})


def parse(**change):
    data = copy.deepcopy(BASE)
    for path, value in change.items():
        node = data
        keys = path.split("__")
        for key in keys[:-1]:
            node = node[int(key) if key.isdigit() and isinstance(node, dict) and int(key) in node else key]
        node[keys[-1]] = value
    return state.parse_position(data)


def test_a_full_position_parses():
    p = parse()
    assert p.players == 3 and p.to_move == 2 and p.dragon == (5, r.ENTRANCE, 4) and p.treasure_left == 3
    assert p.knights[0] == (7, 11, r.CHAMBER, r.S1, r.S1 + 1)
    assert p.gem_top[3] == 0 and p.gem_below[3] == 1 and p.gold_top[3] == 2
    assert p.holdings[0].gold == (3, 5) and p.holdings[0].treasure == 1
    # unseen derived from the totals: every gold card less the tops and the holdings
    assert p.unseen_gold == (5, 4, 4, 5, 4) and p.unseen_gems == (4, 6, 6, 6)


def test_setup_positions_for_every_player_count():
    for n in (2, 3, 4, 5):
        p = position(n)
        assert len(p.colours) == n and all(len(cs) == (2 if n == 2 else 1) for cs in p.colours)
        assert all(len(p.knights[c]) == r.knights_per_colour(n) for cs in p.colours for c in cs)
    assert position(2).colours == ((0, 1), (2, 3))


@pytest.mark.parametrize("change,field", [
    ({"position__knights__red": ["s1", "s2", 7, 11]}, "position.knights.red"),  # 4 knights, 3 players need 5
    ({"position__knights__red": ["s1", "s1", 7, 11, "chamber"]}, r"position.knights.red\[0\]"),
    ({"position__knights__red": ["s1", "s2", 7, 11, 17.5]}, r"position.knights.red\[4\]"),
    ({"position__knights__black": ["s1", "s2", 7, 11, 12]}, "position.knights.black"),
    ({"position__stacks__4": {"gem": {"top": None, "below": 1}}}, "position.stacks.4.gem.top"),
    ({"position__stacks__4": {"gem": {"top": "ruby", "below": 3}}}, "position.stacks.4.gem.below"),  # a 3-stack
    ({"position__stacks__4": {"gold": {"top": 6}}}, "position.stacks.4.gold.top"),
    ({"position__stacks__10": {}}, "position.stacks.10"),
    ({"position__dragon": {"cave": 2, "facing": "entrance"}}, "position.dragon.cave"),  # trail 4..7: 3..7 allowed
    ({"position__dragon": {"cave": 8, "facing": "entrance"}}, "position.dragon.cave"),
    ({"position__dragon": {"cave": 5, "facing": "up"}}, "position.dragon.facing"),
    ({"position__trail_start": 7}, "position.trail_start"),
    ({"position__treasure_left": 4}, "position.treasure_left"),  # 1 held + 4 left
    ({"position__to_move": 3}, "position.to_move"),
    ({"position__holdings__red__bonus": ["four_kinds"]}, "position.holdings.red.bonus"),
    ({"position__holdings__red__gems": {"ruby": 7}}, "position.holdings.red.gems.ruby"),
    ({"position__holdings__red__treasure": 2}, "position.holdings.red.treasure"),  # one knight in the chamber
    ({"position__unseen": {"gold": [5, 5, 5, 5, 5, 5]}}, "position.unseen.gold"),
    ({"position__unseen": {"gems": {"ruby": 5}}}, "position.unseen.gems.ruby"),  # 6 - 1 top - 1 held = 4
    ({"position__unseen": {"gems": {}}}, "position.unseen.gems"),  # fewer unseen than the 1 below the ruby
    ({"position__moved_this_turn": [{"colour": "red", "at": 7}]}, r"position.moved_this_turn\[0\].colour"),
    ({"position__moved_this_turn": [{"colour": "green", "at": 9}]}, r"position.moved_this_turn\[0\].at"),
    ({"position__colours": ["red", "red", "green"]}, r"position.colours\[1\]"),
    ({"position__wizard": 1}, "position.wizard"),
    ({"rules": {"turn_on_arrival": "maybe"}}, "rules.turn_on_arrival"),
    ({"players": 6}, "players"),
])
def test_impossible_positions_name_their_field(change, field):
    with pytest.raises(ScenarioError, match=f"^{field}:") as err:
        parse(**change)
    assert "\n" not in str(err.value)


def test_knight_counts_per_colour_follow_the_player_count():
    with pytest.raises(ScenarioError, match="5 players: 4 knights per colour"):
        state.parse_position(scenario(5, knights={"red": ["s1", "s2", "s3", "s4", "s5"]}))
    with pytest.raises(ScenarioError, match="central building"):  # 2 and 5 players leave s5 empty
        four = ["s1", "s2", "s3", "s4"]
        state.parse_position(scenario(2, knights={"red": ["s1", "s2", "s3", "s5"], "blue": four, "green": four,
                                                  "yellow": four}))
    with pytest.raises(ScenarioError, match="position.knights: blue's knights are missing"):
        state.parse_position(scenario(2, knights={"red": ["s1", "s2", "s3", "s4"]}))


def test_finished_games_and_the_four_kinds_card_are_checked():
    with pytest.raises(ScenarioError, match="position.knights.red: .*1 knight"):  # one knight left on the track
        parse(position__knights__red=["nest", "nest", 7, "nest", "chamber"])
    with pytest.raises(ScenarioError, match="someone took the four_kinds card"):
        parse(position__holdings__red__gems={"ruby": 1, "emerald": 1, "garnet": 1, "turquoise": 1})
    p = parse(position__holdings__red__gems={"ruby": 1, "emerald": 1, "garnet": 1, "turquoise": 1},
              position__holdings__red__bonus=["four_kinds"])
    assert p.holdings[0].four_kinds
    with pytest.raises(ScenarioError, match="position.dragon: trail_start 1"):
        state.parse_position(scenario(4, dragon={"cave": 3, "facing": "entrance"}, trail_start=1))


def test_stack_pattern_bounds_the_stacks():
    with pytest.raises(ScenarioError, match="position.stacks.1.gem.below"):
        state.parse_position(scenario(4, stacks={1: {"gem": {"top": "ruby", "below": 2}}}))
    p = state.parse_position(scenario(4, {"stack_pattern": "gold_2_first"},
                                      stacks={1: {"gem": {"top": "ruby", "below": 2}}}))
    assert p.gem_below[0] == 2
