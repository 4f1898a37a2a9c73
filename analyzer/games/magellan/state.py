"""Magellan positions from a scenario: a bid state, a Pizarro draw, or the set-up of a game.

`position.auction` makes a bid state, `position.pizarro` a Pizarro draw; a position with
neither (or none at all) is the set-up, for whole games (balance scenarios: balance.py).
Every check raises
`ScenarioError(field, what is allowed)`; an impossible state (a ship on a field its phase
has not reached, more cards than the deck holds, a standing bid its bidder's hand cannot lay
out, a hand larger than the phase allows, a Cook A hand not shown, ...) is one line naming
the field.

In phase I every hand is the player's 1-9 start set less the cards he paid and discarded
(Cook B), plus his da Gama draws, less the cards he tucked under Magellan A: `position.history`
gives, per player who won a card, what he paid and discarded (public) and, where known, what he
drew; a hand is then known exactly or up to its hidden draws and tucks (`deal.py`).

Players are seats 0..P-1 in clockwise order; gold cards are values 1-9; explorers are
named as in rules.EXPLORERS (a few aliases work).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError, did_you_mean
from analyzer.core.settings import parse_handicap
from analyzer.games.magellan import deal
from analyzer.games.magellan import policies as pol
from analyzer.games.magellan.deal import START, History
from analyzer.games.magellan.rules import (
    ALIASES, EXPLORERS, PHASES, POWERS, ROW_KEYS, SETTINGS, SIDES, VALUES, RuleSet, bid_list, legal_bids, rule_set,
)

POSITION_KEYS = {"phase", "auction", "hands", "ships", "gama_right", "magellan", "vetoes", "decks", "discard",
                 "draw_pile", "policies", "pizarro", "history"}
AUCTION_KEYS = {"card", "high_bid", "high_bidder", "passed", "to_act", "opener", "bids"}
PIZARRO_KEYS = {"drawn", "deck", "scores", "owner"}
HISTORY_KEYS = {"paid", "discarded", "drew"}
PHASE_NAMES = ("I", "II", "III")


@dataclass(frozen=True)
class Hand:
    size: int
    known: tuple[int, ...]  # counts per value (index v-1) of the cards known to be in it

    @property
    def full(self) -> bool:
        return sum(self.known) == self.size

    @property
    def hidden(self) -> int:
        return self.size - sum(self.known)


@dataclass(frozen=True)
class Stack:
    """A Magellan stack: its owner, its level (the field its ship stands on, 1-3) and the gold
    tucked under it (counts per value), or None where the cards are face down and unknown."""

    owner: int
    level: int
    tucked: tuple[int, ...] | None


@dataclass(frozen=True)
class BidState:
    rules: RuleSet
    players: int
    phase: int
    card: int
    high: int
    holder: int | None
    passed: frozenset[int]
    to_act: int
    opener: int
    bids: tuple[tuple[int, int], ...]  # (player, highest bid made in this auction)
    hands: tuple[Hand, ...]
    ships: tuple[tuple[tuple[int, ...], ...], ...]  # [explorer][field] -> owners (left halves)
    right: tuple[tuple[tuple[int, ...], ...], ...]  # draw_or_crowns right halves
    stacks: tuple[Stack, ...]
    vetoes: tuple[int, ...]
    deck: tuple[int, ...]  # explorer cards left in this phase's deck, per explorer (the card up excluded)
    discard: tuple[int, ...]  # counts per value
    policies: tuple[pol.Policy, ...]
    history: tuple[History, ...] | None = None  # phase I: one per player

    @property
    def field(self) -> int:
        return self.phase - 1

    def ships_on(self, e: int, f: int, p: int) -> int:
        return self.ships[e][f].count(p) + self.right[e][f].count(p)

    def eligible(self, p: int, e: int | None = None) -> bool:
        e = self.card if e is None else e
        if self.phase == 1:
            return sum(self.ships_on(x, f, p) for x in range(len(EXPLORERS)) for f in range(PHASES)) < self.rules.ships
        return self.ships_on(e, self.phase - 2, p) > 0

    def pool(self) -> tuple[int, ...]:
        """Gold cards whose place is unknown (counts per value): hidden cards in hands,
        face-down tucked cards, and the draw pile."""
        known = Counter()
        for h in self.hands:
            known.update(dict(enumerate(h.known)))
        known.update(dict(enumerate(self.discard)))
        for s in self.stacks:
            if s.tucked is not None:
                known.update(dict(enumerate(s.tucked)))
        return tuple(self.rules.sets - known[i] for i in range(9))

    @property
    def hidden_tucks(self) -> int:
        return sum(s.level for s in self.stacks if s.tucked is None)

    @property
    def draw_pile(self) -> int:
        return sum(self.pool()) - sum(h.hidden for h in self.hands) - self.hidden_tucks

    def spare_needed(self) -> bool:
        return self.rules.power(self.card) in ("tuck_hand", "lose_card")

    def legal(self, hand) -> int:
        """The bids `hand` (counts) can make for the card up, as a bit mask (rules.legal_bids)."""
        return legal_bids(hand, self.spare_needed(), self.rules.bids)

    def raises(self) -> list[int]:
        """Every bid above the high bid the player to act can make: the sums of cards his hand can lay
        out (keeping one card for Magellan A and Cook B); under `bids: up_to_total`, any amount up to
        his gold (no change is given, so he pays at least the bid)."""
        return [b for b in bid_list(self.legal(self.hands[self.to_act].known)) if b > self.high]

    @property
    def can_veto(self) -> bool:
        """Colombo's veto is the player to act's move: he holds one and nobody has bid on the card yet."""
        return self.vetoes[self.to_act] > 0 and self.holder is None

    def open_hands(self) -> list[int]:
        """Players whose hand is face up: they won Cook A (open_hand) in this phase."""
        return sorted({p for e in self.rules.explorers_with("open_hand") for p in self.ships[e][self.field]})


@dataclass(frozen=True)
class PizarroState:
    rules: RuleSet
    drawn: tuple[int, ...]  # counts per value
    deck: tuple[int, ...]
    scores: tuple[int, ...] | None = None  # every player's crowns before the draw (all other scoring done)
    owner: int | None = None  # whose ship draws


@dataclass(frozen=True)
class Setup:
    rules: RuleSet
    players: int
    policies: tuple[pol.Policy, ...]


def cap(hand: tuple[int, ...] | list[int], spare: bool) -> int:
    total = sum(v * c for v, c in zip(VALUES, hand))
    if spare and total:
        total -= next(v for v in VALUES if hand[v - 1])
    return total


# ----------------------------------------------------------------------------------------------
# rules


def parse_rules(value) -> RuleSet:
    block = sc.mapping(value, "rules", {"side", "sides", "board", *SETTINGS})
    side = sc.choice(block.get("side", "A"), "rules.side", SIDES)
    sides = {explorer(k, "rules.sides"): sc.choice(v, f"rules.sides.{k}", SIDES)
             for k, v in sc.mapping(block.get("sides"), "rules.sides").items()}
    chosen = {e: sides.get(e, side) for e in EXPLORERS}
    board = {}
    for key, row in sc.mapping(block.get("board"), "rules.board").items():
        e = explorer(key, "rules.board")
        board[e] = _row(row, f"rules.board.{e}", chosen[e])
    settings = {k: _setting(block[k], f"rules.{k}", *SETTINGS[k]) for k in SETTINGS if k in block}
    if "card_crowns" in settings:
        settings["card_crowns_supplied"] = True
    rules = rule_set(side, sides, board, **settings)
    for power in ("tuck_hand", "tuck_payment", "draw_score", "draw_or_crowns"):
        if len(rules.explorers_with(power)) > 1:
            raise ScenarioError("rules.board", f"power {power} on more than one explorer; the engine allows one")
    if rules.explorers_with("tuck_hand") and rules.explorers_with("tuck_payment"):
        raise ScenarioError("rules.board", "tuck_hand and tuck_payment on two explorers; one Magellan only")
    for e in rules.explorers_with("draw_or_crowns"):
        if rules.row(e).right_crowns is None:
            raise ScenarioError(f"rules.board.{EXPLORERS[e]}.right_crowns",
                                "missing; the draw_or_crowns power needs the crowns of the right halves")
    return rules


def _row(value, field: str, side: str) -> dict:
    row = sc.mapping(value, field, ROW_KEYS)
    out = {}
    for key in ("crowns", "right_crowns", "bags"):
        if key in row:
            high = 9 if key == "bags" else 99
            items = sc.sequence(row[key], f"{field}.{key}")
            if len(items) != PHASES:
                raise ScenarioError(f"{field}.{key}", f"needs {PHASES} whole numbers, one per field")
            out[key] = tuple(sc.integer(x, f"{field}.{key}[{i}]", 0, high) for i, x in enumerate(items))
    if "power" in row:
        out["power"] = None if row["power"] in (None, "none") else sc.choice(row["power"], f"{field}.power", POWERS)
    return out


def _setting(value, field: str, kind: str, arg, low, high):
    if kind == "int":
        return sc.integer(value, field, low, high)
    if kind == "choice":
        return sc.choice(value, field, arg)
    if kind == "handicap":
        return parse_handicap(value, field)
    items = sc.sequence(value, field)
    if kind == "tuple":
        if len(items) != arg:
            raise ScenarioError(field, f"needs {arg} whole numbers")
        return tuple(sc.integer(x, f"{field}[{i}]", low, high) for i, x in enumerate(items))
    phases = tuple(sorted({sc.integer(x, field, low, high) for x in items}))  # phases
    return phases


def explorer(value, field: str) -> str:
    name = value.strip().lower() if isinstance(value, str) else None
    name = ALIASES.get(name, name)
    if name not in EXPLORERS:
        raise ScenarioError(field, f"unknown explorer {value!r}; allowed: {', '.join(EXPLORERS)}"
                                   f"{did_you_mean(value, EXPLORERS)}")
    return name


def _players(data: dict, rules: RuleSet) -> int:
    return sc.integer(data.get("players", 4), "players", rules.min_players, rules.max_players)


def _player(value, field: str, players: int) -> int:
    return sc.integer(value, field, 0, players - 1)


# ----------------------------------------------------------------------------------------------
# policies


def parse_policies(value, field: str, players: int) -> tuple[pol.Policy, ...]:
    """A preset name for everyone, a list per seat, or a mapping seat -> policy (others: value).
    A policy is a preset name or a mapping {name: preset, <parameter>: value}."""
    if value is None:
        return (pol.PRESETS["value"],) * players
    if isinstance(value, (str, dict)) and not (isinstance(value, dict) and _seat_keys(value)):
        return (_policy(value, field),) * players
    if isinstance(value, dict):
        out = [pol.PRESETS["value"]] * players
        for key, item in value.items():
            p = _player(key, field, players)
            out[p] = _policy(item, f"{field}.{p}")
        return tuple(out)
    items = sc.sequence(value, field)
    if len(items) != players:
        raise ScenarioError(field, f"one policy for each of the {players} seats, got {len(items)}")
    return tuple(_policy(item, f"{field}[{i}]") for i, item in enumerate(items))


def _seat_keys(block: dict) -> bool:
    return all(isinstance(k, int) or (isinstance(k, str) and k.strip().isdigit()) for k in block)


def _policy(value, field: str) -> pol.Policy:
    if isinstance(value, str):
        return pol.PRESETS[sc.choice(value.strip().lower(), field, pol.PRESETS)]
    block = sc.mapping(value, field, {"name", *pol.PARAMS})
    name = sc.choice(block.get("name", "value"), f"{field}.name", pol.PRESETS)
    params = {}
    for key, raw in block.items():
        if key == "name":
            continue
        where = f"{field}.{key}"
        if key == "rate":
            items = sc.sequence(raw, where)
            if len(items) != PHASES:
                raise ScenarioError(where, "needs 3 numbers: gold per crown in phases I, II, III")
            params[key] = tuple(_number(x, where, 0, 100) for x in items)
        elif key == "passive":
            if not isinstance(raw, bool):
                raise ScenarioError(where, "must be true or false")
            params[key] = raw
        elif key == "pizarro_stop":
            params[key] = None if raw is None else sc.integer(raw, where, 1, 200)
        else:
            params[key] = _number(raw, where, -100, 100)
    if not params:
        return pol.PRESETS[name]
    label = f"{name}(" + ", ".join(f"{k}={_short(v)}" for k, v in params.items()) + ")"
    return pol.preset(name, name=label, **params)


def _short(value) -> str:
    if isinstance(value, tuple):
        return "/".join(f"{x:g}" for x in value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def _number(value, field: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ScenarioError(field, f"must be a number from {low:g} to {high:g}")
    return float(value)


# ----------------------------------------------------------------------------------------------
# positions


def parse_position(data: dict):
    """The scenario dict -> BidState, PizarroState or Setup."""
    rules = parse_rules(data.get("rules"))
    block = sc.mapping(data.get("position"), "position", POSITION_KEYS)
    if "pizarro" in block:
        extra = set(block) - {"pizarro"}
        if extra:
            raise ScenarioError(f"position.{sorted(extra)[0]}", "a Pizarro draw takes only position.pizarro")
        return _parse_pizarro(block["pizarro"], rules)
    players = _players(data, rules)
    policies = parse_policies(block.get("policies"), "position.policies", players)
    if "auction" not in block:
        extra = set(block) - {"policies"}
        if extra:
            key = sorted(extra)[0]
            raise ScenarioError(f"position.{key}", "needs position.auction: a position without one is the set-up")
        return Setup(rules, players, policies)
    return _parse_bid_state(block, rules, players, policies)


def _values(value, field: str) -> tuple[int, ...]:
    """A list of gold values, or a mapping value -> count, as counts per value."""
    counts = [0] * 9
    if isinstance(value, dict):
        for key, n in value.items():
            v = sc.integer(key, field, 1, 9)
            counts[v - 1] += sc.integer(n, f"{field}.{v}", 0, 63)
    else:
        for x in sc.sequence(value, field):
            counts[sc.integer(x, field, 1, 9) - 1] += 1
    return tuple(counts)


def _parse_pizarro(value, rules: RuleSet) -> PizarroState:
    block = sc.mapping(value, "position.pizarro", PIZARRO_KEYS)
    drawn = _values(block.get("drawn"), "position.pizarro.drawn")
    if block.get("deck") in (None, "full"):
        deck = tuple(rules.sets - d for d in drawn)
        field = "position.pizarro.drawn"
    else:
        deck = _values(block["deck"], "position.pizarro.deck")
        field = "position.pizarro.deck"
    for i in range(9):
        if drawn[i] + deck[i] > rules.sets:
            raise ScenarioError(field, f"{drawn[i] + deck[i]} cards of value {i + 1} drawn and in the deck; "
                                       f"there are {rules.sets}")
    scores = owner = None
    if "scores" in block or "owner" in block:
        if "scores" not in block or "owner" not in block:
            raise ScenarioError("position.pizarro.scores" if "scores" not in block else "position.pizarro.owner",
                                "to play for the win give both scores (every player's crowns before the draw) and "
                                "owner (whose ship draws)")
        items = sc.sequence(block["scores"], "position.pizarro.scores")
        if not rules.min_players <= len(items) <= rules.max_players:
            raise ScenarioError("position.pizarro.scores", f"one total per player: {rules.min_players} to "
                                                           f"{rules.max_players} numbers, got {len(items)}")
        scores = tuple(sc.integer(x, f"position.pizarro.scores[{i}]", 0, 999) for i, x in enumerate(items))
        owner = _player(block["owner"], "position.pizarro.owner", len(scores))
    return PizarroState(rules, drawn, deck, scores, owner)


def _parse_bid_state(block: dict, rules: RuleSet, players: int, policies) -> BidState:
    if "phase" not in block:
        raise ScenarioError("position.phase", "missing; 1, 2 or 3")
    phase = sc.integer(block["phase"], "position.phase", 1, PHASES)
    auction = sc.mapping(block["auction"], "position.auction", AUCTION_KEYS)
    for key in ("card", "to_act"):
        if key not in auction:
            raise ScenarioError(f"position.auction.{key}", "missing")
    card = EXPLORERS.index(explorer(auction["card"], "position.auction.card"))
    ships = _parse_ships(block.get("ships"), "position.ships", players, phase)
    right = _parse_ships(block.get("gama_right"), "position.gama_right", players, phase, key_is_explorer=False,
                         rules=rules)
    _check_ships(ships, right, rules, players, phase)
    stacks = _parse_stacks(block.get("magellan"), ships, rules, players)
    hands = _parse_hands(block.get("hands"), players, optional=phase == 1)
    history = _parse_history(block.get("history"), rules, players, phase, ships, right, stacks, hands)
    if history is None:
        discard = _values(block.get("discard"), "position.discard")
    else:
        hands, discard = _phase_one(block.get("discard"), rules, players, stacks, hands, history)
    deck = _parse_deck(block.get("decks"), ships, right, rules, phase, card)
    vetoes = _parse_vetoes(block.get("vetoes"), ships, rules, players, phase)

    to_act = _player(auction["to_act"], "position.auction.to_act", players)
    holder = auction.get("high_bidder")
    holder = None if holder is None else _player(holder, "position.auction.high_bidder", players)
    high = sc.integer(auction.get("high_bid", 0), "position.auction.high_bid", 0, 999)
    if (holder is None) != (high == 0):
        raise ScenarioError("position.auction.high_bid" if holder is not None else "position.auction.high_bidder",
                            "a standing bid needs both high_bid (1 or more) and high_bidder")
    passed_list = [_player(p, "position.auction.passed", players)
                   for p in sc.sequence(auction.get("passed"), "position.auction.passed")]
    sc.within_box([("position.auction.passed", passed_list)], 1, "seat", str, "list each seat that passed once")
    passed = frozenset(passed_list)
    bids = {}
    for key, amount in sc.mapping(auction.get("bids"), "position.auction.bids").items():
        p = _player(key, "position.auction.bids", players)
        bids[p] = sc.integer(amount, f"position.auction.bids.{p}", 1, 999)
    if holder is not None:
        bids[holder] = high
    state = BidState(rules, players, phase, card, high, holder, passed, to_act, 0, tuple(sorted(bids.items())),
                     hands, ships, right, stacks, vetoes, deck, discard, policies, history)
    opener = auction.get("opener")
    opener = _infer_opener(state) if opener is None else _player(opener, "position.auction.opener", players)
    state = replace(state, opener=opener)
    _check_cards(state, block.get("draw_pile"))
    _check_auction(state)
    _check_hands(state)
    if history is not None:
        deal.phase_one(state)  # some deal of the hidden draws and tucks fits every fact, or a ScenarioError
    return state


def _parse_ships(value, field: str, players: int, phase: int, key_is_explorer: bool = True, rules=None):
    empty = tuple(tuple(() for _ in range(PHASES)) for _ in EXPLORERS)
    if value is None:
        return empty
    if key_is_explorer:
        rows = {EXPLORERS.index(explorer(k, field)): v for k, v in sc.mapping(value, field).items()}
    else:  # gama_right: the rows of the explorer with the draw_or_crowns power
        halves = rules.explorers_with("draw_or_crowns")
        if not halves:
            raise ScenarioError(field, "no explorer on this board has left and right halves (draw_or_crowns)")
        rows = {halves[0]: value}
    out = [list(r) for r in empty]
    for e, fields_ in rows.items():
        where = f"{field}.{EXPLORERS[e]}" if key_is_explorer else field
        items = sc.sequence(fields_, where)
        if len(items) > PHASES:
            raise ScenarioError(where, f"at most {PHASES} fields")
        for f, owners in enumerate(items):
            owners = tuple(_player(p, f"{where}[{f}]", players) for p in sc.sequence(owners, f"{where}[{f}]"))
            if owners and f + 1 > phase:
                raise ScenarioError(f"{where}[{f}]", f"a ship on field {f + 1} (phase {PHASE_NAMES[f]}) in phase "
                                                     f"{PHASE_NAMES[phase - 1]}: no ship can have got there yet")
            out[e][f] = owners
    return tuple(tuple(r) for r in out)


def _check_ships(ships, right, rules: RuleSet, players: int, phase: int) -> None:
    per_player = Counter()
    for e, name in enumerate(EXPLORERS):
        on = [len(ships[e][f]) + len(right[e][f]) for f in range(PHASES)]
        for f in range(PHASES):
            reached = sum(on[f:])  # every ship on field f or beyond passed through field f
            if reached > rules.cards_per_phase[f]:
                raise ScenarioError(f"position.ships.{name}",
                                    f"{reached} ships on field {f + 1} or beyond; {name} has only "
                                    f"{rules.cards_per_phase[f]} phase-{PHASE_NAMES[f]} card(s) to bring them there")
        for f in range(PHASES):
            per_player.update(ships[e][f] + right[e][f])
    for p, n in per_player.items():
        if n > rules.ships:
            raise ScenarioError("position.ships", f"player {p} has {n} ships on the board; each player has {rules.ships}")


def _parse_stacks(value, ships, rules: RuleSet, players: int) -> tuple[Stack, ...]:
    tuckers = rules.explorers_with("tuck_hand") + rules.explorers_with("tuck_payment")
    on_board = Counter()
    for e in tuckers:
        for f in range(PHASES):
            on_board.update((p, f + 1) for p in ships[e][f])
    face_up = bool(rules.explorers_with("tuck_payment"))
    if value is None:  # face down and unknown
        if face_up and on_board:
            raise ScenarioError("position.magellan", "Magellan B tucks a card of the payment face up: give each "
                                                     "stack's tucked values, e.g. [{owner: 0, tucked: [3]}]")
        return tuple(Stack(p, level, None) for (p, level), n in sorted(on_board.items()) for _ in range(n))
    if not tuckers:
        raise ScenarioError("position.magellan", "no explorer on this board tucks gold (tuck_hand / tuck_payment)")
    stacks, given = [], Counter()
    for i, entry in enumerate(sc.sequence(value, "position.magellan")):
        field = f"position.magellan[{i}]"
        entry = sc.mapping(entry, field, {"owner", "tucked"})
        if "owner" not in entry or "tucked" not in entry:
            raise ScenarioError(field, "needs owner and tucked (the gold values, or how many lie face down)")
        owner = _player(entry["owner"], f"{field}.owner", players)
        if isinstance(entry["tucked"], int) and not isinstance(entry["tucked"], bool):
            level, tucked = sc.integer(entry["tucked"], f"{field}.tucked", 1, PHASES), None
            if face_up:
                raise ScenarioError(f"{field}.tucked", "Magellan B tucks a card of the payment face up: give the "
                                                       "tucked values, not how many")
        else:
            tucked = _values(entry["tucked"], f"{field}.tucked")
            level = sum(tucked)
            if not 1 <= level <= PHASES:
                raise ScenarioError(f"{field}.tucked", f"a stack has 1 to {PHASES} tucked cards, one per Magellan card")
        given[(owner, level)] += 1
        stacks.append(Stack(owner, level, tucked))
    if given != on_board:
        raise ScenarioError("position.magellan", "the stacks must match the ships on Magellan's fields: one stack "
                                                 "per ship, as many tucked cards as the field's number")
    return tuple(stacks)


def _parse_hands(value, players: int, optional: bool = False) -> list[Hand | None]:
    """Every player's hand; in phase I (`optional`) a hand left out is None, for the history to fill in."""
    block = sc.mapping(value, "position.hands")
    hands = []
    for p in range(players):
        key = next((k for k in block if str(k).strip() == str(p)), None)
        field = f"position.hands.{p}"
        if key is None and optional:
            hands.append(None)
            continue
        if key is None:
            raise ScenarioError(field, "missing; give the cards (a list), or {size: n, known: [...]}, or the count")
        item = block[key]
        if isinstance(item, dict):
            item = sc.mapping(item, field, {"size", "known"})
            known = _values(item.get("known"), f"{field}.known")
            size = sc.integer(item.get("size", sum(known)), f"{field}.size", 0, 63)
            if sum(known) > size:
                raise ScenarioError(f"{field}.known", f"{sum(known)} known cards in a hand of {size}")
        elif isinstance(item, int) and not isinstance(item, bool):
            size, known = sc.integer(item, field, 0, 63), (0,) * 9
        else:
            known = _values(item, field)
            size = sum(known)
        hands.append(Hand(size, known))
    for key in block:
        if not (str(key).strip().isdigit() and int(str(key).strip()) < players):
            raise ScenarioError(f"position.hands.{key}", f"unknown player; players are 0 to {players - 1}")
    return hands


def _phase_one_wins(rules: RuleSet, ships, right, p: int) -> tuple[int, int, int]:
    """Player p's cards won in phase I, his da Gama draws and his Cook B discards (all his ships stand on
    the fields 1 in phase I; a da Gama B ship on a right half drew nothing)."""
    wins = sum(ships[e][0].count(p) + right[e][0].count(p) for e in range(len(EXPLORERS)))
    draws = rules.draw_powers[0] * sum(ships[e][0].count(p) for e in range(len(EXPLORERS))
                                       if rules.power(e) in ("draw", "draw_or_crowns"))
    lose = sum(ships[e][0].count(p) for e in rules.explorers_with("lose_card"))
    return wins, draws, lose


def _sub(a, b) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def _add(a, b) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _tucks(rules: RuleSet, stacks, p: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Player p's known tucked cards from his hand (Magellan A) and from his payments (B), and how many
    of his stacks lie face down."""
    known = (0,) * 9
    for s in stacks:
        if s.owner == p and s.tucked is not None:
            known = _add(known, s.tucked)
    hidden = sum(1 for s in stacks if s.owner == p and s.tucked is None)
    if rules.explorers_with("tuck_hand"):
        return known, (0,) * 9, hidden
    return (0,) * 9, known, hidden


def _parse_history(value, rules: RuleSet, players: int, phase: int, ships, right, stacks, hands):
    """Phase I: each player's History (deal.History); None in later phases."""
    block = sc.mapping(value, "position.history")
    if phase != 1:
        if block:
            raise ScenarioError("position.history", f"read in phase I only (hands are the start set less what was "
                                                    f"paid); in phase {PHASE_NAMES[phase - 1]} give hands.<player> "
                                                    f"as a size and the cards known")
        return None
    given = {}
    for key, item in block.items():
        given[_player(key, "position.history", players)] = item
    zero = (0,) * 9
    out = []
    for p in range(players):
        field = f"position.history.{p}"
        wins, draws, lose = _phase_one_wins(rules, ships, right, p)
        a_known, b_tucks, hidden_tucks = _tucks(rules, stacks, p)
        hand = hands[p]
        if p not in given:
            if wins == 0:
                hist = History(zero, zero, 0, zero)
            elif hand is not None and hand.full and draws == 0 and not hidden_tucks:
                out_ = _sub(_sub(START, hand.known), a_known)  # paid and discarded together: both went to the discard
                if min(out_) < 0:
                    raise ScenarioError(f"position.hands.{p}", "holds a card his start set 1-9 does not, and he drew "
                                                               "none in phase I")
                hist = History(out_, zero, 0, zero)
            else:
                raise ScenarioError(field, f"missing; player {p} won {wins} card(s) in phase I: give paid: [the gold "
                                           f"cards he paid]" + (", discarded: [Cook B's discards]" if lose else "")
                                           + ("; his da Gama draws are hidden unless drew: [values]" if draws else "")
                                           + " (his hand is his start set less those)")
        else:
            item = sc.mapping(given[p], field, HISTORY_KEYS)
            paid = _values(item.get("paid"), f"{field}.paid")
            disc = _values(item.get("discarded"), f"{field}.discarded")
            raw, drew = item.get("drew"), (zero if draws == 0 else None)
            if raw is not None:
                if isinstance(raw, int) and not isinstance(raw, bool):
                    n, known = sc.integer(raw, f"{field}.drew", 0, 63), None
                else:
                    known = _values(raw, f"{field}.drew")
                    n = sum(known)
                if n != draws:
                    raise ScenarioError(f"{field}.drew", f"player {p} drew {draws} card(s) with da Gama in phase I "
                                                         f"(one per ship of his on its left field 1), not {n}")
                if known is not None:
                    drew = known
            if wins == 0 and (sum(paid) or sum(disc)):
                raise ScenarioError(f"{field}.paid", f"player {p} has won no card in phase I (no ship on the board), "
                                                     f"so he has paid nothing")
            if sum(paid) < wins:
                raise ScenarioError(f"{field}.paid", f"{sum(paid)} card(s) paid for {wins} card(s) won; each card won "
                                                     f"costs at least one gold card")
            if sum(disc) != lose:
                raise ScenarioError(f"{field}.discarded", f"player {p} won Cook B {lose} time(s) in phase I: one random "
                                                          f"card of his is discarded each time, got {sum(disc)}")
            hist = History(paid, disc, draws, drew)
        if any(b > a for a, b in zip(hist.paid, b_tucks)):
            raise ScenarioError(f"{field}.paid", "a card tucked under Magellan B comes from the payment: list it "
                                                 "among the cards paid")
        left = _sub(_sub(_sub(_add(START, hist.drew or zero), hist.paid), hist.discarded), a_known)
        short = sum(max(0, -x) for x in left)
        if short > (0 if hist.drew is not None else draws):
            raise ScenarioError(field, f"player {p} paid, discarded and tucked more cards of a value than his start set "
                                       f"and {draws} da Gama draw(s) can hold")
        out.append(hist)
    return tuple(out)


def _phase_one(discard_value, rules: RuleSet, players: int, stacks, hands, history):
    """Phase I: every hand's size (and the hand itself where nothing of it is hidden), and the discard pile,
    from the start sets and the history; a hand or discard pile given is checked against them."""
    out = []
    discard = (0,) * 9
    for p in range(players):
        h, hand = history[p], hands[p]
        a_known, b_tucks, hidden_tucks = _tucks(rules, stacks, p)
        tucked = sum(a_known) + hidden_tucks if rules.explorers_with("tuck_hand") else 0
        size = 9 + h.draws - sum(h.paid) - sum(h.discarded) - tucked
        field = f"position.hands.{p}"
        if size < 0:
            raise ScenarioError(f"position.history.{p}", f"more cards paid, discarded and tucked than player {p}'s 9 "
                                                         f"and {h.draws} drawn")
        if hand is None:
            hand = Hand(size, (0,) * 9)
        elif hand.size != size:
            raise ScenarioError(field, f"{hand.size} card(s); in phase I player {p} holds {size}: his start set's 9"
                                       + (f", {h.draws} drawn" if h.draws else "") + f", less {sum(h.paid)} paid"
                                       + (f", {sum(h.discarded)} discarded" if sum(h.discarded) else "")
                                       + (f", {tucked} tucked" if tucked else ""))
        if h.drew is not None and not hidden_tucks:  # nothing hidden: the hand is known
            exact = _sub(_sub(_sub(_add(START, h.drew), h.paid), h.discarded), a_known)
            if hand.full and hand.known != exact or any(k > x for k, x in zip(hand.known, exact)):
                raise ScenarioError(field, f"player {p}'s phase-I hand is {_cards(exact)} (start set, draws, less what "
                                           f"he paid, discarded and tucked); got {_cards(hand.known)}")
            hand = Hand(size, exact)
        out.append(hand)
        discard = _add(discard, _sub(_add(h.paid, h.discarded), b_tucks))
    if discard_value is not None:
        given = _values(discard_value, "position.discard")
        if given != discard:
            raise ScenarioError("position.discard", f"in phase I the discard pile is every card paid and discarded "
                                                    f"(less those tucked under Magellan B): {_cards(discard) or 'none'}"
                                                    f"; got {_cards(given) or 'none'}")
    return tuple(out), discard


def _cards(counts) -> str:
    return " ".join(str(v) for v in VALUES for _ in range(counts[v - 1]))


def max_hand(state: BidState, p: int) -> int:
    """The most cards player p can hold now: 9 to start and the cards drawn at the end of each phase
    done, plus the bags and da Gama draws of each card he won, less one card at least per card won (and
    one more for Magellan A and Cook B).  A ship on field f won a card in each phase up to f."""
    rules, phase = state.rules, state.phase
    bound = 9 + sum(rules.phase_end_draws[g] for g in range(phase - 1))
    for e in range(len(EXPLORERS)):
        power, row = rules.power(e), rules.row(e)
        for f in range(PHASES):
            n = state.ships[e][f].count(p) + state.right[e][f].count(p)
            for g in range(f + 1):
                per = -1 + (rules.draw_powers[g] if power in ("draw", "draw_or_crowns") else 0)
                per -= power in ("tuck_hand", "lose_card")
                per += row.bags[g] if g + 1 < phase else 0
                bound += n * per
    return max(bound, 0)


def _check_hands(state: BidState) -> None:
    """Hand sizes within what the phase allows; Cook A's winners of this phase show their hands."""
    if state.history is None:
        for p, hand in enumerate(state.hands):
            most = max_hand(state, p)
            if hand.size > most:
                raise ScenarioError(f"position.hands.{p}", f"{hand.size} cards; in phase {PHASE_NAMES[state.phase - 1]} "
                                                           f"player {p} can hold at most {most} (9 to start, the draws "
                                                           f"at each phase end, his ships' bags and da Gama cards, less "
                                                           f"a card at least per card won)")
    for p in state.open_hands():
        if not state.hands[p].full:
            raise ScenarioError(f"position.hands.{p}", f"player {p} won Cook A in this phase: he plays with his hand "
                                                       f"face up until the phase ends; list every card")


def _parse_deck(value, ships, right, rules: RuleSet, phase: int, card: int) -> tuple[int, ...]:
    f = phase - 1
    reached = [len(ships[e][f]) + len(right[e][f]) + sum(len(ships[e][g]) + len(right[e][g])
                                                         for g in range(f + 1, PHASES)) for e in range(len(EXPLORERS))]
    used = [reached[e] + (e == card) for e in range(len(EXPLORERS))]
    limit = rules.cards_per_phase[f]
    for e, name in enumerate(EXPLORERS):
        if used[e] > limit:
            raise ScenarioError("position.auction.card" if e == card else f"position.ships.{name}",
                                f"{reached[e]} ships on {name}'s field {phase}" + (" and its card up" if e == card else "")
                                + f": more than the {limit} phase-{PHASE_NAMES[f]} {name} card(s)")
    deck = [limit - u for u in used]
    for key, n in sc.mapping(value, "position.decks").items():
        e = EXPLORERS.index(explorer(key, "position.decks"))
        field = f"position.decks.{EXPLORERS[e]}"
        n = sc.integer(n, field, 0, limit)
        if n > deck[e]:
            raise ScenarioError(field, f"{n} {EXPLORERS[e]} cards left, but {used[e]} of its {limit} phase-"
                                       f"{PHASE_NAMES[f]} cards are on the board or up for auction")
        deck[e] = n
    return tuple(deck)


def _parse_vetoes(value, ships, rules: RuleSet, players: int, phase: int) -> tuple[int, ...]:
    vetoes = [0] * players
    for key, n in sc.mapping(value, "position.vetoes").items():
        p = _player(key, "position.vetoes", players)
        earned = 0
        if phase in rules.veto_phases:
            earned = sum(ships[e][phase - 1].count(p) + sum(ships[e][g].count(p) for g in range(phase, PHASES))
                         for e in rules.explorers_with("veto"))
        vetoes[p] = sc.integer(n, f"position.vetoes.{p}", 0, earned)
    return tuple(vetoes)


def _infer_opener(state: BidState) -> int:
    """Walk back from the player to act over those who passed (or hold the bid)."""
    p = state.to_act
    for _ in range(state.players - 1):
        before = (p - 1) % state.players
        if before in state.passed or before == state.holder or not state.eligible(before):
            p = before
        else:
            break
    return p


def _check_cards(state: BidState, draw_pile) -> None:
    rules = state.rules
    seen = Counter()
    places = [(f"position.hands.{p}", h.known) for p, h in enumerate(state.hands)]
    places.append(("position.discard", state.discard))
    places += [(f"position.magellan[{i}].tucked", s.tucked) for i, s in enumerate(state.stacks) if s.tucked]
    for field, counts in places:
        for i, n in enumerate(counts):
            seen[i] += n
            if seen[i] > rules.sets:
                raise ScenarioError(field, f"{seen[i]} cards of value {i + 1} in hands, discard and under Magellan; "
                                           f"the deck has {rules.sets}")
    held = sum(h.size for h in state.hands) + sum(state.discard) + sum(s.level for s in state.stacks)
    if held > rules.deck_size:
        raise ScenarioError("position.hands", f"{held} gold cards in hands, discard and under Magellan; the deck "
                                              f"holds {rules.deck_size}")
    if draw_pile is not None:
        n = sc.integer(draw_pile, "position.draw_pile", 0, rules.deck_size)
        if n != state.draw_pile:
            raise ScenarioError("position.draw_pile", f"got {n}; the {rules.deck_size} cards less those in hands, "
                                                      f"discard and under Magellan leave {state.draw_pile}")


def _check_auction(state: BidState) -> None:
    name = EXPLORERS[state.card]
    phase = PHASE_NAMES[state.phase - 1]
    if state.to_act in state.passed:
        raise ScenarioError("position.auction.to_act", f"player {state.to_act} has passed; a player who passes is out")
    if state.to_act == state.holder:
        raise ScenarioError("position.auction.to_act", f"player {state.to_act} holds the high bid; the turn passes on")
    for p, field in ((state.to_act, "position.auction.to_act"), (state.holder, "position.auction.high_bidder"),
                     *((q, f"position.auction.bids.{q}") for q, _ in state.bids)):
        if p is None or state.eligible(p):
            continue
        if state.phase == 1:
            raise ScenarioError(field, f"player {p} has no ship left to place")
        raise ScenarioError(field, f"player {p} has no ship on {name}'s field {state.phase - 1}; in phase {phase} "
                                   f"only players with one may bid")
    if state.holder in state.passed:
        raise ScenarioError("position.auction.passed", f"player {state.holder} holds the high bid; he has not passed")
    spare = state.spare_needed()
    pool = state.pool()
    best_pool = [v for v in range(9, 0, -1) for _ in range(pool[v - 1])]
    for p, amount in state.bids:
        hand = state.hands[p]
        if p != state.holder and amount >= state.high:
            raise ScenarioError(f"position.auction.bids.{p}", f"{amount} is not below the high bid {state.high}")
        field = "position.auction.high_bid" if p == state.holder else f"position.auction.bids.{p}"
        if hand.full and cap(hand.known, spare) >= amount and not state.legal(hand.known) >> amount & 1:
            raise ScenarioError(field, f"player {p}'s hand {_cards(hand.known)} cannot lay out {amount}"
                                       + (" keeping one card" if spare else "") + ": a bid is a sum of cards in hand")
        if state.history is not None and not hand.full:
            continue  # phase I: deal.PhaseOne keeps only the hands that can make it
        most = list(hand.known)
        for v in best_pool[: hand.hidden]:
            most[v - 1] += 1
        if cap(most, spare) < amount:
            field = "position.auction.high_bid" if p == state.holder else f"position.auction.bids.{p}"
            raise ScenarioError(field, f"player {p}'s hand cannot pay {amount} (at most {cap(most, spare)} gold"
                                       + (", keeping one card" if spare else "") + "); a bid must be payable")
    me = state.hands[state.to_act]
    if not me.full:
        raise ScenarioError(f"position.hands.{state.to_act}", "the player to act must list every card in hand")
    # the players between the last to act and the player to act have passed
    last = state.holder if state.holder is not None else (state.opener - 1) % state.players
    p = (last + 1) % state.players
    while p != state.to_act:
        if p not in state.passed and state.eligible(p) and p != state.holder:
            raise ScenarioError("position.auction.to_act", f"player {p} bids before player {state.to_act} "
                                                           f"(clockwise); list player {p} in passed")
        p = (p + 1) % state.players


# ----------------------------------------------------------------------------------------------
# the board file


def board_template() -> str:
    """`analyzer board magellan --template`: the `rules:` block of every printed board number, left blank.

    Each blank is commented with the illustrative default, so the file parses only once filled in from a
    real board (a row with its crowns and bags given is no longer labelled illustrative)."""
    from analyzer.games.magellan.rules import DEFAULT_BOARD, DEFAULT_CARD_CROWNS

    def blank(values) -> str:
        return "[" + ", ".join("null" for _ in values) + "]"

    lines = ["# Magellan board file: the numbers printed on the board, which no public source gives.",
             "# Replace every null with the number printed on YOUR board (fields 1, 2, 3 of each explorer's row),",
             "# then put this rules: block in your scenario.  The comments hold the ILLUSTRATIVE defaults the",
             "# analyzer uses, and labels illustrative, where a row is not given.  side: the board side you play;",
             "# sides: {cook: B} plays one explorer on the other side (fill in that side's row).",
             "rules:", "  side: A", "  board:"]
    for explorer, by_side in DEFAULT_BOARD.items():
        row = by_side["A"]
        other = by_side["B"]
        lines.append(f"    {explorer}:   # side A power: {row.power or 'none'}; side B: crowns {list(other.crowns)}, "
                     f"bags {list(other.bags)}, power {other.power or 'none'}"
                     + (f", right_crowns {list(other.right_crowns)}" if other.right_crowns else ""))
        lines.append(f"      crowns: {blank(row.crowns)}   # illustrative: {list(row.crowns)}")
        lines.append(f"      bags: {blank(row.bags)}     # cards drawn at the end of the phase; illustrative: "
                     f"{list(row.bags)}")
    lines.append(f"  card_crowns: {blank(DEFAULT_CARD_CROWNS)}   # crowns on gold cards 1..9; unverified default: "
                 f"{list(DEFAULT_CARD_CROWNS)}")
    return "\n".join(lines) + "\n"


def questions(position) -> tuple[str, ...]:
    """The questions a position supports: a set-up has odds (whole games) only; a Pizarro draw with the
    players' totals also `win`; a bid state also `pay`."""
    if isinstance(position, Setup):
        return ("odds",)
    if isinstance(position, PizarroState):
        return ("odds", "ev") + (("win",) if position.scores is not None else ())
    return ("odds", "ev", "pay")
