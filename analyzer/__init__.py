"""analyzer: Monte Carlo strategy analyzer and odds calculator for board games."""

__version__ = "0.1.0"
