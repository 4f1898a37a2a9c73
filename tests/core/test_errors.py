"""Errors the user sees: one line, naming the field."""
from analyzer.core.errors import ScenarioError


def test_a_scenario_error_is_one_line_whatever_the_key_holds():
    error = ScenarioError("variants.a\nb", "unknown key 'x\ty'; allowed: c")
    assert str(error) == "variants.a\\nb: unknown key 'x\\ty'; allowed: c" and error.field == "variants.a\\nb"
    assert ScenarioError("players.Tomáš", "ok").field == "players.Tomáš"  # letters stay as they are
