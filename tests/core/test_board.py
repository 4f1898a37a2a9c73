"""Board pictures (core/board.py and each game's `picture`): every game's board renders as PNG and SVG with the
ids its loader reads; Catan's picture holds its 54 corners and 72 edges where the geometry puts them; the
terminal form fits 80 columns or is withheld; the graph layout is fixed."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from analyzer.core import board, registry
from analyzer.core.errors import AnalyzerError
from analyzer.core.game import resolve

DRAWN = [g.name for g in registry.games() if g.picture is not None]


def test_the_games_with_a_board_have_a_picture():
    assert {"catan", "finstere_flure", "san_marco", "samarkand_queen", "samarkand_sackson", "goa",
            "cafe_international", "himalaya", "paris_paris", "roborally", "camelup", "magellan", "emerald", "caylus", "alhambra", "st_petersburg",
            "elfenland", "drunter_druber"} <= set(DRAWN)


@pytest.mark.parametrize("game", DRAWN)
def test_every_board_renders_as_png_and_svg(game, tmp_path):
    picture = resolve(registry.game(game).picture)(None)
    assert picture.places and picture.title
    board.save(picture, tmp_path / "board.png")
    with Image.open(tmp_path / "board.png") as image:
        assert image.format == "PNG"
        assert 360 <= image.width <= 4000 and 150 <= image.height <= 4000, image.size
        assert len(image.convert("L").getcolors(65536) or []) > 8  # drawn on, not a blank page
    board.save(picture, tmp_path / "board.svg")
    root = ET.parse(tmp_path / "board.svg").getroot()
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert picture.title in texts
    assert not list(tmp_path.glob(".*")), "a temporary file was left behind"


@pytest.mark.parametrize("game", DRAWN)
def test_the_terminal_form_fits_80_columns_or_is_withheld(game):
    text = board.text(resolve(registry.game(game).picture)(None))
    if text is not None:
        assert max(len(line) for line in text.splitlines()) <= 79


def _svg_texts(picture, tmp_path) -> list[str]:
    board.save(picture, tmp_path / "catan.svg")
    return [t.text for t in ET.parse(tmp_path / "catan.svg").getroot().iter("{http://www.w3.org/2000/svg}text")]


def test_the_catan_picture_labels_the_54_corners_the_loader_reads(tmp_path):
    from analyzer.games.catan import board as bo
    from analyzer.games.catan.picture import picture

    pic = picture(None)
    corners = pic.kinds("corner")
    assert len(corners) == bo.N_VERTEX == 54 and {p.label for p in corners} == {str(v) for v in range(54)}
    assert len(pic.kinds("hex")) == 19 and len([link for link in pic.links if link.kind == "edge"]) == 72
    numbers = [t for t in _svg_texts(pic, tmp_path) if t.isdigit()]  # corner labels are the only bare numbers
    assert sorted(map(int, numbers)) == list(range(54))
    side = 2  # a regular hex 4 units wide: sides of 2, corners 2 from the centre
    for a, b in map(tuple, bo.EDGES):  # each edge [a, b] joins two corners one hex side apart
        (xa, ya), (xb, yb) = pic.at(int(a)), pic.at(int(b))
        assert math.isclose(math.hypot(xa - xb, ya - yb), side, rel_tol=1e-9), (a, b)
    for h in range(19):  # each hex's six corners surround it
        cx, cy = pic.at(f"hex {h}")
        for v in bo.HEX_VERTICES[h]:
            assert math.isclose(math.hypot(pic.at(int(v))[0] - cx, pic.at(int(v))[1] - cy), side, rel_tol=1e-9)


def test_a_position_puts_its_pieces_on_the_places_it_names():
    from analyzer.core import scenario

    data = scenario.load(registry.SCENARIOS / "catan" / "where-to-settle.yaml")
    game = registry.game("catan")
    pic = resolve(game.picture)(game.position(data))
    assert ("19", "S0") in {(p.place, p.label) for p in pic.pieces} and ("12", "C0") in {
        (p.place, p.label) for p in pic.pieces}
    assert ("hex 10", "robber") in {(p.place, p.label) for p in pic.pieces}
    assert len([link for link in pic.links if link.kind == "road"]) == len(data["position"]["roads"])


def test_a_grid_board_prints_its_squares_by_coordinate():
    from analyzer.games.finstere_flure import rules as r
    from analyzer.games.finstere_flure.picture import picture

    lines = board.text(picture(None)).splitlines()
    header = lines[1].split()
    assert header == [str(x) for x in range(r.DEFAULT_BOARD.width)]
    rows = {int(line.split()[0]): line.split()[1:] for line in lines[2:2 + r.DEFAULT_BOARD.height]}
    assert rows[0][0] == "O" and rows[10][15] == "I"  # the exit and the entrance corners
    assert all(rows[y][x] == "#" for x, y in r.DEFAULT_STONES)


def test_a_north_up_grid_prints_its_top_row_first():
    from analyzer.games.roborally import rules as r
    from analyzer.games.roborally.picture import picture

    lines = board.text(picture(None)).splitlines()
    assert lines[2].split()[0] == str(r.ILLUSTRATIVE_BOARD.height - 1)
    x, y = r.ILLUSTRATIVE_BOARD.flags[0]
    row = next(line.split()[1:] for line in lines[2:] if line.split()[0] == str(y))
    assert row[x] == "F"


def test_the_graph_layout_is_fixed_and_spreads_the_places():
    ring = [(i, (i + 1) % 12) for i in range(12)]
    first, again = board.spring(range(12), ring), board.spring(range(12), ring)
    assert first == again and all(abs(c) <= 1 for xy in first.values() for c in xy)
    gaps = [math.dist(first[a], first[b]) for a in range(12) for b in range(a + 1, 12)]
    assert min(gaps) > 0.2  # no two places on top of each other


def test_a_picture_file_must_be_png_or_svg_and_new(tmp_path):
    pic = board.Picture("t")
    pic.place("a", 0, 0)
    with pytest.raises(AnalyzerError, match="--out: .* allowed: a file name ending .png or .svg"):
        board.save(pic, tmp_path / "x.jpg")
    (tmp_path / "x.png").write_bytes(b"")
    with pytest.raises(AnalyzerError, match="exists"):
        board.save(pic, tmp_path / "x.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.png"]


@pytest.mark.parametrize("game", DRAWN)
def test_every_shipped_position_draws_on_its_board(game):
    """Each position's pieces land on places of its board (an unknown place raises) and the scene lays out."""
    from analyzer.core import scenario

    spec = registry.game(game)
    drawn = 0
    for path in registry.scenarios(game):
        data = scenario.load(path)
        if "position" not in data:
            continue
        pic = resolve(spec.picture)(spec.position(data))
        width, height, ops = board._scene(pic)
        assert width > 0 and height > 0 and len(ops) > len(pic.places)
        drawn += 1
    assert drawn


@pytest.mark.parametrize("game", ["catan", "finstere_flure", "san_marco", "samarkand_queen", "samarkand_sackson",
                                  "goa", "cafe_international", "himalaya", "paris_paris", "roborally", "magellan",
                                  "drunter_druber"])
def test_a_board_on_illustrative_data_says_so(game):
    assert "ILLUSTRATIVE" in resolve(registry.game(game).picture)(None).caption
