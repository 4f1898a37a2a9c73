"""core/heap: glibc's thresholds are raised once per process, by the command line and before every chunk."""
import ctypes
import sys

import pytest

from analyzer.core import heap, runner


class FakeLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, param, value):
        self.calls.append((param, value))
        return 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc only")
def test_keep_heap_raises_both_thresholds_once(monkeypatch):
    libc = FakeLibc()
    monkeypatch.setattr(ctypes, "CDLL", lambda name: libc)
    monkeypatch.setattr(heap, "_kept", False)
    heap.keep_heap()
    heap.keep_heap()
    assert libc.calls == [(-1, 64 << 20), (-3, 32 << 20)]  # M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, once


def test_keep_heap_without_glibc_does_nothing(monkeypatch):
    def missing(name):
        raise OSError(name)

    monkeypatch.setattr(ctypes, "CDLL", missing)
    monkeypatch.setattr(heap, "_kept", False)
    heap.keep_heap()  # no error
    assert heap._kept


def test_every_chunk_keeps_the_heap_first(monkeypatch):
    seen = []
    monkeypatch.setattr(runner, "keep_heap", lambda: seen.append("kept"))

    def task(n, rng):
        seen.append(n)
        return {"n": n}

    assert runner._run_chunk(task, 5, 1, 0) == (0, {"n": 5})
    assert seen == ["kept", 5]


@pytest.mark.parametrize("args,kept", [(["balance", "x.yaml"], True), (["ev", "x.yaml"], True),
                                       (["--help"], False), (["balance", "--help"], False), (["games"], False)])
def test_the_command_line_keeps_the_heap_where_it_computes(monkeypatch, args, kept):
    import analyzer.cli as cli
    import analyzer.cli.root as root

    seen = []
    monkeypatch.setattr(sys, "argv", ["analyzer", *args])
    monkeypatch.setattr(heap, "keep_heap", lambda: seen.append("kept"))
    monkeypatch.setattr(root, "app", lambda: seen.append("app"))
    cli.main()
    assert seen == ["kept", "app"] if kept else seen == ["app"]
