"""An engine held equal to its readable reference: the rows a game's `reference_check` returns (core/game.py,
tests/test_conformance.py) for one game the engine played and recorded and the reference replayed."""
from __future__ import annotations


def replay_rows(label: str, snaps: list, replay, step=lambda i, snap: f"after turn {snap['turn']}",
                count: str = "snapshots") -> list[tuple]:
    """[(what, engine's value, reference's value)]: `replay()` gives the reference's snapshots of the game (if it
    raises, the reference refused the engine's record: one row that fails); then the engine's `snaps` one by one
    against them up to the first difference (`step(i, snap)` names each), and the numbers of both."""
    try:
        expected = replay()
    except Exception as exc:  # noqa: BLE001 -- any refusal is a finding, reported as a failing row
        return [(f"{label}: the reference replays the record", "ok", f"{type(exc).__name__}: {exc}")]
    out = []
    for i, snap in enumerate(snaps):
        other = expected[i] if i < len(expected) else None
        out.append((f"{label} {step(i, snap)}", snap, other))
        if snap != other:
            break
    out.append((f"{label}: {count}", len(snaps), len(expected)))
    return out
