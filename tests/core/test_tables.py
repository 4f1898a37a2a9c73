import json

import numpy as np
import pandas as pd
import pytest

from analyzer.core import tables


def sample():
    df = pd.DataFrame({"p": [0.25, 0.75], "ci": [0.01, None]}, index=pd.Index(["blue", "white"], name="camel"))
    return tables.Result("Sample", {"main": df}, {"p": {"blue": 0.25}, "seed": 3}, ["seed 3"],
                         [tables.Plot("bars", "bars_with_ci", "main", {"value": "p", "ci": "ci"})])


@pytest.mark.parametrize("fmt", tables.FORMATS)
def test_every_format_renders(fmt):
    text = tables.render(sample(), fmt)
    assert "blue" in text
    if fmt == "json":
        assert json.loads(text) == {"p": {"blue": 0.25}, "seed": 3}
    if fmt == "markdown":
        assert "| camel | p | ci |" in text


def test_outputs_are_written_whole(tmp_path):
    out = tmp_path / "out"
    written = tables.write_outputs(sample(), out)
    names = sorted(p.name for p in written)
    assert names == ["bars.png", "main.csv", "main.json", "result.json"]
    assert (out / "bars.png").read_bytes()[:4] == b"\x89PNG"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".analyzer-")]


def test_a_failing_plot_leaves_nothing_behind(tmp_path):
    result = sample()
    result.plots = [tables.Plot("broken", "bars_with_ci", "main", {"value": "missing", "ci": "ci"})]
    out = tmp_path / "out"
    with pytest.raises(KeyError):
        tables.write_outputs(result, out)
    assert list(tmp_path.iterdir()) == []


def test_shown_names_head_the_terminal_and_markdown_only():
    df = pd.DataFrame({"mean": [3.0], "Δ money": [1.5]}, index=pd.Index([0], name="seat"))
    result = tables.Result("Balance", {"money": df}, {"money": [{"Δ money": 1.5}]},
                           names={"money": "final points", "Δ money": "Δ points"})
    for fmt in ("table", "markdown"):
        text = tables.render(result, fmt)
        assert "final points" in text and "Δ points" in text and "money" not in text
    assert "Δ money" in tables.render(result, "csv")  # scripts keep the keys
    assert json.loads(tables.render(result, "json")) == {"money": [{"Δ money": 1.5}]}
    assert list(result.tables) == ["money"] and list(df.columns) == ["mean", "Δ money"]  # nothing renamed in place


def test_balance_names_follow_the_games_score():
    from types import SimpleNamespace

    from analyzer.core.balance.summary import shown_names

    assert shown_names(SimpleNamespace(money_name="money")) == {}
    names = shown_names(SimpleNamespace(money_name="VP"))
    assert names["money"] == "final VP" and names["Δ money lo95"] == "Δ VP lo95"


ODD_WORDS = [" leading space", "tab\there", "w" * 49, "w" * 50, "a label of more than fifty characters, which pandas cuts"]


def _random_flat(rng, rows, odd=False):
    """A random table; `odd`: with what the pandas-free whole-table text leaves to pandas (long, padded or escaped
    text, negative or mixed row labels, huge numbers, text beside missing values)."""
    from analyzer.core.flat import Flat

    words = ["blue", "placement 4th on new blue 2", "x", "", "desert mirage 13", "a rather long label…", "±0.5"]
    words += ODD_WORDS if odd and rng.random() < 0.5 else []
    columns = {}
    for j in range(int(rng.integers(1, 5))):
        kind = rng.choice(["float", "int", "bool", "text", "missing"])
        values = {"float": lambda: [float(v) for v in rng.normal(size=rows)],
                  "int": lambda: [int(v) for v in rng.integers(-9, 900, size=rows)],
                  "bool": lambda: [bool(v) for v in rng.random(rows) < 0.5],
                  "text": lambda: [str(rng.choice(words)) for _ in range(rows)],
                  "missing": lambda: [None if v < 0.3 else float(v) for v in rng.random(rows)]}[kind]()
        if odd and values and rng.random() < 0.2:
            values[0] = {"float": 1e300, "int": -2 ** 70, "bool": None, "text": None, "missing": float("inf")}[kind]
        columns[str(rng.choice(["p", "p ±95%", "win", "win lo95", "win hi95", "ev", "ci95", "exact"])) + "_" * j] = values
    index = [str(rng.choice(words)) + str(i) for i in range(rows)] if rng.random() < 0.5 else list(range(1, rows + 1))
    if odd and index and rng.random() < 0.3:
        index[0] = rng.choice([-1, "x", " y", "z" * 60])
    return Flat.of(columns, index, rng.choice([None, "camel", "rank"]))


@pytest.mark.parametrize("seed", range(40))
def test_plain_text_cells_print_as_pandas_prints_them(seed):
    """`tables._text` writes the cells as pandas' to_string does (the pandas-free terminal path rests on it)."""
    rng = np.random.default_rng(seed)
    cells = tables._cells(_random_flat(rng, int(rng.integers(1, 15))))
    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 10**6,
                           "display.max_colwidth", None):
        assert tables._text(cells) == cells.frame().to_string(na_rep="")


@pytest.mark.parametrize("seed", range(60))
def test_a_table_built_as_flat_prints_and_files_as_its_dataframe(seed):
    """A question may build a table as `Flat` (no pandas): the terminal prints it at any width, whole (written
    without pandas where it is plain, core.frametext) or fitted, as the same table built as a DataFrame, and every
    reader of `Result.tables` gets that DataFrame."""
    rng = np.random.default_rng(100 + seed)
    flat = _random_flat(rng, int(rng.integers(0, 30)), odd=seed >= 40)
    df = pd.DataFrame(dict(zip(flat.columns, flat.data)), index=pd.Index(flat.index, name=flat.names[0]))
    for width in (None, 40, 80, 200):
        for top in (None, 5):
            assert tables.fit(flat, width, top) == tables.fit(df, width, top)
    result = tables.Result("t", {"main": flat}, {})
    pd.testing.assert_frame_equal(result.tables["main"], df, check_dtype=False, check_index_type=False)
    assert isinstance(dict(result.tables)["main"], pd.DataFrame)
    for fmt in ("csv", "markdown"):
        assert tables.render(result, fmt) == tables.render(tables.Result("t", {"main": df}, {}), fmt)
