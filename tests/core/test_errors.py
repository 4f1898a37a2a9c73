"""Errors the user sees: one line, naming the field."""
from analyzer.core.errors import ScenarioError


def test_a_scenario_error_is_one_line_whatever_the_key_holds():
    error = ScenarioError("variants.a\nb", "unknown key 'x\ty'; allowed: c")
    assert str(error) == "variants.a\\nb: unknown key 'x\\ty'; allowed: c" and error.field == "variants.a\\nb"
    assert ScenarioError("players.Tomáš", "ok").field == "players.Tomáš"  # letters stay as they are


def test_an_unknown_name_gets_the_closest_allowed_ones():
    from analyzer.core.errors import did_you_mean

    assert did_you_mean("forrest", ["forest", "hills"]) == "; did you mean forest?"
    assert did_you_mean("Ore", ["ore", "wood"]) == "; did you mean ore?"
    assert did_you_mean("xyz", ["forest", "hills"]) == ""
    assert did_you_mean(3, ["forest"]) == ""


def test_every_scenario_check_suggests_a_name():
    import pytest

    from analyzer.core import scenario as sc
    from analyzer.core.registry import game

    with pytest.raises(ScenarioError, match=r"allowed: up, down; did you mean up\?$"):
        sc.choice("upp", "rules.discard_rounding", ["up", "down"])
    with pytest.raises(ScenarioError, match=r"did you mean robber\?$"):
        sc.mapping({"robr": 3}, "position", {"robber", "roads"})
    with pytest.raises(ScenarioError, match=r"did you mean position\?$"):
        sc.parse("game: catan\npositon: {}\n")
    with pytest.raises(ScenarioError, match=r"did you mean catan\?$"):
        game("katan")
    with pytest.raises(ScenarioError, match=r"did you mean income\?$"):
        game("catan").question("incom")
