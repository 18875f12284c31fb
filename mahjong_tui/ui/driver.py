"""Who acts next, and the bots: the table's link to the engine. No Textual here.

The driver owns the :class:`~mahjong_tui.engine.game.Game`; the screens ask it whose
decision is next, let it choose for bot seats, and hand it the actions people choose.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Protocol

from mahjong_tui.engine.actions import Action, ActionKind
from mahjong_tui.engine.events import Event, HandEnded, HandStarted
from mahjong_tui.engine.game import Game
from mahjong_tui.engine.view import SeatView, seat_view

from .config import GameSetup


class SeatBot(Protocol):
    """Anything that picks one of a seat's legal actions (the bots package's ``Bot``)."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``."""
        ...


BotFactory = Callable[[str, int, int], SeatBot]


class StandInBot:
    """Plays when the bots package cannot be loaded: wins when it can, else the simplest move."""

    level = "stand-in"

    def __init__(self, seat: int) -> None:
        """A stand-in for ``seat``."""
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        """Win, declare and take what is offered; discard the drawn tile; pass claims."""
        legal = list(view.legal)
        for kind in (ActionKind.WIN, ActionKind.DECLARE_INITIAL, ActionKind.TAKE_HAIDI):
            for a in legal:
                if a.kind is kind:
                    return a
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if discards:
            for a in discards:
                if a.tile == view.last_drawn:
                    return a
            return discards[-1]
        for a in legal:
            if a.kind is ActionKind.PASS:
                return a
        return legal[0]


def default_bot_factory(level: str, seat: int, seed: int) -> SeatBot:
    """The bots package's bot of ``level``; a stand-in when the package cannot be loaded."""
    try:
        from bots import create_bot

        return create_bot(level, seat, seed)
    except ImportError:
        return StandInBot(seat)


@dataclass
class HandRecord:
    """One finished hand for the standings table."""

    number: int
    dealer: int
    winners: tuple[int, ...]
    payments: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]


@dataclass
class TableDriver:
    """The game in play, who is a person, and the bots for everyone else."""

    setup: GameSetup
    game: Game
    bot_factory: BotFactory = default_bot_factory
    autoplay: set[int] = field(default_factory=set)
    _bots: dict[tuple[int, str], SeatBot] = field(default_factory=dict)

    @classmethod
    def start(cls, setup: GameSetup, bot_factory: BotFactory | None = None) -> TableDriver:
        """A new game for ``setup`` (a random seed when it has none)."""
        seed = setup.seed if setup.seed is not None else Random().randrange(1_000_000)
        setup = setup.with_seed(seed)
        game = Game(setup.rules, seed, setup.options())
        return cls(setup, game, bot_factory or default_bot_factory)

    @property
    def humans(self) -> list[int]:
        """Seats played by people (autoplay or not)."""
        return self.setup.humans

    @property
    def hotseat(self) -> bool:
        """Two or more people share the screen."""
        return len(self.humans) >= 2

    def is_bot(self, seat: int) -> bool:
        """A bot decides for this seat now (a bot seat, or a person on autoplay)."""
        return not self.setup.seats[seat].human or seat in self.autoplay

    def next_seat(self) -> int | None:
        """The next seat to decide, in the order the engine asks (None when nobody must)."""
        pending = self.game.pending_seats()
        return pending[0] if pending else None

    def bot_for(self, seat: int) -> SeatBot:
        """The bot playing ``seat`` (the normal bot for a person on autoplay)."""
        level = self.setup.seats[seat].level if not self.setup.seats[seat].human else "normal"
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = self.bot_factory(level, seat, (self.game.seed * 4 + seat) % 2**31)
        return self._bots[key]

    def bot_action(self, seat: int) -> Action:
        """What the bot for ``seat`` does now; a legal action, whatever the bot says."""
        view = seat_view(self.game.hand, seat)
        choice = self.bot_for(seat).choose(view)
        if choice in view.legal:
            return choice
        return StandInBot(seat).choose(view)

    @property
    def history(self) -> list[HandRecord]:
        """Every finished hand of the game so far, from the game's events."""
        out: list[HandRecord] = []
        number, dealer = 0, 0
        for ev in self.game.events:
            if isinstance(ev, HandStarted):
                number, dealer = ev.hand_number, ev.dealer
            elif isinstance(ev, HandEnded):
                out.append(HandRecord(number, dealer, ev.winners, ev.payments, ev.scores))
        return out

    def apply(self, action: Action) -> list[Event]:
        """Apply an action; returns its events."""
        return self.game.apply(action)

    def next_hand(self) -> list[Event]:
        """Deal the next hand (its events; a hand can end at once when flowers empty the wall)."""
        return self.game.next_hand()
