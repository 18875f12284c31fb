"""Targets: the shapes a hand may win with where a plain hand cannot (a win must qualify).

Under Shanghai's qualifying rule (``rules/docs/shanghai.md``) four sets and a pair win
only with a hand type, so the steps that matter are the steps to a shape that has one. A
rule set names its shape targets (``Ruleset.win_targets``); each is measured on its own:

* ``hunyise:m|p|s``: one suit and honours (混一色);
* ``qingyise:m|p|s``: one suit alone (清一色);
* ``pengpenghu``: four triplets or kongs and a pair (碰碰胡);
* ``honours``: winds and dragons only, in any arrangement (乱风向 / 风一色);
* ``dadiaoche``: four melds exposed and the single tile left (大吊车), only once four are out.

A target's shanten is the usual one with the hand restricted to the tiles the target
allows (the others are tiles to exchange); a target one of the player's melds rules out
(a meld of another suit, a chi for 碰碰胡) is not open. ``win_shanten`` is the least
shanten among the open targets; a rule set without targets wins with every winning shape,
so there it is the shanten itself. Shanten counts the concealed tiles only, as
:mod:`.analysis` does; the draws that help leave out a kind whose four copies are all in
the hand and its melds. A kind the hand has ponged (or konged) is spent wherever the target
could use a copy of it only in a pair or a triplet (an honour toward a one-suit hand; every
kind toward 碰碰胡 or 大吊车): the fourth copy can only make the pong a kong, which brings no
set closer, so a copy held is a tile to exchange and drawing it does not help. (All honours,
in any arrangement, takes any honour.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .analysis import (
    ShapeSet,
    _all_of_need,
    _improving_sets_and_pair,
    _meld_info,
    _MeldInfo,
    _pengpeng_need,
    _suit_keys,
    discard_options,
    shanten,
    shanten_regular,
)
from .melds import Meld, MeldKind
from .shanten_table import COMBINED, FINAL_ANY, HONOUR_BY_BYTES, SHIFT, SUIT_BY_BYTES
from .tiles import NUM_KINDS, SUITS

__all__ = [
    "TargetKind",
    "TargetProgress",
    "WinDiscard",
    "WinTarget",
    "is_open",
    "open_targets",
    "target_progress",
    "target_shanten",
    "win_discard_options",
    "win_shanten",
]

_HONOURS = tuple(range(27, 34))


class TargetKind(StrEnum):
    """The kinds of shape target, named as ``mahjong-tui hint`` names them."""

    HUNYISE = "hunyise"  # one suit and honours
    QINGYISE = "qingyise"  # one suit alone
    PENGPENGHU = "pengpenghu"  # all triplets
    HONOURS = "honours"  # all honours, any arrangement
    DADIAOCHE = "dadiaoche"  # four melds exposed, won on the single tile left


@dataclass(frozen=True, slots=True)
class WinTarget:
    """One shape target: its kind, and the suit of a one-suit kind (0 万, 1 筒, 2 条)."""

    kind: TargetKind
    suit: int = -1

    @property
    def id(self) -> str:
        """``hunyise:s``, ``pengpenghu``."""
        return f"{self.kind.value}:{SUITS[self.suit]}" if self.suit >= 0 else self.kind.value

    @property
    def allowed(self) -> tuple[int, ...]:
        """The tile kinds the target may hold."""
        k = self.kind
        if k is TargetKind.HUNYISE:
            return _SUIT_AND_HONOURS[self.suit]
        if k is TargetKind.QINGYISE:
            return _SUIT[self.suit]
        if k is TargetKind.HONOURS:
            return _HONOURS
        return _ALL_KINDS


_ORDER = {k: i for i, k in enumerate(TargetKind)}
_ALL_KINDS = tuple(range(NUM_KINDS))
_SUIT = tuple(tuple(range(9 * s, 9 * s + 9)) for s in range(3))
_SUIT_AND_HONOURS = tuple((*_SUIT[s], *_HONOURS) for s in range(3))
# per suit (and one for honours alone): whether a meld starting on each kind fits the one-suit target
_FITS_SUIT = tuple(tuple(t in _SUIT[s] for t in range(NUM_KINDS)) for s in range(3))
_FITS_SUIT_AND_HONOURS = tuple(tuple(t in _SUIT_AND_HONOURS[s] for t in range(NUM_KINDS)) for s in range(3))
_FITS_HONOURS = tuple(t in _HONOURS for t in range(NUM_KINDS))
# the targets of each kind before any meld rules one out, in their order
_CANDIDATES = {
    k: tuple(WinTarget(k, s) for s in range(3)) if k in (TargetKind.HUNYISE, TargetKind.QINGYISE) else (WinTarget(k),)
    for k in TargetKind
}


def is_open(target: WinTarget, melds: Sequence[Meld]) -> bool:
    """Whether no meld rules ``target`` out (大吊车 is open only with four melds exposed)."""
    k = target.kind
    if k is TargetKind.PENGPENGHU:
        for m in melds:
            if m.kind is MeldKind.CHI:
                return False
        return True
    if k is TargetKind.DADIAOCHE:
        return len(melds) == 4 and all(m.kind is not MeldKind.CONCEALED_KONG for m in melds)
    if k is TargetKind.HUNYISE:
        fits = _FITS_SUIT_AND_HONOURS[target.suit]
    elif k is TargetKind.QINGYISE:
        fits = _FITS_SUIT[target.suit]
    else:
        fits = _FITS_HONOURS
    for m in melds:
        if not fits[m.tiles[0]]:
            return False
    return True


def open_targets(kinds: Sequence[TargetKind], melds: Sequence[Meld]) -> tuple[WinTarget, ...]:
    """The targets of ``kinds`` that no meld rules out (大吊车 only with four melds exposed)."""
    out: list[WinTarget] = []
    for kind in sorted(set(kinds), key=_ORDER.__getitem__):
        out += [t for t in _CANDIDATES[kind] if is_open(t, melds)]
    return tuple(out)


def _restricted(counts: Sequence[int], target: WinTarget) -> list[int]:
    allowed = target.allowed
    if len(allowed) == NUM_KINDS:
        return list(counts[:NUM_KINDS])
    out = [0] * NUM_KINDS
    for t in allowed:
        out[t] = counts[t]
    return out


def _class_counts(counts: Sequence[int]) -> tuple[int, int, int]:
    b = bytes(counts[:NUM_KINDS])
    return b.count(1), b.count(2), b.count(3) + b.count(4)


_EMPTY_SUIT, _EMPTY_HONOURS = bytes(9), bytes(7)


def _spendable(kind: TargetKind) -> Sequence[int]:
    """The kinds a ``kind`` target can use only in a pair or a triplet, so that a pong of them leaves no use."""
    if kind is TargetKind.HONOURS:
        return ()
    if kind in (TargetKind.HUNYISE, TargetKind.QINGYISE):
        return _HONOURS
    return range(NUM_KINDS)


def _unspent(counts: Sequence[int], meld_tiles: Sequence[int], kinds: Sequence[int]) -> Sequence[int]:
    """``counts`` without the copies of ``kinds`` the melds hold three or four of (a copy held can only make a kong)."""
    spent = [t for t in kinds if counts[t] and meld_tiles[t] >= 3]
    if not spent:
        return counts
    out = list(counts[:NUM_KINDS])
    for t in spent:
        out[t] = 0
    return out


def target_shanten(target: WinTarget, counts: Sequence[int], melds: Sequence[Meld], *, spent: bool = True) -> int:
    """Shanten of a hand of any size toward ``target`` (which must be open for ``melds``).

    ``spent=False`` reads the shape of the held tiles alone, a copy of a ponged kind as any other
    tile (the normal bot's reading).
    """
    m_sets = 4 - len(melds)
    k = target.kind
    if spent and melds and k is not TargetKind.HONOURS:
        # a pong or kong of a kind the target can use only in a pair or a triplet holds three or four
        # copies: a copy held can only make a kong (a one-suit target: honours only; else every kind)
        every = k is TargetKind.PENGPENGHU or k is TargetKind.DADIAOCHE
        gone = None
        for m in melds:
            first = m.tiles[0]
            if m.kind is not MeldKind.CHI and counts[first] and (every or first >= 27):
                if gone is None:
                    gone = list(counts[:NUM_KINDS])
                gone[first] = 0
        if gone is not None:
            counts = gone
    if k is TargetKind.PENGPENGHU:
        return _pengpeng_need(m_sets, *_class_counts(counts), NUM_KINDS) - 1
    if k is TargetKind.HONOURS:
        return _all_of_need(sum(counts[27:34]), m_sets) - 1
    if k is TargetKind.DADIAOCHE:
        return shanten_regular(counts[:NUM_KINDS], len(melds))
    # one suit (and honours): the regular tables, the other suits left empty
    lo = 9 * target.suit
    own = SUIT_BY_BYTES[bytes(counts[lo : lo + 9])]
    empty = SUIT_BY_BYTES[_EMPTY_SUIT]
    honours = HONOUR_BY_BYTES[bytes(counts[27:34]) if k is TargetKind.HUNYISE else _EMPTY_HONOURS]
    if lo == 0:
        left, right = COMBINED[own << SHIFT | empty], COMBINED[empty << SHIFT | honours]
    elif lo == 9:
        left, right = COMBINED[empty << SHIFT | own], COMBINED[empty << SHIFT | honours]
    else:
        left, right = COMBINED[empty << SHIFT | empty], COMBINED[own << SHIFT | honours]
    return FINAL_ANY[left << SHIFT | right][m_sets] - 1


def _improving(target: WinTarget, counts: list[int], info: _MeldInfo) -> tuple[int, list[int]]:
    """Shanten of a 3n+1 hand toward ``target`` and the draws that lower it."""
    m_sets = 4 - info.melds
    blocked = info.tiles
    k = target.kind
    free = [t for t in target.allowed if counts[t] + blocked[t] < 4]
    if k is TargetKind.HONOURS:
        # any arrangement: every honour drawn is one fewer to exchange
        return _all_of_need(sum(counts[27:34]), m_sets) - 1, free
    spendable = _spendable(k)
    free = [t for t in free if blocked[t] < 3 or t not in spendable]  # a ponged kind's copy only makes a kong
    counts = list(_unspent(counts, blocked, spendable))
    if k is TargetKind.PENGPENGHU:
        ones, twos, threes = _class_counts(counts)
        need = _pengpeng_need(m_sets, ones, twos, threes, NUM_KINDS)
        after = (
            _pengpeng_need(m_sets, ones + 1, twos, threes, NUM_KINDS),
            _pengpeng_need(m_sets, ones - 1, twos + 1, threes, NUM_KINDS) if ones else need,
            _pengpeng_need(m_sets, ones, twos - 1, threes + 1, NUM_KINDS) if twos else need,
        )
        return need - 1, [t for t in free if counts[t] < 3 and after[counts[t]] < need]
    kept = _restricted(counts, target)
    s, tiles = _improving_sets_and_pair(kept, _suit_keys(kept), info._replace(all_honour=False), blocked)
    allowed = set(free)
    return s, [t for t in tiles if t in allowed]


@dataclass(frozen=True, slots=True)
class TargetProgress:
    """How far a 3n+1 hand is from one target, and the draws that bring it closer."""

    target: WinTarget
    shanten: int
    acceptance: int  # unseen copies of ``tiles``
    tiles: tuple[int, ...]  # the kinds whose draw lowers ``shanten``


def _left(counts: Sequence[int], info: _MeldInfo, visible: Sequence[int] | None) -> list[int]:
    vis = visible if visible is not None else (0,) * NUM_KINDS
    mt = info.tiles
    return [max(0, 4 - counts[t] - mt[t] - vis[t]) for t in range(NUM_KINDS)]


def _progress(
    targets: Sequence[WinTarget], counts: list[int], info: _MeldInfo, left: Sequence[int]
) -> list[TargetProgress]:
    out = []
    for target in targets:
        s, tiles = _improving(target, counts, info)
        out.append(TargetProgress(target, s, sum(left[t] for t in tiles), tuple(sorted(tiles))))
    out.sort(key=lambda p: (p.shanten, -p.acceptance, _ORDER[p.target.kind], p.target.suit))
    return out


def target_progress(
    kinds: Sequence[TargetKind],
    counts: Sequence[int],
    melds: Sequence[Meld],
    visible: Sequence[int] | None = None,
) -> tuple[TargetProgress, ...]:
    """Every open target of a 3n+1 hand, least shanten first (then the most unseen tiles that help).

    ``visible`` counts tiles seen outside the hand and its melds (discards, others' melds).
    """
    info = _meld_info(tuple(melds))
    hand = list(counts[:NUM_KINDS])
    if sum(hand) + 3 * info.melds != 13:
        raise ValueError(f"a 3n+1 hand with {info.melds} melds has {13 - 3 * info.melds} tiles, not {sum(hand)}")
    return tuple(_progress(open_targets(kinds, melds), hand, info, _left(hand, info, visible)))


def win_shanten(
    kinds: Sequence[TargetKind], shapes: ShapeSet, counts: Sequence[int], melds: Sequence[Meld]
) -> int | None:
    """Steps to a hand that may win: the least target shanten (None: no target is open); without targets, shanten."""
    if not kinds:
        return shanten(counts, shapes, melds)
    values = [target_shanten(t, counts, melds) for t in open_targets(kinds, melds)]
    return min(values) if values else None


@dataclass(frozen=True, slots=True)
class WinDiscard:
    """One discard: the shanten and helping tiles it leaves, toward any winning shape and toward a win."""

    tile: int
    shanten: int
    acceptance: int
    tiles: tuple[int, ...]
    win_shanten: int | None  # None: no target is open after it
    win_acceptance: int
    win_tiles: tuple[int, ...]
    targets: tuple[TargetProgress, ...] = ()  # every open target after it (rule sets with targets)


def win_discard_options(
    kinds: Sequence[TargetKind],
    shapes: ShapeSet,
    counts: Sequence[int],
    melds: Sequence[Meld],
    visible: Sequence[int] | None = None,
) -> list[WinDiscard]:
    """Every distinct discard of a 3n+2 hand, best first: by win shanten, then win acceptance.

    Unseen copies are counted against the whole hand before the discard (as
    :func:`.analysis.discard_options` does). Without targets the win figures are the shanten's.
    """
    options = discard_options(counts, shapes, visible, melds)
    if not kinds:
        out = [WinDiscard(o.tile, o.shanten, o.acceptance, o.improving, o.shanten, o.acceptance, o.improving)
               for o in options]  # fmt: skip
        return out
    info = _meld_info(tuple(melds))
    hand = list(counts[:NUM_KINDS])
    left = _left(hand, info, visible)
    targets = open_targets(kinds, melds)
    out = []
    for o in options:
        hand[o.tile] -= 1
        progress = _progress(targets, hand, info, left)
        hand[o.tile] += 1
        if progress:
            best = progress[0].shanten
            tiles = sorted({t for p in progress if p.shanten == best for t in p.tiles})
            out.append(WinDiscard(o.tile, o.shanten, o.acceptance, o.improving, best,
                                  sum(left[t] for t in tiles), tuple(tiles), tuple(progress)))  # fmt: skip
        else:
            out.append(WinDiscard(o.tile, o.shanten, o.acceptance, o.improving, None, 0, (), ()))
    out.sort(key=_discard_key)
    return out


def _discard_key(d: WinDiscard) -> tuple[int, int, int, int, int]:
    ws = d.win_shanten if d.win_shanten is not None else 99
    return (ws, -d.win_acceptance, d.shanten, -d.acceptance, d.tile)
