"""The benchmark suite: every game's benchmarks in one table, with the machine they ran on."""
from __future__ import annotations

import importlib
import json
import os
import platform
from datetime import datetime, timezone
from pathlib import Path

from analyzer.core.registry import GAMES


def machine() -> dict:
    return {"machine": platform.machine(), "processor": platform.processor() or platform.machine(),
            "cores": os.cpu_count(), "python": platform.python_version(), "system": platform.system()}


def run(games, quick: bool = False) -> dict:
    rows = []
    for game in games:
        rows += importlib.import_module(f"{GAMES[game]}.bench").run(quick=quick)
    return {"when": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": machine(), "rows": rows}


def render(table: dict) -> str:
    import pandas as pd

    df = pd.DataFrame(table["rows"]).set_index("what")
    m = table["machine"]
    with pd.option_context("display.width", 200, "display.max_colwidth", 60):
        body = df.to_string(float_format=lambda v: f"{v:,.4g}", na_rep="-")
    return f"{body}\n\nmachine: {m['processor']}, {m['cores']} cores, Python {m['python']}, {table['when']}"


def write_json(table: dict, path: Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(table, indent=2, default=float))
    os.replace(tmp, path)
