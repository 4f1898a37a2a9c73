"""A table without pandas, for the answers a person reads at the terminal (`tables.fit`), and the mapping of a
Result's tables that hands every other reader a DataFrame.

Importing pandas can take longer than a one-shot answer computes (issue 56): a question may build its tables
as `Flat` (plain lists), the terminal renders them as they are, and CSV, JSON, Markdown, plots and reports get
the same table as a DataFrame, made on first access (`Tables`)."""
from __future__ import annotations

from dataclasses import dataclass

KINDS = ("b", "i", "f", "O")  # a column's values: bool, integer, float (None for missing), anything else


@dataclass
class Flat:
    """Row labels (tuples where the rows have several levels), the levels' names (None: unnamed), column names,
    and per column its values and its kind (KINDS)."""
    index: list
    names: list
    columns: list
    data: list
    kinds: list

    @classmethod
    def of(cls, columns: dict, index: list, name=None, kinds: dict | None = None) -> Flat:
        """A table from {column name: values} with one level of row labels; each column's kind read from its
        values, as pandas would type them, unless `kinds` names it."""
        kinds = kinds or {}
        return cls(list(index), [name], list(columns), [list(v) for v in columns.values()],
                   [kinds.get(c) or _kind(v) for c, v in columns.items()])

    @classmethod
    def from_frame(cls, df) -> Flat:
        """A DataFrame with one level of columns as a Flat (missing numbers as None)."""
        import pandas as pd

        kinds, data = [], []
        for i in range(df.shape[1]):
            column = df.iloc[:, i]
            kind = ("b" if pd.api.types.is_bool_dtype(column) else "i" if pd.api.types.is_integer_dtype(column)
                    else "f" if pd.api.types.is_numeric_dtype(column) else "O")
            values = column.tolist()
            if kind in "if":
                values = [None if pd.isna(v) else v for v in values]
            kinds.append(kind)
            data.append(values)
        return cls(df.index.tolist(), list(df.index.names), list(df.columns), data, kinds)

    def frame(self):
        """The same table as a pandas DataFrame."""
        import pandas as pd

        columns = {}
        for name, values, kind in zip(self.columns, self.data, self.kinds):
            columns[name] = pd.Series(values, dtype=float if kind == "f" else None)
        df = pd.DataFrame(columns)
        if len(self.names) > 1:
            levels = list(zip(*self.index)) if self.index else [[]] * len(self.names)
            df.index = pd.MultiIndex.from_arrays(levels, names=self.names)
        else:
            df.index = pd.Index(self.index, name=self.names[0])
        return df

    @property
    def rows(self) -> int:
        return len(self.index)

    def take(self, rows: list[int]) -> Flat:
        """These rows, in this order."""
        return Flat([self.index[r] for r in rows], self.names, self.columns,
                    [[values[r] for r in rows] for values in self.data], self.kinds)

    def keep_columns(self, count: int) -> Flat:
        """The first `count` columns."""
        return Flat(self.index, self.names, self.columns[:count], self.data[:count], self.kinds[:count])

    def rename(self, columns: dict) -> Flat:
        return Flat(self.index, self.names, [columns.get(c, c) for c in self.columns], self.data, self.kinds)


def _kind(values) -> str:
    """A column's kind from its (Python) values: None among numbers makes them floats, as in pandas."""
    given = [v for v in values if v is not None]
    if not given:
        return "O"
    if all(isinstance(v, bool) for v in given):
        return "b" if len(given) == len(values) else "O"
    if all(isinstance(v, int) and not isinstance(v, bool) for v in given) and len(given) == len(values):
        return "i"
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in given):
        return "f"
    return "O"


class Tables(dict):
    """A Result's tables, name -> DataFrame for every reader: a table built as `Flat` becomes a DataFrame when
    read (once); the terminal reads the tables as they were built (`dict.items(tables)`)."""

    def __getitem__(self, name):
        value = dict.__getitem__(self, name)
        if isinstance(value, Flat):
            value = value.frame()
            dict.__setitem__(self, name, value)
        return value

    def get(self, name, default=None):
        return self[name] if name in self else default

    def values(self):
        return [self[name] for name in self]

    def items(self):
        return [(name, self[name]) for name in self]

    def __iter__(self):
        return iter(list(dict.keys(self)))
