"""The table's log: its lines wrapped to its own width, laid out again when that width changes.

It keeps what was written (the newest entries) and, at a new width, writes it all again and
shows its end; what is written before its size is known is laid out once it is. A line told
from an event (:class:`Told`) is told again when the language changes, so the log never mixes
two. It draws as Textual's ``RichLog`` does (which it replaces: that one drew each line once, at
the width of the moment, and its module costs the table's first frame an import of
``rich.pretty``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from rich.console import RenderableType
from rich.segment import Segment
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..wrapping import wrapped


class Told(str):
    """A line told from an event, with how to tell it again (in the language in use then)."""

    tell: Callable[[], str | None]

    def __new__(cls, line: str, tell: Callable[[], str | None]) -> Told:
        """``line``, as ``tell`` tells it now."""
        told = super().__new__(cls, line)
        told.tell = tell
        return told

    def again(self) -> Told:
        """The line told anew (as it was, should the event no longer be told)."""
        return Told(self.tell() or str(self), self.tell)


class ReflowLog(ScrollView, can_focus=True):
    """Lines wrapped to the width of the log, written again on a resize; the newest ``keep`` entries are kept."""

    DEFAULT_CSS = """
    ReflowLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(self, *, keep: int = 300, id: str | None = None) -> None:
        """A log keeping its ``keep`` newest entries."""
        super().__init__(id=id)
        self.entries: deque[RenderableType] = deque(maxlen=keep)
        self.lines: list[Strip] = []  # the entries' lines, at the width they were laid out at
        self._heights: deque[int] = deque()  # how many of those lines each entry has
        self._laid_out_at = 0  # the width the lines were written at (0: not yet known)

    def add(self, content: RenderableType) -> None:
        """Write one entry (a line, or any renderable), as wide as the log (a line broken as Chinese reads well), and
        show the end."""
        if self.entries.maxlen is not None and len(self.entries) == self.entries.maxlen:
            self.entries.popleft()  # the oldest goes, and its lines
            del self.lines[: self._heights.popleft() if self._heights else 0]
        self.entries.append(content)
        if self._laid_out_at:
            self._write(content)
            self.virtual_size = Size(self._laid_out_at, len(self.lines))
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self) -> None:
        """Nothing written any more."""
        self.entries.clear()
        self._heights.clear()
        self.lines = []
        self.virtual_size = Size(self._laid_out_at, 0)
        self.refresh()

    def on_resize(self, event: Resize) -> None:
        """Write everything again when the width changed (the first size: what was written before it)."""
        width = self.scrollable_content_region.width
        if width and width != self._laid_out_at:
            self._laid_out_at = width
            self.reflow()

    def retell(self) -> None:
        """Every line told from an event told again (the language changed), and all written again."""
        for i, entry in enumerate(self.entries):
            if isinstance(entry, Told):
                self.entries[i] = entry.again()
        self.reflow()

    def reflow(self) -> None:
        """Write every entry again at the current width, and show the newest."""
        self.lines = []
        self._heights.clear()
        if self._laid_out_at:
            for entry in self.entries:
                self._write(entry)
        self.virtual_size = Size(self._laid_out_at, len(self.lines))
        self.refresh()
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def _write(self, entry: RenderableType) -> None:
        """The lines of ``entry`` at the width laid out at, after those written."""
        console = self.app.console
        options = console.options.update_width(self._laid_out_at)
        lines = list(Segment.split_lines(console.render(wrapped(entry), options)))
        strips = Strip.from_lines(lines) if lines else [Strip.blank(self._laid_out_at)]
        self.lines.extend(strips)
        self._heights.append(len(strips))

    def render_line(self, y: int) -> Strip:
        """One line of the log, scrolled, in the log's colours."""
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style).apply_style(self.rich_style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(self.rich_style)
