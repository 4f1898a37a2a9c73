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


def seeded_games(seed: int, games, new_settings, chance, play_engine, play_reference, **rows) -> list[tuple]:
    """replay_rows over `games`, a list of (players, setting changes, policy names cycled over the seats): game k's
    chance is row 0 of `chance(1, rng)` from one generator seeded `seed`; `play_engine(settings, players, policies,
    seeds)` gives the engine's (record, snapshots) and `play_reference(settings, players, policies, record)` the
    reference's snapshots; `rows` go to replay_rows (step, count)."""
    from dataclasses import replace

    import numpy as np

    out = []
    rng = np.random.default_rng(seed)
    for k, (players, changes, names) in enumerate(games):
        settings = replace(new_settings(), **changes)
        seeds = chance(1, rng).seeds[0]
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = play_engine(settings, players, policies, seeds)
        label = f"game {k} ({players} players, {changes or 'defaults'}, {'/'.join(policies)})"
        out += replay_rows(label, snaps, lambda: play_reference(settings, players, policies, record), **rows)
    return out


def answer_rows(label: str, engine: dict, mine: dict, by_key: bool = False, special=None) -> list[tuple]:
    """[(what, engine's value, reference's value)] for one position both answered ({question: answer}): the
    questions each answered, then every question both answered, whole or (`by_key`) key by key of the reference's
    answer; `special` maps a question to `rows(label, engine's answer, reference's answer)` of its own."""
    rows = [(f"{label}: questions", sorted(engine), sorted(mine))]
    for q in sorted(engine.keys() & mine.keys()):
        if special and q in special:
            rows += special[q](label, engine[q], mine[q])
        elif by_key:
            rows += [(f"{label}: {q} {key}", engine[q][key], mine[q][key]) for key in sorted(mine[q])]
        else:
            rows.append((f"{label}: {q}", engine[q], mine[q]))
    return rows


def turn_by_turn(readings, new_settings, chance, engine_game, reference: str):
    """A game's `agreement(seed, games=readings, max_turns=10_000)` (seeded_games over its readings) and
    `engine_agrees(seed)` (its reference_check: the same with games capped at 400 turns) for an engine stepped turn
    by turn: `engine_game(settings, players, policies, seeds, max_turns) -> (record, snapshots)`; `reference` the
    `"module:function"` that replays a record, `(settings, players, policies, record, max_turns) -> snapshots`
    (imported on first use)."""
    from analyzer.core.game import resolve

    def agreement(seed: int, games=readings, max_turns: int = 10_000) -> list[tuple]:
        """(what, engine's value, reference's value) over seeded games, snapshot by snapshot."""
        play = resolve(reference)
        return seeded_games(seed, games, new_settings, chance,
                            lambda s, n, pol, seeds: engine_game(s, n, pol, seeds, max_turns),
                            lambda s, n, pol, record: play(s, n, pol, record, max_turns))

    def engine_agrees(seed: int) -> list[tuple]:
        """The conformance check (`GameSpec.reference_check`): `agreement` with games capped at 400 turns."""
        return agreement(seed, max_turns=400)

    return agreement, engine_agrees


def round_by_round(readings, new_settings, chance, engine_game, reference: str):
    """A game's `agreement(seed, games=readings)`, also its reference_check, for an engine stepped round by round
    to the game's end: `engine_game(settings, players, policies, seeds) -> (record, snapshots)`; `reference` the
    `"module:function"` that replays a record, `(settings, players, policies, record) -> snapshots`."""
    from analyzer.core.game import resolve

    def agreement(seed: int, games=readings) -> list[tuple]:
        """(what, engine's value, reference's value) over seeded games, snapshot by snapshot (round by round)."""
        return seeded_games(seed, games, new_settings, chance, engine_game, resolve(reference),
                            step=lambda i, snap: f"after round {snap['round']}", count="rounds")

    return agreement


def random_positions(seed: int, positions: int, scenario, label, engine, mine, read=None, **how) -> list[tuple]:
    """answer_rows on `positions` random positions: `scenario(rng, i)` the i-th scenario dict (rng one
    random.Random(seed)), `read(data)` the position both answers take (None: the dict itself), `label(p)` what
    the rows name after "seed S position i", `mine(p)` and `engine(p)` the reference's and the engine's answers
    ({question: answer}); `how` answer_rows' by_key and special."""
    import random

    rng = random.Random(seed)
    rows = []
    for i in range(positions):
        data = scenario(rng, i)
        p = data if read is None else read(data)
        reference = mine(p)
        rows += answer_rows(f"seed {seed} position {i} ({label(p)})", engine(p), reference, **how)
    return rows
