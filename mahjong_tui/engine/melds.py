"""Melds: the sets a player has claimed or declared (吃 碰 杠)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tiles import Tile, format_tiles, parse_tiles


class MeldKind(StrEnum):
    """The five kinds of meld, named as in the ``score`` command's input."""

    CHI = "chi"  # 吃 sequence claimed from the previous player
    PONG = "pong"  # 碰 triplet claimed from a discard
    KONG = "kong"  # 明杠 exposed kong from a discard
    ADDED_KONG = "added_kong"  # 上杠/加杠 pong + the fourth tile drawn
    CONCEALED_KONG = "concealed_kong"  # 暗杠

    @property
    def is_kong(self) -> bool:
        """A quad of any kind."""
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def is_exposed(self) -> bool:
        """Everything but the concealed kong is open on the table."""
        return self is not MeldKind.CONCEALED_KONG


@dataclass(frozen=True, slots=True)
class Meld:
    """A set on the table.

    ``claimed`` is the tile taken from another player's discard (None for a concealed
    kong); ``source`` is the seat it came from. An added kong keeps the source of its pong.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    claimed: Tile | None = None
    source: int | None = None

    @property
    def first(self) -> Tile:
        """The lowest tile: the kind of a pong/kong, the start of a chi."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        """A quad of any kind."""
        return self.kind.is_kong

    @property
    def is_set_of_same(self) -> bool:
        """Triplet or quad (刻子/杠子)."""
        return self.kind is not MeldKind.CHI

    def notation(self) -> str:
        """Tiles in notation, e.g. ``234m``."""
        return format_tiles(self.tiles)

    def to_json(self) -> dict[str, object]:
        """The ``score`` command's meld object."""
        d: dict[str, object] = {"type": self.kind.value, "tiles": self.notation()}
        if self.source is not None:
            d["from"] = self.source
        return d


class MeldError(ValueError):
    """A meld that cannot exist; the message says why."""


def make_meld(kind: MeldKind, tiles: list[Tile], source: int | None = None, claimed: Tile | None = None) -> Meld:
    """Check and build a meld; raise MeldError naming what is wrong."""
    tiles = sorted(tiles)
    if any(t >= 34 for t in tiles):
        raise MeldError("a meld cannot hold flowers")
    if kind is MeldKind.CHI:
        if len(tiles) != 3:
            raise MeldError(f"a chi has 3 tiles, not {len(tiles)}")
        a, b, c = tiles
        if a >= 27 or a // 9 != c // 9 or b != a + 1 or c != a + 2:
            raise MeldError(f"{format_tiles(tiles)} is not a sequence of one suit")
    else:
        want = 3 if kind is MeldKind.PONG else 4
        if len(tiles) != want:
            raise MeldError(f"a {kind.value} has {want} tiles, not {len(tiles)}")
        if len(set(tiles)) != 1:
            raise MeldError(f"{format_tiles(tiles)} is not {want} of one tile")
    if kind is MeldKind.CONCEALED_KONG:
        source = None
        claimed = None
    elif claimed is None:
        claimed = tiles[0] if kind is not MeldKind.CHI else tiles[0]
    return Meld(kind, tuple(tiles), claimed, source)


def meld_from_text(kind: str, text: str, source: int | None = None) -> Meld:
    """Build a meld from the ``score`` input form."""
    try:
        mk = MeldKind(kind)
    except ValueError:
        raise MeldError(f"unknown meld type {kind!r} (chi, pong, kong, added_kong, concealed_kong)") from None
    return make_meld(mk, parse_tiles(text), source)
