"""The questions Magellan answers.

- `ev` on a bid state: for every legal move of the player to act (pass, or each payable
  raise), expected final crowns and win probability with 95% CIs, and the cards to pay
  with if he wins.  A raise is a *final offer*: he bids it now and passes when outbid.
  Every move is played out on the same deals of the hidden cards and the same later draws
  (common random numbers), so differences between moves are sharper than their CIs.
- `odds` on a bid state: the chance each player wins the card in auction, the expected
  price, and each player's expected crowns and win probability, everyone following his
  policy.
- `odds` / `ev` on a Pizarro draw: stop now against draw one more, under both readings,
  and the optimal stopping rule, exactly.
- `odds` on a set-up: whole games; each seat's win probability and crowns.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.tables import Plot, Result
from analyzer.games.magellan import exact, sim
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan.rules import EXPLORERS, PIZARRO_READINGS, VALUES
from analyzer.games.magellan.state import BidState, PizarroState, Setup

ROWS_PER_BATCH = 16_384  # rows (deals x moves) played at once
PAYMENTS_PER_BID = 3  # the policy's payment and the best alternatives, each played out
FINAL_OFFER = "a raise is a final offer: the player bids it now and passes if outbid"


def odds(position, settings: runner.RunSettings) -> Result:
    if isinstance(position, PizarroState):
        return _pizarro(position, with_rule=True)
    if isinstance(position, Setup):
        return _setup_odds(position, settings)
    return _auction_odds(position, settings)


def ev(position, settings: runner.RunSettings) -> Result:
    if isinstance(position, PizarroState):
        return _pizarro(position, with_rule=False)
    if isinstance(position, Setup):
        raise ScenarioError("position.auction", "ev needs an auction in progress; on a set-up ask `analyzer odds`")
    return _bid_ev(position, settings)


def _labels(rules) -> tuple[str, list[str]]:
    suffix = " (illustrative board)" if rules.illustrative else ""
    return suffix, rules.labels()


def _policy_note(policies) -> str:
    names = [q.name for q in policies]
    if len(set(names)) == 1:
        return f"policies: every seat {policies[0].describe()}"
    return "policies: " + "; ".join(f"{p}: {q.name}" for p, q in enumerate(policies)) + f" ({_unique(policies)})"


def _unique(policies) -> str:
    seen = {}
    for q in policies:
        seen.setdefault(q.name, q.describe())
    return "; ".join(seen.values())


# ----------------------------------------------------------------------------------------------
# payments


def payment_options(hand: tuple[int, ...], bid: int, spare: bool, rules, rate: float, k: int = PAYMENTS_PER_BID):
    """The policy's own payment, then the cheapest others that no payment beats on both gold
    and crowns (cost: gold / rate + crowns given up), up to k in all; counts per value."""
    greedy = tuple(pol.greedy_payment(list(hand), bid, spare))
    frontier, least = [], None  # sweep by gold: keep a payment only if it gives up fewer crowns than any cheaper one
    for gold, crowns, pay in _payments(tuple(hand), spare, tuple(rules.card_crowns)):
        if gold >= bid and (least is None or crowns < least):
            frontier.append((gold, crowns, pay))
            least = crowns
    frontier.sort(key=lambda f: (f[0] / rate + f[1], f[0], sum(f[2])))
    options = [greedy]
    for _, _, pay in frontier:
        if len(options) >= k:
            break
        if pay not in options:
            options.append(pay)
    return options


@lru_cache(maxsize=8)
def _payments(hand: tuple[int, ...], spare: bool, card_crowns: tuple[int, ...]) -> list:
    """Every payment from `hand` (counts), as (gold, crowns, counts), by gold then crowns then
    fewest cards; one per (gold, crowns)."""
    found = {}
    for pay in product(*(range(c + 1) for c in hand)):
        if spare and sum(pay) == sum(hand) or not any(pay):
            continue
        key = (sum(v * c for v, c in zip(VALUES, pay)), sum(c * x for c, x in zip(card_crowns, pay)))
        if key not in found or sum(pay) < sum(found[key]):
            found[key] = pay
    return [(gold, crowns, pay) for (gold, crowns), pay in sorted(found.items())]


def cards(counts) -> list[int]:
    return [v for v, c in zip(VALUES, counts) for _ in range(int(c))]


# ----------------------------------------------------------------------------------------------
# bid states


class BidTask:
    """Rollouts from a bid state: `moves` = [(bid or 0, payment counts)] for the player to act,
    or None for everyone following his policy.  Picklable for the runner's workers."""

    def __init__(self, state: BidState, moves: list | None = None):
        self.state, self.moves = state, moves

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        state, P = self.state, self.state.players
        t = sim.Tables(state.rules, state.policies)
        R = len(self.moves) if self.moves else 1
        out = {"n": 0, "crowns": np.zeros((R, P)), "crowns_sq": np.zeros((R, P)), "wins": np.zeros((R, P)),
               "wins_sq": np.zeros((R, P)), "card": np.zeros((R, P)), "price": np.zeros((R, P)), "unsold": np.zeros(R)}
        batch = max(1, ROWS_PER_BATCH // R)
        done = 0
        while done < n:
            m = min(batch, n - done)
            games = sim.from_state(t, state, m, R, rng)
            mine = moves = None
            if self.moves:
                bid = np.tile(np.array([b for b, _ in self.moves]), m)
                pay = np.tile(np.array([p for _, p in self.moves]), (m, 1))
                mine, moves = np.ones(m * R, dtype=bool), (bid, pay)
            winner, price = sim.play_bid_state(games, state, mine, moves)
            score = games.score.reshape(m, R, P).astype(float)
            share = games.shares().reshape(m, R, P)
            won = (winner[:, None] == np.arange(P)).reshape(m, R, P)
            out["n"] += m
            out["crowns"] += score.sum(0)
            out["crowns_sq"] += (score * score).sum(0)
            out["wins"] += share.sum(0)
            out["wins_sq"] += (share * share).sum(0)
            out["card"] += won.sum(0)
            out["price"] += (won * price.reshape(m, R, 1)).sum(0)
            out["unsold"] += (winner < 0).reshape(m, R).sum(0)
            done += m
        return out


def _bid_ev(state: BidState, settings: runner.RunSettings) -> Result:
    me, rules = state.to_act, state.rules
    hand = state.hands[me].known
    spare = state.spare_needed()
    rate = state.policies[me].rate[state.field]
    options = [(0, (0,) * 9)]
    for bid in state.raises():
        options += [(bid, pay) for pay in payment_options(hand, bid, spare, rules, rate)]
    res = runner.run(BidTask(state, options), settings, label="deals")
    n = res["n"]
    mean, half = stats.mean_ci(n, res["crowns"][:, me], res["crowns_sq"][:, me])
    win, win_half = stats.mean_ci(n, res["wins"][:, me], res["wins_sq"][:, me])
    card = res["card"][:, me] / n

    best: dict[int, int] = {}  # bid -> the option with the best payment
    pay_rows = []
    for i, (bid, pay) in enumerate(options):
        if bid and (bid not in best or mean[i] > mean[best[bid]]):
            best[bid] = i
        if bid:
            pay_rows.append({"bid": bid, "pay": " ".join(map(str, cards(pay))), "gold paid": sum(
                v * c for v, c in zip(VALUES, pay)), "crowns paid": sum(c * x for c, x in zip(rules.card_crowns, pay)),
                "crowns": mean[i], "±95%": half[i], "policy's own": pay == options[_first(options, bid)][1]})
    chosen = [0] + [best[b] for b in sorted(best)]
    rows = []
    for i in chosen:
        bid, pay = options[i]
        rows.append({"move": f"bid {bid}" if bid else "pass", "crowns": mean[i], "±95%": half[i], "win": win[i],
                     "win ±95%": win_half[i], "gets card": card[i], "pay with": " ".join(map(str, cards(pay))) if bid else ""})
    table = pd.DataFrame(rows).sort_values("crowns", ascending=False, kind="stable").reset_index(drop=True)
    table.index = table.index + 1
    table.index.name = "rank"
    payments = pd.DataFrame(pay_rows)
    if len(payments):
        payments = payments.set_index("bid")
    suffix, labels = _labels(rules)
    name = EXPLORERS[state.card]
    payload = {
        "player": me, "card": name, "phase": state.phase, "high_bid": state.high, "high_bidder": state.holder,
        "moves": [{"move": r["move"], "bid": int(r["move"].split()[1]) if r["move"] != "pass" else 0,
                   "crowns": float(r["crowns"]), "crowns_ci95": float(r["±95%"]), "win": float(r["win"]),
                   "win_ci95": float(r["win ±95%"]), "gets_card": float(r["gets card"]),
                   "pay": [int(x) for x in r["pay with"].split()]} for r in table.to_dict("records")],
        "payments": [{"bid": int(b), **{k: (v.item() if hasattr(v, "item") else v) for k, v in r.items()}}
                     for b, r in zip(payments.index, payments.to_dict("records"))] if len(payments) else [],
        "rollouts": n, "seed": res.seed, "illustrative": rules.illustrative,
    }
    notes = [
        f"player {me} to act on {name} (phase {state.phase}), high bid {state.high}"
        + (f" by player {state.holder}" if state.holder is not None else "") + f"; {FINAL_OFFER}",
        "crowns and win: at the end of the game, mean over deals with 95% CI; win counts a tie as a share",
        "pay with: of the policy's payment and the best others on gold and crowns, the one with most crowns",
        "hidden cards: dealt uniformly among deals that fit hand sizes, known cards, discards, stacks and the bids "
        "made in this auction (earlier bidding is not read)",
        _policy_note(state.policies),
        f"{n:,} deals, seed {res.seed}, every move on the same deals and draws",
        *labels,
    ]
    tables = {"moves": table}
    if len(payments):
        tables["payments"] = payments
    result = Result(f"Magellan: expected crowns of every move for player {me}{suffix}", tables, payload, notes,
                    exact=dict.fromkeys(tables, False))
    result.plots.append(Plot("move_crowns", "bars_with_ci", "moves",
                             {"value": "crowns", "ci": "±95%", "label": "move", "xlabel": "expected final crowns",
                              "title": f"Player {me}'s moves on {name}{suffix}",
                              "footnote": labels[0] if rules.illustrative else ""}))
    return result


def _first(options, bid) -> int:
    return next(i for i, (b, _) in enumerate(options) if b == bid)


def _auction_odds(state: BidState, settings: runner.RunSettings) -> Result:
    res = runner.run(BidTask(state), settings, label="deals")
    n, P = res["n"], state.players
    card = res["card"][0]
    lo, hi = stats.wilson(card, n)
    mean, half = stats.mean_ci(n, res["crowns"][0], res["crowns_sq"][0])
    win, win_half = stats.mean_ci(n, res["wins"][0], res["wins_sq"][0])
    with np.errstate(invalid="ignore", divide="ignore"):
        price = np.where(card > 0, res["price"][0] / card, np.nan)
    table = pd.DataFrame({"gets card": card / n, "±95%": (hi - lo) / 2, "price if so": price,
                          "crowns": mean, "crowns ±95%": half, "win": win, "win ±95%": win_half},
                         index=pd.Index(range(P), name="player"))
    unsold = res["unsold"][0] / n
    sold = n - res["unsold"][0]
    expected_price = res["price"][0].sum() / sold if sold else float("nan")
    suffix, labels = _labels(state.rules)
    name = EXPLORERS[state.card]
    payload = {"card": name, "phase": state.phase,
               "players": {str(p): {"gets_card": card[p] / n, "gets_card_ci95": (hi[p] - lo[p]) / 2,
                                    "price_if_won": None if np.isnan(price[p]) else float(price[p]),
                                    "crowns": mean[p], "crowns_ci95": half[p], "win": win[p], "win_ci95": win_half[p]}
                           for p in range(P)},
               "unsold": unsold, "expected_price": expected_price, "rollouts": n, "seed": res.seed,
               "illustrative": state.rules.illustrative}
    notes = [f"auction of {name} (phase {state.phase}), high bid {state.high}"
             + (f" by player {state.holder}" if state.holder is not None else "") + f", player {state.to_act} to act; "
             f"every player follows his policy: raise by 1 while below his limit",
             f"expected price when sold: {expected_price:.2f}; nobody buys it: {unsold:.4f}",
             _policy_note(state.policies),
             f"{n:,} deals of the hidden cards, seed {res.seed}, 95% intervals", *labels]
    result = Result(f"Magellan: who gets {name}, and at what price{suffix}", {"auction": table}, payload, notes,
                    exact={"auction": False})
    result.plots.append(Plot("auction", "bars_with_ci", "auction",
                             {"value": "gets card", "ci": "±95%", "xlabel": "P(gets the card)",
                              "title": f"Who gets {name}{suffix}", "footnote": labels[0] if state.rules.illustrative else ""}))
    return result


# ----------------------------------------------------------------------------------------------
# set-up: whole games


def _setup_odds(setup: Setup, settings: runner.RunSettings) -> Result:
    res = runner.run(sim.GamesTask(setup.rules, setup.policies), settings, label="games")
    table, payload = seat_table(res)
    suffix, labels = _labels(setup.rules)
    payload.update({"seed": res.seed, "illustrative": setup.rules.illustrative, "players": setup.players})
    notes = [f"{setup.players} players from the set-up; seat 0 opens the first auction",
             _policy_note(setup.policies),
             f"36 auctions a game, {payload['unsold']:.2f} of them unsold on average",
             f"{res['n']:,} games, seed {res.seed}, 95% intervals; a tie counts as a share of a win", *labels]
    result = Result(f"Magellan: each seat's chances from the set-up{suffix}", {"seats": table}, payload, notes,
                    exact={"seats": False})
    result.plots.append(Plot("seats", "bars_with_ci", "seats",
                             {"value": "win", "ci": "win ±95%", "xlabel": "P(win)",
                              "title": f"Win probability by seat{suffix}",
                              "footnote": labels[0] if setup.rules.illustrative else ""}))
    return result


def seat_table(res: dict) -> tuple[pd.DataFrame, dict]:
    """Per-seat statistics from `sim.play_games` accumulators."""
    n = res["n"]
    P = len(res["wins"])
    lo, hi = stats.wilson(res["wins"], n)
    mean, half = stats.mean_ci(n, res["crowns"], res["crowns_sq"])
    table = pd.DataFrame({"win": res["wins"] / n, "win ±95%": (hi - lo) / 2, "crowns": mean, "crowns ±95%": half,
                          "cards won": res["won"] / n, "bids": res["bids"] / n, "vetoes": res["vetoes"] / n},
                         index=pd.Index(range(P), name="seat"))
    payload = {"seats": {str(p): {"win": res["wins"][p] / n, "win_ci95": (hi[p] - lo[p]) / 2, "crowns": mean[p],
                                  "crowns_ci95": half[p], "cards_won": res["won"][p] / n, "bids": res["bids"][p] / n}
                         for p in range(P)},
               "unsold": res["unsold"] / n, "games": n}
    if res["pizarro_games"]:
        payload["pizarro_mean"] = res["pizarro"] / res["pizarro_games"]
    return table, payload


# ----------------------------------------------------------------------------------------------
# Pizarro's draw


def _pizarro(state: PizarroState, with_rule: bool) -> Result:
    rules = state.rules
    draw = exact.Draw(state.deck, state.drawn, rules.pizarro_limit, rules.card_crowns)
    rows, payload = [], {"drawn": cards(state.drawn), "deck": cards(state.deck), "gold_drawn": draw.gold(),
                         "limit": rules.pizarro_limit, "readings": {}, "exact": True}
    for reading in PIZARRO_READINGS:
        m = exact.moves(draw, reading)
        for move, key in (("stop now", "stop"), ("draw one more, then best", "draw"),
                          ("draw one more, then stop", "draw_then_stop")):
            if m[key] is not None:
                rows.append({"reading": reading, "move": move, "expected score": float(m[key]),
                             "exact": str(m[key]), "best": "yes" if (key == m["best"]) else ""})
        payload["readings"][reading] = {k: (None if v is None else str(v) if not isinstance(v, str) else v)
                                        for k, v in m.items()}
        payload["readings"][reading]["value"] = float(m["optimal"])
    table = pd.DataFrame(rows).set_index(["reading", "move"])
    tables = {"moves": table}
    notes = [f"drawn so far: {cards(state.drawn) or 'nothing'} ({draw.gold()} gold); {sum(state.deck)} cards in the "
             f"deck; over {rules.pizarro_limit} gold scores 0",
             "crowns: the ship scores the drawn cards' crowns; gold: their gold (the seed translator's reading)",
             "exact over the deck's composition; 'then best' plays the optimal stopping rule afterwards"]
    if not rules.card_crowns_supplied:
        notes.append(rules.labels()[-2])
    if with_rule:
        for reading in PIZARRO_READINGS:
            full = exact.stopping_rule(draw, reading)
            summary = exact.rule_by_gold(full)
            tables[f"rule_{reading}"] = pd.DataFrame(summary).set_index("gold")[["decision", "states", "draw"]]
            payload["readings"][reading]["rule_by_gold"] = summary
            payload["readings"][reading]["rule"] = [
                {"drawn": cards(state.drawn) + cards(r["extra"]), "gold": r["gold"], "decision": r["decision"],
                 "stop": str(r["stop"]), "value": str(r["value"])} for r in full]
        notes.append("rule tables: by gold drawn, draw or stop in every reachable state with that gold (mixed: it "
                     "depends on which cards; the JSON lists every state)")
    return Result("Magellan: Pizarro's draw, stop or draw one more (exact)", tables, payload, notes,
                  exact=dict.fromkeys(tables, True))
