"""`analyzer new GAME [QUESTION]`: a commented starter scenario for a question, runnable as it is.

Built from what exists, not written per game: the shipped scenario that shows the question (`games.examples`),
the question's help, the game's named settings (its rules module's `SETTINGS`, `core/settings.py`), the
comments its docs page and loader give each field, and the game's own loader, asked what each field allows:
each value is replaced in turn by a word no field takes, and the one-line refusal (what is allowed) becomes
the field's comment; a key no field has makes the loader list the keys a block takes."""
from __future__ import annotations

import copy
import importlib
import os
import re
import sys
import textwrap
from pathlib import Path
from typing import Annotated, Optional

import typer

from analyzer.core import registry

WIDTH = 79
PROBE = "¿?"  # a value no field takes
_PROBE_KEY = "¿probe"
TOP_LEVEL = {"game": "the game (keep it)", "title": "a heading for the tables (any text)",
             "description": "a note kept with the scenario (any text)"}
ANALYSIS = {"rollouts": "Monte Carlo rollouts (-n wins)", "seed": "the root seed (--seed wins)",
            "jobs": "worker processes, -1 every core (-j wins)"}
_EXAMPLE = re.compile(r"^\s+([A-Za-z_]\w*):\s+([^#\s][^#]*?)\s*(?:#.*)?$")  # an indented `key: value` line
_COMMENT = re.compile(r"^\s*-?\s*\{?\s*([A-Za-z_]\w*):\s*[^#]*?#\s*(.+?)\s*$")

Game = Annotated[str, typer.Argument(help="The game (see `analyzer games`).", show_default=False)]
QuestionArg = Annotated[Optional[str], typer.Argument(
    help="The question the scenario is for [default: odds, else the game's first].", show_default=False)]
Out = Annotated[Optional[Path], typer.Option("--output", "-o", help="Write the scenario to this file (never over "
                                                                      "one that exists) instead of printing it.")]


def new(game: Game, question: QuestionArg = None, out: Out = None):
    """Write a commented starter scenario for a question: every field with its meaning and what it allows,
    runnable as it is (`analyzer odds FILE`, `analyzer ask QUESTION FILE`). Change what differs at your table."""
    from analyzer.cli.games import examples
    from analyzer.core import scenario
    from analyzer.core.errors import AnalyzerError, ScenarioError, did_you_mean

    spec = registry.game(game)
    name = question or ("odds" if "odds" in spec.questions else next(iter(spec.questions)))
    spec.question(name)
    command = examples(spec).get(name)
    if command is None:
        raise ScenarioError("QUESTION", f"no shipped {spec.name} scenario asks {name!r}; `analyzer new "
                                        f"{spec.name}` writes one for {', '.join(_covered(spec))}"
                                        f"{did_you_mean(name, _covered(spec))}")
    source = registry.SCENARIOS.parent / command.split()[-1]
    data = scenario.load(source)
    _relink(data, source.parent, (out.parent if out is not None else Path.cwd()).resolve())
    text = starter(spec, name, source, data)
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists():
        raise AnalyzerError(f"-o: {out} exists; name a new file (nothing is written over)")
    _write_new(out, text)
    from analyzer.cli.games import _command

    typer.echo(f"wrote {out}; ask it: {_command(name, str(out))}", err=True)


def _covered(spec) -> list[str]:
    from analyzer.cli.games import examples

    return [q for q in examples(spec) if q in spec.questions]


def _write_new(path: Path, text: str) -> None:
    from analyzer.core.files import write_new

    write_new(path, lambda tmp: tmp.write_text(text, encoding="utf-8"), "-o")


def _relink(data, source: Path, target: Path) -> None:
    """A data file the scenario names (`{file: path}`) relative to its own folder, named from the new one's."""
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            if isinstance(node.get("file"), str) and not Path(node["file"]).is_absolute():
                node["file"] = os.path.relpath((source / node["file"]).resolve(), target)
            todo += list(node.values())
        elif isinstance(node, list):
            todo += node


def starter(spec, question: str, source: Path, data: dict) -> str:
    """The commented scenario text."""
    from analyzer.cli.games import _command

    load = _loader(spec)
    asked = spec.questions[question]
    run = _command(question, "FILE")
    lines = _wrap(f"{spec.title}: a starter scenario for `{run}`.", "# ")
    lines += _wrap(f"{question}: {asked.summary}.", "# ")
    if asked.help and asked.help.strip() != asked.summary.strip():
        lines += _wrap(asked.help, "#   ")
    lines += _wrap(f"Made from {source.relative_to(registry.SCENARIOS.parent)}; it answers as it is. Change "
                   f"what differs at your table: each field's comment says what it is and what it takes.", "# ")
    own = [line for line in source.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    if own:
        lines.append("# Its notes:")
        paragraphs, prose = [], []
        for line in (line.lstrip("# ").strip() for line in own):
            if line.startswith("analyzer "):
                paragraphs += [" ".join(prose), line] if prose else [line]
                prose = []
            else:
                prose.append(line)
        for para in paragraphs + ([" ".join(prose)] if prose else []):
            lines += _wrap(para, "#   ")
    others = [q for q in _covered(spec) if q != question]
    if others:
        lines += _wrap(f"Other questions: {', '.join(others)} (`analyzer new {spec.name} QUESTION`).", "# ")
    meanings, shown = _meanings(spec, load)
    body = _Emitter(load, data, meanings, _settings(spec), shown).lines()
    return "\n".join(lines + body) + "\n"


def _loader(spec):
    from analyzer.core.game import resolve

    return resolve(spec.load)


def _settings(spec) -> dict:
    """The game's named settings, {name: (default, readings)}, where its rules module declares them."""
    try:
        return dict(getattr(importlib.import_module(f"analyzer.games.{spec.name}.rules"), "SETTINGS", {}) or {})
    except ImportError:
        return {}


def _meanings(spec, load) -> tuple[dict[str, str], dict[str, str]]:
    """(key -> the comment the game's loader docstring or its docs page gives it, key -> an example value there);
    a shipped scenario's comments are about its own values."""
    texts = [sys.modules[load.__module__].__doc__ or ""]
    page = registry.SCENARIOS.parent / "docs" / "games" / f"{spec.name.replace('_', '-')}.md"
    if page.is_file():
        texts.append(page.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    examples: dict[str, str] = {}
    for text in texts:
        for line in text.splitlines():
            m = _COMMENT.match(line)
            if m and m[1] not in out and "analyzer " not in m[2] and not re.match(r"\w+:", m[2]):
                out[m[1]] = m[2]
            m = _EXAMPLE.match(line)
            if m and m[1] not in examples and _whole(m[2]):
                examples[m[1]] = m[2]
    return out, examples


def _whole(value: str) -> bool:
    """A value text that stands alone: its brackets balanced, no second `key:` after it."""
    if value.count("{") != value.count("}") or value.count("[") != value.count("]") or value in ("{", "["):
        return False
    return value.startswith(("{", "[")) or not re.search(r",\s*\w+:", value)


def _wrap(text: str, prefix: str) -> list[str]:
    out = []
    for para in text.split("\n\n"):
        out += textwrap.wrap(" ".join(para.split()), WIDTH, initial_indent=prefix,
                             subsequent_indent=prefix if prefix.strip() == "#" else prefix) or [prefix.rstrip()]
    return out


class _Emitter:
    """The scenario in block style, each key under a comment: its meaning and what the loader allows."""

    def __init__(self, load, data: dict, meanings: dict, settings: dict, examples: dict):
        self.load, self.data, self.meanings, self.settings = load, data, meanings, settings
        self.examples = examples  # key -> a value the docs show: for the keys a block leaves out

    def lines(self) -> list[str]:
        out = []
        for key, value in self.data.items():
            out += self._key(key, value, [key], 0)
        if "rules" not in self.data and self.settings:
            out += ["", "# rules: the game's named settings, each at its default unless given:",
                    "# rules:", *self._rules({}, 1)]
        if "analysis" not in self.data:
            out += ["", "# analysis: Monte Carlo size, seed, workers (-n, --seed, -j win over it)",
                    "# analysis: {rollouts: 20000, seed: 1, jobs: 1}"]
        return out

    def _key(self, key, value, path: list, depth: int) -> list[str]:
        pad = "  " * depth
        out = [""] if depth == 0 else []
        note = self._note(key, value, path)
        if note:
            out += _wrap(f"{key}: {note}", pad + "# ")
        if isinstance(value, dict) and value and (depth <= 1 or not _small(value)):
            out.append(f"{pad}{_scalar(key)}:")
            for k, v in value.items():
                out += self._key(k, v, [*path, k], depth + 1)
            out += self._also(value, path, depth + 1)
            if path == ["rules"]:
                out += self._rules(value, depth + 1)
            return out
        if isinstance(value, list) and value and isinstance(value[0], dict):
            fields = {}
            for item in value:
                fields.update({k: v for k, v in item.items() if k not in fields})
            out.append(f"{pad}{_scalar(key)}:")
            for k, v in fields.items():
                note = self._note(k, v, [*path, value.index(next(i for i in value if k in i)), k])
                if note:
                    out += _wrap(f"{k}: {note}", pad + "  # ")
            for item in value:
                line = f"{pad}  - {_flow(item)}"
                out += [line] if len(line) <= WIDTH else _block([item], pad + "  ")
            return out
        text = f"{pad}{_scalar(key)}: {_flow(value)}"
        if len(text) > WIDTH:
            return out + _block({key: value}, pad)
        if path == ["rules"] and isinstance(value, dict):
            return out + [text, *self._rules(value, depth + 1, f"{pad}# rules: every named setting, "
                                                               "at its default unless given")]
        return out + [text]

    def _note(self, key, value, path) -> str:
        if len(path) == 1 and key in TOP_LEVEL:
            return TOP_LEVEL[key]
        meaning = ANALYSIS.get(key, "") if path[0] == "analysis" else self.meanings.get(str(key), "")
        allowed = "" if isinstance(value, (dict, list)) and value else self._allowed(path)
        return "; ".join(x for x in (meaning, allowed) if x)

    def _allowed(self, path) -> str:
        """What the loader says the field at `path` takes, asked with a value no field takes."""
        from analyzer.core.errors import ScenarioError

        data = copy.deepcopy(self.data)
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = PROBE
        try:
            self._reader(path)(data)
        except ScenarioError as exc:
            if not _same_field(exc.field, path):
                return ""
            return _cleaned(exc.problem)
        except Exception:  # noqa: BLE001 - a loader that does not expect the word: nothing to say
            return ""
        return ""  # taken as it is (text), or not read by the loader

    def _reader(self, path):
        """What reads the field at `path`: `analysis:` is the command's, the rest the game's loader."""
        if path[0] == "analysis":
            from analyzer.core.scenario import analysis_settings

            return analysis_settings
        return self.load

    def _also(self, block: dict, path: list, depth: int) -> list[str]:
        """The keys this block takes that the scenario leaves out (at their defaults)."""
        from analyzer.core.errors import ScenarioError

        if path == ["rules"]:
            return []
        data = copy.deepcopy(self.data)
        node = data
        for part in path:
            node = node[part]
        node[_PROBE_KEY] = 1
        try:
            self.load(data)
        except ScenarioError as exc:
            m = re.search(r"unknown (?:key|setting); allowed: ([^;]+)", exc.problem)
            if m and exc.field.endswith(_PROBE_KEY):
                missing = [k for k in m[1].split(", ") if k not in block]
                if missing:
                    pad = "  " * depth
                    out = _wrap(f"also (left at their defaults): {', '.join(missing)}", pad + "# ")
                    for k in missing:
                        said = [x for x in (self.meanings.get(k), self.examples.get(k)) if x]
                        if said:
                            out += _wrap(f"  {k}: {said[0]}" + (f"; e.g. {said[1]}" if len(said) > 1 else "")
                                         if k in self.meanings else f"  {k}: e.g. {said[0]}", pad + "# ")
                    return out
        except Exception:  # noqa: BLE001
            return []
        return []

    def _rules(self, block: dict, depth: int, heading: str | None = None) -> list[str]:
        """Every named setting the scenario leaves out, commented out at its default with its readings."""
        pad = "  " * depth
        out = [heading] if heading else []
        for name, entry in self.settings.items():
            if name in block:
                continue
            if not (isinstance(entry, tuple) and len(entry) == 2):  # a game's own settings table: its page says
                out += _wrap(f"{name}: (the game's page says what it takes)", pad + "# ")
                continue
            default, readings = entry
            if not isinstance(readings, (list, tuple)):
                readings = ()
            allowed = "true, false" if isinstance(default, bool) else ", ".join(map(str, readings or ()))
            if not _plain(default):
                out += _wrap(f"{name}: a table (the game's page gives it)", pad + "# ")
                continue
            shown = _flow(list(default) if isinstance(default, tuple) else default)
            out += _wrap(f"{name}: {shown}" + (f" ({allowed})" if allowed else ""), pad + "# ")
        return out


def _same_field(field: str, path: list) -> bool:
    want = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(path))
    return field == want


def _cleaned(problem: str) -> str:
    """A refusal of the probe word as what the field allows: `got '¿?'; allowed: a, b` -> `allowed: a, b`."""
    text = re.sub(r"(^|[;,:]\s*)got '¿\?'[;:,]?\s*", r"\1", problem).strip(" ;,")
    text = re.sub(r";\s*did you mean [^;]*\?$", "", text)
    text = re.sub(r"^must be ", "", text.replace(repr(PROBE), "it").strip(" ;,"))
    return text


def _block(value, pad: str) -> list[str]:
    """`value` in YAML's block style (long text folded), each line indented by `pad`."""
    import yaml

    dumped = yaml.safe_dump(value, default_flow_style=False, allow_unicode=True, sort_keys=False,
                            width=max(40, WIDTH - len(pad) - 14))  # PyYAML breaks after the width
    return [pad + line for line in dumped.splitlines()]


def _plain(value) -> bool:
    """A value YAML writes as it is: text, numbers, yes/no, and lists of them."""
    if isinstance(value, (list, tuple)):
        return all(isinstance(v, (str, int, float, bool)) or v is None for v in value)
    return isinstance(value, (str, int, float, bool)) or value is None


def _small(value: dict) -> bool:
    return all(not isinstance(v, (dict, list)) or not v for v in value.values()) and len(_flow(value)) <= 60


def _scalar(value) -> str:
    import yaml

    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False).strip().removesuffix(
        "\n...").removesuffix("...").strip()


def _flow(value) -> str:
    return _scalar(value)

