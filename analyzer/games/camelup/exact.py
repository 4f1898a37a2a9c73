"""Exact leg odds: every dice outcome of the rest of the leg, level by level.

Each level expands every state by each die still in the pyramid and each face, then merges
equal states (same variant, board, dice left and camera) and adds up their probabilities:
the memoisation on (board, dice left).  A branch whose race has ended stops and its
probability is booked at once, so leaves are never counted as equally likely.

Several variants of the position run side by side in one pass (`Variant`: other player
tiles, a camera space, extra dice thrown in); that is how `analysis.ev` prices every
desert placement, camera space and boost die at once.

With one to three dice left (and few variants, no grey die, no coins counted) numpy's fixed
cost per call would dominate, so `_leg_small` walks the branches in plain Python instead and
returns the same LegExact.  `race_exact` reads the finished boards through `leaf_words`.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np

from analyzer.games.camelup import sim
from analyzer.games.camelup.state import Position


@dataclass(frozen=True)
class Variant:
    tiles: tuple | None = None  # player tiles on the board (None: the position's)
    camera: int | None = None  # photographer's camera space (None: the position's, 0: none)
    extra_boost: tuple[int, ...] = ()  # boost dice thrown into the pyramid now
    holder: int | None = None  # who holds the camera (None: the position's photographer holder)


_PLAIN = (Variant(),)  # the position itself, one variant


@dataclass
class LegExact:
    rank_probs: np.ndarray  # (variants, camels, ranks): P(camel ends the leg at rank)
    landings: np.ndarray  # (variants, spaces + 1): expected units landing on the tile there
    finish_prob: np.ndarray  # (variants,): P(the race ends during this leg)
    photo_coins: np.ndarray  # (variants,): expected coins of the camera's holder
    leaf_values: np.ndarray | None = None  # (variants, k): expectation of leaf_fn


def leg_exact(position: Position, variants=None, leaf_fn=None, leaf_words: bool = False,
              coins_of: int | None = None, leaf_table=None) -> LegExact:
    """Exact leg outcome for the position, once per variant (default: the position itself).

    `variants` may also be a list of tile layouts (tuples of DesertTile).  `leaf_fn(variant,
    rank)`, given the variant index and (rows, camels) ranks of finished branches, returns
    (rows, k) values whose expectation per variant comes back as `leaf_values`.  With `coins_of`
    (a player), each branch also counts the coins that player earns during the leg (landings on
    their tiles, the camera's pay when they hold it), states with other counts are kept apart, and
    `leaf_fn` gets them as its keyword `coins` (the money floor needs them leaf by leaf); with
    `leaf_words` it is called as `leaf_fn(variant, rank, pos, height)` with the finished
    boards' packed words too (`race_exact` looks the next leg up from them).  `leaf_table`, with one
    variant: the same values as `leaf_fn` as a table the compiled walk reads at each leaf (`exact_kernel._leaf`'s
    (lookup, values)), used where that walk runs."""
    if variants is None and leaf_fn is None and leaf_table is None and coins_of is None:
        fast = _own_leg(position)
        if fast is not None:
            return fast
    rules = position.rules
    variants = _PLAIN if variants is None else [v if isinstance(v, Variant) else Variant(tiles=tuple(v))
                                                for v in variants]
    small = _small_dice(position, variants) if coins_of is None else None
    if small is not None:  # one to three dice: a plain walk beats numpy's cost per call
        return _leg_small(position, variants, small, leaf_fn, leaf_words, leaf_table)
    n_var, n_camels = len(variants), len(rules.camels)
    effects = np.stack([sim.effects_table(position.desert if v.tiles is None else v.tiles) for v in variants])
    camera = np.array([_camera_byte(position, v) for v in variants], dtype=np.uint64)

    extra = sorted({c for v in variants for c in v.extra_boost})
    base = sim.position_dice(position)
    dice = sim.leg_dice(rules, [c for c in position.dice_left if c >= 0], grey=position.grey_die_left,
                        boost=tuple(position.boost_dice_left) + tuple(extra))
    base_mask = (1 << len(base)) - 1
    left = np.array([base_mask | sum(1 << (len(base) + extra.index(c)) for c in v.extra_boost) for v in variants],
                    dtype=np.int64)
    out = _Accumulator(n_var, n_camels, rules, leaf_fn, leaf_words)
    out.coins = coins_of is not None

    pos, height = sim.start_words(position, n_var)
    variant = np.arange(n_var)
    prob = np.ones(n_var)
    camera_on = camera != 0
    coins = np.zeros(n_var, dtype=np.int64)
    own, mine = _coin_tables(position, variants, coins_of)
    over = np.bitwise_count(left) <= rules.dice_left_at_leg_end
    out.book(variant[over], pos[over], height[over], prob[over], coins[over])
    keep = ~over
    variant, pos, height, left, prob, camera_on, coins = (
        a[keep] for a in (variant, pos, height, left, prob, camera_on, coins))

    counts = np.array([len(f) for f in dice.faces], dtype=np.int64)
    steps_of = np.zeros((len(dice), counts.max(initial=1)), dtype=np.uint64)  # slot, face -> step (and grey colour)
    colour_of = np.zeros_like(steps_of)
    for d in range(len(dice)):
        steps_of[d, : counts[d]] = dice.faces[d]
        if dice.camel[d] == sim.GREY:
            colour_of[d, : counts[d]] = dice.colour[d]
    face_in = np.arange(steps_of.shape[1])[None, None, :] < counts[:, None, None]  # (slot, 1, face)
    slot_bits = np.arange(len(dice), dtype=np.int64)[:, None]
    die_camel = np.array(dice.camel, dtype=np.int64)
    while prob.size:
        # every (state, die still in, face): die-major, then state, then face
        die, state, face = np.nonzero((((left[None, :] >> slot_bits) & 1) == 1)[:, :, None] & face_in)
        child_prob = prob[state] / (np.bitwise_count(left[state]) * counts[die])
        child_var = variant[state]
        steps = steps_of[die, face]
        camel = die_camel[die].astype(np.uint64)
        backward = None
        grey = die_camel[die] == sim.GREY
        if grey.any():
            colour = colour_of[die, face]
            mover = sim.crazy_mover(pos[state], height[state], colour, (rules.racing, rules.racing + 1),
                                    rules.racing)
            camel = np.where(grey, mover, camel)
            steps = np.where(grey, np.uint64(0) - steps, steps)
            backward = grey
        child_pos, child_height, target, end, unit = sim.move(
            pos[state], height[state], camel, steps, effects, child_var, backward, want_unit=True)
        out.landed(child_var, target, end, child_prob)
        child_camera = camera_on[state]
        hit = child_camera & (end == camera[child_var])
        if hit.any():  # (no camera, or none filming here: nothing to book)
            out.photo += np.bincount(child_var[hit], weights=child_prob[hit] * np.bitwise_count(unit[hit]),
                                     minlength=n_var)
            child_camera = child_camera & ~hit
        child_coins = coins[state]
        if own is not None:
            landed = end != target
            child_coins = child_coins + np.where(landed, own[child_var, target.astype(np.int64) % sim.TABLE], 0) + \
                np.where(hit & mine[child_var], np.bitwise_count(unit).astype(np.int64), 0)
        child_left = left[state] & ~(1 << die)
        race_over = sim.race_over(end, rules)
        out.finish += np.bincount(child_var[race_over], weights=child_prob[race_over], minlength=n_var)
        done = race_over | (np.bitwise_count(child_left) <= rules.dice_left_at_leg_end)
        out.book(child_var[done], child_pos[done], child_height[done], child_prob[done], child_coins[done])
        go = ~done
        variant, pos, height, left, camera_on, prob, coins = (
            a[go] for a in (child_var, child_pos, child_height, child_left, child_camera, child_prob, child_coins))
        if prob.size:
            first, inverse = _merge(variant, pos, height, left, camera_on, coins, n_camels)
            variant, pos, height, left, camera_on, coins = (
                a[first] for a in (variant, pos, height, left, camera_on, coins))
            prob = np.bincount(inverse, weights=prob, minlength=first.size)
    return out.result()


def _camera_byte(position: Position, variant: Variant) -> int:
    space = variant.camera if variant.camera is not None else (position.photographer or (0, 0))[0]
    return space + sim.BIAS if space else 0


def _coin_tables(position: Position, variants, player):
    """(coins a landing pays `player` per variant and board byte, whether `player` holds each variant's camera);
    (None, None) when no player's coins are counted."""
    if player is None:
        return None, None
    own = np.zeros((len(variants), sim.TABLE), dtype=np.int64)
    mine = np.zeros(len(variants), dtype=bool)
    holder = position.photographer[1] if position.photographer else None
    for v, variant in enumerate(variants):
        for tile in position.desert if variant.tiles is None else variant.tiles:
            if tile.owner == player:
                own[v, tile.space + sim.BIAS] = position.rules.desert_tile_pays
        mine[v] = (variant.holder if variant.holder is not None else holder) == player
    return own, mine


def _merge(variant, pos, height, left, camera_on, coins=None, camels: int = 8):
    """Merge equal states, adding their probabilities: returns (representative rows, inverse).

    Every field of a state is in its key, so any row of a group represents it: the sort need not be stable
    (numpy's quicksort of uint64 is several times faster than the mergesort `np.unique` needs for
    `return_index`), and the probabilities are still summed in the rows' order (`np.bincount`)."""
    board = np.zeros(pos.shape, dtype=np.uint64)  # 9 bits a camel: 6 of space, 3 of height
    for camel in range(min(camels, 8)):
        shift = np.uint64(8 * camel)
        field = (((pos >> shift) & np.uint64(63)) << np.uint64(3)) | ((height >> shift) & np.uint64(7))
        if camel < 7:
            board |= field << np.uint64(9 * camel)
        elif field.any():
            raise ValueError("more than 7 camels")
    key = variant
    if coins is not None and coins.any():  # states that differ in the coins counted are kept apart
        key = variant.astype(np.int64) * (int(coins.max()) + 1) + coins
    rest = (key.astype(np.uint64) << np.uint64(9)) | (left.astype(np.uint64) << np.uint64(1)) | camera_on
    if board.max(initial=0) < 1 << 45 and rest.max(initial=0) < 1 << 19:  # five camels: one word
        word = board | (rest << np.uint64(45))
        order = np.argsort(word)
        word = word[order]
        new = np.empty(order.size, dtype=bool)
        new[:1] = True
        np.not_equal(word[1:], word[:-1], out=new[1:])
    else:
        order = np.lexsort((rest, board))
        new = np.ones(order.size, dtype=bool)
        new[1:] = (board[order][1:] != board[order][:-1]) | (rest[order][1:] != rest[order][:-1])
    inverse = np.empty(order.size, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return order[new], inverse


class _Accumulator:
    def __init__(self, n_var, n_camels, rules, leaf_fn, leaf_words=False):
        self.rules, self.n_camels, self.leaf_fn, self.leaf_words = rules, n_camels, leaf_fn, leaf_words
        self.rank_probs = np.zeros((n_var, n_camels, n_camels))
        self.landings = np.zeros((n_var, sim.TABLE))
        self.finish = np.zeros(n_var)
        self.photo = np.zeros(n_var)
        self.leaf = None
        self.coins = False  # leaf_fn takes the coins of `coins_of` (leg_exact)

    def landed(self, variant, target, end, prob):
        hit = end != target
        self.landings += np.bincount(variant[hit] * sim.TABLE + target[hit].astype(np.int64), weights=prob[hit],
                                     minlength=self.landings.size).reshape(self.landings.shape)

    def book(self, variant, pos, height, prob, coins=None):
        """Add finished branches' probabilities to the rank table (and leaf values)."""
        if prob.size == 0:
            return
        n = self.n_camels
        racing_bytes = np.uint64((1 << (8 * self.rules.racing)) - 1) & sim.HI
        ranks, cells, weights = [], [], []
        for camel in range(self.rules.racing):
            shift = np.uint64(8 * camel)
            space, level = (pos >> shift) & sim._BYTE, (height >> shift) & sim._BYTE
            ahead = sim.bytes_at_least(pos, space + sim._ONE) | (
                sim.bytes_equal(pos, space) & sim.bytes_at_least(height, level + sim._ONE))
            rank = np.bitwise_count(ahead & racing_bytes).astype(np.int64)
            present = space != sim._ZERO
            cells.append((variant[present] * n + camel) * n + rank[present])
            weights.append(prob[present])
            ranks.append(rank)
        self.rank_probs += np.bincount(np.concatenate(cells), weights=np.concatenate(weights),
                                       minlength=self.rank_probs.size).reshape(self.rank_probs.shape)
        if self.leaf_fn is not None:
            rank = np.stack(ranks, axis=1)
            extra = {"coins": coins} if self.coins else {}
            values = (self.leaf_fn(variant, rank, pos, height, **extra) if self.leaf_words
                      else self.leaf_fn(variant, rank, **extra))
            values = np.asarray(values, dtype=float)
            if self.leaf is None:
                self.leaf = np.zeros((self.finish.size, values.shape[1]))
            if self.finish.size == 1:  # one variant: a dot product
                self.leaf[0] += prob @ values
                return
            values = values * prob[:, None]
            order = np.argsort(variant, kind="stable")  # sum the rows of each variant in one pass
            groups, starts = np.unique(variant[order], return_index=True)
            self.leaf[groups] += np.add.reduceat(values[order], starts, axis=0)

    def result(self) -> LegExact:
        spaces = self.rules.track_length + 1
        return LegExact(self.rank_probs, self.landings[:, sim.BIAS: sim.BIAS + spaces], self.finish, self.photo,
                        self.leaf)


# -- the small-dice path: a few dice left, few variants --------------------------------------------
# numpy's fixed cost per call dominates a leg of one or two dice (3 or 18 leaves), so there the
# branches are walked one by one in plain Python, on a space and a height per camel; the result
# is the same LegExact (tests/games/camelup/test_exact_small.py holds the two paths equal).

RANK_BASE = sim.RANK_BASE
SMALL_WORK = 400  # moves (summed over the variants) up to which the plain-Python walk is used


def _small_dice(position: Position, variants):
    """Each variant's dice, (camel, faces) per die in the pyramid, when the plain walk is cheap
    enough (at most SMALL_WORK moves over all variants); else None."""
    boost_left = position.boost_dice_left
    if position.grey_die_left or len(position.dice_left) + len(boost_left) > 3:
        return None
    rules = position.rules
    faces, boost = rules.die_faces, rules.boost_faces
    base = [(c, faces) for c in position.dice_left if c >= 0]
    if boost_left:
        base += [(c, boost) for c in boost_left]
    keep, width = rules.dice_left_at_leg_end, max(len(faces), len(boost))
    out, total = [], 0
    for v in variants:
        dice = base + [(c, boost) for c in v.extra_boost] if v.extra_boost else base
        if len(dice) > 3:
            return None
        branches = 1
        for left in range(len(dice), keep, -1):
            branches *= left * width
            total += branches
        out.append(dice)
    return out if total <= SMALL_WORK else None


def _leg_small(position: Position, variants, all_dice, leaf_fn, leaf_words, leaf_table=None) -> LegExact:
    """The walk of every variant: compiled (`exact_kernel`) where it pays, else the plain `_walk`; both add the
    same terms in the same order into (variant, camel, rank) probabilities and per variant P(the race ends), the
    camera holder's coins and the landings per space."""
    camera = (position.photographer or (0, 0))[0]
    kernel = small_kernel()
    if kernel is not None and leaf_table is not None and len(variants) == 1:
        rank, rest, leaf = _compiled(kernel, position, variants, all_dice, 2, camera, leaf_table)
        return LegExact(rank, rest[:, 2:], rest[:, 0], rest[:, 1], leaf[None])
    if kernel is not None:
        rank, rest, leaves = _compiled(kernel, position, variants, all_dice, int(leaf_fn is not None), camera)
    else:
        rank, rest, leaves = _plain(position, variants, all_dice, leaf_fn is not None, camera)
    leaf = None
    if leaves is not None and leaves[0].size:
        leaf = _leaf_values(leaves, len(variants), position.rules.racing, leaf_fn, leaf_words)
    return LegExact(rank, rest[:, 2:], rest[:, 0], rest[:, 1], leaf)


COMPILED_AFTER = 1000  # small legs a process walks in plain Python before it loads numba for the compiled walk
_small = {"asked": 0, "kernel": None}  # kernel: None undecided, False the plain walk always (tests)


def small_kernel():
    """The compiled walk (`exact_kernel.leg`) where it pays: once numba is loaded anyway (an engine, the race
    kernel) or the process has asked COMPILED_AFTER small legs (a table session, a search).  Loading numba and
    the cached kernel takes about 0.3 s, which a one-shot answer would never win back; None: walk in Python."""
    kernel = _small["kernel"]
    if kernel is None:
        import sys

        _small["asked"] += 1
        if "numba" not in sys.modules and _small["asked"] <= COMPILED_AFTER:
            return None
        from analyzer.games.camelup.exact_kernel import leg

        kernel = _small["kernel"] = leg
    return kernel or None


_NO_LEAVES = (np.zeros((0, 1), dtype=np.int64), np.zeros(0))
_NO_TABLE = (np.zeros(0, dtype=np.int64), np.zeros(0))
_HEADS: dict = {}  # id(rules) -> (rules, (spec header, a die's faces, the walk's moves for 0..3 dice, a row's width))


def _head(rules) -> tuple:
    """What a position's spec takes from its rules alone, once per rule set object (by identity: hashing a RuleSet
    costs more than the walk of one die; the entry keeps the object, so its id stays its own)."""
    entry = _HEADS.get(id(rules))
    if entry is None:
        if len(_HEADS) >= 64:
            _HEADS.clear()
        faces, work = rules.die_faces, []
        width = max(len(faces), len(rules.boost_faces))
        for k in range(4):  # `_small_dice`'s work count for k plain dice
            branches, total = 1, 0
            for left in range(k, rules.dice_left_at_leg_end, -1):
                branches *= left * width
                total += branches
            work.append(total)
        entry = _HEADS[id(rules)] = (rules, ((len(rules.camels), rules.racing, rules.track_length,
                                              rules.dice_left_at_leg_end), (len(faces), *faces), tuple(work),
                                             rules.track_length + 3))
    return entry[1]


def own_spec(position: Position, mode: int):
    """`_compiled`'s spec for the position alone (its own dice, one variant), leaves as `mode` says, with the Python
    around it cut to what this case needs, and (camels, a rest row's width, camels on the track); None where that is
    not the case (or a value does not fit a byte: a grey die's camel) or the compiled walk is not loaded."""
    if not _small["kernel"]:
        return None
    dice = position.dice_left
    if position.grey_die_left or position.boost_dice_left:
        return None
    rules = position.rules
    entry = _HEADS.get(id(rules))
    header, faces, work, row = _head(rules) if entry is None else entry[1]
    nd = len(dice)
    if not 0 < nd <= 3 or work[nd] > SMALL_WORK:
        return None
    stacks = position.stacks
    spec = [*header, len(stacks), mode]
    for space, stack in stacks.items():  # append and extend: no tuple made per stack, die or tile
        spec.append(space)
        spec.append(len(stack))
        spec.extend(stack)
    on_track = len(spec) - len(header) - 2 - 2 * len(stacks)
    photo = position.photographer
    spec.append(photo[0] if photo else 0)
    spec.append(nd)
    for camel in dice:
        spec.append(camel)
        spec.extend(faces)
    desert = position.desert
    spec.append(len(desert))
    for tile in desert:
        spec.append(tile.space)
        spec.append(tile.push + 1)
    try:
        return bytes(spec), header[0], row, on_track
    except ValueError:
        return None


_LEAN: list = []  # exact_kernel's entries on fewer arguments (own_leg, leaf_sums), once the compiled walk is loaded


def _lean() -> list:
    """exact_kernel's `own_leg` and `leaf_sums`, each as its compiled wrapper where numba exposes it: the dispatcher
    types every argument first (0.1-0.15 us, a twentieth of a one-die leg), and here they are always of the one
    signature each was compiled for (a bytes spec and C-contiguous float64 / int64 arrays made by this module or
    `RaceTable.leaf_table`; the wrapper still refuses another type, TypeError)."""
    if not _LEAN:
        from analyzer.games.camelup import exact_kernel

        for kernel in (exact_kernel.own_leg, exact_kernel.leaf_sums):
            compiled = kernel.overloads.get(kernel.signatures[0]) if len(kernel.signatures) == 1 else None
            _LEAN.append(getattr(compiled, "entry_point", None) or kernel)
    return _LEAN


def _own_leg(position: Position) -> LegExact | None:
    """`leg_exact(position)` alone (no leaves, no coins) on the compiled walk, once it is loaded (issue 56 item 5:
    the table session and the search player ask it most); None where `own_spec` has none."""
    got = own_spec(position, 0)
    if got is None:
        return None
    spec, n, row, _ = got
    rank, rest = np.zeros((1, n, n)), np.zeros((1, row))
    (_LEAN or _lean())[0](spec, rank, rest)
    return _OwnLeg(rank, rest)


class _OwnLeg(LegExact):
    """A position's own leg from the compiled walk (`_own_leg`): its landings, P(the race ends) and the camera's coins
    are views of the walk's `rest` row, made when read (the table session and the web page read the ranks alone,
    and the three views cost a one-die leg a tenth of its time)."""

    def __init__(self, rank_probs: np.ndarray, rest: np.ndarray):
        self.rank_probs, self.rest, self.leaf_values = rank_probs, rest, None

    landings = property(lambda self: self.rest[:, 2:])
    finish_prob = property(lambda self: self.rest[:, 0])
    photo_coins = property(lambda self: self.rest[:, 1])


def own_leaf_values(position: Position, table) -> np.ndarray | None:
    """`leg_exact(position, leaf_table=table, ...).leaf_values[0]` alone, on the compiled walk once it is loaded
    (the exact race queries with a few dice left); None where `own_spec` has none."""
    got = own_spec(position, 2)
    return None if got is None else leaf_sums(got[0], table, int(table[0][2]))


def leaf_sums(spec: bytes, table, k: int) -> np.ndarray:
    """The values of `table` (`exact_kernel._leaf`'s (lookup, values), for `k` camels) summed over the leaves of
    `own_spec`'s spec in mode 2, in a new array (win, then lose, of the table's camels)."""
    out = np.zeros(2 * k)
    (_LEAN or _lean())[1](spec, out, *table)
    return out


def _compiled(kernel, position, variants, all_dice, mode, camera, table=_NO_TABLE):
    """(rank, rest, leaves) from the compiled walk, leaves as `exact_kernel.leg`'s mode says (0: None, 1: (variant,
    spaces, heights, probabilities), 2: the values looked up in `table` and summed); its input is one bytes
    object (exact_kernel's `spec`)."""
    rules, stacks = position.rules, position.stacks
    n, row = len(rules.camels), rules.track_length + 1
    spec = [n, rules.racing, rules.track_length, rules.dice_left_at_leg_end, len(stacks), mode]
    for space, stack in stacks.items():
        spec += (space, len(stack), *stack)
    for variant, dice in zip(variants, all_dice):
        spec += (camera if variant.camera is None else variant.camera, len(dice))
        for camel, faces in dice:
            spec += (camel, len(faces), *faces)
        desert = position.desert if variant.tiles is None else variant.tiles
        spec.append(len(desert))
        for tile in desert:
            spec += (tile.space, tile.push + 1)
    rank, rest = np.zeros((len(variants), n, n)), np.zeros((len(variants), row + 2))
    if mode == 2:
        out = np.zeros(2 * table[0][2])
        kernel(bytes(spec), rank, rest, _NO_LEAVES[0], out, *table)
        return rank, rest, out
    room = SMALL_WORK + len(variants)  # a leaf per move at most, or the board itself
    board, prob = (np.empty((room, 1 + 2 * n), dtype=np.int64), np.empty(room)) if mode else _NO_LEAVES
    count = kernel(bytes(spec), rank, rest, board, prob, *table)
    leaves = (board[:count, 0], board[:count, 1: n + 1], board[:count, n + 1:], prob[:count]) if mode else None
    return rank, rest, leaves


def _plain(position, variants, all_dice, want, camera):
    """(rank, rest, leaves) from the plain walk, `_walk`, into one flat list of sums."""
    rules = position.rules
    n_var, n, racing = len(variants), len(rules.camels), rules.racing
    length, keep = rules.track_length, rules.dice_left_at_leg_end
    space0, order0 = [0] * n, []
    stacks = position.stacks
    for s in sorted(stacks):
        order0 += stacks[s]
        for camel in stacks[s]:
            space0[camel] = s
    nn, row = n * n, length + 3
    acc = [0.0] * (n_var * (nn + row))
    leaves = [] if want else None  # (variant, order, spaces, prob) of finished branches
    ranked = racing if racing < n else None  # crazy camels (numbered from `racing`) have no rank
    for v, variant in enumerate(variants):
        desert = position.desert if variant.tiles is None else variant.tiles
        tiles = {t.space: t.push for t in desert} if desert else None
        here = camera if variant.camera is None else variant.camera
        finish = n_var * nn + v * row
        into = (acc, v * nn, n, ranked, finish, finish + 1, finish + 2, tiles, here, length, keep, leaves, v)
        if len(all_dice[v]) > keep:
            _walk(into, order0, space0, all_dice[v], 1.0, bool(here))
            continue
        ranks = order0 if ranked is None else [c for c in order0 if c < racing]
        for r, c in enumerate(reversed(ranks), v * nn):
            acc[r + c * n] += 1.0
        if want:
            leaves.append((v, order0, space0, 1.0))
    flat = np.fromiter(acc, float, len(acc))
    return (flat[: n_var * nn].reshape(n_var, n, n), flat[n_var * nn:].reshape(n_var, row),
            _leaf_arrays(leaves, n) if leaves else None)


def _leaf_arrays(leaves, n):
    """The plain walk's leaves as (variant, spaces, heights, probabilities) arrays."""
    heights = []
    for _, order, spaces, _ in leaves:
        h, below, at = [0] * n, 0, None
        for c in order:
            below = below + 1 if spaces[c] == at else 0
            h[c], at = below, spaces[c]
        heights.append(h)
    return (np.array([x[0] for x in leaves], dtype=np.int64), np.array([x[2] for x in leaves], dtype=np.int64),
            np.array(heights, dtype=np.int64).reshape(-1, n), np.array([x[3] for x in leaves]))


def _leaf_values(leaves, n_var, racing, leaf_fn, leaf_words):
    """(variants, k): the expectation of leaf_fn over the finished branches."""
    variant, space, height, prob = leaves
    present = space[:, :racing] > 0
    key = np.where(present, space[:, :racing] * sim.RANK_BASE + height[:, :racing], -1)
    # as the vectorised ranking: racing camels ahead, an absent camel behind every present one
    ranks = ((key[:, None, :] > key[:, :, None]) & present[:, None, :]).sum(2)
    if leaf_words:
        pos = sim.pack(np.where(space > 0, space + sim.BIAS, 0))
        values = leaf_fn(variant, ranks, pos, sim.pack(height))
    else:
        values = leaf_fn(variant, ranks)
    values = np.asarray(values, dtype=float) * prob[:, None]
    leaf = np.zeros((n_var, values.shape[1]))
    np.add.at(leaf, variant, values)
    return leaf


def _walk(into, order, space, dice, prob, camera_on):
    """Every roll of the rest of the leg from one board, booked into `into`.  A board is `order`, the
    camels on the track from the rearmost (the bottom of the rearmost stack) to the leader, and
    `space` per camel: a camel's unit is a run of `order` (it and what stands on its space after it),
    a move cuts that run out and puts it back after every camel on spaces up to its end space (on
    top), or before the camels on the end space (a mirage: under), and the leg ranks are `order`
    read backwards."""
    acc, base, n, ranked, finish, photo, land, tiles, camera, length, keep, leaves, v = into
    nd = len(dice)
    leaf = nd - 1 <= keep  # the children end the leg
    for i in range(nd):
        camel, faces = dice[i]
        rest = None if leaf else dice[:i] + dice[i + 1:]
        share = prob / (nd * len(faces))
        start = space[camel]
        a = order.index(camel)
        b = a + 1
        while b < len(order) and space[order[b]] == start:
            b += 1
        unit, others = order[a:b], order[:a] + order[b:]
        spaces = [space[c] for c in others]
        for steps in faces:
            target = start + steps
            push = tiles.get(target, 0) if tiles else 0
            end = target + push
            at = bisect_left(spaces, end) if push < 0 else bisect_right(spaces, end)
            child = others[:at] + unit + others[at:]
            if push:
                acc[land + target] += share
            on_camera = camera_on
            if camera_on and end == camera:
                acc[photo] += share * (b - a)
                on_camera = False
            done = leaf or end > length
            if done:
                if end > length:
                    acc[finish] += share
                r = base
                for c in reversed(child):  # the leader first
                    if ranked is None or c < ranked:
                        acc[r + c * n] += share
                        r += 1
                if leaves is None:
                    continue
            child_space = space[:]
            for c in unit:
                child_space[c] = end
            if done:
                leaves.append((v, child, child_space, share))
            else:
                _walk(into, child, child_space, rest, share, on_camera)
