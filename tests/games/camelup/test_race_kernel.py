"""The compiled race kernel (race_kernel.py) against the readable rules (reference.py).

- fixed rolls: thousands of random boards in every rule set, one roll each (a camel's die, a boost die,
  the grey die with either face colour, with and without tiles, across the finish line either way)
  through the kernel's move and through reference.move / reference.crazy_mover: the same board after;
- race odds: win and lose odds of every racing camel within a family-wise 95% band (Bonferroni over
  every value compared) of the exact odds where they exist (race_exact on short tracks, with tiles and
  boost dice; exact.leg_exact where the race must end this leg), else of a plain-Python Monte Carlo on
  reference.py's rules (the Supercup long track, the second edition over several legs);
- seeds: the same counts for the same seed, others for another seed.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from statistics import NormalDist

import numpy as np
import pytest

from analyzer.core import runner, stats
from analyzer.games.camelup import exact, race_exact as rx, race_kernel as rk, reference, sim
from analyzer.games.camelup.rules import rule_set
from analyzer.games.camelup.state import parse_position

FIRST = ("blue", "green", "orange", "yellow", "white")
SECOND = ("blue", "green", "yellow", "red", "purple", "white", "black")  # white, black: crazy


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Exact race tables are built into an empty cache."""
    monkeypatch.setenv(rx.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(rx.RaceTable, "_loaded", {})


def position(track, dice, rules=None, desert=(), boost_left=(), grey=None):
    rules = rules or {}
    names = SECOND if rules.get("edition") == "second" else FIRST
    dice = [names[c] for c in dice] + (["grey"] if grey else [])
    block = {"track": {s: [names[c] for c in stack] for s, stack in track.items()}, "dice_left": dice,
             "desert": [{"space": s, "side": "oasis" if p > 0 else "mirage", "owner": i}
                        for i, (s, p) in enumerate(desert)]}
    if boost_left:
        block["boost_dice_left"] = [names[c] for c in boost_left]
    return parse_position({"game": "camelup", "players": 4, "rules": rules, "position": block})


# -- fixed rolls ---------------------------------------------------------------------------------------

def words(stacks: dict) -> tuple[np.uint64, np.uint64]:
    pos = height = 0
    for space, stack in stacks.items():
        for level, camel in enumerate(stack):
            pos |= (space + sim.BIAS) << (8 * camel)
            height |= level << (8 * camel)
    return np.uint64(pos), np.uint64(height)


def board(pos, height, camels: int) -> dict:
    out: dict = {}
    for c in range(camels):
        space = (int(pos) >> (8 * c)) & 0xFF
        if space:
            out.setdefault(space - sim.BIAS, []).append(((int(height) >> (8 * c)) & 0xFF, c))
    return {s: [c for _, c in sorted(v)] for s, v in sorted(out.items())}


RULE_SETS = [("first", rule_set()), ("long track, boost dice", rule_set("first", ["long_track", "boost_dice"])),
             ("second", rule_set("second")), ("second, 5 faces", rule_set("second", die_faces=(1, 2, 3, 4, 6)))]


@pytest.mark.parametrize("label,rules", RULE_SETS, ids=[r[0] for r in RULE_SETS])
def test_a_fixed_roll_moves_as_the_reference_moves(label, rules):
    rng = random.Random(label)
    camels, racing = len(rules.camels), rules.racing
    crazy = (racing, racing + 1) if rules.crazy_camels else None
    faces = sorted(set(rules.die_faces) | set(rules.boost_faces))
    for trial in range(1000):
        spaces = rng.sample(range(1, rules.track_length + 1), rng.randint(1, camels))
        stacks: dict = {}
        for c in rng.sample(range(camels), camels if crazy else rng.randint(1, camels)):
            stacks.setdefault(rng.choice(spaces), []).append(c)
        empty = [s for s in range(0, rules.track_length + 3) if s not in stacks]
        tiles = {s: rng.choice((1, -1)) for s in rng.sample(empty, min(len(empty), rng.randint(0, 4)))}
        effects = np.zeros(sim.TABLE, dtype=np.int64)
        for s, p in tiles.items():
            effects[s + sim.BIAS] = p
        steps = rng.choice(faces)
        grey = crazy is not None and rng.random() < 0.4
        on_track = [c for stack in stacks.values() for c in stack]
        if grey:
            named = rng.choice(crazy)
            camel = reference.crazy_mover(stacks, named, crazy, set(range(racing)))
        else:
            named, camel = 0, rng.choice(on_track)
        pos, height = words(stacks)
        want = {s: list(v) for s, v in stacks.items()}
        reference.move(want, camel, steps, tiles, backward=grey)
        got = rk.roll(pos, height, rk.GREY if grey else camel, steps, named, effects, racing)
        assert board(got[0], got[1], camels) == {s: want[s] for s in sorted(want)}, (trial, stacks, camel, steps)
        assert int(got[2]) - sim.BIAS == next(s for s, v in want.items() if camel in v)


# -- race odds ------------------------------------------------------------------------------------------

def _z(values: int) -> float:
    return NormalDist().inv_cdf(1 - 0.05 / (2 * values))


def _kernel(p, n: int, seed: int) -> dict:
    race = sim.race_counts(p, n, np.random.default_rng(seed))
    assert race["win"].sum() == race["lose"].sum() == race["legs"].sum() == n
    return race


def test_race_odds_agree_with_the_exact_odds():
    """race_exact on 6-space tracks (small tables): the opening, mid-leg positions with tiles, boost dice in
    the pyramid and the last camel's boost die in later legs; and second-edition positions whose race must end
    this leg (exact.leg_exact)."""
    plain, boost = {"track_length": 6}, {"track_length": 6, "supercup": ["boost_dice"], "boost_faces": [1, 2]}
    cases = [position({1: [0, 1], 2: [2], 3: [3, 4]}, range(5), plain),
             position({1: [0], 2: [1, 2], 4: [3, 4]}, [0, 2, 4], plain, desert=[(3, 1), (6, -1)]),
             position({1: [0, 1], 2: [2], 3: [3, 4]}, range(5), boost, boost_left=[0]),
             position({2: [2], 4: [0, 1], 5: [3]}, [0, 2], boost, boost_left=[2, 3], desert=[(6, 1)])]
    truths = [(rx.race_odds(p, progress=False), p) for p in cases]
    second = [position({15: [0, 1], 16: [2, 3, 4], 10: [5], 11: [6]}, [0, 1, 2, 3, 4], {"edition": "second"}),
              position({1: [5, 0, 6], 15: [1, 2], 16: [3, 4]}, [3], {"edition": "second"}, grey=True,
                       desert=[(8, -1)])]  # red's die ends it, or white carries blue back past space 1
    for p in second:
        leg = exact.leg_exact(p)
        assert leg.finish_prob[0] == pytest.approx(1.0)
        racing = len(p.racing_on_track)
        truths.append((rx.RaceOdds(leg.rank_probs[0][:, 0], leg.rank_probs[0][:, racing - 1]), p))
    z = _z(sum(2 * len(p.racing_on_track) for _, p in truths))
    n = 400_000
    for i, (truth, p) in enumerate(truths):
        race, camels = _kernel(p, n, 100 + i), p.racing_on_track
        for key, odds in (("win", truth.win), ("lose", truth.lose)):
            lo, hi = stats.wilson(race[key][camels], n, z=z)
            inside = (lo - 1e-12 <= odds[camels]) & (odds[camels] <= hi + 1e-12)
            assert np.all(inside), (i, key, race[key][camels] / n, odds[camels])


def reference_races(p, n: int, seed: int) -> dict:
    """A plain-Python Monte Carlo of whole races on reference.py's rules (the current leg's tiles, then none;
    later legs roll every racing camel's die, the grey die and the last camel's boost die)."""
    rules, rng = p.rules, random.Random(seed)
    racing = set(range(rules.racing))
    crazy = (rules.racing, rules.racing + 1) if rules.crazy_camels else None
    win, lose = np.zeros(len(rules.camels), dtype=np.int64), np.zeros(len(rules.camels), dtype=np.int64)
    base = [(c, rules.die_faces) for c in p.dice_left] + [(c, rules.boost_faces) for c in p.boost_dice_left]
    base += [(reference.GREY, rules.die_faces)] * p.grey_die_left
    camels = p.racing_on_track
    for _ in range(n):
        stacks = {s: list(v) for s, v in p.stacks.items()}
        dice, tiles, over = list(base), {t.space: t.push for t in p.desert}, False
        while not over:
            while len(dice) > rules.dice_left_at_leg_end and not over:
                camel, faces = dice.pop(rng.randrange(len(dice)))
                steps = faces[rng.randrange(len(faces))]
                if camel == reference.GREY:
                    camel = reference.crazy_mover(stacks, crazy[rng.randrange(2)], crazy, racing)
                reference.move(stacks, camel, steps, tiles, backward=camel not in racing)
                over = reference.finished(stacks, rules.track_length)
            tiles = {}
            dice = [(c, rules.die_faces) for c in camels] + [(reference.GREY, rules.die_faces)] * bool(crazy)
            if rules.boost_dice:
                dice.append((reference.ranking(stacks, racing)[-1], rules.boost_faces))
        order = reference.ranking(stacks, racing)
        win[order[0]] += 1
        lose[order[-1]] += 1
    return {"n": n, "win": win, "lose": lose}


def test_race_odds_agree_with_a_reference_monte_carlo():
    """Where no exact odds exist: the Supercup long track with boost dice, and the second edition (crazy camels
    and a die left in the pyramid) over several legs, with tiles in the current leg."""
    cases = [position({13: [0, 1], 14: [2], 16: [3, 4]}, [0, 1, 3], {"supercup": ["long_track", "boost_dice"]},
                      boost_left=[2], desert=[(15, 1)]),
             position({12: [0, 5], 13: [1, 2], 14: [3], 15: [4], 9: [6]}, [0, 1, 2], {"edition": "second"},
                      grey=True, desert=[(16, -1)]),
             position({13: [6, 0], 14: [1, 2, 5], 16: [3, 4]}, [2, 4], {"edition": "second", "track_length": 16},
                      grey=True)]
    z = _z(sum(2 * len(p.racing_on_track) for p in cases))
    n, m = 400_000, 4000
    for i, p in enumerate(cases):
        race, ref, camels = _kernel(p, n, 200 + i), reference_races(p, m, 300 + i), p.racing_on_track
        for key in ("win", "lose"):
            a, b = race[key][camels] / n, ref[key][camels] / m
            pooled = (race[key][camels] + ref[key][camels]) / (n + m)
            se = np.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
            assert np.all(np.abs(a - b) <= z * se + 1e-12), (i, key, a, b)


def test_the_counts_depend_on_the_seed_only():
    """The same seed, the same counts; another seed, others.  That the runner's chunks give the same counts
    whatever the workers is tests/core/test_runner.py::test_race_counts_are_reproducible_across_jobs (on this
    kernel through sim.race_counts: starting two workers that import numba costs seconds, paid once there)."""
    p = position({12: [0, 5], 13: [1, 2], 14: [3], 15: [4], 9: [6]}, [0, 1, 2], {"edition": "second"}, grey=True,
                 desert=[(16, -1)])
    settings = runner.RunSettings(rollouts=3 * 4096 + 5, seed=9, progress=False, jobs=1)
    one = runner.run(partial(sim.race_counts, p), settings)
    again = runner.run(partial(sim.race_counts, p), settings)
    other = runner.run(partial(sim.race_counts, p), replace(settings, seed=10))
    for key in ("win", "lose", "legs"):
        assert np.array_equal(one[key], again[key])
    assert not np.array_equal(one["win"], other["win"])


def test_a_race_that_cannot_end_is_an_error():
    p = position({1: [0, 1], 2: [2], 3: [3, 4]}, range(5))
    with pytest.raises(RuntimeError, match="still running after 2 legs"):
        sim.race_counts(p, 100, np.random.default_rng(0), max_legs=2)


def test_the_kernel_reads_the_board_and_dice_as_sim_writes_them():
    assert (rk.BIAS, rk.GREY, rk.LAST) == (sim.BIAS, sim.GREY, sim.LAST)
