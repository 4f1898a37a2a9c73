"""Alhambra (Dirk Henn, 2003): when the scoring cards come, exact change, majority odds, who receives the leftover
market tiles; full games for balance.

The 54 tiles (costs, walls), the points table and the money deck are the BGA implementation's (the rules spec
cites it); a position scenario that leaves out money_deck.pile_sizes gets the spec's example piles, marked
illustrative.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (3-6), `rules:` (tie_split, pile_split, hands_open, end_rule,
money_reshuffle, start_tie, neutral_player, turn_cap), `position:` (me, to_move, money_deck {draws_since_setup,
pile_sizes, scoring_cards_seen}, display, market, bought_this_turn, tiles_left, hands, discards, alhambras,
reserves, scores, focus {draws, before_my_turn, tile, reveal, kind}). Questions are asked for seat `me`. Exact
values are fractions: in the JSON each has a float key and beside it `<key>_exact` with "p/q". Common keys:
illustrative (true when pile_sizes were left out), settings (those not at their default), players, me, to_move."""

ODDS_HELP = f"""P(a scoring card within the next k deck draws) for k = 1..focus.draws (default 12), exact (spec
question 1): each scoring card not shown yet lies uniformly over the deck positions of its window not drawn yet
(pile_split larger_first: the 2nd / 4th pile; fifths: BGA's insertion), the two independently; k counts every
deck draw, scoring cards included. With focus.before_my_turn = m: P(each card shows before my next turn) when the
refills draw m money cards (a scoring card is replaced, so it adds a draw), exact.
JSON keys: draws, scoring_seen, windows[] {{card, first, last}}, within[] {{k, card1, card1_exact, card2,
card2_exact, either, either_exact, both, both_exact}}, before_my_turn {{money cards refilled, card1, ...}}. {COMMON}"""

NEXT_TURN_HELP = f"""P(a scoring card shows before my next turn), Monte Carlo over how many display cards the
intervening players take (spec question 1): the turns until seat `me` moves again are played by the greedy player
in every seat (hidden hands dealt from the unseen money, the tile stack shuffled); each rollout counts the money
cards the refills draw, m, and adds the exact P(a scoring card among them) (as `odds` with before_my_turn = m).
Estimates with n and 95% intervals. JSON keys: card1, card2, either {{p, lo95, hi95}}, mean_money_cards,
draws[] {{money_cards, share, either, either_exact}}, rollouts, seed. {COMMON}"""

CHANGE_HELP = f"""Exact change (spec question 2), exact: for each market tile (or focus.tile) whether my hand pays it
exactly now (a subset of my cards in its space's currency totals the price), the card values that would complete
it, and P(the next r = focus.reveal revealed money cards hold one), hypergeometric over the unseen money (108 - my
hand - the display - the listed discards - the known hands; a revealed scoring card is replaced and does not
count); for each legal money take (one card, or several totalling <= 5) the tiles it makes exactly payable.
JSON keys: reveal, unseen, tiles[] {{space, tile, kind, cost, exact_now, affordable, subset_sums,
completing_values, completing_unseen, unseen, p_complete, p_complete_exact}}, takes[] {{cards[] {{cur, v}}, exact,
new}}. {COMMON}"""

END_HELP = f"""Who receives each leftover market tile when the game ends (spec question 4): the player holding the
highest total in its currency; a tie: nobody. Exact when every hand is known (hands given as cards; hands_open);
else Monte Carlo over the hidden hands, dealt at random from the unseen money, with n and 95% Wilson intervals.
JSON keys: exact, spaces[] {{space, tile, totals, receives}} (exact) or spaces[] {{space, tile, seats[] {{p, lo95,
hi95}}, nobody {{p, lo95, hi95}}}}, rollouts, seed (Monte Carlo). {COMMON}"""

MAJORITY_HELP = f"""P(I place 1st / 2nd / 3rd in kind X at the next scoring), Monte Carlo (spec question 3): played
on to the next scoring (the next scoring card, or the final scoring) with greedy players in every seat, the tile
stack shuffled and the hidden hands dealt from the unseen money; for every seat and kind (or focus.kind) P(its
group starts at each place), P(no tile) and the mean majority points there, with n and 95% intervals. Needs every
tile accounted for (every alhambra given). JSON keys: next_scoring, kinds[] {{kind, seat, now, 1st, 2nd, 3rd
{{p, lo95, hi95}}, no_tile, points {{mean, ci95}}}}, rollouts, seed, capped. {COMMON}"""

GAME = GameSpec.declare(
    __name__, "Alhambra", 1, (3, 6),
    summary="when the scoring cards come, exact change, majority odds, who receives the leftover tiles",
    questions=asks(
        odds=("P(a scoring card within the next k deck draws), exact", ODDS_HELP),
        next_turn=("P(a scoring card before my next turn), Monte Carlo over the takes", NEXT_TURN_HELP, 4_000),
        change=("exact change now, after each take, from the next revealed cards, exact", CHANGE_HELP),
        end=("who receives each leftover market tile (exact with known money)", END_HELP, 20_000),
        majority=("P(I place 1st / 2nd / 3rd in a kind at the next scoring)", MAJORITY_HELP, 2_000),
    ),
    answers="analysis:questions", full_games="balance:FULL_GAMES", policies=("greedy", "random", "search[:N[:BASE]]"),
    reference_check="sim:engine_agrees",
)
