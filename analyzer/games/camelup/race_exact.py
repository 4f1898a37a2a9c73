"""Exact race odds, first edition and the Supercup long track with boost dice (issue 11).

In these rule sets every leg moves every camel forward, so the positions a leg can start
from form a DAG.  Up to a relabelling of the colours a leg-start position is just how many
camels stand on each space (a multiset of spaces: C(L+n-1, n) of them, 15,504 for 5 camels
on 16 spaces, 42,504 on 20): the camels are named by their rank, slot 0 the leader, slot
n-1 the last (the bottom camel of the rearmost stack).  `build_table` fills, by backward
induction over the position sum (a die always moves a unit forward), the value of every
mid-leg state (board, dice still in the pyramid, whose boost die is still in) from its
children's, and keeps the value of every leg start: P(win) and P(lose) per slot.  A leg that
ends without a finish is the next leg's start on the same board (fresh dice, and with boost
dice the boost die of the camel last at that moment); a roll that carries a unit over the
line ends the race, ranked as `sim.race_counts` ranks it (how far past, then height).

A query (`race_odds`) from any position, mid-leg, desert tiles, any dice left, is the exact
rest of this leg (`exact.leg_exact`, leaves given their boards) with each leg-end leaf looked
up in the table: the exact race winner and loser odds, with nobody placing tiles in later legs
(what the race Monte Carlo assumes too).  A leg-start position (every die in, no tiles) is
one table lookup.

The table depends only on the number of camels, the track length and the die faces (with
boost dice, the boost faces); it is built on first use (a progress bar on stderr on a
terminal) and cached in the user's cache directory (`platformdirs`; ANALYZER_CACHE_DIR
redirects it), written atomically and keyed by those values and the table version.
"""
from __future__ import annotations

import json
import os
import zipfile
from collections import Counter
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np

from analyzer.core.cache import CACHE_ENV, cache_dir  # noqa: F401 - CACHE_ENV: tests and bench redirect it
from analyzer.games.camelup import exact, sim
from analyzer.games.camelup.state import Position

TABLE_VERSION = 1  # bump when the table's meaning or layout changes: cached tables are then rebuilt
MAX_STATES = 10_000_000  # boards x dice states; larger tables (longer tracks) are not built: race_odds says None


@dataclass
class RaceOdds:
    """Exact race odds per camel, indexed like `rules.camels` (0 for camels not racing).  Not frozen: a frozen
    dataclass's __init__ (object.__setattr__ per field) cost a one-die query 0.2 us, and the arrays stay mutable."""
    win: np.ndarray
    lose: np.ndarray


@dataclass(frozen=True)
class TableKey:
    """The rule values a race table depends on."""
    camels: int  # racing camels on the track
    track_length: int
    die_faces: tuple[int, ...]  # sorted; each equally likely
    boost_faces: tuple[int, ...] | None  # sorted; None: no boost dice

    @classmethod
    def of(cls, rules, camels: int) -> TableKey:
        boost = tuple(sorted(rules.boost_faces)) if rules.boost_dice else None
        return cls(camels, rules.track_length, tuple(sorted(rules.die_faces)), boost)

    @property
    def boards(self) -> int:
        return comb(self.track_length + self.camels - 1, self.camels)

    @property
    def states(self) -> int:
        """Mid-leg states the build walks: boards x base dice still in x whose boost die is still in."""
        return self.boards * 2 ** self.camels * (self.camels + 1 if self.boost_faces is not None else 1)

    def name(self) -> str:
        faces = "".join(map(str, self.die_faces))
        boost = "" if self.boost_faces is None else "-boost" + "".join(map(str, self.boost_faces))
        return f"camelup-race-v{TABLE_VERSION}-e{_engine_version()}-{self.camels}c-{self.track_length}s-f{faces}{boost}"


def covers(rules) -> bool:
    """Whether these rules have exact race odds: no crazy camels, every die rolled every leg."""
    return rules.crazy_camels == 0 and rules.dice_left_at_leg_end == 0 and min(rules.die_faces) > 0 and (
        not rules.boost_dice or min(rules.boost_faces) > 0)


def race_odds(position: Position, progress: bool = True) -> RaceOdds | None:
    """Exact P(win) and P(lose) of the race for every camel, or None where not exact here
    (second edition, crazy camels, a track too long for the table).  The first call for a rule
    set may build its table (about 1 s for the first edition, 20 s for the Supercup long track
    with boost dice; a progress bar on stderr on a terminal unless `progress` is False)."""
    fast = _few_dice(position, progress)
    if fast is not None:
        return fast
    rules = position.rules
    racing = position.racing_on_track
    if not racing:
        return None
    table = _table(rules, len(racing), progress)
    if table is None:
        return None
    if _leg_start(position, racing):
        return _odds(position, racing, *_lookup(position, table, racing))
    values = _rest_of_leg(position, table, racing)
    k = len(racing)
    if k == len(rules.camels):  # a new array of this query's: its halves are the answer, no copies
        return RaceOdds(values[:k], values[k:])
    return _odds(position, racing, values[:k], values[k:])


def _few_dice(position: Position, progress: bool) -> RaceOdds | None:
    """`race_odds` where every camel races and stands on the track, mid-leg with one to three dice left and the
    compiled walk loaded, each leaf looked up inside the walk with the least Python around it (issue 56 item 5: the
    table session and the search player ask this most); None elsewhere (the long way gives the same floats)."""
    rules = position.rules
    n = len(rules.camels)
    if rules.racing != n or (len(position.dice_left) >= n and not position.desert):  # crazy camels; a leg start
        return None
    got = exact.own_spec(position, 2)
    if got is None or got[3] != n:
        return None
    table = _table(rules, n, progress)
    if table is None:
        return None
    values = exact.leaf_sums(got[0], table.every, n)
    return RaceOdds(values[:n], values[n:])


_TABLES: dict = {}  # (id(rules), racing camels) -> (rules, its table or None, RaceTable._loaded and its size then)


def _table(rules, camels: int, progress: bool) -> RaceTable | None:
    """The race table for these rules and racing camels, or None where they have none (see `race_odds`); found
    by the rule set's identity (hashing a RuleSet and a TableKey costs more than a one-die query), and looked up
    again whenever the tables in memory change (the entry holds the rule set, so its id stays its own)."""
    loaded = RaceTable._loaded
    entry = _TABLES.get((id(rules), camels))
    if entry is None or entry[0] is not rules or entry[2] is not loaded or entry[3] != len(loaded):
        table = None
        if covers(rules):
            key = TableKey.of(rules, camels)
            table = RaceTable.get(key, progress=progress) if key.states <= MAX_STATES else None
        if len(_TABLES) >= 64:
            _TABLES.clear()
        entry = _TABLES[(id(rules), camels)] = (rules, table, RaceTable._loaded, len(RaceTable._loaded))
    return entry[1]


def _lookup(position: Position, table: RaceTable, racing) -> tuple[np.ndarray, np.ndarray]:
    """A leg-start position: its table row (win, lose of the racing camels)."""
    pos, height = sim.start_words(position, 1)
    w, l = table.lookup(pos, height, racing)
    return w[0], l[0]


def _rest_of_leg(position: Position, table: RaceTable, racing) -> np.ndarray:
    """The exact rest of this leg, each leg-end board looked up in the table: a new array of the racing camels'
    win, then lose."""

    def leaf(variant, rank, pos, height):
        w, l = table.lookup(pos, height, racing, rank[:, racing])  # book's ranks: among the racing camels
        return np.concatenate([w, l], axis=1)

    leaf_table = table.leaf_table(racing)
    values = exact.own_leaf_values(position, leaf_table)  # a few dice, the compiled walk loaded: the short way
    if values is None:
        values = exact.leg_exact(position, leaf_fn=leaf, leaf_words=True, leaf_table=leaf_table).leaf_values[0]
    return values


def _odds(position: Position, racing, win, lose) -> RaceOdds:
    c = len(position.rules.camels)
    if len(racing) == c:  # every camel races (racing is sorted): the values are in camel order
        return RaceOdds(np.array(win), np.array(lose))
    out = RaceOdds(np.zeros(c), np.zeros(c))
    out.win[racing], out.lose[racing] = win, lose
    return out


def _leg_start(position: Position, racing) -> bool:
    """Every die of the camels on the track in, no tiles: the position is a table row."""
    rules = position.rules
    if position.desert or sorted(position.dice_left) != racing:
        return False
    if not rules.boost_dice:
        return not position.boost_dice_left
    last = min(racing, key=lambda c: _order(position, c))
    return tuple(position.boost_dice_left) == (last,)


def _order(position: Position, camel: int) -> tuple[int, int]:
    for space, stack in position.stacks.items():
        if camel in stack:
            return space, stack.index(camel)
    raise KeyError(camel)


# -- the table ----------------------------------------------------------------------------------

class RaceTable:
    """The leg-start values of one TableKey: win[b, slot], lose[b, slot], b the board's index."""

    _loaded: dict[TableKey, RaceTable] = {}

    def __init__(self, key: TableKey, win: np.ndarray, lose: np.ndarray):
        self.key, self.win, self.lose = key, win, lose
        n, boards = key.camels, win.shape[0]
        # rows of (win | lose), and one extra row for finished races: the leader wins, the last camel loses
        eye = np.eye(n)
        self.values = np.vstack([np.hstack([win, lose]), np.concatenate([eye[0], eye[n - 1]])]).ravel()
        # weights by (rank, space); a space past the line weighs `boards`, which sends the sum to the extra row
        self.width = key.track_length + 1 + 64
        weights = np.full((n, self.width), boards, dtype=np.int64)
        weights[:, : key.track_length + 1] = index_weights(n, key.track_length)
        self.weights = weights.ravel()
        self._leaf_tables = {}
        self.every = self.leaf_table(range(n))  # every camel racing (race_odds' short way)

    @classmethod
    def get(cls, key: TableKey, progress: bool = True) -> RaceTable:
        """The table for `key`: in memory, else from the cache, else built (and cached)."""
        if key not in cls._loaded:
            arrays = _load(key)
            if arrays is None:
                arrays = build_table(key, progress=progress)
                _save(key, *arrays)
            cls._loaded[key] = cls(key, *arrays)
        return cls._loaded[key]

    def leaf_table(self, camels) -> tuple[np.ndarray, np.ndarray]:
        """`lookup` for `camels` as the compiled exact walk reads it (`exact_kernel._leaf`): (width, boards, k,
        the k camels, the weights) and the values."""
        key = tuple(camels)
        if key not in self._leaf_tables:
            head = [self.width, self.win.shape[0], len(key), *key]
            self._leaf_tables[key] = (np.concatenate([np.array(head, dtype=np.int64), self.weights]), self.values)
        return self._leaf_tables[key]

    def lookup(self, pos, height, camels, rank=None):
        """(win, lose), (rows, len(camels)): the race odds of `camels` on these boards at a leg's
        start, or where the race is over (a unit past the line), its result.  `rank`: the camels'
        ranks among themselves, where already known."""
        n = self.key.camels
        rank = _ranks(pos, height, camels) if rank is None else rank
        space = sim.unpack(pos, max(camels) + 1)[:, camels].astype(np.int64) - sim.BIAS
        index = self.weights[rank * self.width + space].sum(axis=1)
        base = (np.minimum(index, self.win.shape[0]) * (2 * n))[:, None] + rank
        return self.values[base], self.values[base + n]


def index_weights(n: int, track_length: int) -> np.ndarray:
    """weights[r, s]: the board whose rank-r camel is on space s has index sum_r weights[r, s_r].

    Spaces sorted leader first, s_0 >= ... >= s_{n-1}, become t_r = s_r - 1 + (n-1-r), strictly
    decreasing; the board's index is the combination's colex rank, sum_r C(t_r, n-r)."""
    w = np.zeros((n, track_length + 1), dtype=np.int64)
    for r in range(n):
        for s in range(1, track_length + 1):
            w[r, s] = comb(s - 1 + n - 1 - r, n - r)
    return w


def boards(n: int, track_length: int):
    """Every board, as (index order) spaces (boards, n) leader first and packed words (pos, height):
    camel slot r is the camel of rank r."""
    spaces = np.array([c[::-1] for c in combinations_with_replacement(range(1, track_length + 1), n)],
                      dtype=np.int64).reshape(-1, n)
    weights = index_weights(n, track_length)
    index = weights[np.arange(n), spaces].sum(axis=1)
    order = np.empty_like(index)
    order[index] = np.arange(index.size)
    spaces = spaces[order]
    # height of slot r: the slots behind it on its space are below it
    height = (spaces[:, :, None] == spaces[:, None, :]) & (np.arange(n)[None, :] > np.arange(n)[:, None])[None]
    height = height.sum(axis=2)
    return spaces, sim.pack(spaces + sim.BIAS), sim.pack(height)


def _ranks(pos, height, camels):
    """(rows, len(camels)): how many of `camels` are ahead of each."""
    mask = np.uint64(sum(0x80 << (8 * c) for c in camels))
    out = []
    for c in camels:
        shift = np.uint64(8 * c)
        space, level = (pos >> shift) & sim._BYTE, (height >> shift) & sim._BYTE
        ahead = sim.bytes_at_least(pos, space + sim._ONE) | (
            sim.bytes_equal(pos, space) & sim.bytes_at_least(height, level + sim._ONE))
        out.append(np.bitwise_count(ahead & mask).astype(np.int64))
    return np.stack(out, axis=1)


def _weighted(faces) -> list[tuple[int, float]]:
    counts = Counter(faces)
    return [(f, counts[f] / len(faces)) for f in sorted(counts)]


def build_table(key: TableKey, progress: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Backward induction over every board, highest position sum first: (win, lose) per board and slot.

    A state is (board, U, beta): U the slots whose base die is still in the pyramid, beta 0 when
    no boost die is, else 1 + the slot whose boost die is.  Its value V[state] (2n: win, lose per
    slot, in the board's slot labels) is the mean over the dice in and their faces of the child's
    value, relabelled.  (board, no dice) is the leg's end: the value of the board's next leg start.
    States live in a ring over the boards in descending sum order, long enough for every child."""
    from analyzer.core.runner import Progress

    n, length = key.camels, key.track_length
    faces = _weighted(key.die_faces)
    boost = _weighted(key.boost_faces) if key.boost_faces is not None else None
    spaces, pos, height = boards(n, length)
    total = spaces.sum(axis=1)
    order = np.argsort(-total, kind="stable")  # processing order: highest sum first
    rank_of = np.empty_like(order)
    rank_of[order] = np.arange(order.size)
    top = max(f for f, _ in faces + (boost or []))
    reach = top * n  # a move adds at most this to the sum
    sums = np.bincount(total, minlength=total.max() + reach + 2)
    window = np.convolve(sums, np.ones(reach + 1, dtype=np.int64))[: sums.size].max()
    ring = int(window) + 1

    masks, betas, width = 1 << n, (n + 1) if boost else 1, 2 * n
    full = masks - 1
    fresh_beta = n if boost else 0  # the boost die of the last camel (slot n-1)
    V = np.zeros((ring, masks, betas, width))
    win, lose = np.zeros((spaces.shape[0], n)), np.zeros((spaces.shape[0], n))
    weights = index_weights(n, length)
    bits = np.arange(masks)
    popcount = np.bitwise_count(bits.astype(np.uint64)).astype(np.int64)
    # subsets S of the other slots, per die d: U = S | (1 << d)
    others = [bits[(bits >> d) & 1 == 0] for d in range(n)]
    beta_dice = (np.arange(betas) > 0).astype(np.int64)

    bar = Progress(spaces.shape[0], "camelup race table", enabled=progress)
    for s in np.unique(total)[::-1]:
        ids = np.flatnonzero(total == s)
        m = ids.size
        acc = np.zeros((m, masks, betas, width))
        P, H = pos[ids], height[ids]
        moves = [(d, f, w, False) for d in range(n) for f, w in faces]
        if boost:
            moves += [(j, g, w, True) for j in range(n) for g, w in boost]
        for d, f, w, is_boost in moves:
            child = _child(P, H, d, f, n, length, weights)
            if is_boost:  # the boost die of slot d: every base mask U, beta 1+d -> beta 0
                subsets, beta_from = bits, np.array([1 + d])
                child_beta = np.zeros((m, 1), dtype=np.int64)
            else:  # base die d: U = S | {d}, any beta
                subsets, beta_from = others[d], np.arange(betas)
                child_beta = np.concatenate([np.zeros((m, 1), dtype=np.int64), 1 + child.rank], axis=1)[:, :betas]
            child_mask = np.zeros((m, subsets.size), dtype=np.int64)
            for c in range(n):
                child_mask |= ((subsets[None, :] >> c) & 1) << child.rank[:, c:c + 1]
            slot = (rank_of[child.index] % ring)[:, None, None]
            value = V[slot, child_mask[:, :, None], child_beta[:, None, :]]  # (m, subsets, betas, 2n)
            perm = np.concatenate([child.rank, n + child.rank], axis=1)[:, None, None, :]
            value = np.take_along_axis(value, perm, axis=3)
            if child.over.any():
                end = np.zeros((m, width))
                end[np.arange(m), child.rank.argmin(1)] = 1.0
                end[np.arange(m), n + child.rank.argmax(1)] = 1.0
                value = np.where(child.over[:, None, None, None], end[:, None, None, :], value)
            target = subsets if is_boost else subsets | (1 << d)
            dice_in = popcount[target][:, None] + beta_dice[beta_from][None, :]
            acc[:, target[:, None], beta_from[None, :]] += w * value / dice_in[None, :, :, None]
        acc[:, 0, 0] = acc[:, full, fresh_beta]  # no dice left: the next leg starts on this board
        V[rank_of[ids] % ring] = acc
        win[ids], lose[ids] = acc[:, full, fresh_beta, :n], acc[:, full, fresh_beta, n:]
        bar.advance(m)
    bar.close()
    return win, lose


@dataclass
class _Child:
    rank: np.ndarray  # (m, n): rank of each parent slot on the moved board
    index: np.ndarray  # (m,): the moved board's index (0 where the race is over)
    over: np.ndarray  # (m,): the move crossed the finish line


def _child(P, H, camel, steps, n, length, weights) -> _Child:
    m = P.size
    cp, ch, _, end = sim.move(P, H, np.full(m, camel, dtype=np.uint64), np.full(m, steps, dtype=np.uint64), None)
    rank = _ranks(cp, ch, range(n))
    over = end > np.uint64(length + sim.BIAS)
    space = sim.unpack(cp, n).astype(np.int64) - sim.BIAS
    index = weights[rank, np.clip(space, 1, length)].sum(axis=1)
    return _Child(rank, np.where(over, 0, index), over)


# -- the cache ----------------------------------------------------------------------------------

def _engine_version() -> int:
    from analyzer.games.camelup import GAME

    return GAME.version


def _meta(key: TableKey) -> str:
    return json.dumps({"table_version": TABLE_VERSION, "engine_version": _engine_version(), "camels": key.camels,
                       "track_length": key.track_length, "die_faces": list(key.die_faces),
                       "boost_faces": None if key.boost_faces is None else list(key.boost_faces)}, sort_keys=True)


def table_path(key: TableKey) -> Path:
    return cache_dir() / f"{key.name()}.npz"


def _load(key: TableKey):
    path = table_path(key)
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["meta"]) != _meta(key):
                return None
            win, lose = data["win"], data["lose"]
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None  # absent, unreadable or stale: rebuild
    if win.shape != (key.boards, key.camels) or lose.shape != win.shape or not np.isfinite(win).all():
        return None
    return win, lose


def _save(key: TableKey, win, lose) -> None:
    """Write atomically (a temporary file in the same folder, then a rename); a read-only cache is skipped."""
    path = table_path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only where a table is written: a one-shot answer reads one

        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                np.savez(f, win=win, lose=lose, meta=np.array(_meta(key)))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass
