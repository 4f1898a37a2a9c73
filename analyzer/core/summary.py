"""A one-screen text summary of any loaded position (`analyzer show`), with no game's own code.

It reads the loaded position (a dataclass) against the scenario that produced it: each field is either given
(its name, or every part of an underscored name, is a key somewhere in the scenario) or a default the loader
filled in, listed as such.  A field holding one value per seat is shown seat by seat; a seat's value that is a
bare count (cards known only by number) is what is hidden.  Rule settings show what differs from their defaults.
"""
from __future__ import annotations

import dataclasses
import textwrap

WIDTH = 79
MAX_LINES = 44  # one screen


def scenario_keys(data) -> set[str]:
    """Every mapping key anywhere in the scenario."""
    keys: set[str] = set()
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            keys.update(str(k) for k in value)
            todo.extend(value.values())
        elif isinstance(value, (list, tuple)):
            todo.extend(value)
    return keys


def given(name: str, keys: set[str]) -> bool:
    return name in keys or all(part in keys for part in name.split("_"))


def named(names=None, per=None) -> dict:
    """A position field's metadata telling `show` how a person reads it: `names` the words for the indices it holds
    (a phase, a colour, a crop), `per` the words for the places of a vector (one count per crop ...); either may
    be the name of a position attribute that holds the words (a camel's colours depend on the edition).  Use as
    `field(default=..., metadata=summary.named(per=CROPS))`."""
    return {key: value if isinstance(value, str) else tuple(value)
            for key, value in (("names", names), ("per", per)) if value is not None}


def _meta(f, position) -> dict:
    """A field's `named` metadata with the words an attribute name points at looked up on the position."""
    return {key: tuple(getattr(position, value)) if isinstance(value, str) else value
            for key, value in f.metadata.items() if key in ("names", "per")}


def _empty_field(value) -> bool:
    return value is None or value is False or (hasattr(value, "__len__") and len(value) == 0)


def _fields(value):
    """(name, value, metadata) of a dataclass or a named tuple; None for anything else."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f.name, getattr(value, f.name), f.metadata) for f in dataclasses.fields(value)]
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return [(name, getattr(value, name), {}) for name in value._fields]
    return None


def _pairs(value) -> bool:
    """((name, value), ...), each name once: a mapping kept as pairs."""
    return (isinstance(value, (tuple, list)) and len(value) > 0 and
            all(isinstance(v, (tuple, list)) and len(v) == 2 and isinstance(v[0], str) and _fields(v) is None
                for v in value)
            and len({v[0] for v in value}) == len(value))


def compact(value, skip=(), meta=None) -> str:
    """A value as a person reads it, in a few words: a board by its label, a record by its fields that hold
    something, pairs as a mapping, yes/no, indices by the words `meta` (a field's `named` metadata) gives."""
    meta = meta or {}
    names, per = (None if isinstance(meta.get(k), str) else meta.get(k) for k in ("names", "per"))
    if per and isinstance(value, (tuple, list)) and len(value) == len(per):
        return "{" + ", ".join(f"{k}: {compact(v, meta={'names': names} if names else None)}"
                               for k, v in zip(per, value)) + "}"
    if names and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return str(names[value])
    label = getattr(value, "label", None)
    if callable(label):
        try:
            return str(label())
        except TypeError:
            pass
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if dataclasses.is_dataclass(value) and hasattr(value, "illustrative") and len(dataclasses.fields(value)) > 3:
        source = getattr(value, "source", "")
        return (f"{type(value).__name__}{' ' + str(source) if source else ''}"
                f"{' (ILLUSTRATIVE)' if value.illustrative else ''}; `analyzer show -o FILE.png` draws it")
    parts = _fields(value)
    if parts is not None:
        held = [f"{name}={compact(v, meta=m)}" for name, v, m in parts if name not in skip and not _empty_field(v)]
        return f"({', '.join(held)})" if held else "(nothing)"
    if isinstance(value, frozenset):
        value = sorted(value, key=repr)
    if isinstance(value, dict) or _pairs(value):
        items = value.items() if isinstance(value, dict) else value
        return "{" + ", ".join(f"{k}: {compact(v, meta=meta)}" for k, v in items) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(compact(v, skip, meta) for v in value) + "]"
    return str(value)


def _line(head: str, text: str, rows: int = 1) -> str:
    """`head: text` in at most `rows` lines of the terminal, cut short with … when longer."""
    lines = textwrap.wrap(f"{head}: {text}", WIDTH, initial_indent="  ", subsequent_indent="    ",
                          break_on_hyphens=False)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = lines[-1][:WIDTH - 1] + "…"
    return "\n".join(lines)


def _per_seat(value, players) -> bool:
    """One value per seat (a seat's hand, money ...): not a row of names that happens to have as many."""
    return (isinstance(players, int) and isinstance(value, tuple) and len(value) == players > 1
            and not all(isinstance(v, str) for v in value))


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _by_owner(value, players) -> dict:
    """Items that say whose they are (an `owner` seat), grouped by seat; {} for anything else."""
    if not (isinstance(value, tuple) and value and isinstance(players, int)
            and all(isinstance(getattr(v, "owner", None), int) for v in value)):
        return {}
    out: dict = {}
    for v in value:
        out.setdefault(v.owner, []).append(v)
    return dict(sorted(out.items()))


def _default(f):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _NONE


_NONE = object()


def _empty(value) -> bool:
    return value is None or value is False or value == 0 or (hasattr(value, "__len__") and len(value) == 0)


def _is_rules(value) -> bool:
    return hasattr(value, "changed") and hasattr(value, "labels")


def filled_in(position, data: dict) -> list:
    """The fields the loader filled in with their defaults (not in the scenario): (field, value), in field order."""
    keys = scenario_keys(data)
    out = []
    for f in dataclasses.fields(position):
        value = getattr(position, f.name)
        if f.name == "players" or _is_rules(value) or given(f.name, keys):
            continue
        if value == _default(f) or _default(f) is _NONE and "board" in f.name:
            out.append((f, value))
    return out


ASSUMED_WIDTH = 36  # a value in the `assumed` note: cut short past this, `analyzer show` has it whole


def assumed(position, data: dict) -> str | None:
    """One note for every answer built on the position: each default the loader filled in, in a few words."""
    parts = []
    for f, value in filled_in(position, data):
        text = compact(value, meta=_meta(f, position))
        parts.append(f"{f.name} {text if len(text) <= ASSUMED_WIDTH else text[:ASSUMED_WIDTH - 1] + '…'}")
    if not parts:
        return None
    return "assumed (not in the scenario; `analyzer show SCENARIO` lists them): " + "; ".join(parts)


def summary(title: str, position, data: dict) -> str:
    """The summary: each seat's holdings, what the scenario gave, what the loader worked out from it and every
    default it filled in.  Past one screen the given fields are cut short, never the rest."""
    keys = scenario_keys(data)
    players = getattr(position, "players", None)
    seats: dict = {}
    given_lines, worked, hidden = [], [], []
    defaults = filled_in(position, data)
    default_lines = [line for f, value in defaults
                     for line in _lines(_line(f.name, compact(value, meta=_meta(f, position))))]
    filled = {f.name for f, _ in defaults}
    rules = None
    for f in dataclasses.fields(position):
        value = getattr(position, f.name)
        if _is_rules(value):
            rules = value
            continue
        if f.name == "players" or f.name in filled:
            continue
        meta = _meta(f, position)
        if not given(f.name, keys):
            worked.extend(_lines(_line(f.name, compact(value, meta=meta))))
            continue
        owned = _by_owner(value, players)
        if owned:
            for seat, items in owned.items():
                seats.setdefault(seat, []).append(f"{f.name} {compact(items, ('owner',), meta)}")
        elif _per_seat(value, players) and len(meta.get("per", ())) != len(value):
            for seat, held in enumerate(value):
                if not _empty(held):
                    seats.setdefault(seat, []).append(f"{f.name} {compact(held, meta=meta)}")
                if isinstance(held, int) and not isinstance(held, bool) and f.name in ("hands", "hand"):
                    hidden.append(f"seat {seat}'s {held} cards")
            if not any(not _empty(held) for held in value):
                given_lines += _lines(_line(f.name, "none for every seat"))
        else:
            given_lines += _lines(_line(f.name, compact(value, meta=meta)))
    head = [*textwrap.wrap(title, WIDTH, subsequent_indent="  "), f"players: {players if players is not None else '-'}"]
    seat_lines = [line for seat, held in sorted(seats.items()) for line in _lines(_line(f"seat {seat}", "; ".join(held), 3))]
    body = (["per seat:", *seat_lines] if seat_lines else []) + (["given:", *given_lines] if given_lines else [])
    tail = textwrap.wrap("hidden (counts only): " + ", ".join(hidden), WIDTH, subsequent_indent="  ") if hidden else []
    if worked:
        tail += ["worked out by the loader from the rest of the scenario:", *worked]
    tail.append("defaults the loader filled in (not in the scenario):" if default_lines else
                "defaults the loader filled in: none")
    tail += default_lines
    for label in rules.labels() if rules is not None else ():
        tail += textwrap.wrap(label, WIDTH, subsequent_indent="  ")
    if getattr(position, "illustrative", False):
        tail.append("ILLUSTRATIVE data: every answer on this position says so")
    room = max(4, MAX_LINES - len(head) - len(tail))
    if len(body) > room:
        body = body[:room - 1] + [f"  ... {len(body) - room + 1} more lines of given fields"]
    return "\n".join(head + body + tail)
