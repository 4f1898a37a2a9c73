"""Puerto Rico's questions through the CLI contract: the spec's reference figures in the JSON as fractions, the
reshuffle readings named in the notes, the printed tables named, and question 4's role table."""
import json

from analyzer.core import game as core_game
from analyzer.core import registry
from analyzer.core import scenario as sc
from analyzer.core.runner import RunSettings
from analyzer.games.puerto_rico import analysis
from analyzer.games.puerto_rico import rules as r
from tests.games.puerto_rico import position

RUN = RunSettings(rollouts=64, seed=27, jobs=1, progress=False)


def _crop(result, name):
    return next(c for c in result.payload["crops"] if c["crop"] == name)


def test_odds_gives_the_reference_figures_as_fractions():
    res = analysis.odds(position(4), RUN)
    assert _crop(res, "coffee")["at_least_one_exact"] == "20686/32637"
    assert _crop(res, "coffee or tobacco")["at_least_one_exact"] == "19873/21758"
    assert res.payload["printed"] == [r.PRINTED["plantations"].label()] and res.payload["display_size"] == 5
    assert res.exact["display"] is True and any(n.startswith("PRINTED DATA plantation") for n in res.notes)
    assert _crop(analysis.odds(position(3), RUN), "coffee")["at_least_one_exact"] == "32038/59455"


def test_a_given_plantation_table_drops_the_printed_label():
    res = analysis.odds(position(4, rules={"plantations": {"coffee": 8}}), RUN)
    assert res.payload["printed"] == [r.PRINTED["plantations"].label()]
    given = {"corn": 10, "indigo": 12, "sugar": 11, "tobacco": 9, "coffee": 7, "quarry": 8}
    res = analysis.odds(position(4, rules={"plantations": given}), RUN)
    assert res.payload["printed"] == [] and not any("PRINTED" in n for n in res.notes)


def test_the_short_stack_notes_name_the_reading():
    for reading in ("rest_first", "merge"):
        res = analysis.odds(position(4, rules={"reshuffle": reading}, stack={"coffee": 1},
                                     discard_pile={"corn": 4, "sugar": 2}), RUN)
        assert any(f"reshuffle {reading}" in n for n in res.notes)
        assert res.payload["tiles_shown"] == 5
    rest = analysis.odds(position(4, stack={"coffee": 1}, discard_pile={"corn": 4, "sugar": 2}), RUN)
    assert _crop(rest, "coffee")["at_least_one_exact"] == "1"


def test_hacienda_from_the_stack_and_from_the_discards():
    res = analysis.hacienda(position(4), RUN)
    assert _crop(res, "sugar")["p_exact"] == "11/46" and res.payload["none_exact"] == "0"
    res = analysis.hacienda(position(4, stack={}, discard_pile={"coffee": 1, "corn": 1}), RUN)
    assert res.payload["from_discard"] and _crop(res, "coffee")["p_exact"] == "1/2"


def test_the_shipped_spec_position_runs_through_the_registry():
    spec = registry.game("puerto-rico")
    data = sc.load("scenarios/puerto_rico/spec-position.yaml")
    res = core_game.ask(spec, "odds", spec.position(data), RUN)
    json.dumps(res.payload)
    assert res.meta["game"] == "puerto_rico"


def test_ev_tries_every_untaken_role_of_the_seat_choosing():
    data = sc.load("scenarios/puerto_rico/role-ev.yaml")
    p = registry.game("puerto_rico").position(data)
    res = analysis.ev(p, RunSettings(rollouts=40, seed=1, jobs=1, progress=False))
    pay = res.payload
    assert pay["seat"] == 2 and not pay["from_setup"] and pay["rollouts"] == 40 and res.exact["roles"] is False
    assert [x["role"] for x in pay["roles"]] == ["settler", "mayor", "craftsman", "trader", "captain", "prospector"]
    assert {x["role"]: x["doubloons"] for x in pay["roles"]}["trader"] == 2
    for x in pay["roles"]:
        assert x["score"]["n"] == 40 and x["score"]["ci95"] > 0 and 0 <= x["win"]["lo95"] <= x["win"]["hi95"] <= 1
    assert pay["best"] == max(pay["roles"], key=lambda x: x["score"]["mean"])["role"]
    json.dumps(pay)


def test_ev_from_the_set_up_with_two_prospectors():
    res = analysis.ev(position(5), RunSettings(rollouts=8, seed=2, jobs=1, progress=False))
    assert res.payload["from_setup"] and res.payload["seat"] == 0
    assert [x["role"] for x in res.payload["roles"]][-2:] == ["prospector", "prospector 2"]
    again = analysis.ev(position(5), RunSettings(rollouts=8, seed=2, jobs=1, progress=False))
    assert again.payload["roles"] == res.payload["roles"]
