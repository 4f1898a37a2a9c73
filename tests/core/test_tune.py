"""`analyzer tune`: successive halving over a rule setting's candidates finds the value that makes the seats fair.

A synthetic two-seat game with a known answer: seat 0 wins with probability 1/2 + STEP * (EDGE - h), so the
handicap h = EDGE cancels its edge exactly; every candidate draws the same uniforms (common random numbers)."""
from types import SimpleNamespace

import numpy as np
import pytest

from analyzer.core import balance, registry, runner
from analyzer.core import scenario as sc
from analyzer.core import tune
from analyzer.core.errors import ScenarioError
from analyzer.core.game import FullGames
from tests.cli_helpers import invoke

EDGE, STEP = 2, 0.06


def _rules(block):
    return sc.integer(block.get("handicap", 0), "rules.handicap", -10, 10)


class Coin:
    label = "coin"

    def describe(self):
        return "tosses the game's coin"


def _policies(value, field, players):
    return (Coin(),) * players


def _config(rules, players, pols, seating, block, field):
    return rules


def _play(h, n, rng):
    """n games of the coin game with handicap h: seat 0 wins when the game's uniform falls below its chance."""
    u = rng.random(n)
    win0 = (u < 0.5 + STEP * (EDGE - h)).astype(float)
    credit = np.stack([win0, 1 - win0], axis=1)
    return {"credit": credit, "money": credit.astype(np.int64), "turns": np.ones(n, dtype=np.int64),
            "actions": np.zeros((2, 0), dtype=np.int64)}


FULL = FullGames(play=_play, parse_rules=_rules, parse_policies=_policies, make_config=_config,
                 players=lambda rules: (2, 2), games_per_chunk=lambda config: 1024, rule_table=None,
                 notes=lambda configs: [], rule_keys=frozenset({"handicap"}), default_players=2)
GAME = SimpleNamespace(name="coin", title="Coin", full=lambda: FULL)


def tuned(values, objective="equal", budget=6000, seed=3, jobs=1):
    data = {"game": "coin", "players": 2, "tune": {"setting": "handicap", "values": values, "objective": objective}}
    settings = runner.RunSettings(rollouts=budget, seed=seed, jobs=jobs, progress=False)
    return tune.tune_scenario(GAME, data, settings)


def test_it_finds_the_handicap_that_cancels_a_known_edge():
    result = tuned({"from": -2, "to": 6})
    best = result.payload["rungs"][0]
    assert best["best"] == str(EDGE)
    value, lo, hi = best["objective"]
    assert lo == 0.0 and value < 0.03  # the fair value lies inside its interval
    table = result.tables["tune"].droplevel("players")
    assert table.loc[str(EDGE), "best"] and table["games"].sum() == best["games"]
    assert table.loc["6", "objective"] > 0.2  # far candidates are far, and were dropped early
    assert table.loc["6", "games"] < table.loc[str(EDGE), "games"]


def test_a_fair_game_keeps_handicap_zero_inside_its_interval():
    """Candidates around the value where the seats are symmetric by construction (h = EDGE): that value wins and
    its objective's interval reaches 0; the runner-up, one step off, is told apart at this budget."""
    rung = tuned([EDGE + d for d in (-3, -2, -1, 0, 1, 2, 3)], budget=8000).payload["rungs"][0]
    assert rung["best"] == str(EDGE) and rung["objective"][1] == 0.0


def test_a_seat_edge_and_a_target_win_rate():
    edge = tuned(list(range(0, 5)), objective={"seat": 0, "edge": 0})
    assert edge.payload["rungs"][0]["best"] == str(EDGE)
    target = tuned(list(range(0, 5)), objective={"seat": 0, "target": 0.5 + STEP})  # h = EDGE - 1
    assert target.payload["rungs"][0]["best"] == str(EDGE - 1)


def test_the_budget_goes_to_the_close_candidates():
    """Halving spends fewer games than playing every candidate equally to give the best as many (the issue asks
    at most 1.5x that fixed design; here it is below 1x), and the two finalists are the closest to fair."""
    result = tuned({"from": -6, "to": 9}, budget=16000)
    rung = result.payload["rungs"][0]
    assert rung["games"] <= 1.5 * rung["fixed_design_games"]
    assert rung["games"] < rung["fixed_design_games"]
    assert {rung["best"], rung["runner_up"]} <= {str(EDGE - 1), str(EDGE), str(EDGE + 1)}


def test_the_same_seed_gives_the_same_answer():
    a, b = tuned({"from": 0, "to": 4}), tuned({"from": 0, "to": 4})
    assert a.payload == b.payload


def test_schedule_halves_down_to_two():
    assert [m for m, _ in tune.schedule(9, 9000)] == [9, 5, 3, 2]
    assert [m for m, _ in tune.schedule(2, 1000)] == [2]
    assert all(n >= tune.MIN_GAMES for _, n in tune.schedule(64, 10))


@pytest.mark.parametrize("block, field", [
    ({"setting": "nope", "values": [1, 2]}, "tune.setting"),
    ({"setting": "handicap", "values": {"from": 5, "to": 3}}, "tune.values.to"),
    ({"setting": "handicap", "values": [1]}, "tune.values"),
    ({"setting": "handicap", "values": [1, 1]}, "tune.values"),
    ({"setting": "handicap", "values": "1..3"}, "tune.values"),
    ({"setting": "handicap", "values": [1, 2], "objective": "fairest"}, "tune.objective"),
    ({"setting": "handicap", "values": [1, 2], "objective": {"seat": 5, "edge": 0}}, "tune.objective.seat"),
    ({"setting": "handicap", "values": [1, 2], "objective": {"seat": 0, "target": 2}}, "tune.objective.target"),
    ({"setting": "handicap", "values": [1, 2], "goal": "equal"}, "tune.goal"),
    ({"setting": "handicap", "values": [0, 99]}, "tune.values[1]"),
])
def test_bad_tune_blocks_name_the_field(block, field):
    data = {"game": "coin", "players": 2, "tune": block}
    with pytest.raises(ScenarioError) as err:
        tune.load(data, FULL)
    assert err.value.field == field


SCENARIO = """game: st_petersburg
players: 2
policies: greedy
tune: {setting: hand_limit, values: [1, 3, 5]}
"""


def test_the_command_is_the_same_for_any_jobs(tmp_path):
    path = tmp_path / "tune.yaml"
    path.write_text(SCENARIO)
    runs = [invoke("tune", str(path), "-n", "600", "--seed", "8", "-j", jobs, "-f", "json", "--no-progress")
            for jobs in ("1", "2")]
    assert all(r.exit_code == 0 for r in runs), runs[0].stderr
    import json

    a, b = (json.loads(r.stdout) for r in runs)
    a.pop("meta", None), b.pop("meta", None)
    assert a == b and a["setting"] == "hand_limit" and len(a["table"]) == 3


@pytest.mark.parametrize("text, flag", [
    (SCENARIO.replace("hand_limit", "hand_limt"), "tune.setting"),
    (SCENARIO.replace("[1, 3, 5]", "{from: 3, to: 1}"), "tune.values.to"),
    (SCENARIO + "variants: {a: {}}\n", "variants"),
])
def test_bad_scenarios_fail_in_one_line(tmp_path, text, flag):
    path = tmp_path / "tune.yaml"
    path.write_text(text)
    res = invoke("tune", str(path), "-n", "200", "--no-progress")
    assert res.exit_code == 2 and len(res.stderr.strip().splitlines()) == 1 and flag in res.stderr


def test_precision_is_refused(tmp_path):
    path = tmp_path / "tune.yaml"
    path.write_text(SCENARIO)
    res = invoke("tune", str(path), "--precision", "0.01", "--no-progress")
    assert res.exit_code == 2 and "--precision" in res.stderr


TUNED = [p for g in registry.GAMES for p in registry.scenarios(g) if "tune" in sc.load(p)]


@pytest.mark.parametrize("path", TUNED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_tune_scenarios_parse(path):
    data = sc.load(path)
    full = registry.game(data["game"]).full()
    spec, balance_data = tune.load(data, full)
    parsed, configs = balance.parse(full, balance_data, data["game"])
    assert len(configs) == len(spec.values) >= 2


def test_puerto_rico_reads_the_seat_handicap(tmp_path):
    """A handicap of one doubloon for the last seat moves win credit to it (same games otherwise); a vector of
    the wrong length, or one that leaves a seat below zero doubloons, is one line naming the field."""
    path = tmp_path / "pr.yaml"
    path.write_text("game: puerto_rico\nplayers: 3\npolicies: greedy\n"
                    "tune: {setting: seat_handicap, values: [[0, 0, 0], [0, 0, 5]]}\n")
    import json

    res = invoke("tune", str(path), "-n", "800", "--seed", "2", "-j", "1", "-f", "json", "--no-progress")
    assert res.exit_code == 0, res.stderr
    rows = {r["seat_handicap"]: r for r in json.loads(res.stdout)["table"]}
    assert rows["0/0/5"]["seat 2"] > rows["0/0/0"]["seat 2"] + 0.1
    for values, field in (("[[0, 0], [0, 1]]", "tune.values[0]"), ("[[0, 0, 0], [0, -3, 0]]", "tune.values[1]")):
        path.write_text(f"game: puerto_rico\nplayers: 3\ntune: {{setting: seat_handicap, values: {values}}}\n")
        bad = invoke("tune", str(path), "-n", "100", "--no-progress")
        assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1 and field in bad.stderr, bad.stderr


def test_report_writes_the_best_value_first_and_the_curve(tmp_path):
    path = tmp_path / "tune.yaml"
    path.write_text(SCENARIO)
    out = tmp_path / "r" / "tune.html"
    res = invoke("report", str(path), "-n", "300", "--seed", "3", "-j", "1", "-o", str(out), "--no-progress")
    assert res.exit_code == 0, res.stderr
    md = out.with_suffix(".md").read_text()
    assert md.index("## Summary") < md.index("## Results") and "best hand_limit = " in md
    assert (tmp_path / "r" / "tune-plots" / "objective.png").read_bytes()[:4] == b"\x89PNG"
    assert "analyzer report" in md and "--seed 3" in md
    refused = invoke("report", str(path), "--checkpoint", str(tmp_path / "c.ckpt"), "-o", str(out))
    assert refused.exit_code == 2 and "--checkpoint" in refused.stderr
