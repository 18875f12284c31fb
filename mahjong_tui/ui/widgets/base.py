"""The base of every widget that draws one seat of the table."""

from __future__ import annotations

from textual.widget import Widget

from ..look import Look


class SeatWidget(Widget):
    """A widget that draws one seat from the table's :class:`Look`."""

    #: a change can alter the widget's height (melds, rows of tiles)
    RELAYOUT = True

    def __init__(self, position: str, *, id: str | None = None) -> None:
        """A widget for the seat shown at ``position`` (``top``, ``left``, ``right``, ``bottom``)."""
        super().__init__(id=id)
        self.position = position
        self.look: Look | None = None
        self.seat = 0

    def show(self, look: Look, seat: int) -> None:
        """Draw ``seat`` from ``look``."""
        self.look = look
        self.seat = seat
        self.refresh(layout=self.RELAYOUT)
