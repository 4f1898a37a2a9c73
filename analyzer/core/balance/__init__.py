"""Full-game balance tests for any game: run (the games and their accumulators), variants (the
scenario's rule sets), summary (tables, findings), report (the publishable page)."""
from analyzer.core.balance.report import report, report_scenario
from analyzer.core.balance.run import (BalanceSpec, BalanceTask, Variant, check_chunk, halfwidths, run,
                                       seat_assignments)
from analyzer.core.balance.summary import balance, balance_scenario, summarize, tables
from analyzer.core.balance.variants import parse

__all__ = ["BalanceSpec", "BalanceTask", "Variant", "balance", "balance_scenario", "check_chunk", "halfwidths",
           "parse", "report", "report_scenario", "run", "seat_assignments", "summarize", "tables"]
