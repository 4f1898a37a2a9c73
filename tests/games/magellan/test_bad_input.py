"""Junk in any field of a Magellan scenario is a ScenarioError naming a field, never a crash."""
import copy

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analyzer.core.errors import ScenarioError
from analyzer.games.magellan import state
from tests.cli_helpers import parse_balance
from tests.junk import junk as junk_values
from tests.junk import paths
from tests.games.magellan.test_cli import LATE, ROOT

BASES = [LATE] + [yaml.safe_load(p.read_text()) for p in sorted((ROOT / "scenarios" / "magellan").glob("*.yaml"))]

junk = junk_values(["cook", "polo", "A", "B", "gold", "value", "9", "full", "drake"])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(BASES))), st.data(), junk)
def test_a_junk_field_is_a_clear_error(base, data, value):
    scenario = copy.deepcopy(BASES[base])
    where = data.draw(st.sampled_from([p for p in paths(scenario) if p]))
    node = scenario
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    try:
        if "variants" in scenario:
            parse_balance(scenario)
        else:
            state.parse_position(scenario)
    except ScenarioError as exc:
        assert exc.field and exc.problem  # the CLI prints it as one line
