"""Scenario files (YAML or JSON) -> plain dicts, and helpers that validate fields.

Every check raises `ScenarioError(field, what is allowed)`, so a bad scenario becomes one
line naming the field.  Games build their own models from the dict with these helpers.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from analyzer.core.errors import ScenarioError

TOP_LEVEL_KEYS = {"game", "rules", "players", "position", "analysis", "title", "description"}
ANALYSIS_KEYS = {"rollouts", "seed", "jobs"}


def load(path: str | Path) -> dict:
    """Read a scenario file into a dict with at least `game`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("scenario", f"no such file: {path}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise ScenarioError("scenario", f"cannot read {path}: {exc.__class__.__name__}") from None
    return parse(text, str(path))


def parse(text: str, source: str = "scenario") -> dict:
    if source.endswith(".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError("scenario", f"{source} is not valid JSON (line {exc.lineno})") from None
    else:
        import yaml  # JSON is YAML too, so this reads both

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" (line {mark.line + 1})" if mark else ""
            raise ScenarioError("scenario", f"{source} is not valid YAML{where}") from None
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "must be a mapping with at least `game:`")
    unknown = set(map(str, data)) - TOP_LEVEL_KEYS
    if unknown:
        raise ScenarioError(sorted(unknown)[0], f"unknown key; allowed: {', '.join(sorted(TOP_LEVEL_KEYS))}")
    if "game" not in data:
        raise ScenarioError("game", "missing; say which game, e.g. `game: camelup`")
    return data


def mapping(value: Any, field: str, allowed_keys: set[str] | None = None) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(field, "must be a mapping")
    if allowed_keys is not None:
        for key in value:
            if key not in allowed_keys:
                raise ScenarioError(f"{field}.{key}", f"unknown key; allowed: {', '.join(sorted(allowed_keys))}")
    return value


def sequence(value: Any, field: str) -> list:
    if value is None:
        return []
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise ScenarioError(field, "must be a list")
    return list(value)


def integer(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value)
        else:
            raise ScenarioError(field, f"must be a whole number{_range(low, high)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ScenarioError(field, f"must be a whole number{_range(low, high)}, got {value}")
    return value


def choice(value: Any, field: str, allowed) -> str:
    allowed = list(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(allowed)}")
    return value


def _range(low, high) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def analysis_settings(data: dict) -> dict:
    """The scenario's `analysis:` block: rollouts, seed, jobs (all optional)."""
    block = mapping(data.get("analysis"), "analysis", ANALYSIS_KEYS)
    out = {}
    if block.get("rollouts") is not None:
        out["rollouts"] = integer(block["rollouts"], "analysis.rollouts", 1, 10**10)
    if block.get("seed") is not None:
        out["seed"] = integer(block["seed"], "analysis.seed", 0, 2**63 - 1)
    if block.get("jobs") is not None:
        out["jobs"] = integer(block["jobs"], "analysis.jobs", -1, 1024)
    return out
