"""RoboRally (Richard Garfield, Wizards of the Coast 1994): can a program from this hand reach flag k this round
(the best programs, the register the flag is touched), and P(the next deal lets me reach the flag), exact, for my
robot alone on a typed board.  Opponents' pushes and shots and powering down need opponent policies: out of scope.

No public source gives a printed board: the default is a small ILLUSTRATIVE 8x8 board and every output built on it
says so; a scenario types the printed one as rules.board (`analyzer board roborally --template`).
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `rules:` (board: illustrative, {file: path} or a board mapping, see `analyzer board
roborally --template`; hand_base 10 | 9, destroy_at 11 | 10, pusher_crusher_order pushers_first | crushers_first,
element_order seed or an order of express, conveyors, gears, pushers, crushers, lock_order [5, 4, 3, 2, 1],
priorities common_bands | any, ghost_start), `position:` (me {pos [x, y] (x east, y north, from 0), facing N|E|S|W,
damage, locked {register: card} for exactly the registers the damage locks, next_flag (2..), hand [cards]}, robots:
[] (my robot alone), seen_cards [cards out of the next deal]).  A card is M1, M2, M3, BU, RL, RR, UT, optionally
/priority (M1/520).  The spec's flat layout (`settings:` and the fields at the top, the board too) is read too.
Exact values are fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys:
illustrative (true on the illustrative board), illustrative_data, settings (those not at their default), pos,
facing, damage, next_flag, flag, locked."""

ODDS_HELP = f"""Can my program from this hand reach flag next_flag this round, exact (spec question 1): every ordered
selection of my cards into the free registers (at most 10P5 = 30,240), each register stepped on the board (the
card, then the board elements in order, then the board lasers); p = 1 when some program touches the flag, share =
the selections that do, the best programs (earliest register first) and that register.  JSON keys: hand[], p,
p_exact, register (earliest, null if none), share, share_exact, selections, reaching, prefixes, programs[]
{{program[] (cards by register, * locked, any after the touch), register, selections}}. {COMMON}"""

DEAL_HELP = f"""P(the next deal lets me reach the flag), exact (spec question 2): hand_base - damage cards from the
84-card deck less my locked cards and seen_cards, multivariate hypergeometric over the 7 card types; a hand works
when it holds the free cards of some program touching the flag (locked registers fixed).  JSON keys: p, p_exact,
hand_size, deck {{card: n}}, deck_size, hands, compositions, working_compositions, needs[] {{card: n}} (the minimal
card sets). {COMMON}"""

GAME = GameSpec.declare(
    __name__, "RoboRally", 1, (2, 8),
    summary="can this hand reach the flag this round, the best programs; P(the next deal reaches it)",
    questions=asks(
        odds=("can a program from this hand reach the flag this round, best programs, exact", ODDS_HELP),
        deal=("P(the next deal lets me reach the flag), exact", DEAL_HELP),
    ),
    answers="state:questions", board_template="state:board_template", reference_check="reference:reference_agrees",
)
