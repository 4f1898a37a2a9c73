"""The readable reference plays whole games: a dealer draws uniformly from the bag and picks random moves, writing
the engine's record as it goes; the record replays to the same snapshots; records that break a rule are refused;
and the fast engine's games replay snapshot for snapshot (sim.engine_agrees)."""
import random
from dataclasses import replace

import pytest

from analyzer.games.cafe_international import reference as ref
from analyzer.games.cafe_international import reference_policies as rp
from analyzer.games.cafe_international import rules as r
from analyzer.games.cafe_international.rules import DEFAULT_SETTINGS


class Dealer(rp.Rows):
    """Rows made up as they are read: uniform draws from the bag, uniform random moves; `.record` is what it wrote."""

    def __init__(self, seed: int, players: int):
        self.rng = random.Random(seed)
        self.bag = list(r.KIND_COUNTS)
        self.record = [("start", self.rng.randrange(players))]
        self.table = None
        super().__init__([])

    def peek(self):
        return None

    def take(self, tag: str) -> tuple:
        if tag == "start":
            row = self.record[0]
        elif tag == "move":
            move = self.rng.choice(ref.moves(self.table))
            row = ("move", *rp.move_row(self.table, move))
            self.record.append(row)
        else:
            kind = self.rng.choices(range(r.KINDS), weights=self.bag)[0]
            self.bag[kind] -= 1
            row = ("draw", self.seat, kind)
            self.record.append(row)
        return row[1:]

    def draws(self, seat, n):
        self.seat = seat
        return super().draws(seat, n)


def dealt_game(seed, players, policies, settings=DEFAULT_SETTINGS, max_turns=None):
    """(record, snapshots) of a game the dealer's chance drove."""
    dealer = Dealer(seed, players)
    t = rp.read_setup(settings, players, dealer)
    dealer.table = t
    shots = [ref.snapshot(t)]
    while t.end == "running" and (max_turns is None or t.turn < max_turns):
        rp.play_turn(t, policies, dealer)
        shots.append(ref.snapshot(t))
    return dealer.record, shots, t


def check_conserved(t: ref.Cafe):
    tiles = [ref.kind_of(x) for x in t.seated.values()] + [ref.kind_of(x) for h in t.hands for x in h]
    for k in range(r.KINDS):
        assert tiles.count(k) + t.bag[k] <= r.KIND_COUNTS[k]  # the rest sit on the bar or left with a dropout


@pytest.mark.parametrize("players, policies, changes", [
    (2, ("greedy", "greedy"), {}),
    (3, ("random", "greedy", "random"), {"table_scoring": "per_guest", "bag_end": "exactly_4"}),
    (4, ("random",) * 4, {"lone_guest_rule": "never", "birthday_table": True, "birthday_score": 20}),
    (4, ("greedy", "random", "greedy", "random"), {"coffee_party": True, "bar_spaces": 21}),
])
def test_dealt_games_replay_from_their_record(players, policies, changes):
    settings = replace(DEFAULT_SETTINGS, **changes)
    record, shots, t = dealt_game(players, players, policies, settings)
    check_conserved(t)
    assert t.end in ref.ENDS[1:]
    assert shots[-1]["end"] == t.end and all(s["end"] == "running" for s in shots[:-1])
    assert rp.play(settings, players, policies, record) == shots


def test_a_draw_of_a_kind_the_bag_lacks_is_refused():
    record, _, _ = dealt_game(1, 2, ("greedy", "greedy"), max_turns=0)
    jokers = [("draw", 0, 24)] * 3  # only 2 women jokers exist
    with pytest.raises(rp.RecordMismatch, match="no joker f"):
        rp.play(DEFAULT_SETTINGS, 2, ("greedy", "greedy"), record[:1] + jokers + record[4:], max_turns=0)


def test_an_illegal_random_move_is_refused():
    record, _, t = dealt_game(2, 2, ("random", "random"), max_turns=0)
    # two guests on two tables far apart on the first turn: never legal
    bad = ("move", rp.PLACE, 1, 0, 40, 0, -1, -1, -1, -1)
    with pytest.raises(rp.RecordMismatch, match="not among"):
        rp.play(DEFAULT_SETTINGS, 2, ("random", "random"), record + [bad], max_turns=1)


def test_a_refill_for_the_wrong_seat_is_refused():
    record, _, _ = dealt_game(3, 2, ("greedy", "greedy"), max_turns=1)
    last = record[-1]
    bad = record[:-1] + [("draw", 1 - last[1], last[2])]
    with pytest.raises(rp.RecordMismatch, match="refills"):
        rp.play(DEFAULT_SETTINGS, 2, ("greedy", "greedy"), bad, max_turns=1)


def engine_games(seed: int):
    """(settings, players, policies, record, engine snapshots) of sim.READINGS' seeded engine games."""
    import numpy as np

    from analyzer.games.cafe_international import game, sim

    rng = np.random.default_rng(seed)
    for players, changes, names in sim.READINGS:
        settings = replace(DEFAULT_SETTINGS, **changes)
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = sim.engine_game(settings, players, policies, game.Chance(1, rng).seeds[0], 400)
        yield settings, players, policies, record, snaps


def test_engine_games_replay_snapshot_for_snapshot():
    # every reading that changes a full game, random and greedy seats, 2 to 4 players
    for settings, players, policies, record, snaps in engine_games(0):
        assert rp.play(settings, players, policies, record, 400) == snaps, (settings, players, policies)


def test_an_engine_record_with_a_move_off_the_legal_list_is_refused():
    settings, players, policies, record, _ = next(g for g in engine_games(0) if "random" in g[2])
    at = next(i for i, row in enumerate(record) if row[0] == "move")
    bad = record[:at] + [("move", rp.PLACE, 1, 0, 40, 0, -1, -1, -1, -1)] + record[at + 1:]
    with pytest.raises(rp.RecordMismatch, match="not among"):
        rp.play(settings, players, policies, bad, 400)


def test_an_engine_game_with_a_coffee_party_replays():
    import numpy as np

    from analyzer.games.cafe_international import game, layout, sim

    settings = replace(DEFAULT_SETTINGS, coffee_party=True)
    greedy = ("greedy",) * 4
    record, snaps = sim.engine_game(settings, 4, greedy, game.Chance(1, np.random.default_rng(7)).seeds[0], 400)
    assert rp.play(settings, 4, greedy, record, 400) == snaps
    geo = layout.geometry(settings.layout)
    seated = snaps[-1]["seated"]
    tables = [[seated[geo.chair_order[c]] for c in chairs] for chairs in geo.chairs]
    assert any(min(kinds) >= 0 and len({k % 2 for k in kinds}) == 1 for kinds in tables)  # seed 7: a party
