"""What every part of the table screen works from: the game's driver, the table's state, and the table drawn.

:class:`TableBase` holds the screen's one reactive, ``state`` (a
:class:`~mahjong_tui.ui.table_state.TableState`), and draws the whole table from it whenever
it changes: the seats, rivers and wall, the bottom hand with its header and actions line,
and the hint panel. The parts of the screen are built on it, each using only what lies
beneath it: the prompts, each awaited (:mod:`.asking`); the play (:mod:`.table_play`); the
keys (:mod:`.table_keys`) and the learning aids (:mod:`.learning`); the screen itself, its
layout and its keys (:mod:`.table`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import replace

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from mahjong_tui.engine import Action, ActionKind, Phase, Tile
from mahjong_tui.i18n import t

from ..config import Display, Learning
from ..look import Look, claims_text, flowers_text, has_drawn_apart, meld_text, relation_warnings, seat_header
from ..preview import win_preview
from ..seating import Seating
from ..table_state import TableState
from ..widgets.hand import HandView, hand_tiles
from ..widgets.hint_panel import Advice, HintPanel, advise, hand_marks, hint_body
from ..widgets.layout import show_seats_and_rivers
from ..wrapping import pack
from .once import Once

KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
LAYOUTS = ("full", "compact", "tiny")


class TableBase(Once[str]):
    """The table's state, its one reactive, and the table drawn from it and from the engine's views."""

    state: reactive[TableState] = reactive(TableState(0), init=False, repaint=False)

    def __init__(self, driver: Seating, display: Display) -> None:
        """A table for the game ``driver`` holds, drawn in ``display``."""
        super().__init__()
        self.driver = driver
        self.appearance = display
        self._keys_shown: tuple[bool | None, ...] = ()  # the keys on offer when the footer was last told
        self._advice: tuple[tuple[int, tuple[int, int]], Advice] | None = None  # worked out once per move
        #: the hints wait for the table's first frame (the table shows at once; its panel fills in a moment later)
        self.hints_drawn = False
        humans = driver.humans
        viewer = humans[0] if humans and not driver.hotseat else None  # in hot-seat, nobody's until a curtain lifts
        self.set_reactive(TableBase.state, TableState(bottom=humans[0] if humans else 0, viewer=viewer))

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
        return getattr(self.app, "learning", None) or Learning()

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
        self.query_one("#me-actions", Static).update(self._actions_line(look))
        self.draw_hints(look)

    def _draw_header(self, look: Look) -> None:
        """The bottom seat's header line: its seat, autoplay, flowers, melds and claims."""
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
        header = self.query_one("#me-header", Static)
        header.update(pack(chunks, max(20, header.size.width or 76)))

    def _actions_line(self, look: Look) -> Text:
        """What the person may do now, or the latest private notice."""
        state = self.state
        actor = state.actor
        if actor is None:
            if state.fast:
                return Text("▶▶ " + t("table.fast_forward"), style="bold #69f0ae")
            return Text("")
        out = self.turn_line(look)
        if state.confirm is not None:
            return out
        notes = state.private[actor]
        if notes:
            out.append("\n")
            out.append(f"✕ {notes[-1]}", style="#ff8a80")
        tile = self.selected_tile(look)
        refusal = state.refusal(tile) if tile is not None else None
        if refusal:
            out.append("\n")
            out.append(f"✕ {refusal}", style="#ff8a80")
        return out

    def selected_tile(self, look: Look) -> Tile | None:
        """The tile selected in the hand of the person in their turn (None: none is)."""
        actor, index = self.state.actor, self.hand.selected
        if actor is None or index is None:
            return None
        tiles = hand_tiles(look, actor)
        return tiles[index] if index < len(tiles) else None

    def turn_line(self, look: Look) -> Text:
        """The keys the person may use in their turn, and the 开杠 rule when it binds them."""
        out = Text()
        state = self.state
        actor = state.actor
        assert actor is not None and state.decision is not None
        win = next((a for a in state.legal if a.kind is ActionKind.WIN), None)
        preview = win_preview(look, state.decision, win) if win is not None else None
        if state.confirm is not None:
            out.append(t("table.confirm_discard"), style="bold #ff6b6b")
            if preview is not None:
                out.append("\n")
                out.append_text(preview)
            return out
        parts = [t("table.turn_select"), t("table.turn_discard")]
        if state.holds_drawn:
            parts.append(t("table.turn_drawn"))
        if state.offers(ActionKind.WIN):
            out.append(t("table.turn_win") + "  ", style="bold black on #69f0ae")
        if state.offers(*KONGS):
            out.append(t("table.turn_kong") + "  ", style="bold #ffd166")
        out.append(" · ".join(parts), style="#9aa0a6")
        if not state.holds_drawn:
            out.append(" · " + t("table.no_drawn"), style="#ffd166")
        if state.decision.table.kaigang_locked[actor]:
            out.append("\n")
            out.append(t("table.kaigang_locked"), style="bold #ffd166")
        for warning in relation_warnings(look, actor):
            out.append("\n⚠ ")
            out.append(warning, style="bold #ffd166")
        if preview is not None:
            out.append("\n")
            out.append_text(preview)
        return out

    # ------------------------------------------------------------------ the hint panel
    def hints_at_start(self) -> frozenset[int]:
        """The people whose panel is open when the table opens: every person when the hints setting is on (later
        hands keep each panel as its person left it)."""
        return frozenset(self.driver.humans) if self.learning.hints else frozenset()

    def reset_hints(self) -> None:
        """A new hand (or a new hints setting): the panel open for every person when the hints setting is on."""
        self._advice = None
        self.state = replace(self.state, hints_open=self.hints_at_start())

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
        body = hint_body(look, advice, selected)
        note = self.panel_note(look)
        panel.show(Group(body, note) if note is not None else body)

    def panel_note(self, look: Look) -> Text | None:
        """A line the table adds under the hints (a lesson's reason to ask for another move than the ★)."""
        return None
