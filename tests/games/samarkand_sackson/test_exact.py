"""Exact answers (spec §9.1-§9.4, §11 figures 1-4): draws, the penalty, values of spaces, move options, trades."""
from fractions import Fraction
from math import comb

from analyzer.games.samarkand_sackson import exact
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import state

from . import lot, pos, shipped

B = r.DEFAULT_BOARD
G, F, CU, CA, CM, J = range(6)
OTHER = {"space": "a1", "money": 100}


def sid(s):
    return B.space(s, "x")


def test_figure_1_at_least_one_jewel_in_a_4_cube_buy_from_the_full_bag():
    p = exact.p_at_least(r.TOTALS, 4, J, 1)
    assert p == 1 - Fraction(comb(90, 4), comb(102, 4)) == 1 - Fraction(2555190, 4249575) == Fraction(3423, 8585)


def test_figure_2_all_four_grain():
    assert exact.p_at_least(r.TOTALS, 4, G, 4) == Fraction(7315, 4249575) == Fraction(133, 77265)


def test_figure_3_the_penalty_on_3_jewels_and_2_grain():
    hand = lot(jewels=3, grain=2)
    kept_two_jewels = sum(q for c, q in exact.penalty(hand) if hand[J] - c[J] >= 2)
    assert kept_two_jewels == Fraction(comb(3, 2), comb(5, 2)) == Fraction(3, 10)
    assert exact.penalty(lot(jewels=2)) == [(lot(jewels=2), Fraction(1))]  # fewer than 3: all of them


def test_figure_4_a_7_cube_start_hand():
    want = 1 - Fraction(comb(90, 7) + 12 * comb(90, 6), comb(102, 7))
    assert exact.p_at_least(r.TOTALS, 7, J, 2) == want == Fraction(26175, 137158)


def test_draws_are_a_distribution_and_stop_at_what_the_pool_holds():
    d = exact.draws(lot(grain=2, jewels=1), 4)
    assert d == [(lot(grain=2, jewels=1), Fraction(1))]
    assert sum(q for _, q in exact.draws(r.totals(3), 4)) == 1 and len(exact.draws(r.TOTALS, 4)) == comb(9, 5)


def test_the_oasis_choices_follow_the_money():
    p = pos([{"space": "d4", "money": 19, "cubes": {"grain": 1}}, OTHER])
    c1, c4 = exact.oasis_choices(p, sid("c4"), 19, p.seats[0].known, p.pool())
    assert c1.allowed and not c4.allowed and c1.net == c1.gain - 5 and c4.net == c4.gain - 20
    assert exact.value(p, sid("c4"), 19, p.seats[0].known, p.fields, p.pool()) == c1.net  # 5..P-1 buys 1
    assert exact.value(p, sid("c4"), 25, p.seats[0].known, p.fields, p.pool()) == max(c1.net, c4.net)
    pen, = exact.oasis_choices(p, sid("c4"), 4, lot(jewels=3, grain=2), p.pool())
    # lose 3 of 5: W 35 (3 jewels) + 10 (2 grain) before; the mean W after
    after = sum(q * r.wealth(B, 0, exact.add(lot(jewels=3, grain=2), c, -1)) for c, q in exact.penalty(lot(jewels=3,
                                                                                                          grain=2)))
    assert pen.cubes == 0 and pen.net == after - 45
    # the one-cube gain by hand: 1 grain held, a second grain makes 10
    pool = p.pool()
    assert c1.gain == Fraction(pool[G] * 10, sum(pool))


def test_a_camp_is_worth_the_gift_and_the_best_trade_or_the_full_camp_purchase():
    p = pos([{"space": "d2", "money": 50, "cubes": {"grain": 3, "carpets": 1}}, OTHER],
            fields={"c2": {"jewels": 2}, "c1": {"fruit": 5}})
    hand = p.seats[0].known
    assert exact.best_gift(p, 50, hand) == (CA, 0, 0)  # a lone carpet costs no W
    give, take, d = exact.best_trade(p, 50, lot(grain=3), lot(jewels=2, carpets=1), 4)
    assert (give, take, d) == (lot(grain=2), lot(jewels=2), 20 - 15 + 0)  # 2 jewels 20, grain 3 -> 1 loses 15
    assert exact.value(p, sid("c2"), 50, hand, p.fields, p.pool()) == 5
    assert exact.value(p, sid("c1"), 50, hand, p.fields, p.pool()) == r.wealth(B, 0, lot(fruit=5)) - 10 == 40
    assert exact.value(p, sid("c1"), 9, hand, p.fields, p.pool()) == 0  # under 10: nothing
    pay_all = pos([{"space": "d2", "money": 9, "cubes": {"grain": 3}}, OTHER], fields={"c1": {"fruit": 5}},
                  rules={"full_camp_unpaid": "pay_all"})
    assert exact.value(pay_all, sid("c1"), 9, lot(grain=3), pay_all.fields, pay_all.pool()) == 50 - 9
    bought = pos([{"space": "d2", "money": 50}, OTHER], fields={"c2": {"jewels": 2}})
    assert exact.value(bought, sid("c2"), 50, (0,) * 6, bought.fields, bought.pool()) == -20
    anyp = pos([{"space": "d2", "money": 50}, OTHER], fields={"c2": {"jewels": 2}}, rules={"trade_counts": "any"})
    v = exact.value(anyp, sid("c2"), 50, (0,) * 6, anyp.fields, anyp.pool())
    pool = anyp.pool()  # take all three: 2 jewels + the bought cube (a third jewel makes 35)
    assert v == -20 + 20 + Fraction(pool[J] * 15, sum(pool))


def test_trades_m_for_m_any_counts_and_the_swap_reaching_n():
    p = pos([{"space": "d2", "money": 50, "cubes": {"camels": 3, "grain": 2}}, OTHER])
    assert exact.reach_trade(p, 50, lot(camels=3, grain=2), lot(camels=2), 4, CM, 5) == (lot(grain=2),
                                                                                      lot(camels=2), 80 - 30 - 10)
    assert exact.reach_trade(p, 50, lot(camels=3, grain=2), lot(camels=1), 4, CM, 5) is None
    anyp = pos([{"space": "d2", "money": 50, "cubes": {"grain": 2}}, OTHER], rules={"trade_counts": "any"})
    give, take, d = exact.best_trade(anyp, 50, lot(grain=2), lot(jewels=3), 4)
    assert give == (0,) * 6 and take == lot(jewels=3) and d == 35
    assert all(sum(g) == sum(t) for g, t, _ in exact.trades(p, 50, lot(grain=2), lot(jewels=3), 4))


def test_a_city_is_worth_its_best_sale_or_the_fine():
    p = pos([{"space": "d3", "money": 50, "cubes": {"camels": 3, "fruit": 2}}, OTHER])
    got = exact.sales(p, sid("e3"), p.seats[0].known)
    assert [(B.market_ids[m], sum(l), pay, d) for m, l, pay, d in got] == [
        ("e3.camels", 2, 15, -15), ("e3.camels", 3, 30, 0), ("e3.fruit", 2, 10, 0)]
    assert exact.best_sale(p, sid("e3"), p.seats[0].known)[1] == lot(camels=3)  # ties: the larger lot
    assert exact.value(p, sid("b3"), 50, p.seats[0].known, p.fields, p.pool()) == 5 - 15 - 10  # camel + fruit
    broke = pos([{"space": "d3", "money": 12, "cubes": {"grain": 1}}, OTHER])
    assert exact.value(broke, sid("e3"), 12, broke.seats[0].known, broke.fields, broke.pool()) == -12


def test_ev_of_the_spec_example():
    p = state.parse_position(shipped("spec-example.yaml"))
    options = {o.label: o for o in exact.ev(p)}
    assert list(options)[:2] == ["step to c1", "step to b2"]
    # c1: the lone carpet as the gift, then 2 grain for the field's 2 jewels: jewels 4 -> 6 (+145), grain 3 -> 1 (-15)
    assert options["step to c1"].ev == 130 and options["step to b2"].ev == 0
    # b3 forces an assortment sale: the lone carpet as the gift (no W lost) leaves grain + jewel for 5 (-5 - 20),
    # -20 in all; a grain as the gift (-5) keeps the carpet for it: carpet + grain for 5 (-10), -10 in all
    extra = options["step to b2, gift, on to b3"]
    assert extra.ev == -10 and extra.gift == G
    assert [(k, d + exact.value(p, sid("b3"), 245, exact.add(p.seats[0].known, exact.unit(k), -1), p.fields, p.pool()))
            for k, d, _ in exact.gifts(p, 245, p.seats[0].known)] == [(CA, -20), (G, -10), (J, -20)]
    die = options["roll the die"]
    money, hand = 245 - 5, p.seats[0].known
    for face, z, v in die.detail:
        ends = r.die_ends(B, sid("c2"), face)
        assert z in ends and v == max(exact.value(p, y, money, hand, p.fields, p.pool()) for y in ends)
    assert die.ev == -5 + sum(v for _, _, v in die.detail) / 6


def test_the_die_is_valued_with_5_piasters_less_and_needs_5():
    p = pos([{"space": "d4", "money": 7}, OTHER])  # d4 -> c4 (oasis P 20): 1 step
    die = [o for o in exact.ev(p) if o.kind == "die"][0]
    face1 = die.detail[0]
    assert B.space_ids[face1[1]] == "c4" and face1[2] == 0  # 2 piasters left: the penalty, with no cube to lose
    assert not [o for o in exact.ev(pos([{"space": "d4", "money": 4}, OTHER])) if o.kind == "die"]


def test_reach_sets_with_chains_of_extra_moves():
    p = pos([{"space": "b1", "money": 50}, OTHER])
    assert {B.space_ids[s] for s in exact.reach(p).chain} == {"c1", "b2", "d1", "a2", "b3"}
    full = pos([{"space": "b1", "money": 50}, OTHER], fields={"c1": {"grain": 5}})
    assert {B.space_ids[s] for s in exact.reach(full).chain} == {"c1", "b2", "a2", "b3"}
    off = pos([{"space": "b1", "money": 50}, OTHER], rules={"extra_move": False})
    assert {B.space_ids[s] for s in exact.reach(off).chain} == {"c1", "b2"}
    die = pos([{"space": "c2", "money": 50}, OTHER], rules={"die": [1, 1, "back"]})
    rc = exact.reach(die)
    assert rc.p_space[sid("c1")] == Fraction(2, 3) and rc.p_space[sid("d2")] == Fraction(1, 3) and rc.p_city == 0


def test_ev_and_sales_follow_the_settings():
    seats = [{"space": "d3", "money": 50, "cubes": {"camels": 4, "fruit": 1, "jewels": 1}}, OTHER]
    kinds_of = lambda p: [o.kind for o in exact.ev(p)]  # noqa: E731
    assert "extra" in kinds_of(pos(seats)) and "extra" not in kinds_of(pos(seats, rules={"extra_move": False}))
    lots = lambda p: [sum(l) for m, l, _, _ in exact.sales(p, sid("e3"), p.seats[0].known)]  # noqa: E731
    assert lots(pos(seats)) == [2, 3, 4] and lots(pos(seats, rules={"sale_size": "all"})) == [4]
    closed = pos(seats, disc="e3.camels")
    assert lots(closed) == [] and exact.value(closed, sid("e3"), 50, closed.seats[0].known, closed.fields,
                                              closed.pool()) == -20
    step = pos(seats, disc=["e3.camels"], rules={"market_disc": "step_down"})
    assert [pay for _, _, pay, _ in exact.sales(step, sid("e3"), step.seats[0].known)] == [5, 15, 30]
    scope = pos([{"space": "a3", "money": 50, "cubes": {"jewels": 1, "grain": 1, "fruit": 1}}, OTHER],
                disc="d1.jewels", rules={"disc_scope": "commodity"})
    assert all(l[J] == 0 for _, l, _, _ in exact.sales(scope, sid("b3"), scope.seats[0].known))


def test_the_extra_moves_gift_is_chosen_with_the_next_space_not_by_least_loss():
    """b1 -> b2 (camp) -> b3 (carpets, assortment): the least-loss gift (the lone grain, 0) leaves fruit, carpet,
    camel for a 3-kind assortment (15 - 10 for the fruit pair broken) = 5; giving a fruit (-10) keeps four kinds
    for 30 with no W lost: 20, the best option."""
    p = pos([{"space": "b1", "money": 30, "cubes": {"grain": 1, "fruit": 2, "carpets": 1, "camels": 1}}, OTHER])
    hand = p.seats[0].known
    assert exact.best_gift(p, 30, hand) == (G, 0, 0)
    assert exact.gifts(p, 30, hand) == [(G, 0, 0), (CA, 0, 0), (CM, 0, 0), (F, -10, 0)]
    options = {o.label: o for o in exact.ev(p)}
    via = options["step to b2, gift, on to b3"]
    assert via.ev == Fraction(20) and via.gift == F and via.detail == [(sid("b3"), 20)]
    assert exact.value(p, sid("b3"), 30, exact.add(hand, exact.unit(G), -1), p.fields, p.pool()) == 15 - 10
    assert max(o.ev for o in options.values()) == via.ev
    # ties go to the least loss, then the lowest kind: every gift loses at d1 (no jewels or grain pair to sell)
    assert options["step to c1, gift, on to d1"].ev == -20 and options["step to c1, gift, on to d1"].gift == G
    bought = pos([{"space": "b1", "money": 30}, OTHER])
    # no cube: the gift is bought (-20), then b3's fine takes the 10 left
    assert {o.label: (o.ev, o.gift) for o in exact.ev(bought)}["step to b2, gift, on to b3"] == (-30, None)


def test_at_a_camp_the_gift_is_chosen_with_the_trade_and_the_least_loss_gift_attains_it():
    """The trade may take the gift back, so every gift leaves the same hands in reach: each kind's ΔW + the best
    trade after it is the same, and the camp's V is that (spec example, c1: 130 whichever cube is given)."""
    p = state.parse_position(shipped("spec-example.yaml"))
    hand, fld, cap = p.seats[0].known, p.field_of(sid("c1")), B.capacity[sid("c1")]
    per = [(k, d + exact.best_trade(p, 245, exact.add(hand, exact.unit(k), -1), exact.add(fld, exact.unit(k)),
                                    cap)[2]) for k, d, _ in exact.gifts(p, 245, hand)]
    assert per == [(CA, 130), (G, 130), (J, 130)]
    assert exact.camp_choice(p, 245, hand, fld, cap) == (CA, 130)
    import random
    rng = random.Random(4)
    for trade_counts in ("equal", "any"):
        for _ in range(25):
            hand = tuple(rng.choice((0, 1, 2, 3)) for _ in range(6))
            fld = tuple(rng.choice((0, 0, 1, 2)) for _ in range(6))
            if not sum(hand) or sum(fld) >= 5:
                continue
            q = pos([{"space": "b1", "money": 50}, OTHER], rules={"trade_counts": trade_counts})
            vals = {d + exact.best_trade(q, 50, exact.add(hand, exact.unit(k), -1), exact.add(fld, exact.unit(k)),
                                         5)[2] for k, d, _ in exact.gifts(q, 50, hand)}
            assert len(vals) == 1
