"""The `slow` marker: long statistical checks, skipped unless `--runslow` is given (or ANALYZER_SLOW=1)."""
import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run the tests marked slow")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: a long check (e.g. 10^7 rollouts); run with --runslow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow") or os.environ.get("ANALYZER_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
