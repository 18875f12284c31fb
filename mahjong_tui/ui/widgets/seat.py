"""A seat at the table: name, wind, dealer mark, points, flowers, melds and concealed tiles."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from mahjong_tui.i18n import t

from ..look import claims_text, concealed_chunks, flowers_text, meld_text, seat_header
from ..wrapping import pack
from .base import SeatWidget


class SeatPanel(SeatWidget):
    """One of the three other seats (top, left, right) in the full layout."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; padding: 0 1; }
    """

    def render(self) -> RenderableType:
        """Header, flowers, melds, then the hand."""
        look = self.look
        if look is None:
            return ""
        width = max(8, self.size.width - 2)
        out = seat_header(look, self.seat)
        claims = claims_text(look, self.seat)
        if claims is not None:
            out.append("\n")
            out.append_text(claims)
        flowers = flowers_text(look, self.seat)
        if flowers is not None:
            out.append("\n")
            out.append_text(pack([Text(t("seat.flowers") + " ", style="#9aa0a6"), *flowers.split(" ")], width))
        melds = look.table.melds[self.seat]
        if melds:
            out.append("\n")
            out.append_text(pack([meld_text(look, m, self.seat) for m in melds], width))
        out.append("\n")
        out.append_text(pack(concealed_chunks(look, self.seat), width))
        return out


class CompactSeat(SeatWidget):
    """A seat in the compact layout: one line of facts, then its river."""

    DEFAULT_CSS = """
    CompactSeat { height: auto; }
    """

    def render(self) -> RenderableType:
        """Header with melds and tile count, then the river's latest tiles."""
        from .river import river_chunks

        look = self.look
        if look is None:
            return ""
        width = max(10, self.size.width)
        river = river_chunks(look, self.seat)
        label = Text(f"{look.wind(self.seat)}{t('seat.river')} ", style="#6b7075")  # whose river, even without a header
        if self.position == "bottom":
            body = pack(river, width - 4, max_lines=2, keep_end=True) if river else Text("—", style="#6b7075")
            return label + Text("\n    ").join(body.split("\n"))
        table = look.table
        line = seat_header(look, self.seat, compact=True)
        if table.flowers[self.seat]:
            line.append(f" {t('seat.flowers')}{len(table.flowers[self.seat])}", style="#c39bd3")
        for m in table.melds[self.seat]:
            line.append(" ")
            line.append_text(meld_text(look, m, self.seat))
        hand = concealed_chunks(look, self.seat) if table.revealed(self.seat) else []
        if not hand:
            line.append(f" ▒×{table.hand_sizes[self.seat]}", style="#7fb58a")
        claims = claims_text(look, self.seat, close_only=True)
        if claims is not None:
            line.append(" ")
            line.append_text(claims)
        elif line.cell_len + 1 + pack(hand, 400).cell_len <= width:
            line.append(" ")
            line.append_text(pack(hand, 400))
            hand = []
        line.truncate(width)
        if hand:  # face up (a replay, open hands) and too long for the header's line: the lines below
            line.append("\n    ")
            line.append_text(Text("\n    ").join(pack(hand, width - 4).split("\n")))
        body = pack(river, width - 4, max_lines=2, keep_end=True) if river else Text("—", style="#6b7075")
        out = line
        out.append("\n")
        out.append_text(label)
        lines = body.split("\n")
        for i, ln in enumerate(lines):
            if i:
                out.append("\n    ")
            out.append_text(ln)
        return out
