"""The reviewer-style worked examples (issue 51): for every game with a board picture, a position written only
from its docs page and `analyzer board GAME` (scenarios/GAME/*from-the-board*.yaml, or a game's by-name twin),
using the names the picture prints; each loads, answers in the names it was written in and, where an id twin
exists, is the same position."""
from __future__ import annotations

import copy

import pytest

from analyzer.core import registry, scenario
from tests.cli_helpers import invoke

# game -> (scenario, question, a word the answer prints that the scenario took off the picture)
WORKED = {
    "elfenland": ("from-the-board.yaml", "odds", "Lapphalya-Dag'Amura"),
    "st_petersburg": ("from-the-board.yaml", "odds", "Mistress of Ceremonies"),
    "drunter_druber": ("from-the-board.yaml", "odds", "p3"),
    "himalaya": ("from-the-board.yaml", "odds", "goods"),
    "paris_paris": ("from-the-board.yaml", "odds", "Bastille"),
    "san_marco": ("from-the-board.yaml", "ev", "San Polo > San Marco"),
    "goa": ("from-the-board.yaml", "odds", "madras"),
    "cafe_international": ("from-the-board.yaml", "complete", "c7 c10"),
    "alhambra": ("majority-by-name.yaml", "majority", "garden"),
    "samarkand_sackson": ("from-the-board.yaml", "ev", "step to c2"),
    "samarkand_queen": ("from-the-board.yaml", "odds", "at least one of 17 19 23"),
    "camelup": ("from-the-board.yaml", "odds", "white"),
    "magellan": ("from-the-board.yaml", "odds", "who gets polo"),
    "caylus": ("from-the-board.yaml", "provost", "red on peddler (9)"),
    "puerto_rico": ("from-the-board.yaml", "ev", "craftsman"),
}
# the four of the first round (issue 51): games whose worked example is a by-name twin of another scenario
EARLIER = {"catan", "finstere_flure", "roborally", "emerald"}


def test_every_game_with_a_board_picture_has_a_worked_example():
    drawn = {g.name for g in registry.games() if g.picture is not None}
    assert drawn <= set(WORKED) | EARLIER
    for game, (name, _, _) in WORKED.items():
        assert (registry.SCENARIOS / game / name).is_file(), game


@pytest.mark.parametrize("game", sorted(WORKED))
def test_the_worked_example_loads_shows_and_answers_in_the_board_s_names(game, tmp_path):
    name, question, word = WORKED[game]
    path = registry.SCENARIOS / game / name
    shown = invoke("show", path, "-o", tmp_path / "position.png")
    assert shown.exit_code == 0, shown.output
    answer = invoke("ask", question, path, "-n", 400, "--seed", 1, "-j", 1, "--no-progress")
    assert answer.exit_code == 0, answer.output
    assert word in answer.stdout


def _position(game: str, data: dict):
    return registry.game(game).position(data)


def test_the_alhambra_walls_by_side_are_the_numbered_position():
    by_side = scenario.load(registry.SCENARIOS / "alhambra" / "majority-by-name.yaml")
    numbered = scenario.load(registry.SCENARIOS / "alhambra" / "majority.yaml")
    assert _position("alhambra", by_side) == _position("alhambra", numbered)


def test_the_elfenland_legs_read_their_terrain_off_the_map_as_typing_it_would():
    read = scenario.load(registry.SCENARIOS / "elfenland" / "from-the-board.yaml")
    typed = copy.deepcopy(read)
    for leg, terrain in zip(typed["position"]["route"], ("plain", "forest", "desert")):
        leg["terrain"] = terrain
    assert _position("elfenland", read) == _position("elfenland", typed)
