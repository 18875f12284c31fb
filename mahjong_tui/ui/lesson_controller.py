"""A lesson's table controller: the table's play, with each move checked and the scene's end told. No Textual.

:class:`LessonController` is the table's controller
(:class:`~mahjong_tui.ui.table_controller.TableController`) for one scene of a lesson
(:class:`~mahjong_tui.ui.lesson_driver.LessonDriver`): the learner's hint panel is open
whatever the setting, there is no undo and no autoplay (a wrong move is refused, and the
learner plays their own moves), the table's own moves go quickly, and when the scene's last
step is made (or its hand ends, after the hand's summary) the lesson says what was learnt.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from mahjong_tui.engine import Action
from mahjong_tui.i18n import say

from .driver import Pace
from .lesson_driver import LessonDriver
from .table_controller import TableController
from .table_surface import TableSurface


class LessonSurface(TableSurface, Protocol):
    """What a lesson's controller asks of its table besides: the analysis's words as the table says them, and what
    was learnt."""

    def told(self, text: str) -> str:
        """``text`` with its seats by name and its tiles as the table draws them."""

    async def lesson_done(self, title: str, learnt: str, *, last: bool) -> str:
        """What the scene (or the whole lesson) taught; the answer: ``next``, ``again``, ``lessons``, ``new`` or
        ``quit``."""


class LessonController(TableController):
    """The play of one lesson scene."""

    def __init__(self, driver: LessonDriver, surface: LessonSurface) -> None:
        """The scene ``driver`` plays, on ``surface``."""
        super().__init__(driver, surface)
        self.lesson = driver
        self.lesson_surface = surface
        self.refused_last: str | None = None  # the last refusal of a learner's move, as the table said it

    def hints_at_start(self) -> frozenset[int]:
        """A lesson opens the learner's hint panel, whatever the setting."""
        return frozenset(self.driver.humans)

    def offered(self, key: str) -> bool | None:
        """No undo and no autoplay in a lesson."""
        if key in ("undo", "autoplay"):
            return False
        return super().offered(key)

    def pace(self) -> Pace:
        """The table's own moves for the learner (and the others' in between) go quickly."""
        coach = self.lesson.coach
        if coach is not None and coach.step is not None and coach.step.auto:
            return Pace(0.0, batch=0.05, covered=self.surface.covered)
        return super().pace()

    def refused(self, action: Action, why: str) -> None:
        """A refused move, its tiles and seats named as the table shows them (the lesson's bar marks it with ✕:
        other notices are not the learner's mistakes)."""
        why = self.lesson_surface.told(why)
        self.refused_last = why
        super().refused(action, why)

    def advance(self, resume: Action | None = None) -> None:
        """Play on; once the scene's last step is made, the lesson says what was learnt."""
        if self.lesson.finished and not self.lesson.hand_over and not self.state.waiting:
            self.state = replace(self.state, decision=None, confirm=None)
            self.surface.run(self.finish())
            return
        super().advance(resume)

    async def hand_ended(self) -> None:
        """The summary; then what was learnt (leaving from the summary leaves the lesson)."""
        answer = await self.surface.summary()
        if answer in ("quit", "new"):
            self.surface.close(answer)
        elif answer == "table":
            self.surface.keys_changed()
        else:
            await self.finish()

    def summary_again(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.lesson.hand_over:
            self.surface.run(self.hand_ended())

    async def finish(self) -> None:
        """What the scene (or the whole lesson) taught; the table answers what comes next."""
        driver = self.lesson
        lesson = driver.lesson
        assert lesson is not None
        last = driver.last_scene
        words = [say(driver.scene.learnt)] if driver.scene.learnt.en else []
        if last:
            words.append(say(lesson.learnt))
        answer = await self.lesson_surface.lesson_done(say(lesson.title), "\n\n".join(words), last=last)
        self.surface.close(answer)
