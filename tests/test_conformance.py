"""The conformance suite: what every registered game must do, parametrised from the registry.

A game is tested here the day it is registered.  Its own tests (tests/games/<name>/) add the
exact values, the reference figures of its rules spec and its rule subtleties.

Golden traces: `tests/golden/<game>.json` holds, for every shipped position scenario and each
question it supports, the seeded JSON answer at a small n, and a few seeded full games.  After a
change that alters results on purpose, bump the game's `version` and rewrite them with
`ANALYZER_REGOLD=1 python -m pytest tests/test_conformance.py -k golden`.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.core import balance, registry, runner, scenario
from analyzer.core.errors import ScenarioError
from analyzer.core.game import FullGames, GameSpec, Question, resolve
from tests.cli_helpers import invoke
from tests.junk import junk as junk_values
from tests.junk import paths

GOLDEN = Path(__file__).parent / "golden"
GAMES = registry.GAMES
N, CHUNK = 600, 256  # rollouts per question, in several chunks for two workers to share


def _size(game: GameSpec, question: str) -> tuple[int, int]:
    """(rollouts, chunk) for one question: N, or a tenth of a small default (a whole-game rollout is dear)."""
    default = game.questions[question].default_rollouts
    if default is None or default >= 2 * N:
        return N, CHUNK
    n = max(24, default // 10)
    return n, max(8, n // 3)


def shipped(game: str, kind: str) -> list[Path]:
    """The game's shipped scenarios with a position (kind "position") or without one ("balance")."""
    return [p for p in registry.scenarios(game) if ("position" in scenario.load(p)) == (kind == "position")
            and "tune" not in scenario.load(p)]


def position_cases():
    return [pytest.param(g, p, id=f"{g}/{p.name}") for g in GAMES for p in shipped(g, "position")]


@pytest.mark.parametrize("name", GAMES)
def test_the_game_is_registered_on_the_contract(name):
    game = registry.game(name)
    assert isinstance(game, GameSpec) and game.name == name and game.title
    assert isinstance(game.version, int) and game.version >= 1
    lo, hi = game.players
    assert 1 <= lo <= hi
    assert {"odds", "ev"} & set(game.questions), "odds or ev: the two common questions"
    for question in game.questions.values():
        assert isinstance(question, Question) and callable(resolve(question.answer))
        assert question.summary.strip() and question.help.strip(), "every question has help text"
        assert question.default_rollouts is None or question.default_rollouts >= 1
    assert callable(resolve(game.load))
    for hook in ("bench", "reference_check", "answers", "board_template", "draw", "picture"):
        assert getattr(game, hook) is None or callable(resolve(getattr(game, hook))), hook
    if game.full_games is not None:
        full = game.full()
        assert isinstance(full, FullGames) and full.seatings[0] == "fixed"
    if game.quick_entry is not None:
        import typer

        assert isinstance(resolve(game.quick_entry), typer.Typer)
    assert registry.scenarios(name), "a game ships scenarios"


def test_analyzer_games_lists_every_game_with_its_questions_and_scenarios():
    result = invoke("games", "--format", "json")
    assert result.exit_code == 0, result.output
    listed = {entry["name"]: entry for entry in json.loads(result.stdout)}
    assert set(listed) == set(GAMES)
    for name, entry in listed.items():
        game = registry.game(name)
        assert entry["version"] == game.version and set(entry["questions"]) == set(game.questions)
        assert len(entry["scenarios"]) == len(registry.scenarios(name))
    text = invoke("games")
    assert text.exit_code == 0 and all(registry.game(g).title in text.stdout for g in GAMES)


@pytest.mark.parametrize("name,path", position_cases())
def test_shipped_position_scenarios_load_and_name_questions_the_game_has(name, path):
    game = registry.game(name)
    data = scenario.load(path)
    assert data["game"] == name
    supported = game.supported(game.position(data))
    assert supported and set(supported) <= set(game.questions)


@pytest.mark.parametrize("name,path", [pytest.param(g, p, id=f"{g}/{p.name}") for g in GAMES
                                       for p in shipped(g, "balance")])
def test_shipped_balance_scenarios_parse(name, path):
    spec, configs = balance.parse(registry.game(name).full(), scenario.load(path), name)
    assert len(spec.variants) == len(configs) >= 1


_ANSWERS: dict = {}  # (path, question, jobs) -> JSON: the golden trace reuses the jobs test's one-job answers


def _answer(path, question, jobs, monkeypatch):
    key = (str(path), question, jobs)
    if key not in _ANSWERS:
        n, chunk = _size(registry.game(scenario.load(path)["game"]), question)
        monkeypatch.setattr(runner, "CHUNK", chunk)
        result = invoke("ask", question, path, "-n", n, "--seed", 3, "-j", jobs, "--no-progress", "-f", "json")
        assert result.exit_code == 0, result.output
        _ANSWERS[key] = result.stdout
    return _ANSWERS[key]


_TWO_JOBS_SEEN: set = set()  # (game, question) already run with two jobs


@pytest.mark.parametrize("name,path", position_cases())
def test_every_supported_question_gives_the_same_json_whatever_the_jobs(name, path, monkeypatch):
    game = registry.game(name)
    for question in game.supported(game.position(scenario.load(path))):
        one = _answer(path, question, 1, monkeypatch)
        # how chunks are seeded and merged is the runner's, the same for every position: each (game, question) is
        # run with two jobs on the first scenario (in this process) that asks it
        if (name, question) not in _TWO_JOBS_SEEN:
            _TWO_JOBS_SEEN.add((name, question))
            assert one == _answer(path, question, 2, monkeypatch), question
        meta = json.loads(one)["meta"]
        assert meta["game"] == name and meta["question"] == question and meta["version"] == game.version
        assert set(meta["exact"]) == set(meta["tables"]), "every table says which of its values are exact"


GOLDEN_HEAD = 8  # a longer list keeps its first items and a checksum of the whole: the same changes caught, a short file


def _rounded(value):
    if isinstance(value, float):
        return float(f"{value:.10g}")
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        items = [_rounded(v) for v in value]
        if len(items) <= GOLDEN_HEAD:
            return items
        whole = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]
        return {"head": items[:GOLDEN_HEAD], "count": len(items), "sha256": whole}
    return value


def _full_game_trace(game: GameSpec) -> dict:
    full = game.full()
    spec, configs = balance.parse(full, {"game": game.name}, game.name)
    out = full.hook("play")(spec.base.config, 6, np.random.default_rng(1))
    return {key: np.asarray(value).tolist() for key, value in out.items()}


def _trace(name: str, monkeypatch) -> dict:
    game = registry.game(name)
    trace = {"version": game.version, "answers": {}}
    for path in shipped(name, "position"):
        for question in game.supported(game.position(scenario.load(path))):
            trace["answers"][f"{path.name} {question}"] = _rounded(json.loads(_answer(path, question, 1, monkeypatch)))
    if game.full_games is not None:
        trace["full_games"] = _rounded(_full_game_trace(game))
    return trace


@pytest.mark.parametrize("name", GAMES)
def test_a_golden_seeded_trace_matches_the_committed_file(name, monkeypatch):
    path = GOLDEN / f"{name}.json"
    trace = _trace(name, monkeypatch)
    if os.environ.get("ANALYZER_REGOLD"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(trace, indent=1, sort_keys=True) + "\n")
    golden = json.loads(path.read_text())
    assert golden["version"] == trace["version"], "the engine version changed: rewrite the golden file"
    assert golden == json.loads(json.dumps(trace, sort_keys=True)), (
        f"results changed without a version bump; if on purpose, bump {name}'s version and rewrite {path}")


@pytest.mark.parametrize("name", [g for g in GAMES if registry.game(g).full_games is not None])
def test_full_games_have_the_right_shapes_hand_out_one_win_and_repeat_for_a_seed(name):
    game = registry.game(name)
    full = game.full()
    spec, _ = balance.parse(full, {"game": name}, name)
    config, players = spec.base.config, spec.base.players
    play = full.hook("play")
    a = play(config, 24, np.random.default_rng(9))
    b = play(config, 24, np.random.default_rng(9))
    assert a.keys() == b.keys()
    for key in a:
        np.testing.assert_array_equal(a[key], b[key], err_msg=key)
    assert a["money"].shape == a["credit"].shape == (24, players)
    np.testing.assert_allclose(a["credit"].sum(1), 1.0)
    assert ((a["credit"] >= 0) & (a["credit"] <= 1)).all()
    for length in full.lengths:
        assert a[length].shape == (24,)
    assert np.asarray(a["actions"]).shape == (players, len(full.action_kinds))
    if "policy" in a:
        assert a["policy"].shape == (24, players)
    assert full.hook("games_per_chunk")(config) in [2 ** k for k in range(17)]


@pytest.mark.parametrize("name", [g for g in GAMES if registry.game(g).reference_check is not None])
def test_the_fast_engine_equals_the_readable_reference_on_fixed_draws(name):
    checks = resolve(registry.game(name).reference_check)(seed=4)
    assert checks
    for what, engine, reference in checks:
        assert engine == reference, what


@pytest.mark.parametrize("name", [g for g in GAMES if registry.game(g).board_template is not None])
def test_a_board_template_is_a_rules_block_that_needs_filling_in(name, tmp_path):
    result = invoke("board", name, "--template")
    assert result.exit_code == 0, result.output
    board = yaml.safe_load(result.stdout)
    assert isinstance(board, dict) and isinstance(board.get("rules"), dict)
    with pytest.raises(ScenarioError):  # the blanks are blank until copied from a real board
        registry.game(name).position({"game": name, **board})
    written = invoke("board", name, "--template", "-o", tmp_path / "board.yaml")
    assert written.exit_code == 0 and (tmp_path / "board.yaml").read_text() == result.stdout


# -- junk in every field of every shipped scenario --------------------------------------------------

junk = junk_values(["A", "B", "blue", "first", "second", "random", "value", "9", "-1", "x"])


def _bases(name):
    return [(p.name, yaml.safe_load(p.read_text())) for p in registry.scenarios(name)]


@pytest.mark.parametrize("name", GAMES)
def test_junk_in_any_field_is_a_scenario_error_naming_it(name):
    game, bases = registry.game(name), _bases(name)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(range(len(bases))), st.data(), junk)
    def check(base, data, value):
        doc = copy.deepcopy(bases[base][1])
        where = data.draw(st.sampled_from([p for p in paths(doc) if p and p[0] not in ("game", "analysis")]))
        node = doc
        for key in where[:-1]:
            node = node[key]
        node[where[-1]] = value
        try:
            if "position" in doc:
                game.position(doc)
            else:
                balance.parse(game.full(), doc, name)
        except ScenarioError as exc:
            assert exc.field and exc.problem and "\n" not in str(exc)

    check()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_same_skeleton(name):
    game = registry.game(name)
    package = Path(__file__).resolve().parents[1] / "analyzer" / "games" / name
    needed = {"__init__", "rules", "state", "reference", "sim", "analysis"}
    needed |= {"bench"} if game.bench else set()
    needed |= {"balance", "play", "policies"} if game.full_games else set()
    needed |= {"quick_entry"} if game.quick_entry else set()
    assert needed <= {p.stem for p in package.glob("*.py")}


@pytest.mark.parametrize("name,path", [c for c in position_cases() if registry.game(c.values[0]).draw is not None])
def test_a_game_that_draws_its_positions_draws_every_shipped_one(name, path, tmp_path):
    game = registry.game(name)
    alt = resolve(game.draw)(game.position(scenario.load(path)), tmp_path / "position.png")
    assert isinstance(alt, str) and len(alt) > 20
    assert (tmp_path / "position.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
