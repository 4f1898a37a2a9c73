"""Where analyzer keeps what it computes once: the user's cache folder (platformdirs), or $ANALYZER_CACHE_DIR.

The compiled (numba) engines go in `<cache>/numba/<key>/`, set as NUMBA_CACHE_DIR before numba is imported
(`configure`, run by `import analyzer`), never inside the installed package, which may be read-only.  numba
checks only the timestamp of the file a kernel is written in, not of the core modules it calls into
(`core/search.py`, `core/kernels.py`): `<key>` is a short hash of those modules and the package version, so
changing either compiles the engines afresh instead of loading kernels built against the old code.  A
NUMBA_CACHE_DIR the user set is left as it is.

`import analyzer` only installs a hook that runs `configure` when numba is first imported, so a command that
never compiles (`--help`, `games`) pays nothing for it.  Keep this module's imports light for that reason."""
from __future__ import annotations

import os
import sys
from pathlib import Path

CACHE_ENV = "ANALYZER_CACHE_DIR"
NUMBA_ENV = "NUMBA_CACHE_DIR"
_SET: dict = {}  # "numba": the folder `configure` chose (not the user's NUMBA_CACHE_DIR)


def cache_dir() -> Path:
    """$ANALYZER_CACHE_DIR, else the user's cache folder for `analyzer` (~/.cache/analyzer on Linux)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    import platformdirs

    return Path(platformdirs.user_cache_dir("analyzer", appauthor=False))


def kernel_key() -> str:
    """12 hex digits of a hash of the package version and every module of each package with numba code (core and
    the engines' games): numba freezes the globals a kernel reads (another module's constants, the core helpers
    it calls) into its cache, but checks only the timestamp of the kernel's own file."""
    import hashlib
    import re

    import analyzer

    numba_import = re.compile(rb"^\s*(from|import) numba\b", re.MULTILINE)
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(analyzer.__version__.encode())
    sources = {path: path.read_bytes() for path in sorted(root.rglob("*.py"))}
    compiled = {path.parent for path, text in sources.items() if numba_import.search(text)}
    for path, text in sources.items():
        if path.parent in compiled:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + text)
    return digest.hexdigest()[:12]


def numba_dir() -> Path:
    """The folder numba caches compiled engines in: NUMBA_CACHE_DIR as the user set it, else ours."""
    given = os.environ.get(NUMBA_ENV)
    if given and given != _SET.get("numba"):
        return Path(given)
    return cache_dir() / "numba" / kernel_key()


def configure() -> None:
    """Point numba's cache at `numba_dir()` (unless the user set NUMBA_CACHE_DIR); worker processes inherit it."""
    if os.environ.get(NUMBA_ENV) and os.environ[NUMBA_ENV] != _SET.get("numba"):
        return
    folder = str(numba_dir())
    _SET["numba"] = os.environ[NUMBA_ENV] = folder
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba already imported (by the caller): it reads the setting at each compile
        config.CACHE_DIR = folder


def numba_index_folder(source: Path) -> Path:
    """Where numba keeps the index files (`MODULE.FUNCTION-LINE.pyXY.nbi`) of `source`'s cached kernels: the
    numba folder, then the source's folder name and a hash of its path (numba's own layout)."""
    import hashlib

    folder = os.path.dirname(os.path.abspath(source))
    return numba_dir() / f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"


class _BeforeNumba:
    """A meta path finder that runs `configure` just before numba is first imported, and finds nothing itself.
    It stays in `sys.meta_path` (removing it while the import system walks that list would skip the next
    finder); after numba it is a string comparison per import."""

    def find_spec(self, name, path=None, target=None):
        if name == "numba" and "numba" not in sys.modules:
            configure()
        return None


_HOOK = _BeforeNumba()


def install() -> None:
    """Configure numba's cache now if numba is imported already, else just before it is."""
    if "numba" in sys.modules:
        configure()
    elif _HOOK not in sys.meta_path:
        sys.meta_path.insert(0, _HOOK)
