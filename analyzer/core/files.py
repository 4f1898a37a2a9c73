"""Writing a new file whole: a temporary file beside it, then linked in place (never over a file, never half)."""
from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Callable

from analyzer.core.errors import AnalyzerError


def write_new(path: Path, write: Callable[[Path], None], option: str = "--out") -> None:
    """Call `write(tmp)` on a temporary file beside `path` (same suffix, so a writer may choose its format by it),
    then link it in as `path`; a file already there, or a place nothing can be written, is one error naming
    `option`, and the temporary file never stays."""
    path = Path(path)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.tmp{path.suffix}")
    try:
        write(tmp)
        os.link(tmp, path)
    except FileExistsError:
        raise AnalyzerError(f"{option}: {path} exists; remove it or name another file") from None
    except OSError as exc:
        raise AnalyzerError(f"{option}: cannot write {path}: {exc.strerror or exc.__class__.__name__}") from None
    finally:
        with contextlib.suppress(OSError):  # nothing was made where nothing can be (a file for a folder)
            tmp.unlink(missing_ok=True)
