"""The fast engine (game.py): held equal to reference.py, hand-stepped on the spec's subtle rules, whole games."""
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from analyzer.games.san_marco import game as g
from analyzer.games.san_marco import play, sim
from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.policies import Policy
from analyzer.games.san_marco.state import Decision, Pile, Position

D = {name: i for i, name in enumerate(r.DISTRICTS)}
CANN, CROCE, POLO, MARCO, DORSO, CAST = (D[n] for n in r.DISTRICTS)


def pos(pieces=None, bridges=(), scores=None, players=4, doge=None, limit=None, roles=None, **settings):
    rows = [[0] * players for _ in range(6)]
    for d, counts in (pieces or {}).items():
        rows[d] = list(counts) + [0] * (players - len(counts))
    bridges = tuple(sorted(((min(a, b), max(a, b)), o) for (a, b), o in bridges))
    supply = [r.ARISTOCRATS - sum(row[s] for row in rows) - sum(o == s for _, o in bridges) for s in range(players)]
    limit = tuple(tuple(x) for x in (limit or ((),) * players))
    return Position(players, tuple(r.COLOURS[:players]), r.Board(), r.parse_settings(settings),
                    scores=tuple(scores or (10,) * players), supply=tuple(supply), aristocrats=tuple(map(tuple, rows)),
                    bridges=bridges, bridge_pool=r.BRIDGES - len(bridges), doge=doge, limit_cards=limit,
                    out_of_passage=frozenset(s for s in range(players) if sum(limit[s]) >= 10),
                    roles=roles or (("D1", 0), ("R1", 1), ("D2", 2), ("R2", 3))[:players])


def vectors(p):
    return sim.state_vector(p), g.board_vector(p.board), g.settings_vector(p.settings, p.players)


def buffers():
    return (np.zeros((g.MAXOPT, 5), dtype=np.int64), np.zeros(g.SSIZE, dtype=np.int64),
            np.zeros(g.SSIZE, dtype=np.int64), np.zeros(g.STSIZE, dtype=np.int64))


def streams(seed=1):
    return np.random.default_rng(seed).integers(0, 2**63, size=5, dtype=np.int64).astype(np.uint64)


# ------------------------------------------------------------------------------------------------
# the engine equals the reference


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_engine_agrees_with_the_reference_on_random_positions_and_actions(seed):
    checks = g.engine_agrees(seed)
    assert len(checks) >= 400
    bad = [what for what, e, rr in checks if e != rr]
    assert not bad, bad[:3]


def test_the_agreement_covers_every_card_and_empty_supply_and_pool():
    checks = sim.agreement(7, positions=20, steps=10)
    cards = {what.split("outcomes of ")[1].split(" for")[0] for what, _, _ in checks if "outcomes of" in what}
    assert set(r.CARD_NAMES) <= cards
    assert all(e == rr for _, e, rr in checks)


# ------------------------------------------------------------------------------------------------
# hand-stepped: the spec's reference figures (§12) on the engine


def test_reference_figure_12_6_scoring_with_tied_leaders_taking_low():
    for settings, counts, expected in (({}, (3, 3, 1), (6, 6, 0)), ({}, (4, 2, 2), (8, 0, 0)),
                                       ({"second_place_tie": "all_low"}, (4, 2, 2), (8, 6, 6))):
        p = pos({MARCO: counts}, players=3, **settings)
        s, bd, cfg = vectors(p)
        out = np.zeros(4, dtype=np.int64)
        g.district_points(s, bd, cfg, MARCO, out)
        assert tuple(out[:3]) == expected
        assert tuple(g.points_of(s, bd, cfg, MARCO, k) for k in range(3)) == expected


def test_reference_figure_12_3_banishment_three_theirs_two_mine():
    p = pos({CAST: (2, 2, 1)}, players=3)
    s, bd, cfg = vectors(p)
    mine, theirs = [], []
    for face in range(1, 7):
        t = s.copy()
        g.banish(t, bd, cfg, 0, CAST, face)
        mine.append(2 - t[g.AR + CAST * 4])
        theirs.append(3 - t[g.AR + CAST * 4 + 1] - t[g.AR + CAST * 4 + 2])
        assert t[g.SUP] == s[g.SUP] + mine[-1]  # removed pieces go home
    assert theirs == [1, 2, 3, 3, 3, 3] and mine == [0, 0, 0, 1, 2, 2]
    assert Fraction(sum(m > 0 for m in mine), 6) == Fraction(1, 2)
    assert Fraction(sum(mine), 6) == Fraction(5, 6) and Fraction(sum(theirs), 6) == Fraction(5, 2)


def test_reference_figure_12_6_passage_end_bonus_and_the_fewest_banishes():
    p = pos({MARCO: (2, 2, 2, 2)}, limit=((3, 3, 3, 2), (3, 2, 2), (3, 3, 3), (2, 2)))
    for forced, removed in ((-2, 0), (MARCO, 1)):
        s, bd, cfg = vectors(p)
        opts, work, scratch, st = buffers()
        before = s[g.SC:g.SC + 4].copy()
        over = g.end_passage(s, bd, cfg, np.ones(4, dtype=np.int64), streams(), st, opts, scratch, forced, True)
        assert not over and s[g.PASS] == 1
        assert list(s[g.SC:g.SC + 4] - before) == [0, 4, 2, 7]
        assert list(st[g.ST_BONUS:g.ST_BONUS + 4]) == [0, 4, 2, 7]
        if removed:  # seat 3 (4 points) banished: the others' pieces leave San Marco first
            assert s[g.AR + MARCO * 4 + 3] == 2 and s[g.AR + MARCO * 4:g.AR + MARCO * 4 + 3].sum() < 6
        assert list(s[g.LIM:g.LIM + 4]) == [0, 0, 0, 0] and s[g.AN] == 62 and s[g.LN] == 28


def test_a_tie_for_fewest_limit_points_means_nobody_banishes():
    p = pos({MARCO: (2, 2, 2, 2)}, limit=((3, 3, 3, 2), (2,), (3, 3, 3), (2,)))
    s, bd, cfg = vectors(p)
    opts, work, scratch, st = buffers()
    g.end_passage(s, bd, cfg, np.ones(4, dtype=np.int64), streams(), st, opts, scratch, MARCO, True)
    assert list(s[g.AR + MARCO * 4:g.AR + MARCO * 4 + 4]) == [2, 2, 2, 2]
    assert st[g.ST_ACT + 1 * g.NKINDS + 6] == 0 and st[g.ST_ACT + 3 * g.NKINDS + 6] == 0


def test_catchup_not_eliminated_pays_who_played_the_extra_round():
    p = pos(limit=((3, 3, 3, 2), (3, 3, 3, 1), (3, 3, 2), (1,)), catchup_eligibility="not_eliminated")
    s, bd, cfg = vectors(p)
    s[g.FINAL] = 1
    s[g.OUTB:g.OUTB + 4] = [1, 0, 0, 0]  # seat 0 was out before the extra round; seat 1 reached 10 in it
    opts, work, scratch, st = buffers()
    g.end_passage(s, bd, cfg, np.ones(4, dtype=np.int64), streams(), st, opts, scratch, -2, True)
    assert list(st[g.ST_BONUS:g.ST_BONUS + 4]) == [0, 1, 3, 10]
    p = replace(p, settings=r.Settings())
    s, bd, cfg = vectors(p)
    s[g.FINAL] = 1
    st[:] = 0
    g.end_passage(s, bd, cfg, np.ones(4, dtype=np.int64), streams(), st, opts, scratch, -2, True)
    assert list(st[g.ST_BONUS:g.ST_BONUS + 4]) == [0, 0, 3, 10]


def _castello_counts(quad: str, n: int = 30000):
    cfg = g.settings_vector(r.Settings(setup_quad_reroll=quad), 4)
    bd = g.board_vector(r.Board())
    s = np.zeros(g.SSIZE, dtype=np.int64)
    seeds = np.random.default_rng(3).integers(0, 2**63, size=(n // 4, 5), dtype=np.int64).astype(np.uint64)
    counts = np.zeros(5)
    for row in seeds:
        g.setup(s, bd, cfg, row.copy())
        for p in range(4):
            counts[s[g.AR + CAST * 4 + p] // 2] += 1
        assert s[g.POOL] == 8 and all(s[g.SUP + p] == 25 - 8 - 1 for p in range(4))
    return counts / counts.sum(), (n // 4) * 4


def test_reference_figure_12_4_setup_rolls_land_on_castello_as_exact():
    freq, n = _castello_counts("always")
    exact = [Fraction(13, 27), Fraction(167, 432), Fraction(25, 216), Fraction(7, 432), Fraction(0)]
    assert exact == list(ref.face_count_distribution(r.Settings(), 6))
    for f, e in zip(freq, exact):
        assert abs(f - float(e)) <= 4 * (float(e) * (1 - float(e)) / n) ** 0.5 + 1e-9
    freq, n = _castello_counts("never")
    assert abs(freq[0] - 625 / 1296) < 4 * (0.25 / n) ** 0.5


def test_doge_walk_pays_the_opponent_toll_and_the_canal_to_the_bank():
    p = pos({CAST: (1, 0, 0, 0), CROCE: (0, 1, 0, 0)}, bridges=[((MARCO, CAST), 1), ((MARCO, CANN), 0)], doge=CANN,
            scores=(5, 0, 0, 0))
    s, bd, cfg = vectors(p)
    t = s.copy()
    g.doge_walk(t, bd, cfg, 0, CAST)  # Cannaregio -> San Marco (own) -> Castello (blue's): 1 to blue
    assert t[g.DOGE] == CAST and t[g.SC] == 5 - 1 + 7 and t[g.SC + 1] == 1
    # from Santa Croce (no bridge at all) the canal costs 2 to the bank
    p2 = replace(p, doge=CROCE)
    s, bd, cfg = vectors(p2)
    g.doge_walk(s, bd, cfg, 0, POLO)
    assert s[g.SC] == 5 - 2 and s[g.SC + 1] == 0
    opts = np.zeros((g.MAXOPT, 5), dtype=np.int64)
    s, bd, cfg = vectors(replace(p2, scores=(1, 0, 0, 0)))  # score floor 0: the canal is unaffordable at 1
    n = g.options(s, bd, cfg, 0, r.DOGE, opts)
    assert {int(opts[i, 1]) for i in range(n) if opts[i, 0] == g.T_DOGE} == {CROCE}


def test_the_first_doge_card_places_him_anywhere_free():
    p = pos({MARCO: (2, 1, 0, 0)}, scores=(0, 0, 0, 0))
    s, bd, cfg = vectors(p)
    opts = np.zeros((g.MAXOPT, 5), dtype=np.int64)
    n = g.options(s, bd, cfg, 0, r.DOGE, opts)
    assert sorted(int(opts[i, 1]) for i in range(n) if opts[i, 0] == g.T_DOGE) == list(range(6))
    row = [i for i in range(n) if opts[i, 0] == g.T_DOGE and opts[i, 1] == MARCO][0]
    g.apply_option(s, bd, cfg, 0, opts[row].copy(), 0)
    assert s[g.DOGE] == MARCO and list(s[g.SC:g.SC + 2]) == [8, 6]


# ------------------------------------------------------------------------------------------------
# hand-stepped rounds


def test_3p_second_receiver_distributes_next_and_r1_stays():
    p = pos(players=3, roles=(("D", 0), ("R1", 2), ("R2", 1)))
    s, bd, cfg = vectors(p)
    rd = np.zeros(g.RDSIZE, dtype=np.int64)
    rd[g.RD_PREV:g.RD_PREV + 3] = [0, 2, 1]
    s[g.RND], s[g.RSTART] = 1, 1
    st = np.zeros(g.STSIZE, dtype=np.int64)
    g.new_round(s, bd, cfg, rd, np.ones(3, dtype=np.int64), streams(), st)
    assert rd[g.RD_KIND] == 3 and [rd[g.RD_ROLE], rd[g.RD_ROLE + 1], rd[g.RD_ROLE + 3]] == [1, 2, 0]
    b = g.RD_G
    assert rd[b + g.G_NA] == 6 and rd[b + g.G_NL] == 4 and s[g.AN] == 56 and s[g.LN] == 24


def test_4p_round_roles_by_lot_are_the_other_three_and_both_distributors_draw():
    p = pos()
    s, bd, cfg = vectors(p)
    seen = set()
    for seed in range(30):
        t = s.copy()
        rd = np.zeros(g.RDSIZE, dtype=np.int64)
        t[g.RSTART] = 2
        g.new_round(t, bd, cfg, rd, np.ones(4, dtype=np.int64), streams(seed), np.zeros(g.STSIZE, dtype=np.int64))
        roles = tuple(rd[g.RD_ROLE:g.RD_ROLE + 4])
        assert roles[0] == 2 and sorted(roles[1:]) == [0, 1, 3]
        seen.add(roles)
        assert t[g.AN] == 52 and t[g.LN] == 22
    assert len(seen) == 6  # 3! assignments


@pytest.mark.parametrize("early_end,d2_plays", [("immediate", False), ("round_end", True)])
def test_early_end_immediate_stops_the_round_after_the_pile_that_leaves_one_below_10(early_end, d2_plays):
    """After pair 1, seats 0 and 1 are at >= 10; R2 (seat 3, at 9) takes a pile with a limit card: only D2 is below 10."""
    p = pos({MARCO: (1, 1, 1, 1)}, limit=((3, 3, 3, 1), (3, 3, 2, 2), (), (3, 3, 3)), early_end=early_end)
    piles = (Pile((MARCO,), (1,)), Pile((MARCO,), (2,)))
    p = replace(p, decision=Decision("choose", 3, piles=piles))
    rd, resume, *_ = play._round_plan(p, p.settings, 0)
    s, bd, cfg = vectors(p)
    opts, work, scratch, st = buffers()
    stopped = g.run_steps(s, bd, cfg, rd, np.ones(4, dtype=np.int64), np.tile([1.0, 4.0, 1.0], (4, 1)),
                          streams(), st, opts, work, scratch)
    assert s[g.LIM + 3] == 10
    assert stopped == (not d2_plays)
    assert (s[g.LIM + 2] == 2) == d2_plays
    assert (s[g.AR + MARCO * 4 + 2] == 2) == d2_plays


def test_a_receiver_takes_the_better_pile_and_the_divider_plays_the_other():
    p = pos({MARCO: (0, 2, 3, 0), CAST: (0, 3, 0, 0)}, players=4)
    piles = (Pile((r.TRANSFER,), (3, 3)), Pile((CAST,), (1,)))  # for R1 (seat 1) the transfer in San Marco is worth it
    p = replace(p, decision=Decision("choose", 1, piles=piles))
    rd, *_ = play._round_plan(p, p.settings, None)
    s, bd, cfg = vectors(p)
    opts, work, scratch, st = buffers()
    rs = streams()
    g.deal_group(s, rd, 1, rs, st)
    g.run_steps(s, bd, cfg, rd, np.ones(4, dtype=np.int64), np.tile([0.0, 4.0, 1.0], (4, 1)), rs, st, opts, work,
                scratch)
    assert s[g.LIM + 1] == 6 and s[g.AR + MARCO * 4 + 1] == 3  # R1 took the transfer (lambda 0 here): 6 -> 8
    assert s[g.LIM + 0] == 1 and s[g.AR + CAST * 4 + 0] == 1  # D1 played the other pile


# ------------------------------------------------------------------------------------------------
# whole games


def _one_game(settings: r.Settings, players: int, code: int, seed: int):
    bd = g.board_vector(r.Board())
    cfg = g.settings_vector(settings, players)
    s = np.zeros(g.SSIZE, dtype=np.int64)
    rd = np.zeros(g.RDSIZE, dtype=np.int64)
    opts, work, scratch, st = buffers()
    rs = streams(seed)
    g.setup(s, bd, cfg, rs)
    g.run_game(s, bd, cfg, rd, np.full(players, code, dtype=np.int64), np.tile([1.0, 4.0, 1.0], (players, 1)), rs,
               st, opts, work, scratch, 0)
    return s, st


def _check_components(s, players):
    for p in range(players):
        board = sum(s[g.AR + d * 4 + p] for d in range(6))
        markers = sum(s[g.BR + i * 4 + p] for i in range(g.MAXPAIRS))
        assert s[g.SUP + p] + board + markers == 25
    bridges = sum(s[g.BR + i * 4 + o] for i in range(g.MAXPAIRS) for o in range(4))
    assert bridges + s[g.POOL] == 12
    assert all(sum(s[g.BR + i * 4 + o] for o in range(4)) <= 3 for i in range(g.MAXPAIRS))
    assert s[g.AN] + s[g.ADISC:g.ADISC + 10].sum() == 62
    assert s[g.PASS] == 2


READINGS = [(name, value) for name, (default, readings) in r.SETTINGS.items() if isinstance(readings, tuple)
            for value in readings if value != default and name != "doge_start"]
READINGS += [("doge_start", "San Marco"), ("setup_bridges", ((3, 0), (4, 3))), ("canal_cost", 0)]


@pytest.mark.parametrize("name,value", READINGS)
def test_whole_games_in_every_reading_keep_the_components_and_end(name, value):
    settings = replace(r.Settings(), **{name: value})
    for players in (3, 4):
        for code in (0, 1):
            for seed in range(2):
                s, st = _one_game(settings, players, code, seed)
                _check_components(s, players)
                assert st[g.ST_CAP] == 0 and all(st[g.ST_P1 + k] >= 1 for k in range(3))
                if settings.score_floor == 0:
                    assert all(s[g.SC + p] >= 0 for p in range(players))


def test_play_games_is_seeded_shapes_credit_and_the_turn_cap_counts_apart():
    pols = [Policy("random")] * 4
    a = g.play_games(r.Board(), r.Settings(), 4, pols, 64, np.random.default_rng(5))
    b = g.play_games(r.Board(), r.Settings(), 4, pols, 64, np.random.default_rng(5))
    assert np.array_equal(a["scores"], b["scores"]) and a["scores"].shape == (64, 4)
    assert np.allclose(a["credit"].sum(1), 1)
    assert a["stats"][:, g.ST_CAP].sum() == 0
    capped = g.play_games(r.Board(), r.Settings(), 4, pols, 16, np.random.default_rng(5), max_rounds=1)
    assert capped["stats"][:, g.ST_CAP].all() and (capped["stats"][:, g.ST_P1:g.ST_P1 + 3] == 1).all()


def test_common_random_numbers_give_the_same_set_up_under_another_reading():
    bd = g.board_vector(r.Board())
    seeds = streams(9)
    states = []
    for settings in (r.Settings(), r.Settings(early_end="round_end", second_place_tie="all_low")):
        s = np.zeros(g.SSIZE, dtype=np.int64)
        g.setup(s, bd, g.settings_vector(settings, 4), seeds.copy())
        states.append(s)
    assert np.array_equal(states[0], states[1])  # rolls, set-up bridges and both decks' order


def test_the_winner_rule_breaks_ties_by_san_marco_then_shares():
    scores = np.array([[50, 50, 40], [50, 50, 40]])
    sm = np.array([[3, 2, 9], [2, 2, 0]])
    assert g.credit(scores, sm).tolist() == [[1, 0, 0], [0.5, 0.5, 0]]


def test_greedy_beats_random():
    pols = (Policy("greedy"), Policy("random"), Policy("greedy"), Policy("random"))
    out = g.play_games(r.Board(), r.Settings(), 4, pols, 96, np.random.default_rng(2))
    assert out["credit"][:, [0, 2]].sum() / 96 > 0.8


@pytest.mark.parametrize("timing,order", [
    ("simultaneous", ["split 0", "split 1", "pick 0", "play 0", "play 0", "pick 1", "play 1", "play 1"]),
    ("sequential", ["split 0", "pick 0", "play 0", "play 0", "split 1", "pick 1", "play 1", "play 1"]),
])
def test_split_timing_4p_orders_the_second_split(timing, order):
    """simultaneous: D2 splits with D1, before pair 1 plays; sequential: D2 splits after pair 1 has played."""
    cfg = g.settings_vector(r.parse_settings({"split_timing_4p": timing}), 4)
    rd = np.zeros(g.RDSIZE, dtype=np.int64)
    rd[g.RD_KIND] = 4
    g.plan_steps(rd, cfg)
    names = {g.OP_SPLIT: "split", g.OP_PICK: "pick", g.OP_PLAY: "play"}
    steps = [rd[g.RD_STEPS + 3 * i: g.RD_STEPS + 3 * i + 2] for i in range(rd[g.RD_NSTEPS])]
    assert [f"{names[op]} {group}" for op, group in steps] == order


def _decks(undrawn, discards, limit_undrawn, limit_face):
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.AN], s[g.LN] = len(undrawn), len(limit_undrawn)
    s[g.ADECK:g.ADECK + len(undrawn)] = undrawn
    s[g.LDECK:g.LDECK + len(limit_undrawn)] = limit_undrawn
    for c, k in discards.items():
        s[g.ADISC + c] = k
    for v, k in limit_face.items():
        s[g.LFACE + v - 1] = k
    return s


def test_passage_reshuffle_discards_only_puts_the_discards_under_the_undrawn_rest():
    undrawn, limit_undrawn = [0, 1, 2, 3, 4], [3, 1, 2]
    s = _decks(undrawn, {7: 2, 9: 1}, limit_undrawn, {1: 2, 3: 1})
    g.discards_under(s, np.array([11, 12, 13, 14, 15], dtype=np.uint64))
    assert s[g.AN] == 8 and list(s[g.ADECK + 3:g.ADECK + 8]) == undrawn  # the rest on top, in its order
    assert sorted(s[g.ADECK:g.ADECK + 3]) == [7, 7, 9] and not s[g.ADISC:g.ADISC + 10].any()
    assert s[g.LN] == 6 and list(s[g.LDECK + 3:g.LDECK + 6]) == limit_undrawn
    assert sorted(s[g.LDECK:g.LDECK + 3]) == [1, 1, 3] and not s[g.LFACE:g.LFACE + 3].any()


def test_passage_reshuffle_all_rebuilds_both_decks_whole():
    s = _decks([0, 1, 2, 3, 4], {7: 2, 9: 1}, [3, 1, 2], {1: 2, 3: 1})
    g.fresh_decks(s, np.array([11, 12, 13, 14, 15], dtype=np.uint64), 3)
    deck, limits = s[g.ADECK:g.ADECK + s[g.AN]], s[g.LDECK:g.LDECK + s[g.LN]]
    assert s[g.AN] == 62 and np.bincount(deck, minlength=10).tolist() == [5] * 6 + [6, 12, 10, 4]
    assert s[g.LN] == 28 and np.bincount(limits, minlength=4).tolist() == [0, 8, 10, 10]
    assert not s[g.ADISC:g.ADISC + 10].any() and not s[g.LFACE:g.LFACE + 3].any()


@pytest.mark.parametrize("reroll", ["always", "never"])
def test_the_engines_set_up_rolls_agree_with_the_exact_distribution(reroll):
    """Monte Carlo inside its interval of the exact value (§12.4): how many of a player's four set-up rolls put
    aristocrats in Castello (face 6), in 3,000 seeded 4-player set-ups, family-wise 95% (Bonferroni over 5)."""
    settings = r.parse_settings({"setup_quad_reroll": reroll})
    exact = ref.face_count_distribution(settings, 6)
    bd, cfg = g.board_vector(r.Board()), g.settings_vector(settings, 4)
    seeds = g.Chance(3000, np.random.default_rng(17)).seeds
    s = np.zeros(g.SSIZE, dtype=np.int64)
    counts = np.zeros(5, dtype=np.int64)
    for row in seeds:
        g.setup(s, bd, cfg, row.copy())
        for seat in range(4):
            counts[s[g.AR + CAST * 4 + seat] // 2] += 1
    n = counts.sum()
    for k, p in enumerate(exact):
        p = float(p)
        if p == 0:
            assert counts[k] == 0, k
            continue
        half = 2.58 * (p * (1 - p) / n) ** 0.5 + 1 / n
        assert abs(counts[k] / n - p) <= half, (k, counts[k] / n, p)
    assert exact[4] == (0 if reroll == "always" else Fraction(1, 1296))
