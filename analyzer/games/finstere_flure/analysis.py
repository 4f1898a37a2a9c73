"""The questions Finstere Flure answers at the table (spec "What the analyzer is asked", 1-3): `(position, run
settings) -> Result`.

`odds` (question 1: P(the monster catches each figure this round)) and `ev` (question 2: the safest square for
the figure about to move) are exact over the distinct playable cards (exact.py, Fractions; the JSON keeps each
value as a float and `<key>_exact` "p/q"); `ask escape` (question 3) is Monte Carlo over card orders with every
player greedy-safest (play.escape).
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result
from analyzer.games.finstere_flure import exact
from analyzer.games.finstere_flure import rules as r
from analyzer.games.finstere_flure.state import Position

fs, both = stats.fraction_text, stats.with_exact
ILLUSTRATIVE = ("ILLUSTRATIVE: the board is the spec's default (16 x 11, pools placed from the seed's words, the "
                "11 stones at a list the project drew); give rules.board from your own board "
                "(`analyzer board finstere_flure --template`)")
CAUGHT = "caught = eaten, pushed off the board or into a teleporter by the monster"


def _where(pos) -> str:
    return "off" if pos is None or pos == exact.OFF else "out" if pos == exact.OUT else f"({pos[0]}, {pos[1]})"


def _json_where(pos):
    return "off" if pos is None or pos == exact.OFF else "out" if pos == exact.OUT else list(pos)


def _figure_name(p: Position, i: int) -> str:
    f = p.figures[i]
    return f"#{i} P{f.owner} {r.stone_name(f.stone)}"


def _cards_text(p: Position) -> str:
    cards = p.playable_cards()
    text = f"{len(cards)} card(s) the monster may reveal: {', '.join(cards)}"
    if p.crosses_barred():
        text += f" (crosses barred this round, cross_ban {p.settings.cross_ban}: a cross is redrawn)"
    return text


def _notes(p: Position) -> list[str]:
    return [*([ILLUSTRATIVE] if p.illustrative else []), *p.settings.labels(),
            f"{p.players} players, stage {p.stage}, round {p.round}; monster on {_where(p.monster)} facing "
            f"{r.DIRS[p.facing]}; {_cards_text(p)}"]


def _payload(p: Position, **extra) -> dict:
    return {"illustrative": p.illustrative, "settings": p.settings.shown(), "players": p.players, "me": p.me,
            "stage": p.stage, "round": p.round, "monster": {"pos": list(p.monster), "facing": r.DIRS[p.facing]},
            "cards": list(p.playable_cards()), "crosses_barred": p.crosses_barred(), **extra}


def _title(p: Position, text: str) -> str:
    return f"Finstere Flure: {text}" + (" (ILLUSTRATIVE board)" if p.illustrative else "")


# ------------------------------------------------------------------------------------------------
# question 1: odds

def odds(p: Position, settings) -> Result:
    o = exact.catch_odds(p)
    total = o.total
    cards = [{"card": c.card, "copies": c.copies, "P(card)": float(c.copies / total), "steps": c.steps,
              "caught": ", ".join(_figure_name(p, i) for i in c.caught) or "nobody"} for c in o.cards]
    figures = [{"figure": _figure_name(p, i), "player": f.owner, "at": _where(f.pos), "P(caught)": float(o.p(i)),
                "exact": fs(o.p(i))} for i, f in enumerate(p.figures)]
    players = [{"player": q, "P(>= 1 caught)": float(o.p_any(q)), "exact": fs(o.p_any(q)),
                "E[caught]": float(o.expected(q)), "E exact": fs(o.expected(q))} for q in range(p.players)]
    payload = _payload(
        p, card_outcomes=[{"card": c.card, "copies": c.copies, **both("p", Fraction(c.copies, total)),
                           "steps": c.steps, "caught": list(c.caught)} for c in o.cards],
        figures=[{"index": i, "owner": f.owner, "stone": r.stone_name(f.stone), "pos": _json_where(f.pos),
                  **both("p", o.p(i))} for i, f in enumerate(p.figures)],
        by_player=[{"player": q, **both("p_any", o.p_any(q)), **both("expected", o.expected(q))}
                   for q in range(p.players)],
        **both("p_mine", o.p_any(p.me)), **both("expected_mine", o.expected(p.me)),
        **both("expected_all", o.expected()))
    notes = [*_notes(p), f"figures still to move this round are held where they stand; {CAUGHT}; P(caught) = the "
             f"playable cards whose monster phase catches the figure / {total}; me = player {p.me}: P(>= 1 of my "
             f"figures caught) {fs(o.p_any(p.me))}, expected number caught {fs(o.expected(p.me))}", "exact"]
    tables = {"figures": pd.DataFrame(figures or [{"figure": "no figures", "P(caught)": 0.0}]).set_index("figure"),
              "players": pd.DataFrame(players).set_index("player"),
              "cards": pd.DataFrame(cards).set_index("card")}
    return Result(_title(p, "P(the monster catches each figure this round) (exact)"), tables, payload, notes,
                  exact={"figures": True, "players": True, "cards": True})


# ------------------------------------------------------------------------------------------------
# question 2: ev (the safest square)

def _moving(p: Position) -> list[int]:
    if p.focus_figure is not None:
        f = p.figures[p.focus_figure]
        if f.moved:
            raise ScenarioError("position.focus.figure", f"figure {p.focus_figure} has already moved this round; "
                                                         "name one that has not")
        return [p.focus_figure]
    mine = [i for i, f in enumerate(p.figures) if f.owner == p.to_move and not f.moved]
    if not mine:
        raise ScenarioError("position.to_move", f"player {p.to_move} has no figure left to move this round")
    return mine


def _end_of(p: Position, code: int):
    return exact.OUT if code == -2 else exact.OFF if code == -1 else (code % p.board.width, code // p.board.width)


def _later_text(p: Position, c) -> str:
    text = ", ".join(f"#{t.figure} {_where(_end_of(p, t.end[0]))}" for t in c.later) or "nobody left to move"
    return text + ("; game over" if c.ended else "")


def ev(p: Position, settings) -> Result:
    ranked = []
    for i in _moving(p):
        ranked += exact.candidates(p, i)
    width = p.board.width
    ranked.sort(key=lambda c: c.key(width))  # the greedy player's key
    greedy = p.settings.others_still_to_move == "greedy"
    rows, out = [], []
    for rank, c in enumerate(ranked, 1):
        mine, caught = c.odds.p_any(p.figures[c.figure].owner), c.p_caught
        path = "".join("+" if d == 4 else r.DIRS[d] for d in c.path) or "stay"
        rows.append({"rank": rank, "figure": _figure_name(p, c.figure), "end": _where(c.end), "path": path,
                     "P(caught)": float(caught), "exact": fs(caught), "steps to exit": c.dist,
                     "P(>= 1 of owner's caught)": float(mine), "owner exact": fs(mine),
                     **({"then (greedy)": _later_text(p, c)} if greedy else {})})
        out.append({"rank": rank, "figure": c.figure, "end": _json_where(c.end), "layout": c.variant, "path": path,
                    **both("ev", -caught), **both("p_caught", caught), "steps_to_exit": c.dist,
                    **both("p_owner_any", mine), **both("expected_owner", c.odds.expected(p.figures[c.figure].owner)),
                    **({"later": [{"figure": t.figure, "end": _json_where(_end_of(p, t.end[0]))} for t in c.later],
                        "game_over": c.ended} if greedy else {})})
    best = out[0] if out else None
    others = ("the round's later figure turns (mine too) first played by the greedy-safest player, in turn order "
              "(others_still_to_move greedy; 'then (greedy)' lists them; a player winning by an exit ends the game "
              "before the monster phase: nobody caught)" if greedy else
              "the figures still to move held where they stand (others_still_to_move fixed)")
    notes = [*_notes(p), f"every legal end square of the figure(s) about to move (player {p.to_move}; "
             "a square once per layout of the stones a move can leave there; path: one walk to it, + enters from off "
             "the board, stay = forgo every step), the monster phase played on the table "
             f"after the move for every playable card, {others}; {CAUGHT}; value (ev) = -P(caught); ranked by "
             "P(caught), then steps to the exit (Manhattan; +1 from off the board; exit_on beyond +1), as the "
             "greedy-safest player ranks", "exact"]
    return Result(_title(p, f"the safest square for player {p.to_move}'s move (exact)"),
                  {"squares": pd.DataFrame(rows).set_index("rank")}, _payload(p, to_move=p.to_move, squares=out,
                                                                                best=best),
                  notes, exact={"squares": True})


# ------------------------------------------------------------------------------------------------
# question 3: ask escape

def escape(p: Position, settings) -> Result:
    from analyzer.core import runner
    from analyzer.games.finstere_flure import play

    figure = _escaping(p)
    k = p.focus_rounds

    def task(n, rng):
        return play.escape(p, figure, k, n, rng)

    def halfwidths(m):
        n = m["games"]
        return [stats.wilson_halfwidth(m[f"escaped_{j}"], n) for j in range(1, k + 1)]

    done = runner.run(task, settings, "rollouts", halfwidths)
    n = int(done["games"])
    rows, est = [], []
    for j in range(1, k + 1):
        hits = int(done[f"escaped_{j}"])
        lo, hi = stats.wilson(hits, n)
        rows.append({"estimate": f"P(out within {j} round(s))", "P": hits / n, "lo95": float(lo), "hi95": float(hi)})
        est.append({"rounds": j, "p": hits / n, "lo95": float(lo), "hi95": float(hi)})
    survive = None
    if p.stage == 1:
        hits = n - int(done["caught_stage1"])
        lo, hi = stats.wilson(hits, n)
        survive = {"p": hits / n, "lo95": float(lo), "hi95": float(hi)}
        rows.append({"estimate": "P(never caught before stage 2)", "P": hits / n, "lo95": float(lo),
                     "hi95": float(hi)})
    payload = _payload(p, figure=figure, rounds=k, escape=est, survive_to_stage2=survive, rollouts=n,
                       seed=done.seed, capped=int(done["capped"]))
    notes = [*_notes(p), f"Monte Carlo: {n:,} continuations from the position, every player greedy-safest (question "
             "2's ranking), the monster's cards drawn at random from those left (crosses redrawn per cross_ban), seed "
             f"{done.seed}; 95% Wilson intervals; this round counts as round 1; 'never caught before stage 2' "
             f"counts getting out first as surviving; {int(done['capped'])} games hit turn_cap"]
    result = Result(_title(p, f"P({_figure_name(p, figure)} escapes) (Monte Carlo)"),
                    {"escape": pd.DataFrame(rows).set_index("estimate")}, payload, notes, exact={"escape": False})
    return runner.annotate(result, done)


def _escaping(p: Position) -> int:
    if p.focus_figure is not None:
        return p.focus_figure
    mine = [i for i, f in enumerate(p.figures) if f.owner == p.me]
    if not mine:
        raise ScenarioError("position.focus.figure", f"player {p.me} (me) has no figure listed; name one")
    return mine[0]


def questions(p: Position) -> tuple[str, ...]:
    """Every position answers question 1; question 2 needs a figure left to move, 3 a figure of mine in play."""
    out = ["odds"]
    if any(not f.moved for f in p.figures):
        out.append("ev")
    if p.focus_figure is not None or any(f.owner == p.me for f in p.figures):
        out.append("escape")
    return tuple(out)
