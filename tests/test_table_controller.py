"""The table's controller plays whole hands with no Textual: a surface written here answers its questions.

The controller (``ui/table_controller.py``) holds the table's state, what each key means,
and the play; the table screen is only its surface. Here the surface is plain Python: the
people's turns are played through the controller's key meanings (``discard``, ``win``,
``kong``), their prompts answered as the normal bot would, and every flow the controller
starts is run to its end.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import pytest

from bots import create_bot
from mahjong_tui.engine import Action, ActionKind, Event, HandEnded, SeatView
from mahjong_tui.ui.config import GameSetup, Privacy, SeatSetup
from mahjong_tui.ui.driver import TableDriver
from mahjong_tui.ui.table_controller import TableController
from mahjong_tui.ui.table_state import TableState


class Surface:
    """A table surface with no screen: it records what it is told and answers as a bot would."""

    covered = False

    def __init__(self) -> None:
        self.flows: list[Coroutine[Any, Any, None]] = []
        self.timers: list[Callable[[], None]] = []
        self.logged: list[Event] = []
        self.said: list[str] = []
        self.shown = 0
        self.curtains: list[int] = []
        self.acknowledged: list[int] = []
        self.prompts: list[int] = []
        self.closed: str | None = None
        self.hands = 0

    def show(self, state: TableState) -> None:
        self.shown += 1

    def log_events(self, state: TableState, events: Sequence[Event]) -> None:
        self.logged.extend(events)

    def log_cleared(self) -> None:
        self.logged.clear()

    def hand_dealt(self) -> None:
        pass

    def later(self, seconds: float, then: Callable[[], None]) -> Callable[[], None]:
        self.timers.append(then)
        return lambda: self.timers.remove(then) if then in self.timers else None

    def say(self, text: str, *, warning: bool = False, seconds: float | None = None) -> None:
        self.said.append(text)

    def run(self, flow: Coroutine[Any, Any, None]) -> None:
        self.flows.append(flow)

    def keys_changed(self) -> None:
        pass

    def close(self, answer: str) -> None:
        self.closed = answer

    async def curtain(self, seat: int) -> None:
        self.curtains.append(seat)

    async def prompt(self, view: SeatView) -> Action | None:
        self.prompts.append(view.seat)
        return create_bot("normal", view.seat, 1).choose(view)

    async def acknowledgement(self, seat: int, ev: Event) -> None:
        self.acknowledged.append(seat)

    async def which_kong(self, seat: int, kongs: list[Action]) -> Action | None:
        return kongs[0]

    async def summary(self) -> str | None:
        self.hands += 1
        return "next" if self.hands < 2 else "quit"

    async def final_standings(self) -> str | None:
        return "quit"


def play_turn(controller: TableController) -> None:
    """The person in their turn plays, by the keys' meanings, the move the normal bot would make."""
    view = controller.state.decision
    assert view is not None
    action = create_bot("normal", view.seat, 1).choose(view)
    if action.kind is ActionKind.DISCARD:
        controller.discard(action.tile, "")
        if controller.state.confirm is not None:  # a win was there to take: the discard is confirmed
            controller.discard(action.tile, "")
    elif action.kind is ActionKind.WIN:
        controller.win()
    elif action.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
        kongs = [a for a in view.legal if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
        if len(kongs) == 1:
            controller.kong()
        else:
            controller.act(action)
    else:
        controller.act(action)


def play(controller: TableController, surface: Surface, limit: int = 5000) -> None:
    """Run the table until it is left: each flow to its end, each timer when its moment comes, each turn by keys."""
    controller.opened()
    controller.advance()
    for _ in range(limit):
        if surface.closed is not None:
            return
        if surface.flows:
            asyncio.run(surface.flows.pop(0))
        elif surface.timers:
            surface.timers.pop(0)()
        elif controller.state.actor is not None:
            play_turn(controller)
        else:
            raise AssertionError(f"the table waits for nothing: {controller.state}")
    raise AssertionError("the table was not left")


@pytest.mark.parametrize(
    ("rules", "privacy", "seed"),
    [("shanghai", Privacy.STANDARD, 3), ("changsha", Privacy.STRICT, 8), ("shanghai-lezi", Privacy.STRICT, 5)],
)
def test_the_controller_plays_two_hands_of_hot_seat_with_no_screen(rules: str, privacy: Privacy, seed: int) -> None:
    """Two people at one keyboard and two bots: two hands to their end through the controller alone; every event
    of a hand is logged once, in order, and under strict privacy every person but the discarder acknowledges."""
    seats = (SeatSetup("Ann", True), SeatSetup("Bo", False, "easy"), SeatSetup("Cy", True), SeatSetup("Di", False))
    setup = GameSetup(rules=rules, seats=seats, seed=seed, speed="fast", privacy=privacy)
    driver = TableDriver.start(setup)
    surface = Surface()
    controller = TableController(driver, surface)
    play(controller, surface)
    assert surface.closed == "quit" and surface.hands == 2
    assert list(surface.logged[-len(driver.hand_events) :]) == list(driver.hand_events)
    assert sum(isinstance(e, HandEnded) for e in surface.logged) == 2
    assert set(surface.curtains) <= {0, 2} and surface.curtains  # hot-seat: a curtain before each person's move
    if privacy is Privacy.STRICT:
        assert surface.acknowledged and set(surface.acknowledged) <= {0, 2}
    assert surface.shown > 0


def test_the_keys_meanings_refuse_with_a_reason_and_change_nothing() -> None:
    """A tile the person does not hold is not discarded: the controller says why, and the state stays."""
    setup = GameSetup(rules="shanghai", seed=11, speed="instant")
    driver = TableDriver.start(setup)
    surface = Surface()
    controller = TableController(driver, surface)
    controller.opened()
    controller.advance()
    while controller.state.actor is None:
        if surface.flows:
            asyncio.run(surface.flows.pop(0))
        else:
            surface.timers.pop(0)()
    view = controller.state.decision
    assert view is not None
    missing = next(t for t in range(34) if view.counts[t] == 0)
    before = controller.state
    moment = driver.moment
    controller.discard(missing, "X")
    assert controller.state == before and driver.moment == moment
    assert surface.said and "X" in surface.said[-1]
    assert controller.offered("discard") is True and controller.offered("summary") is False


def test_the_controller_and_the_table_state_load_no_textual() -> None:
    """Importing the controller (and with it the state and the driver) loads no Textual."""
    code = (
        "import sys, mahjong_tui.ui.table_controller, mahjong_tui.ui.lesson_controller; print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
