"""The command palette (Ctrl+P), guarded: no key in it takes the app down.

Textual's palette passes PageUp/PageDown to its option list, which pages from the lines it
last drew: pressed before the list is drawn, while it is hidden or just emptied, that
may fail inside Textual and end the app. Here a page key moves only a list that is shown
and has options, and a failure there leaves the highlight where it was.

A command chosen with Enter pressed twice quickly reached the palette twice: the second
closed it again (taking down the screen beneath, or failing on an empty stack) and ran
the command again. Here only the palette on top acts on a choice; once it has closed,
a late Enter, click or choice does nothing.
"""

from __future__ import annotations

from textual import on
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.widgets import Button, Input, OptionList

from .screens.once import Once


class GuardedPalette(CommandPalette, Once[None]):
    """Textual's command palette, whose page keys cannot fail and whose commands run once."""

    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _only_on_top(self, event: Message) -> None:
        """A choice that comes once the palette has closed (Enter twice): Textual's handlers are not run for it."""
        if not self.on_top:
            event.stop()
            event.prevent_default()

    def action_page(self, direction: int) -> None:
        """Move the highlight a page down (1) or up (-1), when the list is shown and has options."""
        commands = self.query_one(CommandList)
        if not commands.option_count or not commands.has_class("--visible"):
            return
        try:
            if direction > 0:
                commands.action_page_down()
            else:
                commands.action_page_up()
        except LookupError:  # the list not drawn yet: the first or last option instead
            if direction > 0:
                commands.action_last()
            else:
                commands.action_first()
