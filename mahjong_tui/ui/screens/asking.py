"""Asking the people at the table: the hot-seat curtain, the prompt, and strict privacy's call of everyone.

The engine asks only the seats that may act: after a discard, only those who may claim it.
With two or more people at one screen, a curtain coming up for someone between turns would
tell the others that this person may claim. The curtain never says why it came up, and with
strict privacy (:class:`~mahjong_tui.ui.config.Privacy`) every person but the discarder is
called behind the curtain after every discard (and every kong that may be robbed, the 开杠
tiles, and the 起手小胡 at the start of a hand), in the order the engine asks seats; those
the engine does not ask only acknowledge. The acknowledgement sends nothing to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from mahjong_tui.engine import (
    Action,
    Event,
    HandStarted,
    KaigangDiscarded,
    KongDeclared,
    Phase,
    SeatView,
    TileDiscarded,
)
from mahjong_tui.i18n import t

from ..config import Privacy
from ..look import WINDOWS, Look
from ..table_state import Question, TableState, asked_after
from ..widgets.hand import hand_tiles
from .choice import Choice, ChoiceScreen
from .curtain import CurtainScreen
from .prompts import prompt_choices, prompt_info, prompt_notes, prompt_title

if TYPE_CHECKING:
    from textual.app import App

    from ..driver import TableDriver

__all__ = ["Asking", "about", "asked_after"]


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


class Asking:
    """The table screen's people: curtains, prompts and strict privacy's acknowledgements (a mixin)."""

    if TYPE_CHECKING:
        app: App[int]
        driver: TableDriver
        state: TableState

        def look(self, state: TableState | None = None) -> Look: ...
        def act(self, action: Action) -> None: ...
        def advance(self, resume: Action | None = None) -> None: ...

    @property
    def strict(self) -> bool:
        """Strict privacy is on and two or more people share the screen."""
        return self.driver.hotseat and self.driver.setup.privacy is Privacy.STRICT

    def calls_after(self, state: TableState, events: Sequence[Event]) -> TableState:
        """After a move that opens claims, every other person lined up to be called (strict privacy)."""
        if not self.strict:
            return state
        people = [s for s in range(4) if not self.driver.is_bot(s)]
        initial_wins = self.driver.table().ruleset.initial_small_wins
        return replace(state, calls=state.calls.after(events, initial_wins=initial_wins, people=people))

    def ask_due(self) -> bool:
        """The next person in line must be called now: the engine is not about to ask them itself."""
        return self.state.calls.due(self.driver.table())

    def ask_next(self) -> bool:
        """Call the next person in line if it is their moment (True: a curtain is up); else end the call."""
        calls = self.state.calls
        if self.ask_due():
            self.acknowledge(calls.line[0])
            return True
        if calls.under_way and not calls.line:
            # Whoever was last behind the curtain, the next decision gets a curtain of its own.
            self.state = replace(self.state, calls=replace(calls, under_way=False), viewer=None)
        return False

    def acknowledge(self, seat: int) -> None:
        """The curtain for ``seat``, then a prompt whose only choice goes on (nothing reaches the engine)."""
        self.state = replace(self.state, calls=self.state.calls.called())
        self._curtain(seat, lambda: self._acknowledged(seat))

    def _acknowledged(self, seat: int) -> None:
        """Behind the curtain: what happened, and only "continue", over a hidden table.

        The table itself would tell this person more than their own prompt would: when nobody
        may claim, the engine has already gone on to the next turn.
        """
        ev = self.state.calls.about
        assert ev is not None
        what, tiles = about(self.look(), ev)
        words = t("asking.nothing_to_declare") if isinstance(ev, HandStarted) else t("asking.nothing_to_claim")
        title = Text(t("prompt.who", who=self.look().label(seat)), style="bold") + what

        def answered(_: Action | None) -> None:
            """Play on."""
            self.state = replace(self.state, question=None)
            self.advance()

        self.state = replace(self.state, question=Question.CALL)
        self.app.push_screen(ChoiceScreen(title, [Choice("enter", words, None)], tiles=tiles, classes="-ack"), answered)

    def _curtain(self, seat: int, then: Callable[[], None]) -> None:
        """Hide the table and put up the curtain for ``seat``; ``then()`` once they have the screen."""
        self.state = replace(self.state, viewer=None, bottom=seat, question=Question.CURTAIN)
        self.app.push_screen(CurtainScreen(self.look().label(seat)), lambda _: then())

    def person(self, seat: int) -> None:
        """A person must decide: the curtain first in hot-seat, then their turn or a prompt."""
        calls = self.state.calls
        if calls.line[:1] == (seat,) and self.driver.table().phase in WINDOWS:
            # the engine asks them about it itself, in their place in line
            self.state = replace(self.state, calls=calls.called())
        if self.driver.hotseat and self.state.viewer != seat:
            self._curtain(seat, lambda: self._lift(seat))
            return
        self._lift(seat)

    def _lift(self, seat: int) -> None:
        """Show the seat's tiles and ask it."""
        view = self.driver.seat_view(seat)
        state = replace(self.state, question=None, viewer=seat, bottom=seat, decision=view)
        if view.phase is Phase.TURN:
            tiles = hand_tiles(self.look(state), seat)
            self.state = replace(state, selected=len(tiles) - 1 if tiles else None)
            return
        self.state = state
        self.prompt(view)

    def prompt(self, view: SeatView) -> None:
        """The modal prompt for anything but a turn: claims, robbing, 海底, 开杠 and initial wins."""
        title, tiles = prompt_title(self.look(), view)
        notes = prompt_notes(view, list(self.state.private[view.seat]))
        self.state = replace(self.state, question=Question.PROMPT)

        def answered(action: Action | None) -> None:
            """Carry out the answer."""
            self.state = replace(self.state, question=None)
            if action is None:
                self.advance()
                return
            self.act(action)

        info = prompt_info(self.look(), view)
        self.app.push_screen(ChoiceScreen(title, prompt_choices(view), tiles=tiles, notes=notes, info=info), answered)
