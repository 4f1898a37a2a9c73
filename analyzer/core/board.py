"""Board pictures: one small drawing vocabulary every game with a board shares.

A game's `picture(position or None) -> Picture` (the GameSpec hook `picture`) states only geometry: the places a
scenario names (hexes, squares, circles, dots, each labelled with the id the loader reads), the links between
them (edges, bridges, roads, arrows) and, for a position, the pieces on them (by place id).  This module draws
it: `save` writes PNG (Pillow, imported only when drawing) or plain SVG, `text` lays it out for an 80-column
terminal when it fits there, else returns None.  No matplotlib: a picture is drawn well within a second.  Ids in the picture come from the game's own data,
so the picture cannot disagree with the loader.
"""
from __future__ import annotations

import math
import os
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from analyzer.core import style
from analyzer.core.errors import AnalyzerError
from analyzer.core.files import write_new

SHAPES = ("hex", "flathex", "square", "circle", "dot", "text")
SUFFIXES = (".png", ".svg")
GRID_FILL = {"#": "#8d8577", "I": "#cfe0f3", "O": "#a8d5a2", "b": "#e9b3ad", "*": "#b9e4f0"}
SEATS = style.PALETTE  # a seat's pieces, seat 0 first


@dataclass
class Place:
    id: str
    x: float
    y: float  # grows downwards, as the eye reads a board
    label: str  # printed on it: the id a scenario uses, and what stands there
    shape: str = "square"
    size: float = 1.0  # the side of a square, the width of a hex, circle or dot
    fill: str = "#f4f1ea"
    kind: str = ""  # what it is (corner, hex, district ...): tests and the text form count places by it
    mark: str = ""  # a grid picture's one-character terminal symbol


@dataclass
class Link:
    a: tuple[float, float]
    b: tuple[float, float]
    label: str = ""
    colour: str = "#8a8170"
    width: float = 1.5
    arrow: bool = False
    kind: str = ""
    ends: tuple = ()  # the place ids it joins, when given by id
    on_top: bool = False  # drawn over the places (a wall on a square's side), not under them

    def text(self) -> str:
        """How the terminal names it: its label, else an arrow by its ends ("a1>b1")."""
        return self.label or (">".join(self.ends) if self.arrow and self.ends else "")


@dataclass
class Piece:
    place: str
    label: str
    seat: int | None = None  # a seat's colour; None: neutral
    colour: str | None = None  # a colour of the game's own (a seat named by a colour) instead


@dataclass
class Picture:
    """A board: places by id, links between them, pieces on places.  `grid`: the places are the squares of a
    width x height grid whose ids are their coordinates (drawn as axis labels); `caption` says what the
    picture rests on (every illustrative board says so); `legend`: lines the text form adds under the board."""
    title: str
    caption: str = ""
    grid: tuple[int, int] | None = None
    y_up: bool = False  # a grid whose row 0 is at the bottom (y grows upwards)
    scale: float = 0.55  # inches per unit
    places: dict = field(default_factory=dict)
    links: list = field(default_factory=list)
    pieces: list = field(default_factory=list)
    legend: list = field(default_factory=list)

    def place(self, id, x, y, label=None, **how) -> Place:
        assert how.get("shape", "square") in SHAPES, how["shape"]
        p = Place(str(id), float(x), float(y), str(id) if label is None else str(label), **how)
        self.places[p.id] = p
        return p

    def at(self, id) -> tuple[float, float]:
        p = self.places[str(id)]
        return p.x, p.y

    def link(self, a, b, label: str = "", **how) -> Link:
        """A link between two places (ids) or points ((x, y))."""
        ends = [end if isinstance(end, tuple) else self.at(end) for end in (a, b)]
        ids = () if isinstance(a, tuple) or isinstance(b, tuple) else (str(a), str(b))
        self.links.append(Link(ends[0], ends[1], str(label), ends=ids, **how))
        return self.links[-1]

    def piece(self, place, label: str, seat: int | None = None, colour: str | None = None) -> None:
        if str(place) not in self.places:
            raise KeyError(place)
        self.pieces.append(Piece(str(place), str(label), seat, colour))

    def squares(self, width: int, height: int, marks: dict, names: dict, labels: dict | None = None,
                fills: dict | None = None) -> None:
        """A width x height grid whose squares are named by their coordinates "x,y": `marks` (x, y) -> a
        one-character symbol of what stands there, `names` symbol -> the word the picture prints there and the
        terminal's legend explains (`labels` (x, y) -> a square's own words instead); `fills` symbol -> colour."""
        self.grid = (width, height)
        fills = {**GRID_FILL, **(fills or {})}
        for y in range(height):
            for x in range(width):
                mark = marks.get((x, y), "")
                label = (labels or {}).get((x, y), names.get(mark, ""))
                self.place(f"{x},{y}", x, y, label, size=1, mark=mark, kind="square", fill=fills.get(mark, "#f4f1ea"))
        used = sorted({m for m in marks.values()})
        self.legend.insert(0, "squares [x, y]; " + ", ".join(f"{m} {names[m]}" for m in used))

    def kinds(self, kind: str) -> list[Place]:
        return [p for p in self.places.values() if p.kind == kind]


def hex_corners(x: float, y: float, width: float, flat: bool) -> list[tuple[float, float]]:
    r = width / 2
    start = 0 if flat else 30
    return [(x + r * math.cos(math.radians(start + 60 * k)), y + r * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def spring(nodes, edges, iterations: int = 100) -> dict:
    """A fixed, seedless layout of a graph (node -> (x, y) within [-1, 1]): places as far apart as the hops
    between them (stress majorization, from a circle in the given order), so the same graph always looks alike."""
    import numpy as np

    nodes = list(nodes)
    n = len(nodes)
    if n < 3:
        return {v: (float(i), 0.0) for i, v in enumerate(nodes)}
    index = {v: i for i, v in enumerate(nodes)}
    near = [set() for _ in nodes]
    for a, b in edges:
        near[index[a]].add(index[b])
        near[index[b]].add(index[a])
    hops = np.full((n, n), np.inf)
    for i in range(n):  # breadth first from each node
        hops[i, i], frontier, d = 0, {i}, 0
        while frontier:
            d += 1
            frontier = {j for f in frontier for j in near[f] if hops[i, j] == np.inf}
            hops[i, list(frontier)] = d
    hops[hops == np.inf] = np.nanmax(hops[hops != np.inf]) + 1
    weight = np.where(hops > 0, 1 / np.maximum(hops, 1) ** 2, 0)
    v = np.diag(weight.sum(1)) - weight
    inverse = np.linalg.pinv(v)
    angle = 2 * np.pi * np.arange(n) / n
    x = np.stack([np.cos(angle), np.sin(angle)], 1) * n / (2 * np.pi)
    for _ in range(iterations):
        dist = np.sqrt(((x[:, None] - x[None]) ** 2).sum(-1))
        b = -weight * hops / np.where(dist > 1e-9, dist, 1e-9)
        np.fill_diagonal(b, 0)
        np.fill_diagonal(b, -b.sum(1))
        x = inverse @ b @ x
    apart = 0.8 * np.median([np.hypot(*(x[index[a]] - x[index[b]])) for a, b in edges]) if edges else 1.0
    for _ in range(60):  # then no two places closer than most linked ones: push crowded pairs apart
        gap = x[:, None] - x[None]
        dist = np.sqrt((gap ** 2).sum(-1)) + np.eye(n)
        short = np.clip(apart - dist, 0, None) * (1 - np.eye(n))
        if not short.any():
            break
        x += (gap / dist[..., None] * short[..., None] / 2).sum(1)
    x -= x.mean(0)
    x /= max(np.abs(x).max(), 1e-9)
    return {v: (round(float(x[i, 0]), 4), round(float(x[i, 1]), 4)) for v, i in index.items()}


# ------------------------------------------------------------------------------------------------
# the terminal

WIDTH = 79


def text(picture: Picture, width: int = WIDTH) -> str | None:
    """The board for the terminal, or None where it does not fit `width` columns and 40 rows."""
    body = _grid_text(picture) if picture.grid else _free_text(picture)
    if body is None or max(map(len, body), default=0) > width or len(body) > 40:
        return None
    lines = [*textwrap.wrap(picture.title, width, subsequent_indent="  "), *body]
    for line in [*picture.legend, *([picture.caption] if picture.caption else [])]:
        lines += textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join(lines)


def _grid_text(picture: Picture) -> list[str]:
    w, h = picture.grid
    cells = {(int(p.x), int(p.y)): p.mark or "·" for p in picture.places.values()}
    lines = ["    " + "".join(f"{x:>3}" for x in range(w))]
    for y in (reversed(range(h)) if picture.y_up else range(h)):
        lines.append(f"{y:>4}" + "".join(f"{cells.get((x, y), ' '):>3}" for x in range(w)))
    return lines


def _free_text(picture: Picture) -> list[str] | None:
    """Places on a character grid (one column per distinct x, one row per distinct y) when that fits, else one
    place a line (up to 30); the named links under them (more than 10 lines of them: None, the picture only)."""
    named = [link.text() for link in picture.links if link.text()]
    lines = _layout_text(picture)
    if lines is None or max(map(len, lines), default=0) > WIDTH:
        if len(picture.places) > 30:
            return None
        lines = ["  " + p.label.replace("\n", ": ", 1).replace("\n", ", ") for p in picture.places.values()]
    if named:
        listed = textwrap.wrap("links: " + "; ".join(named), WIDTH, subsequent_indent="  ", break_on_hyphens=False)
        if len(listed) > 10:
            return None
        lines += listed
    return lines


def _layout_text(picture: Picture) -> list[str] | None:
    xs = sorted({round(p.x, 3) for p in picture.places.values()})
    ys = sorted({round(p.y, 3) for p in picture.places.values()})
    cells = {}
    for p in picture.places.values():
        key = (xs.index(round(p.x, 3)), ys.index(round(p.y, 3)))
        if key in cells:
            return None
        cells[key] = p.label.replace("\n", " ")
    widths = [max((len(v) for (c, _), v in cells.items() if c == col), default=1) + 1 for col in range(len(xs))]
    return ["".join(f"{cells.get((c, r), ''):<{widths[c]}}" for c in range(len(xs))).rstrip()
            for r in range(len(ys))]


# ------------------------------------------------------------------------------------------------
# the picture file

def check_path(path: Path, option: str = "--out") -> None:
    if path.suffix.lower() not in SUFFIXES:
        raise AnalyzerError(f"{option}: got {path.name!r}; allowed: a file name ending .png or .svg")
    if path.exists():
        raise AnalyzerError(f"{option}: {path} exists; remove it or name another file")


def save(picture: Picture, path: Path, option: str = "--out") -> None:
    """Write the picture to `path` (PNG or SVG by its suffix) through a temporary file: nothing half written."""
    path = Path(path)
    check_path(path, option)
    write_new(path, lambda tmp: _draw(picture, tmp), option)


LABEL_CHAR = 7.2  # pixels a character of a place's 12 px label takes, about


def _extent(picture: Picture):
    """(x0, x1, y0, y1) in board units: every place whole, and its label's width too (a label wider than its
    place is not cut at the picture's edge)."""
    places = list(picture.places.values()) or [Place("", 0, 0, "")]
    unit = picture.scale * 100
    half = [max(p.size / 2, 0.5) for p in places]
    wide = [max(h, max(map(len, p.label.split("\n"))) * LABEL_CHAR / 2 / unit) for p, h in zip(places, half)]
    return (min(p.x - w for p, w in zip(places, wide)), max(p.x + w for p, w in zip(places, wide)),
            min(p.y - h for p, h in zip(places, half)), max(p.y + h for p, h in zip(places, half)))


TITLE, FOOT = 34, 16  # pixels above the board (the title, a grid's x labels), and per caption line below it
INK, MUTED, OUTLINE = style.INK, style.MUTED, "#6b6253"


def _scene(picture: Picture):
    """The picture as drawing operations in pixels: (width, height, ops), the same for PNG and SVG."""
    unit = picture.scale * 100
    x0, x1, y0, y1 = _extent(picture)
    left = 30 if picture.grid else 10
    width = max(360, int((x1 - x0) * unit) + left + 10)
    caption = textwrap.wrap(picture.caption, max(40, width // 6)) if picture.caption else []
    height = int((y1 - y0) * unit) + TITLE + 14 + FOOT * len(caption) + (20 if picture.grid else 0)

    def px(x, y):
        if picture.y_up:
            y = picture.grid[1] - 1 - y
        return left + (x - x0) * unit, TITLE + (20 if picture.grid else 0) + (y - y0) * unit

    ops, on_top = [("text", (10, 18), picture.title, 15, INK, "start", None)], []
    for link in picture.links:
        a, b = px(*link.a), px(*link.b)
        if link.arrow and link.ends:  # from edge to edge of the places, so the head shows
            a, b = _shorten(a, b, picture.places[link.ends[0]].size * unit / 2 + 2), _shorten(
                b, a, picture.places[link.ends[1]].size * unit / 2 + 2)
        line = ("line", a, b, link.colour, link.width * 1.4, link.arrow)
        (on_top if link.on_top else ops).append(line)
    for p in picture.places.values():
        c, r = px(p.x, p.y), p.size * unit / 2
        if p.shape in ("hex", "flathex"):
            ops.insert(1, ("poly", [px(*q) for q in hex_corners(p.x, p.y, p.size, p.shape == "flathex")], p.fill))
        elif p.shape == "square":
            ops.append(("poly", [(c[0] + dx * r, c[1] + dy * r) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))],
                        p.fill))
        elif p.shape in ("circle", "dot"):
            ops.append(("circle", c, r, p.fill))
    ops += on_top
    held = {piece.place for piece in picture.pieces}
    for p in picture.places.values():
        lift = 0.22 * p.size * unit if p.id in held and p.shape != "dot" else 0
        x, y = px(p.x, p.y)
        ink = _ink(p.fill) if p.shape != "text" else INK
        ops.append(("text", (x, y - lift), p.label, 11 if p.shape == "dot" else 12, ink, "middle", None))
    for link in picture.links:
        if link.label:
            mid = px((link.a[0] + link.b[0]) / 2, (link.a[1] + link.b[1]) / 2)
            ops.append(("text", mid, link.label, 10, "#333333", "middle", "#ffffff"))
    stacked: dict = {}
    for piece in picture.pieces:
        p = picture.places[piece.place]
        k = stacked[piece.place] = stacked.get(piece.place, -1) + 1
        x, y = px(p.x, p.y)
        colour = piece.colour or ("#444444" if piece.seat is None else SEATS[piece.seat % len(SEATS)])
        if p.shape == "dot":  # a corner: beside it
            at = (x + 0.3 * p.size * unit, y - 0.45 * p.size * unit - 17 * k)
        else:  # under the place's own label, one piece a line
            at = (x, y + 0.05 * p.size * unit + 17 * k)
        ops.append(("text", at, piece.label, 12, _ink(colour), "middle", colour))
    if picture.grid:
        w, h = picture.grid
        ops += [("text", (px(x, 0)[0], TITLE + 8), str(x), 11, MUTED, "middle", None) for x in range(w)]
        ops += [("text", (14, px(0, y)[1]), str(y), 11, MUTED, "middle", None) for y in range(h)]
    ops += [("text", (10, height - FOOT * (len(caption) - i) + 4), line, 11, MUTED, "start", None)
            for i, line in enumerate(caption)]
    return width, height, ops


def _shorten(a, b, by: float):
    """Point a moved `by` pixels toward b."""
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1
    return a[0] + (b[0] - a[0]) * by / d, a[1] + (b[1] - a[1]) * by / d


def _ink(colour: str) -> str:
    """The text colour that reads on `colour` (#rrggbb; any other colour name: the usual ink)."""
    return style.ink(colour) if colour.startswith("#") and len(colour) == 7 else INK


def _draw(picture: Picture, path: Path) -> None:
    width, height, ops = _scene(picture)
    if path.suffix.lower() == ".svg":
        path.write_text(_svg(width, height, ops), encoding="utf-8")
    else:
        _png(width, height, ops).save(path, format="PNG", optimize=False)


def _font_file() -> str:
    """DejaVu Sans as matplotlib ships it (found without importing matplotlib: drawing stays fast)."""
    import importlib.util

    return os.path.join(importlib.util.find_spec("matplotlib").submodule_search_locations[0],
                        "mpl-data", "fonts", "ttf", "DejaVuSans.ttf")


def _png(width: int, height: int, ops):
    """Drawn at twice the size and scaled down: smooth edges without a vector library."""
    from PIL import Image, ImageDraw, ImageFont

    k = 2
    image = Image.new("RGB", (width * k, height * k), "white")
    draw = ImageDraw.Draw(image)
    fonts: dict = {}
    for op in ops:
        if op[0] == "poly":
            draw.polygon([(x * k, y * k) for x, y in op[1]], fill=op[2], outline=OUTLINE, width=2 * k // 2 + 1)
        elif op[0] == "circle":
            (x, y), r = op[1], op[2] * k
            draw.ellipse((x * k - r, y * k - r, x * k + r, y * k + r), fill=op[3], outline=OUTLINE, width=k)
        elif op[0] == "line":
            (ax, ay), (bx, by) = op[1], op[2]
            draw.line((ax * k, ay * k, bx * k, by * k), fill=op[3], width=max(1, int(op[4] * k)))
            if op[5]:
                _arrow_head(draw, (ax * k, ay * k), (bx * k, by * k), op[3], 9 * k)
        else:
            _, (x, y), label, size, colour, anchor, box = op
            font = fonts.get(size) or fonts.setdefault(size, ImageFont.truetype(_font_file(), size * k))
            lines = label.split("\n")
            step = size * k * 1.15
            for i, line in enumerate(lines):
                at = (x * k, y * k + (i - (len(lines) - 1) / 2) * step)
                where = "mm" if anchor == "middle" else "lm"
                if box:
                    l, t, r, b = draw.textbbox(at, line, font=font, anchor=where)
                    draw.rounded_rectangle((l - 3 * k, t - 2 * k, r + 3 * k, b + 2 * k), 3 * k, fill=box,
                                           outline=None if box == "#ffffff" else OUTLINE, width=1)
                draw.text(at, line, fill=colour, font=font, anchor=where)
    # a palette of 96 colours: a board's few fills and the text's edges, a file a quarter the size
    return image.resize((width, height), Image.LANCZOS).quantize(colors=96, method=Image.Quantize.FASTOCTREE)


def _arrow_head(draw, a, b, colour, size):
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    tip = b
    draw.polygon([tip, (tip[0] - ux * size - uy * size / 2, tip[1] - uy * size + ux * size / 2),
                  (tip[0] - ux * size + uy * size / 2, tip[1] - uy * size - ux * size / 2)], fill=colour)


def _svg(width: int, height: int, ops) -> str:
    from xml.sax.saxutils import escape

    def pts(points):
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
           '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="context-stroke"/></marker></defs>',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for op in ops:
        if op[0] == "poly":
            out.append(f'<polygon points="{pts(op[1])}" fill="{op[2]}" stroke="{OUTLINE}" stroke-width="1"/>')
        elif op[0] == "circle":
            (x, y), r = op[1], op[2]
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{op[3]}" stroke="{OUTLINE}"/>')
        elif op[0] == "line":
            (ax, ay), (bx, by) = op[1], op[2]
            head = ' marker-end="url(#head)"' if op[5] else ""
            out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{op[3]}" '
                       f'stroke-width="{op[4]:.1f}"{head}/>')
        else:
            _, (x, y), label, size, colour, anchor, box = op
            lines = label.split("\n")
            for i, line in enumerate(lines):
                ly = y + (i - (len(lines) - 1) / 2) * size * 1.15
                if box:
                    w = 0.6 * size * len(line) + 6
                    out.append(f'<rect x="{x - w / 2:.1f}" y="{ly - size * 0.7:.1f}" width="{w:.1f}" '
                               f'height="{size * 1.4:.1f}" rx="3" fill="{box}"'
                               + ('/>' if box == "#ffffff" else f' stroke="{OUTLINE}" stroke-width="0.5"/>'))
                out.append(f'<text x="{x:.1f}" y="{ly:.1f}" font-size="{size}" fill="{colour}" '
                           f'text-anchor="{anchor}" dominant-baseline="central">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
