"""A scenario with several problems: every one found (up to 10) is listed, one line each, exit 2."""
from analyzer.core import problems
from analyzer.core.errors import ScenarioError, ScenarioProblems
from analyzer.core.registry import game
from tests.cli_helpers import invoke, one_line_error

SEVERAL = """\
game: catan
players: 4
rules: {discard_rounding: upp}
position:
  robr: 3
  buildings:
    - {owner: 0, vertex: 19, kind: setlement}
    - {owner: 0, vertex: 12, kind: city}
    - {owner: 7, vertex: 40, kind: settlement}
  roads: [{owner: 0, edge: [12, 17]}]
  hands: {0: {wood: 1, brik: 1}}
  focus: {target: citty}
"""


def test_every_problem_is_listed_one_line_each(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(SEVERAL)
    result = invoke("ev", path)
    one_line_error(result, "rules.discard_rounding", "did you mean up?")
    lines = result.stderr.strip().splitlines()
    assert [line.split(":")[1].strip() for line in lines] == [
        "rules.discard_rounding", "position.robr", "position.buildings[0].kind", "position.buildings[2].owner",
        "position.hands.0.brik", "position.focus.target"], lines
    assert result.stdout == ""


def test_a_list_item_taken_out_leaves_the_others_numbered_as_in_the_file():
    from analyzer.core import scenario

    data = scenario.parse("game: catan\nposition:\n  buildings:\n    - {owner: 9, vertex: 1}\n"
                          "    - {owner: 0, vertex: 20}\n    - {owner: 0, vertex: 60}\n")
    try:
        game("catan").position(data)
    except ScenarioProblems as exc:
        assert [e.field for e in exc.problems] == ["position.buildings[0].owner", "position.buildings[2].vertex"]
    else:
        raise AssertionError("not refused with two problems")


def test_one_problem_stays_one_plain_error_and_the_list_stops_at_ten():
    from analyzer.core import scenario

    data = scenario.parse("game: catan\nposition: {me: 9}\n")
    try:
        game("catan").position(data)
    except ScenarioError as exc:
        assert type(exc) is ScenarioError and str(exc).startswith("position.me: must be a whole number")
    hands = ", ".join(f"{k}: 1" for k in ("w", "b", "s", "g", "o"))
    bad = scenario.parse("game: catan\nposition:\n  focus: {target: x, turns: 0, rolls: 0, buys: 0}\n"
                         f"  hands: {{0: {{{hands}}}}}\n  me: 7\n  next_roller: 7\n  robber: 99\n  dev: 3\n")
    try:
        game("catan").position(bad)
    except ScenarioProblems as exc:
        assert len(exc.problems) == problems.LIMIT


def test_every_unknown_top_level_key_is_listed(tmp_path):
    path = tmp_path / "keys.yaml"
    path.write_text("game: catan\npositon: {}\nrulez: {}\n")
    result = invoke("ev", path)
    one_line_error(result)
    assert result.stderr.splitlines() == [
        "error: positon: unknown key; allowed: analysis, description, game, ladder, players, policies, position, "
        "rules, seating, title, tune, variants; did you mean position?",
        "error: rulez: unknown key; allowed: analysis, description, game, ladder, players, policies, position, "
        "rules, seating, title, tune, variants; did you mean rules?"]


def test_a_balance_scenario_lists_every_problem_too(tmp_path):
    path = tmp_path / "bal.yaml"
    path.write_text("game: catan\nplayers: 9\nseating: rotat\nvariants:\n  a: {discard_rounding: upp}\n"
                    "  b: {policies: greedyy}\n")
    result = invoke("balance", path, "-n", "100")
    one_line_error(result, "players")
    assert [line.split(":")[1].strip() for line in result.stderr.splitlines()] == [
        "players", "seating", "variants.a.discard_rounding", "variants.b.policies"]
