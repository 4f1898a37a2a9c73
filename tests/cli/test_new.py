"""`analyzer new GAME [QUESTION]`: a commented starter scenario, runnable as it is (issue 51 item 5)."""
import pytest

from analyzer.cli.new import _covered
from analyzer.core import registry, scenario
from tests.cli_helpers import invoke, one_line_error

GAMES = [g.name for g in registry.games()]


def _starter(*args) -> str:
    result = invoke("new", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("name", GAMES)
def test_every_games_starter_answers_its_question(name, tmp_path):
    game = registry.game(name)
    path = tmp_path / "starter.yaml"
    result = invoke("new", name, "-o", path)
    assert result.exit_code == 0 and path.is_file(), result.output
    text = path.read_text()
    question = "odds" if "odds" in game.questions else next(iter(game.questions))
    assert f"a starter scenario for `analyzer {question} FILE`" in text.replace("ask odds", "odds")
    assert all(len(line) <= 80 for line in text.splitlines())
    command = [question] if question in ("odds", "ev") else ["ask", question]
    answered = invoke(*command, path, "-n", "200", "--seed", "1", "-j", "1", "--no-progress", "-f", "json")
    assert answered.exit_code == 0, answered.output


@pytest.mark.parametrize("name", GAMES)
def test_every_question_with_a_shipped_position_gets_a_starter_that_loads(name):
    game = registry.game(name)
    for question in _covered(game):
        text = _starter(name, question)
        data = scenario.parse(text)
        assert question in game.supported(game.position(data)), (name, question)
        assert all(len(line) <= 80 for line in text.splitlines()), (name, question)


def test_the_starter_comments_each_field_with_what_the_loader_allows():
    text = _starter("catan", "ev")
    assert "# players: a whole number from 3 to 4" in text
    assert "# kind: allowed: settlement, city" in text
    assert "# discard_rounding: up (up, down)" in text  # a setting left at its default, with its readings
    assert "also (left at their defaults): awards, dev" in text  # keys the block takes that it leaves out


def test_new_never_writes_over_a_file_and_refuses_what_it_cannot_write(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("keep me")
    one_line_error(invoke("new", "catan", "-o", path), "-o", "exists")
    assert path.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"]
    one_line_error(invoke("new", "katan"), "game", "did you mean catan?")
    one_line_error(invoke("new", "catan", "incom"), "question", "did you mean income?")


def test_new_refuses_a_path_it_cannot_write_in_one_line():
    one_line_error(invoke("new", "finstere_flure", "odds", "-o", "/dev/null/x"), "-o", "cannot write")
