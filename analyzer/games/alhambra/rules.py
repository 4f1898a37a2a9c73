"""Alhambra rules as data (rules spec: shared/rules/alhambra.md): the 54 building tiles of the BGA list, the
points table, the money deck, where the scoring cards lie in it, the majority scoring, and every named setting as
a frozen `Settings`.

Ints shared with the numba engine: kinds 0..5 (`KINDS`, pavilion first), currencies 0..3 (`CURRENCIES`; market
space i takes currency i), tile ids 0..53 in BGA order (BGA's building ids 6..59 less 6), `FOUNTAIN` -1 in an
alhambra, wall sides 0..3 as BGA numbers them (layout.py says which side is which).  A money card is
(currency, value 1..9).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from analyzer.core import scenario as sc
from analyzer.core import settings as core_settings

KINDS = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES = ("blue", "green", "orange", "yellow")
FOUNTAIN = -1
PLAYERS = (3, 6)  # 2 only with the neutral-player variant (not built: refused)

# -- the 54 tiles (thoun/bga-alhambra modules/php/Buildings.php): (kind, cost, wall sides) -------------------
_P, _S, _A, _C, _G, _T = range(6)
TILES: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (_P, 2, (0, 1, 3)), (_P, 3, (2, 3)), (_P, 4, (1, 2)), (_P, 5, (0, 3)), (_P, 6, (0,)), (_P, 7, (1,)), (_P, 8, ()),
    (_S, 3, (1, 2, 3)), (_S, 4, (0, 1)), (_S, 5, (2, 3)), (_S, 6, (1, 2)), (_S, 7, (3,)), (_S, 8, (2,)), (_S, 9, ()),
    (_A, 4, (0, 1, 2)), (_A, 5, (0, 3)), (_A, 6, (2, 3)), (_A, 6, (0, 1)), (_A, 7, (1, 2)), (_A, 8, (0,)),
    (_A, 8, (1,)), (_A, 9, ()), (_A, 10, ()),
    (_C, 5, (0, 2, 3)), (_C, 6, (1, 2)), (_C, 7, (2, 3)), (_C, 7, (0, 1)), (_C, 8, (0, 3)), (_C, 9, (3,)),
    (_C, 9, (2,)), (_C, 10, ()), (_C, 11, ()),
    (_G, 6, (1, 2, 3)), (_G, 7, (0, 2, 3)), (_G, 8, (2, 3)), (_G, 8, (0, 1)), (_G, 8, (0, 3)), (_G, 9, (1,)),
    (_G, 10, (0,)), (_G, 10, (3,)), (_G, 10, ()), (_G, 11, ()), (_G, 12, (2,)),
    (_T, 7, (0, 1, 3)), (_T, 8, (0, 1, 2)), (_T, 9, (1, 2)), (_T, 9, (0, 1)), (_T, 9, (0, 3)), (_T, 10, (3,)),
    (_T, 11, (0,)), (_T, 11, (2,)), (_T, 11, ()), (_T, 12, ()), (_T, 13, (1,)),
)
N_TILES = len(TILES)
TILE_KIND = tuple(t[0] for t in TILES)
TILE_COST = tuple(t[1] for t in TILES)
TILE_WALLS = tuple(t[2] for t in TILES)
TILES_PER_KIND = tuple(TILE_KIND.count(k) for k in range(len(KINDS)))  # 7 7 9 9 11 11


def tile_id(kind: int, cost: int, walls) -> int | None:
    """The id of the tile (kind, cost, wall sides), None when the 54 have no such tile."""
    key = (kind, cost, tuple(sorted(walls)))
    return next((i for i, t in enumerate(TILES) if t == key), None)


def tile_name(i: int) -> str:
    kind, cost, walls = TILES[i]
    return f"{KINDS[kind]} {cost}" + (f" walls {','.join(map(str, walls))}" if walls else "")


# -- points: POINTS[scoring - 1][kind] = points of 1st, 2nd, 3rd place (plus 1 per longest-outer-wall segment)
POINTS = (
    tuple((k + 1,) for k in range(6)),
    tuple((8 + k, 1 + k) for k in range(6)),
    tuple((16 + k, 8 + k, 1 + k) for k in range(6)),
)
WALL_POINT = 1

# -- money ---------------------------------------------------------------------------------------------------
VALUES = tuple(range(1, 10))
COPIES = 3  # of each (currency, value): 108 cards
MONEY = tuple((c, v) for c in range(len(CURRENCIES)) for v in VALUES for _ in range(COPIES))
N_MONEY = len(MONEY)
START_MONEY = 20  # each player is dealt cards until his total reaches or passes it
DISPLAY = 4
MARKET = 4
TAKE_LIMIT = 5  # several display cards may be taken when their values total at most this
PILES = 5
SCORING_PILES = (1, 3)  # 0-based piles of scoring cards 1 and 2 (the 2nd and the 4th)


def pile_sizes(money_left: int) -> tuple[int, ...]:
    """pile_split larger_first: the five piles of the `money_left` cards after the start deal and the display
    (the first piles one card more), each scoring card counted into its pile."""
    base, extra = divmod(money_left, PILES)
    return tuple(base + (i < extra) + (i in SCORING_PILES) for i in range(PILES))


def scoring_windows(money_left: int, pile_split: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """(first, last) deck positions (1-based, counted from the top of the deck as it lies after the display is
    laid) where scoring cards 1 and 2 may lie, each uniformly and independently.

    larger_first: the whole 2nd and 4th pile.  fifths: BGA's Money.php inserts each card among the n = money_left
    + 4 cards left after the deal (the display is laid after): card 1 with p in [ceil(3n/5), floor(4n/5)] cards
    below it, then card 2 with p in [ceil(n/5), floor(2n/5)] below it (so under card 1); the display then takes
    the top 4."""
    if pile_split == "larger_first":
        sizes = pile_sizes(money_left)
        start = [sum(sizes[:i]) + 1 for i in range(PILES)]
        return tuple((start[i], start[i] + sizes[i] - 1) for i in SCORING_PILES)
    n = money_left + DISPLAY
    below1 = (-(-3 * n // 5), 4 * n // 5)
    below2 = (-(-n // 5), 2 * n // 5)
    card1 = (n + 1 - below1[1] - DISPLAY, n + 1 - below1[0] - DISPLAY)
    card2 = (n + 2 - below2[1] - DISPLAY, n + 2 - below2[0] - DISPLAY)
    return card1, card2


# -- majority scoring ----------------------------------------------------------------------------------------

def rank_groups(counts) -> list[tuple[int, list[int]]]:
    """The players holding at least one tile, in groups of equal count, most first: [(first rank 0-based,
    players)]; the next group's rank is after the whole group."""
    held = sorted({c for c in counts if c > 0}, reverse=True)
    out, rank = [], 0
    for c in held:
        group = [p for p, x in enumerate(counts) if x == c]
        out.append((rank, group))
        rank += len(group)
    return out


def score_kind(counts, scoring: int, kind: int, tie_split: str) -> list[int]:
    """Points of each player for one kind at scoring 1, 2 or 3: counts[player] tiles of that kind in his
    alhambra; nothing for no tile.  A tied group shares, rounded down, the points of every place it occupies
    (occupied_ranks) or of only the place it ties on (rank_only)."""
    paid = POINTS[scoring - 1][kind]
    out = [0] * len(counts)
    for rank, group in rank_groups(counts):
        if tie_split == "occupied_ranks":
            pot = sum(paid[r] for r in range(rank, rank + len(group)) if r < len(paid))
        else:
            pot = paid[rank] if rank < len(paid) else 0
        for p in group:
            out[p] = pot // len(group)
    return out


def score_kinds(counts, scoring: int, tie_split: str = "occupied_ranks") -> list[int]:
    """Majority points of each player at scoring 1, 2 or 3: counts[player][kind] (walls not included)."""
    players = len(counts)
    total = [0] * players
    for kind in range(len(KINDS)):
        for p, pts in enumerate(score_kind([counts[q][kind] for q in range(players)], scoring, kind, tie_split)):
            total[p] += pts
    return total


# -- the named settings ----------------------------------------------------------------------------------------
SETTINGS: dict[str, tuple] = {
    "tie_split": ("occupied_ranks", ("occupied_ranks", "rank_only")),
    "pile_split": ("larger_first", ("larger_first", "fifths")),
    "hands_open": (False, (False, True)),
    "end_rule": ("free_space", ("free_space", "empty_stack")),
    "money_reshuffle": (True, (True, False)),
    "start_tie": ("random", ("random", "lower_seat")),
    "neutral_player": (False, (False,)),
    "turn_cap": (100, ()),
    **core_settings.HANDICAP_SETTING,
}


@dataclass(frozen=True)
class Settings(core_settings.Readings):
    """Every named setting of the spec, each at the spec's default."""
    tie_split: str = "occupied_ranks"
    pile_split: str = "larger_first"
    hands_open: bool = False  # the money hands are hidden (only their card counts are known)
    end_rule: str = "free_space"  # the game ends when the market cannot be refilled (empty_stack: the stack is empty)
    money_reshuffle: bool = True  # an empty money deck is rebuilt from the paid cards, shuffled
    start_tie: str = "random"  # fewest cards, then lowest total, then random (lower_seat: the lower seat)
    neutral_player: bool = False  # the BGA two-player variant: not built, so 2 players are refused
    turn_cap: int = 100  # own turns per player; a full game reaching it stops and is counted apart (capped)
    seat_handicap: tuple = ()  # money dealt on top of each turn-order rank's start deal (core/settings.py); (): none

    DEFAULT_LINE = "every named setting at the spec's default"


DEFAULT_SETTINGS = Settings()
assert set(SETTINGS) == {f.name for f in fields(Settings)}


def _neutral(value, field: str) -> bool:
    if sc.flag(value, field):
        from analyzer.core.errors import ScenarioError

        raise ScenarioError(field, "false: the two-player neutral-player variant is not built (play with 3-6)")
    return False


_SPECIAL = {"neutral_player": _neutral,
            "turn_cap": lambda value, field: sc.integer(value, field, 1, 1_000)}


def parse_settings(value, field: str = "rules") -> Settings:
    """A mapping of named settings -> Settings (omitted ones at their defaults)."""
    return core_settings.parse(Settings, SETTINGS, value, field, special=_SPECIAL)
