"""A whole table (`Flat`) as text, without pandas: what `--wide` and output that is no terminal print.

That text is pandas' `DataFrame.to_string(na_rep="")` under `tables.fit`'s options (floats "{:.4f}", no row or
width limit, cells cut at pandas' default 50 characters).  Importing pandas takes longer than a one-shot answer
computes (issue 56), so the plain tables every question builds are written here as pandas writes them; a table
with anything else (several levels of row labels, mixed or missing text, labels pandas would quote, pad or cut)
gets None, and pandas writes it.  tests/core/test_tables.py holds the two to the same bytes on random tables."""
from __future__ import annotations

from analyzer.core.flat import Flat

MAX_WIDTH = 50  # pandas' display.max_colwidth: a longer cell is cut, which pandas does here
INT64 = 2 ** 63


def _plain_text(value, cell: bool = False) -> bool:
    """Text pandas prints as it is (no escapes, no padding of its own, not cut); a cell may be empty."""
    return (isinstance(value, str) and (value[:1] != "" and not value[0].isspace() or cell and value == "")
            and len(value) < MAX_WIDTH and not any(c in value for c in "\t\r\n"))


def _column(values: list, kind: str) -> tuple[list[str], bool] | None:
    """A column's cells as pandas formats them (with its leading space), and whether pandas counts it numeric
    (its name then gets a leading space too); None where pandas is left to do it."""
    if kind == "f":
        if not all(v is None or isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            return None
        cells = ["" if v is None or v != v else f"{float(v):.4f}" for v in values]
        return (cells, True) if all(len(v) < MAX_WIDTH for v in cells) else None
    if kind == "i":
        if not all(type(v) is int and -INT64 <= v < INT64 for v in values):
            return None
        return [f"{v: d}" for v in values], True
    if kind == "b":
        if not all(isinstance(v, bool) for v in values):
            return None
        return [f" {v}" for v in values], True
    if all(_plain_text(v, cell=True) for v in values):
        return [f" {v}" for v in values], False
    return None


def _labels(index: list) -> list[str] | None:
    if all(type(v) is int and 0 <= v < INT64 for v in index) or all(_plain_text(v) for v in index):
        return [str(v) for v in index]
    return None


def whole(table: Flat) -> str | None:
    """The table as pandas' to_string writes it (see the module's note), or None for pandas to write."""
    name = table.names[0] if len(table.names) == 1 else None
    if len(table.names) != 1 or not table.rows or not table.columns or not (name is None or _plain_text(name)):
        return None
    labels = _labels(table.index)
    columns = [_column(values, kind) for values, kind in zip(table.data, table.kinds)]
    if labels is None or any(c is None for c in columns) or not all(_plain_text(c) for c in table.columns):
        return None
    header_rows = 1 if name is None else 2
    index = [""] + ([] if name is None else [name]) + labels
    left = max(len(v) for v in index)
    parts = [[f"{v:<{left}}" for v in index]]
    for head, (cells, numeric) in zip(table.columns, columns):
        head = f" {head}" if numeric else head
        width = max(len(head), *(len(v) for v in cells))
        parts.append([f"{head:>{width}}"] + [" " * width] * (header_rows - 1) + [f"{v:>{width}}" for v in cells])
    return "\n".join(" ".join(row) for row in zip(*parts))
