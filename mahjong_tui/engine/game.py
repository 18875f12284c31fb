"""A game: hands in sequence, scores carried, the dealer and 荒番 passed on.

A game is its rule set, its seed, its options and the actions taken (and, for a game
begun from a rigged deal, that deal): ``record.game_from_record`` replays a record and
reproduces every event and the final state exactly.
"""

from __future__ import annotations

import random

from .actions import Action, IllegalAction
from .events import Event, GameEnded, HandEnded
from .hand import Hand
from .options import GameOptions
from .registry import resolve
from .rigged import RiggedDeal, rigged_hand
from .ruleset import Ruleset
from .words import NO_WORDS, said


class Game:
    """Hands played one after another until a player cannot go on (or ``max_hands`` are played)."""

    def __init__(
        self,
        rules: Ruleset | str,
        seed: int = 0,
        options: GameOptions | None = None,
        *,
        rigged: RiggedDeal | None = None,
        hold_windows: bool = False,
    ):
        """A new game under ``rules`` (a rule set, or a preset name); ``rigged`` sets up its first hand;
        ``hold_windows``: see :attr:`hold_windows`."""
        self.rules: Ruleset = resolve(rules)
        self.seed = seed
        self.options = options or GameOptions()
        self.rigged = rigged
        start = self.rules.starting_points(self.options)
        self.scores: list[int] = [start] * 4
        self.dealer = rigged.dealer if rigged else random.Random(f"{seed}/first-dealer").randrange(4)
        self.huangfan = 0
        self.hand_number = 0
        self.actions: list[list[Action]] = []
        self.events: list[Event] = []
        self.hand_start = 0  # where the current hand's events begin in ``events``
        self.over = False
        self.end_reason = NO_WORDS
        self._hold_windows = hold_windows
        self.hand: Hand = self._new_hand()

    # ------------------------------------------------------------------ the one API
    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now."""
        return self.hand.legal_actions(seat)

    def pending_seats(self) -> list[int]:
        """Seats that must act now."""
        return self.hand.pending_seats()

    @property
    def hand_events(self) -> list[Event]:
        """The current hand's events so far (and the game's end, when this hand ended it)."""
        return self.events[self.hand_start :]

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action to the current hand; returns its events."""
        if self.over:
            raise IllegalAction(said("game.over"))
        return self._happened(self.hand.apply(action))

    @property
    def hold_windows(self) -> bool:
        """Every window nobody is asked in (after a discard nobody may claim, an added kong nobody may rob …) waits
        in its phase, with nobody asked, until :meth:`release`: a table played across machines keeps each such
        moment as long as any other, so that its length tells nothing. Off: play goes on at once."""
        return self._hold_windows

    @hold_windows.setter
    def hold_windows(self, hold: bool) -> None:
        self._hold_windows = self.hand.hold_windows = hold

    @property
    def held(self) -> bool:
        """A window nobody is asked in is waiting to be released."""
        return self.hand.held is not None

    def release(self) -> list[Event]:
        """Close the window nobody is asked in that waits (see :attr:`hold_windows`); the events of play going on."""
        return self._happened(self.hand.release())

    def _happened(self, events: list[Event]) -> list[Event]:
        """``events`` of the hand, kept; a hand they end ends here too (its end's events added)."""
        self.events.extend(events)
        if events and self.hand.over:
            events = events + self._hand_over()
        return events

    def next_hand(self) -> list[Event]:
        """Start the next hand once the current one has ended."""
        if self.over:
            raise IllegalAction(said("game.over"))
        if not self.hand.over:
            raise IllegalAction(said("game.hand_not_over"))
        start = len(self.events)
        self.hand = self._new_hand()
        return self.events[start:]

    # ------------------------------------------------------------------ internals
    def _new_hand(self) -> Hand:
        self.hand_number += 1
        scores = (self.scores[0], self.scores[1], self.scores[2], self.scores[3])
        if self.rigged is not None and self.hand_number == 1:
            hand = rigged_hand(
                self.rules, self.rigged, options=self.options, scores=scores, hold_windows=self._hold_windows
            )
        else:
            hand = Hand(
                self.rules,
                seed=f"{self.seed}/hand/{self.hand_number}",
                dealer=self.dealer,
                hand_number=self.hand_number,
                huangfan=self.huangfan,
                scores=scores,
                options=self.options,
                hold_windows=self._hold_windows,
            )
        self.actions.append(hand.actions)
        self.hand_start = len(self.events)
        self.events.extend(hand.events)
        if hand.over:
            self.events.extend(self._hand_over())
        return hand

    def _hand_over(self) -> list[Event]:
        ended = next(e for e in reversed(self.events) if isinstance(e, HandEnded))
        self.scores = list(ended.scores)
        self.dealer = ended.next_dealer
        self.huangfan = ended.huangfan
        out: list[Event] = []
        floor = self.rules.floor(self.options)
        below = [s for s in range(4) if self.scores[s] < floor]
        if below:
            self.over = True
            self.end_reason = self.rules.floor_reason(below, self.options)
        elif self.options.max_hands is not None and self.hand_number >= self.options.max_hands:
            self.over = True
            n = self.options.max_hands
            self.end_reason = said("game.all_hands_played", n=n) if n > 1 else said("game.one_hand_played")
        if self.over:
            ev = GameEnded((self.scores[0], self.scores[1], self.scores[2], self.scores[3]), self.end_reason)
            self.events.append(ev)
            out.append(ev)
        return out
