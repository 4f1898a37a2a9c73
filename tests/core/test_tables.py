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
