"""Learn to play: the lessons of each rule set, the ones finished ticked, and the way to the drills.

:class:`LessonsScreen` lists a rule set's lessons (``Ruleset.lessons``) with the ones the
player has finished (:mod:`mahjong_tui.keep.lessons`); the rule sets are switched with the
buttons above the list (or ←→). It answers a :class:`LessonPick` (a lesson, or the drills
of a rule set), or None to go back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from mahjong_tui.engine.registry import resolve, ruleset_names
from mahjong_tui.i18n import current, say, t
from mahjong_tui.keep.lessons import finished_lessons
from mahjong_tui.learn.lesson_book import lesson_presets, lessons_of

from ..keys import Worded
from ..widgets.footer import KeysFooter
from .once import Once


@dataclass(frozen=True, slots=True)
class LessonPick:
    """What the player chose: lesson ``number`` of ``rules``, or (``drills``) that rule set's drills."""

    rules: str
    number: int = 0
    drills: bool = False


def preset_label(rules: str) -> str:
    """A rule set's name in the language in use."""
    ruleset = resolve(rules)
    return ruleset.en_name if current().language == "en" else ruleset.zh_name


class LessonsScreen(Worded, Once[LessonPick | None]):
    """The lessons of one rule set at a time; Enter or a click starts one."""

    BINDINGS = [
        Binding("left", "switch(-1)", "lesson.key_rules", show=False),
        Binding("right", "switch(1)", "lesson.key_rules", show=False),
        Binding("d", "drills", "lesson.key_drills"),
        Binding("escape", "back", "lesson.key_back"),
        *[Binding(str(i + 1), f"pick({i})", show=False) for i in range(9)],
    ]

    DEFAULT_CSS = """
    LessonsScreen { align: center top; }
    LessonsScreen #lessons-card { width: 84; max-width: 100%; height: auto; padding: 1 2; }
    LessonsScreen #lessons-rules { height: auto; margin-bottom: 1; }
    LessonsScreen #lessons-rules Button { margin-right: 1; min-width: 10; }
    LessonsScreen #lessons-list { height: auto; max-height: 100%; }
    LessonsScreen #lessons-list Button { width: 100%; margin-bottom: 0; content-align: left middle; }
    """

    def __init__(self, rules: str | None = None) -> None:
        """The lessons, open at ``rules`` (the first rule set with lessons when it has none)."""
        super().__init__()
        self.presets = lesson_presets(ruleset_names())
        self.rules = rules if rules in self.presets else self.presets[0]
        self._remounting = asyncio.Lock()  # one list taken down and put up at a time

    def compose(self) -> ComposeResult:
        """The title, the rule sets, the lessons, the drills."""
        with VerticalScroll(id="lessons-card"):
            yield Static(Text(t("lesson.title"), style="bold #ffd166"), id="lessons-title")
            yield Static(t("lesson.intro"), id="lessons-intro")
            with Horizontal(id="lessons-rules"):
                for name in self.presets:
                    yield Button(preset_label(name), id=f"rules-{name}", compact=True)
            yield Vertical(id="lessons-list")
        yield KeysFooter()

    async def on_mount(self) -> None:
        """The list of the rule set open."""
        await self.show_lessons()

    async def show_lessons(self) -> None:
        """List the lessons of ``self.rules``, ticking those finished. One list at a time: switched again while the
        old one is still being taken down, the next waits for it (their buttons have the same ids)."""
        async with self._remounting:
            if not self.is_attached:  # left meanwhile
                return
            await self._remount()

    async def _remount(self) -> None:
        """The list of ``self.rules`` in place of the one shown."""
        for name in self.presets:
            self.query_one(f"#rules-{name}", Button).variant = "primary" if name == self.rules else "default"
        done = finished_lessons(self.rules)
        box = self.query_one("#lessons-list", Vertical)
        await box.remove_children()
        if not box.is_attached:  # the screen was left meanwhile
            return
        buttons = [
            Button(
                f"{i + 1}. {say(lesson.title)}" + ("  ✓" if lesson.id in done else ""),
                id=f"lesson-{i}",
                variant="success" if lesson.id in done else "default",
            )
            for i, lesson in enumerate(lessons_of(self.rules))
        ]
        buttons.append(Button(t("lesson.drills"), id="drills", variant="warning"))
        await box.mount_all(buttons)
        first = next((i for i, lesson in enumerate(lessons_of(self.rules)) if lesson.id not in done), 0)
        self.call_after_refresh(lambda: buttons[first].focus())

    def chosen_rules(self) -> str:
        """The rule set shown (the rules key opens its page)."""
        return self.rules

    async def action_switch(self, step: int) -> None:
        """The next (or previous) rule set's lessons."""
        if not self.on_top:
            return
        self.rules = self.presets[(self.presets.index(self.rules) + step) % len(self.presets)]
        await self.show_lessons()

    def action_pick(self, number: int) -> None:
        """Start lesson ``number`` (from 0)."""
        if number < len(lessons_of(self.rules)):
            self.dismiss(LessonPick(self.rules, number))

    def action_drills(self) -> None:
        """This rule set's drills."""
        self.dismiss(LessonPick(self.rules, drills=True))

    def action_back(self) -> None:
        """Back without a lesson."""
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        """A rule set, a lesson or the drills."""
        name = event.button.id or ""
        if name.startswith("rules-"):
            self.rules = name.removeprefix("rules-")
            self.run_worker(self.show_lessons(), group="lessons")
        elif name.startswith("lesson-"):
            self.action_pick(int(name.removeprefix("lesson-")))
        elif name == "drills":
            self.action_drills()
