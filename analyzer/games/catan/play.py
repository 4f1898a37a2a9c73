"""Whole Catan games for balance runs: `play(config, n, rng)` is what core's balance runner calls
(`core.game.FullGames.play`).

Every game draws its chance up front from the runner's Generator: first the stream seeds of all n games
(`game.Chance`), then, on random boards, one standard board per game (drawn in the engine, `board_kernel.py`:
the boards `board.random_board` draws, bit for bit; with the rule set's token sequence and harbour kinds), so game
j of every rule set meets the same dice, deck and board.

The balance tables' "seat" is the PLACEMENT RANK of the snake draft: seat 0 is the player who won the
start-order roll (places first, places last in the second round and moves first), seat 1 the second placer and
so on; the policies are given per placement rank too.  Win credit, points ("money") and actions are reported by
placement rank.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core.balance.run import seat_assignments
from analyzer.games.catan import board as bo
from analyzer.games.catan import board_kernel
from analyzer.games.catan import game as g
from analyzer.games.catan.policies import Policy

SEATINGS = ("fixed", "rotate")
KINDS = g.ACT_KINDS
LENGTHS = ("turns", "rounds", "capped", "sevens rolled", "cards discarded (all seats)",
           "longest road held at the end", "largest army held at the end")
CHUNK = 1024  # games per batch


@dataclass(frozen=True)
class RuleSet:
    board: bo.Board | None = None  # None: a random standard board per game
    settings: object = None  # a rules.Settings (None: every default)

    @property
    def illustrative(self) -> bool:
        """Random boards follow the rulebook's variable set-up (printed); a fixed board says for itself."""
        return self.board is not None and self.board.illustrative

    @property
    def printed(self) -> tuple:
        """The printed tables the games rest on (`core.sources.Printed`)."""
        if self.board is None:
            return bo.printed_tables(bo.TOKEN_SEQUENCE, bo.HARBOR_KINDS) if self.settings is None else self.settings.printed
        return self.board.printed


@dataclass(frozen=True)
class GameConfig:
    rules: RuleSet
    players: int
    policies: tuple[Policy, ...]  # one per placement rank
    seating: str = "fixed"
    bd: np.ndarray | None = field(default=None, compare=False, repr=False)  # the supplied board's engine row


def games_per_chunk(config: GameConfig) -> int:
    return CHUNK


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str = "fixed") -> GameConfig:
    bd = None if rules.board is None else g.board_vector(rules.board)
    return GameConfig(rules, players, tuple(policies), seating, bd)


def boards(config: GameConfig, n: int, rng: np.random.Generator) -> np.ndarray:
    """(n, BDSIZE): the supplied board n times, or n random standard boards drawn from rng."""
    if config.bd is not None:
        return np.tile(config.bd, (n, 1))
    settings = config.rules.settings
    return board_kernel.boards(rng, n, g.setting(settings, "token_sequence", bo.TOKEN_SEQUENCE),
                               g.setting(settings, "harbor_kinds", bo.HARBOR_KINDS))


def play_games(config: GameConfig, n: int, rng: np.random.Generator, seat_policy: np.ndarray | None = None):
    """n games: (engine stats (n, STSIZE), the policy index per placement rank (n, P))."""
    P = config.players
    seeds = g.Chance(n, rng).seeds
    bds = boards(config, n, rng)
    seat_policy = seat_assignments(P, config.seating, n) if seat_policy is None else seat_policy
    codes = np.ascontiguousarray(g.policy_codes(config.policies)[seat_policy])
    stats = np.zeros((n, g.STSIZE), dtype=np.int64)
    g.batch(bds, g.settings_vector(config.rules.settings, P, by_rank=True), codes, seeds, stats,
            np.zeros(g.SSIZE, dtype=np.int64), np.zeros(g.WSIZE, dtype=np.int64), np.zeros((1, 2), dtype=np.int64),
            True, -1)
    return stats, seat_policy


def summarize(stats: np.ndarray, P: int) -> dict:
    """The balance contract's arrays, by placement rank, from the engine's per-game stats (by seat)."""
    n = len(stats)
    order = stats[:, g.ST_ORDER:g.ST_ORDER + P]  # seat of each placement rank

    def by_rank(a):
        return np.take_along_axis(a, order, axis=1)

    turns = stats[:, g.ST_TURNS]
    res = {"credit": by_rank(g.credit(stats, P)), "money": by_rank(stats[:, g.ST_POINTS:g.ST_POINTS + P]),
           "turns": turns, "rounds": -(-turns // P), "capped": (stats[:, g.ST_END] == g.E_CAPPED).astype(np.int64),
           "sevens rolled": stats[:, g.ST_SEVENS], "cards discarded (all seats)": stats[:, g.ST_DISCARDED],
           "longest road held at the end": (stats[:, g.ST_LR] >= 0).astype(np.int64),
           "largest army held at the end": (stats[:, g.ST_LA] >= 0).astype(np.int64)}
    acts = stats[:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(n, g.MAXP, g.NACT)[:, :P]
    res["actions"] = np.take_along_axis(acts, order[:, :, None], axis=1).sum(0)
    return res


def play(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up (the `core.balance` contract), plus `policy` (n, placement ranks)."""
    stats, seat_policy = play_games(config, n, rng)
    res = summarize(stats, config.players)
    res["policy"] = np.ascontiguousarray(seat_policy)
    return res
