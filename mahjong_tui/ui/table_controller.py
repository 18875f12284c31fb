"""The table's controller: its state, what each key means, and the play. No Textual here.

A :class:`TableController` holds the table's one state (a
:class:`~mahjong_tui.ui.table_state.TableState`) and the game's driver. It starts whatever
comes next (:meth:`TableController.advance`): the driver lets the bots play until a person
must decide, a move is to be shown at the chosen speed, or the hand ends, and the state is
made from what happened. A person decides behind their curtain (in hot-seat), then in their
turn by the keys, or in a prompt; every question to a person is a coroutine awaited by
the controller's flows, which the screen runs.

What the controller needs of whatever shows the table is a
:class:`~mahjong_tui.ui.table_surface.TableSurface`: draw a state, log events, wait a
moment, say a line, run a flow, and ask its people each question. The table screen
(:mod:`~mahjong_tui.ui.screens.table`) is one; a test may be another.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

from mahjong_tui import i18n
from mahjong_tui.engine import (
    Action,
    ActionKind,
    ClaimLost,
    Event,
    HandStarted,
    Move,
    OptionRefused,
    Phase,
    Stop,
    Tile,
)
from mahjong_tui.i18n import say, t

from .config import BOT_SPEEDS
from .driver import Pace, Played
from .look import WINDOWS
from .seating import Seating
from .table_state import NO_NOTICES, Calls, Question, TableState
from .table_surface import TableSurface

KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)

_log = logging.getLogger(__name__)


class TableController:
    """The table's state, the play of its game, and what each of its keys means."""

    def __init__(self, driver: Seating, surface: TableSurface, *, hints: bool = False) -> None:
        """The table of the game ``driver`` holds, shown on ``surface`` (``hints``: the learning setting opens every
        person's hint panel when a hand starts)."""
        self.driver = driver
        self.surface = surface
        self.hints = hints
        humans = driver.humans
        viewer = humans[0] if humans and not driver.hotseat else None  # in hot-seat, nobody's until a curtain lifts
        self._state = TableState(bottom=humans[0] if humans else 0, viewer=viewer)
        self._cancel: Callable[[], None] | None = None  # cancels the timer of the paused bot move (``state.paused``)
        self._until_told = False  # a remote table: play goes on when it tells more (:meth:`told_more`)
        self.asking_kong = False  # the question which kong is open (or opening)

    @property
    def state(self) -> TableState:
        """What the table shows and waits for now."""
        return self._state

    @state.setter
    def state(self, state: TableState) -> None:
        if state != self._state:
            self._state = state
            self.surface.show(state)

    # ------------------------------------------------------------------ the start
    def hints_at_start(self) -> frozenset[int]:
        """The people whose panel is open when a hand starts: every person when the hints setting is on."""
        return frozenset(self.driver.humans) if self.hints else frozenset()

    def reset_hints(self) -> None:
        """A new hints setting (or the table's start): the panel open for every person when the setting is on."""
        self.state = replace(self.state, hints_open=self.hints_at_start())

    def opened(self) -> None:
        """The table opens: the hand so far is logged (people called first, under strict privacy's 起手小胡)."""
        self.reset_hints()
        self.state = self.hand_start_calls(self.noted(self.state, self.driver.opening()))

    # ------------------------------------------------------------------ the bots
    def advance(self, resume: Action | None = None) -> None:
        """Start whatever comes next: bot moves, a person's turn or prompt, or the hand's end.

        The bots' moves without a pause (passes, fast-forward, the instant speed) are made at
        once, one after another, and the table is drawn once after them; a move worth showing
        stops them, and ``resume`` makes it when its time has come.
        """
        state = self.state
        if state.waiting or self._cancel is not None:
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
                self._cancel = self.surface.later(max(played.delay, 0.001), self._bot_move)
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
        return Pace(seconds, covered=self.surface.covered)

    def bots_played(self, state: TableState, played: Played) -> TableState:
        """``state`` after the bots' moves: in hot-seat no hand is shown once a bot is to move for another seat."""
        for move in played.moves:
            if move.error:
                _log.warning("seat %s's bot %s; %s was made instead", move.seat, move.error, move.action)
        halt = played.halt
        seats = [move.seat for move in played.moves] + ([halt.seat] if halt.why is Stop.PAUSED else [])
        if self.driver.hotseat and any(seat != state.viewer for seat in seats):
            state = replace(state, viewer=None)
        return self.moved(state, played.moves) if played.moves else state

    def _bot_move(self) -> None:
        """Make the paused bot move (later, if a dialog covers the table), and go on."""
        if self.surface.covered:
            self._cancel = self.surface.later(0.2, self._bot_move)
            return
        self._cancel = None
        action = self.state.paused
        self.state = replace(self.state, paused=None)
        self.advance(resume=action)

    def told_more(self) -> None:
        """A remote table told its client more: if the play waits for that, it goes on."""
        if self._until_told:
            self._until_told = False
            self._bot_move()

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
        """``events`` logged; ``state`` with each person's private notices among them (a refused option, a beaten
        claim: its seats by name)."""
        humans = frozenset(self.driver.humans)
        names = tuple(self.driver.setup.names)
        for ev in events:
            if isinstance(ev, OptionRefused | ClaimLost) and ev.seat in humans:
                reason = say(ev.reason)
                state = state.noticed(ev.seat, i18n.names_in(reason, names) if isinstance(ev, ClaimLost) else reason)
        self.surface.log_events(state, events)
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
        self.surface.run(self.decide(seat))

    async def decide(self, seat: int) -> None:
        """The person sees their tiles (once their curtain is lifted): their turn is played by the keys, a prompt
        is answered here."""
        if self.state.question is Question.CURTAIN:
            await self.surface.curtain(seat)
        view = self.driver.seat_view(seat)
        state = replace(self.state, viewer=seat, bottom=seat, decision=view)
        if view.phase is Phase.TURN:
            self.state = replace(state, question=None)  # the hand selects the drawn tile, and the keys play
            return
        self.state = replace(state, question=Question.PROMPT)
        action = await self.surface.prompt(view)
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
        self.surface.run(self.acknowledge(seat, calls.about))

    async def acknowledge(self, seat: int, about: Event) -> None:
        """Behind their curtain, the person acknowledges the move (nothing reaches the engine); play goes on."""
        await self.surface.curtain(seat)
        self.state = replace(self.state, question=Question.CALL)
        await self.surface.acknowledgement(seat, about)
        self.state = replace(self.state, question=None)
        self.advance()

    # ------------------------------------------------------------------ hands
    def show_hand_end(self) -> None:
        """The end of the hand: every hand shown, and its summary over the table."""
        # Calling people about a discard that ended the hand would tell nothing now.
        self.state = replace(self.state, question=Question.SUMMARY, viewer=None, calls=Calls())
        self.surface.run(self.hand_ended())

    async def hand_ended(self) -> None:
        """The summary; then the next hand, the ended hand's table, the final standings or leaving."""
        answer = await self.surface.summary()
        if answer in ("quit", "new"):
            self.surface.close(answer)
        elif answer == "table":
            self.surface.keys_changed()  # the summary comes back with ``c``
        elif self.driver.game_over:
            choice = await self.surface.final_standings()
            self.surface.close("new" if choice == "new" else "quit")
        else:
            self.next_hand()

    def next_hand(self) -> None:
        """Deal the next hand and play on."""
        events = self.driver.next_hand()
        if self.driver.remote and self.driver.hand_over:  # dealt once every person there has gone on
            self.surface.say(t("remote.waiting_next"), seconds=8)
        humans = self.driver.humans
        viewer = humans[0] if not self.driver.hotseat and humans else self.state.viewer
        self.surface.hand_dealt()
        state = replace(self.state, question=None, private=NO_NOTICES, viewer=viewer)  # panels stay as they were left
        self.state = self.hand_start_calls(self.noted(state, events))
        self.advance()

    def hand_start_calls(self, state: TableState) -> TableState:
        """Strict privacy at a fresh hand with 起手小胡: every person is called before play."""
        table = self.driver.table()
        if not any(table.rivers) and table.phase in (Phase.INITIAL, Phase.TURN):
            started = [e for e in self.driver.hand_events if isinstance(e, HandStarted)]
            return replace(state, calls=self.driver.calls_after(state.calls, started))
        return state

    # ------------------------------------------------------------------ what the keys mean
    def offered(self, key: str) -> bool | None:
        """Whether the table's key ``key`` (an action's name) does something now: True, False, or None (shown but
        disabled: ``discard_drawn`` with no tile drawn explains instead of discarding)."""
        state, driver = self.state, self.driver
        if key == "discard_drawn":
            return True if state.holds_drawn else (None if state.actor is not None else False)
        if key in ("discard", "move", "pick", "think"):
            return state.actor is not None
        if key == "win":
            return state.offers(ActionKind.WIN)
        if key == "kong":
            return state.offers(*KONGS)
        if key == "autoplay":
            return bool(driver.humans) and not driver.hand_over
        if key == "summary":
            return driver.hand_over
        if key == "fast_forward":
            return not driver.hand_over
        if key == "hints":
            return bool(driver.humans)
        if key == "undo":
            return len(driver.humans) == 1
        return True

    def unconfirm(self) -> None:
        """A tile is selected anew: no discard waits to be confirmed any more."""
        if self.state.confirm is not None:
            self.state = replace(self.state, confirm=None)

    def discard(self, tile: Tile | None, tile_word: str = "") -> None:
        """Discard ``tile`` (the one selected; asking once more when a win is there), or say why not (``tile_word``:
        the tile as the table names it)."""
        state = self.state
        seat = state.actor
        if seat is None or state.decision is None or tile is None:
            return
        action = next((a for a in state.legal if a.kind is ActionKind.DISCARD and a.tile == tile), None)
        if action is None:
            reason = state.refusal(tile) or (
                t("table.kaigang_discard")
                if state.decision.table.kaigang_locked[seat]
                else t("table.cannot_discard", tile=tile_word)
            )
            self.surface.say(reason, warning=True)
            return
        if state.offers(ActionKind.WIN) and state.confirm != action:
            self.state = replace(state, confirm=action)
            return
        self.act(action)

    def win(self) -> None:
        """Declare the self-drawn win."""
        win = next((a for a in self.state.legal if a.kind is ActionKind.WIN), None)
        if win is not None:
            self.act(win)

    def kong(self) -> None:
        """Declare a kong (asking which when there is more than one, or 补张/开杠 to choose)."""
        seat = self.state.actor
        kongs = [a for a in self.state.legal if a.kind in KONGS]
        if seat is None or not kongs:
            return
        if len(kongs) == 1:
            self.act(kongs[0])
        elif not self.asking_kong:  # k twice quickly: the question is asked once
            self.asking_kong = True
            self.surface.run(self.declare_kong(seat, kongs))

    async def declare_kong(self, seat: int, kongs: list[Action]) -> None:
        """Ask which kong, and declare it (none: back to the turn)."""
        try:
            action = await self.surface.which_kong(seat, kongs)
        finally:
            self.asking_kong = False
        if action is not None:
            self.act(action)

    def fast_forward(self) -> None:
        """Skip the bots' pauses until a person must decide (again: the bots play at their pace)."""
        self.state = replace(self.state, fast=not self.state.fast)

    def autoplay(self) -> None:
        """Let the normal bot play the person at the bottom (again to take back)."""
        seat = self.state.bottom
        if not self.driver.setup.seats[seat].human:
            return
        name = self.driver.setup.names[seat]
        if seat in self.driver.autoplay:
            self.driver.autoplay.discard(seat)
            self.surface.say(t("table.autoplay_off", name=name))
        else:
            self.driver.autoplay.add(seat)
            self.surface.say(t("table.autoplay_on", name=name))
            if self.state.actor == seat:
                self.state = replace(self.state, decision=None, confirm=None)
        self.surface.show(self.state)
        self.advance()

    def summary_again(self) -> None:
        """Back to the summary after looking at the ended hand."""
        if self.driver.hand_over:
            self.show_hand_end()

    def toggle_hints(self) -> None:
        """Open or close the hint panel of the person at the screen."""
        seat = self.state.viewer
        if seat is None or not self.driver.setup.seats[seat].human:
            self.surface.say(t("hint.nobody"), warning=True)
            return
        self.state = replace(self.state, hints_open=self.state.hints_open ^ {seat})

    def undo_refusal(self) -> str | None:
        """Why ``u`` cannot take anything back now (None: it can try)."""
        humans = self.driver.humans
        if self.driver.remote:
            return t("undo.remote")
        if len(humans) != 1:
            return t("undo.people") if humans else t("undo.no_person")
        if self.driver.hand_over:  # its result is kept and counted: the hand is over for good
            return t("undo.over")
        return None

    def undo(self) -> None:
        """Practice against bots: take back the person's last action of this hand and what followed."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.surface.say(refusal, warning=True)
            return
        seat = self.driver.humans[0]
        if not self.driver.undo(seat):
            self.surface.say(t("undo.nothing"), warning=True)
            return
        if self._cancel is not None:  # the bot move that was waiting for its moment belongs to what was undone
            self._cancel()
        self._cancel = None
        self.surface.log_cleared()
        state = replace(
            self.state,
            viewer=seat,
            decision=None,
            confirm=None,
            question=None,
            paused=None,
            held=None,
            calls=Calls(),
            private=NO_NOTICES,
        )
        self.state = self.noted(state, self.driver.hand_events)
        self.surface.say(t("undo.done"))
        self.advance()
