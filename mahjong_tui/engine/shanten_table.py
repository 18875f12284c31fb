"""The shanten tables: every suit's and honour part's vector of "tiles still needed", interned to ids.

Each numbered suit's nine counts (a base-5 key) map to a vector of "tiles still needed
for m sets (m = 0..4) with no pair / any pair / a 2-5-8 pair"; the 405,350 suit states
share a few hundred vectors, shipped in ``shanten_table.json`` (built by
``scripts/build_shanten_table.py``). Honours can only form triplets and pairs, so their
vector is computed directly. Vectors are interned to small ids; combining two of them is
a min-plus convolution memoised on the id pair (``COMBINED``), and the last step over a
whole hand is memoised too (``FINAL_ANY``, ``FINAL_258``). The dictionaries below fill
themselves on first use; :mod:`.analysis` reads them.
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
from operator import add, itemgetter
from pathlib import Path

from .tiles import RANKS_258

TABLE_FORMAT = 1
# Column 3*m + kind of a suit vector: m sets, kind 0 = no pair, 1 = any pair, 2 = a 2/5/8 pair.
TABLE_COLUMNS: tuple[tuple[int, int], ...] = tuple((m, kind) for m in range(5) for kind in range(3))
TABLE_PATH = Path(__file__).with_name("shanten_table.json")

INF = 99  # "cannot be built"; sums of a few stay far below any real count
POW5 = tuple(5**i for i in range(9))
MAX_SUIT_TILES = 14
SHIFT = 20  # id pairs are packed as (a << SHIFT) | b for the combination memo
MASK = (1 << SHIFT) - 1


# ---------------------------------------------------------------------------
# Vector registry: every suit, honour and combined vector gets a small id.

VECS: list[tuple[int, ...]] = []
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
            vid = len(VECS)
            if vid > MASK:
                raise RuntimeError("too many distinct hand vectors")
            _LEFT_ANY.append(tuple(_left(vec, m, 1) for m in range(5)))
            _RIGHT_ANY.append(tuple(_right(vec, m, 1) for m in range(5)))
            _LEFT_258.append(tuple(_left(vec, m, 2) for m in range(5)))
            _RIGHT_258.append(tuple(_right(vec, m, 2) for m in range(5)))
            VECS.append(vec)
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
    if max(out) > INF:
        # two impossible parts stay just impossible, so equal vectors intern to one id
        out = tuple(min(x, INF) for x in out)
    return out


# ---------------------------------------------------------------------------
# The suit table.

table_ids: Sequence[int] | None = None
table_vectors: list[tuple[int, ...]] = []
table_tried = False
_TABLE_LOCK = threading.Lock()


def load_table() -> None:
    global table_tried
    with _TABLE_LOCK:
        if not table_tried:
            _read_table()
            table_tried = True


def _read_table() -> None:
    global table_ids
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
        table_vectors[:] = [tuple(v) for v in doc["vectors"]]
        table_ids = ids
    except (OSError, ValueError, KeyError, TypeError, lzma.LZMAError) as exc:
        # Still correct without the file, only slower: each new suit state is solved on its own.
        warnings.warn(
            f"shanten table unavailable ({exc}); run scripts/build_shanten_table.py",
            RuntimeWarning,
            stacklevel=4,
        )


def suit_vector_exact(counts: Sequence[int]) -> tuple[int, ...]:
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
                        pk2 = (2 if rank in RANKS_258 else 1) if pair else pk
                        key = (k, s1, total_sets, pk2)
                        value = cost + max(0, need - have)
                        if value < nxt.get(key, INF):
                            nxt[key] = value
        states = nxt
    out = [INF] * len(TABLE_COLUMNS)
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
        any_pair = INF
        for j, c in enumerate(counts):
            rest = sorted(trip[:j] + trip[j + 1 :])
            if m <= len(rest):
                any_pair = min(any_pair, max(0, 2 - c) + sum(rest[:m]))
        out += (none, any_pair, INF)
    return tuple(out)


class _SuitByKey(dict[int, int]):
    """Base-5 key of a suit → vector id, filled from the table on first use."""

    def __missing__(self, key: int) -> int:
        if not table_tried:
            load_table()
        digits = [key // p % 5 for p in POW5]
        if sum(digits) > MAX_SUIT_TILES:
            raise ValueError(f"more than {MAX_SUIT_TILES} tiles of one suit: {digits}")
        if table_ids is not None:
            vec = table_vectors[table_ids[key]]
        else:
            vec = suit_vector_exact(digits)
        vid = self[key] = _intern(vec)
        return vid


class _SuitByBytes(dict[bytes, int]):
    """Nine counts as bytes → vector id; the fast path of a one-off call."""

    def __missing__(self, key: bytes) -> int:
        if len(key) != 9 or max(key) > 4 or sum(key) > MAX_SUIT_TILES:
            raise ValueError(f"not a hand's suit counts: {list(key)}")
        vid = self[key] = SUIT_BY_KEY[sum(c * p for c, p in zip(key, POW5, strict=True))]
        return vid


class _HonourByKey(dict[int, int]):
    """Base-5 key of the seven honour counts → vector id."""

    def __missing__(self, key: int) -> int:
        vid = self[key] = _intern(_honour_vector([key // p % 5 for p in POW5[:7]]))
        return vid


class _HonourByBytes(dict[bytes, int]):
    """Seven honour counts as bytes → vector id."""

    def __missing__(self, key: bytes) -> int:
        if len(key) != 7 or max(key) > 4:
            raise ValueError(f"not a hand's honour counts: {list(key)}")
        vid = self[key] = HONOUR_BY_KEY[sum(c * p for c, p in zip(key, POW5, strict=False))]
        return vid


class _Combined(dict[int, int]):
    """(a << SHIFT) | b → id of the combination of vectors a and b."""

    def __missing__(self, key: int) -> int:
        vid = self[key] = _intern(_combine(VECS[key >> SHIFT], VECS[key & MASK]))
        return vid


class _Final(dict[int, tuple[int, ...]]):
    """(left << SHIFT) | right → tiles needed for M = 0..4 sets and one pair over both parts.

    Only a few tens of thousands of id pairs occur even over a million random hands, so a
    lookup here replaces the convolution's last step on nearly every call.
    """

    def __init__(self, kind: int) -> None:
        super().__init__()
        self.left_arr = _LEFT_ANY if kind == 1 else _LEFT_258
        self.right_arr = _RIGHT_ANY if kind == 1 else _RIGHT_258

    def __missing__(self, key: int) -> tuple[int, ...]:
        lv, rv = self.left_arr[key >> SHIFT], self.right_arr[key & MASK]
        out = self[key] = tuple(map(min, map(map, (add,) * 5, lv, rv)))
        return out


class _Draws(dict[int, tuple[tuple[int, int], ...]]):
    """Base-5 key of a part → (rank, id after drawing that rank) for every rank held < 4 times."""

    def __init__(self, ranks: int, ids: dict[int, int]) -> None:
        super().__init__()
        self.ranks = ranks
        self.ids = ids

    def __missing__(self, key: int) -> tuple[tuple[int, int], ...]:
        out = self[key] = tuple((r, self.ids[key + POW5[r]]) for r in range(self.ranks) if key // POW5[r] % 5 < 4)
        return out


SUIT_BY_KEY = _SuitByKey()
SUIT_BY_BYTES = _SuitByBytes()
HONOUR_BY_KEY = _HonourByKey()
HONOUR_BY_BYTES = _HonourByBytes()
COMBINED = _Combined()
FINAL_ANY = _Final(1)
FINAL_258 = _Final(2)
SUIT_DRAWS = _Draws(9, SUIT_BY_KEY)
HONOUR_DRAWS = _Draws(7, HONOUR_BY_KEY)


def table_loaded() -> bool:
    """The shipped table was read (without it every new suit state is solved on its own)."""
    load_table()
    return table_ids is not None


def table_vector_count() -> int:
    """How many distinct suit vectors the shipped table holds."""
    load_table()
    return len(table_vectors)
