"""Games kept: the autosave after every action, resume after a kill, broken saves, records, export.

Every test keeps its files in its own directory (``MAHJONG_TUI_HOME``).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bots import create_bot
from mahjong_tui.commands.export import run as run_export
from mahjong_tui.engine import Game, RecordError, game_record, play_until_decision
from mahjong_tui.saves import Autosaver, Seat, Table, autosave, find_autosave, finish, read_file, records, save_data

SEATS = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, records and statistics in a directory of the test's own."""
    monkeypatch.setenv("MAHJONG_TUI_HOME", str(tmp_path))
    return tmp_path


def bots_game(rules: str, seed: int, hands: int = 1) -> Game:
    """A game of bots, played for ``hands`` hands."""
    game = Game(rules, seed)
    players = {s: create_bot(level, s, seed) for s, level in enumerate(("normal", "hard", "normal", "easy"))}
    for i in range(hands):
        if i:
            game.next_hand()
        play_until_decision(game, players)
        if game.over:
            break
    return game


def test_an_autosave_resumes_to_the_same_game(home: Path) -> None:
    """The autosave replays to the very state it was written in, players included."""
    game = bots_game("changsha", 3, hands=2)
    table = Table(SEATS)
    autosave(game, table)
    resumed = find_autosave()
    assert resumed.problem == "" and resumed.saved is not None
    assert game_record(resumed.saved.game) == game_record(game)
    assert resumed.saved.game.events == game.events and resumed.saved.game.scores == game.scores
    assert resumed.saved.table == table


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        pytest.param('{"format": "mahjong-tui-record", "version": 1, "ru', "broken or not JSON", id="truncated"),
        pytest.param("\x00\x01garbage", "broken or not JSON", id="binary"),
        pytest.param('{"name": "a shopping list"}', "not a game record", id="foreign-json"),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 9, "rules": "shanghai", "seed": 1, "hands": []}',
            "newer mahjong-tui",
            id="newer-version",
        ),
        pytest.param(
            '{"format": "mahjong-tui-record", "version": 1, "rules": "shanghai", "seed": 1, '
            '"hands": [[{"seat": 0, "kind": "discard", "tile": "1m"}, {"seat": 0, "kind": "discard", "tile": "2m"}]]}',
            "hand 1, action",
            id="illegal-actions",
        ),
    ],
)
def test_a_broken_save_is_moved_aside_with_one_line(home: Path, content: str, reason: str) -> None:
    """Corrupt, truncated, foreign or newer: one line says why, the file is moved aside, never deleted."""
    path = home / "autosave.json"
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    resumed = find_autosave()
    assert resumed.saved is None and reason in resumed.problem and "\n" not in resumed.problem
    assert not path.exists()
    kept = list(home.glob("autosave.json.broken-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8", errors="surrogateescape") == content


def test_a_save_is_data_only(home: Path) -> None:
    """A record cannot make the game run code: fields are read as data and checked."""
    game = bots_game("shanghai", 2)
    data = save_data(game, Table(SEATS))
    data["players"][1]["bot"] = "__import__('os').system('echo hacked')"
    path = home / "evil.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="unknown bot level"):
        read_file(path)


def test_a_finished_game_is_kept_among_the_records_and_the_autosave_cleared(home: Path) -> None:
    """When a game ends its record is kept (newest first) and the autosave goes."""
    game = bots_game("changsha", 4)
    table = Table(SEATS)
    autosave(game, table)
    path = finish(game, table)
    assert records() == [path] and not (home / "autosave.json").exists()
    assert read_file(path).game.events == game.events


def test_export_writes_a_line_per_action_and_each_result(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``export --text``: a header, each hand's deal, one numbered line per action, the win's breakdown."""
    game = bots_game("shanghai", 6, hands=2)
    path = finish(game, Table(SEATS))
    assert run_export([str(path), "--text"]) == 0
    out = capsys.readouterr().out
    numbered = [line for line in out.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    assert len(numbered) == sum(len(h) for h in game.actions)
    assert "Hand 1 · dealer" in out and "Hand 2 · dealer" in out and "Hand over" in out
    assert "Jun (hard bot)" in out and "Alice (person)" in out


def test_export_of_a_foreign_file_is_one_line_exit_2(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not a record: one line on standard error, exit 2."""
    path = home / "notes.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    assert run_export([str(path), "--text"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "not a game record" in err


# --------------------------------------------------------------------------- kill and resume

CHILD = textwrap.dedent(
    """
    import sys
    from bots import create_bot
    from mahjong_tui.engine import Game, play_until_decision
    from mahjong_tui.saves import Autosaver, Seat, Table

    game = Game("shanghai", 8)
    saver = Autosaver(game, Table((Seat("A"), Seat("B", "normal"), Seat("C", "normal"), Seat("D", "easy")), "kill"))
    players = {s: create_bot(lv, s, 8) for s, lv in enumerate(("normal", "normal", "normal", "easy"))}
    print("ready", flush=True)
    while True:
        play_until_decision(game, players, observe=saver)
        if game.over:
            break
        game.next_hand()
    print("done", flush=True)
    """
)


def test_killed_at_random_moments_the_save_resumes_to_its_last_action(home: Path) -> None:
    """50 times a game saving after every action is killed (SIGKILL) mid-play; each save is whole and exact.

    The uninterrupted game is the reference: every save must replay to the reference's state
    after the same number of actions — never a broken file, never a state the game was not in.
    """
    env = {**os.environ, "MAHJONG_TUI_HOME": str(home), "PYTHONHASHSEED": "0"}
    reference = Game("shanghai", 8)
    players = {s: create_bot(lv, s, 8) for s, lv in enumerate(("normal", "normal", "normal", "easy"))}
    while True:
        play_until_decision(reference, players)
        if reference.over:
            break
        reference.next_hand()
    full = game_record(reference)["hands"]
    flat = [a for hand in full for a in hand]
    rng = random.Random(13)
    seen_mid_hand = 0
    for _ in range(50):
        (home / "autosave.json").unlink(missing_ok=True)
        child = subprocess.Popen([sys.executable, "-c", CHILD], env=env, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        try:
            child.wait(timeout=rng.uniform(0.0, 0.25))
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            child.wait()
        resumed = find_autosave()
        if resumed.saved is None:
            assert resumed.problem == ""  # killed before its first save: nothing to resume, nothing broken
            continue
        saved = game_record(resumed.saved.game)["hands"]
        done = sum(len(h) for h in saved)
        assert [a for hand in saved for a in hand] == flat[:done]
        assert saved[:-1] == full[: len(saved) - 1]
        expected = Game("shanghai", 8)
        for i, hand in enumerate(saved):
            if i:
                expected.next_hand()
            for raw in hand:
                from mahjong_tui.engine import Action

                expected.apply(Action.from_json(raw))
        assert resumed.saved.game.events == expected.events and resumed.saved.game.scores == expected.scores
        seen_mid_hand += not resumed.saved.game.hand.over
    assert seen_mid_hand >= 25  # most kills landed in the middle of a hand


def test_the_autosaver_is_the_play_loops_observer(home: Path) -> None:
    """Saving after every move keeps the latest state on disk."""
    game = Game("changsha", 9)
    saver = Autosaver(game, Table(SEATS))
    players = {s: create_bot("easy", s, 9) for s in range(4)}
    play_until_decision(game, players, observe=saver)
    assert game_record(find_autosave().saved.game) == game_record(game)  # type: ignore[union-attr]
