"""Asking the people at the table, each question awaited: the curtain, the prompts, strict privacy's call, leaving.

The engine asks only the seats that may act: after a discard, only those who may claim it.
With two or more people at one screen, a curtain coming up for someone between turns would
tell the others that this person may claim. The curtain never says why it came up, and with
strict privacy (:class:`~mahjong_tui.ui.config.Privacy`) every person but the discarder is
called behind the curtain after every discard (and every kong that may be robbed, the 开杠
tiles, and the 起手小胡 at the start of a hand), in the order the engine asks seats; those
the engine does not ask only acknowledge. The acknowledgement sends nothing to the engine.

Every question the table (and its end of hand) puts to a person is here, each a dialog
awaited with ``push_screen_wait``, so it reads as it happens: ask, then act on the answer.
The table's controller (:mod:`~mahjong_tui.ui.table_controller`) awaits them in its flows,
which the table screen runs as workers.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App

from mahjong_tui.engine import Action, Event, HandStarted, KaigangDiscarded, KongDeclared, SeatView, TileDiscarded
from mahjong_tui.i18n import t

from ..look import WINDOWS, Look
from ..seating import Seating
from .choice import Choice, ChoiceScreen, choices_for
from .curtain import CurtainScreen
from .prompts import prompt_choices, prompt_info, prompt_notes, prompt_title


def about(look: Look, ev: Event) -> tuple[Text, Text | None]:
    """What an acknowledgement is about, as the prompt for that moment would say it, and its tiles."""
    if isinstance(ev, TileDiscarded):
        return Text(t("prompt.discarded", who=look.label(ev.seat), tile=look.word(ev.tile))), look.tile(
            ev.tile, highlight=True
        )
    if isinstance(ev, KongDeclared):
        return Text(t("asking.added_kong", who=look.label(ev.seat), tile=look.word(ev.meld.first))), look.tile(
            ev.meld.first, highlight=True
        )
    if isinstance(ev, KaigangDiscarded):
        tiles = Text(" ").join(look.tile(x, highlight=True) for x in ev.tiles)
        return Text(t("prompt.kaigang", who=look.label(ev.seat))), tiles
    return Text(t("asking.hand_begins")), None


async def curtain(app: App[object], look: Look, seat: int) -> None:
    """The hot-seat curtain for ``seat`` (over a table already hidden), until they have the screen."""
    await app.push_screen_wait(CurtainScreen(look.label(seat)))


async def prompt(
    app: App[object], look: Look, view: SeatView, notes: list[str], closes_at: float | None
) -> Action | None:
    """The prompt for anything but a turn: claims, robbing, 海底, 开杠 and initial wins (``notes``: the seat's
    private notices; ``closes_at``: when the table stops waiting for the answer).

    The answer is the action chosen; None when the question went to the bot unanswered.
    """
    title, tiles = prompt_title(look, view)
    bot = view.phase not in WINDOWS  # a window's time up: the table passes; a decision's: the seat's bot plays
    screen = ChoiceScreen(
        title,
        prompt_choices(view),
        tiles=tiles,
        notes=prompt_notes(view, notes),
        info=prompt_info(look, view),
        rules=view.ruleset.name,
        closes_at=closes_at,
        bot_answers=bot,
    )
    return await app.push_screen_wait(screen)


async def acknowledgement(app: App[object], look: Look, seat: int, ev: Event) -> None:
    """Behind the curtain: what happened (``ev``), and only "continue", over a hidden table.

    The table itself would tell this person more than their own prompt would: when nobody
    may claim, the engine has already gone on to the next turn.
    """
    what, tiles = about(look, ev)
    words = t("asking.nothing_to_declare") if isinstance(ev, HandStarted) else t("asking.nothing_to_claim")
    title = Text(t("prompt.who", who=look.label(seat)), style="bold") + what
    choice = ChoiceScreen(
        title, [Choice("enter", words, None)], tiles=tiles, classes="-ack", rules=look.table.ruleset.name
    )
    await app.push_screen_wait(choice)


async def which_kong(app: App[object], look: Look, seat: int, kongs: list[Action]) -> Action | None:
    """Which of the kongs ``seat`` may declare (or 补张 / 开杠); None: back to the turn without one."""
    title = Text(t("table.which_kong", who=look.label(seat)), style="bold")
    return await app.push_screen_wait(
        ChoiceScreen(title, choices_for(kongs, cancel=True), rules=look.table.ruleset.name)
    )


async def summary(app: App[object], look: Look, driver: Seating) -> str | None:
    """The end of the hand drawn in ``look``: ``next``, ``table`` (to look at it), ``new`` or ``quit``."""
    from .hand_end import HandEndScreen  # a hand's end and the game's end are imported when first shown

    screen = HandEndScreen(
        look,
        list(driver.hand_events),
        driver.standings(),
        people=tuple(driver.humans),
        review=driver.review if driver.reviews else None,
        remote=driver.remote,
    )
    return await app.push_screen_wait(screen)


async def final_standings(app: App[object], look: Look, driver: Seating) -> str | None:
    """The game is over: its final standings; ``new`` for a new game, else leaving."""
    from .hand_end import GameEndScreen

    return await app.push_screen_wait(GameEndScreen(look, driver.standings(), driver.end_reason))
