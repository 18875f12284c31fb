"""The hot-seat curtain: hides the table until the next player has the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class CurtainScreen(ModalScreen[None]):
    """``pass to 南 · Bob — press Enter``; nothing of the table shows through."""

    BINDINGS = [Binding("enter", "open", "I am the player", priority=True)]

    def __init__(self, who: str, why: str = "") -> None:
        """A curtain for the player labelled ``who``; ``why`` says what they are asked to do."""
        super().__init__()
        self.who = who
        self.why = why

    def compose(self) -> ComposeResult:
        """A single centred card."""
        with Vertical(id="curtain-card"):
            yield Static("麻将 · hot seat", id="curtain-title")
            yield Static(f"pass to {self.who} — press Enter", id="curtain-who")
            if self.why:
                yield Static(self.why, id="curtain-why")
            yield Static("Everyone else: look away.", id="curtain-note")
            yield Button("I am " + self.who.split(" · ")[-1], id="curtain-open", variant="primary")

    def action_open(self) -> None:
        """Lift the curtain."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.dismiss(None)
