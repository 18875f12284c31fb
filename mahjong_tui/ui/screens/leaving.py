"""The questions more than one screen asks: whether to leave the game, and each person's review of a hand, behind
their curtain (the table and the end of a hand both ask them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.screen import Screen

from mahjong_tui.i18n import t

from ..look import Look
from .curtain import CurtainScreen
from .once import dismiss_over

if TYPE_CHECKING:
    from textual.app import App

    from mahjong_tui.learn.review import Review


async def leave(screen: Screen[str], *, remote: bool = False) -> None:
    """Ask whether to leave the game (for a new one, or the program; ``remote``: a table played elsewhere, which only
    the program is left for); if so, ``screen`` answers ``new`` or ``quit``."""
    from .help import LeaveScreen

    answer = await screen.app.push_screen_wait(LeaveScreen(remote=remote))
    if answer in ("new", "quit"):
        dismiss_over(screen, answer)


async def leave_for_new(table: Screen[str]) -> None:
    """Ask whether to leave the table for the new game screen; if so, the table answers ``new``."""
    from .help import ConfirmScreen

    if await table.app.push_screen_wait(ConfirmScreen(t("app.leave_for_new"))):
        dismiss_over(table, "new")


async def reviews(app: App[object], look: Look, people: list[int], review: Callable[[int], Review]) -> None:
    """Each person's review of the hand drawn in ``look``, one after another, each behind their curtain."""
    for seat in people:
        await app.push_screen_wait(CurtainScreen(look.label(seat)))
        from .review import ReviewScreen

        await app.push_screen_wait(ReviewScreen(look, review(seat)))
