"""Learning at the table: the hint panel (``h``), the marks on the hand, undo against bots (``u``), open hands.

The panel belongs to one person: it shows only while that person's tiles are on the screen
(in hot-seat, behind their curtain), and only what their own view holds. It is opened for
every person at the start of a hand when the ``hints`` setting is on, and ``h`` opens or
closes it for the person at the screen. The advice is worked out once per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from mahjong_tui.engine import SeatView, Tile
from mahjong_tui.i18n import t

from ..config import Learning
from ..look import Look, has_drawn_apart
from ..widgets.hand import hand_tiles
from ..widgets.hint_panel import Advice, HintPanel, advise, hand_marks, hint_body
from ..widgets.log import ReflowLog

if TYPE_CHECKING:
    from textual.app import App
    from textual.timer import Timer

    from mahjong_tui.engine import Action, Event

    from ..driver import TableDriver


class Learner:
    """The table screen's learning aids (a mixin; the table screen provides what is declared here)."""

    if TYPE_CHECKING:
        app: App[int]
        driver: TableDriver
        viewer: int | None
        actor: int | None
        decision: SeatView | None
        selected: int | None
        armed: int | None
        confirm: Action | None
        private: dict[int, list[str]]
        hand_events: list[Event]
        layout_mode: str
        _waiting: bool
        _timer: Timer | None
        _paused: Action | None
        _held: Action | None
        _asks: list[int]

        def look(self) -> Look: ...
        def render_table(self) -> None: ...
        def advance(self, resume: Action | None = None) -> None: ...
        def note_events(self, events: list[Event]) -> None: ...
        def set_class(self, add: bool, *class_names: str) -> None: ...
        def query_one(self, selector: str, expect_type: type[HintPanel]) -> HintPanel: ...
        def notify(self, message: str, *, severity: str = "information") -> None: ...

    hints_open: set[int]
    _advice: tuple[tuple[int, tuple[int, int]], Advice] | None = None

    @property
    def learning(self) -> Learning:
        """The learning settings in force (the app's)."""
        return getattr(self.app, "learning", None) or Learning()

    def reset_hints(self) -> None:
        """A new hand: the panel open for every person when the hints setting is on."""
        self.hints_open = set(self.driver.humans) if self.learning.hints else set()
        self._advice = None

    def hint_seat(self) -> int | None:
        """The person whose panel shows now: the one at the screen, with their panel open, in a hand in play."""
        seat = self.viewer
        if seat is None or seat not in self.hints_open or self.driver.hand_over:
            return None
        return seat

    def advice(self) -> Advice | None:
        """The advice for the person whose panel shows (worked out once per move)."""
        seat = self.hint_seat()
        if seat is None:
            return None
        key = (seat, self.driver.moment)
        if self._advice is None or self._advice[0] != key:
            view = self.decision if self.decision is not None and self.decision.seat == seat else None
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
        if self.actor == advice.view.seat and self.selected is not None:
            tiles = hand_tiles(look, advice.view.seat)
            selected = tiles[self.selected] if self.selected < len(tiles) else None
        panel = self.query_one("#hints-full" if self.layout_mode == "full" else "#hints-compact", HintPanel)
        panel.show(hint_body(look, advice, selected))

    def action_hints(self) -> None:
        """Open or close the hint panel of the person at the screen."""
        seat = self.viewer
        if seat is None or not self.driver.setup.seats[seat].human:
            self.notify(t("hint.nobody"), severity="warning")
            return
        if seat in self.hints_open:
            self.hints_open.discard(seat)
        else:
            self.hints_open.add(seat)
        self.render_table()

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
        self._paused = self._held = None
        self._asks.clear()
        self._waiting = False
        self.viewer = seat
        self.actor = self.decision = self.selected = self.armed = self.confirm = None
        self._advice = None
        for s in range(4):
            self.private[s].clear()
        self.hand_events = list(self.driver.hand_events)
        log = self.query_one("#log", ReflowLog)  # type: ignore[arg-type]
        log.entries.clear()
        log.clear()
        self.note_events(self.hand_events)
        self.notify(t("undo.done"))
        self.render_table()
        self.advance()
