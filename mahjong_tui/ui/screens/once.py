"""A screen answers once: a key pressed twice quickly does what one press does.

Two presses that come in together both reach the screen, the second after the first has
dismissed it. Textual's ``dismiss`` pops whatever screen is on top, so a second answer
would take down the screen beneath (or fail on an empty stack). :class:`Once` makes a
screen's ``dismiss`` do nothing unless the screen is the one on top; a handler that reads
its widgets before answering checks :attr:`Once.on_top` first (a key may also come before
the screen has been drawn, its widgets not there yet).

A task that answers for a screen something else may have opened over meanwhile (the table
after the hand's summary) uses :func:`dismiss_over`, which closes what is above it first.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import Screen

ResultT = TypeVar("ResultT")


class Once(Screen[ResultT], Generic[ResultT]):
    """A screen that is dismissed only while it is on top: a second answer, or a late one, does nothing.

    A modal screen lists it after ``ModalScreen`` (``class Ask(ModalScreen[bool], Once[bool])``): Textual takes a
    screen's stylesheet from its first base's line only.
    """

    @property
    def on_top(self) -> bool:
        """Drawn and on top, so its keys may act: False before its widgets are there, and once it has answered."""
        return self.is_active and self.is_mounted

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        """Answer ``result`` and close, when on top; else (already answered, or under another screen) nothing."""
        if not self.is_active:
            return AwaitComplete.nothing()
        return super().dismiss(result)


def dismiss_over(screen: Screen[ResultT], answer: ResultT) -> None:
    """``screen`` answers, and the dialogs over it go with it unanswered (a claim still asking, say); nothing when
    ``screen`` has already gone."""
    app = screen.app
    if screen not in app.screen_stack:
        return
    while app.screen is not screen:
        app.pop_screen()
    screen.dismiss(answer)
