"""Your name at a remote table, asked before sitting down (the web door's players have no command line)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from mahjong_tui.i18n import t

from ..keys import Worded
from .once import Once

MAX_NAME = 24


class NameScreen(Worded, ModalScreen[str | None], Once[str | None]):
    """A name, 1 to 24 characters: Enter sits down, Esc leaves."""

    BINDINGS = [Binding("escape", "leave", "remote.key_leave")]

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen #name-card { width: 60; max-width: 95%; height: auto; border: round #69f0ae; padding: 1 2; }
    NameScreen #name-problem { color: #ff8a80; height: auto; }
    """

    def compose(self) -> ComposeResult:
        """The question, the field, and what is wrong with what was typed."""
        with Vertical(id="name-card"):
            yield Static(t("remote.your_name"), id="name-question")
            yield Input(max_length=MAX_NAME, id="name")
            yield Static("", id="name-problem")

    @on(Input.Submitted)
    def sit_down(self, event: Input.Submitted) -> None:
        """Sit down under the name typed (not an empty one)."""
        name = " ".join(event.value.split())
        if not name:
            self.query_one("#name-problem", Static).update(t("remote.name_needed"))
            return
        self.dismiss(name)

    def action_leave(self) -> None:
        """Leave without sitting down."""
        self.dismiss(None)
