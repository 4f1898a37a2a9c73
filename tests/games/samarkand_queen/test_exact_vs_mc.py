"""Exact and Monte Carlo agree (project standard): wherever A's exact answers (`exact.py`) and B's numba engine
(`game.py` through `sim` / `play`) both give a number, a seeded test holds the engine's estimate inside its
95% Wilson interval of the exact value (a Bonferroni z when one test compares several), or equal where the
engine's answer has no variance.  Also: greedy reads the `discard_pile` setting (spec §10).

The engine is observed one turn at a time: `game.batch` with `turns=1` plays the forced first action from a
position (the cards `me` has not seen dealt anew, the 2-player bag shuffled) and leaves the state after the
turn in place; its trace row holds the cards drawn, the sales and the bag tile."""
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pytest

from analyzer.core import runner, scenario, stats
from analyzer.games.samarkand_queen import exact
from analyzer.games.samarkand_queen import game as g
from analyzer.games.samarkand_queen import play, sim
from analyzer.games.samarkand_queen import reference as ref
from analyzer.games.samarkand_queen import rules as r
from analyzer.games.samarkand_queen import state as stt

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_queen"


def _position(name):
    return stt.parse_position(scenario.load(SCENARIOS / name))


def bonferroni_z(k: int, alpha: float = 0.05) -> float:
    """Two-sided z for k simultaneous comparisons at family-wise level alpha."""
    return NormalDist().inv_cdf(1 - alpha / (2 * k))


def inside(k: int, n: int, p: float, z: float) -> bool:
    lo, hi = stats.wilson(k, n, z)
    return float(lo) <= p <= float(hi)


def one_turn(p, action, seed_row, policy="greedy", redeal=True):
    """The engine plays one turn from position p: `action` forced (None: the policy chooses), the cards p.me
    has not seen dealt anew (redeal).  -> (state before, state after, the turn's trace row)."""
    s0 = sim.state_vector(p)
    bd = g.board_vector(p.board)
    cfg = g.settings_vector(p.settings, p.players)
    pols, pars = g.policy_arrays([play._policy(policy)] * p.players, 1)
    forced = play._option_row(action) if action is not None else np.full(4, -1, dtype=np.int64)
    trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
    s = s0.copy()
    me, hidden = (p.me, 1 if p.discard is None else 0) if redeal else (-1, -1)
    g.batch(s, False, me, hidden, forced, 1, bd, cfg, pols, pars, np.ascontiguousarray(seed_row).copy(),
            np.zeros((1, p.players), dtype=np.int64), np.zeros((1, g.STSIZE), dtype=np.int64), g.NO_GOALS,
            np.zeros((1, 0), dtype=np.int64), trace)
    return s0, s, trace[0]


def seed_rows(n, seed):
    seeds = g.Chance(n, np.random.default_rng(seed)).seeds
    return [seeds[j:j + 1] for j in range(n)]


def drawn_cards(row):
    return [int(x) for x in row[g.TR_DRAWN:g.TR_DRAWN + max(0, int(row[g.TR_ND]))]]


def sales(row):
    return [(int(row[g.TR_SELL + 2 * i]), bool(row[g.TR_SELL + 2 * i + 1])) for i in range(2)
            if row[g.TR_SELL + 2 * i] > 0]


# ------------------------------------------------------------------------------------------------
# (a) the first marriage draw of four players (spec §11.1-2)

DRAWS = 3000
WANTED = [3, 12, 21, 25]  # the cards test_exact.py and first-marriage.yaml use


@pytest.fixture(scope="module")
def first_marriage_draws():
    p = _position("first-marriage.yaml")
    assert p.seats[p.me].hand == (16, 20) and len(p.unseen()) == 31
    out = []
    for row in seed_rows(DRAWS, 2011):
        _, s, tr = one_turn(p, ("marry", 4), row)  # china, dowry 3
        out.append(drawn_cards(tr))
    return p, out


def test_first_marriage_draw_matches_3_31_and_314_899(first_marriage_draws):
    p, draws = first_marriage_draws
    spec = exact.draw_spec(p)
    named, anyof = exact.p_any(spec, [3]), exact.p_any(spec, WANTED)
    assert (named, anyof) == (pytest.approx(3 / 31), pytest.approx(314 / 899))
    assert all(len(d) == 3 == len(set(d)) and not set(d) & {16, 20} for d in draws)
    z = bonferroni_z(2)
    k_named = sum(3 in d for d in draws)
    k_any = sum(bool(set(d) & set(WANTED)) for d in draws)
    assert inside(k_named, DRAWS, float(named), z), (k_named, DRAWS)
    assert inside(k_any, DRAWS, float(anyof), z), (k_any, DRAWS)


def test_first_marriage_draw_gives_every_unseen_card_3_in_31(first_marriage_draws):
    p, draws = first_marriage_draws
    unseen = p.unseen()
    spec = exact.draw_spec(p)
    z = bonferroni_z(len(unseen))
    counts = {c: 0 for c in unseen}
    for d in draws:
        for c in d:
            counts[c] += 1
    assert sum(counts.values()) == 3 * DRAWS  # only unseen cards are drawn
    for c in unseen:
        assert inside(counts[c], DRAWS, float(exact.p_any(spec, [c])), z), (c, counts[c])


# ------------------------------------------------------------------------------------------------
# (b) sell or keep when the game is over after this turn: Monte Carlo has no variance, equals the exact


def _ending_cases(seeds=range(60)):
    """Seeded random 4-player games stepped in the engine to their end (all_related / five_relationships) whose
    last turn reached a goods space first while its card was in a hand: the final position seen by the card's
    holder (others' hands hidden), the sale still open (a card sold that turn is put back, the 3 Dirham off)."""
    settings = r.Settings()
    out = []
    for seed in seeds:
        chance = g.Chance(1, np.random.default_rng(seed)).seeds
        s, bd, cfg, pols, pars = sim._start(4, settings, chance, r.DEFAULT_BOARD)  # random players
        like = stt.start_position(4, r.DEFAULT_BOARD, settings, hands=[[1, 2]] * 4)
        trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
        while s[g.ENDED] == 0:
            trace[:] = -1
            sim.step(s, bd, cfg, pols, pars, chance, 1, trace)
        if s[g.ENDED] == 3 or not sales(trace[0]):
            continue
        card, sold = sales(trace[0])[0]
        end = sim.position_of(s, like)
        holder = next(q for q, ps in enumerate(end.seats) if card in ps.hand + ps.sold)
        d = stt.to_dict(end)
        for q, e in enumerate(d["position"]["players"]):
            if q == holder and sold:
                e["sold"].remove(card)
                e["hand"].append(card)
                e["money"] -= 3
        d["position"]["me"] = holder
        full = stt.parse_position(d)
        for q, e in enumerate(d["position"]["players"]):
            if q != holder:
                e["hand_count"] = len(e.pop("hand"))
        out.append((seed, card, stt.parse_position(d), full))
    return out


def test_sell_or_keep_at_the_end_equals_sell_exact():
    cases = _ending_cases()
    run = runner.RunSettings(rollouts=40, seed=5, progress=False, jobs=1)
    decisions, ends = set(), set()
    assert len(cases) >= 8
    for seed, card, p, full in cases:
        space = p.camels[p.board.goods_cell[card]]
        assert space and card in p.goods_taken and card in p.seats[p.me].hand  # first reached this turn, unsold
        sell, keep = exact.sell_exact(p, card)
        out, _ = play.sell_or_keep(p, run, card)
        assert out["keep_value"] == keep and out["keep_ci95"] == 0, seed
        assert out["diff"] == keep - sell and out["diff_ci95"] == 0, seed
        assert out["ev_keep"] == ref.scores(full)[p.me] and out["ev_sell"] == out["ev_keep"] - keep + sell, seed
        exact_decision = "keep" if keep > sell else ("sell" if keep < sell else "either")
        assert out["decision"] == exact_decision, seed
        decisions.add(exact_decision)
        ends.add(ref.end_reason(p))
    assert decisions == {"keep", "sell"} and ends == {"all_related", "five_relationships"}


# ------------------------------------------------------------------------------------------------
# (c) the immediate effect of a forced first action: the engine's money per seat equals exact.effects


@pytest.mark.parametrize("name", ["relationship.yaml", "levant-start.yaml"])
def test_engine_money_after_each_action_equals_exact_effects(name):
    p = _position(name)
    effects = exact.effects(p)
    kinds = set()
    for e in effects:
        for row in seed_rows(2, 17):  # two re-deals of the cards I have not seen
            s0, s, tr = one_turn(p, e.action, row)
            money = [int(s[g.P_MONEY + q] - s0[g.P_MONEY + q]) for q in range(p.players)]
            sellable = {c for c, _ in e.sellable}
            for c, sold in sales(tr):  # a sale is the holder's choice, not part of the effect: take it off
                assert c in sellable, (e.label, c)
                if sold:
                    money[int(s[g.CLOC + c]) - g.LOC_SOLD] -= 3
            assert money == [int(x) for x in e.money], e.label
            mover = p.to_move
            assert s[g.P_GM + mover] - s0[g.P_GM + mover] == len(e.goods_markers), e.label
            assert s[g.P_RM + mover] - s0[g.P_RM + mover] == len(e.relationship_markers), e.label
            if e.action[0] == "marry":
                assert int(tr[g.TR_ND]) == e.draws, e.label
        kinds.add("relationship" if e.new_pairs else e.action[0])
    assert {"marry", "extend"} <= kinds
    if name == "relationship.yaml":
        assert "relationship" in kinds


# ------------------------------------------------------------------------------------------------
# (d) two players: the first marriage's bag tile goes to a domain 1 time in 10


def test_two_player_bag_tile_goes_to_a_domain_as_exact_effects_says():
    p = _position("two-player-bag.yaml")
    effect = next(e for e in exact.effects(p) if e.action == ("marry", 0))
    assert effect.bag_domain == pytest.approx(1 / 10)
    n, domain = 2000, 0
    for row in seed_rows(n, 29):
        s0, s, tr = one_turn(p, ("marry", 0), row)
        f = int(tr[g.TR_BAG])
        assert f >= 0 and s[g.BN] == s0[g.BN] - 1
        out = s[g.F_OUT + f] - s0[g.F_OUT + f]
        back = s[g.F_TILES + f] - s0[g.F_TILES + f] + (f == 0)  # marrying byzantium took its domain tile
        assert out + back == 1
        domain += int(back)
    assert inside(domain, n, float(effect.bag_domain), stats.Z95), domain


# ------------------------------------------------------------------------------------------------
# 2. greedy reads discard_pile: public discards are seen cards, hidden ones are unseen


def _discard_position(discard_pile: str):
    """4 players; I hold no tile, so only marriages are legal.  Ann's byzantium route has reached goods spaces
    1, 6, 7 and 11, and those four cards lie on the discard pile.  Public: they are seen, every unseen card is
    worth 0 to me under any marriage, so greedy marries the cheapest (china, 3; egypt ties at 3 with a higher
    id).  Hidden: they are among my 31 unseen cards, worth 4 each under byzantium (1 each under any other), so
    byzantium's draw is worth 3·16/31 against china's 3·4/31: -4 + 1.55 > -3 + 0.39."""
    goods = [1, 6, 7, 11]
    return stt.parse_position({"game": "samarkand_queen", "players": 4, "rules": {"discard_pile": discard_pile},
                               "position": {
        "families": {"byzantium": {"treasury": 3}},
        "camels": {c: ["byzantium"] for c in ("0,1", "0,2", "1,0", "1,1", "1,2", "2,1")},
        "players": [
            {"name": "me", "money": 10, "hand": [20, 21]},
            {"name": "ann", "money": 9, "tiles": ["byzantium"], "hand_count": 3, "markers": {"goods": goods}},
            {"name": "bob", "money": 10, "hand_count": 2},
            {"name": "cy", "money": 10, "hand_count": 2}],
        "discard_pile": goods if discard_pile == "public" else len(goods),
        "to_move": "me", "turn": 4}})


def _greedy_by_exact(p):
    """Greedy's marriage value computed from A's exact draw: -dowry + the re-valued hand + E[best keep gain]
    (card value `current` with the new tile), ties: cheaper dowry, then lower family id."""
    spec = exact.draw_spec(p)
    me = p.seats[p.me]
    best = None
    for a in ref.legal_actions(p):
        f = a[1]
        tiles = me.tiles + (f,)
        hand = sum(exact.card_value(p, p.me, c, tiles) - exact.card_value(p, p.me, c) for c in me.hand)
        gain = exact.mean(exact.keep_distribution(spec, lambda c: exact.card_value(p, p.me, c, tiles)))
        dowry = p.board.dowry[f]
        key = (-dowry + hand + gain, -dowry, -f)
        best = max(best or key, key)
    return ("marry", -best[2])


def test_greedy_reads_the_discard_pile_setting():
    public, hidden = _discard_position("public"), _discard_position("hidden")
    assert all(a[0] == "marry" for a in ref.legal_actions(public))
    assert len(exact.draw_spec(public).unseen) == 27 and len(exact.draw_spec(hidden).unseen) == 31
    row = seed_rows(1, 0)[0]
    chose = {}
    for label, p in (("public", public), ("hidden", hidden)):
        _, _, tr = one_turn(p, None, row, redeal=False)
        chose[label] = sim.action_of(tr[g.TR_OPT:g.TR_OPT + 4])
        assert chose[label] == _greedy_by_exact(p), label
    assert chose == {"public": ("marry", 4), "hidden": ("marry", 0)}
    # the same engine state, only the setting flipped: the choice follows the setting
    s = sim.state_vector(public)
    bd = g.board_vector(public.board)
    pols, pars = g.policy_arrays([play._policy("greedy")] * 4, 1)
    for flag, want in ((1, ("marry", 4)), (0, ("marry", 0))):
        cfg = g.settings_vector(public.settings, 4)
        cfg[g.C_DISCPUB] = flag
        trace = np.full((1, g.TRSIZE), -1, dtype=np.int64)
        sim.step(s.copy(), bd, cfg, pols, pars, row.copy(), 1, trace)
        assert sim.action_of(trace[0][g.TR_OPT:g.TR_OPT + 4]) == want
