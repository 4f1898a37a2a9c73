"""A first run whose engine compiles says so under a spinner; a cached engine is not compiled again."""
import io
import os
import time

from analyzer.cli import compiling
from analyzer.core import cache, registry


def test_a_module_is_cached_once_numba_wrote_its_index_after_its_last_change(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    source = tmp_path / "engine.py"
    source.write_text("@njit(cache=True)\ndef f(): pass\n")
    assert not compiling._cached(source)
    index = cache.numba_index_folder(source) / "engine.f-1.py311.nbi"
    index.parent.mkdir(parents=True)
    index.write_bytes(b"")
    assert compiling._cached(source)
    assert index.parent.parent == tmp_path / "numba"  # numba's layout: the source's folder name and path hash
    later = time.time() + 10
    os.utime(source, (later, later))  # the source changed since: numba compiles it again
    assert not compiling._cached(source)


def test_the_engines_are_the_modules_numba_caches():
    names = [p.name for p in compiling.engine_sources(registry.game("catan"))]
    assert names == ["afford_kernel.py", "board_kernel.py", "game.py"]
    assert compiling.engine_sources(registry.game("himalaya")) == []


def test_the_spinner_says_what_is_compiling_then_clears_its_line():
    stream = io.StringIO()
    with compiling.Spinner("compiling the Catan engine, first run only", stream=stream):
        time.sleep(0.25)
    text = stream.getvalue()
    assert "compiling the Catan engine, first run only" in text and "(0 s)" in text
    assert text.endswith("\r") and text.rstrip("\r").split("\r")[-1].strip() == ""


def test_a_cached_engine_is_not_played_again(monkeypatch):
    monkeypatch.setattr(compiling, "cold", lambda game: False)
    game = registry.game("catan")
    monkeypatch.setattr(type(game), "full", lambda self: (_ for _ in ()).throw(AssertionError("played")))
    compiling.warm_full_games(game)
