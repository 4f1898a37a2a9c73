"""Drunter und Drüber (Klaus Teuber, Hans im Glück 1991): the Bayesian guess of each opponent's secret building
from the squares they covered (and their votes), whether an outhouse vote can pass, and how many tiles of each
kind my deal holds.  No full games and no covering EV: they wait for the board data.

The seed gives no likelihood for the guess, no stance prior for the votes and no split of the tiles into kinds:
the defaults are the spec's ILLUSTRATIVE cover_own_eps = 1/4 and against_prior = 1/2 and an ILLUSTRATIVE even
tile_kinds split, and every output built on them says ILLUSTRATIVE.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-4), `rules:` (cover_own_eps (0, 1], default 1/4 ILLUSTRATIVE; vote_eps
> 0, default 1 = votes ignored; against_prior [0, 1], default 1/2 ILLUSTRATIVE; variant basic | expert; expert_deal
random | one_of_each; jein_order clockwise_from_proposer; enclosed_builder no_legal_square | three_sides;
tile_kinds {triple: {wall, river, road}, double: {...}, single: {...}}, each size's counts summing to its 12 / 24 /
24 tiles, a kind left out 0, default 4/4/4, 8/8/8, 8/8/8 ILLUSTRATIVE), `position:` (me {building: A-F, or cards:
[2 of A-F, threes, fours, lowest, every] under expert, votes: my vote cards left, tiles}, opponents: one per
opponent clockwise {covered_types {type: own squares covered}, voted_to_cover {type: yes votes}, voted_to_save
{type: no votes}, votes_left [JA, JAA, JAAA, NE, NEE, NEEE, JEIN, shrug]}, outhouse {proposer: me | p2..p4,
my_stance: for | against}, focus {size: triple | double | single, kind: wall | river | road}, board, builders).
The spec's flat layout (`settings:` and the fields at the top) is read too.  Exact values are fractions: in the
JSON each has a float key and beside it `<key>_exact` with "p/q".  Common keys: illustrative (true when the answer
rests on illustrative data), illustrative_data (which), settings (those not at their default), players."""

ODDS_HELP = f"""The Bayesian guess of each opponent's building, exact (spec question 1): P(opponent holds type t) over
the 5!/(5-k)! injective assignments of the types I don't hold to the k opponents (expert: every deal of 2 of the
10 cards to each, by expert_deal), each weighted by cover_own_eps per square of his own type he covered and
vote_eps per yes vote on covering it (1/vote_eps per no vote).  JSON keys: mine[], variant, deals, opponents[]
{{player, covered, voted_to_cover, voted_to_save, most_likely, posterior {{type: {{p, p_exact}}}}}}. {COMMON}"""

VOTE_HELP = f"""Can an outhouse vote pass, exact (spec question 2): each player's most yes and most no from his
remaining vote cards (JEIN 2 for his side), the totals of every coalition of the opponents but the proposer (each
against with against_prior, spending all its no-votes, else for with all its yes-votes), and P(pass) over them (a
tie passes).  Basic game only (the expert rules have no votes).  JSON keys: proposer, my_stance, voters[] {{player,
votes[], max_yes, max_no}}, sure_to_pass, can_pass, worst_case {{yes, no}}, best_case {{yes, no}}, p_pass,
p_pass_exact, stances[] {{against[], p, p_exact, yes, no, passes}}. {COMMON}"""

TILES_HELP = f"""How many tiles of each kind my deal holds, exact (spec question 4): for the scenario's player count
(each dealt 6/12/12 triples/doubles/singles with 2 players, 4/8/8 with 3, 3/6/6 with 4: all 60 in play), for each
size and each kind, P(my deal holds exactly j of that kind) and P(at least j), j = 0..the tiles of that size dealt
to me: hypergeometric, C(K, j) C(N - K, n - j) / C(N, n) with K of the rules' tile_kinds among the N tiles of that
size (12 triples, 24 doubles, 24 singles) and n dealt to me.  The seed gives no split into kinds, so tile_kinds is
data: its default, an even split (4/4/4, 8/8/8, 8/8/8 wall/river/road), is ILLUSTRATIVE and the answer says so;
type your own as rules.tile_kinds.  position.focus {{size, kind}} names the size and kind put first (the title,
the `focus` table and key), river triples when left out (the spec's "P(my deal contains >= j river triples)"); every
size and kind is answered either way.  Every variant: the deal is the same.  JSON keys: tile_kinds {{size: {{kind:
n}}}}, dealt {{size: n}}, focus {{size, kind, in_game, of, dealt, p_at_least_1, p_at_least_1_exact, mean,
mean_exact}}, kinds[] {{size, kind, in_game, of, dealt, mean, mean_exact, distribution[] {{j, p, p_exact,
p_at_least, p_at_least_exact}}}}. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Drunter und Drüber", 1, (2, 4),
    summary="the Bayesian guess of each opponent's building, whether an outhouse vote can pass, my deal's tile kinds",
    questions=asks(
        odds=("the Bayesian guess of each opponent's building, exact", ODDS_HELP),
        vote=("can an outhouse vote pass: max yes/no and P(pass), exact", VOTE_HELP),
        tiles=("how many tiles of each kind my deal holds (river triples first), exact", TILES_HELP),
    ),
    answers="state:questions", reference_check="reference:reference_agrees",
)
