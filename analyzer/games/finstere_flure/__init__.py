"""Finstere Flure (Fearsome Floors; Friedemann Friese, 2003): will the monster catch my figure this round, the
safest square for the figure about to move, P(escape within k rounds); full games for balance.

The printed board is in no source: the default 16 x 11 board (pools from the seed's words, 11 stones the project
drew) is ILLUSTRATIVE and every output built on it says so; `analyzer board finstere_flure --template` writes the
block to copy your own board into.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-7), `rules:` (wrap, sight_wraps, stage_cards, five_is_three_crosses,
cross_ban, others_still_to_move, blood_stop, exit_on, cross_cap, turn_cap, and `board` {width, height, exit,
entrance, stones, crystals, turn_stones, teleports, blood}: the tiles where they lie now; none given: the
ILLUSTRATIVE default), `position:` (me, stage, round, cards_left, monster {pos, facing}, start_player, to_move,
figures [{owner, stone, pos [x, y] | off, top, moved}], exits, focus {figure, rounds}). Squares are [x, y], x the
column from the left, y the row from the top; the exit [0, 0] top-left. Caught = eaten, pushed off the board or
into a teleporter. Exact values are fractions: in the JSON each has a float key and beside it `<key>_exact` with
"p/q". Common keys: illustrative, settings (those not at their default), players, me, stage, round, monster {pos,
facing}, cards (the cards this round's monster phase may reveal), crosses_barred."""

ODDS_HELP = f"""P(the monster catches each figure this round) (spec question 1), exact: the monster phase played
out for every distinct card it may reveal (the stage's unrevealed cards; numbers only in a round that bars crosses
per cross_ban, since a cross is redrawn; a cross walks until 1 or 2 figures are caught, at most cross_cap steps),
the figures still to move this round held where they stand; P(>= 1 of my figures caught) and the expected number
caught, for me and every player.
JSON keys: card_outcomes[] {{card, copies, p, p_exact, steps, caught[] (figure indices)}}, figures[] {{index, owner,
stone, pos, p, p_exact}}, by_player[] {{player, p_any, p_any_exact, expected, expected_exact}}, p_mine, p_mine_exact,
expected_mine, expected_mine_exact, expected_all, expected_all_exact. {COMMON}"""

EV_HELP = f"""The safest square (spec question 2), exact: for the figure about to move (position.focus.figure, or
each unmoved figure of player to_move), every legal end square this step budget (stones pushed, blood slides,
staying put, entering from off the board, out through the exit), the monster phase after the move played for
every playable card: with others_still_to_move fixed the other figures are held where they stand; with greedy
the round's later figure turns (the other players' and my own later figures, in turn order) are first played by
the greedy-safest player, and a player winning by an exit ends the game before the monster phase (nobody caught).
The value (ev) of an end square = -P(the moving figure is caught); ranked as the greedy-safest
player ranks them: by P(caught), then the steps remaining to the exit (Manhattan; +1 from off the board, +1 more
under exit_on beyond), then the square code y * width + x (out -2, off -1), then the figure index.
JSON keys: to_move, squares[] {{rank, figure, end ([x, y] | off | out), path (N E S W steps, + = onto the
entrance), ev, ev_exact, p_caught, p_caught_exact, steps_to_exit, p_owner_any, p_owner_any_exact, expected_owner,
expected_owner_exact; greedy only: later[] {{figure, end}} (the later turns, in order), game_over}}, best. {COMMON}"""

ESCAPE_HELP = f"""P(escape within k rounds) and P(survive to stage 2) for a figure (spec question 3), Monte Carlo:
continuations of the position over random card orders (crosses redrawn per cross_ban), every player moving by the
greedy-safest rule of question 2; the figure is position.focus.figure (default: my first listed figure), k =
position.focus.rounds (default 3), this round counted as round 1. 'Survive to stage 2' (stage-1 positions) = never
caught before stage 2 begins, getting out first counting as surviving. n and 95% Wilson intervals, the same for any
--jobs.
JSON keys: figure, rounds, escape[] {{rounds, p, lo95, hi95}}, survive_to_stage2 {{p, lo95, hi95}} (null in stage
2), rollouts, seed, capped. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Finstere Flure", 3, (2, 7),
    summary="will the monster catch my figure this round, the safest square, P(escape within k rounds)",
    questions=asks(
        odds=("P(the monster catches each figure this round), exact", ODDS_HELP),
        ev=("the safest square for the figure about to move (value -P(caught)), exact", EV_HELP),
        escape=("P(a figure escapes within k rounds, survives to stage 2), Monte Carlo", ESCAPE_HELP, 2_000),
    ),
    answers="analysis:questions", full_games="balance:FULL_GAMES", board_template="rules:board_template",
    reference_check="sim:engine_agrees", policies=("greedy", "random", "search[:N[:BASE]]"),
)
