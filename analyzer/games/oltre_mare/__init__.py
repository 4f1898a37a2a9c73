"""Oltre Mare (Emanuele Ornella, Amigo 2004): the cost and goods odds of blind buys, P(the lion scoring comes
before my next turn), the best cargo order.  No full games: they wait for the printed card list.

The seed lacks the per-card data and the run-value tables (pictures): the defaults are the spec's illustrative
run table and an illustrative naval power per good, and every output built on them says ILLUSTRATIVE; a scenario
gives the real ones as rules.run_table and [good, power] cards.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-5; 2 players: no grain), `rules:` (lion_depth: uniform_mid_pm5 or a pmf
{depth: weight}, debt_rule below_zero | zero_or_below, good_terms_debt, symbols_over_4, run_table: illustrative or
{good: [values of 1, 2, ... cards]}, open_trade), `position:` (ducats {me: n, p2: ...} or n, deck_drawn_since_lion,
lion {scored, opponent_draws: illustrative or one entry per opponent (a number or a pmf), my_draws}, me {hand,
cargo or cargo_top, power, bales, port_token, pirate_pile: a count or goods, play}, unseen: derived or {good: n},
buy_from deck | pirate_pile, prestige {me: n, p2: ...}).  A card is a good (its power then ILLUSTRATIVE) or
[good, power 3-6].  The spec's flat layout (`settings:` and the fields at the top) is read too.  Exact values are
fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys: illustrative
(true when the answer rests on illustrative data), illustrative_data (which), settings (those not at their default),
players."""

ODDS_HELP = f"""The cost and goods odds of k blind buys, k = 1..4 (fewer when the pool is smaller), exact (spec question
1): the ducats each buy costs (3, or 4 when in debt before it by debt_rule; the good terms token 1, 2, 3, 4, the
surcharge on top only with good_terms_debt), the total and the ducats left; P(at least j cards of good G) for every
good and j <= k, hypergeometric on the unseen pool (or my pirate pile's listed cards with buy_from pirate_pile).
JSON keys: ducats, port_token, buy_from, pool {{good: n}}, pool_size, buys[] {{k, prices[], spent, left, odds.<good>[]
{{j, p, p_exact}}}}. {COMMON}"""

LION_HELP = f"""P(the lion scoring comes before my next turn), exact (spec question 2): P(D < d <= D + X) / P(d > D), d the
deck cards above the lion (rules.lion_depth), D = deck_drawn_since_lion, X my remaining draws plus the opponents'
(typed, or illustrative: each draws 0-3 equally likely); with the chance given each X, and, where position.prestige
is given, each player's 6/3/1 prestige by dense ranking at that scoring.  JSON keys: drawn, depths {{d: p}}, draws
{{x: p}}, p, p_exact, prestige[] {{player, tokens, points}} (null without position.prestige). {COMMON}"""

EV_HELP = f"""The best cargo order for the cards I play (me.play, or my hand when it holds exactly my bales), exact (spec
question 3): every distinct order (at most 4! = 24) laid onto my cargo pile, with the ducats its runs score at the
lion (every run below the top run, which stays) and at the end (every run) under run_table, and next turn's naval
power and bales from the new top card; best first by the next scoring's ducats, then the other's, then the higher
power on top, then the order listed first.  JSON keys: cargo[], play[] {{good, power}}, ranked_by (lion | end),
tie_breaks[], orders[] {{order[] {{good, power}}, lion, end, power, bales}}, best. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Oltre Mare", 1, (2, 5),
    summary="blind buys' cost and goods odds, the lion before my next turn, the best cargo order",
    questions=asks(
        odds=("the cost and goods odds of 1-4 blind buys, exact", ODDS_HELP),
        lion=("P(the lion scoring comes before my next turn), exact", LION_HELP),
        ev=("the best order of my played cards on my cargo pile, exact", EV_HELP),
    ),
    answers="state:questions", reference_check="reference:reference_agrees", picture=None,
)
