"""The questions through the game contract and the CLI: exact answers keep "p/q" beside the float, estimates
carry n and 95% intervals, the reference figures come out of the shipped scenarios, bad input exits 2."""
import json
from dataclasses import replace

import pytest

from analyzer.core import registry, scenario
from analyzer.core.game import ask as contract_ask
from analyzer.core.runner import RunSettings
from tests.cli_helpers import invoke

GAME = registry.game("alhambra")
RUN = RunSettings(rollouts=400, seed=3, jobs=1, progress=False)


def ask(name, path, **run):
    position = GAME.position(scenario.load(f"scenarios/alhambra/{path}"))
    return contract_ask(GAME, name, position, replace(RUN, **run))


def test_odds_gives_the_reference_figure_4_17_exactly():
    result = ask("odds", "scoring-odds.yaml")
    row = result.payload["within"][9]
    assert row["k"] == 10 and row["card1_exact"] == "4/17" and row["either_exact"] == "4/17"
    assert result.payload["windows"] == [{"card": 1, "first": 17, "last": 33}, {"card": 2, "first": 50, "last": 66}]
    assert result.exact == {"within": True, "before my next turn": True}
    assert result.payload["before_my_turn"]["either_exact"] == "4/17"  # 10 money cards, no scoring card above
    assert result.meta["exact"]["within"] is True and not result.meta["illustrative"]


def test_change_gives_the_reference_figure_11_101_exactly():
    result = ask("change", "exact-change.yaml")
    blue = result.payload["tiles"][0]
    assert blue["space"] == "blue" and blue["p_complete_exact"] == "11/101" and blue["unseen"] == 101
    assert blue["completing_values"] == [1, 3, 4, 6] and not blue["exact_now"]
    takes = {tuple((c["cur"], c["v"]) for c in t["cards"]): t for t in result.payload["takes"]}
    assert takes[(("green", 1), ("green", 4))]["new"] == ["green"]  # the seraglio 5
    assert result.exact == {"tiles": True, "takes": True}


def test_end_is_exact_with_open_hands_and_monte_carlo_with_hidden_ones():
    known = ask("end", "end-known.yaml")
    assert known.payload["exact"] and [s["receives"] for s in known.payload["spaces"]] == [1, None, 2]
    assert known.exact == {"allocation": True}
    hidden = ask("end", "end-hidden.yaml")
    assert not hidden.payload["exact"] and hidden.payload["rollouts"] == 400 and hidden.exact == {"allocation": False}
    for space in hidden.payload["spaces"]:
        total = sum(s["p"] for s in space["seats"]) + space["nobody"]["p"]
        assert total == pytest.approx(1.0)
        assert all(s["lo95"] <= s["p"] <= s["hi95"] for s in space["seats"])


def test_the_monte_carlo_questions_report_n_and_intervals():
    nxt = ask("next_turn", "next-turn.yaml", rollouts=200)
    assert nxt.payload["rollouts"] == 200 and nxt.meta["n"] == 200
    assert nxt.payload["either"]["lo95"] <= nxt.payload["either"]["p"] <= nxt.payload["either"]["hi95"]
    assert nxt.payload["card2"]["p"] == 0  # card 2 lies at 50..66: out of reach before my next turn
    maj = ask("majority", "majority.yaml", rollouts=200)
    assert maj.payload["rollouts"] == 200 and {k["kind"] for k in maj.payload["kinds"]} == {"garden"}
    for entry in maj.payload["kinds"]:
        assert sum(entry[place]["p"] for place in ("1st", "2nd", "3rd")) + entry["no_tile"]["p"] == pytest.approx(1)


def test_positions_that_cannot_play_on_do_not_offer_the_play_on_questions():
    spec = GAME.position(scenario.load("scenarios/alhambra/spec-position.yaml"))
    assert GAME.supported(spec) == ("odds", "change", "end")  # its alhambras are partial
    full = GAME.position(scenario.load("scenarios/alhambra/majority.yaml"))
    assert set(GAME.supported(full)) == set(GAME.questions)


def test_the_cli_answers_and_refuses_junk_with_one_line():
    out = invoke("odds", "scenarios/alhambra/scoring-odds.yaml", "-f", "json")
    assert out.exit_code == 0 and json.loads(out.stdout)["within"][9]["card1_exact"] == "4/17"
    out = invoke("ask", "change", "scenarios/alhambra/exact-change.yaml")
    assert out.exit_code == 0 and "11/101" in out.stdout


def test_bad_input_exits_2_naming_the_field(tmp_path):
    doc = scenario.load("scenarios/alhambra/exact-change.yaml")
    doc["position"]["display"][0]["cur"] = "red"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    out = invoke("ask", "change", path)
    assert out.exit_code == 2 and "position.display[0].cur" in out.output and len(out.output.strip().splitlines()) == 1


@pytest.mark.parametrize("question", ["odds", "change", "end"])
def test_left_out_pile_sizes_make_every_output_say_illustrative(question):
    doc = scenario.load("scenarios/alhambra/exact-change.yaml")
    del doc["position"]["money_deck"]["pile_sizes"]
    result = contract_ask(GAME, question, GAME.position(doc), RUN)
    assert result.payload["illustrative"] and result.meta["illustrative"]
    assert "ILLUSTRATIVE" in result.title and any(note.startswith("ILLUSTRATIVE") for note in result.notes)
