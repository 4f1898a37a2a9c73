"""Café International (Rudi Hoffmann, 1989): the bag's odds for a nationality, P(I can complete a table), the points
of every legal move, bar pressure; full games for balance on an illustrative board.

The seed lacks the table/chair layout and the bar values (pictures): the defaults are the spec's illustrative ring
of 24 tables and the Java port's bar, and every output built on them says ILLUSTRATIVE; a scenario gives the real
ones as rules.layout (or position.tables) and rules.bar_values.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-4), `rules:` (birthday_table, birthday_score, coffee_party,
lone_guest_rule, table_scoring, bag_end, bar_spaces, dropout, layout: illustrative_ring or {table: {nat, chairs}},
bar_values: illustrative or a list, turn_cap), `position:` (me, to_move, tables (the layout, as the spec writes it),
seated {chair: [nat, sex]}, bar [tiles] or bar_filled, hands {seat: [tiles]}, bag: derived or counts {"N1 f": 3},
targets {seat: refill target}, out_of_game, dropped, scores, birthday, first_turn, focus {nationality, sex, jokers,
draws, turns, placed, completed, table}).  A tile is [nat, sex]: N1..N12 or joker, f or m.  The spec's flat
layout (`settings:` and the fields at the top) is read too.  Exact values are fractions: in the JSON each has a
float key and beside it `<key>_exact` with "p/q".  Common keys: illustrative (true when the answer rests on the
illustrative layout or bar), illustrative_data, settings (those not at their default), players, me, to_move, bag."""

ODDS_HELP = f"""P(drawing a guest of nationality N) in my next d draws, exact (spec question 1): for every nationality
P(at least one), and for focus.nationality the distribution P(exactly j) / P(at least j); focus.sex f|m|any,
focus.jokers counts jokers of that sex; d = focus.draws, or my refill after the move (5 - (hand - focus.placed) -
focus.completed), times focus.turns (by exchangeability the others' draws between my turns change nothing),
capped by the bag.  Hypergeometric over the bag (100 - visible).  JSON keys: draws, nationality, sex, jokers,
bar_hidden, nationalities[] {{nationality, unseen, at_least_one, at_least_one_exact}}, distribution[] {{j, p,
p_exact, at_least, at_least_exact}} (null without focus.nationality). {COMMON}"""

COMPLETE_HELP = f"""P(I can complete table T) within d draws, exact (spec question 2): for focus.table (else every
table with guests and one or two open chairs) the tiles that fit its open chairs (nationality of a table the chair
touches, a joker anywhere) keeping the balance (men and women differ by one at most) and the lone guest rule; two
open chairs: the legal pairs; P(my hand holds them now, or my hand and d draws do, d as for `odds`); more than two
open chairs: p null (more than one turn).  JSON keys: draws, tables[] {{table, nationality, open_chairs,
fitting [[tiles] per chair], pairs, single_nationality, now, p, p_exact}}. {COMMON}"""

EV_HELP = f"""The points of every legal move of seat `me`, best first, exact (spec question 3): every legal one- and
two-guest placement (three or four with coffee_party; the start player's first lone tile), the bar placement of
each non-joker tile (the next space's points; "I drop out" when I cannot pay) and every joker swap (0 points), with
the single-nationality tables completed and the refill with and without drawing that many fewer.  JSON keys:
moves[] {{action seat|bar|joker_swap, chairs, tiles, points, completions, refill, refill_shortened, effect}},
hand_penalty (what my hand would cost at the end: 5 a tile, 10 a joker). {COMMON}"""

BAR_HELP = f"""Bar pressure, Monte Carlo (spec question 4): rollouts from the position to the game's end with greedy
players in every seat: P(I go to the bar), E[points of my first bar placement | I go there] (negative: paid), P(I
cannot pay and drop out), and how the game ends (bar full, chairs full, the bag rule, a hand empty, capped) — P(the
game ends by the bag rule before chairs or bar fill) is ends.bag_rule.  Estimates with n and 95% intervals.  JSON
keys: rollouts, seed, next_bar_value, my_bar {{p, lo95, hi95}}, my_bar_points {{mean, ci95, n}}, my_dropout,
ends {{bar_full, chairs_full, bag_rule, a_hand_empty, capped, dropouts}} each {{p, lo95, hi95}}, bag_rule_first.
{COMMON}"""

GAME = GameSpec.declare(
    __name__, "Café International", 1, (2, 4),
    summary="a nationality in my next draws, completing a table, every move's points, bar pressure; full games",
    questions=asks(
        odds=("P(drawing a guest of each nationality in my next draws), exact", ODDS_HELP),
        complete=("P(I can complete a table within my next draws), exact", COMPLETE_HELP),
        ev=("the points of every legal move (seat, bar, joker swap), exact", EV_HELP),
        bar_pressure=("my next bar penalty and how the game ends, Monte Carlo", BAR_HELP, 1_000),
    ),
    answers="state:questions", full_games="balance:FULL_GAMES", reference_check="sim:engine_agrees",
    policies=("greedy", "random", "search[:N[:BASE]]"),
)
