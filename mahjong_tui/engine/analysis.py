"""Hand analysis shared by the bots, the hints and the engine: shanten, waits, acceptance.

Shanten (向听) is exact: the fewest tiles the hand must still draw, each exchanged for one
of its own, to hold a winning shape, minus one. So -1 is complete, 0 is ready (听牌).
No kind is ever counted more than four times, which is what makes ``1111m`` unable to
wait on a fifth ``1m``. Shanten sees the concealed counts only (as the ``mahjong``
package does); ``waits`` and ``acceptance`` also leave out a tile whose four copies are
all in the hand and the player's melds, when the melds are given as Meld objects.

Speed comes from tables, not searches. Each numbered suit's nine counts (a base-5 key)
map to a vector of "tiles still needed for m sets (m = 0..4) with no pair / any pair /
a 2-5-8 pair"; the 405,350 suit states share a few hundred vectors, shipped in
``shanten_table.json`` (built by ``scripts/build_shanten_table.py``). Honours can only
form triplets and pairs, so their vector is computed directly. Vectors are interned to
small ids; combining two of them is a min-plus convolution memoised on the id pair. A
hand is two such combinations (万+筒, 条+honours) and one last memoised step, so a call is
a handful of dict lookups. Only a few hundred vectors and tens of thousands of id pairs
ever occur, so the memos stay small.

Counts are 34-slot arrays (``tiles.counts_of``). ``melds`` is either the player's melds
or their number; a bare number says nothing about what the melds hold, so the shapes that
depend on it (碰碰胡, 清一色, 将将胡, 乱风向) are then only considered when it is 0.
"""

from __future__ import annotations

import base64
import json
import lzma
import sys
import threading
import warnings
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import add, itemgetter
from pathlib import Path
from typing import NamedTuple

from .melds import Meld, MeldKind

__all__ = [
    "CHANGSHA",
    "SHANGHAI",
    "DiscardOption",
    "acceptance",
    "discard_options",
    "is_ready",
    "regular_waits",
    "shanten",
    "shanten_changsha",
    "shanten_regular",
    "shanten_seven_pairs",
    "shanten_shanghai",
    "waits",
]

SHANGHAI = "shanghai"
CHANGSHA = "changsha"

TABLE_FORMAT = 1
# Column 3*m + kind of a suit vector: m sets, kind 0 = no pair, 1 = any pair, 2 = a 2/5/8 pair.
TABLE_COLUMNS: tuple[tuple[int, int], ...] = tuple((m, kind) for m in range(5) for kind in range(3))
TABLE_PATH = Path(__file__).with_name("shanten_table.json")

_INF = 99  # "cannot be built"; sums of a few stay far below any real count
_POW5 = tuple(5**i for i in range(9))
_MAX_SUIT_TILES = 14
_IS_258 = tuple(t < 27 and t % 9 in (1, 4, 7) for t in range(34))
_SUITED_KINDS = 27
_SHIFT = 20  # id pairs are packed as (a << _SHIFT) | b for the combination memo
_MASK = (1 << _SHIFT) - 1


# ---------------------------------------------------------------------------
# Vector registry: every suit, honour and combined vector gets a small id.

_VECS: list[tuple[int, ...]] = []
_VEC_ID: dict[tuple[int, ...], int] = {}
# Per id and per number of sets M still to build, the vector laid out so that
# min(map(add, left, right)) is the best split of M sets and one pair between two parts.
_LEFT_ANY: list[tuple[tuple[int, ...], ...]] = []
_RIGHT_ANY: list[tuple[tuple[int, ...], ...]] = []
_LEFT_258: list[tuple[tuple[int, ...], ...]] = []
_RIGHT_258: list[tuple[tuple[int, ...], ...]] = []


def _left(v: tuple[int, ...], m_sets: int, kind: int) -> tuple[int, ...]:
    pair_here = tuple(v[3 * m + kind] for m in range(m_sets + 1))
    no_pair = tuple(v[3 * m] for m in range(m_sets + 1))
    return pair_here + no_pair


def _right(v: tuple[int, ...], m_sets: int, kind: int) -> tuple[int, ...]:
    no_pair = tuple(v[3 * (m_sets - m)] for m in range(m_sets + 1))
    pair_here = tuple(v[3 * (m_sets - m) + kind] for m in range(m_sets + 1))
    return no_pair + pair_here


# Bots may think in worker threads; ids must stay in step with the lists they index.
_INTERN_LOCK = threading.Lock()


def _intern(vec: tuple[int, ...]) -> int:
    vid = _VEC_ID.get(vec)
    if vid is not None:
        return vid
    with _INTERN_LOCK:
        vid = _VEC_ID.get(vec)
        if vid is None:
            vid = len(_VECS)
            if vid > _MASK:
                raise RuntimeError("too many distinct hand vectors")
            _LEFT_ANY.append(tuple(_left(vec, m, 1) for m in range(5)))
            _RIGHT_ANY.append(tuple(_right(vec, m, 1) for m in range(5)))
            _LEFT_258.append(tuple(_left(vec, m, 2) for m in range(5)))
            _RIGHT_258.append(tuple(_right(vec, m, 2) for m in range(5)))
            _VECS.append(vec)
            # published last: whoever finds the id finds every list filled
            _VEC_ID[vec] = vid
    return vid


def _convolution_plan() -> tuple[itemgetter[tuple[int, ...]], itemgetter[tuple[int, ...]], tuple[slice, ...]]:
    """Operand positions of every sum the convolution compares, grouped by output column."""
    left: list[int] = []
    right: list[int] = []
    spans: list[slice] = []
    for m, kind in TABLE_COLUMNS:
        start = len(left)
        for i in range(m + 1):
            a, b = 3 * i, 3 * (m - i)
            if kind == 0:
                left.append(a)
                right.append(b)
            else:
                # the pair sits in one part or the other
                left += (a + kind, a)
                right += (b, b + kind)
        spans.append(slice(start, len(left)))
    return itemgetter(*left), itemgetter(*right), tuple(spans)


_PLAN_LEFT, _PLAN_RIGHT, _PLAN_SLICES = _convolution_plan()


def _combine(va: tuple[int, ...], vb: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus convolution of two parts of a hand: sets add up, at most one pair."""
    sums = list(map(add, _PLAN_LEFT(va), _PLAN_RIGHT(vb)))
    out = tuple(map(min, map(sums.__getitem__, _PLAN_SLICES)))
    if max(out) > _INF:
        # two impossible parts stay just impossible, so equal vectors intern to one id
        out = tuple(min(x, _INF) for x in out)
    return out


# ---------------------------------------------------------------------------
# The suit table.

_table_ids: Sequence[int] | None = None
_table_vectors: list[tuple[int, ...]] = []
_table_tried = False
_TABLE_LOCK = threading.Lock()


def _load_table() -> None:
    global _table_tried
    with _TABLE_LOCK:
        if not _table_tried:
            _read_table()
            _table_tried = True


def _read_table() -> None:
    global _table_ids
    try:
        doc = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
        if doc["format"] != TABLE_FORMAT or [tuple(c) for c in doc["columns"]] != list(TABLE_COLUMNS):
            raise ValueError("table layout differs from this module")
        raw = lzma.decompress(base64.b64decode(doc["ids"]))
        if doc["id_bytes"] == 1:
            ids: Sequence[int] = raw
        else:
            arr = array("H")
            arr.frombytes(raw)
            if sys.byteorder == "big":
                arr.byteswap()
            ids = arr
        if len(ids) != 5**9:
            raise ValueError("table has the wrong size")
        _table_vectors[:] = [tuple(v) for v in doc["vectors"]]
        _table_ids = ids
    except (OSError, ValueError, KeyError, TypeError, lzma.LZMAError) as exc:
        # Still correct without the file, only slower: each new suit state is solved on its own.
        warnings.warn(
            f"shanten table unavailable ({exc}); run scripts/build_shanten_table.py",
            RuntimeWarning,
            stacklevel=4,
        )


def _suit_vector_exact(counts: Sequence[int]) -> tuple[int, ...]:
    """Tiles needed per table column for one suit's nine counts, by dynamic programming.

    The reference the shipped table is checked against. Walks the nine ranks carrying the
    sequences started one and two ranks back; a rank's target count (sequences through it,
    a triplet, a pair) may not exceed four.
    """
    # state: (sequences started at the previous rank, started two ranks back, sets, pair kind)
    # pair kind: 0 none, 1 a pair of another rank, 2 a pair of 2, 5 or 8
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for rank in range(9):
        have = counts[rank]
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (s1, s2, sets, pk), cost in states.items():
            carry = s1 + s2
            max_new = 4 - carry if rank <= 6 else 0
            for k in range(max_new + 1):
                for trip in (0, 1):
                    for pair in (0, 1) if pk == 0 else (0,):
                        need = carry + k + 3 * trip + 2 * pair
                        total_sets = sets + k + trip
                        if need > 4 or total_sets > 4:
                            continue
                        pk2 = (2 if rank in (1, 4, 7) else 1) if pair else pk
                        key = (k, s1, total_sets, pk2)
                        value = cost + max(0, need - have)
                        if value < nxt.get(key, _INF):
                            nxt[key] = value
        states = nxt
    out = [_INF] * len(TABLE_COLUMNS)
    for (_, _, sets, pk), cost in states.items():
        cols = (3 * sets,) if pk == 0 else (3 * sets + 1, 3 * sets + 2) if pk == 2 else (3 * sets + 1,)
        for col in cols:
            out[col] = min(out[col], cost)
    return tuple(out)


def _honour_vector(counts: Sequence[int]) -> tuple[int, ...]:
    """Tiles needed per table column for the seven honour counts (triplets and pairs only)."""
    trip = [max(0, 3 - c) for c in counts]
    out: list[int] = []
    for m in range(5):
        none = sum(sorted(trip)[:m])
        any_pair = _INF
        for j, c in enumerate(counts):
            rest = sorted(trip[:j] + trip[j + 1 :])
            if m <= len(rest):
                any_pair = min(any_pair, max(0, 2 - c) + sum(rest[:m]))
        out += (none, any_pair, _INF)
    return tuple(out)


class _SuitByKey(dict[int, int]):
    """Base-5 key of a suit → vector id, filled from the table on first use."""

    def __missing__(self, key: int) -> int:
        if not _table_tried:
            _load_table()
        digits = [key // p % 5 for p in _POW5]
        if sum(digits) > _MAX_SUIT_TILES:
            raise ValueError(f"more than {_MAX_SUIT_TILES} tiles of one suit: {digits}")
        if _table_ids is not None:
            vec = _table_vectors[_table_ids[key]]
        else:
            vec = _suit_vector_exact(digits)
        vid = self[key] = _intern(vec)
        return vid


class _SuitByBytes(dict[bytes, int]):
    """Nine counts as bytes → vector id; the fast path of a one-off call."""

    def __missing__(self, key: bytes) -> int:
        if len(key) != 9 or max(key) > 4 or sum(key) > _MAX_SUIT_TILES:
            raise ValueError(f"not a hand's suit counts: {list(key)}")
        vid = self[key] = _SUIT_BY_KEY[sum(c * p for c, p in zip(key, _POW5, strict=True))]
        return vid


class _HonourByKey(dict[int, int]):
    """Base-5 key of the seven honour counts → vector id."""

    def __missing__(self, key: int) -> int:
        vid = self[key] = _intern(_honour_vector([key // p % 5 for p in _POW5[:7]]))
        return vid


class _HonourByBytes(dict[bytes, int]):
    """Seven honour counts as bytes → vector id."""

    def __missing__(self, key: bytes) -> int:
        if len(key) != 7 or max(key) > 4:
            raise ValueError(f"not a hand's honour counts: {list(key)}")
        vid = self[key] = _HONOUR_BY_KEY[sum(c * p for c, p in zip(key, _POW5, strict=False))]
        return vid


class _Combined(dict[int, int]):
    """(a << _SHIFT) | b → id of the combination of vectors a and b."""

    def __missing__(self, key: int) -> int:
        vid = self[key] = _intern(_combine(_VECS[key >> _SHIFT], _VECS[key & _MASK]))
        return vid


class _Final(dict[int, tuple[int, ...]]):
    """(left << _SHIFT) | right → tiles needed for M = 0..4 sets and one pair over both parts.

    Only a few tens of thousands of id pairs occur even over a million random hands, so a
    lookup here replaces the convolution's last step on nearly every call.
    """

    def __init__(self, kind: int) -> None:
        super().__init__()
        self.left_arr = _LEFT_ANY if kind == 1 else _LEFT_258
        self.right_arr = _RIGHT_ANY if kind == 1 else _RIGHT_258

    def __missing__(self, key: int) -> tuple[int, ...]:
        lv, rv = self.left_arr[key >> _SHIFT], self.right_arr[key & _MASK]
        out = self[key] = tuple(map(min, map(map, (add,) * 5, lv, rv)))
        return out


class _Draws(dict[int, tuple[tuple[int, int], ...]]):
    """Base-5 key of a part → (rank, id after drawing that rank) for every rank held < 4 times."""

    def __init__(self, ranks: int, ids: dict[int, int]) -> None:
        super().__init__()
        self.ranks = ranks
        self.ids = ids

    def __missing__(self, key: int) -> tuple[tuple[int, int], ...]:
        out = self[key] = tuple((r, self.ids[key + _POW5[r]]) for r in range(self.ranks) if key // _POW5[r] % 5 < 4)
        return out


_SUIT_BY_KEY = _SuitByKey()
_SUIT_BY_BYTES = _SuitByBytes()
_HONOUR_BY_KEY = _HonourByKey()
_HONOUR_BY_BYTES = _HonourByBytes()
_COMBINED = _Combined()
_FINAL_ANY = _Final(1)
_FINAL_258 = _Final(2)
_SUIT_DRAWS = _Draws(9, _SUIT_BY_KEY)
_HONOUR_DRAWS = _Draws(7, _HONOUR_BY_KEY)


# ---------------------------------------------------------------------------
# Melds.


class _MeldInfo(NamedTuple):
    count: int
    no_chi: bool  # every meld a triplet or quad: 碰碰胡 / 将将胡 still possible
    all_honour: bool  # every meld honours: 乱风向 still possible
    all_258: bool  # every meld a triplet/quad of 2, 5 or 8: 将将胡 still possible
    flush_suits: int  # bit mask of the suits a one-suit hand (清一色) can still be
    tiles: tuple[int, ...]  # 34 counts of the tiles in the melds


@cache
def _info_for_count(count: int) -> _MeldInfo:
    if not 0 <= count <= 4:
        raise ValueError(f"a hand has 0 to 4 melds, not {count}")
    known = count == 0
    return _MeldInfo(count, known, known, known, 0b111 if known else 0, (0,) * 34)


@lru_cache(maxsize=4096)
def _info_for_melds(melds: tuple[Meld, ...]) -> _MeldInfo:
    if len(melds) > 4:
        raise ValueError(f"a hand has 0 to 4 melds, not {len(melds)}")
    tiles = [0] * 34
    suits = 0
    for meld in melds:
        for t in meld.tiles:
            tiles[t] += 1
        suits |= 1 << (meld.first // 9)
    no_chi = all(m.kind is not MeldKind.CHI for m in melds)
    flush = {0: 0b111, 1: 0b001, 2: 0b010, 4: 0b100}.get(suits, 0)
    return _MeldInfo(
        len(melds),
        no_chi,
        suits in (0, 0b1000),
        no_chi and all(_IS_258[m.first] for m in melds),
        flush,
        tuple(tiles),
    )


def _meld_info(melds: Sequence[Meld] | int) -> _MeldInfo:
    if isinstance(melds, int):
        return _info_for_count(melds)
    return _info_for_melds(tuple(melds))


def _family(ruleset: str) -> str:
    """'shanghai' or 'changsha' for a rule set or one of its presets ('shanghai-qq')."""
    family = ruleset.lower().split("-", 1)[0]
    if family not in (SHANGHAI, CHANGSHA):
        raise ValueError(f"unknown rule set {ruleset!r} (shanghai or changsha)")
    return family


# ---------------------------------------------------------------------------
# Shapes that need no table.


@cache
def _pengpeng_need(m_sets: int, singles: int, pairs: int, triples: int) -> int:
    """Tiles needed for m triplets + a pair over the 27 suited kinds, by count class.

    ``triples`` counts kinds held 3 or 4 times (a fourth copy is no use to a triplet).
    """
    empty = _SUITED_KINDS - singles - pairs - triples
    best = _INF
    # (cost of the pair, class it is taken from); triplets then take the cheapest kinds left
    for pair_cost, t, p, s, e in ((0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (1, 0, 0, 1, 0), (2, 0, 0, 0, 1)):
        avail = (triples - t, pairs - p, singles - s, empty - e)
        if min(avail) < 0:
            continue
        need, cost = m_sets, pair_cost
        for per_triplet, n in zip((0, 1, 2, 3), avail, strict=True):
            take = min(need, n)
            cost += take * per_triplet
            need -= take
        if need == 0:
            best = min(best, cost)
    return best


def _seven_pairs_need(ones: int, twos: int, threes: int, fours: int, quad_is_two_pairs: bool) -> int:
    if quad_is_two_pairs:
        pairs, odd = twos + threes + 2 * fours, ones + threes
    else:
        # a third or fourth copy can't make a second pair of the same kind
        pairs, odd = twos + threes + fours, ones
    if pairs >= 7:
        return 0
    return 7 - pairs + max(0, 7 - pairs - odd)


def _all_of_need(kept: int, m_sets: int) -> int:
    """Any-arrangement shapes (乱风向, 将将胡): the concealed part must be all such tiles."""
    size = 3 * m_sets + 2
    return size - min(kept, size)


# ---------------------------------------------------------------------------
# One-off shanten.


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Four sets + a pair: -1 complete, 0 ready; ``melds`` sets are already exposed."""
    if not 0 <= melds <= 4:
        raise ValueError(f"a hand has 0 to 4 melds, not {melds}")
    b = bytes(counts)
    suit = _SUIT_BY_BYTES
    comb = _COMBINED
    left = comb[suit[b[0:9]] << _SHIFT | suit[b[9:18]]]
    right = comb[suit[b[18:27]] << _SHIFT | _HONOUR_BY_BYTES[b[27:34]]]
    return _FINAL_ANY[left << _SHIFT | right][4 - melds] - 1


def shanten_seven_pairs(counts: Sequence[int], quad_is_two_pairs: bool) -> int:
    """七对 on 13 or 14 concealed tiles; a quad is two pairs only where the rules say so."""
    b = bytes(counts)[:34]
    return _seven_pairs_need(b.count(1), b.count(2), b.count(3), b.count(4), quad_is_two_pairs) - 1


def shanten_shanghai(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """Shanghai: the better of four sets + a pair and 乱风向 (all honours, any arrangement)."""
    info = _meld_info(melds)
    best = shanten_regular(counts, info.count)
    if info.all_honour:
        best = min(best, _all_of_need(sum(counts[27:34]), 4 - info.count) - 1)
    return best


def shanten_changsha(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """Changsha: the best of 2-5-8 pair hand, 碰碰胡, 清一色, 七小对 and 将将胡."""
    info = _meld_info(melds)
    b = bytes(counts)
    return _changsha_need(b, info, 4 - info.count) - 1


def _changsha_need(b: bytes, info: _MeldInfo, m_sets: int) -> int:
    suit = _SUIT_BY_BYTES
    i0, i1, i2 = suit[b[0:9]], suit[b[9:18]], suit[b[18:27]]
    best = _FINAL_258[_COMBINED[i0 << _SHIFT | i1] << _SHIFT | i2][m_sets]
    flush = info.flush_suits
    if flush:
        col = 3 * m_sets + 1
        for bit, vid in ((1, i0), (2, i1), (4, i2)):
            if flush & bit:
                best = min(best, _VECS[vid][col])
    if info.no_chi or info.count == 0:
        ones, twos = b.count(1, 0, 27), b.count(2, 0, 27)
        threes, fours = b.count(3, 0, 27), b.count(4, 0, 27)
        if info.no_chi:
            best = min(best, _pengpeng_need(m_sets, ones, twos, threes + fours))
        if info.count == 0:
            best = min(best, _seven_pairs_need(ones, twos, threes, fours, True))
    if info.all_258:
        kept = b[1] + b[4] + b[7] + b[10] + b[13] + b[16] + b[19] + b[22] + b[25]
        best = min(best, _all_of_need(kept, m_sets))
    return best


def shanten(counts: Sequence[int], ruleset: str, melds: Sequence[Meld] | int = 0) -> int:
    """Shanten under a rule family ("shanghai" or "changsha", presets accepted)."""
    if _family(ruleset) == SHANGHAI:
        return shanten_shanghai(counts, melds)
    return shanten_changsha(counts, melds)


# ---------------------------------------------------------------------------
# Which draws help: the incremental path behind waits, acceptance and discards.


def _suit_keys(counts: Sequence[int]) -> list[int]:
    keys = [0, 0, 0, 0]
    for t in range(34):
        c = counts[t]
        if c:
            if not 0 < c <= 4:
                raise ValueError(f"tile {t} held {c} times")
            keys[t // 9 if t < 27 else 3] += c * _POW5[t % 9 if t < 27 else t - 27]
    return keys


def _improving_shanghai(
    counts: list[int], keys: list[int], info: _MeldInfo, blocked: Sequence[int]
) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand and the draws that lower it (Shanghai)."""
    m_sets = 4 - info.count
    sk, comb, final, draws = _SUIT_BY_KEY, _COMBINED, _FINAL_ANY, _SUIT_DRAWS
    k0, k1, k2, kh = keys
    i0, i1, i2, ih = sk[k0], sk[k1], sk[k2], _HONOUR_BY_KEY[kh]
    left = comb[i0 << _SHIFT | i1] << _SHIFT
    right = comb[i2 << _SHIFT | ih]
    need = final[left | right][m_sets]
    honours = sum(counts[27:34])
    lfx_after = _INF
    if info.all_honour:
        need = min(need, _all_of_need(honours, m_sets))
        lfx_after = _all_of_need(honours + 1, m_sets)
    # A draw helps when the hand then needs fewer tiles; one draw lowers it by at most one.
    goal = need - 1
    out = [r for r, nid in draws[k0] if final[comb[nid << _SHIFT | i1] << _SHIFT | right][m_sets] <= goal]
    out += [9 + r for r, nid in draws[k1] if final[comb[i0 << _SHIFT | nid] << _SHIFT | right][m_sets] <= goal]
    out += [18 + r for r, nid in draws[k2] if final[left | comb[nid << _SHIFT | ih]][m_sets] <= goal]
    if lfx_after <= goal:
        out += [27 + r for r, _ in _HONOUR_DRAWS[kh]]
    else:
        out += [27 + r for r, nid in _HONOUR_DRAWS[kh] if final[left | comb[i2 << _SHIFT | nid]][m_sets] <= goal]
    if info.count and any(blocked):
        out = [t for t in out if counts[t] + blocked[t] < 4]
    return need - 1, out


def _improving_changsha(
    counts: list[int], keys: list[int], info: _MeldInfo, blocked: Sequence[int]
) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand and the draws that lower it (Changsha)."""
    m_sets = 4 - info.count
    sk, comb, final, vecs = _SUIT_BY_KEY, _COMBINED, _FINAL_258, _VECS
    i0, i1, i2 = sk[keys[0]], sk[keys[1]], sk[keys[2]]
    left = comb[i0 << _SHIFT | i1] << _SHIFT
    need = final[left | i2][m_sets]
    flush = info.flush_suits
    col = 3 * m_sets + 1
    for bit, vid in ((1, i0), (2, i1), (4, i2)):
        if flush & bit:
            need = min(need, vecs[vid][col])
    # What the count-class shapes (碰碰胡, 七小对) need after drawing a tile held c times.
    by_class = [_INF] * 4
    if info.no_chi or info.count == 0:
        hist = [0] * 5
        for t in range(27):
            hist[counts[t]] += 1
        for c in range(-1, 4):
            h = hist.copy()
            if c >= 0:
                h[c] -= 1
                h[c + 1] += 1
                if h[c] < 0:
                    continue
            v = _INF
            if info.no_chi:
                v = _pengpeng_need(m_sets, h[1], h[2], h[3] + h[4])
            if info.count == 0:
                v = min(v, _seven_pairs_need(h[1], h[2], h[3], h[4], True))
            if c < 0:
                need = min(need, v)
            else:
                by_class[c] = v
    jj_after = _INF
    if info.all_258:
        kept = sum(counts[t] for t in range(27) if _IS_258[t])
        need = min(need, _all_of_need(kept, m_sets))
        jj_after = _all_of_need(kept + 1, m_sets)
    goal = need - 1
    jj_ok = jj_after <= goal
    out: list[int] = []
    for suit, key in enumerate(keys[:3]):
        base = 9 * suit
        flush_here = flush >> suit & 1
        for r, nid in _SUIT_DRAWS[key]:
            t = base + r
            if by_class[counts[t]] <= goal or (jj_ok and r in (1, 4, 7)):
                out.append(t)
                continue
            if flush_here and vecs[nid][col] <= goal:
                out.append(t)
                continue
            if suit == 0:
                after = final[comb[nid << _SHIFT | i1] << _SHIFT | i2][m_sets]
            elif suit == 1:
                after = final[comb[i0 << _SHIFT | nid] << _SHIFT | i2][m_sets]
            else:
                after = final[left | nid][m_sets]
            if after <= goal:
                out.append(t)
    if info.count and any(blocked):
        out = [t for t in out if counts[t] + blocked[t] < 4]
    return need - 1, out


def _hand_of(counts: Sequence[int], info: _MeldInfo, extra: int) -> list[int]:
    hand = list(counts[:34])
    if len(hand) != 34:
        raise ValueError(f"counts need 34 slots, got {len(counts)}")
    expected = 13 - 3 * info.count + extra
    if sum(hand) != expected:
        kind = "3n+1" if extra == 0 else "3n+2"
        raise ValueError(f"a {kind} hand with {info.count} melds has {expected} tiles, not {sum(hand)}")
    return hand


def _improving(hand: list[int], keys: list[int], family: str, info: _MeldInfo) -> tuple[int, list[int]]:
    if family == SHANGHAI:
        return _improving_shanghai(hand, keys, info, info.tiles)
    return _improving_changsha(hand, keys, info, info.tiles)


def waits(counts: Sequence[int], ruleset: str, melds: Sequence[Meld] | int = 0) -> list[int]:
    """Tile kinds that complete a winning shape of the rule family (3n+1 hand)."""
    family = _family(ruleset)
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 0)
    s, tiles = _improving(hand, _suit_keys(hand), family, info)
    return tiles if s == 0 else []


def regular_waits(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> list[int]:
    """Tile kinds that complete four sets + a pair, whatever the pair (3n+1 hand).

    The shape alone, for showing waits a rule then refuses (a Changsha pair that is not
    2, 5 or 8); ``waits`` gives the ones that win.
    """
    info = _meld_info(melds)._replace(all_honour=False)
    hand = _hand_of(counts, info, 0)
    s, tiles = _improving_shanghai(hand, _suit_keys(hand), info, info.tiles)
    return tiles if s == 0 else []


def is_ready(counts: Sequence[int], ruleset: str, melds: Sequence[Meld] | int = 0) -> bool:
    """听牌: some tile completes the hand (a 3n+1 hand)."""
    family = _family(ruleset)
    info = _meld_info(melds)
    if shanten(counts, family, melds) != 0:
        return False
    # A wait may only be a tile whose every copy is in this hand and its melds; only then
    # does the answer need the list.
    mt = info.tiles
    if any(mt[t] and counts[t] + mt[t] >= 4 for t in range(34)):
        return bool(waits(counts, family, melds))
    return True


def acceptance(
    counts: Sequence[int],
    ruleset: str,
    visible: Sequence[int] | None = None,
    melds: Sequence[Meld] | int = 0,
) -> list[tuple[int, int]]:
    """Draws that lower shanten (3n+1 hand), each with the copies not yet seen.

    ``visible`` counts tiles seen outside this hand and its melds (discards, other
    players' melds); the player's own meld tiles are taken from ``melds`` when given
    as Meld objects.
    """
    family = _family(ruleset)
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 0)
    _, tiles = _improving(hand, _suit_keys(hand), family, info)
    mt = info.tiles
    vis = visible if visible is not None else (0,) * 34
    return [(t, max(0, 4 - hand[t] - mt[t] - vis[t])) for t in tiles]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard: the shanten it leaves and how many unseen tiles would help."""

    tile: int
    shanten: int
    acceptance: int  # unseen copies of the tiles in ``improving``
    improving: tuple[int, ...]  # tile kinds that would lower shanten after this discard


def discard_options(
    counts: Sequence[int],
    ruleset: str,
    visible: Sequence[int] | None = None,
    melds: Sequence[Meld] | int = 0,
) -> list[DiscardOption]:
    """Every distinct discard of a 3n+2 hand, best first (shanten, then acceptance).

    Unseen copies are counted against the whole hand before the discard, so the
    discarded tile itself is no longer counted as available.
    """
    family = _family(ruleset)
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 1)
    keys = _suit_keys(hand)
    mt = info.tiles
    vis = visible if visible is not None else (0,) * 34
    left = [max(0, 4 - hand[t] - mt[t] - vis[t]) for t in range(34)]
    improving = _improving_shanghai if family == SHANGHAI else _improving_changsha
    options: list[DiscardOption] = []
    for t in range(34):
        if not hand[t]:
            continue
        s = t // 9 if t < 27 else 3
        step = _POW5[t - 9 * s]
        hand[t] -= 1
        keys[s] -= step
        after, tiles = improving(hand, keys, info, mt)
        hand[t] += 1
        keys[s] += step
        options.append(DiscardOption(t, after, sum(left[u] for u in tiles), tuple(tiles)))
    options.sort(key=lambda o: (o.shanten, -o.acceptance, o.tile))
    return options
