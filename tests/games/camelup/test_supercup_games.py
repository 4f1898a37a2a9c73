"""Supercup modules and partnerships in full games: the engine against the readable reference on the
same dice (every module, 2-10 players), the table session's scoring of the same games, the module
rules stepped by hand, the boost dice's draws, common random numbers, and greedy's prices."""
from pathlib import Path

import numpy as np
import pytest
import yaml

from analyzer.core.errors import ScenarioError
from analyzer.games.camelup import game, play, policies as pol, reference_game as ref
from analyzer.games.camelup.rules import rule_set
from analyzer.games.camelup.table import Table
from tests.games.camelup.test_game import replay_all

EVERY = ("long_track", "boost_action", "photographer", "placement_bets", "partnerships")
SMALL_GREEDY = {"policy": "greedy", "rollouts": 16, "race_rollouts": 8}


def config(policies, rules, **extra):
    return game.GameConfig(rules, len(policies), tuple(pol.parse_spec(p, "p") for p in policies), **extra)


def played(policies, rules, n, seed, **extra):
    cfg = config(policies, rules, **extra)
    return cfg, play.play(cfg, n, np.random.default_rng(seed), trace=True)


@pytest.mark.parametrize("modules,players,house", [
    (("long_track",), 4, {}),
    (("boost_dice",), 3, {}),
    (("boost_action",), 4, {}),
    (("photographer",), 5, {}),
    (("placement_bets",), 4, {}),
    (("partnerships",), 6, {}),
    (("partnerships",), 5, {}),  # below 6 seats the module is not played
    (EVERY, 2, {}),
    (EVERY, 7, {}),
    (EVERY, 10, {}),
    (EVERY, 6, {"boost_faces": (1, 3), "placement_hit_pays": 4, "placement_miss_pays": -2, "money_floor": None,
                "leg_tiles": (5, 3, 2, 2, 1), "track_length": 12}),
])
def test_supercup_games_equal_the_reference_on_the_same_dice(modules, players, house):
    cfg, out = played(["random"] * players, rule_set("first", modules, **house), 60, 3)
    replay_all(cfg, out)
    kinds = dict(zip(game.KINDS, out["actions"].sum(0)))
    for module, kind in (("photographer", "photographer"), ("placement_bets", "placement"),
                         ("boost_action", "boost")):
        assert (kinds[kind] > 0) == (module in modules)
    assert (kinds["partner"] > 0) == ("partnerships" in modules and players >= 6)


@pytest.mark.parametrize("players", [6, 9])
def test_second_edition_with_partnerships_equals_the_reference(players):
    cfg, out = played(["random"] * players, rule_set("second"), 60, 4)
    replay_all(cfg, out)
    assert out["actions"][:, game.PARTNER].sum() > 0


@pytest.mark.parametrize("policies,rules", [
    ([SMALL_GREEDY, "heuristic", "random", SMALL_GREEDY, "random", SMALL_GREEDY], rule_set("first", EVERY)),
    ([SMALL_GREEDY] * 4, rule_set("first", ("long_track", "boost_action", "photographer", "placement_bets"))),
    ([SMALL_GREEDY, "random"] * 3, rule_set("second")),
])
def test_policies_take_legal_supercup_actions(policies, rules):
    cfg, out = played(policies, rules, 12, 5, seating="rotate")
    replay_all(cfg, out)


def test_greedy_exact_takes_legal_supercup_actions():
    rules = rule_set("first", ("long_track", "boost_action", "photographer", "placement_bets"), track_length=10)
    cfg, out = played([{"policy": "greedy-exact", "race_rollouts": 50}, "random", "heuristic"], rules, 1, 2)
    replay_all(cfg, out)


def test_random_takes_every_kind_of_action_with_every_module():
    out = play.play(config(["random"] * 6, rule_set("first", EVERY)), 200, np.random.default_rng(0))
    assert (out["actions"] > 0).all()


def test_action_names_round_trip_and_match_the_reference():
    rules = rule_set("first", EVERY)
    space = game.ActionSpace(rules, 6)
    names = [space.name(a) for a in range(space.size)]
    assert len(set(names)) == space.size == 46 + 8 + 20 + 40 + 6 + 5  # long track: 2 x 19 desert actions
    assert names == ref.action_names(ref.new_game(rules, 6, 0))
    assert all(space.parse(n) == a for a, n in enumerate(names))
    assert game.ActionSpace(rules, 5).seats == 0  # no partnerships at 5 seats
    assert game.ActionSpace(rule_set(), 6).size == 46  # the first edition's actions are as they were


def test_every_table_size_and_rule_set_is_played():
    for players in range(2, 11):
        game.check_rules(rule_set("first", EVERY), players=players)
    game.check_rules(rule_set("second"), players=8)
    with pytest.raises(ScenarioError, match="^rules.boost_dice"):
        game.check_rules(rule_set("second", boost_dice=True))


# -- the same games scored by the table session (table.py, written apart) ----------------------------

def table_events(cfg, out, i):
    """Game i of a traced batch as a table session's start and events (`as P ...` throughout)."""
    rules, players = cfg.rules, cfg.players
    letters = rules.camel_letters
    g = ref.new_game(rules, players, int(out["draws"][i][0]))
    position = {"track": {s: [rules.camels[c] for c in stack] for s, stack in g.stacks.items()},
                "dice_left": list(rules.camels[:rules.racing]) + (["grey"] if rules.crazy_camels else [])}
    if rules.boost_dice:
        position["boost_dice_left"] = [rules.camels[c] for c in g.boost_in]
    start = {"game": "camelup", "players": players, "position": position,
             "rules": {"edition": rules.edition, "supercup": list(rules.supercup)}}
    space = game.ActionSpace(rules, players)
    boosts = out["boosts"][i] if "boosts" in out else None
    events = []
    for turn, name in enumerate(ref.turn_names(space, out["trace"][i], boosts)):
        main, _, follow = name.partition(" + ")
        p, words = turn % players, main.split()
        dice = ref.leg_dice(rules, int(out["draws"][i][1 + g.leg]))
        boost_draws = out["boost_draws"][i][g.leg] if "boost_draws" in out else None
        if words[0] == "leg-bet":
            events.append(f"as {p} take {words[1]}")
        elif words[0] == rules.tile_name:
            events.append(f"as {p} desert {words[2]} {'+' if words[1] == rules.tile_sides[0] else '-'}")
        elif words[0] in ("race-winner", "race-loser"):
            events.append(f"as {p} {words[0][5:]} {words[1]}")
        elif words[0] == "photographer":
            events.append(f"as {p} photo {words[1]}")
        elif words[0] == "placement":
            place = words[1][0]
            if words[3] == "new":
                events.append(f"as {p} place {place} {words[4]}")
            else:
                camel = rules.camels.index(words[3])
                value = min(v for c, v in g.held[p] if c == camel)
                events.append(f"as {p} place {place} {words[3]} {value}")
        elif words[0] == "partner":
            events.append(f"as {p} partner {words[1]}")
        ref.take(g, p, main, dice, boost_draws)
        if words[0] == "pyramid":
            camel, steps, kind = g.last_roll
            what = {"base": letters[camel], "boost": letters[camel] + "+", "grey": f"grey {letters[camel]}"}[kind]
            events.append(f"as {p} roll {what} {steps}")
        if follow:
            ref.boost(g, p, follow)
            events.append(f"as {p} boost {follow.split()[1]}")
    return start, events


@pytest.mark.parametrize("policies,rules", [
    (["random"] * 6, rule_set("first", EVERY)),
    ([SMALL_GREEDY, "random", "random", SMALL_GREEDY, "random", "random", "random"], rule_set("first", EVERY)),
    (["random"] * 4, rule_set("first", ("boost_action", "photographer", "placement_bets"))),
    (["random"] * 6, rule_set("second")),
])
def test_the_table_session_scores_the_engines_games_the_same(policies, rules):
    cfg, out = played(policies, rules, 4, 7)
    for i in range(4):
        start, events = table_events(cfg, out, i)
        table = Table.start(start)
        for event in events:
            table = table.apply(event)
        assert table.over and table.money == out["money"][i].tolist(), i


# -- the module rules, stepped by hand in the reference ------------------------------------------------

def test_boost_dice_the_last_camels_die_goes_in_and_the_pit_keeps_it_out():
    rules = rule_set("first", ("boost_action",))  # boost faces [1, 2]
    g = ref.new_game(rules, 2, 0)  # everyone on space 1, blue at the bottom: blue is last
    assert g.stacks == {1: [0, 1, 2, 3, 4]} and g.boost_in == {0}
    dice = ref.leg_dice(rules, 0)  # base dice blue .. white, each 1 step
    boost_draws = [0] * 10  # t = 0 while a boost die is in: the boost die comes out first
    ref.take(g, 0, "pyramid", dice, boost_draws)
    assert g.last_roll == (0, 1, "boost") and g.stacks == {2: [0, 1, 2, 3, 4]}
    assert g.boost_in == set() and g.pit == {0} and g.dice_out == 0
    assert ref.legal_boosts(g, 1) == []  # no pyramid tile to hand back
    assert ref.legal_boosts(g, 0) == ["boost green", "boost orange", "boost yellow"]  # not blue (pit), not white
    with pytest.raises(ValueError):
        ref.boost(g, 0, "boost white")  # white leads
    ref.boost(g, 0, "boost green")
    assert g.pyramid_tiles == [0, 0] and g.boost_in == {1}
    for turn in range(6):  # green's boost die, then the five base dice: the leg ends with the pyramid empty
        assert g.leg == 0
        ref.take(g, 1 - turn % 2, "pyramid", dice, boost_draws)
    assert g.leg == 1 and g.pit == set()
    assert g.boost_in == {ref._ranking(g)[-1]}  # the new leg's last camel
    # 7 pyramid tiles rolled: 6 kept (player 0 handed one back), 3 each; nothing else held
    assert g.money == [3 + 3, 3 + 3]


def test_boost_dice_leave_the_pyramid_uniformly():
    """With 5 base dice and 1 boost die in, the boost die is equally likely to be any of the 6 rolls."""
    rules = rule_set("first", ("boost_dice",))
    x = np.random.default_rng(1).integers(game.boost_lcm(rules) * 2, size=(60_000, 10))
    modulus, where = game.boost_lcm(rules), np.full(x.shape[0], -1)
    for j in range(6):  # roll j: 5 - j base dice left while the boost die is in
        out = (where < 0) & (x[:, j] % modulus % (5 - j + 1) < 1)
        where[out] = j
    assert (where >= 0).all()
    assert np.allclose(np.bincount(where) / where.size, 1 / 6, atol=0.01)
    assert np.allclose(np.bincount(x[:, 0] // modulus % 2) / x.shape[0], 0.5, atol=0.01)


def test_the_photographer_pays_the_camels_of_the_first_unit_to_end_on_its_space():
    rules = rule_set("first", ("photographer",))
    g = ref.new_game(rules, 3, 0)
    dice = ref.leg_dice(rules, 0)  # blue 1, green 1, ...
    assert "photographer 1" not in ref.legal_actions(g, 0)  # camels there
    ref.take(g, 0, "desert oasis 3", dice)
    assert "photographer 3" not in ref.legal_actions(g, 1)  # a desert tile there
    ref.take(g, 1, "photographer 4", dice)
    assert g.camera == (4, 1)
    assert not any(a.startswith("photographer") for a in ref.legal_actions(g, 2))  # player 1 holds it
    ref.take(g, 2, "pyramid", dice)  # the whole stack to 2: no photo
    assert g.camera == (4, 1) and g.money == [3, 3, 3]
    ref.take(g, 0, "pyramid", dice)  # green (with 3 on top) to 3: the oasis pushes it on to 4: a photo
    assert g.stacks == {2: [0], 4: [1, 2, 3, 4]} and g.camera is None
    assert g.money == [3 + 1, 3 + 4, 3]  # player 0's oasis: 1 landing; player 1's camera: 4 camels
    ref.take(g, 1, "photographer 6", dice)  # the photographer is free again; holding it, move it
    ref.take(g, 1, "photographer 9", dice)
    assert g.camera == (9, 1)
    assert "desert oasis 9" not in ref.legal_actions(g, 2) and "desert oasis 7" in ref.legal_actions(g, 2)
    for turn in range(3):  # orange's unit to 5, yellow's to 6, white to 7: the leg ends, no photo
        ref.take(g, 2, "pyramid", dice)
    assert g.leg == 1 and g.camera is None  # it returns at leg end
    assert g.money == [3 + 1 + 1, 3 + 4, 3 + 4]  # and the pyramid tiles


def test_placement_bets_cover_the_lowest_tile_or_take_the_bottom_one():
    rules = rule_set("first", ("placement_bets",))  # leg tiles 5 / 3 / 2 / 2
    g = ref.new_game(rules, 2, 0)
    dice = ref.leg_dice(rules, 0)
    ref.take(g, 0, "leg-bet white", dice)  # white 5
    ref.take(g, 1, "placement 2nd on new white", dice)  # white's bottom 2, under the 2nd-place tile
    assert ref._stack(g, 4) == [3, 2]
    ref.take(g, 0, "leg-bet white", dice)  # white 3: the top is still taken from the top
    ref.take(g, 1, "leg-bet yellow", dice)
    ref.take(g, 0, "placement 3rd on white", dice)  # covers the lower of 5 and 3
    assert g.held[0] == [(4, 5)] and g.placements == [(1, 4, 2, 2), (0, 4, 3, 3)]
    assert "placement 2nd on new blue" not in ref.legal_actions(g, 0)  # the 2nd-place tile is in play
    assert "placement 4th on yellow" not in ref.legal_actions(g, 0)  # player 0 holds no yellow tile
    for turn in range(5):  # blue carries all to 2, then each moves 1 on: white 1st, yellow 2nd, orange 3rd
        ref.take(g, turn % 2, "pyramid", dice)
    assert ref._ranking(g) == [4, 3, 2, 1, 0] and g.leg == 1
    # player 0: white 5 pays 5, 3rd-place tile on white: -1, 3 pyramid tiles; player 1: 2nd on white -1,
    # yellow 3 (2nd) +1, 2 pyramid tiles
    assert g.money == [3 + 5 - 1 + 3, 3 - 1 + 1 + 2]


def test_partnerships_add_the_partners_best_tile_as_in_the_rulebook_example():
    """Supercup p. 7: E holds yellow 5 and blue 3, D a pyramid tile; D partners E; yellow wins the leg:
    D gets 1 + 5 = 6; E its own tiles and 1 for D's pyramid tile."""
    rules = rule_set("first", ("partnerships",))
    g = ref.new_game(rules, 6, 0)
    g.stacks = {1: [0], 2: [1], 3: [2], 4: [4], 6: [3]}  # yellow leads, then white, orange, green, blue
    D, E = 0, 1
    dice = [(0, 1, False)] * 5  # the leg's last die: blue 1, onto green
    ref.take(g, D, "partner 1", dice)
    assert "partner 1" not in ref.legal_actions(g, 2) and "partner 3" in ref.legal_actions(g, 2)
    assert not any(a.startswith("partner") for a in ref.legal_actions(g, D))
    ref.take(g, E, "leg-bet yellow", dice)  # yellow 5
    ref.take(g, 2, "leg-bet blue", dice)  # blue 5
    ref.take(g, E, "leg-bet blue", dice)  # blue 3
    g.dice_out = 4
    ref.take(g, D, "pyramid", dice)
    assert g.leg == 1 and ref._ranking(g)[0] == 3
    # D: pyramid 1 + E's yellow 5; E: yellow 5, blue 3 -1 (blue 4th), D's pyramid tile 1; player 2: blue 5 -1
    assert g.money == [3 + 6, 3 + 5 - 1 + 1, 3 - 1, 3, 3, 3]


def test_partnerships_add_nothing_for_a_partner_who_only_loses():
    rules = rule_set("second")  # partnerships with 6+ players
    g = ref.new_game(rules, 6, 0)
    g.stacks = {1: [0], 2: [1], 3: [2], 4: [3], 5: [4], 10: [5], 12: [6]}  # purple leads, red 2nd
    dice = [(4, 1, False)] * 6
    ref.take(g, 0, "partner 1", dice)
    ref.take(g, 1, "leg-bet blue", dice)  # blue 5: last, -1
    g.dice_out = 4  # the second edition's leg ends with 5 of 6 dice out: this roll ends it
    ref.take(g, 2, "pyramid", dice)
    assert g.leg == 1 and g.money == [3, 3 - 1, 3 + 1, 3, 3, 3]  # player 0 adds nothing


# -- the dice: common random numbers across modules ---------------------------------------------------

def test_every_module_meets_the_same_set_up_and_base_dice():
    n = 500
    base = game.Games(config(["random"] * 6, rule_set()), n, np.random.default_rng(4))
    for modules in (("long_track",), ("boost_dice",), ("photographer", "placement_bets"), EVERY):
        other = game.Games(config(["random"] * 6, rule_set("first", modules)), n, np.random.default_rng(4))
        assert np.array_equal(base.pos, other.pos) and np.array_equal(base.height, other.height)
        for leg in range(3):
            legs = np.full(n, leg)
            assert np.array_equal(base.draws.leg(np.arange(n), legs), other.draws.leg(np.arange(n), legs))
    a = game.Games(config(["random"] * 4, rule_set("first", ("boost_dice",))), n, np.random.default_rng(4))
    b = game.Games(config(["random"] * 4, rule_set("first", EVERY)), n, np.random.default_rng(4))
    assert np.array_equal(a.draws.boost(np.arange(n), np.full(n, 2)), b.draws.boost(np.arange(n), np.full(n, 2)))


def test_payout_rules_leave_random_play_unchanged_with_the_modules():
    """Random players' choices do not depend on money: a payout-only house rule replays the same games."""
    modules = ("photographer", "placement_bets", "partnerships")
    a = play.play(config(["random"] * 6, rule_set("first", modules)), 200, np.random.default_rng(3), trace=True)
    b = play.play(config(["random"] * 6, rule_set("first", modules, placement_hit_pays=5)), 200,
                  np.random.default_rng(3), trace=True)
    assert np.array_equal(a["trace"], b["trace"]) and not np.array_equal(a["money"], b["money"])


# -- greedy's prices against `ev`'s exact ones ---------------------------------------------------------

def mid_game(rules, players, turns, seed):
    g = game.Games(config(["random"] * players, rules), 60, np.random.default_rng(seed))
    chooser, rng = pol.Random(None), np.random.default_rng(seed + 1)
    for t in range(turns):
        rows = np.arange(g.rows)
        action = np.where(g.alive, chooser.choose(g, rows, t % players, rng.random((g.rows, 2)), None), g.space.noop)
        g.apply(t % players, action)
    g.money[:] = 50  # far from the money floor: `ev` prices linearly
    return g


def test_greedy_prices_the_supercup_actions_as_ev_does():
    rules = rule_set("first", ("long_track", "boost_action", "photographer", "placement_bets", "partnerships"))
    g = mid_game(rules, 6, 9, 3)
    seat = 9 % 6
    rows = np.flatnonzero(g.alive)[:3]
    greedy = pol.Greedy(pol.PolicySpec("greedy", 3000, 16))
    est = greedy.values(g, rows, seat, np.random.default_rng(1))
    s = g.space
    checked = 0
    for i, row in enumerate(rows):
        exact = pol.exact_values(g, int(row), seat, np.random.default_rng(2), 0)
        legal = g.legal(np.array([row]), seat)[0]
        assert np.array_equal(np.isfinite(est[i]), legal)
        module = slice(s.photo0, s.boost0)
        both = legal[module] & np.isfinite(exact[module])
        assert both.sum() == legal[module].sum()  # ev offers every module action the engine allows
        assert np.allclose(est[i, module][both], exact[module][both], atol=0.25)
        checked += both.sum()
    assert checked > 20


def test_greedy_prices_the_boost_follow_up_as_ev_does():
    rules = rule_set("first", ("long_track", "boost_action", "photographer", "placement_bets"))
    found = 0
    for seed in range(3):
        g = mid_game(rules, 4, 7, seed)
        for seat in range(4):
            rows = np.flatnonzero(g.alive & (g.pyr[:, seat] >= 1))[:2]
            if not rows.size:
                continue
            greedy = pol.Greedy(pol.PolicySpec("greedy", 3000, 0))
            gains = greedy.boost_gains(g, rows, seat, np.random.default_rng(seed))
            for i, row in enumerate(rows):
                exact = pol.exact_values(g, int(row), seat, None, 0, boosts=True)
                legal = g.boost_legal(np.array([row]), seat)[0]
                assert np.array_equal(np.isfinite(exact), legal)
                seen = np.isfinite(gains[i])  # dice greedy did not price: the seat holds nothing they move
                assert np.allclose(gains[i][seen], exact[seen], atol=0.25)
                assert (exact[legal & ~seen] == -g.rules.pyramid_tile_pays).all()
                found += seen.sum()
    assert found > 5


# -- balance scenarios and their notes --------------------------------------------------------------

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios" / "camelup"


@pytest.mark.parametrize("name", ["modules", "leave-one-out", "seats", "boost-faces"])
def test_the_supercup_balance_scenarios_parse_and_state_the_boost_faces_caveat(name):
    from analyzer.core import balance
    from analyzer.games.camelup import GAME, balance as hooks

    data = yaml.safe_load((SCENARIOS / f"balance-supercup-{name}.yaml").read_text())
    spec, configs = balance.parse(GAME.full(), data, "camelup")
    assert len(spec.variants) >= 3
    assert any("boost_faces" in line and "unverified" in line for line in hooks.notes(configs))  # balance and report
    if name == "modules":  # the plain game's own notes carry no boost caveat
        assert hooks.boost_faces_caveat({"first_edition": configs["first_edition"]}) == []


def test_a_small_supercup_balance_run_has_every_action_kind():
    from analyzer.core import balance, runner
    from analyzer.games.camelup import GAME

    data = yaml.safe_load((SCENARIOS / "balance-supercup-modules.yaml").read_text())
    data["policies"] = "random"
    spec, _ = balance.parse(GAME.full(), data, "camelup")
    result = balance.balance(spec, runner.RunSettings(rollouts=64, seed=1, jobs=1, progress=False))
    actions = result.tables["actions"]
    assert (actions.loc["all_modules", list(game.KINDS)] > 0).all(axis=None)
    assert (actions.loc["first_edition", ["photographer", "placement", "partner", "boost"]] == 0).all(axis=None)


def test_regret_against_exact_greedy_is_measured_with_every_module():
    from analyzer.games.camelup import bench

    out = bench.greedy_regret(decisions=3, budgets=((8, 8),), race_rollouts=50, heuristic=False,
                              rules=rule_set("first", EVERY, track_length=12), players=6)
    row = out["greedy(8/8)"]
    assert row["decisions"] >= 3 and row["regret"] >= 0 and 0 <= row["agree"] <= 1
