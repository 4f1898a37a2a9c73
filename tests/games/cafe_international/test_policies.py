"""The policies: names parse per turn-order rank with one-line errors; greedy takes the best immediate score with the
coordination notes' tie-breaks (hand-made positions, against the readable reference's greedy); random is uniform
over the legal moves (slow, small)."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.cafe_international import game as g
from analyzer.games.cafe_international import layout
from analyzer.games.cafe_international import reference as ref
from analyzer.games.cafe_international import reference_policies as refp
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international import sim
from analyzer.games.cafe_international.policies import Policy, parse_policies
from analyzer.games.cafe_international.state import Position

CHAIRS = list(sim.chair_index(r.ILLUSTRATIVE_LAYOUT))


def test_policies_parse_per_seat_and_describe_themselves():
    assert parse_policies("random", "policies", 3) == (Policy("random"),) * 3
    assert [p.label for p in parse_policies(["greedy", "random"], "policies", 2)] == ["greedy", "random"]
    assert "immediate score" in Policy("greedy").describe()
    with pytest.raises(ScenarioError, match="policies"):
        parse_policies("clever", "policies", 2)


def engine_choice(board, hand, bar=0, score=0, pool=(0,) * r.KINDS):
    cfg = g.settings_vector(None, 2)
    p = Position(players=2, seated=tuple((c, board[c]) for c in CHAIRS if c in board), hands=(tuple(hand), ((0, 0),)),
                 pool=pool, first_turn=False, bar_filled=bar, scores=(score, 0))
    s = sim.position_state(p, ("greedy", "greedy"))
    mv, wk, tl = g.buffers()
    stats = np.zeros((1, g.STSIZE), dtype=np.int64)
    g.run(cfg, np.ones((1, 3), dtype=np.uint64), stats, s, g.GO_ON, 1, bufs=(mv, wk, tl))
    return sim.snapshot(s, len(CHAIRS))


def reference_choice(board, hand, bar=0, score=0):
    t = ref.Cafe(2, r.Settings(), 0)
    t.seated, t.hands, t.bar, t.scores, t.turn = dict(board), [list(hand), [(0, 0)]], bar, [score, 0], 1
    t.bag = [0] * r.KINDS
    move = refp.greedy_move(t)
    ref.end_turn(t, ref.apply(t, move), lambda seat, n: [])
    return ref.snapshot(t), move


@pytest.mark.parametrize("board, hand, bar", [
    ({"c2": (0, 0), "c3": (0, 1), "c5": (1, 0), "c6": (1, 1)}, [(0, 0), (1, 1), (5, 0), (5, 1), (7, 0)], 0),
    ({}, [(3, 0), (3, 1), (8, 0), (8, 1), (2, 0)], 0),  # ties everywhere: the first placement by chairs and kinds
    ({"c1": (r.JOKER, 0), "c2": (0, 1)}, [(0, 0), (9, 1), (9, 0), (10, 1), (11, 0)], 4),  # swap, bar 5, or seat
    ({}, [(r.JOKER, 0)], 0),  # a lone joker: nowhere legal, no bar: a pass
])
def test_greedy_equals_the_reference_greedy(board, hand, bar):
    engine = engine_choice(board, hand, bar)
    expected, move = reference_choice(board, hand, bar)
    for key in ("seated", "scores", "bar", "hands"):
        assert engine[key] == expected[key], (key, move)


def test_greedy_takes_the_best_score():
    board = {"c2": (0, 0), "c3": (0, 1), "c5": (1, 0), "c6": (1, 1)}
    hand = [(0, 0), (1, 1), (5, 0), (5, 1), (7, 0)]
    best = max(layout.score(r.ILLUSTRATIVE_LAYOUT, board, p, r.Settings())
               for p in layout.legal_placements(r.ILLUSTRATIVE_LAYOUT, board, hand, r.Settings()))
    engine = engine_choice(board, hand, pool=(2,) * r.KINDS)  # a bag: the game goes on, no end penalty
    assert engine["end"] == "running" and engine["scores"][0] == best


@pytest.mark.slow
def test_random_is_uniform_over_the_legal_moves():
    """The first move of a random start player (empty board) over many seeds: every legal move appears, about
    equally often (chi-square, small)."""
    settings, n = r.Settings(), 2000
    seeds = g.Chance(n, np.random.default_rng(8)).seeds
    seeds[:, g.S_START] = seeds[:, g.S_BAG] = 7  # the same start player and deal every game; only the choices vary
    rec = np.zeros((16 * n, g.RECW), dtype=np.int64)
    g.run(g.settings_vector(settings, 2), seeds, np.zeros((n, g.STSIZE), dtype=np.int64),
          np.zeros(g.SSIZE, dtype=np.int64), g.NEW_GAME, 1, np.zeros((n, 2), dtype=np.int64), rec)
    record = sim.record_of(rec)
    counts = {}
    for row in record:
        if row[0] == "move":
            counts[row[1:]] = counts.get(row[1:], 0) + 1
    start = record[0][1]
    first_hand = [0] * r.KINDS
    for row in record[1:11]:
        if row[1] == start:
            first_hand[row[2]] += 1
    hand = [(k // 2, k % 2) for k in range(r.KINDS) for _ in range(first_hand[k])]
    t = ref.Cafe(2, settings, 0)
    t.hands = [hand, []]
    legal = ref.moves(t)
    assert len(counts) == len(legal)
    expected = n / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < len(legal) + 5 * np.sqrt(2 * len(legal))
