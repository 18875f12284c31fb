"""A scrolling page of lines rendered elsewhere: the rules screen renders its pages in a worker thread.

Rendering a players' rules page (Rich Markdown with tables) takes a tenth of a second or
more; done in the screen's own turn it held the screen back from opening. The screen
renders a page off the event loop into lines at the page's width and hands them here.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip


class PageView(ScrollView, can_focus=True):
    """Lines already rendered, scrolled; asks (``Resized``) for new ones when its width changes."""

    DEFAULT_CSS = """
    PageView { height: 1fr; overflow-x: hidden; }
    """

    class Resized(Message):
        """The page's width changed: its lines must be rendered again at ``width``."""

        def __init__(self, width: int) -> None:
            """The new width in cells."""
            super().__init__()
            self.width = width

    def __init__(self, *, id: str | None = None) -> None:
        """An empty page."""
        super().__init__(id=id)
        self.lines: list[Strip] = []
        self.laid_out_at = 0  # the width the lines were rendered at

    @property
    def text_width(self) -> int:
        """Cells a line may take (the scrollbar is always there, so this never changes with the content)."""
        return self.scrollable_content_region.width

    def show(self, lines: list[list[Segment]], width: int) -> None:
        """Show lines rendered at ``width``, from the top."""
        self.lines = [Strip(line).adjust_cell_length(width) for line in lines]
        self.laid_out_at = width
        self.virtual_size = Size(width, len(self.lines))
        self.scroll_home(animate=False)
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        """Ask for the page at the new width."""
        if self.text_width and self.text_width != self.laid_out_at:
            self.post_message(self.Resized(self.text_width))

    def render_line(self, y: int) -> Strip:
        """One line of the page, scrolled."""
        _, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.text_width
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        return self.lines[index].crop_extend(0, width, self.rich_style).apply_style(self.rich_style)
