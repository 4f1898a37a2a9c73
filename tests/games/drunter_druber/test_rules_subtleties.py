"""Every rule subtlety the spec quotes, hand-stepped on a position through the answers (analysis.py on exact.py)
and checked against the reference too: a tie covers the outhouse, a full vote set reaches 8 either way, JEIN counts 2
for its holder's side, the shrug adds nothing and is kept while spent cards leave, one card of each kind, the
proposer votes yes and I vote my stance; the injective deal of the building cards (never mine, never two opponents
the same), eps per own square covered, vote evidence, the expert 2-card hands in both expert_deal readings and no
votes there; the tile deal; and each named setting in every reading it lists."""
from fractions import Fraction

import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.drunter_druber import analysis, exact, state
from analyzer.games.drunter_druber import reference as ref
from analyzer.games.drunter_druber import rules as r

FULL = list(r.FULL_VOTES)


def position(players=2, rules=None, me=None, opponents=None, outhouse=None):
    me = me or {"building": "A"}
    block = {"me": me, **({"opponents": opponents} if opponents is not None else {}),
             **({"outhouse": outhouse} if outhouse else {})}
    return state.parse_position({"game": "drunter_druber", "players": players, "rules": rules or {},
                                 "position": block})


def guess(p) -> list[dict]:
    """Per opponent {type: P(holds it)} as `odds` answers it; the reference agrees."""
    got = [{t: Fraction(x["p_exact"]) for t, x in o["posterior"].items()}
           for o in analysis.odds(p, None).payload["opponents"]]
    assert got == ref.answers(p)["odds"]["posterior"]
    return got


def vote(p) -> dict:
    """`ask vote`'s payload; the reference's answers agree."""
    payload = analysis.vote(p, None).payload
    want = ref.answers(p)["vote"]
    assert (Fraction(payload["p_pass_exact"]), payload["sure_to_pass"], payload["can_pass"]) == \
        (want["p_pass"], want["sure_to_pass"], want["can_pass"])
    assert {v["player"]: (v["max_yes"], v["max_no"]) for v in payload["voters"]} == want["max"]
    return payload


# -- the outhouse vote -------------------------------------------------------------------------------------------

def test_a_full_vote_set_reaches_8_either_way():
    assert exact.vote_max(FULL) == (3 + 2 + 1 + 2, 3 + 2 + 1 + 2) == (8, 8)


def test_a_tie_covers_the_outhouse_a_lone_full_set_blocker_only_ties():
    v = vote(position(rules={"against_prior": 1}, opponents=[{"votes_left": FULL}]))
    assert v["worst_case"] == {"yes": 8, "no": 8} and v["sure_to_pass"] and v["p_pass"] == 1
    assert exact.passes(8, 8) and not exact.passes(7, 8)


def test_one_yes_short_fails_against_a_full_blocker_and_the_prior_weighs_the_stance():
    p = position(me={"building": "A", "votes": ["JA", "JAA", "JEIN", "shrug"]},  # 5 yes
                 opponents=[{"votes_left": FULL}])
    v = vote(p)
    assert not v["sure_to_pass"] and v["can_pass"] and v["p_pass_exact"] == "1/2"  # against 1/2: illustrative
    assert v["illustrative"] and "against_prior" in v["illustrative_data"]


def test_jein_counts_2_for_its_holders_side_and_the_shrug_nothing():
    assert exact.vote_max(["JEIN"]) == (2, 2) and exact.vote_max(["shrug"]) == (0, 0)
    assert ref.plays(("JEIN", "shrug")) == {(0, 0), (2, 0), (0, 2)}  # declared after the reveal, either way
    # a blocker with JEIN and NE: 3 no against my JA + shrug (1 yes): fails; with my JAA + JA (3): a tie covers
    blocker = [{"votes_left": ["NE", "JEIN", "shrug"]}]
    rules = {"against_prior": 1}
    assert not vote(position(rules=rules, me={"building": "A", "votes": ["JA", "shrug"]}, opponents=blocker))["p_pass"]
    assert vote(position(rules=rules, me={"building": "A", "votes": ["JA", "JAA", "shrug"]},
                         opponents=blocker))["p_pass"] == 1


def test_only_the_shrug_left_adds_nothing_yet_a_tie_at_0_covers():
    v = vote(position(rules={"against_prior": 1}, me={"building": "A", "votes": ["shrug"]},
                      opponents=[{"votes_left": ["shrug"]}]))
    assert v["worst_case"] == {"yes": 0, "no": 0} and v["sure_to_pass"]


def spend(votes, laid):
    """The cards left after a vote: the spent ones leave the game, the shrug is kept."""
    return [v for v in votes if v not in laid or v == "shrug"]


def test_spent_cards_leave_the_game_but_the_shrug_so_a_second_try_votes_with_what_is_left():
    first = (1, 3)  # I lay JA + shrug, the opponent NE + NEE: 1 against 3, the tile goes back
    assert not exact.passes(*first)
    mine, theirs = spend(FULL, ["JA", "shrug"]), spend(FULL, ["NE", "NEE"])
    assert "shrug" in mine and "JA" not in mine and len(theirs) == 6
    v = vote(position(rules={"against_prior": 1}, me={"building": "A", "votes": mine},
                      opponents=[{"votes_left": theirs}]))
    assert v["worst_case"] == {"yes": 7, "no": 5} and v["sure_to_pass"]  # JAA JAAA JEIN against NEEE JEIN


def test_a_vote_set_holds_one_card_of_each_kind():
    with pytest.raises(ScenarioError) as e:
        position(opponents=[{"votes_left": ["JA", "JA"]}])
    assert e.value.field == "position.opponents[0].votes_left[1]"


def test_an_opponent_proposes_then_he_votes_yes_and_i_my_stance():
    opponents = [{"votes_left": FULL}, {"votes_left": ["NEEE", "shrug"]}]
    against = vote(position(3, {"against_prior": 0}, opponents=opponents, outhouse={"proposer": "p2"}))
    assert against["my_stance"] == "against" and against["p_pass"] == 1  # p3 for (prior 0): 8 yes against my 8 no
    assert against["best_case"] == {"yes": 8, "no": 8} and against["worst_case"] == {"yes": 8, "no": 11}
    mine_for = vote(position(3, {"against_prior": 1}, opponents=opponents,
                             outhouse={"proposer": "p2", "my_stance": "for"}))
    assert mine_for["worst_case"] == {"yes": 16, "no": 3} and mine_for["sure_to_pass"]
    with pytest.raises(ScenarioError) as e:
        position(outhouse={"proposer": "me", "my_stance": "for"})
    assert e.value.field == "position.outhouse.my_stance"


@pytest.mark.parametrize("against,want", [(0, 1), (1, 0), ("1/3", Fraction(2, 3) ** 2 + 2 * Fraction(2, 9))])
def test_against_prior_in_its_extremes_and_between(against, want):
    # I propose with 5 yes; each opponent holds NEE + NEEE (5 no): one blocker ties (covers), two do not
    opponents = [{"votes_left": ["NEE", "NEEE", "shrug"]}] * 2
    v = vote(position(3, {"against_prior": against}, me={"building": "A", "votes": ["JAA", "JAAA"]},
                      opponents=opponents))
    assert Fraction(v["p_pass_exact"]) == want
    assert not v["illustrative"]


def test_the_expert_rules_have_no_votes():
    p = position(rules={"variant": "expert"}, me={"cards": ["A", "threes"]})
    assert state.questions(p) == ("odds", "tiles")
    with pytest.raises(ScenarioError) as e:
        analysis.vote(p, None)
    assert e.value.field == "rules.variant"


# -- the building guess ------------------------------------------------------------------------------------------

def test_the_spec_figure_through_the_answers():
    p = position(4, opponents=[{"covered_types": {"C": 2, "D": 1}}, {"covered_types": {"C": 1}}, {}])
    first, second, _ = guess(p)
    assert first == {t: Fraction(n, 173) for t, n in zip("BCDEF", (52, 4, 13, 52, 52))}
    assert second["C"] == Fraction(13, 173)
    assert analysis.odds(p, None).payload["deals"] == 60


def test_nobody_holds_my_type_and_no_two_opponents_one_type():
    p = position(4, me={"building": "D"}, opponents=[{"covered_types": {"B": 1}}, {}, {"covered_types": {"E": 3}}])
    rows = guess(p)
    assert all("D" not in row for row in rows)
    assert all(sum(row.values()) == 1 for row in rows)  # each holds exactly one card
    for t in "ABCEF":  # 3 of the 5 free cards are held, the other 2 boxed
        assert 0 < sum(row[t] for row in rows) <= 1
    assert sum(sum(row.values()) for row in rows) == 3


def test_no_evidence_is_uniform_and_eps_1_ignores_the_squares():
    assert guess(position(4, opponents=[{}, {}, {}])) == [dict.fromkeys("BCDEF", Fraction(1, 5))] * 3
    covered = [{"covered_types": {"B": 5}}]
    assert guess(position(rules={"cover_own_eps": 1}, opponents=covered)) == [dict.fromkeys("BCDEF", Fraction(1, 5))]


def test_each_own_square_covered_multiplies_by_eps():
    # one opponent covered B once, C twice: weights B 1/4, C 1/16, D E F 1
    row, = guess(position(opponents=[{"covered_types": {"B": 1, "C": 2}}]))
    total = Fraction(1, 4) + Fraction(1, 16) + 3
    assert row == {"B": Fraction(1, 4) / total, "C": Fraction(1, 16) / total,
                   **dict.fromkeys("DEF", 1 / total)}
    assert row["B"] == Fraction(4, 53)


def test_another_players_squares_raise_the_chance_he_left_them_to_me():
    # opponent 2 covered C: C is less likely his, so more likely opponent 1's than without that evidence
    alone = guess(position(3, opponents=[{}, {}]))[0]["C"]
    assert alone == Fraction(1, 5)
    assert guess(position(3, opponents=[{}, {"covered_types": {"C": 2}}]))[0]["C"] > alone


@pytest.mark.parametrize("votes,want", [({"voted_to_cover": {"B": 1}}, Fraction(1, 13)),
                                        ({"voted_to_save": {"B": 1}}, Fraction(3, 7)),
                                        ({"voted_to_cover": {"B": 1}, "voted_to_save": {"B": 1}}, Fraction(1, 5))])
def test_vote_evidence_each_yes_times_vote_eps_each_no_divided(votes, want):
    row, = guess(position(rules={"vote_eps": "1/3"}, opponents=[votes]))
    assert row["B"] == want  # (1/3) / (4 + 1/3); 3 / (4 + 3); they cancel
    row, = guess(position(opponents=[votes]))  # vote_eps 1, the default: votes ignored
    assert row["B"] == Fraction(1, 5)


def test_expert_random_deals_2_of_the_8_unseen_cards():
    p = position(rules={"variant": "expert"}, me={"cards": ["A", "threes"]}, opponents=[{"covered_types": {"B": 1}}])
    row, = guess(p)
    assert row["B"] == Fraction(7, 4) / (Fraction(7, 4) + 21) == Fraction(1, 13)  # 7 hands with B at 1/4, 21 without
    assert row["C"] == (Fraction(1, 4) + 6) / (Fraction(7, 4) + 21)  # C with B (1/4), C with one of the other 6
    assert analysis.odds(p, None).payload["deals"] == 28


def test_expert_hands_may_hold_two_buildings_or_none():
    p = position(rules={"variant": "expert"}, me={"cards": ["threes", "fours"]}, opponents=[{}])
    row, = guess(p)
    assert row == dict.fromkeys(r.TYPES, Fraction(1, 4)) and sum(row.values()) == Fraction(3, 2)  # 2 x 6/8


def test_expert_one_of_each_deals_one_building_and_one_special():
    p = position(3, {"variant": "expert", "expert_deal": "one_of_each"}, me={"cards": ["A", "threes"]},
                 opponents=[{"covered_types": {"B": 1}}, {}])
    first, second = guess(p)
    assert sum(first.values()) == sum(second.values()) == 1  # exactly one building each
    # 5 x 4 building pairs x 3 x 2 special pairs; first holds B in 4 of the 20 pairs at weight 1/4
    assert first["B"] == Fraction(1, 4) * 4 / (Fraction(1, 4) * 4 + 16) == Fraction(1, 17)
    assert analysis.odds(p, None).payload["deals"] == 20 * 6
    with pytest.raises(ScenarioError) as e:
        position(rules={"variant": "expert", "expert_deal": "one_of_each"}, me={"cards": ["A", "B"]})
    assert e.value.field == "position.me.cards"


# -- components and the settings that no question here reads ------------------------------------------------------

def test_all_60_tiles_are_dealt_for_every_player_count():
    for players, (triples, doubles, singles) in r.TILES.items():
        assert (triples * players, doubles * players, singles * players) == (12, 24, 24)
    assert len(r.TYPES) * r.SQUARES_PER_TYPE == 30 and len(r.FULL_VOTES) == 8
    assert len(r.EXPERT_CARDS) == 10  # the expert deck: 6 buildings + 4 specials, a deck of its own


@pytest.mark.parametrize("enclosed", ["no_legal_square", "three_sides"])
def test_enclosed_builder_both_readings_read_and_change_no_answer_here(enclosed):
    opponents = [{"covered_types": {"B": 2}, "votes_left": ["NEEE", "shrug"]}]
    p = position(rules={"enclosed_builder": enclosed, "jein_order": "clockwise_from_proposer"}, opponents=opponents)
    base = position(opponents=opponents)
    assert p.settings.enclosed_builder == enclosed
    assert guess(p) == guess(base) and vote(p)["p_pass_exact"] == vote(base)["p_pass_exact"]


@pytest.mark.parametrize("name,value", [("jein_order", "counterclockwise"), ("enclosed_builder", "two_sides"),
                                        ("variant", "advanced"), ("expert_deal", "all_buildings")])
def test_an_unknown_reading_names_the_setting(name, value):
    with pytest.raises(ScenarioError) as e:
        position(rules={name: value})
    assert e.value.field == f"rules.{name}"


def test_a_type_has_5_squares_so_no_more_can_be_covered_in_all():
    assert guess(position(3, opponents=[{"covered_types": {"B": 3}}, {"covered_types": {"B": 2}}]))
    with pytest.raises(ScenarioError) as e:
        position(3, opponents=[{"covered_types": {"B": 3}}, {"covered_types": {"B": 3}}])
    assert e.value.field == "position.opponents"
