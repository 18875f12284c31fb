"""The mahjong table app: a new game screen, then the table, hand after hand.

Entry point: :func:`run` (no arguments: the new game screen; with ``rules``: straight to
the table; ``resume``: the saved game) and :func:`run_replay` (a kept game, step by step).
``mahjong-tui play`` (:mod:`mahjong_tui.commands.play`) reads its options and calls it.

The app holds the kept settings (:mod:`mahjong_tui.keep.settings`): read at start, every change
made on the settings screen applied and saved at once. The language in use is set from
them (or ``--lang``) with :func:`mahjong_tui.i18n.use`.

Every screen but the first is imported when it is first opened: the table, its driver and
the engine's play loop are not needed to draw the new game screen, and importing them
would make it come up later (``scripts/startup.py`` measures that).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, work
from textual.app import SystemCommand
from textual.binding import Binding

from mahjong_tui.i18n import current, t, use
from mahjong_tui.keep.settings import Settings, load_settings, save_settings

from .app_base import GameApp
from .config import Display, GameSetup, Learning, Palette, Privacy, TileStyle, quick_setup
from .keys import textual_command, word_keys
from .navigator import Navigator
from .remote_seat import Remote

if TYPE_CHECKING:
    from textual.screen import Screen

    from mahjong_tui.engine import Game
    from mahjong_tui.keep.keeping import News
    from mahjong_tui.keep.saves import SavedGame

    from .driver import BotFactory
    from .kept import KeptDriver
    from .remote_driver import RemoteDriver
    from .screens.new_game import NewGameScreen
    from .screens.table import TableScreen


class MahjongApp(GameApp):
    """Shanghai and Changsha mahjong at one terminal: people and bots around one table."""

    CSS_PATH = Path(__file__).with_name("app.tcss")  # absolute: a subclass elsewhere (the drills' app) finds it too
    TITLE = "mahjong-tui"
    BINDINGS = [
        Binding("ctrl+q", "quit", "app.key_quit", show=False),
        # the rules, the keys and the rule terms shown (g) from every screen (a screen's own r, ? or g comes first; a
        # text field keeps its letters)
        Binding("r", "rules", "table.key_rules", show=False),
        Binding("question_mark", "help", "table.key_help", show=False),
        Binding("g", "glossary", "glossary_links.key", show=False),
        Binding("ctrl+p", "command_palette", "app.key_palette", show=False, priority=True, tooltip="app.palette"),
    ]

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        game: Game | None = None,
        display: Display | None = None,
        bot_factory: BotFactory | None = None,
        learning: Learning | None = None,
        settings: Settings | None = None,
        language: str | None = None,
        resume: bool = False,
        replay: SavedGame | None = None,
        replay_hand: int = 1,
        lessons: str | None = None,
        lesson: int | None = None,
        remote: Remote | None = None,
        notices: Iterable[str] = (),
    ) -> None:
        """``setup`` starts a game at once (``game``: one already under way); ``resume`` the saved game;
        ``replay`` shows a kept game; ``lessons`` opens the lessons at that rule set; without any, the new game
        screen.

        ``settings``: the kept settings (read from their file when not given); ``language``,
        ``display`` and ``learning`` override them until the app ends; ``notices``: lines to
        show at start.
        """
        notices = [n for n in notices if n]
        if settings is None:
            loaded = load_settings()
            settings = loaded.settings
            notices.append(loaded.problem)
        use(language or settings.language)  # before the app is made: its keys are worded in it
        super().__init__()
        self.notices = notices
        self.settings = settings
        self.language = current().language
        word_keys(self)
        self.title = t("app.title")
        self.learning = learning or Learning(settings.hints, settings.open_hands)
        self.setup = setup
        self.game = game
        self.appearance = display or Display(TileStyle(settings.tiles), Palette(settings.palette))
        self.bot_factory = bot_factory
        self.resume = resume
        self.replay = replay
        self.replay_hand = replay_hand
        self.lessons = lessons
        self.lesson = lesson
        self.remote = remote
        #: why joining a remote table failed, told by :func:`run_join` in one line
        self.join_problem = ""
        self.remote_driver: RemoteDriver | None = None
        self.driver: KeptDriver | None = None
        self.tidy_due = False  # the saves are to be tidied once the table is drawn
        #: opens each screen, and follows each answer to the screen it leads to
        self.navigator = Navigator(self)

    #: what crashed the app, told by :func:`run` in one line (its traceback in the crash log)
    crash: BaseException | None = None

    def _handle_exception(self, error: Exception) -> None:
        """A crash: kept for :func:`run` to tell, and the app ends (Textual sets the status to 1)."""
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """The app ends after a crash without printing Textual's traceback: :func:`run` logs it, in one line."""
        self.bell()
        self._close_messages_no_wait()

    def on_mount(self) -> None:
        """Straight to the table, the saved game, a replay, or the new game screen first."""
        self._stop_on_signals()
        for line in self.notices:
            if line:
                self.notify(line, severity="warning", timeout=12)
        self.navigator.opening()

    def _stop_on_signals(self) -> None:
        """SIGTERM and SIGHUP (a closed terminal, a system going down) end the app as quitting does: the game in
        play is kept as it stands, everything written, and the terminal given back as it was."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            # Where the system has no such signal, or the app runs off the main thread (a test's), it is not taken.
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, self.exit, 128 + sig)

    def on_unmount(self) -> None:
        """The app ends (at the table too: Ctrl+Q): the game in play is kept as it stands, and let go."""
        if self.driver is not None:
            self.driver.leave()
            self.driver = None

    def new_game(self, notice: str = "") -> None:
        """The new game screen (``notice``: a line to show on it)."""
        self.navigator.new_game(notice)

    def on_table_screen_shown(self) -> None:
        """A table is on the screen: the saves are tidied now if that waited for it."""
        if self.tidy_due:
            self.tidy_due = False
            self.tidy_saves()

    @work(thread=True, exclusive=True, group="tidy-saves")
    def tidy_saves(self) -> None:
        """What a kill left half done is completed, and broken saves moved aside, off the screen's thread; the
        notices say what was done."""
        from mahjong_tui.keep.unfinished import find_games

        for line in find_games().notices:
            self.call_from_thread(self.notify, line, severity="warning", timeout=12)

    def tell_kept(self, news: News) -> None:
        """A line about the game kept: kept at its end, or what could not be saved."""
        self.notify(news.text, severity="warning" if news.warning else "information", timeout=8)

    # ------------------------------------------------------------------ settings
    def action_settings(self) -> None:
        """The settings: each change applied and kept at once."""
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings_in_use()))

    def settings_in_use(self) -> Settings:
        """The settings in use now: the language, the look, the learning aids, the game's (or the form's) pace."""
        from .screens.new_game import NewGameScreen

        speed, privacy = self.settings.speed, self.settings.privacy
        form = self._form()
        if self.driver is not None:
            speed, privacy = self.driver.setup.speed, self.driver.setup.privacy.value
        elif isinstance(form, NewGameScreen) and form.filled:
            pace = form.pace()
            speed, privacy = pace[0], pace[1].value
        return replace(
            self.settings,
            language=self.language,
            tiles=self.appearance.style.value,
            palette=self.appearance.palette.value,
            speed=speed,
            privacy=privacy,
            hints=self.learning.hints,
            open_hands=self.learning.open_hands,
        )

    def change_setting(self, name: str, value: str | bool) -> None:
        """Apply one setting now and keep it (ValueError for a value it may not have)."""
        settings = self.settings = self.settings.changed(**{name: value})  # checked: each is of its own type now
        if name == "language":
            self.language = settings.language
            use(self.language)
            word_keys(self)
            self.title = t("app.title")
            for screen in self.screen_stack:
                word_keys(screen)
                relabel = getattr(screen, "relabel", None)
                if callable(relabel):
                    relabel()
                screen.refresh_bindings()
        elif name in ("tiles", "palette"):
            self.appearance = (
                replace(self.appearance, style=TileStyle(settings.tiles))
                if name == "tiles"
                else replace(self.appearance, palette=Palette(settings.palette))
            )
            table = self._table()
            if table is not None:
                table.set_display(self.appearance)
        elif name in ("hints", "open_hands"):
            self.learning = replace(self.learning, **{name: bool(value)})
            table = self._table()
            if table is not None:
                if name == "hints":
                    table.reset_hints()
                table.render_table()
        elif name in ("speed", "privacy"):
            privacy = Privacy(settings.privacy)
            if self.driver is not None:
                setup = self.driver.setup
                self.driver.setup = (
                    replace(setup, speed=settings.speed) if name == "speed" else replace(setup, privacy=privacy)
                )
            form = self._form()
            if form is not None:
                speed, kept = form.pace()
                form.set_pace(settings.speed if name == "speed" else speed, privacy if name == "privacy" else kept)
        try:
            save_settings(self.settings)
        except OSError as e:
            self.notify(t("settings.cannot_save", reason=e.strerror or str(e)), severity="warning")

    def _form(self) -> NewGameScreen | None:
        """The new game screen, if it is open."""
        from .screens.new_game import NewGameScreen

        return next((s for s in self.screen_stack if isinstance(s, NewGameScreen)), None)

    def _table(self) -> TableScreen | None:
        """The table screen, if a game is open."""
        if self.driver is None:
            return None
        from .screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None

    # ------------------------------------------------------------------ commands
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: new game, records, statistics, drills, rules, settings, help, besides Textual's own."""
        yield SystemCommand(t("app.new_game"), t("app.new_game_help"), self.action_new_game)
        yield SystemCommand(t("commands_kept.records"), t("commands_kept.records_help"), self.action_records)
        yield SystemCommand(t("commands_kept.statistics"), t("commands_kept.statistics_help"), self.action_statistics)
        rules = self.driver.game.rules.name if self.driver is not None else None  # the game's in play, if any
        yield SystemCommand(t("drill.command"), t("drill.command_help"), lambda: self.navigator.open_drills(rules))
        yield SystemCommand(t("app.rules"), t("app.rules_help"), self.action_rules)
        yield SystemCommand(t("commands_kept.settings"), t("commands_kept.settings_help"), self.action_settings)
        yield SystemCommand(t("app.help"), t("app.help_help"), self.action_help)
        for command in super().get_system_commands(screen):  # Textual's own, in the words of the language in use
            title, help_text = textual_command(command.title, command.help)
            yield SystemCommand(title, help_text, command.callback, command.discover)

    def action_command_palette(self) -> None:
        """The command palette, its search line in the language in use."""
        from textual.command import CommandPalette

        from .palette import GuardedPalette  # PageUp/PageDown cannot fail inside Textual

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):  # not open already
            self.push_screen(GuardedPalette(placeholder=t("app.search"), id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's Theme command: the themes in the guarded palette too (a choice made twice is made once)."""
        from textual.theme import ThemeProvider

        from .palette import GuardedPalette

        self.push_screen(GuardedPalette(providers=[ThemeProvider], placeholder=t("textual.theme_help")))

    def action_records(self) -> None:
        """The finished games kept, each opening its replay."""
        from .screens.records import RecordsScreen

        if not isinstance(self.screen, RecordsScreen):
            self.push_screen(RecordsScreen())

    def action_statistics(self) -> None:
        """How every player has done."""
        from .screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def action_new_game(self) -> None:
        """Leave the table (if any) for the new game screen."""
        from .screens.new_game import NewGameScreen

        table = self._table()
        if table is not None:
            from .screens.leaving import leave_for_new

            self.run_worker(leave_for_new(table), group="leave")
        elif not isinstance(self.screen, NewGameScreen):
            self.navigator.new_game()

    def action_rules(self) -> None:
        """Show the rules, open at the page of the rules in play (or chosen on the new game screen)."""
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):  # already reading them
            return
        chosen = getattr(self.screen, "chosen_rules", None)  # the new game screen's current choice
        rules = self.driver.setup.rules if self.driver else (chosen() if callable(chosen) else None)
        self.push_screen(RulesScreen(rules))

    def action_help(self) -> None:
        """Show the keys."""
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def on_event(self, event: events.Event) -> None:
        """Any key while our seat at a remote table is idle (its time ran out) takes the seat back first."""
        if isinstance(event, events.Key):
            self.navigator.remote_seat.key_pressed()
        await super().on_event(event)

    def action_glossary(self, term: str = "", rules: str = "") -> None:
        """A rule term's glossary entry (a click on the term); without one (``g``), the terms the screen shows."""
        from .screens.glossary import open_glossary

        open_glossary(self, term, rules)


def run(
    rules: str | None = None,
    humans: int = 1,
    bots: str = "normal",
    seed: int | None = None,
    *,
    names: list[str] | None = None,
    base: int = 1,
    starting_points: int | None = None,
    max_hands: int | None = None,
    speed: str | None = None,
    tiles: str | None = None,
    colours: str | None = None,
    privacy: str | None = None,
    hints: bool | None = None,
    open_hands: bool | None = None,
    lang: str | None = None,
    resume: bool = False,
    think_ms: float | None = None,
) -> int:
    """Run the app: the saved game (``resume``), that game (``rules``), else the new game screen. The exit status.

    What is not given comes from the kept settings (``speed``, ``tiles``, ``colours``,
    ``privacy``, ``hints``, ``open_hands``, ``lang``); given here, it holds for this run only.
    """
    loaded = load_settings()
    settings = loaded.settings
    setup = None
    if rules is not None and not resume:
        use(lang or settings.language)  # the names not given are the language's
        setup = quick_setup(
            rules,
            humans,
            bots,
            seed,
            names=names,
            base=base,
            starting_points=starting_points,
            max_hands=max_hands,
            speed=speed or settings.speed,
            privacy=privacy or settings.privacy,
        )
    display = Display(TileStyle(tiles or settings.tiles), Palette(colours or settings.palette))
    learning = Learning(
        settings.hints if hints is None else hints, settings.open_hands if open_hands is None else open_hands
    )
    app = MahjongApp(
        setup,
        display=display,
        learning=learning,
        settings=settings,
        language=lang,
        resume=resume,
        notices=[loaded.problem],
        bot_factory=None if think_ms is None else expert_thinking(think_ms),
    )
    return ended(app, app.run())


def expert_thinking(think_ms: float) -> BotFactory:
    """The bots, the expert thinking ``think_ms`` a decision (the driver is imported only when that is asked for)."""
    from functools import partial

    from .driver import default_bot_factory

    return partial(default_bot_factory, think_ms=think_ms)


def run_replay(saved: SavedGame, *, lang: str | None = None, tiles: str | None = None, hand: int = 1) -> int:
    """Show a kept game on the table, step by step (from ``hand``); the exit status."""
    return run_app(lang=lang, tiles=tiles, replay=saved, replay_hand=hand)[1]


def run_lessons(rules: str, *, lesson: int | None = None, lang: str | None = None) -> int:
    """The lessons of ``rules`` (``lesson``: that one at once, from 0); the exit status."""
    return run_app(lang=lang, lessons=rules, lesson=lesson)[1]


def run_app(*, lang: str | None = None, tiles: str | None = None, **opening: Any) -> tuple[MahjongApp, int]:
    """Run the app with the kept settings (``lang``, ``tiles``: for this run only), opening as ``opening`` says (a
    replay, the lessons, a remote table); the app and its exit status."""
    loaded = load_settings()
    settings = loaded.settings
    display = Display(TileStyle(tiles or settings.tiles), Palette(settings.palette))
    app = MahjongApp(display=display, settings=settings, language=lang, notices=[loaded.problem], **opening)
    return app, ended(app, app.run())


def ended(app: MahjongApp, result: int | None) -> int:
    """The exit status of an app that has run: a crash is told in one line (its traceback in the log) and is 1."""
    if app.crash is not None:
        import sys

        from mahjong_tui.crash import CRASHED, report

        print(report(app.crash), file=sys.stderr)
        return CRASHED
    return app.return_code or result or 0


def run_join(
    url: str, *, name: str = "", token: str = "", lang: str | None = None, ask_name: bool = False, fresh: bool = False
) -> int:
    """Sit at the remote table ``url`` (as ``name``, or at the seat of ``token``); the exit status."""
    app, status = run_app(lang=lang, remote=Remote(url, name, token, ask_name, fresh))
    if app.join_problem:
        import sys

        print(f"mahjong-tui join: {app.join_problem}", file=sys.stderr)
    return status


def run_drills(
    rules: str, kind: str, count: int, seed: int, *, moment: str | None = None, lang: str | None = None
) -> int:
    """``mahjong-tui drill`` without ``--json``: the drills in the app, which ends when they are left."""
    from textual import on

    class DrillApp(MahjongApp):
        """The game's app opened on a set of drills."""

        @on(events.Mount)
        def drills_first(self, event: events.Mount) -> None:
            """The drills (not the new game screen the game's app opens with); leaving them ends the app."""
            event.prevent_default()  # Textual would run MahjongApp.on_mount after this
            self.navigator.open_drills(
                rules, leave=lambda: self.exit(0), kind=kind, count=count, seed=seed, moment=moment
            )

    app = DrillApp(language=lang)
    return ended(app, app.run())
