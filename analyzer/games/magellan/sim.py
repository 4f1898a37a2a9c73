"""The batched Magellan engine: many games at once, one row per game, numpy throughout.

Every array has a leading game axis.  Games advance in lockstep, one auction per step;
a game whose phase deck is empty ends its phase instead, and a finished game (phase 4)
is left alone.  A policy bids up to a limit, raising to the smallest bid its hand can make
(`rules.bids`): where every bidder's hand can lay out every amount up to his limit (always
under `up_to_total`) the raises go by 1, and the outcome has a closed form over *levels*
(see `resolve`); the other auctions are stepped bid by bid on bit masks of the sums each
hand can lay out (`resolve_steps`, `legal_bits`).

`reference.py` is the readable version of the same rules and policies; on the same
chance (`Chance`) the two give identical games, which the tests check.

Layout (G games, P players, E = 6 explorers, F = 3 fields, V = 9 gold values):
    hand [G,P,V], pile [G,V], disc [G,V]   gold cards as counts per value
    ships, right [G,E,F,P]                 ships per field (right: right halves, draw_or_crowns)
    supply [G,P], vetoes [G,P], arrived [G,E,P]
    stack_owner/level/crowns [G,S]         Magellan stacks (S = phase-I cards per explorer)
    deck [G,D], head [G], tail [G]         the current phase's explorer deck
"""
from __future__ import annotations

import numpy as np

from analyzer.games.magellan import policies as pol
from analyzer.games.magellan.rules import EXPLORERS, PHASES, VALUES, RuleSet

E, F, V = len(EXPLORERS), PHASES, len(VALUES)
VAL = np.arange(1, V + 1, dtype=np.int64)
NOISE_SLOTS = 40  # auctions per game: at most 36 are held
DRAW_BLOCK = 96  # uniforms per game generated at a time
BIG = np.iinfo(np.int64).max
ALL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)


class Tables:
    """Everything the engine needs from the rules and the seats' policies, as arrays."""

    def __init__(self, rules: RuleSet, policies: list[pol.Policy]):
        self.rules, self.policies = rules, list(policies)
        self.players = P = len(policies)
        rows = rules.rows
        powers = [r.power for r in rows]
        self.crowns = np.array([r.crowns for r in rows], dtype=np.int64)
        self.right_crowns = np.array([r.right_crowns or (0, 0, 0) for r in rows], dtype=np.int64)
        self.bags = np.array([r.bags for r in rows], dtype=np.int64)
        flag = lambda *names: np.array([p in names for p in powers])  # noqa: E731
        self.halves = flag("draw_or_crowns")
        self.tuck_hand, self.tuck_pay = flag("tuck_hand"), flag("tuck_payment")
        self.tuck = self.tuck_hand | self.tuck_pay
        self.draw = flag("draw")
        self.lose = flag("lose_card")
        self.veto = flag("veto")
        self.spare = self.tuck_hand | self.lose
        self.exchange = flag("exchange")
        self.draw_score = flag("draw_score")
        self.score_crowns = self.crowns.copy()
        self.score_crowns[self.draw_score, F - 1] = 0
        self.card_crowns = np.array(rules.card_crowns, dtype=np.int64)
        self.draw_powers = np.array(rules.draw_powers, dtype=np.int64)
        self.end_draws = np.array(rules.phase_end_draws, dtype=np.int64)
        self.veto_phase = np.array([ph in rules.veto_phases for ph in range(1, F + 1)])
        self.exchange_phase = np.array([ph in rules.exchange_phases for ph in range(1, F + 1)])
        estimates = [pol.pizarro_estimate(rules, q) for q in policies]
        static = np.array([[[pol.static_value(rules, q, e, f, estimates[i]) for f in range(F)]
                            for e in range(E)] for i, q in enumerate(policies)])  # [P,E,F]
        self.static = np.ascontiguousarray(static.transpose(1, 2, 0).reshape(E * F, P))  # [(e,f), P]
        self.rate = np.array([q.rate for q in policies], dtype=float)
        self.pay_crowns = np.array([q.pay_crowns for q in policies], dtype=float)
        self.exact_bids = rules.bids == "exact_sum"
        self.per_ship = rules.polo_exchange == "per_ship"
        self.noise = np.array([q.noise for q in policies], dtype=float)
        self.passive = np.array([q.passive for q in policies])
        self.veto_min = np.array([q.veto_min for q in policies], dtype=float)
        self.right_better = np.array([[[bool(self.halves[e]) and pol.right_half_better(rules, q, e, f)
                                        for f in range(F)] for e in range(E)] for q in policies])  # [P,E,F]
        self.tuck_order = np.array(pol.tuck_order(rules), dtype=np.int64) - 1  # value indices
        self.exchange_orders = [[np.array(pol.exchange_order(rules, q, ph), dtype=np.int64) - 1
                                 for ph in range(1, F + 1)] for q in policies]
        self.pizarro_stop = np.array([pol.pizarro_stop(rules, q) for q in policies], dtype=np.int64)
        self.stacks = rules.cards_per_phase[0]


class Chance:
    """The randomness of a batch, by *sample*: rows that replay one sample (the candidate
    moves of `ev`) read the same explorer orders, gold-draw uniforms and policy noise."""

    def __init__(self, rng: np.random.Generator, samples: int, players: int, orders: list[np.ndarray],
                 draws: np.ndarray | None = None, noise: np.ndarray | None = None):
        self.rng = rng
        self.orders = orders  # per phase [samples, cards]
        self.draws = draws if draws is not None else rng.random((samples, DRAW_BLOCK))
        self.noise = noise if noise is not None else rng.random((samples, NOISE_SLOTS, players))
        self.fixed = draws is not None

    @classmethod
    def fresh(cls, rules: RuleSet, samples: int, players: int, rng: np.random.Generator,
              first: np.ndarray | None = None) -> "Chance":
        """Shuffled explorer decks for every phase (or `first`, given, for phase I)."""
        orders = [first if (first is not None and i == 0) else shuffled_decks(n, samples, rng)
                  for i, n in enumerate(rules.cards_per_phase)]
        return cls(rng, samples, players, orders)

    def take(self, sample: np.ndarray, ptr: np.ndarray) -> np.ndarray:
        need = int(ptr.max()) + 1 if len(ptr) else 0
        if need > self.draws.shape[1]:
            if self.fixed:
                raise IndexError("the chance stream ran out")
            more = max(DRAW_BLOCK, need - self.draws.shape[1])
            self.draws = np.concatenate([self.draws, self.rng.random((self.draws.shape[0], more))], axis=1)
        return self.draws[sample, ptr]


def shuffled_decks(cards_per_explorer: int | np.ndarray, samples: int, rng: np.random.Generator) -> np.ndarray:
    """[samples, n] explorer ids: each row a shuffle of the deck with these cards per explorer."""
    counts = np.broadcast_to(np.asarray(cards_per_explorer), (E,))
    deck = np.repeat(np.arange(E), counts)
    if len(deck) == 0:
        return np.zeros((samples, 0), dtype=np.int64)
    return np.take(deck, np.argsort(rng.random((samples, len(deck))), axis=1))


class Games:
    """A batch of games in progress."""

    def __init__(self, t: Tables, n: int, chance: Chance, sample: np.ndarray | None = None):
        P, rules = t.players, t.rules
        self.t, self.n, self.P, self.chance = t, n, P, chance
        self.sample = np.arange(n) if sample is None else sample  # which chance sample each row replays
        self.seats = np.arange(P)
        self.hand = np.zeros((n, P, V), dtype=np.int64)
        self.gold = np.zeros((n, P), dtype=np.int64)  # hand totals, kept with every change of hand
        self.pile = np.zeros((n, V), dtype=np.int64)
        self.disc = np.zeros((n, V), dtype=np.int64)
        self.ships = np.zeros((n, E, F, P), dtype=np.int64)
        self.right = np.zeros((n, E, F, P), dtype=np.int64)
        self.supply = np.full((n, P), rules.ships, dtype=np.int64)
        self.vetoes = np.zeros((n, P), dtype=np.int64)
        self.arrived = np.zeros((n, E, P), dtype=np.int64)
        S = t.stacks
        self.stack_owner = np.full((n, S), -1, dtype=np.int64)
        self.stack_level = np.zeros((n, S), dtype=np.int64)
        self.stack_crowns = np.zeros((n, S), dtype=np.int64)
        self.phase = np.ones(n, dtype=np.int64)
        self.deck = np.zeros((n, E * max(rules.cards_per_phase) + E * F), dtype=np.int64)
        self.head = np.zeros(n, dtype=np.int64)
        self.tail = np.zeros(n, dtype=np.int64)
        self.opener = np.full(n, rules.start_player % P, dtype=np.int64)
        self.auctions = np.zeros(n, dtype=np.int64)
        self.unsold = np.zeros(n, dtype=np.int64)
        self.ptr = np.zeros(n, dtype=np.int64)
        self.bids = np.zeros((n, P), dtype=np.int64)
        self.won = np.zeros((n, P), dtype=np.int64)
        self.vetoes_used = np.zeros((n, P), dtype=np.int64)
        self.score: np.ndarray | None = None

    @classmethod
    def setup(cls, t: Tables, n: int, rng: np.random.Generator, chance: Chance | None = None) -> "Games":
        """n new games: a 1-9 set in every hand, the other sets in the draw pile."""
        chance = chance or Chance.fresh(t.rules, n, t.players, rng)
        g = cls(t, n, chance)
        g.hand[:] = 1
        g.gold[:] = VAL.sum()
        g.pile[:] = t.rules.sets - t.players
        everyone = np.arange(n)
        for rank, extra in enumerate(t.rules.extra_cards(t.players)):  # the seat handicap, from the opener
            if extra:
                g.draw_many(everyone, (t.rules.start_player + rank) % t.players, np.full(n, extra))
        g.load_deck(everyone, 0)
        return g

    # ------------------------------------------------------------------------------------------
    # the loop

    def play(self) -> "Games":
        while True:
            live = self.phase <= F
            if not live.any():
                break
            ended = live & (self.head >= self.tail)
            if ended.any():
                self.end_phase(np.nonzero(ended)[0])
            going = (self.phase <= F) & (self.head < self.tail)
            if going.any():
                self.auction(np.nonzero(going)[0])
        self.final_scores()
        return self

    def load_deck(self, idx: np.ndarray, phase_index: int) -> None:
        order = self.chance.orders[phase_index][self.sample[idx]]
        self.deck[idx, : order.shape[1]] = order
        self.head[idx] = 0
        self.tail[idx] = order.shape[1]

    # ------------------------------------------------------------------------------------------
    # gold

    def draw(self, idx: np.ndarray, who: np.ndarray) -> None:
        """Row idx[i]'s player who[i] draws one card (rows distinct); an empty pile is refilled from the discards."""
        if len(idx) == 0:
            return
        full = len(idx) == self.n
        pile = self.pile if full else self.pile[idx]
        total = pile.sum(1)
        empty = total == 0
        if empty.any():
            e = idx[empty]
            self.pile[e] = self.disc[e]
            self.disc[e] = 0
            pile = self.pile if full else self.pile[idx]
            total = pile.sum(1)
        ok = total > 0
        if not ok.all():
            idx, who, total, pile = idx[ok], who[ok], total[ok], pile[ok]
        v = self._pick(pile, total, idx)
        self.pile.reshape(-1)[idx * V + v] -= 1
        self.hand.reshape(-1)[(idx * self.P + who) * V + v] += 1
        self.gold.reshape(-1)[idx * self.P + who] += v + 1

    def _pick(self, counts: np.ndarray, total: np.ndarray, idx: np.ndarray) -> np.ndarray:
        """The value index at a uniform position in each row's counts (reference.pick)."""
        u = self.chance.take(self.sample[idx], self.ptr[idx])
        self.ptr[idx] += 1
        k = (u * total).astype(np.int64)
        return (np.cumsum(counts, axis=1) <= k[:, None]).sum(1)

    def draw_many(self, idx: np.ndarray, who: np.ndarray | int, count: np.ndarray) -> None:
        who = np.broadcast_to(who, idx.shape)
        for r in range(int(count.max()) if len(count) else 0):
            sel = count > r
            self.draw(idx[sel], who[sel])

    # ------------------------------------------------------------------------------------------
    # auctions

    def _caps(self, idx: np.ndarray, spare: np.ndarray) -> np.ndarray:
        caps = self.gold[idx]
        if spare.any():
            rows = np.nonzero(spare)[0]
            lowest = np.argmax(self.hand[idx[rows]] > 0, axis=2) + 1
            caps[rows] -= np.where(caps[rows] > 0, lowest, 0)
        return caps

    def _values(self, idx: np.ndarray, card: np.ndarray, f: np.ndarray) -> np.ndarray:
        """card_value for every player: static part - crowns left behind + crowns tucked."""
        t = self.t
        static = np.take(t.static, card * F + f, axis=0)
        later = f > 0
        fb = np.maximum(f - 1, 0)
        prev = np.broadcast_to(np.where(later, t.crowns[card, fb], 0)[:, None], static.shape)
        halves = t.halves[card] & later
        if halves.any():
            lin = (idx * E + card) * F + fb
            has_left = np.take(self.ships.reshape(-1, self.P), lin, axis=0) > 0
            has_right = np.take(self.right.reshape(-1, self.P), lin, axis=0) > 0
            pl, pr = t.crowns[card, fb][:, None], t.right_crowns[card, fb][:, None]
            from_left = has_left & (~has_right | (pl <= pr))
            use_right = halves[:, None] & ~from_left & has_right
            prev = np.where(use_right, pr, prev)
        tucked = np.zeros_like(prev)
        tucks = t.tuck[card] & later
        if tucks.any():
            mine = ((self.stack_owner[idx][:, :, None] == self.seats[None, None, :])
                    & (self.stack_level[idx] == f[:, None])[:, :, None])
            best = np.where(mine, self.stack_crowns[idx][:, :, None], 0).max(axis=1)
            tucked = np.where(tucks[:, None], best, 0)
        return (static - prev) + tucked

    def _eligible(self, idx: np.ndarray, card: np.ndarray, f: np.ndarray) -> np.ndarray:
        elig = self.supply[idx] > 0
        later = np.nonzero(f > 0)[0]
        if len(later):
            lin = (idx[later] * E + card[later]) * F + f[later] - 1
            on_prev = np.take(self.ships.reshape(-1, self.P), lin, axis=0)
            if self.t.halves.any():
                on_prev = on_prev + np.take(self.right.reshape(-1, self.P), lin, axis=0)
            elig[later] = on_prev > 0
        return elig

    def _limits(self, idx, values, f, caps, elig):
        t = self.t
        rate = np.take(t.rate.T, f, axis=0)
        if t.pay_crowns.any():  # policies.raw_limit
            gold = self.gold[idx]
            cpg = np.where(gold > 0, (self.hand[idx] @ t.card_crowns) / np.maximum(gold, 1), 0.0)
            with np.errstate(divide="ignore"):
                net = values / (1.0 / rate + t.pay_crowns[None, :] * cpg)
            raw = np.where(t.pay_crowns[None, :] > 0, net, values * rate)
        else:
            raw = values * rate
        if t.noise.any():
            slot = self.sample[idx] * NOISE_SLOTS + np.minimum(self.auctions[idx], NOISE_SLOTS - 1)
            u = np.take(self.chance.noise.reshape(-1, self.P), slot, axis=0)
            raw = raw * (1.0 + t.noise[None, :] * (2.0 * u - 1.0))
        raw = np.floor(raw)
        ok = elig & ~t.passive[None, :] & (values > 0) & (caps > 0)
        return np.where(ok, np.maximum(0, np.minimum(caps, raw)), 0).astype(np.int64)

    def auction(self, idx: np.ndarray) -> None:
        """One auction (or a veto) in every row of idx."""
        t = self.t
        card = self.deck[idx, self.head[idx]]
        f = self.phase[idx] - 1
        caps = self._caps(idx, t.spare[card])
        values = self._values(idx, card, f)
        if self.vetoes[idx].any():
            want = ((self.vetoes[idx] > 0) & ~t.passive[None, :] & (values >= t.veto_min[None, :])
                    & (caps < values * np.take(t.rate.T, f, axis=0)))
            if want.any():
                rel = (self.seats[None, :] - self.opener[idx][:, None]) % self.P
                key = np.where(want, rel, self.P)
                vetoed = key.min(1) < self.P
                who = np.argmin(key, axis=1)[vetoed]
                j = idx[vetoed]
                self.deck[j, self.tail[j]] = card[vetoed]
                self.tail[j] += 1
                self.head[j] += 1
                self.vetoes[j, who] -= 1
                self.vetoes_used[j, who] += 1
                keep = ~vetoed
                idx, card, f, caps, values = idx[keep], card[keep], f[keep], caps[keep], values[keep]
                if len(idx) == 0:
                    return
        elig = self._eligible(idx, card, f)
        limits = self._limits(idx, values, f, caps, elig)
        zero = np.zeros(len(idx), dtype=np.int64)
        winner, price, bids = self.resolve(idx, limits, zero, zero - 1, self.opener[idx], t.spare[card])
        self.bids[idx] += bids
        self.settle(idx, card, f, winner, price)

    def resolve(self, idx, limits, high, holder, start, spare):
        """The auctions in rows idx, every player raising to the smallest bid his hand can make while it is
        within his limit: the closed form where every bidder can lay out every amount up to his limit (raises
        go by 1 there), else bid by bid."""
        if not self.t.exact_bids:
            return resolve(limits, high, holder, start)
        hand = self.hand[idx]
        member = limits > high[:, None]
        steps = (member & (limits >= first_gap(hand))).any(1)
        if not steps.any():
            return resolve(limits, high, holder, start)
        winner, price, bids = (np.empty(len(idx), dtype=np.int64), np.empty(len(idx), dtype=np.int64),
                               np.empty(limits.shape, dtype=np.int64))
        easy = ~steps
        if easy.any():
            winner[easy], price[easy], bids[easy] = resolve(limits[easy], high[easy], holder[easy], start[easy])
        hs, who = hand[steps].reshape(-1, V), member[steps].reshape(-1)  # only a member ever raises
        some = legal_bits(hs[who], np.repeat(spare[steps], self.P)[who])
        bits = np.zeros((len(hs), some.shape[1]), dtype=np.uint64)
        bits[who] = some
        bits = bits.reshape(-1, self.P, some.shape[1])
        winner[steps], price[steps], bids[steps] = resolve_steps(limits[steps], high[steps], holder[steps],
                                                                 start[steps], bits)
        return winner, price, bids

    def settle(self, idx, card, f, winner, price, payment: np.ndarray | None = None,
               custom: np.ndarray | None = None) -> None:
        """The winners pay and take their cards (`payment` [n,V] replaces the rule of thumb
        where `custom` is set)."""
        t = self.t
        self.auctions[idx] += 1
        self.head[idx] += 1
        sold = winner >= 0
        self.unsold[idx[~sold]] += 1
        j, w, c, ff, price = idx[sold], winner[sold], card[sold], f[sold], price[sold]
        if len(j) == 0:
            return
        hw = j * self.P + w
        hand = np.take(self.hand.reshape(-1, V), hw, axis=0)
        pay = greedy_payment(hand, price, t.spare[c])
        if custom is not None:
            mine = custom[sold]
            pay[mine] = payment[sold][mine]
        tuck = np.full(len(j), -1)
        to_disc = pay.copy()
        tuck = _tuck(tuck, t.tuck_pay[c], pay, t.tuck_order, to_disc)
        hand = hand - pay
        if len(j) == self.n:
            self.disc += to_disc
        else:
            self.disc[j] += to_disc
        tuck = _tuck(tuck, t.tuck_hand[c], hand, t.tuck_order, hand)
        self.hand.reshape(-1, V)[hw] = hand
        self.gold.reshape(-1)[hw] = hand @ VAL
        left = self._move_ships(j, w, c, ff)
        self.arrived.reshape(-1)[(j * E + c) * self.P + w] += 1
        self.won.reshape(-1)[hw] += 1
        tucks = t.tuck[c]
        if tucks.any():
            self._stack(j[tucks], w[tucks], ff[tucks], t.card_crowns[tuck[tucks]])
        draws = np.where(t.draw[c] | (t.halves[c] & left), t.draw_powers[ff], 0)
        if draws.any():
            self.draw_many(j, w, draws)
        lose = t.lose[c] & (self.gold.reshape(-1)[hw] > 0)
        if lose.any():
            jl, hl = j[lose], hw[lose]
            h = np.take(self.hand.reshape(-1, V), hl, axis=0)
            v = self._pick(h, h.sum(1), jl)
            self.hand.reshape(-1)[hl * V + v] -= 1
            self.gold.reshape(-1)[hl] -= v + 1
            self.disc[jl, v] += 1
        gets_veto = t.veto[c] & t.veto_phase[ff]
        if gets_veto.any():
            self.vetoes[j[gets_veto], w[gets_veto]] += 1
        self.opener[j] = w

    def _move_ships(self, j, w, c, ff) -> np.ndarray:
        """Place (phase I) or move a ship; returns whether it stands on a left half (or whole field)."""
        t, P = self.t, self.P
        first = ff == 0
        self.supply.reshape(-1)[(j * P + w)[first]] -= 1
        at = ((j * E + c) * F + ff) * P + w  # flat index of the winner's count on the field reached
        later = ~first
        if later.any():
            from_left = ~t.halves[c]
            if not from_left.all():
                has_left = self.ships.reshape(-1)[at - P] > 0
                has_right = self.right.reshape(-1)[at - P] > 0
                fb = np.maximum(ff - 1, 0)
                from_left |= has_left & (~has_right | (t.crowns[c, fb] <= t.right_crowns[c, fb]))
            self.ships.reshape(-1)[(at - P)[later & from_left]] -= 1
            self.right.reshape(-1)[(at - P)[later & ~from_left]] -= 1
        to_right = t.right_better[w, c, ff]
        self.ships.reshape(-1)[at[~to_right]] += 1
        self.right.reshape(-1)[at[to_right]] += 1
        return ~to_right

    def _stack(self, j, w, ff, crowns) -> None:
        new = ff == 0
        if new.any():
            jn = j[new]
            slot = (self.stack_level[jn] > 0).sum(1)
            self.stack_owner[jn, slot] = w[new]
            self.stack_level[jn, slot] = 1
            self.stack_crowns[jn, slot] = crowns[new]
        lift = ~new
        if lift.any():
            jl, wl, fl = j[lift], w[lift], ff[lift]
            mine = (self.stack_owner[jl] == wl[:, None]) & (self.stack_level[jl] == fl[:, None])
            key = np.where(mine, self.stack_crowns[jl], -1)
            slot = np.argmax(key, axis=1)  # most crowns, lowest index on a tie
            self.stack_level[jl, slot] += 1
            self.stack_crowns[jl, slot] += crowns[lift]

    # ------------------------------------------------------------------------------------------
    # phase end and scoring

    def end_phase(self, idx: np.ndarray) -> None:
        t = self.t
        f = self.phase[idx] - 1
        for p in range(self.P):
            self.draw_many(idx, p, t.end_draws[f])
        bags = np.einsum("nep,ne->np", self.arrived[idx], t.bags.T[f])  # every ship that arrived, its field's bags
        for p in range(self.P):
            self.draw_many(idx, p, bags[:, p])
        swap = t.exchange_phase[f]
        if swap.any() and t.exchange.any():
            for p in range(self.P):
                ships = np.where(swap, self.arrived[idx][:, t.exchange, p].sum(1), 0)
                if not ships.any():
                    continue
                if t.per_ship:  # one exchange of up to exchange_per_ship cards per ship, one after the other
                    for r in range(int(ships.max())):
                        self._exchange(idx, p, np.where(ships > r, t.rules.exchange_per_ship, 0))
                else:
                    self._exchange(idx, p, t.rules.exchange_per_ship * ships)
        self.vetoes[idx] = 0
        self.arrived[idx] = 0
        self.phase[idx] += 1
        for ph in range(2, F + 1):
            nxt = idx[self.phase[idx] == ph]
            if len(nxt):
                self.load_deck(nxt, ph - 1)

    def _exchange(self, idx: np.ndarray, p: int, swaps: np.ndarray) -> None:
        """Marco Polo: player p discards up to swaps[i] cards (policies.exchange_order), then draws as many."""
        t = self.t
        out = np.zeros(len(idx), dtype=np.int64)
        for ph in np.unique(self.phase[idx][swaps > 0]):
            rows = np.nonzero((swaps > 0) & (self.phase[idx] == ph))[0]
            jr = idx[rows]
            for v in t.exchange_orders[p][ph - 1]:
                k = np.minimum(self.hand[jr, p, v], swaps[rows] - out[rows])
                self.hand[jr, p, v] -= k
                self.gold[jr, p] -= k * (v + 1)
                self.disc[jr, v] += k
                out[rows] += k
        self.draw_many(idx, p, out)

    def final_scores(self) -> np.ndarray:
        t = self.t
        score = self.hand @ t.card_crowns
        score += np.einsum("gefp,ef->gp", self.ships, t.score_crowns)
        score += np.einsum("gefp,ef->gp", self.right, t.right_crowns)
        rows = np.arange(self.n)
        for s in range(self.stack_level.shape[1]):
            has = self.stack_level[:, s] > 0
            np.add.at(score, (rows[has], self.stack_owner[has, s]),
                      self.stack_level[has, s] * self.stack_crowns[has, s])
        self.pizarro = np.zeros(self.n, dtype=np.int64)
        for e in np.nonzero(t.draw_score)[0]:
            owned = self.ships[:, e, F - 1, :] > 0
            j = np.nonzero(owned.any(1))[0]
            if len(j):
                p = np.argmax(owned[j], axis=1)
                got = self._pizarro(j, t.pizarro_stop[p])
                score[j, p] += got
                self.pizarro[j] = got
        self.score = score
        return score

    def _pizarro(self, j: np.ndarray, stop: np.ndarray) -> np.ndarray:
        rules, t = self.t.rules, self.t
        deck = self.pile[j] + self.disc[j] if rules.pizarro_deck == "stock" else np.full((len(j), V), rules.sets)
        gold = np.zeros(len(j), dtype=np.int64)
        crowns = np.zeros(len(j), dtype=np.int64)
        while True:
            go = (gold < stop) & (deck.sum(1) > 0)
            if not go.any():
                break
            r = np.nonzero(go)[0]
            v = self._pick(deck[r], deck[r].sum(1), j[r])
            deck[r, v] -= 1
            gold[r] += v + 1
            crowns[r] += t.card_crowns[v]
        got = gold if rules.pizarro_scores == "gold" else crowns
        return np.where(gold > rules.pizarro_limit, 0, got)

    def shares(self) -> np.ndarray:
        """Each player's share of the win: 1 for the sole leader, 1/k for k tied leaders."""
        top = self.score == self.score.max(1, keepdims=True)
        return top / top.sum(1, keepdims=True)


# ----------------------------------------------------------------------------------------------
# auctions in closed form


def resolve(limits: np.ndarray, high: np.ndarray, holder: np.ndarray, start: np.ndarray):
    """The end of an auction in which every player raises the high bid by 1 while it is below
    his limit, and otherwise passes for good.  `start` acts next; `holder` (-1: none) holds
    `high`.  Returns (winner or -1, price, bids made per player).

    Levels: while the set S of players whose limit reaches the next bid has two or more
    members, they raise in turn in seat order from `start`, so up to the lowest limit b in S
    there are b - high bids and the holder of b is the member at rank (b - high - 1) mod |S|.
    Then S shrinks; one member left outside the holder bids once more and wins.  Arrays are
    [player, row] inside, and rows drop out as their auctions end."""
    n, P = limits.shape
    L = np.ascontiguousarray(limits.T)
    seats = np.arange(P)[:, None]
    winner, price = holder.copy(), high.copy()
    bids = np.zeros((P, n), dtype=np.int64)
    rows = np.arange(n)
    start, held_by = start.copy(), holder.copy()
    level = high.copy()
    while len(rows):
        k = level + 1
        S = L >= k
        m = S.sum(0)
        has = held_by >= 0
        others = m - (S[np.maximum(held_by, 0), np.arange(len(rows))] & has)
        single = (others > 0) & (m == 1)
        if single.any():
            who = _first(S[:, single])
            r = rows[single]
            winner[r], price[r] = who, k[single]
            bids[who, r] += 1
        multi = (others > 0) & (m >= 2)
        if not multi.any():
            break
        rows, L, start, level, S, m = rows[multi], L[:, multi], start[multi], level[multi], S[:, multi], m[multi]
        b = np.where(S, L, BIG).min(0)
        count = b - level
        before = seats < start  # seats that act after the wrap-around
        below = np.cumsum(S, axis=0) - S  # members of S in lower seats
        rank = below - (S & before).sum(0) + m * before  # rank among S in turn order from `start`
        new = _first(S & (rank == (count - 1) % m))
        bids[:, rows] += S * (count // m + (rank < count % m))
        winner[rows], price[rows] = new, b
        held_by, level, start = new, b, (new + 1) % P
    return winner, price, np.ascontiguousarray(bids.T)


def resolve_steps(limits: np.ndarray, high: np.ndarray, holder: np.ndarray, start: np.ndarray, bits: np.ndarray):
    """`resolve` bid by bid, for hands that cannot lay out every amount: in turn from `start`, each player
    still in raises to the smallest bid in his `bits` [n,P,W] (legal_bits) above the high bid if it is within
    his limit, else passes for good; the auction ends when the turn comes back to the holder (or everyone
    has passed).  Once every bidder still in can lay out every amount from the high bid up to his limit,
    the rest of the auction goes by 1 and is finished in closed form (`resolve`).
    Returns (winner or -1, price, bids made per player)."""
    n, P = limits.shape
    W = bits.shape[2]
    winner, price = holder.copy(), high.copy()
    bids = np.zeros((n, P), dtype=np.int64)
    seats = np.arange(P)
    passed = (limits <= high[:, None]) & (seats[None, :] != holder[:, None])
    rows, cur, h, hold = np.arange(n), start.copy(), high.copy(), holder.copy()
    L, flat = limits, bits.reshape(n * P, W)
    after = (np.arange(P)[:, None] + np.arange(1, P + 1)[None, :]) % P  # after[p]: the seats after p, in turn
    live = np.ones(n, dtype=bool)  # which of `rows` are still bidding
    step = 0
    while len(rows):
        m = len(rows)
        ar = np.arange(m)
        if W == 1 and step % 3 == 1:
            easy = live & _covered(flat.reshape(m, P), L, h, passed)
            if easy.any():  # the rest goes by 1: closed form
                r = rows[easy]
                lim = np.where(passed[easy], 0, L[easy])
                winner[r], price[r], more = resolve(lim, h[easy], hold[easy], cur[easy])
                bids[r] += more
                live &= ~easy
                if not live.any():
                    break
        step += 1
        nxt = next_above(flat[ar * P + cur], h)
        up = (nxt <= L[ar, cur]) & live
        h = np.where(up, nxt, h)
        hold = np.where(up, cur, hold)
        bids[rows[up], cur[up]] += 1
        out = ~up & live
        passed[ar[out], cur[out]] = True
        cand = after[cur]
        ok = ~passed.reshape(-1)[(ar * P)[:, None] + cand]
        cur = cand[ar, np.argmax(ok, axis=1)]
        done = live & (~ok.any(1) | (cur == hold))
        winner[rows[done]], price[rows[done]] = hold[done], h[done]
        live &= ~done
        if not live.any():
            break
        if 4 * live.sum() <= 3 * m:  # drop the finished rows once a quarter of them are done
            keep = live
            rows, cur, h, hold, L, passed, live = (rows[keep], cur[keep], h[keep], hold[keep], L[keep],
                                                   passed[keep], live[keep])
            flat = flat.reshape(m, P, W)[keep].reshape(-1, W)
    return winner, price, bids


def _covered(bits: np.ndarray, limits: np.ndarray, h: np.ndarray, passed: np.ndarray) -> np.ndarray:
    """Rows where every player still in whose limit is above h can lay out every amount in (h, limit]
    (one-word masks [m,P])."""
    lo = np.clip(h + 1, 0, 63).astype(np.uint64)[:, None]
    hi = np.clip(limits + 1, 0, 64)
    top = np.where(hi >= 64, ALL, (np.uint64(1) << np.minimum(hi, 63).astype(np.uint64)) - np.uint64(1))
    want = top & ~((np.uint64(1) << lo) - np.uint64(1))
    member = ~passed & (limits > h[:, None])
    return ~(member & ((bits & want) != want)).any(1) & (h < 63)


def first_gap(hand: np.ndarray) -> np.ndarray:
    """The smallest positive amount a hand [..., V] cannot lay out: with the cards taken smallest first, the
    first value above 1 + the sum of those before it (every amount below it is a sum of cards)."""
    gold = hand * VAL
    before = np.cumsum(gold, axis=-1) - gold  # the gold of the smaller cards
    short = (hand > 0) & (VAL > before + 1)
    first = np.argmax(short, axis=-1)[..., None]
    return np.where(short.any(-1), np.take_along_axis(before, first, axis=-1)[..., 0], gold.sum(-1)) + 1


def legal_bits(hand: np.ndarray, spare: np.ndarray) -> np.ndarray:
    """rules.legal_bids (exact_sum) for a batch: hand [m,V] -> [m,W] uint64 bit masks (bit b of the mask:
    bid b), W words enough for the largest hand; the whole hand's total is left out where `spare`."""
    m = len(hand)
    total = hand @ VAL
    W = int(total.max()) // 64 + 1 if m else 1
    bits = np.zeros((m, W), dtype=np.uint64)
    bits[:, 0] = 1
    for i in range(V):
        c = hand[:, i]
        top = int(c.max()) if m else 0
        shifted, acc = bits, bits.copy()
        for k in range(1, top + 1):
            shifted = _shift_left(shifted, i + 1)
            acc |= np.where((c >= k)[:, None], shifted, np.uint64(0))
        bits = acc
    bits[:, 0] &= ~np.uint64(1)
    rows = np.nonzero(spare & (total > 0))[0]
    if len(rows):
        word, bit = total[rows] // 64, (total[rows] % 64).astype(np.uint64)
        bits[rows, word] &= ~(np.uint64(1) << bit)
    return bits


def _shift_left(x: np.ndarray, s: int) -> np.ndarray:
    out = x << np.uint64(s)
    if x.shape[1] > 1:
        out[:, 1:] |= x[:, :-1] >> np.uint64(64 - s)
    return out


def next_above(bits: np.ndarray, h: np.ndarray) -> np.ndarray:
    """The smallest set bit above h in each row of bits [m,W] (BIG where none): the next bid above h."""
    m, W = bits.shape
    if W == 1:  # hands of under 64 gold
        x = bits[:, 0] & np.where(h < 63, ALL << np.clip(h + 1, 0, 63).astype(np.uint64), np.uint64(0))
        low = x & (~x + np.uint64(1))
        return np.where(x != 0, np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1, BIG)
    shift = h[:, None] + 1 - 64 * np.arange(W)[None, :]
    keep = np.where(shift <= 0, ALL, np.where(shift >= 64, np.uint64(0),
                                              ALL << np.clip(shift, 0, 63).astype(np.uint64)))
    x = bits & keep
    nz = x != 0
    w = np.argmax(nz, axis=1)
    xw = x[np.arange(m), w]
    low = xw & (~xw + np.uint64(1))
    pos = np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1 + 64 * w
    return np.where(nz.any(1), pos, BIG)


def _first(cond: np.ndarray) -> np.ndarray:
    """The first index along axis 0 where cond holds (rows where it holds somewhere)."""
    out = np.zeros(cond.shape[1], dtype=np.int64)
    for p in range(cond.shape[0] - 1, -1, -1):
        out[cond[p]] = p
    return out


def greedy_payment(hand: np.ndarray, bid: np.ndarray, spare: np.ndarray) -> np.ndarray:
    """policies.greedy_payment for a batch: hand [n,V], bid [n], spare [n] -> counts paid [n,V]."""
    pay = np.zeros_like(hand)
    rest = bid.copy()
    for i in range(V - 1, -1, -1):
        k = np.minimum(hand[:, i], rest // (i + 1))
        pay[:, i] = k
        rest -= k * (i + 1)
    need = rest > 0
    if need.any():
        v = np.argmax(hand > pay, axis=1)
        pay[np.nonzero(need)[0], v[need]] += 1
    single_ok = (hand > 0) & (VAL[None, :] >= bid[:, None])
    has_single = single_ok.any(1)
    single = np.argmax(single_ok, axis=1)
    use = has_single & (single + 1 <= pay @ VAL)
    if use.any():
        pay[use] = 0
        pay[np.nonzero(use)[0], single[use]] = 1
    whole = spare & (pay == hand).all(1)
    if whole.any():
        rows = np.nonzero(whole)[0]
        pay[rows, np.argmax(pay[rows] > 0, axis=1)] -= 1
    return pay


def _first_held(counts: np.ndarray, order: np.ndarray) -> np.ndarray:
    """The first value index in `order` each row holds."""
    return order[np.argmax(counts[:, order] > 0, axis=1)]


def _tuck(tuck: np.ndarray, mask: np.ndarray, counts: np.ndarray, order: np.ndarray, out: np.ndarray) -> np.ndarray:
    """`tuck` with, in the rows of `mask` (a card that tucks one from the payment or the hand, `counts`), the first
    value of `order` those counts hold; one card of it is taken from `out` in those rows."""
    if not mask.any():
        return tuck
    tv = _first_held(counts, order)
    rows = np.nonzero(mask)[0]
    out[rows, tv[rows]] -= 1
    return np.where(mask, tv, tuck)


# ----------------------------------------------------------------------------------------------
# bid states: hidden cards sampled, the auction in progress resolved, the game played out


def from_state(t: Tables, state, dealt, replicas: int, rng: np.random.Generator) -> "Games":
    """Rows for the deals `dealt` = (hands [m,P,V], pile [m,V], tucked [m,S]) of the hidden cards
    (deal.sample), each repeated `replicas` times (row = deal * replicas + replica), set to the bid state:
    the card up on top of this phase's deck, the rest of it shuffled below."""
    hands, pile, tucked = dealt
    samples = len(hands)
    f, rules = state.phase - 1, t.rules
    orders = [np.zeros((samples, 0), dtype=np.int64)] * F
    rest = shuffled_decks(np.array(state.deck), samples, rng)
    orders[f] = np.concatenate([np.full((samples, 1), state.card, dtype=np.int64), rest], axis=1)
    for g in range(f + 1, F):
        orders[g] = shuffled_decks(rules.cards_per_phase[g], samples, rng)
    chance = Chance(rng, samples, t.players, orders)
    n = samples * replicas
    sample = np.repeat(np.arange(samples), replicas)
    games = Games(t, n, chance, sample)
    games.hand[:] = hands[sample]
    games.gold[:] = games.hand @ VAL
    games.pile[:] = pile[sample]
    games.disc[:] = state.discard
    for e in range(E):
        for g in range(F):
            for p in state.ships[e][g]:
                games.ships[:, e, g, p] += 1
            for p in state.right[e][g]:
                games.right[:, e, g, p] += 1
    games.supply[:] = rules.ships - (games.ships + games.right).sum((1, 2))
    games.arrived[:] = (games.ships + games.right)[:, :, f, :]
    for i, stack in enumerate(state.stacks):
        games.stack_owner[:, i] = stack.owner
        games.stack_level[:, i] = stack.level
        games.stack_crowns[:, i] = tucked[sample, i]
    games.vetoes[:] = state.vetoes
    games.phase[:] = state.phase
    games.load_deck(np.arange(n), f)
    games.opener[:] = state.opener
    return games


def play_bid_state(games: "Games", state, limit: np.ndarray | None = None, veto: np.ndarray | None = None,
                   payment: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Resolve the auction in progress, then play every row to the end.

    Everyone bids by his policy, except the player to act where `limit` is given: he raises up to
    limit[row] (0: he passes), to the smallest bid his hand can make each time, like everyone; where he
    wins he pays payment[price] (counts per value: his hand is known) instead of by his policy's rule.  Where `veto` is
    set he vetoes the card instead: it goes to the bottom of the phase's deck and the game goes on.
    Returns (winner, price) of the auction in progress (-1, 0 where vetoed or unsold)."""
    t, n, me = games.t, games.n, state.to_act
    veto = np.zeros(n, dtype=bool) if veto is None else veto
    winner, price = np.full(n, -1), np.zeros(n, dtype=np.int64)
    if veto.any():
        j = np.nonzero(veto)[0]
        games.deck[j, games.tail[j]] = state.card
        games.tail[j] += 1
        games.head[j] += 1
        games.vetoes[j, me] -= 1
        games.vetoes_used[j, me] += 1
    idx = np.nonzero(~veto)[0]
    if len(idx):
        m = len(idx)
        card = np.full(m, state.card)
        f = np.full(m, state.phase - 1)
        caps = games._caps(idx, t.spare[card])
        values = games._values(idx, card, f)
        elig = games._eligible(idx, card, f)
        for p in state.passed:
            elig[:, p] = False
        limits = games._limits(idx, values, f, caps, elig)
        if state.holder is not None:  # a bid he made stands even above what his policy would bid now
            limits[:, state.holder] = np.maximum(limits[:, state.holder], state.high)
        if limit is not None:
            limits[:, me] = limit[idx]
        high = np.full(m, state.high)
        holder = np.full(m, -1 if state.holder is None else state.holder)
        won, paid, bids = games.resolve(idx, limits, high, holder, np.full(m, me), t.spare[card])
        games.bids[idx] += bids
        pay = custom = None
        if payment is not None:
            custom = won == me
            pay = np.zeros((m, V), dtype=np.int64)
            pay[custom] = payment[paid[custom]]
        games.settle(idx, card, f, won, paid, pay, custom)
        winner[idx], price[idx] = won, np.where(won >= 0, paid, 0)
    games.play()
    return winner, price


# ----------------------------------------------------------------------------------------------
# full games, for balance runs


def full_games(rules: RuleSet, policies: list[pol.Policy], n: int, rng: np.random.Generator,
               batch: int = 8192) -> dict:
    """Play n games from the set-up; per game: `score` and win `share` [n,P] (a tie shares the
    win), `bids`, `won` (cards), `vetoes` [n,P], `unsold` [n], `pizarro` [n] (-1: no Pizarro draw)."""
    t = Tables(rules, policies)
    parts = []
    for start in range(0, n, batch):
        g = Games.setup(t, min(batch, n - start), rng).play()
        drew = np.zeros(g.n, dtype=bool)
        for e in np.nonzero(t.draw_score)[0]:
            drew |= g.ships[:, e, F - 1, :].sum(1) > 0
        parts.append({"score": g.score, "share": g.shares(), "bids": g.bids, "won": g.won,
                      "vetoes": g.vetoes_used, "unsold": g.unsold, "pizarro": np.where(drew, g.pizarro, -1)})
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def play_games(rules: RuleSet, policies: list[pol.Policy], n: int, rng: np.random.Generator) -> dict:
    """n games from the set-up as per-seat sums that merge by addition (`analyzer odds` on a set-up)."""
    g = full_games(rules, policies, n, rng)
    score = g["score"].astype(float)
    drew = g["pizarro"] >= 0
    return {"n": n, "wins": g["share"].sum(0), "crowns": score.sum(0), "crowns_sq": (score * score).sum(0),
            "unsold": int(g["unsold"].sum()), "bids": g["bids"].sum(0), "won": g["won"].sum(0),
            "vetoes": g["vetoes"].sum(0), "pizarro": int(g["pizarro"][drew].sum()), "pizarro_games": int(drew.sum())}


class GamesTask:
    """`task(n, rng) -> dict` for the runner: n full games under one rule set and seating."""

    def __init__(self, rules: RuleSet, policies: list[pol.Policy]):
        self.rules, self.policies = rules, list(policies)

    def __call__(self, n: int, rng: np.random.Generator) -> dict:
        return play_games(self.rules, self.policies, n, rng)
