"""The mahjong table app: a new game screen, then the table, hand after hand.

Entry point: :func:`run` (no arguments: the new game screen; with ``rules``: straight to
the table). ``mahjong-tui play`` (:mod:`mahjong_tui.commands.play`) reads its options and
calls it.

Every screen but the first is imported when it is first opened: the table, its driver and
the engine's play loop are not needed to draw the new game screen, and importing them
would make it come up later (``scripts/startup.py`` measures that).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding

from mahjong_tui.i18n import current, t, use

from .config import Display, GameSetup, Learning, Palette, Privacy, TileStyle, quick_setup
from .keys import textual_command, word_keys

if TYPE_CHECKING:
    from textual.screen import Screen

    from mahjong_tui.engine import Game

    from .driver import BotFactory, TableDriver
    from .screens.table import TableScreen


class MahjongApp(App[int]):
    """Shanghai and Changsha mahjong at one terminal: people and bots around one table."""

    CSS_PATH = "app.tcss"
    TITLE = "mahjong-tui"
    BINDINGS = [
        Binding("ctrl+q", "quit", "app.key_quit", show=False),
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
        language: str | None = None,
    ) -> None:
        """``setup`` starts a game at once (``game``: one already under way); without, the new game screen.

        ``language``: the one to speak (``en``, ``zh`` or ``both``); without, the one in use.
        """
        if language is not None:
            use(language)
        super().__init__()
        self.language = current().language
        word_keys(self)
        self.title = t("app.title")
        self.learning = learning or Learning()
        self.setup = setup
        self.game = game
        self.appearance = display or Display()
        self.bot_factory = bot_factory
        self.driver: TableDriver | None = None

    def on_mount(self) -> None:
        """Straight to the table, or the new game screen first."""
        if self.setup is not None:
            self.start_game(self.setup, self.game)
        else:
            self.new_game()

    def new_game(self) -> None:
        """Ask for a setup, then play it."""
        from .screens.new_game import NewGameScreen

        def chosen(setup: GameSetup | None) -> None:
            """Act on the dialog's answer."""
            if setup is None:
                self.exit(0)
                return
            self.start_game(setup)

        self.push_screen(NewGameScreen(self.setup), chosen)

    def start_game(self, setup: GameSetup, game: Game | None = None) -> None:
        """Seat everyone and open the table."""
        from .driver import TableDriver, default_bot_factory
        from .screens.table import TableScreen

        self.setup = setup
        if game is not None:
            self.driver = TableDriver(setup.with_seed(game.seed), game, self.bot_factory or default_bot_factory)
        else:
            self.driver = TableDriver.start(setup, self.bot_factory)
        self.setup = self.driver.setup

        def left(answer: str | None) -> None:
            """The table was left: a new game or the exit."""
            self.driver = None
            if answer == "new":
                self.new_game()
            else:
                self.exit(0)

        self.push_screen(TableScreen(self.driver, self.appearance), left)

    # ------------------------------------------------------------------ commands
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: new game, rules, settings, help, besides Textual's own."""
        yield SystemCommand(t("app.new_game"), t("app.new_game_help"), self.action_new_game)
        yield SystemCommand(t("app.rules"), t("app.rules_help"), self.action_rules)
        yield SystemCommand(t("app.settings"), t("app.settings_help"), self.action_settings)
        yield SystemCommand(t("app.help"), t("app.help_help"), self.action_help)
        for command in super().get_system_commands(screen):  # Textual's own, in the words of the language in use
            title, help_text = textual_command(command.title, command.help)
            yield SystemCommand(title, help_text, command.callback, command.discover)

    def action_command_palette(self) -> None:
        """The command palette, its search line in the language in use."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=t("app.search"), id="--command-palette"))

    def action_new_game(self) -> None:
        """Leave the table (if any) for the new game screen."""
        from .screens.new_game import NewGameScreen

        table = self._table()
        if table is not None:
            from .screens.help import ConfirmScreen

            def answered(yes: bool | None) -> None:
                """Leave the table when the answer is yes."""
                if yes:
                    while self.screen is not table:
                        self.pop_screen()
                    table.dismiss("new")

            self.push_screen(ConfirmScreen(t("app.leave_for_new")), answered)
        elif not isinstance(self.screen, NewGameScreen):
            self.new_game()

    def action_rules(self) -> None:
        """Show the rules, open at the page of the rules in play (or chosen on the new game screen)."""
        from .screens.rules import RulesScreen

        chosen = getattr(self.screen, "chosen_rules", None)  # the new game screen's current choice
        rules = self.driver.setup.rules if self.driver else (chosen() if callable(chosen) else None)
        self.push_screen(RulesScreen(rules))

    def action_help(self) -> None:
        """Show the keys."""
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_settings(self) -> None:
        """Change the look, the bots' pace and the hot-seat privacy."""
        from .screens.new_game import NewGameScreen
        from .screens.settings import Settings, SettingsScreen

        form = next((s for s in self.screen_stack if isinstance(s, NewGameScreen)), None)
        if self.driver is not None:
            speed, privacy = self.driver.setup.speed, self.driver.setup.privacy
        elif form is not None:
            speed, privacy = form.pace()
        else:
            speed, privacy = GameSetup().speed, GameSetup().privacy

        def chosen(settings: Settings | None) -> None:
            """Act on the dialog's answer: the look everywhere, the pace in the game or the form."""
            if settings is None:
                return
            self.appearance = settings.display
            hints_changed = settings.learning.hints != self.learning.hints
            self.learning = settings.learning
            if self.driver is not None:
                self.driver.setup = replace(self.driver.setup, speed=settings.speed, privacy=settings.privacy)
            elif form is not None:
                form.set_pace(settings.speed, settings.privacy)
            table = self._table()
            if table is not None:
                if hints_changed:
                    table.reset_hints()
                table.set_display(settings.display)

        self.push_screen(SettingsScreen(Settings(self.appearance, speed, privacy, self.learning)), chosen)

    def _table(self) -> TableScreen | None:
        """The table screen, if a game is open."""
        if self.driver is None:
            return None
        from .screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None


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
    speed: str = "normal",
    tiles: str = "chinese",
    colours: str = "standard",
    privacy: str = Privacy.STANDARD,
    hints: bool = False,
    open_hands: bool = False,
) -> int:
    """Run the app: without ``rules`` the new game screen, else straight to that game. Returns the exit status.

    The language is the one kept in the settings (by default the locale's).
    """
    from mahjong_tui.settings import load_settings

    setup = None
    if rules is not None:
        setup = quick_setup(rules, humans, bots, seed, names=names, base=base, starting_points=starting_points,
                            max_hands=max_hands, speed=speed, privacy=privacy)
    app = MahjongApp(setup, display=Display(TileStyle(tiles), Palette(colours)),
                     learning=Learning(hints=hints, open_hands=open_hands),
                     language=load_settings().settings.language)
    result = app.run()
    return result or 0
