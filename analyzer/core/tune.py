"""`analyzer tune`: the value of one rule setting that makes a game fairest, by successive halving on common
random numbers.

A tune scenario is a balance scenario (no `variants:`) with a `tune:` block:

    tune:
      setting: turn_cap                   # a rule key of the game (`analyzer games GAME` lists them)
      values: {from: 40, to: 60, step: 5} # or a list [40, 50, 60]; a per-seat setting takes a list of lists
      objective: equal                    # or {seat: 0, edge: 0}, or {seat: 0, target: 0.3}

Each candidate value is a rule set (the base `rules:` with the setting replaced).  Round by round every
surviving candidate plays the same games (one seed per round, so game j of a round meets the same luck under
every candidate) and the better half by objective survives, down to two, which play a last round: the budget
goes where candidates are close.  A candidate's games add up over the rounds it played.

**Objectives** (each an absolute distance: 0 is perfect):
- `equal`: the largest gap between a seat's win rate and the fair share (1 / players).  Its 95% interval
  combines the seats' Wilson intervals: from the largest distance of an interval to the fair share (0 where it
  covers it) to the largest distance of an interval's far end.
- `{seat: S, edge: 0}`: |win rate of seat S - fair share|; `{seat: S, target: T}`: |win rate of seat S - T|;
  the interval is the distance over seat S's Wilson interval.
Two candidates are told apart when their objective intervals do not overlap.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from analyzer.core import scenario as sc
from analyzer.core import stats
from analyzer.core.errors import ScenarioError, did_you_mean

MAX_CANDIDATES = 64
MIN_GAMES = 64  # games per candidate per round at the least
OBJECTIVES = ("equal", "edge", "target")


@dataclass(frozen=True)
class Objective:
    kind: str = "equal"
    seat: int = 0
    target: float = 0.0

    def describe(self, players: int) -> str:
        if self.kind == "equal":
            return f"the largest gap of a seat's win rate to the fair share {1 / players:.1%}"
        if self.kind == "edge":
            return f"seat {self.seat}'s edge over the fair share {1 / players:.1%}, at zero"
        return f"seat {self.seat}'s win rate at {self.target:.1%}"

    def value(self, rates: np.ndarray, lo: np.ndarray, hi: np.ndarray, players: int) -> tuple[float, float, float]:
        """(objective, lo95, hi95) from each seat's win rate and Wilson interval."""
        if self.kind == "equal":
            fair = 1.0 / players
            seats = range(players)
        else:
            fair = 1.0 / players if self.kind == "edge" else self.target
            seats = [self.seat]
        point = max(abs(rates[s] - fair) for s in seats)
        near = max(max(lo[s] - fair, fair - hi[s], 0.0) for s in seats)
        far = max(max(abs(lo[s] - fair), abs(hi[s] - fair)) for s in seats)
        return float(point), float(near), float(far)


@dataclass(frozen=True)
class TuneSpec:
    setting: str
    values: tuple  # the candidates, as the scenario wrote them (lists as tuples)
    objective: Objective

    def label(self, i: int) -> str:
        v = self.values[i]
        return "/".join(str(x) for x in v) if isinstance(v, tuple) else str(v)


def parse(data: dict, full) -> TuneSpec:
    """The scenario's `tune:` block; every error names its field."""
    lo, hi = full.hook("players")(None)
    players = sc.integer(data.get("players", full.default_players), "players", lo, hi)
    block = sc.mapping(data.get("tune"), "tune")
    if not block:
        raise ScenarioError("tune", "missing; allowed: {setting: RULE, values: [...], objective: equal}")
    if "variants" in data:
        raise ScenarioError("variants", "a tune scenario makes its rule sets from tune.values; leave variants out")
    unknown = set(block) - {"setting", "values", "objective"}
    if unknown:
        key = sorted(unknown)[0]
        raise ScenarioError(f"tune.{key}", "unknown key; allowed: setting, values, objective"
                                           f"{did_you_mean(key, {'setting', 'values', 'objective'})}")
    setting = block.get("setting")
    keys = sorted(full.rule_keys)
    if not isinstance(setting, str) or setting not in full.rule_keys:
        raise ScenarioError("tune.setting", f"got {setting!r}; allowed: one of the game's rule settings: "
                                            f"{', '.join(keys)}{did_you_mean(str(setting), set(keys))}")
    return TuneSpec(setting, _values(block.get("values")), _objective(block.get("objective", "equal"), players))


def _values(raw) -> tuple:
    allowed = "a list of values, or {from: A, to: B, step: S} (whole numbers, A <= B, S >= 1)"
    if isinstance(raw, dict):
        extra = set(raw) - {"from", "to", "step"}
        if extra or "from" not in raw or "to" not in raw:
            raise ScenarioError("tune.values", f"got {raw!r}; allowed: {allowed}")
        a = sc.integer(raw["from"], "tune.values.from", -10**6, 10**6)
        b = sc.integer(raw["to"], "tune.values.to", a, 10**6)
        step = sc.integer(raw.get("step", 1), "tune.values.step", 1, 10**6)
        values = tuple(range(a, b + 1, step))
    elif isinstance(raw, list):
        values = tuple(tuple(v) if isinstance(v, list) else v for v in raw)
    else:
        raise ScenarioError("tune.values", f"got {raw!r}; allowed: {allowed}")
    if not 2 <= len(values) <= MAX_CANDIDATES:
        raise ScenarioError("tune.values", f"got {len(values)} candidate(s); allowed: 2 to {MAX_CANDIDATES}")
    if len(set(values)) < len(values):
        raise ScenarioError("tune.values", "a candidate is listed twice; allowed: each value once")
    return values


def _objective(raw, players: int) -> Objective:
    allowed = "equal, {seat: S, edge: 0} or {seat: S, target: T} (T a win rate in 0..1)"
    if raw == "equal":
        return Objective()
    if not isinstance(raw, dict) or "seat" not in raw or len(raw) != 2 or not ({"edge", "target"} & set(raw)):
        raise ScenarioError("tune.objective", f"got {raw!r}; allowed: {allowed}")
    seat = sc.integer(raw["seat"], "tune.objective.seat", 0, players - 1)
    if "edge" in raw:
        if raw["edge"] != 0:
            raise ScenarioError("tune.objective.edge", f"got {raw['edge']!r}; allowed: 0 (the edge made zero)")
        return Objective("edge", seat)
    target = raw["target"]
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not 0 <= target <= 1:
        raise ScenarioError("tune.objective.target", f"got {target!r}; allowed: a win rate from 0 to 1")
    return Objective("target", seat, float(target))


def as_balance(data: dict, spec: TuneSpec) -> dict:
    """The balance scenario whose rule sets are the candidates (named by their labels)."""
    out = {k: v for k, v in data.items() if k != "tune"}
    out["variants"] = {spec.label(i): {spec.setting: list(v) if isinstance(v, tuple) else v}
                       for i, v in enumerate(spec.values)}
    return out


def schedule(k: int, budget: int) -> list[tuple[int, int]]:
    """(survivors, games per survivor) of each round: halving from k down to 2, each round an equal share of the
    budget, at least MIN_GAMES games each."""
    alive, counts = k, []
    while True:
        counts.append(alive)
        if alive <= 2:
            break
        alive = (alive + 1) // 2
    out = []
    for m in counts:
        out.append((m, max(MIN_GAMES, budget // (len(counts) * m))))
    return out


@dataclass
class Candidate:
    index: int
    games: int = 0
    credit: np.ndarray | None = None  # win credit by seat, summed over its games
    rounds: int = 0

    def add(self, games: int, credit: np.ndarray) -> None:
        self.games += games
        self.credit = credit.astype(float) if self.credit is None else self.credit + credit
        self.rounds += 1

    def rates(self):
        lo, hi = stats.wilson(self.credit, self.games)
        return self.credit / self.games, lo, hi


def halve(spec, settings, tune: TuneSpec, budget: int, run_games) -> list[Candidate]:
    """Successive halving over the candidates of a BalanceSpec `spec` (one variant per candidate, in order):
    every candidate, best first by objective (ties: the lower index); `run_games(sub_spec, settings)` plays a
    BalanceSpec and returns the merged accumulators."""
    players = spec.variants[0].players
    cands = [Candidate(i) for i in range(len(spec.variants))]
    alive = list(range(len(cands)))
    plan = schedule(len(cands), budget)
    root = np.random.SeedSequence(settings.seed)
    for r, (m, n) in enumerate(plan):
        alive = alive[:m]
        sub = replace(spec, variants=tuple(spec.variants[i] for i in alive))
        seed = int(root.spawn(r + 1)[r].generate_state(1)[0])  # round r's seed: the same for every candidate
        total = run_games(sub, replace(settings, rollouts=n, seed=seed, precision=None, max_rollouts=None),
                          f"round {r + 1}/{len(plan)}: {m} candidates")
        for j, i in enumerate(alive):
            cands[i].add(int(total[f"v{j}.games"]), np.asarray(total[f"v{j}.credit"]))
        alive.sort(key=lambda i: (tune.objective.value(*cands[i].rates(), players)[0], i))
    rest = [i for i in range(len(cands)) if i not in alive]
    rest.sort(key=lambda i: (-cands[i].rounds, tune.objective.value(*cands[i].rates(), players)[0], i))
    return [cands[i] for i in alive + rest]


def fixed_design_games(best: Candidate, k: int) -> int:
    """The games that playing every one of k candidates equally takes to give each as many games as the best
    got here (the same interval width on it)."""
    return best.games * k


def distinguishable(a: tuple, b: tuple) -> bool:
    """Two objective intervals (value, lo, hi) that do not overlap."""
    return a[2] < b[1] or b[2] < a[1]


def default_budget(k: int) -> int:
    return 4096 * k


def check_candidates(full, data: dict, tune: TuneSpec) -> None:
    """Every candidate is a rule set the game accepts at the scenario's table (the game's `make_config` refuses,
    e.g., a seat handicap of the wrong length or one that takes a start below zero); an error names
    `tune.values[i]`."""
    base = dict(sc.mapping(data.get("rules"), "rules"))
    lo, hi = full.hook("players")(None)
    players = sc.integer(data.get("players", full.default_players), "players", lo, hi)
    seating = data.get("seating", full.seatings[0])
    policies = full.hook("parse_policies")(data.get("policies", full.default_policy), "policies", players)
    for i, v in enumerate(tune.values):
        try:
            rules = full.hook("parse_rules")({**base, tune.setting: list(v) if isinstance(v, tuple) else v})
            full.hook("make_config")(rules, players, policies, seating, {}, "tune")
        except ScenarioError as exc:
            raise ScenarioError(f"tune.values[{i}]", f"{tune.label(i)}: {exc.problem}") from None


def load(data: dict, full) -> tuple[TuneSpec, dict]:
    """The scenario's tune block, every candidate checked, and the balance scenario of its candidates."""
    tune = parse(data, full)
    check_candidates(full, data, tune)
    return tune, as_balance(data, tune)


def run_games(spec, settings, stage: str) -> dict:
    from analyzer.core.balance.run import run

    return run(spec, settings, stage=stage)


def tune_scenario(game, data: dict, settings) -> "Result":
    """`analyzer tune`: the best candidate of the scenario's `tune:` block, under each rung of its ladder."""
    import pandas as pd

    from analyzer.core.balance import summary
    from analyzer.core.balance.variants import parse as parse_balance
    from analyzer.core.game import Plot, Result

    full = game.full()
    tune, balance_data = load(data, full)
    spec, configs = parse_balance(full, balance_data, game.name)
    rungs = list(zip(spec.rungs, spec.specs)) if hasattr(spec, "rungs") else [(_players(spec), spec)]
    players = rungs[0][1].variants[0].players
    budget = settings.rollouts
    rows, summaries = [], []
    for rung, rung_spec in rungs:
        ranked = halve(rung_spec, settings, tune, budget, run_games)
        values = {c.index: tune.objective.value(*c.rates(), players) for c in ranked}
        best, second = ranked[0], ranked[1]
        summaries.append({"rung": rung, "best": tune.label(best.index), "runner_up": tune.label(second.index),
                          "objective": values[best.index], "runner_up_objective": values[second.index],
                          "distinguishable": distinguishable(values[best.index], values[second.index]),
                          "games": sum(c.games for c in ranked),
                          "fixed_design_games": fixed_design_games(best, len(ranked))})
        for c in sorted(ranked, key=lambda c: c.index):
            row = {"players": rung, tune.setting: tune.label(c.index), "games": c.games, "rounds": c.rounds,
                   "objective": values[c.index][0], "lo95": values[c.index][1], "hi95": values[c.index][2],
                   "best": c.index == best.index}
            row.update({f"seat {s}": float(c.credit[s] / c.games) for s in range(players)})
            rows.append(row)
    table = pd.DataFrame(rows)
    result = Result(f"{game.title}: tuning {tune.setting}", {"tune": table.set_index(["players", tune.setting])},
                    payload={"setting": tune.setting, "objective": tune.objective.kind,
                             "candidates": [tune.label(i) for i in range(len(tune.values))],
                             "rungs": summaries, "table": table.to_dict("records")},
                    exact={"tune": False})
    result.payload["findings"] = findings(tune, summaries)
    result.payload["seed"] = settings.seed
    result.notes += result.payload["findings"] + [
        f"objective: {tune.objective.describe(players)}; its 95% interval from the seats' Wilson intervals",
        "successive halving: every candidate plays the same games each round (common random numbers), the "
        "better half by objective goes on, down to two; a candidate's games add up over its rounds",
        f"seed {settings.seed}; {budget:,} games in all" + (" per rung" if len(rungs) > 1 else "")]
    result.notes += [n for n in full.hook("notes")(configs) if not n.startswith(f"rules: {tune.setting}=")]
    summary.mark_illustrative(full, configs, result)
    result.plots.append(Plot("objective", "grouped_bars_with_ci", "tune",
                             {"value": "objective", "lo": "lo95", "hi": "hi95", "group": "players",
                              "category": tune.setting, "reference": 0.0, "percent": True, "ylabel": "objective",
                              "title": f"The objective by {tune.setting} (95% CI; 0 is fair)"}))
    return result


def _players(spec) -> str:
    """Who plays, for a run without a ladder: the seats' policies."""
    seats = spec.variants[0].seats
    return seats[0] if len(set(seats)) == 1 else "/".join(seats)


def findings(tune: TuneSpec, summaries: list[dict]) -> list[str]:
    """A line per rung: the best value, its objective, the runner-up and whether they are told apart; then
    whether the best is the same under every rung."""
    out = []
    for s in summaries:
        v, lo, hi = s["objective"]
        w = s["runner_up_objective"]
        where = f"{s['rung']}: " if len(summaries) > 1 else ""
        verdict = "told apart" if s["distinguishable"] else "not told apart"
        fair = "fair within its interval" if lo == 0 else "not fair: no candidate reaches 0"
        out.append(f"{where}best {tune.setting} = {s['best']}: objective {v:.1%} (95% {lo:.1%}-{hi:.1%}), "
                   f"{fair}; runner-up {s['runner_up']} {w[0]:.1%} (95% {w[1]:.1%}-{w[2]:.1%}): {verdict}")
        out.append(f"{where}{s['games']:,} games; playing every candidate equally to give the best as many "
                   f"would take {s['fixed_design_games']:,} ({s['games'] / s['fixed_design_games']:.2f}x)")
    if len(summaries) > 1:
        best = {s["best"] for s in summaries}
        out.append("the best value is the same under every rung" if len(best) == 1 else
                   "the best value depends on the players: " + ", ".join(f"{s['rung']} {s['best']}"
                                                                         for s in summaries))
    return out


def report(game, data: dict, result, reproduce: str = ""):
    """A `core.report.Report` of a tune result: the best value first (and whether it holds under every rung),
    the objective's curve over the candidates, the set-up, the method."""
    import pandas as pd

    from analyzer.core.report import Report, once, summarize

    p = result.payload
    rungs = p["rungs"]
    rep = Report(result.title, f"{rungs[0]['games']:,} games{' per rung' if len(rungs) > 1 else ''} · seed "
                               f"{p['seed']} · {len(p['candidates'])} candidates of `{p['setting']}`", [],
                 dict(result.tables))
    said = p["findings"]
    summarize(rep.section("Summary"), said[:1] + ([said[-1]] if len(rungs) > 1 else []))
    rep.section("What was asked").text(str(data.get("description") or "").strip()
                                       or f"Which value of `{p['setting']}` makes the game fairest?")
    rep.section("Findings").bullets(said)
    results = rep.section("Results")
    results.heading("The objective by candidate").table(
        result.tables["tune"], "Each candidate's objective (0 is fair) with its 95% interval, the games and rounds "
                               "it played, and each seat's win rate.")
    for plot in result.plots:
        results.plot(plot, plot.options.get("title", ""))
    setup = pd.DataFrame({"value": {"setting": p["setting"], "objective": p["objective"],
                                    "candidates": ", ".join(p["candidates"]),
                                    "players": ", ".join(str(r["rung"]) for r in rungs)}}).rename_axis("what")
    rep.section("Set-up").table(setup)
    rep.section("Method and caveats").bullets(once(result.notes[len(said):]))
    if reproduce:
        rep.section("Reproduce").code(reproduce)
    return rep
