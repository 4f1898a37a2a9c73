"""The Drunter und Drüber questions through the game contract and the CLI on the shipped scenarios: the reference
figures come out as "p/q" beside the float, answers on illustrative data say so, each setting changes an answer
in every reading it lists (and the two that change none do not), bad input exits 2 with one line."""
import json
from dataclasses import replace

import pytest

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from analyzer.games.drunter_druber import rules as r
from tests.cli_helpers import invoke, one_line_error

GAME = registry.game("drunter_druber")
RUN = RunSettings(seed=3, jobs=1, progress=False)
DIR = "scenarios/drunter_druber"


def position(path, **settings):
    p = GAME.position(scenario.load(f"{DIR}/{path}"))
    return replace(p, settings=replace(p.settings, **settings)) if settings else p


def ask(name, path, **settings):
    return contract_ask(GAME, name, position(path, **settings), RUN)


def guess(result, player, t):
    return next(o for o in result.payload["opponents"] if o["player"] == player)["posterior"][t]


@pytest.mark.parametrize("path", ["building-guess.yaml", "spec-example.yaml"])
def test_odds_gives_the_specs_posterior_52_13_4_over_173(path):
    result = ask("odds", path)
    assert guess(result, "p2", "B") == {"p": 52 / 173, "p_exact": "52/173"}
    assert [guess(result, "p2", t)["p_exact"] for t in "CDEF"] == ["4/173", "13/173", "52/173", "52/173"]
    assert guess(result, "p3", "C")["p_exact"] == "13/173" and result.payload["deals"] == 60
    assert result.payload["illustrative"] and result.payload["illustrative_data"] == ["cover_own_eps"]
    assert "ILLUSTRATIVE" in result.title and result.exact == {"posterior": True}
    assert result.tables["posterior"].loc[("p2", "C"), "exact"] == "4/173"


def test_vote_a_full_set_blocker_only_ties_a_full_set_proposer_and_the_outhouse_goes():
    result = ask("vote", "outhouse-vote.yaml")
    pay = result.payload
    assert [(v["max_yes"], v["max_no"]) for v in pay["voters"]] == [(8, 8), (8, 8)]
    assert pay["worst_case"] == {"yes": 8, "no": 8} and pay["sure_to_pass"] and pay["can_pass"]
    assert (pay["p_pass"], pay["p_pass_exact"]) == (1.0, "1")


def test_vote_with_an_opponent_proposing_and_spent_cards():
    pay = ask("vote", "outhouse-vote-spent.yaml").payload
    assert pay["proposer"] == "p3" and pay["my_stance"] == "against"
    assert [s["against"] for s in pay["stances"]] == [[], ["p4"], ["p2"], ["p2", "p4"]]
    assert [(s["yes"], s["no"], s["passes"]) for s in pay["stances"]] == [
        (12, 4, True), (10, 9, True), (10, 5, True), (8, 10, False)]
    assert pay["p_pass_exact"] == "3/4" and pay["illustrative_data"] == ["against_prior"]
    assert ask("vote", "outhouse-vote-spent.yaml", against_prior=r.Fraction(1, 3)).payload["p_pass_exact"] == "8/9"
    mine = replace(position("outhouse-vote-spent.yaml"), my_stance="for")
    assert contract_ask(GAME, "vote", mine, RUN).payload["stances"][-1]["yes"] == 11  # 8 + my 3 yes


def test_cover_own_eps_and_vote_eps_change_the_guess():
    assert guess(ask("odds", "building-guess.yaml", cover_own_eps=r.Fraction(1)), "p2", "C")["p_exact"] == "1/5"
    votes = ask("odds", "building-guess-votes.yaml")
    assert not votes.payload["illustrative"] and guess(votes, "p2", "F")["p_exact"] == "408/835"
    ignored = ask("odds", "building-guess-votes.yaml", vote_eps=r.Fraction(1))
    assert guess(ignored, "p2", "F") != guess(votes, "p2", "F")


def test_variant_and_expert_deal_in_every_reading():
    expert = ask("odds", "building-guess-expert.yaml")
    assert expert.payload["deals"] == 420 and guess(expert, "p2", "B")["p_exact"] == "67/3619"
    p = replace(position("building-guess-expert.yaml"), mine=("A", "threes"))
    one = contract_ask(GAME, "odds", replace(p, settings=replace(p.settings, expert_deal="one_of_each")), RUN)
    assert one.payload["deals"] == 5 * 4 * 3 * 2 and guess(one, "p2", "B") != guess(expert, "p2", "B")
    assert GAME.supported(p) == ("odds", "tiles")
    one_line_error(invoke("ask", "vote", f"{DIR}/building-guess-expert.yaml"), "rules.variant", "no votes")


@pytest.mark.parametrize("name,readings", [("enclosed_builder", ("no_legal_square", "three_sides")),
                                           ("jein_order", ("clockwise_from_proposer",))])
def test_the_settings_no_question_here_depends_on_leave_the_answers_alone(name, readings):
    base = {q: ask(q, "spec-example.yaml").payload for q in ("odds", "vote")}
    for reading in readings:
        for q in ("odds", "vote"):
            pay = ask(q, "spec-example.yaml", **{name: reading}).payload
            assert {k: v for k, v in pay.items() if k != "settings"} == {
                k: v for k, v in base[q].items() if k != "settings"}


def test_the_cli_answers_every_question_on_the_shipped_scenarios():
    out = invoke("odds", f"{DIR}/building-guess.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["meta"]["illustrative"]
    text = invoke("ask", "vote", f"{DIR}/outhouse-vote.yaml").stdout
    assert "sure to pass" in text and "a tie or a yes majority covers" in text
    one_line_error(invoke("ev", f"{DIR}/building-guess.yaml"), "question")
    one_line_error(invoke("ask", "cover", f"{DIR}/building-guess.yaml"), "question", "odds, vote")


def test_a_bad_scenario_exits_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: drunter_druber\nplayers: 3\nrules: {cover_own_eps: 2}\nposition: {me: {building: A}}\n")
    one_line_error(invoke("odds", bad), "rules.cover_own_eps", "allowed: a number")
