"""Actions: what a seat can do. Small frozen values, legal ones listed by the engine."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

import msgspec
from msgspec import Meta

from mahjong_tui.clean import invalid_line

from .tiles import NUM_TILE_IDS, Tile, TileError, format_tiles, parse_tile, parse_tiles, tile_name, tile_zh
from .words import Words, alike, said


class ActionKind(StrEnum):
    """Every kind of move a seat can make."""

    DISCARD = "discard"  # 出牌
    WIN = "win"  # 胡 (self-draw, on a discard, robbing a kong, on the 海底 or an 开杠 tile)
    PASS = "pass"  # 过: decline a claim, a robbed kong, initial wins or the 海底
    CHI = "chi"  # 吃
    PONG = "pong"  # 碰
    KONG = "kong"  # 明杠 on a discard
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    ADDED_KONG = "added_kong"  # 上杠/加杠
    DECLARE_INITIAL = "declare_initial"  # Changsha 起手小胡
    TAKE_HAIDI = "take_haidi"  # Changsha: take the 海底


class _KindWords(Mapping[ActionKind, Words]):
    """Each kind of move in a player's words, English and Chinese: the catalogue's ``[action_kind]``, read the first
    time a kind is asked for."""

    def __init__(self) -> None:
        self._words: dict[ActionKind, Words] = {}

    def _all(self) -> dict[ActionKind, Words]:
        if not self._words:
            self._words.update({kind: said(f"action_kind.{kind.value}") for kind in ActionKind})
        return self._words

    def __getitem__(self, kind: ActionKind) -> Words:
        return self._all()[kind]

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: each kind of move in a player's words, English and Chinese
KIND_WORDS: Mapping[ActionKind, Words] = _KindWords()


class KongMode(StrEnum):
    """How a quad is used: a plain kong, or Changsha's 补张 / 开杠."""

    KONG = "kong"
    BUZHANG = "buzhang"  # 补张: replacement from the tail
    KAIGANG = "kaigang"  # 开杠: two dice, two tiles from the tail


class ActionForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """An action as a record and a journal write it: ``{"seat": 0, "kind": "chi", "tile": "3m", "tiles": "24m"}``
    (the tiles in tile notation; a field with nothing in it is left out)."""

    seat: Annotated[int, Meta(ge=0, le=3)]
    kind: ActionKind
    tile: str | None = None
    tiles: str | None = None
    mode: KongMode | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """One move by one seat.

    ``tile`` is the tile discarded, claimed, konged or won on; ``tiles`` the two tiles
    from hand a chi uses; ``mode`` how a quad is used.
    """

    seat: int
    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    mode: KongMode | None = None

    def to_json(self) -> dict[str, object]:
        """Compact JSON form used by game records and journals (:class:`ActionForm`)."""
        return msgspec.to_builtins(
            ActionForm(
                self.seat,
                self.kind,
                None if self.tile is None else tile_name(self.tile),
                format_tiles(self.tiles) if self.tiles else None,
                self.mode,
            )
        )

    @classmethod
    def from_json(cls, d: object) -> Action:
        """Read the JSON form (:class:`ActionForm`); ValueError names what is wrong, in one line."""
        try:
            form = msgspec.convert(d, ActionForm)
        except msgspec.ValidationError as e:
            line = invalid_line(str(e), top="action")
            raise ValueError(line if line.startswith("action") else f"action {line}") from None
        try:
            tile = None if form.tile is None else parse_tile(form.tile)
            tiles = () if form.tiles is None else tuple(parse_tiles(form.tiles))
        except TileError as e:
            raise ValueError(f"action tile: {e}") from None
        return cls(form.seat, form.kind, tile, tiles, form.mode)

    def describe(self) -> str:
        """Short English text: ``pong 5m``, ``chi 3m with 45m``."""
        parts = [self.kind.value.replace("_", " ")]
        if self.tile is not None:
            parts.append(tile_name(self.tile))
        if self.tiles:
            parts.append("with " + format_tiles(self.tiles))
        if self.mode is not None and self.mode is not KongMode.KONG:
            parts.append(f"({self.mode.value})")
        return " ".join(parts)

    def words(self) -> Words:
        """The move in both languages: ``pong 5m`` / ``碰五万``, ``chi 3m with 45m`` / ``吃三万（用四万五万）``."""
        zh = KIND_WORDS[self.kind].zh
        if self.tile is not None:
            zh += tile_zh(self.tile)
        if self.tiles:
            zh += f"（用{''.join(tile_zh(t) for t in self.tiles)}）"
        if self.mode is KongMode.BUZHANG:
            zh += "（补张）"
        elif self.mode is KongMode.KAIGANG:
            zh += "（开杠）"
        return Words(self.describe(), zh)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why in a player's words.

    ``str()`` is the English; ``words`` has the Chinese too.
    """

    def __init__(self, why: Words | str) -> None:
        self.words = why if isinstance(why, Words) else alike(why)
        super().__init__(self.words.en)


def _is_tile_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_TILE_IDS


def malformed(action: object) -> str | None:
    """What makes ``action`` no action at all (a seat out of 0..3, a tile that does not exist …), or None."""
    if not isinstance(action, Action):
        return f"{action!r} is not an action"
    seat = action.seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        return f"there is no seat {seat!r}: seats are 0 to 3"
    if not isinstance(action.kind, ActionKind):
        return f"{action.kind!r} is not a kind of action"
    if action.tile is not None and not _is_tile_id(action.tile):
        return f"there is no tile {action.tile!r}"
    if not isinstance(action.tiles, tuple) or not all(_is_tile_id(t) for t in action.tiles):
        return f"there are no tiles {action.tiles!r}"
    if action.mode is not None and not isinstance(action.mode, KongMode):
        return f"{action.mode!r} is not a way to use a quad"
    return None


def _means(action: Action, offered: Action) -> bool:
    """The same move, however it was written: a pass names any tile or none, a chi's tiles in any order."""
    if action.kind is not offered.kind:
        return False
    if action.kind is not ActionKind.PASS and action.tile is not None and action.tile != offered.tile:
        return False
    if action.tiles and sorted(action.tiles) != sorted(offered.tiles):
        return False
    return action.mode is None or action.mode is offered.mode


def match_action(action: Action, legal: Sequence[Action]) -> Action | None:
    """The one legal action ``action`` means, or None (not offered, ambiguous or malformed).

    A chosen action is usually one of the very objects offered, so identity is tried first.
    """
    for a in legal:
        if a is action:
            return a
    if malformed(action) is not None:
        return None
    for a in legal:
        if a == action:
            return a
    meant = [a for a in legal if _means(action, a)]
    return meant[0] if len(meant) == 1 else None


def meanings(action: Action, legal: Sequence[Action]) -> list[Action]:
    """Every legal action ``action`` could mean (more than one: it must say which)."""
    return [a for a in legal if _means(action, a)]
