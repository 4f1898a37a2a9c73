"""The policies, hand-stepped: greedy buys the exactly payable tile of best points per cost (ties: lower cost, then
lower space) and acts again, else takes the money making the most tiles exactly payable (ties: more value, more
cards, the lower mask), else overpays; it places where the longest outer wall is longest (layout.py's brute force,
first square on ties); random is uniform over the legal actions and records them; policy names parse."""
import random

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra import sim
from analyzer.games.alhambra.policies import Policy, parse_policies

BLUE, GREEN, ORANGE, YELLOW = range(4)


def tile(kind, cost, walls=None) -> int:
    ids = [i for i in range(r.N_TILES) if r.TILE_KIND[i] == r.KINDS.index(kind) and r.TILE_COST[i] == cost
           and (walls is None or r.TILE_WALLS[i] == tuple(walls))]
    return ids[0]


def state(hand=(), display=(), market=(None,) * 4, players=3, policy="greedy", stack=()) -> np.ndarray:
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL] = players
    for cur, v in hand:
        s[g.HAND + cur * 9 + v - 1] += 1
        s[g.HSUM + cur] += v
        s[g.HN] += 1
    s[g.DISP:g.DISP + 4] = -1
    for i, card in enumerate(display):
        if card is not None:
            s[g.DISP + i] = card[0] * 9 + card[1] - 1
    s[g.MKT:g.MKT + 4] = [-1 if t is None else t for t in market]
    s[g.STK:g.STK + len(stack)] = stack
    s[g.SN] = len(stack)
    s[g.POL:g.POL + players] = g.POLICY_CODES[policy]
    return s


class Probe:
    def __init__(self, players=3, seed=1):
        self.cfg = g.settings_vector(None, players)
        self.grid, self.wk = g.new_grid(), g.work()
        self.rs = np.arange(seed, seed + 6, dtype=np.uint64)
        self.rec = np.zeros((64, 3), dtype=np.int64)
        self.st = np.zeros(g.STSIZE, dtype=np.int64)

    def __call__(self, op, s, m=0, a=0, b=0):
        return int(g.probe(g.PROBES.index(op), s, self.cfg, self.grid, m, a, b, self.rs, self.rec, self.wk, self.st))

    def turn(self, s):
        """One whole turn of the state's mover (game.batch going on with the state's grid)."""
        stats = self.st[None, :]
        g.run(self.cfg, self.rs[None, :], stats, s, g.GO_ON, 1, grid=sim.grid_of(s), wk=self.wk, rec=self.rec)
        self.st = stats[0]


def test_greedy_buys_the_best_exact_tile_and_acts_again():
    s = state(hand=[(BLUE, 2), (GREEN, 3), (ORANGE, 9)],
              display=[(YELLOW, 9)] * 4, market=[tile("pavilion", 2), tile("seraglio", 3), tile("arcades", 4), None],
              stack=list(range(20, 30)))
    probe = Probe()
    assert probe("greedy_action", s) == 16 + BLUE  # 16/2 beats 17/3; arcades 4 is payable only by overpaying
    probe.turn(s)
    acts = probe.st[g.ST_ACT:g.ST_ACT + g.NACT]
    assert acts[g.A_EXACT] == 2 and acts[g.A_TAKE] == 1 and acts[g.A_OVER] == 0
    assert s[g.HSUM + ORANGE] == 9 and s[g.HSUM + YELLOW] == 9  # no exact payment left: it took a yellow 9


def test_greedy_ties_on_points_per_cost_go_to_the_lower_cost():
    garden10, pavilion8 = tile("garden", 10), tile("pavilion", 8)  # 20/10 == 16/8
    s = state(hand=[(BLUE, 9), (BLUE, 1), (YELLOW, 8)], market=[garden10, None, None, pavilion8])
    assert Probe()("greedy_action", s) == 16 + YELLOW


def test_greedy_takes_the_money_for_the_most_exact_payments_then_the_most_value():
    s = state(hand=[(BLUE, 1)], display=[(BLUE, 1), (GREEN, 4), (ORANGE, 2), (YELLOW, 9)],
              market=[tile("pavilion", 2), tile("seraglio", 3), tile("arcades", 4), tile("tower", 7)])
    assert Probe()("greedy_action", s) == 0b0011  # blue 1 + green 4: pays the pavilion exactly, 5 in value
    s = state(hand=[(BLUE, 1)], display=[(GREEN, 9), (ORANGE, 8), None, (YELLOW, 7)],
              market=[tile("pavilion", 2), None, None, tile("tower", 7)])
    assert Probe()("greedy_action", s) == 0b1000  # yellow 7 pays the tower exactly; the 9 does nothing


def test_greedy_overpays_only_when_there_is_no_money_to_take():
    s = state(hand=[(BLUE, 9)], market=[tile("pavilion", 2), None, None, None])
    assert Probe()("greedy_action", s) == 16 + BLUE
    assert Probe()("greedy_action", state(hand=[(BLUE, 1)], market=[tile("pavilion", 2)] + [None] * 3)) == 0


def test_greedy_places_where_the_longest_wall_is_longest():
    rnd = random.Random(2)
    for _ in range(25):
        alh = {}
        for t in rnd.sample(range(r.N_TILES), rnd.randint(1, 12)):
            squares = layout.legal_placements(alh, t)
            if squares:
                alh[rnd.choice(squares)] = t
        new = rnd.choice([t for t in range(r.N_TILES) if t not in alh.values()])
        s = state()
        sim.place_tiles(s, 0, alh)
        probe = Probe()
        probe("place", s, 0, new)
        squares = layout.legal_placements(alh, new)
        if not squares:
            assert list(s[g.RES:g.RES + s[g.RESN]]) == [new]
            continue
        walls = [layout.longest_outer_wall({**alh, sq: new}) for sq in squares]
        assert sim.alhambra_of(s, 0) == {**alh, squares[walls.index(max(walls))]: new}


def test_random_is_uniform_over_the_legal_actions():
    # display values 1, 2, 3, 8: each card alone and the pairs totalling <= 5; the blue 5 pays the pavilion 4
    s = state(hand=[(BLUE, 5), (GREEN, 2)], display=[(BLUE, 1), (GREEN, 2), (ORANGE, 3), (YELLOW, 8)],
              market=[tile("pavilion", 4), tile("seraglio", 3), tile("arcades", 4), None])
    legal = {1, 2, 4, 8, 0b0011, 0b0101, 0b0110, 16 + BLUE}  # 1+2+3 = 6 > 5; green 2 cannot pay the seraglio 3
    n = 2400
    counts = {}
    for seed in range(n):
        a = Probe(seed=seed * 7 + 1)("random_action", s)
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == legal
    expected = n / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 24.3  # 7 degrees of freedom, p = 0.001


def test_random_records_its_choices():
    s = state(hand=[(BLUE, 5)], display=[(BLUE, 1), None, None, None], market=[tile("pavilion", 4)] + [None] * 3,
              policy="random", stack=list(range(20, 30)))
    probe = Probe(seed=3)
    probe.turn(s)
    rows = [tuple(x) for x in probe.rec[1:1 + probe.rec[0, 0]]]
    assert rows[0] in ((g.R_TAKE, 1, 0), (g.R_BUY, BLUE, 0))
    if rows[0][0] == g.R_BUY:  # overpaid 5 for 4: the turn ends; the tile is placed on a recorded square
        assert rows[1][0] in (g.R_PLACE, g.R_RESERVE)


def test_policy_names_parse():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    assert parse_policies(["greedy", "random", "greedy"], "policies", 3)[1].kind == "random"
    assert Policy("greedy").describe() and Policy("random").label == "random"
    with pytest.raises(ScenarioError, match="policies"):
        parse_policies("clever", "policies", 3)
