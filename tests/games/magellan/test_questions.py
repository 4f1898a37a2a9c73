"""The questions beyond odds and ev: Pizarro's draw for the win (exact), what each player can still bid
(exact in phase I), and the quick entry `analyzer magellan ...` with the board file."""
import copy
import json
from fractions import Fraction
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.core import runner
from analyzer.games.magellan import analysis, exact
from analyzer.games.magellan.rules import DEFAULT_CARD_CROWNS, bid_list, legal_bids
from analyzer.games.magellan.state import parse_position
from tests.cli_helpers import invoke, one_line_error

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "magellan"
BID = ROOT / "bid.yaml"
QUICK = runner.RunSettings(rollouts=300, seed=3, jobs=1, progress=False)


# -- Pizarro for the win --------------------------------------------------------------------------------


def counts(values):
    out = [0] * 9
    for v in values:
        out[v - 1] += 1
    return tuple(out)


def brute_win(drawn, deck, reading, base, others, limit=20):
    """The best chance to win, by expectimax over the deck as distinct cards."""
    gold = sum(drawn)
    score = 0 if gold > limit else (gold if reading == "gold" else sum(DEFAULT_CARD_CROWNS[v - 1] for v in drawn))
    stop = exact.win_share(base, others, score)
    if gold > limit or not deck:
        return stop
    cont = sum(brute_win(drawn + [c], deck[:i] + deck[i + 1:], reading, base, others, limit)
               for i, c in enumerate(deck)) / len(deck)
    return max(stop, cont)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 9), max_size=2), st.lists(st.integers(1, 9), min_size=1, max_size=6),
       st.sampled_from(["crowns", "gold"]), st.integers(0, 12), st.lists(st.integers(0, 20), min_size=2, max_size=3))
def test_the_win_rule_is_the_best_chance_to_win(drawn, deck, reading, base, others):
    draw = exact.Draw(counts(deck), counts(drawn), 20, DEFAULT_CARD_CROWNS)
    rules = exact.rules_for(draw, reading, base, tuple(others))
    share = {name: sum((p * exact.win_share(base, tuple(others), s)
                        for s, p in exact.law(draw, reading, decide).items()), Fraction(0))
             for name, decide in rules.items()}
    assert share["most wins"] == brute_win(list(drawn), list(deck), reading, base, tuple(others))
    assert all(share["most wins"] >= v for v in share.values())
    for name, decide in rules.items():
        law = exact.law(draw, reading, decide)
        assert sum(law.values()) == 1


def test_needing_a_little_the_win_rule_stops_early_where_the_score_rule_draws_on():
    # 12 gold drawn (5 7: 3 crowns): 31 + 3 beats the leader's 33.  Drawing on (1-3 carry 3 crowns) is worth
    # more crowns on average, but the 3 already win outright: stop.
    draw = exact.Draw(counts([1, 2, 3, 8, 9, 9]), counts([5, 7]), 20, DEFAULT_CARD_CROWNS)
    rules = exact.rules_for(draw, "crowns", base=31, others=(33, 25))
    assert not rules["most wins"](exact.ZERO) and rules["most crowns"](exact.ZERO)


def test_ask_win_on_the_shipped_pizarro_draw():
    path = ROOT / "pizarro.yaml"
    assert "scores" in yaml.safe_load(path.read_text())["position"]["pizarro"]
    result = invoke("ask", "win", path, "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True and data["meta"]["question"] == "win"
    for reading in data["readings"].values():
        wins = {name: Fraction(r["win"]) for name, r in reading["rules"].items()}
        assert wins["most wins"] == max(wins.values())
        for name, reach in reading["reach"].items():
            chances = [Fraction(reach[k]) for k in sorted(reach, key=int)]
            assert chances[0] == 1 and chances == sorted(chances, reverse=True)
    text = invoke("ask", "win", path)
    assert "tie is shared" in text.stdout


# -- what each player can still bid ---------------------------------------------------------------------


def test_pay_in_phase_one_is_exact():
    state = parse_position(yaml.safe_load(BID.read_text()))
    result = analysis.pay(state, QUICK)
    players = result.payload["players"]
    assert all(p["exact"] for p in players.values()) and "rollouts" not in result.payload
    two = [1, 2, 3, 4, 5, 7, 8]  # player 2: start set less 9 6, nothing hidden
    assert players["2"]["possible"] == bid_list(legal_bids(counts(two), False)) == players["2"]["always"]
    assert players["0"]["possible"] == [1, 2, 3, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17]
    # player 1: 1 3 4 6 7 9 (30 gold) and one of the 27 cards outside the start sets (3 of each value): each 1/9
    one = players["1"]
    assert one["smallest_raise"] == 13 and one["can_top"] == 1.0  # 13 = 4 + 9, whatever he drew
    assert Fraction(one["chance"]["39"]) == Fraction(1, 9)  # only with a 9 drawn
    base = [1 if v in (1, 3, 4, 6, 7, 9) else 0 for v in range(1, 10)]
    for k in range(1, 40):
        ways = sum(bool(legal_bids([b + (i == d) for i, b in enumerate(base)], False) >> k & 1) for d in range(9))
        assert Fraction(one["chance"].get(str(k), 0)) == Fraction(ways, 9), k


def test_pay_in_a_later_phase_estimates_the_hidden_hands():
    state = parse_position(yaml.safe_load((ROOT / "auction.yaml").read_text()))
    result = analysis.pay(state, QUICK)
    players = result.payload["players"]
    assert players["3"]["exact"] and not players["1"]["exact"] and result.payload["rollouts"] == 300
    assert players["3"]["possible"] == bid_list(legal_bids(counts([1, 1, 4, 6, 8]), False))


# -- quick entry ------------------------------------------------------------------------------------------

FLAGS = ["--card", "cook", "--phase", "1", "--hand", "1,2,6,8", "--bid", "12@2", "--bids", "1:9", "--opener", "1",
         "--passed", "3", "--ships", "polo:1,2 gama:1 colombo:2 pizarro:3 magellan:0,3",
         "--paid", "0:9,7,5,4 1:8,5,2 2:9,6 3:7,3,2", "--magellan", "0:3 3:x", "--vetoes", "2:1",
         "--policies", "1:eager 2:value 3:random"]
RUN = ["-n", "200", "--seed", "7", "--no-progress", "-j", "1", "-f", "json"]


def test_quick_entry_ev_is_the_scenario_file():
    quick = invoke("magellan", "ev", *FLAGS, *RUN)
    assert quick.exit_code == 0, quick.output
    file = invoke("ev", BID, *RUN)
    a, b = json.loads(quick.stdout), json.loads(file.stdout)
    assert a["moves"] == b["moves"] and a["illustrative"] is True
    text = invoke("magellan", "ev", *FLAGS, "-n", "100", "--no-progress")
    assert "illustrative" in text.stdout.lower()


def test_quick_entry_pay_odds_and_pizarro():
    pay = invoke("magellan", "pay", *FLAGS, *RUN)
    assert pay.exit_code == 0, pay.output
    assert json.loads(pay.stdout)["players"]["2"]["exact"] is True
    odds = invoke("magellan", "odds", *FLAGS, *RUN)
    assert odds.exit_code == 0, odds.output
    win = invoke("magellan", "pizarro", "--drawn", "5,7", "--scores", "40,35,41", "--owner", "1", "-f", "json")
    assert win.exit_code == 0, win.output
    assert json.loads(win.stdout)["meta"]["question"] == "win"


def test_quick_entry_reads_the_filled_in_board_file(tmp_path):
    template = invoke("board", "magellan", "--template").stdout
    board = yaml.safe_load(template)
    for row in board["rules"]["board"].values():  # copied from a (pretend) printed board
        row["crowns"], row["bags"] = [1, 2, 3], [0, 0, 0]
    board["rules"]["card_crowns"] = [3, 3, 3, 2, 2, 2, 1, 1, 1]
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(board))
    result = invoke("magellan", "ev", *FLAGS, "--board", path, *RUN)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["illustrative"] is False
    bad = tmp_path / "bad.yaml"
    bad.write_text(template)  # not filled in
    one_line_error(invoke("magellan", "ev", *FLAGS, "--board", bad, *RUN), "rules.board")


def test_quick_entry_bad_flags_are_one_line_errors():
    one_line_error(invoke("magellan", "ev", *FLAGS[:6], "--bid", "12-2"), "--bid", "12@2")
    one_line_error(invoke("magellan", "ev", *FLAGS[:4], "--hand", "1,x"), "--hand")
    one_line_error(invoke("magellan", "ev", "--card", "cook", "--phase", "1", "--hand", "1,2,3", "--ships", "polo"),
                   "--ships")
    flags = copy.copy(FLAGS)
    flags[flags.index("--paid") + 1] = "0:9,7,5,4 1:8,5,2 2:9,6"  # player 3's payment left out
    one_line_error(invoke("magellan", "ev", *flags, *RUN), "position.history.3")
