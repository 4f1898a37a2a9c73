"""One function per chart kind.  Agg backend, a fresh figure per call, no global state."""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402


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


def _finish(fig, path: Path, footnote: str) -> None:
    if footnote:
        fig.text(0.01, 0.005, footnote, fontsize=7, color="dimgray", ha="left", va="bottom")
    fig.savefig(path, dpi=110)
    plt.close(fig)
