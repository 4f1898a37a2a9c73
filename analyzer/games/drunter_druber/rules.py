"""Drunter und Drüber rules as data (rules spec: shared/rules/drunter-druber.md, from the Drunter und Drüber
article of seeds/wiki-games.cs.txt): the building types, the special cards of the expert rules, the vote cards and
every named setting as a frozen `Settings`.

The seed gives no likelihood for the building guess nor a stance prior for the votes: `cover_own_eps` and
`against_prior` are data settings whose defaults are the spec's ILLUSTRATIVE ones, and every output resting on them
says so; `vote_eps` (the optional factor per vote) defaults to 1, the votes ignored.  The split of the 60 tiles
into wall / river / road kinds was not found either: `tile_kinds` (per size, how many tiles of each kind) is data
too, its default an ILLUSTRATIVE even split (4/4/4 triples, 8/8/8 doubles, 8/8/8 singles), and the tile odds built
on it say so.  The board is not needed by the questions answered here (the covering EV waits for it).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings
from analyzer.core.errors import ScenarioError

PLAYERS = (2, 4)
TYPES = ("A", "B", "C", "D", "E", "F")  # 6 building types (one card each)
SQUARES_PER_TYPE = 5
SPECIALS = ("threes", "fours", "lowest", "every")  # the expert rules' 4 special cards
EXPERT_CARDS = TYPES + SPECIALS  # the expert deck: 10 cards, 2 to each player
HAND = {"basic": 1, "expert": 2}
TILES = {2: (6, 12, 12), 3: (4, 8, 8), 4: (3, 6, 6)}  # triples, doubles, singles dealt to each player
TILE_KINDS = ("wall", "river", "road")
SIZES = ("triple", "double", "single")  # the tile sizes, in TILES' order
SIZE_TOTALS = (12, 24, 24)  # tiles of each size in the game
EVEN_SPLIT = ((4, 4, 4), (8, 8, 8), (8, 8, 8))  # per size, (wall, river, road): the ILLUSTRATIVE tile_kinds
# name -> (yes, no) it adds; JEIN is wild (declared after the reveal), shrug adds nothing and is kept
VOTES = {"JA": (1, 0), "JAA": (2, 0), "JAAA": (3, 0), "NE": (0, 1), "NEE": (0, 2), "NEEE": (0, 3),
         "JEIN": (2, 2), "shrug": (0, 0)}
FULL_VOTES = tuple(VOTES)

# -- the named settings -----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "cover_own_eps": (Fraction(1, 4), ()),
    "vote_eps": (Fraction(1), ()),
    "against_prior": (Fraction(1, 2), ()),
    "variant": ("basic", ("basic", "expert")),
    "expert_deal": ("random", ("random", "one_of_each")),
    "jein_order": ("clockwise_from_proposer", ("clockwise_from_proposer",)),
    "enclosed_builder": ("no_legal_square", ("no_legal_square", "three_sides")),
    "tile_kinds": (EVEN_SPLIT, ()),
}
DATA = ("cover_own_eps", "against_prior", "tile_kinds")  # data with illustrative defaults (vote_eps 1: votes ignored)


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    cover_own_eps: Fraction = Fraction(1, 4)  # each own square a player covers: x eps on "he holds that type"
    vote_eps: Fraction = Fraction(1)  # each yes vote on covering type t: x eps on "he holds t" (a no vote: / eps)
    against_prior: Fraction = Fraction(1, 2)  # P(an opponent votes against an outhouse), spending all its no-votes
    variant: str = "basic"  # expert: 2 secret cards of 10, no votes (outhouses covered freely)
    expert_deal: str = "random"  # expert: 2 of the 10 cards at random, or one building + one special each
    jein_order: str = "clockwise_from_proposer"  # JEIN declarations after the reveal, clockwise from the proposer
    enclosed_builder: str = "no_legal_square"  # a builder is removed when no square (past tunnels) takes a tile
    tile_kinds: tuple = EVEN_SPLIT  # per size (triple, double, single): how many tiles are (wall, river, road)

    @property
    def illustrative(self) -> tuple[str, ...]:
        """The data settings left at the spec's illustrative defaults."""
        return tuple(name for name in DATA if getattr(self, name) == getattr(DEFAULT_SETTINGS, name))

    def show(self, name: str):
        value = getattr(self, name)
        if name == "tile_kinds":
            return {size: dict(zip(TILE_KINDS, counts)) for size, counts in zip(SIZES, value)}
        return str(value) if isinstance(value, Fraction) else value

    def labels(self) -> list[str]:
        shown = {k: (kinds_text(self.tile_kinds) if k == "tile_kinds" else v) for k, v in self.shown().items()}
        return ["rules: " + (", ".join(f"{k}={v}" for k, v in shown.items()) + " (others at their defaults)"
                             if shown else "every named setting at the spec's default")]


def kinds_text(split) -> str:
    """A tile_kinds value as "triple 4/4/4, double 8/8/8, single 8/8/8 (wall/river/road)"."""
    return ", ".join(f"{size} {'/'.join(map(str, counts))}" for size, counts in zip(SIZES, split)) + \
        " (" + "/".join(TILE_KINDS) + ")"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def fraction(value, field: str, low: Fraction, high: Fraction | None, low_open: bool = False) -> Fraction:
    """A number as a whole number, a decimal or "p/q" within [low, high] (low excluded when low_open)."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        x = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError, OverflowError):
        x = None
    top = "" if high is None else f" and <= {high}"
    if x is None or x < low or (low_open and x == low) or (high is not None and x > high):
        raise ScenarioError(field, f"got {value!r}; allowed: a number {'>' if low_open else '>='} {low}{top} "
                                   "(a whole number, a decimal or \"p/q\")")
    return x


def tile_kinds(value, field: str) -> tuple:
    """{size: {kind: tiles}} -> per size (wall, river, road): every size given, a kind left out has 0 tiles, and
    each size's counts sum to its tiles in the game (12 triples, 24 doubles, 24 singles)."""
    block = sc.mapping(value, field, set(SIZES))
    out = []
    for size, total in zip(SIZES, SIZE_TOTALS):
        where = f"{field}.{size}"
        if block.get(size) is None:
            raise ScenarioError(where, f"missing; give how many of the {total} {size}s are "
                                       f"{', '.join(TILE_KINDS)} (every size: {', '.join(SIZES)})")
        kinds = sc.mapping(block[size], where, set(TILE_KINDS))
        counts = tuple(sc.integer(kinds.get(k, 0), f"{where}.{k}", 0, total) for k in TILE_KINDS)
        if sum(counts) != total:
            raise ScenarioError(where, f"{' + '.join(f'{k} {n}' for k, n in zip(TILE_KINDS, counts))} = "
                                       f"{sum(counts)}; allowed: counts summing to {total}, the game's {size}s "
                                       "(a kind left out has 0)")
        out.append(counts)
    return tuple(out)


_SPECIAL = {
    "cover_own_eps": lambda v, f: fraction(v, f, Fraction(0), Fraction(1), low_open=True),
    "vote_eps": lambda v, f: fraction(v, f, Fraction(0), None, low_open=True),
    "against_prior": lambda v, f: fraction(v, f, Fraction(0), Fraction(1)),
    "tile_kinds": tile_kinds,
}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
