"""The table's state and the driver's answer, without a screen: the latest discard, strict privacy's call, a run
of the bots' play."""

from __future__ import annotations

from ui_support import play_engine, policy_bots

from mahjong_tui.engine import (
    ActionKind,
    DrawSource,
    HandStarted,
    KaigangDiscarded,
    Phase,
    Stop,
    TileDiscarded,
    TileDrawn,
)
from mahjong_tui.ui.config import quick_setup
from mahjong_tui.ui.driver import Pace, TableDriver
from mahjong_tui.ui.table_state import Calls, TableState

START = HandStarted(2, 1, (3, 4), (1, 5), 0, 0, (0, 0, 0, 0))


def test_the_latest_discard_is_counted_back_from_the_rivers() -> None:
    state = TableState(0, last_discard=(3, 0))
    events = [TileDiscarded(1, 4), TileDrawn(2, 5, DrawSource.HEAD), KaigangDiscarded(1, (6, 7))]
    assert state.discarded(events, (0, 7, 0, 1)).last_discard == (1, 4)  # not the 开杠 tiles after it
    assert state.discarded([TileDrawn(2, 5, DrawSource.HEAD)], (0, 7, 0, 1)).last_discard == (3, 0)
    assert state.discarded([TileDiscarded(1, 4), START], (0, 0, 0, 0)).last_discard is None


def test_a_move_made_ends_the_choice_and_that_seats_notices() -> None:
    state = TableState(0).noticed(0, "not your chi").noticed(1, "lost the claim")
    after = state.move_made(0)
    assert after.private == ((), ("lost the claim",), (), ()) and after.decision is None
    assert state.private[0] == ("not your chi",)  # a state is never changed in place


def test_strict_privacy_lines_up_every_other_person_in_the_engines_order() -> None:
    calls = Calls().after([TileDiscarded(2, 4)], initial_wins=False, people=[0, 1, 3])
    assert calls.line == (3, 0, 1) and calls.about == TileDiscarded(2, 4) and calls.under_way
    assert calls.called().line == (0, 1)
    assert Calls().after([START], initial_wins=True, people=[0, 1]).line == (0, 1)  # the dealer (1) last
    assert Calls().after([TileDrawn(2, 5, DrawSource.HEAD)], initial_wins=False, people=[0, 1]) == Calls()


def test_the_driver_answers_what_the_bots_did_and_where_they_stopped() -> None:
    driver = TableDriver.start(quick_setup("shanghai", 1, "normal", 3), policy_bots)
    before = len(driver.game.events)
    played = driver.play_on(Pace(batch=60.0), Calls())
    made = [e for move in played.moves for e in move.events]
    assert made == driver.game.events[before:]  # every move's events, in order
    assert played.halt.why is Stop.HAND_OVER or played.halt.seat == 0
    driver = TableDriver.start(quick_setup("shanghai", 0, "normal", 3), policy_bots)
    played = driver.play_on(Pace(seconds=0.6, batch=60.0), Calls())
    assert played.halt.why is Stop.PAUSED and played.delay == 0.6  # stopped before a move worth showing
    assert played.halt.action is not None and played.halt.action.kind is not ActionKind.PASS
    resumed = driver.play_on(Pace(seconds=0.6, batch=60.0), Calls(), resume=played.halt.action)
    assert resumed.moves[0].action == played.halt.action


def test_the_driver_stops_before_a_bot_moves_while_a_person_is_to_be_called() -> None:
    driver = TableDriver.start(quick_setup("shanghai", 2, "normal", 3, privacy="strict"), policy_bots)
    assert driver.strict
    assert play_engine(driver.game, lambda g: g.hand.phase is Phase.TURN and g.pending_seats()[0] in (2, 3))
    calls = driver.calls_after(Calls(), [TileDiscarded(1, 4)])
    assert calls.line == (0,) and calls.due(driver.table())  # seat 1 discarded: seat 0 is the person to call
    played = driver.play_on(Pace(batch=60.0), calls)
    assert played.moves == () and played.halt.why is Stop.PAUSED
