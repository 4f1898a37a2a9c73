"""Simple player models for Magellan: one parametric family, named presets.

A policy values an explorer card in crowns, turns the value into the most gold it would
bid (`limit`), and in an auction raises to the smallest bid its hand can make above the high
bid while that is within its limit, else passes (under `bids: up_to_total`: the high bid + 1).
The `net` model also counts the crowns of the cards it would pay: it bids b while
b / rate + b x (its hand's crowns per gold) is at most the card's value.  The other
decisions are fixed rules of thumb: pay high cards first, tuck the card with most crowns,
exchange cards worth less than an average card, draw for Pizarro while the gold drawn is
below a threshold.  Policies see only public information and their own hand (they do not
exploit a Cook A hand shown face up).

These functions are the readable, scalar definition; `sim.py` computes the same numbers
for whole batches of games, and the tests hold the two to identical results.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace

from analyzer.games.magellan import exact
from analyzer.games.magellan.rules import VALUES, RuleSet


@dataclass(frozen=True)
class Policy:
    name: str = "value"
    rate: tuple[float, float, float] = (2.0, 2.2, 2.6)  # gold bid per crown of value, by phase
    card_worth: float = 2.5  # crowns a drawn gold card is worth
    noise: float = 0.0  # limit multiplied by a uniform factor in [1 - noise, 1 + noise]
    passive: bool = False  # never bids, never vetoes
    power_bonus: float = 1.0  # crowns for a veto or a Polo exchange
    open_hand_cost: float = 0.5  # crowns lost by playing with the hand face up (Cook A)
    option_weight: float = 0.3  # share of the next field's gain counted in a card's value
    veto_min: float = 4.0  # vetoes a card worth this much to it that it cannot afford
    pizarro_stop: int | None = None  # draw while gold < this; None: the best threshold for the deck
    pay_crowns: float = 0.0  # weight of the crowns paid (its hand's crowns per gold x the bid) in the limit

    @property
    def label(self) -> str:
        return self.name

    def describe(self) -> str:
        if self.passive:
            return f"{self.name}: never bids"
        rate = "/".join(f"{r:g}" for r in self.rate)
        noisy = f", limit x U[{1 - self.noise:g}, {1 + self.noise:g}]" if self.noise else ""
        if self.pay_crowns:
            return (f"{self.name}: bids b while b / ({rate}) + {self.pay_crowns:g} x b x its hand's crowns per gold "
                    f"is at most the card's value (phase I/II/III){noisy}")
        return f"{self.name}: bids up to {rate} gold per crown of value (phase I/II/III){noisy}"


PRESETS = {
    "value": Policy(),
    "eager": Policy(name="eager", rate=(2.7, 3.0, 3.5)),
    "thrifty": Policy(name="thrifty", rate=(1.4, 1.5, 1.8)),
    "random": Policy(name="random", noise=0.5),
    "passive": Policy(name="passive", passive=True),
    "net": Policy(name="net", rate=(5.0, 5.5, 6.0), pay_crowns=1.0),
}
PARAMS = {f.name for f in fields(Policy)} - {"name"}


def preset(name: str, **params) -> Policy:
    return replace(PRESETS[name], **params) if params else PRESETS[name]


# ----------------------------------------------------------------------------------------------
# values and limits


def static_value(rules: RuleSet, policy: Policy, explorer: int, field: int, pizarro_estimate: float) -> float:
    """The part of a card's value that does not depend on the game state: the crowns of the
    field it reaches, its bags, its power, and a share (`option_weight`) of what the next
    field would add, since only a ship on this field may bid for it.  `field` = phase - 1."""
    value = _field_value(rules, policy, explorer, field, pizarro_estimate)
    if field + 1 < len(rules.cards_per_phase):
        step = _field_value(rules, policy, explorer, field + 1, pizarro_estimate) - rules.row(explorer).crowns[field]
        value += policy.option_weight * max(0.0, step)
    return value


def _field_value(rules: RuleSet, policy: Policy, explorer: int, field: int, pizarro_estimate: float) -> float:
    row = rules.row(explorer)
    cw = policy.card_worth
    power = row.power
    crowns: float = row.crowns[field]
    if power == "draw_score" and field == 2:
        crowns = pizarro_estimate
    if power == "draw_or_crowns":
        crowns = max(row.crowns[field] + rules.draw_powers[field] * cw, float(row.right_crowns[field]))
    value = crowns + row.bags[field] * cw
    if power == "draw":
        value += rules.draw_powers[field] * cw
    elif power == "exchange" and field + 1 in rules.exchange_phases:
        value += policy.power_bonus
    elif power == "veto" and field + 1 in rules.veto_phases:
        value += policy.power_bonus
    elif power == "tuck_hand":
        value += max(rules.card_crowns) * field
    elif power == "tuck_payment":
        value += sum(rules.card_crowns) / len(VALUES) * (field + 1)
    elif power == "open_hand":
        value -= policy.open_hand_cost
    elif power == "lose_card":
        value -= cw
    return value


def card_value(static: float, prev_crowns: int, tucked_crowns: int) -> float:
    """A card's value to a player: the static part, less the crowns of the field the ship
    leaves, plus the crowns already tucked under the Magellan stack it lifts a level."""
    return (static - prev_crowns) + tucked_crowns


def limit(policy: Policy, value: float, field: int, cap: int, u: float, crowns_per_gold: float = 0.0) -> int:
    """The most this policy bids: value x rate (x noise), floored, no more than it can pay; with
    `pay_crowns`, value / (1 / rate + pay_crowns x the hand's crowns per gold)."""
    if policy.passive or value <= 0 or cap <= 0:
        return 0
    factor = 1.0 + policy.noise * (2.0 * u - 1.0)
    return max(0, min(cap, math.floor(raw_limit(policy, value, field, crowns_per_gold) * factor)))


def raw_limit(policy: Policy, value: float, field: int, crowns_per_gold: float) -> float:
    if policy.pay_crowns:
        return value / (1.0 / policy.rate[field] + policy.pay_crowns * crowns_per_gold)
    return value * policy.rate[field]


def crowns_per_gold(rules: RuleSet, hand) -> float:
    gold = sum(v * c for v, c in zip(VALUES, hand))
    return sum(k * c for k, c in zip(rules.card_crowns, hand)) / gold if gold else 0.0


def wants_veto(policy: Policy, value: float, field: int, cap: int) -> bool:
    """Veto a card worth a lot to me that I cannot afford at my full valuation (gold per crown: `rate`)."""
    return not policy.passive and value >= policy.veto_min and cap < value * policy.rate[field]


def pizarro_stop(rules: RuleSet, policy: Policy) -> int:
    if policy.pizarro_stop is not None:
        return policy.pizarro_stop
    return exact.best_threshold(_full_deck(rules), rules.pizarro_limit, rules.card_crowns, rules.pizarro_scores)[0]


def pizarro_estimate(rules: RuleSet, policy: Policy) -> float:
    """Expected Pizarro score of this policy's threshold rule on a full deck (its valuation)."""
    return exact.threshold_value(_full_deck(rules), rules.pizarro_limit, rules.card_crowns, rules.pizarro_scores,
                                 pizarro_stop(rules, policy))


def _full_deck(rules: RuleSet) -> tuple[int, ...]:
    return (rules.sets,) * len(VALUES)


# ----------------------------------------------------------------------------------------------
# fixed rules of thumb


def right_half_better(rules: RuleSet, policy: Policy, explorer: int, field: int) -> bool:
    """da Gama B: the right half (crowns) rather than the left (cards)?"""
    row = rules.row(explorer)
    return row.right_crowns[field] > row.crowns[field] + rules.draw_powers[field] * policy.card_worth


def tuck_order(rules: RuleSet) -> list[int]:
    """Gold values in the order a player tucks them under Magellan: most crowns, then least gold."""
    return sorted(VALUES, key=lambda v: (-rules.card_crowns[v - 1], v))


def exchange_order(rules: RuleSet, policy: Policy, phase: int) -> list[int]:
    """Gold values a Polo owner swaps at the end of `phase`, first to last: those worth less
    (gold at next phase's rate plus crowns) than an average card."""
    rate = policy.rate[min(phase, 2)]
    worth = {v: v / rate + rules.card_crowns[v - 1] for v in VALUES}
    average = sum(worth.values()) / len(VALUES)
    return sorted((v for v in VALUES if worth[v] < average), key=lambda v: (worth[v], v))


def greedy_payment(hand: list[int], bid: int, spare: bool) -> list[int]:
    """Counts per value (index v-1) paid for `bid`: high cards first without passing the bid,
    then the smallest card that covers the rest; a single card instead if it costs no more
    gold; and never the whole hand when a card must be kept (`spare`)."""
    pay = [0] * 9
    rest = bid
    for v in range(9, 0, -1):
        k = min(hand[v - 1], rest // v)
        pay[v - 1] += k
        rest -= k * v
    if rest > 0:
        v = next(v for v in VALUES if hand[v - 1] > pay[v - 1])
        pay[v - 1] += 1
    single = next((v for v in VALUES if v >= bid and hand[v - 1] > 0), None)
    if single is not None and single <= sum(v * c for v, c in zip(VALUES, pay)):
        pay = [0] * 9
        pay[single - 1] = 1
    if spare and pay == list(hand):
        pay[next(v for v in VALUES if pay[v - 1]) - 1] -= 1
    return pay
