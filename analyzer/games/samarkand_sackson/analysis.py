"""The questions Samarkand (Sackson) answers at the table (spec §9): `(position, run settings) -> Result`.

Items 1-4 are exact (exact.py, Fractions; the JSON keeps each as a float and `<key>_exact` "p/q"), from the view
of `position.me`.  Item 5, the race, is Monte Carlo rollouts of the rest of the game by B's `play.race`.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result
from analyzer.games.samarkand_sackson import exact
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.state import Position

fs, both = stats.fraction_text, stats.with_exact
KIND_OF = {r.CAMP: "camp", r.OASIS: "oasis", r.CITY: "city"}


def _pool_text(p: Position) -> str:
    pool = p.pool()
    where = "the bag (counted)" if p.bag is not None else f"{p.name(p.me)}'s unseen pool (the bag + hidden hands)"
    return f"draws come from {where}: {sum(pool)} cubes ({r.counts_text(pool)})"


def _notes(p: Position) -> list[str]:
    return [p.board.label(), *p.settings.labels(),
            f"the view is {p.name(p.me)}'s: on {p.board.space_ids[p.seats[p.me].space]} with "
            f"{p.seats[p.me].money} piasters and {r.counts_text(p.seats[p.me].known)}", _pool_text(p)]


def _payload(p: Position, **extra) -> dict:
    return {"illustrative": p.illustrative, "board": p.board.name, "settings": p.settings.shown(),
            "who": p.name(p.to_move), "me": p.name(p.me), **extra}


def _title(p: Position, text: str) -> str:
    return f"Samarkand (Sackson): {text}" + (" (ILLUSTRATIVE board)" if p.illustrative else "")


def _ids(p: Position, spaces) -> list[str]:
    return [p.board.space_ids[s] for s in spaces]


def _lot(lot) -> str:
    return r.counts_text(lot)


def questions(p: Position) -> tuple[str, ...]:
    """Every question, less those about a kind of space other than position.focus.space's."""
    from analyzer.games.samarkand_sackson.state import questions as supported

    focus = p.focus.space
    wrong = set() if focus is None else {q for q, k in (("oasis", r.OASIS), ("trade", r.CAMP), ("city", r.CITY))
                                         if p.board.kind[focus] != k}
    return tuple(q for q in supported(p) if q not in wrong)


def _spaces(p: Position, kind: int, question: str) -> list[int]:
    """The spaces a question looks at: focus.space, else my space when of the kind, else every one of the kind."""
    b = p.board
    if p.focus.space is not None:
        if b.kind[p.focus.space] != kind:
            got = KIND_OF[b.kind[p.focus.space]]
            raise ScenarioError("position.focus.space", f"`ask {question}` looks at a {KIND_OF[kind]}; "
                                                        f"{b.space_ids[p.focus.space]} is a {got}")
        return [p.focus.space]
    here = p.seats[p.me].space
    return [here] if b.kind[here] == kind else [s for s in range(b.spaces) if b.kind[s] == kind]


# ------------------------------------------------------------------------------------------------
# 1. where can I get to (ask reach)


def reach(p: Position, settings) -> Result:
    rc = exact.reach(p)
    b = p.board
    rows = [{"move": "free step", "final spaces": " ".join(_ids(p, rc.step))},
            {"move": "free step + extra moves", "final spaces": " ".join(_ids(p, rc.chain))}]
    rows += [{"move": f"die {r.face_name(face)}", "final spaces": " ".join(_ids(p, ends))} for face, ends in rc.die]
    spaces = [{"space": b.space_ids[s], "kind": KIND_OF[b.kind[s]], "P(die ends here)": float(q), "exact": fs(q)}
              for s, q in rc.p_space.items() if q]
    spaces.append({"space": "any city", "kind": "city", "P(die ends here)": float(rc.p_city), "exact": fs(rc.p_city)})
    notes = [*_notes(p), "the die: each face 1/" + str(len(p.settings.die)) + "; a number moves exactly that many "
             "arrow steps (any walk), back one step against an arrow; P(a space) = faces that can end there / faces",
             "extra moves: after a free step into a camp that is not full, the gift, then on (repeatable)"
             if p.settings.extra_move else "extra_move: false", "exact"]
    if not rc.die_allowed:
        notes.append(f"{p.name(p.me)} has under {r.DIE_COST} piasters: the die is not allowed now")
    payload = _payload(p, step=_ids(p, rc.step), chain=_ids(p, rc.chain), die_allowed=rc.die_allowed,
                       die=[{"face": r.face_name(face), "spaces": _ids(p, ends)} for face, ends in rc.die],
                       p_space={b.space_ids[s]: both("p", q) for s, q in rc.p_space.items() if q},
                       **both("p_city", rc.p_city))
    return Result(_title(p, f"where {p.name(p.me)} can get to (exact)"),
                  {"moves": pd.DataFrame(rows).set_index("move"),
                   "die": pd.DataFrame(spaces).set_index("space")}, payload, notes,
                  exact={"moves": True, "die": True})


# ------------------------------------------------------------------------------------------------
# 2. the EV of each move option (ev)


def ev(p: Position, settings) -> Result:
    options = exact.ev(p)
    best = max(o.ev for o in options)
    b = p.board
    rows, out = [], []
    for o in options:
        rows.append({"option": o.label, "EV (ΔW)": float(o.ev), "exact": fs(o.ev), "best": o.ev == best})
        if o.kind == "die":
            detail = [{"face": r.face_name(f), "landing": b.space_ids[z], **both("value", v)} for f, z, v in o.detail]
        else:
            detail = [{"space": b.space_ids[z], **both("value", v)} for z, v in o.detail]
            if o.kind == "extra":
                for d in detail:
                    d["gift"] = r.KINDS[o.gift] if o.gift is not None else "bought"
        out.append({"option": o.label, "kind": o.kind, **both("ev", o.ev), "best": o.ev == best, "detail": detail})
    notes = [*_notes(p), "EV: the exact expected change of W = money + Σ price(kind, count) over this one turn, "
             "acting on the final space with its best sale, trade or purchase; the die "
             f"costs {r.DIE_COST} and each face lands on its best space; extra: one extra step after a camp's gift",
             "the gift is chosen with what follows it: at a camp, with the trade (which may take it back, so the "
             "gift losing least W does as well as any); on an extra move, with the next space's act (ties: the "
             "least W loss, then the first kind)",
             "winning (500 piasters) and later turns are not valued", "exact"]
    payload = _payload(p, options=out, best=[o["option"] for o in out if o["best"]])
    return Result(_title(p, f"the one-turn EV of each move of {p.name(p.me)} (exact)"),
                  {"options": pd.DataFrame(rows).set_index("option")}, payload, notes, exact={"options": True})


# ------------------------------------------------------------------------------------------------
# 3. the oasis (ask oasis)


def oasis(p: Position, settings) -> Result:
    q = p.seats[p.me]
    pool, b, f = p.pool(), p.board, p.focus
    choice_rows, choices = [], []
    for s in _spaces(p, r.OASIS, "oasis"):
        for c in exact.oasis_choices(p, s, q.money, q.known, pool):
            label = ("penalty: 3 random cubes lost" if c.cubes == 0 else
                     f"{c.cubes} cube{'s' * (c.cubes > 1)} for {c.price}")
            choice_rows.append({"oasis": f"{b.space_ids[s]} (P {b.price4[s]})", "choice": label, "allowed": c.allowed,
                                "E[ΔW cubes]": float(c.gain), "net": float(c.net), "net exact": fs(c.net)})
            choices.append({"oasis": b.space_ids[s], "price4": b.price4[s], "cubes": c.cubes, "price": c.price,
                            "allowed": c.allowed, **both("gain", c.gain), **both("net", c.net)})
    kinds = []
    for k, name in enumerate(r.KINDS):
        row = {"kind": name, "unseen": pool[k], "P(1 cube is it)": float(exact.p_at_least(pool, 1, k, 1))}
        for n in range(1, r.OASIS_CUBES + 1):
            row[f"P(>= {n} of 4)"] = float(exact.p_at_least(pool, r.OASIS_CUBES, k, n))
        kinds.append(row)
    focus = {}
    if f.kind is not None:
        p4 = exact.p_at_least(pool, r.OASIS_CUBES, f.kind, f.at_least)
        p1 = exact.p_at_least(pool, 1, f.kind, f.at_least)
        focus = {"kind": r.KINDS[f.kind], "at_least": f.at_least, **both("p_buy4", p4), **both("p_buy1", p1)}
    dist = {str(n): [{"cubes": r.counts_dict(c), **both("p", pr)} for c, pr in exact.draws(pool, n)]
            for n in (1, r.OASIS_CUBES)}
    pen = exact.penalty(q.known)
    pen_rows = [{"lost": _lot(c), "P": float(pr), "exact": fs(pr)} for c, pr in pen]
    notes = [*_notes(p), "the draw: uniform without replacement (multivariate hypergeometric) over the pool; net = "
             "E[ΔW of the cubes] - price; with under 5 piasters the penalty (3 uniform cubes of the hand to the "
             "bank), with 5 to P - 1 only 1 cube", "exact"]
    if f.kind is not None:
        notes.append(f"P(at least {f.at_least} {r.KINDS[f.kind]}): buying 4 {float(focus['p_buy4']):.4g}, "
                     f"buying 1 {float(focus['p_buy1']):.4g}")
    payload = _payload(p, pool=r.counts_dict(pool), pool_source="bag" if p.bag is not None else "unseen",
                       choices=choices, focus=focus,
                       kinds={row["kind"]: {k: v for k, v in row.items() if k != "kind"} for row in kinds},
                       kinds_exact={name: {f"at_least_{n}": fs(exact.p_at_least(pool, r.OASIS_CUBES, k, n))
                                           for n in range(1, r.OASIS_CUBES + 1)} for k, name in enumerate(r.KINDS)},
                       draws=dist, penalty=[{"lost": r.counts_dict(c), **both("p", pr)} for c, pr in pen])
    return Result(_title(p, f"the oasis for {p.name(p.me)} (exact)"),
                  {"choices": pd.DataFrame(choice_rows).set_index("oasis"),
                   "kinds": pd.DataFrame(kinds).set_index("kind"),
                   "penalty": pd.DataFrame(pen_rows or [{"lost": "none", "P": 1.0, "exact": "1"}]).set_index("lost")},
                  payload, notes, exact={"choices": True, "kinds": True, "penalty": True})


# ------------------------------------------------------------------------------------------------
# 4. the nomad trade and the city (ask trade, ask city)


def trade(p: Position, settings) -> Result:
    q = p.seats[p.me]
    b, f = p.board, p.focus
    rows, out = [], []
    for s in _spaces(p, r.CAMP, "trade"):
        fld, cap = p.field_of(s), b.capacity[s]
        entry = {"camp": b.space_ids[s], "capacity": cap, "field": r.counts_dict(fld), "full": sum(fld) >= cap}
        if entry["full"]:
            paid = min(r.FULL_CAMP_PRICE, q.money)
            takes = q.money >= r.FULL_CAMP_PRICE or p.settings.full_camp_unpaid == "pay_all"
            d = exact.gain(p, q.money, q.known, fld) - paid if takes else 0
            entry.update(action="pay 10, take all" if takes else "nothing (under 10 piasters)", **both("delta", d))
            rows.append({"camp": b.space_ids[s], "swap": entry["action"], "give": "-",
                         "take": _lot(fld) if takes else "-", "ΔW": float(d), "exact": fs(d)})
            out.append(entry)
            continue
        k, dg, paid = exact.best_gift(p, q.money, q.known)
        entry.update(gift=r.KINDS[k] if k is not None else f"bought for {paid}", **both("gift_delta", dg), swaps=[])
        for what, keep in _swaps(p):
            for label, gift, t in _camp_swaps(p, s, k, paid, keep):
                what_row = f"{what}{label}"
                if t is None:
                    rows.append({"camp": b.space_ids[s], "swap": what_row, "gift": gift, "give": "impossible",
                                 "take": "-", "ΔW": None, "exact": None})
                    entry["swaps"].append({"swap": what_row, "possible": False})
                    continue
                give, take, d = t
                known = isinstance(give, tuple)  # else the expectation over a drawn gift: by the cube
                rows.append({"camp": b.space_ids[s], "swap": what_row, "gift": gift,
                             "give": _lot(give) if known else give, "take": _lot(take) if known else take,
                             "ΔW": float(dg + d), "exact": fs(dg + d)})
                entry["swaps"].append({"swap": what_row, "possible": True, "gift": gift, **both("delta", dg + d),
                                       **({"give": r.counts_dict(give), "take": r.counts_dict(take)} if known else {})})
        out.append(entry)
    notes = [*_notes(p), f"at a camp that is not full: the gift losing least W first (no cube: bought for "
             f"{r.GIFT_PRICE}), then one trade: trade_counts {p.settings.trade_counts}; ΔW includes the gift",
             "exact (deterministic)"]
    return Result(_title(p, f"the nomad trade for {p.name(p.me)} (exact)"),
                  {"trades": pd.DataFrame(rows).set_index("camp")}, _payload(p, camps=out), notes,
                  exact={"trades": True})


def _swaps(p: Position) -> list:
    """The swaps `ask trade` shows: (label, which trades count: None for all, else (kind, n) to reach)."""
    f = p.focus
    out = [("best swap", None)]
    if f.kind is not None and f.n is not None:
        out.append((f"reach {f.n} {r.KINDS[f.kind]}", (f.kind, f.n)))
    return out


def _camp_swaps(p: Position, s: int, k, paid: int, reach) -> list[tuple[str, str, tuple | None]]:
    """[(label suffix, gift, (give, take, ΔW of the trade) or None: impossible)] at camp s (not full) after the gift
    `k` (None: bought for `paid`), as exact.value counts it: a bought gift's cube is on the field when the trade
    may take it (trade_counts any), so each cube it may be gets its swap, and under gift_purchase blind a last row
    gives the expectation over the draw (what `ev` counts; give and take then depend on the cube)."""
    q = p.seats[p.me]
    fld, cap, money = p.field_of(s), p.board.capacity[s], q.money - paid

    def best(hand, field):
        if reach is None:
            return exact.best_trade(p, money, hand, field, cap)
        return exact.reach_trade(p, money, hand, field, cap, *reach)

    if k is not None:
        one = exact.unit(k)
        return [("", r.KINDS[k], best(exact.add(q.known, one, -1), exact.add(fld, one)))]
    cubes = exact.bought_gift(p, p.pool())
    if cubes[0][0] is None:
        return [("", f"bought for {paid}", best(q.known, fld))]
    out = []
    for c, pr in cubes:
        kind = r.KINDS[c.index(1)]
        label = f" (gift {kind})" if p.settings.gift_purchase == "choice" else f" (gift drawn {kind}, P {fs(pr)})"
        out.append((label, f"bought for {paid}: {kind}", best(q.known, exact.add(fld, c))))
    if p.settings.gift_purchase == "blind":
        if all(t is not None for _, _, t in out):
            mean = sum((pr * t[2] for (c, pr), (_, _, t) in zip(cubes, out)), Fraction(0))
            out.append((" (expected over the gift drawn)", f"bought for {paid}", ("by the cube", "by the cube", mean)))
        else:
            out.append((" (expected over the gift drawn)", f"bought for {paid}", None))
    return out


def city(p: Position, settings) -> Result:
    q = p.seats[p.me]
    b = p.board
    rows, out = [], []
    for s in _spaces(p, r.CITY, "city"):
        got = exact.sales(p, s, q.known)
        best = exact.best_sale(p, s, q.known)
        for m, lot, pay, d in got:
            chip = p.settings.market_disc == "step_down" and exact.ref.covered(b, p.settings, m, p.disc)
            rows.append({"city": b.space_ids[s], "market": b.market_ids[m], "lot": _lot(lot), "income": pay,
                         "ΔW": d, "step down": chip, "best": best is not None and (m, lot) == best[:2]})
        fine = not got
        if fine:
            rows.append({"city": b.space_ids[s], "market": "no legal sale: fine", "lot": "-",
                         "income": -min(r.FINE, q.money), "ΔW": -min(r.FINE, q.money), "step down": False,
                         "best": True})
        out.append({"city": b.space_ids[s], "fine": fine, "fine_paid": min(r.FINE, q.money) if fine else 0,
                    "markets": {b.market_ids[m]: ("closed" if p.settings.market_disc == "closed" and
                                                  exact.ref.covered(b, p.settings, m, p.disc[:1]) else "open")
                                for m in b.space_markets[s]},
                    "sales": [{"market": b.market_ids[m], "lot": r.counts_dict(lot), "income": pay, "delta": d}
                              for m, lot, pay, d in got]})
    notes = [*_notes(p), "a sale: at least 2 of a kind at its market, or one cube each of "
             f"{p.settings.assortment_min}+ kinds at an assortment market; sale_size {p.settings.sale_size}; "
             f"market_disc {p.settings.market_disc} (disc now: "
             f"{', '.join(b.market_ids[m] for m in p.disc if m >= 0) or 'none'}); ΔW = income - the W of the cubes "
             f"sold; with no legal sale he pays {r.FINE}", "exact (deterministic)"]
    return Result(_title(p, f"the sales open to {p.name(p.me)} (exact)"),
                  {"sales": pd.DataFrame(rows).set_index("city")}, _payload(p, cities=out), notes,
                  exact={"sales": True})


# ------------------------------------------------------------------------------------------------
# 5. the race (odds)


def odds(p: Position, settings) -> Result:
    from analyzer.games.samarkand_sackson import play

    out, done = play.race(p, settings)
    n = done.rollouts

    def ci(v):
        lo, hi = stats.wilson(round(v * n), n)
        return {"lo95": float(lo), "hi95": float(hi)}
    turns = pd.DataFrame([{"my turns to 500": k, "P": v, **ci(v)} for k, v in out["turns_to_500"].items()])
    bag = pd.DataFrame([{"within turns": k, "P(bag emptied)": v, **ci(v)} for k, v in out["p_bag_empty"].items()])
    first = pd.DataFrame([{"player": p.name(p.me), "P(reaches 500 first)": out["p_first"],
                           "lo95": out["p_first_lo95"], "hi95": out["p_first_hi95"]}])
    notes = [*_notes(p), f"rollouts: {done.rollouts:,} of the rest of the game ({out.get('policy', 'greedy')}); "
             f"hidden cubes dealt from {p.name(p.me)}'s unseen pool; seed {done.seed}", "estimates (Monte Carlo)"]
    payload = _payload(p, **{**out, "rollouts": done.rollouts, "seed": done.seed})
    return runner.annotate(Result(_title(p, f"the race to 500 for {p.name(p.me)}"),
                                  {"first": first.set_index("player"),
                                   "turns": turns.set_index("my turns to 500") if len(turns) else turns,
                                   "bag": bag.set_index("within turns") if len(bag) else bag},
                                  payload, notes, exact={"first": False, "turns": False, "bag": False}), done)

