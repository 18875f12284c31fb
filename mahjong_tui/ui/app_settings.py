"""The app's settings: the settings screen, the settings in use, and each change applied at once to every open
screen and kept (:mod:`mahjong_tui.keep.settings`).

:class:`SettingsFlow` is a part of :class:`~mahjong_tui.ui.app.MahjongApp`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import App

from mahjong_tui.i18n import t, use
from mahjong_tui.keep.settings import Settings, save_settings

from .config import Display, Learning, Palette, Privacy, TileStyle
from .keys import word_keys

if TYPE_CHECKING:
    from .kept import KeptDriver
    from .screens.new_game import NewGameScreen
    from .screens.table import TableScreen


class SettingsFlow(App[int]):
    """The settings in use, and each change made."""

    settings: Settings
    language: str
    appearance: Display
    learning: Learning
    driver: KeptDriver | None

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
