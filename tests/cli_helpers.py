"""Running the CLI in tests, and the one-line error every bad input must get."""
import re

from typer.testing import CliRunner

from analyzer.cli import app


def invoke(*args, env=None):
    """The CLI in-process; COLUMNS unset unless `env` sets it, so tables print whole whatever the outer terminal."""
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": None, **(env or {})})


def one_line_error(result, *words):
    """Exit code 2 and one stderr line per problem (a scenario may have up to 10), each `error: ...`; the first
    names every word given."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert error_lines(lines), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def error_lines(lines) -> bool:
    """What a refused command prints on stderr: 1 to 10 lines, each `error: ...` (one per problem found)."""
    return 1 <= len(lines) <= 10 and all(line.startswith("error: ") for line in lines)


def parse_balance(data: dict):
    """A balance scenario -> (BalanceSpec, {name: config}), through the game's contract."""
    from analyzer.core import balance, registry

    game = registry.game(data.get("game", "camelup"))
    return balance.parse(game.full(), data, game.name)


class Terminal:
    """A stream that says it is a terminal and keeps what is written to it (progress bars draw only on one)."""

    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def small_search(word: str, budget: int = 4) -> str:
    """A search player's budget capped at `budget` playouts a decision (`search`, `search:64:greedy`, ...): what
    makes it run, not play well."""
    match = re.fullmatch(r"search(:\d+)?(:.+)?", word)
    if match is None or match.group(1) is None and match.group(2) or \
            match.group(1) and int(match.group(1)[1:]) <= budget:
        return word
    return f"search:{budget}{match.group(2) or ''}"

