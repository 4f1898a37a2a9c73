"""The readable rules of Samarkand (Sackson) (spec §2-§5), obviously correct and slow: tests hold the engine to it.

`Table` is a full-information, mutable game state (lists).  One turn, `play_turn(t, chance, decider)`: the move
(a free step, the nomad extra-move chain, or the die for 5 piasters), then the final space acts (camp, oasis,
city), then the end of the turn (the broke are out, the turn cap).  Chance comes from a `chance` object, every
choice from a `decider`, so the fast engine can be replayed here (`apply`, with both read off its record):

- chance: `cube(bag) -> kind` (one cube, kind k with chance bag[k] / total), `face(faces) -> index into the die`,
  `lost(hand) -> kind` (one oasis-penalty cube, uniform over the hand).  `RandomChance(rng)`; `FixedChance`.
- decider: `move(t, seat, kinds) -> "step" | "die"`, `step(t, seat, spaces) -> space`, `landing(t, seat, face,
  spaces) -> space`, `gift(t, seat) -> kind`, `gift_colour(t, seat, kinds) -> kind`, `camp(t, seat, space,
  can_move_on) -> "trade" | "move_on"`, `trade(t, seat, space) -> (give, take)` (6-tuples; zeros: no trade),
  `oasis(t, seat, space) -> 1 | 4`, `sale(t, seat, sales) -> index`, `discard(t, seat, n) -> 6-tuple`,
  `place(t, seat) -> space`.  `UniformDecider(rng)` is the spec's random legal player.

Canonical orders: moves "step" then "die" (the die only with >= 5 piasters); spaces by index; sales by market
(Board.markets order), then lot size, an assortment's kind sets by (size, kinds).  A turn's events happen in
this order: the move (the die paid, then rolled), at each camp entered the gift then the trade or the next step,
the final space's action; every bag draw puts its cube where it goes at once, and when a draw empties the bag the
players from the mover on with over 12 cubes discard down to 12 into it before drawing resumes.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations

from analyzer.games.samarkand_sackson import rules as r
from analyzer.games.samarkand_sackson.rules import Board, Settings
from analyzer.games.samarkand_sackson.state import Position, PlayerState, draw_from, start_position

K = len(r.KINDS)


@dataclass
class Table:
    board: Board
    settings: Settings
    players: int
    disc: list  # market indices, newest first, -1: none
    fields: list  # per camp: counts by kind
    bag: list
    out_of_play: list
    space: list
    money: list
    hand: list  # per seat: counts by kind
    out: list
    names: list
    to_move: int = 0
    turn: int = 0
    winner: int | None = None
    end: str | None = None
    log: list = field(default_factory=list)

    def field_of(self, space: int) -> list:
        return self.fields[self.board.camp_of[space]]


def from_position(p: Position) -> Table:
    if not p.full_information:
        raise ValueError("the reference plays full-information positions (every hand known, the bag counted)")
    return Table(p.board, p.settings, p.players, list(p.disc), [list(f) for f in p.fields], list(p.bag),
                 list(p.out_of_play), [q.space for q in p.seats], [q.money for q in p.seats],
                 [list(q.known) for q in p.seats], [q.out for q in p.seats], [q.name for q in p.seats],
                 p.to_move, p.turn, p.winner, p.end)


def to_position(t: Table, like: Position | None = None) -> Position:
    seats = tuple(PlayerState(t.names[s], t.space[s], t.money[s], tuple(t.hand[s]), 0, t.out[s])
                  for s in range(t.players))
    base = like if like is not None else Position(t.players, t.board, t.settings)
    return replace(base, disc=tuple(t.disc), fields=tuple(tuple(f) for f in t.fields), bag=tuple(t.bag),
                   out_of_play=tuple(t.out_of_play), seats=seats, to_move=t.to_move, turn=t.turn,
                   winner=t.winner, end=t.end)


def new_game(players: int, rng, board: Board = r.DEFAULT_BOARD, settings: Settings = Settings(),
             spaces: list[int] | None = None) -> Table:
    """Set-up (spec §2) through state.start_position: hands, fields, then a uniform space per seat."""
    return from_position(start_position(players, rng, board, settings, spaces))


# ------------------------------------------------------------------------------------------------
# chance and the random legal player


class RandomChance:
    def __init__(self, rng):
        self.rng = rng

    def cube(self, bag):
        return draw_from(bag, self.rng.random())

    def face(self, faces):
        return min(int(self.rng.random() * len(faces)), len(faces) - 1)

    def lost(self, hand):
        return draw_from(hand, self.rng.random())


class FixedChance:
    """Chance read off lists: the cubes' kinds in draw order, die faces (indices), penalty cubes' kinds."""

    def __init__(self, cubes=(), faces=(), lost=()):
        self.cubes, self.faces, self.lost_ = list(cubes), list(faces), list(lost)

    def cube(self, bag):
        k = self.cubes.pop(0)
        if bag[k] <= 0:
            raise ValueError(f"a {r.KINDS[k]} cube drawn from a bag without one")
        return k

    def face(self, faces):
        return self.faces.pop(0)

    def lost(self, hand):
        k = self.lost_.pop(0)
        if hand[k] <= 0:
            raise ValueError(f"a {r.KINDS[k]} penalty cube from a hand without one")
        return k


def take_uniform(counts, n: int, u) -> tuple[int, ...]:
    """n cubes uniformly without replacement from `counts` (one uniform u() each), as counts."""
    left, got = list(counts), [0] * K
    for _ in range(n):
        k = draw_from(left, u())
        left[k] -= 1
        got[k] += 1
    return tuple(got)


class UniformDecider:
    """The random legal player (spec §9): uniform over moves, then spaces, cubes, trades and sales."""

    def __init__(self, rng):
        self.rng = rng

    def _pick(self, items):
        return items[min(int(self.rng.random() * len(items)), len(items) - 1)]

    def place(self, t, seat):
        return self._pick(range(t.board.spaces))

    def move(self, t, seat, kinds):
        return self._pick(kinds)

    def step(self, t, seat, spaces):
        return self._pick(spaces)

    def landing(self, t, seat, face, spaces):
        return self._pick(spaces)

    def gift(self, t, seat):
        return draw_from(t.hand[seat], self.rng.random())

    def gift_colour(self, t, seat, kinds):
        return self._pick(kinds)

    def camp(self, t, seat, space, can_move_on):
        return self._pick(("trade", "move_on")) if can_move_on else "trade"

    def trade(self, t, seat, space):
        f, hand, cap = t.field_of(space), t.hand[seat], t.board.capacity[space]
        u = self.rng.random
        if t.settings.trade_counts == "equal":
            m = self._pick(range(min(sum(f), sum(hand)) + 1))
            take, give = take_uniform(f, m, u), take_uniform(hand, m, u)
        else:
            n_take = self._pick(range(sum(f) + 1))
            n_give = self._pick(range(min(sum(hand), cap - sum(f) + n_take) + 1))
            take, give = take_uniform(f, n_take, u), take_uniform(hand, n_give, u)
        return give, take

    def oasis(self, t, seat, space):
        return self._pick((1, r.OASIS_CUBES))

    def sale(self, t, seat, sales):
        return self._pick(range(len(sales)))

    def discard(self, t, seat, n):
        return take_uniform(t.hand[seat], n, self.rng.random)


# ------------------------------------------------------------------------------------------------
# money and the bag


def pay(t: Table, seat: int, amount: int) -> int:
    """Pay up to `amount` (shortfall take_all: all he has); returns what was paid."""
    paid = min(amount, t.money[seat])
    t.money[seat] -= paid
    return paid


def empty_bag(t: Table, decider) -> None:
    """The last cube was drawn: from the mover on, everyone with over 12 cubes discards down to 12 into the bag."""
    for i in range(t.players):
        seat = (t.to_move + i) % t.players
        n = sum(t.hand[seat]) - r.HAND_LIMIT
        if n > 0 and not t.out[seat]:
            lost = decider.discard(t, seat, n)
            assert sum(lost) == n and all(0 <= x <= h for x, h in zip(lost, t.hand[seat])), "a bad discard"
            for k in range(K):
                t.hand[seat][k] -= lost[k]
                t.bag[k] += lost[k]
            t.log.append(("discard", seat, tuple(lost)))


def draw_into(t: Table, dest: list, n: int, chance, decider) -> list[int]:
    """n cubes from the bag into `dest` one by one (empty_bag: deliver what exists); the kinds in order."""
    got = []
    for _ in range(n):
        if sum(t.bag) == 0:
            break
        k = chance.cube(t.bag)
        t.bag[k] -= 1
        dest[k] += 1
        got.append(k)
        if sum(t.bag) == 0:
            empty_bag(t, decider)
    return got


# ------------------------------------------------------------------------------------------------
# moves


def move_kinds(t: Table, seat: int) -> list[str]:
    return ["step"] + (["die"] if t.money[seat] >= r.DIE_COST else [])


def legal_moves(x, seat: int | None = None) -> list[tuple]:
    """("step", y) for each successor, then ("die", face index, landing) for each face and landing (space ids)."""
    t = from_position(x) if isinstance(x, Position) else x
    seat = t.to_move if seat is None else seat
    b, here = t.board, t.space[seat]
    out = [("step", b.space_ids[y]) for y in b.succ[here]]
    if "die" in move_kinds(t, seat):
        for i, face in enumerate(t.settings.die):
            out += [("die", i, b.space_ids[y]) for y in r.die_ends(b, here, face)]
    return out


def play_turn(t: Table, chance, decider) -> None:
    """One whole turn of the player to move (spec §3): move, act on the final space, end the turn."""
    assert t.end is None, "the game is over"
    seat, b = t.to_move, t.board
    kind = decider.move(t, seat, move_kinds(t, seat))
    if kind == "die":
        pay(t, seat, r.DIE_COST)
        i = chance.face(t.settings.die)
        face = t.settings.die[i]
        dest = decider.landing(t, seat, face, r.die_ends(b, t.space[seat], face))
        t.log.append(("die", seat, i, dest))
        free = False
    else:
        dest = decider.step(t, seat, b.succ[t.space[seat]])
        t.log.append(("step", seat, dest))
        free = True
    assert dest in (b.succ[t.space[seat]] if free else r.die_ends(b, t.space[seat], face)), "an illegal move"
    t.space[seat] = dest
    act(t, seat, dest, free, chance, decider)
    end_turn(t)


def act(t: Table, seat: int, space: int, free: bool, chance, decider) -> None:
    kind = t.board.kind[space]
    if kind == r.CAMP:
        camp(t, seat, space, free, chance, decider)
    elif kind == r.OASIS:
        oasis(t, seat, space, chance, decider)
    else:
        city(t, seat, space, decider)


# ------------------------------------------------------------------------------------------------
# the spaces


def camp(t: Table, seat: int, space: int, free: bool, chance, decider) -> None:
    """Spec §4: a full camp: pay 10, take all, 2 new cubes; else the gift, then one trade or (after a free step)
    the next step."""
    b, s, hand = t.board, t.settings, t.hand[seat]
    f, cap = t.field_of(space), b.capacity[space]
    if sum(f) >= cap:
        if t.money[seat] < r.FULL_CAMP_PRICE and s.full_camp_unpaid == "nothing":
            t.log.append(("full_camp", seat, 0, None))
            return
        paid = pay(t, seat, r.FULL_CAMP_PRICE)
        for k in range(K):
            hand[k] += f[k]
            f[k] = 0
        restock = draw_into(t, f, r.FIELD_RESTOCK, chance, decider)
        t.log.append(("full_camp", seat, paid, tuple(restock)))
        return
    if sum(hand):
        k = decider.gift(t, seat)
        assert hand[k] > 0, "a gift he does not have"
        hand[k] -= 1
        f[k] += 1
        t.log.append(("gift", seat, k))
    else:
        paid = pay(t, seat, r.GIFT_PRICE)
        if s.gift_purchase == "blind":
            got = draw_into(t, f, 1, chance, decider)
        else:
            kinds = [k for k in range(K) if t.bag[k]]
            got = [decider.gift_colour(t, seat, kinds)] if kinds else []
            for k in got:
                t.bag[k] -= 1
                f[k] += 1
            if got and sum(t.bag) == 0:
                empty_bag(t, decider)
        t.log.append(("bought_gift", seat, paid, tuple(got)))
    if decider.camp(t, seat, space, free and s.extra_move) == "move_on":
        assert free and s.extra_move, "the extra move follows a free step only"
        nxt = decider.step(t, seat, b.succ[space])
        assert nxt in b.succ[space], "an illegal extra move"
        t.space[seat] = nxt
        t.log.append(("extra", seat, nxt))
        act(t, seat, nxt, True, chance, decider)
        return
    give, take = decider.trade(t, seat, space)
    assert all(0 <= g <= h for g, h in zip(give, hand)) and all(0 <= x <= y for x, y in zip(take, f)), "bad trade"
    if s.trade_counts == "equal":
        assert sum(give) == sum(take), "trade_counts equal: m for m"
    assert sum(f) - sum(take) + sum(give) <= cap, "the field over its capacity"
    for k in range(K):
        f[k] += give[k] - take[k]
        hand[k] += take[k] - give[k]
    t.log.append(("trade", seat, tuple(give), tuple(take)))


def oasis(t: Table, seat: int, space: int, chance, decider) -> None:
    """Spec §4: under 5 piasters: 3 random cubes to the bank; 5..P-1: 1 cube for 5; else 1 for 5 or 4 for P."""
    price4, hand = t.board.price4[space], t.hand[seat]
    if t.money[seat] < r.ONE_CUBE:
        bank = t.bag if t.settings.penalty_cubes == "bag" else t.out_of_play
        lost = [0] * K
        for _ in range(min(r.PENALTY, sum(hand))):
            k = chance.lost(hand)
            hand[k] -= 1
            bank[k] += 1
            lost[k] += 1
        t.log.append(("penalty", seat, tuple(lost)))
        return
    n = decider.oasis(t, seat, space) if t.money[seat] >= price4 else 1
    assert n in (1, r.OASIS_CUBES), "1 or 4 cubes"
    pay(t, seat, r.ONE_CUBE if n == 1 else price4)
    got = draw_into(t, hand, n, chance, decider)
    t.log.append(("oasis", seat, n, tuple(got)))


def covered(b: Board, s: Settings, market: int, chips) -> bool:
    """Whether one of `chips` (market indices) lies on this market (disc_scope commodity: on its kind)."""
    if s.disc_scope == "market":
        return market in chips
    return any(c >= 0 and b.markets[c][1] == b.markets[market][1] for c in chips)


def legal_sales(b: Board, s: Settings, disc, hand, space: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every legal sale at this city with this hand now: (market, lot by kind), canonical order."""
    closed = list(disc[:1]) if s.market_disc == "closed" else []
    banned = {b.markets[c][1] for c in closed if c >= 0} if s.disc_scope == "commodity" else set()
    out = []
    for m in b.space_markets[space]:
        if closed and covered(b, s, m, closed):
            continue
        k = b.markets[m][1]
        if k != r.ASSORTMENT:
            sizes = range(2, hand[k] + 1) if s.sale_size == "choose" else ([hand[k]] if hand[k] >= 2 else [])
            out += [(m, tuple(n if j == k else 0 for j in range(K))) for n in sizes]
            continue
        kinds = [j for j in range(K) if hand[j] and j not in banned]
        sizes = range(s.assortment_min, len(kinds) + 1) if s.sale_size == "choose" else \
            ([len(kinds)] if len(kinds) >= s.assortment_min else [])
        for size in sizes:
            out += [(m, tuple(int(j in chosen) for j in range(K))) for chosen in combinations(kinds, size)]
    return out


def income(b: Board, s: Settings, disc, market: int, lot) -> int:
    """What a sale pays (spec §4, §10): the table, one step lower at a chipped market under step_down."""
    k, n = b.markets[market][1], sum(lot)
    row = b.assortment if k == r.ASSORTMENT else b.price[k]
    if s.market_disc == "step_down" and covered(b, s, market, disc):
        return row[n - 1] if n >= 3 else s.price_one
    return row[n]


def city(t: Table, seat: int, space: int, decider) -> None:
    """Spec §4: he must sell if he can (>= 2 of a kind, or an assortment); else a fine of 20.  500 wins at once."""
    sales = legal_sales(t.board, t.settings, t.disc, t.hand[seat], space)
    if not sales:
        paid = pay(t, seat, r.FINE)
        t.log.append(("fine", seat, paid))
        return
    market, lot = sales[decider.sale(t, seat, sales)]
    paid = income(t.board, t.settings, t.disc, market, lot)
    for k in range(K):
        t.hand[seat][k] -= lot[k]
        t.bag[k] += lot[k]
    t.money[seat] += paid
    if t.settings.market_disc == "closed":
        t.disc = [market]
    elif t.settings.market_disc == "step_down":
        t.disc = [market, t.disc[0]]
    t.log.append(("sell", seat, market, tuple(lot), paid))
    if t.money[seat] >= r.WIN:
        t.winner, t.end = seat, "won"


def end_turn(t: Table) -> None:
    """The broke are out (eliminate_broke), the last one in wins, the turn cap; then the next seat in."""
    t.turn += 1
    if t.end is not None:
        return
    if t.settings.eliminate_broke:
        for s in range(t.players):
            if not t.out[s] and t.money[s] == 0 and sum(t.hand[s]) == 0:
                t.out[s] = True
                t.log.append(("out", s))
        left = [s for s in range(t.players) if not t.out[s]]
        if len(left) <= 1:
            t.winner, t.end = (left[0] if left else None), "last_standing"
            return
    if t.turn >= t.settings.turn_cap:
        t.end = "capped"
        return
    for i in range(1, t.players + 1):
        nxt = (t.to_move + i) % t.players
        if not t.out[nxt]:
            t.to_move = nxt
            return


def play_game(t: Table, chance, decider, max_turns: int | None = None) -> Table:
    """Turns until the game ends (or max_turns more turns)."""
    done = 0
    while t.end is None and (max_turns is None or done < max_turns):
        play_turn(t, chance, decider)
        done += 1
    return t


# ------------------------------------------------------------------------------------------------
# replay of one recorded turn (the engine's check)


def _kind(name) -> int:
    return r.KINDS.index(name) if isinstance(name, str) else int(name)


def _lot(d) -> tuple[int, ...]:
    return tuple(int((d or {}).get(name, 0)) for name in r.KINDS)


class _Replay:
    """A decider answering from one turn's record (see the coordination notes: move, gifts, act, discards)."""

    def __init__(self, b: Board, turn: dict):
        move = tuple(turn["move"])
        self.kind = "die" if move[0] == "die" else "step"
        self.final = b.space(move[2], "move") if move[0] == "die" else None
        chain = [move[1]] if move[0] == "step" else list(move[1]) if move[0] == "chain" else []
        self.chain = [b.space(y, "move") for y in chain]
        self.gifts = [g for g in turn.get("gifts", [])]
        self.act = tuple(turn.get("act", ("no_trade",)))
        self.discards = [(int(seat), _lot(c)) for event in turn.get("discards", []) for seat, c in event.items()]

    def move(self, t, seat, kinds):
        return self.kind

    def step(self, t, seat, spaces):
        return self.chain.pop(0)

    def landing(self, t, seat, face, spaces):
        return self.final

    def gift(self, t, seat):
        return _kind(self.gifts.pop(0))

    def gift_colour(self, t, seat, kinds):
        return _kind(self.gifts.pop(0).split(":")[1])

    def camp(self, t, seat, space, can_move_on):
        return "move_on" if self.chain else "trade"

    def trade(self, t, seat, space):
        if self.act[0] == "trade":
            return _lot(self.act[1]), _lot(self.act[2])
        return (0,) * K, (0,) * K

    def oasis(self, t, seat, space):
        return int(self.act[1])

    def sale(self, t, seat, sales):
        return sales.index((int(self.act[1]), _lot(self.act[2])))

    def discard(self, t, seat, n):
        who, lot = self.discards.pop(0)
        assert who == seat, "discards out of order"
        return lot


def apply(position: Position, turn: dict) -> Position:
    """The position after one recorded turn (every decision and chance outcome in `turn`)."""
    t = from_position(position)
    d = _Replay(t.board, turn)
    cubes = []
    for g in turn.get("gifts", []):
        blind = t.settings.gift_purchase == "blind"
        if isinstance(g, str) and g.startswith("bought:") and g != "bought:none" and blind:
            cubes.append(_kind(g.split(":")[1]))
    act_ = tuple(turn.get("act", ()))
    if act_ and act_[0] == "oasis":
        cubes += [_kind(k) for k in act_[2]]
    elif act_ and act_[0] == "full_camp":
        cubes += [_kind(k) for k in act_[2]]
    lost = [k for k, n in enumerate(_lot(act_[1])) for _ in range(n)] if act_ and act_[0] == "penalty" else []
    move = tuple(turn["move"])
    chance = FixedChance(cubes, [int(move[1])] if move[0] == "die" else [], lost)
    d.gifts = [g for g in d.gifts if not (isinstance(g, str) and g.startswith("bought:"))] \
        if t.settings.gift_purchase == "blind" else [g for g in d.gifts if g != "bought:none"]
    play_turn(t, chance, d)
    return to_position(t, position)
