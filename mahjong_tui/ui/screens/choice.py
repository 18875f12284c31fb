"""Dialogs that ask one player to pick among the engine's legal actions: the claim prompt and others."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from mahjong_tui.engine import Action, ActionKind, KongMode
from mahjong_tui.i18n import t

from ..keys import Worded
from ..look import action_title
from ..widgets.term_links import LinkedProse, LinkedStatic, linked
from .once import Once

_KIND_KEYS = {
    ActionKind.WIN: "w",
    ActionKind.PONG: "p",
    ActionKind.PASS: "x",
    ActionKind.DECLARE_INITIAL: "d",
    ActionKind.TAKE_HAIDI: "t",
}
#: how often a timed question's clock is drawn again (seconds)
CLOCK_TICK = 0.25
#: keys of the table beneath that a dialog passes on: the hints, the rules, help, skipping the bots' pauses, leaving
_TABLE_KEYS = {"h": "hints", "r": "rules", "question_mark": "help", "f": "fast_forward", "q": "leave"}
_MODE_KEYS = {KongMode.KONG: "k", KongMode.BUZHANG: "b", KongMode.KAIGANG: "g", None: "k"}
_ORDER = {
    ActionKind.WIN: 0,
    ActionKind.DECLARE_INITIAL: 1,
    ActionKind.TAKE_HAIDI: 1,
    ActionKind.KONG: 2,
    ActionKind.CONCEALED_KONG: 2,
    ActionKind.ADDED_KONG: 2,
    ActionKind.PONG: 3,
    ActionKind.CHI: 4,
    ActionKind.DISCARD: 5,
    ActionKind.PASS: 6,
}


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of a dialog: its key, its words, and the action (None: go back without acting)."""

    key: str
    label: str
    action: Action | None


def choices_for(actions: list[Action], *, cancel: bool = False) -> list[Choice]:
    """Every action once, each with its own key: w win, k/b/g kong, p pong, 1-3 chi, x pass."""
    out: list[Choice] = []
    used: set[str] = set()
    chi_n = 0
    number = 0
    for a in sorted(actions, key=lambda a: (_ORDER.get(a.kind, 9), a.tile or 0, a.tiles)):
        if a.kind is ActionKind.CHI:
            chi_n += 1
            key = str(chi_n)
        elif a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            key = _MODE_KEYS[a.mode]
        else:
            key = _KIND_KEYS.get(a.kind, "")
        if not key or key in used:
            number += 1
            key = str(number + 3)
        used.add(key)
        out.append(Choice(key, action_title(a), a))
    if cancel:
        out.append(Choice("escape", t("choice.back"), None))
    return out


def kong_modes_explained(choices: list[Choice]) -> str | None:
    """One line on 补张 and 开杠 when a choice offers both (Changsha), else None."""
    modes = {c.action.mode for c in choices if c.action is not None}
    if KongMode.KAIGANG not in modes:
        return None
    return t("choice.kong_modes")


class ChoiceScreen(Worded, ModalScreen[Action | None], Once[Action | None]):
    """Ask one player: exactly the options given, each with a key; other keys do nothing.

    Passing up a win needs the pass key twice, so no stray key throws a win away.
    """

    BINDINGS = [
        Binding("escape", "escape", "choice.key_escape"),
        # the table's keys in its footer work while a dialog asks
        *[Binding(key, f"table('{name}')", show=False) for key, name in _TABLE_KEYS.items()],
        Binding("a", "autoplay", show=False),
        Binding("g", "app.glossary", show=False),  # the rule terms the dialog names (where g is no choice)
    ]

    def __init__(
        self,
        title: Text | str,
        choices: list[Choice],
        *,
        tiles: Text | None = None,
        notes: list[str] | None = None,
        info: list[Text] | None = None,
        classes: str | None = None,
        rules: str | None = None,
        closes_at: float | None = None,
        bot_answers: bool = False,
    ) -> None:
        """A dialog with a title, the tile(s) in question, the choices, what a win would pay and the rule
        of the moment (``info``), and one line per refused option; with ``rules`` (the rule set in play), each
        term of its glossary that the words name is a link to its entry; with ``closes_at`` (``time.monotonic()``),
        the seconds left before the table answers for the player, counted down."""
        super().__init__(classes=classes)
        self.rules = rules
        self.title_text = title
        self.choices = choices
        self.tiles = tiles
        self.notes = notes or []
        self.info = info or []
        self.explain = kong_modes_explained(choices)
        self._pass_armed_by: str | None = None  # the key that asked to pass up a win
        self.closes_at = closes_at
        self.bot_answers = bot_answers  # when the time is up the seat's bot answers (else the table passes)

    def compose(self) -> ComposeResult:
        """Title, tiles, one button per choice, the refusal lines, a hint."""
        with Vertical(id="choice-card"):
            yield LinkedStatic(linked(self.title_text, self.rules), id="choice-title")
            if self.tiles is not None:
                yield Static(self.tiles, id="choice-tiles")
            for i, c in enumerate(self.choices):
                key = {"escape": "Esc", "enter": "Enter"}.get(c.key, c.key)
                wins = c.action is not None and c.action.kind is ActionKind.WIN
                variant: ButtonVariant = "success" if wins else "default"
                button = Button(Text(f"[{key}] {c.label}"), id=f"choice-{i}", classes="choice", variant=variant)
                button.can_focus = False  # only a choice's own key (or a click) answers
                yield button
            for line in self.info:
                yield LinkedProse(linked(line, self.rules), classes="choice-info")
            for note in self.notes:
                yield LinkedProse(linked(f"✕ {note}", self.rules), classes="choice-note")
            if self.explain:
                yield LinkedProse(linked(self.explain, self.rules), id="choice-explain")
            if self.closes_at is not None:
                yield Static(self._clock(), id="choice-clock")
            yield Static("", id="choice-hint")

    def on_mount(self) -> None:
        """Above the hand on a full-size table; near the top on a small one; a timed question counts down."""
        full = self.app.size.width >= 120 and self.app.size.height >= 36
        self.set_class(full, "-full")
        self.set_class(not full, "-small")
        if self.closes_at is not None:
            self.set_interval(CLOCK_TICK, self._tick)

    def _clock(self) -> Text:
        """The seconds left to answer (whole seconds, rounded up), or that the time is up."""
        assert self.closes_at is not None
        left = self.closes_at - time.monotonic()
        if left <= 0:
            return Text(t("choice.bot_closed" if self.bot_answers else "choice.closed"), style="bold #ff6b6b")
        key = "choice.bot_closes_in" if self.bot_answers else "choice.closes_in"
        return Text(t(key, n=math.ceil(left)), style="bold #f0c674" if left > 1 else "bold #ff6b6b")

    def _tick(self) -> None:
        """The clock, once more."""
        self.query_one("#choice-clock", Static).update(self._clock())

    @property
    def win_offered(self) -> bool:
        """A win is among the choices."""
        return any(c.action is not None and c.action.kind is ActionKind.WIN for c in self.choices)

    def pick(self, choice: Choice, key: str | None = None) -> None:
        """Answer with a choice; passing up a win needs the same key twice in a row. Once answered, nothing."""
        if not self.on_top:
            return
        action = choice.action
        key = key or choice.key
        if action is not None and action.kind is ActionKind.PASS and self.win_offered and self._pass_armed_by != key:
            self._pass_armed_by = key
            name = "Esc" if key == "escape" else key
            hint = self.query_one("#choice-hint", Static)
            hint.update(Text(t("choice.pass_win", press=name), style="bold #ff6b6b"))
            hint.add_class("-shown")
            return
        self.dismiss(action)

    def on_key(self, event: events.Key) -> None:
        """A choice's key picks it; every other key does nothing."""
        for c in self.choices:
            if c.key != "escape" and event.key == c.key:
                event.stop()
                self.pick(c)
                return
        if event.key != "escape":
            self._pass_armed_by = None

    def _below(self, name: str) -> Callable[[], None] | None:
        """The action ``name`` of the screen beneath (the table), if it has one."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        return getattr(below, f"action_{name}", None)

    def action_table(self, name: str) -> None:
        """One of the table's keys: the table beneath does it (a hint panel opens beside the dialog, the rules or
        help over it, leaving asks first); the dialog stays, waiting for its answer."""
        act = self._below(name)
        if act is not None:
            act()

    def action_autoplay(self) -> None:
        """The table's ``a``: the bot takes over, this question first (the dialog closes unanswered and the table
        asks again, now of the bot)."""
        autoplay = self._below("autoplay")
        if autoplay is not None and self.on_top:
            self.dismiss(None)
            autoplay()

    def action_escape(self) -> None:
        """Escape passes (with the win check) or goes back; it never does anything else."""
        for c in self.choices:
            if c.key == "escape" or (c.action is not None and c.action.kind is ActionKind.PASS):
                self.pick(c, "escape")
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click picks the choice."""
        event.stop()
        if event.button.id and event.button.id.startswith("choice-"):
            self.pick(self.choices[int(event.button.id.removeprefix("choice-"))], "click")
