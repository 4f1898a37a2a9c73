"""The search player on Samarkand (Sackson): the forward model core's driver searches, what the search may not see,
the best option where it can be computed exactly, determinism, and the names a scenario may give it."""

import numpy as np
import pytest

from analyzer.core import search
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import model as m
from analyzer.games.samarkand_sackson import play as pl
from analyzer.games.samarkand_sackson.policies import Policy, parse_policy
from tests.cli_helpers import invoke
from tests.games import search_checks as sc
from tests.games.search_checks import (BAD_PLAYERS, NO_RECORD, check_search_games_repeat, check_search_names,
                                       check_strength_refuses, check_strength_same_for_any_jobs)

GREEDY = g.POLICY_CODES["greedy"]
MASK = (1 << 64) - 1


def decisions(players, seed, policy="greedy"):
    """Every decision of one game (every seat `policy`), as (state with the decision pending, cfg, seat), in order."""
    return sc.decisions(m, *g.new_game(players, seed, policy=policy), g.POLICY_CODES[policy])


def options(s, cfg):
    return sc.options(m, s, cfg)


@pytest.mark.parametrize("policy", ["greedy", "collector", "random"])
def test_the_forward_model_plays_the_engines_games(policy):
    """Stepping advance / policy / apply by hand ends where the engine's own batch does (same money, same end),
    and the games meet every kind of decision."""
    kinds = set()
    code = g.POLICY_CODES[policy]
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        s, cfg, rs = g.new_game(players, seed, policy=policy)
        while (p := m.advance(s, cfg, rs, NO_RECORD)) != search.ENDED:
            if p >= 0:
                kinds.add(int(s[g.WHAT]))
                m.apply(s, cfg, rs, NO_RECORD, m.policy(s, cfg, rs, NO_RECORD, code))
        out = g.play_games(None, None, players, [Policy(policy)] * players, 1, np.random.default_rng(seed))
        assert list(s[g.MONEY:g.MONEY + players]) == list(out["stats"][0, g.ST_MONEY:g.ST_MONEY + players])
        assert s[g.ENDED] == out["stats"][0, g.ST_END] and s[g.TURN] == out["stats"][0, g.ST_TURNS]
    assert kinds == {m.W_MOVE, m.W_LAND, m.W_GIFT, m.W_ON, m.W_TRADE, m.W_OASIS, m.W_SALE}


def splitmix(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def face_streams(faces):
    """For each die face index, a die stream state that rolls it."""
    out = {}
    u = 0
    while len(out) < faces:
        out.setdefault(splitmix(u) % faces, u)
        u += 1
    return [out[f] for f in range(faces)]


def last_turn(s, cfg):
    """The position with its current turn made the game's last (the turn cap): the richest then wins."""
    cfg = cfg.copy()
    cfg[g.C_CAP] = s[g.TURN] + 1
    return cfg


def value(s, cfg, seat, option):
    """The exact share of the win of `option` on the last turn, greedy finishing it: nothing but the die moves money
    (the bag's draws change cubes only), so the die is averaged over its faces and the rest is deterministic."""
    faces = face_streams(int(cfg[g.C_NFACE])) if s[g.WHAT] == m.W_MOVE and option == m.DIE else [0]
    total = 0.0
    for u in faces:
        t = s.copy()
        rs = np.zeros(g.NSTREAMS, dtype=np.uint64)
        rs[g.S_DIE] = u
        m.apply(t, cfg, rs, NO_RECORD, option)
        search.playout_for(t, cfg, rs, NO_RECORD, GREEDY, 0, 0, 0, *m.MODEL.functions())
        total += m.reward(t, cfg, seat)
    return total / len(faces)


def test_search_picks_the_exact_best_option_on_the_last_turn():
    """Decisions of seeded greedy games, each made on the game's last turn (the richest wins at the cap, 500 at
    once): the option search:256 picks has the best exact share of the win in at least 95% of them, and in at least
    90% of those where some option wins more than another."""
    checked = hits = differ = differ_hits = 0
    for seed in range(12):
        players = 2 + seed % 4
        for s, cfg, seat in decisions(players, seed):
            if s[g.TURN] < 10 or s[g.TURN] % 4:
                continue
            cfg = last_turn(s, cfg)
            opts = options(s, cfg)
            if len(opts) < 2:
                continue
            values = {o: value(s, cfg, seat, o) for o in opts}
            best = max(values.values())
            picked = search.decide(m.MODEL, s, cfg, seat, 256, GREEDY, seed, g.NSTREAMS)
            checked += 1
            hits += values[picked] == best
            if len(set(values.values())) > 1:
                differ += 1
                differ_hits += values[picked] == best
    assert checked >= 100 and differ >= 10, (checked, differ)
    assert hits >= 0.95 * checked, (hits, checked)
    assert differ_hits >= 0.9 * differ, (differ_hits, differ)


def test_the_search_never_reads_what_the_seat_cannot_see():
    """Two states that differ only in what the deciding seat cannot see (a cube of another seat's hand swapped with
    one of another colour from the bag) get the same decision, for every kind of decision."""
    seen = dict.fromkeys((m.W_MOVE, m.W_LAND, m.W_GIFT, m.W_ON, m.W_TRADE, m.W_OASIS, m.W_SALE), 0)
    for players, seed in ((2, 7), (4, 8), (3, 9), (5, 10)):
        for s, cfg, seat in decisions(players, seed):
            what = int(s[g.WHAT])
            if seen[what] >= 4 or len(options(s, cfg)) < 2:
                continue
            other = s.copy()
            swapped = False
            for q in range(players):
                for a in range(g.NK):
                    for b in range(g.NK):
                        if (not swapped and q != seat and a != b and other[g.HAND + q * g.NK + a] > 0
                                and other[g.BAG + b] > 0):
                            other[g.HAND + q * g.NK + a] -= 1
                            other[g.HAND + q * g.NK + b] += 1
                            other[g.BAG + b] -= 1
                            other[g.BAG + a] += 1
                            swapped = True
            if not swapped:
                continue
            assert (search.decide(m.MODEL, s, cfg, seat, 32, GREEDY, 5, g.NSTREAMS)
                    == search.decide(m.MODEL, other, cfg, seat, 32, GREEDY, 5, g.NSTREAMS))
            seen[what] += 1
    assert min(seen.values()) >= 2, seen


def test_the_search_leaves_the_state_as_it_found_it_and_is_deterministic():
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 3)
                        if s[g.WHAT] == m.W_TRADE and len(options(s, cfg)) >= 8)
    before = s.copy()
    first = search.decide(m.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first == search.decide(m.MODEL, s, cfg, seat, 64, GREEDY, 11, g.NSTREAMS)
    assert first in options(s, cfg)
    assert (s == before).all()


def test_the_trades_listed_are_legal_and_greedys_comes_first():
    """Every listed trade gives cubes the hand holds and takes cubes the field holds (m for m under trade_counts
    equal), none twice, greedy's own trade first."""
    listed = 0
    for s, cfg, seat in decisions(3, 5):
        if s[g.WHAT] != m.W_TRADE:
            continue
        x = s[g.POS + seat]
        hand = s[g.HAND + seat * g.NK:g.HAND + (seat + 1) * g.NK]
        field = s[g.FIELD + x * g.NK:g.FIELD + (x + 1) * g.NK]
        opts = options(s, cfg)
        assert len(opts) == len(set(opts)) and opts[0] == m.policy(s, cfg, np.zeros(g.NSTREAMS, np.uint64),
                                                                    NO_RECORD, GREEDY)
        give, take = np.zeros(g.NK, np.int64), np.zeros(g.NK, np.int64)
        for o in opts:
            give[:] = [(o >> (4 * k)) & 15 for k in range(g.NK)]
            take[:] = [(o >> (24 + 4 * k)) & 15 for k in range(g.NK)]
            assert (give <= hand).all() and (take <= field).all() and give.sum() == take.sum()
        listed += len(opts)
    assert listed > 100


def test_search_games_are_deterministic():
    check_search_games_repeat(lambda policies: sc.seated_games(pl, lambda x: parse_policy(x, "p"), policies, 4),
                              searcher="search:2")


def test_search_names_parse_and_bad_ones_name_the_field():
    check_search_names(parse_policy, g.policy_code, g.POLICY_CODES, Policy("greedy"), "collector")


@pytest.mark.parametrize("args", BAD_PLAYERS)
def test_strength_refuses_bad_players_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/samarkand_sackson/balance-4p.yaml", args)


def test_strength_is_the_same_for_any_jobs():
    check_strength_same_for_any_jobs(invoke, "scenarios/samarkand_sackson/balance-4p.yaml", 4)


def test_the_evaluation_shares_the_win_by_w_and_a_truncated_playout_stops_at_a_turns_end():
    """evaluate: the shares sum to 1, the seat of more W (money, or cubes at the price table) gets the larger
    share, an eliminated seat none; reward and margin read it (margin: W less the best other's) where the game goes
    on; a playout of depth 1 stops at the end of the turn it starts in (depth 0: the full playout, to the end)."""
    s, cfg, seat = next((s, cfg, p) for s, cfg, p in decisions(4, 7) if s[g.TURN] == 20)
    s[g.MONEY:g.MONEY + 4] = (100, 100, 100, 100)
    s[g.HAND:g.HAND + 4 * g.NK] = 0
    shares = [m.evaluate(s, cfg, q) for q in range(4)]
    assert shares == pytest.approx([0.25] * 4) and [m.margin(s, cfg, q) for q in range(4)] == [0.0] * 4
    s[g.MONEY + 1] += 40
    s[g.HAND + 2 * g.NK + 5] = 4  # four jewels: W above money alone
    s[g.OUT + 3], s[g.MONEY + 3] = 1, 400  # eliminated: no share, whatever it held
    shares = [m.evaluate(s, cfg, q) for q in range(4)]
    assert sum(shares) == pytest.approx(1.0) and shares[3] == 0.0
    assert shares[1] > shares[0] and shares[2] > shares[0] and 0 < shares[0]
    price = cfg[g.CSIZE + g.B_PRICE:].reshape(-1)[:g.NK * g.MAXN].reshape(g.NK, g.MAXN)
    w = [s[g.MONEY + q] + sum(price[k, s[g.HAND + q * g.NK + k]] for k in range(g.NK)) for q in range(3)]
    assert w[2] > 100 and m.margin(s, cfg, 0) == 100 - max(w[1], w[2])
    assert (shares[1] > shares[2]) == (w[1] > w[2])
    assert [m.reward(s, cfg, q) for q in range(4)] == shares
    s[g.OUT + 3] = 0
    rs = np.arange(1, g.NSTREAMS + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    short, full = s.copy(), s.copy()
    search.playout_for(short, cfg, rs.copy(), NO_RECORD, GREEDY, 0, 0, 1, *m.MODEL.functions())
    assert short[g.TURN] == s[g.TURN] + 1 and short[g.ENDED] == g.E_RUN and short[g.WHAT] == m.W_NONE
    search.playout_for(full, cfg, rs.copy(), NO_RECORD, GREEDY, 0, 0, 0, *m.MODEL.functions())
    assert full[g.ENDED] != g.E_RUN


@pytest.mark.parametrize("budget", [1, 16, 63, 64, 256])
def test_a_search_name_carries_a_playout_depth_by_budget(budget):
    """The default depth by budget (policies.SEARCH_DEPTH): 4 turns (a table round at 4 players), 8 from search:64
    on; a name's :dK still rules, :d0 the full playouts (the search before the evaluation, bit for bit)."""
    depth = m.MODEL.depth_at(budget)
    assert depth == (8 if budget >= 64 else 4)
    assert search.depth_of(g.policy_code(f"search:{budget}")) == depth
    assert f"for {depth} turns" in parse_policy(f"search:{budget}", "f").describe()
    p = parse_policy(f"search:{budget}:random:d3", "f")
    assert (p.budget, p.base, p.depth, p.label) == (budget, Policy("random"), 3, f"search:{budget}:random:d3")
    assert search.depth_of(g.policy_code(p)) == 3
    assert g.policy_code(f"search:{budget}:d0") == search.code(budget, GREEDY, m.MODEL.explore_in,
                                                                m.MODEL.confidence, 0)


@pytest.mark.parametrize("args", [["--policy", "search:64:d300"], ["--against", "search:16:greedy:dx"]])
def test_strength_refuses_a_bad_depth_in_one_line(args):
    check_strength_refuses(invoke, "scenarios/samarkand_sackson/balance-4p.yaml", args)
