"""Game-agnostic machinery: scenarios, the rollout runner, statistics, tables, plots."""
