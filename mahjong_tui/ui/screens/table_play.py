"""The table's play: the bots' moves, a person's decision, strict privacy's call, the end of a hand.

:meth:`TablePlay.advance` starts whatever comes next. The driver lets the bots play
(:meth:`~mahjong_tui.ui.driver.TableDriver.play_on`) until a person must decide, a move is
to be shown at the chosen speed, or the hand ends, and answers what happened; the table's
state is made from that answer. A person decides behind their curtain (in hot-seat), then in
their turn by the keys, or in a prompt. Every question to a person is awaited in a worker
(:mod:`.asking` holds the questions), and the play goes on from the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from textual import work
from textual.message import Message
from textual.timer import Timer

from mahjong_tui.engine import Action, ClaimLost, Event, HandStarted, Move, OptionRefused, Phase, Stop
from mahjong_tui.i18n import say, t

from ..config import BOT_SPEEDS, Display
from ..driver import Pace, Played
from ..look import WINDOWS, describe_event
from ..seating import Seating
from ..table_state import NO_NOTICES, Calls, Question, TableState
from ..widgets.log import ReflowLog, Told
from .asking import Asking
from .once import dismiss_over


class TableTold(Message):
    """A remote table has told its client something new: the screen, waiting for it, goes on."""


class TablePlay(Asking):
    """What comes next at the table, what each move changes, and what each person's answer leads to."""

    def __init__(self, driver: Seating, display: Display) -> None:
        """The play of the game ``driver`` holds."""
        super().__init__(driver, display)
        self._timer: Timer | None = None  # makes the paused bot move (``state.paused``) when its moment comes
        self._until_told = False  # a remote table: play goes on when it tells more (:class:`TableTold`)

    def on_table_told(self, _: TableTold) -> None:
        """The remote table told its client more: if the play waits for that, it goes on."""
        if self._until_told:
            self._until_told = False
            self._bot_move()

    # ------------------------------------------------------------------ the bots
    def advance(self, resume: Action | None = None) -> None:
        """Start whatever comes next: bot moves, a person's turn or prompt, or the hand's end.

        The bots' moves without a pause (passes, fast-forward, the instant speed) are made at
        once, one after another, and the table is drawn once after them; a move worth showing
        stops them, and ``resume`` makes it when its time has come.
        """
        state = self.state
        if state.waiting or self._timer is not None:
            return
        self._until_told = False  # play goes on now: news that comes meanwhile is read by this run
        held = resume if resume is not None else state.held
        if state.calls.due(self.driver.table()):  # strict privacy: a person is called about the move first
            self.call(held)
            return
        if state.calls.under_way and not state.calls.line:
            # Whoever was last behind the curtain, the next decision gets a curtain of its own.
            state = replace(state, calls=replace(state.calls, under_way=False), viewer=None)
        played = self.driver.play_on(self.pace(), state.calls, resume=held)
        state = self.bots_played(replace(state, held=None), played)
        if state.moment != self.driver.moment:  # the table changed with no event to tell (a window closed): redrawn
            state = replace(state, moment=self.driver.moment)
        halt = played.halt
        if halt.why is Stop.HAND_OVER:
            self.state = state
            self.show_hand_end()
        elif halt.why is Stop.PAUSED:
            if state.calls.due(self.driver.table()):  # the move waits until everyone has been called
                self.state = replace(state, held=halt.action)
                self.advance()
                return
            self.state = replace(state, paused=halt.action)
            if played.delay is None:
                self._until_told = True
            else:
                self._timer = self.set_timer(max(played.delay, 0.001), self._bot_move)
        else:
            assert halt.seat is not None
            self.state = replace(state, fast=False)
            if state.calls.due(self.driver.table()):  # everyone is called about the move before anyone plays on
                self.advance()
                return
            self.person(halt.seat)

    def pace(self) -> Pace:
        """How the bots play on now: at the chosen speed (no pause when fast-forwarding), none while covered."""
        seconds = 0.0 if self.state.fast else BOT_SPEEDS.get(self.driver.setup.speed, 0.6)
        return Pace(seconds, covered=not self.is_current)

    def bots_played(self, state: TableState, played: Played) -> TableState:
        """``state`` after the bots' moves: in hot-seat no hand is shown once a bot is to move for another seat."""
        for move in played.moves:
            if move.error:
                self.log.warning(f"seat {move.seat}'s bot {move.error}; {move.action} was made instead")
        halt = played.halt
        seats = [move.seat for move in played.moves] + ([halt.seat] if halt.why is Stop.PAUSED else [])
        if self.driver.hotseat and any(seat != state.viewer for seat in seats):
            state = replace(state, viewer=None)
        return self.moved(state, played.moves) if played.moves else state

    def _bot_move(self) -> None:
        """Make the paused bot move (later, if a dialog covers the table), and go on."""
        if not self.is_current:
            self._timer = self.set_timer(0.2, self._bot_move)
            return
        self._timer = None
        action = self.state.paused
        self.state = replace(self.state, paused=None)
        self.advance(resume=action)

    # ------------------------------------------------------------------ moves
    def act(self, action: Action) -> None:
        """Send a person's action to the engine, show what happened, and go on (or say why the table refuses it)."""
        why = self.driver.refusal(action)
        if why is not None:
            self.refused(action, say(why))
            return
        events = self.driver.apply(action)
        self.state = self.moved(self.state, [Move(action.seat, action, tuple(events))])
        self.advance()

    def decision_closed(self) -> None:
        """The table closed the turn open here (its time ran out, and the seat's bot made the move): the turn goes
        from the screen, and play goes on with what the table sends."""
        if self.state.decision is None or self.state.question is not None:
            return
        self.state = replace(self.state, decision=None, confirm=None)
        self.advance()

    def refused(self, action: Action, why: str) -> None:
        """The table refused the person's ``action`` (nothing changed): say why, and ask them again."""
        self.state = replace(self.state.noticed(action.seat, why), confirm=None)
        decision = self.state.decision
        if decision is None or decision.phase is not Phase.TURN:
            self.person(action.seat)  # a prompt's answer: the prompt comes again, with the reason among its notes

    def moved(self, state: TableState, moves: Sequence[Move]) -> TableState:
        """``state`` after ``moves``: the choice in progress forgotten, what happened told (the latest discard
        marked), and strict privacy's call lined up; in hot-seat no hand is shown unless its person decides next."""
        events: list[Event] = []
        for move in moves:
            state = self.told(state.move_made(move.seat), move.events)
            state = replace(state, calls=self.driver.calls_after(state.calls, move.events))
            events.extend(move.events)
        nxt = self.driver.next_seat()
        if self.driver.hotseat and (nxt is None or nxt != state.viewer or self.driver.is_bot(nxt)):
            state = replace(state, viewer=None)
        return replace(state.discarded(events, self.rivers()), moment=self.driver.moment)

    def noted(self, state: TableState, events: Sequence[Event]) -> TableState:
        """``state`` after ``events`` (the hand so far, or a new hand's deal): told, the latest discard marked."""
        return replace(self.told(state, events).discarded(events, self.rivers()), moment=self.driver.moment)

    def told(self, state: TableState, events: Sequence[Event]) -> TableState:
        """Log events as the people at the screen may see them; ``state`` with their private notices."""
        log = self.query_one("#log", ReflowLog)
        humans = frozenset(self.driver.humans)
        # In hot-seat the log is read by everyone: it keeps no one's private lines.
        viewers = humans if not self.driver.hotseat else frozenset()
        look = self.look(state)
        for ev in events:
            if isinstance(ev, OptionRefused | ClaimLost) and ev.seat in humans:
                reason = say(ev.reason)
                state = state.noticed(ev.seat, look.seat_names(reason) if isinstance(ev, ClaimLost) else reason)
                if ev.seat not in viewers:
                    continue
            line = describe_event(ev, look, viewers)
            if line:  # told again in another language, should it change
                log.add(Told(line, partial(describe_event, ev, look, viewers)))
        return state

    def rivers(self) -> tuple[int, ...]:
        """How many tiles each river holds now."""
        return tuple(len(river) for river in self.driver.table().rivers)

    # ------------------------------------------------------------------ people
    def person(self, seat: int) -> None:
        """A person must decide: behind their curtain first in hot-seat, then in their turn or a prompt."""
        state = self.state
        calls = state.calls
        if calls.line[:1] == (seat,) and self.driver.table().phase in WINDOWS:
            calls = calls.called()  # the engine asks them about it itself, in their place in line
        if self.driver.hotseat and state.viewer != seat:
            self.state = replace(state, calls=calls, viewer=None, bottom=seat, question=Question.CURTAIN)
        else:
            self.state = replace(state, calls=calls, question=Question.DECISION)
        self.decide(seat)

    @work(group="asking")
    async def decide(self, seat: int) -> None:
        """The person sees their tiles (once their curtain is lifted): their turn is played by the keys, a prompt
        is answered here."""
        if self.state.question is Question.CURTAIN:
            await self.curtain(seat)
        view = self.driver.seat_view(seat)
        state = replace(self.state, viewer=seat, bottom=seat, decision=view)
        if view.phase is Phase.TURN:
            self.state = replace(state, question=None)  # the hand selects the drawn tile, and the keys play
            return
        self.state = replace(state, question=Question.PROMPT)
        action = await self.prompt(view)
        self.state = replace(self.state, question=None)
        if action is None:
            self.advance()  # the bot answers it now
        else:
            self.act(action)

    def call(self, held: Action | None) -> None:
        """Strict privacy: the next person in line is called about the latest move; ``held`` waits till play goes on."""
        calls = self.state.calls
        seat = calls.line[0]
        self.state = replace(
            self.state, calls=calls.called(), held=held, viewer=None, bottom=seat, question=Question.CURTAIN
        )
        assert calls.about is not None
        self.acknowledge(seat, calls.about)

    @work(group="asking")
    async def acknowledge(self, seat: int, about: Event) -> None:
        """Behind their curtain, the person acknowledges the move (nothing reaches the engine); play goes on."""
        await self.curtain(seat)
        self.state = replace(self.state, question=Question.CALL)
        await self.acknowledgement(seat, about)
        self.state = replace(self.state, question=None)
        self.advance()

    # ------------------------------------------------------------------ hands
    def show_hand_end(self) -> None:
        """The end of the hand: every hand shown, and its summary over the table."""
        # Calling people about a discard that ended the hand would tell nothing now.
        self.state = replace(self.state, question=Question.SUMMARY, viewer=None, calls=Calls())
        self.hand_ended()

    @work(group="asking")
    async def hand_ended(self) -> None:
        """The summary; then the next hand, the ended hand's table, the final standings or leaving."""
        look = self.look()
        answer = await self.summary(look)
        if answer in ("quit", "new"):
            dismiss_over(self, answer)  # over whatever a key opened since the summary closed (the help, say)
        elif answer == "table":
            self.refresh_bindings()  # the summary comes back with ``c``
        elif self.driver.game_over:
            choice = await self.final_standings(look)
            dismiss_over(self, "new" if choice == "new" else "quit")
        else:
            self.next_hand()

    def next_hand(self) -> None:
        """Deal the next hand and play on."""
        events = self.driver.next_hand()
        if self.driver.remote and self.driver.hand_over:  # dealt once every person there has gone on
            self.notify(t("remote.waiting_next"), timeout=8)
        humans = self.driver.humans
        viewer = humans[0] if not self.driver.hotseat and humans else self.state.viewer
        self._advice = None
        state = replace(self.state, question=None, private=NO_NOTICES, viewer=viewer)  # panels stay as they were left
        self.state = self.hand_start_calls(self.noted(state, events))
        log = self.query_one("#log", ReflowLog)
        # The log was hidden under the summary: scroll to the new hand once it is laid out again.
        self.call_after_refresh(lambda: log.scroll_end(animate=False))
        self.advance()

    def hand_start_calls(self, state: TableState) -> TableState:
        """Strict privacy at a fresh hand with 起手小胡: every person is called before play."""
        table = self.driver.table()
        if not any(table.rivers) and table.phase in (Phase.INITIAL, Phase.TURN):
            started = [e for e in self.driver.hand_events if isinstance(e, HandStarted)]
            return replace(state, calls=self.driver.calls_after(state.calls, started))
        return state
