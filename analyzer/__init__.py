"""analyzer: Monte Carlo strategy analyzer and odds calculator for board games."""

__version__ = "0.1.0"

from analyzer.core import cache as _cache  # noqa: E402 - after __version__, which the cache key reads

_cache.install()  # numba's cache in the user's cache folder, set just before numba is first imported
