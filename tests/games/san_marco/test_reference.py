"""The readable rules, hand-stepped: every subtlety the spec quotes, each §10 setting in its readings."""
from dataclasses import replace
from fractions import Fraction

import pytest

from analyzer.games.san_marco import reference as ref
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.reference import Action
from analyzer.games.san_marco.state import Position

D = {name: i for i, name in enumerate(r.DISTRICTS)}
CANN, CROCE, POLO, MARCO, DORSO, CAST = (D[n] for n in r.DISTRICTS)


def pos(pieces=None, bridges=(), scores=None, players=4, supply=None, doge=None, limit=None, pool=None, **settings):
    """A position: pieces {district index: [count per seat]}, bridges [((a, b), owner)], settings by keyword."""
    rows = [[0] * players for _ in range(6)]
    for d, counts in (pieces or {}).items():
        rows[d] = list(counts) + [0] * (players - len(counts))
    bridges = tuple(sorted(((min(a, b), max(a, b)), o) for (a, b), o in bridges))
    if supply is None:
        supply = [r.ARISTOCRATS - sum(row[s] for row in rows) - sum(o == s for _, o in bridges) for s in range(players)]
    return Position(players, tuple(r.COLOURS[:players]), r.Board(), r.parse_settings(settings),
                    scores=tuple(scores or (10,) * players), supply=tuple(supply), aristocrats=tuple(map(tuple, rows)),
                    bridges=bridges, bridge_pool=r.BRIDGES - len(bridges) if pool is None else pool, doge=doge,
                    limit_cards=tuple(tuple(x) for x in (limit or ((),) * players)),
                    roles=(("D1", 0), ("R1", 1), ("D2", 2), ("R2", 3))[:players])


def counted(p, seat):
    return p.supply[seat] + p.on_board(seat) + p.markers(seat)


# -- scoring (§7, §12.6) ---------------------------------------------------------------------------

def test_reference_figure_12_6_scoring_ties():
    board, zero, all_low = r.Board(), r.Settings(), r.Settings(second_place_tie="all_low")
    assert board.high[MARCO] == 8 and board.low[MARCO] == 6
    assert ref.district_points(board, zero, MARCO, (3, 3, 1)) == (6, 6, 0)
    assert ref.district_points(board, zero, MARCO, (4, 2, 2)) == (8, 0, 0)
    assert ref.district_points(board, all_low, MARCO, (4, 2, 2)) == (8, 6, 6)
    assert ref.district_points(board, all_low, MARCO, (3, 3, 1)) == (6, 6, 0)


def test_scoring_single_player_second_place_and_empty():
    board, s = r.Board(), r.Settings()
    assert ref.district_points(board, s, MARCO, (0, 1, 0, 0)) == (0, 8, 0, 0)
    assert ref.district_points(board, s, MARCO, (4, 2, 1, 0)) == (8, 6, 0, 0)
    assert ref.district_points(board, s, MARCO, (0, 0, 0, 0)) == (0, 0, 0, 0)
    assert ref.district_points(board, s, MARCO, (2, 2, 2, 1)) == (6, 6, 6, 0)


def test_static_value_is_weighted_and_standing_adds_prestige():
    p = pos({MARCO: [2, 1], CAST: [0, 3]})
    assert ref.static_value(p, 0) == 8 and ref.static_value(p, 1) == 6 + 7
    p = replace(p, models=replace(p.models, weights=(1, 1, 1, 0.5, 1, 1)))
    assert ref.static_value(p, 0) == 4 and ref.standing(p, 0) == 14


# -- banishment (§5, §12.3) ------------------------------------------------------------------------

def test_reference_figure_12_3_banishment_three_theirs_two_mine():
    p = pos({CAST: [2, 3]})
    outcomes = ref.banish_outcomes(p, 0, CAST)
    mine = [2 - o.aristocrats[CAST][0] for o in outcomes]
    theirs = [3 - o.aristocrats[CAST][1] for o in outcomes]
    assert theirs == [1, 2, 3, 3, 3, 3] and mine == [0, 0, 0, 1, 2, 2]
    assert Fraction(sum(m > 0 for m in mine), 6) == Fraction(1, 2)
    assert Fraction(sum(mine), 6) == Fraction(5, 6) and Fraction(sum(theirs), 6) == Fraction(5, 2)
    for o in outcomes:  # pieces go home
        assert counted(o, 0) == counted(o, 1) == 25


def test_banisher_removes_for_his_points_then_against_the_leader():
    # San Marco: me 2, blue 3 (the prestige leader), green 2
    p = pos({MARCO: [2, 3, 2]}, scores=(10, 20, 5, 5))
    assert ref.banish_removal(p, 0, MARCO, 1) == (0, 1, 0, 0)  # all tied at 2: blue loses his 8
    assert ref.banish_removal(p, 0, MARCO, 2) == (0, 2, 0, 0)  # me and green tied at 2: blue gets nothing
    assert ref.banish_removal(p, 0, MARCO, 5) == (0, 3, 2, 0)
    assert ref.banish_removal(p, 0, MARCO, 6) == (1, 3, 2, 0)  # then his own


def test_banisher_tie_break_hurts_the_leader_then_lowest_seat():
    p = pos({POLO: [0, 2, 2, 2]}, scores=(0, 5, 9, 5))
    # one removal: whoever loses one, the other two tie for most (low each); green is the leader: he loses
    assert ref.banish_removal(p, 0, POLO, 1) == (0, 0, 1, 0)
    p = replace(p, scores=(0, 5, 5, 5))  # leader: lowest seat among the highest scores: blue
    assert ref.banish_removal(p, 0, POLO, 1) == (0, 1, 0, 0)


def test_banishing_an_empty_district_changes_nothing():
    p = pos({POLO: [1]})
    assert ref.banish(p, 1, MARCO, 6) == p


# -- the Doge (§5) ---------------------------------------------------------------------------------

def test_first_doge_card_places_him_anywhere_free_and_scores():
    p = pos({CAST: [3, 1]})
    opts = ref.options(p, 1, r.DOGE)
    assert {a.district for a in opts if a.kind == "doge"} == set(range(6))
    after = ref.apply(p, 1, Action("doge", r.DOGE, CAST))
    assert after.doge == CAST and after.scores == (17, 15, 10, 10)


def test_doge_walk_pays_opponents_tolls_own_bridges_free():
    # Doge in San Polo; red owns San Polo-San Marco, blue owns San Marco-Castello
    p = pos({CAST: [1]}, bridges=[((POLO, MARCO), 0), ((MARCO, CAST), 1)], doge=POLO)
    walks = ref.doge_walks(p, 0)
    assert walks[MARCO] == (0, (MARCO,), [])
    assert walks[CAST] == (1, (MARCO, CAST), [(1, 1)])
    after = ref.apply(p, 0, Action("doge", r.DOGE, CAST, walk=(MARCO, CAST)))
    assert after.scores == (10 - 1 + 7, 10 + 1, 10, 10) and after.doge == CAST
    # blue walks the other way: red's bridge costs him 1 to red
    assert ref.doge_walks(replace(p, doge=CAST), 1)[POLO] == (1, (MARCO, POLO), [(0, 1)])


def test_doge_toll_goes_to_the_lowest_seat_owner_and_own_bridge_on_the_pair_is_free():
    p = pos(bridges=[((POLO, MARCO), 3), ((POLO, MARCO), 2)], doge=POLO)
    assert ref.doge_walks(p, 0)[MARCO] == (1, (MARCO,), [(2, 1)])
    assert ref.doge_walks(p, 3)[MARCO] == (0, (MARCO,), [])


def test_several_doge_cards_score_the_same_district_again():
    p = pos({MARCO: [2, 1]}, doge=MARCO)
    once = ref.apply(p, 0, Action("doge", r.DOGE, MARCO))
    twice = ref.apply(once, 0, Action("doge", r.DOGE, MARCO))
    assert twice.scores == (26, 22, 10, 10)


@pytest.mark.parametrize("mode,cost,reach", [
    ("isolated_only", 2, {CAST: (2, (CAST,)), CANN: (2, (CANN,)), MARCO: (0, ())}),
    ("always", 2, {CAST: (2, (CAST,)), CANN: (2, (CANN,)), MARCO: (0, ())}),
    ("never", 2, {MARCO: (0, ())}),
    ("isolated_only", 0, {CAST: (0, (CAST,)), CANN: (0, (CANN,)), MARCO: (0, ())}),
])
def test_canal_crossing_from_an_isolated_district(mode, cost, reach):
    # no bridge at San Marco's pairs; the only bridge: Santa Croce-San Polo (blue)
    p = pos(bridges=[((CROCE, POLO), 1)], doge=MARCO, canal_crossing=mode, canal_cost=cost)
    walks = ref.doge_walks(p, 0)
    for d, (c, walk) in reach.items():
        assert walks[d][:2] == (c, walk)
    if mode == "never":
        assert set(walks) == {MARCO}
    elif cost == 2:
        # from San Polo (not isolated: blue's bridge) the walk may continue only where allowed
        assert walks[POLO][0] == 2 and walks[CROCE] == (3, (POLO, CROCE), [(None, 2), (1, 1)])


def test_canal_always_crosses_from_a_district_with_bridges_but_isolated_only_does_not():
    p = pos(bridges=[((MARCO, CAST), 1)], doge=MARCO)
    assert set(ref.doge_walks(p, 0)) == {MARCO, CAST}  # San Marco and Castello have a bridge: no canal
    p = replace(p, settings=r.Settings(canal_crossing="always"))
    assert ref.doge_walks(p, 0)[CANN] == (2, (CANN,), [(None, 2)])


def test_canal_cost_goes_to_the_bank():
    p = pos(doge=MARCO)
    after = ref.apply(p, 0, Action("doge", r.DOGE, CAST, walk=(CAST,)))
    assert after.scores == (10 - 2 + 0, 10, 10, 10)  # Castello empty: nobody scores


def test_score_floor_makes_an_unpayable_walk_illegal_unless_none():
    p = pos(bridges=[((POLO, MARCO), 1)], doge=POLO, scores=(0, 3, 3, 3))
    assert set(ref.doge_walks(p, 0)) == {POLO}
    assert [a.district for a in ref.options(p, 0, r.DOGE) if a.kind == "doge"] == [POLO]
    free = replace(p, settings=r.Settings(score_floor="none"))
    assert ref.doge_walks(free, 0)[MARCO][0] == 1
    after = ref.apply(free, 0, Action("doge", r.DOGE, MARCO, walk=(MARCO,)))
    assert after.scores[0] == -1 and after.scores[1] == 4


# -- bridges (§5) -----------------------------------------------------------------------------------

def test_a_bridge_card_uses_a_pair_with_fewer_than_three_and_a_marker():
    p = pos(bridges=[((MARCO, POLO), 1)] * 3)
    opts = ref.options(p, 0, r.BRIDGE)
    pairs = {a.pair for a in opts if a.kind == "bridge"}
    assert (POLO, MARCO) not in pairs and len(pairs) == 9
    after = ref.apply(p, 0, Action("bridge", r.BRIDGE, pair=(CANN, CAST)))
    assert after.bridge_pool == p.bridge_pool - 1 and after.supply[0] == 24 and counted(after, 0) == 25
    assert ((CANN, CAST), 0) in after.bridges


def test_empty_pool_take_over_or_move_a_bridge():
    bridges = [((CANN, CAST), 1)] + [((POLO, MARCO), 2)] * 3 + [((CROCE, POLO), 0)] * 3 + [((CANN, MARCO), 3)] * 3 \
        + [((MARCO, CAST), 1)] * 2
    p = pos(bridges=bridges, pool=0)
    opts = ref.options(p, 0, r.BRIDGE)
    kinds = {a.kind for a in opts}
    assert kinds == {"takeover", "move_bridge", "skip"}
    take = Action("takeover", r.BRIDGE, bridge=((CANN, CAST), 1))
    after = ref.apply(p, 0, take)
    assert ((CANN, CAST), 0) in after.bridges and after.supply[1] == p.supply[1] + 1
    assert after.supply[0] == p.supply[0] - 1 and counted(after, 0) == counted(after, 1) == 25
    # moves go to pairs with fewer than 3; not to full pairs
    targets = {a.pair for a in opts if a.kind == "move_bridge" and a.bridge == ((CANN, CAST), 1)}
    assert (POLO, MARCO) not in targets and (CANN, CROCE) in targets and (CANN, CAST) not in targets
    move = Action("move_bridge", r.BRIDGE, bridge=((CANN, CAST), 1), pair=(CANN, CROCE))
    kept = ref.apply(p, 0, move)
    assert ((CANN, CROCE), 1) in kept.bridges and kept.supply == p.supply  # original: blue keeps it
    mover = ref.apply(replace(p, settings=r.Settings(moved_bridge_owner="mover")), 0, move)
    assert ((CANN, CROCE), 0) in mover.bridges and mover.supply[1] == p.supply[1] + 1
    assert counted(mover, 0) == counted(mover, 1) == 25


# -- district cards, transfer, empty supply ---------------------------------------------------------

def test_district_card_places_and_may_cross_one_own_bridge_only():
    p = pos(bridges=[((MARCO, POLO), 0), ((MARCO, CAST), 1)])
    opts = ref.options(p, 0, MARCO)
    assert {(a.kind, a.district) for a in opts} == {("place", MARCO), ("place", POLO), ("skip", None)}
    after = ref.apply(p, 0, [a for a in opts if a.district == POLO][0])
    assert after.aristocrats[POLO][0] == 1 and after.aristocrats[MARCO][0] == 0 and after.supply[0] == p.supply[0] - 1


def test_district_card_hops_per_round_allows_one_crossing_a_round():
    p = pos(bridges=[((MARCO, POLO), 0)], district_card_hops="per_round")
    hop = [a for a in ref.options(p, 0, MARCO) if a.hop][0]
    after = ref.apply(p, 0, hop)
    assert 0 in after.hopped
    assert not [a for a in ref.options(after, 0, MARCO) if a.hop]
    per_card = replace(p, settings=r.Settings())
    assert [a for a in ref.options(ref.apply(per_card, 0, hop), 0, MARCO) if a.hop]


def test_transfer_sends_one_opponent_home_and_puts_one_of_his_in():
    p = pos({CAST: [1, 2, 0, 1]})
    opts = ref.options(p, 0, r.TRANSFER)
    assert {(a.district, a.victim) for a in opts if a.kind == "transfer"} == {(CAST, 1), (CAST, 3)}
    after = ref.apply(p, 0, Action("transfer", r.TRANSFER, CAST, victim=1))
    assert after.aristocrats[CAST] == (2, 1, 0, 1) and after.supply[1] == p.supply[1] + 1
    assert after.supply[0] == p.supply[0] - 1


@pytest.mark.parametrize("reading", ["placing", "district_only"])
def test_empty_supply_moves_a_piece_from_the_board(reading):
    p = pos({CAST: [20, 1], MARCO: [5]}, supply=[0, 24, 25, 25], empty_supply_move=reading)
    district = ref.options(p, 0, POLO)
    assert {(a.kind, a.source) for a in district} == {("move", CAST), ("move", MARCO), ("skip", None)}
    moved = ref.apply(p, 0, Action("move", POLO, POLO, source=CAST))
    assert moved.aristocrats[CAST][0] == 19 and moved.aristocrats[POLO][0] == 1 and moved.supply[0] == 0
    transfer = [a for a in ref.options(p, 0, r.TRANSFER) if a.kind == "transfer"]
    bridge = [a for a in ref.options(p, 0, r.BRIDGE) if a.kind == "bridge"]
    if reading == "placing":
        assert {a.source for a in transfer} == {MARCO} and {a.source for a in bridge} == {CAST, MARCO}
        after = ref.apply(p, 0, Action("bridge", r.BRIDGE, source=MARCO, pair=(CANN, CAST)))
        assert after.aristocrats[MARCO][0] == 4 and counted(after, 0) == 25
    else:
        assert transfer == [] and bridge == []


def test_may_skip_action_false_skips_only_without_an_option():
    p = pos({CAST: [0, 1]}, may_skip_action=False)
    assert "skip" not in {a.kind for a in ref.options(p, 0, r.TRANSFER)}
    assert [a.kind for a in ref.options(pos(may_skip_action=False), 0, r.TRANSFER)] == ["skip"]
    assert "skip" in {a.kind for a in ref.options(pos(), 0, r.TRANSFER)}


# -- passage end, final scoring, winners --------------------------------------------------------------

def test_reference_figure_12_6_passage_end_bonuses_and_fewest_banisher():
    p = pos(limit=[(3, 3, 3, 2), (3, 2, 2), (3, 3, 3), (2, 2)])
    assert [p.limit_total(s) for s in range(4)] == [11, 7, 9, 4]
    assert ref.catch_up_bonus(p) == (0, 4, 2, 7)
    assert ref.passage_banisher(p) == 3
    assert ref.passage_banisher(pos(limit=[(3, 3, 3, 2), (2, 2), (3, 3, 3), (2, 2)])) is None


def test_catchup_eligibility_not_eliminated_pays_who_played_the_last_round():
    # extra round played by blue, green, yellow; red was out before; blue crossed 10 in the extra round
    p = pos(limit=[(3, 3, 3, 3), (3, 3, 3, 2), (3, 3), (2, 2)])
    p = replace(p, final_round=True, roles=(("D", 2), ("R1", 1), ("R2", 3)))
    assert ref.catch_up_bonus(p) == (0, 0, 6, 8)
    p = replace(p, settings=r.Settings(catchup_eligibility="not_eliminated"))
    assert ref.catch_up_bonus(p) == (0, 1, 6, 8)


def test_end_passage_adds_bonus_banishes_and_clears_the_cards():
    p = pos({MARCO: [0, 2]}, limit=[(3, 3, 3, 2), (3, 2, 2), (3, 3, 3), (2, 2)])
    out = ref.end_passage(p, banish_district=MARCO, die=1)
    assert out.scores == (10, 14, 12, 17) and out.aristocrats[MARCO][1] == 1
    assert out.limit_cards == ((),) * 4
    with pytest.raises(ValueError):
        ref.end_passage(replace(p, settings=r.Settings(passage_banish="mandatory")))
    assert ref.end_passage(p).scores == (10, 14, 12, 17)  # optional: he may decline


def test_final_scoring_scores_every_district_once_and_san_marco_breaks_ties():
    p = pos({MARCO: [1, 2], CAST: [3]}, scores=(10, 9, 0, 0))
    final = ref.final_scoring(p)
    assert final.scores == (10 + 6 + 7, 9 + 8, 0, 0)
    tie = pos({MARCO: [1, 2], CAST: [1]}, scores=(20, 20, 0, 0))
    assert ref.winners(tie) == (1,)
    shared = pos({MARCO: [2, 2]}, scores=(20, 20, 0, 0))
    assert ref.winners(shared) == (0, 1) and ref.win_credit(shared)[:2] == (Fraction(1, 2), Fraction(1, 2))


# -- set-up and flow settings ---------------------------------------------------------------------------

def test_reference_figure_12_4_castello_rolls():
    dist = ref.face_count_distribution(r.Settings(), 6)
    assert dist == (Fraction(13, 27), Fraction(167, 432), Fraction(25, 216), Fraction(7, 432), Fraction(0))
    plain = ref.face_count_distribution(r.Settings(setup_quad_reroll="never"), 6)
    assert [x * 1296 for x in plain] == [625, 500, 150, 20, 1]
    assert sum(ref.setup_rolls(r.Settings()).values()) == 1
    assert max(max(k.count(f) for f in range(1, 7)) for k in ref.setup_rolls(r.Settings())) == 3


@pytest.mark.parametrize("players,each", [(4, 1), (3, 2), (3, 3)])
def test_setup_position_places_rolls_and_bridges(players, each):
    settings = r.parse_settings({"setup_bridges": {3: each}} if players == 3 else {})
    rolls = [(6, 6, 1, 4)] * players
    pairs = [(MARCO, CAST), (CANN, CROCE), (POLO, DORSO), (CANN, CAST)]
    bridges = [[pairs[s]] * each for s in range(players)]
    p = ref.setup_position(players, rolls, bridges, settings=settings)
    assert p.aristocrats[CAST][0] == 4 and p.aristocrats[CANN][0] == 2 and p.aristocrats[MARCO][0] == 2
    assert all(counted(p, s) == 25 for s in range(players)) and p.supply[0] == 25 - 8 - each
    assert p.bridge_pool == 12 - players * each and p.doge is None


def test_doge_start_in_a_district():
    settings = r.parse_settings({"doge_start": "San Marco"})
    p = ref.setup_position(4, [(1, 2, 3, 4)] * 4, [[(CANN, CAST)], [(CANN, CAST)], [(CROCE, POLO)], [(CROCE, POLO)]],
                           settings=settings)
    assert p.doge == MARCO
    assert all(a.kind == "skip" or a.walk or a.district == MARCO for a in ref.options(p, 0, r.DOGE))


def test_next_roles_and_round_rotation():
    roles = {"D": 0, "R1": 2, "R2": 1}
    assert ref.next_roles_3p(r.Settings(), roles) == {"D": 1, "R1": 2, "R2": 0}
    assert ref.next_roles_3p(r.Settings(next_distributor_3p="clockwise"), roles) is None
    assert ref.next_round_start(4, 3) == 0


@pytest.mark.parametrize("reading,expected", [("left_of_previous", 2), ("left_of_game_start", 1),
                                              ("continue_rotation", 0)])
def test_passage_start(reading, expected):
    assert ref.passage_start(r.Settings(passage_start=reading), 4, 0, 1, 3) == expected


def test_round_end_extra_round_and_early_end():
    p = pos(limit=[(3, 3, 3, 1), (2,), (2,), (2,)])
    assert ref.round_end(p) == "extra_round" and not ref.stops_after_pile(p)
    assert ref.round_end(pos(limit=[(1,)] * 4)) == "continue"
    three_out = pos(limit=[(3, 3, 3, 1), (3, 3, 3, 1), (3, 3, 3, 1), (2,)])
    assert ref.round_end(three_out) == "passage_end" and ref.stops_after_pile(three_out)
    assert not ref.stops_after_pile(replace(three_out, settings=r.Settings(early_end="round_end")))
    assert ref.round_end(replace(p, final_round=True)) == "passage_end"
    # extra round: the first player below 10 from the left of the round start
    q = replace(pos(limit=[(3, 3, 3, 1), (3, 3, 3, 1), (2,), (2,)]), round_start=0)
    assert ref.extra_round_distributor(q) == 2
