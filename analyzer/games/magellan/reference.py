"""The readable reference rules of Magellan: one game, one action at a time.

Slow on purpose.  `Game` holds the position and enforces the rules (a bid is a sum the
bidder's hand can lay out, or under `bids: up_to_total` any amount up to its gold; no change
is given; phase II and III are open only to players with a ship on the field before; a veto
only before the first bid); `play` drives a whole game with `policies`, who raise to the
smallest bid they can make while it is within their limit.  Tests step auctions by
hand with it, and hold the batched engine (`sim.py`) to it: on the same `Chance` both give
identical games.

Hands, piles and payments are counts per gold value: index v-1 holds the cards of value v.
Randomness comes only from a `Chance`: the order of each phase's explorer deck, a stream of
uniforms for gold draws (the next card is uniform over the draw pile, which is what drawing
from a shuffled pile is), and one uniform per auction and player for noisy policies.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analyzer.core.errors import AnalyzerError
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan.rules import EXPLORERS, PHASES, VALUES, RuleSet, legal_bids, next_bid

LEFT, RIGHT = 0, 1


class IllegalMove(AnalyzerError):
    """An action the rules do not allow."""


@dataclass
class Chance:
    """The random inputs of one game, consumed in a fixed order."""

    orders: list[list[int]]  # per phase: explorer ids, top of the deck first
    draws: list[float]  # uniforms for gold-card draws, in order
    noise: list[list[float]]  # per auction held: one uniform per player
    used: int = 0

    def next_draw(self) -> float:
        if self.used >= len(self.draws):
            raise IndexError("the chance stream ran out")
        u = self.draws[self.used]
        self.used += 1
        return u

    @classmethod
    def random(cls, rules: RuleSet, players: int, rng: np.random.Generator, draws: int = 600) -> "Chance":
        orders = [list(rng.permutation(np.repeat(np.arange(len(EXPLORERS)), n))) for n in rules.cards_per_phase]
        return cls([[int(e) for e in o] for o in orders], rng.random(draws).tolist(),
                   rng.random((40, players)).tolist())


@dataclass
class Stack:
    """A Magellan stack: one ship, the Magellan cards above (`level`), the gold tucked under."""

    owner: int
    level: int
    tucked: list[int] = field(default_factory=list)  # gold values


@dataclass
class Auction:
    card: int
    phase: int
    eligible: list[int]
    passed: set[int]
    to_act: int | None
    high: int = 0
    holder: int | None = None
    players: int = 0

    @property
    def over(self) -> bool:
        return self.to_act is None

    def _advance(self, after: int) -> None:
        for step in range(1, self.players + 1):
            p = (after + step) % self.players
            if p not in self.passed:
                self.to_act = None if p == self.holder else p
                return
        self.to_act = None


class Game:
    def __init__(self, rules: RuleSet, players: int, chance: Chance | None = None):
        if not rules.min_players <= players <= rules.max_players:
            raise IllegalMove(f"Magellan takes {rules.min_players} to {rules.max_players} players, not {players}")
        self.rules, self.players = rules, players
        self.chance = chance or Chance.random(rules, players, np.random.default_rng())
        self.hands = [[1] * 9 for _ in range(players)]
        self.pile = [rules.sets - players] * 9
        self.disc = [0] * 9
        for rank, extra in enumerate(rules.extra_cards(players)):  # the seat handicap, from the first opener
            for _ in range(extra):
                self.draw((rules.start_player + rank) % players)
        self.supply = [rules.ships] * players
        self.ships = [[[] for _ in range(PHASES)] for _ in EXPLORERS]  # owners per field (left halves)
        self.right = [[[] for _ in range(PHASES)] for _ in EXPLORERS]  # draw_or_crowns: right halves
        self.stacks: list[Stack] = []
        self.vetoes = [0] * players
        self.open_hands: set[int] = set()
        self.arrived = [[0] * players for _ in EXPLORERS]  # ships that reached a field this phase
        self.phase = 1
        self.deck = list(self.chance.orders[0])
        self.opener = rules.start_player % players
        self.auctions = 0
        self.unsold = 0
        self.bids = [0] * players
        self.won = [0] * players
        self.vetoes_used = [0] * players
        self.history = [{"paid": [], "discarded": [], "drew": []} for _ in range(players)]  # this phase's, values
        self.current: Auction | None = None  # the auction open now
        self._last_half = LEFT  # the half of the field the last ship moved to (draw_or_crowns)

    # ------------------------------------------------------------------------------------------
    # gold

    def total(self, p: int) -> int:
        return sum(v * c for v, c in zip(VALUES, self.hands[p]))

    def draw(self, p: int, why: str = "") -> int | None:
        """p draws the top card of the draw pile; an empty pile is the discard pile reshuffled."""
        if sum(self.pile) == 0:
            self.pile, self.disc = self.disc, [0] * 9
        total = sum(self.pile)
        if total == 0:
            return None
        v = pick(self.pile, self.chance.next_draw())
        self.pile[v - 1] -= 1
        self.hands[p][v - 1] += 1
        if why:
            self.history[p][why].append(v)
        return v

    def spare_needed(self, card: int) -> bool:
        """Magellan A and Cook B take a card besides the payment, so one must be left."""
        return self.rules.power(card) in ("tuck_hand", "lose_card")

    def cap(self, p: int, card: int) -> int:
        """The highest bid p can make for `card`: his gold, less a card to keep where one must be kept."""
        hand = self.hands[p]
        total = self.total(p)
        if self.spare_needed(card) and total:
            total -= next(v for v in VALUES if hand[v - 1])
        return total

    def legal(self, p: int, card: int) -> int:
        """The bids p can make for `card`, as a bit mask (rules.legal_bids)."""
        return legal_bids(self.hands[p], self.spare_needed(card), self.rules.bids)

    # ------------------------------------------------------------------------------------------
    # ships

    def ships_on(self, card: int, field_: int, p: int) -> int:
        return self.ships[card][field_].count(p) + self.right[card][field_].count(p)

    def eligible(self, p: int, card: int) -> bool:
        """Phase I: a ship left in supply.  Later: a ship on the explorer's previous field."""
        if self.phase == 1:
            return self.supply[p] > 0
        return self.ships_on(card, self.phase - 2, p) > 0

    # ------------------------------------------------------------------------------------------
    # auctions

    @property
    def card(self) -> int:
        return self.deck[0]

    def veto(self, p: int) -> None:
        """Colombo's veto: the revealed card goes to the bottom of this phase's deck, before the first bid."""
        if self.vetoes[p] <= 0:
            raise IllegalMove(f"player {p} has no veto")
        if self.current is not None and self.current.holder is not None:
            raise IllegalMove(f"a veto comes before the first bid; {EXPLORERS[self.current.card]} has a bid of "
                              f"{self.current.high}")
        if not self.deck:
            raise IllegalMove("no card is up")
        self.current = None
        self.vetoes[p] -= 1
        self.vetoes_used[p] += 1
        self.deck.append(self.deck.pop(0))

    def open_auction(self) -> Auction:
        card = self.card
        eligible = [p for p in range(self.players) if self.eligible(p, card)]
        passed = set(range(self.players)) - set(eligible)
        auction = Auction(card, self.phase, eligible, passed, None, players=self.players)
        auction._advance(self.opener - 1)
        self.current = auction
        return auction

    def bid(self, auction: Auction, p: int, amount: int) -> None:
        if auction.over or p != auction.to_act:
            raise IllegalMove(f"it is not player {p}'s turn to bid")
        if p not in auction.eligible:
            raise IllegalMove(f"player {p} may not bid on {EXPLORERS[auction.card]} in phase {auction.phase}")
        if amount <= auction.high or amount < 1:
            raise IllegalMove(f"a bid must be above {auction.high}")
        if amount > self.cap(p, auction.card):
            raise IllegalMove(f"player {p} cannot pay {amount} (hand: {self.total(p)} gold"
                              + (", one card to keep" if self.spare_needed(auction.card) else "") + ")")
        if not self.legal(p, auction.card) >> amount & 1:
            cards = " ".join(str(v) for v in VALUES for _ in range(self.hands[p][v - 1]))
            raise IllegalMove(f"player {p} cannot lay out {amount} from {cards}: a bid is a sum of cards in hand"
                              + (" (one card to keep)" if self.spare_needed(auction.card) else ""))
        auction.high, auction.holder = amount, p
        self.bids[p] += 1
        auction._advance(p)

    def pass_(self, auction: Auction, p: int) -> None:
        if auction.over or p != auction.to_act:
            raise IllegalMove(f"it is not player {p}'s turn")
        auction.passed.add(p)
        auction._advance(p)

    def settle(self, auction: Auction, pay: list[int] | None = None, tuck: int | None = None,
               stack: int | None = None, half: int | None = None, policy: pol.Policy | None = None) -> None:
        """End the auction: the winner pays (`pay`: counts per value; no change) and takes the card.

        `tuck` (a gold value), `stack` (index into self.stacks) and `half` (LEFT/RIGHT) are the
        winner's choices; left out, the rules of thumb in policies.py decide."""
        if not auction.over:
            raise IllegalMove("the auction is still running")
        self.current = None
        self.auctions += 1
        self.deck.pop(0)
        w, card, f = auction.holder, auction.card, self.phase - 1
        if w is None:
            self.unsold += 1
            return
        policy = policy or pol.PRESETS["value"]
        spare = self.spare_needed(card)
        hand = self.hands[w]
        if pay is None:
            pay = pol.greedy_payment(hand, auction.high, spare)
        if len(pay) != 9 or any(c < 0 or c > h for c, h in zip(pay, hand)):
            raise IllegalMove(f"player {w} does not hold those cards")
        paid = sum(v * c for v, c in zip(VALUES, pay))
        if paid < auction.high:
            raise IllegalMove(f"{paid} gold does not pay a bid of {auction.high}")
        if spare and sum(pay) == sum(hand):
            raise IllegalMove(f"player {w} must keep a card for {EXPLORERS[card]}")
        power = self.rules.power(card)
        to_discard = list(pay)
        if power == "tuck_payment":
            tuck = tuck if tuck is not None else next(v for v in pol.tuck_order(self.rules) if pay[v - 1])
            if not pay[tuck - 1]:
                raise IllegalMove("the tucked card must be one of the cards paid")
            to_discard[tuck - 1] -= 1
        for i in range(9):
            hand[i] -= pay[i]
            self.disc[i] += to_discard[i]
        self.history[w]["paid"] += [v for v in VALUES for _ in range(pay[v - 1])]
        if power == "tuck_hand":
            tuck = tuck if tuck is not None else next(v for v in pol.tuck_order(self.rules) if hand[v - 1])
            if not hand[tuck - 1]:
                raise IllegalMove(f"player {w} has no {tuck} to tuck")
            hand[tuck - 1] -= 1
        self._move_ship(w, card, f, half, policy)
        self.arrived[card][w] += 1
        self.won[w] += 1
        if power in ("tuck_hand", "tuck_payment"):
            self._stack(w, f, tuck, stack)
        if power == "draw" or (power == "draw_or_crowns" and self._last_half == LEFT):
            for _ in range(self.rules.draw_powers[f]):
                self.draw(w, "drew")
        if power == "lose_card" and sum(hand):
            v = pick(hand, self.chance.next_draw())  # the left neighbour draws one at random
            hand[v - 1] -= 1
            self.disc[v - 1] += 1
            self.history[w]["discarded"].append(v)
        if power == "veto" and self.phase in self.rules.veto_phases:
            self.vetoes[w] += 1
        if power == "open_hand":
            self.open_hands.add(w)
        self.opener = w

    def _move_ship(self, w: int, card: int, f: int, half: int | None, policy: pol.Policy) -> None:
        row = self.rules.row(card)
        halves = row.power == "draw_or_crowns"
        if f == 0:
            if self.supply[w] <= 0:
                raise IllegalMove(f"player {w} has no ship left")
            self.supply[w] -= 1
        else:
            frm = LEFT
            if halves:  # move the ship that stands on the half with fewer crowns
                has_left, has_right = w in self.ships[card][f - 1], w in self.right[card][f - 1]
                frm = LEFT if has_left and (not has_right or row.crowns[f - 1] <= row.right_crowns[f - 1]) else RIGHT
            (self.ships if frm == LEFT else self.right)[card][f - 1].remove(w)
        if halves and half is None:
            half = RIGHT if pol.right_half_better(self.rules, policy, card, f) else LEFT
        self._last_half = half if halves else LEFT
        (self.right if self._last_half == RIGHT else self.ships)[card][f].append(w)

    def _stack(self, w: int, f: int, tuck: int, stack: int | None) -> None:
        if f == 0:
            self.stacks.append(Stack(w, 1, [tuck]))
            return
        mine = [i for i, s in enumerate(self.stacks) if s.owner == w and s.level == f]
        if stack is None:  # lift the stack with most crowns tucked
            stack = max(mine, key=lambda i: (self.stack_crowns(self.stacks[i]), -i))
        if stack not in mine:
            raise IllegalMove(f"stack {stack} is not player {w}'s at level {f}")
        self.stacks[stack].level += 1
        self.stacks[stack].tucked.append(tuck)

    def stack_crowns(self, stack: Stack) -> int:
        return sum(self.rules.card_crowns[v - 1] for v in stack.tucked)

    # ------------------------------------------------------------------------------------------
    # phase end and scoring

    def end_phase(self, policies: list[pol.Policy] | None = None) -> None:
        """Draws (2 each after phases I and II), bags for ships that arrived, Polo exchanges."""
        rules, f = self.rules, self.phase - 1
        policies = policies or [pol.PRESETS["value"]] * self.players
        for p in range(self.players):
            for _ in range(rules.phase_end_draws[f]):
                self.draw(p)
        for p in range(self.players):
            for e in range(len(EXPLORERS)):
                for _ in range(self.arrived[e][p] * rules.row(e).bags[f]):
                    self.draw(p)
        if self.phase in rules.exchange_phases:
            for p in range(self.players):
                ships = sum(self.arrived[e][p] for e in rules.explorers_with("exchange"))
                if rules.polo_exchange == "per_ship":  # one exchange per ship, one after the other
                    for _ in range(ships):
                        self.exchange(p, rules.exchange_per_ship, policies[p])
                else:
                    self.exchange(p, rules.exchange_per_ship * ships, policies[p])
        self.vetoes = [0] * self.players
        self.history = [{"paid": [], "discarded": [], "drew": []} for _ in range(self.players)]
        self.open_hands.clear()
        self.arrived = [[0] * self.players for _ in EXPLORERS]
        self.phase += 1
        self.deck = list(self.chance.orders[self.phase - 1]) if self.phase <= PHASES else []

    def exchange(self, p: int, swaps: int, policy: pol.Policy) -> None:
        """Marco Polo: discard up to `swaps` cards, then draw as many."""
        hand, out = self.hands[p], 0
        for v in pol.exchange_order(self.rules, policy, self.phase):
            k = min(hand[v - 1], swaps - out)
            hand[v - 1] -= k
            self.disc[v - 1] += k
            out += k
        for _ in range(out):
            self.draw(p)

    def scores(self, policies: list[pol.Policy] | None = None) -> list[int]:
        rules = self.rules
        policies = policies or [pol.PRESETS["value"]] * self.players
        score = [sum(c * k for c, k in zip(rules.card_crowns, hand)) for hand in self.hands]
        for e in range(len(EXPLORERS)):
            row = rules.row(e)
            for f in range(PHASES):
                for p in self.ships[e][f]:
                    if not (row.power == "draw_score" and f == PHASES - 1):
                        score[p] += row.crowns[f]
                for p in self.right[e][f]:
                    score[p] += row.right_crowns[f]
        for stack in self.stacks:
            score[stack.owner] += stack.level * self.stack_crowns(stack)
        for e in rules.explorers_with("draw_score"):
            for p in self.ships[e][PHASES - 1]:
                score[p] += self.pizarro(pol.pizarro_stop(rules, policies[p]))
        return score

    def pizarro(self, stop_at: int) -> int:
        """Pizarro's draw with the rule `draw while gold < stop_at`."""
        rules = self.rules
        deck = [a + b for a, b in zip(self.pile, self.disc)] if rules.pizarro_deck == "stock" else [rules.sets] * 9
        drawn = []
        while sum(drawn) < stop_at and sum(deck):
            v = pick(deck, self.chance.next_draw())
            deck[v - 1] -= 1
            drawn.append(v)
        if sum(drawn) > rules.pizarro_limit:
            return 0
        return sum(drawn) if rules.pizarro_scores == "gold" else sum(rules.card_crowns[v - 1] for v in drawn)


def pick(counts: list[int], u: float) -> int:
    """The gold value of the card at uniform position u in a pile given as counts."""
    k = int(u * sum(counts))
    for v in VALUES:
        k -= counts[v - 1]
        if k < 0:
            return v
    raise ValueError("empty pile")


def card_value(game: Game, policy: pol.Policy, p: int, card: int, pizarro: float) -> float:
    """What `card` is worth to p now (policies.card_value with the game's facts filled in)."""
    rules, f = game.rules, game.phase - 1
    row = rules.row(card)
    prev = 0
    if f > 0:
        prev = row.crowns[f - 1]
        if row.power == "draw_or_crowns":
            has_left, has_right = p in game.ships[card][f - 1], p in game.right[card][f - 1]
            if not (has_left and (not has_right or row.crowns[f - 1] <= row.right_crowns[f - 1])) and has_right:
                prev = row.right_crowns[f - 1]
    tucked = 0
    if f > 0 and row.power in ("tuck_hand", "tuck_payment"):
        tucked = max((game.stack_crowns(s) for s in game.stacks if s.owner == p and s.level == f), default=0)
    return pol.card_value(pol.static_value(rules, policy, card, f, pizarro), prev, tucked)


def play(game: Game, policies: list[pol.Policy], auctions: int | None = None) -> list[int] | None:
    """Play `game` with `policies` (one per seat) to the end, and return the scores; or stop
    before the next card once `auctions` auctions have been held (returns None)."""
    pizarro = [pol.pizarro_estimate(game.rules, q) for q in policies]
    while game.phase <= PHASES:
        if auctions is not None and game.auctions >= auctions and game.deck:
            return None
        step(game, policies, pizarro)
    return game.scores(policies)


def step(game: Game, policies: list[pol.Policy], pizarro: list[float]) -> None:
    """One step: end the phase if its deck is empty; else a veto, or an auction settled."""
    if not game.deck:
        game.end_phase(policies)
        return
    card, f = game.card, game.phase - 1
    values = [card_value(game, policies[p], p, card, pizarro[p]) for p in range(game.players)]
    caps = [game.cap(p, card) for p in range(game.players)]
    order = [(game.opener + i) % game.players for i in range(game.players)]
    vetoer = next((p for p in order if game.vetoes[p] > 0 and pol.wants_veto(policies[p], values[p], f, caps[p])),
                  None)
    if vetoer is not None:
        game.veto(vetoer)
        return
    auction = game.open_auction()
    noise = game.chance.noise[game.auctions]
    limits = [pol.limit(policies[p], values[p], f, caps[p], noise[p], pol.crowns_per_gold(game.rules, game.hands[p]))
              if p in auction.eligible else 0 for p in range(game.players)]
    while not auction.over:
        p = auction.to_act
        raise_to = next_bid(game.legal(p, card), auction.high)
        if raise_to is not None and raise_to <= limits[p]:
            game.bid(auction, p, raise_to)
        else:
            game.pass_(auction, p)
    game.settle(auction, policy=policies[auction.holder] if auction.holder is not None else None)


def same_chance(rules: RuleSet, players: int, n: int, rng: np.random.Generator):
    """A fixed chance for n games, as arrays (the engine's `sim.Chance`) and as per-game streams (this module's)."""
    from analyzer.games.magellan import sim

    orders = [sim.shuffled_decks(k, n, rng) for k in rules.cards_per_phase]
    chance = sim.Chance(rng, n, players, orders, draws=rng.random((n, 500)), noise=rng.random((n, 40, players)))
    per_game = [Chance([[int(e) for e in o[i]] for o in orders], chance.draws[i].tolist(), chance.noise[i].tolist())
                for i in range(n)]
    return chance, per_game


def engine_agrees(seed: int, games: int = 12) -> list[tuple]:
    """The conformance suite's check: the batched engine (`sim.py`) and this reference on the same chance, both
    board sides, mixed policies; (what, engine's value, reference's value) per game."""
    from analyzer.games.magellan import sim
    from analyzer.games.magellan.rules import rule_set

    out = []
    for side, names, settings in (("A", ("value", "eager", "random", "thrifty"), {}),
                                  ("B", ("random", "value", "passive"), {}),
                                  ("A", ("net", "random", "value", "eager", "net"), {"polo_exchange": "per_ship"}),
                                  ("B", ("random", "eager", "value"), {"bids": "up_to_total"})):
        rules, policies = rule_set(side, **settings), [pol.PRESETS[name] for name in names]
        rng = np.random.default_rng(seed)
        chance, per_game = same_chance(rules, len(policies), games, rng)
        played = sim.Games.setup(sim.Tables(rules, policies), games, rng, chance).play()
        for i, c in enumerate(per_game):
            game = Game(rules, len(policies), c)
            scores = play(game, policies)
            out.append((f"side {side} {settings} game {i}: scores, bids, cards won", (played.score[i].tolist(),
                        played.bids[i].tolist(), played.won[i].tolist()), (scores, game.bids, game.won)))
    return out
