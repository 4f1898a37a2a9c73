"""An analysis result -> terminal text, CSV, JSON or Markdown; and atomic files on disk."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from analyzer.core import frametext
from analyzer.core.flat import Flat
from analyzer.core.game import Plot, Result

__all__ = ["Plot", "Result", "render", "fit", "to_json", "write_outputs", "markdown_table"]

FORMATS = ("table", "json", "csv", "markdown")


def _jsonable(value):
    import numpy as np

    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def to_json(result: Result) -> str:
    payload = {**result.payload, "meta": result.meta} if result.meta else result.payload
    return json.dumps(_jsonable(payload), indent=2, default=str)  # a value JSON has no type for (a Fraction): its text


def _unique(names: list[str], taken: set[str]) -> list[str]:
    """`names` with any already in `taken` (or earlier in `names`) numbered: "x" -> "x (2)"."""
    out = []
    for name in names:
        new, k = name, 2
        while new in taken:
            new, k = f"{name} ({k})", k + 1
        taken.add(new)
        out.append(new)
    return out


def file_table(df):
    """`df` as a CSV or JSON file holds it, whatever the game built: one row of column names, each name once (a
    repeated one numbered), and index names apart from them (an index named like a column, or like another level,
    numbered too; unnamed levels stay unnamed unless pandas' default name for them is taken).  A view: `df` is
    left as it is."""
    import pandas as pd

    columns = ([" / ".join(map(str, c)) for c in df.columns] if isinstance(df.columns, pd.MultiIndex)
               else [str(c) for c in df.columns])
    columns = _unique(columns, set())
    single = df.index.nlevels == 1
    given = [None if n is None else str(n) for n in df.index.names]
    shown = [n if n is not None else "index" if single else f"level_{i}" for i, n in enumerate(given)]
    index = [None if g is None and s == n else n for g, s, n in zip(given, shown, _unique(shown, set(columns)))]
    out = df.copy(deep=False)
    out.columns = columns
    out.index = out.index.set_names(index[0] if single else index)
    return out


def table_json(df) -> str:
    """A table as JSON Table Schema (pandas' orient="table"), for any table `file_table` takes."""
    return file_table(df).to_json(orient="table", indent=2, default_handler=str)


def markdown_table(df, digits: int = 4) -> str:
    import numpy as np
    import pandas as pd

    def cell(v):
        if isinstance(v, (float, np.floating)):
            return "" if pd.isna(v) else f"{v:.{digits}f}"
        return str(v).replace("|", "\\|")

    head = [str(df.index.name or "")] + [str(c) for c in df.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for idx, row in df.iterrows():
        lines.append("| " + " | ".join([cell(idx)] + [cell(v) for v in row]) + " |")
    return "\n".join(lines)


def shown_tables(result: Result, flat: bool = False) -> dict:
    """The tables under the headings a person reads (`Result.names`): the terminal and Markdown (CSV and JSON,
    for scripts, keep the keys).  `flat`: as the terminal reads them (`Flat` where the question built them so,
    so that no DataFrame is made)."""
    names = result.names
    tables = dict(dict.items(result.tables) if flat else result.tables.items())
    if not names:
        return tables
    return {names.get(name, name): df.rename(columns=names) for name, df in tables.items()}


def render(result: Result, fmt: str = "table", width: int | None = None, top: int | None = None,
           height: int = 24) -> str:
    """The result as text.  `table` at `width` columns (None: as wide as the tables are, `--wide`): see `fit`."""
    if fmt == "json":
        return to_json(result)
    parts = []
    if fmt == "csv":
        for name, df in result.tables.items():
            if len(result.tables) > 1:
                parts.append(f"# {name}")
            parts.append(file_table(df).to_csv(float_format="%.6g").rstrip("\n"))
        return "\n".join(parts)
    if fmt == "markdown":
        parts.append(f"# {result.title}\n")
        for name, df in shown_tables(result).items():
            parts.append(f"## {name}\n\n{markdown_table(df)}\n")
        parts.extend(f"- {note}" for note in result.notes)
        return "\n".join(parts)
    parts.extend([result.title] if width is None else _wrap(result.title, width))
    for name, df in shown_tables(result, flat=True).items():
        parts.append(f"\n{name}\n{fit(df, width, top, height)}")
    if result.notes:
        parts.append("")
        parts.extend(result.notes if width is None else (line for note in result.notes
                                                        for line in _wrap(note, width)))
    return "\n".join(parts)


# -- the terminal: every table fits its width -------------------------------------------------------------
# A table is rendered as a `Flat` (plain lists: no pandas where the question built it so); the text of a table
# with one level of row labels is written here as pandas' to_string writes it, a table with several levels
# by pandas.

LOW = ("lo95", "hi95")  # an interval's ends: in a column of their own, or as "X lo95" beside X
HALF = ("±95%", "ci95")  # a half-width: "X ±95%" beside X, or a column of its own after X
LABEL_MAX = 12  # longer row labels are lettered, with a legend, when a table does not fit


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=True) or [""]


def _intervals(table: Flat) -> dict[str, list[str]]:
    """estimate column -> the columns of its interval ([lo, hi], or [half-width]), by the names beside it."""
    cols = [str(c) for c in table.columns]
    found = {}
    for i, c in enumerate(cols):
        if c.endswith(LOW + HALF) or c in LOW + HALF:
            continue
        lo_hi = [f"{c} {LOW[0]}", f"{c} {LOW[1]}"]
        after = cols[i + 1:i + 3]
        if all(x in cols for x in lo_hi):
            found[c] = lo_hi
        elif after == list(LOW):
            found[c] = after
        elif any(f"{c} {h}" in cols for h in HALF):
            found[c] = [next(f"{c} {h}" for h in HALF if f"{c} {h}" in cols)]
        elif after[:1] and after[0] in HALF:
            found[c] = after[:1]
    return found


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and value != value)


def _numbers(values) -> list[float]:
    """Values as floats, NaN where not a number (pandas' to_numeric with errors="coerce")."""
    out = []
    for v in values:
        try:
            out.append(float("nan") if v is None else float(v))
        except (TypeError, ValueError):
            out.append(float("nan"))
    return out


def _halfwidth(table: Flat, columns: list[str]) -> list[float]:
    named = {str(c): i for i, c in enumerate(table.columns)}
    values = [_numbers(table.data[named[c]]) for c in columns]
    return [(hi - lo) / 2 for lo, hi in zip(*values)] if len(values) == 2 else values[0]


def _decimals(table: Flat) -> dict[str, int]:
    """Each float column's decimals: an estimate and its interval at the precision the narrowest interval in the
    column supports (core.precision), every other float column at 4."""
    from math import isfinite

    from analyzer.core.precision import decimals

    out = {}
    for estimate, interval in _intervals(table).items():
        half = [h for h in _halfwidth(table, interval) if isfinite(h) and h > 0]
        digits = decimals(float(min(half)) if half else None)
        for c in [estimate, *interval]:
            out[c] = digits
    return out


def _cells(table: Flat) -> Flat:
    """Every value as the text shown: numbers at their precision, integers whole, blanks for missing."""
    digits = _decimals(table)
    shown = []
    for c, values, kind in zip(table.columns, table.data, table.kinds):
        if kind in "bO":
            shown.append(["" if _missing(v) else str(v) for v in values])
            continue
        d = digits.get(str(c), 4)
        shown.append(["" if _missing(v) else f"{int(v)}" if kind == "i" else f"{v:.{d}f}" for v in values])
    return Flat(table.index, table.names, table.columns, shown, ["O"] * len(shown))


def _numeric(table: Flat) -> list[int]:
    return [i for i, kind in enumerate(table.kinds) if kind in "if"]


def _ranks(table: Flat) -> bool:
    """A table that ranks options: its first numeric column never rises from row to row (best first)."""
    numeric = _numeric(table)
    if table.rows < 3 or not numeric or len(table.names) > 1:
        return False
    if str(table.names[0]) in ("#", "rank"):
        return True
    values = _numbers(table.data[numeric[0]])
    steps = [b - a for a, b in zip(values, values[1:])]
    steps = [0.0 if s != s else s for s in steps]
    return any(s != 0 for s in steps) and (all(s <= 0 for s in steps) or all(s >= 0 for s in steps))


def _label(index_value) -> str:
    return " ".join(map(str, index_value)) if isinstance(index_value, tuple) else str(index_value)


def _fold(table: Flat, top: int | None, height: int) -> tuple[Flat, list[str]]:
    """A ranking's rows that are exactly 0 in every number, folded into one line; past `top` rows (default: what
    fits a screen of `height` lines), "... K more"."""
    if not _ranks(table):
        return table, []
    lines = []
    numeric = [_numbers(table.data[i]) for i in _numeric(table)]
    zero = [all(v == 0 or v != v for v in row) and any(v == 0 for v in row) for row in zip(*numeric)]
    if sum(zero) >= 2:
        text = [i for i, kind in enumerate(table.kinds) if kind == "O"]
        labels = table.data[text[0]] if text else table.index
        names = [_label(v) for v, z in zip(labels, zero) if z]
        listed = ", ".join(names[:6]) + (f", ... ({len(names) - 6} more)" if len(names) > 6 else "")
        lines.append(f"{len(names)} rows exactly 0: {listed}")
        table = table.take([r for r, z in enumerate(zero) if not z])
    limit = top if top is not None else max(10, height - 8)
    if table.rows > limit:
        lines.insert(0, f"... {table.rows - limit} more (--top N shows N rows; -f json shows every row)")
        table = table.take(list(range(limit)))
    return table, lines


def _letters(labels: list[str]) -> dict[str, str]:
    import string

    letters = string.ascii_uppercase
    return {label: (letters[i] if i < 26 else f"{letters[i // 26 - 1]}{letters[i % 26]}")
            for i, label in enumerate(labels)}


def _shorten(table: Flat) -> tuple[Flat, list[str]]:
    """Row labels longer than LABEL_MAX replaced by letters, with the legend."""
    levels = len(table.names)
    mapping = {}
    for level in range(levels):
        values = [label[level] if levels > 1 else label for label in table.index]
        values = [v for v in dict.fromkeys(values) if isinstance(v, str)]  # in row order
        if any(len(v) > LABEL_MAX for v in values):
            mapping.update(_letters(values))
    if not mapping:
        return table, []

    def short(v):
        return mapping.get(v, v) if isinstance(v, str) else v

    index = [tuple(short(v) for v in label) if levels > 1 else short(label) for label in table.index]
    legend = ["; ".join(f"{s} = {long}" for long, s in mapping.items())]
    return Flat(index, table.names, table.columns, table.data, table.kinds), legend


TEXT_MAX = 24  # a text cell cut to this, when a table does not fit


def _cut(cells: Flat) -> tuple[Flat, list[str]]:
    """Text cells longer than TEXT_MAX cut (the numbers are never cut); the columns cut."""
    cut, data = [], []
    for c, column in zip(cells.columns, cells.data):
        if any(len(v) > TEXT_MAX and not _number(v) for v in column):
            column = [v if len(v) <= TEXT_MAX or _number(v) else v[:TEXT_MAX - 1] + "…" for v in column]
            cut.append(str(c))
        data.append(column)
    return Flat(cells.index, cells.names, cells.columns, data, cells.kinds), cut


def _number(text: str) -> bool:
    try:
        float(text.replace(",", ""))
    except ValueError:
        return False
    return True


def _text(cells: Flat) -> str:
    """The cells (text) as pandas' to_string writes them: row labels left-aligned under the index's name, then
    each column one space on, right-aligned to its name or its widest cell and one space more (pandas' leading
    space)."""
    if len(cells.names) > 1 or not cells.rows or not cells.columns:
        import pandas as pd

        with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 10**6,
                               "display.max_colwidth", None):
            return cells.frame().to_string(na_rep="")
    labels = [str(v) for v in cells.index]
    name = cells.names[0]
    left = max(len(v) for v in labels + ([str(name)] if name is not None else []))
    heads = [str(c) for c in cells.columns]
    widths = [max(len(h), 1 + max(len(v) for v in column)) for h, column in zip(heads, cells.data)]
    lines = [" " * left + "".join(f" {h:>{w}}" for h, w in zip(heads, widths))]
    if name is not None:
        lines.append(f"{str(name):<{left}}" + " " * sum(w + 1 for w in widths))
    for r, label in enumerate(labels):
        lines.append(f"{label:<{left}}" + "".join(f" {column[r]:>{w}}" for column, w in zip(cells.data, widths)))
    return "\n".join(lines)


def fit(df, width: int | None = None, top: int | None = None, height: int = 24) -> str:
    """One table (a DataFrame or a `Flat`) as terminal text.  At `width` columns: a ranking shows its `top` rows
    ("... K more") with its rows of exact zeros folded into one line; numbers at the precision their interval
    supports; if still too wide, long row labels lettered (a legend follows), then the rightmost columns left out,
    with a note naming them.  `width` None (--wide): every row and column as it is."""
    if width is None:  # the whole table, as pandas writes it (output that is no terminal, or --wide)
        more, rows = [], df.rows if isinstance(df, Flat) else len(df)
        if top is not None and rows > top and _ranks(df if isinstance(df, Flat) else Flat.from_frame(df)):
            more = [f"... {rows - top} more (a larger --top shows them)"]
            df = df.take(list(range(top))) if isinstance(df, Flat) else df.head(top)
        text = frametext.whole(df) if isinstance(df, Flat) else None  # a plain table: written without pandas
        if text is not None:
            return "\n".join([text, *more])
        import pandas as pd

        df = df.frame() if isinstance(df, Flat) else df
        with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 10**6,
                               "display.float_format", "{:.4f}".format):
            return "\n".join([df.to_string(na_rep=""), *more])
    table = df if isinstance(df, Flat) else Flat.from_frame(df)
    table, folded = _fold(table, top, height)
    cells = _cells(table)
    text, legend = _text(cells), []
    if _widest(text) > width:
        cells, legend = _shorten(cells)
        text = _text(cells)
    if _widest(text) > width:
        cells, cut = _cut(cells)
        text = _text(cells)
        legend += [f"text longer than {TEXT_MAX} characters cut (…) in: {', '.join(cut)}"] if cut else []
    dropped = []
    while _widest(text) > width and len(cells.columns) > 1:
        last = str(cells.columns[-1])
        pair = last[:-len(LOW[1])] + LOW[0] if last.endswith(LOW[1]) else None  # an interval goes whole
        gone = 2 if pair is not None and len(cells.columns) > 2 and str(cells.columns[-2]) == pair else 1
        dropped[:0] = [str(c) for c in cells.columns[-gone:]]
        cells = cells.keep_columns(len(cells.columns) - gone)
        text = _text(cells)
    notes = folded + legend
    if dropped:
        notes.append(f"not shown, to fit {width} columns: {', '.join(dropped)} (--wide or -f json shows them)")
    return "\n".join([text, *(line for note in notes for line in _wrap(note, width))])


def _widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


MARKER = ".analyzer-out"  # in every folder `--out` wrote: the next run into that folder replaces it whole
NAME_MAX = 255  # bytes in one file name (every common file system)
PATH_MAX = 4000  # bytes in a whole path (Linux: 4096)


def _shown(path) -> str:
    text = str(path)
    return text if len(text) <= 90 else f"{text[:40]}...{text[-40:]} ({len(text)} characters)"


def path_error(option: str, path, why: str):
    from analyzer.core.errors import AnalyzerError

    return AnalyzerError(f"{option}: {_shown(path)}: {why}")


def write_error(option: str, path, exc: OSError):
    return path_error(option, path, f"cannot write it ({exc.strerror or type(exc).__name__})")


def check_names(option: str, path: Path, extra: tuple[str, ...] = ()) -> None:
    """Every name in `path` (and the `extra` names to be made beside it) short enough for a file system."""
    for part in [*Path(path).parts, *extra]:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise path_error(option, path, f"a name of {size} bytes; a file system takes at most {NAME_MAX}")
    if len(os.fsencode(os.path.abspath(path))) > PATH_MAX:
        raise path_error(option, path, f"a path of over {PATH_MAX} bytes")


def nearest_existing(path: Path) -> Path:
    """`path` itself if it exists, else its nearest ancestor that does."""
    path = Path(os.path.abspath(path))
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def probe_folder(option: str, target, folder: Path) -> None:
    """Make and remove a temporary folder in `folder`: the one sure test (read-only mounts, /proc, /sys, full
    permissions as root) that files can be made there.  Nothing is left behind."""
    if not folder.is_dir():
        raise path_error(option, target, f"{_shown(folder)} is not a folder")
    try:
        import tempfile  # only where a file is written: a table at the terminal writes none

        before = os.stat(folder)
        os.rmdir(tempfile.mkdtemp(prefix=".analyzer-probe-", dir=folder))
    except OSError as exc:
        raise write_error(option, target, exc) from None
    try:  # the folder's times as they were: a check that fails is no change either
        os.utime(folder, ns=(before.st_atime_ns, before.st_mtime_ns))
    except OSError:
        pass


def check_out_file(path: str | Path, option: str, what_to_name: str = "a file to write",
                   beside: tuple[str, ...] | None = None) -> Path:
    """Before any work: can the file `path` be written (made or replaced), with the `beside` names made next to
    it (default: its temporary file)?  A one-line error for a folder, a device, an unwritable place or an
    over-long name; `what_to_name` ends the folder/device message."""
    given = Path(path)
    if str(path) == "":
        raise path_error(option, "''", "an empty path; name the file to write")
    if os.path.lexists(given) and not given.is_file():
        what = "a folder" if given.is_dir() else "not a regular file (a device, a pipe, ...)"
        raise path_error(option, given, f"{what}; name {what_to_name}")
    check_names(option, given, (given.name + ".tmp",) if beside is None else beside)
    probe_folder(option, given, nearest_existing(Path(os.path.abspath(given)).parent))
    return given


def check_out_dir(out_dir: str | Path, option: str = "--out") -> str:
    """Before any work: can `--out DIR` be written?  Returns how it will be: "new" (made at the end), "empty" (an
    empty folder, filled) or "replace" (a folder analyzer wrote before, replaced whole); a one-line error for a
    file, a device, a non-empty folder analyzer did not write, an unwritable place or an over-long name."""
    out = Path(out_dir)
    if str(out_dir) == "":
        raise path_error(option, "''", "an empty path; name a folder")
    check_names(option, out)
    here = Path(os.path.abspath(out))
    if os.path.lexists(here):
        if not here.is_dir():
            raise path_error(option, out, "not a folder (it exists); name a new folder or one analyzer wrote before")
        try:
            entries = [e.name for e in os.scandir(here)]
        except OSError as exc:
            raise path_error(option, out, f"cannot read it ({exc.strerror or type(exc).__name__})") from None
        if not entries:
            probe_folder(option, out, here)
            return "empty"
        if MARKER not in entries:
            raise path_error(option, out, f"holds files analyzer did not write ({len(entries)} entries); such a folder is "
                                      "never emptied or mixed with a run: name a new or empty folder")
        if here.parent == here or here == Path.cwd():
            raise path_error(option, out, "the current (or root) folder cannot be replaced; name another folder")
        probe_folder(option, out, here.parent)
        return "replace"
    probe_folder(option, out, nearest_existing(here))
    return "new"


def write_outputs(result: Result, out_dir: str | Path) -> list[Path]:
    """Every table as CSV and JSON, the payload as result.json, the plots as PNG, and the marker file.

    Everything is written into a temporary folder beside `out_dir` first; then a new folder is moved into
    place (folders it needs included), an empty one is filled, and one analyzer wrote before (it holds the
    marker) is swapped for the new one as a whole.  An error or Ctrl-C leaves `out_dir` as it was; an OSError
    is a one-line AnalyzerError."""
    out = Path(out_dir)
    how = check_out_dir(out)  # again: the run may have taken hours
    here = Path(os.path.abspath(out))
    base = here if how == "empty" else nearest_existing(here) if how == "new" else here.parent
    import tempfile  # only where a file is written

    staging = old = None
    moved: list[Path] = []  # files moved into an empty folder so far: taken out again if the run stops
    try:
        staging = Path(tempfile.mkdtemp(prefix=".analyzer-", dir=base))
        rel = here.relative_to(base) if how == "new" else Path(here.name)
        folder = staging / rel if how != "empty" else staging
        folder.mkdir(parents=True, exist_ok=True)
        for name, df in result.tables.items():
            file_table(df).to_csv(folder / f"{name}.csv")
            (folder / f"{name}.json").write_text(table_json(df))
        (folder / "result.json").write_text(to_json(result))
        if result.plots:
            from analyzer.core import plots

            for plot in result.plots:
                getattr(plots, plot.kind)(result.tables[plot.table], folder / f"{plot.name}.png", **plot.options)
        (folder / MARKER).write_text("Written by analyzer (--out). The next run with --out here replaces this "
                                     "folder as a whole.\n")
        names = sorted(p.name for p in folder.iterdir() if p.name != MARKER)
        if how == "new":
            os.rename(staging / rel.parts[0], base / rel.parts[0])
        elif how == "empty":
            for name in [*names, MARKER]:
                os.replace(folder / name, here / name)
                moved.append(here / name)
        else:
            old = Path(tempfile.mkdtemp(prefix=f".{here.name[:200]}.old-", dir=here.parent))
            os.rename(here, old / "out")
            os.rename(folder, here)
        moved = []
        return [out / name for name in names]
    except OSError as exc:
        raise write_error("--out", out, exc) from None
    finally:
        for path in moved:
            path.unlink(missing_ok=True)
        if old is not None:
            if not os.path.lexists(here) and (old / "out").exists():
                os.rename(old / "out", here)  # stopped between the two renames: the earlier run comes back
            shutil.rmtree(old, ignore_errors=True)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
