"""Oltre Mare positions from a scenario (spec "A position"), every card checked against the deck.

This project's layout (core also reads the spec's flat one, `settings:` and the fields at the top):

    game: oltre_mare
    players: 4
    rules: {lion_depth: uniform_mid_pm5, debt_rule: below_zero, run_table: illustrative}
    position:
      ducats: {me: 2, p2: 14, p3: 9, p4: -3}      # or only mine: 2
      deck_drawn_since_lion: 36                    # D: deck cards drawn since the lion went in
      lion: {scored: false, opponent_draws: illustrative, my_draws: 0}
      me: {hand: [grain, salt, silk], cargo_top: [olives, olives], power: 5, bales: 2, port_token: good_terms,
           pirate_pile: 2, play: [grain, salt]}
      unseen: {gems: 6, scrolls: 7, ...}           # or derived (the deck less every card I see)
      buy_from: deck                               # or pirate_pile
      prestige: {me: 3, p2: 2, p3: 2, p4: 0}       # optional: the lion's 6/3/1 if it scores

A card is a good (gems, scrolls, silk, salt, ceramics, olives, grain; no grain with 2 players), its naval power
then taken from the ILLUSTRATIVE deck, or [good, power] / "good power" / {good, power} (power 3-6, bales 7 -
power).  Readings where the spec is silent: `ducats` are mine when the buys start (local influence already paid);
`me.cargo` (or `cargo_top`) is my cargo pile not yet scored, bottom to top; the played cards come from my hand when
it is listed; `opponent_draws` is a list, one per opponent, each a whole number or a pmf {draws: weight}, or
illustrative (each opponent 0-3 equally likely); `my_draws` are deck cards I still draw this turn; a pirate pile
given as a count has unknown cards, which by exchangeability buy like the unseen pool.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from analyzer.core import scenario as sc
from analyzer.core.errors import ScenarioError
from analyzer.games.oltre_mare import rules as r
from analyzer.games.oltre_mare.rules import Settings

POSITION_KEYS = {"ducats", "deck_drawn_since_lion", "lion", "me", "unseen", "buy_from", "prestige"}
ME_KEYS = {"hand", "cargo", "cargo_top", "power", "bales", "port_token", "pirate_pile", "play"}
LION_KEYS = {"scored", "opponent_draws", "my_draws"}
CARD_KEYS = {"good", "power"}
BUY_FROM = ("deck", "pirate_pile")
ILLUSTRATIVE_DRAWS = {x: Fraction(1) for x in range(4)}  # each opponent draws 0-3 with equal weight
MAX_DRAWS = 40  # deck cards one opponent can draw in a turn (4 buys, 6 from symbols, ... with room)
MAX_CARDS = 98
BALES = (r.bales(max(r.POWERS)), r.bales(min(r.POWERS)))  # 1..4


@dataclass(frozen=True)
class Position:
    players: int = 4
    settings: Settings = field(default_factory=Settings)
    ducats: int = r.START_DUCATS  # mine
    drawn: int = 0  # D
    lion_scored: bool = False
    opponent_draws: tuple = ()  # one pmf ((x, weight), ...) per opponent
    draws_illustrative: bool = True
    my_draws: int = 0
    hand: tuple = ()  # cards (good, power)
    cargo: tuple = ()  # goods, bottom to top
    power: int | None = None
    bales: int | None = None
    port_token: str | None = None
    pirate_pile: tuple | int = 0  # a count, or the goods
    play: tuple = ()  # cards (good, power)
    unseen: tuple = ()  # ((good, count), ...)
    buy_from: str = "deck"
    prestige: tuple | None = None  # ((player, tokens), ...)
    powers_given: bool = True  # every played card's power written (else the ILLUSTRATIVE deck's)

    @property
    def pool(self) -> dict:
        """What the blind buys draw from: the unseen pool, or my pirate pile's listed goods."""
        if self.buy_from == "pirate_pile" and not isinstance(self.pirate_pile, int):
            return {g: self.pirate_pile.count(g) for g in r.goods(self.players) if g in self.pirate_pile}
        return dict(self.unseen)

    @property
    def max_buys(self) -> int:
        size = len(self.pirate_pile) if not isinstance(self.pirate_pile, int) else self.pirate_pile
        return min(r.MAX_BUYS, size if self.buy_from == "pirate_pile" else sum(dict(self.unseen).values()))

    @property
    def illustrative(self) -> tuple[str, ...]:
        return self.settings.illustrative


# ------------------------------------------------------------------------------------------------
# parsing

def parse_card(value, where: str, players: int) -> tuple[tuple[str, int], bool]:
    """A card -> ((good, power), power given)."""
    if isinstance(value, str) and len(value.split()) == 2:
        value = value.split()
    if isinstance(value, dict):
        block = sc.mapping(value, where, CARD_KEYS)
        value = [block.get("good"), block.get("power")] if block.get("power") is not None else block.get("good")
    if isinstance(value, str) or value is None:
        g = r.good(value, where, players)
        return (g, r.ILLUSTRATIVE_POWER[g]), False
    items = sc.sequence(value, where)
    if len(items) != 2:
        raise ScenarioError(where, "a card: a good, or [good, naval power 3-6], e.g. [olives, 5]")
    return (r.good(items[0], f"{where}.good", players), sc.integer(items[1], f"{where}.power", min(r.POWERS), max(r.POWERS))), True


def _cards(value, where: str, players: int, most: int) -> tuple[tuple, bool]:
    items = sc.sequence(value, where)
    if len(items) > most:
        raise ScenarioError(where, f"at most {most} cards; got {len(items)}")
    cards = [parse_card(x, f"{where}[{i}]", players) for i, x in enumerate(items)]
    return tuple(c for c, _ in cards), all(given for _, given in cards)


def _goods(value, where: str, players: int) -> tuple[str, ...]:
    return tuple(card[0] for card in _cards(value, where, players, MAX_CARDS)[0])


def _player_names(players: int) -> tuple[str, ...]:
    return ("me", *(f"p{i}" for i in range(2, players + 1)))


def _ducats(value, where: str, players: int) -> int:
    if isinstance(value, dict):
        block = sc.mapping(value, where, set(_player_names(players)))
        values = {name: sc.integer(x, f"{where}.{name}", -1000, 1000) for name, x in block.items()}
        if "me" not in values:
            raise ScenarioError(f"{where}.me", "missing; my ducats are what the buys cost from")
        return values["me"]
    return sc.integer(r.START_DUCATS if value is None else value, where, -1000, 1000)


def _draw_pmf(value, where: str) -> tuple:
    if isinstance(value, dict):
        pmf = tuple(sorted((sc.integer(x, f"{where}.{sc.key_name(x)}", 0, MAX_DRAWS),
                            r.weight(w, f"{where}.{sc.key_name(x)}")) for x, w in value.items()))
        if not any(w for _, w in pmf):
            raise ScenarioError(where, "the weights total 0; give at least one count of draws a weight > 0")
        return pmf
    return ((sc.integer(value, where, 0, MAX_DRAWS), Fraction(1)),)


def _opponent_draws(value, where: str, players: int) -> tuple[tuple, bool]:
    if value is None or value == "illustrative":
        return (tuple(ILLUSTRATIVE_DRAWS.items()),) * (players - 1), True
    if isinstance(value, str) or not isinstance(value, list):
        raise ScenarioError(where, f"got {value!r}; allowed: illustrative, or a list with one entry per opponent "
                                   f"({players - 1}): his deck draws, a whole number or a pmf {{draws: weight}}")
    if len(value) != players - 1:
        raise ScenarioError(where, f"one entry per opponent ({players - 1}); got {len(value)}")
    return tuple(_draw_pmf(x, f"{where}[{i}]") for i, x in enumerate(value)), False


def _unseen(value, where: str, players: int, visible: dict) -> tuple:
    left = {g: r.GOOD_COUNTS[g] - visible.get(g, 0) for g in r.goods(players)}
    if value is None or value == "derived":
        return tuple(left.items())
    if not isinstance(value, dict):
        raise ScenarioError(where, f"got {value!r}; allowed: derived, or {{good: unseen cards}}")
    block = sc.mapping(value, where, set(r.goods(players)))
    return tuple((g, sc.integer(block.get(g, 0), f"{where}.{g}", 0, left[g])) for g in r.goods(players))


def _me(value, where: str, players: int) -> dict:
    block = sc.mapping(value, where, ME_KEYS)
    if block.get("cargo") is not None and block.get("cargo_top") is not None:
        raise ScenarioError(f"{where}.cargo_top", "give my cargo once: as cargo (the pile not yet scored) or "
                                                  "cargo_top")
    key = "cargo" if block.get("cargo") is not None else "cargo_top"
    hand, hand_given = _cards(block.get("hand"), f"{where}.hand", players, MAX_CARDS)
    play, given = _cards(block.get("play"), f"{where}.play", players, max(BALES))
    power = None if block.get("power") is None else sc.integer(block["power"], f"{where}.power", min(r.POWERS), max(r.POWERS))
    bales = None if block.get("bales") is None else sc.integer(block["bales"], f"{where}.bales", *BALES)
    if power is not None and bales is not None and power + bales != r.POWER_PLUS_BALES:
        raise ScenarioError(f"{where}.bales", f"power + bales = {r.POWER_PLUS_BALES} on every card: with power "
                                              f"{power}, bales {r.bales(power)}")
    if bales is None and power is not None:
        bales = r.bales(power)
    if power is None and bales is not None:
        power = r.POWER_PLUS_BALES - bales
    if block.get("play") is None and bales is not None and len(hand) == bales:
        play, given = hand, hand_given
    if play and bales is not None and len(play) != bales:
        raise ScenarioError(f"{where}.play", f"exactly the top card's bales ({bales}) cards; got {len(play)}")
    if block.get("hand") is not None:
        for g in set(c[0] for c in play):
            if sum(c[0] == g for c in play) > sum(c[0] == g for c in hand):
                raise ScenarioError(f"{where}.play", f"more {g} than my hand holds: the played cards come from it")
    token = block.get("port_token")
    token = None if token in (None, "none") else sc.choice(token, f"{where}.port_token", (*r.PORT_TOKENS, "none"))
    pile = block.get("pirate_pile", 0)
    pile = (sc.integer(pile, f"{where}.pirate_pile", 0, MAX_CARDS) if not isinstance(pile, list)
            else _goods(pile, f"{where}.pirate_pile", players))
    return {"hand": hand, "play": play, "powers_given": given, "cargo": _goods(block.get(key), f"{where}.{key}",
            players), "power": power, "bales": bales, "port_token": token, "pirate_pile": pile,
            "hand_listed": block.get("hand") is not None}


def _prestige(value, where: str, players: int) -> tuple | None:
    if value is None:
        return None
    block = sc.mapping(value, where, set(_player_names(players)))
    return tuple((name, sc.integer(block.get(name, 0), f"{where}.{name}", 0, 40)) for name in _player_names(players))


def parse_position(data: dict) -> Position:
    """The scenario dict -> Position; every problem is a ScenarioError naming the field."""
    settings, players, block = sc.position_opening(data, r, POSITION_KEYS)
    P = "position"
    me = _me(block.get("me"), f"{P}.me", players)
    lion = sc.mapping(block.get("lion"), f"{P}.lion", LION_KEYS)
    scored = sc.flag(lion.get("scored", False), f"{P}.lion.scored")
    draws, draws_ill = _opponent_draws(lion.get("opponent_draws"), f"{P}.lion.opponent_draws", players)
    my_draws = sc.integer(lion.get("my_draws", 0), f"{P}.lion.my_draws", 0, MAX_DRAWS)
    deck = r.deck_after_setup(players)
    drawn = sc.integer(block.get("deck_drawn_since_lion", 0), f"{P}.deck_drawn_since_lion", 0, deck)
    if not scored:
        depths = r.lion_depths(settings.lion_depth, players)
        if not any(d > drawn for d in depths):
            raise ScenarioError(f"{P}.deck_drawn_since_lion", f"at most {max(depths) - 1} while the lion is in the "
                                                              f"deck (rules.lion_depth puts it at most {max(depths)} "
                                                              "cards deep); else set lion.scored true")
        if max(depths) > deck:
            raise ScenarioError("rules.lion_depth", f"depths up to {deck}: the deck holds {deck} cards when the "
                                                    f"lion goes in with {players} players")
    pile = me["pirate_pile"]
    visible: dict = {}
    in_hand = me["hand"] if me["hand_listed"] else me["play"]  # the played cards come from a listed hand
    for g in [c[0] for c in in_hand] + list(me["cargo"]) + (list(pile) if not isinstance(pile, int) else []):
        visible[g] = visible.get(g, 0) + 1
    for g, n in visible.items():
        if n > r.GOOD_COUNTS[g]:
            raise ScenarioError(f"{P}.me", f"{n} {g} cards in my hand, cargo and pirate pile; only "
                                           f"{r.GOOD_COUNTS[g]} exist")
    unseen = _unseen(block.get("unseen"), f"{P}.unseen", players, visible)
    if isinstance(pile, int) and pile > sum(dict(unseen).values()):
        raise ScenarioError(f"{P}.me.pirate_pile", f"at most {sum(dict(unseen).values())}: my face-down pirate "
                                                   "cards are among the unseen cards")
    buy_from = sc.choice(block.get("buy_from", "deck"), f"{P}.buy_from", BUY_FROM)
    if buy_from == "pirate_pile" and not pile:
        raise ScenarioError(f"{P}.buy_from", "deck: my pirate pile (position.me.pirate_pile) is empty")
    return Position(players, settings, _ducats(block.get("ducats"), f"{P}.ducats", players), drawn, scored, draws,
                    draws_ill, my_draws, me["hand"], me["cargo"], me["power"], me["bales"], me["port_token"], pile,
                    me["play"], unseen, buy_from, _prestige(block.get("prestige"), f"{P}.prestige", players),
                    me["powers_given"])


def questions(position: Position) -> tuple[str, ...]:
    """odds needs a card to buy, `ask lion` the lion still in the deck, ev cards to play."""
    return (*(("odds",) if position.max_buys else ()), *(("lion",) if not position.lion_scored else ()),
            *(("ev",) if position.play else ()))
