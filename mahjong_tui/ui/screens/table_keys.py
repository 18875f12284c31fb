"""The table's keys: a person's turn (selecting a tile by keys or the mouse, discarding, winning,
kongs), and fast-forward, autoplay, the ended hand's summary, the log, help and leaving.

:class:`TableKeys` holds the key actions of the table screen. What the person may do comes
from the decision open in the table's state (their :class:`~mahjong_tui.engine.SeatView`),
never from the engine's state.
"""

from __future__ import annotations

from dataclasses import replace

from textual import work

from mahjong_tui.engine import Action, ActionKind
from mahjong_tui.i18n import t

from ..widgets.hand import HandView, hand_tiles
from ..widgets.log import ReflowLog
from .leaving import leave
from .table_base import KONGS
from .table_play import TablePlay


class TableKeys(TablePlay):
    """The table's key actions: a person's turn, and the keys that work whatever happens."""

    def action_move(self, step: int) -> None:
        """Move the selection."""
        if self.state.actor is not None:
            self.hand.move(step)
            self.unconfirm()

    def action_pick(self, index: int) -> None:
        """Select a tile by number; the same number again discards it."""
        actor = self.state.actor
        if actor is None or index >= len(hand_tiles(self.look(), actor)):
            return
        if self.hand.pick(index):
            self.action_discard()
        else:
            self.unconfirm()

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        """Click selects; a click on the selected tile discards it."""
        self.action_pick(message.index)

    def unconfirm(self) -> None:
        """A tile is selected anew: no discard waits to be confirmed any more."""
        if self.state.confirm is not None:
            self.state = replace(self.state, confirm=None)

    def action_discard_drawn(self) -> None:
        """Discard the tile just drawn; without one, say so and discard nothing."""
        actor = self.state.actor
        if actor is None:
            return
        if not self.state.holds_drawn:
            self.notify(t("table.no_drawn"), severity="warning")
            return
        last = len(hand_tiles(self.look(), actor)) - 1
        if self.hand.selected != last:
            self.hand.select(last)
            self.unconfirm()
        self.action_discard()

    def action_discard(self) -> None:
        """Discard the selected tile (asking once more when a win is there)."""
        state = self.state
        seat = state.actor
        if seat is None or state.decision is None:
            return
        look = self.look()
        tile = self.selected_tile(look)
        if tile is None:
            return
        action = next((a for a in state.legal if a.kind is ActionKind.DISCARD and a.tile == tile), None)
        if action is None:
            reason = state.refusal(tile) or (
                t("table.kaigang_discard")
                if state.decision.table.kaigang_locked[seat]
                else t("table.cannot_discard", tile=look.word(tile))
            )
            self.notify(reason, severity="warning")
            return
        if state.offers(ActionKind.WIN) and state.confirm != action:
            self.state = replace(state, confirm=action)
            return
        self.act(action)

    def action_win(self) -> None:
        """Declare the self-drawn win."""
        win = next((a for a in self.state.legal if a.kind is ActionKind.WIN), None)
        if win is not None:
            self.act(win)

    def action_kong(self) -> None:
        """Declare a kong (asking which when there is more than one, or 补张/开杠 to choose)."""
        seat = self.state.actor
        kongs = [a for a in self.state.legal if a.kind in KONGS]
        if seat is None or not kongs:
            return
        if len(kongs) == 1:
            self.act(kongs[0])
        elif not self.asking_kong:  # k twice quickly: the question is asked once
            self.asking_kong = True
            self.declare_kong(seat, kongs)

    #: the question which kong is open (or opening)
    asking_kong = False

    @work(group="asking")
    async def declare_kong(self, seat: int, kongs: list[Action]) -> None:
        """Ask which kong, and declare it (none: back to the turn)."""
        try:
            action = await self.which_kong(seat, kongs)
        finally:
            self.asking_kong = False
        if action is not None:
            self.act(action)

    # ------------------------------------------------------------------ the table's other keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (none of the game's while the table is hidden)."""
        if self.layout_mode == "tiny" and action not in ("help", "leave", "rules"):
            return False
        if action == "discard_drawn":
            # Shown but disabled when no tile was drawn: the key explains (on_key) instead of discarding.
            return True if self.state.holds_drawn else (None if self.state.actor is not None else False)
        if action in ("discard", "move", "pick"):
            return self.state.actor is not None
        if action == "win":
            return self.state.offers(ActionKind.WIN)
        if action == "kong":
            return self.state.offers(*KONGS)
        if action == "autoplay":
            return bool(self.driver.humans) and not self.driver.hand_over
        if action == "summary":
            return self.driver.hand_over
        if action == "fast_forward":
            return not self.driver.hand_over
        if action == "hints":
            return bool(self.driver.humans)
        if action == "undo":
            return len(self.driver.humans) == 1
        return True

    def action_fast_forward(self) -> None:
        """Skip the bots' pauses until a person must decide."""
        self.state = replace(self.state, fast=not self.state.fast)

    def action_autoplay(self) -> None:
        """Let the normal bot play the person at the bottom (again to take back)."""
        seat = self.state.bottom if self.setup_human(self.state.bottom) else None
        if seat is None:
            return
        if seat in self.driver.autoplay:
            self.driver.autoplay.discard(seat)
            self.notify(t("table.autoplay_off", name=self.driver.setup.names[seat]))
        else:
            self.driver.autoplay.add(seat)
            self.notify(t("table.autoplay_on", name=self.driver.setup.names[seat]))
            if self.state.actor == seat:
                self.state = replace(self.state, decision=None, confirm=None)
        self.render_table()
        self.advance()

    def setup_human(self, seat: int) -> bool:
        """The seat is a person's."""
        return self.driver.setup.seats[seat].human

    def action_log(self) -> None:
        """Focus the log to scroll it."""
        self.query_one("#log", ReflowLog).focus()

    def action_rules(self) -> None:
        """The rules, open at the page of the rules in play."""
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.driver.setup.rules))

    def action_help(self) -> None:
        """Show the keys and what the table shows."""
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_summary(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.driver.hand_over:
            self.show_hand_end()

    def action_leave(self) -> None:
        """Leave the game for a new one or quit the program, or play on (asks first)."""
        self.run_worker(leave(self, remote=self.driver.remote), group="leave")
