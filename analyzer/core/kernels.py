"""The numba helpers every whole-game engine shares: the kernel decorator, the splitmix64 chance streams and the
chance record.

A game's `game.py` imports these instead of writing its own: `kernel` compiles a helper only kernels call (once for
its signature, cached, no Python wrapper, no allocation); `splitmix(rs, k)` is stream k's next 64 bits (splitmix64:
core/search.mix is its finaliser); `randint(rs, k, n)` draws 0..n-1 from stream k of a game's seeds
(`core/streams.py`: `rs` is one row of its `Chance`); `shuffle` is Fisher-Yates on those draws, `shuffled_range` a
fresh deck 0..n-1 so shuffled; `note1` to `note3` append a row (tag and one to three values) to a chance record
(`rec[0, 0]` counts the rows; a batch run without a record passes one row and nothing is written).  Changing any
of this changes every engine's answers: tests/core/test_engine_answers.py holds them.  core/cache.py hashes this
module into the compiled engines' cache key, so a change here compiles them afresh.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core import cgutils
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

from analyzer.core.search import mix

# numba signatures: S an int64 vector (state, settings, work, stats), U a game's chance streams, R a record or a
# table of int64 rows, UR a table of chance streams (one row a game)
S, U, R, UR = "int64[::1]", "uint64[::1]", "int64[:, ::1]", "uint64[:, ::1]"


def kernel(signature, inline="never", error_model="numpy"):
    """A helper only the kernels call: compiled once for its signature, no Python wrapper, no allocation.
    inline="always" inlines it at numba's IR level into its callers (faster hot loops, longer compiles)."""
    return njit(signature, cache=True, no_cpython_wrapper=True, _nrt=False, error_model=error_model, inline=inline)


@intrinsic
def scratch(typingctx, rows, cols):
    """`scratch(ROWS, COLS)`: work rows for a helper that may not allocate (`_nrt=False`, as the forward model's
    hot functions are): an uninitialised (ROWS, COLS) int64 C array on the calling function's stack, alive until
    it returns (never return it or keep it).  ROWS and COLS must be compile-time constants (module-level ints)."""
    if not (isinstance(rows, types.IntegerLiteral) and isinstance(cols, types.IntegerLiteral)):
        return None
    r, c = rows.literal_value, cols.literal_value
    arrty = types.Array(types.int64, 2, "C")

    def codegen(context, builder, sig, args):
        intp = context.get_value_type(types.intp)
        data = cgutils.alloca_once(builder, context.get_value_type(types.int64), size=r * c, name="scratch")
        ary = make_array(arrty)(context, builder)
        populate_array(ary, data=data, shape=[intp(r), intp(c)], strides=[intp(8 * c), intp(8)], itemsize=intp(8),
                       meminfo=None)
        return ary._getvalue()

    return arrty(rows, cols), codegen


@intrinsic
def rows_of(typingctx, a, at, nrows, ncols):
    """`rows_of(a, at, nrows, ncols)`: a[at:at + nrows * ncols] of an int64 C vector as a (nrows, ncols) C array, a
    view (no copy, no bounds check), without the call into numba's reshape helper that `a[x:y].reshape(...)` pays:
    for a state's tables read at every step."""
    if not (isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C" and a.dtype == types.int64):
        return None
    arrty = types.Array(types.int64, 2, "C")

    def codegen(context, builder, sig, args):
        src = make_array(sig.args[0])(context, builder, args[0])
        at_, r, c = (context.cast(builder, v, t, types.intp) for v, t in zip(args[1:], sig.args[1:]))
        intp = context.get_value_type(types.intp)
        ary = make_array(arrty)(context, builder)
        populate_array(ary, data=builder.gep(src.data, [at_]), shape=[r, c], strides=[builder.mul(c, intp(8)), intp(8)],
                       itemsize=intp(8), meminfo=src.meminfo, parent=src.parent)
        return impl_ret_borrowed(context, builder, arrty, ary._getvalue())

    return arrty(a, at, nrows, ncols), codegen


# splitmix64; compiled for the layouts its callers pass (contiguous or not)
@njit(cache=True, no_cpython_wrapper=True, _nrt=False, error_model="numpy")
def splitmix(rs, k):
    """The next 64 random bits of stream k (advances rs[k]): splitmix64, whose finaliser is core/search.mix."""
    z = mix(rs[k])
    rs[k] += np.uint64(0x9E3779B97F4A7C15)
    return z


@njit(cache=True, no_cpython_wrapper=True, _nrt=False, error_model="numpy")
def randint(rs, k, n):
    """Uniform 0..n-1 from stream k."""
    return np.int64(splitmix(rs, k) % np.uint64(n))


@kernel(f"void({S}, int64, int64, {U}, int64)")
def shuffle(a, at, n, rs, k):
    """Shuffles a[at:at + n] in place on stream k (Fisher-Yates from the top)."""
    for i in range(n - 1, 0, -1):
        j = randint(rs, k, i + 1)
        a[at + i], a[at + j] = a[at + j], a[at + i]


@kernel(f"void({S}, int64, int64, {U}, int64)")
def shuffled_range(a, at, n, rs, k):
    """a[at:at + n] = 0..n-1 in an order shuffled on stream k (`shuffle`): a deck dealt face down."""
    for i in range(n):
        a[at + i] = i
    shuffle(a, at, n, rs, k)


@kernel(f"int64({R})")
def record_row(rec):
    """The next row of a chance record, counted in rec[0, 0]; 0 when there is no record or no room left."""
    if rec.shape[0] > 1:
        n = rec[0, 0] + 1
        if n < rec.shape[0]:
            rec[0, 0] = n
            return n
    return 0


@kernel(f"void({R}, int64, int64)")
def note1(rec, tag, a):
    n = record_row(rec)
    if n:
        rec[n, 0], rec[n, 1] = tag, a


@kernel(f"void({R}, int64, int64, int64)")
def note2(rec, tag, a, b):
    n = record_row(rec)
    if n:
        rec[n, 0], rec[n, 1], rec[n, 2] = tag, a, b


@kernel(f"void({R}, int64, int64, int64, int64)")
def note3(rec, tag, a, b, c):
    n = record_row(rec)
    if n:
        rec[n, 0], rec[n, 1], rec[n, 2], rec[n, 3] = tag, a, b, c
