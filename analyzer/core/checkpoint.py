"""Checkpoints: a run's merged accumulators on disk, saved after every chunk.

A checkpoint holds the chunks merged so far (always chunks 0..done-1, merged in order),
any later chunks that finished early (kept apart, merged when their turn comes), and the
run's fingerprint: the command, the scenario or position, the game's engine version, the
seed, the rollouts plan and the chunk size.  `--resume` refuses a checkpoint whose fingerprint differs in any of them,
so a resumed run is the uninterrupted run with the same seed, chunk for chunk.

The file is a NumPy .npz archive (no pickles: loading one runs no code); it is written to
a temporary file beside the target and renamed over it, so a kill at any moment leaves the
previous checkpoint or the new one, never half of one.
"""
from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analyzer.core.errors import AnalyzerError

FORMAT = 1


class CheckpointError(AnalyzerError):
    """A checkpoint that cannot be read, or that belongs to another run."""


@dataclass
class State:
    fingerprint: dict
    merged: dict | None = None  # chunks 0..done-1, merged in order
    done: int = 0
    pending: dict[int, dict] = field(default_factory=dict)  # chunks >= done that finished early


def _encode(prefix: str, acc: dict, arrays: dict) -> dict:
    kinds = {}
    for key, value in acc.items():
        if not isinstance(key, str) or "/" in key:
            raise CheckpointError(f"checkpoint: accumulator key {key!r} must be a string without '/'")
        if isinstance(value, bool) or not isinstance(value, (int, float, np.generic, np.ndarray)):
            raise CheckpointError(f"checkpoint: accumulator {key!r} is a {type(value).__name__}; "
                                  "a task must return numbers or numeric arrays")
        kinds[key] = ("int" if isinstance(value, int) else "float" if isinstance(value, float)
                      else "scalar" if isinstance(value, np.generic) else "array")
        arrays[f"{prefix}/{key}"] = np.asarray(value)
    return kinds


def _decode(prefix: str, kinds: dict, archive) -> dict:
    out = {}
    for key, kind in kinds.items():
        value = archive[f"{prefix}/{key}"]
        out[key] = (int(value) if kind == "int" else float(value) if kind == "float"
                    else value[()] if kind == "scalar" else value)
    return out


def save(path: str | Path, state: State) -> None:
    """Write `state` to `path` atomically: a temporary file beside it, then a rename."""
    path = Path(path)
    arrays: dict = {}
    meta = {"format": FORMAT, "fingerprint": state.fingerprint, "done": state.done,
            "merged": None if state.merged is None else _encode("merged", state.merged, arrays),
            "pending": {str(i): _encode(f"pending{i}", part, arrays) for i, part in sorted(state.pending.items())}}
    arrays["meta"] = np.array(json.dumps(meta))
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            np.savez(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        raise CheckpointError(f"--checkpoint: cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if tmp.exists():
            tmp.unlink()


def check_destination(path: str | Path, resuming: str | Path | None = None) -> None:
    """Before any work: `--checkpoint FILE` must be a new file in a folder that takes files (or the file being
    resumed); a one-line CheckpointError otherwise, so a run never learns it after its first chunk."""
    from analyzer.core import tables

    path = Path(path)
    if os.path.lexists(path) and (resuming is None or Path(resuming).resolve() != path.resolve()):
        raise CheckpointError(f"--checkpoint: {tables._shown(path)} exists; continue that run with --resume "
                              f"{tables._shown(path)}, or remove it first")
    if len(os.fsencode(path.name)) > tables.NAME_MAX - 24:  # room for the temporary file written beside it
        raise CheckpointError(f"--checkpoint: {tables._shown(path)}: a name of {len(os.fsencode(path.name))} bytes; "
                              f"at most {tables.NAME_MAX - 24}")
    try:
        tables.check_names("--checkpoint", path)
        folder = Path(os.path.abspath(path)).parent
        if not folder.is_dir():
            raise CheckpointError(f"--checkpoint: {tables._shown(path)}: no folder {tables._shown(folder)}")
        tables.probe_folder("--checkpoint", path, folder)
    except CheckpointError:
        raise
    except AnalyzerError as exc:
        raise CheckpointError(str(exc)) from None


def load(path: str | Path) -> State:
    from analyzer.core.tables import _shown

    path = Path(path)
    try:
        found = path.is_file()
    except OSError as exc:  # a name too long, a loop of links, ...
        raise CheckpointError(f"--resume: {_shown(path)}: cannot read it ({exc.strerror or type(exc).__name__})") \
            from None
    if not found:
        raise CheckpointError(f"--resume: no checkpoint at {_shown(path)}")
    try:
        with np.load(path, allow_pickle=False) as archive:
            meta = json.loads(str(archive["meta"]))
            if meta.get("format") != FORMAT:
                raise CheckpointError(f"--resume: {path} is a checkpoint of format {meta.get('format')!r}; "
                                      f"this version reads format {FORMAT}")
            merged = None if meta["merged"] is None else _decode("merged", meta["merged"], archive)
            pending = {int(i): _decode(f"pending{i}", kinds, archive) for i, kinds in meta["pending"].items()}
            return State(meta["fingerprint"], merged, int(meta["done"]), pending)
    except CheckpointError:
        raise
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, json.JSONDecodeError):
        raise CheckpointError(f"--resume: {_shown(path)} is not an analyzer checkpoint (or it is damaged)") from None


def read_seed(path: str | Path) -> int:
    """The seed a checkpoint was made with (a resumed run without --seed takes it)."""
    return int(load(path).fingerprint["seed"])


def fingerprint(identity: dict, label: str, seed: int, plan: dict, chunk: int) -> dict:
    return {"command": identity.get("command", ""), "scenario": identity.get("scenario", ""),
            "source": identity.get("source", ""), "version": identity.get("version", ""), "label": label,
            "seed": seed, "plan": plan, "chunk": chunk}


def describe_plan(plan: dict) -> str:
    if "precision" in plan:
        return f"--precision {plan['precision']:g} --max-rollouts {plan['max_rollouts']:,}"
    return f"--rollouts {plan['rollouts']:,}"


def check(found: dict, wanted: dict, path: str | Path) -> None:
    """Refuse a checkpoint made by another run; the message names what differs."""
    where = f"--resume: {path} was made"
    if found.get("command") != wanted["command"] or found.get("label") != wanted["label"]:
        raise CheckpointError(f"{where} by `{found.get('command')}`, not `{wanted['command']}`; "
                              "start afresh without --resume")
    if found.get("version", "") != wanted.get("version", ""):
        raise CheckpointError(f"{where} by engine version {found.get('version') or 'unknown'}, this is "
                              f"{wanted.get('version') or 'unknown'}: its counts would not merge with this engine's; "
                              "start afresh without --resume")
    if found.get("scenario") != wanted["scenario"]:
        source = f" ({found.get('source')})" if found.get("source") else ""
        raise CheckpointError(f"{where} for another scenario or position{source}; start afresh without --resume")
    if found.get("seed") != wanted["seed"]:
        raise CheckpointError(f"{where} with seed {found.get('seed')}, not {wanted['seed']}; "
                              f"resume with --seed {found.get('seed')}, or start afresh without --resume")
    if found.get("plan") != wanted["plan"] or found.get("chunk") != wanted["chunk"]:
        raise CheckpointError(f"{where} for {describe_plan(found.get('plan') or {'rollouts': 0})}, not "
                              f"{describe_plan(wanted['plan'])}; resume with the same options")
