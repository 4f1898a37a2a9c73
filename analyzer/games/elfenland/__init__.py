"""Elfenland (Alan R. Moon, Amigo 1998): P(my deal lets me pay a planned route, with and without caravans), P(a blind
counter is kind X) and open against blind picks for my planned roads.  No full games, and no towns reachable over
the map (the printed map ships, UNVERIFIED, for the picture and for checking names).

Every figure these questions use is sourced (the travel deck's mix from the English rulebook, the counters and the
cost table from the seed), so no answer rests on illustrative data.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-6), `rules:` (caravan_when lacking | any, opponent_keep exchangeable,
elvenhold_piece, later_round_counters two_face_down | one_face_down, deck_reshuffle every_round | when_empty,
town_cards, town_distance roads | towns_between), `position:` (round 1-4, phase deal | counters | planning | move, me
{town, hand: kept cards, counters: face up, hidden_counter: a kind or a list, obstacle, towns_left}, open_counters,
placed: kinds or {road, kind}, opponent_counters: their face-up ones, route: legs {road, kind, terrain (water for a
raft) or cost, obstacle}, cards_to_deal: 8 - my hand at the deal, discards, map: printed (default; UNVERIFIED) or {file: path}: given, my
town and the roads named are checked against it; no question uses it).  Card kinds:
dragon, unicorn, troll, cycle, cloud, pig, raft.  The spec's flat layout (`settings:` and the fields at the top) is
read too.  Exact values are fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q".
Common keys: illustrative (false: every figure used is sourced), illustrative_data, settings (those not at their
default), players, round."""

ODDS_HELP = f"""P(my deal lets me pay my planned route), exact (spec question 1): my kept hand plus the cards still to
be dealt, every hand composition enumerated (multivariate hypergeometric over the 7 kinds from the unseen pool: 72
less my hand, and less the discards under deck_reshuffle when_empty), the route paid with matching cards only, and
with caravans (any 3 cards, 4 with an obstacle, on a counter's road; under caravan_when lacking only where the cards
left cannot pay, legs in route order).  JSON keys: hand, cards_to_deal, pool, pool_size, route[] {{road, kind, cost,
obstacle, caravan}}, caravan_when, p_no_caravans(_exact), p_caravans(_exact). {COMMON}"""

BLIND_HELP = f"""P(a blind counter is kind X) for every kind, exact (spec question 2): unseen X / unseen, the unseen
counters 48 less the open display, the placed ones, the face-up ones held and mine.  JSON keys: pool, pool_size,
odds.<kind> {{p, p_exact}}. {COMMON}"""

EV_HELP = f"""Open against blind picks for my planned roads, exact (spec question 2): for each distinct open counter
and a blind draw, the expected number of my planned legs still lacking a counter that one pick covers (open: 1 or
0; blind: P(its kind is one I lack)), best first.  JSON keys: wanted {{kind: legs}}, open_counters, pool, options[]
{{pick, value, value_exact}}, best. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Elfenland", 1, (2, 6),
    summary="P(my deal pays my route, with and without caravans), blind counter odds, open against blind picks",
    questions=asks(
        odds=("P(my deal lets me pay my planned route), with and without caravans, exact", ODDS_HELP),
        ev=("open against blind counter picks for my planned roads, exact", EV_HELP),
        blind=("P(a blind counter is kind X), exact", BLIND_HELP),
    ),
    answers="state:questions", reference_check="reference:reference_agrees",
)
