"""A kept game, stepped through: one action forward or back, any hand, every hand face up.

The record is replayed once, hand by hand as they are first visited, and each moment is
kept as a frame: the table as everyone would see it with all four hands shown, the action
that led to it and what that action caused. Stepping is then only moving along frames, so
going back is as quick as going forward.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_tui.engine import Action, Event, Game, TableView, table_view
from mahjong_tui.keep.saves import SavedGame

_ALL = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class Frame:
    """One moment of a hand: the table face up, and the action that led here with its events.

    The first frame of a hand is the deal (no action; the events are the hand's opening).
    """

    view: TableView
    action: Action | None
    events: tuple[Event, ...]


class Replay:
    """A cursor over a saved game: ``hand`` (1-based) and ``step`` (0: the deal; n: after the n-th action)."""

    def __init__(self, saved: SavedGame) -> None:
        self.saved = saved
        record = saved.game
        self._actions = record.actions
        self._builder = Game(record.rules, record.seed, record.options, rigged=record.rigged)
        self._hands: list[tuple[Frame, ...]] = []
        self.hand = 1
        self.step = 0

    @property
    def hand_count(self) -> int:
        """How many hands the record holds (the last may be unfinished, in a save)."""
        return len(self._actions)

    def steps(self, hand: int | None = None) -> int:
        """How many actions hand ``hand`` (default: the current one) has."""
        return len(self._actions[(hand or self.hand) - 1])

    @property
    def frame(self) -> Frame:
        """The moment the cursor is at."""
        return self._frames(self.hand)[self.step]

    @property
    def at_start(self) -> bool:
        """At the deal of the first hand: nothing to step back to."""
        return self.hand == 1 and self.step == 0

    @property
    def at_end(self) -> bool:
        """After the last action of the last hand."""
        return self.hand == self.hand_count and self.step == self.steps()

    def forward(self) -> bool:
        """One action on (past a hand's last action: the next hand's deal). False at the end."""
        if self.step < self.steps():
            self.step += 1
        elif self.hand < self.hand_count:
            self.hand, self.step = self.hand + 1, 0
        else:
            return False
        return True

    def back(self) -> bool:
        """One action back (from a hand's deal: the previous hand's end). False at the start."""
        if self.step > 0:
            self.step -= 1
        elif self.hand > 1:
            self.hand -= 1
            self.step = self.steps()
        else:
            return False
        return True

    def goto(self, hand: int, step: int = 0) -> None:
        """Jump to ``hand`` (clamped to the record) at ``step`` (clamped to that hand)."""
        self.hand = min(max(1, hand), max(1, self.hand_count))
        self.step = min(max(0, step), self.steps())

    def end_of_hand(self) -> None:
        """Jump to the current hand's last action: its result."""
        self.step = self.steps()

    def _frames(self, hand: int) -> tuple[Frame, ...]:
        """The frames of ``hand``, replaying the record up to it the first time it is asked for."""
        while len(self._hands) < hand:
            self._hands.append(self._play_next_hand())
        return self._hands[hand - 1]

    def _play_next_hand(self) -> tuple[Frame, ...]:
        game = self._builder
        number = len(self._hands) + 1
        if number > 1:
            game.next_hand()
        frames = [Frame(table_view(game.hand, _ALL), None, tuple(game.hand_events))]
        for action in self._actions[number - 1]:
            events = tuple(game.apply(action))
            frames.append(Frame(table_view(game.hand, _ALL), action, events))
        return tuple(frames)
