"""The questions RoboRally answers at the table (spec "What the analyzer is asked", 1-2) for my robot alone on a
typed board: `(position, run settings) -> Result`.  Both exact (exact.py; Fractions, the JSON keeps each value as
a float and `<key>_exact` "p/q"): `odds` (1: can a program from this hand reach flag k this round, the best
programs and the register the flag is touched) and `ask deal` (2: P(the next deal lets me reach the flag)).
Questions 3-4 (pushes and shots by opponents, powering down) need opponent policies: out of scope.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.core.game import Result
from analyzer.games.roborally import exact
from analyzer.games.roborally import rules as r
from analyzer.games.roborally.state import Position

fs, both = stats.fraction_text, stats.with_exact
BOARD_NOTE = ("ILLUSTRATIVE board: no public source gives a printed board; type yours as rules.board "
              "(`analyzer board roborally --template`)")
SHOWN = 10  # best programs listed


def _common(p: Position) -> tuple[dict, list[str]]:
    x, y, f, dmg = p.robot
    locked = dict(p.locked)
    payload = {"illustrative": p.board.illustrative, "illustrative_data": ["board"] if p.board.illustrative else [],
               "settings": p.settings.shown(), "pos": [x, y], "facing": r.DIRECTIONS[f], "damage": dmg,
               "next_flag": p.next_flag, "flag": list(p.flag),
               "locked": {g: r.CARDS[c] for g, c in sorted(locked.items())}}
    notes = [*([BOARD_NOTE] if p.board.illustrative else []), *p.settings.labels(),
             f"my robot at [{x}, {y}] facing {r.DIRECTIONS[f]}, damage {dmg} (cards dealt hand_base - damage = "
             f"{r.cards_dealt(dmg, p.settings)}; locked registers "
             f"{', '.join(f'{g}: {r.CARDS[c]}' for g, c in sorted(locked.items())) or 'none'}); flag {p.next_flag} "
             f"at {list(p.flag)}, touched by standing on it at the end of a register",
             "each register: the card, then " + ", ".join(r.element_sequence(p.settings)) + ", then the board "
             f"lasers (destroyed at {p.settings.destroy_at} damage); pits and the edge destroy; my robot alone "
             "(opponents' pushes and shots are out of scope)"]
    return payload, notes


def _program(cards, locked: dict) -> list[str]:
    shown = [r.CARDS[c] + ("*" if g in locked else "") for g, c in enumerate(cards, 1)]
    return shown + [(r.CARDS[locked[g]] + "*" if g in locked else "any") for g in range(len(cards) + 1, 6)]


def odds(p: Position, settings) -> Result:
    if p.hand is None:
        raise ScenarioError("position.me.hand", "my hand's cards (hand_base - damage of them), e.g. [M1/520, RL/130]")
    locked = dict(p.locked)
    out = exact.reach(p.board, p.settings, p.robot, p.flag, locked, list(p.hand))
    rows = out["programs"]
    best = rows[0]["register"] if rows else None
    programs = [{"program": _program(row["cards"], locked), "register": row["register"],
                 "selections": row["selections"]} for row in rows[:SHOWN]]
    payload, notes = _common(p)
    reached = Fraction(1 if rows else 0)
    payload.update(hand=[r.CARDS[c] for c in p.hand], **both("p", reached), register=best,
                   **both("share", out["share"]), selections=out["selections"], reaching=out["reaching"],
                   prefixes=len(rows), programs=programs)
    notes += [f"every ordered selection of {5 - len(locked)} of my {len(p.hand)} cards into the free registers "
              f"({out['selections']}): p = 1 when some program touches flag {p.next_flag}, share = the selections "
              "that do", "programs: the cards by register up to the touch (* locked), 'any' after it; best first by "
              "the earliest register, then the most selections", "exact"]
    table = pd.DataFrame([{"rank": i, "program": " ".join(row["program"]), "register": row["register"],
                           "selections": row["selections"]} for i, row in enumerate(programs, 1)],
                         columns=["rank", "program", "register", "selections"]).set_index("rank")
    summary = pd.DataFrame([{"P(reach)": float(reached), "exact": fs(reached), "earliest register": best,
                             "share of programs": float(out["share"]), "share exact": fs(out["share"])}])
    title = f"RoboRally: can my program from this hand reach flag {p.next_flag} this round (exact)"
    return Result(title + (" (ILLUSTRATIVE board)" if p.board.illustrative else ""),
                  {"reach": summary, "best programs": table}, payload, notes, exact={"reach": True,
                                                                                  "best programs": True})


def deal(p: Position, settings) -> Result:
    locked = dict(p.locked)
    out = exact.deal_chance(p.board, p.settings, p.robot, p.flag, locked, p.unseen)
    payload, notes = _common(p)
    needs = [{r.CARDS[c]: k for c, k in enumerate(vec) if k} for vec in out["needs"]]
    payload.update(**both("p", out["p"]), hand_size=out["size"], deck=dict(zip(r.CARDS, p.unseen)),
                   deck_size=sum(p.unseen), hands=out["hands"], compositions=out["compositions"],
                   working_compositions=out["working_compositions"], needs=needs)
    notes += [f"the next deal: {out['size']} cards from the {sum(p.unseen)} left (84 less my locked cards and "
              "seen_cards), by exchangeability whatever others hold; my position and damage as now",
              "a hand works when it holds the free cards of some program touching the flag (needs: the minimal "
              "card sets); multivariate hypergeometric over the hand compositions", "exact"]
    summary = pd.DataFrame([{"P(next deal reaches)": float(out["p"]), "exact": fs(out["p"]),
                             "cards dealt": out["size"], "compositions": out["compositions"],
                             "working": out["working_compositions"]}])
    needs_table = pd.DataFrame([{"needs": " ".join(f"{k}x{n}" for n, k in need.items()) or "nothing"}
                                for need in needs[:SHOWN]], columns=["needs"])
    title = f"RoboRally: P(the next deal lets me reach flag {p.next_flag}) (exact)"
    return Result(title + (" (ILLUSTRATIVE board)" if p.board.illustrative else ""),
                  {"deal": summary, "minimal card sets": needs_table}, payload, notes,
                  exact={"deal": True, "minimal card sets": True})
