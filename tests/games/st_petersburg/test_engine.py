"""The numba engine on hand-made states (the spec's cost figures, the legal list's order and its limits) and on
whole games (decks are the card table's, nothing goes negative, every game ends), and held to the readable
reference (`sim.engine_agrees`) on seeded games under every reading."""
import numpy as np
import pytest

from analyzer.games.st_petersburg import game as g
from analyzer.games.st_petersburg import rules as r
from analyzer.games.st_petersburg import sim

N = {name: i for i, name in enumerate(r.CARD_NAMES)}
CFG = g.settings_vector(None, 4)


def state(phase=0, rubles=25, owned=(), hand=(), upper=(), lower=(), decks=(31, 28, 27, 30)):
    """Seat 0's position on a hand-made board (decks: cards left in each)."""
    s = np.zeros(g.SSIZE, dtype=np.int64)
    s[g.NPL], s[g.ROUND], s[g.PHASE], s[g.OBSCARD], s[g.RUB] = 4, 1, phase, -1, rubles
    for names, base in ((owned, g.OWN), (hand, g.HAND), (upper, g.UP), (lower, g.LO)):
        for name in names:
            s[base + N[name]] += 1
    s[g.HN] = len(hand)
    s[g.DN:g.DN + 4] = decks
    return s


def cost(s, name, row=0, replaced=None, cfg=CFG):
    return g.probe(1, cfg, s, 0, np.zeros((g.MAXMV, 4), dtype=np.int64), N[name], row,
                   -1 if replaced is None else N[replaced])


def moves(s, cfg=CFG):
    mv = np.zeros((g.MAXMV, 4), dtype=np.int64)
    n = g.probe(0, cfg, s, 0, mv, 0, 0, 0)
    return [tuple(int(x) for x in row) for row in mv[:n]]


def test_the_spec_cost_figures():
    assert cost(state(owned=["Theater", "Carpenter Workshop"]), "Theater", row=1) == 17
    assert cost(state(owned=["Market", "Carpenter Workshop"]), "St Isaac", row=1, replaced="Market") == 8
    assert cost(state(owned=["Lumberjack"] * 3), "Lumberjack") == 1
    assert cost(state(owned=["Potjomkin's Village"]), "Bank", replaced="Potjomkin's Village") == 13 - 6
    assert cost(state(owned=["Author", "Gold Smelter"]), "Senator", replaced="Author") == 12 - 4 - 1
    assert cost(state(owned=["Carpenter Workshop"]), "Author") == 4  # the Workshop is for blue cards only


def test_the_legal_list_is_distinct_and_in_tuple_order():
    s = state(rubles=10, owned=["Shepherd", "Czar and Carpenter", "Wharf"],
              upper=["Lumberjack", "Lumberjack", "Weaving Mill", "Academy"], lower=["Market"])
    got = moves(s)
    assert got == sorted(set(got)) and got[0] == (g.M_PASS, 0, 0, 0)
    buys = [m for m in got if m[0] == g.M_BUY]
    # Weaving Mill over its Shepherd or the Czar and Carpenter, never over the Wharf (an upgrade); no Academy (23)
    assert buys == [(1, 0, N["Lumberjack"], -1), (1, 0, N["Weaving Mill"], N["Shepherd"]),
                    (1, 0, N["Weaving Mill"], N["Czar and Carpenter"]), (1, 1, N["Market"], -1)]
    takes = [(2, 0, N[x], -1) for x in ("Lumberjack", "Academy", "Weaving Mill")] + [(2, 1, N["Market"], -1)]
    assert [m for m in got if m[0] == g.M_TAKE] == takes
    seed = g.settings_vector(r.Settings(upgrade_pairs="seed"), 4)
    assert (1, 0, N["Weaving Mill"], N["Shepherd"]) not in moves(s, seed)


def test_the_hand_limit_the_warehouse_and_the_observatory():
    full = state(hand=["Author"] * 3, upper=["Market"])
    assert not [m for m in moves(full) if m[0] == g.M_TAKE]
    assert (g.M_PLAY, 0, N["Author"], -1) in moves(full)
    roomy = state(owned=["Warehouse"], hand=["Author"] * 3, upper=["Market"])
    assert (g.M_TAKE, 0, N["Market"], -1) in moves(roomy)
    s = state(phase=1, rubles=0, owned=["Observatory"], decks=(5, 1, 2, 0))
    assert [m for m in moves(s) if m[0] == g.M_OBS] == [(g.M_OBS, 0, 0, -1), (g.M_OBS, 2, 0, -1)]
    allowed = g.settings_vector(r.Settings(observatory_last_card="allowed"), 4)
    assert [m[1] for m in moves(s, allowed) if m[0] == g.M_OBS] == [0, 1, 2]
    assert not [m for m in moves(state(phase=0, owned=["Observatory"])) if m[0] == g.M_OBS]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_end_and_keep_their_decks(players):
    seeds = g.Chance(1, np.random.default_rng(players)).seeds[0]
    record, snaps = sim.engine_game(None, players, ("random", "greedy", "random", "greedy")[:players], seeds)
    assert snaps[-1]["ended"] and not any(x["ended"] for x in snaps[:-1])
    for deck in range(4):
        cards = sorted(t for tag, *v in record if tag == "deck" and v[0] == deck for t in v[1:])
        assert cards == sorted(i for i, c in enumerate(r.BGA_FIRST_EDITION) if c.deck == deck
                               for _ in range(c.count))
    assert all(min(x["rubles"]) >= 0 and min(x["points"]) >= 0 for x in snaps)
    assert all(len(x["upper"]) + len(x["lower"]) <= r.BOARD_SIZE for x in snaps)
    assert snaps[0]["upper"] and len(snaps[0]["upper"]) == r.FIRST_DEAL[players]


def test_the_engine_agrees_with_the_readable_reference():
    rows = sim.engine_agrees(7)
    assert rows and all(engine == reference for _, engine, reference in rows), \
        next(row for row in rows if row[1] != row[2])
