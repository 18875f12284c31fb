"""A choice among a few options in one line, ``◂ bot · normal ▸``: a light stand-in for a Select.

A Select carries a drop-down list (a widget tree of its own) even while closed, and the
new game screen needs six of them: drawing that form took longer than the rest of start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Cycle(Widget, can_focus=True):
    """One of ``options`` (label, value): ← and → step through them, a click on either arrow too."""

    DEFAULT_CSS = """
    Cycle {
        height: 3;
        width: 30;
        border: tall $border-blurred;
        background: $surface;
        padding: 0 1;
    }
    Cycle:focus { border: tall $border; background-tint: $foreground 5%; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space", "step(1)", "Next", show=False),
    ]

    value: reactive[str] = reactive("", init=False)

    @dataclass
    class Changed(Message):
        """The value changed (by a key, a click, or the program)."""

        cycle: Cycle
        value: str

        @property
        def control(self) -> Cycle:
            """The cycle that changed (what ``@on(..., selector)`` matches)."""
            return self.cycle

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str,
        *,
        id: str | None = None,
        classes: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        """Options as (label, value) pairs; ``value`` the one shown first."""
        super().__init__(id=id, classes=classes)
        self.options = list(options)
        self.set_reactive(Cycle.value, value)
        if tooltip:
            self.tooltip = tooltip

    def set_options(self, options: Sequence[tuple[str, str]]) -> None:
        """Offer other options (the value stays when it is among them)."""
        self.options = list(options)
        if self.options and self.value not in self._labels():
            self.value = self.options[0][1]
        self.refresh(layout=True)

    def _labels(self) -> dict[str, str]:
        """Value → label."""
        return {v: label for label, v in self.options}

    def validate_value(self, value: str) -> str:
        """Only one of the options (anything else leaves the value as it was)."""
        return value if value in self._labels() else self.value

    def watch_value(self, value: str) -> None:
        """Tell the form."""
        self.post_message(self.Changed(self, value))

    def action_step(self, step: int) -> None:
        """The previous or next option, round the end."""
        values = [v for _, v in self.options]
        if not values:
            return
        i = values.index(self.value) if self.value in values else 0
        self.value = values[(i + step) % len(values)]

    def on_click(self, event: events.Click) -> None:
        """A click on the left half steps back, on the right half forward."""
        self.focus()
        self.action_step(-1 if event.x < self.content_size.width // 2 else 1)

    def render(self) -> Text:
        """``◂ label ▸``."""
        label = self._labels().get(self.value, self.value)
        arrows = "bold" if self.has_focus else "dim"
        out = Text("◂ ", style=arrows)
        out.append(label)
        out.append(" ▸", style=arrows)
        return out
