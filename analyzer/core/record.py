"""A whole game's chance record as a readable reference replays it (a game's `reference_policies.py`): the engine
writes every chance outcome and every random player's choice in order (`core/kernels.py`'s `note*` rows), the
reference reads them back one by one and checks each against its own rules."""
from __future__ import annotations


class RecordMismatch(AssertionError):
    """The engine's record says something the readable rules do not allow or would not choose."""


class Rows:
    """The chance record read in order: rows (tag, values...), a tag a name or, as the engine writes it, its index
    in KINDS (a game's RECORD_KINDS); WIDTH, where set, pads (with zeros) or cuts each row to that many values."""

    KINDS: tuple = ()
    WIDTH: int | None = None

    def __init__(self, record):
        self.rows = [(self.name(row[0]), *self.values(row[1:])) for row in record]
        self.at = 0

    def name(self, tag):
        return tag if isinstance(tag, str) or not self.KINDS else self.KINDS[int(tag)]

    def values(self, values) -> tuple:
        out = tuple(int(v) for v in values)
        return out if self.WIDTH is None else (out + (0,) * self.WIDTH)[:self.WIDTH]

    def peek(self) -> str | None:
        return self.rows[self.at][0] if self.at < len(self.rows) else None

    def take(self, tag: str) -> tuple:
        """The next row's values (a row may carry unused zeros after them)."""
        if self.peek() != tag:
            got = self.rows[self.at] if self.at < len(self.rows) else "the end of the record"
            raise RecordMismatch(f"row {self.at}: expected a {tag!r} row, got {got}")
        self.at += 1
        return self.rows[self.at - 1][1:]


def replay(rows: Rows, play):
    """A whole game replayed from its record: `play() -> (game, snapshots)` reads `rows`; an assertion of the
    readable rules the record breaks becomes a RecordMismatch naming the row, and so does a game that ended with
    rows left over (`game.ended`).  Returns the snapshots."""
    try:
        game, shots = play()
    except RecordMismatch:
        raise
    except AssertionError as exc:
        raise RecordMismatch(f"row {rows.at}: the record breaks a rule: {exc}") from exc
    if game.ended and rows.at != len(rows.rows):
        raise RecordMismatch(f"the game ended with {len(rows.rows) - rows.at} record rows left: {rows.rows[rows.at]}")
    return shots


def snapshots(table, snapshot, step, going) -> list:
    """A replay's snapshots: `snapshot(table)` after the set-up, then after every `step(table)` (a turn, a round)
    while `going(table)` (the game runs, and a limit on turns or rounds is not reached)."""
    shots = [snapshot(table)]
    while going(table):
        step(table)
        shots.append(snapshot(table))
    return shots
