"""The questions Magellan answers.

- `ev` on a bid state: how high to go.  For each move of the player to act (pass, Colombo's veto
  where he holds one and nobody has bid, and "raise up to L" for every bid L his hand can make),
  expected final crowns, win probability, the chance to get the card and the mean price paid.  Up
  to L he raises to his smallest bid whenever outbid; the others re-raise up to their own limits
  (their policies: a cheap valuation of the card, no nested simulation).  Every move is played on
  the same deals and draws (common random numbers), and each is reported as its paired difference
  to the best move, with its CI; chances get Wilson intervals.
- `odds` on a bid state: the chance each player wins the card in auction, the expected price, and
  each player's expected crowns and win probability, everyone following his policy.
- `pay` on a bid state: the bids each player can still make for the card up (exact in phase I).
- `odds` / `ev` on a Pizarro draw: stop now against draw one more, under both readings, and the
  optimal stopping rule, exactly; `win`: the stopping rule with the best chance to win, given the
  other players' totals, exactly.
- `odds` on a set-up: whole games; each seat's win probability and crowns.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np
import pandas as pd

from analyzer.core import runner, stats
from analyzer.core.errors import ScenarioError
from analyzer.core.tables import Plot, Result
from analyzer.games.magellan import deal, exact, sim
from analyzer.games.magellan.rules import EXPLORERS, PIZARRO_READINGS, VALUES, bid_list, ranges
from analyzer.games.magellan.state import BidState, PizarroState, Setup

ROWS_PER_BATCH = 16_384  # rows (deals x moves) played at once


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


def best_payment(hand, bid: int, spare: bool, rules, rate: float) -> tuple[int, ...]:
    """The cheapest payment of at least `bid` (cost: gold paid / rate + crowns given up; then less gold,
    fewer cards), keeping one card where one must be kept; counts per value."""
    found = [(gold / rate + crowns, gold, sum(pay), pay)
             for gold, crowns, pay in _payments(tuple(hand), spare, tuple(rules.card_crowns)) if gold >= bid]
    return min(found)[3]


def payment_table(state: BidState, top: int) -> np.ndarray:
    """[top + 1, V]: what the player to act pays at each price he can end on (best_payment)."""
    hand = state.hands[state.to_act].known
    rate = state.policies[state.to_act].rate[state.field]
    table = np.zeros((top + 1, 9), dtype=np.int64)
    for price in bid_list(state.legal(hand)):
        if price <= top:
            table[price] = best_payment(hand, price, state.spare_needed(), state.rules, rate)
    return table


def bid_moves(state: BidState) -> list[tuple[str, int]]:
    """The player to act's moves: pass, veto (where he holds one and nobody has bid), and "raise up to L" for
    every bid L above the high bid his hand can make.  (kind, limit)."""
    moves = [("pass", 0)] + ([("veto", 0)] if state.can_veto else [])
    return moves + [("raise", b) for b in state.raises()]


def move_name(kind: str, limit: int) -> str:
    return f"up to {limit}" if kind == "raise" else kind


class BidTask:
    """Rollouts from a bid state: `moves` = [(kind, limit)] for the player to act (bid_moves), or None for
    everyone following his policy.  Picklable for the runner's workers."""

    def __init__(self, state: BidState, moves: list | None = None):
        self.state, self.moves = state, moves

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        state, P, me = self.state, self.state.players, self.state.to_act
        t = sim.Tables(state.rules, state.policies)
        R = len(self.moves) if self.moves else 1
        out = {"n": 0, "crowns": np.zeros((R, P)), "crowns_sq": np.zeros((R, P)), "wins": np.zeros((R, P)),
               "wins_sq": np.zeros((R, P)), "card": np.zeros((R, P)), "price": np.zeros((R, P)), "unsold": np.zeros(R),
               "cross": np.zeros((R, R)), "win_cross": np.zeros((R, R))}
        limit = veto = payment = None
        if self.moves:
            limit = np.array([b for _, b in self.moves], dtype=np.int64)
            veto = np.array([kind == "veto" for kind, _ in self.moves])
            payment = payment_table(state, int(limit.max()))
        batch = max(1, ROWS_PER_BATCH // R)
        done = 0
        while done < n:
            m = min(batch, n - done)
            games = sim.from_state(t, state, deal.sample(state, m, rng), R, rng)
            if self.moves:
                winner, price = sim.play_bid_state(games, state, np.tile(limit, m), np.tile(veto, m), payment)
            else:
                winner, price = sim.play_bid_state(games, state)
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
            mine, mine_share = score[:, :, me], share[:, :, me]
            out["cross"] += mine.T @ mine  # every pair of moves on the same deals: paired differences
            out["win_cross"] += mine_share.T @ mine_share
            done += m
        return out


def _crowns_halfwidths(me: int):
    def halfwidths(res):
        return stats.mean_ci(res["n"], res["crowns"][:, me], res["crowns_sq"][:, me])[1]
    return halfwidths


def wilson(successes, n):
    """Wilson 95% interval, never narrower than the estimate itself (rounding at 0 and 1)."""
    lo, hi = stats.wilson(successes, n)
    p = np.asarray(successes, dtype=float) / n
    return np.minimum(lo, p), np.maximum(hi, p)


def paired(n, sums, cross, best: int):
    """Each move's paired difference to move `best` and its 95% half-width, from the sums and cross sums."""
    diff = (sums - sums[best]) / n
    sq = np.diag(cross) - 2 * cross[:, best] + cross[best, best]  # sum over deals of (x_i - x_best)^2
    mean, half = stats.mean_ci(n, sums - sums[best], sq)
    return diff, np.where(np.arange(len(sums)) == best, 0.0, half)


def _bid_ev(state: BidState, settings: runner.RunSettings) -> Result:
    me, rules = state.to_act, state.rules
    moves = bid_moves(state)
    res = runner.run(BidTask(state, moves), settings, label="deals", halfwidths=_crowns_halfwidths(me))
    n = res["n"]
    mean, half = stats.mean_ci(n, res["crowns"][:, me], res["crowns_sq"][:, me])
    best = int(np.argmax(mean))
    diff, diff_half = paired(n, res["crowns"][:, me], res["cross"], best)
    win = res["wins"][:, me] / n
    win_lo, win_hi = wilson(res["wins"][:, me], n)
    wdiff, wdiff_half = paired(n, res["wins"][:, me], res["win_cross"], best)
    card = res["card"][:, me]
    card_lo, card_hi = wilson(card, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        price = np.where(card > 0, res["price"][:, me] / card, np.nan)
    top = max([b for _, b in moves] + [0])
    table_pay = payment_table(state, top)
    rows = []
    for i, (kind, limit) in enumerate(moves):
        tie = i == best or abs(diff[i]) <= diff_half[i]
        rows.append({"move": move_name(kind, limit), "crowns": mean[i], "±95%": half[i], "vs best": diff[i],
                     "vs best ±95%": diff_half[i], "tie with best": "best" if i == best else ("yes" if tie else ""),
                     "win": win[i], "win lo95": win_lo[i], "win hi95": win_hi[i], "gets card": card[i] / n,
                     "card lo95": card_lo[i], "card hi95": card_hi[i], "price if won": price[i],
                     "expected paid": res["price"][i, me] / n,
                     "pays at the limit": " ".join(map(str, cards(table_pay[limit]))) if kind == "raise" else ""})
    order = np.argsort(-mean, kind="stable")
    table = pd.DataFrame([rows[i] for i in order])
    table.index = pd.RangeIndex(1, len(table) + 1, name="rank")
    payments = pd.DataFrame([{"price": b, "pay with": " ".join(map(str, cards(table_pay[b]))),
                              "gold paid": int(table_pay[b] @ np.arange(1, 10)),
                              "crowns paid": int(table_pay[b] @ np.array(rules.card_crowns))}
                             for b in bid_list(state.legal(state.hands[me].known)) if state.high < b <= top])
    if len(payments):
        payments = payments.set_index("price")
    suffix, labels = _labels(rules)
    name = EXPLORERS[state.card]
    payload = {
        "player": me, "card": name, "phase": state.phase, "high_bid": state.high, "high_bidder": state.holder,
        "best": move_name(*moves[best]),
        "moves": [{"move": move_name(kind, limit), "kind": kind, "limit": limit, "bid": limit,
                   "crowns": float(mean[i]), "crowns_ci95": float(half[i]),
                   "diff": float(diff[i]), "diff_ci95": float(diff_half[i]),
                   "tie_with_best": bool(rows[i]["tie with best"]),
                   "win": float(win[i]), "win_lo95": float(win_lo[i]), "win_hi95": float(win_hi[i]),
                   "win_diff": float(wdiff[i]), "win_diff_ci95": float(wdiff_half[i]),
                   "gets_card": float(card[i] / n), "gets_card_lo95": float(card_lo[i]),
                   "gets_card_hi95": float(card_hi[i]),
                   "price_if_won": None if np.isnan(price[i]) else float(price[i]),
                   "expected_paid": float(res["price"][i, me] / n),
                   "pay": cards(table_pay[limit]) if kind == "raise" else []} for i in (int(j) for j in order)
                  for kind, limit in [moves[i]]],
        "payments": [{"price": int(b), "pay": cards(table_pay[b])} for b in (payments.index if len(payments) else [])],
        "rollouts": n, "seed": res.seed, "illustrative": rules.illustrative,
    }
    notes = [
        f"player {me} to act on {name} (phase {state.phase}), high bid {state.high}"
        + (f" by player {state.holder}" if state.holder is not None else "") + f"; {UP_TO}",
        "vs best: each move's paired difference to the best move on the same deals and draws, with its 95% CI; "
        "'tie with best' where that CI holds 0",
        "crowns: at the end of the game, mean with 95% CI; win (a tie counts as a share) and gets card: Wilson 95% "
        "intervals; price if won: his mean price when he gets the card; expected paid: over every deal (0 if not)",
        "pays: the cheapest payment of each price (gold paid / his rate + crowns given up); the payments table lists "
        "every price",
        _hidden_note(state),
        _policy_note(state.policies),
        f"{n:,} deals, seed {res.seed}, every move on the same deals and draws",
        *labels,
    ]
    if state.can_veto:
        notes.insert(1, "veto: Colombo's veto sends the card to the bottom of this phase's deck (before the first "
                        "bid only)")
    tables = {"moves": table}
    exact_marks = {"moves": False}
    if len(payments):
        tables["payments"] = payments
        exact_marks["payments"] = True
    result = Result(f"Magellan: how high to go, every move for player {me}{suffix}", tables, payload, notes,
                    exact=exact_marks)
    result.plots.append(Plot("move_crowns", "bars_with_ci", "moves",
                             {"value": "crowns", "ci": "±95%", "label": "move", "xlabel": "expected final crowns",
                              "title": f"Player {me}'s moves on {name}{suffix}",
                              "footnote": labels[0] if rules.illustrative else ""}))
    return result


UP_TO = ("'up to L': he raises to the smallest bid his hand can make whenever outbid, up to L, and the others "
         "re-raise up to their own limits (their policies)")


def _hidden_note(state: BidState) -> str:
    if deal.exact(state):
        return ("hidden cards: phase I, every hand is the start set less what was paid and discarded, plus da Gama "
                "draws, less Magellan tucks; deals weighted exactly, kept where every standing bid can be made")
    return ("hidden cards: dealt uniformly from the cards whose place is unknown, among deals that fit hand sizes, "
            "known cards, discards, stacks and the bids made in this auction")


def _auction_odds(state: BidState, settings: runner.RunSettings) -> Result:
    def halfwidths(res):
        return stats.wilson_halfwidth(res["card"][0], res["n"])

    res = runner.run(BidTask(state), settings, label="deals", halfwidths=halfwidths)
    n, P = res["n"], state.players
    card = res["card"][0]
    lo, hi = stats.wilson(card, n)
    mean, half = stats.mean_ci(n, res["crowns"][0], res["crowns_sq"][0])
    win = res["wins"][0] / n
    win_half = stats.wilson_halfwidth(res["wins"][0], n)
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
             f"every player follows his policy: raise to the smallest bid his hand can make while within his limit",
             f"expected price when sold: {expected_price:.2f}; nobody buys it: {unsold:.4f}",
             _hidden_note(state), _policy_note(state.policies),
             f"{n:,} deals of the hidden cards, seed {res.seed}, 95% intervals (Wilson for chances)", *labels]
    result = Result(f"Magellan: who gets {name}, and at what price{suffix}", {"auction": table}, payload, notes,
                    exact={"auction": False})
    result.plots.append(Plot("auction", "bars_with_ci", "auction",
                             {"value": "gets card", "ci": "±95%", "xlabel": "P(gets the card)",
                              "title": f"Who gets {name}{suffix}", "footnote": labels[0] if state.rules.illustrative else ""}))
    return result


# ----------------------------------------------------------------------------------------------
# what can each player still pay


class PayTask:
    """For every player, in how many deals he can make each bid 0..top for the card up, and some bid above
    the high bid (deal.sample)."""

    def __init__(self, state: BidState, top: int):
        self.state, self.top = state, top

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        state, P = self.state, self.state.players
        hands, _, _ = deal.sample(state, n, rng)
        out = {"n": n, "can": np.zeros((P, self.top + 1)), "above": np.zeros(P)}
        for p in range(P):
            can = can_bid(state, hands[:, p], self.top)
            out["can"][p] = can.sum(0)
            out["above"][p] = can[:, state.high + 1:].any(1).sum()
        return out


def can_bid(state: BidState, hands: np.ndarray, top: int) -> np.ndarray:
    """[n, top + 1]: whether each hand [n,V] can make each bid 0..top for the card up."""
    n = len(hands)
    spare = np.full(n, state.spare_needed())
    b = np.arange(top + 1)
    if state.rules.bids == "up_to_total":
        gold = hands @ np.arange(1, 10)
        caps = gold - np.where(spare & (gold > 0), np.argmax(hands > 0, axis=1) + 1, 0)
        return (b[None, :] <= caps[:, None]) & (b[None, :] > 0)
    bits = sim.legal_bits(hands, spare)
    inside = b // 64 < bits.shape[1]
    words = bits[:, np.minimum(b // 64, bits.shape[1] - 1)]
    return ((words >> (b % 64).astype(np.uint64)) & np.uint64(1)).astype(bool) & inside[None, :]


def pay(position, settings: runner.RunSettings) -> Result:
    """`analyzer ask pay`: the bids each player can still make for the card up."""
    if not isinstance(position, BidState):
        raise ScenarioError("position.auction", "pay needs a bid state (position.auction)")
    state, P = position, position.players
    laws: dict[int, dict] = {}  # exact laws of the hands: known hands, and every hand in phase I
    for p, h in enumerate(state.hands):
        if h.full:
            laws[p] = {h.known: Fraction(1)}
        elif deal.exact(state):
            laws[p] = deal.phase_one(state).distribution(p)
    pool = [v for v in range(9, 0, -1) for _ in range(state.pool()[v - 1])]
    top = max(sum(v * c for v, c in zip(VALUES, h.known)) + sum(pool[: h.hidden]) for h in state.hands)
    res = runner.run(PayTask(state, top), settings, label="deals") if len(laws) < P else None
    chance, above = {}, {}
    for p in range(P):
        if p in laws:
            hands = list(laws[p])
            can = can_bid(state, np.array(hands, dtype=np.int64).reshape(-1, 9), top)
            probs = [laws[p][h] for h in hands]
            chance[p] = [sum((q for q, c in zip(probs, can[:, b]) if c), Fraction(0)) for b in range(top + 1)]
            above[p] = sum((q for q, c in zip(probs, can[:, state.high + 1:].any(1)) if c), Fraction(0))
        else:
            chance[p] = list(res["can"][p] / res["n"])
            above[p] = res["above"][p] / res["n"]
    shown = [b for b in range(1, top + 1) if any(chance[p][b] > 0 for p in range(P))]
    rows = []
    for p in range(P):
        possible = [b for b in shown if chance[p][b] > 0]
        raises = [b for b in possible if b > state.high]
        hand = state.hands[p]
        known = " ".join(map(str, cards(hand.known)))
        rows.append({"player": p, "hand": known if hand.full else f"{hand.size} cards" + (f", known {known}" if known
                                                                                          else ""),
                     "can top the high bid": float(above[p]), "smallest raise": min(raises) if raises else None,
                     "most": max(possible, default=0), "always": ranges(b for b in possible if chance[p][b] >= 1),
                     "possible": ranges(possible), "exact": p in laws})
    table = pd.DataFrame(rows).set_index("player")
    bids = pd.DataFrame({f"player {p}": [float(chance[p][b]) for b in shown] for p in range(P)},
                        index=pd.Index(shown, name="bid"))
    suffix, labels = _labels(state.rules)
    name = EXPLORERS[state.card]
    payload = {"card": name, "phase": state.phase, "high_bid": state.high,
               "players": {str(r["player"]): {
                   "hand": r["hand"], "exact": r["exact"], "can_top": r["can top the high bid"],
                   "smallest_raise": r["smallest raise"], "most": r["most"],
                   "always": [b for b in shown if chance[r["player"]][b] >= 1],
                   "possible": [b for b in shown if chance[r["player"]][b] > 0],
                   "chance": {str(b): (str(chance[r["player"]][b]) if r["exact"] else float(chance[r["player"]][b]))
                              for b in shown if chance[r["player"]][b] > 0}} for r in rows},
               "illustrative": state.rules.illustrative}
    notes = [f"the bids each player can make for {name} (phase {state.phase}, high bid {state.high}): "
             + ("the sums of cards his hand can lay out" if state.rules.bids == "exact_sum" else
                "any amount up to his gold") + (", keeping one card" if state.spare_needed() else ""),
             _hidden_note(state)]
    if res is not None:
        payload.update({"rollouts": res["n"], "seed": res.seed})
        notes.append(f"rows not marked exact: the share of {res['n']:,} deals (seed {res.seed}) in which he can make "
                     f"the bid")
    if deal.exact(state):
        notes.append("exact: every deal of the hidden da Gama draws and Magellan tucks, weighted by the ways the "
                     "cards can lie (the JSON's chances are fractions)")
    notes += labels
    return Result(f"Magellan: what each player can still bid for {name}{suffix}", {"players": table, "bids": bids},
                  payload, notes, exact={"players": "exact", "bids": [f"player {p}" for p in laws]})


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
    notes += [label for label in rules.labels() if label.startswith("card crowns")]
    if draw.gold() > rules.pizarro_limit:
        notes.insert(0, f"already over {rules.pizarro_limit} gold: the ship scores 0 whatever happens")
    elif not sum(state.deck):
        notes.insert(0, "the deck is empty: nothing more to draw")
    if with_rule:
        for reading in PIZARRO_READINGS:
            full = exact.stopping_rule(draw, reading)
            summary = exact.rule_by_gold(full)
            rule = pd.DataFrame(summary, columns=["gold", "states", "draw", "decision"]).set_index("gold")
            tables[f"rule_{reading}"] = rule[["decision", "states", "draw"]]
            payload["readings"][reading]["rule_by_gold"] = summary
            payload["readings"][reading]["rule"] = [
                {"drawn": cards(state.drawn) + cards(r["extra"]), "gold": r["gold"], "decision": r["decision"],
                 "stop": str(r["stop"]), "value": str(r["value"])} for r in full]
        notes.append("rule tables: by gold drawn, draw or stop in every reachable state with that gold (mixed: it "
                     "depends on which cards; the JSON lists every state)")
    return Result("Magellan: Pizarro's draw, stop or draw one more (exact)", tables, payload, notes,
                  exact=dict.fromkeys(tables, True))


# ----------------------------------------------------------------------------------------------
# Pizarro's draw for the win


def win(position, settings: runner.RunSettings) -> Result:
    """`analyzer ask win`: Pizarro's draw played for the win, given every other player's final total (exact)."""
    if not isinstance(position, PizarroState):
        raise ScenarioError("position.pizarro", "win needs a Pizarro draw (position.pizarro with scores and owner)")
    state, rules = position, position.rules
    if state.scores is None:
        raise ScenarioError("position.pizarro.scores", "missing; give every player's crowns before the draw and the "
                                                       "owner of the Pizarro ship (owner)")
    base = state.scores[state.owner]
    others = tuple(x for p, x in enumerate(state.scores) if p != state.owner)
    best = max(others)
    draw = exact.Draw(state.deck, state.drawn, rules.pizarro_limit, rules.card_crowns)
    tables, payload = {}, {"owner": state.owner, "scores": list(state.scores), "base": base, "best_other": best,
                           "drawn": cards(state.drawn), "deck": cards(state.deck), "gold_drawn": draw.gold(),
                           "limit": rules.pizarro_limit, "readings": {}, "exact": True}
    notes = [f"player {state.owner} draws for Pizarro with {base} crowns; the best other total is {best}: he needs "
             f"{max(0, best - base)} to tie and {max(0, best - base + 1)} to win outright",
             "win: 1 alone on top, 1/k for k players tied on top (the rules name no tie-break: a tie is shared)",
             "rules: most wins, the stopping rule with the best chance to win; most crowns, the best expected score; "
             "draw while gold < t, the best fixed threshold for this deck (the bots' rule); stop now",
             "exact over the deck's composition; reach: the chance the draw scores at least k"]
    for reading in PIZARRO_READINGS:
        rules_ = exact.rules_for(draw, reading, base, others)
        laws = {name: exact.law(draw, reading, decide) for name, decide in rules_.items()}
        top = max(s for law in laws.values() for s in law)
        rows = []
        for name, law in laws.items():
            share = sum((p * exact.win_share(base, others, s) for s, p in law.items()), Fraction(0))
            mean = sum((p * s for s, p in law.items()), Fraction(0))
            sole = sum((p for s, p in law.items() if base + s > best), Fraction(0))
            rows.append({"rule": name, "win": float(share), "win (exact)": str(share), "alone on top": float(sole),
                         "expected score": float(mean), "expected (exact)": str(mean)})
        tables[f"rules_{reading}"] = pd.DataFrame(rows).set_index("rule")
        reach = {name: [float(sum((p for s, p in law.items() if s >= k), Fraction(0))) for k in range(top + 1)]
                 for name, law in laws.items()}
        tables[f"reach_{reading}"] = pd.DataFrame(reach, index=pd.Index(range(top + 1), name="at least"))
        decide = rules_["most wins"]
        now = "stop" if draw.gold() > draw.limit or not sum(state.deck) or not decide(exact.ZERO) else "draw"
        payload["readings"][reading] = {
            "now": now, "rules": {r["rule"]: {"win": r["win (exact)"], "expected": r["expected (exact)"],
                                              "alone": float(r["alone on top"])} for r in rows},
            "reach": {name: {str(k): str(sum((p for s, p in law.items() if s >= k), Fraction(0)))
                             for k in range(top + 1)} for name, law in laws.items()}}
    notes += [label for label in rules.labels() if label.startswith("card crowns")]
    return Result("Magellan: Pizarro's draw for the win (exact)", tables, payload, notes,
                  exact=dict.fromkeys(tables, True))
