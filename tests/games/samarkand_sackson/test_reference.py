"""The readable reference, hand-stepped: every rule subtlety the spec quotes (§3-§5, §10), each reading."""
import numpy as np
import pytest

from analyzer.games.samarkand_sackson import reference as ref
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import state

from . import Script, lot, pos, table

B = r.DEFAULT_BOARD
NO = (0,) * 6
OTHER = {"space": "a1", "money": 100}


def sid(s):
    return B.space(s, "x")


def turn(t, chance=None, **script):
    d = Script(**script)
    ref.play_turn(t, chance or ref.FixedChance(), d)
    return d


def asked(d, name):
    return [a for a in d.asked if a[0] == name]


def test_the_extra_move_follows_a_free_step_not_a_die_move():
    t = table([{"space": "b1", "money": 50, "cubes": {"grain": 1, "carpets": 2}}, OTHER])
    d = turn(t, move="step", step=["b2", "b3"], gift="grain", camp="move_on", sale=0)
    assert asked(d, "camp") == [("camp", True)] and t.space[0] == sid("b3")
    assert t.field_of(sid("b2"))[0] == 1 and t.money[0] == 50 + 15  # 2 carpets sold at b3
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 2}}, OTHER])
    d = turn(t, ref.FixedChance(faces=[0]), move="die", landing="d3", gift="grain", camp="trade", trade=[(NO, NO)])
    assert asked(d, "camp") == [("camp", False)] and t.money[0] == 45 and t.space[0] == sid("d3")
    t = table([{"space": "b1", "money": 50, "cubes": {"grain": 2}}, OTHER], rules={"extra_move": False})
    d = turn(t, move="step", step="b2", gift="grain", camp="trade", trade=[(NO, NO)])
    assert asked(d, "camp") == [("camp", False)]


def test_a_full_camp_takes_no_gift_and_gives_no_extra_move():
    full = {"a1": {"camels": 4}}
    t = table([{"space": "a2", "money": 50, "cubes": {"grain": 1}}, OTHER], fields=full)
    d = turn(t, ref.FixedChance(cubes=[0, 5]), move="step", step="a1")
    assert not asked(d, "gift") and not asked(d, "camp")
    assert t.money[0] == 40 and t.hand[0] == list(lot(grain=1, camels=4)) and t.field_of(sid("a1")) == list(
        lot(grain=1, jewels=1))
    t = table([{"space": "a2", "money": 8, "cubes": {"grain": 1}}, OTHER], fields=full)
    turn(t, move="step", step="a1")
    assert t.money[0] == 8 and t.hand[0][4] == 0  # full_camp_unpaid nothing
    t = table([{"space": "a2", "money": 8, "cubes": {"grain": 1}}, OTHER], fields=full,
              rules={"full_camp_unpaid": "pay_all"})
    turn(t, ref.FixedChance(cubes=[0, 0]), move="step", step="a1")
    assert t.money[0] == 0 and t.hand[0][4] == 4 and sum(t.field_of(sid("a1"))) == 2
    # a chain that enters a full camp stops there with the purchase (extra_move_at_full_camp: stop)
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 1}}, OTHER], fields={"c1": {"fruit": 5}})
    d = turn(t, ref.FixedChance(cubes=[0, 0]), move="step", step=["c2", "c1"], gift="grain", camp="move_on")
    assert len(asked(d, "camp")) == 1 and t.space[0] == sid("c1") and t.hand[0][1] == 5 and t.money[0] == 40


def test_the_gift_is_bought_for_20_blind_or_chosen_and_a_shortfall_takes_all():
    t = table([{"space": "d2", "money": 50}, OTHER])
    turn(t, ref.FixedChance(cubes=[5]), move="step", step="c2", camp="trade", trade=[(NO, NO)])
    assert t.money[0] == 30 and t.field_of(sid("c2")) == list(lot(jewels=1))
    t = table([{"space": "d2", "money": 7}, OTHER])
    turn(t, ref.FixedChance(cubes=[2]), move="step", step="c2", camp="trade", trade=[(NO, NO)])
    assert t.money[0] == 0 and t.field_of(sid("c2")) == list(lot(copper=1))
    t = table([{"space": "d2", "money": 50}, OTHER], rules={"gift_purchase": "choice"})
    d = turn(t, move="step", step="c2", gift_colour="camels", camp="trade", trade=[(NO, NO)])
    assert asked(d, "gift_colour")[0][1] == tuple(range(6)) and t.field_of(sid("c2")) == list(lot(camels=1))


def test_one_trade_m_for_m_or_any_counts_within_the_capacity():
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 3}}, OTHER], fields={"c2": {"jewels": 2}})
    turn(t, move="step", step="c2", gift="grain", camp="trade", trade=[(lot(grain=2), lot(jewels=2))])
    assert t.hand[0] == list(lot(jewels=2)) and t.field_of(sid("c2")) == list(lot(grain=3))
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 3}}, OTHER], fields={"c2": {"jewels": 2}})
    with pytest.raises(AssertionError):  # equal: m for m
        turn(t, move="step", step="c2", gift="grain", camp="trade", trade=[(NO, lot(jewels=2))])
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 3}}, OTHER], fields={"c2": {"jewels": 2}},
              rules={"trade_counts": "any"})
    turn(t, move="step", step="c2", gift="grain", camp="trade", trade=[(NO, lot(jewels=2))])
    assert t.hand[0] == list(lot(grain=2, jewels=2))
    t = table([{"space": "d2", "money": 50, "cubes": {"grain": 5}}, OTHER], fields={"c2": {"jewels": 2}},
              rules={"trade_counts": "any"})
    with pytest.raises(AssertionError):  # 3 + 2 given > capacity 4
        turn(t, move="step", step="c2", gift="grain", camp="trade", trade=[(lot(grain=2), NO)])
    rng = np.random.default_rng(1)
    for _ in range(200):  # the random player's trades under `any` keep every field within its capacity
        t = table([{"space": "d2", "money": 50, "cubes": {"grain": 5, "fruit": 3}}, OTHER],
                  fields={"c2": {"jewels": 1, "camels": 1}}, rules={"trade_counts": "any"})
        ref.play_turn(t, ref.RandomChance(rng), ref.UniformDecider(rng))
        assert all(sum(f) <= B.capacity[s] for f, s in zip(t.fields, B.camps))


def test_oasis_buys_and_the_broke_penalty():
    t = table([{"space": "c4", "money": 19, "cubes": {"grain": 1}}, OTHER])  # d4 -> c4 (P 20); 5..P-1 buys 1
    t.space[0] = sid("d4")
    d = turn(t, ref.FixedChance(cubes=[5]), move="step", step="c4")
    assert not asked(d, "oasis") and t.money[0] == 14 and t.hand[0] == list(lot(grain=1, jewels=1))
    t = table([{"space": "d4", "money": 20}, OTHER])
    d = turn(t, ref.FixedChance(cubes=[0, 0, 1, 5]), move="step", step="c4", oasis=4)
    assert asked(d, "oasis") and t.money[0] == 0 and t.hand[0] == list(lot(grain=2, fruit=1, jewels=1))
    t = table([{"space": "d4", "money": 4, "cubes": {"jewels": 3, "grain": 2}}, OTHER])
    bag = list(t.bag)
    turn(t, ref.FixedChance(lost=[5, 0, 5]), move="step", step="c4")
    assert t.hand[0] == list(lot(grain=1, jewels=1)) and t.money[0] == 4 and t.bag[5] == bag[5] + 2
    t = table([{"space": "d4", "money": 0, "cubes": {"jewels": 2}}, OTHER], rules={"penalty_cubes": "out"})
    turn(t, ref.FixedChance(lost=[5, 5]), move="step", step="c4")  # fewer than 3: all of them
    assert t.hand[0] == list(NO) and t.out_of_play[5] == 2


def test_the_disc_closes_the_covered_market_or_its_commodity():
    me = {"space": "e2", "money": 50, "cubes": {"camels": 3, "fruit": 2, "jewels": 1}}
    sales = lambda t, s: ref.legal_sales(t.board, t.settings, t.disc, t.hand[0], sid(s))  # noqa: E731
    t = table([me, OTHER], disc="e3.camels")
    assert {B.market_ids[m] for m, _ in sales(t, "e3")} == {"e3.fruit"}
    t = table([{**me, "cubes": {"jewels": 1, "carpets": 1, "grain": 1}}, OTHER], disc="d1.jewels",
              rules={"disc_scope": "commodity"})
    assert all(l[5] == 0 for _, l in sales(t, "b3")) and sales(t, "b3")  # jewels sell nowhere, not in assortments
    t = table([{**me, "cubes": {"jewels": 1, "grain": 1}}, OTHER], disc="b3.assortment")
    assert sales(t, "a4")  # market scope: only b3's swirl is closed
    t = table([{**me, "cubes": {"jewels": 1, "grain": 1}}, OTHER], disc="b3.assortment",
              rules={"disc_scope": "commodity"})
    assert not sales(t, "a4")  # a covered swirl closes both assortments
    me = {**me, "space": "d3"}
    t = table([me, OTHER], disc="e3.camels")
    turn(t, move="step", step="e3", sale=0)
    assert t.disc == [B.market_ids.index("e3.fruit")] and t.money[0] == 60  # 2 fruit
    t = table([me, OTHER], disc=None, rules={"market_disc": "none"})
    turn(t, move="step", step="e3", sale=(4, lot(camels=3)))
    assert t.disc == [] and t.money[0] == 80


def test_step_down_pays_one_step_lower_and_price_one_for_two():
    me = {"space": "d3", "money": 50, "cubes": {"camels": 3, "fruit": 2}}
    t = table([me, OTHER], rules={"market_disc": "step_down"}, disc=["e3.camels"])
    turn(t, move="step", step="e3", sale=(4, lot(camels=3)))
    assert t.money[0] == 50 + B.price[4][2] == 65  # figure 5: 3 camels at the price of 2
    assert t.disc == [4, 4]
    t = table([me, OTHER], rules={"market_disc": "step_down"}, disc=["e3.camels", "e3.fruit"])
    turn(t, move="step", step="e3", sale=(5, lot(fruit=2)))
    assert t.money[0] == 55 and t.disc == [5, 4]  # a lot of 2: price_one 5; the older chip moved
    t = table([me, OTHER], rules={"market_disc": "step_down", "price_one": 1}, disc=["e3.fruit", "d1.grain"])
    turn(t, move="step", step="e3", sale=(4, lot(camels=3)))
    assert t.money[0] == 80 and t.disc == [4, 5]  # an unchipped market pays in full
    t = table([me, OTHER], rules={"market_disc": "step_down", "price_one": 1}, disc=["e3.camels"])
    turn(t, move="step", step="e3", sale=(4, lot(camels=2)))
    assert t.money[0] == 51


def test_the_fine_sale_sizes_and_the_assortment_minimum():
    t = table([{"space": "d3", "money": 50, "cubes": {"grain": 1}}, OTHER])
    turn(t, move="step", step="e3")
    assert t.money[0] == 30
    t = table([{"space": "d3", "money": 12, "cubes": {"grain": 1}}, OTHER])
    turn(t, move="step", step="e3")
    assert t.money[0] == 0  # shortfall: all he has
    t = table([{"space": "d3", "money": 50, "cubes": {"camels": 4}}, OTHER], rules={"sale_size": "all"})
    d = turn(t, move="step", step="e3", sale=0)
    assert asked(d, "sale")[0][1] == ((4, lot(camels=4)),) and t.money[0] == 100
    me = {"space": "a3", "money": 50, "cubes": {"grain": 1, "fruit": 1, "jewels": 1}}
    sales = lambda t: ref.legal_sales(t.board, t.settings, t.disc, t.hand[0], sid("b3"))  # noqa: E731
    assert len(sales(table([me, OTHER]))) == 4  # 3 pairs and the triple
    assert sales(table([me, OTHER], rules={"assortment_min": 3})) == [(3, lot(grain=1, fruit=1, jewels=1))]
    t = table([me, OTHER])
    turn(t, move="step", step="b3", sale=(3, lot(grain=1, fruit=1, jewels=1)))
    assert t.money[0] == 65  # the seed: 1 grain + 1 fruit + 1 jewel pay 15


def test_500_wins_at_once():
    t = table([{"space": "c1", "money": 490, "cubes": {"jewels": 2}}, OTHER])
    turn(t, move="step", step="d1", sale=0)
    assert t.money[0] == 510 and t.end == "won" and t.winner == 0 and t.to_move == 0
    with pytest.raises(AssertionError):
        turn(t, move="step", step="e1")


def test_the_empty_bag_discards_to_12_then_the_draw_resumes():
    me = {"space": "d4", "money": 50, "cubes": {"grain": 13}}
    other = {"space": "a1", "money": 50, "cubes": {"fruit": 14}}
    rest = [t - h for t, h in zip(r.totals(2), lot(grain=13 + 2, fruit=14))]
    t = table([me, other], bag={"grain": 2}, rules={"penalty_cubes": "out"},
              out_of_play=dict(zip(r.KINDS, rest)))
    d = turn(t, ref.FixedChance(cubes=[0, 0, 0, 1]), move="step", step="c4", oasis=4,
             discard=[lot(grain=3), lot(fruit=2)])
    # 2 drawn (15 grain), the bag is empty: I discard 3, the other 2, then 2 more are drawn from the discards
    assert asked(d, "discard") == [("discard", 0, 3), ("discard", 1, 2)]
    assert t.hand[0] == list(lot(grain=13, fruit=1))
    assert t.hand[1] == list(lot(fruit=12)) and sum(t.bag) == 3 and t.money[0] == 30
    t = table([me, other], bag={"grain": 2}, rules={"penalty_cubes": "out"}, out_of_play=dict(zip(r.KINDS, rest)))
    t.bag = [0] * 6  # a bag still empty: a draw delivers only what exists, at the full price
    turn(t, move="step", step="c4", oasis=4)
    assert t.money[0] == 30 and t.hand[0] == list(lot(grain=13))


def test_the_die_needs_5_piasters_and_the_broke_are_out():
    t = table([{"space": "a1", "money": 4}, OTHER])
    assert ref.move_kinds(t, 0) == ["step"] and all(m[0] == "step" for m in ref.legal_moves(t))
    assert len([m for m in ref.legal_moves(table([{"space": "c2", "money": 5}, OTHER])) if m[0] == "die"]) == 20
    t = table([{"space": "d3", "money": 15}, OTHER])  # a fine takes the last piasters: out
    turn(t, move="step", step="e3")
    assert t.out[0] and t.end == "last_standing" and t.winner == 1
    t = table([{"space": "d3", "money": 15}, OTHER, OTHER], rules={"eliminate_broke": True})
    turn(t, move="step", step="e3")
    assert t.out[0] and t.end is None and t.to_move == 1
    t = table([{"space": "d3", "money": 15}, OTHER], rules={"eliminate_broke": False})
    turn(t, move="step", step="e3")
    assert not t.out[0] and t.end is None and t.to_move == 1


def test_the_turn_cap_ends_the_game():
    t = table([{"space": "a1", "money": 10}, OTHER], rules={"turn_cap": 2})
    turn(t, ref.FixedChance(cubes=[0]), move="step", step="b1")
    assert t.end is None
    turn(t, ref.FixedChance(cubes=[0]), move="step", step="b1", oasis=1)  # the other seat
    assert t.end == "capped" and t.winner is None


def test_a_recorded_turn_replays_to_the_same_position():
    p = pos([{"space": "d2", "money": 50, "cubes": {"grain": 3}}, OTHER], fields={"c2": {"jewels": 2}})
    after = ref.apply(p, {"move": ("chain", ("c2", "c1")), "gifts": ["grain", "grain"],
                          "act": ("trade", {"grain": 1}, {"grain": 1})})
    t = ref.from_position(p)
    turn(t, move="step", step=["c2", "c1"], gift="grain", camp=["move_on", "trade"],
         trade=[(lot(grain=1), lot(grain=1))])
    assert after == ref.to_position(t, p)
    q = pos([{"space": "c2", "money": 4, "cubes": {"jewels": 2}}, OTHER])
    after = ref.apply(q, {"move": ("step", "b2"), "gifts": ["jewels"], "act": ("no_trade",)})
    assert after.seats[0].known == lot(jewels=1) and after.to_move == 1
    q = pos([{"space": "d1", "money": 50}, OTHER], rules={"market_disc": "step_down"})
    after = ref.apply(q, {"move": ("die", 0, "d2"), "act": ("oasis", 4, ["grain", "grain", "fruit", "jewels"])})
    assert after.seats[0].known == lot(grain=2, fruit=1, jewels=1) and after.seats[0].money == 15


def test_random_games_keep_every_cube_and_repeat_for_a_seed():
    def game(seed, players):
        rng = np.random.default_rng(seed)
        t = ref.new_game(players, rng, settings=r.Settings(market_disc=("closed", "step_down")[seed % 2]))
        ch, d = ref.RandomChance(rng), ref.UniformDecider(rng)
        while t.end is None:
            ref.play_turn(t, ch, d)
            held = [sum(f[k] for f in t.fields) + sum(h[k] for h in t.hand) + t.bag[k] + t.out_of_play[k]
                    for k in range(6)]
            assert tuple(held) == r.totals(players) and min(t.money) >= 0
            assert all(sum(f) <= B.capacity[s] for f, s in zip(t.fields, B.camps))
        return t.turn, t.end, t.money
    for seed in range(8):
        assert game(seed, 2 + seed % 4) == game(seed, 2 + seed % 4)
    assert state.start_position(3, np.random.default_rng(3)).full_information
