"""San Marco (Ravensburger 2001): the divider's dilemma, limit risk, banishment odds, the Doge, whole games.

The printed board numbers (prestige values, die faces, adjacency) are unknown: a scenario's
`rules.board` supplies them, and every output computed on the illustrative default says so.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """ΔS is the change of the player's standing: prestige + S_p, S_p = Σ_d w_d·pts_d (what he would get if every
district were scored now; w_d from position.models.weights, default 1). Exact values are fractions: in the JSON every
such number has a float key and, beside it, `<key>_exact` with "p/q". Common keys: illustrative, settings (those not
at their default), lambda, elim_penalty, chooser, beta, weights, exact (tables whose values are exact)."""

LIMIT_HELP = f"""P(a player's limit total reaches 10) when he takes k more limit cards (k = 1..4) from the undrawn limit deck
(28 less every limit card face up this passage and every drawn one), exact (hypergeometric); and the distribution of a
distributor's own 3 (4 with 3 playing) limit cards before he draws. Tables: reach (per player), draw (per sum).
JSON keys: deck {{1, 2, 3}}, players.<colour> {{limit, out, reach.<k> {{p, exact}}}}, draw {{cards, sum.<s> {{p, exact}},
mean, mean_exact}}. {COMMON}"""

SPLITS_HELP = f"""The divider's dilemma: every distinct split of his drawn cards into 2 unlabeled non-empty piles (3 with 3
playing), e.g. 127 for 8 distinct cards; per split the receivers' pick probabilities under the chooser model
(position.models.chooser: greedy, softmax with beta, adversarial), and what the divider keeps, valued after the
receivers have played theirs with their best play orders: his ΔS, limit gained, P(his limit reaches 10) and value =
ΔS − lambda·limit − elim_penalty·P(>= 10 outside the final round). Sorted best first. Where the full-game rollout is
available, the best {{n}} splits (position.decision.rollout_candidates: how many, or all) also get the rollout EV of his
final prestige and win probability (95% intervals).
JSON keys: who, receivers, count, splits[] {{piles[] {{action, limit}}, picks.<colour>[], picks_exact, delta,
delta_exact, limit, limit_exact, reach, reach_exact, value, value_exact, rollout {{final, final_ci95, win, win_ci95}}}},
rollouts, seed. {COMMON}""".replace("{n}", "3")

PILES_HELP = f"""The chooser's value of each pile on offer: the best play order of its action cards (every order, every
option; a banishment by its six faces), ΔS, his limit total after taking it, and value = ΔS − lambda·limit −
elim_penalty (if it takes him to >= 10 outside the final round); with the rollout EV of final prestige and win where
available (the best 3 piles, every pile on offer with position.decision.rollout_candidates: all). JSON keys: who,
best (pile number), piles[] {{pile {{action, limit}}, best_play[], delta, delta_exact, limit_after, value, value_exact,
rollout}}, rollouts, seed. {COMMON}"""

ACTIONS_HELP = f"""Every legal option of each action card at hand (decision.to_play; for a split or choice, the cards in
play) with its immediate ΔS, exact (a banishment: the mean over its six faces); for a play decision, the best order of
all the cards still to play, and the rollout EV of final prestige and win of the best options where available (3, or
position.decision.rollout_candidates: how many, or all).
JSON keys: who, options[] {{card, option, kind, delta, delta_exact, rollout}}, best_order {{line, delta, delta_exact}},
rollouts, seed. {COMMON}"""

BANISH_HELP = f"""A banishment by decision.who (the card, or the passage-end one): for each district named, the six
equally likely faces (opponents' pieces first, the banisher choosing which: most points for him there, then fewest for
the prestige leader; then his own), each colour's pieces removed, the district's points after, his ΔS; per district
the EV of naming it, E[theirs lost], E[mine lost], P(I lose any). Exact. Tables: naming, faces.
JSON keys: who, best, districts.<name> {{ev, ev_exact, theirs_lost, mine_lost, p_lose_any (each with _exact),
faces[] {{face, removed.<colour>, points.<colour>, delta, delta_exact}}}}. {COMMON}"""

DOGE_HELP = f"""The Doge card for decision.who: the cheapest walk to every district he can reach (own bridge 0, an
opponent's bridge 1 prestige to its owner, a canal crossing canal_cost to the bank where canal_crossing allows; with
score_floor 0 a walk he cannot pay is left out), who gets the tolls, and each player's gain once the district scores.
Off the board: the first Doge card places him anywhere, free. Exact, deterministic.
JSON keys: who, doge, walks[] {{district, walk[], cost, tolls[] {{to, amount}}, gain.<colour>}}. {COMMON}"""

OUTLOOK_HELP = f"""The passage outlook by rollouts of the rest of the game (others play position.models.others):
P(the passage ends after this round) with its Wilson 95% interval, each player's expected catch-up bonus at this
passage's end, expected final prestige and win probability, with 95% intervals.
JSON keys: passage_ends, passage_ends_lo95, passage_ends_hi95, bonus.<colour>, bonus_ci95.<colour>,
final.<colour>, win.<colour>, rollouts, seed. {COMMON}"""

EV_HELP = """The decision at hand, by position.decision.kind: split -> the divider's split table (see `ask splits`),
choose -> the value of each pile (`ask piles`), play -> the options of each card to play (`ask actions`), doge -> the
Doge's walks (`ask doge`), banish / passage_banish -> the banishment table (`ask banish`). The JSON keys are those of
the question it stands for."""

ODDS_HELP = f"""Limit odds, exact: the same as `ask limit`.\n\n{LIMIT_HELP}"""

GAME = GameSpec.declare(
    __name__, "San Marco", 1, (3, 4),
    summary="the divider's split table, pile values, limit odds, banishment, the Doge's walks, action options, "
            "passage outlook",
    questions=asks(
        odds=("P(my limit total reaches 10), exact", ODDS_HELP),
        ev=("the decision at hand: splits, piles or action options", EV_HELP, 200),
        limit=("limit odds and a distributor's own draw, exact", LIMIT_HELP),
        splits=("every distinct split under a chooser model", SPLITS_HELP, 200),
        piles=("the chooser's value of each pile", PILES_HELP, 200),
        actions=("ΔS of every option of each action card", ACTIONS_HELP, 200),
        banish=("banishment outcomes and the EV of each district", BANISH_HELP),
        doge=("the Doge's cheapest walk to every district", DOGE_HELP),
        outlook=("P(the passage ends after this round), expected catch-up bonus", OUTLOOK_HELP, 1_000),
    ),
    answers="analysis:questions", full_games="balance:FULL_GAMES", reference_check="game:engine_agrees",
    policies=("greedy", "random", "fair_split", "softmax", "search[:N[:BASE]]"),
)
