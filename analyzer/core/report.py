"""Reports: a self-contained HTML page and its Markdown twin, for any analysis result.

A `Report` is a title and sections of blocks: text, bullet lists, tables (DataFrames),
plots (a `tables.Plot` drawn from a table of the result) and pictures (a `Picture`: a hook that
draws a PNG and returns its alt text, e.g. a game's `draw`).  `write(report, path)` renders
every plot once as PNG and writes, atomically:

- `NAME.html`: everything inline (styles in a <style> block, plots as base64 `data:` URIs),
  no scripts, fonts or links to fetch, so it opens in a browser with no network; every section
  and heading has an anchor (GitHub's slug of its text, so the Markdown's links land too), a
  table of more than `LONG_ROWS` rows scrolls in its own box (its head stays in view), wide tables
  scroll sideways in theirs, a table much wider than long is turned on its side, and a print
  stylesheet prints it all;
- `NAME.md`: the same text and tables, the plots as files in `NAME-plots/` beside it.

Numbers are shown at the precision their 95% interval supports (`core.precision`; an estimate's interval is
the column after it, `±95%`, `ci95`, `X ±95%`, or a `lo95`/`hi95` pair); values with none get `DECIMALS`.
Text may hold `code` spans, **bold** and links to anchors, `[words](#anchor)` (see `anchor`).
`position(...)` builds the report of a position: every question it supports, answered.
"""
from __future__ import annotations

import base64
import html
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core import sources
from analyzer.core.tables import Plot


@dataclass
class Picture:
    """A picture the report draws itself: `draw(path)` writes a PNG and returns its alt text (or None)."""
    name: str  # file stem
    draw: object
    alt: str = ""  # filled in when drawn


@dataclass
class Block:
    kind: str  # "heading" | "text" | "list" | "summary" | "table" | "plot" | "picture" | "code"
    body: object  # str | list[str] | DataFrame | Plot | Picture
    caption: str = ""


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)

    def heading(self, body: str) -> "Section":
        self.blocks.append(Block("heading", body))
        return self

    def text(self, body: str) -> "Section":
        self.blocks.append(Block("text", body))
        return self

    def bullets(self, items) -> "Section":
        self.blocks.append(Block("list", list(items)))
        return self

    def summary(self, items) -> "Section":
        """The one or two conclusions a reader can quote, set apart at the top."""
        self.blocks.append(Block("summary", list(items)))
        return self

    def table(self, df: pd.DataFrame, caption: str = "") -> "Section":
        self.blocks.append(Block("table", df, caption))
        return self

    def plot(self, plot: Plot, caption: str = "") -> "Section":
        self.blocks.append(Block("plot", plot, caption))
        return self

    def picture(self, picture: Picture, caption: str = "") -> "Section":
        self.blocks.append(Block("picture", picture, caption))
        return self

    def code(self, body: str) -> "Section":
        self.blocks.append(Block("code", body))
        return self


def anchor(text: str) -> str:
    """The anchor of a heading: GitHub's slug of its text (lower case, punctuation dropped, spaces to hyphens),
    so `[words](#anchor)` lands in the HTML and in the Markdown as GitHub renders it."""
    return re.sub(r"[^\w\- ]", "", str(text).replace("`", "").strip().lower()).replace(" ", "-")


def link(words: str, heading: str) -> str:
    """`[words](#anchor)`: a link to the heading's anchor, for a report's text."""
    return f"[{words}](#{anchor(heading)})"


@dataclass
class Report:
    title: str
    subtitle: str
    sections: list[Section]
    tables: dict[str, pd.DataFrame]  # what the plots draw from

    def section(self, title: str) -> Section:
        section = Section(title)
        self.sections.append(section)
        return section

    @property
    def plots(self) -> list[Plot]:
        return [b.body for s in self.sections for b in s.blocks if b.kind == "plot"]

    @property
    def pictures(self) -> list[Picture]:
        return [b.body for s in self.sections for b in s.blocks if b.kind == "picture"]


LONG_ROWS = 12  # a longer table scrolls inside its box (it prints whole)
WIDE_COLUMNS = 12  # a table with more columns than this and at most half as many rows is shown on its side
DECIMALS = 3  # a value without an interval (exact, or a setting)

CSS = """
html { -webkit-text-size-adjust: 100%; }
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 60rem;
       margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; line-height: 1.45; overflow-wrap: anywhere; }
h1 { font-size: 1.7rem; margin-bottom: 0.2rem; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; }
h2, h3 { scroll-margin-top: 0.5rem; }
a { color: #0b5cad; } :target { background: #fff6d5; }
.subtitle { color: #555; margin-top: 0; }
nav.contents { font-size: 0.9rem; color: #555; } nav.contents a { margin-right: 0.2rem; }
.summary { background: #f3f7fb; border-left: 4px solid #0072B2; padding: 0.3rem 0.8rem; }
.summary ul { padding-left: 1.1rem; margin: 0.3rem 0; } .summary li { margin: 0.3rem 0; }
.depends { display: block; color: #555; font-size: 0.9rem; }
.scroll { max-width: 100%; overflow-x: auto; margin: 0.5rem 0 0.3rem; }
.scroll.long { max-height: 26rem; overflow-y: auto; width: fit-content; border-bottom: 1px solid #d0d0d0; }
.scroll.long thead th { position: sticky; top: 0; box-shadow: 0 1px 0 #d0d0d0; }
table { border-collapse: collapse; font-size: 0.85rem; overflow-wrap: normal; }
th, td { border: 1px solid #d0d0d0; padding: 0.2rem 0.5rem; text-align: right; }
th { background: #f2f2f2; } td.text, th.text { text-align: left; }
td:first-child { white-space: nowrap; }  /* a row's name on one line; the box scrolls sideways instead */
.caption { color: #555; font-size: 0.85rem; margin: 0 0 1.2rem; }
details { margin: 0.5rem 0; } summary { cursor: pointer; color: #0b5cad; }
figure { margin: 0.5rem 0 1.5rem; } figure img { max-width: 100%; height: auto; }
code { overflow-wrap: anywhere; }
pre { background: #f6f6f6; padding: 0.6rem; white-space: pre-wrap; overflow-wrap: anywhere; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }
  nav.contents, details > summary { display: none; }
  details > * { display: block; } details::details-content { display: block; content-visibility: visible; }
  .scroll, .scroll.long { overflow: visible; max-height: none; } table { font-size: 8pt; }
  .scroll.long thead th { position: static; }
  h2, h3 { break-after: avoid; } figure, tr, pre { break-inside: avoid; }
  a { color: inherit; text-decoration: none; } :target { background: none; }
  figure img { max-height: 24cm; }
}
"""


def _cell(value, digits: int = DECIMALS) -> str:
    if value is None:
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (float, np.floating)):
        if pd.isna(value):
            return ""
        return f"{value:.{digits}f}"
    return str(value)


def _numeric(value) -> bool:
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def intervals(columns) -> dict[str, tuple[str, ...]]:
    """Each estimate column's interval: ("±", half-width column) or ("lo-hi", low column, high column), read from
    the columns that follow it (`X ±95%`, `±95%`, `ci95`; `X lo95` and `X hi95`, or `lo95` and `hi95`)."""
    cols = [str(c) for c in columns]
    out: dict[str, tuple[str, ...]] = {}
    for i, c in enumerate(cols):
        after = cols[i + 1:i + 3]
        if f"{c} ±95%" in cols:
            out[c] = ("±", f"{c} ±95%")
        elif after and (after[0] in ("±95%", "ci95") or after[0].endswith(" ±95%") and not c.endswith("95%")):
            out[c] = ("±", after[0])
        elif f"{c} lo95" in cols and f"{c} hi95" in cols:
            out[c] = ("lo-hi", f"{c} lo95", f"{c} hi95")
        elif len(after) == 2 and after[0].endswith("lo95") and after[1].endswith("hi95") and "95" not in c:
            out[c] = ("lo-hi", after[0], after[1])
    return out


def _row_digits(row: dict, found: dict) -> dict[str, int]:
    """The decimals of each estimate of a row and of its interval columns (the estimate's)."""
    from analyzer.core import precision

    digits = {}
    for col, how in found.items():
        try:
            if how[0] == "±":
                half = float(row[how[1]])
            else:
                half = (float(row[how[2]]) - float(row[how[1]])) / 2
        except (TypeError, ValueError):
            half = None
        half = None if half is None or not np.isfinite(half) or half <= 0 else half
        for c in (col,) + how[1:]:
            digits[c] = precision.decimals(half, DECIMALS)
    return digits


def _cells(df: pd.DataFrame) -> tuple[list[str], list[list[tuple[str, bool]]]]:
    """The table as text: its head (index names, then columns) and each row's (text, is a number) cells, every
    estimate at the precision its interval supports; a column with nothing in it (an exact table's interval) is
    left out, and a table much wider than long is turned on its side."""
    if len(df):
        df = df.loc[:, [c for c in df.columns if not df[c].isna().all()]]
    index_names = [str(n) for n in df.index.names if n is not None]
    head = index_names + [str(c) for c in df.columns]
    found = intervals(df.columns)
    estimates = set(found) | {c for how in found.values() for c in how[1:]}
    whole = {str(c) for c in df.columns if pd.api.types.is_float_dtype(df[c]) and str(c) not in estimates
             and df[c].dropna().map(float.is_integer).all()}  # counts kept as floats: no decimals
    rows = []
    for idx, *values in df.itertuples(index=True, name=None):  # itertuples keeps each column's type
        idx = idx if isinstance(idx, tuple) else (idx,)
        digits = _row_digits(dict(zip(head[len(index_names):], values)), found)
        cells = [(_cell(v), False) for v in idx[: len(index_names)]]
        cells += [(_cell(v, 0 if c in whole else digits.get(c, DECIMALS)), _numeric(v))
                  for c, v in zip(head[len(index_names):], values)]
        rows.append(cells)
    if len(head) > WIDE_COLUMNS and 2 * len(rows) <= len(head) and index_names:
        keys = len(index_names)
        names = [" · ".join(text for text, _ in row[:keys]) for row in rows]
        head, rows = [" · ".join(index_names)] + names, [
            [(c, False)] + [row[keys + j] for row in rows] for j, c in enumerate(head[keys:])]
    return head, rows


def _html_table(df: pd.DataFrame) -> tuple[str, int]:
    """The table's HTML and how many rows it shows (turned on its side, its columns)."""
    head, rows = _cells(df)
    text_cell = ' class="text"'
    numbers = [bool(rows) and all(row[i][1] or not row[i][0] for row in rows) for i in range(len(head))]
    top = "".join(f"<th{'' if number else text_cell}>{html.escape(h)}</th>" for h, number in zip(head, numbers))
    body = "".join("<tr>" + "".join(f"<td{'' if number else text_cell}>{html.escape(text)}</td>"
                                    for text, number in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>", len(rows)


def _md_table(df: pd.DataFrame) -> str:
    head, rows = _cells(df)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(text.replace("|", "\\|") for text, _ in row) + " |" for row in rows]
    return "\n".join(lines)


LINK = re.compile(r"\[([^\]]+)\]\((#[\w\-]+)\)")
BOLD = re.compile(r"\*\*([^*]+)\*\*")


def _inline(text: str) -> str:
    """Escape, then `code` spans and [links](#anchor) (the Markdown the HTML side understands)."""
    parts = html.escape(text, quote=False).split("`")
    out = "".join(f"<code>{p}</code>" if i % 2 else BOLD.sub(r"<strong>\1</strong>", p) for i, p in enumerate(parts))
    return LINK.sub(lambda m: f'<a href="{m.group(2)}">{m.group(1)}</a>', out)


class _Anchors:
    """Unique anchors in page order, as GitHub numbers repeated headings (`x`, `x-1`, `x-2`)."""

    def __init__(self):
        self.seen: dict[str, int] = {}

    def __call__(self, text: str) -> str:
        base = anchor(text) or "section"
        n = self.seen.get(base, 0)
        self.seen[base] = n + 1
        return base if n == 0 else f"{base}-{n}"


def _last_heading(blocks, i: int, section: str) -> str:
    """The heading a table sits under: the nearest heading block before it, else its section's title."""
    for block in reversed(blocks[:i]):
        if block.kind == "heading":
            return str(block.body)
    return section


def _alt(block: Block) -> str:
    if block.kind == "picture":
        return block.body.alt or block.caption or f"A picture: {block.body.name}"
    return block.caption or block.body.options.get("title") or f"A chart of the table {block.body.table}"


def to_html(report: Report, images: dict[str, bytes]) -> str:
    anchors = _Anchors()
    ids = [anchors(section.title) for section in report.sections]
    contents = " · ".join(f'<a href="#{i}">{html.escape(section.title)}</a>'
                          for i, section in zip(ids, report.sections))
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{html.escape(report.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>", f'<p class="subtitle">{_inline(report.subtitle)}</p>',
           f'<nav class="contents" aria-label="Contents">Contents: {contents}</nav>']
    for section, section_id in zip(report.sections, ids):
        out.append(f'<section><h2 id="{section_id}">{html.escape(section.title)}</h2>')
        for i, block in enumerate(section.blocks):
            if block.kind == "heading":
                out.append(f'<h3 id="{anchors(str(block.body))}">{_inline(str(block.body))}</h3>')
            elif block.kind == "text":
                out += [f"<p>{_inline(p)}</p>" for p in str(block.body).split("\n\n")]
            elif block.kind == "list":
                out.append("<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in block.body) + "</ul>")
            elif block.kind == "summary":
                out.append('<div class="summary"><ul>' + "".join(
                    "<li>" + '<span class="depends">Depends on '.join(_inline(part) for part in item.split(
                        " Depends on ", 1)) + ("</span>" if " Depends on " in item else "") + "</li>"
                    for item in block.body) + "</ul></div>")
            elif block.kind == "code":
                out.append(f"<pre><code>{html.escape(str(block.body))}</code></pre>")
            elif block.kind == "table":
                label = html.escape(_last_heading(section.blocks, i, section.title).replace("`", ""))
                table, rows = _html_table(block.body)
                long = " long" if rows > LONG_ROWS else ""
                out.append(f'<div class="scroll{long}" role="region" aria-label="{label}" tabindex="0">{table}</div>')
                if block.caption:
                    out.append(f'<p class="caption">{_inline(block.caption)}</p>')
            elif block.kind in ("plot", "picture"):
                data = base64.b64encode(images[block.body.name]).decode("ascii")
                out.append(f'<figure><img alt="{html.escape(_alt(block))}" src="data:image/png;base64,{data}">'
                           + (f'<figcaption class="caption">{_inline(block.caption)}</figcaption>'
                              if block.caption else "") + "</figure>")
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def to_markdown(report: Report, image_dir: str) -> str:
    out = [f"# {report.title}", "", f"*{report.subtitle}*", ""]
    for section in report.sections:
        out += [f"## {section.title}", ""]
        for block in section.blocks:
            if block.kind == "heading":
                out += [f"### {block.body}", ""]
            elif block.kind == "text":
                out += [str(block.body), ""]
            elif block.kind in ("list", "summary"):
                out += [f"- {item}" for item in block.body] + [""]
            elif block.kind == "code":
                out += ["```", str(block.body), "```", ""]
            elif block.kind == "table":
                out += [_md_table(block.body), ""]
                if block.caption:
                    out += [f"*{block.caption}*", ""]
            elif block.kind in ("plot", "picture"):
                alt = _alt(block).replace("[", "(").replace("]", ")").replace("\n", " ")
                out += [f"![{alt}]({image_dir}/{block.body.name}.png)", ""]
                if block.caption:
                    out += [f"*{block.caption}*", ""]
    return "\n".join(out).rstrip() + "\n"


def render_plots(report: Report, folder: Path) -> dict[str, bytes]:
    """Draw every plot of the report into `folder`; returns name -> PNG bytes."""
    from analyzer.core import plots

    images = {}
    for plot in report.plots:
        path = folder / f"{plot.name}.png"
        getattr(plots, plot.kind)(report.tables[plot.table], path, **plot.options)
        images[plot.name] = path.read_bytes()
    for picture in report.pictures:
        path = folder / f"{picture.name}.png"
        alt = picture.draw(path)
        picture.alt = str(alt) if alt else picture.alt
        images[picture.name] = path.read_bytes()
    return images


def paths(html_path: str | Path) -> tuple[Path, Path, Path]:
    """(NAME.html, NAME.md, NAME-plots/) for the report at `html_path` (.html added when it has no .html/.htm)."""
    html_path = Path(html_path)
    if html_path.suffix.lower() not in (".html", ".htm"):
        try:
            html_path = html_path.with_suffix(".html")
        except ValueError:  # a name with nothing to put a suffix on ("/", "..")
            from analyzer.core.errors import AnalyzerError

            raise AnalyzerError(f"--out: got {str(html_path)!r}; name the HTML file to write, e.g. "
                                "reports/NAME.html") from None
    return html_path, html_path.with_suffix(".md"), html_path.with_name(f"{html_path.stem}-plots")


def _plot_folder_ours(folder: Path) -> bool:
    """A NAME-plots/ folder analyzer wrote: it holds the marker, or PNG files only."""
    from analyzer.core.tables import MARKER

    entries = list(os.scandir(folder))
    return any(e.name == MARKER for e in entries) or all(e.is_file() and e.name.endswith(".png") for e in entries)


def check_path(html_path: str | Path, option: str = "--out") -> Path:
    """Before any work: can the report (NAME.html, NAME.md, NAME-plots/) be written where `html_path` says?
    Returns the HTML path; a one-line error for a device or folder, a NAME-plots/ that holds files analyzer did
    not write, an unwritable place or an over-long name."""
    from analyzer.core import tables

    tables.check_out_file(html_path, option, "the HTML file to write, e.g. reports/NAME.html")
    html, md, plot_dir = paths(html_path)
    tables.check_names(option, html, (md.name, plot_dir.name, f".{plot_dir.name}.old-xxxxxxxx"))
    for path in (html, md):
        if os.path.lexists(path) and not path.is_file():
            raise tables.path_error(option, path, "exists and is not a regular file; name another report")
    if os.path.lexists(plot_dir):
        if not plot_dir.is_dir():
            raise tables.path_error(option, plot_dir, "exists and is not a folder; name another report")
        try:
            ours = _plot_folder_ours(plot_dir)
        except OSError as exc:
            raise tables.path_error(option, plot_dir, f"cannot read it ({exc.strerror})") from None
        if not ours:
            raise tables.path_error(option, plot_dir, "holds files analyzer did not write; it is never emptied: "
                                                      "move them, or name another report")
    return html


def write(report: Report, html_path: str | Path) -> list[Path]:
    """Write NAME.html, NAME.md and NAME-plots/*.png; all or nothing (temporary files, then renames).

    Folders the report needs are made with it; an earlier NAME-plots/ is swapped for the new one as a whole.
    An OSError is a one-line AnalyzerError naming the path."""
    from analyzer.core import tables

    html_path = check_path(html_path)  # again: the run may have taken hours
    html_path, md_path, plot_dir = paths(html_path)
    here = Path(os.path.abspath(html_path)).parent
    base = tables.nearest_existing(here)
    staging = old = None
    try:
        staging = Path(tempfile.mkdtemp(prefix=".analyzer-report-", dir=base))
        rel = here.relative_to(base)
        folder = staging / rel
        folder.mkdir(parents=True, exist_ok=True)
        staged_plots = folder / plot_dir.name
        staged_plots.mkdir()
        images = render_plots(report, staged_plots)
        (staged_plots / tables.MARKER).write_text("Written by analyzer report: the plots of "
                                                  f"{html_path.name}; replaced as a whole by the next report.\n")
        (folder / html_path.name).write_text(to_html(report, images), encoding="utf-8")
        (folder / md_path.name).write_text(to_markdown(report, plot_dir.name), encoding="utf-8")
        if rel.parts:  # the folder is new: it moves into place whole
            os.rename(staging / rel.parts[0], base / rel.parts[0])
        else:
            if os.path.lexists(plot_dir):
                old = Path(tempfile.mkdtemp(prefix=f".{plot_dir.name}.old-", dir=here))
                os.rename(plot_dir, old / "plots")
            os.rename(staged_plots, plot_dir)
            os.replace(folder / md_path.name, md_path)
            os.replace(folder / html_path.name, html_path)
        return [html_path, md_path] + sorted(p for p in plot_dir.iterdir() if p.name != tables.MARKER)
    except OSError as exc:
        raise tables.write_error("--out", html_path, exc) from None
    finally:
        if old is not None:
            if not os.path.lexists(plot_dir) and (old / "plots").exists():
                os.rename(old / "plots", plot_dir)
            shutil.rmtree(old, ignore_errors=True)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


# -- the report of a position ---------------------------------------------------------------------------------

SECTION_OF = {"odds": "Odds", "ev": "Actions ranked"}  # the two common questions; any other: its name
TOP_FINDINGS = 5
SUMMARY = 2  # conclusions in the summary at the top


def depends(rules: str = "", data: str = "", players: str = "") -> str:
    """What a conclusion depends on, as a sentence to append to it: the rule reading, illustrative data, the
    players' strength (each named only when it applies)."""
    parts = [f"the rule reading ({rules})" if rules else "", f"illustrative data ({data})" if data else "",
             f"player strength ({players})" if players else ""]
    parts = [p for p in parts if p]
    return (" Depends on " + "; ".join(parts) + ".") if parts else ""


def once(notes, among=()) -> list[str]:
    """Each caveat once: repeats dropped, and a note that another note (of `notes` or `among`) already says
    word for word within it."""
    notes = list(dict.fromkeys(notes))
    others = set(notes) | set(among)
    return [n for n in notes if not any(n != o and n in o for o in others)]


def summarize(section: Section, conclusions: list[str]) -> None:
    """The summary at the top: the one or two conclusions, each with its interval and what it depends on."""
    section.summary(conclusions) if conclusions else section.text("Nothing here is larger than its 95% interval.")


def _half(row, ci: str | None) -> float | None:
    half = row.get(ci) if ci else None
    return None if half is None or pd.isna(half) or float(half) <= 0 else float(half)


def _number(value, half: float | None = None) -> str:
    """A value at the precision its 95% half-width supports (exact: `DECIMALS`)."""
    from analyzer.core import precision

    if isinstance(value, (float, np.floating)):
        return precision.shown(float(value), half, DECIMALS)
    return str(value)


def _interval(row, ci: str | None) -> str:
    """'exact' or '± h' from a row's half-width column (none or NaN: exact)."""
    half = _half(row, ci)
    if half is None:
        return "exact" if ci else ""
    return f"± {_number(half, half)}, 95% interval"


def fold_worthless(df: pd.DataFrame, value: str, ci: str | None, label: str | None) -> tuple[pd.DataFrame, list]:
    """(the table with its options worth exactly 0 with no interval as one line, their names); unchanged when
    fewer than two are."""
    from analyzer.core.plots import worthless

    nothing = worthless(df, value, ci) if value in df else pd.Series(False, index=df.index)
    if nothing.sum() < 2:
        return df, []
    names = (df[label] if label in df else df.index.to_series()).astype(str)[nothing].tolist()
    line = {}
    for c in df.columns:
        kept = df[c][nothing]
        line[c] = (f"{len(names)} more, each worth exactly 0" if c == label else 0.0 if c == value
                   else kept.iloc[0] if kept.nunique(dropna=False) == 1 else "")
    index = df.index[nothing]
    key = (f"{index[0]}–{index[-1]}" if df.index.name else "…")
    at = int(np.argmax(nothing.to_numpy()))  # the line stands where the first of them stood
    rest = df[~nothing]
    folded = pd.concat([rest.iloc[:at], pd.DataFrame([line], index=pd.Index([key], name=df.index.name)),
                        rest.iloc[at:]])
    return folded, names


def _position_rows(data: dict) -> pd.DataFrame:
    """The scenario's position as written (and its rules and players), one row per leaf: a game without a
    `draw` hook shows this, and every report keeps it."""
    import yaml

    rows: list[tuple[str, str]] = []

    def walk(value, key: str) -> None:
        if isinstance(value, dict) and value and len(rows) < 500:
            for k, v in value.items():
                walk(v, f"{key}.{k}" if key else str(k))
        else:
            text = (value if isinstance(value, str) else
                    yaml.safe_dump(value, default_flow_style=True, width=10_000).strip().removesuffix("..."))
            rows.append((key, text.strip()))

    for key in ("rules", "players"):
        if data.get(key) is not None:
            walk(data[key], key)
    walk(data.get("position") or {}, "")
    return pd.DataFrame({"value": [v for _, v in rows]}, index=pd.Index([k for k, _ in rows], name="field"))


def _ranked_finding(name: str, result, heading: str) -> list[str]:
    """`ev`-like results: the best moves of the first table, as its chart reads them (value, interval, label)."""
    table = next(iter(result.tables), None)
    plot = next((p for p in result.plots if p.table == table and p.kind == "bars_with_ci"), None)
    if table is None or plot is None:
        return []
    df, opts = result.tables[table], plot.options
    value, ci, label = opts.get("value"), opts.get("ci"), opts.get("label")
    if value not in df or not len(df):
        return []
    unit = opts.get("xlabel") or value
    names = df[label].astype(str) if label in df else df.index.astype(str)
    best, rest = df.iloc[0], df.iloc[1:3]
    text = (f"Best move: `{names.iloc[0]}`, {_number(best[value], _half(best, ci))} {unit} ({_interval(best, ci)}; "
            + link(f"table: {heading}", heading) + ").")
    if len(rest):
        text += " Then " + "; ".join(f"`{names.iloc[i + 1]}` {_number(r[value], _half(r, ci))} ({_interval(r, ci)})"
                                     for i, (_, r) in enumerate(rest.iterrows())) + "."
    lines = [text]
    if ci in df and value in df and len(df) > 1 and not pd.isna(best.get(ci)):
        close = [names.iloc[i] for i in range(1, len(df))
                 if df[value].iloc[i] + (0 if pd.isna(df[ci].iloc[i]) else df[ci].iloc[i]) >= best[value] - best[ci]]
        if close:
            lines.append(f"The 95% intervals of {len(close)} other move(s) overlap the best's (" +
                         ", ".join(f"`{c}`" for c in close[:4]) + (", ..." if len(close) > 4 else "")
                         + "): on these intervals alone the order at the top is not settled (paired columns "
                           "in the table, where the game gives them, are sharper).")
    return lines


def _odds_findings(result, headings: dict) -> list[str]:
    """The leading row of each chart of an odds-like result, as the chart kind reads it."""
    out = []
    for plot in result.plots:
        df, opts, where = result.tables.get(plot.table), plot.options, headings.get(plot.table, "")
        if df is None or not len(df):
            continue
        cite = f" ({link('table: ' + where, where)})" if where else ""
        if plot.kind == "race_odds" and {"win", "lose"} <= set(df):
            win, lose = df["win"].idxmax(), df["lose"].idxmax()
            out.append(f"Likeliest to win the race: `{win}` {df['win'][win]:.3f}; to lose it: `{lose}` "
                       f"{df['lose'][lose]:.3f}{cite}.")
        elif plot.kind == "stacked_bars":
            col = list(opts.get("columns") or df.columns)[0]
            top = pd.to_numeric(df[col], errors="coerce").idxmax()
            out.append(f"Likeliest `{col}`: `{top}` {df[col][top]:.3f}{cite}.")
        elif plot.kind == "bars_with_ci" and opts.get("value") in df:
            value, ci = opts["value"], opts.get("ci")
            top = pd.to_numeric(df[value], errors="coerce").idxmax()
            row = df.loc[top]
            name = row[opts["label"]] if opts.get("label") in df else f"{df.index.name or ''} {top}".strip()
            out.append(f"Highest {opts.get('xlabel') or value}: `{name}` {_number(row[value], _half(row, ci))} "
                       f"({_interval(row, ci)}){cite}.")
    return out


def position(game, data: dict, position, results: dict, *, reproduce: str = "", source: str = "") -> Report:
    """The report of a position: the picture (the game's `draw` hook; else its table), every question answered
    (`results`: question name -> `Result`, from `core.game.ask`) as charts and tables, findings first, the
    assumptions (each question's notes and settings, illustrative data) and the reproduce command."""
    from analyzer.core.game import resolve

    first = next(iter(results.values()), None)
    seed = first.meta.get("seed") if first is not None else None
    sizes = sorted({f"{r.meta.get('n'):,}" for r in results.values() if r.meta.get("n")})
    title = str(data.get("title") or f"{game.title}: a position")
    subtitle = (f"{game.title} · position report · questions: " + ", ".join(f"`{q}`" for q in results)
                + (f" · seed {seed}" if seed is not None else "")
                + (f" · rollouts: {', '.join(sizes)}" if sizes else " · exact"))
    rep = Report(title, subtitle, [], {})
    top = rep.section("Summary")
    asked = rep.section("What was asked")
    asked.text(str(data.get("description") or "What this position is worth: its odds, and every move of the "
                                               "player to act, ranked by its expected value."))
    asked.bullets(f"`{q}`: {game.question(q).summary}" for q in results)
    found = rep.section("Findings")
    shown = rep.section("The position")
    headings: dict[str, dict[str, str]] = {}
    for q, result in results.items():
        headings[q] = {t: f"{t} ({q})" for t in result.tables}
    moves, odds = [], []
    for q, result in results.items():
        if q == "ev":
            first_table = next(iter(result.tables), "")
            moves = _ranked_finding(q, result, headings[q].get(first_table, ""))
        else:
            odds += _odds_findings(result, headings[q])
    illustrative = next((str(r.meta["illustrative"]) if isinstance(r.meta["illustrative"], str) else
                         "see the assumptions" for r in results.values() if r.meta.get("illustrative")), "")
    rules = f"as set out in {link('Assumptions', 'Assumptions')}"
    conclusions = ([moves[0] + depends(rules, illustrative, "the other players' actions as the EV convention "
                                                            "models them")] if moves else [])
    conclusions += [f + depends(rules, illustrative) for f in odds[:SUMMARY - len(conclusions)]]
    summarize(top, conclusions)
    findings = moves[1:] + odds[SUMMARY - min(len(moves), 1):]
    if findings:
        found.bullets(findings[:TOP_FINDINGS])
    else:
        found.text("The summary above holds the findings; the tables below hold every answer.")
    if game.draw is not None:
        draw = resolve(game.draw)
        shown.picture(Picture("position", lambda path: draw(position, path)),
                      f"The position, as {game.title} draws it.")
    rows = _position_rows(data)
    shown.heading("The position as the scenario writes it").table(
        rows, f"From {source or 'the scenario'}: every field of `position:`, with `rules:` and `players:`.")
    for q, result in results.items():
        section = rep.section(SECTION_OF.get(q, f"Question {q}"))
        section.text(f"{result.title} (`{q}`).")
        plots = [p for p in result.plots]
        for name, df in result.tables.items():
            key = f"{q}:{name}"
            rep.tables[key] = df
            section.heading(headings[q][name])
            for plot in plots:
                if plot.table == name:
                    section.plot(Plot(f"{q}-{plot.name}", plot.kind, key, dict(plot.options)),
                                 plot.options.get("title", ""))
            shown_df, zero = df, []
            chart = next((p.options for p in plots if p.table == name and p.kind == "bars_with_ci"), None)
            if chart:
                shown_df, zero = fold_worthless(df, chart.get("value"), chart.get("ci"), chart.get("label"))
            exact = result.exact.get(name)
            how = ("exact" if exact is True else "estimated (Monte Carlo), with 95% intervals" if exact is False
                   else f"exact where `{exact}` says so, else estimated" if isinstance(exact, str)
                   else "exact columns: " + ", ".join(f"`{c}`" for c in exact) if exact else "")
            section.table(shown_df, f"`{q}` table `{name}`" + (f": {how}." if how else ".") + (
                f" Worth exactly 0, in one line and left out of the chart: {', '.join(f'`{z}`' for z in zero)}."
                if zero else ""))
    assume = rep.section("Assumptions")
    settings = []
    for q, result in results.items():
        meta = result.meta
        n = meta.get("n")
        settings.append(f"`{q}`: " + (f"{n:,} rollouts" if n else "exact (no rollouts)")
                        + (f", seed {meta['seed']}" if meta.get("seed") is not None else "")
                        + ("; **illustrative data**" if meta.get("illustrative") else "")
                        + sources.setting_text(meta))
    settings.append(f"{game.title}, engine version {game.version}. The same seed gives the same numbers.")
    assume.heading("Settings").bullets(settings)
    every = [n for result in results.values() for n in result.notes]
    seen: set[str] = set()
    for q, result in results.items():
        notes = [n for n in once(result.notes, every) if n not in seen]
        seen.update(notes)
        if notes:
            assume.heading(f"`{q}`: conventions, policies and caveats").bullets(notes)
    if reproduce:
        rep.section("Reproduce").code(reproduce)
    return rep
