"""Where each screen leads: the app's one navigator.

The app (:class:`~mahjong_tui.ui.app.MahjongApp`) holds what is in use (the settings, the
game in play) and Textual's plumbing; its :class:`Navigator` opens each screen and decides
where its answer leads: the new game screen to a table, the lessons or a game not finished;
a table to the next game or the exit; the list of lessons to a lesson's scenes one after
another, or the drills; a saved game to its table, or to its replay when another window
plays it. A seat at a remote table is the navigator's too (:class:`~.remote_seat.RemoteSeat`).

Every screen is imported when it is first opened: the table, its driver and the engine's
play loop are not needed to draw the new game screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mahjong_tui.i18n import t

from .config import GameSetup, Privacy
from .remote_seat import Remote, RemoteSeat

if TYPE_CHECKING:
    from mahjong_tui.engine import Game
    from mahjong_tui.keep.saves import SavedGame
    from mahjong_tui.keep.unfinished import Found

    from .app import MahjongApp
    from .kept import KeptDriver
    from .screens.resume import Chosen


class Navigator:
    """Opens each screen of the app, and follows each answer to the screen it leads to."""

    def __init__(self, app: MahjongApp) -> None:
        """The navigator of ``app``."""
        self.app = app
        self.remote_seat = RemoteSeat(app)

    # ------------------------------------------------------------------ the first screen
    def opening(self) -> None:
        """The first screen, as the app was started: a replay, a remote table, a lesson or the lessons, the saved
        game, a game at once, or the new game screen."""
        app = self.app
        if app.replay is not None:
            self.open_replay(app.replay, hand=app.replay_hand, leave=lambda: app.exit(0))
        elif app.remote is not None:
            self.join_table(app.remote)
        elif app.lessons is not None and app.lesson is not None:
            self.play_lesson(app.lessons, app.lesson, 0, leave=lambda: app.exit(0))
        elif app.lessons is not None:
            self.open_lessons(app.lessons, leave=lambda: app.exit(0))
        elif app.resume:
            self.resume_saved()
        elif app.setup is not None:
            self.start_game(app.setup, app.game)
            app.tidy_due = True  # once the table is drawn
        else:
            self.new_game()

    # ------------------------------------------------------------------ games
    def new_game(self, notice: str = "") -> None:
        """Ask for a setup (or a game not finished), then play it; ``notice``: a line to show on the form."""
        from .screens.new_game import LearnToPlay, NewGameScreen

        app = self.app

        def chosen(answer: GameSetup | Chosen | LearnToPlay | None) -> None:
            """Act on the dialog's answer."""
            if answer is None:
                app.exit(0)
            elif isinstance(answer, GameSetup):
                self.start_game(answer)
            elif isinstance(answer, LearnToPlay):
                self.open_lessons(answer.rules)
            else:
                self.open_chosen(answer)

        setup = app.setup or GameSetup(speed=app.settings.speed, privacy=Privacy(app.settings.privacy))
        app.push_screen(NewGameScreen(setup, notice=notice), chosen)

    def look_for_games(self, *, quiet: bool = False) -> Found:
        """The games not finished (:func:`~mahjong_tui.keep.unfinished.find_games`), notices shown unless ``quiet``."""
        from mahjong_tui.keep.unfinished import find_games

        found = find_games()
        for line in () if quiet else found.notices:
            self.app.notify(line, severity="warning", timeout=12)
        return found

    def resume_saved(self) -> None:
        """Continue the game not finished; several: choose; none: the new game screen says why."""
        from .screens.resume import ResumeScreen, chosen_for

        found = self.look_for_games(quiet=True)
        games = found.games
        for line in found.notices if games else ():
            self.app.notify(line, severity="warning", timeout=12)
        if not games:  # the form says why: each save that could not be read, or that there is none
            self.new_game(notice="\n".join(found.notices) or t("resume.nothing"))
        elif len(games) == 1:
            self.open_chosen(chosen_for(games[0]))
        else:
            self.app.push_screen(ResumeScreen(games), lambda got: self.open_chosen(got) if got else self.new_game())

    def open_chosen(self, chosen: Chosen) -> None:
        """Resume the game chosen, or watch it (another window plays it) in the replay, back to the new game screen."""
        if chosen.watch:
            self.open_replay(chosen.saved, hand=chosen.saved.game.hand_number, leave=self.new_game)
        else:
            self.resume_game(chosen.saved)

    def resume_game(self, saved: SavedGame) -> None:
        """Sit down at a saved game where it stopped: taken up under its lock and read again, since the list it was
        chosen from may be out of date (another window may have played on, or ended it, or be playing it now)."""
        from mahjong_tui.keep.unfinished import take_up

        from .kept import KeptDriver, resumed_setup

        app = self.app
        taken = take_up(saved.table.id)
        if taken.saved is None:
            if taken.in_use:  # another window plays it now: watch it here
                app.notify(t("resume.now_in_use"), severity="warning", timeout=8)
                self.open_replay(saved, hand=saved.game.hand_number, leave=self.new_game)
            else:
                self.new_game(notice=t("resume.gone"))
            return
        setup = resumed_setup(taken.saved, app.settings.speed, Privacy(app.settings.privacy))
        self.open_table(KeptDriver.resume(taken.saved, setup, app.bot_factory, lock=taken.lock))

    def start_game(self, setup: GameSetup, game: Game | None = None) -> None:
        """Seat everyone and open the table."""
        from .driver import default_bot_factory
        from .kept import KeptDriver

        factory = self.app.bot_factory
        if game is not None:
            driver = KeptDriver(setup.with_seed(game.seed), game, factory or default_bot_factory)
        else:
            driver = KeptDriver.start(setup, factory)
        self.open_table(driver)

    def open_table(self, driver: KeptDriver) -> None:
        """The table for the game ``driver`` holds, which it keeps; leaving it opens a new game or ends the app."""
        from .screens.table import TableScreen

        app = self.app
        app.driver = driver
        app.setup = driver.setup
        driver.listen(app.tell_kept)

        def left(answer: str | None) -> None:
            """The table was left: the game kept as it stands (and let go), then a new game or the exit."""
            driver.leave()
            app.driver = None
            if answer == "new":
                self.new_game()
            else:
                app.exit(0)

        app.push_screen(TableScreen(driver, app.appearance), left)

    def open_replay(self, saved: SavedGame, *, hand: int = 1, leave: Callable[[], None] | None = None) -> None:
        """Step through a kept game from ``hand``; ``leave`` is called when the replay is left."""
        from .screens.replay import ReplayScreen

        screen = ReplayScreen(saved, self.app.appearance, hand=hand)
        self.app.push_screen(screen, lambda _: leave() if leave else None)

    def join_table(self, remote: Remote) -> None:
        """Sit at a remote table (``mahjong-tui join``); leaving it ends the app."""
        self.app.run_worker(self.remote_seat.join(remote), group="join")

    # ------------------------------------------------------------------ learning
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

        self.app.push_screen(LessonsScreen(rules), picked)

    def play_lesson(self, rules: str, number: int, scene: int, *, leave: Callable[[], None] | None = None) -> None:
        """Scene ``scene`` of lesson ``number`` of ``rules`` at the table; then the next scene, lesson, or the list;
        progress kept as each lesson is finished (:mod:`mahjong_tui.keep.lessons`)."""
        from mahjong_tui.keep.lessons import mark_finished
        from mahjong_tui.learn.lesson_book import lessons_of

        from .lesson_driver import LessonDriver
        from .screens.lesson_table import LessonTable

        app = self.app
        lessons = lessons_of(rules)
        lesson = lessons[number]
        names = [t("lesson.you"), t("lesson.seat_next"), t("lesson.seat_across"), t("lesson.seat_before")]
        driver = LessonDriver.begin(rules, lesson, number, scene, names, app.settings.speed)

        def answered(answer: str | None) -> None:
            """Go on as the learner chose."""
            if answer == "next" and not driver.last_scene:
                self.play_lesson(rules, number, scene + 1, leave=leave)
                return
            if answer in ("next", "again", "lessons") and driver.last_scene and driver.finished:
                try:
                    mark_finished(rules, lesson.id)
                except OSError as e:
                    app.notify(t("lesson.cannot_keep", reason=e.strerror or str(e)), severity="warning")
            if answer == "next" and number + 1 < len(lessons):
                self.play_lesson(rules, number + 1, 0, leave=leave)
            elif answer == "again":
                self.play_lesson(rules, number, 0, leave=leave)
            elif answer == "quit":
                app.exit(0)
            elif answer == "new":
                self.new_game()
            else:
                self.open_lessons(rules, leave=leave)

        app.push_screen(LessonTable(driver, app.appearance), answered)

    def open_drills(self, rules: str | None, *, leave: Callable[[], None] | None = None, **opening: object) -> None:
        """The drills of ``rules`` (``opening``: which set, as ``mahjong-tui drill`` names it); leaving them calls
        ``leave``."""
        from .screens.drill import open_drills

        open_drills(self.app, rules, leave=leave, **opening)
