"""Sankt Petersburg (Tummelhofer, 2004): each card's odds in the next refill, P(the game ends this round) and the
return of every purchase, exact; whole games for the start stones' seat value.

The card table is the first edition's, printed data (the rulebook's Game Material list and Board Game Arena's card
data, named in rules.PRINTED_CARDS; every answer on it carries the `printed` label); a scenario may supply another
as rules.card_table.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-4), `rules:` (card_table: bga_first_edition or {name: {deck, colour,
price, rubles, points, count, pair}}, upgrade_pairs by_symbol|seed, worker_refill_end next_round|immediate,
short_refill, observatory_last_card forbidden|allowed, observatory_draw_shown, takes_pmf: uniform_0_6 or [P(0 taken),
P(1), ...] or {phase: [...]}, hand_limit, turn_cap), `position:` (phase worker|building|aristocrat|upgrade, the phase
being played; start_stones {phase: seat}; board {upper: [cards], lower: [cards]}; decks_left {deck: n} (default:
every unseen card); seen_out {deck: {card: n}} (cards of a deck seen out of it so far); me {seat, rubles, hand,
cards}; opponents [{hand, hidden_in_hand, cards}] (the other seats in order; money is secret); focus {taken: n or
{upper, lower} (the cards still to be taken this phase; default takes_pmf), refill (the next refill's size), card,
scorings {green, blue, red} (R typed), observatory_draws {deck: n} (still to come this building phase: they thin
the decks before the refills after it)}).  The spec's flat layout (`settings:` and the fields at the top) is read
too.  Exact values are fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common
keys: settings (those not at their default), card_table, players, me, phase, decks_left."""

ODDS_HELP = f"""P(each card type appears in the next refill), exact (spec question 1): the refill after the current
phase turns d = min(k, cards left in the deck) cards of the next phase's deck, k = 8 - the cards left on the board
(after the upgrade phase: 8 - the upper row's), from the cards still to be taken (focus.taken, or takes_pmf; lower
row first) or typed (focus.refill); the deck's unseen pool is its composition less what was seen out
(hypergeometric).  JSON keys: deck, pool, sizes[] {{cards, p, p_exact}}, cards[] {{card, unseen, at_least_one,
at_least_one_exact, expected, expected_exact}}, focus_card, distribution[] {{j, p, p_exact}} (null without
focus.card). {COMMON}"""

END_HELP = f"""P(the game ends this round), exact under rules.takes_pmf (spec question 2): the board and the decks
over this round's phases, each phase taking t cards (independent; more than the board takes it all; lower row
first); the round is the last once a refill turns a deck's last card (the worker refill after the upgrade phase:
worker_refill_end).  Also R, the expected remaining scorings per colour (this round's, the current phase's
included, plus P(the game goes on) x the later rounds at the mean pace), which `ev` uses.  JSON keys:
ends_this_round, ends_this_round_exact, already_last, next_round_last(_exact), refills[] {{after, deck, cards_left,
last_round (this, or next: the worker refill under next_round), p_first, p_first_exact}}, scorings
{{green|blue|red: {{R, R_exact}}}}, rounds_after. {COMMON}"""

EV_HELP = f"""The return of every purchase open to me, exact given R (spec question 3): each board card (either row)
and each card of my hand, an upgrade once per card it may replace, at its cost (the cost rule: identical cards
owned, the lower row, Carpenter Workshop / Gold Smelter, at least 1; an upgrade less the replaced card's price);
value = points per scoring x R + the aristocrat bonus's increment + rubles per scoring x R / 10 (an upgrade's income
less the replaced card's; the Mariinskij and the Tax Man count what the card adds to them), R from `ask end`'s model
or typed (focus.scorings).  Best points per ruble first.  JSON keys: scorings {{colour: {{R, R_exact}}}},
scorings_source, rubles, purchases[] {{card, from, replaces, cost, rubles_back(_exact), points_back(_exact), bonus,
value(_exact), points_per_ruble(_exact), net_rubles(_exact), affordable}}. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Sankt Petersburg", 1, (2, 4),
    summary="each card in the next refill, the game's end this round, every purchase's return; full games",
    questions=asks(
        odds=("P(each card appears in the next refill), exact", ODDS_HELP),
        end=("P(the game ends this round) and the remaining scorings, exact", END_HELP),
        ev=("the return of every purchase open to me, exact given R", EV_HELP),
    ),
    answers="state:questions", full_games="balance:FULL_GAMES", policies=("greedy", "random", "search[:N[:BASE]]"),
    reference_check="sim:engine_agrees",
)
