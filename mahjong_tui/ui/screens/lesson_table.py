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

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mahjong_tui.i18n import say, t

from ..config import Display
from ..keys import Worded
from ..lesson_controller import LessonController
from ..lesson_driver import LessonDriver
from ..look import Look
from ..seating import Seating
from ..widgets.prose import Prose
from .once import Once
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

    def control(self, driver: Seating) -> LessonController:
        """The lesson's controller: each move checked, the scene's end told."""
        assert isinstance(driver, LessonDriver)
        return LessonController(driver, self)

    @property
    def refused_last(self) -> str | None:
        """The last refusal of a learner's move, as the table said it."""
        controller = self.controller
        return controller.refused_last if isinstance(controller, LessonController) else None

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

    # ------------------------------------------------------------------ the controller's surface
    def told(self, text: str) -> str:
        """``text`` with its seats by name and its tiles as the table draws them."""
        return self.look().told(text)

    async def lesson_done(self, title: str, learnt: str, *, last: bool) -> str:
        """What the scene (or the whole lesson) taught."""
        return await self.app.push_screen_wait(LessonDone(title, learnt, last=last))


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
