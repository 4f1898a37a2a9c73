"""The policies: greedy's plan values are exact.plan_value's on every plan of mid-game states (fresh turns and
second moves, 2 to 5 players, several readings) and its move is the head of exact.best_plan; random picks
uniformly among the legal knights (and stop mid-turn) and records its choice; policy names parse."""
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.emerald import exact
from analyzer.games.emerald import game as g
from analyzer.games.emerald import rules as r
from analyzer.games.emerald import sim
from analyzer.games.emerald.policies import Policy, parse_policies

W = g.work()  # the probes' work rows


def probe(game, op, a=-1, b=-1):
    m = int(game.s[g.TOMOVE])
    return int(g.probe(g.PROBES.index(op), game.s, game.cfg, m, a, b, 0, 2, game.streams[0], game.rec, W,
                       game.stats[0]))


def code(group) -> int:
    return group[0] * g.NPOS + group[1]


def check_state(game, settings):
    """Every plan's engine value equals the exact one, and greedy's choice heads the best plan."""
    t = sim.reference_table(game.s, settings)
    F2 = len(settings.die_faces) ** 2
    for moves in exact.plan_moves(t):
        if not moves:
            continue
        engine = probe(game, "plan_value", code(moves[0]), code(moves[1]) if len(moves) > 1 else -1)
        assert Fraction(engine, F2) == exact.plan_value(t, moves), moves
    best = exact.best_plan(t)
    assert probe(game, "greedy_choice") == (code(best[0]) if best else -1)


CASES = [(4, {}), (2, {}), (3, {"knight_value": 2, "turn_on_arrival": False}), (5, {"die_faces": (1, 2, 2, 3)}),
         (2, {"two_player_one_colour": False, "chamber_ends_turn": True})]


@pytest.mark.parametrize("players,changes", CASES)
def test_greedy_values_every_plan_as_exact_ev_and_plays_the_best(players, changes):
    settings = replace(r.Settings(), **changes)
    rng = np.random.default_rng(players)
    checked = 0
    for _ in range(2):
        game = sim.start(settings, players, ("random",) * players, g.Chance(1, rng).seeds[0])
        while game.s[g.ENDED] == g.E_RUN and checked < 40:
            game.step(1)
            if game.s[g.ENDED] != g.E_RUN:
                break
            game.s[g.MV:g.MV + g.NC * g.NPOS] = 0
            game.s[g.FIRSTCOL] = -1
            check_state(game, settings)  # a fresh turn
            m = int(game.s[g.TOMOVE])
            first = probe(game, "greedy_choice")
            still = g.probe(0, game.s, game.cfg, m, first // g.NPOS, first % g.NPOS, 0, 2, game.streams[0],
                            game.rec, W, game.stats[0])
            if still and game.s[g.ENDED] == g.E_RUN:
                check_state(game, settings)  # the second move
            game.s[g.STEPS] = 0
            checked += 1
    assert checked >= 20


def test_random_picks_uniformly_among_the_knights_and_records_them():
    game = sim.start(None, 4, ("random",) * 4, [1, 2, 3, 4], 4096)
    # one choice per call, recorded as ("move", colour, pos)
    game.rec[0, 0] = 0
    picks = [probe(game, "random_choice") for _ in range(3000)]
    n = probe(game, "groups")
    options = sorted(int(x) for x in W[3][:n])
    assert sorted(set(picks)) == options
    freq = np.array([picks.count(o) for o in options]) / len(picks)
    assert np.abs(freq - 1 / len(options)).max() < 0.05
    record = sim.record_of(game.rec)
    assert [("move", p // g.NPOS, p % g.NPOS) for p in picks[:len(record)]] == record


def test_policy_names_parse_and_bad_ones_name_the_field():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    assert parse_policies(["greedy", "random"], "policies", 2) == (Policy("greedy"), Policy("random"))
    with pytest.raises(ScenarioError, match="policies"):
        parse_policies("clever", "policies", 4)
