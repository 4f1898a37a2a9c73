"""The questions Emerald answers at the table (spec "What the analyzer is asked", 1-4): `(position, run settings)
-> Result`, for the player to move.

`ev` (question 2), `ask catch` (1) and `ask dragon` (3) are exact (exact.py, Fractions; the JSON keeps each value
as a float and `<key>_exact` "p/q"); `odds` (4, the gem races) is Monte Carlo over the engine (play.race).
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core import stats
from analyzer.core.game import Result
from analyzer.games.emerald import exact
from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.state import Position, questions  # noqa: F401 - questions is the GameSpec hook

fs, both = stats.fraction_text, stats.with_exact
ILLUSTRATIVE = ("ILLUSTRATIVE: knight_value 5 is the spec's illustrative default (a lost knight = one treasure "
                "card); set rules.knight_value to your own figure")


def knight_name(colour: int, pos: int) -> str:
    return f"{r.COLOURS[colour]} {r.position_name(pos)}"


def _notes(p: Position) -> list[str]:
    d = p.dragon
    return [*p.settings.labels(),
            f"{p.players} players; to move: seat {p.to_move} ({p.name(p.to_move)}); dragon on cave {d[0]} facing the "
            f"{r.FACING_NAME[d[1]]}, trail caves {d[2]}..{d[2] + 3}; treasure left {p.treasure_left}"]


def _payload(p: Position, illustrative: bool = False, **extra) -> dict:
    return {"illustrative": illustrative, "settings": p.settings.shown(), "players": p.players, "to_move": p.to_move,
            "dragon": {"cave": p.dragon[0], "facing": r.FACING_NAME[p.dragon[1]], "trail_start": p.dragon[2]},
            **extra}


def _title(text: str, illustrative: bool = False) -> str:
    return f"Emerald: {text}" + (" (ILLUSTRATIVE knight_value)" if illustrative else "")


def _plan_text(t: ref.Table, moves: tuple) -> str:
    if not moves:
        return "stop (end the turn)"
    parts, seen = [], t.copy()
    for colour, pos in moves:
        dest = r.advance(pos, seen.on_square(pos))
        parts.append(f"{knight_name(colour, pos)} -> {r.position_name(dest)}")
        seen.knights[colour].remove(pos)
        seen.knights[colour].append(dest)
    return ", then ".join(parts)


# ------------------------------------------------------------------------------------------------
# question 2: ev

def ev(p: Position, settings) -> Result:
    t = ref.Table.from_position(p)
    ranked = exact.plans(t)
    rows, out = [], []
    for rank, plan in enumerate(ranked, 1):
        text = _plan_text(t, plan.moves)
        wake = bool(plan.moves) and exact.wakes(t, *plan.moves[0])
        rows.append({"rank": rank, "plan": text, "EV": float(plan.ev), "exact": fs(plan.ev), "first move wakes": wake})
        out.append({"rank": rank, "plan": text,
                    "moves": [{"colour": r.COLOURS[c], "from": r.position_name(pos)} for c, pos in plan.moves],
                    **both("ev", plan.ev), "wakes": wake})
    illustrative = p.illustrative
    notes = [*(([ILLUSTRATIVE]) if illustrative else []), *_notes(p),
             "EV (one ply, exact over the die): my points now (gold at face value, gem 1, +4 when it completes four "
             "kinds, treasure 5) less my losses (gold paid in a bribe, knight_value per knight sent to the nest) "
             "plus the opponents' losses; majorities are not counted. Card: gold if its top beats the gem's worth, "
             "else the gem. Bribe: with the lowest gold card when it is <= knight_value, else the nest. A pair is "
             "played in its order; its second move is skipped when the first ends the turn or its knight cannot "
             "move. Ties: stop, then a single move, then the smaller knights (the greedy player's order)",
             "exact"]
    payload = _payload(p, illustrative, plans=out, best=out[0]["plan"] if out else None,
                       knight_value=p.settings.knight_value)
    table = pd.DataFrame(rows or [{"rank": 0, "plan": "no knight can move"}]).set_index("rank")
    return Result(_title(f"one-ply EV of each plan for seat {p.to_move} (exact)", illustrative), {"plans": table},
                  payload, notes, exact={"plans": True})


# ------------------------------------------------------------------------------------------------
# question 1: ask catch

def _caught_text(face: exact.Face) -> str:
    if face.caught is None:
        return f"{face.face}: cave {face.landing}, nobody"
    fate = "bribes" if face.bribed else "nest"
    return f"{face.face}: cave {face.landing}, {knight_name(*face.caught)} ({fate})"


def catch(p: Position, settings) -> Result:
    t = ref.Table.from_position(p)
    me = p.to_move
    rows, knights, out = [], [], []
    for odds in exact.catch_odds(t):
        move = knight_name(*odds.move)
        mine, any_ = odds.p_seat(t, me), sum(odds.caught.values(), Fraction(0))
        rows.append({"move": move, "to": r.position_name(odds.to), "card": odds.card or "-", "wakes": odds.wakes,
                     "per face": "; ".join(_caught_text(f) for f in odds.faces) or "the dragon sleeps",
                     "P(a knight caught)": float(any_), "P(mine caught)": float(mine), "exact": fs(mine)})
        for (c, pos), q in sorted(odds.caught.items()):
            knights.append({"move": move, "knight": knight_name(c, pos), "owner": t.owner(c), "P(caught)": float(q),
                            "exact": fs(q)})
        out.append({"move": {"colour": r.COLOURS[odds.move[0]], "from": r.position_name(odds.move[1])},
                    "to": r.position_name(odds.to), "card": odds.card, "wakes": odds.wakes,
                    "faces": [{"face": f.face, **both("p", f.prob), "landing": f.landing,
                               "caught": None if f.caught is None else knight_name(*f.caught), "bribed": f.bribed}
                              for f in odds.faces],
                    "caught": [{"knight": knight_name(c, pos), "colour": r.COLOURS[c], "at": r.position_name(pos),
                                "owner": t.owner(c), **both("p", q)} for (c, pos), q in sorted(odds.caught.items())],
                    **both("p_any", any_), **both("p_mine", mine)})
    notes = [*_notes(p), "a knight ending on the dragon's cave or beside the trail wakes it (after taking the card "
             "there); the dragon catches only where it ends: an opponent's knight (his owner holding the fewest gold "
             "cards), else the mover's own (catch_choice opponent_first); the owner bribes with his lowest gold card "
             "when it is <= knight_value, else the knight goes to the nest", "exact"]
    tables = {"moves": pd.DataFrame(rows or [{"move": "no knight can move"}]).set_index("move"),
              "knights": pd.DataFrame(knights or [{"move": "-", "knight": "nobody can be caught", "P(caught)": 0.0}])}
    return Result(_title(f"P(the dragon catches a knight) for each move of seat {me} (exact)"), tables,
                  _payload(p, moves=out), notes, exact={"moves": True, "knights": True})


# ------------------------------------------------------------------------------------------------
# question 3: ask dragon

def dragon(p: Position, settings) -> Result:
    k = p.triggers
    dists, hits = exact.dragon_chain(p.dragon, k, p.settings)
    last = dists[-1]
    states = [{"cave": c, "facing": r.FACING_NAME[f], "trail": f"{tr}..{tr + 3}", "P": float(q), "exact": fs(q)}
              for (c, f, tr), q in sorted(last.items())]
    caves = []
    for c in range(1, r.CAVES + 1):
        row = {"cave": c}
        for i, dist in enumerate(dists, 1):
            row[f"P(ends there, wake-up {i})"] = float(sum((q for s, q in dist.items() if s[0] == c), Fraction(0)))
        row[f"P(hit within {k})"] = float(hits[-1][c - 1])
        row["exact"] = fs(hits[-1][c - 1])
        caves.append(row)
    payload = _payload(p, triggers=k, states=[{"cave": c, "facing": r.FACING_NAME[f], "trail_start": tr,
                                               **both("p", q)} for (c, f, tr), q in sorted(last.items())],
                       caves=[{"cave": c, "after": [both("p", sum((q for s, q in d.items() if s[0] == c),
                                                                  Fraction(0))) for d in dists],
                               **both("p_hit", hits[-1][c - 1])} for c in range(1, r.CAVES + 1)])
    notes = [*_notes(p), f"after {k} more wake-ups (focus.triggers): each face of die_faces equally likely; a dragon "
             "on the trail end it faces (or behind the trail facing away) turns first for free; after every move the "
             "trail shifts one cave toward the chamber until it covers caves 6..9; 'hit' = a move ends on the cave "
             "(where it catches)", "exact"]
    return Result(_title(f"the dragon after {k} more wake-ups (exact)"),
                  {"states": pd.DataFrame(states).set_index(["cave", "facing", "trail"]),
                   "caves": pd.DataFrame(caves).set_index("cave")}, payload, notes,
                  exact={"states": True, "caves": True})


# ------------------------------------------------------------------------------------------------
# question 4: odds (the gem races, Monte Carlo)

def odds(p: Position, settings) -> Result:
    from analyzer.core import runner
    from analyzer.games.emerald import play

    done = play.race(p, settings=settings)
    n = int(done["rollouts"])
    rows, out = [], []
    for entry in done["seats"]:
        seat = entry["seat"]
        cards = [(f"{gem} majority", entry["majority"][gem]) for gem in r.GEMS]
        cards += [("first to four kinds", entry["four_kinds"]), ("wins the game", entry["win"])]
        for card, est in cards:
            rows.append({"seat": seat, "card": card, "P": est["p"], "lo95": est["lo95"], "hi95": est["hi95"]})
        out.append({"seat": seat, "colours": p.name(seat), "majority": entry["majority"],
                    "first_four": entry["four_kinds"], "win": entry["win"]})
    illustrative = p.illustrative
    notes = [*(([ILLUSTRATIVE + " (the greedy players' bribes and EVs use it)"]) if illustrative else []), *_notes(p),
             f"Monte Carlo: {n:,} games played on from the position by the greedy one-ply-EV player in every seat "
             f"(the unseen cards dealt at random below the stack tops), seed {done['seed']}; 95% Wilson intervals; "
             f"a majority tie gives the card to nobody (P(nobody): "
             + ", ".join(f"{g} {v:.3f}" for g, v in done["nobody"]["majority"].items())
             + f"; four kinds {done['nobody']['four_kinds']:.3f}); {done['capped']} games hit turn_cap"]
    payload = _payload(p, illustrative, seats=out, nobody=done["nobody"], rollouts=n, seed=done["seed"],
                       capped=done["capped"])
    result = Result(_title(f"the gem races from seat {p.to_move}'s turn (Monte Carlo)", illustrative),
                    {"races": pd.DataFrame(rows).set_index(["seat", "card"])}, payload, notes, exact={"races": False})
    return runner.annotate(result, done["run"])
