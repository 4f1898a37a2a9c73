"""The readable reference replays whole games: from a hand-made set-up record (greedy players need no other rows),
records that break a rule are refused, and the fast engine's games replay move for move (sim.engine_agrees)."""
import random
from collections import Counter

import pytest

from analyzer.games.alhambra import layout
from analyzer.games.alhambra import reference as ref
from analyzer.games.alhambra import reference_policies as rp
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.rules import Settings


def setup_record(seed: int, players: int, settings: Settings) -> list[tuple]:
    """A set-up record as the engine writes it: the money deck, the scoring card positions, the tile stack, the
    start player."""
    rng = random.Random(seed)
    money = list(r.MONEY)
    rng.shuffle(money)
    hands, dealt = ref.deal_start_money(money, players)
    windows = r.scoring_windows(len(money) - dealt - r.DISPLAY, settings.pile_split)
    tiles = list(range(r.N_TILES))
    rng.shuffle(tiles)
    tied = ref.start_candidates(hands)
    start = rng.choice(tied) if settings.start_tie == "random" else tied[0]
    return ([("money", c, v) for c, v in money] + [("scoring", k + 1, rng.randint(*windows[k])) for k in range(2)]
            + [("tile", t) for t in tiles] + [("start", start)])


def check_conserved(t: ref.Table) -> None:
    money = [c for h in t.hands for c in h] + [c for c in t.display if c] + t.discards
    money += [c for c in t.deck if not isinstance(c, int)]
    assert Counter(money) <= Counter(r.MONEY)
    tiles = [x for a in t.alhambras for x in a.values() if x != r.FOUNTAIN] + [x for res in t.reserves for x in res]
    tiles += [x for x in t.market if x is not None] + t.stack
    assert len(tiles) == len(set(tiles)) and set(tiles) <= set(range(r.N_TILES))
    assert all(layout.problem(a) is None for a in t.alhambras)


@pytest.mark.parametrize("players, settings", [
    (3, Settings(money_reshuffle=False)),
    (4, Settings(money_reshuffle=False, pile_split="fifths", tie_split="rank_only", start_tie="lower_seat")),
    (6, Settings(money_reshuffle=False, end_rule="empty_stack")),
])
def test_greedy_games_replay_to_the_end(players, settings):
    record = setup_record(players, players, settings)
    rows = rp.Rows(record)
    t = rp.read_setup(settings, players, rows)
    assert [len(h) for h in t.hands] and t.to_move in ref.start_candidates(t.hands)
    assert sorted(c for c in t.deck if isinstance(c, int)) == [1, 2]
    while t.end == "running":
        before = list(t.scores)
        rp.play_turn(t, ["greedy"] * players, rows)
        check_conserved(t)
        assert all(b <= a for b, a in zip(before, t.scores))
    assert t.end in ("market", "stack", "capped") and t.scorings[-1] == 3 and len(t.scorings) <= 3


def test_a_start_player_outside_the_tie_is_refused():
    settings = Settings()
    record = setup_record(1, 3, settings)
    hands, _ = ref.deal_start_money([row[1:] for row in record[:r.N_MONEY]], 3)
    wrong = next(s for s in range(3) if s not in ref.start_candidates(hands))
    with pytest.raises(AssertionError):
        rp.play(settings, 3, ["greedy"] * 3, record[:-1] + [("start", wrong)], max_turns=0)


def test_a_random_players_illegal_take_is_refused():
    settings = Settings()
    for seed in range(20):  # a deal whose display has two cards totalling more than 5
        record = setup_record(seed, 3, settings)
        display = rp.read_setup(settings, 3, rp.Rows(record)).display
        pairs = [(i, j) for i in range(4) for j in range(i + 1, 4) if display[i][1] + display[j][1] > 5]
        if pairs:
            break
    with pytest.raises(rp.RecordMismatch, match="not legal"):
        rp.play(settings, 3, ["random"] * 3, record + [("take", ref.mask(pairs[0]))], max_turns=1)


def engine_games(seed: int):
    """(settings, players, policies, record, engine snapshots) of sim.READINGS' seeded engine games."""
    import numpy as np

    from analyzer.games.alhambra import game, sim

    rng = np.random.default_rng(seed)
    for players, changes, names in sim.READINGS:
        settings = Settings(**changes)
        policies = tuple(names[q % len(names)] for q in range(players))
        record, snaps = sim.engine_game(settings, players, policies, game.Chance(1, rng).seeds[0], 400)
        yield settings, players, policies, record, snaps


def test_engine_games_replay_snapshot_for_snapshot():
    # every reading that changes a full game, random and greedy seats, 3 to 6 players
    for settings, players, policies, record, snaps in engine_games(0):
        assert rp.play(settings, players, policies, record, 400) == snaps, (settings, players, policies)


def test_a_random_placement_off_the_legal_squares_is_refused():
    settings, players, policies, record, _ = next(g for g in engine_games(0) if "random" in g[2])
    at = next(i for i, row in enumerate(record) if row[0] == "place")
    bad = record[:at] + [("place", 0, 0)] + record[at + 1:]  # the fountain's square
    with pytest.raises(rp.RecordMismatch, match="not among"):
        rp.play(settings, players, policies, bad, 400)
