"""The table: four seats around the wall; people play by keys or the mouse, bots at a set pace.

The screen's state is one :class:`~mahjong_tui.ui.table_state.TableState`, held in its one
reactive (``state``): every change replaces it, and the table is drawn again from it.
Everything drawn comes from that state and the engine's views: a
:class:`~mahjong_tui.engine.TableView` revealing the seats the people at the screen may see,
and the deciding person's :class:`~mahjong_tui.engine.SeatView`. The bots play through the
engine's play loop, paused before each move worth showing at the chosen speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from time import monotonic

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from mahjong_tui.engine import (
    Action,
    ActionKind,
    ClaimLost,
    Event,
    HandStarted,
    Move,
    OptionRefused,
    Phase,
    Stop,
    TileDiscarded,
)
from mahjong_tui.i18n import say, t

from ..config import BOT_SPEEDS, Display
from ..driver import TableDriver
from ..keys import Worded, word_keys
from ..look import Look, claims_text, describe_event, flowers_text, meld_text, pack, seat_header
from ..table_state import NO_NOTICES, Calls, Question, TableState
from ..widgets.footer import KeysFooter
from ..widgets.hand import HandView, hand_tiles
from ..widgets.hint_panel import HintPanel
from ..widgets.layout import seats_and_rivers, show_seats_and_rivers
from ..widgets.log import ReflowLog
from .asking import Asking
from .learning import Learner
from .table_keys import TableKeys

FULL = (120, 36)
SMALLEST = (80, 24)
_BATCH_SECONDS = 0.05  # bot moves are made at once for this long, then the table is drawn and input read


def layout_for(width: int, height: int) -> str:
    """``full``, ``compact`` or ``tiny`` (too small to play) for a terminal size."""
    if width >= FULL[0] and height >= FULL[1]:
        return "full"
    if width >= SMALLEST[0] and height >= SMALLEST[1]:
        return "compact"
    return "tiny"


class TableScreen(Worded, Asking, TableKeys, Learner, Screen[str]):
    """The game in play. Answers ``quit`` or ``new`` when the game is left."""

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

    state: reactive[TableState] = reactive(TableState(0), init=False, repaint=False)

    def __init__(self, driver: TableDriver, display: Display) -> None:
        """A table for the game ``driver`` holds."""
        super().__init__()
        self.driver = driver
        self.appearance = display
        self._timer: Timer | None = None  # makes the paused bot move when its moment comes
        self._keys_shown: tuple[bool | None, ...] = ()
        self._moved = 0  # moves made since the table was last drawn, in one run of the play loop
        self._batch_start = 0.0  # when this run of the play loop began: it yields to input after a while
        self._delay = 0.0  # the pause before the move the loop stopped at
        humans = driver.humans
        viewer = humans[0] if humans and not driver.hotseat else None  # in hot-seat, nobody's until a curtain lifts
        self.set_reactive(TableScreen.state, TableState(bottom=humans[0] if humans else 0, viewer=viewer))

    def watch_state(self) -> None:
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
        """The tile selected in the hand of the person in their turn."""
        return self.state.selected

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.state = replace(self.state, selected=index)

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

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """Full and compact layouts share the bottom seat and the log."""
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
        yield KeysFooter()

    def on_mount(self) -> None:
        """Log the hand so far and start play."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.reset_hints()
        state = self.noted(self.state, self.driver.hand_events)
        self.state = replace(self.hand_start_calls(state), moment=self.driver.moment)
        self.render_table()
        self.call_after_refresh(self.advance)
        # The rules screen then opens on this game's page at once: it is rendered while nobody waits.
        self.set_timer(2.0, self._prerender_rules)

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
        for name in ("full", "compact", "tiny"):
            self.set_class(mode == name, f"-{name}")
        footer = self.query_one(KeysFooter)
        footer.compact = mode != "full"  # every key fits on one line at 80 columns
        footer.show_command_palette = mode == "full"  # Ctrl+P still works; its hint would push keys off
        if mode == "tiny":
            self.query_one("#too-small", Static).update(
                t("table.too_small", width=width, height=height, min_width=SMALLEST[0], min_height=SMALLEST[1])
            )
        self.refresh_bindings()

    @property
    def layout_mode(self) -> str:
        """The layout in use."""
        for name in ("full", "compact", "tiny"):
            if self.has_class(f"-{name}"):
                return name
        return "full"

    # ------------------------------------------------------------------ drawing
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
            selected=state.selected,
            deciding=state.viewer,
        )

    def render_table(self) -> None:
        """Redraw every part of the table from the state and the engine's view."""
        look = self.look()
        bottom = self.state.bottom
        show_seats_and_rivers(self, look, bottom)
        self.query_one("#hand", HandView).show(
            look, bottom, active=self.state.actor == bottom, marks=self.hint_marks(look, bottom)
        )
        self._draw_me(look)
        self.draw_hints(look)
        # The keys are looked at again only when those on offer change (each look asks every key's check).
        keys = tuple(
            self.check_action(a, ()) for a in ("discard", "discard_drawn", "win", "kong", "autoplay", "summary")
        )
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def render_hand(self) -> None:
        """Redraw only the bottom hand and its actions line (a new selection changes nothing else)."""
        look = self.look()
        bottom = self.state.bottom
        self.query_one("#hand", HandView).show(
            look, bottom, active=self.state.actor == bottom, marks=self.hint_marks(look, bottom)
        )
        self.query_one("#me-actions", Static).update(self._actions_line(look))
        self.draw_hints(look)

    def _draw_me(self, look: Look) -> None:
        """The bottom seat's header line and its actions line."""
        seat = self.state.bottom
        chunks = [seat_header(look, seat)]
        if seat in self.driver.autoplay:
            chunks.append(Text(t("table.autoplay_mark"), style="bold #69f0ae"))
        if look.table.flowers[seat]:
            chunks.append(Text(f" {t('seat.flowers')} ", style="#9aa0a6") + (flowers_text(look, seat) or Text()))
        chunks.extend(Text(" ") + meld_text(look, m, seat) for m in look.table.melds[seat])
        claims = claims_text(look, seat)
        if claims is not None:
            chunks.append(Text(" ") + claims)
        # Whole melds to a line: a wrapped line never splits one.
        width = self.query_one("#me-header", Static).size.width or 76
        self.query_one("#me-header", Static).update(pack(chunks, max(20, width)))
        self.query_one("#me-actions", Static).update(self._actions_line(look))

    def _actions_line(self, look: Look) -> Text:
        """What the person may do now, or the latest private notice."""
        state = self.state
        actor = state.actor
        if actor is None:
            if state.fast:
                return Text("▶▶ " + t("table.fast_forward"), style="bold #69f0ae")
            return Text("")
        out = self.turn_line()
        if state.confirm is not None:
            return out
        notes = state.private[actor]
        if notes:
            out.append("\n")
            out.append(f"✕ {notes[-1]}", style="#ff8a80")
        if state.selected is not None:
            tiles = hand_tiles(look, actor)
            if state.selected < len(tiles):
                refusal = state.refusal(tiles[state.selected])
                if refusal:
                    out.append("\n")
                    out.append(f"✕ {refusal}", style="#ff8a80")
        return out

    def noted(self, state: TableState, events: Sequence[Event]) -> TableState:
        """Log events as the people at the screen may see them; ``state`` with the latest discard and notices."""
        log = self.query_one("#log", ReflowLog)
        humans = frozenset(self.driver.humans)
        # In hot-seat the log is read by everyone: it keeps no one's private lines.
        viewers = humans if not self.driver.hotseat else frozenset()
        look = self.look(state)
        for ev in events:
            if isinstance(ev, HandStarted):
                state = replace(state, last_discard=None)
                look = self.look(state)
            if isinstance(ev, TileDiscarded):
                state = replace(state, last_discard=(ev.seat, len(look.table.rivers[ev.seat]) - 1))
            if isinstance(ev, OptionRefused | ClaimLost) and ev.seat in humans:
                reason = say(ev.reason)
                state = state.noticed(ev.seat, look.seat_names(reason) if isinstance(ev, ClaimLost) else reason)
                if ev.seat not in viewers:
                    continue
            line = describe_event(ev, look, viewers)
            if line:
                log.add(line)
        return state

    # ------------------------------------------------------------------ play
    def advance(self, resume: Action | None = None) -> None:
        """Start whatever comes next: bot moves, a person's turn or prompt, or the hand's end.

        The engine's play loop makes the bots' moves. Moves without a pause (passes,
        fast-forward, the instant speed) are made at once, one after another, and the table
        is drawn once after them; a move worth showing stops the loop, and ``resume`` makes it
        when its time has come.
        """
        if self.state.waiting or self._timer is not None:
            return
        held = resume if resume is not None else self.state.held
        if self.ask_next():  # strict privacy: a person is called about the discard first
            self.state = replace(self.state, held=held)
            return
        if resume is None and held is not None:
            resume = held
            self.state = replace(self.state, held=None)
        self._moved = 0
        self._batch_start = monotonic()
        halt = self.driver.play(observe=self._observed, pause=self._pause_before, resume=resume)
        if halt.why is Stop.HAND_OVER:
            self.show_hand_end()
        elif halt.why is Stop.PAUSED:
            if self._moved:
                self.render_table()
            assert halt.action is not None
            if self.ask_due():  # the move waits until everyone has been called
                self.state = replace(self.state, held=halt.action)
                self.advance()
                return
            self.state = replace(self.state, paused=halt.action)
            self._timer = self.set_timer(max(self._delay, 0.001), self._bot_move)
        else:
            assert halt.seat is not None
            self.state = replace(self.state, fast=False)
            if self.ask_due():  # everyone is called about the discard before anyone plays on
                self.advance()
                return
            self.person(halt.seat)

    def _pause_before(self, seat: int, action: Action) -> bool:
        """Stop the loop before a bot's move to show it at the chosen speed (or to draw the table and read keys)."""
        quick = action.kind is ActionKind.PASS and self.driver.table().phase is not Phase.HAIDI
        self._delay = 0.0 if (self.state.fast or quick) else BOT_SPEEDS.get(self.driver.setup.speed, 0.6)
        viewer = self.state.viewer
        if self.driver.hotseat and viewer is not None and viewer != seat:
            self.set_reactive(TableScreen.state, replace(self.state, viewer=None))
            self._moved += 1  # the hidden hand must be drawn now
        return (
            self._delay > 0 or monotonic() - self._batch_start > _BATCH_SECONDS or not self.is_current or self.ask_due()
        )

    def _observed(self, move: Move) -> None:
        """A bot's move was made: note it (the table is drawn once the loop stops)."""
        if move.error:
            self.log.warning(f"seat {move.seat}'s bot {move.error}; {move.action} was made instead")
        self._moved += 1
        self.set_reactive(TableScreen.state, self.moved(self.state, move.seat, move.events))

    def _bot_move(self) -> None:
        """Make the paused bot move (later, if a dialog covers the table), and go on."""
        if not self.is_current:
            self._timer = self.set_timer(0.2, self._bot_move)
            return
        self._timer = None
        action = self.state.paused
        self.state = replace(self.state, paused=None)
        self.advance(resume=action)

    def act(self, action: Action) -> None:
        """Send a person's action to the engine, show what happened, and go on."""
        events = self.driver.apply(action)
        self.state = self.moved(self.state, action.seat, events)
        self.advance()

    def moved(self, state: TableState, seat: int, events: Sequence[Event]) -> TableState:
        """``state`` after ``seat``'s move and its ``events``: the choice in progress forgotten, the events logged."""
        state = replace(state.move_made(seat), moment=self.driver.moment)
        nxt = self.driver.next_seat()
        if self.driver.hotseat and (nxt is None or nxt != state.viewer or self.driver.is_bot(nxt)):
            state = replace(state, viewer=None)
        state = self.noted(state, events)
        return self.calls_after(state, events)

    def relabel(self) -> None:
        """The language changed: the keys and the table in the new one (the log keeps what it said)."""
        word_keys(self)
        word_keys(self.app)
        self.apply_layout(self.app.size.width, self.app.size.height)
        self._keys_shown = ()
        self.render_table()

    def set_display(self, display: Display) -> None:
        """Redraw with another tile style or palette."""
        self.appearance = display
        self.render_table()

    # ------------------------------------------------------------------ hand end
    def show_hand_end(self) -> None:
        """The end-of-hand summary; then the next hand, the final standings or the exit."""
        from .hand_end import GameEndScreen, HandEndScreen

        # Every hand is shown now: calling people about a discard that ended the hand tells nothing.
        self.state = replace(self.state, question=Question.SUMMARY, viewer=None, calls=Calls())
        look = self.look()

        def after(answer: str | None) -> None:
            """Next hand, the table, the final standings or the exit."""
            if answer in ("quit", "new"):
                self.dismiss(answer)
                return
            if answer == "table":
                self.refresh_bindings()
                return
            if self.driver.game.over:

                def final(choice: str | None) -> None:
                    """Leave the finished game."""
                    self.dismiss("new" if choice == "new" else "quit")

                self.app.push_screen(GameEndScreen(look, self.driver.standings(), self.driver.game.end_reason), final)
                return
            self.next_hand()

        people = tuple(self.driver.humans)
        self.app.push_screen(
            HandEndScreen(
                look, list(self.driver.hand_events), self.driver.standings(), people=people, review=self.driver.review
            ),
            after,
        )

    def action_summary(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.driver.hand_over:
            self.show_hand_end()

    def next_hand(self) -> None:
        """Deal the next hand and play on."""
        events = self.driver.next_hand()
        humans = self.driver.humans
        viewer = humans[0] if not self.driver.hotseat and humans else self.state.viewer
        state = replace(self.state, question=None, private=NO_NOTICES, last_discard=None, viewer=viewer)
        state = self.noted(replace(state, moment=self.driver.moment, hints_open=self.hints_at_start()), events)
        self._advice = None
        self.state = self.hand_start_calls(state)
        log = self.query_one("#log", ReflowLog)
        # The log was hidden under the summary: scroll to the new hand once it is laid out again.
        self.call_after_refresh(lambda: log.scroll_end(animate=False))
        self.advance()

    def hand_start_calls(self, state: TableState) -> TableState:
        """Strict privacy at a fresh hand with 起手小胡: every person is called before play."""
        table = self.driver.table()
        if not any(table.rivers) and table.phase in (Phase.INITIAL, Phase.TURN):
            return self.calls_after(state, [e for e in self.driver.hand_events if isinstance(e, HandStarted)])
        return state

    def on_key(self, event: events.Key) -> None:
        """``d`` with no tile drawn (after a chi or pong) discards nothing, nor ``u`` in hot-seat: say why."""
        if event.key == "d" and self.state.actor is not None and not self.state.holds_drawn and self.is_current:
            self.notify(t("table.no_drawn"), severity="warning")
        elif event.key == "u" and self.is_current and self.driver.humans and self.undo_refusal():
            self.notify(self.undo_refusal() or "", severity="warning")  # u is offered only against bots: say why
