"""Magellan through the CLI: every shipped scenario, JSON shapes, jobs, and one-line errors."""
import copy
import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from analyzer.core import runner
from analyzer.games.magellan.analysis import BidTask
from analyzer.games.magellan.state import parse_position
from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "scenarios" / "magellan").glob("*.yaml"))
FAST = ["--rollouts", "60", "--seed", "2", "--no-progress", "--jobs", "1"]



def commands(path: Path) -> list[list[str]]:
    data = yaml.safe_load(path.read_text())
    position = data.get("position") or {}
    if "variants" in data:
        return [["balance"]]
    if "auction" in position:
        return [["odds"], ["ev"], ["ask", "pay"]]
    if "pizarro" in position:
        return [["odds"], ["ev"]] + ([["ask", "win"]] if "scores" in position["pizarro"] else [])
    return [["odds"]]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_shipped_scenario_runs(path):
    for command in commands(path):
        fast = FAST if command != ["balance"] else ["-n", "100", "--seed", "2", "--no-progress", "-j", "1"]
        result = invoke(*command, path, *fast, "--format", "json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        if "pizarro" not in (yaml.safe_load(path.read_text()).get("position") or {}):
            assert data["illustrative"] is True and data.get("seed", 2) == 2
        table = invoke(*command, path, *fast)
        assert "illustrative" in table.stdout.lower() or "pizarro" in path.stem


def test_ev_lists_pass_and_raise_up_to_every_sum_of_the_hand():
    path = ROOT / "scenarios" / "magellan" / "bid.yaml"
    data = json.loads(invoke("ev", path, *FAST, "-f", "json").stdout)
    state = parse_position(yaml.safe_load(path.read_text()))
    assert sorted(m["limit"] for m in data["moves"]) == [0, 14, 15, 16, 17] == [0] + state.raises()  # 13: no sum
    hand = [1, 2, 6, 8]
    for m in data["moves"]:
        assert sum(m["pay"]) >= m["limit"] and all(m["pay"].count(v) <= hand.count(v) for v in m["pay"])
        assert m["win_lo95"] <= m["win"] <= m["win_hi95"] and m["crowns_ci95"] > 0
        assert m["gets_card_lo95"] <= m["gets_card"] <= m["gets_card_hi95"]
        assert (m["diff"] == 0) == (m["move"] == data["best"]) or m["tie_with_best"]
    crowns = [m["crowns"] for m in data["moves"]]
    assert crowns == sorted(crowns, reverse=True) and data["moves"][0]["move"] == data["best"]


def test_auction_odds_add_up():
    path = ROOT / "scenarios" / "magellan" / "auction.yaml"
    data = json.loads(invoke("odds", path, *FAST, "-f", "json").stdout)
    gets = sum(p["gets_card"] for p in data["players"].values())
    assert gets + data["unsold"] == pytest.approx(1)
    assert sum(p["win"] for p in data["players"].values()) == pytest.approx(1)
    assert data["players"]["2"]["gets_card"] == 0  # no ship on Colombo's first field


def test_pizarro_odds_are_exact_under_both_readings():
    path = ROOT / "scenarios" / "magellan" / "pizarro.yaml"
    data = json.loads(invoke("odds", path, "-f", "json").stdout)
    assert set(data["readings"]) == {"crowns", "gold"}
    assert data["exact"] is True and data["gold_drawn"] == 12
    for reading in data["readings"].values():
        assert reading["best"] in ("stop", "draw") and reading["rule"]


LATE = {"game": "magellan", "players": 3, "rules": {"side": "B"}, "position": {
    "phase": 3, "auction": {"card": "cook", "to_act": 1, "high_bid": 2, "high_bidder": 0},
    "hands": {0: {"size": 4}, 1: [2, 5, 9], 2: 3},
    "ships": {"cook": [[], [0, 1]], "polo": [[2], [1]], "gama": [[2, 0]], "colombo": [[1], [2]],
              "pizarro": [[0], [], [2]], "magellan": [[1]]},
    "magellan": [{"owner": 1, "tucked": [1]}],
    "decks": {"polo": 0, "gama": 0, "colombo": 0, "pizarro": 0, "magellan": 0},
    "discard": [9, 9, 8, 8, 7, 7]}}


def test_the_same_seed_gives_the_same_answer_with_one_or_two_jobs(monkeypatch):
    monkeypatch.setattr(runner, "CHUNK", 512)  # several chunks for two workers, at a small n
    state = parse_position(copy.deepcopy(LATE))
    task = BidTask(state, [("pass", 0), ("raise", 5), ("raise", 14)])
    settings = dict(rollouts=3 * 512 + 50, seed=4, progress=False)
    one = runner.run(task, runner.RunSettings(jobs=1, **settings))
    two = runner.run(task, runner.RunSettings(jobs=2, **settings))
    for key in one:
        assert np.array_equal(one[key], two[key]), key


def bad(tmp_path, mutate, *words, command="ev", base=None):
    data = copy.deepcopy(base or LATE)
    mutate(data)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data))
    return one_line_error(invoke(command, path, *FAST), *words)


def test_impossible_states_are_one_line_errors_naming_the_field(tmp_path):
    def ships(**fields):
        return lambda d: d["position"]["ships"].update(fields)

    def set_(path, value):
        def go(d):
            node = d
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        return go

    # a ship on a field its phase has not reached
    early = copy.deepcopy(LATE)
    early["position"].update(phase=1, decks={}, magellan=[{"owner": 1, "tucked": [1]}])
    early["position"]["ships"] = {"magellan": [[1]], "colombo": [[0], [2]]}
    early["position"]["auction"] = {"card": "polo", "to_act": 1}
    bad(tmp_path, lambda d: None, "position.ships.colombo[1]", "phase I", base=early)
    # more ships on phase-II fields than phase-II cards
    bad(tmp_path, ships(cook=[[], [0, 1, 2]]), "position.ships.cook", "phase-II")
    # a phase-II field holding a ship while that explorer's phase-II cards are still in the deck
    bad(tmp_path, set_(["position", "decks", "polo"], 2), "position.decks.polo")
    # more cards than the deck holds
    bad(tmp_path, set_(["position", "discard"], [9] * 8), "position.discard", "value 9")
    bad(tmp_path, set_(["position", "hands", 2], 60), "position.hands", "63")
    bad(tmp_path, set_(["position", "draw_pile"], 40), "position.draw_pile")
    # a hand that cannot pay the standing bid
    bad(tmp_path, set_(["position", "hands", 0], [1]), "position.auction.high_bid", "cannot pay 2")
    # phase II and III are closed to players without a ship on the field before
    bad(tmp_path, set_(["position", "auction", "card"], "pizarro"), "position.auction.card", "phase-III")
    bad(tmp_path, set_(["position", "auction", "to_act"], 2), "position.auction.to_act", "no ship on cook")
    # plain mistakes
    bad(tmp_path, set_(["position", "auction", "card"], "drake"), "position.auction.card", "drake")
    bad(tmp_path, set_(["rules", "side"], "C"), "rules.side")
    bad(tmp_path, set_(["position", "policies"], {1: "genius"}), "position.policies.1", "genius")
    bad(tmp_path, set_(["position", "hands", 1], {"size": 3}), "position.hands.1", "every card")
    bad(tmp_path, set_(["position", "auction", "passed"], [1]), "position.auction.to_act", "passed")
    setup = {"game": "magellan", "players": 4}
    bad(tmp_path, lambda d: None, "position.auction", base=setup)
    bad(tmp_path, set_(["players"], 7), "players", command="odds", base=setup)
    pizarro = {"game": "magellan", "position": {"pizarro": {"drawn": [9, 9], "deck": {9: 6}}}}
    bad(tmp_path, lambda d: None, "position.pizarro.deck", "value 9", command="odds", base=pizarro)
