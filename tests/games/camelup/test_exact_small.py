"""The small-dice path of exact.leg_exact (a walk of one to three dice, plain or compiled) equals the vectorised
path; the compiled walk equals the plain one to the last bit."""
import numpy as np
import pytest

from analyzer.games.camelup import exact, exact_kernel, race_exact as rx, reference
from analyzer.games.camelup.exact import Variant
from analyzer.games.camelup.state import DesertTile, parse_position

FIRST = ("blue", "green", "orange", "yellow", "white")


def _random_position(rng, rules=None, crazy=(), dice_count=2, boost=0):
    names = FIRST if not crazy else ("blue", "green", "yellow", "red", "purple")
    length = 16 if not rules or "long_track" not in rules.get("supercup", ()) else 20
    stacks = {}
    for c in rng.permutation(len(names)):
        stacks.setdefault(int(rng.integers(length - 7, length + 1)), []).append(names[c])
    for c in crazy:
        stacks.setdefault(int(rng.integers(length - 7, length + 1)), []).append(c)
    free = [s for s in range(2, length + 1) if s not in stacks]
    desert = []
    for s in rng.permutation(free):
        if len(desert) < 2 and all(abs(int(s) - t["space"]) > 1 for t in desert):
            desert.append({"space": int(s), "side": str(rng.choice(["oasis", "mirage"]) if not crazy else
                                                        rng.choice(["cheering", "booing"])), "owner": len(desert)})
    dice = [str(c) for c in rng.permutation(names)[:dice_count]]
    block = {"track": stacks, "dice_left": dice, "desert": desert}
    if boost:
        block["boost_dice_left"] = [str(c) for c in rng.permutation(names)[:boost]]
    return parse_position({"game": "camelup", "players": 4, "rules": rules or {}, "position": block})


@pytest.fixture(params=["plain", "compiled"], autouse=True)
def walker(request, monkeypatch):
    """Every test here runs with each walk of the small path."""
    monkeypatch.setitem(exact._small, "kernel", exact_kernel.leg if request.param == "compiled" else False)
    return request.param


def _both(position, variants=None, leaf_fn=None, leaf_words=False, monkeypatch=None):
    small = exact.leg_exact(position, variants, leaf_fn, leaf_words)
    monkeypatch.setattr(exact, "SMALL_WORK", -1)  # the vectorised path
    big = exact.leg_exact(position, variants, leaf_fn, leaf_words)
    monkeypatch.undo()
    return small, big


def _assert_equal(small, big):
    assert small.rank_probs == pytest.approx(big.rank_probs, abs=1e-12)
    assert small.landings == pytest.approx(big.landings, abs=1e-12)
    assert small.finish_prob == pytest.approx(big.finish_prob, abs=1e-12)
    assert small.photo_coins == pytest.approx(big.photo_coins, abs=1e-12)
    if big.leaf_values is None:
        assert small.leaf_values is None
    else:
        assert small.leaf_values == pytest.approx(big.leaf_values, abs=1e-12)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("dice_count", [0, 1, 2, 3])
def test_first_edition_small_path_equals_the_vectorised_path(seed, dice_count, monkeypatch):
    position = _random_position(np.random.default_rng(seed), dice_count=dice_count)
    assert exact._small_dice(position, [Variant()]) is not None
    _assert_equal(*_both(position, monkeypatch=monkeypatch))


@pytest.mark.parametrize("seed", range(4))
def test_variants_leaf_values_and_leaf_words_agree(seed, monkeypatch):
    rng = np.random.default_rng(100 + seed)
    position = _random_position(rng, dice_count=1)
    empty = [s for s in range(2, 17) if s not in position.stacks]
    variants = [Variant(), Variant(tiles=(DesertTile(int(empty[0]), 1, 0),)), Variant(tiles=()),
                Variant(camera=int(empty[-1]))]

    def leaf(variant, rank):
        return np.stack([rank[:, 0] == 0, rank[:, 1] + variant], axis=1).astype(float)

    def leaf_words(variant, rank, pos, height):
        return np.stack([pos.astype(float) % 977, height.astype(float) % 13, rank[:, 2]], axis=1)

    _assert_equal(*_both(position, variants, leaf, monkeypatch=monkeypatch))
    _assert_equal(*_both(position, variants, leaf_words, leaf_words=True, monkeypatch=monkeypatch))


@pytest.mark.parametrize("seed", range(4))
def test_supercup_boost_dice_and_camera_agree(seed, monkeypatch):
    rng = np.random.default_rng(200 + seed)
    rules = {"supercup": ["long_track", "boost_dice", "photographer"], "boost_faces": [1, 3]}
    position = _random_position(rng, rules, dice_count=1, boost=1)
    empty = [s for s in range(2, 21) if s not in position.stacks and all(t.space != s for t in position.desert)]
    boosted = [c for c in position.racing_on_track if c not in position.boost_dice_left][:1]
    variants = [Variant(), Variant(camera=int(empty[0])), Variant(extra_boost=tuple(boosted))]
    _assert_equal(*_both(position, variants, monkeypatch=monkeypatch))


@pytest.mark.parametrize("seed", range(4))
def test_second_edition_without_the_grey_die_agrees(seed, monkeypatch):
    # crazy camels on the board can be carried; one die stays in the pyramid
    position = _random_position(np.random.default_rng(300 + seed), {"edition": "second"}, crazy=("white", "black"),
                                dice_count=3)
    assert exact._small_dice(position, [Variant()]) is not None
    _assert_equal(*_both(position, monkeypatch=monkeypatch))


def test_the_grey_die_and_many_dice_take_the_vectorised_path():
    second = parse_position({"game": "camelup", "rules": {"edition": "second"}, "position": {
        "track": {1: ["blue"], 2: ["green"], 15: ["white"], 16: ["black"]}, "dice_left": ["blue", "grey"]}})
    assert exact._small_dice(second, [Variant()]) is None
    five = _random_position(np.random.default_rng(0), dice_count=5)
    assert exact._small_dice(five, [Variant()]) is None
    two = _random_position(np.random.default_rng(0), dice_count=2)
    assert exact._small_dice(two, [Variant()] * 40) is None  # many variants: numpy amortises its cost


def _reference(position):
    """reference.leg_odds on the position: (rank probs, landings per tile space) as floats."""
    rules = position.rules
    boost = tuple(("boost", c) for c in position.boost_dice_left)
    crazy = (rules.racing, rules.racing + 1) if rules.crazy_camels else None
    probs, landings = reference.leg_odds({s: list(v) for s, v in position.stacks.items()},
                                         tuple(position.dice_left) + boost, {t.space: t.push for t in position.desert},
                                         tuple(rules.die_faces), rules.track_length, len(rules.camels), crazy=crazy,
                                         dice_left_at_end=rules.dice_left_at_leg_end,
                                         die_faces={b: tuple(rules.boost_faces) for b in boost})
    return np.array(probs, dtype=float), {s: float(v) for s, v in landings.items()}


@pytest.mark.parametrize("rule_set,crazy,boost", [
    ({}, (), 0),
    ({"supercup": ["long_track", "boost_dice"], "boost_faces": [1, 3]}, (), 1),
    ({"edition": "second"}, ("white", "black"), 0),
])
@pytest.mark.parametrize("dice_count", [1, 2, 3])
@pytest.mark.parametrize("seed", range(5))
def test_small_path_equals_the_reference_in_every_rule_set(rule_set, crazy, boost, dice_count, seed):
    """The plain walk against the readable reference (exact fractions), random positions with desert tiles."""
    rng = np.random.default_rng(1000 * dice_count + seed)
    position = _random_position(rng, rule_set, crazy=crazy, dice_count=dice_count - boost if boost < dice_count
                                else dice_count, boost=boost if boost < dice_count else 0)
    if exact._small_dice(position, [Variant()]) is None:
        pytest.skip("too many branches for the plain walk")
    got = exact.leg_exact(position)
    probs, landings = _reference(position)
    assert got.rank_probs[0] == pytest.approx(probs, abs=1e-12)
    for space, value in landings.items():
        assert got.landings[0, space] == pytest.approx(value, abs=1e-12)


def _walked(kind, monkeypatch, fn, *args, **kwargs):
    monkeypatch.setitem(exact._small, "kernel", exact_kernel.leg if kind == "compiled" else False)
    return fn(*args, **kwargs)


def _fields(leg):
    return [leg.rank_probs, leg.landings, leg.finish_prob, leg.photo_coins] + (
        [] if leg.leaf_values is None else [leg.leaf_values])


@pytest.mark.parametrize("rule_set,crazy,boost", [
    ({}, (), 0),
    ({"supercup": ["long_track", "boost_dice", "photographer"], "boost_faces": [1, 3]}, (), 1),
    ({"edition": "second"}, ("white", "black"), 0),
])
@pytest.mark.parametrize("seed", range(6))
def test_the_compiled_walk_equals_the_plain_walk_to_the_last_bit(rule_set, crazy, boost, seed, monkeypatch):
    """Rank odds, landings, finish, the camera's coins and leaf values (with and without the boards' words), with
    variants: the same floats, not merely close ones (the same terms added in the same order)."""
    rng = np.random.default_rng(500 + seed)

    def leaf_words(variant, rank, pos, height):
        return np.stack([pos.astype(float) % 977, height.astype(float) % 13, rank[:, 1] / 3], axis=1)

    for dice_count in (0, 1, 2, 3):
        position = _random_position(rng, rule_set, crazy=crazy, dice_count=max(dice_count - boost, 0),
                                    boost=boost if dice_count > boost else 0)
        empty = [s for s in range(2, position.rules.track_length + 1)
                 if s not in position.stacks and all(t.space != s for t in position.desert)]
        for variants in (None, [Variant(), Variant(camera=int(empty[0])), Variant(tiles=())]):
            if exact._small_dice(position, variants or [Variant()]) is None:  # three dice, three variants
                assert dice_count == 3 and variants
                continue
            for args in ((), (lambda v, rank: rank[:, :2] * 1.5,), (leaf_words, True)):
                plain = _walked("plain", monkeypatch, exact.leg_exact, position, variants, *args)
                compiled = _walked("compiled", monkeypatch, exact.leg_exact, position, variants, *args)
                for a, b in zip(_fields(plain), _fields(compiled), strict=True):
                    assert a.shape == b.shape and np.array_equal(a, b)


@pytest.mark.parametrize("rule_set,boost", [({}, 0), ({"supercup": ["long_track", "boost_dice"]}, 1)])
@pytest.mark.parametrize("seed", range(6))
def test_race_odds_from_the_compiled_walk_equal_the_plain_walk_to_the_last_bit(rule_set, boost, seed, monkeypatch):
    """The compiled walk looks each leaf up in the race table itself: the same floats as the plain walk's leaves
    looked up by `RaceTable.lookup`."""
    rng = np.random.default_rng(600 + seed)
    for dice_count in (1, 2, 3):
        position = _random_position(rng, rule_set, dice_count=dice_count - boost, boost=boost)
        plain = _walked("plain", monkeypatch, rx.race_odds, position, progress=False)
        compiled = _walked("compiled", monkeypatch, rx.race_odds, position, progress=False)
        assert np.array_equal(plain.win, compiled.win) and np.array_equal(plain.lose, compiled.lose)
        assert plain.win.sum() == pytest.approx(1.0)


def test_the_compiled_walk_waits_until_it_pays(monkeypatch):
    """Without numba loaded, a process walks COMPILED_AFTER small legs in Python first (a one-shot answer never
    loads numba); with numba loaded it compiles at once."""
    import sys

    monkeypatch.setattr(exact, "_small", {"asked": 0, "kernel": None})
    monkeypatch.delitem(sys.modules, "numba")
    assert exact.small_kernel() is None
    monkeypatch.setitem(exact._small, "asked", exact.COMPILED_AFTER)
    assert exact.small_kernel() is exact_kernel.leg
    monkeypatch.setattr(exact, "_small", {"asked": 0, "kernel": None})
    monkeypatch.undo()
    monkeypatch.setattr(exact, "_small", {"asked": 0, "kernel": None})
    assert exact.small_kernel() is exact_kernel.leg


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rules", [None, {"supercup": ["long_track"]}])
def test_the_short_ways_of_the_compiled_walk_are_its_long_ways_bit_for_bit(seed, rules, walker, monkeypatch):
    """`exact._own_leg`, `exact.own_leaf_values` and `race_exact._few_dice` (a position alone, one to three of its
    dice: the table session's and the race queries' way, issue 56 item 5) give `_leg_small`'s floats and leaves and
    the long way's race odds exactly, or nothing."""
    rng = np.random.default_rng(seed)
    for dice in (1, 2, 3):
        position = _random_position(rng, rules, dice_count=dice)
        fast = exact._own_leg(position)
        if walker == "plain":
            assert fast is None and exact.own_leaf_values(position, None) is None
            assert rx._few_dice(position, False) is None
            continue
        slow = exact._leg_small(position, exact._PLAIN, exact._small_dice(position, exact._PLAIN), None, False)
        for name in ("rank_probs", "landings", "finish_prob", "photo_coins"):
            assert getattr(fast, name).shape == getattr(slow, name).shape
            assert (getattr(fast, name) == getattr(slow, name)).all()
        racing = position.racing_on_track
        table = rx.RaceTable.get(rx.TableKey.of(position.rules, len(racing)), progress=False).leaf_table(racing)
        rank, rest, leaf = exact._compiled(exact_kernel.leg, position, exact._PLAIN,
                                           exact._small_dice(position, exact._PLAIN), 2, 0, table)
        assert (exact.own_leaf_values(position, table) == leaf).all()
        short = rx._few_dice(position, False)
        assert short is not None  # every camel on the track, mid-leg
        with monkeypatch.context() as m:
            m.setattr(rx, "_few_dice", lambda *_: None)
            long = rx.race_odds(position, progress=False)
        assert np.array_equal(short.win, long.win) and np.array_equal(short.lose, long.lose)
