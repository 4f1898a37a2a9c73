"""Every problem a scenario has, not only the first: a game's loader stops at the first bad field, so the
collector takes that field out of (a copy of) the scenario and loads again, up to `LIMIT` problems.

A field taken out falls back to its default, or is reported missing: a problem naming a field already taken
out (or one holding it) is not reported again, and the field holding it is taken out instead.  A list item is
taken out with the others keeping their numbers, so every problem names the item as the file has it.  Later
problems can still follow from earlier ones (a road left without the building taken out), as a compiler's do."""
from __future__ import annotations

import copy
import re

from analyzer.core.errors import ScenarioError, ScenarioProblems
from analyzer.core.scenario import key_name

LIMIT = 10  # problems listed at most
_PART = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def collect(load, data: dict, first: ScenarioError) -> ScenarioError:
    """`first` (what `load(data)` raised) alone, or a ScenarioProblems with every problem found after it."""
    work = copy.deepcopy(data)
    numbers: dict[int, list[int]] = {}  # id(list) -> the file's index of each item left in it
    found, removed, error = [first], [], first
    for _ in range(4 * LIMIT):
        path = _path(error.field)
        if path is None:
            break
        node, file_path = _locate(work, path, numbers)
        if not file_path:  # the scenario as a whole: nothing to take out
            break
        _remove(work, node, numbers)
        removed.append(tuple(file_path))
        try:
            load(work)
            break
        except ScenarioError as exc:
            error = exc
        except Exception:  # noqa: BLE001 - a loader may not expect what is left; report what was found
            break
        again = _path(error.field)
        mapped = tuple(_locate(work, again, numbers)[1]) if again is not None else ()
        shown = ScenarioError(_renumbered(error.field, work, numbers), error.problem)
        if any(mapped == r[:len(mapped)] for r in removed) or any(str(shown) == str(e) for e in found):
            continue  # the field taken out, or one holding it: take out the holder next
        found.append(shown)
        if len(found) == LIMIT:
            break
    return first if len(found) == 1 else ScenarioProblems(found)


def _path(field: str):
    """`position.buildings[1].vertex` -> ['position', 'buildings', 1, 'vertex']; None for a name that is not a
    scenario field (`scenario`, an option)."""
    if not field or field == "scenario" or field.startswith("-"):
        return None
    return [int(m[1]) if m[1] is not None else m[2] for m in _PART.finditer(field)]


def _renumbered(field: str, data, numbers) -> str:
    """`field` with each list item numbered as in the file (items taken out before it shift the loader's)."""
    out, node = [], data
    for m in _PART.finditer(field):
        text = m[0]
        if m[1] is not None and isinstance(node, list) and int(m[1]) < len(node):
            text = f"[{numbers.get(id(node), range(len(node)))[int(m[1])]}]"
            node = node[int(m[1])]
        elif m[2] is not None and isinstance(node, dict):
            node = next((v for k, v in node.items() if key_name(k) == m[2]), None)
        else:
            node = None
        out.append(text)
    return "".join(out)


def _locate(data, path, numbers):
    """The deepest node of `path` the scenario holds: (its parent chain as [(container, key)], its path with
    list items numbered as in the file)."""
    chain, file_path, node = [], [], data
    for part in path:
        if isinstance(node, dict):
            key = next((k for k in node if k == part or key_name(k) == str(part)), _MISSING)
            if key is _MISSING:
                break
            chain.append((node, key))
            file_path.append(key_name(key))
            node = node[key]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            chain.append((node, part))
            file_path.append(numbers.get(id(node), range(len(node)))[part])
            node = node[part]
        else:
            break
    return chain, file_path


def _remove(data, chain, numbers) -> None:
    container, key = chain[-1]
    if isinstance(container, list):
        index = numbers.setdefault(id(container), list(range(len(container))))
        del index[key]
    del container[key]


_MISSING = object()
