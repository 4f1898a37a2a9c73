"""Every command the README and the documentation pages (docs/**/*.md) show is run, with small counts: their shell
blocks and worked examples (`$ analyzer ...`), and inline commands complete enough to run; and every scenario they
show inline (a YAML block naming its `game:`) loads.  Placeholders are filled in (SCENARIO, QUESTION,
GAME), `for` loops expanded, counts shrunk (`-n`, `--games`, `--precision` and a search player's budget
capped) and outputs kept in a temporary folder.  What cannot run here is checked for its syntax only, by parsing it with the command's own
parser: `make` targets, Dask cluster examples (`dask scheduler`, `dask worker`, `--backend dask`, HOST), the
benchmarks, the web server and the interactive prompt."""
from __future__ import annotations

import contextlib
import re
import shlex
import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import invoke, small_search

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
SMALL = {"balance": "4", "report": "4", "strength": "2"}  # games (per rule set); anything else: rollouts
ROLLOUTS = "2000"
SEARCH_BUDGET = "4"  # the search player's playouts a decision: what makes it run, not play well
POSITION = "scenarios/camelup/mid-leg.yaml"
BALANCE = "scenarios/camelup/balance-policies.yaml"
STRENGTH = "scenarios/puerto_rico/balance-start-crops.yaml"  # a game with the search player
TUNE = "scenarios/puerto_rico/tune-start-doubloons-3p.yaml"


def _lines(text: str):
    """(command line, where) for every command in the README's shell and text blocks, continuations joined."""
    for match in re.finditer(r"```(\w*)\n(.*?)```", text, re.S):
        lang, body = match.groups()
        if lang not in ("sh", "text", "", "console"):
            continue
        where = text[: match.start()].count("\n") + 1
        joined = re.sub(r"\\\n\s*", " ", body)
        loop, on_dask = None, False
        for raw in joined.splitlines():
            line = raw.strip()
            if line.startswith("$ "):
                line = line[2:]
            elif lang == "text":
                continue
            head = re.match(r"for (\w+) in (.*?); do$", line)
            if head:
                loop = (head.group(1), head.group(2).split())
                continue
            if line == "done":
                loop = None
                continue
            if not re.match(r"(analyzer|make|dask|export)(\s|$)", line):
                continue
            on_dask = on_dask or bool(re.match(r"export .*ANALYZER_BACKEND=dask", line))
            tag = "on a Dask cluster" if on_dask else ""  # the lines after `export ANALYZER_BACKEND=dask`
            if loop is not None:
                name, values = loop
                for value in values:
                    yield line.replace(f"${name}", value).replace(f"${{{name}}}", value), where, tag
            else:
                yield line, where, tag


def _words(line: str) -> list[str]:
    words = shlex.split(line, comments=True)
    if ">" in words:  # a shell redirection: the command prints what it would write (the fixture writes it)
        words = words[: words.index(">")]
    return words


def _command_path(words: list[str]):
    """(the command path within analyzer, the rest) using the CLI's own tree."""
    from typer.core import TyperGroup
    from typer.main import get_command

    from analyzer.cli import app

    command, path = get_command(app), []
    rest = list(words[1:])
    while isinstance(command, TyperGroup) and rest and command.get_command(None, rest[0]) is not None:
        command = command.get_command(None, rest[0])  # a game's sub-app is imported here, as when it runs
        path.append(rest.pop(0))
    return command, path, rest


def _fill(words: list[str]) -> list[str]:
    """Placeholders -> values that run."""
    _, path, _ = _command_path(words)
    scenario = {"balance": BALANCE, "report": BALANCE, "strength": STRENGTH, "tune": TUNE}.get(
        path[0] if path else "", POSITION)
    out = []
    for w in words:
        w = {"SCENARIO": scenario, "QUESTION": "odds", "[QUESTION]": "odds", "GAME": "magellan", "[GAME]": "magellan"}.get(w, w)
        out.append(w)
    return out


def _rollouts(path: list[str], rest: list[str]) -> str:
    """ROLLOUTS, or a tenth of the question's own default where that is smaller (whole-game rollouts are dear)."""
    from analyzer.core import registry, scenario

    files = [w for w in rest if w.endswith((".yaml", ".yml", ".json")) and (ROOT / w).is_file()]
    question = path[0] if path[:1] in (["odds"], ["ev"]) else rest[0] if path[:1] == ["ask"] and rest else None
    if not files or question is None:
        return ROLLOUTS
    game = registry.game(scenario.load(ROOT / files[0]).get("game"))
    default = game.questions[question].default_rollouts if question in game.questions else None
    return ROLLOUTS if default is None else str(min(int(ROLLOUTS), max(24, default // 10)))


def _has_ladder(rest: list[str]) -> bool:
    return any(w.endswith((".yaml", ".yml")) and (ROOT / w).is_file() and
               re.search(r"^ladder:", (ROOT / w).read_text(), re.M) for w in rest)


def _shrink(words: list[str]) -> list[str]:
    """Small counts: -n/--rollouts/--games set small (or added), --precision capped at one chunk."""
    command, path, rest = _command_path(words)
    names = {o for p in command.params for o in getattr(p, "opts", [])}
    small = SMALL.get(path[0] if path else "", _rollouts(path, rest))
    if small in SMALL.values() and _has_ladder(rest):
        small = "2"  # every rung plays: search players whose budget the scenario sets, not the command line
    out, i, sized = list(words[: len(words) - len(rest)]), 0, False
    while i < len(rest):
        w = rest[i]
        if w in ("-n", "--rollouts", "--games") and i + 1 < len(rest):
            out += [w, small]
            i, sized = i + 2, True
            continue
        if w == "--max-rollouts" and i + 1 < len(rest):
            i += 2
            continue
        out.append(w)
        i += 1
    if "--precision" in out:
        out += ["--max-rollouts", "65536" if small == ROLLOUTS else small]
    elif not sized and "-n" in names:
        at = len(words) - len(rest)
        out[at:at] = ["-n", small]
    if "--no-progress" in names:
        out.append("--no-progress")
    return [small_search(w, int(SEARCH_BUDGET)) for w in out]


def _syntax_only(line: str, words: list[str]) -> str | None:
    """Why a command is checked for its syntax only (None: it runs)."""
    if words[0] in ("make", "dask", "export"):
        return words[0]
    if "HOST" in line or "--backend" in words and "dask" in words:
        return "a Dask cluster"
    if "..." in line:
        return "a placeholder"
    _, path, rest = _command_path(words)
    if path[:1] == ["bench"]:
        return "the benchmarks"
    if path == ["camelup", "serve"]:
        return "a web server"
    if path == ["camelup", "table"] and not [w for w in rest if not w.startswith("-")]:
        return "the interactive prompt"
    return None


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def cases():
    found, seen = [], set()
    for page in PAGES:
        text = page.read_text()
        for line, where, tag in _lines(text):
            words = _words(line)
            if not words or line in seen:
                continue
            seen.add(line)
            found.append(pytest.param(line, tag, id=f"{_name(page)}:{where}: {line[:70]}"))
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        for match in re.finditer(r"`(analyzer [^`]+)`", prose):
            line = " ".join(match.group(1).split())
            if line not in seen and "..." not in line and not re.search(r"\b[A-Z]{4,}\b", line) and _complete(line):
                seen.add(line)
                found.append(pytest.param(line, "", id=f"{_name(page)} inline: {line[:70]}"))
    return found


def _complete(line: str) -> bool:
    """An inline `analyzer ...` that is a whole command (not a mention of one, like `analyzer ev`)."""
    command, path, rest = _command_path(_words(line))
    if not path or hasattr(command, "commands"):
        return False
    try:
        command.make_context(" ".join(path), list(rest))
    except Exception:  # noqa: BLE001 - a usage error: it names a command, it does not run one
        return False
    return True


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder with the shipped scenarios in it (as the README's relative paths expect) and `big.yaml`."""
    work = tmp_path_factory.mktemp("readme")
    (work / "scenarios").symlink_to(ROOT / "scenarios")
    shutil.copy(ROOT / "scenarios" / "camelup" / "five-dice.yaml", work / "big.yaml")
    board = invoke("board", "magellan", "--template")  # `analyzer board magellan --template > my-board.yaml`
    assert board.exit_code == 0, board.output
    (work / "my-board.yaml").write_text(_filled_in(board.stdout))
    return work


def _filled_in(template: str) -> str:
    """The board file as a user fills it in: every blank row replaced by numbers (here: the ones its comment
    gives, as if the printed board had them)."""
    lines = []
    for line in template.splitlines():
        given = re.search(r"#.*:\s*(\[[^\]]*\])\s*$", line)
        if "null" in line and given:
            line = re.sub(r"\[[^\]]*null[^\]]*\]", given.group(1), line, count=1)
        lines.append(line)
    return "\n".join(lines) + "\n"


def _check_syntax(words: list[str], why: str):
    if words[0] == "make":
        targets = re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M)
        assert words[1] in targets, f"make {words[1]}: no such target"
        return
    if words[0] == "export":
        for pair in words[1:]:
            name, _, value = pair.partition("=")
            assert name.startswith("ANALYZER_") and value, pair
        return
    if words[0] == "dask":
        cli = pytest.importorskip(f"distributed.cli.dask_{words[1]}")
        cli.main.make_context(f"dask {words[1]}", words[2:])
        return
    from analyzer.cli.errors import check_command_line

    command, path, rest = _command_path(words)
    assert path and not hasattr(command, "commands") or why == "a placeholder", f"no such command: {words}"
    if why == "a placeholder":
        return
    check_command_line(_command_path(["analyzer"])[0], words[1:])
    command.make_context(" ".join(path), [w.replace("HOST", "10.0.0.5") for w in rest])  # parses, runs nothing


@pytest.mark.parametrize("line,tag", cases())
def test_every_documented_command_runs(line, tag, workdir):
    words = _fill(_words(line))
    why = tag or _syntax_only(line, words)
    if why is not None:
        _check_syntax(words, why)
        return
    args = _shrink(words)[1:]
    if _command_path(words)[1] == ["camelup", "table"]:
        args[2:2] = ["--no-answers"] if "--no-answers" not in args else []
    with contextlib.chdir(workdir):
        result = invoke(*args, env={"ANALYZER_BACKEND": None, "ANALYZER_SCHEDULER": None})
    assert result.exit_code == 0, f"analyzer {' '.join(args)}\n{result.output}"
    assert "error:" not in result.stderr and "Traceback" not in result.output


def test_the_pages_find_their_commands():
    lines = [p.values[0] for p in cases()]
    assert len(lines) >= 100
    assert any(line.startswith("analyzer report") for line in lines)
    assert any(line.startswith("dask worker") for line in lines)
    assert any(line.startswith("analyzer balance scenarios/catan/") for line in lines)  # a game's own page


def test_the_pages_do_not_point_outside_the_repository():
    """No `../shared/...`: a user of the repository has only what is in it."""
    for page in PAGES:
        assert "../shared" not in page.read_text(), f"{_name(page)} names files outside the repository"


def test_the_readme_stays_short():
    lines = README.read_text().splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines; move the detail into docs/"
    assert "make test" in README.read_text()


def _scenarios():
    """(page, line, YAML text) of every inline scenario: a ```yaml block that names its `game:`."""
    for page in PAGES:
        text = page.read_text()
        for match in re.finditer(r"```yaml\n(.*?)```", text, re.S):
            if re.search(r"^game:", match.group(1), re.M):
                yield pytest.param(match.group(1), id=f"{_name(page)}:{text[:match.start()].count(chr(10)) + 1}")


@pytest.mark.parametrize("body", list(_scenarios()))
def test_every_inline_scenario_loads(body):
    """A position scenario parses into its game's position; a balance scenario into its rule sets."""
    from analyzer.core import registry, scenario

    data = scenario.parse(body)
    game = registry.game(data["game"])
    if data.get("position") is not None:
        game.position(data)
    else:
        _balance_loads(game, data)


def _balance_loads(game, data: dict) -> None:
    from analyzer.core import tune
    from analyzer.core.balance.variants import parse

    if "tune" in data:  # a tune scenario: its candidates as rule sets
        data = tune.load(data, game.full())[1]
    parse(game.full(), data, game.name)
