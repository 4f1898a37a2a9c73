"""San Marco full games for `analyzer balance` / `analyzer report`: FULL_GAMES, the shipped balance scenarios."""
import dataclasses
from pathlib import Path

import numpy as np
import pytest

from analyzer.core import runner, scenario
from analyzer.core.balance.summary import balance_scenario
from analyzer.core.balance.variants import parse
from analyzer.core.errors import ScenarioError
from analyzer.games.san_marco import GAME
from analyzer.games.san_marco import rules as r
from analyzer.games.san_marco.balance import FULL_GAMES, parse_rules
from analyzer.games.san_marco.play import LENGTHS, GameConfig, RuleSet, play
from analyzer.games.san_marco.policies import Policy

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "san_marco"
BALANCE = sorted(ROOT.glob("balance-*.yaml"))


def test_there_are_balance_scenarios_for_3_and_4_players_and_the_settings():
    names = {p.stem for p in BALANCE}
    assert {"balance-4p", "balance-3p", "balance-settings", "balance-board", "balance-policies"} <= names


@pytest.mark.parametrize("path", BALANCE, ids=lambda p: p.stem)
def test_every_balance_scenario_parses(path):
    spec, configs = parse(FULL_GAMES, scenario.load(path), "san_marco")
    assert configs and all(isinstance(c, GameConfig) for c in configs.values())
    assert FULL_GAMES.hook("illustrative")(configs) == "illustrative board"


def test_every_setting_reading_of_a_4p_game_is_a_variant_somewhere():
    seen = {}
    for path in BALANCE:
        for c in parse(FULL_GAMES, scenario.load(path), "san_marco")[1].values():
            for k, v in c.rules.settings.changed().items():
                seen.setdefault(k, set()).add(str(v))
    for name, (default, readings) in r.SETTINGS.items():
        if name in ("final_round_start", "empty_deck", "banish_target"):  # one reading only
            continue
        if name == "seat_handicap":  # a number per seat: tune-start-player.yaml searches it
            continue
        assert name in seen, name


@pytest.mark.parametrize("players,seating", [(4, "fixed"), (3, "rotate")])
def test_play_gives_the_contract_shapes_and_is_seeded(players, seating):
    config = GameConfig(RuleSet(), players, (Policy("random"), Policy("greedy"), Policy("random"),
                                             Policy("greedy"))[:players], seating)
    a = play(config, 24, np.random.default_rng(3))
    b = play(config, 24, np.random.default_rng(3))
    assert a["money"].shape == (24, players) and np.allclose(a["credit"].sum(1), 1)
    assert a["actions"].shape == (players, len(FULL_GAMES.action_kinds))
    assert a["policy"].shape == (24, players)
    for name in LENGTHS:
        assert a[name].shape == (24,), name
        assert np.array_equal(a[name], b[name])
    assert (a["rounds"] == a["passage 1 rounds"] + a["passage 2 rounds"] + a["passage 3 rounds"]).all()
    assert (a["capped"] == 0).all()
    if players == 3:
        assert (a["D2 prestige per round"] == 0).all()


def test_board_shuffles_permute_values_and_relabel_the_map():
    base = parse_rules({})
    shuffled = parse_rules({"board_shuffle": 2, "adjacency_shuffle": 5})
    assert sorted(zip(base.board.high, base.board.low)) == sorted(zip(shuffled.board.high, shuffled.board.low))
    assert shuffled.board.pairs != base.board.pairs and len(shuffled.board.pairs) == len(base.board.pairs)
    assert shuffled.board.illustrative and "permuted" in shuffled.board_note


@pytest.mark.parametrize("block,field", [({"roles": "vote"}, "rules.roles"), ({"board_shuffle": 0}, "rules.board_shuffle"),
                                         ({"max_rounds_per_passage": 0}, "rules.max_rounds_per_passage"),
                                         ({"colour": 1}, "rules.colour")])
def test_bad_rules_name_the_field(block, field):
    with pytest.raises(ScenarioError) as err:
        parse_rules(block)
    assert err.value.field == field


def test_a_bad_variant_key_names_the_variant():
    data = {"game": "san_marco", "players": 4, "policies": "greedy", "variants": {"x": {"speed": 3}}}
    with pytest.raises(ScenarioError) as err:
        parse(FULL_GAMES, data, "san_marco")
    assert err.value.field == "variants.x.speed"


def test_a_small_balance_run_says_illustrative_and_names_the_policies():
    game = dataclasses.replace(GAME, full_games=FULL_GAMES)
    data = scenario.load(ROOT / "balance-3p.yaml")
    data["variants"] = {"base": {}, "clockwise": {"next_distributor_3p": "clockwise"}}
    data["policies"] = "random"
    result = balance_scenario(game, data, runner.RunSettings(rollouts=512, seed=1, jobs=1, progress=False))
    assert "illustrative" in result.title.lower()
    assert result.payload["illustrative"] is True
    assert any("policies: random" in note for note in result.notes)
    assert {"win_rate", "length", "actions", "differences"} <= set(result.tables)
    rule_sets = result.payload["rule_sets_detail"]
    assert "next_distributor_3p" in {k for col in rule_sets.values() for k in col}
