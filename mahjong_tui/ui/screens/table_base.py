"""The table drawn: the seats, rivers and wall, the bottom hand with its header and actions line, and the hint panel.

:class:`TableBase` draws the whole table from the state its controller holds
(:class:`~mahjong_tui.ui.table_controller.TableController`, the state itself in
:mod:`~mahjong_tui.ui.table_state`) whenever it changes, and logs what happens. The table
screen (:mod:`.table`) is built on it: its layouts, its keys, and the questions it asks.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widgets import Static

from mahjong_tui.engine import Action, ClaimLost, Event, OptionRefused, Phase, Tile
from mahjong_tui.i18n import say, t

from ..app_base import learning_of
from ..config import Display, Learning
from ..look import Look, describe_event, has_drawn_apart
from ..seating import Seating
from ..table_controller import TableController
from ..table_lines import actions_line, header_line
from ..table_state import TableState
from ..widgets.hand import HandView, hand_tiles
from ..widgets.hint_panel import Advice, HintPanel, advise, hand_marks, hint_body
from ..widgets.layout import show_seats_and_rivers
from ..widgets.log import ReflowLog, Told
from .once import Once

if TYPE_CHECKING:
    from mahjong_tui.learn.look_ahead import LookAhead

LAYOUTS = ("full", "compact", "tiny")


class TableBase(Once[str]):
    """The table drawn from its controller's state and from the engine's views."""

    def __init__(self, driver: Seating, display: Display) -> None:
        """A table for the game ``driver`` holds, drawn in ``display``."""
        super().__init__()
        self.driver = driver
        self.appearance = display
        self.controller = self.control(driver)
        self._keys_shown: tuple[bool | None, ...] = ()  # the keys on offer when the footer was last told
        self._advice: tuple[tuple[int, tuple[int, int]], Advice] | None = None  # worked out once per move
        #: the hints wait for the table's first frame (the table shows at once; its panel fills in a moment later)
        self.hints_drawn = False
        #: the seat and moment the panel is thinking longer about (None: it is not), and the last look ahead made
        self.thinking: tuple[int, tuple[int, int]] | None = None
        self.ahead: tuple[tuple[int, tuple[int, int]], LookAhead] | None = None

    def control(self, driver: Seating) -> TableController:
        """The controller of this table's play, with this screen for its surface (:mod:`.table`)."""
        raise NotImplementedError

    @property
    def state(self) -> TableState:
        """What the table shows and waits for (its controller's)."""
        return self.controller.state

    @state.setter
    def state(self, state: TableState) -> None:
        self.controller.state = state

    def show(self, state: TableState) -> None:
        """The state changed: draw the table from it (the first drawing is the mount's)."""
        if self.is_mounted:
            self.render_table()

    # What the state says, as the other screens and the tests read it.
    @property
    def actor(self) -> int | None:
        """The person choosing a discard or a turn action now."""
        return self.state.actor

    @property
    def viewer(self) -> int | None:
        """The person whose tiles the screen shows."""
        return self.state.viewer

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom."""
        return self.state.bottom

    @property
    def selected(self) -> int | None:
        """The tile selected in the hand of the person in their turn (the hand's own selection)."""
        return self.hand.selected

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.hand.select(index)

    @property
    def private(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's private notices, the latest last."""
        return self.state.private

    @property
    def waiting(self) -> bool:
        """A dialog or the curtain is open for a person: play waits for their answer."""
        return self.state.waiting

    @property
    def paused_move(self) -> Action | None:
        """The bot move waiting for its moment (None: none is)."""
        return self.state.paused

    @property
    def hand(self) -> HandView:
        """The bottom hand (which holds the selection)."""
        return self.query_one("#hand", HandView)

    @property
    def learning(self) -> Learning:
        """The learning settings in force (the app's)."""
        return learning_of(self.app)

    @property
    def layout_mode(self) -> str:
        """The layout in use: ``full``, ``compact`` or ``tiny``."""
        return next((name for name in LAYOUTS if self.has_class(f"-{name}")), "full")

    # ------------------------------------------------------------------ the look
    def revealed(self, state: TableState | None = None) -> Sequence[int]:
        """The seats whose concealed tiles the screen shows: everyone's when only bots play."""
        if not self.driver.humans or self.learning.open_hands:
            return range(4)  # bots only: the table is for watching; open hands: for study
        viewer = (state or self.state).viewer
        return () if viewer is None else (viewer,)

    def look(self, state: TableState | None = None) -> Look:
        """What the widgets draw now (or in ``state``)."""
        state = state or self.state
        return Look(
            table=self.driver.table(self.revealed(state)),
            names=tuple(self.driver.setup.names),
            bottom=state.bottom,
            display=self.appearance,
            last_discard=state.last_discard,
            deciding=state.viewer,
            seconds_left=self.seconds_left(state),
        )

    def seconds_left(self, state: TableState) -> int | None:
        """How long the table waits still for the turn open here (a remote table's; None: it waits for ever)."""
        closes = self.driver.question_closes_at
        if closes is None or state.decision is None or state.decision.phase is not Phase.TURN:
            return None
        return max(0, math.ceil(closes - time.monotonic()))

    def tick(self) -> None:
        """Once a second: a turn the table waits for only so long shows its seconds left."""
        if self.seconds_left(self.state) is not None:
            self._draw_header(self.look())

    # ------------------------------------------------------------------ drawing
    def render_table(self) -> None:
        """Redraw every part of the table from the state and the engine's view."""
        look = self.look()
        show_seats_and_rivers(self, look, self.state.bottom)
        self._draw_hand(look)
        self._draw_header(look)
        # The keys are looked at again only when those on offer change (each look asks every key's check).
        keys = tuple(
            self.check_action(a, ()) for a in ("discard", "discard_drawn", "win", "kong", "autoplay", "summary")
        )
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def on_hand_view_selected(self) -> None:
        """The hand's selection changed: the actions line and the hint panel follow it."""
        self._draw_hand(self.look())

    def _draw_hand(self, look: Look) -> None:
        """The bottom hand, its actions line and the hint panel."""
        bottom = self.state.bottom
        self.hand.show(look, bottom, active=self.state.actor == bottom, marks=self.hint_marks(look, bottom))
        self.query_one("#me-actions", Static).update(actions_line(self.state, look, self.selected_tile(look)))
        self.draw_hints(look)

    def _draw_header(self, look: Look) -> None:
        """The bottom seat's header line: its seat, autoplay, flowers, melds and claims."""
        seat = self.state.bottom
        header = self.query_one("#me-header", Static)
        width = max(20, header.size.width or 76)
        header.update(header_line(look, seat, autoplay=seat in self.driver.autoplay, width=width))

    def selected_tile(self, look: Look) -> Tile | None:
        """The tile selected in the hand of the person in their turn (None: none is)."""
        actor, index = self.state.actor, self.hand.selected
        if actor is None or index is None:
            return None
        tiles = hand_tiles(look, actor)
        return tiles[index] if index < len(tiles) else None

    # ------------------------------------------------------------------ the log
    def log_events(self, state: TableState, events: Sequence[Event]) -> None:
        """Log events as the people at the screen may see them (in hot-seat the log is read by everyone: it keeps
        no one's private lines)."""
        log = self.query_one("#log", ReflowLog)
        humans = frozenset(self.driver.humans)
        viewers = humans if not self.driver.hotseat else frozenset()
        look = self.look(state)
        for ev in events:
            if isinstance(ev, OptionRefused | ClaimLost) and ev.seat in humans and ev.seat not in viewers:
                continue  # the person's own notice says it
            line = describe_event(ev, look, viewers)
            if line:  # told again in another language, should it change
                log.add(Told(line, partial(describe_event, ev, look, viewers)))

    def log_cleared(self) -> None:
        """The hand's moves were taken back: the log starts again, and the advice is worked out anew."""
        self._advice = None
        self.query_one("#log", ReflowLog).clear()

    def hand_dealt(self) -> None:
        """A new hand: its advice is worked out anew, and the log (hidden under the summary) scrolls to it once it
        is laid out again."""
        self._advice = None
        log = self.query_one("#log", ReflowLog)
        self.call_after_refresh(lambda: log.scroll_end(animate=False))

    # ------------------------------------------------------------------ the hint panel
    def reset_hints(self) -> None:
        """A new hints setting: the panel open for every person when it is on (a lesson's, whatever it is)."""
        self._advice = None
        self.controller.hints = self.learning.hints
        self.controller.reset_hints()

    def hint_seat(self) -> int | None:
        """The person whose panel shows now: the one at the screen, with their panel open, in a hand in play."""
        seat = self.state.viewer
        if seat is None or seat not in self.state.hints_open or self.driver.hand_over:
            return None
        return seat

    def advice(self) -> Advice | None:
        """The advice for the person whose panel shows (worked out once per move, from the first frame on)."""
        seat = self.hint_seat()
        if seat is None or not self.hints_drawn:
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
        selected = self.selected_tile(look) if self.state.actor == advice.view.seat else None
        panel = self.query_one("#hints-full" if self.layout_mode == "full" else "#hints-compact", HintPanel)
        parts: list[RenderableType] = []
        ahead = self.ahead_text(look, advice.view.seat)
        if ahead is not None:  # first: what was asked for now is read first, whatever the panel's height
            parts.append(ahead)
        parts.append(hint_body(look, advice, selected))
        note = self.panel_note(look)
        if note is not None:
            parts.append(note)
        panel.show(Group(*parts))

    def ahead_text(self, look: Look, seat: int) -> Text | None:
        """Thinking longer, for the seat at this moment: under way, or what it found (None: neither)."""
        key = (seat, self.driver.moment)
        if self.thinking == key:
            return Text(t("look_ahead.thinking"), style="italic #80d8ff")
        if self.ahead is None or self.ahead[0] != key:
            return None
        lines = [look.told(say(w)) for w in self.ahead[1].lines()]
        out = Text(lines[0], style="bold #80d8ff")
        for line in lines[1:]:
            out.append("\n  " + line, style="#80d8ff")
        return out

    def panel_note(self, look: Look) -> Text | None:
        """A line the table adds under the hints (a lesson's reason to ask for another move than the ★)."""
        return None
