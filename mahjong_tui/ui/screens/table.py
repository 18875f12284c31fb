"""The table: four seats around the wall; people play by keys or the mouse, bots at a set pace.

:class:`TableScreen` is the table's parts joined, each built on the one below it: the table's
state, its one reactive, and the table drawn from it (:mod:`.table_base`, the state itself in
:mod:`~mahjong_tui.ui.table_state`); the questions to people, each awaited (:mod:`.asking`);
the play (:mod:`.table_play`); the keys (:mod:`.table_keys`) and the learning aids
(:mod:`.learning`). Here are its layouts, its keys, and its start.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from mahjong_tui.i18n import t

from ..config import Display
from ..keys import Worded, word_keys
from ..widgets.footer import KeysFooter
from ..widgets.hand import HandView
from ..widgets.hint_panel import HintPanel
from ..widgets.layout import seats_and_rivers
from ..widgets.log import ReflowLog
from .learning import Learner
from .table_base import LAYOUTS
from .table_keys import TableKeys

FULL = (120, 36)
SMALLEST = (80, 24)


def layout_for(width: int, height: int) -> str:
    """``full``, ``compact`` or ``tiny`` (too small to play) for a terminal size."""
    if width >= FULL[0] and height >= FULL[1]:
        return "full"
    if width >= SMALLEST[0] and height >= SMALLEST[1]:
        return "compact"
    return "tiny"


class TableScreen(Worded, TableKeys, Learner):
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
        Binding("u", "undo", "table.key_undo", show=False),
        Binding("l", "log", "table.key_log", show=False),
        Binding("r", "rules", "table.key_rules"),
        Binding("question_mark", "help", "table.key_help"),
        Binding("q", "leave", "table.key_quit"),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate("1234567890")],
    ]

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
        self.reset_hints()
        self.state = self.hand_start_calls(self.noted(self.state, self.driver.hand_events))
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
        self.advance()
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
        elif event.key == "u" and self.is_current and self.driver.humans and self.undo_refusal():
            self.notify(self.undo_refusal() or "", severity="warning")  # u is offered only against bots: say why
