"""A lesson on the real table: the goal line above it, the hint panel open, and each move checked.

:class:`LessonTable` is the table screen (:class:`~.table.TableScreen`) with a lesson's
driver (:class:`~mahjong_tui.ui.lesson_driver.LessonDriver`). The bar over the table says
which lesson this is, what to do now, what the last move did, and why a move was refused;
a refused move changes nothing and is asked again. When the scene's last step is made (or
its hand ends, after the hand's summary) :class:`LessonDone` says what was learnt. The
screen answers ``next`` (the scene or lesson after), ``again``, ``lessons`` (the list),
``new`` or ``quit``.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mahjong_tui.engine import Action
from mahjong_tui.i18n import say, t

from ..config import Display
from ..driver import Pace
from ..keys import Worded
from ..lesson_driver import LessonDriver
from ..look import Look
from ..widgets.prose import Prose
from .once import Once, dismiss_over
from .table import TableScreen


class LessonTable(TableScreen):
    """The table of one lesson scene: the goal above, the moves checked."""

    DEFAULT_CSS = """
    LessonTable #lesson-bar { dock: top; height: auto; max-height: 6; padding: 0 1; background: #1d2b36; }
    """

    def __init__(self, driver: LessonDriver, display: Display) -> None:
        """The table of the scene ``driver`` plays."""
        super().__init__(driver, display)
        self.lesson_driver = driver
        self.refused_last: str | None = None  # the last refusal of a learner's move, as the table said it

    def compose(self) -> ComposeResult:
        """The lesson's bar over the table."""
        yield Static(id="lesson-bar")
        yield from super().compose()

    def render_table(self) -> None:
        """The table, and the bar from the coach."""
        super().render_table()
        self.query_one("#lesson-bar", Static).update(self.bar())

    def bar(self) -> Text:
        """Which lesson, the goal now, what the last move did, why a move was refused; tiles and seats as the
        table shows them."""
        driver = self.lesson_driver
        lesson, coach = driver.lesson, driver.coach
        assert lesson is not None and coach is not None
        look = self.look()
        scenes = len(lesson.scenes)
        head = t("lesson.heading", number=driver.number + 1, title=say(lesson.title))
        if scenes > 1:
            head += " · " + t("lesson.part", part=driver.scene_index + 1, parts=scenes)
        out = Text(head, style="bold #ffd166")
        step = coach.step
        if coach.made == 0 and step is not None:
            out.append("\n" + look.told(driver.scene.intro), style="#c9d1d9")
        elif coach.told is not None:
            out.append("\n✓ " + look.told(coach.told), style="#69f0ae")
        if step is not None:
            out.append("\n→ " + look.told(step.goal), style="bold")
        notes = self.state.private[driver.scene.learner]
        if notes and step is not None and not step.auto and notes[-1] == self.refused_last:
            out.append(f"\n✕ {notes[-1]}", style="#ff8a80")  # only the lesson's refusal: an outcome asked for is no ✕
        return out

    def panel_note(self, look: Look) -> Text | None:
        """Where the step asks for another move than the ★, the hint panel says why too."""
        coach = self.lesson_driver.coach
        step = coach.step if coach is not None else None
        if step is None or not step.departs.en:
            return None
        return Text(t("lesson.departs", why=look.told(step.departs)), style="#80d8ff")

    def refused(self, action: Action, why: str) -> None:
        """A refused move, its tiles and seats named as the table shows them: the bar marks it with ✕ (other notices
        are not the learner's mistakes)."""
        why = self.look().told(why)
        self.refused_last = why
        super().refused(action, why)

    def hints_at_start(self) -> frozenset[int]:
        """A lesson opens the learner's hint panel, whatever the setting."""
        return frozenset(self.driver.humans)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No undo and no autoplay in a lesson: a wrong move is refused, and the learner plays their own moves."""
        if action in ("undo", "autoplay"):
            return False
        return super().check_action(action, parameters)

    def pace(self) -> Pace:
        """The table's own moves for the learner (and the others' in between) go quickly."""
        coach = self.lesson_driver.coach
        if coach is not None and coach.step is not None and coach.step.auto:
            return Pace(0.0, batch=0.05, covered=not self.is_current)
        return super().pace()

    def advance(self, resume: Action | None = None) -> None:
        """Play on; once the scene's last step is made, the lesson says what was learnt."""
        driver = self.lesson_driver
        if driver.finished and not driver.hand_over and not self.state.waiting:
            self.state = replace(self.state, decision=None, confirm=None)
            self.scene_done()
            return
        super().advance(resume)

    @work(group="asking")
    async def hand_ended(self) -> None:
        """The summary; then what was learnt (leaving from the summary leaves the lesson)."""
        answer = await self.summary(self.look())
        if answer in ("quit", "new"):
            dismiss_over(self, answer)
            return
        if answer == "table":
            self.refresh_bindings()
            return
        await self.finish()

    @work(group="asking")
    async def scene_done(self) -> None:
        """The scene's last step is made: what was learnt."""
        await self.finish()

    async def finish(self) -> None:
        """What the scene (or the whole lesson) taught; the table answers what comes next."""
        driver = self.lesson_driver
        lesson = driver.lesson
        assert lesson is not None
        last = driver.last_scene
        words = [say(driver.scene.learnt)] if driver.scene.learnt.en else []
        if last:
            words.append(say(lesson.learnt))
        answer = await self.app.push_screen_wait(LessonDone(say(lesson.title), "\n\n".join(words), last=last))
        dismiss_over(self, answer)

    def action_summary(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.driver.hand_over:
            self.hand_ended()


class LessonDone(Worded, ModalScreen[str], Once[str]):
    """What a lesson (or one part of it) taught: go on, again, or the list of lessons."""

    BINDINGS = [
        Binding("enter,n", "answer('next')", "lesson.go_on"),
        Binding("a", "answer('again')", "lesson.again"),
        Binding("l,escape", "answer('lessons')", "lesson.list"),
    ]

    DEFAULT_CSS = """
    LessonDone { align: center middle; }
    LessonDone #lesson-done { width: 72; max-width: 95%; height: auto; border: round #69f0ae; padding: 1 2;
                              background: $surface; }
    LessonDone #lesson-done-buttons { height: auto; margin-top: 1; }
    LessonDone #lesson-done-buttons Button { margin-right: 1; }
    """

    def __init__(self, title: str, learnt: str, *, last: bool) -> None:
        """``learnt`` under ``title``; ``last``: the lesson is over (not only a part of it)."""
        super().__init__()
        self.heading, self.learnt, self.last = title, learnt, last

    def compose(self) -> ComposeResult:
        """The title, what was learnt, and the three ways on."""
        with Vertical(id="lesson-done"):
            key = "lesson.finished" if self.last else "lesson.part_finished"
            yield Static(Text(t(key, title=self.heading), style="bold #69f0ae"))
            if self.learnt:
                yield Prose(self.learnt, id="lesson-learnt")
            with Horizontal(id="lesson-done-buttons"):
                go_on = "lesson.next_lesson" if self.last else "lesson.go_on"
                yield Button(f"[⏎] {t(go_on)}", id="next", variant="primary")
                yield Button(f"[a] {t('lesson.again')}", id="again")
                yield Button(f"[l] {t('lesson.list')}", id="lessons")

    def action_answer(self, answer: str) -> None:
        """Answer."""
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The buttons answer too."""
        event.stop()
        self.dismiss(event.button.id or "next")
