"""The tile odds (spec question 4, `ask tiles`): P(my deal holds exactly / at least j tiles of a kind), exact and
hypergeometric, on the rules' tile_kinds: the hand-computed figures, every distribution summing to 1, exact.py
against the reference's walk and the labelled brute force, ILLUSTRATIVE at the default split and not when typed,
the focus, and every bad tile_kinds or focus a one-line error naming the field (exit 2 through the CLI)."""
import json
from fractions import Fraction
from math import comb

import pytest

from analyzer.core import registry, scenario
from analyzer.core.errors import ScenarioError
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from analyzer.games.drunter_druber import analysis, bench, exact, state
from analyzer.games.drunter_druber import reference as ref
from analyzer.games.drunter_druber import rules as r
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("drunter_druber")
RUN = RunSettings(seed=3, jobs=1, progress=False)
DIR = "scenarios/drunter_druber"
TYPED = {"triple": {"wall": 6, "river": 2, "road": 4}, "double": {"wall": 10, "river": 6, "road": 8},
         "single": {"wall": 8, "river": 6, "road": 10}}


def position(players=4, tile_kinds=None, focus=None):
    block = {"me": {"building": "A"}, **({"focus": focus} if focus else {})}
    return state.parse_position({"game": "drunter_druber", "players": players,
                                 "rules": {"tile_kinds": tile_kinds} if tile_kinds else {}, "position": block})


def entry(payload, size, kind):
    return next(e for e in payload["kinds"] if (e["size"], e["kind"]) == (size, kind))


def at_least(payload, size, kind, j):
    return Fraction(entry(payload, size, kind)["distribution"][j]["p_at_least_exact"])


# -- the figures by hand ------------------------------------------------------------------------------------------

def test_four_players_four_river_triples_i_get_three_p_at_least_one_is_41_over_55():
    pay = analysis.tiles(position(), None).payload
    assert 1 - Fraction(comb(8, 3), comb(12, 3)) == 1 - Fraction(56, 220) == Fraction(41, 55)
    assert pay["focus"] == {"size": "triple", "kind": "river", "in_game": 4, "of": 12, "dealt": 3,
                            "p_at_least_1": 41 / 55, "p_at_least_1_exact": "41/55", "mean": 1.0, "mean_exact": "1"}
    river = entry(pay, "triple", "river")["distribution"]
    assert [d["p_exact"] for d in river] == ["14/55", "28/55", "12/55", "1/55"]  # C(4,j) C(8,3-j) / 220
    assert [d["p_at_least_exact"] for d in river] == ["1", "41/55", "13/55", "1/55"]
    assert river[1] == {"j": 1, "p": 28 / 55, "p_exact": "28/55", "p_at_least": 41 / 55, "p_at_least_exact": "41/55"}


def test_typed_kinds_three_players_two_river_triples_in_four():
    pay = analysis.tiles(position(3, TYPED), None).payload
    assert pay["focus"]["p_at_least_1_exact"] == "19/33"  # 1 - C(10,4)/C(12,4) = 1 - 210/495
    assert at_least(pay, "triple", "river", 2) == Fraction(comb(10, 2), comb(12, 4)) == Fraction(1, 11)
    assert at_least(pay, "triple", "river", 3) == 0  # only 2 river triples in the game
    assert pay["dealt"] == {"triple": 4, "double": 8, "single": 8}
    assert pay["tile_kinds"] == TYPED and pay["settings"] == {"tile_kinds": TYPED}


def test_two_players_all_river_or_none():
    split = {"triple": {"river": 12}, "double": {"wall": 24}, "single": {"road": 24}}  # a kind left out has 0
    pay = analysis.tiles(position(2, split), None).payload
    assert [d["p_exact"] for d in entry(pay, "triple", "river")["distribution"]] == ["0"] * 6 + ["1"]
    assert entry(pay, "triple", "wall")["distribution"][0]["p_exact"] == "1"
    assert entry(pay, "double", "wall")["mean_exact"] == "12" and entry(pay, "single", "river")["in_game"] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_distribution_sums_to_1_and_its_tail_and_mean_agree(players):
    pay = analysis.tiles(position(players, TYPED), None).payload
    assert len(pay["kinds"]) == 9 and [(e["size"], e["kind"]) for e in pay["kinds"][:3]] == [
        ("triple", "wall"), ("triple", "river"), ("triple", "road")]
    for e, dealt in zip(pay["kinds"], [n for n in r.TILES[players] for _ in r.TILE_KINDS]):
        probs = [Fraction(d["p_exact"]) for d in e["distribution"]]
        assert e["dealt"] == dealt and len(probs) == dealt + 1 and sum(probs) == 1
        assert [Fraction(d["p_at_least_exact"]) for d in e["distribution"]] == [sum(probs[j:]) for j in
                                                                                range(dealt + 1)]
        assert Fraction(e["mean_exact"]) == sum(j * p for j, p in enumerate(probs)) == Fraction(dealt * e["in_game"],
                                                                                               e["of"])
    for size in r.SIZES:  # the kinds of one size share out its dealt tiles
        assert sum(entry(pay, size, k)["mean"] for k in r.TILE_KINDS) == pay["dealt"][size]


# -- exact.py against the reference ------------------------------------------------------------------------------

@pytest.mark.parametrize("counts,dealt", [((4, 4, 4), 3), ((4, 4, 4), 4), ((6, 2, 4), 6), ((12, 0, 0), 3),
                                          ((0, 5, 7), 4), ((8, 8, 8), 6), ((3, 10, 11), 6)])
def test_the_walk_equals_every_labelled_deal_and_the_hypergeometric(counts, dealt):
    joint = ref.tile_walk(counts, dealt)
    assert joint == ref.labelled_deals(counts, dealt) and sum(joint.values()) == 1
    total = sum(counts)
    assert ref.kind_counts(joint, dealt) == [exact.hypergeometric(n, total, dealt) for n in counts]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tile_odds_equal_the_reference_on_random_splits(players):
    import random

    rng = random.Random(players)
    for _ in range(6):
        p = position(players, ref.random_split(rng))
        assert ref.engine_answers(p)["tiles"] == ref.answers(p)["tiles"]


# -- illustrative, focus, the CLI ------------------------------------------------------------------------------

def test_illustrative_at_the_default_split_and_not_when_typed():
    default = contract_ask(GAME, "tiles", position(), RUN)
    assert default.payload["illustrative"] and default.payload["illustrative_data"] == ["tile_kinds"]
    assert "ILLUSTRATIVE" in default.title and any("ILLUSTRATIVE tile kinds" in n for n in default.notes)
    assert default.meta["illustrative"] and default.exact == {"focus": True, "kinds": True}
    typed = contract_ask(GAME, "tiles", position(tile_kinds=TYPED), RUN)
    assert not typed.payload["illustrative"] and typed.payload["illustrative_data"] == []
    assert "ILLUSTRATIVE" not in typed.title + " ".join(typed.notes) and not typed.meta["illustrative"]
    assert "tile_kinds=triple 6/2/4, double 10/6/8, single 8/6/10 (wall/river/road)" in typed.notes[0]


def test_the_other_answers_ignore_tile_kinds():
    for q in ("odds", "vote"):
        base = contract_ask(GAME, q, position(), RUN).payload
        typed = contract_ask(GAME, q, position(tile_kinds=TYPED), RUN).payload
        assert {k: v for k, v in typed.items() if k != "settings"} == {k: v for k, v in base.items()
                                                                       if k != "settings"}


def test_the_focus_picks_the_headline_and_every_kind_is_answered_anyway():
    result = analysis.tiles(position(3, TYPED, {"size": "double", "kind": "road"}), None)
    assert result.payload["focus"]["size"] == "double" and result.payload["focus"]["in_game"] == 8
    assert "road doubles" in result.title and len(result.tables["focus"]) == 9  # j = 0..8
    assert result.tables["focus"].loc[1, "at least, exact"] == result.payload["focus"]["p_at_least_1_exact"]
    assert len(result.tables["kinds"]) == 3 * (5 + 9 + 9)  # j = 0..4, 0..8, 0..8 for each kind
    assert position(focus={"kind": "wall"}).focus == ("triple", "wall")


def test_the_shipped_scenarios_through_the_cli():
    out = invoke("ask", "tiles", f"{DIR}/river-triples.yaml", "-f", "json")
    pay = json.loads(out.stdout)
    assert out.exit_code == 0 and pay["focus"]["p_at_least_1_exact"] == "41/55" and pay["meta"]["illustrative"]
    text = invoke("ask", "tiles", f"{DIR}/tile-kinds-typed.yaml").stdout
    assert "19/33" in text and "ILLUSTRATIVE" not in text and "hypergeometric" in text
    for path in ("river-triples.yaml", "tile-kinds-typed.yaml"):
        assert "tiles" in GAME.supported(GAME.position(scenario.load(f"{DIR}/{path}")))
    assert "tiles" in bench.EXACT_QUESTIONS


@pytest.mark.parametrize("tile_kinds,field,words", [
    ({**TYPED, "triple": {"wall": 6, "river": 2, "road": 5}}, "rules.tile_kinds.triple", "summing to 12"),
    ({**TYPED, "double": {"wall": 10}}, "rules.tile_kinds.double", "summing to 24"),
    ({"triple": TYPED["triple"], "double": TYPED["double"]}, "rules.tile_kinds.single", "missing"),
    ({**TYPED, "quad": {"wall": 1}}, "rules.tile_kinds.quad", "unknown key; allowed: double, single, triple"),
    ({**TYPED, "single": {"lava": 24}}, "rules.tile_kinds.single.lava", "allowed: river, road, wall"),
    ({**TYPED, "single": {"wall": -1, "river": 25}}, "rules.tile_kinds.single.wall", "0 to 24"),
    ({**TYPED, "triple": {"wall": "many"}}, "rules.tile_kinds.triple.wall", "whole number"),
    ({**TYPED, "triple": [4, 4, 4]}, "rules.tile_kinds.triple", "mapping"),
    ("even", "rules.tile_kinds", "mapping"),
])
def test_a_bad_tile_kinds_is_a_one_line_error_naming_the_field(tile_kinds, field, words):
    with pytest.raises(ScenarioError) as err:
        r.parse_settings({"tile_kinds": tile_kinds})
    assert err.value.field == field and words in err.value.problem and "\n" not in str(err.value)


@pytest.mark.parametrize("focus,field,words", [({"size": "quad"}, "position.focus.size", "triple, double, single"),
                                               ({"kind": "lava"}, "position.focus.kind", "wall, river, road"),
                                               ({"colour": 1}, "position.focus.colour", "unknown key")])
def test_a_bad_focus_is_a_one_line_error_naming_the_field(focus, field, words):
    with pytest.raises(ScenarioError) as err:
        position(focus=focus)
    assert err.value.field == field and words in err.value.problem


def test_bad_tile_kinds_exit_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: drunter_druber\nplayers: 4\nrules:\n  tile_kinds:\n    triple: {wall: 4, river: 4, road: 5}\n"
                   "    double: {wall: 8, river: 8, road: 8}\n    single: {wall: 8, river: 8, road: 8}\n"
                   "position: {me: {building: A}}\n")
    one_line_error(invoke("ask", "tiles", bad), "rules.tile_kinds.triple", "= 13", "summing to 12")
    bad.write_text("game: drunter_druber\nplayers: 4\nposition: {me: {building: A}, focus: {size: quad}}\n")
    one_line_error(invoke("ask", "tiles", bad), "position.focus.size", "allowed: triple, double, single")
