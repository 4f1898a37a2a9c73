"""Race odds (who wins and who loses the whole race) and the overall cards priced from them.

Light on purpose (numpy only): the table session prices actions with it without pandas.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from analyzer.core import runner, stats
from analyzer.games.camelup import sim
from analyzer.games.camelup.state import Position

UNKNOWN_CARDS_NOTE = ("overall cards: the cards already on a pile are taken to back the same camel, "
                      "so a correct card pays the next rung of the ladder (a lower bound)")
FLOOR_NOTE = ("money floor: a wrong overall card costs at most the coins above the floor the player holds now "
              "(later legs are not modelled)")


def rules_label(rules) -> str:
    label = f"{rules.edition} edition"
    if rules.supercup:
        label += " + Supercup " + ", ".join(rules.supercup)
    if rules.boost_dice:
        label += f" (boost dice faces {list(rules.boost_faces)}: unverified setting)"
    return label


class ExactRace(dict):
    """Exact race odds in the shape the callers read from a Monte Carlo run: `win`, `lose` (here
    probabilities) and `n` = 1, so `race["win"] / race["n"]` is P(win) either way; `exact` is True."""
    exact = True
    seed = None
    precision = None


def race_odds(position: Position, settings: runner.RunSettings, halfwidths=None):
    """Race win/lose odds: exact (`race_exact.py`) where the rule set allows and `rules.race_method` is
    `exact`, else Monte Carlo win/lose counts per camel over settings.rollouts races (a RunResult).

    `halfwidths(race) -> array`: the 95% half-widths of every estimate the caller reports (for --precision)."""
    if position.rules.race_method == "exact":
        from analyzer.games.camelup import race_exact

        if race_exact.covers(position.rules):
            odds = race_exact.race_odds(position, progress=settings.progress)
            if odds is not None:
                out = ExactRace(win=odds.win, lose=odds.lose, n=1)
                out.seed = settings.seed
                return out
    return runner.run(partial(sim.race_counts, position), settings, label="races", halfwidths=halfwidths)


def is_exact(race) -> bool:
    return getattr(race, "exact", False)


def interval(race, key: str):
    """(low, high) per camel: the 95% Wilson interval of a Monte Carlo estimate; the value itself when exact."""
    if is_exact(race):
        return race[key], race[key]
    return stats.wilson(race[key], race["n"])


def race_halfwidths(position: Position, race: dict) -> np.ndarray:
    """The Wilson half-widths `odds` reports: win and lose, every racing camel on the track."""
    camels = position.racing_on_track
    if is_exact(race):
        return np.zeros(2 * len(camels))
    return np.concatenate([stats.wilson_halfwidth(race["win"], race["n"])[camels],
                           stats.wilson_halfwidth(race["lose"], race["n"])[camels]])


def has_race_cards(position: Position, player: int) -> bool:
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    return any(c not in placed for c in position.racing_on_track)


def wrong_card_pays(position: Position, player: int) -> int:
    """What a wrong overall card costs the player: the rules' -1, floored against the money held now."""
    rules = position.rules
    if rules.money_floor is None or not position.money:
        return rules.overall_wrong_pays
    return max(rules.overall_wrong_pays, min(0, rules.money_floor - position.money[player]))


def race_card_rows(position: Position, player: int, race: dict) -> list[dict]:
    """Every overall card the player may lay: EV, its 95% half-width and interval (from the Wilson interval of P)."""
    names, n = position.camel_names, race["n"]
    placed = position.overall_cards_placed[player] if position.overall_cards_placed else frozenset()
    wrong = wrong_card_pays(position, player)
    rows = []
    for pile, counts, earlier in (("winner", race["win"], position.race_bets[0]),
                                  ("loser", race["lose"], position.race_bets[1])):
        pays = position.rules.overall_payout(earlier)
        lo, hi = interval(race, "win" if pile == "winner" else "lose")
        for camel in position.racing_on_track:
            if camel in placed:
                continue
            p = counts[camel] / n
            row = {"action": f"race-{pile} {names[camel]}", "ev": p * pays + (1 - p) * wrong, "ci95": None,
                   "exact": is_exact(race), "ci_low": None, "ci_high": None}
            if not row["exact"]:
                row.update(ci95=(hi[camel] - lo[camel]) / 2 * (pays - wrong), ci_low=wrong + lo[camel] * (pays - wrong),
                           ci_high=wrong + hi[camel] * (pays - wrong))
            rows.append(row)
    return rows
