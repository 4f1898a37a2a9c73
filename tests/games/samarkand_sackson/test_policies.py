"""The player models: greedy's move = the argmax of the exact one-turn EV (A's `exact.ev`) on random positions,
the collector's parameters, reading policies from a scenario."""
from dataclasses import replace

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.samarkand_sackson import exact
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson import sim
from analyzer.games.samarkand_sackson.policies import Policy, parse_policies, parse_policy


def _my_view(p):
    """The mover's view of a full-information position: his cubes known, everyone else's hidden, the bag unknown."""
    seats = tuple(q if i == p.to_move else replace(q, known=(0,) * 6, hidden=sum(q.known))
                  for i, q in enumerate(p.seats))
    return replace(p, seats=seats, bag=None, me=p.to_move)


def _greedy_turns(settings, players, seed, n):
    """(view, engine's chosen option label) at n turns of random games, the mover played by greedy."""
    from analyzer.games.samarkand_sackson import state as stt

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        seeds = g.Chance(1, rng).seeds
        s, bd, cfg, pols, pars = sim.start(players, settings, seeds)
        like = stt.Position(players, r.DEFAULT_BOARD, settings,
                            seats=tuple(stt.PlayerState(f"p{q}", 0) for q in range(players)))
        sim.step(s, bd, cfg, pols, pars, seeds, int(rng.integers(0, 60)), g.NO_TRACE)
        if s[g.ENDED]:
            continue
        p = sim.position_of(s, like)
        gp, gq = g.policy_arrays([Policy("greedy")] * players, 1)
        trace = np.zeros((1, g.TRSIZE), dtype=np.int64)
        sim.step(s.copy(), bd, cfg, gp, gq, seeds.copy(), 1, trace)
        row = trace[0]
        ids = r.DEFAULT_BOARD.space_ids
        path = [ids[int(x)] for x in row[g.TR_PATH:g.TR_PATH + row[g.TR_NPATH]]]
        if row[g.TR_MOVE] == 2:
            label = "roll the die"
        elif len(path) == 1:
            label = f"step to {path[0]}"
        else:
            label = f"step to {path[0]}, gift, on to {path[1]}"
        out.append((_my_view(p), label, _first_gift(row)))
    return out


def _first_gift(row):
    """The kind of the first gift of a traced turn (None: bought or no gift)."""
    code = int(row[g.TR_GIFT]) if row[g.TR_NGIFT] else -1
    return code if 0 <= code < 10 else None


@pytest.mark.parametrize("changes,players,seed", [({}, 4, 1), ({"market_disc": "step_down"}, 3, 2),
                                                  ({"extra_move": False, "disc_scope": "commodity"}, 5, 3),
                                                  ({"trade_counts": "any", "gift_purchase": "choice",
                                                    "full_camp_unpaid": "pay_all"}, 2, 4),
                                                  ({"sale_size": "all", "assortment_min": 3, "die": (1, 2, -1)}, 4, 5)])
def test_greedy_plays_the_argmax_of_the_exact_one_turn_ev(changes, players, seed):
    settings = replace(r.Settings(), **changes)
    for view, label, gift in _greedy_turns(settings, players, seed, 12):
        options = exact.ev(view)
        best = max(o.ev for o in options)
        chosen = [o for o in options if o.label == label]
        assert chosen, (label, [o.label for o in options])
        assert float(chosen[0].ev) == pytest.approx(float(best), abs=1e-9), (label, options)
        if chosen[0].kind == "extra":  # the gift it gave at the camp passed = the argmax's gift
            assert gift == chosen[0].gift, (label, gift, chosen[0])


def test_greedy_gives_the_extra_moves_gift_chosen_with_the_next_space():
    """Hand-stepped (test_exact): b1 -> b2 -> b3 with grain, 2 fruit, carpet, camel: greedy gives a fruit at b2
    (not the least-loss grain) and sells the 4-kind assortment at b3 for 30: W +20, as exact.ev says."""
    from analyzer.games.samarkand_sackson import state as stt
    from tests.games.samarkand_sackson import pos

    p = pos([{"space": "b1", "money": 30, "cubes": {"grain": 1, "fruit": 2, "carpets": 1, "camels": 1}},
             {"space": "a1", "money": 100}])
    s, hidden, known = sim.state_vector(p)
    bd, cfg = g.board_vector(None), g.settings_vector(p.settings, 2)
    gp, gq = g.policy_arrays([Policy("greedy")] * 2, 1)
    trace = np.zeros((1, g.TRSIZE), dtype=np.int64)
    sim.step(s, bd, cfg, gp, gq, g.Chance(1, np.random.default_rng(0)).seeds, 1, trace)
    turn = sim.turn_record(trace[0], r.DEFAULT_BOARD, p.settings, 2)
    assert turn["move"] == ("chain", ("b2", "b3")) and turn["gifts"] == ["fruit"]
    assert turn["act"] == ("sell", r.DEFAULT_BOARD.market_ids.index("b3.assortment"),
                           {"grain": 1, "fruit": 1, "carpets": 1, "camels": 1})
    after = sim.position_of(s, p)
    w = [r.wealth(r.DEFAULT_BOARD, q.money, q.known) for q in (p.seats[0], after.seats[0])]
    assert w[1] - w[0] == 20 == exact.ev(p)[4].ev and isinstance(after, stt.Position)


def test_collector_parameters_change_its_play_and_roll_gain_zero_rolls_more():
    a = g.play_games(None, None, 3, [Policy("collector")] * 3, 60, np.random.default_rng(2))
    b = g.play_games(None, None, 3, [Policy("collector", 0.0, 6)] * 3, 60, np.random.default_rng(2))
    c = g.play_games(None, None, 3, [Policy("collector", 2.0, 3)] * 3, 60, np.random.default_rng(2))

    def rolls(out):
        acts = out["stats"][:, g.ST_ACT:g.ST_ACT + g.MAXP * g.NACT].reshape(-1, g.MAXP, g.NACT)
        return acts[:, :, g.A_DIE].sum()

    assert rolls(b) > rolls(a)
    assert not (a["stats"] == c["stats"]).all()


def test_policies_read_from_a_scenario():
    assert parse_policies(None, "policies", 3) == (Policy("greedy"),) * 3
    mixed = parse_policies(["random", {"kind": "collector", "sell_at": 4, "roll_gain": 1}], "policies", 2)
    assert [p.label for p in mixed] == ["random", "collector(roll_gain=1, sell_at=4)"]
    assert all(p.describe() for p in mixed)
    for bad, field in (("smart", "policies"), ({"kind": "collector", "sell_at": 1}, "policies.sell_at"),
                       ({"kind": "collector", "roll_gain": -1}, "policies.roll_gain"),
                       ({"kind": "greedy", "beta": 1}, "policies")):
        with pytest.raises(ScenarioError) as err:
            parse_policy(bad, "policies")
        assert err.value.field.startswith(field)
    with pytest.raises(ScenarioError):
        parse_policies(["random"], "policies", 3)


@pytest.mark.parametrize("gift_purchase", ["blind", "choice"])
def test_greedy_with_an_empty_hand_values_the_bought_gift_as_exact_ev_does(gift_purchase):
    """trade_counts any: after a bought gift an empty hand may still take cubes; the value is over the bought
    cube's colour (blind: its chance in the unseen pool; choice: the best colour), as exact.ev has it."""
    from analyzer.games.samarkand_sackson import state as stt

    settings = replace(r.Settings(), trade_counts="any", gift_purchase=gift_purchase)
    rng = np.random.default_rng(9)
    checked = 0
    while checked < 15:
        seeds = g.Chance(1, rng).seeds
        s, bd, cfg, pols, pars = sim.start(3, settings, seeds)
        sim.step(s, bd, cfg, pols, pars, seeds, int(rng.integers(0, 30)), g.NO_TRACE)
        if s[g.ENDED]:
            continue
        me = int(s[g.TOMOVE])
        s[g.BAG:g.BAG + 6] += s[g.HAND + me * 6:g.HAND + me * 6 + 6]
        s[g.HAND + me * 6:g.HAND + me * 6 + 6] = 0
        like = stt.Position(3, r.DEFAULT_BOARD, settings, seats=tuple(stt.PlayerState(f"p{q}", 0) for q in range(3)))
        view = _my_view(sim.position_of(s, like))
        gp, gq = g.policy_arrays([Policy("greedy")] * 3, 1)
        trace = np.zeros((1, g.TRSIZE), dtype=np.int64)
        sim.step(s.copy(), bd, cfg, gp, gq, seeds.copy(), 1, trace)
        row = trace[0]
        ids = r.DEFAULT_BOARD.space_ids
        path = [ids[int(x)] for x in row[g.TR_PATH:g.TR_PATH + row[g.TR_NPATH]]]
        label = ("roll the die" if row[g.TR_MOVE] == 2 else f"step to {path[0]}" if len(path) == 1
                 else f"step to {path[0]}, gift, on to {path[1]}")
        options = exact.ev(view)
        chosen = [o for o in options if o.label == label]
        assert chosen and float(chosen[0].ev) == pytest.approx(float(max(o.ev for o in options)), abs=1e-9)
        checked += 1


def test_greedy_buying_its_gift_under_choice_names_the_colour_its_trade_wants():
    """trade_counts any, gift_purchase choice, an empty hand: at a1 (a grain on the field) a bought grain lets it
    take 2 grain (W 10): greedy names grain, not the dearest colour, as exact.ev values it (-20 + 10)."""
    from tests.games.samarkand_sackson import pos

    p = pos([{"space": "a2", "money": 20}, {"space": "e4", "money": 100}], fields={"a1": {"grain": 1}},
            rules={"trade_counts": "any", "gift_purchase": "choice"})
    options = exact.ev(p)
    assert options[0].label == "step to a1" and options[0].ev == -10 == max(o.ev for o in options)
    s, hidden, known = sim.state_vector(p)
    bd, cfg = g.board_vector(None), g.settings_vector(p.settings, 2)
    gp, gq = g.policy_arrays([Policy("greedy")] * 2, 1)
    trace = np.zeros((1, g.TRSIZE), dtype=np.int64)
    sim.step(s, bd, cfg, gp, gq, g.Chance(1, np.random.default_rng(0)).seeds, 1, trace)
    turn = sim.turn_record(trace[0], r.DEFAULT_BOARD, p.settings, 2)
    assert turn["move"] == ("step", "a1") and turn["gifts"] == ["bought:grain"]
    assert turn["act"] == ("trade", {}, {"grain": 2})
