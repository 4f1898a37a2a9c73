"""Samarkand: Routes to Riches (Queen Games 2010): action effects, marriage draws, sell or keep, route odds, action EVs.

The printed map and the dowries are in no source: a scenario's `rules.board` can carry the printed map, and
every output computed on the illustrative default (spec §7, `illustrative-hex-84`) says so.
"""
from analyzer.core.game import GameSpec, Question

COMMON = """Seats by name; families by name; cells by id ("row,col" on the default board). Exact values are
fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q". Common keys: illustrative,
board, settings (those not at their default), who (the player to move), me (whose view: his hand is known)."""

EFFECTS_HELP = f"""The immediate effect of every legal action of the player to move (spec §9.1), exact and
deterministic: a marriage's dowry, the cards it draws (0 at the hand limit) and, with 2 players, P(the bag tile goes
to a domain); an extension's Dirham to each player (new relationships 3 / 1, holders of both get both), the goods
and relationship markers the mover takes, each goods space reached first with the card that becomes sellable and
who may hold it (me, or P(an opponent holds it) from my unseen cards), whether the game ends, and each player's
score if it ended right after (no sale; a hand I cannot see: its expected value over my unseen cards, exact).
JSON keys: actions[] {{action, kind, family, cells[], money.<player>, goods_markers[], relationship_markers[],
new_pairs[], sellable[] {{card, holder, p_opponent, p_opponent_exact}}, draws, bag_domain, bag_domain_exact,
ends, scores.<player>, scores_exact.<player>, delta_me, delta_me_exact}}. {COMMON}"""

DRAW_HELP = f"""The marriage draw from my view (spec §9.2, §6), exact: the 3 cards are a uniform 3-subset of my
unseen cards (pile + other hands + hidden discards); with fewer than 3 in the pile, what it holds then a uniform
subset of the reshuffled public discards; none at the hand limit (hand + sold). P(each card named in
position.focus.cards) and P(at least one of them); for each marriage I could make (or my tiles as they are, if none
is legal) the distribution and mean of the gain of the best keep (the top h + k cards of hand + drawn, k the most the
limit allows) under card_value (focus.card_value): current (the card's score for me now, with the new tile) or reach
(+ 4·P(a camel of one of my families reaches its space), Monte Carlo, so then not exact).
JSON keys: draw {{from_unseen, unseen, from_discards, discards, k_max, outcomes}}, cards.<n> {{p, p_exact}},
any {{cards[], p, p_exact}}, card_value, marriages[] {{family, gain_mean, gain_mean_exact, gain.<value> {{p, p_exact}},
exact}}, rollouts, seed. {COMMON}"""

SELL_HELP = f"""Sell or keep the card position.focus.card (spec §9.3): 3 Dirham now against the card's final score
for me (4 per camel of a family I hold on its space, 1 per other camel). Exact when the game is over after this
turn (the end condition holds in the position); else Monte Carlo under greedy play (the keep value, the EV and win
chance of both choices on common random numbers, with 95% intervals).
JSON keys: card, sell, keep, keep_exact (exact case), exact, decision, and in the Monte Carlo case keep_value,
keep_ci95, ev_sell, ev_keep, diff, diff_ci95, win_sell, win_keep, rollouts, seed. {COMMON}"""

ROUTES_HELP = f"""Route odds by rollouts of the rest of the game under greedy play (spec §9.4): P(family X reaches
goods space n, or meets family Y, before the end) with Wilson 95% intervals (position.focus family + goods or meets;
default: each unsold card in my hand against the nearest family I hold, or the nearest family), the distribution
of turns left and which end condition fires.
JSON keys: goals[] {{goal, p, lo95, hi95}}, turns_left.<k>, end.<reason>, rollouts, seed. {COMMON}"""

EV_HELP = f"""The EV of each legal action of the player to move (spec §9.5): his exact immediate ΔVP (see `ask
effects`) and his expected final VP and win probability by rollouts of the rest of the game on common random
numbers (hidden hands dealt from my unseen cards; greedy play), with 95% intervals, best EV first; every legal
action, or with position.focus.top: N the N best by the immediate ΔVP.
JSON keys: actions[] {{action, kind, family, cells[], delta, delta_exact, rollout {{ev, ev_ci95, win, win_lo95,
win_hi95, diff_vs_first, diff_ci95}}}}, valued, legal, rollouts, seed. {COMMON}"""

ODDS_HELP = f"""The marriage draw odds, exact (spec §9.2): P(each card named in position.focus.cards) and P(at least
one of them) among the cards my next marriage draws (a uniform 3-subset of my unseen cards: pile + other hands +
hidden discards; with fewer than 3 in the pile, what it holds then a uniform subset of the reshuffled public
discards; none at the hand limit). `ask draw` adds the best keep's gain per marriage.
JSON keys: draw {{from_unseen, unseen, from_discards, discards, k_max, outcomes}}, cards.<n> {{p, p_exact}},
any {{cards[], p, p_exact}}, card_value. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Samarkand: Routes to Riches", 1, (2, 5),
    summary="marriage draw odds, the immediate effect and EV of every action, sell or keep, route odds",
    questions={
        "odds": Question("analysis:odds", "the marriage draw odds, exact", ODDS_HELP, default_rollouts=None),
        "ev": Question("analysis:actions", "the EV of each legal action", EV_HELP, default_rollouts=60),
        "effects": Question("analysis:effects",
                            "the immediate effect of every legal action, exact", EFFECTS_HELP, default_rollouts=None),
        "draw": Question("analysis:draw",
                         "the marriage draw: P(cards), the best keep's gain, exact", DRAW_HELP, default_rollouts=None),
        "sell": Question("analysis:sell", "sell a card for 3 Dirham or keep it", SELL_HELP, default_rollouts=100),
        "routes": Question("analysis:routes",
                           "P(a family reaches a goods space or meets another), turns left, end condition",
                           ROUTES_HELP, default_rollouts=200),
        "actions": Question("analysis:actions", "the EV of each legal action", EV_HELP, default_rollouts=60),
    },
    answers="analysis:questions", board_template="state:board_template", full_games="balance:FULL_GAMES",
    reference_check="sim:engine_agrees", policies=("greedy", "random", "route-planner", "search[:N[:BASE]]"),
)
