"""The batched engine (sim.py) against the readable reference, and its invariants."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.games.magellan import policies as pol
from analyzer.games.magellan import reference as ref
from analyzer.games.magellan import sim
from analyzer.games.magellan.rules import rule_set
from tests.games.magellan.helpers import same_chance

MIXED = ["value", "eager", "random", "thrifty", "passive", "random"]


@pytest.mark.parametrize("side,players,reading", [("A", 3, "crowns"), ("A", 4, "crowns"), ("B", 4, "crowns"),
                                                  ("B", 5, "gold"), ("A", 6, "crowns"), ("B", 6, "gold")])
def test_the_batched_engine_plays_the_same_games_as_the_reference(side, players, reading):
    rules = rule_set(side, pizarro_scores=reading)
    policies = [pol.PRESETS[name] for name in MIXED[:players]]
    rng = np.random.default_rng(players)
    chance, per_game = same_chance(rules, players, 60, rng)
    games = sim.Games.setup(sim.Tables(rules, policies), 60, rng, chance).play()
    for i, c in enumerate(per_game):
        g = ref.Game(rules, players, c)
        scores = ref.play(g, policies)
        assert scores == games.score[i].tolist(), i
        assert g.bids == games.bids[i].tolist() and g.won == games.won[i].tolist()
        assert g.vetoes_used == games.vetoes_used[i].tolist() and g.unsold == games.unsold[i]
        assert [sum(h) for h in g.hands] == games.hand[i].sum(1).tolist()


def test_mixed_sides_and_settings_match_too():
    rules = rule_set("A", sides={"gama": "B", "cook": "B", "pizarro": "B"}, phase_end_draws=(2, 2, 1),
                     veto_phases=(1, 2), card_crowns=(4, 3, 3, 2, 2, 2, 1, 1, 0))
    policies = [pol.PRESETS["random"], pol.PRESETS["eager"], pol.PRESETS["value"], pol.PRESETS["random"]]
    rng = np.random.default_rng(7)
    chance, per_game = same_chance(rules, 4, 40, rng)
    games = sim.Games.setup(sim.Tables(rules, policies), 40, rng, chance).play()
    for i, c in enumerate(per_game):
        assert ref.play(ref.Game(rules, 4, c), policies) == games.score[i].tolist()


def test_every_gold_card_is_somewhere_and_hand_totals_are_kept():
    rules = rule_set("B")
    games = sim.Games.setup(sim.Tables(rules, [pol.PRESETS["random"]] * 5), 500, np.random.default_rng(1)).play()
    cards = games.hand.sum((1, 2)) + games.pile.sum(1) + games.disc.sum(1) + games.stack_level.sum(1)
    assert (cards == 63).all()
    assert (games.gold == games.hand @ np.arange(1, 10)).all()
    assert (games.phase == 4).all() and (games.auctions == 36).all()
    assert (games.supply + (games.ships + games.right).sum((1, 2)) == 6).all()
    assert ((games.ships + games.right).sum(3)[:, :, 0] <= 3).all()


def step_by_step(limits, high, holder, start):
    """The auction protocol literally: in turn, raise by 1 if below your limit, else pass for good."""
    P = len(limits)
    passed = [False] * P
    bids = [0] * P
    p = start
    while True:
        active = [q for q in range(P) if not passed[q]]
        if holder is not None and active == [holder]:
            return holder, high, bids
        if not active:
            return (holder if holder is not None else -1), high, bids
        if passed[p] or p == holder:
            p = (p + 1) % P
            continue
        if limits[p] > high:
            high, holder = high + 1, p
            bids[p] += 1
        else:
            passed[p] = True
        p = (p + 1) % P


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=3, max_size=6), st.integers(0, 5), st.integers(0, 6), st.data())
def test_auctions_resolve_in_closed_form_as_they_do_bid_by_bid(limits, start, high, data):
    P = len(limits)
    start %= P
    holder = data.draw(st.one_of(st.none(), st.integers(0, P - 1).filter(lambda h: h != start)))
    if holder is None:
        high = 0
    else:  # a standing bid; the seats between its holder and `start` have passed
        high = max(high, 1)
        p = (holder + 1) % P
        while p != start:
            limits[p] = 0
            p = (p + 1) % P
    expected = step_by_step(limits, high, holder, start)
    winner, price, bids = sim.resolve(np.array([limits]), np.array([high]), np.array([-1 if holder is None else holder]),
                                      np.array([start]))
    assert (int(winner[0]), int(price[0]), bids[0].tolist()) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.integers(1, 60), st.booleans())
def test_batched_payments_match_the_rule_of_thumb(hand, bid, spare):
    if pol_cap(hand, spare) < bid:
        return
    expected = pol.greedy_payment(hand, bid, spare)
    got = sim.greedy_payment(np.array([hand]), np.array([bid]), np.array([spare]))[0].tolist()
    assert got == expected
    paid = sum(v * c for v, c in zip(range(1, 10), got))
    assert paid >= bid and all(0 <= c <= h for c, h in zip(got, hand))
    assert not spare or sum(got) < sum(hand)


def pol_cap(hand, spare):
    from analyzer.games.magellan.state import cap

    return cap(hand, spare)
