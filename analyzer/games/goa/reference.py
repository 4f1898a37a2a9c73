"""The readable Goa: the tiger start-player search, the auction markers and the one-round auctions, the tiles, the
six actions, the colony founding, the extra-action rounds, the rewards for advancing and the end scoring, in plain
Python (rules spec: shared/rules/goa.md; whole games run on the illustrative board data of rules.py, under the
readings of the coordination notes' whole-game model, which game.ENGINE_READINGS sums up).

`Table` is the whole mutable state.  Every rule is a function; each choice a player makes inside a rule, and each
chance outcome after the set-up (the phase B layout, a reshuffle's order), comes from `src`, an object with one
method per decision (reference_policies.Seats replays them from the engine's record or computes them), and the
rules check that every answer is legal.  The expedition card effects are rules here too (`play_card`), though whole
games never play them.

Rows are 1..5 as on the board; a grid square is y * 5 + x; a card is its index into settings.expedition_deck, a
tile its index into the phase's tile list.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from analyzer.core import settings as core_settings

from analyzer.games.goa import rules as r
from analyzer.games.goa.rules import Settings

SHIPS, HARVEST, TAXES, EXPEDITION, COLONISTS = range(len(r.COLUMNS))
ADVANCE = tuple(range(len(r.COLUMNS)))  # action codes 0..4: advance that column
BUILD_SHIPS, DO_HARVEST, DO_TAXES, DO_EXPEDITION = 5, 6, 7, 8
FOUND = 9  # 9..12: found colony 0..3
LAST_ROW = r.ROWS
COLONY_SPICE = (0, 1, 2, 3)  # the sack a founded colony holds (illustrative; the engine's game.COLONY_SPICE)
MAX_PLANTATIONS = 4
ADVANCED_DUCATS = 10
RED = ("red_ship", "red_colonist", "red_spice", "red_ducats")
RED_DUCATS = 4
TIED = {"harvest_any_mix": "harvest", "colony_three_cards": "colony", "advance_ships_only": "advance",
        "advance_spices_only": "advance", "advance_ducats": "advance"}  # the action cards: effect -> its action


@dataclass
class Player:
    ducats: int
    ships: int = r.START_SHIPS
    colonists: int = r.START_COLONISTS
    extra: int = 0  # extra-action cards
    hand: list = field(default_factory=list)  # expedition card ids
    rows: list = field(default_factory=lambda: [1] * len(r.COLUMNS))
    capacity: list = field(default_factory=lambda: [0] * len(r.SPICES))  # spaces per spice kind
    sacks: list = field(default_factory=lambda: [0] * len(r.SPICES))  # filled spaces per kind
    plantations: list = field(default_factory=list)  # (kind, spaces) in the order held, at most 4
    singles: int = 0  # 1-space plantations ever won: 1 point each, discarded ones too
    colonies: list = field(default_factory=list)  # colony types founded
    red: list = field(default_factory=lambda: [0] * len(RED))  # red tiles held (income every round)
    duty: bool = False
    mission: int = 0  # mission points
    allrows: int = 1  # the highest row all five markers reached that was rewarded
    won: list = field(default_factory=list)  # (phase, tile) in the order won


@dataclass
class Table:
    players: int
    settings: Settings
    deck: list  # expedition card ids, top first
    discard: list
    flag: int  # the flag owner
    start: int  # the start player
    seats: list
    grid: dict = field(default_factory=dict)  # square -> tile of the phase still on the board
    round: int = 0  # rounds played
    extra_supply: int = r.EXTRA_ACTION_CARDS
    rewards: dict = field(default_factory=dict)  # (column, row 4 or 5) -> the seat that reached it first
    actions: int = 0  # actions taken (extra ones included): turn_cap
    capped: bool = False
    ended: bool = False
    final: list | None = None  # the end scores
    card_played: bool = False  # an expedition card was played for the action under way
    acted: bool = False  # the action under way was taken (an action card comes too late now)
    flips: int = r.COLONY_FLIP  # cards the next colony founding flips (3 after the colony card)

    @property
    def phase(self) -> int:
        return 0 if self.round < r.ROUNDS // 2 else 1


def card(t: Table, cid: int) -> tuple:
    """The card's (effect, colonists, symbol)."""
    return t.settings.expedition_deck[cid]


def tile_name(t: Table, tile: int) -> str:
    """The name of the current phase's tile."""
    return (t.settings.tiles_a, t.settings.tiles_b)[t.phase][tile]


def dev(t: Table, p: Player, column: int):
    """What the marker's row of a column shows (the expedition column: (cards taken, hand limit))."""
    return t.settings.development[column][p.rows[column] - 1]


# -- set-up --------------------------------------------------------------------------------------------------------

def tiger_search(deck: list, settings: Settings) -> int:
    """Seats from the youngest (seat 0) in turn flip the deck's top card until one shows a tiger: the number of
    cards flipped (the last one's flipper starts: seat (flipped - 1) % players)."""
    for flipped, cid in enumerate(deck, 1):
        if settings.expedition_deck[cid][2] == r.TIGER:
            return flipped
    raise AssertionError("the expedition deck holds no tiger")


def setup(settings: Settings, players: int, deck: list) -> Table:
    """The table after the tiger search: the flipped cards in the discard, the start player holding the flag and
    7 ducats, the others 10; 4 ships, 2 colonists, every marker in row 1 (the tiles come with `lay`)."""
    assert r.PLAYERS[0] <= players <= r.PLAYERS[1], players
    assert sorted(deck) == list(range(r.DECK_SIZE)), "the deck is not the 30 cards"
    flipped = tiger_search(deck, settings)
    start = (flipped - 1) % players
    handicap = core_settings.handicap_by_rank(settings.seat_handicap, players)  # by rank from the start player
    seats = [Player((r.START_PLAYER_DUCATS if q == start else r.START_DUCATS) + handicap[(q - start) % players])
             for q in range(players)]
    return Table(players, settings, deck[flipped:], deck[:flipped], start, start, seats)


def advanced_start(t: Table, src) -> None:
    """The advanced rule (advanced_start): every seat from the start player either moves two markers to row 2
    (two_markers_row2; `src.advanced` names the two columns) or takes 10 ducats more (ten_ducats)."""
    for q in turn_order(t, t.start):
        if t.settings.advanced_start == "ten_ducats":
            t.seats[q].ducats += ADVANCED_DUCATS
        elif t.settings.advanced_start == "two_markers_row2":
            c1, c2 = src.advanced(t, q)
            assert 0 <= c1 < c2 < len(r.COLUMNS), (c1, c2)
            t.seats[q].rows[c1] = t.seats[q].rows[c2] = 2


def lay(t: Table, layout: list) -> None:
    """25 of the phase's 27 tiles onto the grid, square i taking layout[i]; any tiles left of the phase before
    leave."""
    assert len(layout) == r.GRID * r.GRID and len(set(layout)) == len(layout), layout
    assert all(0 <= tile < r.TILES_PER_PHASE for tile in layout), layout
    t.grid = dict(enumerate(layout))


def turn_order(t: Table, first: int) -> list[int]:
    return [(first + k) % t.players for k in range(t.players)]


# -- the expedition deck -------------------------------------------------------------------------------------------

def ensure(t: Table, k: int, src) -> None:
    """A draw of k cards is coming: a deck too short, with a discard, is made up per expedition_reshuffle
    (discard_under: the discard shuffled under the cards left; shuffle_together: both shuffled together);
    `src.reshuffle(t)` gives the new deck's order."""
    if len(t.deck) >= k or not t.discard:
        return
    new = list(src.reshuffle(t))
    assert sorted(new) == sorted(t.deck + t.discard), "the new deck is not the cards left and the discard"
    if t.settings.expedition_reshuffle == "discard_under":
        assert new[:len(t.deck)] == t.deck, "discard_under keeps the cards left on top, in order"
    t.deck, t.discard = new, []


def draw(t: Table) -> int | None:
    return t.deck.pop(0) if t.deck else None


def hand_limit(t: Table, p: Player) -> int:
    return dev(t, p, EXPEDITION)[1]


def discard_down(t: Table, seat: int, src) -> None:
    """The hand cut to the expedition row's limit, one card at a time (`src.discard` names it)."""
    p = t.seats[seat]
    while len(p.hand) > hand_limit(t, p):
        cid = src.discard(t, seat)
        assert cid in p.hand, (cid, p.hand)
        p.hand.remove(cid)
        t.discard.append(cid)


def gain_cards(t: Table, seat: int, k: int, src, action: bool = False) -> None:
    """Seat draws k cards (fewer when deck and discard run out).  The hand limit (expedition_limit): after_action
    only right after the expedition action (`action`); always: after every card gained."""
    ensure(t, k, src)
    for _ in range(k):
        cid = draw(t)
        if cid is None:
            break
        t.seats[seat].hand.append(cid)
        if t.settings.expedition_limit == "always":
            discard_down(t, seat, src)
    if action:
        discard_down(t, seat, src)


def flip(t: Table, k: int, src) -> int:
    """The top k cards flipped to the discard (after all k are turned): their colonists."""
    ensure(t, k, src)
    flipped = [c for c in (draw(t) for _ in range(k)) if c is not None]
    t.discard += flipped
    return sum(card(t, c)[1] for c in flipped)


# -- the auction markers and the auctions --------------------------------------------------------------------------

def xy(square: int) -> tuple[int, int]:
    return square % r.GRID, square // r.GRID


def flag_squares(t: Table) -> list[tuple[int, int]]:
    """Where the flag may go, (x, y) with -1 <= x, y <= 5 (the grid and its edge), y then x: a square holding no tile
    with a remaining tile sharing a side with it."""
    tiles = {xy(sq) for sq in t.grid}
    frame = range(-1, r.GRID + 1)
    return [(x, y) for y in frame for x in frame if (x, y) not in tiles
            and tiles & {(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)}]


def marker_squares(t: Table, marked: set, previous: tuple[int, int]) -> list[int]:
    """Where the next auction marker may go: an unmarked remaining tile adjacent (also diagonally) to the previous
    marker's square; none such: any unmarked remaining tile."""
    free = sorted(sq for sq in t.grid if sq not in marked)
    px, py = previous
    near = [sq for sq in free if max(abs(xy(sq)[0] - px), abs(xy(sq)[1] - py)) == 1]
    return near or free


def marker_placers(t: Table) -> list[int]:
    """Who places markers 2..P+1: each next player clockwise from the flag owner, who places marker 1 (on the
    flag) and the last."""
    return [(t.flag + k - 1) % t.players for k in range(2, t.players + 1)] + [t.flag]


def bidders(t: Table, owner: int) -> list[int]:
    """The bidding order: from the owner's left round to the owner, who bids last."""
    return [(owner + k) % t.players for k in range(1, t.players + 1)]


def auction(t: Table, owner: int, tile: int | None, src) -> int:
    """One bidding round (`src.bid`: a bid above the highest so far and within his ducats, or 0 for a pass); the
    highest bidder pays the owner (the bank when the owner wins); nobody bids: the owner's, free.  tile None: the
    flag.  Returns the winner."""
    top, winner = 0, None
    for q in bidders(t, owner):
        bid = src.bid(t, q, tile, top)
        assert bid == 0 or top < bid <= t.seats[q].ducats, (q, bid, top, t.seats[q].ducats)
        if bid:
            top, winner = bid, q
    if winner is None:
        return owner
    t.seats[winner].ducats -= top
    if winner != owner:
        t.seats[owner].ducats += top
    return winner


def take_extra(t: Table, seat: int, n: int = 1) -> None:
    """Seat takes n extra-action cards, as far as the supply of 10 goes."""
    n = min(n, t.extra_supply)
    t.seats[seat].extra += n
    t.extra_supply -= n


# -- spices, plantations and tiles ---------------------------------------------------------------------------------

def free_kinds(p: Player) -> list[int]:
    return [k for k in range(len(r.SPICES)) if p.capacity[k] > p.sacks[k]]


def harvest(t: Table, seat: int, amount: int, src) -> None:
    """Up to `amount` sacks of the player's choice, one at a time onto a free space of its kind (`src.sack`); the
    rest go back."""
    p = t.seats[seat]
    for _ in range(amount):
        kinds = free_kinds(p)
        if not kinds:
            return
        kind = src.sack(t, seat, kinds)
        assert kind in kinds, (kind, kinds)
        p.sacks[kind] += 1


def add_plantation(t: Table, seat: int, kind: int, spaces: int, src) -> None:
    """A plantation goes on the warehouse, filled at once; a fifth forces discarding one of the five (`src.plant`:
    its index in the held order, the new one last) with its sacks (its kind's sacks cut to the capacity left)."""
    p = t.seats[seat]
    p.plantations.append((kind, spaces))
    p.capacity[kind] += spaces
    p.sacks[kind] += spaces
    p.singles += spaces == 1
    if len(p.plantations) > MAX_PLANTATIONS:
        i = src.plant(t, seat)
        assert 0 <= i < len(p.plantations), i
        gone, gone_spaces = p.plantations.pop(i)
        p.capacity[gone] -= gone_spaces
        p.sacks[gone] = min(p.sacks[gone], p.capacity[gone])


def tile_kind(name: str) -> tuple[str, int | None, int]:
    """A tile name -> (kind, spice or None, amount): plantation_2_pepper -> (plantation, 1, 2), ships_4 ->
    (ships, None, 4), settlement -> (settlement, None, 1)."""
    if name.startswith("plantation_"):
        _, n, spice = name.split("_")
        return "plantation", r.SPICES.index(spice), int(n)
    head, _, tail = name.rpartition("_")
    return (head, None, int(tail)) if tail.isdigit() else (name, None, 1)


def win_tile(t: Table, seat: int, tile: int, src) -> None:
    """The auctioned tile's effect for its winner (using a tile is no action): goods at once, plantations onto the
    warehouse, red tiles kept for their income, the once-per-game tiles used at once (vize_koenig: the least
    advanced marker, ties the lower column, one row free; zusatzernte: every free space filled; nachschub: two cards
    flipped, their colonists taken), duty and missions kept for the end; spionage and tausch do nothing."""
    p = t.seats[seat]
    p.won.append((t.phase, tile))
    kind, spice, n = tile_kind(tile_name(t, tile))
    if kind == "plantation":
        add_plantation(t, seat, spice, n, src)
    elif kind == "ships":
        p.ships += n
    elif kind == "colonists":
        p.colonists += n
    elif kind == "ships_or_colonists":
        colonists = src.choice(t, seat)
        assert colonists in (0, 1), colonists
        if colonists:
            p.colonists += n
        else:
            p.ships += n
    elif kind == "settlement":
        p.ships += 1
        p.colonists += 1
        take_extra(t, seat)
    elif kind == "extra_actions":
        take_extra(t, seat, n)
    elif kind == "expeditions":
        gain_cards(t, seat, n, src)
    elif kind in RED:
        p.red[RED.index(kind)] = 1
    elif kind == "duty":
        p.duty = True
    elif kind == "zusatzernte":
        p.sacks = list(p.capacity)
    elif kind == "nachschub":
        p.colonists += flip(t, 2, src)
    elif kind == "vize_koenig":
        open_columns = [c for c in ADVANCE if p.rows[c] < LAST_ROW]
        if open_columns:
            advance(t, seat, min(open_columns, key=lambda c: (p.rows[c], c)), src, pay=None)
    elif kind == "mission":
        p.mission += n


def red_income(t: Table, src) -> None:
    """The red tiles, once per round, read as income at the start of the action phase, from the flag owner: one
    ship, one colonist, one spice (a harvest of one), four ducats."""
    for q in turn_order(t, t.flag):
        p = t.seats[q]
        ship, colonist, spice, ducats = p.red
        p.ships += ship
        p.colonists += colonist
        if spice:
            harvest(t, q, 1, src)
        p.ducats += RED_DUCATS * ducats


# -- the actions ---------------------------------------------------------------------------------------------------

def advance_cost(p: Player, column: int) -> tuple:
    """The spice kinds shown between the marker's row n and row n + 1 (n of them, each paid with a ship)."""
    return r.ADVANCE_SPICES[column][p.rows[column] - 1]


def can_advance(t: Table, p: Player, column: int, pay: str | None = "normal") -> bool:
    if p.rows[column] >= LAST_ROW:
        return False
    kinds = advance_cost(p, column)
    spices = all(p.sacks[k] >= kinds.count(k) for k in kinds)
    ships = p.ships >= len(kinds) * r.SHIPS_PER_SPICE
    return {"normal": spices and ships, "spices_only": spices, "ships_only": ships, "ducats": True, None: True}[pay]


def advance(t: Table, seat: int, column: int, src, pay: str | None = "normal", price: int = 0) -> None:
    """The column's marker one row down, paying the shown spices, each with a ship (pay: spices_only, ships_only,
    ducats `price`: the advance cards' ways; None: free, the viceroy); then the first to reach a column's row 4,
    and its row 5, takes an expedition card (one each per column for the whole table), and every time all five
    markers reach row 2, 3, 4, 5 an extra-action card."""
    p = t.seats[seat]
    assert can_advance(t, p, column, pay), (seat, column, pay)
    kinds = advance_cost(p, column)
    if pay in ("normal", "spices_only"):
        for k in kinds:
            p.sacks[k] -= 1
    if pay in ("normal", "ships_only"):
        p.ships -= len(kinds) * r.SHIPS_PER_SPICE
    if pay == "ducats":
        assert p.ducats >= price, "not enough ducats"
        p.ducats -= price
    p.rows[column] += 1
    row = p.rows[column]
    if row >= LAST_ROW - 1 and (column, row) not in t.rewards:
        t.rewards[column, row] = seat
        gain_cards(t, seat, 1, src)
    while p.allrows < min(p.rows):
        p.allrows += 1
        take_extra(t, seat)


def found_colony(t: Table, seat: int, colony: int, src) -> bool:
    """Name a colony type not founded by you; flip the top two expedition cards (three after the colony card);
    the colonists row's number + their colonists + colonist cards from the hand, paying only what is still
    missing.  Short: not founded, the hand kept, one colonist from the supply.  Founded: the tile, filled with its
    sack.  True when founded."""
    p = t.seats[seat]
    assert colony not in p.colonies, "that colony type is founded already"
    gathered = dev(t, p, COLONISTS) + flip(t, t.flips, src)
    missing = max(0, r.COLONY_TARGETS[colony] - gathered)
    if missing > p.colonists:
        p.colonists += r.FAIL_COLONISTS
        return False
    p.colonists -= missing
    p.colonies.append(colony)
    p.capacity[COLONY_SPICE[colony]] += 1
    p.sacks[COLONY_SPICE[colony]] += 1
    return True


def legal_actions(t: Table, seat: int) -> list[int]:
    """The action codes open to the seat: advance a column it can pay, build ships, harvest (a free space), taxes,
    expedition (a card left in deck or discard), found a colony type it has not."""
    p = t.seats[seat]
    ok = [c for c in ADVANCE if can_advance(t, p, c)] + [BUILD_SHIPS]
    ok += [DO_HARVEST] if free_kinds(p) else []
    ok += [DO_TAXES] + ([DO_EXPEDITION] if t.deck or t.discard else [])
    return ok + [FOUND + c for c in range(len(r.COLONIES)) if c not in p.colonies]


def do_action(t: Table, seat: int, code: int, src) -> None:
    """Take the action `code` (one of legal_actions)."""
    assert code in legal_actions(t, seat), (seat, code)
    p = t.seats[seat]
    t.acted = True
    if code in ADVANCE:
        advance(t, seat, code, src)
    elif code == BUILD_SHIPS:
        p.ships += dev(t, p, SHIPS)
    elif code == DO_HARVEST:
        harvest(t, seat, dev(t, p, HARVEST), src)
    elif code == DO_TAXES:
        p.ducats += dev(t, p, TAXES)
    elif code == DO_EXPEDITION:
        gain_cards(t, seat, dev(t, p, EXPEDITION)[0], src, action=True)
    else:
        found_colony(t, seat, code - FOUND, src)


# -- expedition cards (their rules; whole games never play them) ---------------------------------------------------

def start_action(t: Table) -> None:
    """A new action (or extra action) begins: one expedition card may be played with it."""
    t.card_played, t.acted, t.flips = False, False, r.COLONY_FLIP


def play_card(t: Table, seat: int, cid: int, upcoming: str | None = None, choice=()) -> None:
    """Play an expedition card with the action under way: at most one per action; a card tied to an action only
    before that action (`upcoming`: the action about to be taken).  colony_three_cards makes the founding flip
    three; the other action cards are the action's `pay` (advance) or harvest_any; the free cards act at once
    (`choice`: the kinds two_spices fills or sell_spices sells).  The card goes to the discard."""
    p = t.seats[seat]
    assert cid in p.hand, (cid, p.hand)
    assert not t.card_played, "one expedition card per action"
    effect = r.EFFECTS[card(t, cid)[0]]
    tied = TIED.get(effect)
    assert tied is None or (not t.acted and upcoming == tied), f"{effect} goes only before a {tied} action"
    t.card_played = True
    p.hand.remove(cid)
    t.discard.append(cid)
    if effect == "colony_three_cards":
        t.flips = 3
    elif effect == "two_ships":
        p.ships += 2
    elif effect == "two_colonists":
        p.colonists += 2
    elif effect == "five_ducats":
        p.ducats += 5
    elif effect == "two_spices":
        assert len(choice) <= 2 and all(k in free_kinds(p) for k in choice), choice
        for k in choice:
            p.sacks[k] += 1
    elif effect == "sell_spices":
        for k in choice:
            assert p.sacks[k] > 0, k
            p.sacks[k] -= 1
        p.ducats += 3 * len(choice)


def harvest_any_mix(t: Table, seat: int, ships: int, colonists: int, kinds) -> None:
    """The harvest card: any mix of ships, colonists and spices up to the harvest row's number."""
    p = t.seats[seat]
    assert ships + colonists + len(kinds) <= dev(t, p, HARVEST), (ships, colonists, kinds)
    p.ships += ships
    p.colonists += colonists
    for k in kinds:
        assert k in free_kinds(p), k
        p.sacks[k] += 1


# -- a round -------------------------------------------------------------------------------------------------------

def act(t: Table, seat: int, src, extra: bool) -> bool:
    """The seat's next action (an extra one: its card goes back first); False when he passes an extra round.  The
    action that brings the game's count to turn_cap stops the game."""
    code = src.action(t, seat, extra)
    if code is None:
        assert extra, "only an extra round may be passed"
        return False
    if extra:
        t.seats[seat].extra -= 1
        t.extra_supply += 1
    start_action(t)
    do_action(t, seat, code, src)
    t.actions += 1
    t.capped = t.actions >= t.settings.turn_cap
    return True


def play_round(t: Table, src) -> None:
    """One round: (phase B's first: the B tiles laid) the flag and the auction markers, the auctions (the flag
    first, its holder afterwards takes an extra-action card), the red tiles' income, three actions each from the
    flag owner, the extra-action rounds, at most one extra-action card kept."""
    if t.round == r.ROUNDS // 2:
        lay(t, src.layout(t))
    fx, fy = src.flag(t, t.flag)
    assert (fx, fy) in flag_squares(t), (fx, fy)
    previous, marked = (fx, fy), []
    for q in marker_placers(t):
        square = src.marker(t, q, previous, set(marked))
        assert square in marker_squares(t, set(marked), previous), (q, square)
        marked.append(square)
        previous = xy(square)
    owners = marker_placers(t)
    t.flag = auction(t, t.flag, None, src)
    take_extra(t, t.flag)
    for square, owner in zip(marked, owners):
        winner = auction(t, owner, t.grid[square], src)
        win_tile(t, winner, t.grid.pop(square), src)
    red_income(t, src)
    for _ in range(r.ACTIONS_PER_ROUND):
        for q in turn_order(t, t.flag):
            act(t, q, src, extra=False)
            if t.capped:
                return
    extra_action_rounds(t, src)
    if t.capped:
        return
    for p in t.seats:
        back = max(0, p.extra - r.EXTRA_ACTIONS_KEPT)
        p.extra -= back
        t.extra_supply += back


def extra_action_rounds(t: Table, src) -> None:
    """After the three actions, rounds in action order: each player holding an extra-action card plays one for an
    action or passes, and a passer is out; until nobody is left (or the game is capped)."""
    active = [q for q in turn_order(t, t.flag) if t.seats[q].extra > 0]
    while active:
        still = []
        for q in active:
            if act(t, q, src, extra=True):
                if t.capped:
                    return
                if t.seats[q].extra > 0:
                    still.append(q)
        active = still


def next_round(t: Table, src) -> None:
    """Play a round; after the 8th (or a capped one) the game ends and is scored."""
    play_round(t, src)
    t.round += 1
    if t.capped or t.round == r.ROUNDS:
        t.ended = True
        t.final = scores(t)


# -- the end -------------------------------------------------------------------------------------------------------

def set_points(symbols, values) -> int:
    """Expedition symbol sets: each symbol's n cards score values[n - 1]."""
    return sum(values[list(symbols).count(s) - 1] for s in set(symbols))


def scores(t: Table) -> list[int]:
    """Rows 0, 1, 3, 6, 10 per column; colonies 1, 3, 6, 10; symbol sets (set_values); 1 per 1-plantation ever
    won; duty 4 when its owner ends holding 6 sacks; missions; most ducats +3 (ducat_tie all: every tied player;
    none: nobody when tied)."""
    out = []
    for p in t.seats:
        pts = sum(r.ROW_POINTS[row - 1] for row in p.rows) + r.COLONY_POINTS[len(p.colonies)]
        pts += set_points([card(t, c)[2] for c in p.hand], t.settings.set_values)
        pts += r.DUTY_POINTS if p.duty and sum(p.sacks) >= r.DUTY_SPICES else 0
        out.append(pts + p.singles + p.mission)
    ducats = [p.ducats for p in t.seats]
    top = [q for q in range(t.players) if ducats[q] == max(ducats)]
    if len(top) == 1 or t.settings.ducat_tie == "all":
        for q in top:
            out[q] += r.DUCAT_MAJORITY
    return out


def credit(t: Table) -> list[Fraction]:
    """The win credit: the most points; tied, more ducats; still tied, shared (final_tie shared)."""
    key = [(s, p.ducats) for s, p in zip(scores(t), t.seats)]
    top = [q for q in range(t.players) if key[q] == max(key)]
    return [Fraction(1, len(top)) if q in top else Fraction(0) for q in range(t.players)]


def snapshot(t: Table) -> dict:
    """What the engine is compared on after the set-up and after every round (sim.snapshot's keys)."""
    seats = t.seats
    return {
        "round": t.round, "flag": t.flag, "ducats": tuple(p.ducats for p in seats),
        "ships": tuple(p.ships for p in seats), "colonists": tuple(p.colonists for p in seats),
        "extra": tuple(p.extra for p in seats), "rows": tuple(tuple(p.rows) for p in seats),
        "capacity": tuple(tuple(p.capacity) for p in seats), "sacks": tuple(tuple(p.sacks) for p in seats),
        "plantations": tuple(tuple(p.plantations) for p in seats), "singles": tuple(p.singles for p in seats),
        "colonies": tuple(tuple(sorted(p.colonies)) for p in seats),
        "hands": tuple(tuple(sorted(p.hand)) for p in seats), "deck": tuple(t.deck),
        "discard": tuple(sorted(t.discard)),
        "tiles": tuple(t.grid.get(sq) for sq in range(r.GRID * r.GRID)),
        "won": tuple(tuple(sorted(p.won)) for p in seats), "red": tuple(tuple(p.red) for p in seats),
        "rewards": tuple(t.rewards.get((c, row)) for c in range(len(r.COLUMNS)) for row in (4, 5)),
        "allrows": tuple(p.allrows for p in seats), "duty": tuple(int(p.duty) for p in seats),
        "mission": tuple(p.mission for p in seats), "supply": t.extra_supply, "actions": t.actions,
        "scores": None if t.final is None else tuple(t.final), "capped": t.capped,
    }
