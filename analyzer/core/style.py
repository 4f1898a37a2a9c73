"""One visual style for every chart, page and terminal: the colours and the matplotlib look.

- Camels in their own colours everywhere (`CAMELS`: the report charts, the phone page's chips and the terminal),
  each with the ink that reads on it, so a white or yellow camel shows on a light background too;
- anything else categorical (rule sets, ranks, policies) in Okabe & Ito's colour-blind-safe palette, in a fixed
  order (`PALETTE`, `categorical`), never a sequential colour map;
- a sign in blue (gain) or vermillion (loss), from the same palette;
- `figure()`: matplotlib's settings for one chart (no global state changes), the same in every report.
"""
from __future__ import annotations

from contextlib import contextmanager

from cycler import cycler

# Okabe & Ito: distinguishable with every common colour-vision deficiency; yellow last (weak on white)
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442")
GAIN, LOSS = "#0072B2", "#D55E00"
INK, MUTED, GRID = "#1b1b1b", "#5a5a5a", "#e3e3e3"

# the camels' colours (background) and the ink that reads on each (the letter or label on top of it)
CAMELS = {"blue": "#1f5fd1", "green": "#1f9d3a", "orange": "#f08a00", "yellow": "#f2d000", "white": "#f4f4f4",
          "red": "#d62828", "purple": "#8e3bc7", "black": "#222222"}
EDGE = "#555555"  # the outline every camel patch gets (white on white, yellow on white)


def ink(colour: str) -> str:
    """Dark or white text, whichever reads on `colour` (a #rrggbb background)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def camel_ink(name: str) -> str:
    """The ink on a camel's colour: dark on yellow, white and orange, white on the others."""
    return ink(CAMELS.get(name, "#888888"))


def categorical(names) -> dict:
    """A colour per name: camel colours when every name is a camel, else the palette in order."""
    names = [str(n) for n in names]
    if names and all(n in CAMELS for n in names):
        return {n: CAMELS[n] for n in names}
    return {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(dict.fromkeys(names))}


def group_colour(name, order) -> str:
    """The colour of group `name`: by its place in `order` (every group of the report), so it never changes."""
    order = list(order)
    return PALETTE[(order.index(name) if name in order else len(order)) % len(PALETTE)]


def rich_style(name: str) -> str:
    """The terminal style of a camel: its colour as the background with its ink, so every camel (the white one
    included) shows on a light or a dark terminal alike."""
    colour = CAMELS.get(name)
    if colour is None:
        return "bold"
    return f"bold {camel_ink(name)} on {colour}"


RC = {
    "figure.dpi": 110, "savefig.dpi": 110, "figure.facecolor": "white",
    "font.size": 9.5, "axes.titlesize": 10.5, "axes.titleweight": "bold", "axes.titlelocation": "left",
    "figure.titlesize": 10.5, "figure.titleweight": "bold",
    "axes.labelsize": 9.5, "axes.labelcolor": INK, "axes.edgecolor": "#9a9a9a", "axes.linewidth": 0.8,
    "axes.spines.top": False, "axes.spines.right": False,
    "axes.grid": True, "grid.color": GRID, "grid.linewidth": 0.8, "axes.axisbelow": True,
    "xtick.color": MUTED, "ytick.color": MUTED, "xtick.labelcolor": INK, "ytick.labelcolor": INK,
    "legend.frameon": False, "legend.fontsize": 8.5, "legend.title_fontsize": 8.5,
    "axes.prop_cycle": cycler(color=list(PALETTE)),
    "image.cmap": "cividis",  # only ever for a quantity, never for categories
}


@contextmanager
def figure():
    """The report style for the charts drawn inside (matplotlib's rc_context: nothing global changes)."""
    import matplotlib.pyplot as plt

    with plt.rc_context(RC):
        yield
