"""Every table fits the terminal: at 80 columns no line is longer (long labels lettered with a legend, text cut,
the rightmost columns left out with a note), numbers at the precision their interval supports, a ranking cut to
--top with "... K more" and its exact zeros in one line; --wide prints everything."""
import numpy as np
import pandas as pd
import pytest

from analyzer.core import registry, tables
from tests.cli_helpers import invoke

WIDTH = 80


def _widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def wide_balance_table() -> pd.DataFrame:
    rules = ["first_edition", "flat_overall_ladder", "seat_0_plus_ten"]
    index = pd.MultiIndex.from_product([rules, range(4)], names=["rule set", "seat"])
    rng = np.random.default_rng(1)
    rate = rng.uniform(0.1, 0.4, len(index))
    return pd.DataFrame({"win rate": rate, "lo95": rate - 0.021, "hi95": rate + 0.023,
                         **{f"column {i} with a long name": rng.uniform(0, 50, len(index)) for i in range(8)},
                         "detected": [True, False] * 6}, index=index)


def test_a_wide_table_fits_with_its_legend_and_a_note_of_what_is_left_out():
    text = tables.fit(wide_balance_table(), WIDTH)
    assert _widest(text) <= WIDTH
    assert "A = first_edition; B = flat_overall_ladder; C = seat_0_plus_ten" in " ".join(text.split("\n"))
    assert "not shown, to fit 80 columns:" in text and "detected" in text.split("not shown")[1]
    assert "--wide" in text


def test_numbers_at_the_precision_their_interval_supports():
    text = tables.fit(wide_balance_table(), 200)
    row = text.splitlines()[2].split()
    assert row[2] == f"{wide_balance_table()['win rate'].iloc[0]:.2f}"  # half-width 0.022: two decimals
    assert all(len(cell.split(".")[1]) == 2 for cell in row[2:5])


def test_wide_prints_every_column_whole():
    text = tables.fit(wide_balance_table(), None)
    assert "column 7 with a long name" in text and "detected" in text and "flat_overall_ladder" in text


def test_a_ranking_shows_its_top_rows_and_folds_its_zeros():
    df = pd.DataFrame({"action": [f"move {i}" for i in range(30)],
                       "ev": [3.0 - i * 0.1 for i in range(20)] + [0.0] * 8 + [-1.0, -2.0]},
                      index=pd.Index(range(1, 31), name="rank"))
    text = tables.fit(df, WIDTH, top=5)
    assert "move 4" in text and "move 5 " not in text
    assert "... 17 more" in text
    assert "8 rows exactly 0: move 20, move 21" in text
    assert "move 29" not in tables.fit(df, WIDTH, top=21) and "-1.0000" in tables.fit(df, WIDTH, top=21)


def test_top_holds_for_a_whole_table_too():
    df = pd.DataFrame({"ev": [3.0 - i for i in range(30)]}, index=pd.Index(range(1, 31), name="rank"))
    text = tables.fit(df, None, top=4)
    assert "... 26 more" in text and len(text.splitlines()) == 2 + 4 + 1


def test_output_that_is_no_terminal_is_whole_unless_columns_is_set():
    args = ("ask", "income", registry.SCENARIOS / "catan" / "where-to-settle.yaml", "--no-progress")
    piped = invoke(*args, env={"COLUMNS": None})
    assert piped.exit_code == 0 and _widest(piped.stdout) > WIDTH and "not shown" not in piped.stdout


def test_a_table_that_ranks_nothing_keeps_every_row():
    df = pd.DataFrame({"p": [0.1, 0.5, 0.2] * 20}, index=pd.Index(range(60), name="space"))
    assert "more" not in tables.fit(df, WIDTH, top=5)


def test_the_command_line_fits_80_columns_and_wide_opts_out():
    args = ("ask", "income", registry.SCENARIOS / "catan" / "where-to-settle.yaml", "--no-progress")
    fitted = invoke(*args, env={"COLUMNS": "80"})
    assert fitted.exit_code == 0, fitted.output
    assert _widest(fitted.stdout) <= WIDTH and "not shown, to fit 80 columns" in fitted.stdout
    whole = invoke(*args, "--wide", env={"COLUMNS": "80"})
    assert _widest(whole.stdout) > WIDTH and "not shown" not in whole.stdout


# Every shipped scenario's answer at 80 columns: tests/cli/test_every_question_writes.py (one sweep for both checks).
