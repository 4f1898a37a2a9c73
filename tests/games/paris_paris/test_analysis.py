"""The Paris Paris questions through the game contract and the CLI on the shipped scenarios: the reference figures
come out as "p/q" beside the float, answers on illustrative data say so, the settings that change a round's points
do in every reading, and bad questions exit 2 with one line."""
import json
from dataclasses import replace

import pytest

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from analyzer.games.paris_paris import rules as r
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("paris_paris")
RUN = RunSettings(seed=3, jobs=1, progress=False)


def position(path, **settings):
    p = GAME.position(scenario.load(f"scenarios/paris_paris/{path}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def cli_json(*args):
    result = invoke(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_odds_on_the_first_column_gives_9772_over_32509_exact_and_illustrative():
    out = cli_json("odds", "scenarios/paris_paris/first-column.yaml")
    odeon = out["payload"]["stops"]["Odeon"] if "payload" in out else out["stops"]["Odeon"]
    assert odeon["p_exact"] == "9772/32509" and odeon["p"] == pytest.approx(0.3006, abs=1e-4)
    assert odeon["tiles"] == 4
    result = ask("odds", "first-column.yaml")
    assert result.payload["illustrative"] and result.meta["illustrative"] and "ILLUSTRATIVE" in result.title


def test_ask_leftover_gives_one_half_for_a_non_s_first_pick():
    result = ask("leftover", "leftover.yaml")
    pick = next(x for x in result.payload["picks"] if x["pick"] == "Pompidou/blue")
    assert pick["leftover"]["Odeon"] == {"p": 0.5, "p_exact": "1/2"}
    assert pick["p_big_tour_exact"] == "1/4" and result.exact == {"leftover": True}
    assert result.tables["leftover"].loc["Pompidou/blue", "P(Odeon)"] == 0.5


def test_ask_big_tour_gives_three_eighths_and_weighted_picks_are_refused_in_one_line():
    result = ask("big_tour", "big-tour.yaml")
    assert result.payload["p_any_exact"] == "3/8" and result.payload["colours"]["blue"]["p_exact"] == "1/5"
    assert result.tables["big tour"].loc["any", "exact"] == "3/8"
    bad = {**scenario.load("scenarios/paris_paris/big-tour.yaml")}
    bad["rules"] = {"opponent_pick": "weighted"}
    with pytest.raises(Exception) as err:
        contract_ask(GAME, "big_tour", GAME.position(bad), RUN)
    assert getattr(err.value, "field", None) == "rules.opponent_pick"
    assert "big_tour" not in GAME.supported(GAME.position(bad))


def test_ask_bonus_posterior_favours_each_opponents_line_and_says_illustrative():
    result = ask("bonus", "bonus.yaml")
    post = result.payload["posterior"]
    assert result.payload["assignments"] == 24 and result.payload["illustrative_data"] == ["map", "bonus_epsilon"]
    best = {o: max(d, key=lambda c: d[c]["p"]) for o, d in post.items()}
    assert best == {"purple": "blue", "black": "yellow", "white": "brown"}
    assert all("p_exact" in x for d in post.values() for x in d.values())
    given = ask("bonus", "bonus.yaml", bonus_epsilon=r.ILLUSTRATIVE_EPSILON / 2)
    assert given.payload["illustrative_data"] == ["map"]


@pytest.mark.parametrize("setting,readings,grey,black", [
    ("nearest_tie", ("global", "per_line"), ("1/2", "1/2"), ("1/2", "1")),
    ("double_owner_adjacent", ("once", "per_shop"), ("3", "7/2"), ("1/2", "1/2"))])
def test_the_scoring_settings_change_this_rounds_expected_points_in_every_reading(setting, readings, grey, black):
    # 2 players: I take Etoile/green, purple one of Pompidou/blue, Cluny/red (his shop opens there).  Cluny left
    # (1/2): his shop there scores him 1.  Pompidou left (1/2), empty (blue, red): global: only the shops 1 stop
    # away (Les Halles, Opera), per_line: red's nearest too (purple at Pantheon, 2 away).  With blue in a slot,
    # Pompidou/blue tours blue: Opera (grey, grey) scores 2 plus Louvre adjacent once (3) or per shop (4).
    shops = ({"Les Halles": ["grey"], "Pantheon": ["purple"]} if setting == "nearest_tie" else
             {"Les Halles": ["grey"], "Opera": ["grey", "grey"], "Louvre": ["grey"]})
    data = {"game": "paris_paris", "players": 2, "rules": {},
            "position": {"column": ["Pompidou/blue", "Etoile/green", "Cluny/red"], "shops": shops,
                         "discard_slots": [] if setting == "nearest_tie" else ["blue"],
                         "me": {"colour": "grey"}, "unseen_tiles": "derived"}}
    for reading, g, b in zip(readings, grey, black):
        data["rules"] = {setting: reading}
        pick = contract_ask(GAME, "leftover", GAME.position(data), RUN).payload["picks"][1]
        assert pick["pick"] == "Etoile/green"
        assert (pick["points"]["grey"]["e_exact"], pick["points"]["purple"]["e_exact"]) == (g, b)


def test_weighted_picks_without_typed_weights_use_the_illustrative_ones_and_say_so():
    typed = ask("leftover", "leftover-weighted.yaml")
    assert typed.payload["illustrative_data"] == ["map"] and typed.payload["policy"] == "weighted"
    p = replace(position("leftover-weighted.yaml"), pick_weights=(), weights_given=False)
    result = contract_ask(GAME, "leftover", p, RUN)
    assert result.payload["illustrative_data"] == ["map", "pick_weights"] and "pick weights" in " ".join(result.notes)
    assert p.weight("Odeon") == 2 and p.weight("Les Halles") == 1


def test_tile_colour_typed_is_no_longer_illustrative_for_odds():
    result = ask("odds", "big-tour.yaml", tile_colour="typed")
    assert not result.payload["illustrative"] and result.payload["settings"] == {"tile_colour": "typed"}


def test_bad_questions_and_positions_exit_2_with_one_line():
    one_line_error(invoke("ask", "leftover", "scenarios/paris_paris/big-tour.yaml"), "position.column")
    one_line_error(invoke("ask", "nosuch", "scenarios/paris_paris/big-tour.yaml"), "question")
    one_line_error(invoke("ask", "bonus", "scenarios/paris_paris/first-column.yaml"), "position.me.bonus_marker")


def test_every_shipped_scenario_answers_its_supported_questions():
    for path in registry.scenarios("paris_paris"):
        p = GAME.position(scenario.load(path))
        for name in GAME.supported(p):
            assert contract_ask(GAME, name, p, RUN).payload is not None
