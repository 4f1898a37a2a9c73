"""The progress bar: drawn from the first second (before any chunk ends), counting games in balance runs, naming
its stage; and the stage lines after a run (tables, plots)."""
import sys
import time

from analyzer.core import balance, runner
from tests.cli_helpers import Terminal, parse_balance


def test_the_bar_is_drawn_before_the_first_chunk_ends():
    stream = Terminal()
    bar = runner.Progress(1000, "games", stream=stream, delay=0.0, stage="playing 2 rule sets")
    time.sleep(1.2)  # nothing advanced: the bar still says it is alive, and how long it has run
    text = stream.text
    bar.close()
    assert "0/1,000" in text and "playing 2 rule sets" in text and "1s" in text


def test_the_bar_counts_in_units_and_shows_the_stage():
    stream = Terminal()
    bar = runner.Progress(128 * 64, "games", stream=stream, delay=0.0, unit=64)
    bar.note("playing rule set 2/3: rich")
    bar.advance(64 * 64)
    bar.close()
    assert "64/128" in stream.text and "rule set 2/3: rich" in stream.text and "/s" in stream.text
    assert "4,096" not in stream.text and "8,192" not in stream.text  # never internal units
    assert stream.text.endswith("\r")  # the line is cleared at the end


def test_no_bar_off_a_terminal_or_when_asked():
    quiet = Terminal()
    bar = runner.Progress(100, "races", stream=quiet, delay=0.0, enabled=False)
    bar.advance(50)
    time.sleep(0.6)
    bar.close()
    assert quiet.text == ""


def test_a_balance_run_counts_games_and_names_each_rule_set(monkeypatch):
    stream = Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    data = {"game": "camelup", "players": 3, "policies": "random",
            "variants": {"base": {}, "rich": {"starting_money": 5}}}
    spec, _ = parse_balance(data)
    original = runner.Progress.__init__

    def immediate(self, *args, **kwargs):
        kwargs["delay"] = 0.0
        original(self, *args, **kwargs)

    monkeypatch.setattr(runner.Progress, "__init__", immediate)
    total = balance.run(spec, runner.RunSettings(rollouts=2 * spec.chunk, seed=1, jobs=1, progress=True))
    assert total.rollouts == 2 * spec.chunk
    text = stream.text
    assert f"/{2 * spec.chunk:,}" in text and "games [" in text
    assert "playing rule set " in text and "/2: " in text  # the rule set being played (jobs=1)
    assert "tables and findings" in text  # the next stage, once the games are played
    runner.stage(None)
    assert runner._STAGE["enabled"] is False


def test_stage_lines_only_after_a_run_with_a_bar():
    stream = Terminal()
    runner.stage(None)
    runner.stage("drawing plots", stream=stream)
    assert stream.text == ""
