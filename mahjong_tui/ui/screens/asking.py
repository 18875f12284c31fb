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
from typing import TYPE_CHECKING

from rich.text import Text

from mahjong_tui.engine import (
    Action,
    Event,
    HandStarted,
    KaigangDiscarded,
    KongDeclared,
    MeldKind,
    Phase,
    SeatView,
    TileDiscarded,
)
from mahjong_tui.i18n import t

from ..config import Privacy
from ..look import WINDOWS, Look
from ..widgets.hand import hand_tiles
from .choice import Choice, ChoiceScreen
from .curtain import CurtainScreen
from .prompts import prompt_choices, prompt_info, prompt_notes, prompt_title

if TYPE_CHECKING:
    from textual.app import App

    from ..driver import TableDriver


def asked_after(events: Sequence[Event], initial_wins: bool) -> tuple[int, bool, Event] | None:
    """The last event of a move after which others may be asked: (its seat, that seat is asked too, it).

    A discard (and the shown 海底), an added kong (it may be robbed), the 开杠 tiles given to
    the others; a new hand where 起手小胡 may be declared (everyone, the dealer last).
    """
    found: tuple[int, bool, Event] | None = None
    for ev in events:
        if isinstance(ev, TileDiscarded | KaigangDiscarded):
            found = (ev.seat, False, ev)
        elif isinstance(ev, KongDeclared) and ev.meld.kind is MeldKind.ADDED_KONG:
            found = (ev.seat, False, ev)
        elif isinstance(ev, HandStarted) and initial_wins:
            found = (ev.dealer, True, ev)
    return found


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
        viewer: int | None
        bottom: int
        actor: int | None
        decision: SeatView | None
        selected: int | None
        private: dict[int, list[str]]
        _waiting: bool

        def look(self) -> Look: ...
        def act(self, action: Action) -> None: ...
        def advance(self, resume: Action | None = None) -> None: ...
        def render_table(self) -> None: ...

        _asks: list[int]  # people still to be called about the latest discard (strict privacy)
        _asked_about: tuple[Text, Text | None, str]  # what it is about, its tiles, the one choice's words
        _asking: bool  # a call of everyone is under way: when it ends, the screen is hidden again

    @property
    def strict(self) -> bool:
        """Strict privacy is on and two or more people share the screen."""
        return self.driver.hotseat and self.driver.setup.privacy is Privacy.STRICT

    def queue_asks(self, events: Sequence[Event]) -> None:
        """After a move that opens claims, line up every other person (strict privacy)."""
        if not self.strict:
            return
        found = asked_after(events, self.driver.table().ruleset.initial_small_wins)
        if found is None:
            return
        origin, with_origin, ev = found
        order = [(origin + i) % 4 for i in (1, 2, 3)] + ([origin] if with_origin else [])
        self._asks = [s for s in order if not self.driver.is_bot(s)]
        words = t("asking.nothing_to_declare") if isinstance(ev, HandStarted) else t("asking.nothing_to_claim")
        self._asked_about = (*about(self.look(), ev), words)
        self._asking = bool(self._asks)

    def ask_due(self) -> bool:
        """The next person in line must be called now: the engine is not about to ask them itself."""
        if not self._asks:
            return False
        table = self.driver.table()
        return not (table.phase in WINDOWS and self._asks[0] in table.pending)

    def ask_next(self) -> bool:
        """Call the next person in line if it is their moment (True: a curtain is up); else end the call."""
        if self.ask_due():
            self.acknowledge(self._asks.pop(0))
            return True
        if self._asking and not self._asks:
            # Whoever was last behind the curtain, the next decision gets a curtain of its own.
            self._asking = False
            self.viewer = None
            self.render_table()
        return False

    def acknowledge(self, seat: int) -> None:
        """The curtain for ``seat``, then a prompt whose only choice goes on (nothing reaches the engine)."""
        self._curtain(seat, lambda: self._acknowledged(seat))

    def _acknowledged(self, seat: int) -> None:
        """Behind the curtain: what happened, and only "continue", over a hidden table.

        The table itself would tell this person more than their own prompt would: when nobody
        may claim, the engine has already gone on to the next turn.
        """
        what, tiles, words = self._asked_about
        title = Text(t("prompt.who", who=self.look().label(seat)), style="bold") + what

        def answered(_: Action | None) -> None:
            """Play on."""
            self._waiting = False
            self.advance()

        self._waiting = True
        self.app.push_screen(ChoiceScreen(title, [Choice("enter", words, None)], tiles=tiles, classes="-ack"), answered)

    def _curtain(self, seat: int, then: Callable[[], None]) -> None:
        """Hide the table and put up the curtain for ``seat``; ``then()`` once they have the screen."""
        self.viewer = None
        self.bottom = seat
        self.render_table()
        self._waiting = True
        self.app.push_screen(CurtainScreen(self.look().label(seat)), lambda _: then())

    def person(self, seat: int) -> None:
        """A person must decide: the curtain first in hot-seat, then their turn or a prompt."""
        if self._asks and self._asks[0] == seat and self.driver.table().phase in WINDOWS:
            self._asks.pop(0)  # the engine asks them about it itself, in their place in line
        if self.driver.hotseat and self.viewer != seat:
            self._curtain(seat, lambda: self._lift(seat))
            return
        self._lift(seat)

    def _lift(self, seat: int) -> None:
        """Show the seat's tiles and ask it."""
        self._waiting = False
        self.viewer = seat
        self.bottom = seat
        view = self.driver.seat_view(seat)
        self.decision = view
        if view.phase is Phase.TURN:
            self.actor = seat
            tiles = hand_tiles(self.look(), seat)
            self.selected = len(tiles) - 1 if tiles else None
            self.render_table()
            return
        self.render_table()
        self.prompt(view)

    def prompt(self, view: SeatView) -> None:
        """The modal prompt for anything but a turn: claims, robbing, 海底, 开杠 and initial wins."""
        title, tiles = prompt_title(self.look(), view)
        notes = prompt_notes(view, self.private[view.seat])
        self._waiting = True

        def answered(action: Action | None) -> None:
            """Carry out the answer."""
            self._waiting = False
            if action is None:
                self.advance()
                return
            self.act(action)

        info = prompt_info(self.look(), view)
        self.app.push_screen(ChoiceScreen(title, prompt_choices(view), tiles=tiles, notes=notes, info=info), answered)
