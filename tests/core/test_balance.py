"""core.balance with a toy game (fast, game-agnostic) and with Camel Up: seeds, pairing, detection."""
import numpy as np
import pandas as pd
import pytest

from analyzer.core import balance, runner, stats
from tests.cli_helpers import parse_balance


def toy_play(config, n, rng):
    """Each seat draws 0..19 coins plus its bonus; most coins wins (ties share)."""
    bonus = np.asarray(config, dtype=np.int64)
    money = rng.integers(0, 20, size=(n, bonus.size)) + bonus
    top = money == money.max(1, keepdims=True)
    return {"money": money, "credit": top / top.sum(1, keepdims=True), "turns": rng.integers(10, 20, n),
            "actions": np.full((bonus.size, 2), n), "policy": np.tile(np.arange(bonus.size), (n, 1))}


def toy_spec(**variants):
    return balance.BalanceSpec("toy", toy_play, tuple(
        balance.Variant(name, len(bonus), tuple(bonus), ("a",) * len(bonus), ("a",) * len(bonus))
        for name, bonus in variants.items()), chunk=512, action_kinds=("x", "y"), lengths=("turns",))


def run(spec, games, seed=5, jobs=1):
    return balance.balance(spec, runner.RunSettings(rollouts=games, seed=seed, jobs=jobs, progress=False))


def test_same_seed_same_tables_whatever_the_jobs():
    spec = toy_spec(base=(0, 0, 0), more=(0, 1, 0))
    one, two = run(spec, 3 * 512 + 100, jobs=1), run(spec, 3 * 512 + 100, jobs=2)
    assert one.tables.keys() == two.tables.keys()
    for name in one.tables:
        pd.testing.assert_frame_equal(one.tables[name], two.tables[name])
    assert one.payload["findings"] == two.payload["findings"]
    assert one.payload["games"] == 3 * 512 + 100


def test_a_rule_set_against_itself_differs_by_nothing():
    result = run(toy_spec(base=(0, 0, 0, 0), again=(0, 0, 0, 0)), 2000)
    diff = result.tables["differences"]
    assert (diff["lo95"] <= 0).all() and (diff["hi95"] >= 0).all() and not diff["detected"].any()
    assert (diff["Δ win rate"] == 0).all()  # the same seed for both: the very same games
    assert any("every game gave each seat the same win credit under both" in f for f in result.payload["findings"])


def test_a_lopsided_rule_is_detected():
    result = run(toy_spec(base=(0, 0, 0, 0), rich_seat_0=(3, 0, 0, 0)), 2000)
    row = result.tables["differences"].loc[("rich_seat_0", 0)]
    assert row["detected"] and row["lo95"] > 0.05
    assert row["Δ money"] == pytest.approx(3)
    first = result.tables["first_player"]
    assert not first.loc["base", "edge detected"] and first.loc["rich_seat_0", "edge detected"]
    assert any("rich_seat_0" in f and "seat 0 +" in f for f in result.payload["findings"])


def test_win_rates_share_ties_and_add_up_to_one():
    result = run(toy_spec(base=(0, 0)), 3000)
    win = result.tables["win_rate"]
    assert win["win rate"].sum() == pytest.approx(1)
    assert (win["shared wins"] > 0).all()  # 2 players drawing 0..19 tie about 5% of the time
    assert result.tables["length"].loc["base", "turns"] == pytest.approx(14.5, abs=0.3)


def test_chunks_must_divide_the_runner_chunk():
    with pytest.raises(ValueError):
        balance.check_chunk(1000)
    assert balance.check_chunk(512) == 512


def test_paired_stats():
    d = np.array([1.0, -1.0, 2.0, 0.0])
    mean, lo, hi = stats.paired_difference(4, d.sum(), (d * d).sum())
    assert mean == pytest.approx(0.5) and hi - mean == pytest.approx(mean - lo)
    assert stats.interval_excludes(0.1, 0.2) and not stats.interval_excludes(-0.1, 0.2)
    q = stats.histogram_quantiles(np.array([[0, 5, 5, 0], [10, 0, 0, 0]]), (0.1, 0.5, 0.9))
    assert q.tolist() == [[1, 1, 2], [0, 0, 0]]


CAMELUP = {
    "game": "camelup", "players": 4, "policies": "random",
    "variants": {"base": {}, "same": {}, "rich_seat_0": {"starting_money_by_seat": [13, 3, 3, 3]}},
}


def test_camelup_plus_ten_coins_detected_and_self_comparison_covers_zero():
    spec, _ = parse_balance(CAMELUP)
    result = run(spec, 3000, seed=11)
    diff = result.tables["differences"]
    same, rich = diff.loc["same"], diff.loc["rich_seat_0"]
    assert (same["lo95"] <= 0).all() and (same["hi95"] >= 0).all()
    assert ("`same` against `base`, same dice: every game gave each seat the same win credit under both, so with "
            "these players it changed no result.") in result.payload["findings"]
    assert rich.loc[0, "detected"] and rich.loc[0, "lo95"] > 0
    assert rich.loc[0, "Δ money"] == pytest.approx(10, abs=0.2)
    assert (rich.loc[[1, 2, 3], "Δ money"] == 0).all()  # random players ignore money: the same games
    shares = result.tables["actions"].loc["base"][["leg-bet", "desert", "pyramid", "race-winner", "race-loser"]]
    assert np.allclose(shares.sum(axis=1), 1)


def test_the_first_player_finding_over_many_rule_sets_gives_the_range_not_a_clause_each():
    from analyzer.core.balance import summary

    def row(name, edge, detected):
        return {"rule set": name, "players": 4, "seat 0 win rate": 0.25 + edge, "lo95": 0.2, "hi95": 0.3,
                "fair share": 0.25, "edge": edge, "edge lo95": edge - 0.02, "edge hi95": edge + 0.02,
                "edge detected": detected}

    rows = [row("a", -0.05, True), row("b", -0.01, False), row("c", -0.03, True), row("d", 0.0, False),
            row("e", -0.04, True)]
    many = summary._first_player({"first_player": pd.DataFrame(rows).set_index("rule set")}, None)
    assert len(many) == 1 and many[0].kind == "effect" and many[0].size == pytest.approx(5)
    assert many[0].text == ("The first player (seat 0) against the fair share of 1/players, under 5 rule sets: a "
                            "detectable edge or handicap under 3 (from -5.0 points under `a` to -3.0 points under "
                            "`c`); none detectable under 2 (`b`, `d`). Each rule set's figure and interval is in the "
                            "table.")
    few = summary._first_player({"first_player": pd.DataFrame(rows[:3]).set_index("rule set")}, None)
    assert "`b` 24.0% (edge -1.0 points" in few[0].text and "So an edge (or handicap) is detected under `a`, `c`" \
        in few[0].text


def test_charts_of_games_on_an_illustrative_board_say_so_in_their_titles():
    from analyzer.core import registry, scenario
    from analyzer.core.balance import summary

    data = scenario.load("scenarios/magellan/balance-sides.yaml")
    settings = runner.RunSettings(rollouts=64, seed=1, jobs=1, progress=False)
    result = summary.balance_scenario(registry.game("magellan"), data, settings)
    assert result.payload["illustrative"] and result.plots
    assert all(plot.options["title"].endswith("(illustrative board)") for plot in result.plots)
    from analyzer.core.balance.report import report_scenario

    page = report_scenario(registry.game("magellan"), data, settings)
    assert page.plots and all(plot.options["title"].endswith("(illustrative board)") for plot in page.plots)
