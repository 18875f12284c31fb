"""The table: four seats around the wall; people play by keys or the mouse, bots at a set pace."""

from __future__ import annotations

from dataclasses import replace
from time import monotonic

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from mahjong_tui.engine.actions import Action, ActionKind
from mahjong_tui.engine.events import Event, HandStarted, OptionRefused, TileDiscarded
from mahjong_tui.engine.hand import Phase

from ..config import BOT_SPEEDS, Display
from ..driver import TableDriver
from ..look import Look, describe_event, hand_type_names, pack, seat_at
from ..widgets.hand import HandView, hand_tiles
from ..widgets.river import RiverView
from ..widgets.seat import CompactSeat, SeatPanel
from ..widgets.wall import InfoLine, WallRing
from .choice import ChoiceScreen, choices_for
from .curtain import CurtainScreen

FULL = (120, 36)
SMALLEST = (80, 24)
_BATCH_SECONDS = 0.05  # bot moves are made at once for this long, then the table is drawn and input read

_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_PASS_WORDS = {
    Phase.HAIDI: "过 Leave the 海底",
    Phase.HAIDI_TAKEN: "亮 Show the tile (no win)",
    Phase.INITIAL: "过 Don't declare",
}
_CURTAIN_WHY = {
    Phase.TURN: "your turn",
    Phase.CLAIM: "a claim on a discard",
    Phase.ROB: "robbing a kong (抢杠)",
    Phase.INITIAL: "initial small wins (起手小胡)",
    Phase.HAIDI: "the last tile (海底)",
    Phase.HAIDI_TAKEN: "the last tile (海底)",
    Phase.HAIDI_SHOWN: "a win on the 海底",
    Phase.KAIGANG_SELF: "the 开杠 tiles",
    Phase.KAIGANG_CLAIM: "a win on the 开杠 tiles",
}


def layout_for(width: int, height: int) -> str:
    """``full``, ``compact`` or ``tiny`` (too small to play) for a terminal size."""
    if width >= FULL[0] and height >= FULL[1]:
        return "full"
    if width >= SMALLEST[0] and height >= SMALLEST[1]:
        return "compact"
    return "tiny"


class TableScreen(Screen[str]):
    """The game in play. Answers ``quit`` or ``new`` when the game is left."""

    BINDINGS = [
        Binding("left", "move(-1)", "Select ←", show=False),
        Binding("right", "move(1)", "Select →", show=False),
        Binding("enter", "discard", "Discard"),
        Binding("d", "discard_drawn", "Discard drawn"),
        Binding("w", "win", "胡 Win"),
        Binding("k", "kong", "杠 Kong"),
        Binding("c", "summary", "Hand summary"),
        Binding("f", "fast_forward", "Fast-forward"),
        Binding("a", "autoplay", "Autoplay"),
        Binding("l", "log", "Log", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
        *[Binding(k, f"pick({i})", show=False) for i, k in enumerate("1234567890")],
    ]

    def __init__(self, driver: TableDriver, display: Display) -> None:
        """A table for the game ``driver`` holds."""
        super().__init__()
        self.driver = driver
        self.appearance = display
        self.viewer: int | None = None
        self.bottom = driver.humans[0] if driver.humans else 0
        self.actor: int | None = None  # the person choosing a discard or a turn action now
        self.selected: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.fast = False
        self.confirm: Action | None = None
        self.armed: int | None = None  # a tile picked by number or click: the same again discards it
        self.private: dict[int, list[str]] = {s: [] for s in range(4)}
        self.hand_events: list[Event] = []
        self._timer: Timer | None = None
        self._waiting = False  # a dialog or curtain is open for a person
        self._keys_shown: tuple[bool | None, ...] = ()
        if not driver.hotseat:
            self.viewer = driver.humans[0] if driver.humans else None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """Full and compact layouts share the bottom seat and the log."""
        with Vertical(id="table"):
            with Vertical(id="full"):
                yield SeatPanel("top", id="seat-top")
                with Horizontal(id="middle"):
                    # The side seats keep their rivers beneath them, so the centre is the wall
                    # between the rivers of the seats across and at the bottom.
                    with Vertical(id="side-left", classes="side"):
                        yield SeatPanel("left", id="seat-left")
                        yield RiverView("left", id="river-left")
                    with Vertical(id="centre"):
                        yield RiverView("top", id="river-top")
                        yield WallRing(id="wall")
                        yield RiverView("bottom", id="river-bottom")
                    with Vertical(id="side-right", classes="side"):
                        yield SeatPanel("right", id="seat-right")
                        yield RiverView("right", id="river-right")
            with Vertical(id="compact"):
                yield InfoLine(id="info-line")
                yield CompactSeat("top", id="cseat-top")
                yield CompactSeat("left", id="cseat-left")
                yield CompactSeat("right", id="cseat-right")
                yield CompactSeat("bottom", id="cseat-bottom")
            with Horizontal(id="bottom"):
                with Vertical(id="me"):
                    yield Static(id="me-header")
                    yield HandView(id="hand")
                    yield Static(id="me-actions")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=300)
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        """Log the hand so far and start play."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.hand_events = list(self.driver.game.hand.events)
        self.note_events(self.hand_events)
        self.render_table()
        self.call_after_refresh(self.advance)

    def on_resize(self) -> None:
        """Switch between the full, compact and too-small layouts."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.render_table()

    def apply_layout(self, width: int, height: int) -> None:
        """Set the layout class for a terminal size."""
        mode = layout_for(width, height)
        for name in ("full", "compact", "tiny"):
            self.set_class(mode == name, f"-{name}")
        self.query_one(Footer).compact = mode != "full"  # every key fits on one line at 80 columns
        if mode == "tiny":
            self.query_one("#too-small", Static).update(
                f"The terminal is too small for the table ({width}×{height}).\n"
                f"Please enlarge it to at least {SMALLEST[0]}×{SMALLEST[1]}."
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
    def look(self) -> Look:
        """What the widgets draw now."""
        face_up = frozenset() if self.viewer is None else frozenset({self.viewer})
        if not self.driver.humans:
            face_up = frozenset(range(4))  # bots only: the table is for watching
        return Look(
            game=self.driver.game,
            names=tuple(self.driver.setup.names),
            bottom=self.bottom,
            face_up=face_up,
            display=self.appearance,
            last_discard=self.last_discard,
            selected=self.selected,
        )

    def render_table(self) -> None:
        """Redraw every part of the table from the engine's state."""
        look = self.look()
        for pos in ("top", "left", "right"):
            self.query_one(f"#seat-{pos}", SeatPanel).show(look, seat_at(pos, self.bottom))
        for pos in ("top", "left", "right", "bottom"):
            seat = seat_at(pos, self.bottom)
            self.query_one(f"#river-{pos}", RiverView).show(look, seat)
            self.query_one(f"#cseat-{pos}", CompactSeat).show(look, seat)
        self.query_one("#wall", WallRing).show(look)
        self.query_one("#info-line", InfoLine).show(look)
        self.query_one("#hand", HandView).show(look, self.bottom, active=self.actor == self.bottom)
        self._draw_me(look)
        # The footer is rebuilt only when the keys on offer change (rebuilding it is slow).
        keys = tuple(self.check_action(a, ()) for a in ("discard", "win", "kong", "autoplay", "summary"))
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def render_hand(self) -> None:
        """Redraw only the bottom hand and its actions line (a new selection changes nothing else)."""
        look = self.look()
        self.query_one("#hand", HandView).show(look, self.bottom, active=self.actor == self.bottom)
        self.query_one("#me-actions", Static).update(self._actions_line())

    def _draw_me(self, look: Look) -> None:
        """The bottom seat's header line and its actions line."""
        from ..look import flowers_text, meld_text, seat_header

        seat = self.bottom
        chunks = [seat_header(look, seat)]
        p = self.driver.game.hand.players[seat]
        if seat in self.driver.autoplay:
            chunks.append(Text("[autoplay]", style="bold #69f0ae"))
        if p.flowers:
            chunks.append(Text(" 花 ", style="#9aa0a6") + (flowers_text(look, seat) or Text()))
        chunks.extend(Text(" ") + meld_text(look, m, seat) for m in p.melds)
        # Whole melds to a line: a wrapped line never splits one.
        width = self.query_one("#me-header", Static).size.width or 76
        self.query_one("#me-header", Static).update(pack(chunks, max(20, width)))
        self.query_one("#me-actions", Static).update(self._actions_line())

    def _actions_line(self) -> Text:
        """What the person may do now, or the latest private notice."""
        if self.actor is None:
            if self.fast:
                return Text("▶▶ fast-forward", style="bold #69f0ae")
            return Text("")
        out = Text()
        if self.confirm is not None:
            out.append("You can win (胡)! Enter again discards anyway; w wins.", style="bold #ff6b6b")
            return out
        legal = self.driver.game.legal_actions(self.actor)
        kinds = {a.kind for a in legal}
        parts = ["←→/1-0/click select", "Enter discard", "d drawn tile"]
        if ActionKind.WIN in kinds:
            out.append("w 胡 WIN  ", style="bold black on #69f0ae")
        if kinds & set(_KONGS):
            out.append("k 杠 kong  ", style="bold #ffd166")
        out.append(" · ".join(parts), style="#9aa0a6")
        if self.driver.game.hand.players[self.actor].kaigang_locked:
            out.append("\n")
            out.append("开杠: you must discard each tile you draw (d), unless it wins (w)", style="bold #ffd166")
        notes = self.private.get(self.actor) or []
        if notes:
            out.append("\n")
            out.append(f"✕ {notes[-1]}", style="#ff8a80")
        if self.selected is not None:
            tiles = hand_tiles(self.look(), self.actor)
            if self.selected < len(tiles):
                refusal = self._discard_refusal(tiles[self.selected])
                if refusal:
                    out.append("\n")
                    out.append(f"✕ {refusal}", style="#ff8a80")
        return out

    def note_events(self, events: list[Event]) -> None:
        """Log events as the people at the screen may see them; keep private notices per seat."""
        log = self.query_one("#log", RichLog)
        humans = frozenset(self.driver.humans)
        # In hot-seat the log is read by everyone: it keeps no one's private lines.
        viewers = humans if not self.driver.hotseat else frozenset()
        look = self.look()
        for ev in events:
            if isinstance(ev, HandStarted):
                self.last_discard = None
                look = self.look()
            if isinstance(ev, TileDiscarded):
                self.last_discard = (ev.seat, len(self.driver.game.hand.players[ev.seat].river) - 1)
            if isinstance(ev, OptionRefused) and ev.seat in humans:
                self.private[ev.seat].append(ev.reason)
                if ev.seat not in viewers:
                    continue
            line = describe_event(ev, look, viewers)
            if line:
                log.write(line)

    # ------------------------------------------------------------------ play
    def advance(self) -> None:
        """Start whatever comes next: a bot's move, a person's turn or prompt, or the hand's end.

        Bot moves without a pause (passes, fast-forward, the instant speed) are made at once,
        one after another, and the table is drawn once after them.
        """
        if self._waiting or self._timer is not None:
            return
        moved = 0
        start = monotonic()
        while True:
            game = self.driver.game
            if game.hand.over:
                self.show_hand_end()
                return
            seat = self.driver.next_seat()
            if seat is None:
                if moved:
                    self.render_table()
                return
            if not self.driver.is_bot(seat):
                break
            action = self.driver.bot_action(seat)
            quick = action.kind is ActionKind.PASS and game.hand.phase is not Phase.HAIDI
            delay = 0.0 if (self.fast or quick) else BOT_SPEEDS.get(self.driver.setup.speed, 0.6)
            if self.driver.hotseat and self.viewer is not None and self.viewer != seat:
                self.viewer = None
                moved += 1  # the hidden hand must be drawn now
            if delay > 0 or monotonic() - start > _BATCH_SECONDS or not self.is_current:
                if moved:
                    self.render_table()
                self._timer = self.set_timer(max(delay, 0.001), lambda a=action: self._bot_move(a))
                return
            self._apply(action)
            moved += 1
        self.fast = False
        self.person(seat)

    def _bot_move(self, action: Action) -> None:
        """Carry out a bot's move (later, if a dialog covers the table)."""
        if not self.is_current:
            self._timer = self.set_timer(0.2, lambda: self._bot_move(action))
            return
        self._timer = None
        if action not in self.driver.game.legal_actions(action.seat):
            self.advance()
            return
        self.act(action)

    def act(self, action: Action) -> None:
        """Send an action to the engine, show what happened, and go on."""
        self._apply(action)
        self.render_table()
        self.advance()

    def _apply(self, action: Action) -> None:
        """Send an action to the engine and log what happened (the caller redraws)."""
        self.actor = None
        self.selected = None
        self.armed = None
        self.confirm = None
        if action.seat in self.private:
            self.private[action.seat].clear()
        events = self.driver.apply(action)
        self.hand_events.extend(events)
        nxt = self.driver.next_seat()
        if self.driver.hotseat and (nxt is None or nxt != self.viewer or self.driver.is_bot(nxt)):
            self.viewer = None
        self.note_events(events)

    def person(self, seat: int) -> None:
        """A person must decide: the curtain first in hot-seat, then their turn or a prompt."""
        if self.driver.hotseat and self.viewer != seat:
            self.viewer = None
            self.bottom = seat
            self.render_table()
            self._waiting = True
            why = _CURTAIN_WHY.get(self.driver.game.hand.phase, "your turn")
            self.app.push_screen(CurtainScreen(self.look().label(seat), why), lambda _: self._lift(seat))
            return
        self._lift(seat)

    def _lift(self, seat: int) -> None:
        """Show the seat's tiles and ask it."""
        self._waiting = False
        self.viewer = seat
        self.bottom = seat
        look = self.look()
        hand = self.driver.game.hand
        if hand.phase is Phase.TURN:
            self.actor = seat
            tiles = hand_tiles(look, seat)
            self.selected = len(tiles) - 1 if tiles else None
            self.render_table()
            return
        self.render_table()
        self.prompt(seat)

    def prompt(self, seat: int) -> None:
        """The modal prompt for anything but a turn: claims, robbing, 海底, 开杠 and initial wins."""
        game = self.driver.game
        hand = game.hand
        look = self.look()
        legal = game.legal_actions(seat)
        notes = [r.reason for r in hand.refusals_for(seat)]
        notes.extend(n for n in self.private[seat] if n not in notes)
        title = Text(f"{look.label(seat)}: ", style="bold")
        tiles: Text | None = None
        phase = hand.phase
        discarder = hand.current
        if phase is Phase.CLAIM:
            title.append(f"{look.label(discarder)} discarded {look.word(hand.last_discard or 0)}")
            tiles = look.tile(hand.last_discard or 0, highlight=True)
        elif phase is Phase.ROB:
            title.append(f"{look.label(discarder)} adds {look.word(hand.rob_tile or 0)} to a pong (加杠): rob it?")
            tiles = look.tile(hand.rob_tile or 0, highlight=True)
        elif phase in (Phase.KAIGANG_SELF, Phase.KAIGANG_CLAIM):
            title.append(f"开杠 by {look.label(discarder)} revealed")
            tiles = Text(" ").join(look.tile(t, highlight=True) for t in hand.kaigang_tiles)
        elif phase is Phase.HAIDI:
            title.append("the last tile (海底) is offered to you")
        elif phase is Phase.HAIDI_TAKEN:
            title.append("you took the 海底: win on it, or show it")
            tiles = look.tile(hand.haidi_tile or 0, highlight=True)
        elif phase is Phase.HAIDI_SHOWN:
            title.append(f"{look.label(discarder)} shows the 海底")
            tiles = look.tile(hand.haidi_tile or 0, highlight=True)
        elif phase is Phase.INITIAL:
            names = hand_type_names(game.rules.family)
            types = game.rules.initial_wins(hand.players[seat].counts)
            title.append("your starting hand has 起手小胡 (initial small wins): ")
            title.append(", ".join(" ".join(names.get(t, (t, ""))) for t in types), style="bold #ffd166")
        self._waiting = True

        def answered(action: Action | None) -> None:
            """Carry out the answer."""
            self._waiting = False
            if action is None:
                self.advance()
                return
            self.act(action)

        choices = choices_for(legal)
        if phase in _PASS_WORDS:
            choices = [replace(c, label=_PASS_WORDS[phase]) if c.action and c.action.kind is ActionKind.PASS else c
                       for c in choices]
        self.app.push_screen(ChoiceScreen(title, choices, tiles=tiles, notes=notes), answered)

    # ------------------------------------------------------------------ turn input
    def _discard_refusal(self, tile: int) -> str | None:
        """Why the person may not discard ``tile`` now (None: they may)."""
        if self.actor is None:
            return None
        for r in self.driver.game.hand.refusals_for(self.actor):
            if r.kind is ActionKind.DISCARD and r.tile == tile:
                return r.reason
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (none of the game's while the table is hidden)."""
        if self.layout_mode == "tiny" and action not in ("help", "leave"):
            return False
        if action in ("discard", "discard_drawn", "move", "pick"):
            return self.actor is not None
        if action == "win":
            return self.actor is not None and any(
                a.kind is ActionKind.WIN for a in self.driver.game.legal_actions(self.actor)
            )
        if action == "kong":
            return self.actor is not None and any(
                a.kind in _KONGS for a in self.driver.game.legal_actions(self.actor)
            )
        if action == "autoplay":
            return bool(self.driver.humans) and not self.driver.game.hand.over
        if action == "summary":
            return self.driver.game.hand.over
        if action == "fast_forward":
            return not self.driver.game.hand.over
        return True

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

    def action_discard_drawn(self) -> None:
        """Discard the tile just drawn (or the last tile)."""
        if self.actor is None:
            return
        tiles = hand_tiles(self.look(), self.actor)
        if self.selected != len(tiles) - 1:
            self.selected = len(tiles) - 1
            self.confirm = None
        self.action_discard()

    def action_discard(self) -> None:
        """Discard the selected tile (asking once more when a win is there)."""
        seat = self.actor
        if seat is None or self.selected is None:
            return
        tiles = hand_tiles(self.look(), seat)
        if self.selected >= len(tiles):
            return
        tile = tiles[self.selected]
        legal = self.driver.game.legal_actions(seat)
        action = next((a for a in legal if a.kind is ActionKind.DISCARD and a.tile == tile), None)
        if action is None:
            reason = self._discard_refusal(tile) or (
                "after 开杠 you must discard the tile you drew"
                if self.driver.game.hand.players[seat].kaigang_locked
                else f"you can't discard {self.look().word(tile)} now"
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
        if self.actor is None:
            return
        win = next((a for a in self.driver.game.legal_actions(self.actor) if a.kind is ActionKind.WIN), None)
        if win is not None:
            self.act(win)

    def action_kong(self) -> None:
        """Declare a kong (a dialog when there is more than one, or 补张/开杠 to choose)."""
        seat = self.actor
        if seat is None:
            return
        kongs = [a for a in self.driver.game.legal_actions(seat) if a.kind in _KONGS]
        if not kongs:
            return
        if len(kongs) == 1:
            self.act(kongs[0])
            return

        def chosen(action: Action | None) -> None:
            """Carry out the chosen kong."""
            if action is not None:
                self.act(action)

        title = Text(f"{self.look().label(seat)}: which kong?", style="bold")
        self.app.push_screen(ChoiceScreen(title, choices_for(kongs, cancel=True)), chosen)

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
            self.notify(f"{self.driver.setup.names[seat]} plays again")
        else:
            self.driver.autoplay.add(seat)
            self.notify(f"autoplay: the normal bot plays {self.driver.setup.names[seat]}")
            if self.actor == seat:
                self.actor = None
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

    def action_help(self) -> None:
        """Show the keys and what the table shows."""
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        """Quit the game (asks first)."""
        from .help import ConfirmScreen

        def answered(yes: bool | None) -> None:
            """Carry out the answer."""
            if yes:
                self.dismiss("quit")

        self.app.push_screen(ConfirmScreen("Leave this game?"), answered)

    def set_display(self, display: Display) -> None:
        """Redraw with another tile style or palette."""
        self.appearance = display
        self.render_table()

    # ------------------------------------------------------------------ hand end
    def show_hand_end(self) -> None:
        """The end-of-hand summary; then the next hand, the final standings or the exit."""
        from .hand_end import GameEndScreen, HandEndScreen

        self._waiting = True
        self.viewer = None
        self.render_table()
        look = self.look()

        def after(answer: str | None) -> None:
            """Next hand, the table, the final standings or the exit."""
            if answer == "quit":
                self.dismiss("quit")
                return
            if answer == "table":
                self.refresh_bindings()
                return
            if self.driver.game.over:
                def final(choice: str | None) -> None:
                    """Leave the finished game."""
                    self.dismiss("new" if choice == "new" else "quit")

                self.app.push_screen(
                    GameEndScreen(look, self.driver.history, self.driver.game.end_reason), final
                )
                return
            self.next_hand()

        self.app.push_screen(HandEndScreen(look, self.hand_events, list(self.driver.history)), after)

    def action_summary(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.driver.game.hand.over:
            self._waiting = False
            self.show_hand_end()

    def next_hand(self) -> None:
        """Deal the next hand and play on."""
        self._waiting = False
        events = self.driver.next_hand()
        self.hand_events = list(self.driver.game.hand.events)
        for s in range(4):
            self.private[s].clear()
        self.last_discard = None
        if not self.driver.hotseat and self.driver.humans:
            self.viewer = self.driver.humans[0]
        self.note_events(events)
        log = self.query_one("#log", RichLog)
        # The log was hidden under the summary: scroll to the new hand once it is laid out again.
        self.call_after_refresh(lambda: log.scroll_end(animate=False))
        self.render_table()
        self.advance()
