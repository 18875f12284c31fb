"""A RichLog that wraps its lines to its own width, and lays them out again when that width changes.

A RichLog draws each line once, when it is written, at least ``min_width`` (78) cells wide
unless told otherwise, and keeps it so: in a narrower log the ends were cut off, and after
a resize the old lines kept the old width. This one keeps what was written and writes it
all again at the new width, and shows its end. A line told from an event (:class:`Told`) is told
again when the language changes, so the log never mixes two.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from rich.console import RenderableType
from textual.events import Resize
from textual.widgets import RichLog

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


class ReflowLog(RichLog):
    """Lines wrapped to the width of the log, written again on a resize; the newest ``keep`` are kept."""

    def __init__(self, *, keep: int = 300, id: str | None = None) -> None:
        """A log keeping its ``keep`` newest entries."""
        super().__init__(wrap=True, markup=False, min_width=1, id=id)
        self.entries: deque[RenderableType] = deque(maxlen=keep)
        self._laid_out_at = 0  # the width the lines were written at

    def add(self, content: RenderableType) -> None:
        """Write one entry (a line, or any renderable), as wide as the log (a line broken as Chinese reads well)."""
        self.entries.append(content)
        self.write(wrapped(content), expand=True)

    def on_resize(self, event: Resize) -> None:
        """Write everything again when the width changed (the first size: RichLog writes what waited)."""
        first = not self._size_known
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if first or not width:
            self._laid_out_at = width
            return
        if width != self._laid_out_at:
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
        self.clear()
        for entry in self.entries:
            self.write(wrapped(entry), expand=True, scroll_end=False)
        self.scroll_end(animate=False, immediate=True)
