"""One function per chart kind.  Agg backend, a fresh figure per call, no global state; every chart in the
one style of `core.style` (camel colours for camels, the colour-blind-safe palette for any other category)."""
from __future__ import annotations

import functools
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from analyzer.core import style  # noqa: E402

HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
CHAR_INCHES = 0.075  # the width of a tick label's character at the plots' font size, about
group_colour = style.group_colour


def styled(chart):
    """Draw `chart` in the report style."""
    @functools.wraps(chart)
    def drawn(*args, **kwargs):
        with style.figure():
            return chart(*args, **kwargs)
    return drawn


def worthless(df: pd.DataFrame, value: str, ci: str | None) -> pd.Series:
    """Rows worth exactly 0 with no interval (exact): nothing to draw, and folded into one line in tables."""
    values = pd.to_numeric(df[value], errors="coerce")
    exact = pd.to_numeric(df[ci], errors="coerce").fillna(0.0).eq(0.0) if ci in df else True
    return values.eq(0.0) & exact


@styled
def stacked_bars(df: pd.DataFrame, path: Path, title: str = "", columns=None, ylabel: str = "probability",
                 footnote: str = "") -> None:
    """One bar per row, split into the given columns (e.g. leg-rank probabilities)."""
    columns = list(columns or df.columns)
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    bottom = pd.Series(0.0, index=df.index)
    colours = style.categorical(columns)
    for col in columns:
        bars = ax.bar(df.index.astype(str), df[col], bottom=bottom, label=str(col), color=colours[str(col)],
                      edgecolor="white", linewidth=0.6)
        ink = style.ink(colours[str(col)])
        for bar, v in zip(bars, df[col]):
            if v >= 0.08:
                ax.text(bar.get_x() + bar.get_width() / 2, bar.get_y() + v / 2, f"{v:.2f}", ha="center",
                        va="center", fontsize=7.5, color=ink)
        bottom = bottom + df[col]
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="x", visible=False)
    _camel_ticks(ax, ax.get_xticklabels())
    ax.legend(title=df.columns.name or "rank", bbox_to_anchor=(1.01, 1), loc="upper left")
    _finish(fig, path, footnote)


@styled
def bars_with_ci(df: pd.DataFrame, path: Path, value: str, ci: str, title: str = "", label: str | None = None,
                 xlabel: str = "", footnote: str = "", max_bars: int = 30) -> None:
    """Horizontal bars of `value` with `ci` half-width whiskers (missing CI = exact); rows worth exactly 0 with no
    interval are left out (the footnote says how many)."""
    nothing = worthless(df, value, ci)
    if nothing.any() and nothing.sum() < len(df):
        left = f"{int(nothing.sum())} options worth exactly 0 not drawn"
        footnote = f"{footnote}; {left}" if footnote else left
        df = df[~nothing]
    df = df.head(max_bars)
    labels = df[label].astype(str) if label else df.index.astype(str)
    errors = pd.to_numeric(df[ci], errors="coerce").fillna(0.0)
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.28 * len(df)), layout="constrained")
    colours = [style.GAIN if v >= 0 else style.LOSS for v in df[value]]
    ax.barh(labels, df[value], xerr=errors if errors.any() else None, color=colours, capsize=3,
            error_kw={"elinewidth": 0.9})
    ax.invert_yaxis()
    ax.grid(axis="y", visible=False)
    ax.axvline(0, color=style.INK, linewidth=0.8)
    ax.set_xlabel(xlabel or value)
    ax.set_title(title)
    _finish(fig, path, footnote)


def _long(df: pd.DataFrame) -> pd.DataFrame:
    """Index levels as columns, so a (variant, seat)-indexed table plots like a long one."""
    return df.reset_index() if any(name is not None for name in df.index.names) else df


@styled
def grouped_bars_with_ci(df: pd.DataFrame, path: Path, value: str, lo: str, hi: str, group: str, category: str,
                         reference: str | float | None = None, title: str = "", ylabel: str = "",
                         percent: bool = False, footnote: str = "", order=None, points: bool = False,
                         hatch_categories: bool = False) -> None:
    """Bars of `value` with [lo, hi] whiskers: one cluster per `category` (e.g. seat), one bar per
    `group` (e.g. rule set) in it.  `reference`: a horizontal line (a number) or a column of
    per-row reference values drawn as ticks (e.g. each row's fair share).  `order`: every group of
    the report, so each keeps its colour from plot to plot; `points`: the values are differences of
    shares, labelled in percentage points; `hatch_categories`: a hatch per category (policies)."""
    data, groups, cats, width = _clusters(df, group, category)
    scale = 100.0 if percent else 1.0
    fig, ax = _cluster_figure(groups, cats)
    order = list(order or groups)
    for g, name in enumerate(groups):
        rows, x = _cluster(data, group, name, category, cats, g, len(groups), width)
        v = rows[value].to_numpy(float) * scale
        # a whisker is never below 0: an interval's end computed a rounding error past its value (Wilson's lower
        # end at 0 wins is 1e-17) is drawn at the value
        err = np.maximum([v - rows[lo].to_numpy(float) * scale, rows[hi].to_numpy(float) * scale - v], 0.0)
        bars = ax.bar(x, v, width=width * 0.92, yerr=err, capsize=3, label=str(name),
                      color=group_colour(name, order), edgecolor=style.INK, linewidth=0.5)
        if hatch_categories:
            for bar, i in zip(bars, range(len(cats))):
                bar.set_hatch(HATCHES[i % len(HATCHES)])
        if isinstance(reference, str):
            ax.hlines(rows[reference].to_numpy(float) * scale, [i - width / 2 for i in x], [i + width / 2 for i in x],
                      colors=style.INK, linewidth=1.2, linestyles="dotted")
    if isinstance(reference, (int, float)):
        ax.axhline(reference * scale, color=style.INK, linewidth=0.8)
    _category_ticks(fig, ax, cats)
    ax.set_xlabel(category)
    ax.set_ylabel(ylabel + (" (percentage points)" if points else " (%)" if percent else ""))
    ax.set_title(title)
    if len(groups) > 1:
        _legend_below(fig, ax.get_legend_handles_labels()[0], group)
    _finish(fig, path, footnote)


@styled
def quantile_boxes(df: pd.DataFrame, path: Path, group: str, category: str, mean: str | None = None,
                   quantiles=("p10", "p25", "median", "p75", "p90"), title: str = "", ylabel: str = "",
                   footnote: str = "", order=None) -> None:
    """Distributions drawn from their quantiles: a box from the 2nd to the 4th quantile column, a line
    at the 3rd, whiskers to the 1st and 5th, and a dot at `mean`; clustered as in grouped_bars_with_ci."""
    data, groups, cats, width = _clusters(df, group, category)
    from matplotlib.patches import Patch

    q10, q25, q50, q75, q90 = quantiles
    handles = []
    fig, ax = _cluster_figure(groups, cats)
    order = list(order or groups)
    for g, name in enumerate(groups):
        rows, x = _cluster(data, group, name, category, cats, g, len(groups), width)
        colour = group_colour(name, order)
        for i, (_, row) in zip(x, rows.iterrows()):
            ax.vlines(i, row[q10], row[q90], color=colour, linewidth=1)
            ax.add_patch(plt.Rectangle((i - width * 0.4, row[q25]), width * 0.8, row[q75] - row[q25],
                                       facecolor=colour, alpha=0.45, edgecolor=colour))
            ax.hlines(row[q50], i - width * 0.4, i + width * 0.4, color=style.INK, linewidth=1.2)
            if mean:
                ax.plot([i], [row[mean]], marker="o", markersize=3, color=style.INK)
        handles.append(Patch(facecolor=colour, alpha=0.45, edgecolor=colour, label=str(name)))
    _category_ticks(fig, ax, cats)
    ax.set_xlim(-0.6, len(cats) - 0.4)
    ax.autoscale_view()
    ax.set_xlabel(category)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(groups) > 1:
        _legend_below(fig, handles, group)
    _finish(fig, path, footnote)


def _clusters(df: pd.DataFrame, group: str, category: str):
    """The long table, its groups and categories in first-seen order, and the width of one bar."""
    data = _long(df)
    groups = list(dict.fromkeys(data[group]))
    return data, groups, list(dict.fromkeys(data[category])), 0.8 / max(len(groups), 1)


def _legend_below(fig, handles, title: str) -> None:
    """The groups' legend under the chart, in up to three columns: the chart keeps its width on a phone."""
    fig.legend(handles=handles, title=title, loc="outside lower center", ncol=min(3, len(handles)))


def _cluster_figure(groups, cats):
    return plt.subplots(figsize=(min(9.0, max(6.0, 1.1 * len(cats) * max(1, len(groups) ** 0.5) + 2)),
                                 4 + 0.25 * ((len(groups) + 2) // 3)),
                        layout="constrained")


def _category_ticks(fig, ax, cats) -> None:
    """A tick label under each cluster, turned upright where the labels are wider than their clusters (many rule
    sets' seats side by side), so that none runs into the next."""
    labels = [str(c) for c in cats]
    ax.set_xticks(range(len(cats)), labels)
    slot = fig.get_size_inches()[0] * 0.85 / max(len(cats), 1)  # inches a cluster gets
    if max(map(len, labels), default=0) * CHAR_INCHES > slot:
        ax.tick_params(axis="x", labelrotation=90)


def _cluster(data, group, name, category, cats, g: int, n_groups: int, width: float):
    """Group `name`'s rows in category order, and the x position of each of its bars."""
    rows = data[data[group] == name].set_index(category).reindex(cats)
    return rows, [i + (g - (n_groups - 1) / 2) * width for i in range(len(cats))]


def _camel_ticks(ax, labels) -> None:
    """Camel names on an axis get a chip of the camel's colour (the name stays: colours alone are not enough)."""
    for label in labels:
        name = label.get_text()
        if name in style.CAMELS:
            label.set_bbox({"boxstyle": "round,pad=0.25", "facecolor": style.CAMELS[name], "edgecolor": style.EDGE,
                            "linewidth": 0.6})
            label.set_color(style.camel_ink(name))


def _finish(fig, path: Path, footnote: str) -> None:
    if footnote:  # wrapped to the figure's width, in a strip the layout keeps free
        import textwrap

        width, height = fig.get_size_inches()
        lines = textwrap.wrap(footnote, width=int(width * 16))
        fig.text(0.01, 0.005, "\n".join(lines), fontsize=7, color=style.MUTED, ha="left", va="bottom")
        strip = min(0.4, (0.12 * len(lines) + 0.06) / height)
        if fig.get_layout_engine() is not None:
            fig.get_layout_engine().set(rect=(0, strip, 1, 1 - strip))
    fig.savefig(path, dpi=110)
    plt.close(fig)


@styled
def race_odds(df: pd.DataFrame, path: Path, title: str = "", footnote: str = "") -> None:
    """Race win and lose probability of each camel with its 95% interval, in the camel's colour, outlined and
    labelled by name (the camel colours are not colour-blind-safe on their own)."""
    fig, axes = plt.subplots(1, 2, figsize=(8, 0.6 + 0.45 * len(df)), layout="constrained", sharey=True)
    names = [str(i) for i in df.index]
    for ax, (what, half) in zip(axes, (("win", "win ±95%"), ("lose", "lose ±95%"))):
        err = df[half] if half in df else pd.Series(0.0, index=df.index)  # exact odds have no interval
        ax.barh(names, df[what], xerr=err if half in df else None, capsize=3, edgecolor=style.EDGE, linewidth=0.8,
                color=[style.CAMELS.get(n, style.PALETTE[i % len(style.PALETTE)]) for i, n in enumerate(names)])
        ax.grid(axis="y", visible=False)
        for y, v in enumerate(df[what]):
            ax.text(v + float(err.iloc[y]) + 0.01, y, f"{v:.3f}", va="center", fontsize=8)
        ax.set_xlabel(f"P(the camel {'wins' if what == 'win' else 'loses'} the race)")
        ax.set_xlim(0, min(1.0, max(0.1, float((df[what] + err).max()) * 1.25)))
    axes[0].invert_yaxis()
    axes[0].set_ylabel("camel")
    _camel_ticks(axes[0], axes[0].get_yticklabels())
    fig.suptitle(title, x=0.01, ha="left")
    _finish(fig, path, footnote)
