"""The table's driver, keeping its game: saved after every action, kept and counted at its end. No Textual here.

:class:`KeptDriver` is the :class:`~mahjong_tui.ui.driver.TableDriver` the app plays with.
Every action goes through a driver, so here the game is kept: saved when the table opens,
after every bot's move (through the play loop's observer, before the table hears of it),
after every person's action, at every new deal and after an undo; at the game's end kept among the
records and counted in the statistics (:class:`~mahjong_tui.keep.keeping.Keeper`, which writes
each action to the game's journal on a thread of its own, so the table never waits on a disk). A resumed
game keeps the players and the id it was saved with, so its hands are counted once.

The keeping starts when the table is shown (:meth:`KeptDriver.shown`, before any move): the
first frame waits neither for the keeping's modules nor for the game's lock. Whatever asks
for the keeper earlier (leaving, an action) starts it then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mahjong_tui.engine import Action, Event, Halt, Move

from .config import GameSetup, Privacy, SeatSetup
from .driver import BotFactory, TableDriver, default_bot_factory

if TYPE_CHECKING:
    from mahjong_tui.keep.keeping import Keeper, News
    from mahjong_tui.keep.locks import GameLock
    from mahjong_tui.keep.saves import SavedGame, Seat, Table


def seats_of(setup: GameSetup) -> tuple[Seat, Seat, Seat, Seat]:
    """Who sits where, as a save keeps it: a name, and a bot's level."""
    from mahjong_tui.keep.saves import Seat

    s = [Seat(seat.name, None if seat.human else seat.level) for seat in setup.seats]
    return (s[0], s[1], s[2], s[3])


def resumed_setup(saved: SavedGame, speed: str, privacy: Privacy) -> GameSetup:
    """The setup of a saved game: its rules, players, options and seed; the pace of today's settings."""
    game = saved.game
    seats = tuple(SeatSetup(s.name, s.bot is None, s.bot or "normal") for s in saved.table.seats)
    return GameSetup(
        game.rules.name,
        seats,
        game.options.base,
        game.options.starting_points,
        game.options.max_hands,
        game.seed,
        speed,
        privacy,
    )


@dataclass
class KeptDriver(TableDriver):
    """A table driver whose game is saved after every action, and kept and counted when it ends."""

    #: who sat where and which game this is (the same after a resume): what is saved with the game
    seating: Table | None = None
    #: the game's lock, already held (a game taken up to resume: its save was read again under it)
    lock: GameLock | None = None
    _keeper: Keeper | None = field(default=None, init=False)
    _listener: Callable[[News], None] | None = field(default=None, init=False)

    @property
    def keeper(self) -> Keeper:
        """What keeps the game (made, holding the game's lock, the first time it is asked for)."""
        if self._keeper is None:
            from mahjong_tui.keep.keeping import Keeper
            from mahjong_tui.keep.saves import Table

            if self.seating is None:
                self.seating = Table(seats_of(self.setup))
            self._keeper = Keeper(self.seating, self.lock)
            if self._listener is not None:
                self._keeper.listen(self._listener)
        return self._keeper

    def shown(self) -> None:
        """The table is on the screen: the game is kept from now, saved at once (a game already over is kept and
        counted)."""
        self.keep()

    @classmethod
    def resume(
        cls, saved: SavedGame, setup: GameSetup, bot_factory: BotFactory | None = None, lock: GameLock | None = None
    ) -> KeptDriver:
        """The saved game, where it stopped, with the same players and the same id (``lock``: its lock, held)."""
        return cls(setup, saved.game, bot_factory or default_bot_factory, seating=saved.table, lock=lock)

    def keep(self) -> None:
        """Save the game now (at its end: keep its record and count its hands)."""
        self.keeper.keep(self.game)

    def leave(self) -> None:
        """The table is left: a game not over is kept among the records as it stands (and said so), and let go."""
        self.keeper.leave(self.game)

    def listen(self, tell: Callable[[News], None]) -> None:
        """Tell the player, through ``tell``, that the game was kept, or what could not be.

        The keeper writes on a thread of its own: a line it gives is handed to the event loop
        that was running when the table started to listen (the app's), so ``tell`` runs there.
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a script): the line is told where it comes from
            self._told(tell)
            return

        def told(news: News) -> None:
            """Hand the line to the loop, which tells it."""
            loop.call_soon_threadsafe(tell, news)

        self._told(told)

    def _told(self, tell: Callable[[News], None]) -> None:
        """``tell`` hears the keeper's lines, from the keeper made now or when it is made."""
        self._listener = tell
        if self._keeper is not None:
            self._keeper.listen(tell)

    def play(
        self,
        *,
        observe: Callable[[Move], None] | None = None,
        pause: Callable[[int, Action], bool] | None = None,
        resume: Action | None = None,
    ) -> Halt:
        """The bots play on (:meth:`TableDriver.play`); the game is saved after every move, before ``observe``."""

        def kept(move: Move) -> None:
            """Save, then tell the table."""
            self.keep()
            if observe is not None:
                observe(move)

        return super().play(observe=kept, pause=pause, resume=resume)

    def apply(self, action: Action) -> list[Event]:
        """Apply a person's action and save the game; its events."""
        events = super().apply(action)
        self.keep()
        return events

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action (:meth:`TableDriver.undo`) and save the game as it is again; never once
        the hand is over, since its result is kept and counted (False)."""
        if self.hand_over:
            return False
        done = super().undo(seat)
        if done:
            self.keep()
        return done

    def next_hand(self) -> list[Event]:
        """Deal the next hand and save the game; its events."""
        events = super().next_hand()
        self.keep()
        return events
