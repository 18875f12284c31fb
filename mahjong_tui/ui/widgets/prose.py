"""A Static for sentences: its lines break as Chinese reads well (:mod:`mahjong_tui.ui.wrapping`).

Textual breaks a line only at spaces, so a Chinese sentence broke where a number stood
(``144`` at one line's end, ``张牌带花`` on the next). Text given to :class:`Prose` is shown
as written (no markup) and broken between Chinese characters as well.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from ..wrapping import wrapped


class Prose(Static):
    """One or more sentences, wrapped to the widget's width."""

    def __init__(self, content: RenderableType = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrapped(content), id=id, classes=classes)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content``: text (a string or a Rich ``Text``) wrapped so, anything else as it is."""
        super().update(wrapped(content) if isinstance(content, str | Text) else content, layout=layout)
