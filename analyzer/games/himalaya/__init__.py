"""Himalaya (Régis Bonnessée, Tilsit 2004): the d20 refill odds per village, what a refilled village shows, P(I win
a colour's inventory).  No full games or program values: they wait for the printed board and task tokens.

The seed gives no split of the 60 resources per colour: the default 12 a colour is the spec's illustrative one,
and every output built on it says ILLUSTRATIVE (rules.resources_per_colour gives the real one).
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (3-4), `rules:` (occupied_means goods_or_task | goods_only,
resources_per_colour (ILLUSTRATIVE 12), three_player two_of_three | sum_two, short_bag place_what_is_left |
no_placement, full_inventory, events, storm_stop void | allowed), `rules.board` or `position.board` (illustrative, or levels, roads, regions: `analyzer board himalaya
--template`; no question reads it yet), `position:` (villages {n:
{goods: [colours], task: [colours]}}, bag {colour: n} or derived, first_leader, round, leaders {me: v, ...},
holdings {me: {colour: n}, p2: {colour: n} | {known: {colour: n}, unknown: k} | untracked}, refill {goods, tasks}:
default 5 less the villages offering each, at most 5 each: a whole setup's 10 placements).  Colours by value:
salt, barley, tea, jade, gold.  The spec's flat layout (`settings:` and the fields at the top) is read too.  Exact
values are fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys:
illustrative, illustrative_data, settings (those not at their default), players."""

ODDS_HELP = f"""The d20 refill odds, exact (spec question 1): every sequence of rolls, goods placements first; each
lands in the rolled village or the numerically next free one (20 wraps to 1).  P(each village gets goods / a
task) and the law of the set of villages the new goods land in.  JSON keys: refill {{goods, tasks}}, villages[]
{{village, now, goods, goods_exact, task, task_exact}}, goods_sets[] {{villages, p, p_exact}} (the 20 likeliest),
goods_set_count. {COMMON}"""

BAG_HELP = f"""What a refilled village shows, exact (spec question 2): 5 cubes (or what is left) drawn from the bag;
P(it shows colour c) and P(c is its lowest cube, the one a trader must take).  JSON keys: bag, bag_size, draw,
colours[] {{colour, in_bag, shows, shows_exact, lowest, lowest_exact}}. {COMMON}"""

INVENTORY_HELP = f"""P(I win the inventory of each colour), exact (spec question 3): the strict most cubes of a
colour wins its 3-yak token (a tie: nobody), over the opponents' unknown cubes dealt from the cubes nobody has
counted (untracked holdings: an ILLUSTRATIVE uniform prior).  JSON keys: pool, colours[] {{colour, mine, p,
p_exact, nobody, nobody_exact, winners {{player: "p/q"}}}}. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Himalaya", 1, (3, 4),
    summary="the d20 refill odds per village, what a refilled village shows, P(I win a colour's inventory)",
    questions=asks(
        odds=("the d20 refill odds per village and where the goods land, exact", ODDS_HELP),
        bag=("P(a refilled village shows each colour) and its lowest cube, exact", BAG_HELP),
        inventory=("P(I win the inventory of each colour), exact", INVENTORY_HELP),
    ),
    answers="state:questions", reference_check="reference:reference_agrees", board_template="rules:board_template",
)
