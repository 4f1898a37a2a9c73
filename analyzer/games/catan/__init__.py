"""Catan (Die Siedler von Catan): spot income and where to settle, the 7 and the discard, turns until I can
afford a build, the development deck, the robber; full no-trade games for balance.

The number-token sequence and the harbour pieces are printed data (the rulebook's variable set-up, board.py names
the source): a random board rests on them and every output on it says so (`printed`); the default board's terrain
layout is invented, and every output on it says it is illustrative; a scenario's `rules.board` can carry the
printed hexes and harbours.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (3-4), `rules:` (the named settings and `board:`), `position:` (me,
next_roller, robber, buildings, roads, hands, dev, harbors_built_this_turn, awards, points_public, focus:
{target, turns, rolls, buys, vertices}). Everything is from the view of position.me. Exact values are fractions:
in the JSON each has a float key and beside it `<key>_exact` with "p/q". Common keys: illustrative, printed (the
printed tables used, each with its source), board, settings (those not at their default), me, players, robber."""

EV_HELP = f"""Where to settle (spec question 1), exact: every free vertex the distance rule allows, ranked by its
expected cards per roll Σ pips(n)/36 over its numbered hexes not under the robber, then by distinct resources,
then vertex id; P(it pays nothing in r rolls) (r = focus.rolls, default one round), a number on two of its hexes
counted once; whether my road reaches it.
JSON keys: spots[] {{rank, vertex, per_roll, per_roll_exact, resources, p_nothing, p_nothing_exact, road}},
best[], rolls. {COMMON}"""

INCOME_HELP = f"""Spot income (spec question 1), exact: for each of my buildings and each vertex in focus.vertices
(as a settlement) the expected cards per roll by resource (×2 for a city, the robber's hex pays nothing), the total
per roll and per round of n players (×n), the total without the robber, P(the spot pays nothing in r rolls).
JSON keys: spots[] {{vertex, what, by_resource.<resource> {{p, p_exact}}, per_roll, per_round, per_roll_no_robber,
p_nothing (each with _exact)}}, rolls, production.<roll sum> (my cards by resource), mine_per_roll.<resource>.
{COMMON}"""

SEVEN_HELP = f"""P(a 7 before my next roll) (spec question 2), exact: 1 - (5/6)^k over the k rolls of the others
before mine (from position.next_roller; n - 1 just after my turn), and over one round of n rolls; knights played
by others are ignored (opponent_knights: ignore).
JSON keys: before_my_roll {{rolls, p, p_exact}}, in_a_round {{rolls, p, p_exact}}. {COMMON}"""

DISCARD_HELP = f"""P(I must discard before my next roll) (spec question 3), exact DP over the others' rolls before
mine (include_my_roll: true adds my own roll): each roll adds my production (the robber stays where the scenario
puts it), a 7 while I hold over 7 cards discards half, rounded per discard_rounding; the expected cards lost
(every discard counted) and the distribution of my hand size at the end.
JSON keys: rolls, cards, p_discard, p_discard_exact, expected_lost, expected_lost_exact, size.<cards> {{p,
p_exact}}. {COMMON}"""

AFFORD_HELP = f"""Turns until I can afford a road, a settlement, a city and a development card (spec question 4):
the distribution of the first of my build phases (my next one is turn 1) at which my hand pays the cost, from my
hand and buildings, each roll adding my production, discards on 7s (drop the resource with the largest surplus
over the cost, ties grain, ore, sheep, brick, wood), the robber where it stands, my 7s steal nothing, no domestic
trades; up to focus.turns build phases (default 10). bank_trades: false is an exact DP (Fractions; it stops
extending the horizon when the hand states outgrow a budget, and says so); bank_trades: true is Monte Carlo
(4:1, own 3:1 and 2:1 harbours, at my build phase when the trades complete the cost), with n and 95% intervals.
JSON keys: targets.<target> {{turns[] {{turn, p_at, p_at_exact, p_by, p_by_exact (Monte Carlo: p_by, lo95,
hi95)}}, horizon, later, later_exact}}, hand, turns, rollouts and seed (Monte Carlo). {COMMON}"""

ODDS_HELP = f"""At the table (spec questions 2-4): P(a 7 before my next roll), P(I must discard before it) and the
expected cards lost (exact), and the turns until I can afford focus.target (default city; exact without trades,
Monte Carlo with bank_trades: true), as `ask seven`, `ask discard` and `ask afford` compute them.
JSON keys: seven {{before_my_roll, in_a_round}}, p_discard, expected_lost (with _exact), discard_rolls, target,
afford {{turns[], horizon, later}}, rollouts and seed (Monte Carlo). {COMMON}"""

DECK_HELP = f"""The development deck (spec question 5), exact: P(the next card is each type) from the cards I have
not seen (25 - publicly played - my own, dev.played and dev.mine), and P(at least one VP card in k buys)
(k = focus.buys, default 2), hypergeometric.
JSON keys: unseen.<type>, next.<type> {{p, p_exact}}, buys, p_vp, p_vp_exact. {COMMON}"""

ROBBER_HELP = f"""Robber placement (spec question 6), exact: for each hex the robber may go to (robber_target), the
expected cards it denies each opponent per round of n rolls (n × pips/36 per building, a city 2), the total to the
others and my own loss; best: most denied to the others less mine, ties lowest hex.
JSON keys: hexes[] {{hex, per_opponent.<seat> {{p, p_exact}}, others, others_exact, mine, mine_exact}}, best.
{COMMON}"""

GAME = GameSpec.declare(
    __name__, "Catan", 1, (3, 4),
    summary="where to settle, spot income, the 7 and the discard, turns to afford a build, the deck, the robber",
    questions=asks(
        ev=("where to settle: every free vertex by expected cards per roll, exact", EV_HELP),
        odds=("a 7 and a discard before my next roll, turns to afford focus.target (exact; rollouts with bank_trades)",
              ODDS_HELP, 20_000),
        income=("expected cards per roll of my buildings and given spots, exact", INCOME_HELP),
        seven=("P(a 7 before my next roll), exact", SEVEN_HELP),
        discard=("P(I must discard before my next roll), expected cards lost, exact", DISCARD_HELP),
        afford=("turns until I can afford a road, settlement, city, development card "
                "(exact; rollouts with bank_trades)", AFFORD_HELP, 20_000),
        deck=("the next development card's odds, P(a VP card in k buys), exact", DECK_HELP),
        robber=("cards denied per opponent per round for each robber hex, exact", ROBBER_HELP),
    ),
    answers="state:questions", full_games="balance:FULL_GAMES",
    policies=("greedy", "trader", "random", "search[:N[:BASE]]"), reference_check="sim:engine_agrees",
)
