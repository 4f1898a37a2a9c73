"""Full-game balance tests for any game: run (the games and their accumulators), variants (the
scenario's rule sets), summary (tables, findings), report (the publishable page).

The names below are imported on first use: a worker process unpickles a task of `run` and must not pay for
pandas and matplotlib, which only `summary` and `report` need.  A name that is also a submodule's (`run`,
`report`) stays the function, as `from analyzer.core.balance.report import report` made it."""
import sys
import types
from importlib import import_module

_HOME = {"BalanceSpec": "run", "BalanceTask": "run", "Variant": "run", "check_chunk": "run", "halfwidths": "run",
         "run": "run", "seat_assignments": "run", "balance": "summary", "balance_scenario": "summary",
         "summarize": "summary", "tables": "summary", "report": "report", "report_scenario": "report",
         "parse": "variants"}

__all__ = sorted(_HOME)


class _Package(types.ModuleType):
    def __getattribute__(self, name: str):
        home = _HOME.get(name)
        if home is not None:
            return getattr(import_module(f"{__name__}.{home}"), name)
        return super().__getattribute__(name)


sys.modules[__name__].__class__ = _Package
