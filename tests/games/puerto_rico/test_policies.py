"""The two player models: parsing, and what each decides in hand-made engine states (the coordination notes'
options and greedy's fixed values)."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.puerto_rico import game as g
from analyzer.games.puerto_rico import rules as r
from analyzer.games.puerto_rico import sim
from analyzer.games.puerto_rico.policies import DESCRIPTIONS, Policy, parse_policies


def test_parsing_names_the_field():
    assert parse_policies("random", "p", 3) == (Policy("random"),) * 3
    assert parse_policies(["greedy", "random", "greedy"], "p", 3)[1] == Policy("random")
    with pytest.raises(ScenarioError, match="p"):
        parse_policies("clever", "p", 4)
    assert set(DESCRIPTIONS) == set(g.POLICY_CODES)


def ask(s, cfg, question, p, what):
    """The engine's decision helpers through its probe kernel (greedy needs no chance streams)."""
    return g.probe(s, cfg, np.zeros(3, dtype=np.uint64), np.zeros((1, 3), dtype=np.int64), question, p, what)


def fresh(players=4, seed=(1, 2, 3)):
    return sim.start(None, players, ("greedy",) * players, list(seed)).s


def seat(s, p, offset):
    return g.PL + p * g.PSZ + offset


def test_greedy_takes_the_role_of_most_value():
    s = fresh()
    cfg = g.settings_vector(None, 4)
    p = int(s[g.GOV])
    assert ask(s, cfg, g.DECIDE, p, g.NR) == r.BUILDER  # 4: it can build; settler and mayor 2 or 3, prospector 1
    s[g.ROLE_DUB + r.PROSPECTOR] = 5  # 1 + 5
    assert ask(s, cfg, g.DECIDE, p, g.NR) == r.PROSPECTOR
    s[g.ROLE_DUB + r.SETTLER] = 4  # 2 or 3 + 4: at least the prospector's 6, and the lower card wins a tie
    assert ask(s, cfg, g.DECIDE, p, g.NR) == r.SETTLER
    s[g.ROLE_TAKEN + r.SETTLER] = 1
    assert ask(s, cfg, g.DECIDE, p, g.NR) == r.PROSPECTOR
    assert ask(s, cfg, g.GREEDY, p, r.SETTLER) in range(6)


def test_greedy_builds_the_highest_column_it_may_and_loads_the_most():
    s = fresh()
    cfg = g.settings_vector(None, 4)
    p = int(s[g.GOV])  # an indigo seat with 3 doubloons and the privilege
    s[g.CHOOSER] = p
    assert ask(s, cfg, g.GREEDY, p, r.BUILDER) == r.BUILDING["hospice"]  # column 2, cost 4: 24
    s[seat(s, p, g.O_DUB)] = 2
    assert ask(s, cfg, g.GREEDY, p, r.BUILDER) == r.BUILDING["indigo_plant"]  # 23, for its indigo
    s[seat(s, p, g.O_OWN + r.BUILDING["small_indigo_plant"])] = 1
    assert ask(s, cfg, g.GREEDY, p, r.BUILDER) == r.BUILDING["small_warehouse"]  # indigo matched: 13
    s[seat(s, p, g.O_DUB)] = 0
    assert ask(s, cfg, g.GREEDY, p, r.BUILDER) == r.BUILDING["small_market"]  # 1 - 1: free
    s[g.CHOOSER] = (p + 1) % 4
    assert ask(s, cfg, g.GREEDY, p, r.BUILDER) == -1
    s[seat(s, p, g.O_GOODS + r.CORN)] = 2
    s[seat(s, p, g.O_GOODS + r.SUGAR)] = 6
    assert ask(s, cfg, g.GREEDY, p, r.CAPTAIN) == 2 * r.SUGAR  # 6 barrels on the 6 ship
    assert ask(s, cfg, g.GREEDY, p, r.TRADER) == r.SUGAR


def test_random_options_follow_the_notes_order():
    s = fresh()
    cfg = g.settings_vector(None, 4)
    p = int(s[g.GOV])
    s[g.CHOOSER] = p
    n = ask(s, cfg, g.OPTIONS, p, r.SETTLER)
    kinds = sorted(set(int(x) for x in s[g.DISP:g.DISP + s[g.DISPN]]))
    assert list(s[g.OPT:g.OPT + n]) == kinds + [g.QUARRY]  # the settler's privilege: a quarry
    n = ask(s, cfg, g.OPTIONS, p, r.BUILDER)
    assert s[g.OPT] == -1 and list(s[g.OPT + 1:g.OPT + n]) == sorted(s[g.OPT + 1:g.OPT + n])
    assert ask(s, cfg, g.OPTIONS, p, r.CAPTAIN) == 0  # nothing to load, nothing to pass


def test_the_shared_mayor_rule_pairs_plantations_with_their_buildings_first():
    s = fresh()
    cfg = g.settings_vector(None, 4)
    p = 0
    s[seat(s, p, g.O_TILES):seat(s, p, g.O_TILES) + 6] = (2, 1, 0, 0, 1, 1)
    s[seat(s, p, g.O_OWN + r.BUILDING["coffee_roaster"])] = 1
    s[seat(s, p, g.O_OWN + r.BUILDING["small_market"])] = 1
    s[seat(s, p, g.O_SJ)] = 5
    ask(s, cfg, g.PLACE, p, 0)
    occ = tuple(s[seat(s, p, g.O_OCC):seat(s, p, g.O_OCC) + 6])
    assert occ == (2, 0, 0, 0, 1, 0)  # coffee pair, then both corn; the last one on the market
    assert s[seat(s, p, g.O_BCOL + r.BUILDING["coffee_roaster"])] == 1
    assert s[seat(s, p, g.O_BCOL + r.BUILDING["small_market"])] == 1 and s[seat(s, p, g.O_SJ)] == 0


def test_noisy_parses_with_its_epsilon_per_seat():
    assert parse_policies("noisy", "p", 3) == (Policy("noisy", 0.1),) * 3
    seats = parse_policies(["noisy:0.25", "greedy", {"kind": "noisy", "epsilon": 0.5}, "random"], "p", 4)
    assert seats == (Policy("noisy", 0.25), Policy("greedy"), Policy("noisy", 0.5), Policy("random"))
    assert [p.label for p in seats] == ["noisy:0.25", "greedy", "noisy:0.5", "random"]
    assert "0.25" in seats[0].describe() and seats[1].describe() == DESCRIPTIONS["greedy"]
    assert Policy("greedy", 0.7) == Policy("greedy")  # epsilon means nothing to the other kinds
    for bad in ("noisy:2", "noisy:-0.1", "noisy:x", "greedy:0.1", "noisy0.1", {"kind": "greedy", "epsilon": 0.1},
                {"kind": "noisy", "epsilon": "lots"}):
        with pytest.raises(ScenarioError, match="p"):
            parse_policies(bad, "p", 4)
    codes = g.policy_codes(seats)
    assert list(codes) == [g.P_NOISY + 250_000, g.P_GREEDY, g.P_NOISY + 500_000, g.P_RANDOM]
    assert list(g.policy_codes(["noisy:0.25", "noisy", "noisy:0"])) == [g.P_NOISY + 250_000, g.P_NOISY + 100_000,
                                                                      g.P_NOISY]


def test_noisy_explores_on_its_coin_and_is_greedy_otherwise():
    s = fresh()
    cfg = g.settings_vector(None, 4)
    p = int(s[g.GOV])
    greedy = ask(s, cfg, g.DECIDE, p, g.NR)
    s[g.PL + p * g.PSZ + g.O_POL] = g.P_NOISY + g.NOISE_SCALE  # epsilon 1: every coin explores
    rs = np.array([11, 12, 13], dtype=np.uint64)
    rec = np.zeros((8, 3), dtype=np.int64)
    seen = {int(g.probe(s, cfg, rs, rec, g.DECIDE, p, g.NR)) for _ in range(40)}
    assert seen == set(range(7))  # uniform over the seven cards
    assert [row[0] for row in rec[1:1 + rec[0, 0]]][:2] == [g.R_COIN, g.R_CHOICE]
    s[g.PL + p * g.PSZ + g.O_POL] = g.P_NOISY  # epsilon 0: no coin, greedy's card
    rec[:] = 0
    assert {int(g.probe(s, cfg, rs, rec, g.DECIDE, p, g.NR)) for _ in range(10)} == {greedy}
    assert rec[0, 0] == 0
