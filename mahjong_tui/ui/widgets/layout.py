"""The table's seats, rivers and wall, as the game and the replay both lay them out.

Two layouts side by side, one shown at a time by the screen's class: ``#full`` (the seats
around the wall, each side seat's river beneath it) and ``#compact`` (one line of facts per
seat, then its river). The screen adds what is its own around them; :func:`show_seats_and_rivers`
draws them all for a moment of the game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode

from ..look import Look, seat_at
from .hint_panel import HintPanel
from .river import RiverView
from .seat import CompactSeat, SeatPanel
from .wall import InfoLine, WallRing


def seats_and_rivers(*, hints: bool = False) -> ComposeResult:
    """The full and the compact layouts of the four seats (``hints``: the hint panel beside the wall)."""
    with Vertical(id="full"):
        yield SeatPanel("top", id="seat-top")
        with Horizontal(id="middle"):
            # The side seats keep their rivers beneath them, so the centre is the wall
            # between the rivers of the seats across and at the bottom.
            with Vertical(id="side-left", classes="side"):
                yield SeatPanel("left", id="seat-left")
                yield RiverView("left", id="river-left")
            with Vertical(id="centre"):
                yield RiverView("top", id="river-top")
                yield WallRing(id="wall")
                if hints:
                    yield HintPanel(id="hints-full")
                yield RiverView("bottom", id="river-bottom")
            with Vertical(id="side-right", classes="side"):
                yield SeatPanel("right", id="seat-right")
                yield RiverView("right", id="river-right")
    with Vertical(id="compact"):
        yield InfoLine(id="info-line")
        for pos in ("top", "left", "right", "bottom"):
            yield CompactSeat(pos, id=f"cseat-{pos}")


def show_seats_and_rivers(screen: DOMNode, look: Look, bottom: int) -> None:
    """Draw the seats, rivers, wall and facts of both layouts for ``look``, ``bottom`` being the seat below."""
    for pos in ("top", "left", "right"):
        screen.query_one(f"#seat-{pos}", SeatPanel).show(look, seat_at(pos, bottom))
    for pos in ("top", "left", "right", "bottom"):
        seat = seat_at(pos, bottom)
        screen.query_one(f"#river-{pos}", RiverView).show(look, seat)
        screen.query_one(f"#cseat-{pos}", CompactSeat).show(look, seat)
    screen.query_one("#wall", WallRing).show(look)
    screen.query_one("#info-line", InfoLine).show(look)
