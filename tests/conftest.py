"""The `slow` marker: long statistical checks, skipped unless `--runslow` is given (or ANALYZER_SLOW=1); and the
compiled engines warmed in the background while the first tests run (`warm_engines.py`; `make test` warms
them before the suite instead and says so with ANALYZER_WARMED=1)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

_WARMING: list = []


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


def pytest_sessionstart(session):
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("ANALYZER_WARMED") == "1":
        return
    root = Path(__file__).resolve().parents[1]
    _WARMING.append(subprocess.Popen([sys.executable, str(root / "tests" / "warm_engines.py")], cwd=root,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))


def pytest_sessionfinish(session, exitstatus):
    for process in _WARMING:
        if process.poll() is None:
            process.terminate()
        process.wait()
