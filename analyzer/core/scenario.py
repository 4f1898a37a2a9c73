"""Scenario files (YAML or JSON) -> plain dicts, and helpers that validate fields.

Every check raises `ScenarioError(field, what is allowed)`, so a bad scenario becomes one
line naming the field.  Games build their own models from the dict with these helpers.
"""
from __future__ import annotations

import json
import re
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from analyzer.core.errors import ScenarioError, ScenarioProblems, did_you_mean

TOP_LEVEL_KEYS = {"game", "rules", "players", "position", "analysis", "title", "description",
                  "policies", "seating", "variants", "ladder", "tune"}  # the last five: balance scenarios (full games; tune: `analyzer tune`)
ANALYSIS_KEYS = {"rollouts", "seed", "jobs"}
_FOLDER: ContextVar[Path | None] = ContextVar("scenario_folder", default=None)  # of the scenario file loaded last


def load(path: str | Path) -> dict:
    """Read a scenario file into a dict with at least `game`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("scenario", f"no such file: {path}") from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as exc:
        raise ScenarioError("scenario", f"cannot read {path}: {exc.__class__.__name__}") from None
    data = parse(text, str(path))
    _FOLDER.set(path.parent)
    return data


def data_file(name: str) -> Path:
    """A file a scenario names (a board, `{file: path}`): a relative path is looked up beside the scenario file
    loaded last, then in the working directory."""
    path = Path(name)
    folder = _FOLDER.get()
    if not path.is_absolute() and folder is not None and (folder / path).is_file():
        return folder / path
    return path


def read_data(path: Path, field: str, allowed: str) -> Any:
    """A YAML (or JSON) data file a scenario names: its contents, or a ScenarioError naming `field`."""
    import yaml

    try:
        return yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, yaml.YAMLError) as exc:
        raise ScenarioError(field, f"cannot read {str(path)!r} ({type(exc).__name__}); allowed: {allowed}") from None


def _json_pairs(pairs):
    """A JSON object, refusing a key given twice (json keeps the last one)."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(str(key) if str(key).strip() else repr(key),
                                "given twice in the same mapping; give each key once")
        out[key] = value
    return out


def _yaml_loader():
    """PyYAML's safe loader, refusing a key given twice in one mapping (PyYAML keeps the last one)."""
    import yaml

    class Loader(yaml.SafeLoader):
        def get_single_data(self):
            node = self.get_single_node()
            if node is None:
                return None
            _check_duplicates(self, node)
            return self.construct_document(node)

    return Loader


def _check_duplicates(loader, root) -> None:
    """Walk the composed YAML (a loop, not recursion; each node once, so anchors cannot blow it up) and raise
    ScenarioError naming the place of the first key given twice in a mapping."""
    import yaml

    todo, seen = [(root, None)], set()
    while todo:
        node, where = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    todo.append((value_node, where))
                    continue
                if isinstance(key_node, yaml.ScalarNode):
                    try:
                        key = loader.construct_object(key_node)
                        hash(key)
                    except Exception:  # noqa: BLE001 - a key it cannot read: the loader will say so
                        key = ("unreadable", key_node.value)
                    if key in keys:
                        name = (f"{_field(where)}." if where else "") + str(key)
                        first, again = keys[key] + 1, key_node.start_mark.line + 1
                        lines = f"line {first}" if first == again else f"lines {first} and {again}"
                        raise ScenarioError(name if name.strip() else repr(name),
                                            f"given twice ({lines}); give each key once")
                    keys[key] = key_node.start_mark.line
                    label = str(key_node.value)
                else:
                    label = "?"
                todo.append((value_node, (where, f".{label}" if where else label)))
        elif isinstance(node, yaml.SequenceNode):
            todo += [(item, (where, f"[{i}]")) for i, item in enumerate(node.value)]


def parse(text: str, source: str = "scenario") -> dict:
    if source.endswith(".json"):
        try:
            data = json.loads(text, object_pairs_hook=_json_pairs)
        except json.JSONDecodeError as exc:
            raise ScenarioError("scenario", f"{source} is not valid JSON (line {exc.lineno})") from None
        except (ValueError, RecursionError) as exc:  # a number of thousands of digits; nesting too deep
            raise ScenarioError("scenario", f"{source} is not valid JSON ({_unreadable(exc)})") from None
    else:
        import yaml  # JSON is YAML too, so this reads both

        try:
            data = yaml.load(text, Loader=_yaml_loader())  # noqa: S506 - a SafeLoader
        except ScenarioError:
            raise
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" (line {mark.line + 1})" if mark else ""
            raise ScenarioError("scenario", f"{source} is not valid YAML{where}") from None
        except Exception as exc:  # noqa: BLE001 - PyYAML's constructors raise ValueError, IndexError, KeyError,
            # AttributeError on a bad date, an empty `!!int`, `!!bool maybe`, ...; RecursionError on deep nesting
            raise ScenarioError("scenario", f"{source} is not valid YAML ({_unreadable(exc)})") from None
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "must be a mapping with at least `game:`")
    _check_numbers(data)
    data = from_spec_layout(data)
    unknown = sorted(set(map(str, data)) - TOP_LEVEL_KEYS)
    if unknown:
        problems = [ScenarioError(key if key.strip() else repr(key),
                                  f"unknown key; allowed: {', '.join(sorted(TOP_LEVEL_KEYS))}"
                                  f"{did_you_mean(key, TOP_LEVEL_KEYS)}") for key in unknown[:10]]
        raise problems[0] if len(problems) == 1 else ScenarioProblems(problems)
    if "game" not in data:
        from analyzer.core.registry import GAMES

        raise ScenarioError("game", f"missing; say which game: {', '.join(GAMES)} (see `analyzer games`)")
    return data


def from_spec_layout(data: dict) -> dict:
    """The rules specs (shared/rules/*.md) write a position flat: `settings:` for `rules:` and the position's fields
    at the top.  Such a scenario (it has `settings:` and neither `rules:` nor `position:`) in this project's layout:
    the settings as `rules`, every key that is not a top-level one under `position` (a game moves what belongs in
    its rules, such as a board, from there)."""
    if "settings" not in data or "rules" in data or "position" in data:
        return data
    out = {k: v for k, v in data.items() if k in TOP_LEVEL_KEYS}
    out["rules"] = data["settings"]
    position = {k: v for k, v in data.items() if k not in TOP_LEVEL_KEYS and k != "settings"}
    if position:
        out["position"] = position
    return out


def _unreadable(exc: Exception) -> str:
    return "nested too deeply" if isinstance(exc, RecursionError) else "a number or date it cannot read"


MAX_INT_BITS = 10_000  # about 3,000 digits; Python cannot print a whole number past 4,300 digits
MAX_VALUES = 100_000  # a real scenario has hundreds; YAML anchors (&a, *a) can repeat a list exponentially


def _check_numbers(data: dict) -> None:
    """Reject whole numbers too long to print in a message (YAML's 0x, 0b and 1:2:3 forms have no digit limit),
    and anchors that expand to more values than any scenario has (or loop), before anything prints them."""
    todo, count = [(data, None)], 0  # (value, where): where is (where of the parent, ".key" or "[i]")
    while todo:  # a loop, not recursion: nesting may be deep
        value, where = todo.pop()
        count += 1
        if count > MAX_VALUES:
            raise ScenarioError("scenario", f"over {MAX_VALUES:,} values once anchors (&, *) are expanded")
        if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            raise ScenarioError(_field(where), f"a number of over {MAX_INT_BITS * 3 // 10:,} digits; "
                                               "no field takes one")
        if isinstance(value, dict):
            for key, item in value.items():
                todo.append((key, where))
                if not (isinstance(key, int) and key.bit_length() > MAX_INT_BITS):
                    todo.append((item, (where, f".{key}" if where else str(key))))
        elif isinstance(value, (list, set)):
            todo += [(item, (where, f"[{i}]")) for i, item in enumerate(value)]


def _field(where) -> str:
    parts = []
    while where:
        where, part = where
        parts.append(part)
    return "".join(reversed(parts)) or "scenario"


def key_name(key) -> str:
    """A mapping key as it goes into a field name: as it is when plain text, else its repr (a newline, spaces),
    so that the error stays one line and names the key exactly."""
    text = str(key)
    return text if text.isprintable() and text.strip() == text and text else repr(key)


def mapping(value: Any, field: str, allowed_keys: set[str] | None = None) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(field, "must be a mapping")
    if allowed_keys is not None:
        for key in value:
            if key not in allowed_keys:
                raise ScenarioError(f"{field}.{key_name(key)}",
                                    f"unknown key; allowed: {', '.join(sorted(allowed_keys))}"
                                    f"{did_you_mean(key, allowed_keys)}")
    return value


def position_opening(data: dict, rules, keys: set[str]) -> tuple:
    """What a game's `parse_position` reads first: (settings, players, the `position` block), `rules` the game's
    rules module (its `parse_settings` and its `PLAYERS` range, 4 players when none is given), `keys` the block's
    allowed keys; every problem a ScenarioError naming the field."""
    settings = rules.parse_settings(data.get("rules"), "rules")
    players = integer(data.get("players", 4), "players", *rules.PLAYERS)
    return settings, players, mapping(data.get("position"), "position", keys)


def table_players(data: dict, rules: dict, allowed: tuple[int, int], default: int = 4) -> int:
    """A position scenario's player count: `players` at the top level or in its `rules:` block (both only if
    they agree), within `allowed` (low, high)."""
    if "players" in rules and "players" in data and rules["players"] != data["players"]:
        raise ScenarioError("rules.players", "differs from the top-level players; give it once")
    return integer(rules.get("players", data.get("players", default)),
                   "rules.players" if "players" in rules else "players", *allowed)


def seat(value: Any, field: str, names: list[str]) -> int:
    """A seat given by its number (0 .. len(names) - 1) or its name."""
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    raise ScenarioError(field, f"got {value!r}; allowed: a seat 0..{len(names) - 1} or a name ({', '.join(names)})"
                               f"{did_you_mean(value, names)}")


def sequence(value: Any, field: str) -> list:
    if value is None:
        return []
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise ScenarioError(field, "must be a list")
    return list(value)


def integer(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(value) if isinstance(value, str) and value.strip().lstrip("-").isdigit() else None
        except ValueError:  # "²", "--3", thousands of digits
            value = None
        if value is None:
            raise ScenarioError(field, f"must be a whole number{_range(low, high)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ScenarioError(field, f"must be a whole number{_range(low, high)}, got {value}")
    return value


def flag(value: Any, field: str) -> bool:
    """A yes/no field: a YAML boolean, or the words true, false, yes, no."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
        return value.lower() in ("true", "yes")
    raise ScenarioError(field, f"got {value!r}; allowed: true, false")


def per_seat(value: Any, field: str, players: int, parse_one, default: Any, what: str = "policy") -> tuple:
    """One value for every seat, seat 0 first: a single one (a name or a mapping) is seated everywhere, a
    list gives one per seat; `parse_one(value, field)` reads each (None: `default`)."""
    if value is None:
        value = default
    if isinstance(value, (str, dict)):
        return (parse_one(value, field),) * players
    items = sequence(value, field)
    if len(items) != players:
        raise ScenarioError(field, f"one {what} per seat ({players}) or a single one; got {len(items)}")
    return tuple(parse_one(v, f"{field}[{i}]") for i, v in enumerate(items))


def grid_square(value: Any, field: str, width: int, height: int, alternative: str = "") -> tuple[int, int]:
    """A square of a grid board: `[x, y]`, `"x,y"` (as a board picture labels it) or its name as a chessboard
    names squares, `h4`: the column's letter (a for x 0) and the row's number counted from 1 (y 3), so `a1` is
    [0, 0], the corner each game's page names.  `alternative`: what else the field takes, for the message."""
    items = sequence(value, field) if isinstance(value, (list, tuple)) else _square_name(value)
    if items is None or len(items) != 2:
        last = f"{chr(ord('a') + width - 1)}{height}" if width <= 26 else "..."
        raise ScenarioError(field, f"a square [x, y] with x 0..{width - 1}, y 0..{height - 1}, or its name a1.."
                                   f"{last} (column letter, row number from 1)"
                                   + (f" {alternative}" if alternative else ""))
    return integer(items[0], f"{field}[0]", 0, width - 1), integer(items[1], f"{field}[1]", 0, height - 1)


def _square_name(value):
    """`h4` -> [7, 3]; `7,4` -> [7, 4]; anything else None."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    named = re.fullmatch(r"([a-z])\s*(\d+)", text)
    if named:
        return [ord(named[1]) - ord("a"), int(named[2]) - 1]
    pair = re.fullmatch(r"(\d+)\s*,\s*(\d+)", text)
    return [int(pair[1]), int(pair[2])] if pair else None


def choice(value: Any, field: str, allowed) -> str:
    allowed = list(allowed)
    if not isinstance(value, str) or value not in allowed:
        raise ScenarioError(field, f"got {value!r}; allowed: {', '.join(map(str, allowed))}"
                                   f"{did_you_mean(value, allowed)}")
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
        out["rollouts"] = integer(block["rollouts"], "analysis.rollouts", 1, 10**12)  # runner.MAX_ROLLOUTS
    if block.get("seed") is not None:
        out["seed"] = integer(block["seed"], "analysis.seed", 0, 2**63 - 1)
    if block.get("jobs") is not None:
        out["jobs"] = integer(block["jobs"], "analysis.jobs", -1, 1024)
    return out


def within_box(places, box, what: str, show=str, allowed: str | None = None) -> None:
    """Refuse a component given more often than the game has it, counted across `places`.

    `places`: (field, items) pairs; items are components (each counts once) or a mapping component -> count.
    `box`: how many of each component the game has: one number for every component, or a mapping (a component
    it does not name has none).  The error names the field where the count goes over, the other fields that
    hold it, and what the game has; `show` turns a component into its name.  With `box` 1 this is "no component
    listed twice" (the same card in two hands, a tile in the bag twice); `allowed` replaces "the game has N"
    where another phrase says it better."""
    totals: dict = {}
    fields: dict = {}
    for field, items in places:
        pairs = items.items() if isinstance(items, dict) else ((item, 1) for item in items)
        for item, n in pairs:
            totals[item] = totals.get(item, 0) + n
            fields.setdefault(item, [])
            if field not in fields[item]:
                fields[item].append(field)
            limit = box if isinstance(box, int) else box.get(item, 0)
            if totals[item] > limit:
                others = [f for f in fields[item] if f != field]
                also = f" (with {', '.join(others)})" if others else ""
                name = f"{what} {show(item)}".strip()
                has = allowed or ("the game has none" if limit == 0 else
                                  "the game has one" if limit == 1 else f"the game has {limit}")
                if limit == 1:
                    problem = f"{name} given twice{also}; {has}"
                else:
                    problem = f"{totals[item]} × {name}{also}; {has}"
                raise ScenarioError(field, problem)


def total_within(places, box: int, what: str, allowed: str | None = None) -> None:
    """Refuse more components in all `places` ((field, count) pairs) than the game's `box` holds; the error names
    the field where the sum goes over and what is allowed (`allowed`, else "the game has {box}")."""
    total = 0
    for field, n in places:
        total += n
        if total > box:
            raise ScenarioError(field, f"{total} {what} in all; {allowed or f'the game has {box}'}")
