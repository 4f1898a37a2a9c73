"""Magellan (Pizarro & Co.): bid states, Pizarro's draw, whole games for balance runs.

The printed board numbers are unknown: a scenario supplies them (`analyzer board magellan
--template`), and every output computed on the illustrative default says so.
"""
from analyzer.core.game import GameSpec, asks

ODDS_HELP = """For an auction, each player's chance to win the card (Wilson 95% interval) and the expected price; for
a Pizarro draw, stop against draw one more under both readings, and the optimal stopping rule (exact); for a set-up,
each seat's win probability over whole games. Outputs built on the illustrative default board say so."""

EV_HELP = """A bid state: how high to go. For pass, Colombo's veto (where the player to act holds one and nobody has
bid) and "raise up to L" for every bid L his hand can make (a sum of its cards, `rules.bids`): expected final crowns
with a 95% CI, the paired difference to the best move on the same deals with its CI (a tie where it holds 0), the
chance to win the game and to get the card (Wilson intervals) and the mean price paid. Up to L he raises to the
smallest bid he can make whenever outbid; the others re-raise up to their own limits (their policies). Hidden hands
are dealt consistently with everything public: in phase I from the start sets and `position.history`.
JSON keys: best, moves[] {move, kind, limit, crowns, crowns_ci95, diff, diff_ci95, tie_with_best, win, win_lo95,
win_hi95, win_diff, win_diff_ci95, gets_card, gets_card_lo95, gets_card_hi95, price_if_won, expected_paid, pay},
payments[] {price,
pay}. A Pizarro draw: stop or draw one more, exact."""

WIN_HELP = """Pizarro's draw played for the win: Pizarro scores after everything else, so with every player's total
before the draw (`position.pizarro.scores`, and `owner`, whose ship draws) the owner's chance of winning is exact.
For the stopping rule with the best chance to win, the one with the best expected score, the bots' fixed threshold
and stopping now: the chance to win (a tie shared), to be alone on top, the expected score, and the chance the draw
reaches at least k crowns, under both readings (crowns, gold). JSON keys: readings.<reading>.now (stop or draw for the
win), rules.<rule> {win, expected, alone} (fractions), reach.<rule>.<k>."""

PAY_HELP = """What each player can still bid for the card up: the sums of cards his hand can lay out (`rules.bids`),
keeping one card for Magellan A and Cook B. In phase I a hand is the start set less what was paid and discarded
(`position.history`) plus da Gama draws, less Magellan tucks: exact (fractions), whatever is hidden; in later phases
exact for hands that are known, else the share of the deals in which he can. Per player: can he top the high bid,
his smallest raise, his most, the bids always and possibly open to him; per bid, each player's chance.
JSON keys: players.<p> {hand, exact, can_top, smallest_raise, most, always, possible, chance.<bid>}."""

# A Magellan rollout deals hidden hands and plays the game out: far dearer than a Camel Up race.
GAME = GameSpec.declare(
    __name__, "Magellan", 2, (3, 6),
    summary="bid states (how high to go, who gets the card, what each player can pay), Pizarro's draw (also for "
            "the win), whole games",
    questions=asks(
        odds=("auction: who gets the card and at what price; Pizarro: stop or draw (exact); set-up: "
              "each seat's chances", ODDS_HELP, 2_000),
        ev=("how high to go: pass, veto or raise up to L, each against the best move", EV_HELP, 2_000),
        win=("Pizarro's draw for the win, given the other totals (exact)", WIN_HELP),
        pay=("what each player can still bid for the card up (exact in phase I)", PAY_HELP, 2_000),
    ),
    answers="state:questions", full_games="balance:FULL_GAMES", quick_entry="quick_entry:app",
    reference_check="reference:engine_agrees", board_template="state:board_template",
)
