"""Exact race odds (race_exact.py): a brute force on short tracks, the exact leg engine, Monte Carlo, the cache.

Every table here is on a short track (at most 10 spaces): the 16-space table is not built by
the suite, the 20-space Supercup one never."""
from fractions import Fraction
from functools import lru_cache
from statistics import NormalDist

import numpy as np
import pytest

from analyzer.core import stats
from analyzer.games.camelup import exact, race_exact as rx, reference, sim
from analyzer.games.camelup.state import parse_position
from tests.games.camelup.helpers import B, G, O, W, Y

NAMES = ("blue", "green", "orange", "yellow", "white")


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    """Every test builds its tables into its own empty cache."""
    monkeypatch.setenv(rx.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(rx.RaceTable, "_loaded", {})
    return tmp_path


def pos(track, dice=None, desert=(), length=8, boost=None, boost_left=(), faces=None):
    rules = {"track_length": length}
    if boost is not None:
        rules.update(supercup=["boost_dice"], boost_faces=list(boost))
    if faces is not None:
        rules["die_faces"] = list(faces)
    dice = dice if dice is not None else sorted(c for s in track.values() for c in s)
    block = {"track": {s: [NAMES[c] for c in stack] for s, stack in track.items()},
             "dice_left": [NAMES[c] for c in dice],
             "desert": [{"space": s, "side": "oasis" if p > 0 else "mirage", "owner": i}
                        for i, (s, p) in enumerate(desert)]}
    if boost_left:
        block["boost_dice_left"] = [NAMES[c] for c in boost_left]
    return parse_position({"game": "camelup", "players": 4, "rules": rules, "position": block})


# -- a brute force on reference.py's rules ------------------------------------------------------

def brute_race(position):
    """Exact race odds by plain recursion over every roll of every leg (reference.move, Fractions):
    later legs have every die of the camels on the track, with boost dice the last camel's boost
    die, and no tiles."""
    rules = position.rules
    camels = tuple(position.racing_on_track)
    faces = tuple(rules.die_faces)

    def fresh(board):
        dice = camels
        if rules.boost_dice:
            dice += (("boost", reference.ranking(dict(board))[-1]),)
        return dice

    @lru_cache(maxsize=None)
    def walk(board, dice, tiles):
        now = {s: list(st) for s, st in board}
        if reference.finished(now, rules.track_length):
            order = reference.ranking(now)
            return tuple(Fraction(c == order[0]) for c in camels), tuple(Fraction(c == order[-1]) for c in camels)
        if not dice:
            return walk(board, fresh(board), ())
        win, lose = [Fraction(0)] * len(camels), [Fraction(0)] * len(camels)
        for i, die in enumerate(dice):
            rest = dice[:i] + dice[i + 1:]
            camel, options = (die[1], rules.boost_faces) if isinstance(die, tuple) else (die, faces)
            share = Fraction(1, len(dice) * len(options))
            for steps in options:
                after = {s: list(st) for s, st in now.items()}
                reference.move(after, camel, steps, dict(tiles))
                w, l = walk(reference._freeze(after), rest, tiles)
                win = [a + share * b for a, b in zip(win, w)]
                lose = [a + share * b for a, b in zip(lose, l)]
        return tuple(win), tuple(lose)

    dice = tuple(position.dice_left) + tuple(("boost", c) for c in position.boost_dice_left)
    tiles = tuple(sorted((t.space, t.push) for t in position.desert))
    win, lose = walk(reference._freeze({s: list(st) for s, st in position.stacks.items()}), dice, tiles)
    return np.array([float(x) for x in win]), np.array([float(x) for x in lose])


BRUTE = [
    pos({1: [B, G], 2: [O]}),  # a leg start: one table row
    pos({1: [B], 2: [G, O]}, dice=[G], desert=[(4, 1)]),  # mid-leg, an oasis
    pos({3: [O, B], 5: [G]}, dice=[B, O], desert=[(4, -1), (7, 1)]),  # a mirage and an oasis
    pos({6: [B], 7: [G], 8: [O]}, dice=[B, O]),  # the race may end this leg
    pos({1: [B, G], 2: [O]}, faces=(1, 2)),  # house-rule dice
    pos({1: [B, G], 2: [O]}, boost=(1, 2), boost_left=(B,)),  # Supercup boost dice, a leg start
    pos({2: [G], 4: [B, O]}, dice=[B], boost=(1, 2), boost_left=(G,), desert=[(6, -1)]),  # mid-leg
    pos({1: [B, G], 3: [O, Y]}, length=5),  # four camels
]


@pytest.mark.parametrize("position", BRUTE)
def test_short_track_race_odds_equal_a_brute_force_over_every_roll(position):
    got = rx.race_odds(position)
    win, lose = brute_race(position)
    camels = position.racing_on_track
    assert got.win[camels] == pytest.approx(win, abs=1e-12)
    assert got.lose[camels] == pytest.approx(lose, abs=1e-12)
    assert got.win.sum() == pytest.approx(1) and got.lose.sum() == pytest.approx(1)


def test_a_leg_start_row_equals_the_exact_leg_with_its_leaves_looked_up():
    # the table's own recurrence against exact.leg_exact, on every board of two small tables
    for boost in (None, (1, 2)):
        key = rx.TableKey(5, 8, (1, 2, 3), boost)
        table = rx.RaceTable.get(key)
        rng = np.random.default_rng(3)
        spaces, _, _ = rx.boards(5, 8)
        for b in rng.choice(spaces.shape[0], size=12, replace=False):
            track = {}
            for slot in range(4, -1, -1):  # bottom (last) first
                track.setdefault(int(spaces[b, slot]), []).append(slot)
            position = pos(track, boost=boost, boost_left=(4,) if boost else ())
            racing = position.racing_on_track
            assert rx._leg_start(position, racing)
            row_win, row_lose = rx._lookup(position, table, racing)
            assert row_win == pytest.approx(table.win[b], abs=1e-12)
            values = rx._rest_of_leg(position, table, racing)
            by_leg_win, by_leg_lose = values[:len(racing)], values[len(racing):]
            assert by_leg_win == pytest.approx(row_win, abs=1e-12)
            assert by_leg_lose == pytest.approx(row_lose, abs=1e-12)


@pytest.mark.parametrize("key", [rx.TableKey(5, 8, (1, 2, 3), None), rx.TableKey(4, 10, (1, 2, 3), (1, 2)),
                                 rx.TableKey(3, 9, (1, 2), None), rx.TableKey(1, 6, (1, 2, 3), None)])
def test_table_rows_are_distributions(key):
    win, lose = rx.build_table(key, progress=False)
    assert win.shape == lose.shape == (key.boards, key.camels)
    for t in (win, lose):
        assert t.min() >= -1e-15 and t.max() <= 1 + 1e-12
        assert t.sum(axis=1) == pytest.approx(np.ones(key.boards), abs=1e-12)


def test_board_index_is_a_bijection():
    spaces, p, h = rx.boards(4, 7)
    weights = rx.index_weights(4, 7)
    assert spaces.shape[0] == rx.TableKey(4, 7, (1,), None).boards == 210
    assert (weights[np.arange(4), spaces].sum(axis=1) == np.arange(210)).all()
    assert (np.diff(spaces, axis=1) <= 0).all()  # leader first
    r = rx._ranks(p, h, range(4))
    assert (r == np.arange(4)).all()  # slot r is the camel of rank r


def test_a_race_that_must_end_this_leg_has_the_exact_leg_odds():
    position = pos({5: [B], 6: [G, O], 8: [Y], 7: [W]})
    leg = exact.leg_exact(position)
    assert leg.finish_prob[0] == pytest.approx(1.0)
    got = rx.race_odds(position)
    assert got.win == pytest.approx(leg.rank_probs[0][:, 0], abs=1e-12)
    assert got.lose == pytest.approx(leg.rank_probs[0][:, 4], abs=1e-12)


def test_rule_sets_without_a_table_say_none():
    second = parse_position({"game": "camelup", "rules": {"edition": "second"}, "position": {
        "track": {1: ["blue"], 2: ["green"], 15: ["white"], 16: ["black"]}, "dice_left": ["blue", "grey"]}})
    assert rx.race_odds(second) is None
    assert rx.race_odds(pos({1: [B, G], 2: [O, Y, W]}, length=40)) is None  # too long a track to tabulate
    assert not rx.covers(second.rules)


# -- Monte Carlo --------------------------------------------------------------------------------

MC = [
    pos({1: [B, G], 2: [O], 3: [Y, W]}, length=10),
    pos({2: [B], 3: [G, O], 5: [Y, W]}, dice=[B, O, W], desert=[(4, 1), (7, -1)], length=10),
    pos({4: [W, Y, B], 6: [O], 7: [G]}, dice=[G, Y], desert=[(8, -1)], length=10),
    pos({1: [B, G], 2: [O], 3: [Y, W]}, length=10, boost=(1, 2), boost_left=(B,)),
    pos({3: [O], 5: [B, G], 6: [Y]}, dice=[B, O], boost=(1, 2), boost_left=(O, Y), desert=[(7, 1)], length=10),
]


def _counts(i: int, part: int, n: int, seed: int) -> dict:
    return sim.race_counts(MC[i], n, np.random.default_rng([seed + i, part]))


def _agree(n: int, seed: int, parts: int = 1):
    """Exact odds inside Monte Carlo's Wilson intervals, every value at once at the 95% level (Bonferroni).
    `parts` > 1 splits each position's races into that many seeded halves run on two processes."""
    values = sum(2 * len(p.racing_on_track) for p in MC)
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * values))
    if parts > 1:
        from joblib import Parallel, delayed

        runs = Parallel(n_jobs=2)(delayed(_counts)(i, k, n // parts, seed) for i in range(len(MC)) for k in range(parts))
    else:
        runs = [_counts(i, 0, n, seed) for i in range(len(MC))]
    for i, position in enumerate(MC):
        truth = rx.race_odds(position)
        mine = runs[i * parts:(i + 1) * parts]
        mc = {key: sum(run[key] for run in mine) for key in ("win", "lose")}
        camels = position.racing_on_track
        for counts, p in ((mc["win"], truth.win), (mc["lose"], truth.lose)):
            lo, hi = stats.wilson(counts[camels], n, z=z)
            assert np.all((lo <= p[camels]) & (p[camels] <= hi)), (i, counts[camels] / n, p[camels])


def test_exact_race_odds_agree_with_monte_carlo():
    _agree(100_000, seed=11)


@pytest.mark.slow
def test_exact_race_odds_agree_with_ten_million_races():
    _agree(10_000_000, seed=2024, parts=2)


# -- the cache ----------------------------------------------------------------------------------

def test_the_table_is_cached_atomically_and_rebuilt_when_stale(cache, monkeypatch):
    key = rx.TableKey(3, 8, (1, 2, 3), None)
    table = rx.RaceTable.get(key)
    path = rx.table_path(key)
    assert path.parent == cache and path.exists()
    assert [p.name for p in cache.iterdir()] == [path.name]  # no temporary file left behind
    built = []
    monkeypatch.setattr(rx, "build_table", lambda *a, **k: built.append(1) or (table.win, table.lose))
    rx.RaceTable._loaded.clear()
    again = rx.RaceTable.get(key)
    assert not built and np.array_equal(again.win, table.win)  # read from the cache
    rx.RaceTable._loaded.clear()
    monkeypatch.setattr(rx, "_meta", lambda k: "another version")  # stale: same name, other contents
    rx.RaceTable.get(key)
    assert built == [1]
    path.write_bytes(b"not a table")  # unreadable: rebuilt as well
    rx.RaceTable._loaded.clear()
    rx.RaceTable.get(key)
    assert built == [1, 1]


def test_tables_are_keyed_by_the_rule_values_that_change_them():
    names = {rx.TableKey.of(pos({1: [B, G], 2: [O]}, length=8, **kw).rules, 3).name()
             for kw in ({}, {"faces": (1, 2)}, {"boost": (1, 2)}, {"boost": (1, 3)})}
    assert len(names) == 4
    assert rx.TableKey.of(pos({1: [B]}, length=9).rules, 1).name() != rx.TableKey.of(pos({1: [B]}).rules, 1).name()


def test_a_truncated_cache_file_is_rebuilt(cache):
    key = rx.TableKey(2, 6, (1, 2, 3), None)
    table = rx.RaceTable.get(key)
    path = rx.table_path(key)
    path.write_bytes(path.read_bytes()[:100])
    rx.RaceTable._loaded.clear()
    assert np.array_equal(rx.RaceTable.get(key).win, table.win)
