"""The questions San Marco answers at the table (spec §9): `(position, run settings) -> Result`.

ΔS everywhere is the change of a player's standing, prestige + S_p (S_p = Σ_d w_d pts_d, what he would
get if every district were scored now).  Exact values are fractions: the JSON keeps each as a float
and, beside it, the key with `_exact` holding "p/q".  Columns estimated by rollouts (B's
`play.rollout`, through core.runner) carry n and 95% intervals.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result
from analyzer.games.san_marco import exact
from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.state import EV_OF, Position
from analyzer.games.san_marco.state import questions as _supported

fs, both = stats.fraction_text, stats.with_exact  # exact values in the JSON: "p/q" beside the float


def _notes(p: Position, board: bool = True) -> list[str]:
    notes = [p.board.label()] if board else []
    notes += p.settings.labels()
    notes.append("ΔS: change of the player's prestige + S_p (S_p = Σ w_d pts_d: every district scored now); "
                 + p.models.label())
    return notes


def _payload(p: Position, board: bool = True, **extra) -> dict:
    return {"illustrative": bool(board and p.illustrative), "settings": p.settings.shown(),
            "lambda": p.models.lam, "elim_penalty": p.models.elim_penalty, "chooser": p.models.chooser,
            "beta": p.models.beta, "weights": dict(zip(r.DISTRICTS, p.models.weights)), **extra}


def _who(p: Position) -> int:
    if p.decision is None:
        raise ScenarioError("position.decision", "this question needs a decision (its `who`)")
    return p.decision.who


# ------------------------------------------------------------------------------------------------
# rollouts (B's play.rollout)


def rollout_ready() -> bool:
    try:
        from analyzer.games.san_marco import play
    except ImportError:
        return False
    return callable(getattr(play, "rollout", None))


@dataclass(frozen=True)
class RolloutTask:
    """Rollouts of each candidate decision on common random numbers: flat sums for core.runner."""
    position: Position
    decisions: tuple

    def engine_decision(self, decision):
        """A's (kind, what) -> what play.rollout takes: the piles, the pile, the Action (passage banishment:
        the district named, or "none")."""
        if decision is None:
            return None
        kind, what = decision
        d = self.position.decision
        if d is not None and d.kind == "passage_banish":
            return "none" if what.kind == "skip" else what.district
        return what

    def __call__(self, n: int, rng) -> dict:
        from analyzer.games.san_marco import play

        seed = int(rng.integers(2 ** 63))
        out: dict = {"n": n}
        for i, decision in enumerate(self.decisions):
            got = play.rollout(self.position, self.position.settings, self.position.models, n,
                               np.random.default_rng(seed), decision=self.engine_decision(decision))
            final, credit = np.asarray(got["final"], float), np.asarray(got["credit"], float)
            out[f"final{i}"], out[f"final_sq{i}"] = final.sum(0), (final ** 2).sum(0)
            out[f"credit{i}"], out[f"credit_sq{i}"] = credit.sum(0), (credit ** 2).sum(0)
            if i == 0:
                bonus = np.asarray(got["bonus"], float)
                out["ends"] = int(np.asarray(got["passage_ends"]).sum())
                out["bonus"], out["bonus_sq"] = bonus.sum(0), (bonus ** 2).sum(0)
        return out


def _halfwidths(count: int, merged) -> np.ndarray:
    n = merged["n"]
    out = [stats.mean_ci(n, merged[f"final{i}"], merged[f"final_sq{i}"])[1] for i in range(count)]
    out += [stats.mean_ci(n, merged[f"credit{i}"], merged[f"credit_sq{i}"])[1] for i in range(count)]
    return np.concatenate(out)


def run_rollouts(p: Position, settings, decisions, label: str):
    """Per candidate: (final mean, its ±95%, win mean, its ±95%) of the seat at hand, and the run."""
    task = RolloutTask(p, tuple(decisions))
    done = runner.run(task, settings, label, lambda m: _halfwidths(len(decisions), m))
    n = done["n"]
    rows = []
    for i in range(len(decisions)):
        final, final_hw = stats.mean_ci(n, done[f"final{i}"], done[f"final_sq{i}"])
        win, win_hw = stats.mean_ci(n, done[f"credit{i}"], done[f"credit_sq{i}"])
        rows.append((final, final_hw, win, win_hw))
    return rows, done


def _rollout_columns(p: Position, settings, frame: pd.DataFrame, decisions, label: str, payload_rows,
                     notes: list, payload: dict):
    """Add rollout EV columns for the first rows' decisions; or a note that they are absent."""
    seat = _who(p)
    if not rollout_ready():
        notes.append("rollout columns absent: the full-game rollout (play.rollout) is not available in this build")
        payload["rollouts"] = 0
        return None
    rows, done = run_rollouts(p, settings, decisions, label)
    final = [np.nan] * len(frame)
    final_hw, win, win_hw = list(final), list(final), list(final)
    for i, (f, fh, w, wh) in enumerate(rows):
        final[i], final_hw[i], win[i], win_hw[i] = f[seat], fh[seat], w[seat], wh[seat]
        payload_rows[i]["rollout"] = {"final": float(f[seat]), "final_ci95": float(fh[seat]),
                                      "win": float(w[seat]), "win_ci95": float(wh[seat])}
    frame["final EV"], frame["final ±95%"], frame["win"], frame["win ±95%"] = final, final_hw, win, win_hw
    notes.append(f"rollouts: {done.rollouts:,} per candidate for the best {len(decisions)} by the exact value "
                 f"(common random numbers; others play {p.models.others}; position.decision.rollout_candidates: "
                 f"how many, or all); seed {done.seed}")
    payload.update(rollouts=done.rollouts, seed=done.seed)
    return done


# ------------------------------------------------------------------------------------------------
# 3. limit odds (odds, ask limit)


def limit(p: Position, settings) -> Result:
    deck = p.limit_deck
    draw_k = r.DRAW[len(p.roles)][1]
    rows, players = [], {}
    for seat in range(p.players):
        total = p.limit_total(seat)
        reach = {k: exact.reach_probability(total, deck, k) for k in range(1, 5) if k <= sum(deck)}
        rows.append({"player": p.name(seat), "limit": total, "out": total >= r.LIMIT_STOP,
                     **{f"P(>=10) with {k}": float(v) for k, v in reach.items()}})
        players[p.name(seat)] = {"limit": total, "out": total >= r.LIMIT_STOP,
                                 "reach": {str(k): {"p": float(v), "exact": fs(v)} for k, v in reach.items()}}
    dist = exact.limit_sum_distribution(deck, draw_k)
    mean = exact.mean(dist)
    draw = pd.DataFrame({"P(sum)": [float(v) for v in dist.values()], "exact": [fs(v) for v in dist.values()]},
                        index=pd.Index(list(dist), name=f"sum of {draw_k} limit cards"))
    table = pd.DataFrame(rows).set_index("player")
    notes = [f"undrawn limit deck: {deck[0]} x 1, {deck[1]} x 2, {deck[2]} x 3 ({sum(deck)} cards; 28 less every "
             "limit card face up this passage and drawn, passage_reshuffle: all)",
             f"a distributor's own {draw_k} limit cards: mean {float(mean):.4g} (= {fs(mean)})",
             "exact (hypergeometric); the JSON keeps fractions as strings"]
    if p.settings.passage_reshuffle != "all":
        notes.append("passage_reshuffle: discards_only: the deck above is what a card counter knows of the cards not "
                     "yet seen; their order is not modelled")
    payload = _payload(p, board=False, deck={"1": deck[0], "2": deck[1], "3": deck[2]}, players=players,
                       draw={"cards": draw_k, "sum": {str(s): {"p": float(v), "exact": fs(v)} for s, v in dist.items()},
                             **both("mean", mean)},
                       exact=["reach", "draw"])
    return Result("San Marco: limit odds (exact)", {"reach": table, "draw": draw}, payload, notes,
                  exact={"reach": True, "draw": True})


# ------------------------------------------------------------------------------------------------
# 4. banishment (ask banish)


def banish(p: Position, settings) -> Result:
    seat = _who(p)
    naming, faces, payload_rows = [], [], {}
    for d in range(6):
        outcomes = exact.banish_faces(p, seat, d)
        ev = sum((o.delta for o in outcomes), Fraction(0)) / 6
        theirs = Fraction(sum(sum(o.removed) - o.removed[seat] for o in outcomes), 6)
        mine = Fraction(sum(o.removed[seat] for o in outcomes), 6)
        lose = Fraction(sum(o.removed[seat] > 0 for o in outcomes), 6)
        naming.append({"district": r.DISTRICTS[d], "EV ΔS": float(ev), "exact": fs(ev), "E[theirs lost]": float(theirs),
                       "E[mine lost]": float(mine), "P(I lose any)": float(lose)})
        for o in outcomes:
            faces.append({"district": r.DISTRICTS[d], "face": o.face,
                          **{f"removed {p.name(s)}": o.removed[s] for s in range(p.players)},
                          **{f"pts {p.name(s)}": o.points[s] for s in range(p.players)}, "ΔS": float(o.delta)})
        payload_rows[r.DISTRICTS[d]] = {**both("ev", ev), **both("theirs_lost", theirs), **both("mine_lost", mine),
                                        **both("p_lose_any", lose),
                                        "faces": [{"face": o.face, "removed": dict(zip(p.seats, o.removed)),
                                                   "points": dict(zip(p.seats, o.points)), **both("delta", o.delta)}
                                                  for o in outcomes]}
    table = pd.DataFrame(naming).set_index("district").sort_values("EV ΔS", ascending=False, kind="stable")
    best = table.index[0]
    notes = [f"{p.name(seat)} banishes: name a district, roll; opponents' pieces first (the banisher picks: most "
             "points for him there, then fewest for the prestige leader), his own once theirs are gone",
             f"best district to name: {best} (EV ΔS {table.iloc[0]['EV ΔS']:.4g})", *_notes(p), "exact"]
    payload = _payload(p, who=p.name(seat), best=best, districts=payload_rows, exact=["naming", "faces"])
    return Result(f"San Marco: banishment by {p.name(seat)} (exact)",
                  {"naming": table, "faces": pd.DataFrame(faces).set_index(["district", "face"])}, payload, notes,
                  exact={"naming": True, "faces": True})


# ------------------------------------------------------------------------------------------------
# 5. the Doge (ask doge)


def doge(p: Position, settings) -> Result:
    seat = _who(p)
    rows, out = [], []
    for row in exact.doge_table(p, seat):
        walk = " > ".join(r.DISTRICTS[d] for d in row["walk"]) or ("placed" if p.doge is None else "stays")
        tolls = ", ".join(f"{amount} to {'bank' if payee is None else p.name(payee)}" for payee, amount in row["paid"])
        rows.append({"district": r.DISTRICTS[row["district"]], "walk": walk, "cost": row["cost"], "tolls": tolls or "-",
                     **{f"gain {p.name(s)}": row["gain"][s] for s in range(p.players)}})
        out.append({"district": r.DISTRICTS[row["district"]], "walk": [r.DISTRICTS[d] for d in row["walk"]],
                    "cost": row["cost"], "tolls": [{"to": None if payee is None else p.name(payee), "amount": amount}
                                                   for payee, amount in row["paid"]],
                    "gain": dict(zip(p.seats, row["gain"]))})
    table = pd.DataFrame(rows).set_index("district").sort_values(f"gain {p.name(seat)}", ascending=False, kind="stable")
    where = "off the board (the first Doge card places him anywhere, free)" if p.doge is None else \
        f"in {r.DISTRICTS[p.doge]}"
    notes = [f"the Doge is {where}; {p.name(seat)} plays the Doge card: cheapest walk to each district "
             f"(own bridge 0, opponent bridge 1 to its owner, canal {p.settings.canal_cost} to the bank where "
             f"canal_crossing {p.settings.canal_crossing} allows), then the district scores",
             "gain: prestige each player gets (scoring + tolls received - paid)", *_notes(p), "exact"]
    if p.settings.score_floor == 0:
        notes.append("score_floor 0: walks dearer than his prestige are left out")
    payload = _payload(p, who=p.name(seat), doge=None if p.doge is None else r.DISTRICTS[p.doge], walks=out,
                       exact=["walks"])
    return Result(f"San Marco: the Doge for {p.name(seat)} (exact)", {"walks": table}, payload, notes,
                  exact={"walks": True})


# ------------------------------------------------------------------------------------------------
# 1. the divider's splits (ev on a split, ask splits)


def splits(p: Position, settings) -> Result:
    d = p.decision
    if d is None or d.kind != "split":
        raise ScenarioError("position.decision.kind", "the split table needs a split decision (kind: split)")
    table = exact.split_table(p, d.who, d.drawn)
    chooser = exact.receivers(p, d.who)
    soft = p.models.chooser == "softmax"
    rows, out = [], []
    for row in table:
        entry = {f"pile {i + 1}": pile.names() for i, pile in enumerate(row.piles)}
        for who, picks in zip(chooser, row.picks):
            entry.update({f"{p.name(who)} takes {i + 1}": float(x) for i, x in enumerate(picks)})
        entry.update({"ΔS": float(row.divider_delta), "limit": float(row.divider_limit),
                      "P(>=10)": float(row.divider_reach), "value": float(row.divider_value)})
        rows.append(entry)
        out.append({"piles": [{"action": [r.CARD_NAMES[c] for c in pile.action], "limit": list(pile.limit)}
                              for pile in row.piles],
                    "picks": {p.name(who): [float(x) for x in picks] for who, picks in zip(chooser, row.picks)},
                    "picks_exact": None if soft else {p.name(who): [fs(x) for x in picks]
                                                      for who, picks in zip(chooser, row.picks)},
                    **both("delta", row.divider_delta), **both("limit", row.divider_limit),
                    **both("reach", row.divider_reach), **both("value", row.divider_value)})
    frame = pd.DataFrame(rows)
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="split")
    notes = [f"{p.name(d.who)} splits {d.drawn.names()} into {len(chooser) + 1} piles: {len(table)} distinct splits; "
             f"{', '.join(p.name(c) for c in chooser)} choose{'s' if len(chooser) == 1 else ''} by the model, "
             f"{p.name(d.who)} keeps the last, valued after the receivers have played theirs (best play orders)",
             "value = ΔS - lambda x limit - elimination penalty x P(>= 10 outside the final round)", *_notes(p),
             "exact: the pick probabilities" + (" (floats under softmax: not exact)" if soft else "")
             + ", ΔS, limit, P(>=10) and value (fractions in the JSON)"]
    if not p.settings.receiver_sees_piles and len(chooser) == 1:
        notes.append("receiver_sees_piles false: the piles lie face down, the receiver picks blind (1/2 each)")
    if len(table) and p.settings.split_timing_4p == "simultaneous" and len(p.roles) == 4 and p.role_of(d.who) == "D2":
        notes.append("split_timing_4p simultaneous: the table values D2's piles on the position as given (pair 1's "
                     "play not yet known); a rollout EV samples it")
    payload = _payload(p, who=p.name(d.who), receivers=[p.name(c) for c in chooser], splits=out, count=len(table),
                       exact=[] if soft else ["splits"])
    decisions = [("split", row.piles) for row in table[:d.candidates]]
    done = _rollout_columns(p, settings, frame, decisions, "rollouts", out, notes, payload)
    exact_cols = [c for c in frame.columns if not c.startswith(("final", "win"))]
    exact_cols = [c for c in exact_cols if not (soft and " takes " in c)]
    return runner.annotate(Result(f"San Marco: {p.name(d.who)}'s splits", {"splits": frame}, payload, notes,
                                  exact={"splits": exact_cols if "final EV" in frame or soft else True}), done)


# ------------------------------------------------------------------------------------------------
# 2. the chooser's piles (ev on a choice, ask piles)


def piles(p: Position, settings) -> Result:
    d = p.decision
    if d is None or d.kind != "choose":
        raise ScenarioError("position.decision.kind", "pile values need a choose decision (kind: choose)")
    values = exact.pile_table(p, d.who, d.piles)
    rows, out = [], []
    for i, v in enumerate(values):
        order = "; ".join(a.describe(p) for a in v.line) or "-"
        rows.append({"pile": v.pile.names(), "best play": order, "ΔS": float(v.delta), "limit after": v.limit_after,
                     "reaches 10": v.limit_after >= r.LIMIT_STOP, "value": float(v.value)})
        out.append({"pile": {"action": [r.CARD_NAMES[c] for c in v.pile.action], "limit": list(v.pile.limit)},
                    "best_play": [a.describe(p) for a in v.line], **both("delta", v.delta),
                    "limit_after": v.limit_after, **both("value", v.value)})
    frame = pd.DataFrame(rows)
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="pile")
    best = int(np.argmax([float(v.value) for v in values]))
    notes = [f"{p.name(d.who)} chooses: best pile by value is {best + 1} ({values[best].pile.names()})",
             "best play: every order of the pile's action cards and every option of each (a banishment by its six "
             "faces; his play after one depends on the roll, the line shows it up to there)",
             "value = ΔS - lambda x limit - elimination penalty if it takes him to >= 10 outside the final round",
             *_notes(p), "exact: ΔS, limit after and value (fractions in the JSON)"]
    payload = _payload(p, who=p.name(d.who), piles=out, best=best + 1, exact=["piles"])
    order = sorted(range(len(values)), key=lambda i: -values[i].value)[:d.candidates]
    if rollout_ready():
        rows_rollout, done = run_rollouts(p, settings, [("choose", values[i].pile) for i in order], "rollouts")
        seat = d.who
        for col in ("final EV", "final ±95%", "win", "win ±95%"):
            frame[col] = np.nan
        for (f, fh, w, wh), i in zip(rows_rollout, order):
            frame.loc[i + 1, ["final EV", "final ±95%", "win", "win ±95%"]] = [f[seat], fh[seat], w[seat], wh[seat]]
            out[i]["rollout"] = {"final": float(f[seat]), "final_ci95": float(fh[seat]), "win": float(w[seat]),
                                 "win_ci95": float(wh[seat])}
        notes.append(f"rollouts: {done.rollouts:,} per pile (common random numbers; others play {p.models.others}); "
                     f"seed {done.seed}")
        payload.update(rollouts=done.rollouts, seed=done.seed)
        runner.annotate(Result("", {}, payload, notes), done)  # notes and payload are shared with the result
    else:
        notes.append("rollout columns absent: the full-game rollout (play.rollout) is not available in this build")
        payload["rollouts"] = 0
    exact_cols = [c for c in frame.columns if not c.startswith(("final", "win"))]
    return Result(f"San Marco: {p.name(d.who)}'s piles", {"piles": frame}, payload, notes,
                  exact={"piles": exact_cols if "final EV" in frame else True})


# ------------------------------------------------------------------------------------------------
# 6. action options (ev on a play, ask actions)


def _cards_to_judge(p: Position) -> tuple[int, ...]:
    d = p.decision
    if d is None:
        raise ScenarioError("position.decision", "action options need a decision")
    if d.kind == "play":
        return tuple(sorted(set(d.to_play)))
    if d.kind == "doge":
        return (r.DOGE,)
    if d.kind in ("banish", "passage_banish"):
        return (r.BANISH,)
    cards = d.drawn.action if d.drawn else tuple(c for pile in d.piles for c in pile.action)
    return tuple(sorted(set(cards)))


def actions(p: Position, settings) -> Result:
    seat = _who(p)
    rows, out, decisions = [], [], []
    for card in _cards_to_judge(p):
        for action in ref.options(p, seat, card):
            delta = exact.option_delta(p, seat, action)
            rows.append({"card": r.CARD_NAMES[card], "option": action.describe(p), "ΔS": float(delta), "exact": fs(delta)})
            out.append({"card": r.CARD_NAMES[card], "option": action.describe(p), "kind": action.kind,
                        **both("delta", delta)})
            decisions.append(("play", action))
    frame = pd.DataFrame(rows)
    order = sorted(range(len(rows)), key=lambda i: -rows[i]["ΔS"])
    frame = frame.iloc[order].reset_index(drop=True)
    out = [out[i] for i in order]
    decisions = [decisions[i] for i in order]
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="option")
    notes = [f"{p.name(seat)}'s options, each card on its own now (a banishment: the mean over its six faces)"]
    payload = _payload(p, who=p.name(seat), options=out, exact=["options"])
    d = p.decision
    if d.kind == "play" and len(d.to_play) > 1:
        search = exact.BestPlay(seat)
        best = search.value(p, d.to_play) - ref.standing(p, seat)
        line = [a.describe(p) for a in search.line(p, d.to_play)]
        notes.append(f"best order of all {len(d.to_play)} cards: {'; '.join(line)} (ΔS {float(best):.4g} = {fs(best)})")
        payload["best_order"] = {"line": line, **both("delta", best)}
    notes += [*_notes(p), "ΔS exact"]
    done = None
    if d.kind == "play":
        done = _rollout_columns(p, settings, frame, decisions[:d.candidates], "rollouts", out, notes, payload)
    exact_cols = [c for c in frame.columns if not c.startswith(("final", "win"))]
    return runner.annotate(Result(f"San Marco: {p.name(seat)}'s action options", {"options": frame}, payload, notes,
                                  exact={"options": exact_cols if "final EV" in frame else True}), done)


# ------------------------------------------------------------------------------------------------
# 7. the passage outlook (ask outlook), by rollouts


def outlook(p: Position, settings) -> Result:
    if not rollout_ready():
        raise ScenarioError("question", "the passage outlook needs the full-game rollout (play.rollout), "
                                        "not available in this build")
    (row,), done = run_rollouts(p, settings, [None], "rollouts")
    n = done["n"]
    ends = done["ends"]
    lo, hi = stats.wilson(ends, n)
    bonus, bonus_hw = stats.mean_ci(n, done["bonus"], done["bonus_sq"])
    final, final_hw, win, win_hw = row
    table = pd.DataFrame({"limit": [p.limit_total(s) for s in range(p.players)], "E[bonus]": bonus,
                          "bonus ±95%": bonus_hw, "final EV": final, "final ±95%": final_hw, "win": win,
                          "win ±95%": win_hw}, index=pd.Index(p.seats, name="player"))
    notes = [f"P(the passage ends after this round) = {ends / n:.4f} (95% {float(lo):.4f}-{float(hi):.4f})",
             f"rollouts: {done.rollouts:,}, others play {p.models.others}; seed {done.seed}", *_notes(p)]
    payload = _payload(p, passage_ends=ends / n, passage_ends_lo95=float(lo), passage_ends_hi95=float(hi),
                       bonus={p.name(s): float(bonus[s]) for s in range(p.players)},
                       bonus_ci95={p.name(s): float(bonus_hw[s]) for s in range(p.players)},
                       final={p.name(s): float(final[s]) for s in range(p.players)},
                       win={p.name(s): float(win[s]) for s in range(p.players)},
                       rollouts=done.rollouts, seed=done.seed, exact=[])
    return runner.annotate(Result("San Marco: passage outlook (Monte Carlo)", {"outlook": table}, payload, notes,
                                  exact={"outlook": False}), done)


# ------------------------------------------------------------------------------------------------
# the two common questions


def odds(p: Position, settings) -> Result:
    return limit(p, settings)


def ev(p: Position, settings) -> Result:
    if p.decision is None:
        raise ScenarioError("position.decision", "ev answers the decision at hand: give one (kind, who)")
    return {"splits": splits, "piles": piles, "actions": actions, "doge": doge, "banish": banish}[
        EV_OF[p.decision.kind]](p, settings)


def questions(p: Position) -> tuple[str, ...]:
    """What this position supports (state.questions), the passage outlook where the rollout exists."""
    return tuple(q for q in _supported(p) if q != "outlook" or rollout_ready())
