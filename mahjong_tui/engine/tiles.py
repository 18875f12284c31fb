"""Tiles and the compact tile notation of the rules (``123m45p777z f15``).

A tile is a small int, the index used everywhere in the engine:

* 0..8   ``1m``..``9m``  万 characters
* 9..17  ``1p``..``9p``  筒 dots
* 18..26 ``1s``..``9s``  条 bamboo
* 27..33 ``1z``..``7z``  东 南 西 北 白 发 中
* 34..41 ``f1``..``f8``  春 夏 秋 冬 梅 兰 竹 菊 (flowers)

Ints keep hands as 34-slot count arrays, which is what the hand analysis and the
win checks want; the functions here give them names and text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from .words import Words

Tile: TypeAlias = int

SUITS = "mps"
NUM_KINDS = 34  # suited + honours: the kinds a hand count array holds
NUM_TILE_IDS = 42  # with the eight flowers

MAN, PIN, SOU, HONOR, FLOWER = 0, 1, 2, 3, 4

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
HONOURS = WINDS + DRAGONS
FLOWERS = tuple(range(34, 42))
SUITED = tuple(range(27))
#: a suit's ranks 2, 5 and 8, counted from 0 (二五八, the pair a Changsha small win needs)
RANKS_258: tuple[int, ...] = (1, 4, 7)
#: per kind (index 0..33): a 2, 5 or 8 of a suit
IS_258: tuple[bool, ...] = tuple(t < 27 and t % 9 in RANKS_258 for t in range(34))
KINDS_258: tuple[int, ...] = tuple(t for t in range(27) if IS_258[t])

_NUMERALS_ZH = "一二三四五六七八九"
_SUIT_ZH = ("万", "筒", "条")
_SUIT_EN = ("Characters", "Dots", "Bamboo")
_HONOUR_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOUR_EN = ("East", "South", "West", "North", "White", "Green", "Red")
_FLOWER_ZH = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")
_FLOWER_EN = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum")


class TileError(ValueError):
    """Tile text that cannot be read; the message names the bad part."""


def suit_of(tile: Tile) -> int:
    """MAN, PIN, SOU, HONOR or FLOWER."""
    if tile < 27:
        return tile // 9
    return HONOR if tile < 34 else FLOWER


def number_of(tile: Tile) -> int:
    """1..9 for suited tiles, 1..7 for honours, 1..8 for flowers."""
    if tile < 27:
        return tile % 9 + 1
    if tile < 34:
        return tile - 26
    return tile - 33


def is_suited(tile: Tile) -> bool:
    """万, 筒 or 条."""
    return tile < 27


def is_honour(tile: Tile) -> bool:
    """A wind or a dragon (字牌)."""
    return 27 <= tile < 34


def is_wind(tile: Tile) -> bool:
    """东 南 西 北 (风牌)."""
    return 27 <= tile < 31


def is_dragon(tile: Tile) -> bool:
    """白 发 中 (箭牌)."""
    return 31 <= tile < 34


def is_flower(tile: Tile) -> bool:
    """春夏秋冬梅兰竹菊 (花牌)."""
    return tile >= 34


def tile_name(tile: Tile) -> str:
    """Notation of a single tile: ``5m``, ``7z``, ``f3``."""
    if not 0 <= tile < NUM_TILE_IDS:
        raise TileError(f"no such tile: {tile}")
    if tile >= 34:
        return f"f{tile - 33}"
    return f"{number_of(tile)}{'mpsz'[suit_of(tile)]}"


def seat_wind_zh(seat: int, dealer: int) -> str:
    """A seat's wind in this hand, counted from the dealer (东): ``南`` for the dealer's next."""
    return _HONOUR_ZH[(seat - dealer) % 4]


def tile_zh(tile: Tile) -> str:
    """Chinese name: ``五万``, ``东``, ``春``."""
    if tile < 27:
        return _NUMERALS_ZH[tile % 9] + _SUIT_ZH[tile // 9]
    if tile < 34:
        return _HONOUR_ZH[tile - 27]
    return _FLOWER_ZH[tile - 34]


def tile_words(tile: Tile) -> Words:
    """A tile's names in both languages: ``5m`` / ``五万``."""
    return Words(tile_name(tile), tile_zh(tile))


def tiles_zh(tiles: Sequence[Tile]) -> str:
    """A meld in Chinese: ``二三四筒``, ``五五五万``, ``东东东``."""
    if all(t < 27 for t in tiles) and len({t // 9 for t in tiles}) == 1:
        return "".join(tile_zh(t)[0] for t in tiles) + tile_zh(tiles[0])[1]
    return "".join(tile_zh(t) for t in tiles)


def hand_zh(tiles: Iterable[Tile]) -> str:
    """A hand in Chinese, suit by suit: ``三八万 二四四八筒 东东``."""
    tiles = list(tiles)
    groups = [sorted(x for x in tiles if x // 9 == s and x < 27) for s in range(3)]
    groups.append(sorted(x for x in tiles if x >= 27))
    return " ".join(tiles_zh(g) for g in groups if g)


def tile_en(tile: Tile) -> str:
    """English name: ``5 Characters``, ``East``, ``Spring``."""
    if tile < 27:
        return f"{tile % 9 + 1} {_SUIT_EN[tile // 9]}"
    if tile < 34:
        return _HONOUR_EN[tile - 27]
    return _FLOWER_EN[tile - 34]


def parse_tile(text: str) -> Tile:
    """One tile: ``5m`` or ``f3``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected one tile, got {text!r}")
    return tiles[0]


def parse_tiles(text: str) -> list[Tile]:
    """Read tile notation: digits then a suit letter, flowers as ``f`` then digits.

    ``"123m45p"`` is 1m 2m 3m 4p 5p; ``"f15"`` is f1 f5. Spaces are allowed between
    groups. Errors name the bad part of the text.
    """
    if not isinstance(text, str):
        raise TileError(f"tile text must be a string, got {type(text).__name__}")
    tiles: list[Tile] = []
    digits = ""
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            if digits:
                raise TileError(f"digits {digits!r} have no suit letter in {text!r}")
            i += 1
            continue
        if ch in "0123456789":
            digits += ch
            i += 1
            continue
        if ch == "f":
            if digits:
                raise TileError(f"digits {digits!r} have no suit letter in {text!r}")
            j = i + 1
            while j < n and text[j] in "0123456789":
                j += 1
            group = text[i + 1 : j]
            if not group:
                raise TileError(f"'f' must be followed by flower numbers 1-8 in {text!r}")
            for d in group:
                if not "1" <= d <= "8":
                    raise TileError(f"flower f{d} does not exist (f1-f8) in {text!r}")
                tiles.append(33 + int(d))
            i = j
            continue
        lower = ch.lower()
        if lower in "mpsz":
            if not digits:
                raise TileError(f"suit letter {ch!r} has no digits before it in {text!r}")
            for d in digits:
                v = int(d)
                if lower == "z":
                    if not 1 <= v <= 7:
                        raise TileError(f"honour {d}z does not exist (1z-7z) in {text!r}")
                    tiles.append(26 + v)
                else:
                    if not 1 <= v <= 9:
                        raise TileError(f"{d}{lower} does not exist (1-9) in {text!r}")
                    tiles.append("mps".index(lower) * 9 + v - 1)
            digits = ""
            i += 1
            continue
        raise TileError(f"unexpected character {ch!r} in tile text {text!r}")
    if digits:
        raise TileError(f"digits {digits!r} have no suit letter in {text!r}")
    return tiles


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Tile notation with runs of one suit grouped: ``[0, 1, 2, 12]`` → ``123m4p``."""
    seq = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    run_suit: str | None = None
    run: list[str] = []
    for t in seq:
        name = tile_name(t)
        if t >= 34:
            letter, digit = "f", name[1:]
        else:
            letter, digit = name[-1], name[:-1]
        if letter != run_suit and run:
            out.append(_flush(run_suit, run))
            run = []
        run_suit = letter
        run.append(digit)
    if run:
        out.append(_flush(run_suit, run))
    return "".join(out)


def _flush(letter: str | None, digits: list[str]) -> str:
    if letter == "f":
        return "f" + "".join(digits)
    return "".join(digits) + (letter or "")


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """34-slot count array of the suited and honour tiles (flowers are ignored)."""
    c = [0] * NUM_KINDS
    for t in tiles:
        if t < NUM_KINDS:
            c[t] += 1
    return c


def tiles_of(counts: Sequence[int]) -> list[Tile]:
    """The tiles of a count array, sorted."""
    out: list[Tile] = []
    for t, k in enumerate(counts):
        if k:
            out += _RUNS[t][k] if k <= 4 else [t] * k
    return out


_RUNS = [[[t] * k for k in range(5)] for t in range(NUM_TILE_IDS)]


def full_tile_set(*, honours: bool, flowers: bool) -> list[Tile]:
    """Every physical tile of a set: four of each kind, one of each flower."""
    kinds = list(range(27)) + (list(HONOURS) if honours else [])
    tiles = [t for t in kinds for _ in range(4)]
    if flowers:
        tiles.extend(FLOWERS)
    return tiles
