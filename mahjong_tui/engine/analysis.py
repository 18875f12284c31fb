"""Hand analysis shared by the bots, the hints and the engine: shanten, waits, acceptance.

Shanten (向听) is exact: the fewest tiles the hand must still draw, each exchanged for one
of its own, to hold a winning shape, minus one. So -1 is complete, 0 is ready (听牌).
No kind is ever counted more than four times, which is what makes ``1111m`` unable to
wait on a fifth ``1m``. Shanten sees the concealed counts only (as the ``mahjong``
package does); ``waits`` and ``acceptance`` also leave out a tile whose four copies are
all in the hand and the player's melds, when the melds are given as Meld objects.

Speed comes from tables, not searches (:mod:`.shanten_table`): every suit and the
honours map to an interned vector of "tiles still needed", and a hand is two memoised
combinations (万+筒, 条+honours) and one last memoised step, so a call is a handful of
dict lookups. Only a few hundred vectors and tens of thousands of id pairs ever occur,
so the memos stay small.

Which shapes win is a rule set's choice: it names one of the :class:`ShapeSet` objects
below (``SETS_AND_PAIR``, ``PAIR_258_OR_BIG``), and every function here takes it.

Counts are 34-slot arrays (``tiles.counts_of``). ``melds`` is either the player's melds
or their number; a bare number says nothing about what the melds hold, so the shapes that
depend on it (碰碰胡, 清一色, 将将胡, 乱风向) are then only considered when it is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from .melds import Meld, MeldKind
from .shanten_table import (
    COMBINED,
    FINAL_258,
    FINAL_ANY,
    HONOUR_BY_BYTES,
    HONOUR_BY_KEY,
    HONOUR_DRAWS,
    INF,
    POW5,
    SHIFT,
    SUIT_BY_BYTES,
    SUIT_BY_KEY,
    SUIT_DRAWS,
    VECS,
)
from .tiles import IS_258, RANKS_258

_SUITED_KINDS = 27

__all__ = [
    "PAIR_258_OR_BIG",
    "SETS_AND_PAIR",
    "DiscardOption",
    "ShapeSet",
    "acceptance",
    "discard_options",
    "is_ready",
    "regular_waits",
    "shanten",
    "shanten_regular",
    "shanten_seven_pairs",
    "waits",
]

# ---------------------------------------------------------------------------
# Melds.


class _MeldInfo(NamedTuple):
    melds: int  # how many are exposed
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
        no_chi and all(IS_258[m.first] for m in melds),
        flush,
        tuple(tiles),
    )


def _meld_info(melds: Sequence[Meld] | int) -> _MeldInfo:
    if isinstance(melds, int):
        return _info_for_count(melds)
    return _info_for_melds(tuple(melds))


# ---------------------------------------------------------------------------
# Shapes that need no table.


@cache
def _pengpeng_need(m_sets: int, singles: int, pairs: int, triples: int, kinds: int = _SUITED_KINDS) -> int:
    """Tiles needed for m triplets + a pair over ``kinds`` kinds (the 27 suited ones by default), by count class.

    ``triples`` counts kinds held 3 or 4 times (a fourth copy is no use to a triplet).
    """
    empty = kinds - singles - pairs - triples
    best = INF
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
    suit = SUIT_BY_BYTES
    comb = COMBINED
    left = comb[suit[b[0:9]] << SHIFT | suit[b[9:18]]]
    right = comb[suit[b[18:27]] << SHIFT | HONOUR_BY_BYTES[b[27:34]]]
    return FINAL_ANY[left << SHIFT | right][4 - melds] - 1


def shanten_seven_pairs(counts: Sequence[int], quad_is_two_pairs: bool) -> int:
    """七对 on 13 or 14 concealed tiles; a quad is two pairs only where the rules say so."""
    b = bytes(counts)[:34]
    return _seven_pairs_need(b.count(1), b.count(2), b.count(3), b.count(4), quad_is_two_pairs) - 1


def _shanten_sets_and_pair(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """The better of four sets + a pair and all honours in any arrangement."""
    info = _meld_info(melds)
    best = shanten_regular(counts, info.melds)
    if info.all_honour:
        best = min(best, _all_of_need(sum(counts[27:34]), 4 - info.melds) - 1)
    return best


def _shanten_pair_258_or_big(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """The best of four sets + a 2-5-8 pair, all triplets, one suit, seven pairs and all 2-5-8."""
    info = _meld_info(melds)
    b = bytes(counts)
    return _need_pair_258_or_big(b, info, 4 - info.melds) - 1


def _need_pair_258_or_big(b: bytes, info: _MeldInfo, m_sets: int) -> int:
    suit = SUIT_BY_BYTES
    i0, i1, i2 = suit[b[0:9]], suit[b[9:18]], suit[b[18:27]]
    best = FINAL_258[COMBINED[i0 << SHIFT | i1] << SHIFT | i2][m_sets]
    flush = info.flush_suits
    if flush:
        col = 3 * m_sets + 1
        for bit, vid in ((1, i0), (2, i1), (4, i2)):
            if flush & bit:
                best = min(best, VECS[vid][col])
    if info.no_chi or info.melds == 0:
        ones, twos = b.count(1, 0, 27), b.count(2, 0, 27)
        threes, fours = b.count(3, 0, 27), b.count(4, 0, 27)
        if info.no_chi:
            best = min(best, _pengpeng_need(m_sets, ones, twos, threes + fours))
        if info.melds == 0:
            best = min(best, _seven_pairs_need(ones, twos, threes, fours, True))
    if info.all_258:
        kept = b[1] + b[4] + b[7] + b[10] + b[13] + b[16] + b[19] + b[22] + b[25]
        best = min(best, _all_of_need(kept, m_sets))
    return best


# ---------------------------------------------------------------------------
# Which draws help: the incremental path behind waits, acceptance and discards.


def _suit_keys(counts: Sequence[int]) -> list[int]:
    keys = [0, 0, 0, 0]
    for t in range(34):
        c = counts[t]
        if c:
            if not 0 < c <= 4:
                raise ValueError(f"tile {t} held {c} times")
            keys[t // 9 if t < 27 else 3] += c * POW5[t % 9 if t < 27 else t - 27]
    return keys


def _improving_sets_and_pair(
    counts: list[int], keys: list[int], info: _MeldInfo, blocked: Sequence[int]
) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand and the draws that lower it (four sets + a pair, or all honours)."""
    m_sets = 4 - info.melds
    sk, comb, final, draws = SUIT_BY_KEY, COMBINED, FINAL_ANY, SUIT_DRAWS
    k0, k1, k2, kh = keys
    i0, i1, i2, ih = sk[k0], sk[k1], sk[k2], HONOUR_BY_KEY[kh]
    left = comb[i0 << SHIFT | i1] << SHIFT
    right = comb[i2 << SHIFT | ih]
    need = final[left | right][m_sets]
    honours = sum(counts[27:34])
    lfx_after = INF
    if info.all_honour:
        need = min(need, _all_of_need(honours, m_sets))
        lfx_after = _all_of_need(honours + 1, m_sets)
    # A draw helps when the hand then needs fewer tiles; one draw lowers it by at most one.
    goal = need - 1
    out = [r for r, nid in draws[k0] if final[comb[nid << SHIFT | i1] << SHIFT | right][m_sets] <= goal]
    out += [9 + r for r, nid in draws[k1] if final[comb[i0 << SHIFT | nid] << SHIFT | right][m_sets] <= goal]
    out += [18 + r for r, nid in draws[k2] if final[left | comb[nid << SHIFT | ih]][m_sets] <= goal]
    if lfx_after <= goal:
        out += [27 + r for r, _ in HONOUR_DRAWS[kh]]
    else:
        out += [27 + r for r, nid in HONOUR_DRAWS[kh] if final[left | comb[i2 << SHIFT | nid]][m_sets] <= goal]
    if info.melds and any(blocked):
        out = [t for t in out if counts[t] + blocked[t] < 4]
    return need - 1, out


def _improving_pair_258_or_big(
    counts: list[int], keys: list[int], info: _MeldInfo, blocked: Sequence[int]
) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand and the draws that lower it (2-5-8 pair, or a big shape with any pair)."""
    m_sets = 4 - info.melds
    sk, comb, final, vecs = SUIT_BY_KEY, COMBINED, FINAL_258, VECS
    i0, i1, i2 = sk[keys[0]], sk[keys[1]], sk[keys[2]]
    left = comb[i0 << SHIFT | i1] << SHIFT
    need = final[left | i2][m_sets]
    flush = info.flush_suits
    col = 3 * m_sets + 1
    for bit, vid in ((1, i0), (2, i1), (4, i2)):
        if flush & bit:
            need = min(need, vecs[vid][col])
    # What the count-class shapes (碰碰胡, 七小对) need after drawing a tile held c times.
    by_class = [INF] * 4
    if info.no_chi or info.melds == 0:
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
            v = INF
            if info.no_chi:
                v = _pengpeng_need(m_sets, h[1], h[2], h[3] + h[4])
            if info.melds == 0:
                v = min(v, _seven_pairs_need(h[1], h[2], h[3], h[4], True))
            if c < 0:
                need = min(need, v)
            else:
                by_class[c] = v
    jj_after = INF
    if info.all_258:
        kept = sum(counts[t] for t in range(27) if IS_258[t])
        need = min(need, _all_of_need(kept, m_sets))
        jj_after = _all_of_need(kept + 1, m_sets)
    goal = need - 1
    jj_ok = jj_after <= goal
    out: list[int] = []
    for suit, key in enumerate(keys[:3]):
        base = 9 * suit
        flush_here = flush >> suit & 1
        for r, nid in SUIT_DRAWS[key]:
            t = base + r
            if by_class[counts[t]] <= goal or (jj_ok and r in RANKS_258):
                out.append(t)
                continue
            if flush_here and vecs[nid][col] <= goal:
                out.append(t)
                continue
            if suit == 0:
                after = final[comb[nid << SHIFT | i1] << SHIFT | i2][m_sets]
            elif suit == 1:
                after = final[comb[i0 << SHIFT | nid] << SHIFT | i2][m_sets]
            else:
                after = final[left | nid][m_sets]
            if after <= goal:
                out.append(t)
    if info.melds and any(blocked):
        out = [t for t in out if counts[t] + blocked[t] < 4]
    return need - 1, out


def _hand_of(counts: Sequence[int], info: _MeldInfo, extra: int) -> list[int]:
    hand = list(counts[:34])
    if len(hand) != 34:
        raise ValueError(f"counts need 34 slots, got {len(counts)}")
    expected = 13 - 3 * info.melds + extra
    if sum(hand) != expected:
        kind = "3n+1" if extra == 0 else "3n+2"
        raise ValueError(f"a {kind} hand with {info.melds} melds has {expected} tiles, not {sum(hand)}")
    return hand


@dataclass(frozen=True, slots=True)
class ShapeSet:
    """A set of winning shapes the analysis measures a hand against; a rule set names its own.

    ``shanten`` and ``improving`` are the fast paths for these shapes: the first for a
    hand of any size, the second for a 3n+1 hand with the draws that bring it closer.
    """

    id: str
    description: str
    plain_pair_258: bool  # a hand of four sets and a pair needs its pair to be a 2, 5 or 8
    shanten_of: Callable[[Sequence[int], Sequence[Meld] | int], int]
    improving: Callable[[list[int], list[int], _MeldInfo, Sequence[int]], tuple[int, list[int]]]


#: four sets and a pair (any pair), or a hand of honours only in any arrangement
SETS_AND_PAIR = ShapeSet(
    "sets_and_pair",
    "four sets and a pair, or honours only in any arrangement",
    False,
    _shanten_sets_and_pair,
    _improving_sets_and_pair,
)
#: four sets and a 2-5-8 pair; with any pair, all triplets or one suit; seven pairs; every tile a 2, 5 or 8
PAIR_258_OR_BIG = ShapeSet(
    "pair_258_or_big",
    "four sets and a pair of 2, 5 or 8; all triplets or one suit with any pair; seven pairs; all 2-5-8",
    True,
    _shanten_pair_258_or_big,
    _improving_pair_258_or_big,
)


def shanten(counts: Sequence[int], shapes: ShapeSet, melds: Sequence[Meld] | int = 0) -> int:
    """Shanten toward the winning shapes ``shapes`` (a rule set's ``shapes``)."""
    return shapes.shanten_of(counts, melds)


def waits(counts: Sequence[int], shapes: ShapeSet, melds: Sequence[Meld] | int = 0) -> list[int]:
    """Tile kinds that complete one of ``shapes`` (3n+1 hand)."""
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 0)
    s, tiles = shapes.improving(hand, _suit_keys(hand), info, info.tiles)
    return tiles if s == 0 else []


def regular_waits(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> list[int]:
    """Tile kinds that complete four sets + a pair, whatever the pair (3n+1 hand).

    The shape alone, for showing waits a rule then refuses (a pair that is not
    2, 5 or 8); ``waits`` gives the ones that win.
    """
    info = _meld_info(melds)._replace(all_honour=False)
    hand = _hand_of(counts, info, 0)
    s, tiles = _improving_sets_and_pair(hand, _suit_keys(hand), info, info.tiles)
    return tiles if s == 0 else []


def is_ready(counts: Sequence[int], shapes: ShapeSet, melds: Sequence[Meld] | int = 0) -> bool:
    """听牌: some tile completes one of ``shapes`` (a 3n+1 hand)."""
    info = _meld_info(melds)
    if shapes.shanten_of(counts, melds) != 0:
        return False
    # A wait may only be a tile whose every copy is in this hand and its melds; only then
    # does the answer need the list.
    mt = info.tiles
    if any(mt[t] and counts[t] + mt[t] >= 4 for t in range(34)):
        return bool(waits(counts, shapes, melds))
    return True


def acceptance(
    counts: Sequence[int],
    shapes: ShapeSet,
    visible: Sequence[int] | None = None,
    melds: Sequence[Meld] | int = 0,
) -> list[tuple[int, int]]:
    """Draws that lower shanten (3n+1 hand), each with the copies not yet seen.

    ``visible`` counts tiles seen outside this hand and its melds (discards, other
    players' melds); the player's own meld tiles are taken from ``melds`` when given
    as Meld objects.
    """
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 0)
    _, tiles = shapes.improving(hand, _suit_keys(hand), info, info.tiles)
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
    shapes: ShapeSet,
    visible: Sequence[int] | None = None,
    melds: Sequence[Meld] | int = 0,
) -> list[DiscardOption]:
    """Every distinct discard of a 3n+2 hand, best first (shanten, then acceptance).

    Unseen copies are counted against the whole hand before the discard, so the
    discarded tile itself is no longer counted as available.
    """
    info = _meld_info(melds)
    hand = _hand_of(counts, info, 1)
    keys = _suit_keys(hand)
    mt = info.tiles
    vis = visible if visible is not None else (0,) * 34
    left = [max(0, 4 - hand[t] - mt[t] - vis[t]) for t in range(34)]
    improving = shapes.improving
    options: list[DiscardOption] = []
    for t in range(34):
        if not hand[t]:
            continue
        s = t // 9 if t < 27 else 3
        step = POW5[t - 9 * s]
        hand[t] -= 1
        keys[s] -= step
        after, tiles = improving(hand, keys, info, mt)
        hand[t] += 1
        keys[s] += step
        options.append(DiscardOption(t, after, sum(left[u] for u in tiles), tuple(tiles)))
    options.sort(key=lambda o: (o.shanten, -o.acceptance, o.tile))
    return options
