"""What the table's controller asks of whatever shows its table: the table screen, or a test. No Textual here."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from mahjong_tui.engine import Action, Event, SeatView

from .table_state import TableState


class TableSurface(Protocol):
    """What the controller asks of whatever shows its table."""

    @property
    def covered(self) -> bool:
        """A dialog covers the table: a bot's move shown at its pace waits until it is uncovered."""

    def show(self, state: TableState) -> None:
        """The state changed: draw the table from it."""

    def log_events(self, state: TableState, events: Sequence[Event]) -> None:
        """Tell ``events`` in the log, as the people at the screen may see them in ``state``."""

    def log_cleared(self) -> None:
        """The hand's moves were taken back: the log (and what was worked out from the moves) starts again."""

    def hand_dealt(self) -> None:
        """A new hand is dealt: what was worked out for the last one is forgotten."""

    def later(self, seconds: float, then: Callable[[], None]) -> Callable[[], None]:
        """Call ``then`` in ``seconds``; answers what cancels it."""

    def say(self, text: str, *, warning: bool = False, seconds: float | None = None) -> None:
        """Show a line for a moment (a warning: something the person tried cannot be done)."""

    def run(self, flow: Coroutine[Any, Any, None]) -> None:
        """Run a flow that awaits questions (one of the controller's), beside the table."""

    def keys_changed(self) -> None:
        """The keys on offer may have changed without the state changing (the table is looked at after its summary)."""

    def close(self, answer: str) -> None:
        """The table is left: ``new`` (for a new game) or ``quit``."""

    async def curtain(self, seat: int) -> None:
        """Hot-seat: the curtain for ``seat``, until they have the screen."""

    async def prompt(self, view: SeatView) -> Action | None:
        """The prompt for anything but a turn; None: the question went to the bot unanswered."""

    async def acknowledgement(self, seat: int, ev: Event) -> None:
        """Strict privacy: ``seat`` acknowledges ``ev`` behind their curtain."""

    async def which_kong(self, seat: int, kongs: list[Action]) -> Action | None:
        """Which of ``kongs`` to declare; None: none."""

    async def summary(self) -> str | None:
        """The end of the hand: ``next``, ``table`` (to look at it), ``new`` or ``quit``."""

    async def final_standings(self) -> str | None:
        """The game is over: ``new`` for a new game, else leaving."""
