"""An analysis result -> terminal text, CSV, JSON or Markdown; and atomic files on disk."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from analyzer.core.game import Plot, Result

__all__ = ["Plot", "Result", "render", "to_json", "write_outputs", "markdown_table"]

FORMATS = ("table", "json", "csv", "markdown")


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.ndarray):
        return _jsonable(value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float) and not np.isfinite(value):
        return None
    return value


def to_json(result: Result) -> str:
    payload = {**result.payload, "meta": result.meta} if result.meta else result.payload
    return json.dumps(_jsonable(payload), indent=2)


def markdown_table(df: pd.DataFrame, digits: int = 4) -> str:
    def cell(v):
        if isinstance(v, (float, np.floating)):
            return "" if pd.isna(v) else f"{v:.{digits}f}"
        return str(v).replace("|", "\\|")

    head = [str(df.index.name or "")] + [str(c) for c in df.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for idx, row in df.iterrows():
        lines.append("| " + " | ".join([cell(idx)] + [cell(v) for v in row]) + " |")
    return "\n".join(lines)


def render(result: Result, fmt: str = "table") -> str:
    if fmt == "json":
        return to_json(result)
    parts = []
    if fmt == "csv":
        for name, df in result.tables.items():
            if len(result.tables) > 1:
                parts.append(f"# {name}")
            parts.append(df.to_csv(float_format="%.6g").rstrip("\n"))
        return "\n".join(parts)
    if fmt == "markdown":
        parts.append(f"# {result.title}\n")
        for name, df in result.tables.items():
            parts.append(f"## {name}\n\n{markdown_table(df)}\n")
        parts.extend(f"- {note}" for note in result.notes)
        return "\n".join(parts)
    parts.append(result.title)
    with pd.option_context("display.max_rows", 500, "display.width", 160, "display.float_format", "{:.4f}".format):
        for name, df in result.tables.items():
            parts.append(f"\n{name}\n{df.to_string(na_rep='')}")
    if result.notes:
        parts.append("")
        parts.extend(result.notes)
    return "\n".join(parts)


def write_outputs(result: Result, out_dir: str | Path) -> list[Path]:
    """Every table as CSV and JSON, the payload as result.json, and the plots as PNG.

    Files are written to a temporary folder beside `out_dir` and moved in only when all of
    them are complete, so an error or Ctrl-C leaves nothing half-written."""
    out_dir = Path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".analyzer-", dir=out_dir.parent))
    try:
        for name, df in result.tables.items():
            df.to_csv(staging / f"{name}.csv")
            (staging / f"{name}.json").write_text(df.to_json(orient="table", indent=2))
        (staging / "result.json").write_text(to_json(result))
        if result.plots:
            from analyzer.core import plots

            for plot in result.plots:
                getattr(plots, plot.kind)(result.tables[plot.table], staging / f"{plot.name}.png", **plot.options)
        out_dir.mkdir(exist_ok=True)
        written = []
        for path in sorted(staging.iterdir()):
            target = out_dir / path.name
            os.replace(path, target)
            written.append(target)
        return written
    finally:
        for leftover in staging.iterdir():
            leftover.unlink()
        staging.rmdir()
