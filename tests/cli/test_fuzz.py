"""A fuzz suite over every command of every registered game, flags and files alike, in-process (CliRunner).

Commands are read from the CLI itself (the root's, and every game's quick-entry sub-app mounted from the
registry), so a new command or option is fuzzed as soon as it exists.  Each case draws options of the command
(values by the option's type and name: counts, seeds, paths, addresses, the games' own words, junk), sometimes
one given twice or an unknown one, and files: shipped scenarios, scenarios with one place replaced by junk,
files with duplicate keys, broken YAML, folders, devices.  Every case must end with exit code 0, or 2 and
exactly one line on stderr (`error: ...`); never a traceback; and a failed case writes nothing.

Sizes are kept small (`-n` is added when a case has none) and the commands that would run for long are
fuzzed on their refusals only: `bench` (benchmarks) gets no game it knows, `camelup serve` (a web server)
never a valid port, `camelup table` always one event (never its interactive prompt).  No address other than
127.0.0.1 is ever contacted.  ANALYZER_FUZZ_EXAMPLES sets the examples per command (default 20).
"""
from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import socket
import stat
import tempfile
import threading
from enum import Enum
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from analyzer.core import registry
from tests.cli.commands import COMMANDS, argument_params, option_params
from tests.cli_helpers import error_lines, invoke
from tests.junk import junk, paths

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("ANALYZER_FUZZ_EXAMPLES", "20"))
HUGE = "1" + "0" * 30
ENV = {"ANALYZER_BACKEND": None, "ANALYZER_SCHEDULER": None, "ANALYZER_CONNECT_TIMEOUT": None, "COLUMNS": "160"}


# ---------------------------------------------------------------------------------------------
# the playground: files and folders every case may name (made once; a failed case must leave it as it was)

WORK = Path(tempfile.mkdtemp(prefix="analyzer-fuzz-"))
atexit.register(shutil.rmtree, WORK, True)  # made at collection: removed even if no case runs
SCEN = WORK / "files"
FAST_POSITIONS = [ROOT / "scenarios" / g / n for g, n in [
    ("camelup", "mid-leg.yaml"), ("camelup", "five-dice.yaml"), ("camelup", "second-edition-crazy.yaml"),
    ("camelup", "supercup-boost-action.yaml"), ("camelup", "supercup-placement-bets.yaml"),
    ("magellan", "bid.yaml"), ("magellan", "pizarro.yaml"), ("magellan", "setup.yaml")]]
QUICK_BALANCE = {
    "camelup": {"game": "camelup", "players": 3, "policies": "random",
                "variants": {"base": {}, "rich": {"starting_money": 5}}},
    "magellan": {"game": "magellan", "players": 3, "policies": "value", "variants": {"a": {}, "b": {"players": 4}}},
}
JUNK_FILES = {
    "dup-key.yaml": "game: camelup\nposition:\n  track: {1: [blue], 1: [green]}\n  dice_left: [blue]\n",
    "dup-top.yaml": "game: camelup\ngame: camelup\n",
    "dup-key.json": '{"game": "camelup", "game": "magellan"}',
    "broken.yaml": "game: camelup\nposition: [\n",
    "broken.json": '{"game": ',
    "empty.yaml": "",
    "list.yaml": "- game\n- camelup\n",
    "chess.yaml": "game: chess\n",
    "huge.yaml": f"game: camelup\nposition: {{track: {{1: [blue]}}, dice_left: [blue]}}\nanalysis: {{rollouts: {HUGE}}}\n",
    "deep.yaml": "game: camelup\nx: " + "[" * 3000 + "]" * 3000 + "\n",
    "bomb.yaml": "game: camelup\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                 "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                 "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n",
    "position-as-balance.yaml": "game: camelup\nposition: {track: {1: [blue]}, dice_left: [blue]}\nvariants: {a: {}}\n",
    "junk.ck": "not a checkpoint",
}


def _setup_playground():
    SCEN.mkdir(parents=True)
    for name, text in JUNK_FILES.items():
        (SCEN / name).write_text(text)
    (SCEN / "binary.yaml").write_bytes(b"\xff\xfe\x00game")
    (SCEN / "folder.yaml").mkdir()
    for game, data in QUICK_BALANCE.items():
        (SCEN / f"balance-{game}.yaml").write_text(yaml.safe_dump(data))
    (WORK / "mine").mkdir()
    (WORK / "mine" / "notes.txt").write_text("a user's file")
    (WORK / "empty").mkdir()
    (WORK / "file.txt").write_text("a file")


_setup_playground()


def _banner_server():
    """A TCP service on 127.0.0.1 that is not Dask: it greets with a banner (a Dask client would read it as the
    length of a message)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with contextlib.suppress(OSError):
                conn.sendall(b"SSH-2.0-OpenSSH_9.6 not-dask\r\n" * 4)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return server


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


BANNER = _banner_server()
SCHEDULERS = ["", " ", "foo", "tcp://", "tcp://127.0.0.1", "tcp://127.0.0.1:99999", "http://127.0.0.1:80",
              "tcp://[::1", "tcp://127.0.0.1:80/x", "a b:1", f"tcp://127.0.0.1:{_closed_port()}",
              f"tcp://127.0.0.1:{BANNER.getsockname()[1]}", "x" * 300]


atexit.register(BANNER.close)


OUT_PATHS = [str(WORK / "o1"), str(WORK / "o2" / "deep"), str(WORK / "mine"), str(WORK / "empty"),
             str(WORK / "file.txt"), "/sys/x", "/proc/x", "/proc/self/status", "/dev/null", "/dev/null/x",
             str(WORK / ("a" * 300)), "", ".", str(WORK / "r.html"), str(WORK / "rep" / "r"), str(WORK / "nodir" / "x"),
             str(SCEN / "folder.yaml")]
CK_PATHS = [str(WORK / "ck1.ck"), str(SCEN / "junk.ck"), str(WORK / "file.txt"), str(WORK / "empty"), "/proc/x.ck",
            "/dev/null", "", str(WORK / ("c" * 300)), str(WORK / "nodir" / "x.ck")]
SCENARIO_FILES = [str(p) for p in FAST_POSITIONS] + [str(p) for p in sorted(SCEN.iterdir())] + [
    str(WORK / "mutated.yaml"), str(WORK / "missing.yaml"), "/dev/null", "/proc/self/status", "", str(WORK)]
WORDS = ["1:bg 3:y 4:ow", "1:bgoyw", "byw", "6+@2", "6+@2 9-@0", "b:3,2 g:", "g5 2:b3", "3,5,2,4", "w", "second",
         "first", "long_track,boost_dice", "o", "y", "1,2", "0:1", "9@1", "y5@3", "0-3", "1:bg 2:y 3:rp 15:w 16:k",
         "cook", "polo", "A", "B", "1 2 4 6 8", "12", "0", "1", "crowns", "gold", "value", "x" * 300, ""]
TABLE_WORDS = ["show", "help", "new", "--track", "1:bg 3:y 4:ow", "roll", "b", "2", "take", "y", "desert", "7",
               "+", "undo", "odds", "bogus", "9" * 40]  # never "--" alone: no words would open the interactive prompt


# values known to be accepted, by option name (a case drawn "valid" gives only these, or leaves the option out)
VALID = {
    "rollouts": [1, 7, 64, 300], "games": [1, 8, 16], "seed": [0, 3, 2**63 - 1], "jobs": [1, 2, -1],
    "backend": ["local"], "connect_timeout": [0.5, 5], "fmt": ["table", "json", "csv", "markdown"],
    "out": [str(WORK / "o1"), str(WORK / "o2" / "deep"), str(WORK / "empty"), str(WORK / "rep" / "r.html")],
    "state": [str(WORK / "table.json")], "top": [3, 10],
    # camelup quick entry
    "track": ["1:bg 3:y 4:ow", "1:bgoyw", "2:by 5:gow"], "dice": ["byw", "bgoyw"], "desert": ["6+@2", "9-@0"],
    "tiles": ["b:3,2"], "held": ["g5"], "players": [3, 4, 5], "me": [0, 1], "winner_cards": [0, 1],
    "loser_cards": [0], "placed": ["w"], "edition": ["first"],
    # magellan quick entry
    "card": ["cook", "polo"], "phase": [1], "hand": ["1,4,8", "2,3,5,7"], "drawn": ["5,7"], "scores": ["crowns"],
}
NEVER_VALID = {"precision", "max_rollouts", "scheduler", "resume", "port"}  # a valid one would run long / listen


def _values(param, path, valid: bool):
    """The values a case may give an option, by its name and type (only accepted ones if `valid`)."""
    name = param.name
    if valid:
        values = VALID.get(name, [])
        if name == "rollouts" and path[-1] in ("balance", "report"):
            values = VALID["games"]
        if name == "out" and path[-1] == "report":
            values = [str(WORK / "rep" / "r.html"), str(WORK / "r2.html")]
        elif name == "out":
            values = values[:3]
        if name == "checkpoint":
            values = [str(WORK / f"ck-{next(_COUNTER)}.ck")]
        return values
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    bad_int = [0, -1, HUGE, "x", "1e3", "", "9" * 5000]
    if name in ("rollouts", "games"):
        return bad_int + [10**12 + 1]
    if name == "seed":
        return [-1, HUGE, "x", 2**64]
    if name == "jobs":
        return [0, -2, "x", HUGE]
    if name == "precision":  # only refusals: a valid target runs at least a whole chunk
        return [0, -1, "nan", "inf", "-inf", "x", ""]
    if name == "max_rollouts":
        return [100, 0, -1, HUGE, "x"]
    if name == "backend":
        return ["dask", "spark", ""]
    if name == "scheduler":
        return SCHEDULERS
    if name == "connect_timeout":
        return [0, -1, "nan", "x", 1e9]
    if name == "port":  # camelup serve: never one it could listen on
        return [0, -1, 70000, "x", ""]
    if name in ("checkpoint", "resume", "state"):
        return CK_PATHS
    if name == "json" and annotation is not bool:
        return OUT_PATHS
    if annotation is Path:
        return OUT_PATHS
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [m.value for m in annotation] + ["xml", ""]
    if annotation is int:
        return [0, 1, 2, 3, 5, -1, HUGE, "x"]
    if annotation is float:
        return [0.5, 1, 0, -1, "nan", "inf", "x"]
    return WORDS


_COUNTER = iter(range(10**9))


def _argument_values(param, path, valid: bool):
    if param.name == "scenario":
        if valid:
            if path[-1] in ("balance", "report"):
                return [str(SCEN / f"balance-{g}.yaml") for g in QUICK_BALANCE]
            return [str(p) for p in FAST_POSITIONS] + [str(WORK / "mutated.yaml")]
        return SCENARIO_FILES
    if param.name == "question":
        return ["odds", "ev"] if valid else ["odds", "ev", "pay", "pizarro", "route", "", "x" * 100]
    if param.name == "game":
        if path == ("bench",):  # never a game it knows: a benchmark would run
            return ["chess", "", "x" * 100, "CAMELUP"]
        return list(registry.GAMES) if valid else list(registry.GAMES) + ["chess", ""]
    return WORDS


@st.composite
def command_lines(draw, path, command):
    """A command line: all valid (as far as the values go), one bad thing in it, or anything."""
    mode = draw(st.sampled_from(["valid", "valid", "one bad", "anything"]))
    bad_left = {"valid": 0, "one bad": 1, "anything": 10**6}[mode]

    def bad() -> bool:
        nonlocal bad_left
        if bad_left and draw(st.integers(0, 2)) == 0:
            bad_left -= 1
            return True
        return False

    args = list(path)
    for param in argument_params(command):
        if param.required or path == ("bench",) or draw(st.booleans()):
            invalid = bad()
            values = _argument_values(param, path, valid=not invalid)
            args.append(str(draw(st.sampled_from(values))))
    options = option_params(command)
    chosen = []
    for param in options:
        want = (param.required and draw(st.integers(0, 9)) > 0) or draw(st.integers(0, 3)) == 0
        if want:
            chosen.append(param)
    if path == ("camelup", "serve") and not any(p.name == "port" for p in chosen):
        chosen += [p for p in options if p.name == "port"]
    for param in draw(st.permutations(chosen)):
        names = [*param.opts, *param.secondary_opts]
        spelling = draw(st.sampled_from(names))
        if getattr(param, "is_flag", False):
            args.append(spelling)
            if bad():
                args.append(draw(st.sampled_from(names)))  # the same flag again
            continue
        invalid = param.name in NEVER_VALID or bad()
        values = _values(param, path, valid=not invalid) or _values(param, path, valid=False)
        value = str(draw(st.sampled_from(values)))
        if spelling.startswith("--") and draw(st.integers(0, 4)) == 0:
            args.append(f"{spelling}={value}")
        else:
            args += [spelling, value]
        if bad():  # the same option again
            args += [draw(st.sampled_from(names)), value]
    if bad():
        extra = ["--bogus", "-z", "--help"] + (["--"] if path != ("camelup", "table") else [])
        args.insert(draw(st.integers(len(path), len(args))), draw(st.sampled_from(extra)))
    names = {p.name for p in chosen}
    has_count = any(p.name in ("rollouts", "games") for p in options)
    if has_count and not names & {"rollouts", "games", "precision"}:
        args += ["-n", "8" if path[-1] in ("balance", "report") else "300"]
    if path[-1] in ("balance", "report") and not names & {"jobs"}:
        args += ["-j", "1"]
    if path == ("camelup", "table"):
        args += draw(st.lists(st.sampled_from(TABLE_WORDS), min_size=1, max_size=4))
    return args


def _mutated(draw_data):
    """A shipped position scenario with one place (a key's value, a list item) replaced by junk."""
    source = draw_data.draw(st.sampled_from(FAST_POSITIONS), label="mutated from")
    data = yaml.safe_load(source.read_text())
    places = [p for p in paths(data) if p]
    place = draw_data.draw(st.sampled_from(places), label="place")
    node = data
    for key in place[:-1]:
        node = node[key]
    node[place[-1]] = draw_data.draw(junk(["blue", "cook", "oasis", "second", "A"]), label="junk")
    (WORK / "mutated.yaml").write_text(yaml.safe_dump(data))


def snapshot() -> dict:
    found = {}
    for dirpath, dirnames, filenames in os.walk(WORK):
        dirnames[:] = [d for d in dirnames if d != ".hypothesis"]
        for name in dirnames + filenames:
            full = os.path.join(dirpath, name)
            st_ = os.lstat(full)
            found[full] = (stat.S_IFMT(st_.st_mode), st_.st_size, st_.st_mtime_ns)
    return found


def _outside_untouched():
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null was replaced"
    for path in ("/dev/null.html", "/dev/null.md", "/dev/null-plots", "/sys/x", "/proc/x"):
        assert not os.path.lexists(path), path


IDS = [" ".join(p) for p, _ in COMMANDS]
# no shrinking unless asked (ANALYZER_FUZZ_SHRINK=1): a case that runs a command is slow to shrink, and the
# failure message shows the whole command line anyway
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if os.environ.get("ANALYZER_FUZZ_SHRINK")
                                                          else [])


@pytest.mark.parametrize("path,command", COMMANDS, ids=IDS)
@settings(max_examples=EXAMPLES, deadline=None, database=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(data=st.data())
def test_every_command_exits_cleanly_and_a_failure_writes_nothing(path, command, data):
    _mutated(data)
    args = data.draw(command_lines(path, command), label="command line")
    before = snapshot()
    with contextlib.chdir(WORK):
        result = invoke(*args, env=ENV)
    shown = f"analyzer {' '.join(map(repr, args))}\n--- stdout\n{result.stdout[-2000:]}\n--- stderr\n{result.stderr}"
    if result.exc_info is not None and not isinstance(result.exception, SystemExit):
        import traceback

        shown += "\n--- exception\n" + "".join(traceback.format_exception(*result.exc_info))
    event(f"exit {result.exit_code}")
    assert result.exit_code in (0, 2), shown
    assert "Traceback" not in result.output and "Exception ignored" not in result.output, shown
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert error_lines(lines), shown
        if "--help" not in args:
            after = snapshot()
            assert after == before, f"a failed command wrote something\n{shown}"
    _outside_untouched()


def test_the_fuzz_reaches_every_game_and_command():
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"odds", "ev", "ask", "balance", "report", "games", "board", "bench"} <= names
    for game in registry.games():
        if game.quick_entry is not None:
            assert any(n.startswith(game.name + " ") for n in names), game.name
