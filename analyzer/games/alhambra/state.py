"""Alhambra positions from a scenario (spec "What a position is"), every card and tile checked.

Core allows only a few top-level keys, so the spec's `settings:` go in `rules:` and the rest under `position:`:

    game: alhambra
    players: 4
    rules: {tie_split: occupied_ranks, pile_split: larger_first, hands_open: false, ...}
    position:
      me: 0                                    # the seat the questions are asked for
      to_move: 0
      money_deck: {draws_since_setup: 23, pile_sizes: [16, 17, 16, 17, 16], scoring_cards_seen: [1]}
      display: [{cur: blue, v: 3}, ...]        # 0..4 cards
      market: {blue: {kind: tower, cost: 9, walls: [n, e]}, ...}   # walls n, e, s, w (or 0-3); null: empty
      bought_this_turn: []
      tiles_left: 31
      hands: {0: [{cur: blue, v: 2}], 1: {count: 4}, ...}          # every seat: its cards, or {count: n} when hidden
      discards: [{cur: green, v: 5}]           # the paid cards one knows (may be partial)
      alhambras: {0: [{kind: garden, cost: 10, walls: [0], at: [0, -1]}]}   # y grows southward (layout.py)
      reserves: {1: [{kind: chambers, cost: 7, walls: [2, 3]}]}
      scores: [12, 9, 15, 4]
      focus: {draws: 10, before_my_turn: 6, tile: blue, reveal: 1, kind: tower}   # optional, per question

Readings where the spec is silent: the pile sizes count the scoring cards in and must be the larger_first split of
their total (under pile_split fifths only the total is used); draws_since_setup counts every card drawn after the
display was laid, scoring cards too; tiles listed nowhere are in the stack (tiles_left of them) or in seats'
alhambras and reserves not given (then the position is not `complete`); listed discards may be partial: the
unlisted paid cards count as unseen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.alhambra import layout
from analyzer.games.alhambra import rules as r
from analyzer.games.alhambra.rules import Settings

POSITION_KEYS = {"me", "to_move", "money_deck", "display", "market", "bought_this_turn", "tiles_left", "hands",
                 "discards", "alhambras", "reserves", "scores", "focus"}
DECK_KEYS = {"draws_since_setup", "pile_sizes", "scoring_cards_seen"}
FOCUS_KEYS = {"draws", "before_my_turn", "tile", "reveal", "kind"}
EMPTY = -2  # an empty market space
N_SORTS = len(r.CURRENCIES) * len(r.VALUES)  # money card sorts: index currency * 9 + value - 1
MAX_DRAWS = 120
DEFAULT_MONEY_LEFT = 80  # ILLUSTRATIVE, when pile_sizes are left out: the spec's example piles 16 17 16 17 16


def sort_of(card: tuple[int, int]) -> int:
    return card[0] * len(r.VALUES) + card[1] - 1


def card_name(card: tuple[int, int]) -> str:
    return f"{r.CURRENCIES[card[0]]} {card[1]}"


@dataclass(frozen=True)
class Focus:
    draws: int = 12  # question 1: the largest k shown
    before_my_turn: int | None = None  # question 1: deck draws before my next turn, when known (exact)
    tile: int | None = None  # question 2: the market space (currency) asked about; None: every tile
    reveal: int = 1  # question 2: the next r revealed money cards
    kind: int | None = None  # question 3: one kind, None: every kind


@dataclass(frozen=True)
class Position:
    players: int
    settings: Settings = field(default_factory=Settings)
    me: int = 0
    to_move: int = 0
    draws: int = 0  # deck draws since the display was laid (scoring cards included)
    pile_sizes: tuple[int, ...] = (16, 17, 16, 17, 16)
    scoring_seen: tuple[int, ...] = ()  # 1 and/or 2
    display: tuple[tuple[int, int], ...] = ()
    market: tuple[int, ...] = (EMPTY,) * 4  # by currency: tile id or EMPTY
    bought: tuple[int, ...] = ()
    tiles_left: int = 0
    stack: tuple[int, ...] = ()  # every tile listed nowhere (the stack is tiles_left of them)
    hands: tuple = ()  # per seat: sorted tuple of (cur, v), or None when hidden
    hand_counts: tuple[int, ...] = ()
    discards: tuple[tuple[int, int], ...] = ()
    alhambras: tuple = ()  # per seat: dict {(x, y): tile id}
    alhambras_given: tuple[bool, ...] = ()
    reserves: tuple = ()  # per seat: tuple of tile ids
    scores: tuple[int, ...] = ()
    unseen: tuple[int, ...] = (r.COPIES,) * N_SORTS  # count by sort: 108 - my hand - display - discards - known hands
    focus: Focus = field(default_factory=Focus)
    piles_given: bool = True  # False: money_deck.pile_sizes left out, the spec's example piles assumed

    @property
    def illustrative(self) -> bool:
        return not self.piles_given

    @property
    def money_left(self) -> int:
        """Money cards in the deck as it lay after the display was laid (the scoring cards not counted)."""
        return sum(self.pile_sizes) - 2

    @property
    def complete(self) -> bool:
        """Every tile is accounted for: listed, or in the stack."""
        return len(self.stack) == self.tiles_left

    @property
    def hidden(self) -> tuple[int, ...]:
        return tuple(s for s, h in enumerate(self.hands) if h is None)

    def counts(self, seat: int) -> list[int]:
        """Tiles of each kind in the seat's alhambra (the reserve never scores)."""
        out = [0] * len(r.KINDS)
        for tile in self.alhambras[seat].values():
            out[r.TILE_KIND[tile]] += 1
        return out


# ------------------------------------------------------------------------------------------------
# parsing

def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    me = sc.integer(block.get("me", 0), f"{P}.me", 0, players - 1)
    to_move = sc.integer(block.get("to_move", me), f"{P}.to_move", 0, players - 1)
    deck = sc.mapping(block.get("money_deck"), f"{P}.money_deck", DECK_KEYS)
    draws, piles, seen = _deck(deck, f"{P}.money_deck", settings)
    display = _cards(block.get("display"), f"{P}.display")
    if len(display) > r.DISPLAY:
        raise ScenarioError(f"{P}.display", f"at most {r.DISPLAY} cards; got {len(display)}")
    market = _market(block.get("market"), f"{P}.market")
    bought = tuple(_tile(t, f"{P}.bought_this_turn[{i}]")
                   for i, t in enumerate(sc.sequence(block.get("bought_this_turn"), f"{P}.bought_this_turn")))
    hands, counts = _hands(block.get("hands"), f"{P}.hands", players, me, settings)
    discards = _cards(block.get("discards"), f"{P}.discards")
    alhambras, given = _alhambras(block.get("alhambras"), f"{P}.alhambras", players)
    reserves = _reserves(block.get("reserves"), f"{P}.reserves", players)
    scores = _scores(block.get("scores"), f"{P}.scores", players)
    focus = _focus(block.get("focus"), f"{P}.focus")
    listed = _listed(market, bought, alhambras, reserves, P)
    stack = tuple(t for t in range(r.N_TILES) if t not in listed)
    tiles_left = sc.integer(block.get("tiles_left", len(stack)), f"{P}.tiles_left", 0, len(stack))
    unseen = _unseen(hands, display, discards, P)
    p = Position(players, settings, me, to_move, draws, piles, seen, display, market, bought, tiles_left, stack,
                 hands, counts, discards, alhambras, given, reserves, scores, unseen, focus,
                 piles_given=deck.get("pile_sizes") is not None)
    check(p)
    return p


def _card(value, where: str) -> tuple[int, int]:
    e = sc.mapping(value, where, {"cur", "v"})
    if not e:
        raise ScenarioError(where, "a money card {cur: blue|green|orange|yellow, v: 1..9}")
    cur = r.CURRENCIES.index(sc.choice(e.get("cur"), f"{where}.cur", r.CURRENCIES))
    return cur, sc.integer(e.get("v"), f"{where}.v", 1, 9)


def _cards(value, where: str) -> tuple[tuple[int, int], ...]:
    return tuple(_card(x, f"{where}[{i}]") for i, x in enumerate(sc.sequence(value, where)))


def _deck(value, where: str, settings: Settings) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    e = sc.mapping(value, where, DECK_KEYS)
    raw = e.get("pile_sizes")
    if raw is None:
        piles = r.pile_sizes(DEFAULT_MONEY_LEFT)
    else:
        items = sc.sequence(raw, f"{where}.pile_sizes")
        if len(items) != r.PILES:
            raise ScenarioError(f"{where}.pile_sizes", f"five piles, scoring cards counted in; got {len(items)}")
        piles = tuple(sc.integer(x, f"{where}.pile_sizes[{i}]", 1, r.N_MONEY) for i, x in enumerate(items))
        if piles != r.pile_sizes(sum(piles) - 2):
            raise ScenarioError(f"{where}.pile_sizes", f"five equal piles of the money left (the first ones a card "
                                                       f"more), +1 for the scoring card in piles 2 and 4: for "
                                                       f"{sum(piles)} cards {list(r.pile_sizes(sum(piles) - 2))}")
    money_left = sum(piles) - 2
    dealt = r.N_MONEY - r.DISPLAY - money_left
    if not 3 <= dealt <= 20 * r.PLAYERS[1]:
        raise ScenarioError(f"{where}.pile_sizes", f"{money_left} money cards left after the start deal and the "
                                                   f"display leaves {dealt} dealt; each player is dealt 3 to 20")
    seen = []
    for i, x in enumerate(sc.sequence(e.get("scoring_cards_seen"), f"{where}.scoring_cards_seen")):
        card = sc.integer(x, f"{where}.scoring_cards_seen[{i}]", 1, 2)
        if card in seen:
            raise ScenarioError(f"{where}.scoring_cards_seen[{i}]", f"scoring card {card} is given twice")
        seen.append(card)
    top = money_left + 2
    limit = MAX_DRAWS * 4 if settings.money_reshuffle else top
    draws = sc.integer(e.get("draws_since_setup", 0), f"{where}.draws_since_setup", 0, limit)
    for card, (first, last) in zip((1, 2), r.scoring_windows(money_left, settings.pile_split)):
        if card in seen and draws < first:
            raise ScenarioError(f"{where}.scoring_cards_seen", f"scoring card {card} lies at deck position "
                                                               f"{first}..{last} ({settings.pile_split}); only "
                                                               f"{draws} cards drawn")
        if card not in seen and draws >= last:
            raise ScenarioError(f"{where}.scoring_cards_seen", f"scoring card {card} lies at deck position "
                                                               f"{first}..{last} ({settings.pile_split}): after "
                                                               f"{draws} draws it has shown; list it")
    return draws, piles, tuple(sorted(seen))


SIDES = ("n", "e", "s", "w")  # a wall's side, 0-3 (layout.py)
SIDE_WORDS = ("north", "east", "south", "west")


def _side(value, where: str) -> int:
    """A wall's side as the board picture reads it (n, e, s, w; north up) or its number 0-3."""
    if isinstance(value, str) and value.strip().lower() in SIDES:
        return SIDES.index(value.strip().lower())
    if isinstance(value, str) and value.strip().lower() in SIDE_WORDS:
        return SIDE_WORDS.index(value.strip().lower())
    if isinstance(value, int) and not isinstance(value, bool):
        return sc.integer(value, where, 0, 3)
    raise ScenarioError(where, f"got {value!r}; allowed: a side n, e, s, w (north up) or 0-3")


def _tile(value, where: str) -> int:
    e = sc.mapping(value, where, {"kind", "cost", "walls"})
    kind = r.KINDS.index(sc.choice(e.get("kind"), f"{where}.kind", r.KINDS))
    cost = sc.integer(e.get("cost"), f"{where}.cost", 1, 20)
    walls = [_side(w, f"{where}.walls[{i}]") for i, w in enumerate(sc.sequence(e.get("walls"), f"{where}.walls"))]
    if len(set(walls)) != len(walls):
        raise ScenarioError(f"{where}.walls", "each wall side (n, e, s, w or 0 north, 1 east, 2 south, 3 west) once")
    tile = r.tile_id(kind, cost, walls)
    if tile is None:
        same = [i for i in range(r.N_TILES) if r.TILE_KIND[i] == kind and r.TILE_COST[i] == cost]
        allowed = "; ".join(f"walls {list(r.TILE_WALLS[i])}" for i in same) if same else \
            f"costs {', '.join(str(r.TILE_COST[i]) for i in range(r.N_TILES) if r.TILE_KIND[i] == kind)}"
        raise ScenarioError(where, f"no {r.KINDS[kind]} {cost} with walls {sorted(walls)} among the 54 tiles; "
                                   f"the {r.KINDS[kind]} tiles{' of that cost' if same else ''}: {allowed}")
    return tile


def _market(value, where: str) -> tuple[int, ...]:
    out = [EMPTY] * r.MARKET
    for key, item in sc.mapping(value, where).items():
        f = f"{where}.{sc.key_name(key)}"
        cur = r.CURRENCIES.index(sc.choice(key, f, r.CURRENCIES))
        if item is not None:
            out[cur] = _tile(item, f)
    return tuple(out)


def _seat(key, where: str, players: int) -> int:
    return sc.integer(key, f"{where}.{sc.key_name(key)}", 0, players - 1)


def _hands(value, where: str, players: int, me: int, settings: Settings) -> tuple[tuple, tuple[int, ...]]:
    block = sc.mapping(value, where)
    hands, counts = [None] * players, [None] * players
    for key, item in block.items():
        seat = _seat(key, where, players)
        f = f"{where}.{seat}"
        if counts[seat] is not None:
            raise ScenarioError(f, "this seat's hand is given twice")
        if isinstance(item, dict):
            e = sc.mapping(item, f, {"count"})
            if seat == me:
                raise ScenarioError(f, "my own hand: list its cards, e.g. [{cur: blue, v: 2}]")
            if settings.hands_open:
                raise ScenarioError(f, "hands_open: true: every hand is open; list its cards")
            counts[seat] = sc.integer(e.get("count"), f"{f}.count", 0, r.N_MONEY)
        else:
            hands[seat] = tuple(sorted(_cards(item, f)))
            counts[seat] = len(hands[seat])
    missing = [s for s in range(players) if counts[s] is None]
    if missing:
        raise ScenarioError(f"{where}.{missing[0]}", "every seat's hand: a list of cards, or {count: n} when hidden")
    return tuple(hands), tuple(counts)


def _placed(value, where: str) -> tuple[int, tuple[int, int]]:
    e = sc.mapping(value, where, {"kind", "cost", "walls", "at"})
    tile = _tile({k: v for k, v in e.items() if k != "at"}, where)
    at = sc.sequence(e.get("at"), f"{where}.at")
    if len(at) != 2:
        raise ScenarioError(f"{where}.at", "the square [x, y] (the fountain at [0, 0], y growing southward)")
    return tile, (sc.integer(at[0], f"{where}.at[0]", -20, 20), sc.integer(at[1], f"{where}.at[1]", -20, 20))


def _alhambras(value, where: str, players: int) -> tuple[tuple, tuple[bool, ...]]:
    out, given = [{} for _ in range(players)], [False] * players
    for key, items in sc.mapping(value, where).items():
        seat = _seat(key, where, players)
        f = f"{where}.{seat}"
        if given[seat]:
            raise ScenarioError(f, "this seat's alhambra is given twice")
        given[seat] = True
        alh = {}
        for i, item in enumerate(sc.sequence(items, f)):
            tile, square = _placed(item, f"{f}[{i}]")
            if square == layout.ORIGIN or square in alh:
                raise ScenarioError(f"{f}[{i}].at", f"{list(square)} is taken (the fountain stands at [0, 0])")
            alh[square] = tile
        problem = layout.problem(alh)
        if problem is not None:
            raise ScenarioError(f, f"not a legal alhambra: {problem}")
        out[seat] = alh
    return tuple(out), tuple(given)


def _reserves(value, where: str, players: int) -> tuple:
    out = [()] * players
    for key, items in sc.mapping(value, where).items():
        seat = _seat(key, where, players)
        f = f"{where}.{seat}"
        out[seat] = tuple(_tile(t, f"{f}[{i}]") for i, t in enumerate(sc.sequence(items, f)))
    return tuple(out)


def _scores(value, where: str, players: int) -> tuple[int, ...]:
    if value is None:
        return (0,) * players
    items = sc.sequence(value, where)
    if len(items) != players:
        raise ScenarioError(where, f"one score per seat ({players}); got {len(items)}")
    return tuple(sc.integer(x, f"{where}[{i}]", 0, 1_000) for i, x in enumerate(items))


def _focus(value, where: str) -> Focus:
    e = sc.mapping(value, where, FOCUS_KEYS)
    before = e.get("before_my_turn")
    tile = e.get("tile")
    kind = e.get("kind")
    return Focus(draws=sc.integer(e.get("draws", 12), f"{where}.draws", 1, MAX_DRAWS),
                 before_my_turn=None if before is None else sc.integer(before, f"{where}.before_my_turn", 0,
                                                                       MAX_DRAWS),
                 tile=None if tile is None else r.CURRENCIES.index(sc.choice(tile, f"{where}.tile", r.CURRENCIES)),
                 reveal=sc.integer(e.get("reveal", 1), f"{where}.reveal", 1, 20),
                 kind=None if kind is None else r.KINDS.index(sc.choice(kind, f"{where}.kind", r.KINDS)))


def _listed(market, bought, alhambras, reserves, P: str) -> set:
    places = [(f"{P}.market.{r.CURRENCIES[c]}", t) for c, t in enumerate(market) if t != EMPTY]
    places += [(f"{P}.bought_this_turn[{i}]", t) for i, t in enumerate(bought)]
    for seat, alh in enumerate(alhambras):
        places += [(f"{P}.alhambras.{seat}", t) for _, t in sorted(alh.items())]
    for seat, res in enumerate(reserves):
        places += [(f"{P}.reserves.{seat}[{i}]", t) for i, t in enumerate(res)]
    first = {}
    for where, t in places:
        if t in first:
            raise ScenarioError(where, f"the {r.tile_name(t)} tile is also at {first[t]}; there is one of each")
        first[t] = where
    return set(first)


def _unseen(hands, display, discards, P: str) -> tuple[int, ...]:
    known = [0] * N_SORTS
    for where, cards in [(f"{P}.display", display), (f"{P}.discards", discards)] + \
            [(f"{P}.hands.{s}", h) for s, h in enumerate(hands) if h is not None]:
        for card in cards:
            known[sort_of(card)] += 1
            if known[sort_of(card)] > r.COPIES:
                raise ScenarioError(where, f"a {r.COPIES + 1}th {card_name(card)}; there are {r.COPIES} of each "
                                           "money card (hands, display and discards together)")
    return tuple(r.COPIES - k for k in known)


def check(p: Position) -> None:
    """Raise ScenarioError when the position breaks the components or the rules."""
    P = "position"
    in_deck = p.money_left - (p.draws - len(p.scoring_seen))
    out = sum(p.hand_counts) + len(p.display) + len(p.discards)
    if p.draws <= p.money_left + 2 and out > r.N_MONEY - in_deck:
        raise ScenarioError(f"{P}.hands", f"{out} money cards in hands, display and discards, but only "
                                          f"{r.N_MONEY - in_deck} are out of the deck after {p.draws} draws")
    if p.draws > p.money_left + 2 and len(p.scoring_seen) < 2:
        raise ScenarioError(f"{P}.money_deck.scoring_cards_seen", "the deck ran out: both scoring cards have shown")
    hidden = sum(p.hand_counts[s] for s in p.hidden)
    if hidden > sum(p.unseen):
        raise ScenarioError(f"{P}.hands", f"the hidden hands hold {hidden} cards, but only {sum(p.unseen)} money cards "
                                          "are unseen")
    if out > r.N_MONEY:
        raise ScenarioError(f"{P}.hands", f"{out} money cards held, shown and discarded; there are {r.N_MONEY}")
    empty = sum(1 for t in p.market if t == EMPTY)
    if p.tiles_left and empty > len(p.bought):
        raise ScenarioError(f"{P}.market", f"{empty} empty spaces but {len(p.bought)} tiles bought this turn: the "
                                           "market is refilled after every turn while the stack lasts")
    if p.tiles_left < len(p.stack) and all(p.alhambras_given):
        raise ScenarioError(f"{P}.tiles_left", f"{len(p.stack)} tiles are listed nowhere, but every alhambra is "
                                               f"given: they are the stack; got {p.tiles_left}")


def questions(position: Position) -> tuple[str, ...]:
    """The questions a position supports: playing on (next_turn, majority) needs every tile accounted for and a
    stack left; next_turn a scoring card still to come."""
    out = ["odds", "change", "end"]
    if position.complete and position.tiles_left:
        if len(position.scoring_seen) < 2:
            out.append("next_turn")
        out.append("majority")
    return tuple(out)
