"""What every screen may read of the app it is on: how tiles are drawn and which learning aids are on.

:class:`GameApp` is the base of the game's app (:class:`~mahjong_tui.ui.app.MahjongApp`); a
screen reads the app's look and learning aids through :func:`appearance_of` and
:func:`learning_of`, which give the defaults on any other app (a test's).
"""

from __future__ import annotations

from textual.app import App

from . import textual_mends  # noqa: F401  (mends Textual as the UI is imported)
from .config import Display, Learning


class GameApp(App[int]):
    """An app that draws tiles in a chosen style and offers learning aids."""

    appearance: Display = Display()
    learning: Learning = Learning()


def appearance_of(app: App[object]) -> Display:
    """How ``app`` draws tiles (the default style on an app that is not the game's)."""
    return app.appearance if isinstance(app, GameApp) else Display()


def learning_of(app: App[object]) -> Learning:
    """The learning aids on in ``app`` (none on an app that is not the game's)."""
    return app.learning if isinstance(app, GameApp) else Learning()
