"""Player models: every action they take is legal under the readable rules; greedy prices like `ev`."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import game, play, policies as pol
from analyzer.games.camelup.rules import rule_set
from tests.games.camelup.test_game import replay_all

SMALL_GREEDY = {"policy": "greedy", "rollouts": 16, "race_rollouts": 8}


def config(policies, rules=None, **extra):
    return game.GameConfig(rules or rule_set(), len(policies), tuple(pol.parse_spec(p, "p") for p in policies),
                           **extra)


@pytest.mark.parametrize("policies,games", [
    (["random"] * 4, 200),
    (["heuristic"] * 4, 200),
    ([SMALL_GREEDY] * 4, 30),
    ([SMALL_GREEDY, SMALL_GREEDY, "heuristic", "heuristic"], 30),  # a mixed table
    (["greedy", "heuristic", "random"], 20),
])
def test_policies_only_take_legal_actions(policies, games):
    cfg = config(policies)
    replay_all(cfg, play.play(cfg, games, np.random.default_rng(4), trace=True))


@pytest.mark.parametrize("policies,games", [
    (["random"] * 4, 200),
    (["heuristic"] * 4, 100),
    ([SMALL_GREEDY, SMALL_GREEDY, "heuristic", "random"], 30),
])
def test_policies_only_take_legal_actions_in_the_second_edition(policies, games):
    cfg = config(policies, rule_set("second"))
    out = play.play(cfg, games, np.random.default_rng(5), trace=True)
    replay_all(cfg, out)
    names = {game.ActionSpace(cfg.rules).name(a) for a in np.unique(out["trace"][out["trace"] >= 0])}
    assert not any(n.endswith((" white", " black")) for n in names)  # crazy camels cannot be backed


def test_greedy_exact_takes_legal_actions_in_the_second_edition():
    cfg = config([{"policy": "greedy-exact", "race_rollouts": 100}, "random", "heuristic"], rule_set("second"))
    replay_all(cfg, play.play(cfg, 1, np.random.default_rng(2), trace=True))


def test_a_mixed_table_with_rotating_seats():
    cfg = config([SMALL_GREEDY, "heuristic", SMALL_GREEDY, "random"], seating="rotate")
    out = play.play(cfg, 24, np.random.default_rng(6), trace=True)
    replay_all(cfg, out)
    assert (out["policy"][1] == [1, 2, 3, 0]).all()


def test_permuted_seating_gives_every_order_in_turn():
    cfg = config(["random", "heuristic", "random", "heuristic"], seating="permute")
    order = play.seat_policies(cfg, 48)
    assert len({tuple(o) for o in order}) == 24
    assert (np.bincount((order * 4 + np.arange(4)).ravel(), minlength=16) == 12).all()
    replay_all(cfg, play.play(cfg, 30, np.random.default_rng(3), trace=True))


def test_greedy_exact_takes_legal_actions():
    cfg = config([{"policy": "greedy-exact", "race_rollouts": 200}, "random", "heuristic"])
    replay_all(cfg, play.play(cfg, 2, np.random.default_rng(1), trace=True))


@pytest.mark.parametrize("opening", pol.OPENINGS)
def test_every_opening_is_legal_and_taken(opening):
    cfg = config(["random"] * 4, opening=opening)
    out = play.play(cfg, 40, np.random.default_rng(2), trace=True)
    replay_all(cfg, out)
    names = [game.ActionSpace(cfg.rules).name(a) for a in out["trace"][:, 0]]
    prefix = {"leg-bet-leader": "leg-bet", "leg-bet-second": "leg-bet", "desert-oasis": "desert oasis",
              "desert-mirage": "desert mirage", "race-winner-leader": "race-winner",
              "race-loser-last": "race-loser", "pyramid": "pyramid"}[opening]
    assert all(name.startswith(prefix) for name in names)


def test_random_takes_every_kind_of_action():
    out = play.play(config(["random"] * 4), 300, np.random.default_rng(0))
    assert (out["actions"][:, :game.PHOTO] > 0).all() and (out["actions"][:, game.PHOTO:] == 0).all()  # no modules


def test_heuristic_bets_the_leader_first():
    cfg = config(["heuristic"] * 4)
    g = game.Games(cfg, 200, np.random.default_rng(5))
    rows = np.arange(g.rows)
    action = pol.Heuristic(cfg.policies[0]).choose(g, rows, 0, None, None)
    leader = g.order_keys().argmax(1)
    assert (action == g.space.leg0 + leader).all()


def test_greedy_estimates_agree_with_the_exact_prices():
    """With a large budget the rollout estimates of the leg bets are the exact values of `ev`."""
    cfg = config(["random"] * 4)
    g = game.Games(cfg, 40, np.random.default_rng(9))
    for _ in range(7):  # a few turns in, so that tiles and dice are partly used
        g.apply(_ % 4, pol.Random(None).choose(g, np.arange(g.rows), _ % 4, np.random.default_rng(_).random((g.rows, 2)),
                                                None))
    rows = np.flatnonzero(g.alive)[:4]
    greedy = pol.Greedy(pol.PolicySpec("greedy", 4096, 512))
    est = greedy.values(g, rows, 3, np.random.default_rng(1))
    for i, row in enumerate(rows):
        exact = pol.exact_values(g, int(row), 3, np.random.default_rng(2), 4000)
        legal = g.legal(np.array([row]), 3)[0]
        assert np.array_equal(np.isfinite(est[i]), legal)
        s = g.space
        assert np.allclose(est[i, :s.desert0][legal[:s.desert0]], exact[:s.desert0][legal[:s.desert0]], atol=0.2)
        assert est[i, s.pyramid] == exact[s.pyramid] == 1
        cards = legal[s.winner0:]
        assert np.allclose(est[i, s.winner0:][cards], exact[s.winner0:][cards], atol=0.6)


@pytest.mark.parametrize("value,message", [
    ("clever", "allowed: random, greedy"),
    ({"policy": "greedy", "rollouts": 0}, "rollouts"),
    ({"policy": "greedy", "rollouts": 8, "race_rollouts": 16}, "race_rollouts"),
    ({"policy": "random", "rollouts": 8}, "takes no settings"),
    ({"policy": "greedy-exact", "rollouts": 8}, "race_rollouts only"),
])
def test_bad_policy_specs_are_one_line_errors(value, message):
    with pytest.raises(ScenarioError, match=message):
        pol.parse_spec(value, "policies[0]")


def test_labels():
    assert pol.parse_spec("greedy", "p").label == "greedy"
    assert pol.parse_spec({"policy": "greedy", "rollouts": 256, "race_rollouts": 64}, "p").label == "greedy(256/64)"
    assert pol.batch_size(pol.parse_spec("greedy", "p")) == 1024
    assert pol.batch_size(pol.parse_spec("random", "p")) & (pol.batch_size(pol.parse_spec("random", "p")) - 1) == 0


def test_regret_against_exact_greedy_is_measured():
    from analyzer.games.camelup import bench as bench_games

    out = bench_games.greedy_regret(decisions=6, budgets=((8, 8),), race_rollouts=300, heuristic=False)
    row = out["greedy(8/8)"]
    assert row["decisions"] >= 6 and row["regret"] >= 0 and 0 <= row["agree"] <= 1
