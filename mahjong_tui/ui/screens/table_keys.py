"""The table's keys: a person's turn (selecting a tile by keys or the mouse, discarding, winning,
kongs), and fast-forward, autoplay, the log, help and leaving.

:class:`TableKeys` holds the key actions of the table screen. What the person may do comes
from their :class:`~mahjong_tui.engine.SeatView` (``decision``), never from the engine's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import RichLog

from mahjong_tui.engine import Action, ActionKind, SeatView, Tile
from mahjong_tui.i18n import say, t

from ..look import Look, relation_warnings
from ..preview import win_preview
from ..widgets.hand import HandView, hand_tiles
from .choice import ChoiceScreen, choices_for

if TYPE_CHECKING:
    from textual.app import App

    from ..driver import TableDriver

KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


class TableKeys:
    """The table's key actions, mixed into the table screen (which provides what is declared here)."""

    if TYPE_CHECKING:
        app: App[int]
        driver: TableDriver
        bottom: int
        fast: bool
        layout_mode: str
        actor: int | None
        selected: int | None
        armed: int | None
        confirm: Action | None
        decision: SeatView | None

        def look(self) -> Look: ...
        def act(self, action: Action) -> None: ...
        def render_table(self) -> None: ...
        def render_hand(self) -> None: ...
        def advance(self) -> None: ...
        def query_one(self, selector: str, expect_type: type[RichLog]) -> RichLog: ...
        def dismiss(self, result: str) -> None: ...
        def notify(self, message: str, *, severity: str = "information") -> None: ...

    def legal_now(self) -> tuple[Action, ...]:
        """What the person choosing now may do (nothing when nobody is)."""
        return self.decision.legal if self.decision is not None and self.actor is not None else ()

    def discard_refusal(self, tile: Tile) -> str | None:
        """Why the person may not discard ``tile`` now (None: they may)."""
        if self.actor is None or self.decision is None:
            return None
        for r in self.decision.refusals:
            if r.kind is ActionKind.DISCARD and r.tile == tile:
                return say(r.reason)
        return None

    def action_move(self, step: int) -> None:
        """Move the selection."""
        if self.actor is None:
            return
        n = len(hand_tiles(self.look(), self.actor))
        self.selected = ((self.selected or 0) + step) % n
        self.armed = None
        self.confirm = None
        self.render_hand()

    def action_pick(self, index: int) -> None:
        """Select a tile by number; the same number again discards it."""
        if self.actor is None:
            return
        n = len(hand_tiles(self.look(), self.actor))
        if index >= n:
            return
        if self.armed == index and self.selected == index:
            self.action_discard()
            return
        self.selected = index
        self.armed = index
        self.confirm = None
        self.render_hand()

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        """Click selects; a click on the selected tile discards it."""
        self.action_pick(message.index)

    def holds_drawn(self) -> bool:
        """The person in their turn holds a tile just drawn (after a chi or pong they hold none)."""
        return self.actor is not None and self.decision is not None and self.decision.table.holds_drawn[self.actor]

    def action_discard_drawn(self) -> None:
        """Discard the tile just drawn; without one, say so and discard nothing."""
        if self.actor is None:
            return
        if not self.holds_drawn():
            self.notify(t("table.no_drawn"), severity="warning")
            return
        tiles = hand_tiles(self.look(), self.actor)
        if self.selected != len(tiles) - 1:
            self.selected = len(tiles) - 1
            self.confirm = None
        self.action_discard()

    def action_discard(self) -> None:
        """Discard the selected tile (asking once more when a win is there)."""
        seat = self.actor
        if seat is None or self.selected is None or self.decision is None:
            return
        look = self.look()
        tiles = hand_tiles(look, seat)
        if self.selected >= len(tiles):
            return
        tile = tiles[self.selected]
        legal = self.legal_now()
        action = next((a for a in legal if a.kind is ActionKind.DISCARD and a.tile == tile), None)
        if action is None:
            reason = self.discard_refusal(tile) or (
                t("table.kaigang_discard")
                if self.decision.table.kaigang_locked[seat]
                else t("table.cannot_discard", tile=look.word(tile))
            )
            self.notify(reason, severity="warning")
            return
        if any(a.kind is ActionKind.WIN for a in legal) and self.confirm != action:
            self.confirm = action
            self.render_table()
            return
        self.act(action)

    def action_win(self) -> None:
        """Declare the self-drawn win."""
        win = next((a for a in self.legal_now() if a.kind is ActionKind.WIN), None)
        if win is not None:
            self.act(win)

    def action_kong(self) -> None:
        """Declare a kong (a dialog when there is more than one, or 补张/开杠 to choose)."""
        seat = self.actor
        if seat is None:
            return
        kongs = [a for a in self.legal_now() if a.kind in KONGS]
        if not kongs:
            return
        if len(kongs) == 1:
            self.act(kongs[0])
            return

        def chosen(action: Action | None) -> None:
            """Carry out the chosen kong."""
            if action is not None:
                self.act(action)

        title = Text(t("table.which_kong", who=self.look().label(seat)), style="bold")
        self.app.push_screen(ChoiceScreen(title, choices_for(kongs, cancel=True)), chosen)

    # ------------------------------------------------------------------ the table's other keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (none of the game's while the table is hidden)."""
        if self.layout_mode == "tiny" and action not in ("help", "leave", "rules"):
            return False
        if action == "discard_drawn":
            # Shown but disabled when no tile was drawn: the key explains (on_key) instead of discarding.
            return True if self.holds_drawn() else (None if self.actor is not None else False)
        if action in ("discard", "move", "pick"):
            return self.actor is not None
        if action == "win":
            return any(a.kind is ActionKind.WIN for a in self.legal_now())
        if action == "kong":
            return any(a.kind in KONGS for a in self.legal_now())
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
        self.fast = not self.fast
        self.render_table()

    def action_autoplay(self) -> None:
        """Let the normal bot play the person at the bottom (again to take back)."""
        seat = self.bottom if self.setup_human(self.bottom) else None
        if seat is None:
            return
        if seat in self.driver.autoplay:
            self.driver.autoplay.discard(seat)
            self.notify(t("table.autoplay_off", name=self.driver.setup.names[seat]))
        else:
            self.driver.autoplay.add(seat)
            self.notify(t("table.autoplay_on", name=self.driver.setup.names[seat]))
            if self.actor == seat:
                self.actor = None
                self.decision = None
                self.selected = None
                self.confirm = None
        self.render_table()
        self.advance()

    def setup_human(self, seat: int) -> bool:
        """The seat is a person's."""
        return self.driver.setup.seats[seat].human

    def action_log(self) -> None:
        """Focus the log to scroll it."""
        self.query_one("#log", RichLog).focus()

    def action_rules(self) -> None:
        """The rules, open at the page of the rules in play."""
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.driver.setup.rules))

    def action_help(self) -> None:
        """Show the keys and what the table shows."""
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        """Leave the game for a new one or quit the program, or play on (asks first)."""
        from .help import ask_to_leave

        ask_to_leave(self)

    def turn_line(self) -> Text:
        """The keys the person may use in their turn, and the 开杠 rule when it binds them."""
        out = Text()
        assert self.actor is not None and self.decision is not None
        win = next((a for a in self.legal_now() if a.kind is ActionKind.WIN), None)
        preview = win_preview(self.look(), self.decision, win) if win is not None else None
        if self.confirm is not None:
            out.append(t("table.confirm_discard"), style="bold #ff6b6b")
            if preview is not None:
                out.append("\n")
                out.append_text(preview)
            return out
        kinds = {a.kind for a in self.legal_now()}
        parts = [t("table.turn_select"), t("table.turn_discard")]
        if self.holds_drawn():
            parts.append(t("table.turn_drawn"))
        if ActionKind.WIN in kinds:
            out.append(t("table.turn_win") + "  ", style="bold black on #69f0ae")
        if kinds & set(KONGS):
            out.append(t("table.turn_kong") + "  ", style="bold #ffd166")
        out.append(" · ".join(parts), style="#9aa0a6")
        if not self.holds_drawn():
            out.append(" · " + t("table.no_drawn"), style="#ffd166")
        if self.decision.table.kaigang_locked[self.actor]:
            out.append("\n")
            out.append(t("table.kaigang_locked"), style="bold #ffd166")
        for warning in relation_warnings(self.look(), self.actor):
            out.append("\n⚠ ")
            out.append(warning, style="bold #ffd166")
        if preview is not None:
            out.append("\n")
            out.append_text(preview)
        return out
