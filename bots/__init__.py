"""Bots: three levels a player can choose per seat.

A bot sees only what its seat may see (a :class:`~mahjong_tui.engine.view.SeatView`)
and answers with one of the legal actions in it: it is a player of the engine's play
loop. Bots are deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from mahjong_tui.engine import Action, SeatView

#: the bot levels a seat can have, weakest first (the one list the game, simulate and the scripts use)
LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """Anything that picks a legal action from a seat's view."""

    level: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``."""
        ...


class UnknownLevel(ValueError):
    """A bot level that does not exist."""


def create_bot(level: str, seat: int, seed: int = 0) -> Bot:
    """A bot of ``level`` for ``seat``; UnknownLevel names the choices."""
    if level not in LEVELS:
        raise UnknownLevel(f"unknown bot level {level!r} (choose one of: {', '.join(LEVELS)})")
    from .hard import HardBot
    from .players import EasyBot, NormalBot

    classes: dict[str, Callable[[int, int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    return classes[level](seat, seed)
