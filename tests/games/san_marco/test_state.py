"""Positions (spec §11): parsing, the derived decks, and every component count an impossible position breaks."""
import copy
from pathlib import Path

import pytest

from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco import state

SPLIT = Path(__file__).resolve().parents[3] / "scenarios" / "san_marco" / "split.yaml"


def base():
    return scenario.load(SPLIT)


def load(doc):
    return state.parse_position(doc)


def test_the_shipped_split_position_parses_with_its_derived_decks():
    p = load(base())
    assert p.players == 4 and p.seats == ("red", "blue", "green", "yellow")
    assert p.role("D2") == 0 and p.round_start == 3 and p.doge == r.DISTRICTS.index("San Polo")
    assert [p.limit_total(s) for s in range(4)] == [5, 5, 8, 5]
    # limit: 12 face up (four 1s, five 2s, three 3s) and the drawn 3, 1, 2
    assert p.limit_deck == (8 - 5, 10 - 6, 10 - 4)
    # action: 20 discards and 5 drawn
    assert sum(p.action_deck) == 62 - 20 - 5
    assert p.action_deck[r.SAN_MARCO] == 5 - 3 - 1 and p.action_deck[r.DOGE] == 10 - 2 - 1
    assert p.decision.drawn.action == (r.SAN_MARCO, r.CASTELLO, r.BRIDGE, r.TRANSFER, r.DOGE)
    assert state.questions(p) == ("odds", "ev", "banish", "doge", "outlook")
    assert p.illustrative


def test_supply_omitted_is_what_the_board_and_markers_leave():
    doc = base()
    del doc["position"]["state"]["supply"]
    assert load(doc).supply == (12, 16, 13, 13)


def edit(path, value):
    doc = base()
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


DELETE = object()
S = ("position", "state")


@pytest.mark.parametrize("path,value,field", [
    (S + ("supply", "red"), 11, "position.state.supply.red"),  # 11 + 11 + 2 != 25
    (S + ("bridge_pool", ), 6, "position.state.bridge_pool"),  # 5 + 6 != 12
    (S + ("bridges", ), [{"pair": ["San Marco", "San Polo"], "owner": "red"}] * 4 + [
        {"pair": ["Castello", "San Marco"], "owner": "yellow"}], "position.state.bridges"),  # 4 on one pair
    (S + ("bridges", 0, "pair"), ["Castello", "Dorsoduro"], "position.state.bridges[0].pair"),  # not adjacent
    (S + ("action_discards", "district", "San Marco"), 5, "position.state.action_discards"),  # 5 + 1 drawn > 5
    (S + ("action_discards", "banish"), 5, "position.state.action_discards.banish"),
    (S + ("limit_cards", "green"), [3, 3, 3, 3, 3, 3, 3, 3, 3], "position.state.limit_cards"),  # too many 3s ...
    (S + ("limit_cards", "blue"), [3, 3, 2, 2], "position.state.out_of_passage"),  # 10: out
    (S + ("limit_cards", "red"), [4], "position.state.limit_cards.red"),
    (S + ("roles", ), {"D1": "yellow", "R1": "blue", "D2": "red"}, "position.state.roles"),
    (S + ("roles", ), {"D": "yellow", "R1": "blue", "R2": "red"}, "position.state.roles"),
    (S + ("roles", ), {"D1": "yellow", "R1": "blue", "D2": "red", "R2": "blue"}, "position.state.roles"),
    (S + ("round_start", ), "red", "position.state.round_start"),
    (S + ("passage", ), 4, "position.state.passage"),
    (S + ("scores", "red"), -1, "position.state.scores.red"),
    (S + ("scores", "purple"), 1, "position.state.scores.purple"),
    (S + ("doge", ), "Atlantis", "position.state.doge"),
    (S + ("aristocrats", "San Marco", "red"), 26, "position.state.aristocrats.San Marco.red"),
    (S + ("final_round", ), True, "position.state.final_round"),
    (("position", "seats"), ["red", "red", "green", "yellow"], "position.seats[1]"),
    (("players", ), 3, "position.seats"),
    (("players", ), 5, "players"),
    (("position", "decision", "kind"), "bid", "position.decision.kind"),
    (("position", "decision", "who"), "blue", "position.decision.who"),  # R1 cannot split
    (("position", "decision", "drawn", "limit"), [3, 1], "position.decision.drawn"),
    (("position", "decision", "drawn", "action", 0), "Joker", "position.decision.drawn.action[0]"),
    (("position", "decision", "piles"), [], "position.decision.piles"),
    (("position", "decision", "drawn"), DELETE, "position.decision.drawn"),
    (("position", "models", "chooser"), "oracle", "position.models.chooser"),
    (("position", "models", "lambda"), -1, "position.models.lambda"),
    (("rules", "canal_crossing"), "swim", "rules.canal_crossing"),
])
def test_an_impossible_position_is_one_error_naming_the_field(path, value, field):
    with pytest.raises(ScenarioError) as err:
        load(edit(path, value))
    assert err.value.field == field, str(err.value)
    assert "\n" not in str(err.value)


def choose_doc(piles, who="green"):
    doc = base()
    doc["position"]["decision"] = {"kind": "choose", "who": who, "piles": piles}
    return doc


def test_a_choose_position_takes_the_piles_on_offer():
    p = load(choose_doc([{"action": ["Doge", "Bridge"], "limit": [3]}, {"action": ["San Marco"], "limit": [1, 2]}]))
    assert p.decision.kind == "choose" and len(p.decision.piles) == 2
    assert "ev" in state.questions(p)
    with pytest.raises(ScenarioError, match="receiver"):
        load(choose_doc([{"action": ["Doge"]}, {"action": ["Bridge"]}], who="red"))
    with pytest.raises(ScenarioError, match="2 piles"):
        load(choose_doc([{"action": ["Doge"]}, {"action": ["Bridge"]}, {"limit": [1]}]))


def test_three_players_have_d_r1_r2_and_three_piles_for_r1():
    doc = base()
    doc["players"] = 3
    st = doc["position"]["state"]
    doc["position"]["seats"] = ["red", "blue", "green"]
    for key in ("scores", "supply", "limit_cards"):
        st[key].pop("yellow")
    for counts in st["aristocrats"].values():
        counts.pop("yellow", None)
    st["bridges"] = [b for b in st["bridges"] if b["owner"] != "yellow"]
    st["bridge_pool"] = 8
    del st["supply"]
    st["round_start"] = "red"
    st["roles"] = {"D": "red", "R1": "green", "R2": "blue"}
    doc["position"]["decision"] = {"kind": "split", "who": "red",
                                   "drawn": {"action": ["San Marco", "Doge", "Transfer", "Castello", "Bridge",
                                                        "Doge"], "limit": [3, 1, 2, 1]}}
    p = load(doc)
    assert p.players == 3 and p.supply == (12, 16, 13)
    doc["position"]["decision"] = {"kind": "choose", "who": "green", "piles": [{"action": ["Doge"]},
                                                                               {"action": ["Bridge"]}]}
    with pytest.raises(ScenarioError, match="R1 chooses from 3"):
        load(doc)


def test_the_extra_round_is_played_by_fewer_players():
    doc = base()
    st = doc["position"]["state"]
    st["limit_cards"]["green"] = [3, 3, 2, 3]
    st["out_of_passage"] = ["green"]
    st["final_round"] = True
    st["roles"] = {"D": "yellow", "R1": "blue", "R2": "red"}
    doc["position"]["decision"] = {"kind": "split", "who": "yellow",
                                   "drawn": {"action": ["San Marco", "Doge", "Transfer", "Castello", "Bridge", "Doge"],
                                             "limit": [3, 1, 2, 1]}}
    p = load(doc)
    assert state.active(p) == [0, 1, 3] and p.final_round
    st["roles"] = {"D1": "yellow", "R1": "blue", "D2": "red", "R2": "green"}
    with pytest.raises(ScenarioError) as err:
        load(doc)
    assert err.value.field == "position.state.final_round"


def test_a_pile_decision_kind_mismatch_is_named():
    doc = base()
    doc["position"]["decision"]["to_play"] = ["Doge"]
    with pytest.raises(ScenarioError) as err:
        load(doc)
    assert err.value.field == "position.decision.to_play"


def test_models_are_read():
    doc = copy.deepcopy(base())
    doc["position"]["models"] = {"chooser": "softmax", "beta": 0.5, "lambda": 2, "weights": {"San Marco": 2}}
    m = load(doc).models
    assert m.chooser == "softmax" and m.beta == 0.5 and m.lam == 2.0 and m.weights[r.SAN_MARCO] == 2.0
    assert "softmax(beta=0.5)" in m.label()
