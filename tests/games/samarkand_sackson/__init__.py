"""Helpers for the Samarkand (Sackson) tests: positions built from a few fields, a scripted decider."""
from pathlib import Path

from analyzer.core import scenario
from analyzer.games.samarkand_sackson import reference as ref
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import state

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_sackson"


def shipped(name: str) -> dict:
    return scenario.load(SCENARIOS / name)


def doc(seats, players=None, rules=None, fields=None, disc=None, bag="rest", **position) -> dict:
    """A scenario dict: seats [{space, money, cubes}] (names p0..), fields {camp: {kind: n}}; bag "rest": the
    cubes nobody holds (full information), "unknown", or counts."""
    players = players or len(seats)
    seats = [{"name": f"p{i}", **s} for i, s in enumerate(seats)]
    if bag == "rest":
        left = list(r.totals(players))
        for s in seats:
            for k, n in s.get("cubes", {}).items():
                left[r.KINDS.index(k)] -= n
        for f in (fields or {}).values():
            for k, n in f.items():
                left[r.KINDS.index(k)] -= n
        bag = {k: n for k, n in zip(r.KINDS, left)}
    out_rules = {"players": players, **(rules or {})}
    return {"game": "samarkand_sackson", "rules": out_rules,
            "position": {"disc": disc, "fields": fields or {}, "bag": bag, "players": seats, **position}}


def pos(seats, **kw) -> state.Position:
    return state.parse_position(doc(seats, **kw))


def table(seats, **kw) -> ref.Table:
    return ref.from_position(pos(seats, **kw))


def lot(**kinds) -> tuple:
    return tuple(kinds.get(k, 0) for k in r.KINDS)


class Script:
    """A decider answering from queues (`name=[answers]`; a single answer repeats) and recording what it was asked."""

    def __init__(self, **answers):
        self.answers = {k: list(v) if isinstance(v, list) else [v] for k, v in answers.items()}
        self.asked = []

    def _next(self, name, *context):
        self.asked.append((name, *context))
        queue = self.answers.get(name)
        if not queue:
            raise AssertionError(f"the decider was asked {name} {context} unscripted")
        return queue.pop(0) if len(queue) > 1 else queue[0]

    def place(self, t, seat):
        return self._next("place")

    def move(self, t, seat, kinds):
        return self._next("move", tuple(kinds))

    def step(self, t, seat, spaces):
        return t.board.space(self._next("step", tuple(spaces)), "step")

    def landing(self, t, seat, face, spaces):
        return t.board.space(self._next("landing", face, tuple(spaces)), "landing")

    def gift(self, t, seat):
        return r.KINDS.index(self._next("gift"))

    def gift_colour(self, t, seat, kinds):
        return r.KINDS.index(self._next("gift_colour", tuple(kinds)))

    def camp(self, t, seat, space, can_move_on):
        return self._next("camp", can_move_on)

    def trade(self, t, seat, space):
        return self._next("trade")

    def oasis(self, t, seat, space):
        return self._next("oasis")

    def sale(self, t, seat, sales):
        want = self._next("sale", tuple(sales))
        return want if isinstance(want, int) else sales.index(want)

    def discard(self, t, seat, n):
        return self._next("discard", seat, n)


def kinds(*names) -> list[int]:
    return [r.KINDS.index(n) for n in names]
