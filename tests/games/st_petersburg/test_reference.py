"""The readable reference plays whole games: random and greedy players on Python chance keep every quantity within
the rules under every reading that changes a game; its own records replay to the same snapshots; records that
break a rule or disagree with a greedy move are refused; and the fast engine's games replay snapshot for snapshot
(sim.agreement)."""
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from analyzer.games.st_petersburg import actions as a
from analyzer.games.st_petersburg import game as engine
from analyzer.games.st_petersburg import reference as ref
from analyzer.games.st_petersburg import reference_policies as rp
from analyzer.games.st_petersburg import sim
from analyzer.games.st_petersburg.rules import Settings

READINGS = [  # (players, settings changes, policies by turn-order rank)
    (4, {}, ("random", "greedy")), (3, {}, ("greedy",)), (2, {}, ("random",)),
    (4, {"upgrade_pairs": "seed"}, ("random",)),
    (3, {"worker_refill_end": "immediate"}, ("random", "greedy")),
    (2, {"observatory_last_card": "allowed", "hand_limit": 4}, ("random", "greedy")),
    (4, {"turn_cap": 2}, ("greedy", "random")),
]


class Recording(rp.Seats):
    """The players on Python chance: random seats choose uniformly from the legal list and write the record rows
    the engine would."""

    def __init__(self, policies, rng: random.Random):
        super().__init__(policies, rp.Rows([]))
        self.rng, self.record = rng, []

    def move(self, g, seat, legal):
        if self.greedy(seat):
            return rp.greedy_move(g, seat, legal)
        move = self.rng.choice(legal)
        self.record.append(("move", *a.code(g.settings, move)))
        return move

    def pub(self, g, seat, choices):
        if self.greedy(seat):
            return rp.greedy_pub(g, choices)
        points = self.rng.choice(choices)
        self.record.append(("pub", points))
        return points


def python_game(seed: int, players: int, settings: Settings, names):
    """A shuffled set-up (the worker stone at random, the others clockwise after it) and its record rows."""
    rng = random.Random(seed)
    decks = [[c.name for c in settings.card_table if c.deck == d for _ in range(c.count)] for d in ref.PHASES]
    for deck in decks:
        rng.shuffle(deck)
    w = rng.randrange(players)
    stones = [(w + k) % players for k in range(4)]
    index = {c.name: i for i, c in enumerate(settings.card_table)}
    record = [("stones", *stones)] + [("deck", d, index[n]) for d in ref.PHASES for n in decks[d]]
    g = ref.setup(settings, players, decks, stones)
    by_rank = names_by_rank(names, players)
    src = Recording([by_rank[(q - w) % players] for q in range(players)], rng)
    src.record = record
    return g, src


def check_within_the_rules(g: ref.Game) -> None:
    full = Counter(c.name for c in g.settings.card_table for _ in range(c.count))
    seen = Counter(g.upper + g.lower + [n for d in g.decks for n in d]
                   + [n for p in g.seats for n in p.cards + p.hand])
    assert not seen - full  # no card appears from nowhere
    assert len(g.upper) + len(g.lower) <= 8 and g.drawn is None
    for p in g.seats:
        assert p.rubles >= 0 and p.points >= 0
        assert len(p.hand) <= g.settings.hand_limit + 1  # over the limit only with a Warehouse, or one replaced


@pytest.mark.parametrize("players, changes, names", READINGS)
def test_whole_games_stay_within_the_rules_and_replay_from_their_record(players, changes, names):
    settings = replace(Settings(), **changes)
    g, src = python_game(players, players, settings, names)
    shots = [ref.snapshot(g)]
    while not g.ended:
        shots += ref.play_game(g, src, max_phases=1)[1:]
        check_within_the_rules(g)
    assert g.capped == (g.round == settings.turn_cap and not g.deck_emptied) and g.round <= settings.turn_cap
    assert g.capped or g.deck_emptied
    assert [s["phase"] for s in shots[1:5]] == [0, 1, 2, 3]
    assert shots[-1]["final"] == tuple(a.final_points(settings, p) for p in g.seats) and shots[-1]["winners"]
    assert rp.play(settings, players, names_by_rank(names, players), src.record) == shots


def names_by_rank(names, players):
    return [names[k % len(names)] for k in range(players)]


def recorded(seed=1, players=3, names=("random",)):
    g, src = python_game(seed, players, Settings(), names)
    shots = ref.play_game(g, src)
    return src.record, shots


def test_a_record_with_an_illegal_move_is_refused():
    record, _ = recorded()
    at = next(i for i, row in enumerate(record) if row[0] == "move" and row[1] == a.BUY)
    bad = record[:at] + [("move", a.BUY, a.LOWER, 0, 5)] + record[at + 1:]  # a Lumberjack replacing the Czar...
    with pytest.raises(rp.RecordMismatch, match="cannot make"):
        rp.play(Settings(), 3, ["random"] * 3, bad)


def test_a_record_out_of_order_or_too_long_is_refused():
    record, _ = recorded()
    with pytest.raises(rp.RecordMismatch, match="expected a 'stones' row"):
        rp.play(Settings(), 3, ["random"] * 3, record[1:])
    with pytest.raises(rp.RecordMismatch, match="record rows left"):
        rp.play(Settings(), 3, ["random"] * 3, record + [("pub", 0)])
    swapped = list(record)
    swapped[40] = ("deck", 1, 0)  # a Lumberjack among the buildings
    with pytest.raises(rp.RecordMismatch, match="deck 1 is not"):
        rp.play(Settings(), 3, ["random"] * 3, swapped)


def test_a_greedy_seat_the_record_calls_random_is_found_out():
    record, _ = recorded(names=("greedy",))
    assert [row[0] for row in record[:1]] == ["stones"] and len(record) == 1 + 116  # greedy records no move
    with pytest.raises(rp.RecordMismatch):
        rp.play(Settings(), 3, ["random"] * 3, record)


def test_greedy_takes_the_most_value_per_ruble_and_passes_when_nothing_pays():
    g = ref.setup(Settings(), 2, [["Shepherd"] * 5, [], [], []], [0, 1, 0, 1])
    g.upper, g.lower = ["Lumberjack", "Market", "Judge", "Potjomkin's Village"], ["Theater"]
    legal = a.legal_moves(g, 0)
    # values per ruble: Lumberjack 3/3, Market 2/5, Judge (5 + 4)/16, Theater 12/19; ties: more value
    assert rp.greedy_move(g, 0, legal) == (a.BUY, a.UPPER, "Lumberjack", None)
    g.upper = ["Potjomkin's Village", "Pub", "Warehouse"]
    g.lower = []
    assert rp.greedy_move(g, 0, a.legal_moves(g, 0)) == a.PASS_MOVE
    g.upper, g.seats[0].cards = ["Judge", "Lumberjack"], ["Lumberjack"] * 2  # Lumberjack 3/1 now
    assert rp.greedy_move(g, 0, a.legal_moves(g, 0)) == (a.BUY, a.UPPER, "Lumberjack", None)
    assert rp.greedy_pub(g, [0, 1, 2]) == 0
    g.deck_emptied = True
    assert rp.greedy_pub(g, [0, 1, 2]) == 2


def test_the_engine_replays_snapshot_for_snapshot():
    rows = sim.agreement(1, games=sim.READINGS[2:5])
    assert rows and all(engine == reference for _, engine, reference in rows), \
        next(row for row in rows if row[1] != row[2])


def engine_moves(game, seat: int) -> list[tuple]:
    mv = np.zeros((engine.MAXMV, 4), dtype=np.int64)
    n = engine.probe(0, game.cfg, game.s, seat, mv, 0, 0, 0)
    return [tuple(int(x) for x in row) for row in mv[:n]]


@pytest.mark.parametrize("players, changes, names", [(4, {}, ("random",)), (2, {"observatory_last_card": "allowed"},
                                                                             ("random", "greedy"))])
def test_the_engine_lists_the_same_legal_moves_at_every_phase_start(players, changes, names):
    """The random player's distribution: the engine's legal list equals actions.legal_moves for every seat before
    every phase, the reference stepped along the engine's record."""
    settings = replace(Settings(), **changes)
    policies = names_by_rank(names, players)
    game = sim.start(settings, players, policies, engine.Chance(1, np.random.default_rng(players)).seeds[0], 4096)
    set_up = sim.set_up_record(game.s)
    rows = rp.Rows(set_up)
    g, seats = rp.read_setup(settings, players, policies, rows)
    compared = 0
    while not g.ended:
        just_played, g.phase = g.phase, a.WORKER if g.phase in (ref.SET_UP, a.UPGRADE) else g.phase + 1
        for q in range(players):
            assert engine_moves(game, q) == [a.code(settings, m) for m in a.legal_moves(g, q)], (g.round, g.phase, q)
            compared += 1
        next_phase, g.phase = g.phase, just_played
        game.step(1)
        rows.rows = set_up + sim.play_record(game.rec)
        ref.next_phase(g, next_phase, seats)
        assert sim.snapshot(game.s, game.cfg) == ref.snapshot(g)
    assert compared >= 4 * players
