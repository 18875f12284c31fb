"""The command palette (Ctrl+P), guarded: PageUp and PageDown never take the app down.

Textual's palette passes PageUp/PageDown to its option list, which pages from the lines it
last drew: pressed before the list is drawn, while it is hidden or just emptied, that
may fail inside Textual and end the app. Here a page key moves only a list that is shown
and has options, and a failure there leaves the highlight where it was.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.command import CommandList, CommandPalette


class GuardedPalette(CommandPalette):
    """Textual's command palette, whose page keys cannot fail."""

    BINDINGS = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

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
