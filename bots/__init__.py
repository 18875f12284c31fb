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
LEVELS = ("easy", "normal", "hard", "expert")


class Bot(Protocol):
    """Anything that picks a legal action from a seat's view."""

    level: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``."""
        ...


class UnknownLevel(ValueError):
    """A bot level that does not exist."""


def create_bot(
    level: str, seat: int, seed: int = 0, *, think_ms: float | None = None, playouts: int | None = None
) -> Bot:
    """A bot of ``level`` for ``seat``; UnknownLevel names the choices. The expert thinks ``think_ms`` a decision (by
    default :data:`bots.expert.THINK_MS`), or plays out ``playouts`` deals instead."""
    if level not in LEVELS:
        raise UnknownLevel(f"unknown bot level {level!r} (choose one of: {', '.join(LEVELS)})")
    from .expert import THINK_MS, ExpertBot
    from .hard import HardBot
    from .players import EasyBot, NormalBot

    if level == "expert":
        return ExpertBot(seat, seed, think_ms=THINK_MS if think_ms is None else think_ms, playouts=playouts)
    classes: dict[str, Callable[[int, int], Bot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    return classes[level](seat, seed)
