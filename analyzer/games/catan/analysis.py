"""The questions Catan answers at the table (spec "What the analyzer is asked", 1-6): `(position, run settings)
-> Result`, from the view of `position.me`.

Everything is exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact` "p/q") except
the turns to afford X with `bank_trades: true`, which is Monte Carlo over core's runner (`AffordRollouts`).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from analyzer.core import runner, sources, stats
from analyzer.core.game import Result
from analyzer.games.catan import board as bo
from analyzer.games.catan import exact
from analyzer.games.catan import rules as r
from analyzer.games.catan.state import Position

fs, both = stats.fraction_text, stats.with_exact
KIND = {1: "settlement", 2: "city"}


def _board_label(p: Position) -> str:
    b = p.board
    if b.source == "random":
        return "board: a random standard board (the rulebook's variable set-up)"
    if not b.illustrative:
        return "board: hexes and harbours given by the scenario"
    what = {"default": "the default layout: its terrain is invented", "given": "the given hexes: the order of the "
            "harbour kinds round the frame is invented"}[b.source]
    return (f"ILLUSTRATIVE board ({what}); give `rules.board.hexes` and `harbors` for a printed board, or "
            "`source: random` for the rulebook's variable set-up")


def _notes(p: Position) -> list[str]:
    return [_board_label(p), *sources.notes(sources.labels(p.board.printed)), *p.settings.labels(),
            f"the view is player {p.me}'s ({p.players} players; next to roll: player {p.next_roller}; robber on hex "
            f"{p.robber}); my hand: {r.counts_text(p.my_hand)}"]


def _payload(p: Position, **extra) -> dict:
    return {"illustrative": p.illustrative, sources.KEY: sources.labels(p.board.printed), "board": p.board.source, "settings": p.settings.shown(), "me": p.me,
            "players": p.players, "robber": p.robber, **extra}


def _title(p: Position, text: str) -> str:
    return f"Catan: {text}" + (" (ILLUSTRATIVE board)" if p.illustrative else "")


def _hexes_text(p: Position, v: int) -> str:
    b = p.board
    parts = []
    for h in exact.hexes_of(v):
        res = b.resource(h)
        text = "desert" if res < 0 else f"{r.RESOURCES[res]} {b.number[h]}"
        parts.append(text + (" (robber)" if h == p.robber else ""))
    return ", ".join(parts)


# ------------------------------------------------------------------------------------------------
# 1. spot income (ask income) and where to settle (ev)


def _rolls(p: Position) -> int:
    return p.focus.rolls or p.players


def _spot(p: Position, v: int, mult: int, what: str) -> tuple[dict, dict]:
    by = exact.income(p.board, p.robber, v, mult)
    free = exact.income(p.board, None, v, mult)
    total, total_free = sum(by), sum(free)
    nothing = exact.p_nothing(exact.p_pays(p.board, p.robber, v), _rolls(p))
    row = {"vertex": v, "what": what, "hexes": _hexes_text(p, v),
           **{name: float(x) for name, x in zip(r.RESOURCES, by)},
           "cards/roll": float(total), "exact": fs(total), f"per round of {p.players}": float(total * p.players),
           "no robber": float(total_free), f"P(nothing in {_rolls(p)} rolls)": float(nothing)}
    out = {"vertex": v, "what": what, "by_resource": {name: both("p", x) for name, x in zip(r.RESOURCES, by)},
           **both("per_roll", total), **both("per_round", total * p.players), **both("per_roll_no_robber", total_free),
           **both("p_nothing", nothing)}
    return row, out


def income(p: Position, settings) -> Result:
    rows, out = [], []
    for v, mult in p.mine():
        row, entry = _spot(p, v, mult, f"my {KIND[mult]}")
        rows.append(row)
        out.append(entry)
    for v in p.focus.vertices:
        row, entry = _spot(p, v, 1, "a settlement here")
        rows.append(row)
        out.append(entry)
    prod = exact.production(p.board, p.robber, p.mine())
    per_res = [sum((exact.income(p.board, p.robber, v, m)[k] for v, m in p.mine()), Fraction(0)) for k in range(5)]
    table = pd.DataFrame(rows or [{"vertex": -1, "what": "no buildings of mine, no focus.vertices"}])
    notes = [*_notes(p), "cards per roll: Σ pips(n)/36 over the vertex's numbered hexes not under the robber (×2 "
             "for a city); per round: × players (every roll pays); P(nothing in r rolls) = (1 - P(any of its "
             f"numbers))^r, a number shared by two of its hexes counted once; r = {_rolls(p)} (focus.rolls)", "exact"]
    payload = _payload(p, spots=out, rolls=_rolls(p),
                       production={str(s): r.counts_dict(c) for s, c in prod.items()},
                       mine_per_roll={name: both("p", x) for name, x in zip(r.RESOURCES, per_res)})
    return Result(_title(p, f"spot income for player {p.me} (exact)"), {"income": table.set_index("vertex")},
                  payload, notes, exact={"income": True})


def _free_spots(p: Position) -> list[int]:
    taken = {v for v, _, _ in p.buildings}
    return [v for v in range(bo.N_VERTEX) if v not in taken and
            not any(int(u) in taken for u in bo.VERTEX_NEIGHBORS[v] if u >= 0)]


def _road_ends(p: Position, seat: int) -> set[int]:
    return {int(x) for e, o in p.roads if o == seat for x in bo.EDGES[e]}


def ev(p: Position, settings) -> Result:
    """Where to settle: every free vertex the distance rule allows, by expected cards per roll."""
    ends = _road_ends(p, p.me)
    ranked = []
    for v in _free_spots(p):
        total = sum(exact.income(p.board, p.robber, v))
        kinds = len({p.board.resource(h) for h in exact.producing(p.board, p.robber, v)})
        ranked.append((-total, -kinds, v))
    ranked.sort()
    rows, out = [], []
    for rank, (neg, negk, v) in enumerate(ranked, 1):
        total = -neg
        nothing = exact.p_nothing(exact.p_pays(p.board, p.robber, v), _rolls(p))
        reach = v in ends
        rows.append({"rank": rank, "vertex": v, "hexes": _hexes_text(p, v), "cards/roll": float(total),
                     "exact": fs(total), "resources": -negk, f"P(nothing in {_rolls(p)} rolls)": float(nothing),
                     "my road reaches": reach})
        out.append({"rank": rank, "vertex": v, **both("per_roll", total), "resources": -negk,
                    **both("p_nothing", nothing), "road": reach})
    notes = [*_notes(p), "free vertices: no building on them or next to them (the distance rule); ranked by cards "
             "per roll (the robber where it stands), then by distinct resources, then vertex id",
             "after setup a settlement also needs my road to the vertex" if p.settings.settlement_needs_road else
             "settlement_needs_road: false (any free vertex)", "exact"]
    payload = _payload(p, spots=out, best=[o["vertex"] for o in out if o["rank"] == 1], rolls=_rolls(p))
    return Result(_title(p, f"where to settle, for player {p.me} (exact)"),
                  {"spots": pd.DataFrame(rows).set_index("rank")}, payload, notes, exact={"spots": True})


# ------------------------------------------------------------------------------------------------
# 2. the 7 and 3. the discard


def _seven_rows(p: Position) -> tuple[list, dict]:
    k = p.rolls_before_mine
    rows, out = [], {}
    for label, key, n in ((f"before my next roll ({k} rolls)", "before_my_roll", k),
                          (f"in one round ({p.players} rolls)", "in_a_round", p.players)):
        q = exact.p_seven(n)
        rows.append({"when": label, "P(at least one 7)": float(q), "exact": fs(q)})
        out[key] = {"rolls": n, **both("p", q)}
    return rows, out


def seven(p: Position, settings) -> Result:
    rows, out = _seven_rows(p)
    notes = [*_notes(p), "P = 1 - (5/6)^rolls; knights played by others are ignored (opponent_knights: ignore)",
             "exact"]
    return Result(_title(p, "a 7 before my next roll (exact)"), {"seven": pd.DataFrame(rows).set_index("when")},
                  _payload(p, **out), notes, exact={"seven": True})


def _discard(p: Position) -> tuple[exact.Discard, int]:
    rolls = p.rolls_before_mine + (1 if p.settings.include_my_roll else 0)
    prod = exact.production(p.board, p.robber, p.mine())
    return exact.discard_risk(sum(p.my_hand), prod, rolls, p.settings.discard_rounding), rolls


def discard(p: Position, settings) -> Result:
    d, rolls = _discard(p)
    rows = [{"what": "P(I must discard)", "value": float(d.p_discard), "exact": fs(d.p_discard)},
            {"what": "expected cards lost", "value": float(d.expected_lost), "exact": fs(d.expected_lost)}]
    sizes = pd.DataFrame([{"cards at my roll": n, "P": float(q), "exact": fs(q)} for n, q in d.size.items()])
    whose = "the others' and mine" if p.settings.include_my_roll else "the others'"
    notes = [*_notes(p), f"over {rolls} rolls ({whose}; include_my_roll {str(p.settings.include_my_roll).lower()}"
             "): each roll adds my production, a 7 "
             f"with over 7 cards makes me discard half rounded {p.settings.discard_rounding}; the robber stays on "
             f"hex {p.robber}", "exact"]
    payload = _payload(p, rolls=rolls, cards=sum(p.my_hand), **both("p_discard", d.p_discard),
                       **both("expected_lost", d.expected_lost),
                       size={str(n): both("p", q) for n, q in d.size.items()})
    return Result(_title(p, "must I discard before my next roll (exact)"),
                  {"discard": pd.DataFrame(rows).set_index("what"), "size": sizes.set_index("cards at my roll")},
                  payload, notes, exact={"discard": True, "size": True})


# ------------------------------------------------------------------------------------------------
# 4. turns until I can afford X


def _phases(p: Position) -> tuple[int, int]:
    """(rolls until my first build phase, rolls between build phases)."""
    return p.rolls_before_mine + 1, p.players


def _afford_exact(p: Position, target: str) -> exact.Afford:
    first, every = _phases(p)
    return exact.afford(p.my_hand, exact.production(p.board, p.robber, p.mine()), r.COSTS[target], first, every,
                        p.focus.turns, p.settings.discard_rounding)


def _rates(p: Position) -> tuple[int, ...]:
    """My bank trade rate per resource: 4, 3 with an own generic harbour, 2 with its own 2:1 harbour."""
    rates = [4] * 5
    for v, _ in p.mine():
        kind = p.board.harbor(v)
        if kind == "generic":
            rates = [min(x, 3) for x in rates]
        elif kind is not None:
            rates[r.RESOURCES.index(kind)] = 2
    return tuple(rates)


@dataclass(frozen=True)
class AffordRollouts:
    """Monte Carlo of the turns until my hand pays `cost`, with bank/harbour trades at my build phase when they
    complete it (`rates`; None: no trades).  task(n, rng) -> {"turn": counts by build phase 1..turns, then later}."""
    hand: tuple
    prod: tuple  # 13 rows (roll sum) x 5
    cost: tuple
    first: int
    every: int
    turns: int
    rounding: str
    rates: tuple | None

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        prod, cost = np.array(self.prod, dtype=np.int64), np.array(self.cost, dtype=np.int64)
        h = np.tile(np.array(self.hand, dtype=np.int64), (n, 1))
        live = np.ones(n, dtype=bool)
        counts = np.zeros(self.turns + 1, dtype=np.int64)
        rolls = self.first + self.every * (self.turns - 1)
        dice = rng.integers(1, 7, size=(rolls, 2, n)).sum(1)
        phase = 0
        for i in range(rolls):
            s = dice[i]
            h += prod[s]
            sevens = np.flatnonzero(s == 7)
            if len(sevens):
                h[sevens] = exact.drop_rows(h[sevens], cost, self.rounding)
            if i + 1 == self.first + self.every * phase:
                paid = live & self._pays(h, cost)
                counts[phase] += paid.sum()
                live &= ~paid
                phase += 1
        counts[self.turns] += live.sum()
        return {"turn": counts}

    def _pays(self, h: np.ndarray, cost: np.ndarray) -> np.ndarray:
        ok = (h >= cost).all(1)
        if self.rates is None:
            return ok
        t = h[~ok].copy()
        rates = np.array(self.rates, dtype=np.int64)
        order = np.array(r.PREF)
        for _ in range(10):
            short = np.maximum(cost - t, 0)
            spare = t - cost
            can = spare >= rates
            go = short.any(1) & can.any(1)
            if not go.any():
                break
            rows = np.flatnonzero(go)
            key = np.where(can[rows][:, order], spare[rows][:, order] * 8 - np.arange(5), -10**9)
            give = order[key.argmax(1)]
            take = order[(short[rows][:, order] > 0).argmax(1)]
            t[rows, give] -= rates[give]
            t[rows, take] += 1
        ok[np.flatnonzero(~ok)] = (t >= cost).all(1)
        return ok


def _afford_mc(p: Position, target: str, settings) -> tuple[np.ndarray, runner.RunResult]:
    first, every = _phases(p)
    prod = exact.production(p.board, p.robber, p.mine())
    table = tuple(tuple(prod.get(s, exact.ZERO)) for s in range(13))
    task = AffordRollouts(p.my_hand, table, r.COSTS[target], first, every, p.focus.turns,
                          p.settings.discard_rounding, _rates(p))
    done = runner.run(task, settings, f"turns to a {target}")
    return np.asarray(done["turn"]), done


def _afford_table(p: Position, targets, settings):
    rows, out, notes_extra, run = [], {}, [], None
    for target in targets:
        if p.settings.bank_trades:
            counts, run = _afford_mc(p, target, settings)
            n = int(counts.sum())
            cum = np.cumsum(counts[:-1])
            lo, hi = stats.wilson(cum, n)
            entry = {"turns": [], "rollouts": n}
            for t in range(p.focus.turns):
                q = cum[t] / n
                rows.append({"target": target, "by my turn": t + 1, "P(affordable)": float(q), "lo95": float(lo[t]),
                             "hi95": float(hi[t])})
                entry["turns"].append({"turn": t + 1, "p_by": float(q), "lo95": float(lo[t]), "hi95": float(hi[t])})
            out[target] = entry
            continue
        a = _afford_exact(p, target)
        entry = {"turns": [], "horizon": a.horizon, **both("later", a.later)}
        for t, (q, c) in enumerate(zip(a.by_turn, a.cumulative()), 1):
            rows.append({"target": target, "by my turn": t, "P(affordable)": float(c), "exact": fs(c)})
            entry["turns"].append({"turn": t, **both("p_at", q), **both("p_by", c)})
        out[target] = entry
        if a.horizon < a.asked and a.later:
            notes_extra.append(f"{target}: exact through my turn {a.horizon} of the {a.asked} asked; beyond, the "
                               f"hand states outgrow the budget ({exact.STATE_BUDGET:,}); P(later) = "
                               f"{float(a.later):.4g}")
    return rows, out, notes_extra, run


def _afford_notes(p: Position) -> list[str]:
    first, every = _phases(p)
    trades = (f"bank trades at my build phase when they complete the cost (rates by resource {list(_rates(p))}; "
              "Monte Carlo, 95% Wilson intervals)" if p.settings.bank_trades else "no trades (exact)")
    return [f"my build phases: after roll {first}, then every {every} rolls; each roll adds my production (robber "
            f"on hex {p.robber}, it stays), a 7 makes me discard half (rounded {p.settings.discard_rounding}) when "
            "over 7 cards, dropping the resource with the largest surplus over the cost (ties grain, ore, sheep, "
            "brick, wood); my 7s steal nothing (my_steals: ignore); " + trades,
            "harbours: all of mine count from my next turn on (harbors_built_this_turn only bars the current turn)"]


def afford(p: Position, settings) -> Result:
    rows, out, extra, run = _afford_table(p, r.TARGETS, settings)
    exact_ = not p.settings.bank_trades
    table = pd.DataFrame(rows).set_index(["target", "by my turn"])
    notes = [*_notes(p), *_afford_notes(p), *extra, "exact" if exact_ else "estimates (Monte Carlo)"]
    payload = _payload(p, targets=out, hand=r.counts_dict(p.my_hand), turns=p.focus.turns)
    if run is not None:
        payload.update(rollouts=run.rollouts, seed=run.seed)
    result = Result(_title(p, f"my turns until I can afford each build{'' if exact_ else ' (with trades)'}"),
                    {"afford": table}, payload, notes, exact={"afford": exact_ and True})
    return runner.annotate(result, run) if run is not None else result


# ------------------------------------------------------------------------------------------------
# the at-the-table summary (odds): the 7, the discard, the turns to focus.target


def odds(p: Position, settings) -> Result:
    seven_rows, seven_out = _seven_rows(p)
    d, rolls = _discard(p)
    risk = [{"what": r_["when"].replace("before", "a 7 before"), "P": r_["P(at least one 7)"], "exact": r_["exact"]}
            for r_ in seven_rows[:1]]
    risk += [{"what": f"I must discard ({rolls} rolls)", "P": float(d.p_discard), "exact": fs(d.p_discard)},
             {"what": "expected cards lost", "P": float(d.expected_lost), "exact": fs(d.expected_lost)}]
    rows, out, extra, run = _afford_table(p, (p.focus.target,), settings)
    exact_ = not p.settings.bank_trades
    notes = [*_notes(p), *_afford_notes(p), *extra, "risk: exact; afford: " + ("exact" if exact_ else
                                                                               "estimates (Monte Carlo)")]
    payload = _payload(p, seven=seven_out, **both("p_discard", d.p_discard), **both("expected_lost", d.expected_lost),
                       discard_rolls=rolls, target=p.focus.target, afford=out[p.focus.target])
    if run is not None:
        payload.update(rollouts=run.rollouts, seed=run.seed)
    result = Result(_title(p, f"the 7, the discard and the turns to a {p.focus.target}"),
                    {"risk": pd.DataFrame(risk).set_index("what"),
                     "afford": pd.DataFrame(rows).set_index(["target", "by my turn"])},
                    payload, notes, exact={"risk": True, "afford": exact_ and True})
    return runner.annotate(result, run) if run is not None else result


# ------------------------------------------------------------------------------------------------
# 5. the development deck and 6. the robber


def deck(p: Position, settings) -> Result:
    unseen = p.dev_unseen
    nxt = exact.next_card(unseen)
    rows = [{"card": name, "unseen": unseen[k], "P(next card)": float(nxt[name]), "exact": fs(nxt[name])}
            for k, name in enumerate(r.DEV)]
    k = p.focus.buys
    vp = exact.p_at_least_one(unseen, r.DEV.index("vp"), k) if sum(unseen) else Fraction(0)
    notes = [*_notes(p), f"unseen = the deck's 25 - publicly played {list(p.dev_played)} - mine "
             f"{list(p.dev_mine)} (by {', '.join(r.DEV)}): {sum(unseen)} cards, the draw uniform over them",
             f"P(at least one VP card in {k} buys) = 1 - C(unseen - VP, {k}) / C(unseen, {k})", "exact"]
    payload = _payload(p, unseen=dict(zip(r.DEV, unseen)), next={n: both("p", q) for n, q in nxt.items()},
                       buys=k, **both("p_vp", vp))
    return Result(_title(p, "the development deck (exact)"),
                  {"deck": pd.DataFrame(rows).set_index("card"),
                   "vp": pd.DataFrame([{"buys": k, "P(at least one VP)": float(vp), "exact": fs(vp)}]).set_index(
                       "buys")}, payload, notes, exact={"deck": True, "vp": True})


def robber(p: Position, settings) -> Result:
    allowed = [h for h in range(bo.N_HEX) if h != p.robber or p.settings.robber_target == "land_any"]
    rows, out = [], []
    for h in allowed:
        d = exact.denied(p.board, h, p.buildings, p.players)
        others = sum((q for o, q in d.items() if o != p.me), Fraction(0))
        mine = d.get(p.me, Fraction(0))
        res = p.board.resource(h)
        rows.append({"hex": h, "terrain": p.board.terrain[h], "number": p.board.number[h],
                     **{f"player {o}": float(d.get(o, 0)) for o in range(p.players) if o != p.me},
                     "others": float(others), "exact": fs(others), "mine": float(mine),
                     "resource": r.RESOURCES[res] if res >= 0 else "-"})
        out.append({"hex": h, "per_opponent": {str(o): both("p", d.get(o, Fraction(0))) for o in range(p.players)
                                               if o != p.me}, **both("others", others), **both("mine", mine)})
    best = max(out, key=lambda e: (Fraction(e["others_exact"]) - Fraction(e["mine_exact"]), -e["hex"]))["hex"]
    rows.sort(key=lambda x: (-(x["others"] - x["mine"]), x["hex"]))
    notes = [*_notes(p), f"cards the robber on a hex denies per round of {p.players} rolls: players × pips/36 per "
             "building there (a city 2); best: most denied to the others less mine, ties lowest hex",
             f"robber_target {p.settings.robber_target}: " + ("it may stay" if p.settings.robber_target == "land_any"
                                                              else f"any land hex but {p.robber}"), "exact"]
    payload = _payload(p, hexes=out, best=best)
    return Result(_title(p, f"where the robber denies most (best: hex {best}; exact)"),
                  {"robber": pd.DataFrame(rows).set_index("hex")}, payload, notes, exact={"robber": True})
