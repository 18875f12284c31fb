"""The app's lessons: the list of each rule set's lessons, a lesson's scenes at the table one after another, the
drills; progress kept as each lesson is finished (:mod:`mahjong_tui.keep.lessons`).

:class:`LessonFlow` is a part of :class:`~mahjong_tui.ui.app.MahjongApp`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import App

from mahjong_tui.i18n import t

if TYPE_CHECKING:
    from mahjong_tui.keep.settings import Settings

    from .config import Display


class LessonFlow(App[int]):
    """Learn to play: the lessons and the drills."""

    settings: Settings
    appearance: Display

    if TYPE_CHECKING:  # the app's own (MahjongApp.new_game)

        def new_game(self, notice: str = "") -> None:
            """The new game screen."""

    def open_lessons(self, rules: str | None, *, leave: Callable[[], None] | None = None) -> None:
        """The lessons, open at ``rules``; a lesson chosen is played, and going back calls ``leave`` (by default the
        new game screen)."""
        from .screens.lessons import LessonPick, LessonsScreen

        back = leave or self.new_game

        def picked(pick: LessonPick | None) -> None:
            """Play the lesson (or open the drills) picked, or go back."""
            if pick is None:
                back()
            elif pick.drills:
                self.open_drills(pick.rules, leave=lambda: self.open_lessons(pick.rules, leave=leave))
            else:
                self.play_lesson(pick.rules, pick.number, 0, leave=leave)

        self.push_screen(LessonsScreen(rules), picked)

    def play_lesson(self, rules: str, number: int, scene: int, *, leave: Callable[[], None] | None = None) -> None:
        """Scene ``scene`` of lesson ``number`` of ``rules`` at the table; then the next scene, lesson, or the list."""
        from mahjong_tui.keep.lessons import mark_finished
        from mahjong_tui.learn.lesson_book import lessons_of

        from .lesson_driver import LessonDriver
        from .screens.lesson_table import LessonTable

        lessons = lessons_of(rules)
        lesson = lessons[number]
        names = [t("lesson.you"), t("lesson.seat_next"), t("lesson.seat_across"), t("lesson.seat_before")]
        driver = LessonDriver.begin(rules, lesson, number, scene, names, self.settings.speed)

        def answered(answer: str | None) -> None:
            """Go on as the learner chose."""
            if answer == "next" and not driver.last_scene:
                self.play_lesson(rules, number, scene + 1, leave=leave)
                return
            if answer in ("next", "again", "lessons") and driver.last_scene and driver.finished:
                try:
                    mark_finished(rules, lesson.id)
                except OSError as e:
                    self.notify(t("lesson.cannot_keep", reason=e.strerror or str(e)), severity="warning")
            if answer == "next" and number + 1 < len(lessons):
                self.play_lesson(rules, number + 1, 0, leave=leave)
            elif answer == "again":
                self.play_lesson(rules, number, 0, leave=leave)
            elif answer == "quit":
                self.exit(0)
            elif answer == "new":
                self.new_game()
            else:
                self.open_lessons(rules, leave=leave)

        self.push_screen(LessonTable(driver, self.appearance), answered)

    def open_drills(self, rules: str, *, leave: Callable[[], None]) -> None:
        """The drills of ``rules``; leaving them calls ``leave``."""
        from .screens.drill import open_drills

        open_drills(self, rules, leave=leave)
