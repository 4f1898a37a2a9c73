import json

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
