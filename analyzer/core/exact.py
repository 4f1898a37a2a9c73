"""Exact probability helpers (Fractions) the games' exact answers share: draws without replacement, sums of
independent parts."""
from __future__ import annotations

from fractions import Fraction
from math import comb


def draws(counts: tuple[int, ...], k: int):
    """Every composition (how many of each kind) of k items drawn without replacement from `counts` (items by
    kind), with its probability (multivariate hypergeometric)."""
    total = comb(sum(counts), k)

    def rec(i: int, left: int):
        if i == len(counts) - 1:
            if left <= counts[i]:
                yield (left,), comb(counts[i], left)
            return
        for a in range(min(left, counts[i]) + 1):
            for rest, ways in rec(i + 1, left - a):
                yield (a, *rest), comb(counts[i], a) * ways

    for comp, ways in rec(0, k):
        yield comp, Fraction(ways, total)


def convolve(a: dict, b: dict) -> dict:
    """The distribution of x + y for independent x ~ a and y ~ b ({value: probability})."""
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return out
