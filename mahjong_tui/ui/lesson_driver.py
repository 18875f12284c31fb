"""A lesson's table: the driver of one scene, its coach, and the other seats as the scene scripts them. No Textual.

:class:`LessonDriver` is the table's driver (:class:`~mahjong_tui.ui.driver.TableDriver`)
for one scene of a lesson: the game is begun from the scene's deal, the other seats are
its scripted players, and the learner's moves are checked by its coach before they reach
the engine (:meth:`LessonDriver.refusal`). Nothing of a lesson is kept: it is no game of
the player's record or statistics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from mahjong_tui.engine import Action, Event, Player, Words
from mahjong_tui.engine.lessons import Lesson, Scene
from mahjong_tui.learn.lessons import Coach, LessonPlayers, ScriptedPlayer, players_for, scene_game

from .config import GameSetup, SeatSetup
from .driver import TableDriver


@dataclass
class LessonDriver(TableDriver):
    """One scene of a lesson at the table: its game, its coach, its scripted seats."""

    lesson: Lesson | None = None
    number: int = 0  # the lesson's place in its rule set's lessons (0: the first)
    scene_index: int = 0
    coach: Coach | None = None
    others: dict[int, ScriptedPlayer] = field(default_factory=dict)

    @classmethod
    def begin(
        cls, rules: str, lesson: Lesson, number: int, scene_index: int, names: list[str], speed: str = "normal"
    ) -> LessonDriver:
        """The table of scene ``scene_index`` of ``lesson`` (the ``number``-th of ``rules``), seats named ``names``."""
        scene = lesson.scenes[scene_index]
        seats = tuple(SeatSetup(names[s], s == scene.learner, "normal") for s in range(4))
        setup = GameSetup(rules=rules, seats=seats, seed=scene.deal.fill_seed, speed=speed)
        driver = cls(setup, scene_game(rules, scene))
        driver.lesson, driver.number, driver.scene_index = lesson, number, scene_index
        driver.coach = Coach(scene)
        driver.others = players_for(scene)
        return driver

    @property
    def scene(self) -> Scene:
        """The scene at the table."""
        assert self.lesson is not None
        return self.lesson.scenes[self.scene_index]

    @property
    def last_scene(self) -> bool:
        """This scene is the lesson's last."""
        return self.lesson is not None and self.scene_index == len(self.lesson.scenes) - 1

    @property
    def finished(self) -> bool:
        """Every step of the scene is made."""
        return self.coach is not None and self.coach.finished

    def players(self) -> Mapping[int, Player]:
        """The scripted seats, and the learner while the table makes their moves."""
        assert self.coach is not None
        return LessonPlayers(self.game, self.scene, self.coach, self.others)

    def refusal(self, action: Action) -> Words | None:
        """Why the lesson does not take ``action`` now (None: it does)."""
        return self.coach.refusal(action) if self.coach is not None else None

    def apply(self, action: Action) -> list[Event]:
        """Apply the learner's move, and move the coach on."""
        events = super().apply(action)
        if self.coach is not None:
            self.coach.moved(action)
        return events

    def undo(self, seat: int) -> bool:
        """A lesson has no undo: a wrong move is refused before it is made."""
        return False
