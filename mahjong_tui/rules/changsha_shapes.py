"""Changsha (长沙麻将) winning hands: what a hand's tiles make, read from per-suit facts.

The engine asks :func:`is_changsha_win` on every discard for three seats, so it works on
34-slot count arrays and per-suit facts cached once per distinct suit pattern. The same
facts give :class:`ChangshaHand`, what the hand types read (:mod:`.hand_types`). The
2-5-8 pair is the engine's (:data:`~mahjong_tui.engine.tiles.RANKS_258`); the players'
version of these rules is ``mahjong_tui/rules/docs/changsha.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.shapes import is_regular_complete, regular_splits
from mahjong_tui.engine.tiles import IS_258, NUM_KINDS, RANKS_258

# Per-suit facts, packed in one int so the hot path does a few bit tests.
_PAIR_BITS = (1 << 9) - 1  # bit i: a pair of the suit's (i+1) leaves only sets
_JIANG_PAIR_BITS = sum(1 << rank for rank in RANKS_258)  # a pair of 2, 5 or 8
_SETS = 1 << 9  # the suit splits into sets only (empty included)
_TRIPLETS = 1 << 10  # every count is 0 or 3
_TRIPLETS_PAIR = 1 << 11  # counts 0, 2 or 3 with exactly one 2
_PAIRS = 1 << 12  # every count even (a quad is two pairs)
_JIANG_ONLY = 1 << 13  # nothing but 2, 5 and 8
_EMPTY = 1 << 14
_TOTAL_SHIFT = 16


@lru_cache(maxsize=1 << 16)
def _suit_info(key: tuple[int, ...]) -> int:
    """The packed facts of one suit's nine counts."""
    total = sum(key)
    info = total << _TOTAL_SHIFT
    if total == 0:
        return info | _SETS | _TRIPLETS | _PAIRS | _JIANG_ONLY | _EMPTY
    arr = [*key, *([0] * (NUM_KINDS - 9))]
    if total % 3 == 2:
        for split in regular_splits(arr):
            info |= 1 << split.pair
    elif total % 3 == 0:
        # A pair of East stands in for the pair, so the suit itself must be sets only.
        arr[27] = 2
        if is_regular_complete(arr):
            info |= _SETS
    if all(c in (0, 3) for c in key):
        info |= _TRIPLETS
    if all(c in (0, 2, 3) for c in key) and key.count(2) == 1:
        info |= _TRIPLETS_PAIR
    if all(c % 2 == 0 for c in key):
        info |= _PAIRS
    if all(c == 0 or i in RANKS_258 for i, c in enumerate(key)):
        info |= _JIANG_ONLY
    return info


def _suits(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, int, int] | None:
    """The packed facts of the three suits, or None when the tiles, a kong counting as 3, are not 14."""
    m = _suit_info(tuple(counts[0:9]))
    p = _suit_info(tuple(counts[9:18]))
    s = _suit_info(tuple(counts[18:27]))
    if (m >> _TOTAL_SHIFT) + (p >> _TOTAL_SHIFT) + (s >> _TOTAL_SHIFT) != 14 - 3 * len(melds):
        return None
    return m, p, s


def _regular_info(m: int, p: int, s: int) -> tuple[int, int] | None:
    """(pair suit index, its pair bits) when the three suits make four sets + a pair."""
    pair_suit = -1
    pair_bits = 0
    for idx, info in enumerate((m, p, s)):
        rem = (info >> _TOTAL_SHIFT) % 3
        if rem == 0:
            if not info & _SETS:
                return None
        elif rem == 2 and pair_suit == -1:
            pair_bits = info & _PAIR_BITS
            if not pair_bits:
                return None
            pair_suit = idx
        else:
            return None
    if pair_suit == -1:
        return None
    return pair_suit, pair_bits


def _melds_all_jiang(melds: Sequence[Meld]) -> bool:
    for meld in melds:
        if meld.kind is MeldKind.CHI or not IS_258[meld.tiles[0]]:
            return False
    return True


def _melds_no_chi(melds: Sequence[Meld]) -> bool:
    for meld in melds:
        if meld.kind is MeldKind.CHI:
            return False
    return True


def _suits_used(m: int, p: int, s: int, melds: Sequence[Meld]) -> int:
    used = (0 if m & _EMPTY else 1) | (0 if p & _EMPTY else 2) | (0 if s & _EMPTY else 4)
    for meld in melds:
        used |= 1 << min(meld.tiles[0] // 9, 3)
    return used


def is_changsha_win(counts: Sequence[int], melds: Sequence[Meld] = ()) -> bool:
    """Is this a Changsha winning hand, one of (a)–(e) of ``docs/changsha.md`` "What a win needs"? 胡牌判断.

    ``counts`` is the 34-slot count array of the concealed tiles with the winning tile;
    honour slots are not looked at (Changsha has none).
    """
    suits = _suits(counts, melds)
    if suits is None:
        return False
    m, p, s = suits
    if m & p & s & _JIANG_ONLY and _melds_all_jiang(melds):
        return True
    if not melds and m & p & s & _PAIRS:
        return True
    regular = _regular_info(m, p, s)
    if regular is None:
        return False
    if regular[1] & _JIANG_PAIR_BITS:
        return True
    if _is_pengpeng(m, p, s, regular[0]) and _melds_no_chi(melds):
        return True
    return _suits_used(m, p, s, melds) in (1, 2, 4)


def _is_pengpeng(m: int, p: int, s: int, pair_suit: int) -> bool:
    for idx, info in enumerate((m, p, s)):
        if not info & (_TRIPLETS_PAIR if idx == pair_suit else _TRIPLETS):
            return False
    return True


@dataclass(frozen=True, slots=True)
class ChangshaHand:
    """What a Changsha hand's tiles make, as its hand types read them.

    ``counts`` are the concealed tiles (with the winning tile, if any) as 34 counts; the
    rest says which winning shapes (a)–(e) the hand and its melds have, all False for a
    hand of the wrong size (and for a dealt hand, which only its counts describe).
    """

    counts: tuple[int, ...]
    regular: bool = False  # four sets and a pair
    pair_258: bool = False  # four sets and a pair of 2, 5 or 8: shape (a)
    all_triplets: bool = False  # four sets and a pair, every set a triplet or kong: shape (b)
    one_suit: bool = False  # every tile, melds included, of one suit
    all_pairs: bool = False  # every concealed count even (a quad is two pairs)
    seven_pairs: bool = False  # seven pairs, all in hand: shape (d)
    all_258: bool = False  # every tile, melds included, a 2, 5 or 8: shape (e)


def changsha_hand(counts: Sequence[int], melds: Sequence[Meld] = ()) -> ChangshaHand:
    """What the concealed ``counts`` (with the winning tile) and ``melds`` make."""
    suits = _suits(counts, melds)
    if suits is None:
        return ChangshaHand(tuple(counts))
    m, p, s = suits
    regular = _regular_info(m, p, s)
    all_pairs = bool(m & p & s & _PAIRS)
    return ChangshaHand(
        tuple(counts),
        regular=regular is not None,
        pair_258=regular is not None and bool(regular[1] & _JIANG_PAIR_BITS),
        all_triplets=regular is not None and _is_pengpeng(m, p, s, regular[0]) and _melds_no_chi(melds),
        one_suit=_suits_used(m, p, s, melds) in (1, 2, 4),
        all_pairs=all_pairs,
        seven_pairs=all_pairs and not melds,
        all_258=bool(m & p & s & _JIANG_ONLY) and _melds_all_jiang(melds),
    )
