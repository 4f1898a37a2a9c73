"""The compiled engines are cached in the user's cache folder, in a folder keyed by the core code they call into."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import analyzer
from analyzer.core import cache

ROOT = Path(__file__).resolve().parents[2]


def _numba_cache_dir(env: dict) -> str:
    """NUMBA_CACHE_DIR as numba sees it in a fresh process that imports analyzer, then numba."""
    code = "import analyzer, numba.core.config as c; print(c.CACHE_DIR)"
    env = {k: v for k, v in {**os.environ, "PYTHONPATH": str(ROOT), **env}.items() if v is not None}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_numba_caches_under_the_analyzer_cache_folder_unless_the_user_chose_a_folder(tmp_path):
    ours = _numba_cache_dir({"ANALYZER_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": None})
    assert Path(ours).parent == tmp_path / "numba" and len(Path(ours).name) == 12
    assert _numba_cache_dir({"ANALYZER_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "x")}) == \
        str(tmp_path / "x")


def test_the_key_changes_with_every_module_of_a_package_with_kernels_and_the_version(monkeypatch, tmp_path):
    key = cache.kernel_key()
    assert key == cache.kernel_key()
    monkeypatch.setattr(analyzer, "__version__", analyzer.__version__ + ".1")
    assert cache.kernel_key() != key
    monkeypatch.undo()
    fake = tmp_path / "analyzer"
    shutil.copytree(Path(analyzer.__file__).parent, fake, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "__file__", str(fake / "core" / "cache.py"))
    assert cache.kernel_key() == key

    def edit(name: str) -> str:
        path = fake / name
        path.write_text(path.read_text() + "\n# edited\n")
        return cache.kernel_key()

    assert edit("cli/root.py") == key  # no kernel in that package
    changed = edit("games/samarkand_sackson/rules.py")  # no numba import, but its constants reach the kernels
    assert changed != key
    assert edit("core/search.py") != changed
