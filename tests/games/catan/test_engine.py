"""The numba engine: hand-stepped rule subtleties on hand-made states (longest road, a road blocked by a
settlement, the distance rule, discard rounding, the bank's limit, harbour delay, VP reveals, cards bought this
turn, largest army, the start order), whole games (determinism, one win per game, the cap), and agreement with
the readable reference on seeded games in every reading."""
from types import SimpleNamespace

import numpy as np
import pytest

from analyzer.games.catan import board as bo
from analyzer.games.catan import game as g
from analyzer.games.catan import sim

COAST = [0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51, 48, 52, 49, 53, 50, 46, 42, 37, 32, 26, 20, 15, 10, 6, 2, 5,
         1, 4]  # the coast cycle of the 19-hex land


class Table:
    """A hand-made main-game state on the default board; `t("probe", q, x)` runs one engine step."""

    def __init__(self, players=4, **settings):
        self.cfg = g.settings_vector(SimpleNamespace(**settings), players)
        self.bd = g.board_vector(bo.default_board())
        self.s = np.zeros(g.SSIZE, dtype=np.int64)
        g.init(self.s, self.bd, self.cfg)
        self.s[g.PHASE] = 1
        self.s[g.TURN] = 3
        self.rs = np.arange(1, g.NSTREAMS + 1, dtype=np.uint64)
        self.rec = np.zeros((64, 2), dtype=np.int64)
        self.w = np.zeros(g.WSIZE, dtype=np.int64)
        self.st = np.zeros(g.STSIZE, dtype=np.int64)

    def __call__(self, probe, q=0, x=0):
        return int(g.probe(g.PROBES.index(probe), self.s, self.bd, self.cfg, q, x, self.rs, self.rec, self.w,
                           self.st))

    def settle(self, q, v, city=False):
        self("place_settlement", q, v)
        if city:
            self.s[g.VKIND + v] = 2
            self.s[g.SUP + q * 3 + 2] -= 1
            self.s[g.SUP + q * 3 + 1] += 1

    def roads(self, q, path):
        for a, b in zip(path, path[1:]):
            self("place_road", q, bo.EDGE_ID[(min(a, b), max(a, b))])

    def hand(self, q, cards=None):
        at = g.HAND + q * g.NR
        if cards is not None:
            self.s[at:at + g.NR] = cards
        return tuple(int(x) for x in self.s[at:at + g.NR])

    @property
    def longest_road(self):
        return int(self.s[g.LR])


def test_longest_road_is_the_longest_trail_branches_do_not_count_and_a_loop_does():
    t = Table()
    t.roads(0, COAST[:6])
    assert t("longest", 0) == 5
    t.roads(0, [7, 12])  # a branch at the middle vertex
    assert t("longest", 0) == 5
    loop = list(bo.HEX_VERTICES[9])  # the centre hex, corners in order round it
    t.roads(1, loop + loop[:1])
    assert t("longest", 1) == 6


def test_longest_road_needs_five_and_a_new_holder_must_exceed_the_record():
    t = Table()
    t.roads(0, COAST[:5])
    assert t.longest_road == -1  # 4 roads
    t.roads(0, COAST[4:6])
    assert t.longest_road == 0
    t.roads(1, COAST[7:13])  # 5 roads: a tie keeps the holder
    assert t.longest_road == 0
    t.roads(1, COAST[12:14])  # 6 beats 5
    assert t.longest_road == 1


@pytest.mark.parametrize("split", [True, False])
def test_another_players_settlement_splits_a_road_under_road_split(split):
    t = Table(road_split=split)
    t.roads(0, COAST[:7])
    assert t.longest_road == 0
    t.settle(1, 11)  # the middle of seat 0's 6 roads
    assert t("longest", 0) == (3 if split else 6)
    assert t.longest_road == (-1 if split else 0)  # nobody else has 5: the award is vacant after the split


def test_a_road_cannot_continue_through_another_players_settlement():
    t = Table()
    t.settle(0, 0)
    t.roads(0, [0, 3, 7])
    t.roads(2, [0, 4])  # the only other way out of seat 0's network
    assert bo.EDGES[t("road_choice", 0)].tolist() in ([7, 11], [7, 12])
    t.settle(1, 7)
    assert t("road_choice", 0) == -1


@pytest.mark.parametrize("needs_road", [True, False])
def test_the_distance_rule_and_settlement_needs_road(needs_road):
    t = Table(settlement_needs_road=needs_road)
    t.settle(0, 8)
    spot = t("best_spot", 0, 0)
    if needs_road:
        assert spot == -1  # no own road reaches a free spot
        t.roads(0, [8, 12, 17])
        assert t("best_spot", 0, 0) == 17  # 12 is a neighbour of the settlement
    else:
        assert spot >= 0 and spot != 8 and spot not in bo.VERTEX_NEIGHBORS[8]
    placed = [8]
    while (v := t("best_spot", len(placed) % 4, 1)) >= 0:  # set-up placements fill the board
        assert all(u not in placed for u in bo.VERTEX_NEIGHBORS[v] if u >= 0)
        t.s[g.SUP + (len(placed) % 4) * 3 + 1] = 5
        t.settle(len(placed) % 4, v)
        placed.append(v)
    assert 10 < len(placed) < 30


@pytest.mark.parametrize("rounding, left", [("up", (1, 0, 0, 2, 1)), ("down", (1, 1, 0, 2, 1))])
def test_discards_round_per_the_setting_and_drop_the_largest_surplus_first(rounding, left):
    t = Table(discard_rounding=rounding)
    t.settle(0, 8)  # a settlement to upgrade: the wanted build is a city (2 grain, 3 ore)
    t.hand(0, (2, 2, 2, 2, 1))  # 9 cards: up 5, down 4
    t("discard", 0)
    assert t.hand(0) == left
    t.hand(1, (3, 0, 2, 1, 1))  # 7 cards: no discard
    t("discard", 1)
    assert t.hand(1) == (3, 0, 2, 1, 1)


def test_production_pays_nobody_a_resource_the_bank_cannot_cover_and_not_under_the_robber():
    t = Table()
    hexes = bo.HEX_VERTICES[0]  # mountains, 6 on the default board (the other 6 is a forest)
    t.settle(0, hexes[0])
    t.settle(1, hexes[3], city=True)
    t.s[g.BANK + 4] = 2  # ore: 3 owed
    t("produce", 0, 6)
    assert t.hand(0)[4] == 0 and t.hand(1)[4] == 0
    t.s[g.BANK + 4] = 3
    t("produce", 0, 6)
    assert t.hand(0)[4] == 1 and t.hand(1)[4] == 2 and t.s[g.BANK + 4] == 0
    t.s[g.BANK + 4] = 19
    t.s[g.ROBBER] = 0
    t("produce", 0, 6)
    assert t.hand(0)[4] == 1


@pytest.mark.parametrize("delay", [True, False])
def test_a_harbour_is_usable_only_from_the_turn_after_it_was_built_under_harbor_delay(delay):
    t = Table(harbor_delay=delay)
    t.settle(0, 0)  # the 2:1 grain harbour (0, 3) on the default board
    t.settle(1, 5)  # a generic harbour (1, 5)
    assert t("rate", 0, 3) == (4 if delay else 2) and t("rate", 1, 2) == (4 if delay else 3)
    assert t("rate", 0, 2) == 4
    t.s[g.TURN] += 1
    assert t("rate", 0, 3) == 2 and t("rate", 1, 2) == 3


def _vp_table(points, **settings):
    t = Table(**settings)
    t.s[g.SUP + 1] = 5 - points  # the points as settlements (supply is what the engine counts)
    t.s[g.DECK:g.DECK + 5] = (0, 5, 0, 0, 0)
    t.hand(0, (0, 0, 1, 1, 1))  # a development card exactly
    return t


def test_a_vp_card_bought_as_the_10th_point_is_revealed_at_once_and_wins():
    t = _vp_table(9)
    t("build_loop", 0)
    assert t.s[g.VPR] == 1 and t.s[g.ENDED] == g.E_WON and t.s[g.WINNER] == 0


def test_a_vp_card_that_is_not_the_10th_point_waits_for_the_next_turn():
    t = _vp_table(8)
    t("build_loop", 0)
    assert t.s[g.VPR] == 0 and t.s[g.DEVH + g.VPCARD] == 1 and t("points", 0) == 8
    t.s[g.TOMOVE] = 0
    t("roll_phase", 0)
    assert t.s[g.VPR] == 1 and t("points", 0) >= 9


@pytest.mark.parametrize("auto_claim", [True, False])
def test_hidden_vp_cards_count_at_once_and_auto_claim_decides_when_the_win_is_taken(auto_claim):
    t = _vp_table(9, vp_cards="hidden", auto_claim=auto_claim)
    t("build_loop", 0)
    assert t.s[g.VPR] == 0 and t("points", 0) == 10
    assert t.s[g.ENDED] == (g.E_WON if auto_claim else g.E_RUN)
    if not auto_claim:
        t("roll_phase", 0)  # the win comes at the start of his next turn
        assert t.s[g.ENDED] == g.E_WON and t.s[g.WINNER] == 0


def test_a_card_bought_this_turn_is_not_played_until_a_later_turn():
    t = Table()
    t.settle(0, 8)
    h = int(bo.VERTEX_HEXES[8][0])
    t.s[g.ROBBER] = h  # on an own numbered hex: a knight is wanted
    t.s[g.DECK:g.DECK + 5] = (14, 0, 0, 0, 0)
    t.hand(0, (0, 0, 1, 1, 1))
    t("build_loop", 0)
    t("dev_step", 0)
    assert t.s[g.DEVH + g.KNIGHT] == 1 and t.s[g.KN] == 0 and t.s[g.ROBBER] == h
    t.s[g.DEVNEW:g.DEVNEW + 5] = 0  # a later turn
    t("dev_step", 0)
    assert t.s[g.KN] == 1 and t.s[g.ROBBER] != h


def test_largest_army_needs_three_knights_and_a_strict_overtake():
    t = Table()
    for q, knights in ((0, 2), (1, 2)):
        t.s[g.KN + q] = knights
        t.s[g.DEVH + q * 5 + g.KNIGHT] = 1
    t("dev_step", 0)
    assert t.s[g.LA] == 0 and t.s[g.KN] == 3
    t.s[g.PLAYS] = 0
    t("dev_step", 1)  # 3 does not beat 3, and the robber is not on its hexes: no play
    assert t.s[g.KN + 1] == 2 and t.s[g.LA] == 0
    t.s[g.KN + 1] = 3
    t("dev_step", 1)
    assert t.s[g.KN + 1] == 4 and t.s[g.LA] == 1


def _ranked(rolls, players):
    """The start order from the recorded rolls: tied groups re-roll, the first tied group first."""
    rolls = iter(rolls)

    def rank(group):
        got = {q: next(rolls) for q in group}
        out = []
        for value in sorted(set(got.values()), reverse=True):
            tied = [q for q in group if got[q] == value]
            out += tied if len(tied) == 1 else rank(tied)
        return out
    return rank(list(range(players)))


@pytest.mark.parametrize("die", ["1d6", "2d6"])
def test_the_start_order_rerolls_ties_depth_first(die):
    ties = 0
    for k in range(40):
        game = sim.start(bo.default_board(), SimpleNamespace(start_die=die), 4, ("greedy",) * 4,
                         np.arange(k, k + 4), 64)
        game.step(0)
        s = game.s
        rolls = [v for kind, v in sim.record_of(game.rec) if kind == "start"]
        assert all(1 <= v <= (6 if die == "1d6" else 12) for v in rolls)
        assert list(s[g.ORDER:g.ORDER + 4]) == _ranked(rolls, 4)
        ties += len(rolls) > 4
    assert ties > 5


def _games(n=64, seed=3, settings=None, players=4, kind="greedy"):
    from analyzer.games.catan import play as pl
    from analyzer.games.catan.policies import Policy

    config = pl.make_config(pl.RuleSet(None, settings), players, (Policy(kind),) * players)
    return pl.play_games(config, n, np.random.default_rng(seed))[0]


def test_whole_games_are_deterministic_and_hand_out_one_win_each():
    a, b = _games(), _games()
    assert (a == b).all()
    assert (a[:, g.ST_END] == g.E_WON).mean() > 0.95
    credit = g.credit(a, 4)
    assert np.allclose(credit.sum(1), 1.0)
    won = a[:, g.ST_END] == g.E_WON
    points = a[won, g.ST_POINTS:g.ST_POINTS + 4]
    assert (np.take_along_axis(points, a[won, g.ST_WINNER][:, None], 1) >= 10).all()


def test_games_that_reach_the_turn_cap_are_stopped_and_counted_apart():
    st = _games(32, settings=SimpleNamespace(turn_cap=5))
    assert (st[:, g.ST_END] == g.E_CAPPED).all() and (st[:, g.ST_TURNS] == 20).all()
    credit = g.credit(st, 4)
    assert np.allclose(credit.sum(1), 1.0)
    top = st[:, g.ST_POINTS:g.ST_POINTS + 4] == st[:, g.ST_POINTS:g.ST_POINTS + 4].max(1, keepdims=True)
    assert ((credit > 0) == top).all()


@pytest.mark.parametrize("seed", [0, 1])
def test_the_engine_equals_the_reference_snapshot_by_snapshot_in_every_reading(seed):
    pairs = sim.engine_agrees(seed)
    bad = [what for what, engine, ref in pairs if engine != ref]
    assert len(pairs) > 300 and not bad, bad[:3]
