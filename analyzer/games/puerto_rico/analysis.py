"""The questions Puerto Rico answers at the table (spec "What the analyzer is asked"): `(position, run settings) ->
Result`.

Exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact` "p/q"): `odds` (question 1:
each crop in the next settler display), `ask hacienda` (2: my Hacienda draw).  Monte Carlo: `ev` (4: the EV of each
role this turn, play.role_ev's greedy rollouts to the end).  The start crops' seat advantage (3) is `analyzer
balance`.
"""
from __future__ import annotations

import pandas as pd

from analyzer.core import runner, sources, stats
from analyzer.core.game import Result
from analyzer.games.puerto_rico import exact
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico.state import Position, card_name

fs, both = stats.fraction_text, stats.with_exact


def _printed(p: Position, uses: tuple[str, ...]) -> tuple[str, ...]:
    """The printed tables (names in `rules.PRINTED`) an answer using `uses` rests on."""
    return tuple(name for name in uses if name in p.settings.printed)


def _counts_text(counts) -> str:
    return ", ".join(f"{r.CROPS[c]} {n}" for c, n in enumerate(counts) if n) or "none"


def _notes(p: Position, printed: tuple[str, ...]) -> list[str]:
    return [*sources.notes(sources.labels(r.PRINTED[t] for t in printed)), *p.settings.labels(),
            f"{p.players} players, governor seat {p.governor}; stack {sum(p.stack)} tiles ({_counts_text(p.stack)}), "
            f"discard pile {sum(p.discard)} ({_counts_text(p.discard)}), display "
            f"[{', '.join(r.CROPS[c] for c in p.display)}]; the stack " + (
                "as given" if p.stack_given else "by elimination (the tiles less the islands, display and discards"
                + ("" if p.full else "; no boards given: the islands are the start crops") + ")")]


def _payload(p: Position, printed: tuple[str, ...], **extra) -> dict:
    return {sources.KEY: sources.labels(r.PRINTED[t] for t in printed), "settings": p.settings.shown(),
            "players": p.players, "governor": p.governor, "stack": dict(zip(r.CROPS, p.stack)),
            "discard_pile": dict(zip(r.CROPS, p.discard)), **extra}


def _title(text: str) -> str:
    return f"Puerto Rico: {text}"


def _crops_name(crops) -> str:
    return " or ".join(r.CROPS[c] for c in crops)


# ------------------------------------------------------------------------------------------------
# question 1: odds

def _draw_note(p: Position, k: int) -> str:
    s, d = sum(p.stack), sum(p.next_discard)
    if s >= k:
        return f"the next display: {k} tiles (players + 1) drawn from the stack of {s}, hypergeometric"
    how = ("all of the old stack first, then the rest from the shuffled discards" if p.settings.reshuffle ==
           "rest_first" else "the old stack and the discards shuffled together first")
    n = exact.shown(p.stack, p.next_discard, k)
    return (f"the next display: {k} tiles with only {s} in the stack: reshuffle {p.settings.reshuffle}, {how} "
            f"({d} discards, the display's leftovers included); exact by conditioning on the split"
            + (f"; only {n} tiles can show" if n < k else ""))


def odds(p: Position, settings) -> Result:
    k = r.display_size(p.players)
    rows, out, dist_rows = [], [], []
    for o in exact.display_odds(p):
        name = _crops_name(o.crops)
        in_stack = sum(p.stack[c] for c in o.crops)
        in_discards = sum(p.next_discard[c] for c in o.crops)
        rows.append({"crop": name, "in stack": in_stack, "in discards": in_discards,
                     "P(at least one shows)": float(o.at_least_one), "exact": fs(o.at_least_one),
                     "E[tiles shown]": float(o.expected)})
        out.append({"crop": name, "in_stack": in_stack, "in_discards": in_discards,
                    **both("at_least_one", o.at_least_one), **both("expected", o.expected),
                    "exactly": [both("p", q) for q in o.counts]})
        dist_rows.append({"crop": name, **{f"P({j})": float(q) for j, q in enumerate(o.counts)}})
    src = _printed(p, ("plantations",))
    notes = [*_notes(p, src), _draw_note(p, k), "exact"]
    payload = _payload(p, src, display_size=k, reshuffle=p.settings.reshuffle,
                       tiles_shown=exact.shown(p.stack, p.next_discard, k), crops=out)
    return Result(_title("P(each crop shows in the next settler display) (exact)"),
                  {"display": pd.DataFrame(rows).set_index("crop"),
                   "tiles shown": pd.DataFrame(dist_rows).set_index("crop")},
                  payload, notes, exact={"display": True, "tiles shown": True})


# ------------------------------------------------------------------------------------------------
# question 2: ask hacienda

def hacienda(p: Position, settings) -> Result:
    probs, none = exact.hacienda(p)
    from_discard = not sum(p.stack) and sum(p.discard)
    pile = p.discard if from_discard else p.stack
    rows = [{"crop": r.CROPS[c], "tiles": pile[c], "P(my draw is it)": float(q), "exact": fs(q)}
            for c, q in enumerate(probs)]
    out = [{"crop": r.CROPS[c], "tiles": pile[c], **both("p", q)} for c, q in enumerate(probs)]
    src = _printed(p, ("plantations",))
    how = ("the stack is empty: the discard pile is shuffled into a new stack first" if from_discard else
           "one blind tile from the top of the stack" if sum(p.stack) else
           "the stack and the discard pile are empty: no tile")
    notes = [*_notes(p, src), f"the Hacienda draw: {how}; P(no tile) = {fs(none)}", "exact"]
    payload = _payload(p, src, from_discard=bool(from_discard), **both("none", none), crops=out)
    return Result(_title("P(my Hacienda draw is each crop) (exact)"),
                  {"hacienda": pd.DataFrame(rows).set_index("crop")}, payload, notes, exact={"hacienda": True})


# ------------------------------------------------------------------------------------------------
# question 4: ev

def _estimate(k: int, n: int) -> dict:
    lo, hi = stats.wilson(k, n)
    return {"p": k / n if n else None, "lo95": float(lo), "hi95": float(hi)}


def ev(p: Position, settings) -> Result:
    from analyzer.games.puerto_rico import play

    done = play.role_ev(p, settings)
    seat = p.to_choose
    rows, out = [], []
    n = int(done["rollouts"])
    for j, card in enumerate(p.untaken):
        mean, half = stats.mean_ci(n, done["score"][j], done["score_sq"][j])
        win = _estimate(float(done["win"][j]), n)
        name = card_name(p.players, card)
        rows.append({"role": name, "doubloons on it": p.role_doubloons[card] if p.role_doubloons else 0,
                     "E[final score]": float(mean), "±95%": float(half), "P(win)": win["p"],
                     "win lo95": win["lo95"], "win hi95": win["hi95"], "rollouts": n})
        out.append({"role": name, "doubloons": p.role_doubloons[card] if p.role_doubloons else 0,
                    "score": {"mean": float(mean), "ci95": float(half), "n": n}, "win": win,
                    "capped": int(done["capped"][j])})
    best = max(out, key=lambda x: x["score"]["mean"])["role"]
    best_win = max(out, key=lambda x: x["win"]["p"])["role"]
    src = _printed(p, ("plantations", "goods", "buildings"))
    start = ("from the given boards, round " + str(p.round) if p.full else
             "from the set-up: the governor's first choice" + ("" if p.display else ", the first display drawn"))
    notes = [*_notes(p, src),
             f"Monte Carlo ({start}): seat {seat} takes each untaken role (its doubloons included), then greedy "
             f"players in every seat (seat {seat} too) play every later decision to the end; {n:,} rollouts per "
             f"role on common random numbers, seed {done.seed}; "
             "95% intervals (normal for the mean score, Wilson for P(win), ties shared)",
             f"best by E[final score]: {best}; by P(win): {best_win} (common random numbers: rollout j meets the "
             "same luck for every role, so a difference between two roles is usually surer than their intervals)"]
    payload = _payload(p, src, seat=seat, round=p.round, from_setup=not p.full, rollouts=n,
                       seed=done.seed, roles=out, best=best, best_win=best_win)
    result = Result(_title(f"EV of each role for seat {seat} this turn (Monte Carlo)"),
                    {"roles": pd.DataFrame(rows).set_index("role")}, payload, notes, exact={"roles": False})
    return runner.annotate(result, done)
