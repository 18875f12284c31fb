"""Settings: tile style, palette, bot speed and hot-seat privacy."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from mahjong_tui.i18n import t

from ..config import BOT_SPEEDS, Display, Learning, Palette, Privacy, TileStyle
from ..keys import Worded
from ..tiles import tiles_text

_SAMPLE = [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 31, 32, 33, 34]


@dataclass(frozen=True, slots=True)
class Settings:
    """The look of the table, the bots' pace, and what the hot-seat curtain may give away."""

    display: Display
    speed: str
    privacy: Privacy = Privacy.STANDARD
    learning: Learning = Learning()


class SettingsScreen(Worded, ModalScreen[Settings | None]):
    """Pick a tile style, a palette, the bots' speed and the privacy; a sample row shows the tiles."""

    BINDINGS = [Binding("escape", "cancel", "settings_screen.cancel")]

    def __init__(self, current: Settings) -> None:
        """Start from the current settings."""
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        """Four selects, a sample, OK/Cancel."""
        with Vertical(id="settings-card"):
            yield Static(t("settings_screen.title"), classes="card-title")
            with Horizontal(classes="field"):
                yield Label(t("settings_screen.tiles"), classes="field-label")
                yield Select([(t(f"settings_screen.tiles_{s.value}"), s) for s in TileStyle],
                             value=self.current.display.style, allow_blank=False, id="style")
            with Horizontal(classes="field"):
                yield Label(t("settings_screen.palette"), classes="field-label")
                yield Select([(t(f"settings_screen.palette_{p.value}"), p) for p in Palette],
                             value=self.current.display.palette, allow_blank=False, id="palette")
            with Horizontal(classes="field"):
                yield Label(t("settings_screen.speed"), classes="field-label")
                yield Select([(t(f"new_game_screen.speed_{k}"), k) for k in BOT_SPEEDS], value=self.current.speed,
                             allow_blank=False, id="speed")
            with Horizontal(classes="field"):
                yield Label(t("settings_screen.privacy"), classes="field-label")
                yield Select([(t(f"new_game_screen.privacy_{p.value}"), p) for p in Privacy],
                             value=self.current.privacy, allow_blank=False, id="privacy")
            yield Static(Text(t("settings_screen.privacy_note"), style="#9aa0a6"), id="privacy-note")
            for key, on in (("hints", self.current.learning.hints), ("open_hands", self.current.learning.open_hands)):
                with Horizontal(classes="field"):
                    yield Label(t(f"settings_learning.{key}"), classes="field-label")
                    choices = [(t(f"settings_learning.{key}_on"), True), (t("settings_learning.off"), False)]
                    yield Select(choices, value=on, allow_blank=False, id=key.replace("_", "-"))
            yield Static(id="sample")
            with Horizontal(classes="buttons"):
                yield Button(t("settings_screen.ok"), id="ok", variant="primary")
                yield Button(t("settings_screen.cancel"), id="cancel")

    def on_mount(self) -> None:
        """Draw the sample."""
        self._sample()

    def _chosen(self) -> Settings:
        """The settings the form shows now."""
        style = self.query_one("#style", Select).value
        palette = self.query_one("#palette", Select).value
        speed = self.query_one("#speed", Select).value
        privacy = self.query_one("#privacy", Select).value
        learning = Learning(self.query_one("#hints", Select).value is True,
                            self.query_one("#open-hands", Select).value is True)
        return Settings(Display(TileStyle(style), Palette(palette)), str(speed), Privacy(privacy), learning)

    def _sample(self) -> None:
        """Redraw the sample row."""
        s = self._chosen()
        self.query_one("#sample", Static).update(Text(t("settings_screen.sample") + " ")
                                                 + tiles_text(_SAMPLE, s.display.style, s.display.palette))

    @on(Select.Changed)
    def _changed(self) -> None:
        """A select changed: redraw the sample."""
        self._sample()

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        """Keep the new settings."""
        self.dismiss(self._chosen())

    @on(Button.Pressed, "#cancel")
    def _cancel_button(self) -> None:
        """Keep the old settings."""
        self.dismiss(None)

    def action_cancel(self) -> None:
        """Keep the settings as they were."""
        self.dismiss(None)
