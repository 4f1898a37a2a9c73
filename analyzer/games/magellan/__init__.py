"""Magellan (Pizarro & Co.): bid states, Pizarro's draw, whole games for balance runs.

The printed board numbers are unknown: a scenario supplies them (`analyzer board magellan
--template`), and every output computed on the illustrative default says so.
"""
from analyzer.core.game import GameSpec, Question

ODDS_HELP = """For an auction, each player's chance to win the card and the expected price; for a Pizarro
draw, stop against draw one more under both readings, and the optimal stopping rule (exact); for a set-up, each
seat's win probability over whole games. Outputs built on the illustrative default board say so."""

EV_HELP = """A bid state: expected final crowns and win probability of passing and of each payable raise (a
final offer), with their CIs and the cards to pay with; hidden hands are sampled consistently with everything
public. A Pizarro draw: stop or draw one more, exact."""

# A Magellan rollout deals hidden hands and plays the game out: far dearer than a Camel Up race.
GAME = GameSpec(
    name="magellan",
    title="Magellan",
    version=1,
    players=(3, 6),
    load="analyzer.games.magellan.state:parse_position",
    summary="bid states (who gets the card, what each move is worth), Pizarro's draw, whole games",
    questions={
        "odds": Question("analyzer.games.magellan.analysis:odds",
                         "auction: who gets the card and at what price; Pizarro: stop or draw (exact); set-up: "
                         "each seat's chances", ODDS_HELP, default_rollouts=2_000),
        "ev": Question("analyzer.games.magellan.analysis:ev",
                       "expected crowns and win chance of every move for the player to act", EV_HELP,
                       default_rollouts=2_000),
    },
    answers="analyzer.games.magellan.state:questions",
    full_games="analyzer.games.magellan.balance:FULL_GAMES",
    bench="analyzer.games.magellan.bench:run",
    reference_check="analyzer.games.magellan.reference:engine_agrees",
    board_template="analyzer.games.magellan.state:board_template",
)
