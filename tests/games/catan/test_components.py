"""Issue 50: a vertex listed twice (focus, harbours built this turn) is refused naming the field."""
from tests.games.mutate import refused


def test_a_focus_vertex_twice_is_refused():
    refused("catan", "where-to-settle.yaml", ("position", "focus", "vertices"), lambda v: v + v[:1],
            "position.focus.vertices", "vertex 31 given twice")
