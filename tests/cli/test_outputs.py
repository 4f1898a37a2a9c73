"""--out and report -o: checked before any work, written all or nothing, a folder analyzer wrote replaced whole,
one a user filled never touched; a write that fails at the end is one line after the printed results."""
import csv
import json
import os
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
import yaml

from analyzer.core import report as core_report
from analyzer.core import tables
from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[2]
MID_LEG = ROOT / "scenarios" / "camelup" / "mid-leg.yaml"
FAST = ["-n", "300", "--seed", "3", "--no-progress"]
QUICK = {"game": "camelup", "players": 3, "policies": "random", "variants": {"base": {}, "rich": {"starting_money": 5}}}
LONG_NAME = "a" * 300


def tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*"))}


def break_plots(monkeypatch, fail):
    """Every plot function of core.plots calls `fail` instead."""
    from analyzer.core import plots

    for name in dir(plots):
        if name[0].islower() and callable(getattr(plots, name)):
            monkeypatch.setattr(plots, name, fail)


def balance_file(tmp_path) -> Path:
    path = tmp_path / "quick.yaml"
    path.write_text(yaml.safe_dump(QUICK))
    return path


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if any analysis starts: the destination must be refused first."""
    from analyzer.core import game

    def refuse(*args, **kwargs):
        raise AssertionError("the run started before its destination was checked")

    monkeypatch.setattr(game, "ask", refuse)
    monkeypatch.setattr("analyzer.core.balance.report_scenario", refuse)
    monkeypatch.setattr("analyzer.core.balance.balance_scenario", refuse)


@pytest.mark.parametrize("out,words", [
    ("/sys/x", ["/sys/x", "cannot write"]),
    ("/proc/x", ["/proc/x", "cannot write"]),
    ("/dev/null", ["/dev/null", "not a folder"]),
    ("/dev/null/x", ["/dev/null", "not a folder"]),
    (LONG_NAME, ["300 bytes", "255"]),
    ("", ["-o", "empty"]),
])
def test_an_out_folder_that_cannot_be_written_is_refused_before_the_run(out, words, tmp_path, monkeypatch, no_work):
    monkeypatch.chdir(tmp_path)
    one_line_error(invoke("odds", MID_LEG, *FAST, "-o", out), *words)
    one_line_error(invoke("balance", balance_file(tmp_path), *FAST, "-o", out), *words)
    one_line_error(invoke("camelup", "ev", "--track", "1:bg", *FAST, "-o", out), *words)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml"]


@pytest.mark.parametrize("out,words", [
    ("/proc/a.html", ["/proc/a.html", "cannot write"]),
    ("/sys/a.html", ["/sys/a.html", "cannot write"]),
    ("/dev/null", ["/dev/null", "not a regular file"]),
    (LONG_NAME + ".html", ["bytes", "255"]),
    ("", ["-o", "empty"]),
])
def test_a_report_that_cannot_be_written_is_refused_before_the_run(out, words, tmp_path, monkeypatch, no_work):
    monkeypatch.chdir(tmp_path)
    one_line_error(invoke("report", balance_file(tmp_path), *FAST, "-o", out), *words)
    assert not Path("/dev/null.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml"]


@pytest.mark.parametrize("out,words", [
    ("/proc/b.json", ["--json", "/proc/b.json", "cannot write"]),
    ("/dev/null", ["--json", "/dev/null", "not a regular file"]),
    (".", ["--json", "a folder"]),
    (LONG_NAME + ".json", ["--json", "bytes", "255"]),
])
def test_a_bench_json_that_cannot_be_written_is_refused_before_the_run(out, words, tmp_path, monkeypatch):
    from analyzer.core import bench

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bench, "run", lambda *a, **k: pytest.fail("the benchmarks ran before --json was checked"))
    one_line_error(invoke("bench", "camelup", "--quick", "--json", out), *words)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_analyzer_wrote_is_replaced_whole(tmp_path):
    out = tmp_path / "run"
    assert invoke("ev", MID_LEG, *FAST, "-o", out).exit_code == 0
    assert (out / tables.MARKER).is_file() and (out / "actions.csv").is_file()
    result = invoke("odds", MID_LEG, *FAST, "-o", out)
    assert result.exit_code == 0, result.output
    names = {p.name for p in out.iterdir()}
    assert "actions.csv" not in names and {"leg.csv", "race.csv", "result.json", tables.MARKER} <= names
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]  # no temporary folder left beside it


def test_a_folder_analyzer_did_not_write_is_refused_and_left_alone(tmp_path, no_work):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    before = tree(tmp_path)
    one_line_error(invoke("odds", MID_LEG, *FAST, "-o", out), "mine", "did not write")
    assert tree(tmp_path) == before


def test_an_empty_folder_is_filled_and_a_new_nested_one_made(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert invoke("odds", MID_LEG, *FAST, "-o", empty).exit_code == 0
    assert (empty / "leg.csv").is_file() and (empty / tables.MARKER).is_file()
    deep = tmp_path / "a" / "b" / "c"
    assert invoke("odds", MID_LEG, *FAST, "-o", deep).exit_code == 0
    assert (deep / "leg.csv").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "empty"]


def test_a_write_that_fails_at_the_end_is_one_line_after_the_results(tmp_path, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    break_plots(monkeypatch, full_disk)
    out = tmp_path / "run"
    result = invoke("odds", MID_LEG, *FAST, "-f", "json", "-o", out)
    one_line_error(result, "--out", "No space left on device")
    assert json.loads(result.stdout)["meta"]["plan"] == {"rollouts": 300}  # the results were printed all the same
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # and nothing half-written is left

    monkeypatch.setattr(core_report, "render_plots", full_disk)
    result = invoke("report", balance_file(tmp_path), *FAST, "-o", tmp_path / "r.html")
    one_line_error(result, "No space left on device")
    assert "# " in result.stdout and "Findings" in result.stdout  # the report's Markdown instead
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml"]


def test_a_write_that_fails_for_any_reason_comes_after_the_results(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a plot that cannot be drawn")

    break_plots(monkeypatch, broken)
    result = invoke("odds", MID_LEG, *FAST, "-f", "json", "-o", tmp_path / "run")
    assert result.exit_code == 1 and isinstance(result.exception, ValueError)
    assert json.loads(result.stdout)["meta"]["plan"] == {"rollouts": 300}  # printed before the write failed
    assert list(tmp_path.iterdir()) == []

    monkeypatch.setattr(core_report, "render_plots", broken)
    result = invoke("report", balance_file(tmp_path), *FAST, "-o", tmp_path / "r.html")
    assert isinstance(result.exception, ValueError) and "Findings" in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quick.yaml"]


SHAPES = {  # tables no writer may trip on, whatever a game builds
    "index named like a column": pd.DataFrame({"option": ["a", "b"], "x": [1, 2]}, index=pd.Index([1, 2], name="option")),
    "unnamed index beside a column 'index'": pd.DataFrame({"index": ["a", "b"], "x": [1.5, 2.5]}),
    "a column twice": pd.DataFrame([[1, 2]], columns=["a", "a"]),
    "levels named like a column and alike": pd.DataFrame(
        {"a": [1, 2]}, index=pd.MultiIndex.from_tuples([(1, 2), (3, 4)], names=["a", "a"])),
    "unnamed levels beside 'level_0'": pd.DataFrame({"level_0": [1]}, index=pd.MultiIndex.from_tuples([(1, 2)])),
    "two rows of column names": pd.DataFrame([[1, 2]], columns=pd.MultiIndex.from_tuples([("p", "lo"), ("p", "hi")])),
    "a value JSON has no type for": pd.DataFrame({"p": [Fraction(1, 3)]}, index=pd.Index(["blue"], name="camel")),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_a_table_of_any_shape_is_written_as_csv_and_json(shape, tmp_path):
    df = SHAPES[shape]
    before = df.copy()
    tables.write_outputs(tables.Result("Shapes", {"t": df}, {"p": Fraction(1, 3)}), tmp_path / "out")
    with open(tmp_path / "out" / "t.csv", newline="") as f:
        rows = list(csv.reader(f))
    names = df.index.nlevels + len(df.columns)
    assert len(rows) == 1 + len(df) and len(rows[0]) == len(set(rows[0])) == names  # one header row, names once
    written = json.loads((tmp_path / "out" / "t.json").read_text())
    fields = [field["name"] for field in written["schema"]["fields"]]
    assert len(fields) == len(set(fields)) == names and len(written["data"]) == len(df)
    assert [len(row) for row in written["data"]] == [names] * len(df)
    assert json.loads((tmp_path / "out" / "result.json").read_text()) == {"p": "1/3"}
    assert df.equals(before) and list(df.columns) == list(before.columns)  # the game's own table is left as it was
    assert tables.render(tables.Result("Shapes", {"t": df}, {}), "csv").splitlines()[0] == ",".join(rows[0])


def test_only_a_name_already_taken_is_numbered():
    df = SHAPES["index named like a column"]
    assert list(tables.file_table(df).reset_index().columns) == ["option (2)", "option", "x"]
    assert list(tables.file_table(SHAPES["a value JSON has no type for"]).index.names) == ["camel"]  # kept


def test_ctrl_c_while_writing_leaves_the_earlier_run(tmp_path, monkeypatch):
    out = tmp_path / "run"
    assert invoke("ev", MID_LEG, *FAST, "-o", out).exit_code == 0
    before = tree(out)
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    break_plots(monkeypatch, interrupt)
    result = invoke("odds", MID_LEG, *FAST, "-o", out)
    assert result.exit_code == 130 and result.stderr.count("\n") == 1, result.output
    assert tree(out) == before and sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_a_report_replaces_its_own_plots_and_refuses_a_foreign_plots_folder(tmp_path, no_work):
    plots_dir = tmp_path / "r-plots"
    plots_dir.mkdir()
    (plots_dir / "mine.txt").write_text("x")
    one_line_error(invoke("report", balance_file(tmp_path), *FAST, "-o", tmp_path / "r.html"), "r-plots",
                   "did not write")
    assert [p.name for p in plots_dir.iterdir()] == ["mine.txt"]


def test_a_report_takes_checkpoint_and_resume_and_rewrites_its_files(tmp_path):
    path, ck = balance_file(tmp_path), tmp_path / "r.ck"
    out = tmp_path / "reports" / "r.html"
    first = invoke("report", path, *FAST, "-o", out, "--checkpoint", ck)
    assert first.exit_code == 0, first.output
    markdown = out.with_suffix(".md").read_text()
    assert ck.is_file()
    again = invoke("report", path, *FAST, "-o", out, "--resume", ck)
    assert again.exit_code == 0, again.output
    assert out.with_suffix(".md").read_text() == markdown.replace("--checkpoint", "--resume")  # the same tables
    pngs = sorted(p.name for p in (tmp_path / "reports" / "r-plots").iterdir() if p.suffix == ".png")
    assert pngs and sorted(p.name for p in (tmp_path / "reports").iterdir()) == ["r-plots", "r.html", "r.md"]


@pytest.mark.parametrize("path,words", [("/proc/x.ck", ["--checkpoint", "cannot write"]),
                                        ("/nowhere/x.ck", ["--checkpoint", "no folder"]),
                                        ("/dev/null", ["--checkpoint", "exists"])])
def test_a_checkpoint_that_cannot_be_written_is_refused_before_the_run(path, words, no_work):
    one_line_error(invoke("odds", MID_LEG, *FAST, "--checkpoint", path), *words)


def test_board_refuses_an_empty_out():
    one_line_error(invoke("board", "magellan", "--template", "-o", ""), "-o", "empty")


def test_check_out_dir_says_how_it_will_write(tmp_path):
    assert tables.check_out_dir(tmp_path / "new") == "new"
    assert tables.check_out_dir(tmp_path) == "empty"
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / tables.MARKER).write_text("")
    assert tables.check_out_dir(tmp_path / "x") == "replace"
    assert core_report.check_path(tmp_path / "r") == tmp_path / "r.html"
    assert os.listdir(tmp_path) == ["x"]  # the checks leave nothing behind
