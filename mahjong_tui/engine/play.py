"""The play loop: players (bots) play their seats until someone else must decide.

One loop drives every table: the game on screen, ``simulate``, the soak runs, the
screenshot positions and the scripts. It asks the next seat's player for one of its
legal actions (a forced move, the only legal action, is made without asking), applies it
(the engine checks it, once), and goes on until a seat with no player must decide or the
hand is over. ``pause`` lets a table stop before a move to show it at its own pace: the
chosen move is then handed back and applied when the loop is resumed with it.

A player whose choice is refused, or who fails, does not stop the game: the first legal
action is made in its place and the move says what went wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from time import perf_counter
from typing import Protocol

from .actions import Action, IllegalAction
from .events import Event
from .game import Game
from .view import SeatView, seat_view


class Player(Protocol):
    """Anything that picks one of a seat's legal actions from what that seat may see."""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``."""
        ...


@dataclass(frozen=True, slots=True)
class Move:
    """One action a player made, what it caused, and how long the choice took."""

    seat: int
    action: Action
    events: tuple[Event, ...]
    think_ms: float | None = None  # None: a forced move, or one chosen before a pause
    error: str = ""  # the player's own choice failed or was refused; ``action`` was made instead


class Stop(StrEnum):
    """Why the loop handed control back."""

    DECISION = "decision"  # a seat with no player must decide
    PAUSED = "paused"  # ``pause`` asked to show the next move first
    HAND_OVER = "hand_over"


@dataclass(frozen=True, slots=True)
class Halt:
    """Where the loop stopped: why, the seat concerned, and the move waiting to be made after a pause."""

    why: Stop
    seat: int | None = None
    action: Action | None = None


class StuckHand(RuntimeError):
    """The engine asks nobody although the hand is not over (an engine fault, never a player's)."""


def play_until_decision(
    game: Game,
    players: Mapping[int, Player],
    *,
    observe: Callable[[Move], None] | None = None,
    pause: Callable[[int, Action], bool] | None = None,
    resume: Action | None = None,
) -> Halt:
    """Let ``players`` (seat → player) play the current hand until a seat without one must decide.

    ``observe`` sees every move once it is made. ``pause(seat, action)``, asked before each
    move, may stop the loop there: the Halt then carries the move, and calling again with
    ``resume=`` that action makes it. Returns at a decision, a pause, or the end of the hand.
    """
    hand = game.hand
    while not hand.over:
        pending = hand.pending_seats()
        if not pending:
            raise StuckHand(f"hand {hand.hand_number}: no seat to act but the hand is not over")
        seat = pending[0]
        if resume is not None and resume.seat != seat:
            resume = None  # the move waited on was for a decision no longer open
        player = players.get(seat)
        if player is None:
            return Halt(Stop.DECISION, seat)
        think: float | None = None
        error = ""
        if resume is not None:
            action, resume = resume, None
        else:
            legal = hand.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                start = perf_counter()
                try:
                    action = player.choose(seat_view(hand, seat))
                except Exception as e:  # a failing player is reported; the game goes on
                    action, error = legal[0], f"failed: {type(e).__name__}: {e}"
                think = (perf_counter() - start) * 1000.0
            if pause is not None and pause(seat, action):
                return Halt(Stop.PAUSED, seat, action)
        try:
            events = game.apply(action)
        except IllegalAction as e:
            legal = hand.legal_actions(seat)
            error = error or f"chose an illegal action: {action} ({e})"
            action = legal[0]
            events = game.apply(action)
        if observe is not None:
            observe(Move(seat, action, tuple(events), think, error))
    return Halt(Stop.HAND_OVER)


def next_seat(game: Game) -> int | None:
    """The next seat to decide, in the order the engine asks (None when nobody must)."""
    pending = game.pending_seats()
    return pending[0] if pending else None
