"""A Static for sentences: its lines break as Chinese reads well (:mod:`mahjong_tui.ui.wrapping`).

Textual breaks a line only at spaces, so a Chinese sentence broke where a number stood
(``144`` at one line's end, ``张牌带花`` on the next). Text given to :class:`Prose` is shown
as written (no markup) and broken between Chinese characters as well.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual.widgets import Static

from ..wrapping import wrapped


class Prose(Static):
    """One or more sentences, wrapped to the widget's width."""

    def __init__(self, content: RenderableType = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(wrapped(content), id=id, classes=classes)

    def update(self, content: RenderableType = "", *, layout: bool = True) -> None:
        """Show ``content``."""
        super().update(wrapped(content), layout=layout)
