"""Rules as data (spec §1, §7, §10): the illustrative board, prices, the die's reach, settings, inline boards."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_sackson import exact
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.rules import DEFAULT_BOARD as B

from . import pos


def ids(spaces):
    return {B.space_ids[s] for s in spaces}


def test_components_and_removals_by_player_count():
    assert sum(r.TOTALS) == 102 and r.TOTALS == (22, 20, 18, 16, 14, 12)
    assert [sum(r.totals(n)) for n in (5, 4, 3, 2)] == [102, 96, 84, 72]


def test_the_default_board_is_spec_7_exactly():
    b = B
    assert b.illustrative and b.name == "illustrative-5x4" and b.spaces == 20
    kinds = [r.SPACE_KINDS[k] for k in b.kind]
    assert kinds.count("camp") == 10 and kinds.count("oasis") == 6 and kinds.count("city") == 4
    cap = {b.space_ids[s]: b.capacity[s] for s in b.camps}
    assert cap == {"a1": 4, "c1": 5, "e1": 6, "b2": 5, "c2": 4, "e2": 6, "a3": 5, "d3": 4, "b4": 6, "d4": 5}
    p4 = {b.space_ids[s]: b.price4[s] for s in range(20) if b.kind[s] == r.OASIS}
    assert p4 == {"b1": 25, "a2": 20, "d2": 30, "c3": 25, "c4": 20, "e4": 30}
    assert b.market_ids == ("d1.jewels", "d1.grain", "b3.carpets", "b3.assortment", "e3.camels", "e3.fruit",
                            "a4.copper", "a4.assortment")
    assert len(b.arrows) == 31
    exits = [len(s) for s in b.succ]
    assert exits.count(2) == 11 and exits.count(1) == 9
    for s in range(20):  # a loop passes every space: every space reaches every other
        assert max(r.distances(b, s)) <= 20


def test_figure_6_the_die_from_c2():
    c2 = B.space("c2", "x")
    want = {1: {"b2", "c1"}, 2: {"a2", "b3", "d1"}, 3: {"a1", "c3", "d2", "e1"}, 4: {"b1", "c2", "d3", "e2"},
            5: {"b2", "c1", "d2", "d4", "e3"}, r.BACK: {"c3", "d2"}}
    for face, spaces in want.items():
        assert ids(r.die_ends(B, c2, face)) == spaces
    rc = exact.reach(pos([{"space": "c2", "money": 50}, {"space": "a1"}]))
    assert rc.p_city == Fraction(1, 3)
    assert rc.p_space[B.space("d2", "x")] == Fraction(3, 6)


def test_figure_5_prices_and_the_sourced_anchors():
    g, f, cu, ca, cm, j = range(6)
    assert B.price[g][5] == 40 and B.assortment[3] == 15  # seed
    assert B.price[g][6] == 80 and B.price[j][6] == 200 and B.price[ca][2] == 15 and B.price[ca][6] == 160
    assert B.price[cm][2] == 15  # under step_down 3 camels pay price(camels, 2) (test_reference)
    assert B.price[g][0] == B.price[g][1] == 0
    assert B.price[g][7] == 100 and B.price[g][12] == 200 and B.price[g][13] == 200 and B.price[g][60] == 200
    assert B.assortment == (0, 0, 5, 15, 30, 50, 80)
    assert r.wealth(B, 10, (5, 0, 0, 0, 0, 1)) == 50


def test_walks_take_exactly_n_steps_and_back_goes_against_an_arrow():
    a1 = B.space("a1", "x")
    assert ids(r.walk_ends(B, a1, 0)) == {"a1"}
    assert ids(r.walk_ends(B, a1, r.BACK)) == {"a2"}
    assert r.reach_table(B, r.DIE_DEFAULT)[a1][0] == r.die_ends(B, a1, 1)


@pytest.mark.parametrize("name", sorted(r.SETTINGS))
def test_every_setting_parses_in_every_reading_it_lists(name):
    default, readings = r.SETTINGS[name]
    assert getattr(r.Settings(), name) == default
    if isinstance(readings, tuple):
        for value in readings:
            got = r.parse_settings({name: value})
            assert getattr(got, name) == value
            assert (name in got.changed()) == (value != default)
    with pytest.raises(ScenarioError) as err:
        r.parse_settings({name: "nonsense-value"})
    assert err.value.field == f"rules.{name}" and "\n" not in str(err.value)


def test_numeric_settings_and_the_die():
    s = r.parse_settings({"die": [1, 2, "back"], "assortment_min": 3, "price_one": 0, "turn_cap": 7})
    assert s.die == (1, 2, r.BACK) and s.assortment_min == 3 and s.price_one == 0 and s.turn_cap == 7
    assert s.labels()[0].startswith("rules: ") and "die=[1, 2, 'back']" in s.labels()[0]
    assert r.Settings().labels() == ["rules: every §10 setting at its default"]
    for bad, field in (({"die": [0]}, "rules.die[0]"), ({"die": []}, "rules.die"), ({"assortment_min": 1},
                       "rules.assortment_min"), ({"turn_cap": 0}, "rules.turn_cap"), ({"bogus": 1}, "rules.bogus")):
        with pytest.raises(ScenarioError) as err:
            r.parse_settings(bad)
        assert err.value.field == field
    assert r.Settings(market_disc="step_down").chips == 2 and r.Settings(market_disc="none").chips == 0


MINI = {"name": "mini", "spaces": {"a1": {"kind": "camp", "capacity": 4}, "b1": {"kind": "oasis", "price4": 20},
                                   "a2": {"kind": "city", "markets": ["grain", "assortment"]},
                                   "b2": {"kind": "camp", "capacity": 5}},
        "arrows": [["a1", "b1"], ["b1", "b2"], ["b2", "a2"], ["a2", "a1"]]}


def test_an_inline_board_is_read_and_validated():
    b = r.parse_board(MINI)
    assert b.space_ids == ("a1", "b1", "a2", "b2")
    assert b.illustrative  # the price tables are the default's: still illustrative
    assert b.market_ids == ("a2.grain", "a2.assortment") and b.camps == (0, 3)
    printed = r.parse_board({**MINI, "prices": {"grain": {"prices": [1, 2, 3, 4, 5], "step": 1}}})
    assert not printed.illustrative and printed.price[0][5] == 4 and printed.price[0][8] == 7
    assert r.parse_board(r.board_mapping(B)) == B


@pytest.mark.parametrize("change,field", [
    (lambda m: m["arrows"].append(["a1", "b2"]), "rules.board.arrows[4]"),  # not neighbours
    (lambda m: m["arrows"].append(["b1", "a1"]), "rules.board.arrows[4]"),  # a second arrow on an edge
    (lambda m: m["arrows"].pop(0), "rules.board.arrows"),  # a1 has no exit
    (lambda m: m["spaces"]["a2"].update(markets=["grain", "grain"]), "rules.board.spaces.a2.markets"),
    (lambda m: m["spaces"]["a2"].update(markets=["gold", "grain"]), "rules.board.spaces.a2.markets[0]"),
    (lambda m: m["spaces"].pop("b2"), "rules.board.spaces"),  # not a grid
    (lambda m: m["spaces"]["a1"].update(price4=20), "rules.board.spaces.a1.price4"),
    (lambda m: m["spaces"]["b1"].update(kind="lake"), "rules.board.spaces.b1.kind"),
    (lambda m: m.update(colour="red"), "rules.board.colour"),
    (lambda m: m.update(prices={"grain": {"prices": [1, 2]}}), "rules.board.prices.grain.prices"),
])
def test_a_bad_inline_board_is_a_one_line_error(change, field):
    import copy

    m = copy.deepcopy(MINI)
    change(m)
    with pytest.raises(ScenarioError) as err:
        r.parse_board(m)
    assert err.value.field == field and "\n" not in str(err.value)
    with pytest.raises(ScenarioError):
        r.parse_board("no-such-board")
