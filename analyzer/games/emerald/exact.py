"""Exact answers over the die (Fractions), played on the readable rules (reference.step):

- `plans(t)`, `plan_value`, `best_plan` (question 2, the one-ply EV of each plan) live in reference.py, since the
  readable greedy player plays by them; they are named here too;
- `catch_odds(t)`: for each knight group the mover may move, every face's dragon landing and the knight caught
  (spec question 1);
- `dragon_chain(state, k, settings)`: the dragon's distribution over (cave, facing, trail) after 1..k wake-ups and
  P(it ends a move on each cave at least once within them) (question 3).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from analyzer.games.emerald import reference as ref
from analyzer.games.emerald import rules as r
from analyzer.games.emerald.reference import (Plan, best_plan, faces, outcomes, plan_moves, plan_value, plans,
                                              wakes)

__all__ = ["Plan", "best_plan", "plan_moves", "plan_value", "plans", "faces", "outcomes", "wakes", "catch_odds",
           "dragon_chain"]


# ------------------------------------------------------------------------------------------------
# question 1: P(the dragon catches knight X) for each move

@dataclass(frozen=True)
class Face:
    face: int
    prob: Fraction
    landing: int  # cave the dragon ends on
    caught: tuple | None  # (colour, pos) or None
    bribed: bool | None


@dataclass(frozen=True)
class CatchOdds:
    move: tuple  # (colour, pos)
    to: int
    card: str | None
    wakes: bool
    faces: tuple  # of Face (empty when the dragon sleeps)
    caught: dict  # (colour, pos) -> P(caught)

    def p_seat(self, t: ref.Table, seat: int) -> Fraction:
        return sum((p for (c, _), p in self.caught.items() if t.owner(c) == seat), Fraction(0))


def catch_odds(t: ref.Table) -> list[CatchOdds]:
    out = []
    for colour, pos in ref.groups(t):
        results = outcomes(t, colour, pos)
        woken = wakes(t, colour, pos)
        caught = defaultdict(Fraction)
        shown = []
        for (face, _), (prob, _, info) in zip(faces(t.settings) if woken else [], results):
            shown.append(Face(face, prob, info["landing"], info["caught"], info["bribed"]))
            if info["caught"] is not None:
                caught[info["caught"]] += prob
        info = results[0][2]
        out.append(CatchOdds((colour, pos), info["to"], info["card"], woken, tuple(shown), dict(caught)))
    return out


# ------------------------------------------------------------------------------------------------
# question 3: the dragon chain

def dragon_chain(state: tuple, k: int, settings) -> tuple[list[dict], list[list[Fraction]]]:
    """(dist, hit): dist[i] maps (cave, facing, trail) -> P after i+1 wake-ups; hit[i][c-1] = P(the dragon ends at
    least one of its first i+1 moves on cave c).  Counted in whole numbers of face sequences (over n^i for n
    faces), so that long horizons stay fast."""
    weights = defaultdict(int)
    for f in settings.die_faces:
        weights[f] += 1
    n = len(settings.die_faces)
    moves = {}  # state -> [(next state, ways)]

    def after(s):
        if s not in moves:
            moves[s] = [(r.dragon_step(s, face, settings), w) for face, w in sorted(weights.items())]
        return moves[s]

    dist = {state: 1}
    missed = [{state: 1} for _ in range(r.CAVES)]  # per cave: face sequences that have not ended on it, by state
    dists, hits = [], []
    for i in range(1, k + 1):
        nxt = defaultdict(int)
        for s, ways in dist.items():
            for s2, w in after(s):
                nxt[s2] += ways * w
        dist = dict(nxt)
        dists.append({s: Fraction(ways, n ** i) for s, ways in dist.items()})
        row = []
        for c in range(1, r.CAVES + 1):
            m = defaultdict(int)
            for s, ways in missed[c - 1].items():
                for s2, w in after(s):
                    if s2[0] != c:
                        m[s2] += ways * w
            missed[c - 1] = dict(m)
            row.append(1 - Fraction(sum(m.values()), n ** i))
        hits.append(row)
    return dists, hits
