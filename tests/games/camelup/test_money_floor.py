"""The money floor in the EV of every action: hand-worked values, a brute-force enumeration, and the floored
path equal to the linear one wherever the floor cannot bind."""
from fractions import Fraction
from itertools import permutations, product

import pytest

from analyzer.games.camelup import exact, exact_ev, reference
from analyzer.games.camelup.flags import position_from_flags
from analyzer.games.camelup.race import wrong_card_pays


def position(**flags):
    return position_from_flags({"players": 4, **flags})[1]


def actions(pos, player=None):
    return dict(exact_ev.exact_actions(pos, pos.to_move if player is None else player))


def test_the_issue_example_a_player_with_no_coins_cannot_pay_the_minus_one():
    pos = position(track="1:bg 3:y 4:ow", dice="byw", money="0,3,3,3")
    probs = exact.leg_exact(pos).rank_probs[0]
    ev = actions(pos)
    blue = 0
    # with nothing to lose, a tile is worth v P(1st) + P(2nd): the -1 cannot be paid
    assert ev["leg-bet blue 5"] == pytest.approx(5 * probs[blue, 0] + probs[blue, 1], abs=1e-12)
    assert ev["leg-bet blue 5"] == pytest.approx(0.179, abs=5e-4)
    assert ev["leg-bet orange 5"] == pytest.approx(0.0, abs=1e-12)  # orange is 3rd or 5th: never pays
    rich = actions(position(track="1:bg 3:y 4:ow", dice="byw", money="3,3,3,3"))
    assert rich["leg-bet blue 5"] == pytest.approx(-0.642, abs=5e-4)
    assert rich["leg-bet orange 5"] == pytest.approx(-1.0, abs=1e-12)


def test_no_floor_keeps_the_linear_values():
    flags = dict(track="1:bg 3:y 4:ow", dice="byw", money="0,3,3,3")
    data, _ = position_from_flags({"players": 4, **flags})
    data["rules"]["money_floor"] = None
    from analyzer.games.camelup.state import parse_position

    free = dict(exact_ev.exact_actions(parse_position(data), 0))
    assert free["leg-bet orange 5"] == pytest.approx(-1.0, abs=1e-12)


def test_a_pyramid_tile_covers_a_loss_a_poor_player_could_not_pay():
    # player 0 holds orange 5 (orange can only be 3rd or 5th: a sure -1) and no coins: the -1 is not paid,
    # so the pyramid tile's +1 is absorbed by it: worth nothing
    pos = position(track="1:bg 3:y 4:ow", dice="byw", money="0,3,3,3", held="o5")
    assert actions(pos)["pyramid"] == pytest.approx(0.0, abs=1e-12)
    one = position(track="1:bg 3:y 4:ow", dice="byw", money="1,3,3,3", held="o5")
    assert actions(one)["pyramid"] == pytest.approx(1.0, abs=1e-12)


def brute_force(pos, player, tiles_held, own_tile=None):
    """E[max(m + D + N, floor)] by walking every die order and face with the reference rules (exact fractions):
    D = landings on the player's own tile, N = what the held tiles pay."""
    rules = pos.rules
    dice = [c for c in pos.dice_left]
    faces = rules.die_faces
    tiles = {t.space: t.push for t in pos.desert}
    owners = {t.space: t.owner for t in pos.desert}
    if own_tile is not None:
        tiles = {s: p for s, p in tiles.items() if owners[s] != player}
        owners = {s: o for s, o in owners.items() if o != player}
        tiles[own_tile[0]], owners[own_tile[0]] = own_tile[1], player
    total, count = Fraction(0), 0
    for order in permutations(dice):
        for rolled in product(faces, repeat=len(order)):
            stacks = {s: list(st) for s, st in pos.stacks.items()}
            coins = 0
            for camel, steps in zip(order, rolled):
                landed = reference.move(stacks, camel, steps, tiles)
                if landed is not None and owners[landed] == player:
                    coins += rules.desert_tile_pays
                if reference.finished(stacks, rules.track_length):
                    break
            ranking = reference.ranking(stacks, set(range(rules.racing)))
            net = sum(value if ranking[0] == c else 1 if ranking[1] == c else -1 for c, value in tiles_held)
            total += max(pos.money[player] + coins + net, rules.money_floor)
            count += 1
    return total / count


@pytest.mark.parametrize("money", [0, 1, 2])
def test_desert_placements_and_leg_bets_equal_a_brute_force_enumeration(money):
    # three dice left, player 0 holds green 5 and white 3, and owns a tile that camels may land on
    pos = position(track="1:b 2:g 3:y 4:ow", dice="gyw", money=f"{money},3,3,3", held="g5 w3", desert="6+@0 9-@1")
    held = [(1, 5), (4, 3)]
    base = brute_force(pos, 0, held)
    ev = actions(pos)
    assert ev["leg-bet yellow 5"] == pytest.approx(float(brute_force(pos, 0, held + [(3, 5)]) - base), abs=1e-12)
    for space, push, name in ((5, 1, "desert oasis 5"), (7, -1, "desert mirage 7"), (12, 1, "desert oasis 12")):
        want = brute_force(pos, 0, held, own_tile=(space, push)) - base
        assert ev[name] == pytest.approx(float(want), abs=1e-12), name


@pytest.mark.parametrize("flags", [
    dict(track="1:bg 3:y 4:ow", dice="byw", held="g5 y3", desert="6+@0 9-@1"),
    dict(track="2:bgoyw", supercup="photographer,placement_bets", camera="8@0", held="b5", placements="b5@3"),
    dict(track="4:b 6:og 7:y 9:w", supercup="long_track,boost_dice,boost_action", boost="b", pyramid_held="0:1"),
    dict(track="1:bg 3:y 4:ow", players=6, supercup="partnerships", held="1:g5 2:y5"),
    dict(track="1:bg 2:y 3:rp 15:w 16:k", edition="second", held="g5", desert="6+@0"),
])
def test_the_floored_path_equals_the_linear_one_where_the_floor_cannot_bind(flags):
    players = flags.pop("players", 4)
    pos = position_from_flags({"players": players, "money": ",".join(["40"] * players), **flags})[1]
    plan = exact_ev._Plan(pos)
    others = tuple(t for t in pos.desert if t.owner != 0)
    desert = [(t, plan.add(exact.Variant(tiles=others + (t,)))) for t in exact_ev.desert_options(pos, 0)]
    cameras = [(s, plan.add(exact.Variant(camera=s, holder=0), holder=0)) for s in exact_ev.camera_options(pos, 0)]
    boosts = [(c, plan.add(exact.Variant(extra_boost=(c,)))) for c in exact_ev.boost_options(pos, 0)]
    assert not exact_ev.floor_can_bind(pos, 0, bool(boosts))
    linear = dict(exact_ev._linear_actions(pos, 0, plan, desert, cameras, boosts))
    floored = dict(exact_ev._floored_actions(pos, 0, plan, desert, cameras, boosts))
    assert linear.keys() == floored.keys()
    for name, value in linear.items():
        assert floored[name] == pytest.approx(value, abs=1e-9), name


def test_a_wrong_overall_card_costs_at_most_the_coins_held():
    assert wrong_card_pays(position(track="1:b", money="0,3,3,3"), 0) == 0
    assert wrong_card_pays(position(track="1:b", money="3,3,3,3"), 0) == -1
