"""One function per chart kind.  Agg backend, a fresh figure per call, no global state."""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

# Okabe & Ito's colour-blind-safe palette: rule sets (a report's groups) keep one colour each in every plot
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")


def group_colour(name, order) -> str:
    """The colour of group `name`: by its place in `order` (every group of the report), so it never changes."""
    order = list(order)
    return PALETTE[(order.index(name) if name in order else len(order)) % len(PALETTE)]


def stacked_bars(df: pd.DataFrame, path: Path, title: str = "", columns=None, ylabel: str = "probability",
                 footnote: str = "") -> None:
    """One bar per row, split into the given columns (e.g. leg-rank probabilities)."""
    columns = list(columns or df.columns)
    fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    bottom = pd.Series(0.0, index=df.index)
    colours = plt.get_cmap("viridis")
    for i, col in enumerate(columns):
        ax.bar(df.index.astype(str), df[col], bottom=bottom, label=str(col),
               color=colours(i / max(len(columns) - 1, 1)))
        bottom = bottom + df[col]
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(title="rank", bbox_to_anchor=(1.01, 1), loc="upper left")
    _finish(fig, path, footnote)


def bars_with_ci(df: pd.DataFrame, path: Path, value: str, ci: str, title: str = "", label: str | None = None,
                 xlabel: str = "", footnote: str = "", max_bars: int = 30) -> None:
    """Horizontal bars of `value` with `ci` half-width whiskers (missing CI = exact)."""
    df = df.head(max_bars)
    labels = df[label].astype(str) if label else df.index.astype(str)
    errors = pd.to_numeric(df[ci], errors="coerce").fillna(0.0)
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.28 * len(df)), layout="constrained")
    colours = ["tab:green" if v >= 0 else "tab:red" for v in df[value]]
    ax.barh(labels, df[value], xerr=errors, color=colours, capsize=3)
    ax.invert_yaxis()
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(xlabel or value)
    ax.set_title(title)
    _finish(fig, path, footnote)


def _long(df: pd.DataFrame) -> pd.DataFrame:
    """Index levels as columns, so a (variant, seat)-indexed table plots like a long one."""
    return df.reset_index() if any(name is not None for name in df.index.names) else df


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
                      color=group_colour(name, order), edgecolor="black", linewidth=0.5)
        if hatch_categories:
            for bar, i in zip(bars, range(len(cats))):
                bar.set_hatch(HATCHES[i % len(HATCHES)])
        if isinstance(reference, str):
            ax.hlines(rows[reference].to_numpy(float) * scale, [i - width / 2 for i in x], [i + width / 2 for i in x],
                      colors="black", linewidth=1.2, linestyles="dotted")
    if isinstance(reference, (int, float)):
        ax.axhline(reference * scale, color="black", linewidth=0.8)
    ax.set_xticks(range(len(cats)), [str(c) for c in cats])
    ax.set_xlabel(category)
    ax.set_ylabel(ylabel + (" (percentage points)" if points else " (%)" if percent else ""))
    ax.set_title(title)
    if len(groups) > 1:
        ax.legend(title=group, fontsize=8, bbox_to_anchor=(1.01, 1), loc="upper left")
    _finish(fig, path, footnote)


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
            ax.hlines(row[q50], i - width * 0.4, i + width * 0.4, color="black", linewidth=1.2)
            if mean:
                ax.plot([i], [row[mean]], marker="o", markersize=3, color="black")
        handles.append(Patch(facecolor=colour, alpha=0.45, edgecolor=colour, label=str(name)))
    ax.set_xticks(range(len(cats)), [str(c) for c in cats])
    ax.set_xlim(-0.6, len(cats) - 0.4)
    ax.autoscale_view()
    ax.set_xlabel(category)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if len(groups) > 1:
        ax.legend(handles=handles, title=group, fontsize=8, bbox_to_anchor=(1.01, 1), loc="upper left")
    _finish(fig, path, footnote)


def _clusters(df: pd.DataFrame, group: str, category: str):
    """The long table, its groups and categories in first-seen order, and the width of one bar."""
    data = _long(df)
    groups = list(dict.fromkeys(data[group]))
    return data, groups, list(dict.fromkeys(data[category])), 0.8 / max(len(groups), 1)


def _cluster_figure(groups, cats):
    return plt.subplots(figsize=(max(6.0, 1.1 * len(cats) * max(1, len(groups) ** 0.5) + 2), 4),
                        layout="constrained")


def _cluster(data, group, name, category, cats, g: int, n_groups: int, width: float):
    """Group `name`'s rows in category order, and the x position of each of its bars."""
    rows = data[data[group] == name].set_index(category).reindex(cats)
    return rows, [i + (g - (n_groups - 1) / 2) * width for i in range(len(cats))]


def _finish(fig, path: Path, footnote: str) -> None:
    if footnote:
        fig.text(0.01, 0.005, footnote, fontsize=7, color="dimgray", ha="left", va="bottom")
    fig.savefig(path, dpi=110)
    plt.close(fig)


CAMEL_COLOURS = {"blue": "#1f5fd1", "green": "#1f9d3a", "orange": "#f08a00", "yellow": "#f2d000", "white": "#f4f4f4",
                 "red": "#d62828", "purple": "#8e3bc7", "black": "#222222"}


def race_odds(df: pd.DataFrame, path: Path, title: str = "", footnote: str = "") -> None:
    """Race win and lose probability of each camel with its 95% interval, in the camel's colour, outlined and
    labelled by name (the camel colours are not colour-blind-safe on their own)."""
    fig, axes = plt.subplots(1, 2, figsize=(8, 0.6 + 0.45 * len(df)), layout="constrained", sharey=True)
    names = [str(i) for i in df.index]
    for ax, (what, half) in zip(axes, (("win", "win ±95%"), ("lose", "lose ±95%"))):
        err = df[half] if half in df else pd.Series(0.0, index=df.index)  # exact odds have no interval
        ax.barh(names, df[what], xerr=err if half in df else None, capsize=3, edgecolor="black", linewidth=0.8,
                color=[CAMEL_COLOURS.get(n, "#888") for n in names])
        for y, v in enumerate(df[what]):
            ax.text(v + float(err.iloc[y]) + 0.01, y, f"{v:.3f}", va="center", fontsize=8)
        ax.set_xlabel(f"P(the camel {'wins' if what == 'win' else 'loses'} the race)")
        ax.set_xlim(0, min(1.0, max(0.1, float((df[what] + err).max()) * 1.25)))
    axes[0].invert_yaxis()
    axes[0].set_ylabel("camel")
    fig.suptitle(title)
    _finish(fig, path, footnote)
