"""Positions (spec §8): the example loads, every count is checked, the set-up, the board template, bad input."""
import copy

import numpy as np
import pytest
import yaml

from analyzer.core import registry
from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import state
from tests.cli_helpers import invoke, one_line_error

from . import SCENARIOS, doc, shipped

EXAMPLE = "spec-example.yaml"


def test_every_shipped_position_parses_and_round_trips():
    for path in sorted(SCENARIOS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        if "position" in data:
            p = state.parse_position(data)
            assert p.seats[p.me].hidden == 0
            assert state.parse_position(state.to_dict(p)) == p, path.name


def test_the_spec_8_example():
    p = state.parse_position(shipped(EXAMPLE))
    b = p.board
    assert p.players == 3 and p.disc == (b.market_ids.index("d1.jewels"),) and p.bag is None
    me, bob, eva = p.seats
    assert me.known == (3, 0, 0, 1, 0, 4) and bob.known[4] == 3 and bob.hidden == 5 and eva.hidden == 9
    assert p.field_of(b.space("c1", "x")) == (0, 1, 0, 0, 0, 2)
    # unseen = totals for 3 players (19 17 15 13 11 9) - my hand - fields - bob's 3 camels
    assert p.unseen() == (19 - 3 - 2, 17 - 1, 15, 13 - 1, 11 - 3 - 2, 9 - 4 - 2)
    assert sum(p.unseen()) == 84 - 8 - 7 - 3 and p.pool() == p.unseen()


def _error(data, field):
    with pytest.raises(ScenarioError) as err:
        state.parse_position(data)
    assert err.value.field == field and "\n" not in str(err.value), str(err.value)
    return str(err.value)


def edit(path, value):
    d = copy.deepcopy(shipped(EXAMPLE))
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return d


@pytest.mark.parametrize("path,value,field", [
    (("position", "players", 0, "cubes"), {"jewels": 10}, "position.players"),  # over the 9 jewels of 3 players
    (("position", "fields", "a1"), {"grain": 5}, "position.fields.a1"),  # capacity 4
    (("position", "fields", "b1"), {"grain": 1}, "position.fields.b1"),  # an oasis
    (("position", "players", 0, "money"), -1, "position.players[0].money"),
    (("position", "disc"), "d1.camels", "position.disc"),
    (("position", "disc"), ["d1.jewels"], "position.disc"),
    (("position", "players", 0, "cubes"), {"gold": 1}, "position.players[0].cubes.gold"),
    (("position", "players", 0, "space"), "f9", "position.players[0].space"),
    (("position", "players", 0, "cubes"), {"known": {}, "hidden": 3}, "position.players[0].cubes"),
    (("position", "bag"), {"grain": 1}, "position.bag"),  # the hidden cubes no longer add up
    (("position", "bag"), "full", "position.bag"),
    (("position", "out_of_play"), {"grain": 1}, "position.out_of_play"),
    (("position", "colour"), "red", "position.colour"),
    (("position", "to_move"), "zed", "position.to_move"),
    (("position", "players", 1, "name"), "me", "position.players[1].name"),
    (("rules", "players"), 6, "rules.players"),
    (("rules", "market_disc"), "open", "rules.market_disc"),
    (("position", "focus"), {"n": 3}, "position.focus.kind"),
])
def test_an_impossible_position_is_a_one_line_error(path, value, field):
    _error(edit(path, value), field)


def test_disc_readings_and_the_hidden_cube_count():
    step = edit(("rules", "market_disc"), "step_down")
    step["position"]["disc"] = ["e3.camels", "d1.jewels"]
    p = state.parse_position(step)
    assert p.disc == (4, 0)
    step["position"]["disc"] = [None, "d1.jewels"]
    _error(step, "position.disc")
    none = edit(("rules", "market_disc"), "none")
    _error(none, "position.disc")
    none["position"]["disc"] = None
    assert state.parse_position(none).disc == ()
    _error(edit(("position", "players", 2, "cubes"), {"known": {}, "hidden": 70}), "position.players")
    out = edit(("rules", "penalty_cubes"), "out")
    out["position"]["out_of_play"] = {"grain": 2}
    assert state.parse_position(out).unseen()[0] == 19 - 3 - 2 - 2


def test_the_set_up_and_dealing_the_unseen():
    rng = np.random.default_rng(5)
    for players in (2, 3, 4, 5):
        p = state.start_position(players, rng)
        assert all(q.money == 200 and sum(q.known) == 7 for q in p.seats)
        assert all(sum(f) == 2 for f in p.fields) and p.disc == (-1,)
        held = [sum(f[k] for f in p.fields) + sum(q.known[k] for q in p.seats) + p.bag[k] for k in range(6)]
        assert tuple(held) == r.totals(players) and p.full_information
    p = state.parse_position(shipped(EXAMPLE))
    full = state.deal_unseen(p, rng)
    assert full.full_information and [q.cubes for q in full.seats] == [q.cubes for q in p.seats]
    held = [sum(f[k] for f in full.fields) + sum(q.known[k] for q in full.seats) + full.bag[k] for k in range(6)]
    assert tuple(held) == r.totals(3) and full.seats[1].known[4] >= 3


def test_the_board_template_needs_filling_in_and_then_loads():
    text = state.board_template()
    block = yaml.safe_load(text)
    game = registry.game("samarkand_sackson")
    base = doc([{"space": "c2", "cubes": {"grain": 2}}, {"space": "a1"}])
    with pytest.raises(ScenarioError):
        game.position({**base, "rules": {**base["rules"], **block["rules"]}})
    board = block["rules"]["board"]
    src = r.board_mapping(r.DEFAULT_BOARD)
    for sid, entry in board["spaces"].items():
        entry.update({k: v for k, v in src["spaces"][sid].items() if k in ("capacity", "price4")})
    board["prices"] = src["prices"]
    p = game.position({**base, "rules": {**base["rules"], "board": board}})
    assert not p.illustrative and p.board.name == "printed"
    result = invoke("board", "samarkand_sackson", "--template")
    assert result.exit_code == 0 and result.stdout == text


def test_bad_input_through_the_cli_exits_2_with_one_line(tmp_path):
    bad = edit(("position", "fields", "a1"), {"grain": 5})
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(bad))
    one_line_error(invoke("ask", "reach", path), "position.fields.a1", "capacity")
    path.write_text(yaml.safe_dump(edit(("position", "players", 0, "cubes"), {"gold": 1})))
    one_line_error(invoke("ev", path), "position.players[0].cubes.gold", "jewels")
    path.write_text(yaml.safe_dump(edit(("position", "focus"), {"space": "d1"})))
    one_line_error(invoke("ask", "oasis", path), "position.focus.space", "oasis")
