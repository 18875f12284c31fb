"""What the table screen asks of whatever drives it: a game at this terminal, a lesson, or a seat at a remote table.

:class:`Seating` is the table's side of its driver, as a protocol: the views it draws,
what the people at this screen may do, how play goes on, and the game as a whole. The
local driver (:class:`~mahjong_tui.ui.driver.TableDriver`, kept or a lesson's) holds the
game itself; the remote one (:class:`~mahjong_tui.ui.remote_driver.RemoteDriver`) holds only
what the server sent its seat. No Textual here.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from mahjong_tui.engine import Action, Event, SeatView, TableView, Words

if TYPE_CHECKING:
    from mahjong_tui.learn.review import Review

    from .config import GameSetup
    from .driver import Pace, Played, Standings
    from .table_state import Calls


class Seating(Protocol):
    """The table's driver, as the table screen sees it."""

    setup: GameSetup
    autoplay: set[int]

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen."""

    @property
    def hotseat(self) -> bool:
        """Two or more people share the screen."""

    @property
    def strict(self) -> bool:
        """Strict privacy is on and two or more people share the screen."""

    @property
    def hand_over(self) -> bool:
        """The current hand has ended."""

    @property
    def hand_events(self) -> list[Event]:
        """The current hand's events so far, as the people at this screen may see them."""

    def opening(self) -> list[Event]:
        """The hand so far, told as the table opens: what comes after it comes from :meth:`play_on`."""

    @property
    def moment(self) -> tuple[int, int]:
        """Which moment of the game this is: it changes with every move."""

    @property
    def game_over(self) -> bool:
        """The game has ended."""

    @property
    def end_reason(self) -> Words:
        """Why the game ended (empty: it played its hands)."""

    @property
    def reviews(self) -> bool:
        """A person's review of a hand can be made here."""

    @property
    def remote(self) -> bool:
        """The game is played elsewhere: a move sent cannot be taken back."""

    @property
    def question_closes_at(self) -> float | None:
        """When the question open now closes by itself (``time.monotonic()``), where the table times it; else None."""

    def is_bot(self, seat: int) -> bool:
        """A bot decides for this seat now."""

    def next_seat(self) -> int | None:
        """The next seat to decide, where this screen knows it."""

    def table(self, reveal: Collection[int] = ()) -> TableView:
        """What everyone sees of the hand, with the concealed tiles of the seats in ``reveal`` this screen may show."""

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` sees and may do now."""

    def shown(self) -> None:
        """The table is on the screen, and play is about to start."""

    def play_on(self, pace: Pace, calls: Calls, resume: Action | None = None) -> Played:
        """Play on until a person here must decide, a move is to be shown, or the hand ends."""

    def calls_after(self, calls: Calls, events: Sequence[Event]) -> Calls:
        """Strict privacy's call after a move's events."""

    def refusal(self, action: Action) -> Words | None:
        """Why the table does not take a person's legal action now (None: it does)."""

    def apply(self, action: Action) -> list[Event]:
        """Make a person's action; its events (where they are known at once)."""

    def next_hand(self) -> list[Event]:
        """Go on to the next hand; its events (where they are known at once)."""

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action (False: it cannot be)."""

    def review(self, seat: int) -> Review:
        """``seat``'s review of the latest hand."""

    def standings(self) -> Standings:
        """The points everyone started with, every finished hand, the points now."""
