"""The hot-seat curtain: hides the table until the next player has the screen.

It says whose turn it is and nothing else: why they are called (a claim, a win on the
海底 …) would tell everyone else what that player may do.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mahjong_tui.i18n import t

from ..keys import Worded
from .once import Once


class CurtainScreen(Worded, ModalScreen[None], Once[None]):
    """``东 · Bob — your turn; press Enter when only you can see the screen``; nothing of the table shows through."""

    BINDINGS = [Binding("enter", "open", "curtain.key_open", priority=True)]

    def __init__(self, who: str) -> None:
        """A curtain for the player labelled ``who`` (``东 · Bob``)."""
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        """A single centred card."""
        with Vertical(id="curtain-card"):
            yield Static(t("curtain.title"), id="curtain-title")
            yield Static(t("curtain.who", who=self.who), id="curtain-who")
            yield Static(t("curtain.note"), id="curtain-note")
            yield Button(t("curtain.button", name=self.who.split(" · ")[-1]), id="curtain-open", variant="primary")

    def action_open(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.dismiss(None)
