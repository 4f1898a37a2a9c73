"""Full vectorised games (game.py) against the readable full-game reference (reference_game.py)."""
import numpy as np
import pytest

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import game, play, policies as pol, reference_game as ref
from analyzer.games.camelup.rules import rule_set


def config(policies, rules=None, **extra):
    rules = rules or rule_set()
    return game.GameConfig(rules, len(policies), tuple(pol.parse_spec(p, "p") for p in policies), **extra)


def replay_all(cfg, out):
    """Replay every game of a traced batch in the reference; each action must be legal there and the
    money, legs and turns must come out the same."""
    for i in range(len(out["money"])):
        played = ref.replay_played(cfg, out, i)
        assert played.money == list(out["money"][i]), i
        assert played.leg == out["legs"][i] and played.turns == out["turns"][i] == (out["trace"][i] >= 0).sum(), i


@pytest.mark.parametrize("policies,rules,extra", [
    (["random"] * 4, None, {}),
    (["random", "heuristic", "random"], rule_set(money_floor=None, desert_tile_pays=2), {}),
    (["random"] * 2, rule_set(leg_tiles=(5, 3, 2, 2), overall_payouts=(5, 5, 5), track_length=10), {}),
    (["random"] * 5, rule_set(die_faces=(1, 2, 3, 4), pyramid_tile_pays=2, leg_second_pays=2), {}),
    (["random"] * 4, rule_set(dice_left_at_leg_end=1, pyramid_tiles=4), {"starting_money": (0, 1, 2, 13)}),
    (["heuristic", "random", "heuristic", "random"], None, {"seating": "rotate"}),
    (["random"] * 4, rule_set("second"), {}),  # crazy camels, the grey die, one die left, spectator tiles
    (["heuristic", "random", "random"], rule_set("second", track_length=10, money_floor=None), {}),
    (["random"] * 5, rule_set("second", dice_left_at_leg_end=0, pyramid_tiles=6), {"seating": "rotate"}),
])
def test_vectorised_games_equal_the_reference_on_the_same_dice(policies, rules, extra):
    cfg = config(policies, rules, **extra)
    out = play.play(cfg, 150, np.random.default_rng(11), trace=True)
    replay_all(cfg, out)


def test_scoring_by_hand():
    """One scripted game through the reference: leg tiles, pyramid tiles, a desert landing, overall cards."""
    rules = rule_set()
    # set-up: identity order, every face index 0 -> every camel on space 1, stacked blue (bottom) .. white (top)
    g = ref.new_game(rules, 2, 0)
    assert g.stacks == {1: [0, 1, 2, 3, 4]}
    dice = ref.leg_dice(rules, 0)  # blue, green, orange, yellow, white, each 1 step
    assert dice == [(0, 1, False), (1, 1, False), (2, 1, False), (3, 1, False), (4, 1, False)]
    ref.take(g, 0, "leg-bet white", dice)  # player 0: white 5
    ref.take(g, 1, "desert oasis 3", dice)  # player 1: oasis on 3
    ref.take(g, 0, "race-winner white", dice)
    ref.take(g, 1, "race-winner white", dice)
    for turn in range(5):  # the whole stack moves 1 (blue carries all) onto 2, then each top part moves on
        ref.take(g, turn % 2, "pyramid", dice)
    # blue carries everyone to 2; green (with orange, yellow, white) to 3 -> oasis -> 4, +1 to player 1;
    # orange (with yellow, white) to 5; yellow (with white) to 6; white to 7
    assert g.leg == 1 and g.stacks == {2: [0], 4: [1], 5: [2], 6: [3], 7: [4]}
    # player 0: 3 + white 5 + 3 pyramid tiles; player 1: 3 + 1 landing + 2 pyramid tiles
    assert g.money == [3 + 5 + 3, 3 + 1 + 2]
    assert g.desert == {} and g.tiles_taken == {} and g.held == [[], []]
    assert g.winner_pile == [(0, 4), (1, 4)]


def test_the_race_ends_at_once_and_pays_the_overall_cards_in_order():
    rules = rule_set(track_length=2)
    g = ref.new_game(rules, 2, 0)  # everyone on 1
    dice = ref.leg_dice(rules, 0)  # blue first, one step: the whole stack to 2, not past the line
    ref.take(g, 0, "race-winner white", dice)
    ref.take(g, 1, "race-winner white", dice)
    ref.take(g, 0, "race-loser blue", dice)
    ref.take(g, 1, "race-loser green", dice)
    ref.take(g, 0, "pyramid", dice)  # stack to 2
    assert not g.over
    ref.take(g, 1, "pyramid", dice)  # green + above to 3: past the line
    assert g.over and g.leg == 1
    # ranking: white, yellow, orange, green on 3; blue alone on 2 (last). Pyramid tiles 1 each.
    # winner pile: white for 0 (8), white for 1 (5); loser pile: blue for 0 (8), green for 1 (-1)
    assert g.money == [3 + 1 + 8 + 8, 3 + 1 + 5 - 1]


def test_money_floor():
    actions = ["race-winner blue", "race-winner orange", "race-loser white", "leg-bet blue", "pyramid", "pyramid"]
    for floor, expected in ((0, [0, 0]), (None, [-1, -1])):
        rules = rule_set(track_length=2, money_floor=floor)
        g = ref.new_game(rules, 2, 0, money=[0, 0])
        dice = ref.leg_dice(rules, 0)
        for turn, action in enumerate(actions):
            ref.take(g, turn % 2, action, dice)
        # leg: +1 pyramid each, player 1's blue tile -1 (blue is last); race: white wins, blue loses, so
        # player 0's two cards and player 1's one card are wrong
        assert g.over and g.money == expected


def test_illegal_actions_are_refused_by_the_reference():
    rules = rule_set()
    g = ref.new_game(rules, 2, 0)
    dice = ref.leg_dice(rules, 0)
    with pytest.raises(ValueError):
        ref.take(g, 0, "desert oasis 1", dice)  # space 1 holds the camels (and is never allowed)
    ref.take(g, 0, "desert oasis 5", dice)
    for bad in ("desert mirage 4", "desert oasis 5", "desert oasis 6"):
        with pytest.raises(ValueError):
            ref.take(g, 1, bad, dice)  # on or next to player 0's tile
    with pytest.raises(ValueError):
        ref.take(g, 0, "desert mirage 5", dice)  # one's own tile does not stay where it lies
    ref.take(g, 1, "race-winner blue", dice)
    with pytest.raises(ValueError):
        ref.take(g, 1, "race-loser blue", dice)  # one card per colour across both piles
    for _ in range(3):
        ref.take(g, 0, "leg-bet blue", dice)
    with pytest.raises(ValueError):
        ref.take(g, 0, "leg-bet blue", dice)  # the stack is empty


def test_same_seed_same_games_and_the_dice_do_not_depend_on_the_rules():
    a = play.play(config(["random"] * 4), 300, np.random.default_rng(3), trace=True)
    b = play.play(config(["random"] * 4), 300, np.random.default_rng(3), trace=True)
    for key in ("money", "turns", "legs", "trace"):
        assert np.array_equal(a[key], b[key])
    # another rule set from the same seed: the same set-up and leg dice for every game
    c = play.play(config(["random"] * 4, rule_set(leg_tiles=(7, 4, 1), desert_tile_pays=3)), 300,
                  np.random.default_rng(3), trace=True)
    legs = min(a["draws"].shape[1], c["draws"].shape[1])
    assert np.array_equal(a["draws"][:, :legs], c["draws"][:, :legs])


def test_payout_rules_leave_random_play_unchanged_so_only_money_moves():
    """Random players' choices do not depend on money, so a payout-only house rule replays the same games."""
    a = play.play(config(["random"] * 4), 400, np.random.default_rng(8), trace=True)
    b = play.play(config(["random"] * 4, rule_set(overall_payouts=(5, 5, 5), pyramid_tile_pays=2)), 400,
                  np.random.default_rng(8), trace=True)
    assert np.array_equal(a["trace"], b["trace"]) and np.array_equal(a["turns"], b["turns"])
    assert not np.array_equal(a["money"], b["money"])


def test_set_up_spreads_the_camels_over_spaces_1_to_3():
    g = game.Games(config(["random"] * 4), 30_000, np.random.default_rng(1))
    spaces = g.camel_spaces()
    assert set(np.unique(spaces)) == {1, 2, 3}
    share = np.bincount(spaces.ravel(), minlength=4)[1:] / spaces.size
    assert np.allclose(share, 1 / 3, atol=0.01)
    levels = np.sort(np.stack([((spaces == s) * 1).sum(1) for s in (1, 2, 3)], 1), 1)
    assert (levels.sum(1) == 5).all()


def test_win_credit_shares_ties():
    credit = play.credit(np.array([[5, 9, 9, 1], [3, 3, 3, 3], [10, 0, 0, 0]]))
    assert np.allclose(credit, [[0, 0.5, 0.5, 0], [0.25] * 4, [1, 0, 0, 0]])
    out = play.play(config(["random"] * 4), 500, np.random.default_rng(2))
    assert np.allclose(out["credit"].sum(1), 1)


def test_action_names_round_trip():
    space = game.ActionSpace(rule_set())
    names = [space.name(a) for a in range(space.size)]
    assert len(set(names)) == space.size == 46
    assert names == ref.action_names(ref.new_game(rule_set(), 2, 0))
    assert all(space.parse(n) == a for a, n in enumerate(names))


def test_rule_sets_the_engine_does_not_play_are_refused():
    game.check_rules(rule_set("second"), players=5)
    game.check_rules(rule_set("second"), players=6)  # partnerships are played
    game.check_rules(rule_set("first", supercup=("boost_dice",)), players=10)
    with pytest.raises(ScenarioError, match=r"^rules\.boost_dice: .*crazy camels"):
        game.check_rules(rule_set("second", boost_dice=True))
    with pytest.raises(ScenarioError, match=r"^rules\.boost_action: .*boost dice"):
        game.check_rules(rule_set(boost_action=True))
    with pytest.raises(ScenarioError, match=r"^rules\.dice_left_at_leg_end"):
        game.check_rules(rule_set("first", supercup=("boost_dice",), dice_left_at_leg_end=1, pyramid_tiles=4))
    with pytest.raises(ScenarioError, match="pyramid_tiles"):
        game.check_rules(rule_set(pyramid_tiles=3))


def test_second_edition_by_hand_a_crazy_camel_backing_past_space_1_ends_the_race():
    rules = rule_set("second")  # blue, green, yellow, red, purple; white, black crazy
    g = ref.new_game(rules, 2, 0)
    assert g.stacks == {1: [0, 1, 2, 3, 4], 16: [5, 6]}  # draw 0: white set down first, both on 16
    g.stacks = {1: [5, 0], 3: [1, 2, 3, 4], 15: [6]}  # white carries blue; black carries nothing
    dice = [(6, 2, True)]  # the grey die shows a black 2, but only white carries racing camels
    ref.take(g, 0, "leg-bet purple", dice)
    ref.take(g, 1, "race-loser blue", dice)
    ref.take(g, 0, "race-winner purple", dice)
    ref.take(g, 1, "pyramid", dice)  # white and blue back to space -1: past the line
    assert g.over and g.stacks == {-1: [5, 0], 3: [1, 2, 3, 4], 15: [6]}
    assert g.money == [3 + 5 + 8, 3 + 1 + 8]  # purple wins leg and race; blue, carried across, is last
    with pytest.raises(ValueError):
        ref.take(ref.new_game(rules, 2, 0), 0, "leg-bet white", dice)  # crazy camels cannot be backed


def test_second_edition_set_up_and_common_random_numbers_with_the_first():
    """The racing camels start as in the first edition from the same seed and see the same racing
    dice in the same order; the grey die comes in between; crazy camels start on 14-16."""
    n = 3000
    first = game.Games(config(["random"] * 4), n, np.random.default_rng(9))
    second = game.Games(config(["random"] * 4, rule_set("second")), n, np.random.default_rng(9))
    racing = np.uint64((1 << 40) - 1)
    assert np.array_equal(first.pos, second.pos & racing) and np.array_equal(first.height, second.height & racing)
    crazy = second.camel_spaces()[:, 5:]
    share = np.bincount(crazy.ravel(), minlength=17)[14:] / crazy.size
    assert np.allclose(share, 1 / 3, atol=0.02)
    level = (second.height >> np.uint64(40)) & np.uint64(0xFFFF)  # white's and black's height bytes
    assert np.array_equal(level != 0, crazy[:, 0] == crazy[:, 1])
    assert set(np.unique(level)) == {0, 1 << 8, 1}  # either may be on top
    for leg in range(3):
        d1 = first.draws.leg(np.arange(n), np.full(n, leg))
        d2 = second.draws.leg(np.arange(n), np.full(n, leg))
        for i in range(0, n, 300):
            plain = ref.leg_dice(rule_set(), int(d1[i]))
            crazy_dice = ref.leg_dice(rule_set("second"), int(d2[i]))
            assert [d for d in crazy_dice if not d[2]] == plain and sum(d[2] for d in crazy_dice) == 1
