"""Balance across player strength: every rule set of a scenario played under each rung of a ladder of players.

    ladder: [greedy, search:64]     # policy names of the game, 2 to 8 rungs, weakest first; no `policies:`

Rung r seats its policy in every seat.  Every rung plays the same seeds: chunk i of every rung and every rule set
starts from the chunk's one seed (`run.chunk_entropy`), and every rung plays the same games per chunk (the least
any rung's configs take), so rung r's tables are exactly those of a plain run of the scenario with `policies:`
that rung's policy and that chunk size.  The tables gain a `rung` level; the `ladder` table sets the rungs side by
side for each conclusion (the first player's edge, each seat's edge against the fair share, each seat's paired
difference against the baseline rule set), with a verdict from which rungs detect it (95% interval excluding 0):

- holds under every rung: detected under each, with one sign;
- appears only with stronger players: not under the weakest rung, detected under the strongest (and under every
  rung between from where it first shows);
- fades with stronger players: the mirror image;
- depends on the players: detected with opposite signs under two rungs;
- only under some rungs: any other pattern (3 rungs or more); not detected under any rung.

`variants.parse` builds a `Ladder` from a scenario, `run.run` plays it, `summary.summarize_ladder` words it and
`report_section` is its part of the report.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.core.balance.run import BalanceSpec, BalanceTask, chunk_entropy
from analyzer.core.game import Plot, Result

HOLDS = "holds under every rung"
APPEARS = "appears only with stronger players"
FADES = "fades with stronger players"
FLIPS = "depends on the players (changes sign)"
SOME = "only under some rungs"
NONE = "not detected under any rung"
VERDICTS = (HOLDS, APPEARS, FADES, FLIPS, SOME, NONE)


def verdict(lo, hi) -> str:
    """The verdict on one conclusion from its 95% interval under each rung, weakest rung first."""
    signs = [1 if a > 0 else -1 if b < 0 else 0 for a, b in zip(lo, hi)]
    seen = [s != 0 for s in signs]
    if 1 in signs and -1 in signs:
        return FLIPS
    if all(seen):
        return HOLDS
    if not any(seen):
        return NONE
    first, last = seen.index(True), len(seen) - 1 - seen[::-1].index(True)
    if all(seen[first:last + 1]):
        if last == len(seen) - 1:
            return APPEARS
        if first == 0:
            return FADES
    return SOME


@dataclass(frozen=True)
class Ladder:
    """One BalanceSpec per rung (the same rule sets and chunk; every seat plays the rung's policy) and each
    rung's configs; `run.run` plays it like a BalanceSpec."""
    rungs: tuple[str, ...]  # each rung's policy label, weakest first
    specs: tuple[BalanceSpec, ...]
    configs: tuple[dict, ...] = ()  # per rung: rule set name -> the game's config

    per = "rule set and rung"  # what one counted game is played under

    @property
    def counted(self) -> str:
        """The progress bar's unit: a game under every rule set and rung (the runner counts whole rollouts, so
        it cannot count rung by rung when the rungs do not divide a chunk's rollouts)."""
        return f"games (x{len(self.rungs)} rungs)"

    @property
    def first(self) -> BalanceSpec:
        """The weakest rung's spec: the rule sets, chunk and game every rung shares."""
        return self.specs[0]

    @property
    def variants(self):
        """The rule sets (every rung plays the same)."""
        return self.first.variants

    @property
    def base(self):
        return self.first.base

    @property
    def money_name(self) -> str:
        return self.first.money_name

    @property
    def chunk(self) -> int:
        return self.first.chunk

    @property
    def scale(self) -> int:
        return self.first.scale

    @property
    def stage(self) -> str:
        k = len(self.variants)
        return f"playing {k} rule set{'s' if k > 1 else ''} under {len(self.rungs)} rungs"

    def task(self) -> "LadderTask":
        return LadderTask(self)

    def halfwidths(self, total: dict) -> np.ndarray:
        """Every rung's half-widths: --precision bounds each rung."""
        return np.concatenate([spec.halfwidths(rung_total(total, r)) for r, spec in enumerate(self.specs)])


class LadderTask:
    """A runner task: one chunk of games under every rung and rule set, from the chunk's one seed."""

    def __init__(self, ladder: Ladder):
        self.ladder = ladder

    def __call__(self, units: int, rng) -> dict:
        ladder, entropy = self.ladder, chunk_entropy(rng)
        acc = {}
        for r, spec in enumerate(ladder.specs):
            where = f"rung {r + 1}/{len(ladder.rungs)} ({ladder.rungs[r]}): "
            part = BalanceTask(spec).play(units // spec.scale, entropy, where)
            acc.update({f"r{r}.{key}": value for key, value in part.items()})
        return acc


def rung_total(total: dict, r: int) -> dict:
    """Rung r's accumulators, as a plain balance run's."""
    p = f"r{r}."
    return {key[len(p):]: value for key, value in total.items() if key.startswith(p)}


# -- the conclusions, side by side -----------------------------------------------------------------

def conclusions(ladder: Ladder, tables: list[dict]) -> list[dict]:
    """Each conclusion with its estimate and 95% interval under every rung (win-rate units) and its verdict."""
    rows = []

    def add(name, what, kind, seat, figures):
        lo, hi = [f[1] for f in figures], [f[2] for f in figures]
        rows.append({"rule set": name, "conclusion": what, "kind": kind, "seat": seat, "verdict": verdict(lo, hi),
                     "rungs": [{"rung": rung, "estimate": float(m), "lo95": float(a), "hi95": float(b),
                                "detected": bool(a > 0 or b < 0)} for rung, (m, a, b) in zip(ladder.rungs, figures)]})

    base = ladder.base
    for i, v in enumerate(ladder.variants):
        add(v.name, "first player's edge", "first_player", 0,
            [tuple(t["first_player"].loc[v.name, ["edge", "edge lo95", "edge hi95"]]) for t in tables])
        for seat in range(1, v.players):
            edges = [t["win_rate"].loc[(v.name, seat), ["win rate", "lo95", "hi95"]] - 1.0 / v.players
                     for t in tables]
            add(v.name, f"seat {seat} against the fair share", "seat_edge", seat, [tuple(e) for e in edges])
        if i:
            for seat in range(min(v.players, base.players)):
                add(v.name, f"seat {seat} against `{base.name}`", "difference", seat,
                    [tuple(t["differences"].loc[(v.name, seat), ["Δ win rate", "lo95", "hi95"]]) for t in tables])
    return rows


# -- the report ----------------------------------------------------------------------------------

CAPTION = ("Each conclusion under each rung, weakest first: the estimate in percentage points of win rate with its "
           "95% interval (the first player and each seat against the fair share of 1/players; each rule set "
           "against the baseline, paired on the same games); the verdict says under which rungs the interval "
           "excludes 0.")


def report_section(rep, result: Result) -> None:
    """The report's "Across player strength": the ladder table and the win rate per seat grouped by rung."""
    win = result.tables["win_rate"].reset_index()
    several = win["rule set"].nunique() > 1
    win["seat"] = [f"{v}: {s}" if several else s for v, s in zip(win["rule set"], win["seat"])]
    rep.tables["ladder_win_rate"] = win[["rung", "seat", "win rate", "lo95", "hi95", "fair share"]]
    rungs = list(result.payload["rungs"])
    plot = Plot("ladder_win_rate", "grouped_bars_with_ci", "ladder_win_rate",
                {"value": "win rate", "lo": "lo95", "hi": "hi95", "group": "rung", "category": "seat",
                 "reference": "fair share", "percent": True, "ylabel": "win rate", "order": rungs,
                 "title": "Win rate per seat under each rung (95% CI; dotted: fair share)"})
    section = rep.section("Across player strength")
    section.text("Every rule set was played under each rung of the ladder (" + ", ".join(f"`{r}`" for r in rungs)
                 + ", weakest first), every seat playing the rung's policy, on the same seeds.")
    section.table(result.tables["ladder"], CAPTION).plot(plot, plot.options["title"])
