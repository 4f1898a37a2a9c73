"""The benchmark suite's scaling rows and its table, on a tiny task (no timing is asserted)."""
import json

from analyzer.core import bench
from tests.core.test_runner import coin_task


def test_scaling_rows_cover_each_backend_and_work_size(tmp_path):
    rows = bench.scaling(coin_task, "coins", "flips", chunk_counts=(1, 2), repeats=1,
                         targets={("1 local worker", 2): "fast"}, configs=bench.SCALING[:2])
    assert [r["what"] for r in rows] == [
        "coins: 1 local worker, 65,536 flips (flips/s)", "coins: 1 local worker, 131,072 flips (flips/s)",
        "coins: 2 local workers, 65,536 flips (flips/s)", "coins: 2 local workers, 131,072 flips (flips/s)"]
    for row in rows:
        assert row["ours"] > 0 and row["seconds"] > 0
    assert rows[1]["target"] == "fast"
    table = {"when": "now", "machine": bench.machine(), "rows": rows}
    text = bench.render(table)
    assert "2 local workers" in text and f"{table['machine']['cores']} cores" in text
    bench.write_json(table, tmp_path / "bench" / "bench.json")
    assert json.loads((tmp_path / "bench" / "bench.json").read_text())["rows"][0]["what"] == rows[0]["what"]


def test_a_start_up_row_times_a_fresh_command_against_the_bare_interpreter():
    interpreter = bench.command_seconds(["-c", "pass"], 1)
    row = bench.startup_row("start-up: `analyzer --help`", ["--help"], 1, "<= 0.3 s", interpreter)
    assert row["comparison"] == interpreter > 0 and row["ours"] == row["seconds"] > 0
    assert row["ratio"] == row["ours"] / interpreter and "median of 1" in row["what"]
    assert 0 < row["cpu"]  # user + system time of the command, the steadier figure on a shared machine


def test_the_default_jobs_row_times_a_balance_scenario_against_one_worker():
    """Quick: one run each at the scenario's own size; the ratio is the -j 1 time over the default's."""
    scenario = "balance-4p.yaml"  # 4,000 Catan games: about a second of play
    (row,) = bench.default_jobs_rows("catan", scenario, (None, 65_536), quick=True)
    assert row["ours"] > 0 and row["comparison"] > 0 and row["ratio"] == row["comparison"] / row["ours"]
    assert scenario in row["what"] and row["target"] == ">= 0.95"
