"""The table session: whole races event by event against the engine's own games, undo/redo, the state file."""
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from analyzer.games.camelup import game, play, policies as pol, reference_game as ref
from analyzer.games.camelup.flags import scenario_from_flags
from analyzer.games.camelup.rules import rule_set
from analyzer.games.camelup.table import Table, TableError
from tests.cli_helpers import invoke, one_line_error

START = ["new", "--track", "1:bg 3:y 4:ow", "--players", "4"]


def table_cmd(state, *words, json_out=True, answers=False):
    args = ["camelup", "table", "--state", state, *(["--json"] if json_out else []),
            *([] if answers else ["--no-answers"]), *words]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) if json_out else result.stdout


def events_of_a_game(rules, players, seed):
    """A whole race the engine played (random players): its start as flags, and its turns as table events."""
    cfg = game.GameConfig(rules, players, (pol.parse_spec("random", "p"),) * players)
    out = play.play(cfg, 1, np.random.default_rng(seed), trace=True)
    draws, space = out["draws"][0], game.ActionSpace(rules)
    g = ref.new_game(rules, players, int(draws[0]))
    letters = rules.camel_letters
    track = " ".join(f"{s}:" + "".join(letters[c] for c in stack) for s, stack in sorted(g.stacks.items()))
    events = []
    for turn, a in enumerate(out["trace"][0]):
        if a < 0:
            break
        action = space.name(int(a))
        dice = ref.leg_dice(rules, int(draws[1 + g.leg]))
        words = action.split()
        if words[0] == "leg-bet":
            events.append(f"take {words[1]}")
        elif words[0] == rules.tile_name:
            events.append(f"{words[0]} {words[2]} {'+' if words[1] == rules.tile_sides[0] else '-'}")
        elif words[0] in ("race-winner", "race-loser"):
            events.append(f"{words[0][5:]} {words[1]}")
        else:
            camel, steps, grey = dice[g.dice_out]
            events.append(f"roll grey {letters[camel]} {steps}" if grey else f"roll {letters[camel]} {steps}")
        ref.take(g, turn % players, action, dice)
    assert g.over
    return track, events, out


def test_a_whole_first_edition_race_through_the_one_shot_form_equals_the_engines_game(tmp_path):
    rules = rule_set()
    track, events, out = events_of_a_game(rules, 4, seed=5)
    state = tmp_path / "t.json"
    table_cmd(state, "new", "--track", track, "--players", "4")
    for event in events:
        last = table_cmd(state, *event.split())
    assert last["over"] and last["money"] == out["money"][0].tolist()
    assert last["leg"] == out["legs"][0]


@pytest.mark.parametrize("edition,players,seed", [("first", 3, 1), ("first", 5, 2), ("second", 4, 3),
                                                  ("second", 5, 4)])
def test_races_replayed_in_the_table_end_with_the_engines_money(edition, players, seed):
    rules = rule_set(edition)
    track, events, out = events_of_a_game(rules, players, seed)
    table = Table.start(scenario_from_flags(track, players=players, edition=edition))
    for event in events:
        table = table.apply(event)
    assert table.over and table.money == out["money"][0].tolist()


def test_refused_events_are_one_line_and_leave_the_state_byte_identical(tmp_path):
    state = tmp_path / "t.json"
    table_cmd(state, *START)
    table_cmd(state, "roll", "b", "2")
    before = state.read_bytes()
    for words, why in ((["roll", "b", "3"], "already out"), (["roll", "o", "7"], "faces"),
                       (["desert", "4", "+"], "holds a camel"), (["desert", "1", "+"], "space 1"),
                       (["take", "q"], "no racing camel"), (["as", "9", "take", "y"], "no player"),
                       (["dance"], "unknown"), (["roll", "grey", "w", "1"], "no grey die"),
                       (["boost", "b"], "no boost action"), (["photo", "9"], "no photographer")):
        result = invoke("camelup", "table", "--state", state, *words)
        one_line_error(result, why)
        assert state.read_bytes() == before, words
    table_cmd(state, "desert", "6", "+")
    one_line_error(invoke("camelup", "table", "--state", state, "desert", "5", "-"), "next to")


def test_tiles_run_out_and_cards_back_a_colour_once(tmp_path):
    table = Table.start(scenario_from_flags("1:bg 3:y 4:ow", players=4))
    for _ in range(3):
        table = table.apply("take y")
    with pytest.raises(TableError, match="no yellow leg tiles"):
        table.apply("take y")
    table = table.apply("as 2 winner b")
    with pytest.raises(TableError, match="already backed blue"):
        table.apply("as 2 loser b")
    table = table.apply("as 2 loser ?")
    assert [len(p) for p in table.piles.values()] == [1, 1]


def test_undo_and_redo_round_trip(tmp_path):
    state = tmp_path / "t.json"
    table_cmd(state, *START)
    steps = [["roll", "b", "2"], ["take", "y"], ["desert", "7", "+"], ["roll", "o", "3"], ["winner", "?"]]
    for words in steps:
        table_cmd(state, *words)
    done = json.loads(state.read_text())
    after = table_cmd(state, "show")
    table_cmd(state, "undo", "3")
    middle = json.loads(state.read_text())
    assert middle["events"] == done["events"][:2] and len(middle["redo"]) == 3
    table_cmd(state, "redo")
    table_cmd(state, "redo", "2")
    assert json.loads(state.read_text())["events"] == done["events"]
    assert table_cmd(state, "show") == after
    one_line_error(invoke("camelup", "table", "--state", state, "redo"), "nothing to redo")
    table_cmd(state, "undo")
    table_cmd(state, "take", "g")  # a new event clears what was undone
    assert json.loads(state.read_text())["redo"] == []


def test_a_leg_ends_by_itself_scores_with_the_floor_and_starts_the_next(tmp_path):
    table = Table.start(scenario_from_flags("1:bg 3:y 4:ow", players=2, money="0,3"))
    table = table.apply("take y")  # player 0 takes yellow 5 with no coins
    table = table.apply("as 1 desert 7 +")
    for event in ("as 0 roll b 2", "as 0 roll o 3", "as 0 roll y 1", "as 0 roll w 2", "as 1 roll g 1"):
        table = table.apply(event)
    # the stacks: white leads on 10; orange 8 (white moved on); green 5; yellow+blue on 4, yellow under blue -> last
    assert table.leg == 2 and table.dice == {0, 1, 2, 3, 4}
    # player 0: 4 pyramid tiles +4, yellow 5 -1 -> +3 from 0; player 1: one landing (+1 at once), one pyramid tile
    assert table.money == [3, 5]
    assert table.desert == {} and table.held == [[], []] and table.tiles_left[3] == [5, 3, 2]


def test_the_race_ends_on_a_finish_and_scores_the_overall_cards():
    table = Table.start(scenario_from_flags("14:b 15:g 16:o", players=3, dice="bgo", money="3,3,3"))
    table = table.apply("winner o")  # player 0: right, 8
    table = table.apply("loser g")  # player 1: wrong (blue is last), -1
    table = table.apply("winner ?")  # player 2: unknown colour, not scored
    table = table.apply("roll o 1")  # player 0 takes a pyramid tile; orange crosses the line
    assert table.over and table.money == [3 + 1 + 8, 3 - 1, 3]
    assert "not scored" in table.said[-1]
    with pytest.raises(TableError, match="over"):
        table.apply("take b")


def test_second_edition_grey_die_and_the_override(tmp_path):
    table = Table.start(scenario_from_flags("1:b 2:g 3:y 4:r 5:p 14:w 15:k", players=4, edition="second"))
    table = table.apply("roll grey w 2")  # white is named, black sits on no one: white moves back 2 from 14
    assert 12 in table.stacks and table.stacks[12] == [5]
    table = table.apply("roll r 3")
    assert table.stacks[7] == [3]
    with pytest.raises(TableError, match="grey die is already out"):
        table.apply("roll grey k 1")


def test_the_answers_after_events_equal_camelup_ev_on_the_position_they_lead_to(tmp_path):
    state = tmp_path / "t.json"
    table_cmd(state, *START)
    for words in (["roll", "b", "2"], ["take", "y"], ["desert", "7", "+"], ["as", "0", "loser", "o"]):
        table_cmd(state, *words)
    ours = table_cmd(state, "ev", "all", "--rollouts", "20000")
    # the same position typed for `camelup ev`: blue+green moved 1 -> 3 onto yellow; player 1 holds yellow 5;
    # player 2's oasis on 7; player 0 backed orange to lose (so player 1 moves next); player 0 has a pyramid tile
    theirs = invoke("camelup", "ev", "--track", "3:ybg 4:ow", "--dice", "goyw", "--desert", "7+@2",
                    "--held", "1:y5", "--tiles", "y:3,2", "--loser-cards", "1", "--me", "1",
                    "--pyramid-held", "0:1", "-n", 20000, "--seed", 0, "-f", "json", "--no-progress")
    assert theirs.exit_code == 0, theirs.output
    expected = {a["action"]: a["ev"] for a in json.loads(theirs.stdout)["actions"]}
    got = {a["action"]: a["ev"] for a in ours["actions"]}
    assert got.keys() == expected.keys()
    for action, value in expected.items():
        assert got[action] == pytest.approx(value, abs=1e-12), action


def test_new_from_a_scenario_file_and_the_log_replays(tmp_path):
    from pathlib import Path

    scenario = Path(__file__).resolve().parents[3] / "scenarios" / "camelup" / "mid-leg.yaml"
    state = tmp_path / "t.json"
    table_cmd(state, "new", str(scenario))
    table_cmd(state, "roll", "w", "1")
    log = table_cmd(state, "log")["log"]
    assert log[0].startswith("new ") and log[1:] == ["roll w 1"]
    text = table_cmd(state, "show", json_out=False)
    assert "leg 1" in text and "player" in text


def test_a_state_file_survives_a_kill_between_events(tmp_path):
    state = tmp_path / "t.json"
    table_cmd(state, *START)
    env = {k: v for k, v in os.environ.items()}
    proc = subprocess.Popen([sys.executable, "-m", "analyzer", "camelup", "table", "--state", str(state),
                             "--rollouts", "50000000", "roll", "b", "2"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and "roll b 2" not in state.read_text():
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)  # while it prices the answers: the event is saved already
    proc.wait()
    saved = json.loads(state.read_text())
    assert saved["events"] == ["roll b 2"]
    assert table_cmd(state, "take", "y")["to_move"] == 2


def test_the_interactive_prompt_applies_events_and_survives_errors(tmp_path, capsys, monkeypatch):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from analyzer.games.camelup.quick_entry import _prompt
    from analyzer.games.camelup.session import Session

    state = tmp_path / "t.json"
    monkeypatch.setenv("ANALYZER_TABLE_HISTORY", str(tmp_path / "history"))
    with create_pipe_input() as keys:
        keys.send_text('new --track "1:bg 3:y 4:ow"\nroll b 7\nroll b 2\ntake y\nundo\nhelp\nquit\n')
        with create_app_session(input=keys, output=DummyOutput()):
            _prompt(Session(state, answers=False))
    saved = json.loads(state.read_text())
    assert saved["events"] == ["roll b 2"] and saved["redo"] == ["take y"]
    err = capsys.readouterr().err
    assert "error: '7' is not on that die" in err
    assert (tmp_path / "history").read_text().count("roll b") == 2


def test_a_supercup_leg_by_hand_photographer_placement_partnership_and_boost_dice():
    modules = "long_track,boost_dice,boost_action,photographer,placement_bets,partnerships"
    table = Table.start(scenario_from_flags("1:b 2:g 3:o 4:y 5:w", players=6, supercup=modules, boost="b"))
    for event in ("photo 8", "place 2 g", "partner 3", "take w", "roll b+ 1", "roll y 3", "roll w 3", "roll g 1",
                  "roll o 1", "roll b 1"):
        table = table.apply(event)
    # white 8 > yellow 7 > blue 5 > green (on orange) 4 > orange 4.  Player 0: the camera paid 1 when white ended
    # on 8, and a pyramid tile; player 1: green 2 bet 2nd is 4th (-1) and a pyramid tile; players 2 and 3 are
    # partners: 2 has a pyramid tile (+1) and adds 3's best, white 5; 3 has white 5 and a pyramid tile (+6) and
    # adds 2's best, 1; players 4 and 5 a pyramid tile each
    assert table.money == [5, 3, 9, 10, 4, 4]
    assert table.leg == 2 and table.boost == {2} and table.camera is None and table.partners == []
    with pytest.raises(TableError, match="no pyramid tile"):
        table.apply("as 0 boost g")
    table = table.apply("roll y 1")  # player 4 (to move) gets a pyramid tile; yellow lands on white: it leads
    with pytest.raises(TableError, match="leads"):
        table.apply("as 4 boost y")
    table = table.apply("as 4 boost g")
    assert table.pyramid[4] == 0 and table.boost == {1, 2} and table.to_move == 5  # the turn did not pass
