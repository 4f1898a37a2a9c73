"""Samarkand (Sid Sackson): where can I get to, the EV of each move, oasis draws, nomad trades, sales, the race.

The board, capacities, oasis prices, markets and price tables are in no source: a scenario's `rules.board` (and
`rules.prices`) can carry the printed ones, and every output computed on the illustrative default (spec §7,
`illustrative-5x4`) says so.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """Seats by name; kinds grain, fruit, copper, carpets, camels, jewels; spaces by id (a1..e4 on the default
board); markets as "<city>.<kind>" or "<city>.assortment". Everything is from the view of position.me (default:
the player to move; his cubes must all be known). Exact values are fractions: in the JSON each has a float key and
beside it `<key>_exact` with "p/q". Common keys: illustrative, board, settings (those not at their default), who
(the player to move), me (whose view)."""

REACH_HELP = f"""Where can I get to (spec §9.1), exact: the final spaces of a free step, of a free step with any
chain of extra moves (each entered camp not full: the gift, then on), and of the die per face (exactly n arrow
steps, any walk; back: one step against an arrow); P(the die can end on each space, or on any city) = the faces that
allow it / the number of faces.
JSON keys: step[], chain[], die[] {{face, spaces[]}}, die_allowed, p_space.<space> {{p, p_exact}}, p_city,
p_city_exact. {COMMON}"""

EV_HELP = f"""The exact one-turn EV of each move option (spec §9.2): the expected change of my wealth W = money +
Σ price(kind, count) (valuation liquidation) after acting on the final space with its best sale, trade or purchase:
step to y: V(y); step to a camp y, the gift, then on to z (one extra step): the gift's ΔW + V(z); the die: -5 + the
mean over faces of the best landing's V (with 5 piasters less). Camps: the best gift and trade together (the
trade may take the gift back, so the gift losing least W does as well as any; no cube: bought for 20); an extra
move: the gift chosen with the next space's act (ties: least W loss, then the first kind); a full camp: -10 + the W of its cubes; oases: the better of 1 cube for 5 and 4 for P
over my unseen pool (the bag when counted), or the penalty; cities: the best legal sale, or the 20 fine.
JSON keys: options[] {{option, kind (step|extra|die), ev, ev_exact, best, detail[] {{space | face, landing, value,
value_exact, gift (extra moves: the kind given, or bought)}}}}, best[]. {COMMON}"""

OASIS_HELP = f"""The oasis (spec §9.3), exact multivariate hypergeometric over my unseen pool (totals - my hand -
the fields - the cubes of others seen; the bag when its counts are given): the distribution of 1 and of 4 cubes,
P(at least n of each kind among 4), P(at least focus.at_least of focus.kind), each choice's expected W gain net of
its price (1 cube for 5, 4 for P; 5..P-1 piasters: only 1; under 5: the penalty), the penalty's distribution (3
uniform cubes of my hand lost). Oases: position.focus.space, else mine if I stand on one, else every oasis.
JSON keys: pool.<kind>, pool_source (bag|unseen), choices[] {{oasis, price4, cubes (0: penalty), price, allowed,
gain, gain_exact, net, net_exact}}, kinds.<kind> {{unseen, P(1 cube is it), P(>= n of 4)}}, kinds_exact.<kind>
{{at_least_n}}, focus {{kind, at_least, p_buy4, p_buy4_exact, p_buy1, p_buy1_exact}}, draws.<1|4>[] {{cubes, p,
p_exact}}, penalty[] {{lost, p, p_exact}}. {COMMON}"""

TRADE_HELP = f"""The nomad trade (spec §9.4), exact and deterministic: at a camp that is not full, the gift losing
least W (as good as any gift: the trade may take it back; no cube: bought for 20), then the best swap under W
(trade_counts equal: m field cubes for m of mine), and with position.focus {{kind, n}} the best swap that leaves me
n of that kind, no swap included when I hold n already (or impossible); a full camp: pay 10 and take all. A bought
gift under trade_counts any lies on the field for the trade: a swap for each cube it may be, and (gift_purchase
blind) their expectation over the draw, the camp's value in `ev`. Camps: position.focus.space, else mine if I
stand on one, else every camp.
JSON keys: camps[] {{camp, capacity, field, full, gift, gift_delta, gift_delta_exact, swaps[] {{swap, possible,
gift, give, take, delta, delta_exact}}, action, delta (full camps)}}. {COMMON}"""

CITY_HELP = f"""The city (spec §9.4), exact and deterministic: the income of every legal sale now (at least 2 of
a kind at its market, or one cube each of assortment_min+ kinds at an assortment market; sale_size; the disc closes
the covered market under closed, pays one step lower under step_down), its ΔW (income - the W of the cubes sold),
and whether the 20 fine applies (no legal sale at either market). Cities: position.focus.space, else mine if I stand
on one, else every city.
JSON keys: cities[] {{city, fine, fine_paid, markets.<market> (open|closed), sales[] {{market, lot, income,
delta}}}}. {COMMON}"""

ODDS_HELP = f"""The race (spec §9.5), Monte Carlo: rollouts of the rest of the game from the position (hidden cubes
and an unknown bag dealt from my unseen pool), every seat played by the greedy policy: P(I reach 500 first) with a
Wilson 95% interval, the distribution of my turns until I reach 500, P(the bag has emptied within t turns), how the
games end.
JSON keys: p_first, p_first_lo95, p_first_hi95, turns_to_500.<k>, p_bag_empty.<t>, ends.<reason>, policy,
rollouts, seed. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Samarkand (Sackson)", 2, (2, 5),
    summary="where can I get to, the one-turn EV of each move, oasis draws, nomad trades, sales, the race to 500",
    questions=asks(
        odds=("the race to 500 (Monte Carlo)", ODDS_HELP, 200),
        ev=("the exact one-turn EV of each move option", EV_HELP),
        reach=("where each move option can end, P(the die ends on a space or a city), exact", REACH_HELP),
        oasis=("the oasis draw: distributions, P(at least k of a kind), each choice's net gain, exact", OASIS_HELP),
        trade=("the nomad trade: the best swap, the swap reaching n of a kind, exact", TRADE_HELP),
        city=("the income of every legal sale now and whether the 20 fine applies, exact", CITY_HELP),
    ),
    answers="analysis:questions", board_template="state:board_template", full_games="balance:FULL_GAMES",
    reference_check="sim:engine_agrees", policies=("greedy", "random", "collector", "search[:N[:BASE]]"),
)
