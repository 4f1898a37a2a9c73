"""Emerald (Rüdiger Dorn, 2002): will the dragon catch my knight, the one-ply EV of each move, where the dragon
will be after k more wake-ups, the gem races; full games for balance.

knight_value (the cost of a knight lost to the nest when its owner holds no gold) is in no source: every output
built on its default 5 says it is illustrative.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-5), `rules:` (die_faces, stack_pattern, chamber_ends_turn,
last_knight_rule, catch_choice, knight_value, turn_on_arrival, two_player_one_colour, turn_cap), `position:`
(colours, to_move, moved_this_turn, knights, stacks, dragon {cave, facing}, trail_start, treasure_left, holdings,
unseen, focus {triggers}). Questions are asked for the seat to move. Exact values are fractions: in the JSON each
has a float key and beside it `<key>_exact` with "p/q". Common keys: illustrative, settings (those not at their
default), players, to_move, dragon {cave, facing, trail_start}."""

EV_HELP = f"""The one-ply EV of each plan of the turn (spec question 2), exact over the die: on a fresh turn every
knight group (colour, square) alone and every ordered pair of different knights (both orders; 2 players: one
colour), mid-turn (moved_this_turn given) stop and every group. EV = my points now (gold at face value, gem 1, +4
when it completes four kinds, treasure 5) - my losses (the gold card paid in a bribe, knight_value per knight sent
to the nest) + the opponents' losses. The card taken: gold if its top beats the gem's worth, else the gem; a
bribe: the lowest gold card when it is <= knight_value. knight_value's default 5 is ILLUSTRATIVE. Ranked as the
greedy player ranks them (ties: stop, single, pair, smaller knights).
JSON keys: plans[] {{rank, plan, moves[] {{colour, from}}, ev, ev_exact, wakes}}, best, knight_value. {COMMON}"""

CATCH_HELP = f"""P(the dragon catches knight X) for each move of the player to move (spec question 1), exact:
where the knight lands, the card it takes, whether it wakes the dragon (its cave is the dragon's or beside the
trail), the dragon's landing cave for each face, the knight the mover picks there (catch_choice opponent_first: an
opponent's, his owner holding the fewest gold cards, ties the first clockwise; else his own) and whether its owner
bribes; P(each knight is caught), P(one of mine is).
JSON keys: moves[] {{move {{colour, from}}, to, card, wakes, faces[] {{face, p, p_exact, landing, caught, bribed}},
caught[] {{knight, colour, at, owner, p, p_exact}}, p_any, p_any_exact, p_mine, p_mine_exact}}. {COMMON}"""

DRAGON_HELP = f"""Where the dragon will be (spec question 3), exact: its distribution over (cave, facing, trail)
after k more wake-ups (k = position.focus.triggers, default 3), P(it ends its i-th move on each cave) for i = 1..k
and P(each cave is hit at least once within k wake-ups).
JSON keys: triggers, states[] {{cave, facing, trail_start, p, p_exact}}, caves[] {{cave, after[] {{p, p_exact}},
p_hit, p_hit_exact}}. {COMMON}"""

ODDS_HELP = f"""The gem races (spec question 4), Monte Carlo: games played on from the position with the greedy
one-ply-EV player (`analyzer ev`) in every seat, the unseen cards dealt at random below the stack tops;
P(each seat wins each gem-majority card) (strictly most of that kind; a tie gives it to nobody) and P(each seat is
first to four kinds), with n and 95% Wilson intervals, the same for any --jobs. Greedy bribes and EVs use
knight_value (ILLUSTRATIVE default 5).
P(each seat wins the game) too. JSON keys: seats[] {{seat, colours, majority.<gem> {{p, lo95, hi95}}, first_four
{{p, lo95, hi95}}, win {{p, lo95, hi95}}}}, nobody {{majority.<gem>, four_kinds}}, rollouts, seed, capped. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Emerald", 1, (2, 5),
    summary="will the dragon catch my knight, one-ply EV of each move, the dragon after k wake-ups, gem races",
    questions=asks(
        ev=("one-ply EV of each plan of the turn (single moves, pairs), exact", EV_HELP),
        odds=("gem races: P(I win each majority card, I am first to four kinds)", ODDS_HELP, 2_000),
        catch=("P(the dragon catches each knight) for each move, exact", CATCH_HELP),
        dragon=("the dragon's distribution after k more wake-ups, P(a cave is hit), exact", DRAGON_HELP),
    ),
    answers="analysis:questions", full_games="balance:FULL_GAMES", reference_check="sim:engine_agrees",
    policies=("greedy", "random", "search[:N[:BASE]]"),
)
