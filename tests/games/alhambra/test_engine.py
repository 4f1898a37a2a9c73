"""The numba engine against the readable rules: legal squares and the longest outer wall equal layout.py's on random
alhambras, majority points equal rules.score_kinds (the spec's tie figure too), the payment rule equals a brute
force, the set-up deals as the coordination notes say (start player, scoring cards in their windows), every card
and tile is conserved through whole games in every reading, a scoring card in a refill scores at once, and the
engine replays equal to the readable reference on recorded chance."""
import itertools
import random
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.alhambra import game as g
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra import sim


class Probe:
    def __init__(self, players=3, settings=None):
        self.cfg = g.settings_vector(settings, players)
        self.grid, self.wk = g.new_grid(), g.work()
        self.rs = np.arange(1, 7, dtype=np.uint64)
        self.rec = np.zeros((1, 3), dtype=np.int64)
        self.st = np.zeros(g.STSIZE, dtype=np.int64)

    def __call__(self, op, s, m=0, a=0, b=0):
        return int(g.probe(g.PROBES.index(op), s, self.cfg, self.grid, m, a, b, self.rs, self.rec, self.wk, self.st))


def table(alhambras, players=None) -> np.ndarray:
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL] = players or len(alhambras)
    for q, alh in enumerate(alhambras):
        sim.place_tiles(s, q, alh)
    s[g.DISP:g.DISP + 4] = -1
    s[g.MKT:g.MKT + 4] = -1
    return s


def random_alhambra(rnd, n) -> dict:
    alh = {}
    for t in rnd.sample(range(r.N_TILES), r.N_TILES):
        if len(alh) == n:
            break
        squares = layout.legal_placements(alh, t)
        if squares:
            alh[rnd.choice(squares)] = t
    return alh


def test_legal_squares_and_the_longest_wall_equal_layouts_on_random_alhambras():
    rnd, probe = random.Random(7), Probe()
    for _ in range(40):
        alh = random_alhambra(rnd, rnd.randint(0, 18))
        s = table([alh])
        assert probe("longest_wall", s) == layout.longest_outer_wall(alh), alh
        for t in rnd.sample([t for t in range(r.N_TILES) if t not in alh.values()], 4):
            n = probe("legal_squares", s, a=t)
            cells = probe.wk[g.W_LIST][:n]
            assert [(c // g.W - g.OFF, c % g.W - g.OFF) for c in cells] == layout.legal_placements(alh, t)


def test_a_closed_ring_of_walls_counts_every_segment():
    # pavilion 2 walls N E W, seraglio 3 walls E S W: a 1x2 block walled all round bar the fountain's sides
    alh = {(0, -1): r.tile_id(0, 2, (0, 1, 3)), (0, 1): r.tile_id(1, 3, (1, 2, 3))}
    assert Probe()("longest_wall", table([alh])) == layout.longest_outer_wall(alh) == 3


@pytest.mark.parametrize("tie_split", ["occupied_ranks", "rank_only"])
def test_majority_points_equal_rules_score_kinds(tie_split):
    rnd = random.Random(3)
    for _ in range(60):
        P = rnd.randint(3, 6)
        counts = [[rnd.choice([0, 0, 1, 2, 3]) for _ in range(6)] for _ in range(P)]
        probe = Probe(P, r.Settings(tie_split=tie_split))
        s = table([{}] * P)
        for q in range(P):
            s[g.KC + q * g.NK:g.KC + (q + 1) * g.NK] = counts[q]
        for sc in (1, 2, 3):
            got = [sum(probe("kind_points", s, q, k, sc) for k in range(6)) for q in range(P)]
            assert got == r.score_kinds(counts, sc, tie_split)


def test_the_spec_tie_figure():
    tower = r.KINDS.index("tower")
    s = table([{}] * 3)
    for q, c in enumerate((3, 3, 1)):
        s[g.KC + q * g.NK + tower] = c
    for tie, want in (("occupied_ranks", [9, 9, 0]), ("rank_only", [6, 6, 0])):
        probe = Probe(3, r.Settings(tie_split=tie))
        assert [probe("kind_points", s, q, tower, 2) for q in range(3)] == want


def test_the_payment_rule_is_least_total_then_fewest_cards_then_the_big_cards():
    rnd, probe = random.Random(11), Probe()
    for _ in range(150):
        hand = sorted(rnd.sample([v for v in range(1, 10) for _ in range(r.COPIES)], rnd.randint(0, 10)))
        cost = rnd.randint(2, 13)
        s = table([{}] * 3)
        for v in hand:
            s[g.HAND + 2 * 9 + v - 1] += 1  # orange
            s[g.HSUM + 2] += v
        best = None
        for k in range(len(hand) + 1):
            for sub in set(itertools.combinations(hand, k)):
                if sum(sub) >= cost:
                    counts = tuple(sub.count(v) for v in range(9, 0, -1))
                    key = (sum(sub), len(sub), tuple(-x for x in counts))
                    best = min(best, (key, counts)) if best else (key, counts)
        total = probe("payment", s, 0, 2, cost)
        if best is None:
            assert total == 0
        else:
            assert total == best[0][0]
            assert tuple(int(probe.wk[g.W_PAY][v]) for v in range(9, 0, -1)) == best[1]


@pytest.mark.parametrize("pile_split", ["larger_first", "fifths"])
def test_the_set_up_deals_as_the_notes_say(pile_split):
    for seed in range(30):
        players = 3 + seed % 4
        game = sim.start(r.Settings(pile_split=pile_split), players, ("random",) * players,
                         g.Chance(1, np.random.default_rng(seed)).seeds[0], 400)
        record = sim.record_of(game.rec)
        money = [row[1:] for row in record if row[0] == "money"]
        assert sorted(money) == sorted(r.MONEY)
        s, at, hands = game.s, 0, []
        for q in range(players):
            hand = []
            while sum(v for _, v in hand) < r.START_MONEY:
                hand.append(money[at])
                at += 1
            hands.append(hand)
            assert sim.snapshot(s)["hands"][q] == tuple(sorted(hand))
        assert sim.snapshot(s)["display"] == tuple(money[at:at + 4])
        left = r.N_MONEY - at - 4
        windows = r.scoring_windows(left, pile_split)
        for card, pos in [row[1:] for row in record if row[0] == "scoring"]:
            first, last = windows[card - 1]
            assert first <= pos <= last and s[g.DECK + pos - 1] == g.SCORING1 + card - 1
        key = [(len(h), sum(v for _, v in h)) for h in hands]
        assert key[int(s[g.STARTP])] == min(key)
        assert record[-1] == ("start", int(s[g.STARTP]))
        assert [row[1] for row in record if row[0] == "tile"][:4] == list(sim.snapshot(s)["market"])


def test_start_tie_lower_seat_picks_the_lowest_tied_seat():
    for seed in range(40):
        game = sim.start(r.Settings(start_tie="lower_seat"), 6, ("random",) * 6,
                         g.Chance(1, np.random.default_rng(seed)).seeds[0])
        key = [(int(game.s[g.HN + q]), sum(v for _, v in sim.snapshot(game.s)["hands"][q])) for q in range(6)]
        assert int(game.s[g.STARTP]) == key.index(min(key))


def conserved(s) -> None:
    """Every money card once (3 of each sort) among hands, display, paid cards and the deck; every tile once."""
    snap = sim.snapshot(s)
    deck = [int(c) for c in s[g.DECK + s[g.DTOP]:g.DECK + s[g.DN]]]
    money = [c for h in snap["hands"] for c in h] + [c for c in snap["display"] if c] + list(snap["discards"])
    sorts = np.bincount([c * 9 + v - 1 for c, v in money] + [c for c in deck if c < g.NSORT], minlength=g.NSORT)
    assert (sorts == r.COPIES).all()
    tiles = [t for t in snap["market"] if t is not None] + [t for a in snap["alhambras"] for *_, t in a]
    tiles += [t for res in snap["reserves"] for t in res]
    tiles += [int(t) for t in s[g.STK + s[g.STOP]:g.STK + s[g.SN]]]
    assert len(tiles) == len(set(tiles)) and len(tiles) <= r.N_TILES


@pytest.mark.parametrize("players, changes, policies", sim.READINGS)
def test_cards_and_tiles_are_conserved_through_whole_games(players, changes, policies):
    settings = replace(r.Settings(), **changes)
    seats = tuple(policies[q % len(policies)] for q in range(players))
    game = sim.start(settings, players, seats, g.Chance(1, np.random.default_rng(players)).seeds[0])
    while game.s[g.ENDED] == g.E_RUN:
        game.step(1)
        conserved(game.s)
    assert game.stats[0, g.ST_FIRST] in (1, 3) and game.s[g.NSCORED] == 3
    if changes.get("turn_cap"):
        assert game.s[g.ENDED] == g.E_CAPPED and game.s[g.TURN] == changes["turn_cap"] * players


def test_a_scoring_card_in_the_refill_scores_at_once():
    game = sim.start(r.Settings(), 3, ("greedy",) * 3, g.Chance(1, np.random.default_rng(4)).seeds[0])
    while game.s[g.NTL:g.NTL + 3].sum() < 4:  # a few tiles placed first
        game.step(1)
    s = game.s
    assert s[g.NSCORED] == 0
    s[g.DECK + s[g.DTOP]] = g.SCORING1  # the next card drawn is scoring card 1
    s[g.DISP] = -1  # and slot 0 is empty, so this turn's refill draws it
    before = sim.snapshot(s)["scores"]
    game.step(1)
    snap = sim.snapshot(s)
    counts = [[sum(1 for *_, t in a if r.TILE_KIND[t] == k) for k in range(6)] for a in snap["alhambras"]]
    walls = [layout.longest_outer_wall(sim.alhambra_of(s, q)) for q in range(3)]
    gain = [m + w for m, w in zip(r.score_kinds(counts, 1), walls)]
    assert snap["scorings"] == 1 and [a - b for a, b in zip(snap["scores"], before)] == gain
    assert None not in snap["display"] and game.stats[0, g.ST_FIRST] == 1


def test_the_engine_replays_equal_to_the_reference():
    games = [(3, {}, ("random", "greedy")), (4, {"tie_split": "rank_only", "end_rule": "empty_stack"}, ("greedy",))]
    for what, engine, reference in sim.agreement(5, games, max_turns=40):
        assert engine == reference, what
