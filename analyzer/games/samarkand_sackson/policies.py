"""Samarkand (Sackson) player models for whole games and rollouts (spec §9).  The engine (`game.py`) plays them
inside its kernel; this module names them, describes them and reads them from a scenario.

- `random`: the random legal player (the same on both sides, see the coordination notes and
  `reference.UniformDecider`): a free step or the die (with >= 5 piasters) with a fair coin; a uniform successor;
  after a free step into a camp that is not full (extra_move on), a fair coin between trading and stepping on; the
  die's landing uniform over the face's distinct landings; a uniform cube as the gift; a uniform trade (m uniform
  in 0..min(field, hand), then m uniform cubes each way; `any`: take t uniform, give g uniform within the
  capacity); a fair coin between 1 and 4 cubes at an oasis it can pay; a uniform legal sale; uniform discards.
- `greedy`: maximises the exact one-turn EV of spec §9.2 under W = money + Σ price(kind, count) over the
  options: a free step to each successor y (V(y)), an extra move through a camp y to each successor z (the gift
  of the least W loss, then V(z)), and the die (-5 + the mean over faces of the best landing's V, evaluated with
  the 5 paid); V is the expected ΔW of acting on a space (camp: the gift and the best trade under W; a full
  camp: -10 + the cubes' W; oasis: 4 cubes when their expected W gain net of P beats one cube's net of 5, over
  its unseen pool = totals - its hand - every field - out of play; city: the best sale by ΔW, ties the larger
  lot; no sale: -20).  Ties: the step, then the extra move, then the die.  Discards: the least W loss first.
- `collector`: targets the kind with the largest price(kind, n + 2) - price(kind, n); below `sell_at` cubes of
  it, heads for the nearest camp whose field holds it (an oasis if none), takes every such cube there (giving
  the cheapest other cubes), buys 4 at an oasis when it can; at `sell_at` heads for the kind's city by the
  shortest arrow path; rolls when the expected remaining distance after the die (best landing per face) is
  at least `roll_gain` steps shorter than after the best free step; sells its kind at `sell_at`, else (forced)
  the best sale by ΔW.  Steps on after a gift when the camp is not its goal.
- `search` (`search:N`, `search:N:BASE`): core's search player (`core/search.py`) over this engine's forward model
  (`model.py`): each decision of its turn (the move, the die's landing, the gift, trade or move on, the trade,
  1 or 4 oasis cubes, the sale), each option scored by about N playouts (default 64) from the same resampled
  hidden cubes (the other hands' colours and the bag), every seat playing BASE (default greedy) for K turns
  (`search:N:BASE:dK`; default SEARCH_DEPTH: 4, from search:64 on 8; :d0 to the end), then the evaluation (a
  softmax of the seats' W); the reward is the share of the win.  More than 64 trades or sales: the 64 best by the
  hand's W, greedy's first.
"""
from __future__ import annotations

from dataclasses import dataclass

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.core.policies import parse_with_params

KINDS = ("random", "greedy", "collector")
ROLL_GAIN = 2.0
SELL_AT = 6
# the search's playouts (model.py's MODEL.depth too): K turns (the model's round is a turn: 4 turns a table round at
# 4 players), then the evaluation (model.evaluate, a softmax of the seats' W); 4 turns below search:64, 8 from there
# on (4 players, seed 3010: search:16 against three greedy 51.6%, 43.0-60.0, 128 games, where the full playouts won
# 23.9%; search:64 against three search:16 45.3%, 37.0-53.9, 128 games; one search:64 seat against greedy about
# 1 game/s on 2 busy cores; deeper is stronger but slower: docs/games/samarkand_sackson-search.md)
SEARCH_DEPTH = {1: 4, 64: 8}


@dataclass(frozen=True)
class Policy:
    kind: str = "greedy"
    roll_gain: float = ROLL_GAIN  # collector only
    sell_at: int = SELL_AT  # collector only

    @property
    def label(self) -> str:
        if self.kind == "collector" and (self.roll_gain != ROLL_GAIN or self.sell_at != SELL_AT):
            return f"collector(roll_gain={self.roll_gain:g}, sell_at={self.sell_at})"
        return self.kind

    def describe(self) -> str:
        if self.kind == "random":
            return ("uniformly random legal play: step or die by a coin, uniform successors and landings, a uniform "
                    "gift, trade, oasis choice and sale")
        if self.kind == "greedy":
            return ("the move of the largest exact one-turn EV of W = money + Σ price(kind, count) (spec §9.2): "
                    "steps, one-step extra moves and the die; the best trade and sale under W; 4 oasis cubes "
                    "when their expected gain beats one's")
        return (f"targets the kind of the largest price(n + 2) - price(n), collects it at camps and "
                f"oases, walks the shortest arrow path to its city, rolls when the die saves {self.roll_gain:g} "
                f"steps on average, sells at {self.sell_at} cubes (or when forced)")


def parse_policy(value, field: str) -> Policy:
    """A policy: a name (`greedy`, `search`, `search:N`, `search:N:BASE`) or a mapping {kind, roll_gain, sell_at}."""
    return parse_with_params(value, field, KINDS, parse_policy, Policy, ("roll_gain", "sell_at"), read_block,
                             depths=SEARCH_DEPTH, round_name="turn")


def read_block(kind: str, block: dict, field: str) -> Policy:
    """A policy of `kind` with the parameters a scenario's mapping gives (defaults for the rest)."""
    gain = block.get("roll_gain", ROLL_GAIN)
    if isinstance(gain, bool) or not isinstance(gain, (int, float)) or not 0 <= gain <= 20:
        raise ScenarioError(f"{field}.roll_gain", "a number of steps from 0 to 20")
    sell_at = sc.integer(block.get("sell_at", SELL_AT), f"{field}.sell_at", 2, 12)
    return Policy(kind, float(gain), sell_at)


def parse_policies(value, field: str, players: int) -> tuple[Policy, ...]:
    """One policy for every seat (a single one is seated everywhere), seat 0 first."""
    return sc.per_seat(value, field, players, parse_policy, "greedy")
