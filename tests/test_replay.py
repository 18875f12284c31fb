"""Replaying a kept game: every action forward and back, any hand, all four hands face up."""

from __future__ import annotations

from pathlib import Path

import pytest

from bots import create_bot
from mahjong_tui.commands.simulate import run as run_simulate
from mahjong_tui.engine import Game, GameOptions, HandEnded, play_until_decision
from mahjong_tui.keep.replay import Replay
from mahjong_tui.keep.saves import Seat, Table, read_file, read_game, save_data


def finished_game(rules: str, seed: int, hands: int) -> Game:
    """Bots play ``hands`` hands."""
    game = Game(rules, seed, GameOptions(max_hands=hands))
    players = {s: create_bot(level, s, seed) for s, level in enumerate(("normal", "hard", "normal", "easy"))}
    while True:
        play_until_decision(game, players)
        if game.over:
            return game
        game.next_hand()


def replay_of(game: Game) -> Replay:
    table = Table((Seat("A"), Seat("B", "hard"), Seat("C", "normal"), Seat("D", "easy")), "g1", "")
    return Replay(read_game(save_data(game, table)))


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
def test_stepping_forward_reaches_the_games_end_with_its_scores(rules: str) -> None:
    """Forward from the deal, one action at a time: every action of every hand, then the final scores."""
    game = finished_game(rules, 4, 3)
    replay = replay_of(game)
    assert replay.hand_count == 3 and replay.at_start
    seen = []
    while True:
        frame = replay.frame
        if frame.action is not None:
            seen.append(frame.action)
        if not replay.forward():
            break
    assert seen == [a for hand in game.actions for a in hand]
    assert replay.at_end and replay.frame.view.scores == tuple(game.scores)
    assert any(isinstance(e, HandEnded) for e in replay.frame.events)


def test_back_retraces_forward_exactly() -> None:
    """Back from the end visits the same moments as forward, in reverse."""
    replay = replay_of(finished_game("shanghai", 7, 2))
    forward = [replay.frame]
    while replay.forward():
        forward.append(replay.frame)
    backward = [replay.frame]
    while replay.back():
        backward.append(replay.frame)
    assert backward == forward[::-1] and replay.at_start and not replay.back()


def test_every_hand_is_face_up_and_a_hand_can_be_jumped_to() -> None:
    """All four concealed hands are shown at every moment; goto lands on a hand's deal, clamped."""
    game = finished_game("changsha", 2, 3)
    replay = replay_of(game)
    replay.goto(2)
    assert (replay.hand, replay.step) == (2, 0) and replay.frame.view.hand_number == 2
    assert replay.frame.action is None and all(c is not None for c in replay.frame.view.concealed)
    replay.end_of_hand()
    assert replay.step == len(game.actions[1]) and replay.frame.action == game.actions[1][-1]
    replay.goto(99, 999)
    assert replay.at_end
    replay.goto(0)
    assert replay.at_start


def test_a_simulate_record_replays_to_the_same_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --records`` writes records that replay to the scores simulate reached."""
    args = ["--rules", "shanghai-lezi", "--hands", "3", "--seed", "5", "--records", str(tmp_path)]
    assert run_simulate(args) == 0
    capsys.readouterr()
    files = sorted(tmp_path.glob("*.json"))
    assert files
    for path in files:
        saved = read_file(path)
        replay = Replay(saved)
        replay.goto(replay.hand_count, 10**6)
        assert replay.frame.view.scores == tuple(saved.game.scores)
