"""What the table shows, as Rich text: seat labels, melds, hands, event lines. No Textual here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from mahjong_tui import i18n, telling
from mahjong_tui.engine import (
    Action,
    Event,
    Meld,
    MeldKind,
    Phase,
    Ruleset,
    TableView,
    Tile,
    Words,
    format_tiles,
    parse_tiles,
    tile_name,
    tile_zh,
)
from mahjong_tui.engine.tiles import hand_zh, seat_wind_zh, tiles_zh

from .config import Display, TileStyle, named
from .tiles import back_text, tile_text
from .wrapping import NO_BREAK

RELATION = {1: "下", 2: "对", 3: "上"}  # seen from the claimer: next, opposite, previous

#: Phases where the seats that may claim answer at once. The engine asks only those seats,
#: so showing who is asked would tell the table who can claim: only the person deciding at
#: the screen is marked.
WINDOWS = frozenset({Phase.CLAIM, Phase.ROB, Phase.KAIGANG_CLAIM, Phase.HAIDI_SHOWN, Phase.INITIAL, Phase.DEALT_WIN})


#: tiles in the analysis's notation standing alone: ``5m``, ``4z``, ``23s`` (not the ``5p`` of ``2-5p``)
_TILE_NOTATION = re.compile(r"(?<![\w-])((?:[1-9]+[mps]|[1-7]+z)+)(?![\w-])")


@dataclass(frozen=True, slots=True)
class Look:
    """Everything a table widget needs to draw itself: the table as the people at the screen may see it."""

    table: TableView
    names: tuple[str, ...]
    bottom: int
    display: Display
    last_discard: tuple[int, int] | None = None
    deciding: int | None = None  # the person whose decision is open at the screen
    seconds_left: int | None = None  # how long the table still waits for that decision (a remote table's turn)

    @property
    def face_up(self) -> frozenset[int]:
        """Seats whose concealed tiles are shown."""
        return frozenset(s for s in range(4) if self.table.revealed(s))

    def to_act(self, seat: int) -> bool:
        """The table marks ``seat`` as the one to act: the seat in turn, or in a window only the person deciding."""
        table = self.table
        if table.over or seat not in table.pending:
            return False
        return table.phase not in WINDOWS or seat == self.deciding

    def wind(self, seat: int) -> str:
        """Seat wind: the dealer is 东."""
        return seat_wind_zh(seat, self.table.dealer)

    def label(self, seat: int) -> str:
        """``南 · Bob``."""
        return f"{self.wind(seat)} · {self.names[seat]}"

    def tile(self, tile: Tile, *, highlight: bool = False, dim: bool = False) -> Text:
        """One face-up tile in the chosen style."""
        return tile_text(tile, self.display.style, self.display.palette, highlight=highlight, dim=dim)

    def back(self) -> Text:
        """One face-down tile."""
        return back_text(self.display.style)

    def word(self, tile: Tile) -> str:
        """A tile in running text: ``五万``, or ``5m`` in the plain style."""
        return tile_name(tile) if self.display.style is TileStyle.PLAIN else tile_zh(tile)

    def words(self, tiles: tuple[Tile, ...] | list[Tile]) -> str:
        """A meld in running text: ``二三四筒`` or ``234p``."""
        if self.display.style is TileStyle.PLAIN:
            return format_tiles(tiles)
        return tiles_zh(tiles)

    def hand_words(self, tiles: tuple[Tile, ...] | list[Tile]) -> str:
        """A hand in running text, suit by suit: ``三八万 二四四八筒 东东`` or ``38m2448p11z``."""
        if self.display.style is TileStyle.PLAIN:
            return format_tiles(tiles)
        return hand_zh(tiles)

    def told(self, text: str | Words) -> str:
        """The analysis's words for this table: seats by name, and tiles (``5m``, ``4z``) as the tiles are drawn."""
        text = self.seat_names(text)
        if self.display.style is TileStyle.PLAIN:
            return text
        return _TILE_NOTATION.sub(lambda m: self.words(parse_tiles(m.group(1))), text)

    def seat_names(self, text: str | Words) -> str:
        """The engine's ``seat 2`` / ``座位2`` in a line (its words in the language in use), replaced by a name."""
        if isinstance(text, Words):
            text = i18n.say(text)
        return i18n.names_in(text, self.names)


def position_of(seat: int, bottom: int) -> str:
    """Where a seat sits on screen: bottom, right (下家), top (对家), left (上家)."""
    return ("bottom", "right", "top", "left")[(seat - bottom) % 4]


def seat_at(position: str, bottom: int) -> int:
    """The seat shown at a screen position."""
    return (bottom + ("bottom", "right", "top", "left").index(position)) % 4


#: between a meld's tiles: a space no line breaks at (:mod:`mahjong_tui.ui.wrapping`), so a meld stays whole
MELD_SPACE = NO_BREAK


def meld_text(look: Look, meld: Meld, owner: int) -> Text:
    """A meld's tiles and, for a claim, the seat it came from (上/对/下 and its wind): one piece when wrapped."""
    out = Text()
    if meld.kind is MeldKind.CONCEALED_KONG:
        return Text(MELD_SPACE).join([look.back(), look.tile(meld.tiles[1]), look.tile(meld.tiles[2]), look.back()])
    claimed_marked = False
    for i, t in enumerate(meld.tiles):
        mark = not claimed_marked and t == meld.claimed and meld.source is not None
        claimed_marked = claimed_marked or mark
        if i:
            out.append(MELD_SPACE)
        out.append_text(look.tile(t, dim=mark))
    if meld.source is not None:
        rel = RELATION.get((meld.source - owner) % 4, "")
        out.append(f"‹{rel}{look.wind(meld.source)}", style="italic #9aa0a6")
    return out


def claims_text(look: Look, seat: int, *, close_only: bool = False) -> Text | None:
    """Where claims between two players relate them (三口, 承包): how many discards this seat took from whom,
    the count that relates them in red, the one before it in yellow; None with no such rule or no claim.

    ``close_only`` (a narrow line): only the counts one claim from a relation or past it.
    """
    table = look.table
    need = table.ruleset.relation_claims
    row = table.claims[seat]
    if close_only:
        row = tuple(k if k >= need - 1 else 0 for k in row)
    if not need or not any(row):
        return None
    out = Text(i18n.t("seat.claims") + " ", style="#9aa0a6")
    for n, o in enumerate(o for o in range(4) if row[o]):
        if n:
            out.append(i18n.t("hint.separator"), style="#9aa0a6")
        k = row[o]
        style = "bold #ff6b6b" if k >= need else "bold #ffd166" if k == need - 1 else "#cfd8dc"
        out.append(i18n.t("seat.claim_count", name=look.names[o], n=k), style=style)
    return out


def relation_warnings(look: Look, seat: int) -> list[str]:
    """Before ``seat`` discards: each player one claim from being related to it (三口, 承包), and what that costs."""
    table = look.table
    need = table.ruleset.relation_claims
    if not need:
        return []
    claims = table.claims
    return [
        look.told(table.ruleset.relation_warning(look.names[o]))
        for o in range(4)
        if o != seat and claims[o][seat] == need - 1
    ]


def flowers_text(look: Look, seat: int) -> Text | None:
    """The seat's flowers in a row, or None when it has none."""
    flowers = look.table.flowers[seat]
    if not flowers:
        return None
    out = Text()
    for i, f in enumerate(flowers):
        if i:
            out.append(" ")
        out.append_text(look.tile(f))
    return out


def hand_order(look: Look, seat: int) -> tuple[list[Tile], Tile | None]:
    """A revealed seat's concealed tiles sorted, and the drawn tile kept apart while it may be discarded."""
    concealed = look.table.concealed[seat]
    tiles = list(concealed) if concealed is not None else []
    drawn = look.table.drawn[seat]
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
        return tiles, drawn
    return tiles, None


def has_drawn_apart(look: Look, seat: int) -> bool:
    """The seat's hand shows a just-drawn tile apart (face up or down)."""
    return look.table.holds_drawn[seat]


def seat_header(look: Look, seat: int, *, compact: bool = False) -> Text:
    """Name line: wind, name, dealer mark, points, whose turn."""
    table = look.table
    out = Text()
    turn = look.to_act(seat)
    wind_style = Style(bold=True, color="black", bgcolor="#ffd166" if turn else "#9aa0a6")
    out.append(f" {look.wind(seat)} ", style=wind_style)
    out.append(f" {look.names[seat]}", style="bold")
    if seat == table.dealer:
        out.append(" " + i18n.t("seat.dealer"), style="bold #ff6b6b")
    out.append(" " + i18n.t("seat.points", points=table.scores[seat]), style="#cfd8dc")
    if turn:
        out.append("  " + i18n.t("seat.to_act") if not compact else " ◀", style="bold #ffd166")
        if look.seconds_left is not None and seat == look.deciding:
            out.append(" " + i18n.t("seat.seconds_left", n=look.seconds_left), style="bold #ff6b6b")
    if table.kaigang_locked[seat]:
        out.append("  " + i18n.t("seat.kaigang"), style="bold #ff6b6b")
    return out


def concealed_chunks(look: Look, seat: int) -> list[Text]:
    """A seat's concealed tiles as chunks: face up when shown, else backs."""
    if look.table.revealed(seat):
        tiles, drawn = hand_order(look, seat)
        chunks = [look.tile(t) for t in tiles]
        if drawn is not None:
            chunks.append(Text(" ") + look.tile(drawn))
        return chunks
    return [look.back() for _ in range(look.table.hand_sizes[seat])]


def action_title(action: Action) -> str:
    """A player's words for an action, its tiles by both names: ``Pong 五万 (5m)``, ``碰 五万 (5m)``."""
    return telling.action_title(action, i18n.current(), _named_twice)


def _named_twice(tiles: tuple[Tile, ...]) -> str:
    """Tiles by their Chinese names and in notation: ``三四五万 (345m)``."""
    return f"{tiles_zh(tiles)} ({format_tiles(tiles)})"


def dice_text(dice: tuple[int, ...]) -> str:
    """The dice as faces: ``⚂⚄``."""
    return telling.dice_text(dice)


def describe_event(ev: Event, look: Look, viewers: frozenset[int]) -> str | None:
    """A log line for an event, as the people at the screen may see it (None: not logged)."""
    return telling.Teller(i18n.current(), look.table.ruleset, look, viewers).line(ev)


def hand_type_labels(ruleset: Ruleset, types: Sequence[str]) -> str:
    """Hand types in a player's words, one after another: ``碰碰胡 All pongs, 清一色 Full flush``, in Chinese
    ``碰碰胡、清一色`` (an id the rules do not know as itself). In English too the Chinese name comes first:
    learners meet the names players use. In both languages each name once (the English holds the Chinese)."""
    from mahjong_tui.book.rulebook import type_names  # the rule book's names (imported when a hand type is shown)

    return i18n.t("hint.separator").join(i18n.say(type_names(ruleset, (x,))) for x in types)


def rules_name(rules: Ruleset) -> str:
    """A rule set's name where room is short: ``shanghai``, ``上海麻将``, ``上海麻将 shanghai``."""
    return named(rules.name, rules.zh_name)
