"""San Marco's hooks for core's balance runner: `analyzer balance` and `analyzer report` on San Marco.

The scenario format is core's (`core/balance/variants.py`).  A variant may set `players` (3 or 4),
`policies` and any rule: every §10 setting of `rules.SETTINGS`, `board` (as in a position scenario),
and three of the balance runs' own:

- `board_shuffle: N` (an integer >= 1): the districts' (high, low) values permuted by the N-th seeded
  permutation (`numpy.random.default_rng(N)`), for the sensitivity of the figures to the board values;
- `adjacency_shuffle: N`: the districts relabelled in the adjacency pairs by the N-th permutation;
- `max_rounds_per_passage` (default 40): the turn cap.  A passage cannot outlast it (every normal round
  draws at least 3 of the 28 limit cards and 58 points in 3 or 4 hands put someone at 10), so no
  game is expected to hit it; games that would are stopped there and counted apart (`capped`).

Scores are prestige.  Every game on the illustrative board (the default, and its shuffles) says so.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from analyzer.core import engine
from analyzer.core import scenario as sc
from analyzer.core.balance import summary
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.game import ENGINE_READINGS, MAX_ROUNDS, settings_vector
from analyzer.games.san_marco.play import WHOLE, GameConfig, RuleSet
from analyzer.games.san_marco.policies import parse_policies

OWN_KEYS = {"board_shuffle", "adjacency_shuffle", "max_rounds_per_passage"}
RULE_KEYS = frozenset({"board", *r.SETTINGS, *OWN_KEYS})
EXTRA_READINGS = [
    "`roles: chosen`: a random player assigns R1/D2/R2 by lot; the others make the lowest-prestige opponent R1, "
    "the next D2 and the highest R2",
    "3 players, `next_distributor_3p: second_receiver`: R2 distributes next, R1 stays R1, the old D becomes R2 "
    "(the receivers' lot is drawn in a passage's first round only)",
    "the extra round: the first player below 10 clockwise from the player left of the round start distributes; "
    "with 3 still in it is played as a 3-player round (receivers by lot), with 2 as one pair (5 + 3 cards)",
    "a blind pick (`receiver_sees_piles: false`) applies to every 2-pile round; set-up bridges go on uniformly "
    "random pairs with room (no model values a bridge before play)",
    "`early_end: immediate`: the piles left unplayed go to the discards (their limit cards do not count)",
]


def shuffled_board(board: r.Board, values: int | None, adjacency: int | None) -> tuple[r.Board, str]:
    note = []
    high, low, pairs = board.high, board.low, board.pairs
    if values:
        perm = np.random.default_rng(values).permutation(6)
        high = tuple(board.high[int(perm[d])] for d in range(6))
        low = tuple(board.low[int(perm[d])] for d in range(6))
        note.append(f"values permuted (board_shuffle {values}: " + ", ".join(
            f"{r.DISTRICTS[d]} {high[d]}/{low[d]}" for d in range(6)) + ")")
    if adjacency:
        perm = np.random.default_rng(adjacency).permutation(6)
        pairs = tuple(sorted((min(int(perm[a]), int(perm[b])), max(int(perm[a]), int(perm[b]))) for a, b in pairs))
        note.append(f"adjacency relabelled (adjacency_shuffle {adjacency})")
    if not note:
        return board, ""
    return replace(board, high=high, low=low, pairs=pairs, source="illustrative"), "; ".join(note)


def parse_rules(block) -> RuleSet:
    block = dict(sc.mapping(block, "rules"))
    own = {k: block.pop(k) for k in list(block) if k in OWN_KEYS}
    board, settings = r.parse_rules(block, "rules")
    values = sc.integer(own["board_shuffle"], "rules.board_shuffle", 1, 10**6) if "board_shuffle" in own else None
    adjacency = (sc.integer(own["adjacency_shuffle"], "rules.adjacency_shuffle", 1, 10**6)
                 if "adjacency_shuffle" in own else None)
    cap = sc.integer(own.get("max_rounds_per_passage", MAX_ROUNDS), "rules.max_rounds_per_passage", 1, 200)
    board, note = shuffled_board(board, values, adjacency)
    return RuleSet(board, settings, cap, note)


def illustrative(configs: dict[str, GameConfig]) -> str:
    return "illustrative board" if any(c.rules.board.illustrative for c in configs.values()) else ""


def notes(configs: dict[str, GameConfig]) -> list[str]:
    out = []
    for name, c in configs.items():
        for line in [c.rules.board.label()] + c.rules.settings.labels():
            if line not in out:
                out.append(line)
        if c.rules.board_note:
            out.append(f"`{name}`: board {c.rules.board_note}")
    out += ["engine readings where the spec is silent: " + "; ".join(ENGINE_READINGS + EXTRA_READINGS),
            "lengths: rounds per passage count the extra round; `D1/R1/D2/R2 prestige|limit per round` are each game's "
            "mean over its normal rounds of what the seat in that role gained (3 players: D in D1's place, D2 is 0); "
            "`capped` is the share of games stopped by the turn cap (max_rounds_per_passage)",
            "actions: the share of a seat's card uses (district, bridge, transfer, doge, banish), unused cards "
            "(skipped), passage-end banishments and piles taken as receiver",
            "the numbers describe these player models on this board, not human play"]
    return out


def rule_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, board, and every §10 setting any of them changes."""
    def own(c: GameConfig) -> dict:
        b = c.rules.board
        pairs = len(b.pairs) if not c.rules.board_note else f"{len(b.pairs)} ({c.rules.board_note})"
        return {"board values (high/low)": ", ".join(f"{r.DISTRICTS[d]} {b.high[d]}/{b.low[d]}" for d in range(6))
                + (" (illustrative)" if b.illustrative else ""),
                "adjacent pairs": pairs, "max rounds per passage": c.rules.max_rounds}
    return summary.rule_table(configs, own)


def report_notes(configs: dict[str, GameConfig]) -> list[str]:
    return ["greedy values positions by the static score change only (spec §9), not by search; its choices are "
            "a cheap heuristic", "every figure is on the illustrative board unless the scenario supplies the printed "
            "one", "the numbers describe these player models at this table, not human play"]


HOOKS = engine.SettingsRules(r, RuleSet, (), check=settings_vector)  # a seat handicap that does not fit the table
FULL_GAMES = engine.full_games(
    WHOLE, HOOKS, parse_policies, parse_rules=parse_rules, rule_table=rule_table, notes=notes, setup=None,
    report_notes=report_notes, illustrative=illustrative, rule_keys=RULE_KEYS, money_name="prestige",
    money_range=(-16, 240), default_games=2_000, title="seat, role and rule balance")
