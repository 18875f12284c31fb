"""The table: four seats around the wall; people play by keys or the mouse, bots at a set pace.

:class:`TableScreen` shows the table its controller plays
(:class:`~mahjong_tui.ui.table_controller.TableController`: the state, what each key means,
the play, with no Textual in it). The screen is the controller's surface: it draws each state
(:mod:`.table_base`), asks its people each question the controller awaits (:mod:`.asking`),
and hands it each key. Here are its layouts, its keys, and its start.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from mahjong_tui.engine import Action, Event, SeatView
from mahjong_tui.i18n import t

from ..config import Display
from ..keys import Worded, word_keys
from ..seating import Seating
from ..table_controller import TableController
from ..widgets.footer import KeysFooter
from ..widgets.hand import HandView, hand_tiles
from ..widgets.hint_panel import HintPanel
from ..widgets.layout import seats_and_rivers
from ..widgets.log import ReflowLog
from . import asking
from .leaving import leave
from .once import dismiss_over
from .table_base import LAYOUTS, TableBase

FULL = (120, 36)
SMALLEST = (80, 24)


def layout_for(width: int, height: int) -> str:
    """``full``, ``compact`` or ``tiny`` (too small to play) for a terminal size."""
    if width >= FULL[0] and height >= FULL[1]:
        return "full"
    if width >= SMALLEST[0] and height >= SMALLEST[1]:
        return "compact"
    return "tiny"


if TYPE_CHECKING:
    from mahjong_tui.learn.look_ahead import LookAhead


class TableTold(Message):
    """A remote table has told its client something new: the screen, waiting for it, goes on."""


class TableScreen(Worded, TableBase):
    """The game in play. Answers ``quit`` or ``new`` when the game is left."""

    class Shown(Message):
        """The table is on the screen and play starts (the app may do now what waited for the first frame)."""

    BINDINGS = [
        Binding("left", "move(-1)", "table.key_left", show=False),
        Binding("right", "move(1)", "table.key_right", show=False),
        Binding("enter", "discard", "table.key_discard"),
        Binding("d", "discard_drawn", "table.key_discard_drawn"),
        Binding("w", "win", "table.key_win"),
        Binding("k", "kong", "table.key_kong"),
        Binding("c", "summary", "table.key_summary"),
        Binding("f", "fast_forward", "table.key_fast_forward"),
        Binding("a", "autoplay", "table.key_autoplay"),
        Binding("h", "hints", "table.key_hints"),
        Binding("t", "think", "table.key_think"),
        Binding("u", "undo", "table.key_undo", show=False),
        Binding("l", "log", "table.key_log", show=False),
        Binding("r", "rules", "table.key_rules"),
        Binding("question_mark", "help", "table.key_help"),
        Binding("q", "leave", "table.key_quit"),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate("1234567890")],
    ]

    def control(self, driver: Seating) -> TableController:
        """The controller of this table's play: the screen is its surface."""
        return TableController(driver, self)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """Full and compact layouts share the bottom seat and the log; the layout of the terminal's size is set before
        anything is mounted, so that nothing is styled twice."""
        mode = layout_for(self.app.size.width, self.app.size.height)
        for name in LAYOUTS:
            self.set_class(mode == name, f"-{name}", update=False)
        with Vertical(id="table"):
            yield from seats_and_rivers(hints=True)
            with Horizontal(id="bottom"):
                with Vertical(id="me"):
                    yield Static(id="me-header")
                    yield HandView(id="hand")
                    yield Static(id="me-actions")
                yield HintPanel(id="hints-compact")
                yield ReflowLog(id="log")
        yield Static(id="too-small")
        yield KeysFooter(compact=mode != "full", show_command_palette=mode == "full")

    def on_mount(self) -> None:
        """Log the hand so far and start play."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.controller.hints = self.learning.hints
        self.controller.opened()
        self.render_table()
        self.call_after_refresh(self.first_drawn)
        # The rules screen then opens on this game's page at once: it is rendered while nobody waits.
        self.set_timer(2.0, self._prerender_rules)
        if self.driver.remote:
            self.set_interval(1.0, self.tick)

    def first_drawn(self) -> None:
        """The table is on the screen: the game is kept from now, its hints are worked out, and play starts."""
        self.driver.shown()
        self.hints_drawn = True
        self.render_table()
        self.controller.advance()
        self.post_message(self.Shown())

    def _prerender_rules(self) -> None:
        """Render the rules page of this game's rules in a worker thread."""
        from .rules import prerender

        self.run_worker(
            lambda: prerender(self.driver.setup.rules, self.app.size.width, self.appearance),
            thread=True,
            group="prerender",
            exit_on_error=False,
        )

    def on_resize(self) -> None:
        """Switch between the full, compact and too-small layouts."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.render_table()

    def apply_layout(self, width: int, height: int) -> None:
        """Set the layout class for a terminal size."""
        mode = layout_for(width, height)
        for name in LAYOUTS:
            self.set_class(mode == name, f"-{name}")
        footer = self.query_one(KeysFooter)
        footer.compact = mode != "full"  # every key fits on one line at 80 columns
        footer.show_command_palette = mode == "full"  # Ctrl+P still works; its hint would push keys off
        if mode == "tiny":
            self.query_one("#too-small", Static).update(
                t("table.too_small", width=width, height=height, min_width=SMALLEST[0], min_height=SMALLEST[1])
            )
        self.refresh_bindings()

    def relabel(self) -> None:
        """The language changed: the keys, the table and the log in the new one."""
        word_keys(self)
        word_keys(self.app)
        self.apply_layout(self.app.size.width, self.app.size.height)
        self._keys_shown = ()
        self.render_table()
        self.query_one("#log", ReflowLog).retell()

    def set_display(self, display: Display) -> None:
        """Redraw with another tile style or palette."""
        self.appearance = display
        self.render_table()

    def on_key(self, event: events.Key) -> None:
        """``d`` with no tile drawn (after a chi or pong) discards nothing, nor ``u`` in hot-seat: say why."""
        if event.key == "d" and self.state.actor is not None and not self.state.holds_drawn and self.is_current:
            self.notify(t("table.no_drawn"), severity="warning")
        elif event.key == "u" and self.is_current and self.driver.humans:
            refusal = self.controller.undo_refusal()
            if refusal:
                self.notify(refusal, severity="warning")  # u is offered only against bots: say why

    # ------------------------------------------------------------------ the keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (none of the game's while the table is hidden)."""
        if self.layout_mode == "tiny" and action not in ("help", "leave", "rules"):
            return False
        return self.controller.offered(action)

    def action_move(self, step: int) -> None:
        """Move the selection."""
        if self.state.actor is not None:
            self.hand.move(step)
            self.controller.unconfirm()

    def action_pick(self, index: int) -> None:
        """Select a tile by number; the same number again discards it."""
        actor = self.state.actor
        if actor is None or index >= len(hand_tiles(self.look(), actor)):
            return
        if self.hand.pick(index):
            self.action_discard()
        else:
            self.controller.unconfirm()

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        """Click selects; a click on the selected tile discards it."""
        self.action_pick(message.index)

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
            self.controller.unconfirm()
        self.action_discard()

    def action_discard(self) -> None:
        """Discard the selected tile (asking once more when a win is there)."""
        look = self.look()
        tile = self.selected_tile(look)
        self.controller.discard(tile, look.word(tile) if tile is not None else "")

    def action_win(self) -> None:
        """Declare the self-drawn win."""
        self.controller.win()

    def action_kong(self) -> None:
        """Declare a kong (asking which when there is more than one, or 补张/开杠 to choose)."""
        self.controller.kong()

    def action_fast_forward(self) -> None:
        """Skip the bots' pauses until a person must decide."""
        self.controller.fast_forward()

    def action_autoplay(self) -> None:
        """Let the normal bot play the person at the bottom (again to take back)."""
        self.controller.autoplay()

    def action_summary(self) -> None:
        """Back to the summary after looking at the ended hand."""
        self.controller.summary_again()

    def action_hints(self) -> None:
        """Open or close the hint panel of the person at the screen."""
        self.controller.toggle_hints()

    def action_think(self) -> None:
        """Think longer: the person's turn weighed by playing each close choice out (in a worker), shown in their
        hint panel (opened for it)."""
        state = self.state
        seat, view = state.actor, state.decision
        if seat is None or view is None or seat != state.viewer or self.thinking is not None:
            return
        if seat not in state.hints_open:
            self.controller.toggle_hints()
        from mahjong_tui.learn.look_ahead import look_ahead  # the bots' play-outs: loaded when first asked for

        key = (seat, self.driver.moment)
        self.thinking = key
        self.render_table()
        self.run_worker(lambda: self.thought(key, look_ahead(view)), thread=True, group="think", exit_on_error=False)

    def thought(self, key: tuple[int, tuple[int, int]], ahead: LookAhead) -> None:
        """The look ahead worked out (on the worker's thread): shown if the moment it was for is still the one."""
        self.call_later(self._show_thought, key, ahead)  # dropped if the table has closed meanwhile

    def _show_thought(self, key: tuple[int, tuple[int, int]], ahead: LookAhead) -> None:
        self.thinking = None
        self.ahead = (key, ahead)
        if self.is_mounted:
            self.render_table()

    def action_undo(self) -> None:
        """Practice against bots: take back the person's last action of this hand and what followed."""
        self.controller.undo()

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

    def action_leave(self) -> None:
        """Leave the game for a new one or quit the program, or play on (asks first)."""
        self.run_worker(leave(self, remote=self.driver.remote), group="leave")

    def on_table_told(self, _: TableTold) -> None:
        """The remote table told its client more: if the play waits for that, it goes on."""
        self.controller.told_more()

    # ------------------------------------------------------------------ the controller's surface
    @property
    def covered(self) -> bool:
        """A dialog covers the table."""
        return not self.is_current

    def later(self, seconds: float, then: Callable[[], None]) -> Callable[[], None]:
        """Call ``then`` in ``seconds``; answers what cancels it."""
        return self.set_timer(seconds, then).stop

    def say(self, text: str, *, warning: bool = False, seconds: float | None = None) -> None:
        """Show a line for a moment."""
        if seconds is None:
            self.notify(text, severity="warning" if warning else "information")
        else:
            self.notify(text, severity="warning" if warning else "information", timeout=seconds)

    def run(self, flow: Coroutine[Any, Any, None]) -> None:
        """Run one of the controller's flows (each awaits a question) in a worker."""
        self.run_worker(flow, group="asking")

    def keys_changed(self) -> None:
        """The keys on offer may have changed."""
        self.refresh_bindings()

    def close(self, answer: str) -> None:
        """The table answers ``new`` or ``quit``, over whatever a key opened since (the help, say)."""
        dismiss_over(self, answer)

    async def curtain(self, seat: int) -> None:
        """The hot-seat curtain for ``seat``."""
        await asking.curtain(self.app, self.look(), seat)

    async def prompt(self, view: SeatView) -> Action | None:
        """The prompt for anything but a turn."""
        notes = list(self.state.private[view.seat])
        return await asking.prompt(self.app, self.look(), view, notes, self.driver.question_closes_at)

    async def acknowledgement(self, seat: int, ev: Event) -> None:
        """Strict privacy: ``seat`` acknowledges ``ev`` behind their curtain."""
        await asking.acknowledgement(self.app, self.look(), seat, ev)

    async def which_kong(self, seat: int, kongs: list[Action]) -> Action | None:
        """Which of ``kongs`` to declare."""
        return await asking.which_kong(self.app, self.look(), seat, kongs)

    async def summary(self) -> str | None:
        """The end of the hand."""
        return await asking.summary(self.app, self.look(), self.driver)

    async def final_standings(self) -> str | None:
        """The game's final standings."""
        return await asking.final_standings(self.app, self.look(), self.driver)
