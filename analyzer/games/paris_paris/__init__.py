"""Paris Paris (Michael Schacht, Abacus 2003): P(stop S is the leftover tile) under a pick policy, each stop in the
next column, P(a big tour of colour X next round), the Bayesian posterior of the opponents' bonus markers.  No full
games (out of scope).

No source gives the map graph (it is only pictured): the default is an ILLUSTRATIVE map and every output built on
it says ILLUSTRATIVE; a scenario gives the printed map as rules.map {lines: {colour: [stops in order]}}.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-4), `rules:` (opponent_pick uniform | weighted, tile_colour
adjacency_line | typed, full_slots_rule fifth_tours | redundant, nearest_tie global | per_line, double_owner_adjacent
once | per_shop, map: illustrative or {lines: {blue, red, green, yellow, brown: [stops in order]}}, bonus_epsilon
(1/3)), `position:` (unseen_tiles {"Stop/colour": n} or derived (the map's tiles less column and seen), seen [tiles],
column [players + 1 tiles], picked [earlier pickers' tiles; I pick next], shops {stop: [owner colours]},
discard_slots [colours], bag {owner: n}, me {colour, bonus_marker}, opponents [colours, clockwise from me],
open_marker (2 players), pick_weights {stop: weight} (weighted), stop (the stop asked; default every stop)).  A tile
is "Stop/colour".  The spec's flat layout (`settings:` and the fields at the top) is read too.  Exact values are
fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys: illustrative,
illustrative_data, settings (those not at their default), players."""

ODDS_HELP = f"""P(stop S appears in the next column) and P(it appears >= 2 times), exact (spec question 2):
hypergeometric, the column's players + 1 tiles drawn from the unseen pool.  JSON keys: column_size, unseen, stops
{{stop: {{tiles, p, p_exact, p2, p2_exact}}}}. {COMMON}"""

LEFTOVER_HELP = f"""P(stop S is the leftover tile) for each pick of mine from the column, exact under
rules.opponent_pick (spec question 1): uniform (the survivor of random removals is uniform) or weighted (each later
picker takes a tile with probability proportional to its stop's pick weight); with the chance of a big tour and each
player's expected points of this round's small and big tour (every picker's shop opened first).  JSON keys: column,
picked, later_pickers, policy, picks[] {{pick, leftover {{stop: {{p, p_exact}}}}, p_big_tour, p_big_tour_exact, points
{{owner: {{e, e_exact}}}}}}. {COMMON}"""

BIG_TOUR_HELP = f"""P(a big tour of colour X next round), exact under uniform picks (spec question 3): the next
leftover is a uniform draw from the unseen pool, so P = (unseen tiles of X) / (unseen) for each colour lying in a
discard slot; with 4 colours lying, full_slots_rule fifth_tours makes the 5th tour too (P(any) = 1).  JSON keys:
slots, unseen, colours {{colour: {{p, p_exact}}}}, p_any, p_any_exact. {COMMON}"""

BONUS_HELP = f"""The Bayesian posterior of each opponent's bonus marker from his shops, exact (spec question 4): a
uniform prior over the assignments of the markers I have not seen (24 with 4 players, 12 with 3, 3 with 2 and the
open one), each shop weighing 1 on its owner's bonus line and rules.bonus_epsilon (ILLUSTRATIVE 1/3) off it.  JSON
keys: assignments, posterior {{opponent: {{colour: {{p, p_exact}}}}}}. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Paris Paris", 1, (2, 4),
    summary="the leftover tile, the next column, the next big tour, the opponents' bonus colours",
    questions=asks(
        odds=("P(each stop appears in the next column, >= 1 and >= 2 times), exact", ODDS_HELP),
        leftover=("P(stop S is the leftover tile) for each pick of mine, exact", LEFTOVER_HELP),
        big_tour=("P(a big tour of each colour next round), exact", BIG_TOUR_HELP),
        bonus=("the opponents' bonus markers, Bayesian posterior, exact", BONUS_HELP),
    ),
    answers="state:questions", board_template="state:board_template", reference_check="reference:reference_agrees",
)
