"""The hand of the seat at the bottom: tall tiles, the selection its own, number keys, mouse clicks.

While the player at the bottom chooses a discard the hand holds which tile is selected
(:attr:`HandView.selected`) and which was picked by number or click (picked again, it goes);
the table's keys move and pick through it, and it tells the table of every change of the
selection (:class:`HandView.Selected`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from mahjong_tui.engine import Tile

from ..look import Look, hand_order, has_drawn_apart
from ..tiles import back_text, face_style, tall_rows

KEY_LABELS = "1234567890"
CELL = 5  # a tall tile is 4 cells wide, one apart
GAP = 2  # extra cells before the drawn tile


def hand_tiles(look: Look, seat: int) -> list[Tile]:
    """A revealed seat's tiles in the order shown: sorted, the drawn tile last."""
    tiles, drawn = hand_order(look, seat)
    return tiles + ([drawn] if drawn is not None else [])


def hand_length(look: Look, seat: int) -> int:
    """How many tiles the seat's hand shows, face up or down."""
    return len(hand_tiles(look, seat)) if look.table.revealed(seat) else look.table.hand_sizes[seat]


class HandView(Widget):
    """Concealed tiles of the bottom seat, face up or down; while its player chooses a discard, a tile selected."""

    DEFAULT_CSS = """
    HandView { height: 4; width: 1fr; }
    """

    @dataclass
    class TileClicked(Message):
        """A tile was clicked (its index in the shown order)."""

        index: int

    @dataclass
    class Selected(Message):
        """The selection changed: the index of the tile selected now, in the shown order (None: none is)."""

        index: int | None

    #: the tile selected, in the shown order: the drawn tile (the last) when the player's choice opens
    selected: reactive[int | None] = reactive(None, init=False)

    def __init__(self, *, id: str | None = None) -> None:
        """Empty until ``show``."""
        super().__init__(id=id)
        self.look: Look | None = None
        self.seat = 0
        self.active = False
        self.marks: list[Text] = []
        self.lit: int | None = None  # a tile drawn lit, as the table lights a winning tile
        self.armed: int | None = None  # a tile picked by number or click: picked again, it goes

    def show(
        self, look: Look, seat: int, *, active: bool, marks: list[Text] | None = None, lit: int | None = None
    ) -> None:
        """Draw ``seat``'s tiles; ``active`` while that player is choosing a discard; ``marks`` over each tile;
        ``lit``: the index of a tile drawn lit (the winning tile of a hand shown won).

        When the player's choice opens the last tile is selected; when it ends, none is.
        """
        opened = active and not self.active
        self.look = look
        self.seat = seat
        self.active = active
        self.marks = marks or []
        self.lit = lit
        if opened or not active:
            count = self._count()  # none while nobody at the bottom chooses
            self.armed = None
            self.selected = count - 1 if count else None
        self.refresh()

    def watch_selected(self, index: int | None) -> None:
        """Tell the table the selection changed."""
        self.post_message(self.Selected(index))

    def _count(self) -> int:
        """How many tiles the player choosing a discard holds (none while nobody at the bottom is)."""
        return len(hand_tiles(self.look, self.seat)) if self.look is not None and self.active else 0

    def move(self, step: int) -> None:
        """Move the selection ``step`` tiles, round the hand (the arrow keys)."""
        n = self._count()
        if n:
            self.armed = None
            self.selected = ((self.selected or 0) + step) % n

    def pick(self, index: int) -> bool:
        """Select and pick the tile at ``index`` (by number or click); True: it was picked already, so it goes."""
        if index >= self._count():
            return False
        if self.armed == index and self.selected == index:
            return True
        self.selected = index
        self.armed = index
        return False

    def select(self, index: int | None) -> None:
        """Select the tile at ``index`` (``d`` selects the drawn tile so)."""
        if self.active:
            self.selected = index

    def _has_drawn(self) -> bool:
        """The drawn tile is shown apart."""
        assert self.look is not None
        return has_drawn_apart(self.look, self.seat)

    def index_at(self, x: int) -> int | None:
        """The tile under column ``x``, if any."""
        if self.look is None:
            return None
        n = hand_length(self.look, self.seat)
        for i in range(n):
            start = i * CELL + (GAP if self._has_drawn() and i == n - 1 else 0)
            if start <= x < start + CELL - 1:
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        """Report a click on a tile."""
        index = self.index_at(event.x)
        if index is not None and self.active:
            self.post_message(self.TileClicked(index))

    def render(self) -> RenderableType:
        """Four rows: the raised selected tile, the two tile rows, the key labels."""
        look = self.look
        if look is None:
            return ""
        display = look.display
        shown = look.table.revealed(self.seat)
        # A hidden hand is only its number of tiles: backs, the drawn one apart as the table sees it.
        tiles: list[Tile | None] = list(hand_tiles(look, self.seat)) if shown else [None] * hand_length(look, self.seat)
        drawn = self._has_drawn()
        rows = [Text(), Text(), Text(), Text()]
        for i, t in enumerate(tiles):
            lead = " " * (GAP if drawn and i == len(tiles) - 1 else 0)
            for r in rows:
                r.append(lead)
            selected = self.active and self.selected == i
            if t is not None:
                top, bottom = tall_rows(t, display.style)
                style = face_style(t, display.palette, highlight=selected or i == self.lit)
                cells = [Text(top, style=style), Text(bottom, style=style)]
            else:
                back = back_text(display.style).style
                cells = [Text("▒▒▒▒", style=back), Text("▒▒▒▒", style=back)]
            # A tile's marks (hints) sit above it, or below it while it is raised.
            mark = self.marks[i] if i < len(self.marks) and shown else Text()
            over = Text(" " * ((4 - mark.cell_len) // 2)) + mark
            over.pad_right(4 - over.cell_len)
            if selected:
                rows[0].append_text(cells[0])
                rows[1].append_text(cells[1])
                rows[2].append_text(over)
            else:
                rows[0].append_text(over)
                rows[1].append_text(cells[0])
                rows[2].append_text(cells[1])
            label = KEY_LABELS[i] if self.active and shown and i < len(KEY_LABELS) else ""
            if self.active and shown and drawn and i == len(tiles) - 1:
                label = "d" if i >= len(KEY_LABELS) else label + "/d"
            rows[3].append(f"{label:^4}", style=Style(color="#9aa0a6"))
            for r in rows:
                r.append(" ")
        return Text("\n").join(rows)
