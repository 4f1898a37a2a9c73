"""Goa (Rüdiger Dorn, 2004): the colony-founding calculator (P(success) against the expedition deck, the hand
colonists needed, the Nachschub tile, hold or play an expedition card); full games for balance on illustrative
board data.

The seed lacks the expedition deck's colonist numbers: the default deck is the spec's illustrative 10 x 1, 10 x 2,
10 x 3, and every output built on it says ILLUSTRATIVE; a scenario gives the real deck as rules.expedition_deck.
"""
from analyzer.core.game import GameSpec, asks

COMMON = """A position scenario: `players` (2-4), `rules:` (expedition_limit, set_values, ducat_tie, final_tie,
expedition_reshuffle, expedition_deck: illustrative or 30 {effect, colonists, symbol}, development, tiles_a
(printed), tiles_b, advanced_start, turn_cap), `position:` (me, round 1-8, phase, founded [colonies], colony_attempt {target,
level_colonists, hand_colonists, cards_flipped 2|3, kolonista_tile, two_colonists_card, spionage_level_colonists,
wanted_chance}, expedition {deck_left, discard, my_hand, known_elsewhere, unseen_counts {1, 2, 3}}, hold_or_play
{effect_values, plays_left}).  Colonies quilon 6, cochin 8, madras 10, calicut 12.  The spec's flat layout
(`settings:` and the fields at the top) is read too.  Every value is exact: in the JSON each has a float key and
beside it `<key>_exact` with "p/q".  Common keys: illustrative (true when the answer rests on an illustrative
default), settings (those not at their default), players, me, round, phase."""

ODDS_HELP = f"""P(colony success) for every colony type not yet founded, exact (spec question 1): P(L + S_k + H >= T),
S_k the colonist numbers of k = 2 expedition cards (3 with cards_flipped 3, the colony_three_cards card) drawn
without replacement from the unseen pool (the deck less the discard, my hand and the cards known elsewhere, or
unseen_counts); a pile shorter than k by expedition_reshuffle.  H adds the Kolonista tile (+1) and a two-colonists
card (+2, played only when still short; not with the three-card flip); with spionage_level_colonists L is another
player's row.  Per type: P(success), P(fail) (then +1 colonist), E[hand colonists paid | success]; the best type
to try now; the distribution of S_k.  JSON keys: attempt, pool, deck_left, flipped, colonies[] {{colony, target,
success, success_exact, fail, fail_exact, spent, spent_exact, card_played, card_played_exact, best}}, best,
flip[] {{sum, p, p_exact, at_least, at_least_exact}}. {COMMON}"""

NEEDED_HELP = f"""Hand colonists needed (spec question 2), exact: for each open colony (or the target named) and each
wanted chance p (colony_attempt.wanted_chance, default 1/2, 2/3, 4/5, 9/10, 19/20, 1) the smallest number of
colonist cards in hand giving P(success) >= p, with the Kolonista tile and the two-colonists card as the attempt
lists them.  JSON keys: attempt, needed[] {{colony, wanted, wanted_exact, hand_colonists, success,
success_exact}}. {COMMON}"""

NACHSCHUB_HELP = f"""The Nachschub tile (spec question 3), exact: the distribution of S_2, the colonist numbers of the
top two expedition cards (the spices, colonists or ships it gives), from the unseen pool as for `odds`.  JSON keys:
flipped, mean, mean_exact, distribution[] {{sum, p, p_exact, at_least, at_least_exact}}. {COMMON}"""

HOLD_HELP = f"""Hold or play each expedition card of my hand at the end (spec question 4), exact: holding it adds
v(n+1) - v(n) set points (n = the other cards of its symbol held, v = set_values), playing it its effect's
immediate value in points (hold_or_play.effect_values; defaults ILLUSTRATIVE); and the best plan with at most
plays_left cards played.  JSON keys: cards[] {{card, effect, colonists, symbol, same_symbol, hold, hold_exact, play,
play_exact, verdict}}, plays_left, plan {{play [card indices], points, points_exact, hold_all, hold_all_exact}}.
{COMMON}"""

GAME = GameSpec.declare(
    __name__, "Goa", 1, (2, 4),
    summary="colony founding odds, hand colonists needed, the Nachschub tile, hold or play a card; full games",
    questions=asks(
        odds=("P(colony success) for each open type and the best one to try, exact", ODDS_HELP),
        hand_needed=("the smallest hand of colonists for a wanted chance, exact", NEEDED_HELP),
        nachschub=("the Nachschub tile: distribution of two cards' colonists, exact", NACHSCHUB_HELP),
        hold_or_play=("hold or play each expedition card at the end, exact", HOLD_HELP),
    ),
    answers="analysis:questions", full_games="balance:FULL_GAMES", reference_check="sim:engine_agrees",
    policies=("greedy", "random", "search[:N[:BASE]]"),
)
