"""Supercup modules: boost dice, the boost action, the photographer, placement bets,
partnerships; the rulebook's worked examples, hand-stepped rules, exact against Monte Carlo."""
import numpy as np
import pytest

from analyzer.core import stats
from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import exact, reference, sim
from analyzer.games.camelup import exact_ev as actions
from analyzer.games.camelup.exact import Variant
from analyzer.games.camelup.state import parse_position

B, G, O, Y, W = range(5)
ALL = ["long_track", "boost_dice", "boost_action", "photographer", "placement_bets", "partnerships"]


def position(track, dice, modules=ALL, players=6, **extra):
    return parse_position({"game": "camelup", "rules": {"edition": "first", "supercup": list(modules)},
                           "players": players, "position": {"track": track, "dice_left": dice, **extra}})


def ev_of(pos, name):
    return dict(actions.exact_actions(pos, pos.to_move))[name]


# --- module 1: long track, boost dice, boost action -------------------------------------------------

def test_long_track_rules():
    pos = position({18: ["blue"], 20: ["white"]}, ["blue"], ["long_track"])
    assert pos.rules.track_length == 20 and pos.rules.pyramid_tiles == 6 and pos.rules.leg_tiles == (5, 3, 2, 2)
    assert exact.leg_exact(pos).finish_prob[0] == pytest.approx(1 / 3)  # only a 3 crosses the line after 20
    with pytest.raises(ScenarioError, match="position.track"):
        position({21: ["blue"]}, [], ["long_track"])


def test_a_boost_die_moves_its_camel_by_its_own_faces():
    pos = position({1: ["blue"], 10: ["white"]}, [], ["boost_dice"], boost_dice_left=["blue"])
    got = exact.leg_exact(pos)
    space_probs = got.rank_probs[0]
    assert space_probs[B, 1] == 1  # blue moves 1 or 2: still behind white
    pos = position({1: ["blue"], 3: ["white"]}, [], ["boost_dice"], boost_dice_left=["blue"])
    assert exact.leg_exact(pos).rank_probs[0][B, 0] == pytest.approx(1 / 2)  # a 2 lands on top of white


def test_camels_can_move_twice_in_a_leg_and_the_leg_ends_when_the_pyramid_is_empty():
    pos = position({1: ["blue"], 2: ["green"]}, ["blue"], ["boost_dice"], boost_dice_left=["blue"])
    probs, _ = reference.leg_odds({1: [B], 2: [G]}, (B, ("boost", B)), {}, (1, 2, 3), 16, 5,
                                  die_faces={("boost", B): (1, 2)})
    assert exact.leg_exact(pos).rank_probs[0] == pytest.approx(np.array(probs, dtype=float), abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_exact_with_boost_dice_equals_the_reference(seed):
    rng = np.random.default_rng(seed)
    names = ["blue", "green", "orange", "yellow", "white"]
    stacks = {}
    for c in rng.permutation(5):
        stacks.setdefault(int(rng.integers(12, 19)), []).append(int(c))
    dice = sorted(int(c) for c in rng.permutation(5)[:2])
    boost = [int(rng.integers(5))]
    pos = position({s: [names[c] for c in v] for s, v in stacks.items()}, [names[c] for c in dice],
                   ["long_track", "boost_dice"], boost_dice_left=[names[c] for c in boost])
    probs, _ = reference.leg_odds(stacks, tuple(dice) + tuple(("boost", c) for c in boost), {}, (1, 2, 3), 20, 5,
                                  die_faces={("boost", c): (1, 2) for c in boost})
    assert exact.leg_exact(pos).rank_probs[0] == pytest.approx(np.array(probs, dtype=float), abs=1e-12)


def test_monte_carlo_agrees_with_exact_with_a_boost_die_in_the_pyramid():
    pos = position({1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
                   ["blue", "green", "orange", "yellow", "white"], ["long_track", "boost_dice"],
                   boost_dice_left=["blue"])
    truth = exact.leg_exact(pos).rank_probs[0]
    n = 200_000
    mc = sim.leg_rank_counts(pos, n, np.random.default_rng(8))
    lo, hi = stats.wilson(mc["rank_counts"], n, z=3.89)
    assert np.all((lo <= truth) & (truth <= hi))


def test_new_legs_throw_in_the_last_camels_boost_die():
    # every camel's base die plus one boost die per leg: a race from the start takes fewer legs
    plain = position({1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
                     ["blue", "green", "orange", "yellow", "white"], ["long_track"])
    boosted = position({1: ["blue", "green"], 2: ["orange"], 3: ["yellow", "white"]},
                       ["blue", "green", "orange", "yellow", "white"], ["long_track", "boost_dice"])
    rng = np.random.default_rng(1)
    legs = lambda p: (np.arange(65) * sim.race_counts(p, 20_000, rng)["legs"]).sum() / 20_000  # noqa: E731
    assert legs(boosted) < legs(plain) - 0.2


def test_boost_action_ev_is_the_change_in_held_tiles_minus_the_pyramid_coin():
    pos = position({8: ["yellow"], 9: ["blue", "white"], 11: ["green"], 12: ["orange"]}, ["blue", "yellow", "white"],
                   ["long_track", "boost_dice", "boost_action"], players=4, boost_dice_pit=["yellow"],
                   held_leg_tiles={0: [["yellow", 5]]}, pyramid_tiles_held={0: 1})
    names = dict(actions.exact_actions(pos, 0))
    assert "boost orange" not in names  # orange leads
    assert "boost yellow" not in names  # in the pit
    both = exact.leg_exact(pos, [Variant(), Variant(extra_boost=(B,))]).rank_probs
    held = [actions.tile_ev(pos.rules, 5, both[v, Y]) for v in (0, 1)]
    assert names["boost blue"] == pytest.approx(held[1] - held[0] - 1, abs=1e-12)


def test_no_boost_action_without_a_pyramid_tile():
    pos = position({8: ["yellow"], 9: ["blue"]}, ["blue"], ["boost_dice", "boost_action"], players=4)
    assert not [a for a, _ in actions.exact_actions(pos, 0) if a.startswith("boost")]


# --- module 2: photographer ---------------------------------------------------------------------------

def test_a_unit_of_three_camels_pays_three():
    # the rulebook's example: a tower of three ends on the camera's space
    pos = position({5: ["blue", "green", "orange"]}, ["blue"], ["photographer"], players=4,
                   photographer={"space": 7, "holder": 1})
    assert exact.leg_exact(pos).photo_coins[0] == pytest.approx(3 * 1 / 3)


def test_only_the_first_unit_is_photographed():
    # the camera pays once, for whichever unit ends on 7 first; stepped by hand over all 18 outcomes
    pos = position({4: ["blue"], 5: ["green"]}, ["blue", "green"], ["photographer"], players=4,
                   photographer={"space": 7, "holder": 0}, desert=[{"space": 6, "side": "oasis", "owner": 1}])
    # a unit pushed by the oasis onto 7 ends its move there
    got = exact.leg_exact(pos).photo_coins[0]
    # by hand: order blue-green (1/2) or green-blue (1/2); faces 1..3 each
    total = 0.0
    for first in ("b", "g"):
        for s1 in (1, 2, 3):
            for s2 in (1, 2, 3):
                stacks = {4: [B], 5: [G]}
                paid = 0
                for camel, steps in ((B, s1), (G, s2)) if first == "b" else ((G, s1), (B, s2)):
                    reference.move(stacks, camel, steps, {6: 1})
                    if not paid and 7 in stacks and camel in stacks[7]:
                        paid = len(stacks[7]) - stacks[7].index(camel)
                total += paid / 18
    assert got == pytest.approx(total)


def test_photographer_actions_and_camera_moves():
    pos = position({3: ["white"], 5: ["blue", "green", "orange"], 8: ["yellow"]}, ["blue", "white"],
                   ["photographer"], players=4, to_move=1)
    names = dict(actions.exact_actions(pos, 1))
    assert "photographer 6" in names and "photographer 5" not in names  # not under a camel
    assert names["photographer 7"] == pytest.approx(exact.leg_exact(pos, [Variant(camera=7)]).photo_coins[0])
    held = position({3: ["white"], 5: ["blue", "green", "orange"], 8: ["yellow"]}, ["blue", "white"],
                    ["photographer"], players=4, to_move=1, photographer={"space": 9, "holder": 1})
    moves = dict(actions.exact_actions(held, 1))
    legs = exact.leg_exact(held, [Variant(), Variant(camera=7)]).photo_coins
    assert moves["camera 7"] == pytest.approx(legs[1] - legs[0])
    other = position({5: ["blue"]}, ["blue"], ["photographer"], players=4, to_move=0,
                     photographer={"space": 9, "holder": 1})
    assert not [a for a, _ in actions.exact_actions(other, 0) if a.startswith(("camera", "photographer"))]


def test_desert_tiles_may_not_go_on_the_camera_space():
    pos = position({5: ["blue"]}, ["blue"], ["photographer"], players=4, photographer={"space": 9, "holder": 1})
    assert not [a for a, _ in actions.exact_actions(pos, 0) if a.endswith(" 9") and a.startswith("desert")]
    with pytest.raises(ScenarioError, match="position.photographer.space"):
        position({5: ["blue"]}, ["blue"], ["photographer"], players=4, photographer={"space": 5, "holder": 1})


# --- module 3: placement bets ---------------------------------------------------------------------------

def test_a_placement_tile_pays_three_when_the_camel_ends_exactly_there():
    # the rulebook's example: yellow 5 covered by the 3rd-place tile, yellow ends 3rd
    rules = position({1: ["yellow"]}, [], ["placement_bets"], players=4).rules
    assert actions.tile_payout(rules, 5, 2, place=3) == 3
    assert actions.tile_payout(rules, 5, 0, place=3) == -1
    assert actions.tile_payout(rules, 5, 0) == 5


def test_placement_ev_is_the_change_against_the_plain_tile():
    pos = position({6: ["blue"], 7: ["yellow"], 9: ["green", "white"], 10: ["orange"]}, ["yellow", "orange"],
                   ["placement_bets"], players=4, held_leg_tiles={0: [["yellow", 5]], 1: [["green", 5]]},
                   placement_bets={1: [["green", 5, 2]]})
    names = dict(actions.exact_actions(pos, 0))
    p = exact.leg_exact(pos).rank_probs[0][Y]
    plain = 5 * p[0] + p[1] - (1 - p[0] - p[1])
    assert names["placement 3rd on yellow 5"] == pytest.approx(3 * p[2] - (1 - p[2]) - plain)
    assert not [a for a in names if a.startswith("placement 2nd")]  # that tile is taken
    assert names["placement 4th on new blue 2"] == pytest.approx(3 * exact.leg_exact(pos).rank_probs[0][B, 3] - (
        1 - exact.leg_exact(pos).rank_probs[0][B, 3]))


# --- module 4: partnerships ----------------------------------------------------------------------------

def test_partner_adds_the_best_tile_the_other_earned():
    # the rulebook's example: D (3) holds a pyramid tile, E (4) holds yellow 5 and blue 3; yellow wins:
    # D adds E's 5 to his pyramid tile for 6
    pos = position({5: ["blue"], 7: ["yellow"]}, [], ["partnerships"], players=6,
                   held_leg_tiles={4: [["yellow", 5], ["blue", 3]]}, pyramid_tiles_held={3: 1}, to_move=3)
    names = dict(actions.exact_actions(pos, 3))
    assert names["partner 4"] == 5  # the leg is over: yellow 1st pays 5, the best of E's tiles
    assert pos.pyramid_tiles_held[3] * pos.rules.pyramid_tile_pays + names["partner 4"] == 6
    assert names["partner 0"] == 0  # nothing to add


def test_partnership_ev_uses_the_joint_outcome():
    pos = position({5: ["blue"], 6: ["yellow"]}, ["blue", "yellow"], ["partnerships"], players=6,
                   held_leg_tiles={4: [["yellow", 5], ["blue", 3]]}, to_move=3)
    probs = exact.leg_exact(pos).rank_probs[0]
    # one of blue/yellow wins the leg, the other is 2nd: best tile is 5 or 3
    expected = probs[Y, 0] * 5 + probs[B, 0] * 3
    assert dict(actions.exact_actions(pos, 3))["partner 4"] == pytest.approx(expected)


def test_partnerships_need_six_players_and_free_cards():
    with pytest.raises(ScenarioError, match="position.partners"):
        position({5: ["blue"]}, [], ["partnerships"], players=4, partners=[[0, 1]])
    pos = position({5: ["blue"]}, ["blue"], ["partnerships"], players=6, partners=[[0, 1]], to_move=0)
    assert not [a for a, _ in actions.exact_actions(pos, 0) if a.startswith("partner")]
    pos = position({5: ["blue"]}, ["blue"], ["partnerships"], players=6, partners=[[0, 1]], to_move=2)
    partners = sorted(a for a, _ in actions.exact_actions(pos, 2) if a.startswith("partner"))
    assert partners == ["partner 3", "partner 4", "partner 5"]


def test_module_parts_need_their_module():
    with pytest.raises(ScenarioError, match="position.photographer"):
        position({5: ["blue"]}, [], [], players=4, photographer={"space": 7, "holder": 0})
    with pytest.raises(ScenarioError, match="rules.supercup"):
        parse_position({"game": "camelup", "rules": {"edition": "second", "supercup": ["photographer"]},
                        "position": {"track": {1: ["blue"], 15: ["white"], 16: ["black"]}, "dice_left": []}})
