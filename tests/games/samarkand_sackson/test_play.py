"""The race from a position (`play.race`): hidden cubes dealt from my unseen pool, the same answer for any jobs,
probabilities that are sure where the position decides them."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.games.samarkand_sackson import game as g
from analyzer.games.samarkand_sackson import play, sim
from analyzer.games.samarkand_sackson import state as stt

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "samarkand_sackson"


def _position(name="race-four-players.yaml"):
    return stt.parse_position(scenario.load(SCENARIOS / name))


def _run(n=200, seed=7, jobs=1):
    return runner.RunSettings(rollouts=n, seed=seed, progress=False, jobs=jobs)


def test_the_race_is_the_same_for_any_jobs_and_its_numbers_add_up():
    p = _position()
    a, done = play.race(p, _run(jobs=1))
    b, _ = play.race(p, _run(jobs=2))
    assert a == b and a["rollouts"] == 200 and done.seed == 7
    assert a["p_first_lo95"] <= a["p_first"] <= a["p_first_hi95"]
    assert sum(a["turns_to_500"].values()) == pytest.approx(1) and sum(a["ends"].values()) == pytest.approx(1)
    bag = [a["p_bag_empty"][t] for t in ("10", "20", "50", "100", "200")]
    assert bag == sorted(bag)
    reached = 1 - a["turns_to_500"]["never"]
    assert a["p_first"] <= reached + 1e-12


def test_hidden_cubes_are_dealt_from_my_unseen_pool_keeping_every_count():
    p = _position()
    s0, hidden, known = sim.state_vector(p)
    task = play.race_task(p)
    unseen = np.array(p.unseen(p.me))
    P = p.players
    seeds = g.Chance(400, np.random.default_rng(1)).seeds
    total = np.zeros(6)
    for j in range(400):  # deal only: play no turn
        s = s0.copy()
        st = np.zeros((1, g.STSIZE), dtype=np.int64)
        g.batch(s, False, p.me, hidden, known, 0, task.bd, task.cfg, *g.policy_arrays(list(task.policies), 1),
                np.full((1, P), -1, dtype=np.int64), seeds[j:j + 1].copy(), st, g.NO_TRACE)
        hands = s[g.HAND:g.HAND + P * 6].reshape(P, 6)
        for q in range(P):
            assert hands[q].sum() == sum(p.seats[q].known) + p.seats[q].hidden
        me = hands[p.me]
        assert tuple(me) == p.seats[p.me].known
        bag = s[g.BAG:g.BAG + 6]
        assert ((hands.sum(0) - np.array([sum(x) for x in zip(*[q.known for q in p.seats])])) + bag
                == unseen).all()
        total += hands.sum(0) - np.array([sum(x) for x in zip(*[q.known for q in p.seats])])  # the hidden ones
    share = total / total.sum()
    assert np.abs(share - unseen / unseen.sum()).max() < 0.03


def test_a_player_with_500_already_has_won_and_a_finished_game_stays_finished():
    p = _position()
    over = replace(p, end="won", winner=p.me)
    out, _ = play.race(over, _run(50))
    assert out["p_first"] == 1.0 and out["ends"] == {"won": 1.0}


def test_opponents_may_play_another_policy():
    p = _position()
    out, _ = play.race(p, _run(100), policy="greedy", opponents="random")
    assert out["policy"] == "me greedy, opponents random"
    assert 0 <= out["p_first"] <= 1
