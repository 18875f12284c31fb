"""Learning at the table: the hint panel (``h``) and undo against bots (``u``).

The panel belongs to one person: it shows only while that person's tiles are on the screen
(in hot-seat, behind their curtain), and only what their own view holds. It is opened for
every person at the start of a hand when the ``hints`` setting is on, and ``h`` opens or
closes it for the person at the screen. The advice is worked out once per move; the panel
and the marks on the hand are drawn with the table (:mod:`.table_base`), and open hands are
its look (``revealed``).
"""

from __future__ import annotations

from dataclasses import replace

from mahjong_tui.i18n import t

from ..table_state import NO_NOTICES, Calls
from ..widgets.log import ReflowLog
from .table_play import TablePlay


class Learner(TablePlay):
    """The table's learning aids: opening and closing the hint panel, and taking a move back."""

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
        if self.driver.remote:
            return t("undo.remote")
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
        log = self.query_one("#log", ReflowLog)
        log.clear()
        state = replace(
            self.state,
            viewer=seat,
            decision=None,
            confirm=None,
            question=None,
            paused=None,
            held=None,
            calls=Calls(),
            private=NO_NOTICES,
        )
        self.state = self.noted(state, self.driver.hand_events)
        self.notify(t("undo.done"))
        self.advance()
