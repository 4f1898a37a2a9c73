"""Bad input gets a clear answer, never a traceback (DESIGN.md, principle 6).

Property tests feed malformed and random Camel Up scenarios to the loader (`scenario.parse`
then `state.parse_position`) and to the CLI (`analyzer odds|ev FILE` and the quick-entry
`analyzer camelup odds|ev --track ...`).  The loader must return a Position or raise
ScenarioError; the CLI must exit 0, or exit 2 with one line on stderr, `error: ...`, that
names what is wrong.  Example tests pin the exact field named for the common mistakes.
"""
from __future__ import annotations

import json
import re

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.cli_helpers import error_lines
from tests.junk import paths
from typer.testing import CliRunner

from analyzer.cli import app
from analyzer.core import scenario
from analyzer.core.errors import ScenarioError
from analyzer.games.camelup.state import Position, parse_position

CAMELS = ["blue", "green", "orange", "yellow", "white"]
CAMEL_NAMES = CAMELS + ["b", "g", "o", "y", "w", "Blue", " white ", "red", "purple", "black", "r", "", "bluegreen"]
HUGE = [2**63, -(2**63) - 1, 10**100, -(10**300), 2**4000]
FAST = ["--rollouts", "1000", "--seed", "1", "--jobs", "1", "--no-progress", "--format", "json"]
NAMED = re.compile(r"'[^']+'|--\w|\([^)]+\)")  # 'scenario', --bogus, (foo)

runner = CliRunner()

# ---------------------------------------------------------------------------------------------
# strategies

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-20, 40), st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6), st.sampled_from(CAMEL_NAMES),
    st.sampled_from(["1", " 3 ", "-1", "17", "²", "--3", "1_0", "0x10", "oasis", "mirage", "sand", "first"]),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=5), st.integers(-3, 20), st.sampled_from(CAMEL_NAMES)),
                        inner, max_size=3),
    ),
    max_leaves=6,
)


@st.composite
def valid_scenarios(draw):
    """A first-edition scenario that loads: camels on 1..16, dice for some of them, legal desert tiles."""
    players = draw(st.integers(2, 8))
    camels = draw(st.lists(st.sampled_from(CAMELS), min_size=1, max_size=5, unique=True))
    track: dict[int, list[str]] = {}
    for camel in camels:
        track.setdefault(draw(st.integers(1, 16)), []).append(camel)
    position: dict = {"track": track, "dice_left": draw(st.lists(st.sampled_from(camels), unique=True))}
    desert: list[dict] = []
    for owner in draw(st.lists(st.integers(0, players - 1), unique=True, max_size=3)):
        free = [s for s in range(2, 17) if s not in track and all(abs(s - t["space"]) > 1 for t in desert)]
        if free:
            desert.append({"space": draw(st.sampled_from(free)), "side": draw(st.sampled_from(["oasis", "mirage"])),
                           "owner": owner})
    if desert:
        position["desert"] = desert
    if draw(st.booleans()):
        position["money"] = draw(st.lists(st.integers(0, 30), min_size=players, max_size=players))
    if draw(st.booleans()):
        position["held_leg_tiles"] = {draw(st.integers(0, players - 1)): [[draw(st.sampled_from(camels)), 5]]}
    if draw(st.booleans()):
        position["race_bets"] = {"winner": draw(st.integers(0, 3)), "loser": draw(st.integers(0, 3))}
    position["to_move"] = draw(st.integers(0, players - 1))
    data = {"game": "camelup", "players": players, "position": position}
    if draw(st.booleans()):
        data["rules"] = {"edition": "first"}
    return data


def _parent(data, path):
    for key in path[:-1]:
        data = data[key]
    return data


# The mistakes a user makes, each a change to a valid scenario.
def _unknown_camel(d, draw):
    d["position"]["track"].setdefault(draw(st.integers(1, 16)), []).append(draw(st.sampled_from(["red", "r", "x"])))


def _repeat_camel(d, draw):
    camel = next(iter(d["position"]["track"].values()))[0]
    d["position"]["track"].setdefault(draw(st.integers(1, 16)), []).append(camel)


def _die_off_track(d, draw):
    on = {c for stack in d["position"]["track"].values() for c in stack}
    d["position"]["dice_left"] = list(d["position"]["dice_left"]) + [c for c in CAMELS if c not in on][:1] + ["blue"]


def _desert_on(space_of):
    def change(d, draw):
        tiles = d["position"].setdefault("desert", [])
        tiles.append({"space": space_of(d, draw), "side": draw(st.sampled_from(["oasis", "mirage"])),
                      "owner": draw(st.integers(0, 7))})
    return change


def _space_off_track(d, draw):
    space = draw(st.sampled_from([0, -1, 17, 99, "0", "17"]))
    d["position"]["track"][space] = [d["position"]["track"].pop(next(iter(d["position"]["track"])))[0]]


def _money(d, draw):
    d["position"]["money"] = draw(st.lists(st.integers(-5, 5) | junk, max_size=10))


def _drop_key(d, draw):
    path = draw(st.sampled_from([p for p in paths(d) if p and isinstance(_parent(d, p), dict)]))
    del _parent(d, path)[path[-1]]


def _add_key(d, draw):
    path = draw(st.sampled_from([p for p in paths(d) if isinstance(_parent(d, p + (0,)), dict)]))
    _parent(d, path + (0,))[draw(st.sampled_from(["bogus", "space", "owner", "side", "edition", 3, None]))] = draw(junk)


def _replace(d, draw):
    """Anything anywhere becomes junk: wrong types, None, floats, booleans, nesting, huge ints."""
    path = draw(st.sampled_from([p for p in paths(d) if p]))
    _parent(d, path)[path[-1]] = draw(junk)


SUPERCUP = ["long_track", "boost_dice", "boost_action", "photographer", "placement_bets", "partnerships", "turbo"]


def _rules(d, draw):
    key = draw(st.sampled_from(["edition", "supercup", "track_length", "die_faces", "boost_faces", "leg_tiles",
                                "max_players", "money_floor", "overall_payouts", "camels", "bogus"]))
    d["rules"] = {key: draw(junk | st.lists(st.integers(-3, 8), max_size=4) | st.sampled_from(["first", "second"])
                            | st.lists(st.sampled_from(SUPERCUP), max_size=3))}


def _extras(d, draw):
    """Supercup and second-edition position keys, with the rules they need or not."""
    if draw(st.booleans()):
        d["rules"] = {"edition": draw(st.sampled_from(["first", "second"])),
                      "supercup": draw(st.lists(st.sampled_from(SUPERCUP), max_size=3, unique=True))}
    key = draw(st.sampled_from(["boost_dice_left", "boost_dice_pit", "pyramid_tiles_held", "photographer",
                                "placement_bets", "partners"]))
    d["position"][key] = draw(st.one_of(
        junk, st.lists(st.sampled_from(CAMEL_NAMES), max_size=3),
        st.fixed_dictionaries({"space": st.integers(-1, 21), "holder": st.integers(-1, 10)}),
        st.dictionaries(st.integers(-1, 10), st.integers(-1, 7) | st.lists(st.lists(junk, max_size=3), max_size=2),
                        max_size=2),
        st.lists(st.lists(st.integers(-1, 10), max_size=3), max_size=3)))


MISTAKES = [
    _unknown_camel, _repeat_camel, _die_off_track, _space_off_track, _money, _drop_key, _add_key, _replace, _rules,
    _extras, _extras,
    _desert_on(lambda d, draw: 1),
    _desert_on(lambda d, draw: draw(st.sampled_from([0, 17, -2, 40]))),
    _desert_on(lambda d, draw: draw(st.sampled_from(list(d["position"]["track"])))),  # under a camel
    _desert_on(lambda d, draw: d["position"].get("desert", [{"space": 8}])[0]["space"]  # on or next to a tile
               + draw(st.sampled_from([-1, 0, 1]))),
]


@st.composite
def bad_scenarios(draw):
    """A valid scenario with up to three mistakes in it."""
    data = draw(valid_scenarios())
    for _ in range(draw(st.integers(0, 3))):
        try:
            draw(st.sampled_from(MISTAKES))(data, draw)
        except (KeyError, IndexError, StopIteration, TypeError, AttributeError):
            pass  # an earlier mistake removed what this one changes
    return data


def as_text(data, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(data)
    return yaml.safe_dump(data, sort_keys=False)


yaml_tokens = st.lists(st.sampled_from([
    "game: camelup\n", "position:\n", "  track: ", "  dice_left: ", "  desert: ", "  money: ", "rules: ", "players: ",
    "{", "}", "[", "]", ": ", ", ", "\n", "  ", "- ", "&a ", "*a", "!!set ", "!!binary ", "!!int ", "!!float ",
    "!!bool ", "!!timestamp ", "!!python/tuple ", "!!str ", "? ", "~", "'", '"', "\t", "\x00", "1", "17", "-1", "0",
    "1.5", "blue", "red", "b", "oasis", "2024-13-45", "1e999", ".nan", "1:" * 9 + "1", "null", "true", "space: 1",
    "side: oasis",
]), max_size=25)
HEAVY = ["0x" + "f" * 2600, "0b" + "1" * 10_001, "9" * 4301, "[" * 600, "{a: " * 400]  # at most one: PyYAML is slow
yamlish = st.tuples(yaml_tokens, st.sampled_from([""] * 4 + HEAVY), st.integers(0, 25)).map(
    lambda t: "".join(t[0][: t[2]] + [t[1]] + t[0][t[2]:]))


# ---------------------------------------------------------------------------------------------
# assertions


def load(text: str, source: str):
    """The loader: a Position, or None after a ScenarioError; anything else propagates (a bug)."""
    try:
        return parse_position(scenario.parse(text, source))
    except ScenarioError as exc:
        assert exc.field and exc.problem, exc
        event(f"ScenarioError {exc.field.split('.')[0].split('[')[0]}")
        return None


def assert_clean(result) -> str:
    """Exit 0, or exit 2 with exactly one `error: ...` line naming what is wrong; returns that line."""
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"traceback: {exc!r}\n{result.output}"
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    if result.exit_code == 0:
        assert result.stdout.strip()
        return ""
    err = result.stderr if hasattr(result, "stderr") else result.output
    lines = err.splitlines()
    assert error_lines(lines), err
    head, sep, _ = lines[0][len("error: "):].partition(": ")
    assert (sep and head.strip()) or NAMED.search(lines[0]), err  # `field: problem`, or a quoted name
    assert result.stdout == "", result.stdout  # nothing half written
    return lines[0]


# ---------------------------------------------------------------------------------------------
# loader properties


@settings(max_examples=400, deadline=None)
@given(bad_scenarios(), st.sampled_from(["yaml", "json"]))
def test_loader_structured_scenarios_load_or_raise_scenario_error(data, fmt):
    position = load(as_text(data, fmt), f"s.{fmt}")
    assert position is None or isinstance(position, Position)


@settings(max_examples=150, deadline=None)
@given(valid_scenarios(), st.sampled_from(["yaml", "json"]))
def test_loader_valid_scenarios_load(data, fmt):
    assert isinstance(load(as_text(data, fmt), f"s.{fmt}"), Position)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), yamlish, junk.map(lambda j: yaml.safe_dump(j, sort_keys=False))),
       st.sampled_from(["s.yaml", "s.json", "scenario"]))
def test_loader_raw_text_loads_or_raises_scenario_error(text, source):
    position = load(text, source)
    assert position is None or isinstance(position, Position)


# ---------------------------------------------------------------------------------------------
# CLI properties


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("bad_input")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(bad_scenarios().map(lambda d: ("struct", d)), yamlish.map(lambda t: ("text", t))),
       st.sampled_from(["yaml", "json"]), st.sampled_from(["odds", "ev"]))
def test_cli_scenario_file_exits_cleanly(workdir, case, fmt, command):
    kind, data = case
    path = workdir / f"scenario.{fmt}"
    path.write_text(as_text(data, fmt) if kind == "struct" else data, encoding="utf-8")
    result = runner.invoke(app, [command, str(path), *FAST])
    assert_clean(result)
    event(f"exit {result.exit_code}")
    if result.exit_code == 0:
        json.loads(result.stdout)


flag_text = st.one_of(
    st.text(max_size=12),
    st.lists(st.sampled_from(list("0123456789:bgoywrx +-@,²٣") + ["1:b", "3:gy", " ", "16:w", "17:o", "2:bb"]),
             max_size=8).map("".join),
)
letters = st.text(alphabet="bgoyw", max_size=5)


def _track_flag(placed) -> str:
    stacks: dict[int, str] = {}
    for space, camel in placed:
        stacks[space] = stacks.get(space, "") + camel
    return " ".join(f"{space}:{camels}" for space, camels in stacks.items())


tracks = st.lists(st.tuples(st.integers(1, 16), st.sampled_from("bgoyw")), min_size=1, max_size=5,
                  unique_by=lambda t: t[1]).map(_track_flag)
small = st.integers(-1, 9).map(str)
QUICK_FLAGS = {  # plausible values, often right, sometimes not
    "--dice": letters,
    "--desert": st.lists(st.tuples(st.integers(0, 17), st.sampled_from("+-"),
                                   st.sampled_from(["", "@0", "@1", "@3", "@9"])), max_size=3).map(
        lambda ts: " ".join(f"{s}{side}{owner}" for s, side, owner in ts)),
    "--tiles": st.lists(st.tuples(st.sampled_from("bgoyw"), st.sampled_from(["", "2", "3,2", "5,3,2", "4"])),
                        max_size=2).map(lambda ts: " ".join(f"{c}:{v}" for c, v in ts)),
    "--held": st.lists(st.tuples(st.sampled_from(["", "0:", "1:", "5:"]), st.sampled_from("bgoyw"),
                                 st.sampled_from("5327")), max_size=3).map(lambda ts: " ".join("".join(t) for t in ts)),
    "--money": st.lists(st.integers(-1, 9), max_size=5).map(lambda ms: ",".join(map(str, ms))),
    "--placed": letters, "--players": small, "--me": small, "--winner-cards": small, "--loser-cards": small,
    "--edition": st.sampled_from(["first", "second", "third"]),
    "--supercup": st.lists(st.sampled_from(SUPERCUP), max_size=3).map(",".join),
    "--boost": letters, "--pit": letters,
    "--boost-faces": st.lists(st.integers(-1, 7), max_size=3).map(lambda v: ",".join(map(str, v))),
    "--pyramid-held": st.lists(st.sampled_from(["1", "2:1", "0:3", "9:1"]), max_size=2).map(" ".join),
    "--camera": st.tuples(st.integers(0, 21), st.sampled_from(["", "@0", "@1", "@9"])).map(lambda t: f"{t[0]}{t[1]}"),
    "--placements": st.lists(st.tuples(st.sampled_from(["", "1:"]), st.sampled_from("bgoyw"), st.sampled_from("532"),
                                       st.sampled_from(["@2", "@3", "@5", "@9"])), max_size=2).map(
        lambda ts: " ".join("".join(t) for t in ts)),
    "--partners": st.lists(st.sampled_from(["0-3", "1-5", "0-0", "2-9"]), max_size=2).map(" ".join),
}


@st.composite
def quick_flags(draw):
    flags = {}
    for flag in draw(st.lists(st.sampled_from(sorted(QUICK_FLAGS)), unique=True, max_size=5)):
        flags[flag] = draw(st.one_of(QUICK_FLAGS[flag], QUICK_FLAGS[flag], QUICK_FLAGS[flag], flag_text))
    return flags


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["odds", "ev"]), st.one_of(tracks, tracks, tracks, flag_text), quick_flags(),
       st.sampled_from([[]] * 7 + [[a] for a in ["--bogus", "extra", "-x", "--track", "--rollouts=0", "--seed=-1",
                                                 "--format=xml"]]))
def test_cli_quick_entry_exits_cleanly(command, track, flags, extra):
    args = ["camelup", command, "--track", track]
    for flag, value in flags.items():
        args += [flag, value]
    result = runner.invoke(app, [*args, *extra, *FAST])
    assert_clean(result)
    event(f"exit {result.exit_code}")


# ---------------------------------------------------------------------------------------------
# the common mistakes: exit 2 and one line naming the exact field

BASE = {"track": {1: ["blue", "green"], 3: ["yellow"]}, "dice_left": ["blue", "green", "yellow"]}
MISTAKE_CASES = {
    "unknown camel": ({"track": {1: ["blue", "red"]}}, "position.track.1", "red"),
    "repeated camel in a stack": ({"track": {1: ["blue", "blue"]}}, "position.track.1", "twice"),
    "repeated camel on two spaces": ({"track": {1: ["blue"], 4: ["blue"]}}, "position.track.4", "twice"),
    "die for a camel not on the track": ({"dice_left": ["blue", "white"]}, "position.dice_left", "white"),
    "die listed twice": ({"dice_left": ["blue", "blue"]}, "position.dice_left", "twice"),
    "desert tile on space 1": ({"desert": [{"space": 1, "side": "oasis"}]}, "position.desert[0].space", "from 2"),
    "desert tile next to another": ({"desert": [{"space": 6, "side": "oasis", "owner": 0},
                                                {"space": 7, "side": "mirage", "owner": 1}]},
                                    "position.desert[1].space", "next to"),
    "desert tile under a camel": ({"desert": [{"space": 3, "side": "mirage"}]}, "position.desert[0].space", "camel"),
    "desert tile off the track": ({"desert": [{"space": 17, "side": "oasis"}]}, "position.desert[0].space", "16"),
    "space 17": ({"track": {17: ["blue"]}, "dice_left": []}, "position.track", "1 to 16"),
    "space 0": ({"track": {0: ["blue"]}, "dice_left": []}, "position.track", "1 to 16"),
    "negative money": ({"money": [3, -1, 3, 3]}, "position.money[1]", ">= 0"),
    "money for too few players": ({"money": [3, 3]}, "position.money", "one amount per player"),
    "money as text": ({"money": "lots"}, "position.money", "list"),
    "track as a list": ({"track": [["blue"]]}, "position.track", "mapping"),
    "to_move a float": ({"to_move": 1.5}, "position.to_move", "whole number"),
    "unknown side": ({"desert": [{"space": 6, "side": "sand"}]}, "position.desert[0].side", "oasis"),
}


def _mistake_scenario(change: dict) -> dict:
    return {"game": "camelup", "players": 4, "position": {**BASE, **change}}


@pytest.mark.parametrize("name", MISTAKE_CASES)
def test_loader_names_the_field(name):
    change, field, hint = MISTAKE_CASES[name]
    with pytest.raises(ScenarioError) as info:
        parse_position(scenario.parse(yaml.safe_dump(_mistake_scenario(change))))
    assert info.value.field == field
    assert hint in info.value.problem


@pytest.mark.parametrize("name", MISTAKE_CASES)
def test_cli_names_the_field(name, tmp_path):
    change, field, hint = MISTAKE_CASES[name]
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(_mistake_scenario(change)), encoding="utf-8")
    result = runner.invoke(app, ["ev", str(path), *FAST])
    assert result.exit_code == 2
    line = assert_clean(result)
    assert line.startswith(f"error: {field}: ") and hint in line, line


@pytest.mark.parametrize("args, field", [
    (["camelup", "ev", "--track", "1:b", "--bogus"], "--bogus"),
    (["odds", "scenarios/camelup/opening.yaml", "--bogus"], "--bogus"),
    (["camelup", "ev", "--track", "1:br"], "--track"),
    (["camelup", "ev", "--track", "1:b 1:g"], "--track"),
    (["camelup", "ev", "--track", "1:bb"], "--track \"1:bb\""),
    (["camelup", "ev", "--track", "1:b", "--dice", "g"], "--dice \"g\""),
    (["camelup", "ev", "--track", "1:b", "--desert", "1+"], "--desert \"1+\""),
    (["camelup", "ev", "--track", "1:b 5:g", "--desert", "5-"], "--desert \"5-\""),
    (["camelup", "ev", "--track", "1:b", "--desert", "6+@0 7-@1"], "--desert \"6+@0 7-@1\""),
    (["camelup", "ev", "--track", "17:b"], "--track \"17:b\""),
    (["camelup", "ev", "--track", "1:b", "--money", "3,-1,3,3"], "--money \"3,-1,3,3\""),
    (["camelup", "ev", "--track", "1:b", "--tiles", "bg:3"], "--tiles"),  # was a ValueError traceback
    (["camelup", "ev", "--track", "²:b"], "--track"),  # was a ValueError traceback
    (["camelup", "ev", "--track", "1:b", "--desert", "9" * 5000 + "+"], "--desert"),  # was a ValueError traceback
    (["camelup", "ev", "--track", "1:b", "--held", "g" + "5" * 5000], "--held"),  # was a ValueError traceback
])
def test_cli_quick_entry_names_the_field_or_flag_typed(args, field):
    result = runner.invoke(app, [*args, *FAST])
    assert result.exit_code == 2
    line = assert_clean(result)
    assert field in line, line
    if field.startswith("position."):
        assert line.startswith(f"error: {field}: "), line


# Inputs that once gave a traceback instead of an error line.
REGRESSIONS = {
    "digits int() cannot read": ("s.yaml", "game: camelup\nplayers: '²'\n", "players"),
    "two minus signs": ("s.yaml", "game: camelup\nplayers: '--3'\n", "players"),
    "5000-digit string": ("s.yaml", f"game: camelup\nplayers: '{'1' * 5000}'\n", "players"),
    "5000-digit YAML number": ("s.yaml", f"game: camelup\nplayers: {'1' * 5000}\n", "scenario"),
    "5000-digit JSON number": ("s.json", f'{{"game": "camelup", "players": {"1" * 5000}}}', "scenario"),
    "huge hex number": ("s.yaml", f"game: camelup\nplayers: 0x{'f' * 3000}\n", "players"),
    "huge hex key": ("s.yaml", f"game: camelup\n0x{'f' * 3000}: 1\n", "scenario"),
    "huge hex camel": ("s.yaml", "game: camelup\nposition: {track: {1: [0x" + "f" * 3000 + "]}}\n",
                       "position.track.1[0]"),
    "deep JSON nesting": ("s.json", "[" * 3000, "scenario"),
    "deep YAML nesting": ("s.yaml", "[" * 600, "scenario"),
    "anchors that loop": ("s.yaml", "game: camelup\nposition: &p {track: {1: [*p]}}\n", "scenario"),
    "billion laughs": ("s.yaml", "game: camelup\ntitle: {l0: &l0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"  , l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 8))
        + "}\nposition: {track: {1: [*l7]}, dice_left: []}\n", "scenario"),  # a 226 MB error line, 9 s
    "impossible date": ("s.yaml", "game: camelup\ntitle: 2024-13-45\n", "scenario"),
    "bad !!int": ("s.yaml", "game: camelup\nplayers: !!int abc\n", "scenario"),
    "empty !!int": ("s.yaml", "game: camelup\nplayers: !!int\n", "scenario"),
    "empty !!float": ("s.yaml", "!!float", "scenario"),
    "bad !!bool": ("s.yaml", "game: camelup\nplayers: !!bool maybe\n", "scenario"),
    "bad !!timestamp": ("s.yaml", "game: camelup\ntitle: !!timestamp soon\n", "scenario"),
    "empty key": ("s.yaml", "? ''\n", "''"),
}


@pytest.mark.parametrize("name", REGRESSIONS)
def test_loader_regressions(name):
    source, text, field = REGRESSIONS[name]
    with pytest.raises(ScenarioError) as info:
        parse_position(scenario.parse(text, source))
    assert info.value.field == field
    assert len(str(info.value)) < 200
    if "nesting" in name:
        assert "nested too deeply" in info.value.problem


@pytest.mark.parametrize("rules, field", [
    ({"track_length": 1000}, "rules.track_length"),  # was an IndexError in `ev`
    ({"die_faces": [0]}, "rules.die_faces[0]"),  # was a RuntimeError: races that never end
    ({"die_faces": [-3]}, "rules.die_faces[0]"),  # was an OverflowError
    ({"die_faces": [1] * 1000}, "rules.die_faces"),  # was a ValueError drawing the dice
])
def test_cli_house_rules_the_engine_cannot_run(rules, field, tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump({"game": "camelup", "rules": rules, "position": BASE}), encoding="utf-8")
    for command in ("odds", "ev"):
        result = runner.invoke(app, [command, str(path), *FAST])
        assert result.exit_code == 2
        assert assert_clean(result).startswith(f"error: {field}: ")


@pytest.mark.parametrize("rules", [{"track_length": 48, "die_faces": [1]}, {"track_length": 20, "die_faces": [6]},
                                   {"die_faces": [1, 1, 2, 2, 3, 3]}])
def test_cli_house_rules_at_the_limits_run(rules, tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump({"game": "camelup", "rules": rules, "position": BASE}), encoding="utf-8")
    for command in ("odds", "ev"):
        result = runner.invoke(app, [command, str(path), *FAST])
        assert result.exit_code == 0, result.output
