"""Learning at the table: the hint panel (``h``), the marks on the hand, undo against bots (``u``), open hands.

The panel belongs to one person: it shows only while that person's tiles are on the screen
(in hot-seat, behind their curtain), and only what their own view holds. It is opened for
every person at the start of a hand when the ``hints`` setting is on, and ``h`` opens or
closes it for the person at the screen. The advice is worked out once per move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text

from mahjong_tui.engine import Tile
from mahjong_tui.i18n import t

from ..config import Learning
from ..look import Look, has_drawn_apart
from ..table_state import NO_NOTICES, Calls, TableState
from ..widgets.hand import hand_tiles
from ..widgets.hint_panel import Advice, HintPanel, advise, hand_marks, hint_body
from ..widgets.log import ReflowLog

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import App
    from textual.timer import Timer

    from mahjong_tui.engine import Action, Event

    from ..driver import TableDriver


class Learner:
    """The table screen's learning aids (a mixin; the table screen provides what is declared here)."""

    if TYPE_CHECKING:
        app: App[int]
        driver: TableDriver
        state: TableState
        layout_mode: str
        _timer: Timer | None

        def look(self, state: TableState | None = None) -> Look: ...
        def render_table(self) -> None: ...
        def advance(self, resume: Action | None = None) -> None: ...
        def noted(self, state: TableState, events: Sequence[Event]) -> TableState: ...
        def set_class(self, add: bool, *class_names: str) -> None: ...
        def query_one(self, selector: str, expect_type: type[HintPanel]) -> HintPanel: ...
        def notify(self, message: str, *, severity: str = "information") -> None: ...

    _advice: tuple[tuple[int, tuple[int, int]], Advice] | None = None

    @property
    def learning(self) -> Learning:
        """The learning settings in force (the app's)."""
        return getattr(self.app, "learning", None) or Learning()

    def hints_at_start(self) -> frozenset[int]:
        """The people whose panel is open at the start of a hand: every person when the hints setting is on."""
        return frozenset(self.driver.humans) if self.learning.hints else frozenset()

    def reset_hints(self) -> None:
        """A new hand (or a new hints setting): the panel open for every person when the hints setting is on."""
        self._advice = None
        self.state = replace(self.state, hints_open=self.hints_at_start())

    def hint_seat(self) -> int | None:
        """The person whose panel shows now: the one at the screen, with their panel open, in a hand in play."""
        seat = self.state.viewer
        if seat is None or seat not in self.state.hints_open or self.driver.hand_over:
            return None
        return seat

    def advice(self) -> Advice | None:
        """The advice for the person whose panel shows (worked out once per move)."""
        seat = self.hint_seat()
        if seat is None:
            return None
        key = (seat, self.driver.moment)
        if self._advice is None or self._advice[0] != key:
            decision = self.state.decision
            view = decision if decision is not None and decision.seat == seat else None
            self._advice = (key, advise(view or self.driver.seat_view(seat)))
        return self._advice[1]

    def hint_marks(self, look: Look, seat: int) -> list[Text] | None:
        """The marks over ``seat``'s tiles at the bottom: only on the hand of the person whose panel shows."""
        advice = self.advice()
        if advice is None or advice.view.seat != seat or not look.table.revealed(seat):
            return None
        return hand_marks(advice, hand_tiles(look, seat), has_drawn_apart(look, seat))

    def draw_hints(self, look: Look) -> None:
        """Show the panel (in the centre of a full table, in place of the log on a small one) or hide it."""
        advice = self.advice()
        self.set_class(advice is not None, "-hints")
        if advice is None:
            return
        selected: Tile | None = None
        index = self.state.selected
        if self.state.actor == advice.view.seat and index is not None:
            tiles = hand_tiles(look, advice.view.seat)
            selected = tiles[index] if index < len(tiles) else None
        panel = self.query_one("#hints-full" if self.layout_mode == "full" else "#hints-compact", HintPanel)
        panel.show(hint_body(look, advice, selected))

    def action_hints(self) -> None:
        """Open or close the hint panel of the person at the screen."""
        seat = self.state.viewer
        if seat is None or not self.driver.setup.seats[seat].human:
            self.notify(t("hint.nobody"), severity="warning")
            return
        self.state = replace(self.state, hints_open=self.state.hints_open ^ {seat})

    # ------------------------------------------------------------------ undo
    def undo_refusal(self) -> str | None:
        """Why ``u`` cannot take anything back now (None: it can try)."""
        humans = self.driver.humans
        if len(humans) != 1:
            return t("undo.people") if humans else t("undo.no_person")
        if self.driver.hand_over:  # its result is kept and counted: the hand is over for good
            return t("undo.over")
        return None

    def action_undo(self) -> None:
        """Practice against bots: take back the person's last action of this hand and what followed."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return
        seat = self.driver.humans[0]
        if not self.driver.undo(seat):
            self.notify(t("undo.nothing"), severity="warning")
            return
        if self._timer is not None:  # the bot move that was waiting for its moment belongs to what was undone
            self._timer.stop()
        self._timer = None
        self._advice = None
        log = self.query_one("#log", ReflowLog)  # type: ignore[arg-type]
        log.entries.clear()
        log.clear()
        state = replace(
            self.state,
            viewer=seat,
            decision=None,
            selected=None,
            armed=None,
            confirm=None,
            question=None,
            paused=None,
            held=None,
            calls=Calls(),
            private=NO_NOTICES,
            moment=self.driver.moment,
        )
        self.state = self.noted(state, self.driver.hand_events)
        self.notify(t("undo.done"))
        self.render_table()
        self.advance()
