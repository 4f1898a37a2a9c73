"""A balance run's accumulators -> tables, findings in plain words, plots: one `Result`."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analyzer.core import precision, runner, sources, stats
from analyzer.core.balance import ladder as lad
from analyzer.core.balance.run import BalanceSpec, _labels, run
from analyzer.core.game import Plot, Result

QUANTILES = (0.10, 0.25, 0.50, 0.75, 0.90)
QUANTILE_NAMES = ("p10", "p25", "median", "p75", "p90")


def num(x: float, digits: int = 2, sign: bool = False) -> str:
    """x to `digits` decimals; a non-zero x that would print as 0 gets two significant digits instead."""
    x = float(x)
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    if x != 0 and float(text) == 0:
        text = f"{x:+.2g}" if sign else f"{x:.2g}"
    return text


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def points(x: float) -> str:
    return f"{num(100 * x, 1, sign=True)} points"


def tables(spec: BalanceSpec, total: dict) -> dict[str, pd.DataFrame]:
    """Every table of a balance result, from the merged accumulators."""
    win, money, length, actions, first, diffs, pols, pairs = [], [], [], [], [], [], [], []
    for i, v in enumerate(spec.variants):
        p = f"v{i}."
        n = total[p + "games"]
        credit = total[p + "credit"]
        lo, hi = stats.wilson(credit, n)
        fair = 1.0 / v.players
        for seat in range(v.players):
            win.append({"rule set": v.name, "seat": seat, "policy": "varies" if v.rotate else v.seats[seat],
                        "win rate": credit[seat] / n, "lo95": lo[seat], "hi95": hi[seat], "fair share": fair,
                        "outright wins": int(total[p + "outright"][seat]), "shared wins": int(total[p + "shared"][seat])})
        mean, half = stats.mean_ci(n, total[p + "money"], total[p + "money_sq"])
        q = stats.histogram_quantiles(total[p + "money_hist"], QUANTILES) + spec.money_range[0]
        for seat in range(v.players):
            row = {"rule set": v.name, "seat": seat, "mean": mean[seat], "±95%": half[seat]}
            row.update({name: int(q[seat, j]) for j, name in enumerate(QUANTILE_NAMES)})
            money.append(row)
        row = {"rule set": v.name, "games": n}
        for name in spec.lengths:
            m, h = stats.mean_ci(n, total[p + name], total[p + name + "_sq"])
            qs = stats.histogram_quantiles(total[p + name + "_hist"], (0.0 + 1e-9, 0.5, 1.0))
            row.update({name: float(m), f"{name} ±95%": float(h), f"{name} median": int(qs[1]),
                        f"{name} min": int(qs[0]), f"{name} max": int(qs[2])})
        row["games with a shared win"] = total[p + "shared_games"] / n
        length.append(row)
        counts = total[p + "actions"]
        for seat in range(v.players):
            turns = max(int(counts[seat].sum()), 1)
            row = {"rule set": v.name, "seat": seat, "turns": int(counts[seat].sum())}
            row.update({kind: counts[seat, k] / turns for k, kind in enumerate(spec.action_kinds)})
            actions.append(row)
        first.append({"rule set": v.name, "players": v.players, "seat 0 win rate": credit[0] / n,
                      "lo95": lo[0], "hi95": hi[0], "fair share": fair, "edge": credit[0] / n - fair,
                      "edge lo95": lo[0] - fair, "edge hi95": hi[0] - fair,
                      "edge detected": bool(stats.interval_excludes(lo[0], hi[0], fair))})
        if i:
            d = f"d{i}."
            k = len(total[d + "credit"])
            dm, dlo, dhi = stats.paired_difference(n, total[d + "credit"], total[d + "credit_sq"])
            shift = 1.0 / v.players - 1.0 / spec.base.players  # tables of other sizes: against the fair share
            dm, dlo, dhi = dm - shift, dlo - shift, dhi - shift
            mm, mlo, mhi = stats.paired_difference(n, total[d + "money"], total[d + "money_sq"])
            for seat in range(k):
                diffs.append({"rule set": v.name, "seat": seat, "vs": spec.base.name,
                              "Δ win rate": dm[seat], "lo95": dlo[seat], "hi95": dhi[seat],
                              "Δ money": mm[seat], "Δ money lo95": mlo[seat], "Δ money hi95": mhi[seat],
                              "detected": bool(stats.interval_excludes(dlo[seat], dhi[seat]))})
        if p + "policy_seats" in total:
            seats_of = total[p + "policy_seats"]
            by_label: dict[str, list[int]] = {}
            for k, label in enumerate(v.policies):
                by_label.setdefault(label, []).append(k)
            if len(by_label) > 1:
                for label, ks in by_label.items():
                    m = int(seats_of[ks].sum())
                    c = float(total[p + "policy_credit"][ks].sum())
                    plo, phi = stats.wilson(c, m)
                    pols.append({"rule set": v.name, "policy": label, "seat-games": m, "win rate": c / max(m, 1),
                                 "lo95": float(plo), "hi95": float(phi), "fair share": 1.0 / v.players})
                labels = _labels(v)
                pm, plo, phi = stats.paired_difference(n, total[p + "policy_pair"], total[p + "policy_pair_sq"])
                for j, (a, b) in enumerate(zip(*np.triu_indices(len(labels), 1))):
                    pairs.append({"rule set": v.name, "policy": labels[a], "vs": labels[b],
                                  "Δ win rate": pm[j], "lo95": plo[j], "hi95": phi[j],
                                  "detected": bool(stats.interval_excludes(plo[j], phi[j]))})
    out = {
        "win_rate": pd.DataFrame(win).set_index(["rule set", "seat"]),
        "first_player": pd.DataFrame(first).set_index("rule set"),
    }
    if diffs:
        out["differences"] = pd.DataFrame(diffs).set_index(["rule set", "seat"])
    if pols:
        out["policies"] = pd.DataFrame(pols).set_index(["rule set", "policy"])
        out["policy_pairs"] = pd.DataFrame(pairs).set_index(["rule set", "policy", "vs"])
    out["money"] = pd.DataFrame(money).set_index(["rule set", "seat"])
    out["length"] = pd.DataFrame(length).set_index("rule set")
    out["actions"] = pd.DataFrame(actions).set_index(["rule set", "seat"])
    return out


def rule_lines(configs: dict, lines) -> list[str]:
    """The lines `lines(config)` gives for each rule set (its board, its settings' labels), each once, in order:
    the notes' opening lines."""
    out = []
    for config in configs.values():
        for line in lines(config):
            if line not in out:
                out.append(line)
    return out


def length_differences(spec: BalanceSpec, total: dict) -> list[tuple[str, str, float, float, float]]:
    """(variant, length name, mean paired difference, lo, hi) against the baseline."""
    out = []
    for i, v in enumerate(spec.variants[1:], start=1):
        n = total[f"v{i}.games"]
        for name in spec.lengths:
            m, lo, hi = stats.paired_difference(n, total[f"d{i}.{name}"], total[f"d{i}.{name}_sq"])
            out.append((v.name, name, float(m), float(lo), float(hi)))
    return out


def _ci(lo: float, hi: float, scale: float = 100.0, digits: int = 1) -> str:
    return f"95% CI {num(scale * lo, digits, sign=True)} to {num(scale * hi, digits, sign=True)}"


@dataclass(frozen=True)
class Finding:
    """A statement the numbers support: an `effect` (its 95% interval excludes no effect; `size` in percentage
    points of win rate, or in the score's units for money and length), a `none` (no detectable difference) or a
    `note`; `table` is the table behind it."""
    text: str
    kind: str = "note"
    size: float = 0.0
    table: str = ""
    points: bool = True  # size is in percentage points of win rate (ranked before money and length)


def _first_player(t, spec: BalanceSpec) -> list[Finding]:
    rows = list(t["first_player"].iterrows())
    if len(rows) == 1:
        name, row = rows[0]
        head = (f"The first player (seat 0) wins {pct(row['seat 0 win rate'])} of games (95% CI {pct(row['lo95'])}–"
                f"{pct(row['hi95'])}) against a fair share of {pct(row['fair share'])}")
        if row["edge detected"]:
            return [Finding(f"{head}: {'an edge' if row['edge'] > 0 else 'a handicap'} of {points(row['edge'])}.",
                            "effect", 100 * abs(row["edge"]), "first_player")]
        bound = max(abs(row["edge lo95"]), abs(row["edge hi95"]))
        return [Finding(f"{head}; the interval covers the fair share, so these games show no first-player edge (one "
                        f"larger than about {num(100 * bound, 1)} points would have shown).", "none",
                        table="first_player")]
    found = [name for name, r in rows if r["edge detected"]]
    size = max((100 * abs(r["edge"]) for _, r in rows if r["edge detected"]), default=0.0)
    if len(rows) > FEW_RULE_SETS:  # one clause a rule set would be a wall of text: the range, and the table
        return [Finding(_first_player_many(rows), "effect" if found else "none", size, "first_player")]
    shown = [f"`{name}` {pct(r['seat 0 win rate'])} (edge {points(r['edge'])}, {_ci(r['edge lo95'], r['edge hi95'])}"
             f"{'' if r['edge detected'] else ', covers 0'})" for name, r in rows]
    verdict = ("an edge (or handicap) is detected under " + ", ".join(f"`{x}`" for x in found) if found
               else "no rule set shows a detectable edge")
    return [Finding("The first player (seat 0) against the fair share of 1/players: " + "; ".join(shown)
                    + f". So {verdict}.", "effect" if found else "none", size, "first_player")]


FEW_RULE_SETS = 4  # up to this many rule sets, a finding names each one's figure in its sentence


def _first_player_many(rows) -> str:
    """The first-player finding over many rule sets: how many show an edge, the range of those edges, the rest."""
    found = [(name, r) for name, r in rows if r["edge detected"]]
    clear = [f"`{name}`" for name, r in rows if not r["edge detected"]]
    text = f"The first player (seat 0) against the fair share of 1/players, under {len(rows)} rule sets: "
    if found:
        found.sort(key=lambda item: item[1]["edge"])
        (low, lo_row), (high, hi_row) = found[0], found[-1]
        span = (f"{points(lo_row['edge'])} under `{low}`" if len(found) == 1 else
                f"from {points(lo_row['edge'])} under `{low}` to {points(hi_row['edge'])} under `{high}`")
        text += f"a detectable edge or handicap under {len(found)} ({span})"
    else:
        text += "no rule set shows a detectable edge"
    if found and clear:
        text += f"; none detectable under {len(clear)} ({', '.join(clear)})"
    return text + ". Each rule set's figure and interval is in the table."


def _policies(t, spec: BalanceSpec) -> list[Finding]:
    pairs, lines, strongest = t["policy_pairs"], [], []
    for name, group in t["policies"].groupby(level=0, sort=False):
        ranked = group.sort_values("win rate", ascending=False)
        top, second = ranked.index[0][1], ranked.index[1][1]
        sign = 1 if (name, top, second) in pairs.index else -1
        row = pairs.loc[(name, top, second) if sign == 1 else (name, second, top)]
        d, (lo, hi) = sign * row["Δ win rate"], sorted((sign * row["lo95"], sign * row["hi95"]))
        rates = ", ".join(f"`{i[1]}` {pct(r)}" for i, r in ranked["win rate"].items())
        strongest.append((top, second, lo > 0, d))
        where = f" under `{name}`" if len(spec.variants) > 1 else ""
        if lo > 0:
            lines.append(Finding(f"`{top}` is the strongest policy{where}: in the same games its win rate is "
                                 f"{num(100 * d, 1)} points above `{second}`'s ({_ci(lo, hi)}); win rates: {rates}.",
                                 "effect", 100 * abs(d), "policy_pairs"))
        else:
            lines.append(Finding(f"The two best policies{where}, `{top}` and `{second}`, cannot be told apart here: in "
                                 f"the same games their difference is {points(d)} ({_ci(lo, hi)}); win rates: "
                                 f"{rates}.", "none", table="policy_pairs"))
    if len(strongest) > 2 and len({(a, b, ok) for a, b, ok, _ in strongest}) == 1 and strongest[0][2]:
        top, second = strongest[0][:2]
        gaps = [d for *_, d in strongest]
        return [Finding(f"`{top}` is the strongest policy under every rule set: in the same games its win rate is "
                        f"{num(100 * min(gaps), 1)} to {num(100 * max(gaps), 1)} points above `{second}`'s (each 95% "
                        "CI excludes 0).", "effect", 100 * min(abs(g) for g in gaps), "policy_pairs")]
    return lines


def _money(name: str, group, spec: BalanceSpec) -> Finding | None:
    moved = group[(group["Δ money lo95"] > 0) | (group["Δ money hi95"] < 0)]
    if not len(moved):
        return None
    size = float(moved["Δ money"].abs().max())
    if len(moved) == len(group) and (np.sign(moved["Δ money"]).nunique() == 1):
        word = "raises" if moved["Δ money"].iloc[0] > 0 else "lowers"
        return Finding(f"`{name}` {word} every seat's average final {spec.money_name}, by "
                       f"{num(moved['Δ money'].abs().min())} to {num(moved['Δ money'].abs().max())} (each 95% CI "
                       "excludes 0).", "effect", size, "differences", points=False)
    parts = [f"seat {seat} {num(r['Δ money'], sign=True)} ({_ci(r['Δ money lo95'], r['Δ money hi95'], 1, 2)})"
             for (_, seat), r in moved.iterrows()]
    return Finding(f"`{name}` moves average final {spec.money_name}: " + "; ".join(parts) + ".", "effect", size,
                   "differences", points=False)


def findings(spec: BalanceSpec, t: dict[str, pd.DataFrame], total: dict) -> list[str]:
    """Plain-language statements the numbers support, and only those (see `ranked_findings`): the
    effects first, largest first, then what made no detectable difference, then the notes."""
    return [f.text for f in ranked_findings(spec, t, total)]


def ranked_findings(spec: BalanceSpec, t: dict[str, pd.DataFrame], total: dict) -> list[Finding]:
    """An effect is called one only when its 95% interval excludes no effect; otherwise the text says
    how large an effect the run could have missed.  Effects come first, win-rate effects (in
    percentage points) before money and length, each kind largest first; then the `none`s; then notes."""
    return rank(_findings(spec, t, total))


def rank(found: list[Finding]) -> list[Finding]:
    """Effects first (win rate before money and length, each largest first), then the `none`s, then notes."""
    effects = sorted((f for f in found if f.kind == "effect"), key=lambda f: (not f.points, -f.size))
    return effects + [f for f in found if f.kind == "none"] + [f for f in found if f.kind == "note"]


def _findings(spec: BalanceSpec, t: dict[str, pd.DataFrame], total: dict) -> list[Finding]:
    n = total["v0.games"]
    out = _first_player(t, spec)
    if any(len(set(v.seats)) > 1 and not v.rotate for v in spec.variants):
        out.append(Finding("Seats play different policies here, so a seat's win rate mixes the seat's position "
                           "with its policy's strength."))
    spread = []
    for name, group in t["win_rate"].groupby(level=0, sort=False):
        best, worst = group["win rate"].idxmax(), group["win rate"].idxmin()
        if group.loc[best, "lo95"] > group.loc[worst, "hi95"]:
            spread.append(f"{'under `' + name + '`, ' if len(spec.variants) > 1 else ''}seat {best[1]} "
                          f"({pct(group.loc[best, 'win rate'])}) over seat {worst[1]} "
                          f"({pct(group.loc[worst, 'win rate'])})")
    if spread:
        out.append(Finding("Seats whose 95% intervals do not overlap: " + "; ".join(spread) + ".", table="win_rate"))
    if "policies" in t:
        out += _policies(t, spec)
    if "differences" in t:
        resized = {v.name for v in spec.variants if v.players != spec.base.players}
        lengths = {}
        for name, what, m, lo, hi in length_differences(spec, total):
            if lo > 0 or hi < 0:
                lengths.setdefault(name, []).append((f"{num(m, sign=True)} {what} ({_ci(lo, hi, 1, 2)})", abs(m)))
        for name, group in t["differences"].groupby(level=0, sort=False):
            hits = group[group["detected"]]
            base = group["vs"].iloc[0]
            if len(hits):
                parts = [f"seat {seat} {points(r['Δ win rate'])} ({_ci(r['lo95'], r['hi95'])})"
                         for (_, seat), r in hits.iterrows()]
                fair = " (each against its table's fair share)" if name in resized else ""
                out.append(Finding(f"`{name}` against `{base}`, same dice: win rates change detectably{fair} for "
                                   + "; ".join(parts) + ".", "effect", 100 * float(hits["Δ win rate"].abs().max()),
                                   "differences"))
            else:
                widest = float(np.maximum(group["hi95"], -group["lo95"]).max())
                if widest == 0 and not group["Δ win rate"].any():  # every game won by the same seats under both
                    out.append(Finding(f"`{name}` against `{base}`, same dice: every game gave each seat the "
                                       "same win credit under both, so with these players it changed no result.", "none",
                                       table="differences"))
                else:
                    out.append(Finding(f"`{name}` against `{base}`, same dice: no seat's win rate changes detectably "
                                       f"(every 95% CI covers 0; a change larger than about {num(100 * widest, 1)} "
                                       "points would have shown).", "none", table="differences"))
            money = _money(name, group, spec)
            if money:
                out.append(money)
            if name in lengths:
                texts, sizes = zip(*lengths[name])
                out.append(Finding(f"`{name}` changes the average game length by "
                                   + (" and " if len(texts) <= 2 else "; ").join(texts) + ".",
                                   "effect", max(sizes), "length", points=False))
    out.append(Finding(f"Every figure comes from {n:,} games per rule set; intervals are 95%."))
    return out


def method_notes(spec: BalanceSpec, n: int, seed: int, per: str = "rule set") -> list[str]:
    """How the figures were made: the games, the seed, win credit and the intervals."""
    return [
        f"{n:,} games per {per}, seed {seed}, chunks of {spec.chunk:,} games; rule sets compared on common random "
        "numbers (the same dice for each), differences paired per game",
        f"win credit: a game's winner gets 1; k players tied on the most {spec.money_name} get 1/k each; win rate = "
        f"mean credit, 95% Wilson interval; {spec.money_name} and length: mean ± 95% (normal); differences: mean of "
        "per-game differences ± 95%",
        "many intervals are shown: at 95%, about one in twenty misses its true value by chance, so a lone borderline "
        "effect among many deserves a rerun with another seed",
    ]


def payload(spec: BalanceSpec, t: dict[str, pd.DataFrame], ranked: list[Finding], n: int, seed: int) -> dict:
    """The JSON: the run, the findings (ranked, with their kind and unit) and every table's records."""
    return {
        "games": n, "seed": seed, "chunk": spec.chunk, "rule_sets": [v.name for v in spec.variants],
        "findings": [f.text for f in ranked],
        "findings_ranked": [{"text": f.text, "kind": f.kind, "size": f.size, "table": f.table,
                             "unit": "percentage points" if f.points else spec.money_name if f.table == "differences"
                             else "length"} for f in ranked],
        **{name: df.reset_index().to_dict(orient="records") for name, df in t.items()},
    }


def summarize(spec: BalanceSpec, total: dict, seed: int, title: str = "") -> Result:
    """The Result of a balance run (of a `ladder.Ladder`: `summarize_ladder`)."""
    if isinstance(spec, lad.Ladder):
        return summarize_ladder(spec, total, seed, title)
    t = tables(spec, total)
    n = total["v0.games"]
    ranked = ranked_findings(spec, t, total)
    found = [f.text for f in ranked]
    notes = found + method_notes(spec, n, seed)
    order = [v.name for v in spec.variants]  # every plot colours a rule set the same
    plots = [Plot("win_rate", "grouped_bars_with_ci", "win_rate",
                  {"value": "win rate", "lo": "lo95", "hi": "hi95", "group": "rule set", "category": "seat",
                   "reference": "fair share", "percent": True, "ylabel": "win rate", "order": order,
                   "title": "Win rate per seat (95% CI; dotted: fair share)"}),
             Plot("money", "quantile_boxes", "money",
                  {"group": "rule set", "category": "seat", "mean": "mean", "ylabel": f"final {spec.money_name}",
                   "order": order,
                   "title": f"Final {spec.money_name} per seat (box: 25–75%, whiskers: 10–90%, dot: mean)"})]
    if "differences" in t:
        plots.append(Plot("differences", "grouped_bars_with_ci", "differences",
                          {"value": "Δ win rate", "lo": "lo95", "hi": "hi95", "group": "rule set",
                           "category": "seat", "reference": 0.0, "percent": True, "points": True,
                           "ylabel": "change in win rate", "order": order,
                           "title": f"Change in win rate against {spec.base.name}, same dice (95% CI)"}))
    if "policies" in t:
        plots.append(Plot("policies", "grouped_bars_with_ci", "policies",
                          {"value": "win rate", "lo": "lo95", "hi": "hi95", "group": "rule set",
                           "category": "policy", "reference": "fair share", "percent": True, "ylabel": "win rate",
                           "order": order, "hatch_categories": True,
                           "title": "Win rate per policy (95% CI; dotted: fair share)"}))
    return Result(title or f"{spec.game}: balance", t, payload(spec, t, ranked, n, seed), notes, plots,
                  names=shown_names(spec))


# -- a ladder: every rule set under each rung (core/balance/ladder.py) -------------------------------

def ladder_figure(m: float, lo: float, hi: float) -> str:
    """An estimate in percentage points with its 95% interval, at the precision the interval supports."""
    d = max(1, precision.decimals(50 * (hi - lo), default=1))  # a bound near 0 keeps its side of 0
    return f"{num(100 * m, d, sign=True)} ({num(100 * lo, d, sign=True)} to {num(100 * hi, d, sign=True)})"


def ladder_table(rows: list[dict], rungs) -> pd.DataFrame:
    """The `ladder` table: a row per conclusion, a column per rung (points, 95% interval), the verdict."""
    out = [{"rule set": row["rule set"], "conclusion": row["conclusion"],
            **{r["rung"]: ladder_figure(r["estimate"], r["lo95"], r["hi95"]) for r in row["rungs"]},
            "verdict": row["verdict"]} for row in rows]
    return pd.DataFrame(out, columns=["rule set", "conclusion", *rungs, "verdict"]).set_index(["rule set",
                                                                                              "conclusion"])


def _ladder_findings(ladder: lad.Ladder, rows: list[dict]):
    """A finding per conclusion some rung detects (largest first, by the report's ranking), one for the rest."""
    several = len(ladder.variants) > 1
    out, quiet = [], []
    for row in rows:
        where = f"`{row['rule set']}`, " if several else ""
        what = row["conclusion"].replace("first player's edge", "the first player's (seat 0's) edge against the "
                                                                 "fair share")
        if row["verdict"] == lad.NONE:
            quiet.append(f"{where}{what}")
            continue
        shown = "; ".join(f"`{r['rung']}` {points(r['estimate'])} ({_ci(r['lo95'], r['hi95'])}"
                          f"{'' if r['detected'] else ', covers 0'})" for r in row["rungs"])
        size = max(100 * abs(r["estimate"]) for r in row["rungs"] if r["detected"])
        text = f"{where}{what}: {row['verdict']}: {shown}."
        out.append(Finding(text[:1].upper() + text[1:], "effect", size, "ladder"))
    if quiet:
        out.append(Finding(f"Not detected under any rung ({', '.join(f'`{r}`' for r in ladder.rungs)}): "
                           + "; ".join(quiet) + ".", "none", table="ladder"))
    return out


def summarize_ladder(ladder: lad.Ladder, total: dict, seed: int, title: str = "") -> Result:
    """Each rung's tables with a `rung` level, the `ladder` table and its findings first."""
    per_rung = [tables(spec, lad.rung_total(total, r)) for r, spec in enumerate(ladder.specs)]
    rows = lad.conclusions(ladder, per_rung)
    t = {"ladder": ladder_table(rows, ladder.rungs)}
    for name in per_rung[0]:
        t[name] = pd.concat([tab[name] for tab in per_rung], keys=list(ladder.rungs), names=["rung"])
    ranked = rank(_ladder_findings(ladder, rows)) + [Finding(
        f"The rungs, weakest first as the scenario lists them: {', '.join(f'`{r}`' for r in ladder.rungs)}; every seat "
        "plays the rung's policy, so the rungs compare the rules under stronger and weaker tables, not one player "
        "against another.")]
    n = total["r0.v0.games"]
    notes = [f.text for f in ranked] + method_notes(ladder.first, n, seed, ladder.per)
    data = {**payload(ladder.first, t, ranked, n, seed), "rungs": list(ladder.rungs), "ladder": rows}
    return Result(title or f"{ladder.first.game}: balance across player strength", t, data, notes, [],
                  names=shown_names(ladder.first))



def shown_names(spec: BalanceSpec) -> dict[str, str]:
    """The terminal's headings: the game's name for its final score (points, coins, ...) in place of "money"."""
    if spec.money_name == "money":
        return {}
    return {"money": f"final {spec.money_name}",
            **{f"Δ money{end}": f"Δ {spec.money_name}{end}" for end in ("", " lo95", " hi95")}}


def balance(spec: BalanceSpec, settings: runner.RunSettings, title: str = "") -> Result:
    total = run(spec, settings)
    return runner.annotate(summarize(spec, total, total.seed, title), total)



# -- a game's balance scenario ---------------------------------------------------------------------

def policy_table(configs: dict) -> pd.DataFrame:
    """Every policy the rule sets seat, once: its label and what it does."""
    seen = {}
    for c in configs.values():
        for policy in c.policies:
            seen.setdefault(policy.label, policy.describe())
    return pd.DataFrame({"policy": list(seen), "what it does": list(seen.values())}).set_index("policy")


def every_config(spec, configs: dict) -> dict:
    """Every config the run seats, for the table of player models: a ladder's (`ladder.Ladder`) each rung's."""
    if not isinstance(spec, lad.Ladder):
        return configs
    return {f"{rung}: {name}": c for rung, cs in zip(spec.rungs, spec.configs) for name, c in cs.items()}


def seated(spec, rules: pd.DataFrame) -> pd.DataFrame:
    """The rule sets' table; under a ladder its policies row names the ladder instead of the weakest rung."""
    row = "policies (seat 0 first)"
    if not isinstance(spec, lad.Ladder) or row not in rules.index:
        return rules
    rules = rules.copy()
    rules.loc[row] = "every seat the rung's: " + ", ".join(spec.rungs)
    return rules


def rule_table(configs: dict, game_rows) -> pd.DataFrame:
    """The rule sets side by side: players, policies, seating, the game's own rows (`game_rows(config)` ->
    {row: value}, in order), then every named setting (`config.rules.settings`) any of them changes."""
    rows: dict[str, dict[str, str]] = {}

    def put(what, name, value):
        rows.setdefault(what, {})[name] = str(value)

    changed = sorted({k for c in configs.values() for k in c.rules.settings.changed()})
    for name, c in configs.items():
        put("players", name, c.players)
        put("policies (seat 0 first)", name, ", ".join(p.label for p in c.policies))
        put("seating", name, c.seating)
        for what, value in game_rows(c).items():
            put(what, name, value)
        for key in changed:
            put(key, name, c.rules.settings.show(key))
    table = pd.DataFrame(rows).T[list(configs)]
    table.index.name = "rule"
    return table


def illustrative(full, configs: dict) -> str:
    """What illustrative data the games ran on ("" for none), from the game's hook."""
    return full.hook("illustrative")(configs) if full.illustrative is not None else ""


def title(game, data: dict, configs: dict) -> str:
    full = game.full()
    text = str(data.get("title") or f"{game.title}: {full.title}")
    label = illustrative(full, configs)
    if label and "illustrative" not in text.lower():
        text += f" ({label})"
    return text


def balance_scenario(game, data: dict, settings: runner.RunSettings) -> Result:
    """`analyzer balance`: the scenario's rule sets played as full games, compared seat by seat."""
    from analyzer.core.balance.variants import parse

    full = game.full()
    spec, configs = parse(full, data, game.name)
    result = balance(spec, settings, title=title(game, data, configs))
    models = policy_table(every_config(spec, configs))
    result.notes += full.hook("notes")(configs) + [f"policies: {label}: {text}"
                                                   for label, text in models["what it does"].items()]
    result.payload["rule_sets_detail"] = seated(spec, full.hook("rule_table")(configs)).to_dict()
    mark_illustrative(full, configs, result)
    return result


def printed(full, configs: dict) -> list[str]:
    """The `core.sources` labels of the printed tables the games ran on ([] for none), from the game's hook."""
    return list(full.hook("printed")(configs)) if full.printed is not None else []


def mark_illustrative(full, configs: dict, result: Result) -> None:
    """Where the games ran on illustrative data: the JSON says so, and so does every chart's title (a chart
    copied out of its report still carries the label).  Printed tables are named in the JSON and the notes."""
    used = printed(full, configs)
    if used:
        result.payload[sources.KEY] = used
        result.notes += sources.notes(used)
    if full.illustrative is None:
        return
    label = illustrative(full, configs)
    result.payload["illustrative"] = bool(label)
    for plot in result.plots if label else ():
        plot.options["title"] = f"{plot.options.get('title', '')} ({label})"
