"""Puerto Rico (Andreas Seyfarth, 2002): the next settler display's odds, the Hacienda draw, the EV of each role
this turn; full games for the start crops' seat balance.

The seed lacks the cost/VP table and the tile and goods counts: the defaults are PRINTED tables (the rulebook's
contents list and public building references, named in rules.PRINTED), and every output built on them names its
sources; a scenario gives its own as rules.plantations, rules.goods, rules.buildings.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (3-5), `rules:` (start_tiles_from_pool, reshuffle rest_first|merge,
cost_floor, end_colonists_reading not_enough|enough, wharf_capacity, start_crops fixed|all_corn|all_indigo,
plantations: printed or {crop|quarry: n}, goods: printed or {crop: n}, buildings: printed or {building: {cost,
column, count, circles}}, turn_cap), `position:` (governor, stack {crop: n} (default: by elimination), discard_pile
{crop: n}, display [crops], leftovers [display tiles that join the discards before the next draw], quarries_left;
the full table: boards [per seat {doubloons, vp, goods, plantations, occupied, buildings {name: colonists},
san_juan}], roles_taken {seat: role}, role_doubloons {role: n (prospector: [n, n] for two cards)}, round,
colonist_ship, colonists, vp_chips, ships [{good, barrels}], trading_house [crops]).  Crops: corn, indigo, sugar,
tobacco, coffee.  The spec's flat layout (`settings:` and the fields at the top) is read too.  Exact values are
fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys: printed (the
printed tables the answer rests on, each with its source), settings (those not at their
default), players, governor, stack, discard_pile."""

ODDS_HELP = f"""P(each crop shows in the next settler display), exact (spec question 1): players + 1 tiles drawn
without replacement from the stack (hypergeometric); a stack too short is rebuilt from the shuffled discards (the
display's leftovers included) by rules.reshuffle: rest_first (the old stack first) or merge (shuffled together),
exact by conditioning on the split; fewer tiles in both: all show.  Per crop and for coffee or tobacco: P(at least
one), E[tiles shown], P(exactly j).  JSON keys: display_size, reshuffle, tiles_shown, crops[] {{crop, in_stack,
in_discards, at_least_one, at_least_one_exact, expected, expected_exact, exactly[] {{p, p_exact}}}}. {COMMON}"""

HACIENDA_HELP = f"""P(my Hacienda draw is crop X), exact (spec question 2): one blind tile from the top of the stack
(its composition by elimination), or, when the stack is empty, from the discard pile shuffled into a new stack;
both empty: no tile.  JSON keys: from_discard, none, none_exact, crops[] {{crop, tiles, p, p_exact}}. {COMMON}"""

EV_HELP = f"""The EV of each role this turn, Monte Carlo (spec question 4): the seat choosing now (the governor's
next from position.roles_taken) takes each untaken role card, its doubloons included, then greedy players in
every seat play the game to its end; from the given boards, else from the set-up (the governor's first choice).
Per role: E[my final score] (VP chips + buildings + bonuses) with a 95% interval, P(I win) (ties shared) with a
Wilson interval.  JSON keys: seat, round, from_setup, rollouts (per role), seed, roles[] {{role, doubloons,
score {{mean, ci95, n}}, win {{p, lo95, hi95}}, capped}}, best (by E[score]), best_win (by P(win)). {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Puerto Rico", 2, (3, 5),
    summary="the next settler display's odds, the Hacienda draw, the EV of each role this turn; full games",
    questions=asks(
        odds=("P(each crop shows in the next settler display), exact", ODDS_HELP),
        hacienda=("P(my Hacienda draw is each crop), exact", HACIENDA_HELP),
        ev=("the EV of each role this turn (greedy rollouts), Monte Carlo", EV_HELP, 2_000),
    ),
    answers="state:questions", full_games="balance:FULL_GAMES",
    policies=("greedy", "random", "noisy:EPS", "search[:N[:BASE]]"), reference_check="sim:engine_agrees",
)
