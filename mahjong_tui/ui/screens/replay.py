"""A kept game on the table, step by step: every hand face up, the last action and what it did.

The game is replayed by :class:`mahjong_tui.keep.replay.Replay`; each moment is drawn from its
frame's view with the table's own widgets (seats, rivers, wall, the bottom hand). → and ←
step one action, space plays and pauses (stopping at each hand's end), + and − change the
speed, a number, n/p or the hand list (h) jump to a hand, e jumps to the hand's result. At
the end of a hand its scoring is shown (t shows the table instead), as the hand-end screen
shows it.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import ContentSwitcher, OptionList, Static
from textual.widgets.option_list import Option

from mahjong_tui.engine import ActionKind, Event, HandEnded, HandStarted, TileDiscarded, TilesDealt
from mahjong_tui.i18n import current, t
from mahjong_tui.keep.replay import Replay
from mahjong_tui.keep.saves import SavedGame
from mahjong_tui.telling import EVERY_SEAT, Teller, said_by

from ..config import Display, named
from ..driver import Standings, hand_records
from ..keys import key_line
from ..look import Look, action_title, seat_header
from ..widgets.hand import HandView
from ..widgets.layout import seats_and_rivers, show_seats_and_rivers
from ..widgets.term_links import LinkedStatic
from ..wrapping import Wrapped, whole
from .hand_end import game_over_line, hand_summary, payments_table, standings_table
from .once import Once
from .table import SMALLEST, layout_for

#: playing speeds, in actions a second
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
DEFAULT_SPEED = 2


def hand_events(saved: SavedGame) -> list[list[Event]]:
    """Each hand's events, from its start to its end (the game's end with the last)."""
    hands: list[list[Event]] = []
    for ev in saved.game.events:
        if isinstance(ev, HandStarted) or not hands:
            hands.append([])
        hands[-1].append(ev)
    return hands


class ReplayScreen(Once[None]):
    """A saved game or record stepped through; answers None when left."""

    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: auto; padding: 0 1; background: #0f3222; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-table { height: 1fr; }
    ReplayScreen #full { height: 1fr; }
    ReplayScreen #compact { display: none; height: auto; }
    ReplayScreen.-compact #full { display: none; }
    ReplayScreen.-compact #compact { display: block; }
    ReplayScreen.-compact #bottom { layout: vertical; height: 1fr; }
    ReplayScreen.-compact #info-line { padding: 0 1; background: #0f3222; }
    ReplayScreen.-compact CompactSeat { padding: 0 1; }
    ReplayScreen #replay-action {
        width: 42; height: 1fr; padding: 0 1; background: #0c261a; color: #cfd8dc; border-left: tall #1f5a40;
    }
    ReplayScreen.-compact #replay-action { width: 1fr; border-left: none; min-height: 2; }
    ReplayScreen #replay-result { height: 1fr; padding: 1 2; }
    ReplayScreen #replay-result-tables { height: auto; margin-top: 1; }
    ReplayScreen #replay-payments { width: auto; margin-right: 6; }
    ReplayScreen #replay-standings { width: auto; }
    ReplayScreen #too-small {
        display: none; width: 1fr; height: 1fr; content-align: center middle; text-align: center;
        text-style: bold; color: #ffd166; background: #3a1e1e;
    }
    ReplayScreen.-tiny #replay-body { display: none; }
    ReplayScreen.-tiny #too-small { display: block; }
    ReplayScreen #replay-keys { height: auto; background: $footer-background; color: $footer-foreground; }
    """

    BINDINGS = [
        Binding("right", "step(1)", show=False),
        Binding("left", "step(-1)", show=False),
        Binding("space", "play", show=False),
        Binding("plus,equals_sign", "speed(1)", show=False),
        Binding("minus", "speed(-1)", show=False),
        Binding("n,pagedown", "hand(1)", show=False),
        Binding("p,pageup", "hand(-1)", show=False),
        Binding("home", "deal", show=False),
        Binding("e,end", "result", show=False),
        Binding("t", "table", show=False),
        Binding("h", "hands", show=False),
        *[Binding(str(n), f"goto({n})", show=False) for n in range(1, 10)],
        Binding("escape,q", "leave", show=False),
    ]

    def __init__(self, saved: SavedGame, display: Display, *, hand: int = 1) -> None:
        """Step through ``saved``, drawn in ``display``, from the deal of ``hand``."""
        super().__init__()
        self.saved = saved
        self.replay = Replay(saved)
        self.replay.goto(hand)
        self.appearance = display
        self.names = tuple(s.name for s in saved.table.seats)
        people = [i for i, s in enumerate(saved.table.seats) if s.bot is None]
        self.bottom = people[0] if people else 0
        self.hands = hand_events(saved)
        self.records = hand_records(saved.game.events)
        self.speed = DEFAULT_SPEED
        self.playing = False
        self.result_shown = True  # at a hand's end: the scoring (t: the table)
        self._timer: Timer | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The head line, the table or the hand's result, the keys."""
        yield Static(id="replay-head")
        with ContentSwitcher(initial="replay-table", id="replay-body"):
            with Vertical(id="replay-table"):
                yield from seats_and_rivers()
                with Horizontal(id="bottom"):
                    with Vertical(id="me"):
                        yield Static(id="me-header")
                        yield HandView(id="hand")
                    yield Static(id="replay-action")
            with VerticalScroll(id="replay-result"):
                yield LinkedStatic(id="replay-summary")
                with Horizontal(id="replay-result-tables"):
                    yield Static(id="replay-payments")
                    yield Static(id="replay-standings")
                yield Static(id="replay-over")
        yield Static(id="too-small")
        yield Static(id="replay-keys")

    def on_mount(self) -> None:
        """Lay out for the terminal and draw the first moment."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.show()

    def on_resize(self) -> None:
        """Switch between the full, compact and too-small layouts."""
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.show()

    def apply_layout(self, width: int, height: int) -> None:
        """The layout class for a terminal size."""
        mode = layout_for(width, height)
        for name in ("full", "compact", "tiny"):
            self.set_class(mode == name, f"-{name}")
        if mode == "tiny":
            self.query_one("#too-small", Static).update(
                t("replay.too_small", width=width, height=height, min_width=SMALLEST[0], min_height=SMALLEST[1])
            )

    # ------------------------------------------------------------------ drawing
    def look(self) -> Look:
        """The table at the cursor, every hand face up; the latest discard marked."""
        frame = self.replay.frame
        view = frame.view
        last = next((e for e in reversed(frame.events) if isinstance(e, TileDiscarded)), None)
        marked = (last.seat, len(view.rivers[last.seat]) - 1) if last is not None and view.rivers[last.seat] else None
        return Look(table=view, names=self.names, bottom=self.bottom, display=self.appearance, last_discard=marked)

    @property
    def at_result(self) -> bool:
        """The cursor is on the action that ended its hand."""
        return any(isinstance(e, HandEnded) for e in self.replay.frame.events)

    def show(self) -> None:
        """Draw the moment the cursor is at: the table, or the hand's scoring at its end."""
        look = self.look()
        result = self.at_result and self.result_shown
        self.query_one("#replay-body", ContentSwitcher).current = "replay-result" if result else "replay-table"
        if result:
            self._draw_result(look)
        else:
            self._draw_table(look)
        self.query_one("#replay-head", Static).update(self._head())
        self.query_one("#replay-keys", Static).update(self._keys())

    def _draw_table(self, look: Look) -> None:
        """Every seat, river, the wall and the bottom hand; the action and what it did."""
        show_seats_and_rivers(self, look, self.bottom)
        self.query_one("#hand", HandView).show(look, self.bottom, active=False)
        self.query_one("#me-header", Static).update(seat_header(look, self.bottom))
        self.query_one("#replay-action", Static).update(self._what_happened(look))

    def _draw_result(self, look: Look) -> None:
        """The hand's scoring, its payments and the standings after it (and the game's end)."""
        number = self.replay.hand
        events = self.hands[number - 1] if number <= len(self.hands) else []
        done = tuple(r for r in self.records if r.number <= number)
        start = self.saved.game.rules.starting_points(self.saved.game.options)
        scores = done[-1].scores if done else look.table.scores
        standings = Standings(start, done, scores)
        self.query_one("#replay-summary", Static).update(hand_summary(look, events))
        self.query_one("#replay-payments", Static).update(payments_table(look, events) or "")
        self.query_one("#replay-standings", Static).update(standings_table(look, standings))
        self.query_one("#replay-over", Static).update(game_over_line(look, events) or "")

    def _what_happened(self, look: Look) -> Group:
        """The action that led here (or the deal) and what it caused, a line each: every seat's draws too, the game
        being face up (but not each seat's deal: the hands show it)."""
        frame = self.replay.frame
        teller = Teller(current(), look.table.ruleset, look, EVERY_SEAT, wall=True)
        lines: list[Text] = []
        action = frame.action
        if action is None:
            lines.append(Text(t("replay.deal", hand=self.replay.hand), style="bold #ffd166"))
        else:
            head = Text(f"{self.replay.step}. ", style="#9aa0a6")
            head.append(f"{look.label(action.seat)}: ", style="bold")
            head.append(action_title(action), style="bold #ffd166")
            lines.append(head)
        for ev in frame.events:
            said = None if said_by(action, ev) or isinstance(ev, TilesDealt) else teller.line(ev)
            if said:
                lines.append(Text(f"→ {said}"))
        return Group(*lines)

    def _head(self) -> RenderableType:
        """Where the cursor is: the game, the hand, the action; playing or paused, and the speed (a narrow line
        breaks between these, never inside one)."""
        r = self.replay
        rules = self.saved.game.rules
        state = Text("▶ " if self.playing else "❚❚ ", style="bold #69f0ae" if self.playing else "bold #9aa0a6")
        facts = [
            state + Text(t("replay.title"), style="bold"),
            Text(named(rules.en_name, rules.zh_name)),
            Text(t("replay.position", hand=r.hand, hands=r.hand_count, step=r.step, steps=r.steps())),
            Text(t("replay.speed", rate=f"{SPEEDS[self.speed]:g}"), style="#9aa0a6"),
        ]
        if r.at_end:
            facts.append(Text(t("replay.the_end"), style="bold #ffd166"))
        return Wrapped(Text(" · ").join(whole(x) for x in facts))

    def _keys(self) -> RenderableType:
        """The keys, in the language in use: a line breaks between them, never inside one."""
        keys = [
            ("←→", "replay.key_step"),
            ("space", "replay.key_play"),
            ("+−", "replay.key_speed"),
            ("n/p", "replay.key_hand"),
            ("h", "replay.key_hands"),
            ("e", "replay.key_result"),
        ]
        if self.at_result:
            keys.append(("t", "replay.key_table" if self.result_shown else "replay.key_scoring"))
        keys.append(("q", "replay.key_leave"))
        return key_line(keys)

    # ------------------------------------------------------------------ moving
    def _moved(self) -> None:
        """The cursor moved: show the result at a hand's end, and draw."""
        self.result_shown = True
        self.show()

    def action_step(self, step: int) -> None:
        """One action forward or back (stops playing)."""
        self._stop()
        if self.replay.forward() if step > 0 else self.replay.back():
            self._moved()
        else:
            self.show()

    def action_hand(self, step: int) -> None:
        """The next or previous hand's deal (back from mid-hand: this hand's deal)."""
        self._stop()
        r = self.replay
        if step < 0 and r.step > 0:
            r.goto(r.hand)
        else:
            r.goto(r.hand + step)
        self._moved()

    def action_goto(self, hand: int) -> None:
        """The deal of hand ``hand`` (when the game has that many)."""
        if hand <= self.replay.hand_count:
            self._stop()
            self.replay.goto(hand)
            self._moved()

    def action_deal(self) -> None:
        """This hand's deal."""
        self._stop()
        self.replay.goto(self.replay.hand)
        self._moved()

    def action_result(self) -> None:
        """This hand's last action: its result."""
        self._stop()
        self.replay.end_of_hand()
        self._moved()

    def action_table(self) -> None:
        """At a hand's end: the table instead of the scoring, or back."""
        if self.at_result:
            self.result_shown = not self.result_shown
            self.show()

    def action_hands(self) -> None:
        """Choose a hand from the list of every hand and its result."""

        def chosen(hand: int | None) -> None:
            """Jump to the hand chosen."""
            if hand is not None:
                self.action_goto(hand)

        self._stop()
        self.app.push_screen(HandListScreen(self.hand_list(), self.replay.hand), chosen)

    def hand_list(self) -> list[str]:
        """A line per hand: its dealer and how it ended."""
        out = []
        ended = {r.number: r for r in self.records}
        for number, events in enumerate(self.hands, start=1):
            started = next((e for e in events if isinstance(e, HandStarted)), None)
            dealer = self.names[started.dealer] if started is not None else "—"
            rec = ended.get(number)
            if rec is None:
                how = t("replay.unfinished")
            elif rec.winners:
                won = ", ".join(f"{self.names[s]} {rec.payments[s]:+d}" for s in rec.winners)
                how = t("replay.won_by", winners=won)
            else:
                how = t("replay.drawn")
            out.append(t("replay.hand_line", hand=number, dealer=dealer, result=how))
        return out

    # ------------------------------------------------------------------ playing
    def action_play(self) -> None:
        """Play from here at the chosen speed, or pause (at the very end: from the first hand)."""
        if self.playing:
            self._stop()
            self.show()
            return
        if self.replay.at_end:
            self.replay.goto(1)
        self.playing = True
        self._schedule()
        self.show()

    def action_speed(self, step: int) -> None:
        """Faster or slower."""
        self.speed = min(max(0, self.speed + step), len(SPEEDS) - 1)
        self.show()

    def _schedule(self) -> None:
        """The next step after a pause fitting the speed (a pass goes by quicker)."""
        frame = self.replay.frame
        delay = 1 / SPEEDS[self.speed]
        if frame.action is not None and frame.action.kind is ActionKind.PASS:
            delay /= 3
        self._timer = self.set_timer(delay, self._tick)

    def _tick(self) -> None:
        """One step on; stop at a hand's end (its scoring is shown) and at the game's end."""
        self._timer = None
        if not self.playing:
            return
        if not self.replay.forward():
            self.playing = False
        elif self.at_result:
            self.playing = False
        self._moved()
        if self.playing:
            self._schedule()

    def _stop(self) -> None:
        """Stop playing."""
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def relabel(self) -> None:
        """The language changed: draw again."""
        self.show()

    def action_leave(self) -> None:
        """Back to where the replay was opened from."""
        self._stop()
        self.dismiss(None)


class HandListScreen(ModalScreen[int | None], Once[int | None]):
    """Every hand of the game with how it ended; Enter jumps to the one highlighted, Esc goes back."""

    DEFAULT_CSS = """
    HandListScreen { align: center middle; }
    HandListScreen #hand-list-card {
        width: 80%; max-width: 90; height: auto; max-height: 80%; padding: 0 1;
        background: #1d2a24; border: thick #9aa0a6;
    }
    HandListScreen OptionList { height: auto; max-height: 24; }
    """
    BINDINGS = [Binding("escape,q,h", "close", show=False)]

    def __init__(self, lines: list[str], hand: int) -> None:
        """A line per hand; ``hand`` highlighted first."""
        super().__init__()
        self.lines = lines
        self.hand = hand

    def compose(self) -> ComposeResult:
        """The list."""
        with Vertical(id="hand-list-card"):
            yield Static(t("replay.hands_title"), classes="card-title")
            yield OptionList(*[Option(line, id=str(i)) for i, line in enumerate(self.lines, start=1)], id="hand-list")

    def on_mount(self) -> None:
        """The current hand highlighted."""
        options = self.query_one(OptionList)
        options.highlighted = self.hand - 1
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Jump to the hand chosen."""
        self.dismiss(int(event.option.id or 1))

    def action_close(self) -> None:
        """Back, without jumping."""
        self.dismiss(None)
