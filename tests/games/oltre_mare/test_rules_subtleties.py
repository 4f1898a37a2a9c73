"""Every rule subtlety the spec quotes, hand-stepped on a position through the answers (analysis.py on exact.py)
and checked against the reference too: the debt surcharge in both debt_rule readings, good terms with and without
good_terms_debt, at most 4 buys, dense 6/3/1 with 0 tokens, runs past their table, a single card 1, the top run
staying as the base at the lion, the lion on top at a turn's end, the symbol table and symbols_over_4."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.oltre_mare import analysis, exact, state
from analyzer.games.oltre_mare import reference as ref
from analyzer.games.oltre_mare import rules as r

POOL_70_WITH_6_GEMS = {"gems": 6, "scrolls": 10, "silk": 12, "salt": 14, "ceramics": 16, "olives": 12, "grain": 0}


def position(players=4, rules=None, **fields):
    me = fields.pop("me", {})
    return state.parse_position({"game": "oltre_mare", "players": players, "rules": rules or {},
                                 "position": {"me": me, **fields}})


def buys(p) -> list[tuple[list[int], int]]:
    """(prices, ducats left) for 1..4 buys, as `odds` answers them; the reference's stepping agrees."""
    got = [(b["prices"], b["left"]) for b in analysis.odds(p, None).payload["buys"]]
    s = p.settings
    for k, (prices, left) in enumerate(got, 1):
        steps = ref.buy_steps(p.ducats, k, p.port_token == "good_terms", s.debt_rule, s.good_terms_debt)
        assert (prices, left) == ([price for price, _ in steps], steps[-1][1])
    return got


# -- blind buys: the debt surcharge, good terms, at most 4 --------------------------------------------------------

def test_two_ducats_three_buys_cost_3_4_4_eleven_leaving_minus_9():
    prices, left = buys(position(ducats=2))[2]
    assert prices == [3, 4, 4] and sum(prices) == 11 and left == -9


def test_below_zero_charges_4_only_below_0_and_zero_or_below_at_0_too():
    assert buys(position(ducats=0))[1] == ([3, 4], -7)  # 0 is not below zero: the first buy is 3
    assert buys(position(ducats=0, rules={"debt_rule": "zero_or_below"}))[1] == ([4, 4], -8)
    assert buys(position(ducats=3))[2] == ([3, 3, 4], -7)  # the purse reaches 0, then goes below
    assert buys(position(ducats=3, rules={"debt_rule": "zero_or_below"}))[2] == ([3, 4, 4], -8)
    assert buys(position(ducats=1))[0] == ([3], -2)  # the surcharge looks at the purse before the buy


def test_good_terms_cost_1_2_3_4_with_no_debt_surcharge_unless_good_terms_debt():
    good_terms = {"port_token": "good_terms"}
    assert buys(position(ducats=2, me=good_terms))[2] == ([1, 2, 3], -4)  # 6 spent, in debt before the third
    assert buys(position(ducats=2, me=good_terms))[3] == ([1, 2, 3, 4], -8)
    assert buys(position(ducats=-3, me=good_terms))[1] == ([1, 2], -6)
    debt = {"good_terms_debt": True}
    assert buys(position(ducats=2, me=good_terms, rules=debt))[3] == ([1, 2, 4, 5], -10)
    assert buys(position(ducats=1, me=good_terms, rules={**debt, "debt_rule": "zero_or_below"}))[2] == (
        [1, 3, 4], -7)
    assert buys(position(ducats=2, me={"port_token": "calm_sea"}))[2] == ([3, 4, 4], -9)  # another token: no help


def test_at_most_4_blind_buys_a_turn_and_never_more_than_the_cards_there():
    assert len(buys(position(ducats=20))) == 4
    with pytest.raises(ValueError):
        exact.buy_steps(20, 5, False, r.DEFAULT_SETTINGS)
    pile = position(ducats=5, me={"pirate_pile": ["gems", "salt"]}, buy_from="pirate_pile")
    payload = analysis.odds(pile, None).payload
    assert [b["k"] for b in payload["buys"]] == [1, 2]  # two cards in my pirate pile: two buys
    assert payload["buys"][0]["odds"]["gems"][0]["p_exact"] == "1/2" and payload["buys"][1]["odds"]["gems"][0][
        "p_exact"] == "1"
    few = position(unseen={"gems": 1, "salt": 2})
    assert len(buys(few)) == 3


def test_three_buys_from_70_unseen_holding_6_gems_find_a_gem_with_467_in_1955():
    p = position(unseen=POOL_70_WITH_6_GEMS)
    odds = analysis.odds(p, None).payload["buys"][2]["odds"]["gems"]
    assert Fraction(odds[0]["p_exact"]) == Fraction(467, 1955) == 1 - Fraction(41664, 54740)
    assert ref.goods_odds(POOL_70_WITH_6_GEMS, 3)["gems", 1] == Fraction(467, 1955)


def test_buys_from_a_pirate_pile_of_unknown_cards_go_like_the_unseen_pool_but_stop_at_its_size():
    p = position(unseen=POOL_70_WITH_6_GEMS, me={"pirate_pile": 2}, buy_from="pirate_pile")
    payload = analysis.odds(p, None).payload["buys"]
    assert len(payload) == 2
    assert Fraction(payload[1]["odds"]["gems"][0]["p_exact"]) == 1 - Fraction(64 * 63, 70 * 69) == Fraction(19, 115)


def test_two_players_play_without_grain_78_cards():
    p = position(players=2)
    assert "grain" not in dict(p.unseen) and sum(dict(p.unseen).values()) == 78
    with pytest.raises(ScenarioError) as err:
        position(players=2, me={"cargo": ["grain"]})
    assert err.value.field.startswith("position.me.cargo")


# -- majorities ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tokens,points", [
    ((3, 2, 2, 0), (6, 3, 3, 1)),  # the seed's example: the next after a tie for second is third, not fourth
    ((0, 0, 0, 0), (6, 6, 6, 6)),  # 0 tokens still ranks
    ((4, 4, 1, 0, 0), (6, 6, 3, 1, 1)),
    ((5, 3, 2, 1, 0), (6, 3, 1, 0, 0)),
    ((0, 2), (3, 6)),
])
def test_prestige_at_the_lion_is_6_3_1_by_dense_rank(tokens, points):
    names = ("me", "p2", "p3", "p4", "p5")[:len(tokens)]
    p = position(players=len(tokens), prestige=dict(zip(names, tokens)))
    shown = analysis.lion(p, None).payload["prestige"]
    assert [row["points"] for row in shown] == list(points) == ref.dense_majority(tokens)
    assert r.majority_points(tokens) == points  # the port tokens' majority at the end is the same rule


# -- the cargo runs ----------------------------------------------------------------------------------------------

def orders(p) -> list[dict]:
    got = analysis.ev(p, None).payload["orders"]
    want = ref.cargo_orders(p.cargo, p.play, dict(p.settings.run_table), not p.lion_scored)
    assert [(tuple((c["good"], c["power"]) for c in row["order"]), row["end"], row["power"]) for row in got] == [
        (row["order"], row["end"], row["power"]) for row in want]
    return got


def test_a_run_longer_than_its_table_scores_the_tables_maximum_and_starts_no_new_group():
    gems = orders(position(me={"cargo": ["gems", "gems", "gems"], "play": ["gems"], "power": 6},
                           lion={"scored": True}))
    assert gems[0]["end"] == 5  # 4 gems: 5, not 5 + 5 nor 5 + 1
    grain = orders(position(me={"cargo": ["grain"] * 5, "play": ["grain"], "power": 6}, lion={"scored": True}))
    assert grain[0]["end"] == 12  # 6 grain: the 5-card maximum


def test_a_single_card_scores_1_in_every_table():
    best = orders(position(me={"cargo": ["salt", "olives", "salt"], "play": ["olives"], "power": 6}))[0]
    assert (best["lion"], best["end"]) == (3, 4)  # four runs of one: the top one waits at the lion
    table = {g: [1, 4, 9] for g in r.GOODS}
    best = orders(position(rules={"run_table": table}, me={"cargo": ["gems"], "play": ["silk"], "power": 6}))[0]
    assert (best["lion"], best["end"]) == (1, 2)


def test_the_lion_leaves_the_top_run_as_the_new_base():
    pile = ["salt", "salt", "olives", "olives"]
    assert exact.cargo_scores(pile, r.ILLUSTRATIVE_RUN_TABLE) == (3, 6) == ref.cargo_scores(
        pile, dict(r.ILLUSTRATIVE_RUN_TABLE))
    before = orders(position(me={"cargo": pile, "play": ["olives"], "power": 6}))
    assert (before[0]["lion"], before[0]["end"]) == (3, 8)  # the lion scores the salt pair; three olives wait
    after = orders(position(me={"cargo": ["olives", "olives"], "play": ["olives"], "power": 6},
                            lion={"scored": True}))
    assert after[0]["end"] == 5  # the olives left as the base go on growing into one run


def test_while_the_lion_waits_its_scoring_ranks_first_after_it_the_end_then_the_power_on_top():
    play = [["grain", 5], ["grain", 5], ["salt", 3]]
    waiting = orders(position(me={"play": play, "power": 4}))
    assert [c["good"] for c in waiting[0]["order"]] == ["grain", "grain", "salt"]  # lion 3: the pair is banked
    assert (waiting[0]["lion"], waiting[0]["end"], waiting[0]["power"], waiting[0]["bales"]) == (3, 4, 3, 4)
    scored = orders(position(me={"play": play, "power": 4}, lion={"scored": True}))
    assert [c["good"] for c in scored[0]["order"]] == ["salt", "grain", "grain"]  # end 4 tie: power 5 on top
    assert (scored[0]["end"], scored[0]["power"], scored[0]["bales"]) == (4, 5, 2)
    tie = orders(position(me={"play": [["salt", 4], ["olives", 4]], "power": 5}))
    assert [c["good"] for c in tie[0]["order"]] == ["salt", "olives"]  # all equal: the order listed first


# -- the lion ----------------------------------------------------------------------------------------------------

def lion(p) -> Fraction:
    got = Fraction(analysis.lion(p, None).payload["p_exact"])
    draws = [{p.my_draws: 1}] + [dict(pmf) for pmf in p.opponent_draws]
    assert got == ref.lion_chance(ref.depth_pmf(p.settings.lion_depth, p.players), p.drawn, draws)
    return got


def test_four_players_36_drawn_7_more_draws_reach_the_lion_with_7_in_8():
    assert lion(position(deck_drawn_since_lion=36, lion={"opponent_draws": [7, 0, 0]})) == Fraction(7, 8)


def test_the_lion_on_top_at_a_turns_end_scores_too():
    at_40 = {"lion_depth": {40: 1}}
    assert lion(position(players=3, rules=at_40, deck_drawn_since_lion=37, lion={"opponent_draws": [3, 0]})) == 1
    assert lion(position(players=3, rules=at_40, deck_drawn_since_lion=37, lion={"opponent_draws": [2, 0]})) == 0
    assert lion(position(players=3, rules=at_40, deck_drawn_since_lion=37,
                         lion={"opponent_draws": [1, 1], "my_draws": 1})) == 1  # my own draws this turn count
    with pytest.raises(ScenarioError) as err:  # 40 drawn: the lion would have scored
        position(players=3, rules=at_40, deck_drawn_since_lion=40)
    assert err.value.field == "position.deck_drawn_since_lion"


def test_the_illustrative_draws_are_0_to_3_per_opponent_equally_likely():
    # 4 players, D = 36, d uniform 34-44 -> 37-44 left (8 depths); X = three draws of 0-3: P = E[min(X, 8)] / 8
    p = position(deck_drawn_since_lion=36)
    x = {}
    for a in range(4):
        for b in range(4):
            for c in range(4):
                x[a + b + c] = x.get(a + b + c, 0) + Fraction(1, 64)
    assert lion(p) == sum(px * min(n, 8) for n, px in x.items()) / 8


# -- the symbol table ------------------------------------------------------------------------------------------

def test_symbols_pay_1_3_6_6_and_five_pay_symbols_over_4():
    assert [r.symbol_value(n) for n in (1, 2, 3, 4)] == [1, 3, 6, 6] == [ref.symbol_amount(n, 6) for n in (1, 2, 3, 4)]
    assert r.symbol_value(5) == 6  # default: capped at 6
    over = r.parse_settings({"symbols_over_4": 8}).symbols_over_4
    assert r.symbol_value(5, over) == 8 == ref.symbol_amount(5, over)
