"""Drills at the table's look: a position from self-play, the learner's answer, then the answer with its numbers.

A discard is picked in the hand as at the table (←→ and Enter, a number key twice, a
click twice); the tiles that win are toggled in a grid of every tile (arrows and Space, or
a click; Enter answers); a payment or a rare moment's choice is one of the numbered
options (a payment may also be typed). The answer is then shown with the analysis's
numbers and the reason; Enter goes on. Every answer is kept in the statistics with the
seconds it took; the head of the screen shows the set's accuracy, streak and pace.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from mahjong_tui.engine import Tile, parse_tile, ruleset_names, tile_name
from mahjong_tui.engine.tiles import seat_wind_zh
from mahjong_tui.i18n import say, t
from mahjong_tui.keep.stats import DrillAnswer, DrillTally, keep_drill_answer
from mahjong_tui.learn.drills import Drill, make_drills

from ..app_base import appearance_of
from ..config import Display
from ..keys import key_line
from ..look import Look, flowers_text, meld_text, rules_name
from ..widgets.hand import KEY_LABELS, HandView, hand_tiles
from ..widgets.tile_grid import TileGrid
from .once import Once

_RIGHT, _WRONG, _MUTED, _GOLD = "#69f0ae", "#ff8a80", "#9aa0a6", "#ffd166"
SET_SIZE = 10


def drill_look(drill: Drill, display: Display) -> Look:
    """The drill's table as the learner at the bottom sees it: its own tiles face up (a won hand with its tile)."""
    view = drill.view
    seat, table = view.seat, view.table
    tiles = drill.shown or view.hand
    drawn: Tile | None = drill.shown[-1] if drill.shown else None
    if drawn is None and table.holds_drawn[seat]:
        drawn = view.last_drawn
    concealed = tuple(tiles if s == seat else None for s in range(4))
    shown = table._replace(concealed=concealed, drawn=tuple(drawn if s == seat else None for s in range(4)))
    names = tuple(seat_wind_zh(s, table.dealer) for s in range(4))
    return Look(shown, names, seat, display)


def won_on(drill: Drill, look: Look) -> dict[str, Any]:
    """A won hand's winning tile (a score drill's, the last of its hand) marked as the table marks it: lit, and
    "won" above it; nothing for another drill."""
    if drill.kind != "score" or not drill.shown:
        return {}
    last = len(hand_tiles(look, drill.view.seat)) - 1
    marks = [Text()] * last + [Text(t("drill.won_mark"), style=f"bold {_GOLD}")]
    return {"lit": last, "marks": marks}


class DrillScreen(Once[None]):
    """A set of drills, one at a time; Esc back."""

    DEFAULT_CSS = """
    DrillScreen #drill-scroll { padding: 0 2; height: 1fr; }
    DrillScreen #drill-hand { margin: 1 0; }
    DrillScreen #drill-grid { margin: 1 0; }
    DrillScreen #drill-number { width: 30; }
    DrillScreen #drill-keys { height: auto; background: $footer-background; color: $footer-foreground; }
    """
    BINDINGS = [
        Binding("escape", "leave", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("space", "mark", show=False),
        Binding("enter", "enter", show=False),
        Binding("n", "new_set", show=False),
        *[Binding(k, f"number({i})", show=False) for i, k in enumerate(KEY_LABELS)],
    ]

    def __init__(self, rules: str, kind: str = "all", count: int = SET_SIZE, seed: int | None = None,
                 *, moment: str | None = None) -> None:  # fmt: skip
        """A set of ``count`` drills of ``kind`` under ``rules`` from ``seed`` (a new seed when not given)."""
        super().__init__()
        self.rules, self.kind, self.count, self.moment = rules, kind, count, moment
        self.seed = random.randrange(1 << 31) if seed is None else seed
        self.drills: list[Drill] = []
        self.at = 0
        self.answered: str | None = None  # the answer given to the drill shown, once given
        self.started = 0.0
        self.tally = DrillTally("")
        self.problem = ""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        """The head, the position, the question and its choices, the answer, the keys."""
        with VerticalScroll(id="drill-scroll"):
            yield Static(id="drill-head", classes="card-title")
            yield Static(id="drill-table")
            yield Static(id="drill-question")
            yield HandView(id="drill-hand")
            yield TileGrid(id="drill-grid")
            yield Static(id="drill-options")
            yield Input(id="drill-number", type="integer", placeholder=t("drill.type_number"))
            yield Static(id="drill-reveal")
        yield Static(id="drill-keys")

    def on_mount(self) -> None:
        """Draw the set's first drill."""
        self.drills = make_drills(self.rules, self.kind, self.count, self.seed, moment=self.moment)
        self.at = 0
        self.show()

    @property
    def display_look(self) -> Display:
        """The app's tile style and palette (the default outside the game's app)."""
        return appearance_of(self.app)

    @property
    def drill(self) -> Drill | None:
        """The drill shown, None past the last."""
        return self.drills[self.at] if self.at < len(self.drills) else None

    def show(self) -> None:
        """Draw the drill at ``at`` (or the end of the set), waiting for its answer."""
        self.answered = None
        self.started = time.monotonic()
        drill = self.drill
        hand, grid = self.query_one(HandView), self.query_one(TileGrid)
        number = self.query_one("#drill-number", Input)
        self.query_one("#drill-reveal", Static).update("")
        self._head()
        if drill is None:
            for widget in (hand, grid, number):
                widget.display = False
            done = t("drill.none_found") if not self.drills else t("drill.finished", right=self.tally.right,
                                                                    count=self.tally.answers)  # fmt: skip
            self.query_one("#drill-table", Static).update("")
            self.query_one("#drill-question", Static).update(Text(done, style=_GOLD))
            self.query_one("#drill-options", Static).update("")
            self._keys()
            return
        look = drill_look(drill, self.display_look)
        self.query_one("#drill-table", Static).update(self._table(drill, look))
        self.query_one("#drill-question", Static).update(Text(look.told(drill.question), style="bold"))
        hand.display = True
        hand.show(look, drill.view.seat, active=drill.kind == "discard", **won_on(drill, look))
        grid.display = drill.kind == "waits"
        if drill.kind == "waits":
            grid.show(look, [parse_tile(c.id) for c in drill.choices])
        number.display = drill.kind == "score"
        number.value = ""
        self.query_one("#drill-options", Static).update(self._options(drill))
        self._keys()
        self.query_one("#drill-scroll").focus()

    def _head(self) -> None:
        """The set's progress and tally."""
        tally = self.tally
        drill = self.drill
        head = Text(t("drill.title"), style="bold")
        if drill is not None:
            kind = t(f"drill.moment_{drill.moment}") if drill.moment else t(f"drill.kind_{drill.kind}")
            rules = rules_name(drill.view.ruleset)
            head.append("  " + t("drill.progress", at=self.at + 1, count=len(self.drills), kind=kind, rules=rules),
                        style=_MUTED)  # fmt: skip
        if tally.answers:
            pct = round(100 * tally.accuracy)
            line = t("drill.tally", right=tally.right, answered=tally.answers, pct=pct, streak=tally.streak,
                     best=tally.best_streak, secs=f"{tally.seconds_each:.1f}")  # fmt: skip
            head.append("\n" + line, style="#cfd8dc")
        if self.problem:
            head.append("\n" + self.problem, style=_WRONG)
        self.query_one("#drill-head", Static).update(head)

    def _table(self, drill: Drill, look: Look) -> RenderableType:
        """What the position shows beyond the hand: the seat, its melds and flowers, the facts of a win."""
        seat = drill.view.seat
        table = look.table
        line = Text(f"{look.wind(seat)} · ", style=_GOLD)
        line.append(t("app.subtitle", rules=rules_name(table.ruleset), hand=table.hand_number), style=_MUTED)
        parts: list[RenderableType] = [line]
        melds = [meld_text(look, m, seat) for m in table.melds[seat]]
        if melds:
            parts.append(Text("  ").join(melds))
        flowers = flowers_text(look, seat)
        if flowers is not None:
            parts.append(flowers)
        for fact in drill.facts:
            parts.append(Text("· " + look.told(fact), style="#cfd8dc"))
        if won_on(drill, look):
            parts.append(Text("· " + t("drill.won_on", tile=look.word(drill.shown[-1])), style="#cfd8dc"))
        return Group(*parts)

    def _options(self, drill: Drill) -> RenderableType:
        """The numbered choices of a score or rare drill (none for a discard or waits drill)."""
        if drill.kind in ("discard", "waits"):
            return ""
        out = Text()
        for i, c in enumerate(drill.choices):
            out.append(f" {KEY_LABELS[i]} ", style="bold reverse")
            out.append(f" {say(c.words)}   ")
        return out

    def _keys(self) -> None:
        """The keys of the moment."""
        drill = self.drill
        keys: tuple[tuple[str, str], ...]
        if drill is None:
            keys = (("n", "drill.key_next"), ("Esc", "drill.key_back"))
        elif self.answered is not None:
            keys = (("Enter", "drill.key_next"), ("Esc", "drill.key_back"))
        elif drill.kind == "discard":
            keys = (("←→", "drill.key_move"), ("1–0", "drill.key_pick"), ("Enter", "drill.key_answer"),
                    ("Esc", "drill.key_back"))  # fmt: skip
        elif drill.kind == "waits":
            keys = (("←→↑↓", "drill.key_move"), ("Space", "drill.key_toggle"), ("Enter", "drill.key_answer"),
                    ("Esc", "drill.key_back"))  # fmt: skip
        else:
            keys = ((f"1–{len(drill.choices)}", "drill.key_answer"), ("Esc", "drill.key_back"))
        self.query_one("#drill-keys", Static).update(key_line(keys))

    # ------------------------------------------------------------------ answering
    def answer(self, picked: tuple[str, ...]) -> None:
        """Judge ``picked``, keep it in the statistics, and show the answer with its numbers."""
        drill = self.drill
        if drill is None or self.answered is not None:
            return
        seconds = round(time.monotonic() - self.started, 2)
        right = drill.judge(picked)
        self.tally.add(right, seconds)
        when = datetime.now().isoformat(timespec="seconds")
        self.problem = keep_drill_answer(DrillAnswer(drill.kind, drill.rules, right, seconds, when, drill.moment))
        self.answered = " ".join(picked)
        look = drill_look(drill, self.display_look)
        self.query_one(HandView).show(look, drill.view.seat, active=False, **won_on(drill, look))
        if drill.kind == "waits":
            self.query_one(TileGrid).reveal({parse_tile(a) for a in drill.answer})
        self.query_one("#drill-reveal", Static).update(self._reveal(drill, look, picked, right))
        self._head()
        self._keys()
        self.query_one("#drill-scroll").focus()

    def _words_of(self, drill: Drill, ids: tuple[str, ...]) -> str:
        """Chosen ids in the learner's words (a tile as the table draws it)."""
        if not ids:
            return t("drill.nothing")
        names = {c.id: say(c.words) for c in drill.choices}
        return ", ".join(names.get(i, i) for i in ids)

    def _reveal(self, drill: Drill, look: Look, picked: tuple[str, ...], right: bool) -> RenderableType:
        """Right or not, what was picked, the reason, the analysis's numbers and what the moment showed."""
        answer = self._words_of(drill, drill.answer)
        verdict = Text(t("drill.right") if right else t("drill.wrong", answer=look.told(answer)),
                       style=f"bold {_RIGHT if right else _WRONG}")  # fmt: skip
        if not right:
            verdict.append("  " + t("drill.picked", answer=look.told(self._words_of(drill, picked))), style=_MUTED)
        parts: list[RenderableType] = [verdict]
        if drill.reason.en:
            parts.append(Text(look.told(drill.reason)))
        if drill.rows:
            parts.append(Text(t("drill.analysis"), style=f"bold {_MUTED}"))
            for row in drill.rows:
                label = self._words_of(drill, (row.label,)) if drill.kind != "score" else ""
                text = Text(("★ " if row.best else "  ") + (f"{look.told(label)}: " if label else ""))
                text.append(look.told(row.numbers), style=_GOLD if row.best else "#cfd8dc")
                parts.append(text)
        if drill.after.en:
            parts.append(Text(look.told(drill.after), style="italic"))
        return Group(*parts)

    # ------------------------------------------------------------------ keys and clicks
    def action_move(self, dx: int, dy: int) -> None:
        """Move through the hand (a discard) or the grid (waits)."""
        drill = self.drill
        if drill is None or self.answered is not None:
            return
        if drill.kind == "discard" and dy == 0:
            self.query_one(HandView).move(dx)
        elif drill.kind == "waits":
            self.query_one(TileGrid).move(dx, dy)

    def action_mark(self) -> None:
        """Toggle the grid's tile under the cursor."""
        drill = self.drill
        if drill is not None and drill.kind == "waits" and self.answered is None:
            self.query_one(TileGrid).toggle()

    def action_enter(self) -> None:
        """Answer with what is chosen, or, once answered, the next drill."""
        drill = self.drill
        if drill is None:
            return
        if self.answered is not None:
            self.at += 1
            self.show()
        elif drill.kind == "discard":
            self._discard_selected()
        elif drill.kind == "waits":
            grid = self.query_one(TileGrid)
            self.answer(tuple(tile_name(t) for t in sorted(grid.marked)))

    def action_number(self, index: int) -> None:
        """A number key: pick a tile of the hand (twice: it goes), or choose an option."""
        drill = self.drill
        if drill is None or self.answered is not None:
            return
        if drill.kind == "discard":
            if self.query_one(HandView).pick(index):
                self._discard_selected()
        elif drill.kind in ("score", "rare") and index < len(drill.choices):
            self.answer((drill.choices[index].id,))

    def _discard_selected(self) -> None:
        """Answer with the hand's selected tile."""
        hand = self.query_one(HandView)
        drill = self.drill
        if drill is None or hand.look is None or hand.selected is None:
            return
        self.answer((tile_name(hand_tiles(hand.look, drill.view.seat)[hand.selected]),))

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        """A click picks a tile; a second click on it discards it."""
        self.action_number(message.index)

    def on_tile_grid_toggled(self, message: TileGrid.Toggled) -> None:
        """A click toggles a tile of the grid."""
        if self.answered is None:
            self.query_one(TileGrid).toggle(message.index)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """A payment typed: answer with it."""
        drill = self.drill
        value = message.value.strip().lstrip("+")
        if drill is not None and drill.kind == "score" and value.lstrip("-").isdigit():
            self.answer((str(int(value)),))

    def on_key(self, event: events.Key) -> None:
        """Once answered, Enter in the number field goes on too."""
        if event.key == "enter" and self.answered is not None and isinstance(self.focused, Input):
            event.stop()
            self.action_enter()

    def action_new_set(self) -> None:
        """After the last drill: a new set from the next seed."""
        if self.drill is None:
            self.seed += 1
            self.tally = DrillTally("")
            self.on_mount()

    def relabel(self) -> None:
        """The language changed: draw again."""
        if self.answered is None:
            self.show()

    def action_leave(self) -> None:
        """Back."""
        self.dismiss(None)


def open_drills(app: App[Any], rules: str | None = None, *, leave: Callable[[], None] | None = None,
                **options: object) -> None:  # fmt: skip
    """Open a set of drills over whatever ``app`` shows (``rules``: a preset; None: the first); ``leave`` is called
    once they are left; ``options``: ``kind``, ``count``, ``seed``, ``moment`` as :class:`DrillScreen` takes them."""
    rules = rules or ruleset_names()[0]
    if isinstance(app.screen, DrillScreen):
        return
    screen = DrillScreen(rules, **options)  # type: ignore[arg-type]
    app.push_screen(screen, (lambda _: leave()) if leave is not None else None)
