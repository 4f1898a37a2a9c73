"""The `slow` marker: long statistical checks, skipped unless `--runslow` is given (or ANALYZER_SLOW=1); and the
compiled engines warmed in the background while the first tests run (`warm_engines.py`: only one game's where
every test chosen is that game's; `make test` warms them before the suite instead and says so with
ANALYZER_WARMED=1)."""
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


def pytest_collection_finish(session):
    """The warm-up, once the tests are known: only their game's engine when every test chosen is one game's."""
    if os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("ANALYZER_WARMED") == "1" or not session.items:
        return
    root = Path(__file__).resolve().parents[1]
    places = {Path(item.path).resolve().relative_to(root).parts[:3] for item in session.items}
    games = {p[2] for p in places if p[:2] == ("tests", "games") and len(p) == 3}
    only = sorted(games) if len(games) == 1 and all(p[:2] == ("tests", "games") for p in places) else []
    _WARMING.append(subprocess.Popen([sys.executable, str(root / "tests" / "warm_engines.py"), *only], cwd=root,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=_ends_with_pytest))


def _ends_with_pytest():
    """In the warm-up process: SIGTERM when pytest's process dies (a killed run leaves no compiler behind)."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG


def pytest_sessionfinish(session, exitstatus):
    for process in _WARMING:
        if process.poll() is None:
            process.terminate()
        process.wait()
