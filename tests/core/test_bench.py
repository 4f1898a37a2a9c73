"""The benchmark suite's scaling rows and its table, on a tiny task (no timing is asserted)."""
import json

import pytest

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


def test_the_default_jobs_row_times_a_balance_scenario_against_one_worker(monkeypatch):
    """Quick: one run each at the scenario's own size; the ratio is the -j 1 time over the default's, the ceiling
    Amdahl's law from the serial run (one chunk's games) and the pair's speed (two -j 1 runs at once)."""
    scenario = "balance-4p.yaml"  # 4,000 Catan games: 4 chunks of 1,024
    ran = []

    def fake(commands):  # seconds by what runs: -j 1 4.0, default 2.5, one chunk 1.0, two -j 1 at once 5.0
        ran.append(commands)
        args = commands[0]
        one = args[-2:] == ["-j", "1"]
        return 5.0 if len(commands) == 2 else 1.0 if args[-4:-2] == ["-n", "1024"] else 4.0 if one else 2.5

    monkeypatch.setattr(bench, "_run_all", fake)
    monkeypatch.setattr(bench.os, "cpu_count", lambda: 2)
    (row,) = bench.default_jobs_rows("catan", scenario, (None, 65_536), quick=True)
    assert [c[0][c[0].index("--no-progress") + 1:] for c in ran] == [
        ["-n", "64"], ["-n", "4000"], ["-n", "4000", "-j", "1"], ["-n", "1024", "-j", "1"], ["-n", "4000", "-j", "1"]]
    assert len(ran[-1]) == 2 and ran[-1][0] == ran[-1][1]
    assert row["ours"] == 2.5 and row["comparison"] == 4.0 and row["ratio"] == 4.0 / 2.5
    assert row["serial"] == 1.0 and row["pair"] == 4.0 / 5.0
    assert row["ceiling"] == bench.ceiling_of(4.0, 1.0, 2, 0.8) == 4.0 / (1.0 + 3.0 / 1.6)
    assert scenario in row["what"] and row["target"] == ">= 0.95"


def test_run_all_waits_for_every_command_and_fails_on_any():
    import subprocess
    import sys

    assert bench._run_all([[sys.executable, "-c", "import time; time.sleep(0.2)"]] * 2) >= 0.2
    with pytest.raises(subprocess.CalledProcessError):
        bench._run_all([[sys.executable, "-c", "pass"], [sys.executable, "-c", "raise SystemExit(3)"]])


def test_the_ceiling_is_amdahls_law_with_the_pairs_speed():
    assert bench.ceiling_of(10.0, 2.0, 2) == 10.0 / (2.0 + 8.0 / 2)  # 1.67: the serial 2 s stay
    assert bench.ceiling_of(10.0, 0.0, 2) == 2.0 and bench.ceiling_of(10.0, 2.0, 1) == 1.0
    assert bench.ceiling_of(10.0, 2.0, 2, speed=0.5) == 1.0  # two busy cores are worth one
    assert bench.ceiling_of(1.0, 3.0, 2) == 1.0  # a serial part timed longer than the run: nothing to share
