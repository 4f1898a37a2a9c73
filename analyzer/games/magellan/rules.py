"""Magellan (Pizarro & Co.) rules as data (rules spec: shared/rules/magellan.md).

The printed board numbers (each field's crowns and bags, for both sides of every
explorer) are not known from any source: they are data a scenario supplies.  The default
board below is **illustrative**: every output computed on any part of it says so.

The engine reads a `RuleSet` and the *power* of each explorer; it never asks an
explorer's name.  Powers:

- `exchange`     Marco Polo A: at the end of phases I and II, per ship that reached a field
                 this phase, discard up to 3 gold cards and draw as many (`polo_exchange`:
                 `pooled`, up to 3 x ships in one exchange, or `per_ship`, one exchange of up to
                 3 per ship, one after the other).
- `draw`         da Gama A: the winner draws 1 / 2 / 3 cards at once in phase I / II / III.
- `draw_or_crowns` da Gama B: the ship goes on the left half (as `draw`) or the right half
                 (no cards; the field's `right_crowns` instead of its crowns).
- `veto`         Colombo: a card won in a phase of `veto_phases` gives one veto, usable until
                 the end of that phase: send a revealed card, before the first bid, to the
                 bottom of the current phase's deck (never once a bid is made).
- `draw_score`   Pizarro B: the ship on the phase-III field scores by the Pizarro draw.
- `tuck_hand`    Magellan A: the winner tucks one more gold card from his hand under the card.
- `tuck_payment` Magellan B: the tucked card is one of the cards paid, face up.
- `open_hand`    Cook A: the winner plays with his hand face up until the end of the phase.
- `lose_card`    Cook B: after paying, the left neighbour discards one random card of the
                 winner's hand.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from analyzer.core.errors import ScenarioError
from analyzer.core.settings import HANDICAP, check_start, handicap_by_rank

EXPLORERS = ("polo", "gama", "colombo", "pizarro", "magellan", "cook")
ALIASES = {
    "marco polo": "polo", "marco_polo": "polo", "marco": "polo",
    "da gama": "gama", "dagama": "gama", "vasco da gama": "gama", "vasco": "gama", "da_gama": "gama",
    "columbus": "colombo", "kolumbus": "colombo", "colon": "colombo",
    "magalhaes": "magellan", "magalhães": "magellan", "magellanes": "magellan",
}
POWERS = ("exchange", "draw", "draw_or_crowns", "veto", "draw_score", "tuck_hand", "tuck_payment",
          "open_hand", "lose_card")
SIDES = ("A", "B")
PIZARRO_READINGS = ("crowns", "gold")
BID_RULES = ("exact_sum", "up_to_total")  # a bid: a sum the hand can lay out | any amount up to the hand's gold
POLO_READINGS = ("pooled", "per_ship")
PHASES = 3
VALUES = tuple(range(1, 10))  # gold values of the cards


@dataclass(frozen=True)
class Row:
    """One explorer's row of three fields on one side of the board."""

    crowns: tuple[int, int, int]  # crowns of a ship ending on field 1 / 2 / 3
    bags: tuple[int, int, int]  # cards drawn at the end of the phase a ship arrives there
    power: str | None = None
    right_crowns: tuple[int, int, int] | None = None  # draw_or_crowns: the right halves


# ILLUSTRATIVE: invented so the engine can run (board-data-sources.md: MISSING).  A few public
# hints are respected: crowns grow along a row, fields that pay cards carry fewer crowns, Cook's
# three fields carry the most (35 in all on the side one review played), Colombo 5 and 10 on
# fields 2 and 3.
DEFAULT_BOARD: dict[str, dict[str, Row]] = {
    "polo": {"A": Row((1, 3, 6), (1, 1, 2), "exchange"),
             "B": Row((2, 4, 8), (1, 2, 2))},
    "gama": {"A": Row((1, 3, 5), (0, 0, 0), "draw"),
             "B": Row((1, 2, 4), (0, 0, 0), "draw_or_crowns", right_crowns=(3, 6, 10))},
    "colombo": {"A": Row((2, 5, 10), (1, 1, 0), "veto"),
                "B": Row((2, 5, 10), (0, 1, 1), "veto")},
    "pizarro": {"A": Row((3, 6, 10), (0, 1, 1)),
                "B": Row((2, 4, 0), (1, 1, 0), "draw_score")},
    "magellan": {"A": Row((0, 2, 4), (0, 0, 0), "tuck_hand"),
                 "B": Row((0, 2, 4), (0, 0, 0), "tuck_payment")},
    "cook": {"A": Row((5, 10, 20), (0, 0, 0), "open_hand"),
             "B": Row((6, 11, 18), (0, 0, 0), "lose_card")},
}

# Crowns per gold value 1..9.  UNVERIFIED (rules file): 1-3 -> 3, 4-6 -> 2, 7-9 -> 1; a set carries 18.
DEFAULT_CARD_CROWNS = (3, 3, 3, 2, 2, 2, 1, 1, 1)


@dataclass(frozen=True)
class RuleSet:
    sides: tuple[str, ...] = ("A",) * 6  # per explorer, in EXPLORERS order
    rows: tuple[Row, ...] = tuple(DEFAULT_BOARD[e]["A"] for e in EXPLORERS)
    supplied: tuple[bool, ...] = (False,) * 6  # whose row the scenario gave (else: illustrative default)
    card_crowns: tuple[int, ...] = DEFAULT_CARD_CROWNS
    sets: int = 7  # gold sets of values 1-9
    ships: int = 6  # per player
    cards_per_phase: tuple[int, int, int] = (3, 2, 1)  # explorer cards per explorer and phase
    phase_end_draws: tuple[int, int, int] = (2, 2, 0)  # none after phase III: "Po 3. fázi si nelosuje"
    draw_powers: tuple[int, int, int] = (1, 2, 3)  # da Gama's cards by phase
    exchange_per_ship: int = 3  # Marco Polo
    polo_exchange: str = "pooled"  # pooled: up to 3 x ships at once | per_ship: one exchange per ship
    bids: str = "exact_sum"  # exact_sum: a bid is a sum of cards in hand | up_to_total: any amount up to the gold
    exchange_phases: tuple[int, ...] = (1, 2)
    veto_phases: tuple[int, ...] = (1,)  # Colombo cards of these phases give a veto
    pizarro_scores: str = "crowns"  # crowns | gold (the seed translator's doubt, as a variant)
    pizarro_limit: int = 20  # a drawn gold sum above this scores 0
    pizarro_deck: str = "stock"  # stock: draw + discard piles shuffled together; full: all 63 cards
    min_players: int = 3
    max_players: int = 6
    start_player: int = 0  # who opens the first auction
    card_crowns_supplied: bool = False
    seat_handicap: tuple = ()  # gold cards drawn on top of each turn-order rank's 1-9 set (core/settings.py)

    def extra_cards(self, players: int) -> tuple[int, ...]:
        """The seat handicap by turn-order rank (rank 0 opens the first auction): gold cards each draws at the
        start on top of its 1-9 set, 0 to 9 (a draw only adds); a vector that does not fit is one line."""
        handicap = handicap_by_rank(self.seat_handicap, players)
        check_start(0, handicap, "gold cards on top of the 1-9 set")
        for rank, h in enumerate(handicap):
            if h > len(VALUES):
                raise ScenarioError(f"rules.{HANDICAP}[{rank}]", f"got {h}; allowed: 0 to {len(VALUES)} gold cards "
                                                                 "on top of the 1-9 set")
        return handicap

    @property
    def illustrative(self) -> bool:
        return not all(self.supplied)

    def row(self, explorer: int) -> Row:
        return self.rows[explorer]

    def power(self, explorer: int) -> str | None:
        return self.rows[explorer].power

    def explorers_with(self, power: str) -> list[int]:
        return [e for e, row in enumerate(self.rows) if row.power == power]

    @property
    def deck_size(self) -> int:
        return self.sets * len(VALUES)

    def labels(self) -> list[str]:
        """Notes every output built on these rules carries."""
        notes = []
        if self.illustrative:
            given = [EXPLORERS[e] for e, s in enumerate(self.supplied) if s]
            notes.append("ILLUSTRATIVE BOARD: the printed crowns and bags are unknown; "
                         + ("every explorer's row" if not given else
                            f"every row but {', '.join(given)}") + " is the invented default (rules.board to supply them)")
        if not self.card_crowns_supplied:
            notes.append("card crowns 1-3 -> 3, 4-6 -> 2, 7-9 -> 1 (unverified default; rules.card_crowns)")
        sides = "".join(self.sides)
        notes.append(f"board sides {sides if len(set(sides)) > 1 else sides[0]}"
                     + (f"; Pizarro scores {self.pizarro_scores}" if "draw_score" in
                        [r.power for r in self.rows] else ""))
        if self.bids != "exact_sum":
            notes.append("bids: any amount up to the hand's gold (rules.bids: up_to_total), not only sums of cards")
        if self.polo_exchange != "pooled" and self.explorers_with("exchange"):
            notes.append("Marco Polo: one exchange of up to 3 cards per ship, one after the other (per_ship)")
        return notes


def rule_set(side: str = "A", sides: dict[str, str] | None = None, board: dict[str, dict] | None = None,
             **settings) -> RuleSet:
    """Rules for a board side (or per-explorer sides), with rows and settings overridden."""
    chosen = [(sides or {}).get(e, side) for e in EXPLORERS]
    rows, supplied = [], []
    for e, s in zip(EXPLORERS, chosen):
        row = DEFAULT_BOARD[e][s]
        given = (board or {}).get(e)
        if given:
            row = replace(row, **given)
        rows.append(row)
        supplied.append(bool(given) and "crowns" in given and "bags" in given)
    return RuleSet(sides=tuple(chosen), rows=tuple(rows), supplied=tuple(supplied), **settings)


# Settings a scenario's `rules:` may set, besides side, sides and board.
SETTINGS = {
    "card_crowns": ("tuple", 9, 0, 9),
    "sets": ("int", None, 1, 7),
    "ships": ("int", None, 1, 12),
    "phase_end_draws": ("tuple", 3, 0, 9),
    "draw_powers": ("tuple", 3, 0, 9),
    "exchange_per_ship": ("int", None, 0, 9),
    "polo_exchange": ("choice", POLO_READINGS, None, None),
    "bids": ("choice", BID_RULES, None, None),
    "exchange_phases": ("phases", None, 1, 3),
    "veto_phases": ("phases", None, 1, 3),
    "pizarro_scores": ("choice", PIZARRO_READINGS, None, None),
    "pizarro_limit": ("int", None, 1, 200),
    "pizarro_deck": ("choice", ("stock", "full"), None, None),
    "start_player": ("int", None, 0, 5),
    HANDICAP: ("handicap", None, None, None),
}
ROW_KEYS = {"crowns", "bags", "power", "right_crowns"}


# ----------------------------------------------------------------------------------------------
# bids: the sums a hand can lay out (scalar; sim.py has the batched version)


def sums(hand) -> int:
    """Every sum of a sub-multiset of `hand` (counts per value), as a bit mask: bit s set if s can be laid out."""
    reach = 1
    for v, c in zip(VALUES, hand):
        for _ in range(int(c)):
            reach |= reach << v
    return reach


def legal_bids(hand, spare: bool, mode: str = "exact_sum") -> int:
    """The bids a hand can make, as a bit mask (bit b: bid b).  `exact_sum`: the sums of cards it can lay
    out, keeping one card where one must be kept (Magellan A, Cook B); `up_to_total`: every amount up to
    its gold (less its smallest card where one must be kept).  No bid of 0."""
    total = sum(v * int(c) for v, c in zip(VALUES, hand))
    if mode == "up_to_total":
        top = total - (next(v for v in VALUES if hand[v - 1]) if spare and total else 0)
        return ((1 << (top + 1)) - 1) & ~1
    reach = sums(hand) & ~1
    if spare and total:
        reach &= ~(1 << total)  # only the whole hand lays out its total
    return reach


def bid_list(mask: int) -> list[int]:
    return [b for b in range(mask.bit_length()) if mask >> b & 1]


def next_bid(mask: int, high: int) -> int | None:
    """The smallest bid in `mask` above `high`, or None."""
    above = mask >> (high + 1)
    if not above:
        return None
    return high + 1 + ((above & -above).bit_length() - 1)


def ranges(values) -> str:
    """[1, 2, 3, 5, 7, 8] -> "1-3, 5, 7-8"."""
    out, run = [], []
    for v in sorted(values):
        if run and v == run[-1] + 1:
            run.append(v)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [v]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out) if out else "none"
