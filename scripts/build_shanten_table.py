"""Build ``mahjong_tui/engine/shanten_table.json``, the per-suit table of the hand analysis.

For every count state of one numbered suit (nine counts 0..4, at most 14 tiles) the table
holds the fewest tiles that must be added so that the suit contains ``m`` sets (m = 0..4)
with no pair, with a pair, or with a pair of 2, 5 or 8 — never more than four of a kind.
The 405,350 states share a few hundred distinct vectors; the file stores the vectors
once and a vector id per state, indexed by the base-5 key ``sum(c[i] * 5**i)``.

Pure Python, a few seconds. Run after changing the table's layout:

    python scripts/build_shanten_table.py
"""

from __future__ import annotations

import base64
import json
import lzma
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong_tui.engine.shanten_table import (  # noqa: E402
    TABLE_COLUMNS,
    TABLE_FORMAT,
    TABLE_PATH,
)
from mahjong_tui.engine.tiles import RANKS_258  # noqa: E402

POW5 = tuple(5**i for i in range(9))
MAX_TILES = 14
# Set types of one suit: nine triplets, seven sequences, as count vectors.
SET_TYPES = [tuple(3 if j == i else 0 for j in range(9)) for i in range(9)] + [
    tuple(1 if i <= j <= i + 2 else 0 for j in range(9)) for i in range(7)
]
TWO_FIVE_EIGHT = RANKS_258


def key_of(counts: tuple[int, ...]) -> int:
    """Base-5 key of nine counts."""
    return sum(c * p for c, p in zip(counts, POW5, strict=True))


def all_states() -> list[list[tuple[int, tuple[int, ...]]]]:
    """Every suit state with at most 14 tiles, grouped by tile count."""
    by_sum: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(MAX_TILES + 1)]

    def rec(prefix: list[int], total: int) -> None:
        if len(prefix) == 9:
            t = tuple(prefix)
            by_sum[total].append((key_of(t), t))
            return
        for c in range(min(4, MAX_TILES - total) + 1):
            prefix.append(c)
            rec(prefix, total + c)
            prefix.pop()

    rec([], 0)
    return by_sum


def complete_masks() -> dict[int, int]:
    """Key → bit mask of the table columns for which the state is exactly a complete shape."""
    masks: dict[int, int] = {}
    for m in range(5):
        for combo in combinations_with_replacement(range(len(SET_TYPES)), m):
            counts = [0] * 9
            for s in combo:
                for i, v in enumerate(SET_TYPES[s]):
                    counts[i] += v
            if max(counts) > 4:
                continue
            k = key_of(tuple(counts))
            masks[k] = masks.get(k, 0) | 1 << (3 * m)
            for p in range(9):
                if counts[p] + 2 <= 4:
                    kp = k + 2 * POW5[p]
                    bits = 1 << (3 * m + 1)
                    if p in TWO_FIVE_EIGHT:
                        bits |= 1 << (3 * m + 2)
                    masks[kp] = masks.get(kp, 0) | bits
    return masks


def build() -> tuple[list[tuple[int, ...]], bytearray, int]:
    """Vectors, the id per key (two bytes, little endian) and the number of states."""
    by_sum = all_states()
    size = 5**9
    # Partial shapes: sub-multisets of a complete shape, per column (downward closure).
    mask = [0] * size
    for k, bits in complete_masks().items():
        mask[k] |= bits
    for total in range(MAX_TILES, 0, -1):
        for k, counts in by_sum[total]:
            bits = mask[k]
            if bits:
                for i in range(9):
                    if counts[i]:
                        mask[k - POW5[i]] |= bits
    # best[k][col]: most tiles of the state that one complete shape of that column can keep.
    ncols = len(TABLE_COLUMNS)
    sizes = [3 * m + (2 if kind else 0) for m, kind in TABLE_COLUMNS]
    best: dict[int, tuple[int, ...]] = {0: (0,) * ncols}
    vectors: list[tuple[int, ...]] = []
    vector_id: dict[tuple[int, ...], int] = {}
    ids = bytearray(2 * size)
    zero = tuple(sizes)
    vector_id[zero] = 0
    vectors.append(zero)
    count = 1
    for total in range(1, MAX_TILES + 1):
        for k, counts in by_sum[total]:
            subs = [best[k - POW5[i]] for i in range(9) if counts[i]]
            row = list(map(max, *subs)) if len(subs) > 1 else list(subs[0])
            bits = mask[k]
            col = 0
            while bits:
                if bits & 1:
                    row[col] = total
                bits >>= 1
                col += 1
            t = tuple(row)
            best[k] = t
            need = tuple(s - f for s, f in zip(sizes, t, strict=True))
            vid = vector_id.get(need)
            if vid is None:
                vid = vector_id[need] = len(vectors)
                vectors.append(need)
            ids[2 * k] = vid & 0xFF
            ids[2 * k + 1] = vid >> 8
            count += 1
    return vectors, ids, count


def main() -> None:
    """Build the table and write it next to the analysis module."""
    start = time.perf_counter()
    vectors, ids, count = build()
    width = 1 if len(vectors) <= 256 else 2
    packed = ids[0::2] if width == 1 else ids
    doc = {
        "format": TABLE_FORMAT,
        "columns": [list(c) for c in TABLE_COLUMNS],
        "states": count,
        "id_bytes": width,
        "compression": "xz",
        "vectors": [list(v) for v in vectors],
        "ids": base64.b64encode(lzma.compress(bytes(packed), preset=9 | lzma.PRESET_EXTREME)).decode("ascii"),
    }
    TABLE_PATH.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    took = time.perf_counter() - start
    print(
        f"{count} suit states, {len(vectors)} distinct vectors, "
        f"{TABLE_PATH.stat().st_size} bytes written to {TABLE_PATH} in {took:.1f} s"
    )


if __name__ == "__main__":
    main()
