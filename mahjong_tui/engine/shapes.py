"""Winning shapes: splitting concealed tiles into sets and a pair.

Works on 34-slot count arrays. ``is_regular_complete`` is the fast yes/no the engine
asks on every discard; ``regular_splits`` lists every split, for scoring, which must
take the split that pays most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .tiles import Tile


@dataclass(frozen=True, slots=True)
class ConcealedSet:
    """A set formed from concealed tiles: a triplet (刻子) or a sequence (顺子)."""

    triplet: bool
    first: Tile

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile]:
        """The three tiles of the set."""
        f = self.first
        return (f, f, f) if self.triplet else (f, f + 1, f + 2)


@dataclass(frozen=True, slots=True)
class Split:
    """One way of reading concealed tiles as a pair plus sets."""

    pair: Tile
    sets: tuple[ConcealedSet, ...]


@cache
def _suit_sets_only(key: tuple[int, ...], honours: bool) -> bool:
    """Can this one-suit count vector be split entirely into sets?"""
    counts = list(key)
    i = 0
    n = len(counts)
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        if _suit_sets_only(tuple(counts), honours):
            return True
        counts[i] += 3
    if not honours and i + 2 < n and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        return _suit_sets_only(tuple(counts), honours)
    return False


@cache
def _suit_sets_with_pair(key: tuple[int, ...], honours: bool) -> bool:
    """Can this one-suit vector be split into sets plus exactly one pair?"""
    for i, c in enumerate(key):
        if c >= 2:
            rest = list(key)
            rest[i] -= 2
            if _suit_sets_only(tuple(rest), honours):
                return True
    return False


_RANGES = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


def is_regular_complete(counts: Sequence[int]) -> bool:
    """Four-sets-and-a-pair shape (for any 3n+2 tiles): sets plus exactly one pair."""
    pair = False
    for start, size, honours in _RANGES:
        kind = _suit_kind(tuple(counts[start : start + size]), honours)
        if kind == _NEITHER:
            return False
        if kind == _WITH_PAIR:
            if pair:
                return False
            pair = True
    return pair


# what one suit of a hand splits into
_SETS, _WITH_PAIR, _NEITHER = 0, 1, 2


@cache
def _suit_kind(key: tuple[int, ...], honours: bool) -> int:
    """Whether one suit splits into sets only, into sets and one pair, or neither (the sum decides which to try)."""
    rem = sum(key) % 3
    if rem == 0:
        return _SETS if _suit_sets_only(key, honours) else _NEITHER
    if rem == 2:
        return _WITH_PAIR if _suit_sets_with_pair(key, honours) else _NEITHER
    return _NEITHER


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every distinct split of the concealed tiles into one pair plus sets."""
    out: list[Split] = []
    work = list(counts)
    for pair in range(34):
        if work[pair] >= 2:
            work[pair] -= 2
            for sets in _all_set_splits(work, 0):
                out.append(Split(pair, tuple(sets)))
            work[pair] += 2
    return out


def _all_set_splits(work: list[int], start: int) -> list[list[ConcealedSet]]:
    i = start
    while i < 34 and work[i] == 0:
        i += 1
    if i == 34:
        return [[]]
    results: list[list[ConcealedSet]] = []
    if work[i] >= 3:
        work[i] -= 3
        for rest in _all_set_splits(work, i):
            results.append([ConcealedSet(True, i), *rest])
        work[i] += 3
    if i < 27 and i % 9 <= 6 and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        for rest in _all_set_splits(work, i):
            results.append([ConcealedSet(False, i), *rest])
        work[i] += 1
        work[i + 1] += 1
        work[i + 2] += 1
    return results


def is_seven_pairs(counts: Sequence[int], *, quad_is_two_pairs: bool) -> bool:
    """七对: fourteen concealed tiles in seven pairs (a quad as two pairs where allowed)."""
    if sum(counts) != 14:
        return False
    pairs = 0
    for c in counts:
        if c in (1, 3):
            return False
        if c == 4 and not quad_is_two_pairs:
            return False
        pairs += c // 2
    return pairs == 7
