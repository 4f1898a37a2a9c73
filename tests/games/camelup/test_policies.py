"""Player models: every action they take is legal under the readable rules; greedy prices like `ev`."""
import numpy as np
import pytest

from analyzer.core.balance.run import seat_assignments
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
    order = seat_assignments(cfg.players, cfg.seating, 48)
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


def test_greedy_values_the_overall_cards_by_the_exact_race_odds_where_each_rollout_ends_the_leg():
    """Greedy's overall-card values are, to rounding, the mean of race_exact's own odds over the boards its leg
    rollouts end on (the same rollouts, redrawn from the same seed): the race after the leg is exact."""
    from analyzer.games.camelup import race_exact
    from tests.games.camelup.helpers import position, words_to_stacks

    cfg = config(["random"] * 4)
    g = game.Games(cfg, 6, np.random.default_rng(3))
    for t in range(9):  # a few turns in: tiles taken, dice out, a desert tile or two
        rows = np.arange(g.rows)
        g.apply(t % 4, pol.Random(None).choose(g, rows, t % 4, np.random.default_rng(t).random((g.rows, 2)), None))
    rows, seat, r = np.flatnonzero(g.alive)[:3], 1, 12
    assert pol.greedy_race_table(cfg.rules, g.racing) is not None
    values = pol.Greedy(pol.PolicySpec("greedy", r, r)).values(g, rows, seat, np.random.default_rng(11))
    pos, height, live, _ = pol.leg_rollouts(g, rows, r, np.random.default_rng(11)).end
    win, lose = np.zeros((rows.size, g.racing)), np.zeros((rows.size, g.racing))
    for j in range(rows.size * r):
        stacks = words_to_stacks(pos[j:j + 1], height[j:j + 1])
        order = [c for s in sorted(stacks, reverse=True) for c in reversed(stacks[s])]
        if not live[j]:  # the race ended in this leg rollout: its result
            win[j // r, order[0]] += 1 / r
            lose[j // r, order[-1]] += 1 / r
            continue
        odds = race_exact.race_odds(position(stacks), progress=False)  # a fresh leg from this board
        win[j // r] += odds.win / r
        lose[j // r] += odds.lose / r
    s = g.space
    expected = pol.overall_values(g, rows, seat, win, lose)
    legal = g.legal(rows, seat)[:, s.winner0:s.photo0]
    assert legal.any()
    assert np.allclose(values[:, s.winner0:s.photo0][legal], expected[legal], atol=1e-9)


def test_greedy_reads_the_race_table_only_where_it_is_exact_and_quick_to_build():
    from analyzer.games.camelup import race_exact

    big = race_exact.TableKey.of(rule_set("first", ("long_track", "boost_dice")), 5)
    assert pol.table_work(big) > pol.GREEDY_TABLE_WORK  # its 35 s build is not a game run's to pay
    assert pol.greedy_race_table(rule_set("first", ("long_track", "boost_dice")), 5) is None
    assert pol.greedy_race_table(rule_set("second"), 5) is None  # crazy camels: no DAG
    assert pol.greedy_race_table(rule_set(race_method="monte_carlo"), 5) is None
    assert pol.table_work(race_exact.TableKey.of(rule_set(), 5)) <= pol.GREEDY_TABLE_WORK


def test_greedy_with_the_exact_race_table_beats_random():
    cfg = config([SMALL_GREEDY, "random", "random", "random"], seating="rotate")
    out = play.play(cfg, 64, np.random.default_rng(8))
    seat_of_greedy = out["policy"] == 0
    share = out["credit"][seat_of_greedy].sum() / 64
    assert share > 0.6  # a fair share is 0.25
