"""Magellan's hooks for core's balance runner: `analyzer balance` and `analyzer report` on Magellan.

The scenario format is core's (`core/balance/variants.py`).  A variant may set any rule (`side`,
`sides`, `board`, `pizarro_scores`, `card_crowns`, `phase_end_draws`, ...), `players` and
`policies`.  Scores are crowns; a game's length is counted in bids (raises) and in cards nobody
bought.  Games on the illustrative board say so in every output.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core.balance import summary
from analyzer.core.game import FullGames
from analyzer.games.magellan.play import KINDS, LENGTHS, SEATINGS, GameConfig
from analyzer.games.magellan.rules import EXPLORERS, SETTINGS, RuleSet
from analyzer.games.magellan.state import parse_policies


def players(rules: RuleSet | None) -> tuple[int, int]:
    rules = rules or RuleSet()
    return rules.min_players, rules.max_players


def make_config(rules: RuleSet, players: int, policies: tuple, seating: str, block: dict, field: str) -> GameConfig:
    rules.extra_cards(players)  # a seat handicap that does not fit the table fails here, not in play
    return GameConfig(rules, players, policies, seating)


def notes(configs: dict[str, GameConfig]) -> list[str]:
    """What every balance output says: the board (illustrative or supplied) and the rule readings."""
    return summary.rule_lines(configs, lambda c: c.rules.labels()) + ["the numbers describe these player models on this board, not human play"]


def illustrative(configs: dict[str, GameConfig]) -> str:
    return "illustrative board" if any(c.rules.illustrative for c in configs.values()) else ""


def rule_set_table(configs: dict[str, GameConfig]) -> pd.DataFrame:
    """The rule sets side by side: table, policies, sides, Pizarro's reading and each explorer's row."""
    rows: dict[str, dict[str, str]] = {}
    for name, c in configs.items():
        r = c.rules
        col = {"players": str(c.players), "policies (seat 0 first)": ", ".join(q.name for q in c.policies),
               "seating": c.seating, "sides": "".join(r.sides), "Pizarro scores": r.pizarro_scores,
               "card crowns (1-9)": " ".join(map(str, r.card_crowns)),
               "draws after phases I/II/III": "/".join(map(str, r.phase_end_draws))}
        for e, explorer in enumerate(EXPLORERS):
            row = r.row(e)
            right = f", right {list(row.right_crowns)}" if row.right_crowns else ""
            col[explorer] = (f"crowns {list(row.crowns)}{right}, bags {list(row.bags)}, {row.power or 'no power'}"
                             + ("" if r.supplied[e] else " (illustrative)"))
        for what, value in col.items():
            rows.setdefault(what, {})[name] = value
    table = pd.DataFrame(rows).T[list(configs)]
    table.index.name = "rule"
    return table


FULL_GAMES = FullGames(
    play="analyzer.games.magellan.play:play", parse_rules="analyzer.games.magellan.state:parse_rules",
    parse_policies=parse_policies, make_config=make_config, players=players,
    games_per_chunk="analyzer.games.magellan.play:games_per_chunk", rule_table=rule_set_table, notes=notes,
    illustrative=illustrative, rule_keys=frozenset({"side", "sides", "board", *SETTINGS}), seatings=SEATINGS,
    action_kinds=KINDS, lengths=LENGTHS, money_name="crowns",
)
