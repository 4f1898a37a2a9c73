"""Keep glibc's heap between numpy calls.

glibc hands freed memory at the top of its heap back to the system once more than the trim threshold is free,
and maps every allocation above the mmap threshold afresh; both start at 128 kB and adapt upwards only as far as
the sizes freed so far.  An engine that allocates arrays of a few hundred kB level after level (an exact leg, a
chunk of numpy rollouts) then takes a page fault for every page of every temporary: about half the time of a
second-edition exact leg.  `keep_heap()` raises the mmap threshold to 32 MiB and the trim threshold to 64 MiB (so
at most that much freed memory stays with the process), once per process: the command line calls it at start,
and every chunk of rollouts before it runs, in whatever process (on Dask it matters most: the nanny starts workers
with MALLOC_TRIM_THRESHOLD_=65536, which turns the adaptation off).  Off glibc it does nothing."""
from __future__ import annotations

import sys

TRIM_THRESHOLD = 64 << 20
MMAP_THRESHOLD = 32 << 20
_kept = False


def keep_heap() -> None:
    global _kept
    if _kept:
        return
    _kept = True
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-1, TRIM_THRESHOLD)  # M_TRIM_THRESHOLD
        libc.mallopt(-3, MMAP_THRESHOLD)  # M_MMAP_THRESHOLD
    except (OSError, AttributeError):  # not glibc
        pass
