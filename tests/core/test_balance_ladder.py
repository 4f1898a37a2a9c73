"""core.balance.ladder: every rule set under each rung of a ladder of players, on the same seeds; the verdicts on
synthetic games, a real Puerto Rico run, the same result for any --jobs, and bad input."""
import json

import numpy as np
import pandas as pd
import pytest

from analyzer.core import balance, runner
from analyzer.core.balance import ladder as lad
from tests.cli_helpers import invoke, one_line_error, parse_balance


# -- the verdict -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lo, hi, expected", [
    ([0.01, 0.02], [0.05, 0.06], lad.HOLDS),
    ([-0.06, -0.05], [-0.01, -0.02], lad.HOLDS),
    ([-0.01, 0.02], [0.03, 0.06], lad.APPEARS),
    ([-0.01, -0.01, 0.02], [0.03, 0.01, 0.06], lad.APPEARS),
    ([-0.01, -0.09, -0.08], [0.03, -0.02, -0.01], lad.APPEARS),
    ([0.01, -0.02], [0.05, 0.06], lad.FADES),
    ([0.01, 0.01, -0.02], [0.05, 0.04, 0.06], lad.FADES),
    ([0.01, -0.09], [0.05, -0.02], lad.FLIPS),
    ([0.01, -0.01, -0.09], [0.05, 0.01, -0.02], lad.FLIPS),
    ([-0.01, 0.01, -0.01], [0.01, 0.05, 0.01], lad.SOME),
    ([0.01, -0.01, 0.01], [0.05, 0.01, 0.05], lad.SOME),
    ([-0.01, -0.02, -0.03], [0.01, 0.02, 0.03], lad.NONE),
])
def test_verdict_from_which_rungs_detect_and_with_which_sign(lo, hi, expected):
    assert lad.verdict(lo, hi) == expected


# -- the verdicts on synthetic games ---------------------------------------------------------------

def winner_play(config, n, rng):
    """Seat s wins a game with probability config[s], stratified (game j's draw in [j, j + 1) / n), so every win
    rate is config[s] within a game a chunk: a fair seat is never detected by chance."""
    p = np.asarray(config, dtype=float)
    u = (np.arange(n) + rng.random(n)) / n
    credit = np.eye(p.size)[np.minimum(np.searchsorted(np.cumsum(p), u), p.size - 1)]
    return {"money": 10 * credit.astype(np.int64), "credit": credit, "turns": np.ones(n, dtype=np.int64),
            "actions": np.zeros((p.size, 0), dtype=np.int64)}


def synthetic_ladder(rungs: dict[str, dict[str, tuple]], chunk: int = 512) -> lad.Ladder:
    """{rung: {rule set: each seat's win probability}} -> a Ladder of 3-seat toy games."""
    specs = tuple(balance.BalanceSpec("toy", winner_play, tuple(
        balance.Variant(name, len(p), p, (rung,) * len(p)) for name, p in sets.items()), chunk=chunk, action_kinds=())
        for rung, sets in rungs.items())
    return lad.Ladder(tuple(rungs), specs)


THIRD = 1 / 3
SYNTHETIC = {
    "weak": {"base": (0.5, THIRD, 1 / 6), "house": (0.2, 0.4, 0.4), "flat": (THIRD, THIRD, THIRD)},
    "strong": {"base": (0.5, 1 / 6, THIRD), "house": (0.6, 0.2, 0.2), "flat": (THIRD, THIRD, THIRD)},
}


def settings(games, seed=3, jobs=1, **more):
    return runner.RunSettings(rollouts=games, seed=seed, jobs=jobs, progress=False, **more)


def test_each_verdict_on_synthetic_games():
    result = balance.balance(synthetic_ladder(SYNTHETIC), settings(4096))
    verdicts = result.tables["ladder"]["verdict"]
    assert verdicts["base", "first player's edge"] == lad.HOLDS  # +1/6 under both
    assert verdicts["base", "seat 1 against the fair share"] == lad.APPEARS  # fair, then -1/6
    assert verdicts["base", "seat 2 against the fair share"] == lad.FADES  # -1/6, then fair
    assert verdicts["house", "first player's edge"] == lad.FLIPS  # -2/15, then +4/15
    assert verdicts["house", "seat 1 against the fair share"] == lad.FLIPS
    assert all(verdicts["flat", what] == lad.NONE for what in ("first player's edge", "seat 1 against the fair "
                                                               "share", "seat 2 against the fair share"))
    assert verdicts["house", "seat 0 against `base`"] == lad.FLIPS  # -0.3, then +0.1
    assert list(result.tables["ladder"].columns) == ["weak", "strong", "verdict"]
    # the findings: one per detected conclusion, then one for the rest
    ranked = result.payload["findings_ranked"]
    assert ranked[0]["kind"] == "effect" and "house" in ranked[0]["text"]
    quiet = [f["text"] for f in ranked if f["kind"] == "none"]
    assert len(quiet) == 1 and "`flat`, seat 2 against the fair share" in quiet[0]
    # each rung's tables are a plain run's of that rung, under a rung level
    weak = balance.balance(synthetic_ladder(SYNTHETIC).specs[0], settings(4096))
    pd.testing.assert_frame_equal(result.tables["win_rate"].loc["weak"], weak.tables["win_rate"])
    pd.testing.assert_frame_equal(result.tables["differences"].loc["weak"], weak.tables["differences"])
    rows = {(r["rule set"], r["conclusion"]): r for r in result.payload["ladder"]}
    row = rows["base", "first player's edge"]
    assert [r["rung"] for r in row["rungs"]] == ["weak", "strong"] and row["verdict"] == lad.HOLDS
    assert abs(row["rungs"][0]["estimate"] - 1 / 6) < 0.03 and row["rungs"][0]["lo95"] > 0


def test_precision_bounds_every_rung():
    ladder = synthetic_ladder(SYNTHETIC)
    total = balance.run(ladder, runner.RunSettings(seed=3, jobs=1, progress=False, precision=0.03,
                                                   max_rollouts=2**16))
    assert total.stopped_by == "precision"
    widths = [spec.halfwidths(lad.rung_total(total, r)) for r, spec in enumerate(ladder.specs)]
    assert max(w.max() for w in widths) <= 0.03
    assert ladder.halfwidths(total).size == sum(w.size for w in widths)
    # one chunk fewer would not have done: some rung was still wider than the target
    fewer = balance.run(ladder, settings(total.rollouts - 512))
    assert ladder.halfwidths(fewer).max() > 0.03


# -- Puerto Rico -----------------------------------------------------------------------------------

PR = {"game": "puerto_rico", "rules": {}, "ladder": ["random", "greedy"],
      "variants": {"4 players": {"players": 4}, "all corn": {"players": 4, "start_crops": "all_corn"}}}


def pr_result(data, games, jobs=1, seed=11):
    from analyzer.core import registry

    return balance.balance_scenario(registry.game("puerto_rico"), data, settings(games, seed=seed, jobs=jobs))


def test_puerto_rico_ladder_each_rung_is_the_plain_run_of_its_policy():
    result = pr_result(PR, 256)
    assert result.payload["rungs"] == ["random", "greedy"]
    assert list(result.tables["win_rate"].index.names) == ["rung", "rule set", "seat"]
    assert set(result.tables["win_rate"].index.get_level_values("rung")) == {"random", "greedy"}
    plain = pr_result({**{k: v for k, v in PR.items() if k != "ladder"}, "policies": "greedy"}, 256)
    for name in ("win_rate", "first_player", "differences", "money", "actions"):
        pd.testing.assert_frame_equal(result.tables[name].loc["greedy"], plain.tables[name])
    rows = result.payload["ladder"]
    assert len(rows) == 2 * 4 + 4  # first player and 3 seats per rule set; 4 seats against the baseline
    assert all(r["verdict"] in lad.VERDICTS and len(r["rungs"]) == 2 for r in rows)
    assert "random" in result.payload["rule_sets_detail"]["4 players"]["policies (seat 0 first)"]
    assert any(n.startswith("policies: random:") for n in result.notes)
    assert any(n.startswith("policies: greedy:") for n in result.notes)


def test_puerto_rico_ladder_with_a_search_rung_same_for_any_jobs():
    data = {"game": "puerto_rico", "players": 3, "ladder": ["greedy", "search:4"]}
    spec, _ = parse_balance(data)
    assert spec.chunk == 16 and all(s.chunk == 16 for s in spec.specs)  # the least over every rung's configs
    one, two = pr_result(data, 32, jobs=1), pr_result(data, 32, jobs=2)
    for name in one.tables:
        pd.testing.assert_frame_equal(one.tables[name], two.tables[name])
    assert one.payload["findings"] == two.payload["findings"]
    assert one.payload["rungs"] == ["greedy", "search:4"]


def test_cli_json_and_report(tmp_path):
    path = tmp_path / "ladder.yaml"
    path.write_text(json.dumps({**PR, "analysis": {"rollouts": 64, "seed": 4}}))
    out = invoke("balance", path, "--format", "json", "--no-progress", "-j", "1")
    assert out.exit_code == 0, out.output
    payload = json.loads(out.stdout)
    assert payload["rungs"] == ["random", "greedy"] and payload["games"] == 64
    assert {"rule set", "conclusion", "verdict", "rungs"} <= set(payload["ladder"][0])
    assert {r["rung"] for r in payload["win_rate"]} == {"random", "greedy"}
    page = invoke("report", path, "--no-progress", "-j", "1", "-o", tmp_path / "r.html")
    assert page.exit_code == 0, page.output
    md = (tmp_path / "r.md").read_text()
    assert "## Across player strength" in md and "| rule set | conclusion | random | greedy | verdict |" in md
    assert (tmp_path / "r-plots" / "ladder_win_rate.png").exists()


# -- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("extra, words", [
    ({"ladder": ["greedy"]}, ["ladder", "2 to 8"]),
    ({"ladder": "greedy"}, ["ladder", "a list"]),
    ({"ladder": ["greedy", "bogus"]}, ["ladder[1]", "allowed: greedy"]),
    ({"ladder": ["greedy", "search:0"]}, ["ladder[1]", "N a whole number from 1"]),
    ({"ladder": ["greedy", "search:x"]}, ["ladder[1]", "N a whole number from 1"]),
    ({"ladder": ["greedy", "search:4:search"]}, ["ladder[1]", "cannot be a search"]),
    ({"ladder": ["greedy", ["random"]]}, ["ladder[1]", "one policy name"]),
    ({"ladder": ["greedy", "greedy"]}, ["ladder[1]", "each once"]),
    ({"ladder": ["random", "greedy"], "policies": "greedy"}, ["policies", "leave policies out"]),
    ({"ladder": ["random", "greedy"], "variants": {"a": {}, "b": {"policies": "random"}}},
     ["variants.b.policies", "leave policies out"]),
])
def test_bad_ladders_are_one_line_errors(tmp_path, extra, words):
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps({"game": "puerto_rico", **extra}))
    one_line_error(invoke("balance", path, "--no-progress", "-n", "16"), *words)
