"""Tiles as Rich text: Chinese characters, Unicode mahjong glyphs or notation, in suit colours.

Every tile of one style has the same width in cells, face up or face down, so rows of
tiles stay aligned in each style.

Widths are what Rich (and so Textual) counts, ``rich.cells.cell_len``. The mahjong glyphs
are one cell wide in every version of Unicode except 🀄, which became two cells wide with
emoji in Unicode 9: terminals that still count it as one drew every row holding a red
dragon one column short, and the panel borders after it one column off. A glyph whose
width differs between Unicode versions is drawn as a stand-in of one width (🀄 as 中).
"""

from __future__ import annotations

from functools import cache

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from mahjong_tui.engine.tiles import Tile, is_flower, suit_of, tile_name, tile_zh

from .config import Palette, TileStyle

_GLYPHS = (
    [chr(0x1F007 + i) for i in range(9)]  # 万
    + [chr(0x1F019 + i) for i in range(9)]  # 筒
    + [chr(0x1F010 + i) for i in range(9)]  # 条
    + [chr(0x1F000 + i) for i in range(4)]  # 东南西北
    + [chr(0x1F006), chr(0x1F005), chr(0x1F004)]  # 白 发 中
    + [chr(0x1F026), chr(0x1F027), chr(0x1F028), chr(0x1F029)]  # 春夏秋冬
    + [chr(0x1F022), chr(0x1F023), chr(0x1F024), chr(0x1F025)]  # 梅兰竹菊
)
GLYPH_BACK = chr(0x1F02B)

#: Unicode versions on either side of the change that made emoji wide (9.0): terminals follow either.
UNICODE_EDGES = ("8.0.0", "latest")

#: Cells one tile takes in each style.
WIDTH = {TileStyle.CHINESE: 4, TileStyle.GLYPH: 2, TileStyle.PLAIN: 2}

_FACE_BG = "#f4efe1"
_BACK_BG = "#2f6b3a"

# Ink per tile class: 万, 筒, 条, winds, 白, 发, 中, flowers.
_INK = {
    Palette.STANDARD: ("#b3261e", "#1d4fa3", "#1b7a3a", "#1c1c1c", "#1d4fa3", "#1b7a3a", "#b3261e", "#7b2d8b"),
    # Okabe–Ito: vermillion, blue, bluish green, black, blue, bluish green, vermillion, reddish purple
    Palette.COLOURBLIND: ("#c84f00", "#0060a0", "#007a5a", "#1c1c1c", "#0060a0", "#007a5a", "#c84f00", "#a8457f"),
}


def ink(tile: Tile, palette: Palette) -> str:
    """The colour a tile is printed in."""
    colours = _INK[palette]
    suit = suit_of(tile)
    if suit < 3:
        return colours[suit]
    if is_flower(tile):
        return colours[7]
    if tile < 31:
        return colours[3]
    return colours[4 + tile - 31]


def face_style(tile: Tile, palette: Palette, *, highlight: bool = False, dim: bool = False) -> Style:
    """Style of a face-up tile; ``highlight`` for the last discard or a selection."""
    bg = "#ffe27a" if highlight else ("#bdb8a8" if dim else _FACE_BG)
    return Style(color=ink(tile, palette), bgcolor=bg, bold=True)


def _pad(text: str, width: int) -> str:
    """Centre ``text`` in ``width`` cells."""
    gap = max(0, width - cell_len(text))
    left = gap // 2
    return " " * left + text + " " * (gap - left)


@cache
def glyph(tile: Tile) -> str:
    """The tile's Unicode glyph, or a stand-in (its Chinese sign) when terminals disagree on its width."""
    g = _GLYPHS[tile]
    if len({cell_len(g, version) for version in UNICODE_EDGES}) == 1:
        return g
    zh = tile_zh(tile)
    return zh if cell_len(zh) <= WIDTH[TileStyle.GLYPH] else tile_name(tile)


def tile_label(tile: Tile, style: TileStyle) -> str:
    """The tile's text in a style, padded to the style's width."""
    if style is TileStyle.CHINESE:
        return _pad(tile_zh(tile), WIDTH[style])
    if style is TileStyle.GLYPH:
        return _pad(glyph(tile), WIDTH[style])
    return _pad(tile_name(tile), WIDTH[style])


def tile_text(
    tile: Tile,
    style: TileStyle,
    palette: Palette,
    *,
    highlight: bool = False,
    dim: bool = False,
) -> Text:
    """One face-up tile."""
    return Text(tile_label(tile, style), style=face_style(tile, palette, highlight=highlight, dim=dim))


def back_text(style: TileStyle) -> Text:
    """One face-down tile."""
    return Text("▒" * WIDTH[style], style=Style(color="#7fb58a", bgcolor=_BACK_BG))


def tiles_text(
    tiles: list[Tile] | tuple[Tile, ...],
    style: TileStyle,
    palette: Palette,
    *,
    sep: str = " ",
) -> Text:
    """Face-up tiles in a row."""
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(tile_text(t, style, palette))
    return out


def tall_rows(tile: Tile, style: TileStyle) -> tuple[str, str]:
    """A hand tile as two rows of 4 cells: number over suit (五 / 万), or the sign over a blank."""
    if style is TileStyle.CHINESE:
        zh = tile_zh(tile)
        if len(zh) == 2:
            return _pad(zh[0], 4), _pad(zh[1], 4)
        return _pad(zh, 4), _pad("", 4)
    if style is TileStyle.GLYPH:
        return _pad(glyph(tile), 4), _pad(tile_name(tile), 4)
    name = tile_name(tile)
    return _pad(name[:-1] if not is_flower(tile) else "f", 4), _pad(name[-1] if not is_flower(tile) else name[1:], 4)
