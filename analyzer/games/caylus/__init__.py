"""Caylus (William Attia, Ystari 2005): the deterministic calculators (next worker cost, the provost's reach and
what each bribe cancels, castle batches, the end bonus, the section-end preview) and the neutral buildings'
layout odds.  No full games nor the first-round seat balance: they wait for the verified card list and road.

The castle sizes come from a fan implementation (sourced, unverified): every output built on them says
ILLUSTRATIVE; a scenario gives the printed ones as rules.castle_sizes.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-5), `rules:` (passing_track_values one_plus_passed | two_after_first_pass,
sixth_special_hold, two_player_pass_cost seed_1_own_3_else | track, castle_sizes pindia_fan_unverified or [dungeon,
walls, towers], building_table pindia_fan_unverified), `position:` (round, phase 1-8, neutral_order [6 names or
null], road [{space, building, owner, worker}], road_length, provost, bailiff, section_mark, passing_track
[colours], castle {section, filled, workers [castle order], batches {colour: n}}, me, players_state [{colour,
deniers, cubes {food, wood, stone, cloth, gold}, workers_left, points, houses (in the current section), at_inn}]).
Colours: red, blue, green, orange, black.  The spec's flat layout (`settings:` and the fields at the top) is read
too.  Common JSON keys: illustrative (true when the answer rests on the unverified castle sizes),
illustrative_data, settings (those not at their default), players."""

ODDS_HELP = f"""The neutral buildings' layout odds and the start money, exact (spec question 2): P(each neutral
building lies on road space k or before), k = 1..6, and P(two given ones are neighbours), over the orders of the 6
agreeing with position.neutral_order (null: not known); P(a given player starts with d deniers) over the n! first-
round orders.  JSON keys: neutral_order, orders, first_k {{name: [{{k, p, p_exact}}]}}, adjacent [{{a, b, p,
p_exact}}], start_money [{{deniers, p, p_exact}}]. {COMMON}"""

EV_HELP = f"""The end bonus of each player, exact (spec question 1): 3 per gold, 1 per 3 other cubes, 1 per 4
deniers, and the final score with it.  JSON keys: rows [{{colour, gold, other_cubes, deniers, bonus, points,
final}}]. {COMMON}"""

WORKER_HELP = f"""The next worker's cost for each player still placing, exact: the passing track's value
(passing_track_values), 1 on one's own building, 1 while holding the inn (sixth_special_hold), 3 elsewhere with 2
players once the other passed (two_player_pass_cost); what passing now gains.  JSON keys: passed, track_value,
pass_bonus, rows [{{colour, at_inn, workers_left, own building, elsewhere, deniers}}]. {COMMON}"""

PROVOST_HELP = f"""The provost's reach for one bribe, exact: each space 0-3 either way (1 denier a space), the placed
road workers it cancels (beyond the provost), and how far the bailiff then moves.  JSON keys: provost, bailiff,
road_length, moves [{{move, space, cost, cancelled [{{space, building, worker}}], lost {{colour: n}},
bailiff_step}}]. {COMMON}"""

CASTLE_HELP = f"""Castle batches from my cubes, exact: for 0..the most batches my cubes make (1 food + 2 different
other cubes each) and the castle takes, the points (5/4/3 by section, into the next once full; -2 for none), the
batches per section, the fewest gold spent, whether they win the favour, my points after.  JSON keys: colour,
cubes, max_batches, room, section, filled, rows [{{batches, points, dungeon, walls, towers, least_gold, favour,
points_after}}]. {COMMON}"""

SECTION_HELP = f"""The section-end scoring preview, exact: each player's points and favours for his houses in the
current section (dungeon none -2, >= 2 houses 1 favour; walls -3, 2/3/5 houses 1/2/3; towers -4, 2/4/6 houses
1/2/3), points never below 0, and whether the section ends this round (full, or the bailiff reaching
section_mark).  JSON keys: section, full, bailiff_step, ends, rows [{{colour, houses, points, favours,
points_before, points_after}}]. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Caylus", 1, (2, 5),
    summary="worker cost, provost reach, castle batches, section and end scoring, the neutral layout odds",
    questions=asks(
        odds=("the neutral buildings' layout odds and the start money, exact", ODDS_HELP),
        ev=("each player's end bonus, exact", EV_HELP),
        worker_cost=("the next worker's cost, exact", WORKER_HELP),
        provost=("the provost's reach and what each bribe cancels, exact", PROVOST_HELP),
        castle=("castle batches from my cubes, their points and the favour, exact", CASTLE_HELP),
        section=("the section-end scoring preview, exact", SECTION_HELP),
    ),
    answers="state:questions", reference_check="reference:reference_agrees",
)
