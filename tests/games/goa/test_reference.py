"""The readable reference plays whole games: random and greedy players on Python chance keep every quantity within
the rules, under every reading that changes a game; records that break a rule or disagree with a greedy choice are
refused; and the fast engine's games replay snapshot for snapshot (sim.engine_agrees)."""
import random
from collections import Counter
from dataclasses import replace

import pytest

from analyzer.games.goa import reference as ref
from analyzer.games.goa import reference_policies as rp
from analyzer.games.goa import rules as r
from analyzer.games.goa.rules import Settings

READINGS = [  # (players, settings changes, policies by seat)
    (4, {}, ("random", "greedy")), (3, {}, ("greedy",)), (2, {}, ("random",)),
    (4, {"expedition_limit": "always", "expedition_reshuffle": "shuffle_together"}, ("greedy", "random")),
    (3, {"advanced_start": "two_markers_row2", "ducat_tie": "none"}, ("random", "greedy")),
    (2, {"advanced_start": "ten_ducats", "set_values": (1, 2, 4, 8, 12, 16)}, ("greedy", "random")),
    (4, {"turn_cap": 25}, ("random",)),
]


class PythonChance(rp.Seats):
    """The same players on Python chance: random seats choose uniformly from the legal options, the layouts and
    the reshuffles are drawn from `rng` (no record)."""

    def __init__(self, policies, rng: random.Random):
        super().__init__(policies, rp.Rows([]))
        self.rng = rng

    def read(self, tag, legal, what):
        return self.rng.choice(sorted(legal))

    def layout(self, t):
        return self.rng.sample(range(r.TILES_PER_PHASE), r.GRID * r.GRID)

    def reshuffle(self, t):
        under = self.rng.sample(t.discard, len(t.discard))
        if t.settings.expedition_reshuffle == "discard_under":
            return t.deck + under
        return self.rng.sample(t.deck + under, len(t.deck) + len(under))


def python_game(seed: int, players: int, settings: Settings, names):
    rng = random.Random(seed)
    deck = rng.sample(range(r.DECK_SIZE), r.DECK_SIZE)
    t = ref.setup(settings, players, deck)
    src = PythonChance([names[q % len(names)] for q in range(players)], rng)
    ref.advanced_start(t, src)
    ref.lay(t, src.layout(t))
    return t, src


def check_within_the_rules(t: ref.Table) -> None:
    cards = t.deck + t.discard + [c for p in t.seats for c in p.hand]
    assert sorted(cards) == list(range(r.DECK_SIZE))
    assert t.extra_supply + sum(p.extra for p in t.seats) == r.EXTRA_ACTION_CARDS
    for p in t.seats:
        assert p.ducats >= 0 and p.ships >= 0 and p.colonists >= 0
        assert all(1 <= row <= r.ROWS for row in p.rows) and p.allrows <= min(p.rows)
        assert all(0 <= s <= c for s, c in zip(p.sacks, p.capacity))
        assert len(p.plantations) <= ref.MAX_PLANTATIONS and len(set(p.colonies)) == len(p.colonies)
    won = Counter(w for p in t.seats for w in p.won)
    assert max(won.values(), default=1) == 1 and len(t.rewards) <= 2 * len(r.COLUMNS)


@pytest.mark.parametrize("players, changes, names", READINGS)
def test_whole_games_stay_within_the_rules(players, changes, names):
    settings = replace(Settings(), **changes)
    for seed in range(2):
        t, src = python_game(seed, players, settings, names)
        while not t.ended:
            ref.next_round(t, src)
            check_within_the_rules(t)
            rounds_in_phase = (t.round - 1) % 4 + 1  # each round auctions one tile per player
            assert t.capped or len(t.grid) == r.GRID * r.GRID - players * rounds_in_phase
        assert t.round == r.ROUNDS or (t.capped and t.actions == settings.turn_cap)
        assert sum(ref.credit(t)) == 1 and t.final == ref.scores(t)


def test_a_capped_game_stops_at_the_action_reaching_the_cap():
    t, src = python_game(3, 2, Settings(turn_cap=4), ("random",))
    ref.next_round(t, src)  # 2 players x 3 actions: the 4th stops the game in round 1, scored there
    assert t.capped and t.ended and t.actions == 4 and t.round == 1 and t.final == ref.scores(t)


# -- the engine's records ------------------------------------------------------------------------------------------

def engine_games(seed: int):
    """(settings, players, policies by rank, record, engine snapshots) of sim.READINGS' seeded engine games."""
    import numpy as np

    from analyzer.games.goa import game, sim

    rng = np.random.default_rng(seed)
    for players, changes, names in sim.READINGS:
        settings = replace(Settings(), **changes)
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = sim.engine_game(settings, players, policies, game.Chance(1, rng).seeds[0])
        yield settings, players, policies, record, snaps


def test_engine_games_replay_snapshot_for_snapshot():
    # every reading that changes a whole game, random and greedy seats, 2 to 4 players
    for settings, players, policies, record, snaps in engine_games(0):
        assert rp.play(settings, players, policies, record) == snaps, (settings, players, policies)


def test_the_conformance_check_agrees():
    from analyzer.games.goa import sim

    rows = sim.engine_agrees(1)
    assert rows and all(engine == reference for _, engine, reference in rows)


def a_game(kind: str):
    """The first engine game holding a recorded row of `kind`, and that row's index."""
    for game in engine_games(0):
        record = game[3]
        at = next((i for i, row in enumerate(record) if row[0] == kind), None)
        if at is not None:
            return game, at
    raise AssertionError(kind)


@pytest.mark.parametrize("kind, bad, match", [
    ("bid", lambda row: ("bid", 10_000), "bid 10000 is not legal"),
    ("marker", lambda row: ("marker", 9, 9), "marker square"),
    ("flag", lambda row: ("flag", -1, -1), "flag square"),
    ("action", lambda row: ("action", 99), "action 99 is not legal"),
    ("start", lambda row: ("start", (row[1] + 1) % 2), "start player"),
    ("deck", lambda row: ("deck", (row[1] + 1) % 30), "breaks a rule: the deck is not the 30 cards"),
])
def test_a_record_breaking_a_rule_is_refused(kind, bad, match):
    (settings, players, policies, record, _), at = a_game(kind)
    broken = record[:at] + [bad(record[at])] + record[at + 1:]
    with pytest.raises(rp.RecordMismatch, match=match):
        rp.play(settings, players, policies, broken)


def test_a_record_that_a_greedy_player_would_not_make_is_refused():
    settings, players, policies, record, _ = next(g for g in engine_games(0) if set(g[2]) == {"greedy"})
    as_random = ("random",) + tuple(policies[1:])  # the record holds no choices of rank 0's greedy player
    with pytest.raises(rp.RecordMismatch):
        rp.play(settings, players, as_random, record)
    settings, players, policies, record, _ = next(g for g in engine_games(0) if set(g[2]) == {"random"})
    with pytest.raises(rp.RecordMismatch, match="rows left|expected"):  # greedy would choose for itself
        rp.play(settings, players, ("greedy",) * players, record)
    with pytest.raises(rp.RecordMismatch, match="expected"):
        rp.play(settings, players, policies, record[:-1])
