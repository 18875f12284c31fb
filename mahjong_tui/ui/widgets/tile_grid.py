"""Every tile of a rule set in rows, one suit a row: the learner toggles the tiles that answer a question."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from mahjong_tui.engine import Tile

from ..look import Look

ROW = 9  # a suit a row; the honours share the last
CELL = 5  # a tile and its gap, in cells


class TileGrid(Widget):
    """Tiles in rows with a cursor; Space or a click toggles the tile, which shows marked."""

    DEFAULT_CSS = """
    TileGrid { height: auto; width: 1fr; }
    """

    @dataclass
    class Toggled(Message):
        """A tile was clicked (its index in the grid)."""

        index: int

    def __init__(self, *, id: str | None = None) -> None:
        """Empty until ``show``."""
        super().__init__(id=id)
        self.look: Look | None = None
        self.tiles: list[Tile] = []
        self.marked: set[Tile] = set()
        self.cursor = 0
        self.right: set[Tile] | None = None  # once answered: the right tiles, shown beside the marks

    def show(self, look: Look, tiles: list[Tile]) -> None:
        """Offer ``tiles``, none marked, the cursor on the first."""
        self.look, self.tiles, self.marked, self.cursor, self.right = look, tiles, set(), 0, None
        self.refresh(layout=True)

    def reveal(self, right: set[Tile]) -> None:
        """Show which tiles were right."""
        self.right = right
        self.refresh()

    def move(self, dx: int, dy: int) -> None:
        """Move the cursor (arrows), round the grid."""
        if self.tiles:
            self.cursor = (self.cursor + dx + dy * ROW) % len(self.tiles)
            self.refresh()

    def toggle(self, index: int | None = None) -> None:
        """Mark or unmark the tile at ``index`` (the cursor's by default)."""
        if self.right is not None or not self.tiles:
            return
        self.cursor = self.cursor if index is None else index
        tile = self.tiles[self.cursor]
        self.marked ^= {tile}
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click on a tile toggles it."""
        row, col = event.y // 2, event.x // CELL
        index = row * ROW + col
        if 0 <= col < ROW and 0 <= index < len(self.tiles) and event.x % CELL < CELL - 1:
            self.post_message(self.Toggled(index))

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """Two lines a row: the tiles and their marks."""
        return 2 * -(-len(self.tiles) // ROW)

    def render(self) -> RenderableType:
        """Rows of tiles; under each a mark: ✓ chosen, ✗ / ● the right answer once shown, ^ the cursor."""
        look = self.look
        if look is None:
            return ""
        lines: list[Text] = []
        for start in range(0, len(self.tiles), ROW):
            tiles, marks = Text(), Text()
            for i, t in enumerate(self.tiles[start : start + ROW], start):
                chosen = t in self.marked
                tiles.append_text(look.tile(t, highlight=chosen))
                tiles.pad_right(CELL * (i - start + 1) - tiles.cell_len)
                marks.append(self._mark(i, t), style=Style(color=self._colour(t)))
                marks.pad_right(CELL * (i - start + 1) - marks.cell_len)
            lines += [tiles, marks]
        return Text("\n").join(lines)

    def _mark(self, index: int, tile: Tile) -> str:
        """Under a tile: whether it is chosen (and, once answered, right), and the cursor."""
        chosen = tile in self.marked
        if self.right is not None:
            if tile in self.right:
                return " ✓✓ " if chosen else " ●  "
            return " ✗  " if chosen else "    "
        cursor = "^" if index == self.cursor else " "
        return f"{cursor}{'✓' if chosen else ' '}  "

    def _colour(self, tile: Tile) -> str:
        """Green for right, red for a wrong pick, grey before the answer."""
        if self.right is None:
            return "#ffd166"
        if tile in self.right:
            return "#69f0ae"
        return "#ff8a80"
