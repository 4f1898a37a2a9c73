"""Whole Catan games for balance runs: `play(config, n, rng)` is what core's balance runner calls
(`core.game.FullGames.play`), core's whole-game glue (`core/engine.py`) on Catan's record.

Every game draws its chance up front from the runner's Generator: first the stream seeds of all n games
(`game.Chance`), then, on random boards, one standard board per game (drawn in the engine, `board_kernel.py`:
the boards `board.random_board` draws, bit for bit; with the rule set's token sequence and harbour kinds), so game
j of every rule set meets the same dice, deck and board.

The balance tables' "seat" is the PLACEMENT RANK of the snake draft: seat 0 is the player who won the
start-order roll (places first, places last in the second round and moves first), seat 1 the second placer and
so on; the policies are given per placement rank too.  Win credit, points ("money") and actions are reported by
placement rank (the engine's `ST_ORDER` columns: the seats in placement order).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core import engine
from analyzer.games.catan import board as bo
from analyzer.games.catan import board_kernel
from analyzer.games.catan import game as g

SEATINGS = engine.SEATINGS
KINDS = g.ACT_KINDS
GameConfig = engine.GameConfig


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


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str = "fixed") -> GameConfig:
    return GameConfig(rules, players, tuple(policies), seating)


def boards(config: GameConfig, n: int, rng: np.random.Generator) -> np.ndarray:
    """(n, BDSIZE): the supplied board n times, or n random standard boards drawn from rng."""
    if config.rules.board is not None:
        return np.tile(g.board_vector(config.rules.board), (n, 1))
    settings = config.rules.settings
    return board_kernel.boards(rng, n, g.setting(settings, "token_sequence", bo.TOKEN_SEQUENCE),
                               g.setting(settings, "harbor_kinds", bo.HARBOR_KINDS))


def deal(config: GameConfig, n: int, rng: np.random.Generator) -> dict:
    """The engine's per-game inputs after the stream seeds: the boards."""
    return {"bds": boards(config, n, rng)}


WHOLE = engine.WholeGames("analyzer.games.catan.game", engine.Record(
    start=g.ST_ORDER, order=g.ST_ORDER, money=g.ST_POINTS, actions=g.ST_ACT, kinds=KINDS, maxp=g.MAXP,
    lengths=(*engine.turns_and_rounds(g.ST_TURNS), *engine.ended(g.ST_END, {"capped": g.E_CAPPED}),
             engine.Length("sevens rolled", g.ST_SEVENS), engine.Length("cards discarded (all seats)", g.ST_DISCARDED),
             engine.Length("longest road held at the end", g.ST_LR, "seat"),
             engine.Length("largest army held at the end", g.ST_LA, "seat"))), deal=deal)
LENGTHS = WHOLE.record.length_names
play, play_games, summarize, games_per_chunk = WHOLE.play, WHOLE.play_games, WHOLE.summarize, WHOLE.games_per_chunk
