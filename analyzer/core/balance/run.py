"""Full games under named rule sets, played on common random numbers, and their accumulators.

A game plugs in with a `core.game.FullGames`; `variants.parse` turns a balance scenario into
a `BalanceSpec`: its `play(config, n, rng) -> dict` plays n full games of one rule set and
table (`Variant.config`, the game's own picklable description) and returns, per game,
`money` (n, seats) final score, `credit` (n, seats) win credit (1 to the winner; 1/k each
to k tied winners, so every game hands out exactly one win), one array (n,) per name in
`lengths` (e.g. turns, legs), `actions` (seats, kinds) counts, and optionally `policy`
(n, seats) the index into `Variant.policies` of the model in each seat.

**Common random numbers.**  The runner gives chunk i the same seed child for every rule
set: the chunk's games of every variant are played from one seed, so game j of chunk i
meets the same luck under every rule set (as far as the game's draws allow: an engine that
draws each game's chance up front, in a `Chance` table, gives the same draws to every rule set).  A paired difference per game (variant minus the first, the
baseline) then cancels the shared luck, and its 95% interval is that of the differences.

Chunks hold `spec.chunk` games.  The runner cuts runs into chunks of `runner.CHUNK`
rollouts; a game counts as `runner.CHUNK // spec.chunk` of them here, so that one runner
chunk is one batch of games (the progress bar and messages count games).  The same seed
gives the same tables for any --jobs.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from math import factorial
from typing import Callable

import numpy as np

from analyzer.core import runner, stats



@dataclass(frozen=True)
class Variant:
    name: str
    players: int
    config: object  # handed to spec.play
    seats: tuple[str, ...]  # the policy label of each seat (fixed seating)
    policies: tuple[str, ...] = ()  # label of each index `play` reports in "policy"
    rotate: bool = False  # policies change seats from game to game


@dataclass(frozen=True)
class BalanceSpec:
    game: str
    play: Callable  # play(config, n, rng) -> dict; module level, so it pickles
    variants: tuple[Variant, ...]
    chunk: int = 1024  # games per chunk: a power of two up to runner.CHUNK
    action_kinds: tuple[str, ...] = ()
    lengths: tuple[str, ...] = ("turns",)
    money_range: tuple[int, int] = (-64, 256)  # final money histogram, whole numbers lo .. hi - 1 (clipped)
    length_bins: int = 4096
    money_name: str = "money"

    @property
    def scale(self) -> int:
        return runner.CHUNK // self.chunk

    @property
    def base(self) -> Variant:
        return self.variants[0]

    # what `run` asks of a spec (a `ladder.Ladder` answers the same)
    def task(self) -> "BalanceTask":
        return BalanceTask(self)

    def halfwidths(self, total: dict) -> np.ndarray:
        return halfwidths(self, total)

    per = "rule set"  # what one counted game is played under (class constants, not fields)
    counted = "games"  # what the progress bar counts

    @property
    def stage(self) -> str:
        k = len(self.variants)
        return f"playing {k} rule set{'s' if k > 1 else ''}"


def check_chunk(chunk: int) -> int:
    if chunk < 1 or chunk > runner.CHUNK or runner.CHUNK % chunk:
        raise ValueError(f"chunk must divide {runner.CHUNK}, got {chunk}")
    return chunk


class BalanceTask:
    """A runner task: one chunk of games under every variant, from one seed; flat accumulators."""

    def __init__(self, spec: BalanceSpec):
        self.spec = spec

    def __call__(self, units: int, rng) -> dict:
        return self.play(units // self.spec.scale, chunk_entropy(rng))

    def play(self, n: int, entropy: list[int], where: str = "") -> dict:
        """n games of every variant from the chunk's seed `entropy`; `where` opens the progress notes."""
        spec = self.spec
        acc: dict = {}
        base = None
        for i, variant in enumerate(spec.variants):
            runner.note(f"{where}playing rule set {i + 1}/{len(spec.variants)}: {variant.name}")
            out = spec.play(variant.config, n, np.random.default_rng(np.random.SeedSequence(entropy)))
            _accumulate(acc, f"v{i}.", out, spec, variant)
            if i == 0:
                base = out
            else:
                _accumulate_pairs(acc, f"d{i}.", out, base, spec)
        return acc


def chunk_entropy(rng) -> list[int]:
    """A chunk's seed, shared by every variant (and every rung of a ladder)."""
    return [int(x) for x in rng.integers(2**63, size=4)]


def _sums(acc, key, x):
    acc[key] = x.sum(0)
    acc[key + "_sq"] = (x.astype(np.float64) ** 2).sum(0)


def _hist(values, bins: int, rows: int | None = None):
    """Histogram of whole numbers clipped to [0, bins): per column if `rows` (columns) is given."""
    v = np.clip(np.asarray(values).astype(np.int64), 0, bins - 1)
    if rows is None:
        return np.bincount(v, minlength=bins)
    return np.bincount((np.arange(rows) * bins + v).ravel(), minlength=rows * bins).reshape(rows, bins)


def _accumulate(acc, p, out, spec: BalanceSpec, variant: Variant):
    credit, money = out["credit"].astype(np.float64), out["money"]
    n, seats = credit.shape
    acc[p + "games"] = n
    _sums(acc, p + "credit", credit)
    acc[p + "outright"] = (credit == 1).sum(0)
    acc[p + "shared"] = ((credit > 0) & (credit < 1)).sum(0)
    acc[p + "shared_games"] = int(((credit > 0) & (credit < 1)).any(1).sum())
    _sums(acc, p + "money", money.astype(np.float64))
    lo, hi = spec.money_range
    acc[p + "money_hist"] = _hist(np.asarray(money) - lo, hi - lo, seats)
    for name in spec.lengths:
        _sums(acc, p + name, out[name].astype(np.float64))
        acc[p + name + "_hist"] = _hist(out[name], spec.length_bins)
    acc[p + "actions"] = np.asarray(out["actions"], dtype=np.int64)
    if "policy" in out and variant.policies:
        labels = _labels(variant)
        if len(labels) > 1:  # per game, the mean credit of each policy's seats; then every pair's difference
            seat_label = np.asarray([labels.index(x) for x in variant.policies])[out["policy"]]
            per = np.stack([(credit * (seat_label == j)).sum(1) / (seat_label == j).sum(1)
                            for j in range(len(labels))], axis=1)
            a, b = np.triu_indices(len(labels), 1)
            _sums(acc, p + "policy_pair", per[:, a] - per[:, b])
        k = len(variant.policies)
        acc[p + "policy_credit"] = np.bincount(out["policy"].ravel(), weights=credit.ravel(), minlength=k)
        acc[p + "policy_credit_sq"] = np.bincount(out["policy"].ravel(), weights=(credit ** 2).ravel(), minlength=k)
        acc[p + "policy_seats"] = np.bincount(out["policy"].ravel(), minlength=k)


def _labels(variant: Variant) -> list[str]:
    return list(dict.fromkeys(variant.policies))


def _accumulate_pairs(acc, p, out, base, spec: BalanceSpec):
    """Per game, this variant minus the baseline, for the seats both have."""
    k = min(out["credit"].shape[1], base["credit"].shape[1])
    _sums(acc, p + "credit", out["credit"][:, :k].astype(np.float64) - base["credit"][:, :k])
    _sums(acc, p + "money", out["money"][:, :k].astype(np.float64) - base["money"][:, :k])
    for name in spec.lengths:
        _sums(acc, p + name, out[name].astype(np.float64) - base[name])


def run(spec: BalanceSpec, settings: runner.RunSettings, stage: str = "") -> dict:
    """Play settings.rollouts games per variant (in chunks of spec.chunk); the merged accumulators.  `spec` may
    be a `ladder.Ladder` (its `task`, `halfwidths`, `stage`, `chunk`, `scale`, `per` and `counted` alike);
    `stage` says what the progress bar shows, if not the spec's own."""
    check_chunk(spec.chunk)
    scaled = replace(settings, rollouts=settings.rollouts * spec.scale,
                     max_rollouts=settings.max_rollouts * spec.scale if settings.max_rollouts else None)
    label = "games" if spec.scale == 1 else f"games/{spec.scale}"  # what checkpoints record
    total = runner.run(spec.task(), scaled, label=label, halfwidths=spec.halfwidths, unit=spec.scale,
                       counted=spec.counted, stage=stage or spec.stage)
    total.rollouts, total.label = total.rollouts // spec.scale, f"games per {spec.per}"  # say it in games
    runner.stage("tables and findings")
    return total


def halfwidths(spec: BalanceSpec, total: dict) -> np.ndarray:
    """95% half-widths of the win rates and of the paired win-rate differences."""
    out = []
    for i in range(len(spec.variants)):
        n = total[f"v{i}.games"]
        out.append(stats.wilson_halfwidth(total[f"v{i}.credit"], n))
        if i:
            out.append(stats.mean_ci(n, total[f"d{i}.credit"], total[f"d{i}.credit_sq"])[1])
    return np.concatenate([np.ravel(h) for h in out])



def by_turn_rank(a: np.ndarray, starts: np.ndarray, players: int) -> np.ndarray:
    """(games, seats, ...) by seat -> by turn-order rank: rank k of game j is seat starts[j] + k."""
    order = (starts[:, None] + np.arange(players)[None, :]) % players
    return np.take_along_axis(a, order.reshape(order.shape + (1,) * (a.ndim - 2)), axis=1)


def engine_games(engine, cfg: np.ndarray, config, n: int, rng: np.random.Generator, state: np.ndarray,
                 seat_policy: np.ndarray | None = None, deal=None):
    """n games from the set-up of a numba engine module (its `Chance`, `policy_codes`, `STSIZE`, `run`,
    `NEW_GAME`) on settings vector `cfg`: (the engine's stats (n, STSIZE), the policy index per seat (n, P)).
    `deal(config, n, rng)`: the engine's own per-game inputs, drawn after the stream seeds (keywords of `run`: a board per game, say)."""
    seeds = engine.Chance(n, rng).seeds
    inputs = {} if deal is None else deal(config, n, rng)
    seat_policy = seat_assignments(config.players, config.seating, n) if seat_policy is None else seat_policy
    codes = np.ascontiguousarray(engine.policy_codes(config.policies)[seat_policy])
    out = np.zeros((n, engine.STSIZE), dtype=np.int64)
    engine.run(cfg, seeds, out, state, engine.NEW_GAME, pols=codes, **inputs)
    return out, seat_policy


def seat_assignments(players: int, seating: str, n: int) -> np.ndarray:
    """(games, seats): the index into a rule set's policies of the policy each seat plays in game j of a batch.

    fixed: seat s plays policy s.  rotate: policy (s + j) mod players (each policy plays each seat equally
    often; neighbours stay neighbours).  permute: the j-th of the players! seating orders, in turn (each policy
    plays each seat, and meets the others in each order, equally often, up to the remainder of a batch)."""
    seats = np.arange(players)
    if seating == "rotate":
        return (seats[None, :] + np.arange(n)[:, None]) % players
    if seating == "permute":
        return nth_permutations(np.arange(n), players)
    return np.tile(seats, (n, 1))


def nth_permutations(index, p: int) -> np.ndarray:
    """(len(index), p): permutation index[j] mod p! of range(p), in itertools order (Lehmer code)."""
    index = np.asarray(index, dtype=np.int64) % factorial(p)
    rows = np.arange(index.size)
    left = np.tile(np.arange(p), (index.size, 1))  # what is not yet placed, in order
    out = np.empty((index.size, p), dtype=np.int64)
    for place in range(p):
        block = factorial(p - 1 - place)
        k, index = index // block, index % block
        out[:, place] = left[rows, k]
        cols = np.arange(p - place - 1)
        left = np.where(cols[None, :] >= k[:, None], left[:, 1:p - place], left[:, :p - place - 1])
    return out
