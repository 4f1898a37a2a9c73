"""The questions Café International answers at the table (spec "What the analyzer is asked", 1-4): `(position, run
settings) -> Result`, from the view of `position.me`.

Exact (exact.py, Fractions; the JSON keeps each value as a float and `<key>_exact` "p/q"): `odds` (question 1: a
nationality in my next draws), `ask complete` (2: P(I can complete a table)), `ev` (3: every legal move's points).
Monte Carlo: `ask bar_pressure` (4: play.bar_pressure, greedy rollouts to the end).  Balance (5) is `analyzer
balance`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.game import Result, named_payload
from analyzer.games.cafe_international import exact
from analyzer.games.cafe_international import layout as lay
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.state import Position, tile_name

fs, both = stats.fraction_text, stats.with_exact
LAYOUT_NOTE = ("ILLUSTRATIVE layout: the spec's ring of 24 tables (N1..N12 twice, 4 chairs each, the end chairs shared "
               "with the neighbours: 72 chairs); the seed lacks the board's picture, give the real one as rules.layout "
               "or position.tables")
BAR_NOTE = ("ILLUSTRATIVE bar values: the first 20 of the public Java port's 21 (the seed lacks the picture); give "
            "the real ones as rules.bar_values")


def _illustrative(p: Position, uses: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in uses if name in p.illustrative)


def _notes(p: Position, ill: tuple[str, ...]) -> list[str]:
    hand = ", ".join(map(tile_name, p.my_hand)) or "no tiles"
    return [*([LAYOUT_NOTE] if "layout" in ill else []), *([BAR_NOTE] if "bar_values" in ill else []),
            *p.settings.labels(),
            f"{p.players} players; the view is seat {p.me}'s (to move: seat {p.to_move}); my hand: {hand}; "
            f"{len(p.seated)} guests seated, bar {p.bar_filled}/{p.settings.bar_spaces}, {p.bag_size} tiles in the bag"
            + (f" ({p.bar_hidden} bar tiles unlisted: unseen non-jokers, not in the bag)" if p.bar_hidden
               else "")]


def _payload(p: Position, ill: tuple[str, ...], **extra) -> dict:
    return named_payload(p, ill, me=p.me, to_move=p.to_move, bag=p.bag_size, **extra)


def _title(text: str, ill: tuple[str, ...]) -> str:
    what = " and ".join({"layout": "layout", "bar_values": "bar values"}[x] for x in ill)
    return f"Café International: {text}" + (f" (ILLUSTRATIVE {what})" if ill else "")


def _draws_note(p: Position) -> str:
    asked, d = exact.draws(p)
    f = p.focus
    hand = len(p.my_hand)
    placed = min(hand, 2 if f.placed is None else f.placed)
    how = (f"focus.draws = {f.draws}" if f.draws is not None else
           f"my refill after the move: {p.targets[p.me]} - ({hand} in hand - {placed} seated) - {f.completed} "
           f"completed = {exact.refill(p)}")
    capped = f"; capped at {d} by the bag (bag_end {p.settings.bag_end})" if d < asked else ""
    return (f"{d} draws: {how} per turn over {f.turns} of my turn(s){capped}; by exchangeability the other players' "
            "draws in between, uniform and unseen when I plan, do not change the odds")


# ------------------------------------------------------------------------------------------------
# question 1: odds

def _what(f) -> str:
    sex = {None: "either sex", 0: "a woman", 1: "a man"}[f.sex]
    return sex + (", jokers of that sex counted" if f.jokers else "")


def odds(p: Position, settings) -> Result:
    f = p.focus
    _, d = exact.draws(p)
    rows, out = [], []
    nats = range(len(r.NATIONALITIES)) if f.nationality is None else (f.nationality,)
    for n in range(len(r.NATIONALITIES)):
        kinds = exact.targets(n, f.sex, f.jokers)
        q = exact.at_least(exact.hits(p, kinds, d), 1)
        unseen = sum(p.pool[k] for k in kinds)
        rows.append({"nationality": r.NATIONALITIES[n], "unseen": unseen, "P(at least one)": float(q),
                     "exact": fs(q), "asked": n in nats})
        out.append({"nationality": r.NATIONALITIES[n], "unseen": unseen, **both("at_least_one", q)})
    tables = {"by nationality": pd.DataFrame(rows).set_index("nationality")}
    exact_tables = {"by nationality": True}
    dist_out = None
    if f.nationality is not None:
        dist = exact.hits(p, exact.targets(f.nationality, f.sex, f.jokers), d)
        drows, dist_out = [], []
        for j in range(d + 1):
            q, a = dist.get(j, 0), exact.at_least(dist, j)
            drows.append({"j": j, "P(exactly j)": float(q), "exact": fs(q), "P(at least j)": float(a),
                          "exact (at least)": fs(a)})
            dist_out.append({"j": j, **both("p", q), **both("at_least", a)})
        tables[f"{r.NATIONALITIES[f.nationality]} in {d} draws"] = pd.DataFrame(drows).set_index("j")
        exact_tables[f"{r.NATIONALITIES[f.nationality]} in {d} draws"] = True
    notes = [*_notes(p, ()), f"a guest of the nationality: {_what(f)}", _draws_note(p),
             "the bag is 100 less every visible tile (seated, bar, hands, out of the game): hypergeometric; the "
             "layout and the bar values play no part", "exact"]
    payload = _payload(p, (), draws=d, nationality=None if f.nationality is None else r.NATIONALITIES[f.nationality],
                       sex=None if f.sex is None else r.SEXES[f.sex], jokers=f.jokers, bar_hidden=p.bar_hidden,
                       nationalities=out, distribution=dist_out)
    return Result(_title(f"P(drawing a guest of each nationality in my next {d} draws) (exact)", ()), tables, payload,
                  notes, exact=exact_tables)


# ------------------------------------------------------------------------------------------------
# question 2: ask complete

def _tiles_text(tiles) -> str:
    return ", ".join(map(tile_name, tiles)) or "none"


def _candidates(p: Position) -> list[int]:
    """focus.table, else every table with a guest and one or two open chairs."""
    if p.focus.table is not None:
        return [p.focus.table]
    geo, board = lay.geometry(p.layout), p.board
    return [t for t, chairs in enumerate(geo.chairs)
            if any(c in board for c in chairs) and 1 <= sum(c not in board for c in chairs) <= 2]


def complete(p: Position, settings) -> Result:
    _, d = exact.draws(p)
    geo = lay.geometry(p.layout)
    rows, out = [], []
    for t in _candidates(p):
        c = exact.completion(p, t, d)
        fitting = [_tiles_text(f) for f in c.fitting]
        pairs = [[tile_name(a), tile_name(b)] for a, b in c.pairs]
        rows.append({"table": geo.tables[t], "nat": r.NATIONALITIES[geo.nat[t]],
                     "guests": len(lay.guests(p.layout, p.board, t)), "open chairs": " ".join(c.open_chairs) or "-",
                     "fitting tiles": " | ".join(fitting) or "-", "legal pairs": len(c.pairs) if c.pairs else None,
                     "single-nationality ways": len(c.single_nationality), "now": c.now,
                     "P(complete)": None if c.p is None else float(c.p), "exact": fs(c.p) if c.p is not None else None})
        out.append({"table": geo.tables[t], "nationality": r.NATIONALITIES[geo.nat[t]],
                    "open_chairs": list(c.open_chairs), "fitting": [[tile_name(x) for x in f] for f in c.fitting],
                    "pairs": pairs, "single_nationality": [tile_name(x) if len(c.open_chairs) == 1 else
                                                           [tile_name(x[0]), tile_name(x[1])]
                                                           for x in c.single_nationality],
                    "now": c.now, **(both("p", c.p) if c.p is not None else {"p": None})})
    ill = _illustrative(p, ("layout",))
    notes = [*_notes(p, ill), _draws_note(p),
             "completing = one turn seats the table's last open chairs (two at most; more: p null): the tiles that "
             "fit an open chair by nationality (a joker anywhere; a shared chair fits either table's) and leave every "
             "table it touches balanced (men and women differ by one at most) and the lone guest rule kept; P(my hand, "
             "or my hand and the draws, hold them)", "exact"]
    payload = _payload(p, ill, draws=d, tables=out)
    frame = pd.DataFrame(rows or [{"table": "-", "P(complete)": None}]).set_index("table")
    return Result(_title(f"P(I can complete a table within {d} draws) (exact)", ill), {"tables": frame}, payload,
                  notes, exact={"tables": True})


# ------------------------------------------------------------------------------------------------
# question 3: ev (every move's points)

def _placement_text(m: exact.Move) -> tuple[str, str]:
    if m.action == "bar":
        return "bar", tile_name(m.placement[0][1])
    return " ".join(c for c, _ in m.placement), ", ".join(tile_name(t) for _, t in m.placement)


def ev(p: Position, settings) -> Result:
    moves = exact.moves(p)
    rows, out = [], []
    for i, m in enumerate(moves):
        where, tiles = _placement_text(m)
        rows.append({"rank": i + 1, "action": m.action, "chairs": where, "tiles": tiles, "points": m.points,
                     "single-nationality completed": m.completions, "refill": m.refill,
                     "refill if shortened": m.refill_shortened, "note": m.effect})
        out.append({"action": m.action, "chairs": [c for c, _ in m.placement if c is not None],
                    "tiles": [tile_name(t) for _, t in m.placement], "points": m.points,
                    "completions": m.completions, "refill": m.refill, "refill_shortened": m.refill_shortened,
                    "effect": m.effect})
    ill = _illustrative(p, ("layout", "bar_values"))
    penalty = exact.hand_penalty(p.my_hand)
    notes = [*_notes(p, ill),
             "seating: each table that got a guest scores its guests after seating (two at one table: table_scoring "
             f"{p.settings.table_scoring}); a shared chair scores both tables if both were occupied; a completed "
             "single-nationality table 8; the bar: the next space's points (paid when negative; a player who cannot "
             "pay drops out); a joker swap: 0, the joker to my hand",
             f"refill: back to my target ({p.targets[p.me]}); after single-nationality completions I may draw that "
             f"many fewer, for good (the only way to shrink a hand); my hand left at the end now would cost {penalty} "
             "(5 a tile, 10 a joker)",
             *(["the start player's very first turn: a single lone tile may be laid, scoring nothing"]
               if p.first_turn and p.me == p.to_move else []), "exact"]
    payload = _payload(p, ill, moves=out, hand_penalty=penalty)
    frame = pd.DataFrame(rows or [{"rank": 0, "action": "none"}]).set_index("rank")
    return Result(_title(f"the points of every legal move of seat {p.me} (exact)", ill), {"moves": frame}, payload,
                  notes, exact={"moves": True})


# ------------------------------------------------------------------------------------------------
# question 4: ask bar_pressure (Monte Carlo)

def _estimate(k, n) -> dict:
    lo, hi = stats.wilson(np.asarray(k), n)
    return {"p": float(k) / n if n else 0.0, "lo95": float(lo), "hi95": float(hi)}


END_REASONS = ("bar full", "chairs full", "bag rule", "a hand empty", "capped")  # play.bar_pressure's "end" order


def bar_pressure(p: Position, settings) -> Result:
    from analyzer.games.cafe_international import play

    done = play.bar_pressure(p, settings)
    n = int(done["rollouts"])
    went = int(done["my_bar"])
    mean, half = stats.mean_ci(max(went, 1), done["my_bar_points"], done["my_bar_points_sq"])
    points = {"mean": float(mean) if went else None, "ci95": float(half) if went else None, "n": went}
    ends = np.asarray(done["end"], dtype=np.int64)
    by_end = {reason: _estimate(int(k), n) for reason, k in zip(END_REASONS, ends)}
    by_end["dropouts"] = _estimate(int(done["ended_by_dropouts"]), n)
    rows = [{"what": f"P(seat {p.me} goes to the bar before the end)", **_estimate(went, n)},
            {"what": f"P(seat {p.me} cannot pay and drops out)", **_estimate(int(done["my_dropout"]), n)},
            *({"what": f"P(the game ends: {reason})", **est} for reason, est in by_end.items())]
    ill = _illustrative(p, ("layout", "bar_values"))
    nxt = p.settings.bar_values[p.bar_filled] if p.bar_filled < p.settings.bar_spaces else None
    notes = [*_notes(p, ill),
             f"Monte Carlo: {n:,} rollouts to the game's end, greedy players in every seat (me too), the bag shuffled, "
             f"seed {done.seed}; 95% Wilson intervals",
             f"the next bar space is {p.bar_filled + 1} worth {nxt}" if nxt is not None else "the bar is full",
             f"E[points of my first bar placement | I go there] = {points['mean']:.3f} ± {points['ci95']:.3f} (95%, "
             f"{went:,} rollouts)" if went else "I never went to the bar in these rollouts"]
    payload = _payload(p, ill, rollouts=n, seed=done.seed, next_bar_value=nxt, my_bar=_estimate(went, n),
                       my_bar_points=points, my_dropout=_estimate(int(done["my_dropout"]), n),
                       ends={k.replace(" ", "_"): v for k, v in by_end.items()},
                       bag_rule_first=by_end["bag rule"])
    result = Result(_title(f"bar pressure for seat {p.me} (Monte Carlo)", ill),
                    {"bar pressure": pd.DataFrame(rows).set_index("what")}, payload, notes,
                    exact={"bar pressure": False})
    return runner.annotate(result, done)
