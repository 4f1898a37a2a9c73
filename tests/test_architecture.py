"""The layout rules of DESIGN.md that code can check: core and cli name no game, and no module imports
itself back through another (no import cycles, counting imports inside functions too)."""
import ast
import re
from pathlib import Path

from analyzer.core import registry

ROOT = Path(__file__).resolve().parents[1] / "analyzer"


def modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imports(name: str, path: Path, known) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("analyzer"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("analyzer")}
    found.discard(name)
    return {m for m in found if m in known}


def test_no_import_cycles():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    # a package's __init__ re-exporting its own modules is not a cycle of roles: drop parent -> child edges
    graph = {a: {b for b in bs if not b.startswith(a + ".")} for a, bs in graph.items()}
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_core_and_cli_name_no_game():
    pattern = re.compile("|".join(rf"\b{re.escape(g)}\b" for g in registry.GAMES), re.IGNORECASE)
    titles = re.compile("|".join(re.escape(registry.game(g).title) for g in registry.GAMES))
    for folder in ("core", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "registry.py":
                continue
            text = path.read_text()
            for line_no, line in enumerate(text.splitlines(), 1):
                code = line.split("#")[0]
                assert not pattern.search(code) and not titles.search(code), f"{path}:{line_no}: {line.strip()}"
