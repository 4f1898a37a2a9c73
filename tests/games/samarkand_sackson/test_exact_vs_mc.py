"""Seeded Monte Carlo of the readable reference inside the 95% interval of the exact values (spec §9.1-§9.3)."""
import math

import numpy as np

from analyzer.games.samarkand_sackson import exact
from analyzer.games.samarkand_sackson import reference as ref
from analyzer.games.samarkand_sackson import rules as r

from . import pos

B = r.DEFAULT_BOARD
OTHER = {"space": "a1", "money": 100}
Z = 1.96


def inside(values, exact_mean) -> bool:
    values = np.asarray(values, dtype=float)
    half = Z * values.std(ddof=1) / math.sqrt(len(values)) + 1e-12
    return abs(values.mean() - float(exact_mean)) <= half


def test_20k_oasis_buys_of_4_match_the_hypergeometric_and_the_net_gain():
    p = pos([{"space": "d4", "money": 40, "cubes": {"grain": 3, "jewels": 1}},
             {"space": "a1", "money": 100, "cubes": {"jewels": 2, "camels": 4}}], fields={"a1": {"jewels": 1}})
    c4 = B.space("c4", "x")
    hand = p.seats[0].known
    choices = exact.oasis_choices(p, c4, 40, hand, p.pool())
    rng = np.random.default_rng(11)
    base, chance = ref.from_position(p), ref.RandomChance(rng)
    jewel, net = [], []
    for _ in range(20_000):
        t = ref.Table(base.board, base.settings, base.players, base.disc, base.fields, list(base.bag),
                      base.out_of_play, list(base.space), list(base.money), [list(hand), list(base.hand[1])],
                      base.out, base.names)
        before = r.wealth(B, t.money[0], t.hand[0])
        ref.draw_into(t, t.hand[0], 4, chance, None)
        jewel.append(t.hand[0][5] >= 2)
        net.append(r.wealth(B, t.money[0], t.hand[0]) - before - 20)
    assert inside(jewel, exact.p_at_least(p.pool(), 4, 5, 1))
    assert inside(net, choices[1].net)


def test_20k_penalties_match_figure_3():
    p = pos([{"space": "d4", "money": 3, "cubes": {"jewels": 3, "grain": 2}}, OTHER])
    rng = np.random.default_rng(12)
    kept = []
    for _ in range(20_000):
        t = ref.from_position(p)
        ref.oasis(t, 0, B.space("c4", "x"), ref.RandomChance(rng), None)
        kept.append(t.hand[0][5] >= 2)
    hand = p.seats[0].known
    assert inside(kept, sum(q for c, q in exact.penalty(hand) if hand[5] - c[5] >= 2))


def test_random_walks_find_exactly_the_reach_sets_and_the_city_chance():
    p = pos([{"space": "c2", "money": 50}, OTHER])
    rc = exact.reach(p)
    rng = np.random.default_rng(13)
    for face, ends in rc.die:
        seen = set()
        for _ in range(400):
            here = B.space("c2", "x")
            if face == r.BACK:
                here = B.pred[here][int(rng.random() * len(B.pred[here]))]
            for _ in range(max(face, 0)):
                here = B.succ[here][int(rng.random() * len(B.succ[here]))]
            seen.add(here)
        assert seen == set(ends)
    chance = ref.RandomChance(rng)
    city = [any(B.kind[z] == r.CITY for z in rc.die[chance.face(r.DIE_DEFAULT)][1]) for _ in range(20_000)]
    assert inside(city, rc.p_city)


class Best:
    """A decider playing exact.ev's choices in the reference: the best landing, gift, trade, buy and sale (each
    decision worked out once per state)."""

    def __init__(self, p, rng):
        self.p, self.rng, self.memo = p, rng, {}

    def _once(self, name, t, seat, fn):
        key = (name, t.space[seat], t.money[seat], tuple(t.hand[seat]), tuple(map(tuple, t.fields)))
        if key not in self.memo:
            self.memo[key] = fn(t.money[seat], tuple(t.hand[seat]))
        return self.memo[key]

    def gift(self, t, seat):
        return self._once("gift", t, seat, lambda m, h: exact.best_gift(self.p, m, h)[0])

    def camp(self, t, seat, space, can_move_on):
        return "trade"

    def trade(self, t, seat, space):
        return self._once("trade", t, seat, lambda m, h: exact.best_trade(
            self.p, m, h, tuple(t.field_of(space)), t.board.capacity[space])[:2])

    def oasis(self, t, seat, space):
        def pick(m, h):
            one, four = exact.oasis_choices(self.p, space, m, h, self.p.pool())
            return 4 if four.allowed and four.net > one.net else 1
        return self._once("oasis", t, seat, pick)

    def sale(self, t, seat, sales):
        best = self._once("sale", t, seat, lambda m, h: exact.best_sale(self.p, t.space[seat], h))
        return sales.index(best[:2])

    def discard(self, t, seat, n):
        return ref.take_uniform(t.hand[seat], n, self.rng.random)


def test_the_die_option_s_exact_ev_matches_10k_simulated_turns():
    p = pos([{"space": "c2", "money": 60, "cubes": {"grain": 2, "camels": 3, "jewels": 1}},
             {"space": "e4", "money": 150, "cubes": {"fruit": 3}}], fields={"c1": {"jewels": 2}, "b2": {"camels": 2}})
    die = [o for o in exact.ev(p) if o.kind == "die"][0]
    rng = np.random.default_rng(14)
    chance, best = ref.RandomChance(rng), Best(p, rng)
    landing = {}
    gains = []
    for _ in range(10_000):
        t = ref.from_position(p)
        before = r.wealth(B, t.money[0], t.hand[0])
        ref.pay(t, 0, r.DIE_COST)
        face = r.DIE_DEFAULT[chance.face(r.DIE_DEFAULT)]
        if face not in landing:
            landing[face] = [z for f, z, _ in die.detail if f == face][0]  # ev's best landing for the face
        ref.act(t, 0, landing[face], False, chance, best)
        gains.append(r.wealth(B, t.money[0], t.hand[0]) - before)
    assert inside(gains, die.ev)
