"""The table's state: what the table screen shows and waits for, as one value. No Textual here.

The table's controller (:class:`~mahjong_tui.ui.table_controller.TableController`) holds a
:class:`TableState`, and the table screen draws itself whenever it changes. A change is a
new state made with ``dataclasses.replace``; nothing in a state is changed in place. What
the screen draws besides comes from the game itself, at the moment the state names (the
driver's views), and from the selection, which is the hand's own (:class:`~mahjong_tui.ui.widgets.hand.HandView`).

Strict privacy's call of everyone (:class:`Calls`) is part of the state: who is still to be
called about the latest move, and about what.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from mahjong_tui.engine import (
    Action,
    ActionKind,
    Event,
    HandStarted,
    KaigangDiscarded,
    KongDeclared,
    MeldKind,
    Phase,
    SeatView,
    TableView,
    Tile,
    TileDiscarded,
)
from mahjong_tui.i18n import say

from .look import WINDOWS

NO_NOTICES: tuple[tuple[str, ...], ...] = ((), (), (), ())


class Question(Enum):
    """What a person is being asked now: the play waits for their answer."""

    DECISION = "decision"  # a person's decision is being opened for them
    CURTAIN = "curtain"  # the hot-seat curtain is up for a person
    PROMPT = "prompt"  # a prompt outside a turn: a claim, robbing a kong, the 海底, 开杠, initial wins
    CALL = "call"  # strict privacy: a person acknowledges a move, behind their curtain
    SUMMARY = "summary"  # the end of the hand, or the ended hand's table looked at from it


def asked_after(events: Sequence[Event], initial_wins: bool) -> tuple[int, bool, Event] | None:
    """The last event of a move after which others may be asked: (its seat, that seat is asked too, it).

    A discard (and the shown 海底), an added kong (it may be robbed), the 开杠 tiles given to
    the others; a new hand where 起手小胡 may be declared (everyone, the dealer last).
    """
    found: tuple[int, bool, Event] | None = None
    for ev in events:
        if isinstance(ev, TileDiscarded | KaigangDiscarded):
            found = (ev.seat, False, ev)
        elif isinstance(ev, KongDeclared) and ev.meld.kind is MeldKind.ADDED_KONG:
            found = (ev.seat, False, ev)
        elif isinstance(ev, HandStarted) and initial_wins:
            found = (ev.dealer, True, ev)
    return found


@dataclass(frozen=True, slots=True)
class Calls:
    """Strict privacy's call of everyone after a move that opens claims.

    ``line`` holds the people still to be called, in the order the engine asks seats;
    ``about`` the event they are called about; ``under_way`` says a call has begun: once its
    line is done, the screen is hidden again.
    """

    line: tuple[int, ...] = ()
    about: Event | None = None
    under_way: bool = False

    def after(self, events: Sequence[Event], *, initial_wins: bool, people: Collection[int]) -> Calls:
        """The call after a move's ``events``: every other person (of ``people``) when the move opens claims."""
        found = asked_after(events, initial_wins)
        if found is None:
            return self
        origin, with_origin, ev = found
        order = [(origin + i) % 4 for i in (1, 2, 3)] + ([origin] if with_origin else [])
        line = tuple(s for s in order if s in people)
        return Calls(line, ev, bool(line))

    def due(self, table: TableView) -> bool:
        """The first person in line must be called now: the engine is not about to ask them itself."""
        if not self.line:
            return False
        return not (table.phase in WINDOWS and self.line[0] in table.pending)

    def called(self) -> Calls:
        """The call once the first person in line has been called (or asked by the engine in their place)."""
        return replace(self, line=self.line[1:])


@dataclass(frozen=True, slots=True)
class TableState:
    """What the table shows and waits for: the seats on screen, the decision open, what is asked, the bots' pace."""

    bottom: int  # the seat drawn at the bottom
    viewer: int | None = None  # the person whose concealed tiles the screen shows (None: nobody's)
    decision: SeatView | None = None  # the decision open for a person: what they see and may do
    confirm: Action | None = None  # a discard waiting for a second Enter: a win was there to take
    question: Question | None = None  # what a person is being asked (None: nobody is)
    paused: Action | None = None  # the bot move waiting for its moment
    held: Action | None = None  # the bot move waiting while people are called
    calls: Calls = Calls()  # strict privacy: who is still to be called about the latest move
    fast: bool = False  # fast-forward: the bots play without pauses until a person must decide
    last_discard: tuple[int, int] | None = None  # the latest discard: its seat, and its place in that river
    private: tuple[tuple[str, ...], ...] = NO_NOTICES  # each seat's private notices, the latest last
    hints_open: frozenset[int] = frozenset()  # the people whose hint panel is open
    moment: tuple[int, int] = (0, 0)  # the moment shown (the driver's ``moment``): a new one redraws the screen

    @property
    def actor(self) -> int | None:
        """The person choosing a discard or a turn action now (None: nobody is)."""
        decision = self.decision
        return decision.seat if decision is not None and decision.phase is Phase.TURN else None

    @property
    def waiting(self) -> bool:
        """A person is being asked something: play waits for their answer."""
        return self.question is not None

    @property
    def legal(self) -> tuple[Action, ...]:
        """What the person in their turn may do (nothing when nobody is in theirs)."""
        return self.decision.legal if self.decision is not None and self.actor is not None else ()

    def offers(self, *kinds: ActionKind) -> bool:
        """The person in their turn may do an action of one of ``kinds``."""
        return any(a.kind in kinds for a in self.legal)

    @property
    def holds_drawn(self) -> bool:
        """The person in their turn holds a tile just drawn (after a chi or pong they hold none)."""
        actor = self.actor
        return actor is not None and self.decision is not None and self.decision.table.holds_drawn[actor]

    def refusal(self, tile: Tile) -> str | None:
        """Why the person in their turn may not discard ``tile`` (None: they may, or nobody is in theirs)."""
        if self.actor is None or self.decision is None:
            return None
        for r in self.decision.refusals:
            if r.kind is ActionKind.DISCARD and r.tile == tile:
                return say(r.reason)
        return None

    def move_made(self, seat: int) -> TableState:
        """``seat`` moved: the choice in progress is over, and that seat's notices with it."""
        private = tuple(() if s == seat else notes for s, notes in enumerate(self.private))
        return replace(self, decision=None, confirm=None, private=private)

    def discarded(self, events: Sequence[Event], rivers: Sequence[int]) -> TableState:
        """The state with the latest discard among ``events`` marked, the rivers being ``rivers`` tiles long after them.

        Counted back from the end: the 开杠 tiles that went to a river after the discard are not it.
        """
        lengths = list(rivers)
        for ev in reversed(events):
            if isinstance(ev, HandStarted):
                return replace(self, last_discard=None)
            if isinstance(ev, KaigangDiscarded):
                lengths[ev.seat] -= len(ev.tiles)
            elif isinstance(ev, TileDiscarded):
                return replace(self, last_discard=(ev.seat, lengths[ev.seat] - 1))
        return self

    def noticed(self, seat: int, notice: str) -> TableState:
        """``seat`` has a private notice more."""
        private = tuple((*notes, notice) if s == seat else notes for s, notes in enumerate(self.private))
        return replace(self, private=private)
