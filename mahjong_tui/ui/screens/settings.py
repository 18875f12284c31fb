"""Settings: language, tile style, palette, bot speed, hot-seat privacy, hints and open hands, each kept at once.

The screen edits the kept settings (:class:`mahjong_tui.keep.settings.Settings`): every change is
applied to the table (or the new game form) and saved for the next start the moment it is
made (:meth:`MahjongApp.change_setting`); Done or Esc closes the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from mahjong_tui.i18n import current, t
from mahjong_tui.keep.settings import CHOICES, Settings

from ..config import Palette, TileStyle
from ..keys import word_keys
from ..tiles import tiles_text
from ..widgets.prose import Prose
from .once import Once

if TYPE_CHECKING:
    from ..app import MahjongApp

_SAMPLE = [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 31, 32, 33, 34]

#: each select's id → the setting it edits
FIELDS = {
    "language": "language",
    "style": "tiles",
    "palette": "palette",
    "speed": "speed",
    "privacy": "privacy",
    "hints": "hints",
    "open-hands": "open_hands",
}


def options(setting: str) -> list[tuple[str, str]]:
    """A setting's choices as (label, value), labelled in the language in use."""
    return [(t(f"settings.{setting}_{value}"), value) for value in CHOICES[setting]]


class SettingsScreen(ModalScreen[Settings], Once[Settings]):
    """One select per setting and a sample row of tiles; each change is kept at once. Answers the settings."""

    BINDINGS = [Binding("escape", "close", "help.key_close")]

    def __init__(self, current: Settings) -> None:
        """Start from the settings in use."""
        super().__init__()
        word_keys(self)
        self.current = current

    def compose(self) -> ComposeResult:
        """A row per setting, the privacy note, a sample, Done."""
        c = self.current
        rows = (
            ("language", "language", c.language),
            ("tiles", "style", c.tiles),
            ("palette", "palette", c.palette),
            ("speed", "speed", c.speed),
            ("privacy", "privacy", c.privacy),
        )
        both = current().language == "both"  # the labels in two languages: a wider column
        with Vertical(id="settings-card", classes="-both" if both else ""):
            yield Static(t("settings.title"), classes="card-title")
            for setting, select_id, value in rows:
                with Horizontal(classes="field"):
                    yield Label(t(f"settings.{setting}"), classes="field-label")
                    yield Select(options(setting), value=value, allow_blank=False, id=select_id, compact=True)
            yield Prose(Text(t("settings.privacy_note"), style="#9aa0a6"), id="privacy-note")
            for setting in ("hints", "open_hands"):
                with Horizontal(classes="field"):
                    yield Label(t(f"settings_learning.{setting}"), classes="field-label")
                    choices = [(t(f"settings_learning.{setting}_on"), True), (t("settings_learning.off"), False)]
                    yield Select(
                        choices,
                        value=getattr(c, setting),
                        allow_blank=False,
                        id=setting.replace("_", "-"),
                        compact=True,
                    )
            yield Static(id="sample")
            yield Prose(Text(t("settings.kept"), style="#9aa0a6"), id="settings-kept")
            with Horizontal(classes="buttons"):
                yield Button(t("settings.done"), id="ok", variant="primary")

    def on_mount(self) -> None:
        """Draw the sample."""
        self._sample()

    def _sample(self) -> None:
        """Redraw the sample row in the tile style and palette chosen."""
        c = self.current
        row = tiles_text(_SAMPLE, TileStyle(c.tiles), Palette(c.palette))
        self.query_one("#sample", Static).update(Text(t("settings.sample") + " ") + row)

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        """A setting changed: apply it and keep it (a select showing the value it had changes nothing)."""
        setting = FIELDS.get(event.select.id or "")
        if setting is None or event.value == getattr(self.current, setting):
            return
        value = event.value if isinstance(event.value, bool) else str(event.value)  # a switch, or a choice
        self.current = self.current.changed(**{setting: value})
        app: MahjongApp = self.app  # type: ignore[assignment]
        app.change_setting(setting, value)
        self._sample()

    def relabel(self) -> None:
        """The language changed: draw the screen again in it, the language still chosen."""

        def refocus() -> None:
            """The sample again, and back to the language select."""
            self._sample()
            self.query_one("#language", Select).focus()

        self.refresh(recompose=True)
        self.call_after_refresh(refocus)

    @on(Button.Pressed, "#ok")
    def action_close(self) -> None:
        """Close: everything changed is kept already."""
        self.dismiss(self.current)
