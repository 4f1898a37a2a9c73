"""Reports: a self-contained HTML page and its Markdown twin, for any analysis result.

A `Report` is a title and sections of blocks: text, bullet lists, tables (DataFrames) and
plots (a `tables.Plot` drawn from a table of the result).  `write(report, path)` renders
every plot once as PNG and writes, atomically:

- `NAME.html`: everything inline (styles in a <style> block, plots as base64 `data:` URIs),
  no scripts, fonts or links to fetch, so it opens in a browser with no network;
- `NAME.md`: the same text and tables, the plots as files in `NAME-plots/` beside it.
"""
from __future__ import annotations

import base64
import html
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core.tables import Plot


@dataclass
class Block:
    kind: str  # "heading" | "text" | "list" | "table" | "plot" | "code"
    body: object  # str | list[str] | DataFrame | Plot
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

    def table(self, df: pd.DataFrame, caption: str = "") -> "Section":
        self.blocks.append(Block("table", df, caption))
        return self

    def plot(self, plot: Plot, caption: str = "") -> "Section":
        self.blocks.append(Block("plot", plot, caption))
        return self

    def code(self, body: str) -> "Section":
        self.blocks.append(Block("code", body))
        return self


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


CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 60rem;
       margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; line-height: 1.45; }
h1 { font-size: 1.7rem; margin-bottom: 0.2rem; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; }
.subtitle { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5rem 0 0.3rem; font-size: 0.85rem; }
th, td { border: 1px solid #d0d0d0; padding: 0.2rem 0.5rem; text-align: right; }
th { background: #f2f2f2; } td.text { text-align: left; }
.caption { color: #555; font-size: 0.85rem; margin: 0 0 1.2rem; }
figure { margin: 0.5rem 0 1.5rem; } figure img { max-width: 100%; }
pre { background: #f6f6f6; padding: 0.6rem; overflow-x: auto; }
"""


def _cell(value, digits: int = 4) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (float, np.floating)):
        return "" if pd.isna(value) else f"{value:.{digits}f}"
    return str(value)


def _html_table(df: pd.DataFrame) -> str:
    index_names = [n for n in df.index.names if n is not None]
    head = "".join(f"<th>{html.escape(str(n))}</th>" for n in index_names + list(df.columns))
    rows = []
    for idx, *row in df.itertuples(index=True, name=None):  # itertuples keeps each column's type
        idx = idx if isinstance(idx, tuple) else (idx,)
        cells = [f'<td class="text">{html.escape(_cell(v))}</td>' for v in idx[: len(index_names)]]
        for v in row:
            cls = "" if isinstance(v, (int, float, np.number)) and not isinstance(v, bool) else ' class="text"'
            cells.append(f"<td{cls}>{html.escape(_cell(v))}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _md_table(df: pd.DataFrame) -> str:
    index_names = [n for n in df.index.names if n is not None]
    head = [str(n) for n in index_names + list(df.columns)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for idx, *row in df.itertuples(index=True, name=None):
        idx = idx if isinstance(idx, tuple) else (idx,)
        cells = [_cell(v) for v in idx[: len(index_names)]] + [_cell(v) for v in row]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def _inline(text: str) -> str:
    """Escape, then `code` spans (the one piece of Markdown the HTML side understands)."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def to_html(report: Report, images: dict[str, bytes]) -> str:
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{html.escape(report.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>", f'<p class="subtitle">{_inline(report.subtitle)}</p>']
    for section in report.sections:
        out.append(f"<h2>{html.escape(section.title)}</h2>")
        for block in section.blocks:
            if block.kind == "heading":
                out.append(f"<h3>{_inline(str(block.body))}</h3>")
            elif block.kind == "text":
                out += [f"<p>{_inline(p)}</p>" for p in str(block.body).split("\n\n")]
            elif block.kind == "list":
                out.append("<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in block.body) + "</ul>")
            elif block.kind == "code":
                out.append(f"<pre><code>{html.escape(str(block.body))}</code></pre>")
            elif block.kind == "table":
                out.append(_html_table(block.body))
                if block.caption:
                    out.append(f'<p class="caption">{_inline(block.caption)}</p>')
            elif block.kind == "plot":
                data = base64.b64encode(images[block.body.name]).decode("ascii")
                alt = html.escape(block.caption or block.body.name)
                out.append(f'<figure><img alt="{alt}" src="data:image/png;base64,{data}">'
                           f'<figcaption class="caption">{_inline(block.caption)}</figcaption></figure>')
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
            elif block.kind == "list":
                out += [f"- {item}" for item in block.body] + [""]
            elif block.kind == "code":
                out += ["```", str(block.body), "```", ""]
            elif block.kind == "table":
                out += [_md_table(block.body), ""]
                if block.caption:
                    out += [f"*{block.caption}*", ""]
            elif block.kind == "plot":
                out += [f"![{block.caption or block.body.name}]({image_dir}/{block.body.name}.png)", ""]
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

    given = Path(html_path)
    if str(html_path) == "":
        raise tables._error(option, "''", "an empty path; name the HTML file to write")
    if os.path.lexists(given) and not given.is_file():
        what = "a folder" if given.is_dir() else "not a regular file (a device, a pipe, ...)"
        raise tables._error(option, given, f"{what}; name the HTML file to write, e.g. reports/NAME.html")
    html, md, plot_dir = paths(given)
    tables._names(option, html, (md.name, plot_dir.name, f".{plot_dir.name}.old-xxxxxxxx"))
    for path in (html, md):
        if os.path.lexists(path) and not path.is_file():
            raise tables._error(option, path, "exists and is not a regular file; name another report")
    if os.path.lexists(plot_dir):
        if not plot_dir.is_dir():
            raise tables._error(option, plot_dir, "exists and is not a folder; name another report")
        try:
            ours = _plot_folder_ours(plot_dir)
        except OSError as exc:
            raise tables._error(option, plot_dir, f"cannot read it ({exc.strerror})") from None
        if not ours:
            raise tables._error(option, plot_dir, "holds files analyzer did not write; it is never emptied: move "
                                                  "them, or name another report")
    tables.probe_folder(option, html, tables.nearest_existing(Path(os.path.abspath(html)).parent))
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
        raise tables._oserror("--out", html_path, exc) from None
    finally:
        if old is not None:
            if not os.path.lexists(plot_dir) and (old / "plots").exists():
                os.rename(old / "plots", plot_dir)
            shutil.rmtree(old, ignore_errors=True)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
