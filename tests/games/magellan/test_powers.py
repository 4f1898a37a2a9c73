"""Explorer powers read as the Czech source says: Colombo's veto only before the first bid (and `ev` offers
it), Cook A's open hand is public, Magellan B's tucked card is face up, Polo's exchange per ship as a
setting, Pizarro's odds when the draw is over or the deck empty; and a bid state's rollouts auction every
card left in the phase."""
import copy
import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from analyzer.core import runner
from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import analysis, deal, sim
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan.reference import IllegalMove
from analyzer.games.magellan.state import parse_position
from tests.cli_helpers import invoke
from tests.games.magellan.helpers import COLOMBO, COOK, GAMA, PIZARRO, POLO, counts, game

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "magellan"
BID = yaml.safe_load((ROOT / "bid.yaml").read_text())
AUCTION = yaml.safe_load((ROOT / "auction.yaml").read_text())
QUICK = runner.RunSettings(rollouts=100, seed=3, jobs=1, progress=False)


def veto_state(**auction) -> dict:
    """bid.yaml with player 2 (who holds a Colombo veto) to act on Cook before anyone has bid."""
    data = copy.deepcopy(BID)
    data["position"]["auction"] = {"card": "cook", "to_act": 2, "opener": 2, **auction}
    return data


def test_a_veto_comes_before_the_first_bid_or_not_at_all():
    g = game(deck=[COLOMBO, COOK, POLO, GAMA] + [PIZARRO] * 14)
    a = g.open_auction()
    g.pass_(a, 0)
    g.bid(a, 1, 1)
    for p in (2, 3):
        g.pass_(a, p)
    g.settle(a)
    assert g.vetoes[1] == 1 and g.card == COOK
    a = g.open_auction()
    g.pass_(a, 1)  # a pass is no bid: the veto is still open
    g.bid(a, 2, 3)
    with pytest.raises(IllegalMove, match="before the first bid"):
        g.veto(1)
    g.pass_(a, 3)
    g.pass_(a, 0)
    g.settle(a)  # player 2 takes Cook
    a = g.open_auction()  # Polo revealed: nobody has bid yet
    g.veto(1)
    assert g.deck[0] == GAMA and g.deck[-1] == POLO and g.current is None


def test_ev_offers_the_veto_where_it_is_legal():
    state = parse_position(veto_state())
    assert state.can_veto and ("veto", 0) in analysis.bid_moves(state)
    result = analysis.ev(state, QUICK)
    moves = {m["move"]: m for m in result.payload["moves"]}
    assert "veto" in moves and moves["veto"]["gets_card"] == 0 and moves["veto"]["gets_card_hi95"] > 0
    with_bid = parse_position(veto_state(high_bid=9, high_bidder=1, opener=1))
    assert not with_bid.can_veto and ("veto", 0) not in analysis.bid_moves(with_bid)


def test_the_vetoed_card_goes_under_the_deck_and_every_card_is_still_auctioned():
    state = parse_position(veto_state())
    t = sim.Tables(state.rules, state.policies)
    n = 40
    games = sim.from_state(t, state, deal.sample(state, n, np.random.default_rng(1)), 2, np.random.default_rng(2))
    veto = np.tile([True, False], n)
    winner, _ = sim.play_bid_state(games, state, np.tile([0, 0], n), veto)
    left = sum(state.deck) + 1 + 12 + 6  # the rest of phase I, the card up, phases II and III
    assert (games.auctions == left).all()  # every card left is auctioned once, the vetoed one too
    assert (winner[veto] == -1).all() and (games.vetoes_used[veto, 2] >= 1).all()  # (he may win another Colombo)


def test_cook_a_winners_show_their_hands():
    data = copy.deepcopy(BID)
    data["position"]["ships"]["cook"] = [[1]]  # player 1 won Cook A this phase
    data["position"]["auction"]["card"] = "polo"
    data["position"]["history"][1] = {"paid": [8, 5, 2, 4]}
    with pytest.raises(ScenarioError, match="face up") as exc:
        parse_position(data)  # his da Gama draw is hidden: his open hand is not shown
    assert exc.value.field == "position.hands.1"
    data["position"]["history"][1]["drew"] = [4]  # the draw, seen: the hand is known
    state = parse_position(data)
    assert state.open_hands() == [1] and state.hands[1].full
    hands, _, _ = deal.sample(state, 20, np.random.default_rng(0))
    assert (hands[:, 1] == state.hands[1].known).all()


def test_a_magellan_b_stack_cannot_lie_face_down():
    data = copy.deepcopy(AUCTION)
    data["position"]["magellan"][0] = {"owner": 0, "tucked": 1}
    with pytest.raises(ScenarioError, match="face up") as exc:
        parse_position(data)
    assert exc.value.field == "position.magellan[0].tucked"
    del data["position"]["magellan"]
    with pytest.raises(ScenarioError, match="face up"):
        parse_position(data)


@pytest.mark.parametrize("reading,hand", [("pooled", counts(1, 1, 1, 9, 9, 9)), ("per_ship", counts(7, 7, 7, 9, 9, 9))])
def test_polo_exchanges_pooled_or_one_per_ship(reading, hand):
    """Two Polo ships: up to 6 cards swapped at once, or 3 and then 3 more (the first 3 drawn may go again)."""
    board = {"polo": {"crowns": (1, 3, 6), "bags": (0, 0, 0)}}
    g = game(deck=[POLO] * 2 + [COOK] * 16, draws=[0.0] * 40, board=board, phase_end_draws=(0, 0, 0),
             polo_exchange=reading)
    g.hands[0] = counts(4, 4, 4, 7, 7, 7, 9, 9)
    for _ in range(2):
        a = g.open_auction()
        g.bid(a, 0, 9)
        for p in (1, 2, 3):
            g.pass_(a, p)
        g.settle(a, counts(9))
    g.pile = counts(1, 1, 1, *[9] * 20)
    assert set(pol.exchange_order(g.rules, pol.PRESETS["value"], 1)[:3]) >= {1, 4} and 7 in pol.exchange_order(
        g.rules, pol.PRESETS["value"], 1)
    g.deck = []
    g.end_phase()
    assert g.hands[0] == hand


def test_the_batched_engine_plays_per_ship_exchanges_and_up_to_total_bids_as_the_reference():
    from analyzer.games.magellan import reference as ref
    from analyzer.games.magellan.rules import rule_set
    from tests.games.magellan.helpers import same_chance

    for settings in ({"polo_exchange": "per_ship"}, {"bids": "up_to_total", "polo_exchange": "per_ship"}):
        rules = rule_set("A", exchange_per_ship=2, **settings)
        policies = [pol.PRESETS[name] for name in ("value", "net", "random", "eager")]
        rng = np.random.default_rng(8)
        chance, per_game = same_chance(rules, 4, 30, rng)
        games = sim.Games.setup(sim.Tables(rules, policies), 30, rng, chance).play()
        for i, c in enumerate(per_game):
            assert ref.play(ref.Game(rules, 4, c), policies) == games.score[i].tolist(), (settings, i)


@pytest.mark.parametrize("drawn,deck", [([9, 9, 5], {1: 2, 8: 1}), ([5, 7], {})])
def test_pizarro_odds_over_the_limit_or_on_an_empty_deck(tmp_path, drawn, deck):
    path = tmp_path / "p.yaml"
    path.write_text(yaml.safe_dump({"game": "magellan", "rules": {"side": "B"},
                                    "position": {"pizarro": {"drawn": drawn, "deck": deck}}}))
    for command in ("odds", "ev"):
        result = invoke(command, path, "-f", "json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        for reading in data["readings"].values():
            assert reading["best"] == "stop"
    table = invoke("odds", path)
    assert table.exit_code == 0 and ("over 20" in table.stdout or "empty" in table.stdout)
