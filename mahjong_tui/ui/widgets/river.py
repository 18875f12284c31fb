"""A seat's river: its discards in order, the last one highlighted, claimed ones marked."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text

from mahjong_tui.i18n import t

from ..look import Look
from ..wrapping import pack
from .base import SeatWidget


def river_chunks(look: Look, seat: int) -> list[Text]:
    """The river's tiles as chunks: claimed tiles dimmed and struck, winning ones in red."""
    river = look.table.rivers[seat]
    chunks = []
    for i, r in enumerate(river):
        last = look.last_discard == (seat, i) and r.claimed_by is None
        text = look.tile(r.tile, highlight=last, dim=r.claimed_by is not None)
        if r.claimed_by is not None:
            text.stylize(Style(strike=True))
        if r.won_by:
            text.stylize(Style(bgcolor="#ff8a80"))
        if r.kaigang:
            text.stylize(Style(italic=True, underline=True))
        chunks.append(text)
    return chunks


class RiverView(SeatWidget):
    """The discards of one seat, laid in rows that fill the widget's width."""

    DEFAULT_CSS = """
    RiverView { height: 1fr; width: 1fr; padding: 0 1; }
    """

    RELAYOUT = False

    def render(self) -> RenderableType:
        """The river's tiles, newest last; the oldest rows give way when space runs out."""
        look = self.look
        if look is None:
            return ""
        chunks = river_chunks(look, self.seat)
        label = Text(f"{look.wind(self.seat)} {t('seat.river')}", style="#6b7075")
        width = max(6, self.size.width - 2)
        if not chunks:
            return label
        return pack([label, *chunks], width, max_lines=max(1, self.size.height), keep_end=True)
