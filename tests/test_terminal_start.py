"""Every command that opens a screen, started as a person starts it: in a real pseudo-terminal (``tests/terminal.py``).

Each waits for the first frame of its screen (a text it draws, within a minute on a busy
machine), presses a few keys, leaves by the screen's own quit keys, and must end with
status 0, with no traceback drawn and no crash log written. ``mahjong-tui stats`` prints
and ends (it opens no screen): it is started the same way. Everything they keep goes to
the test's own folder.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal import DEADLINE, GAME, Terminal, crash_logs, environment
from test_net import free_port

from mahjong_tui.engine import ActionKind, Game
from mahjong_tui.keep.saves import autosave, keep_record, read_file
from mahjong_tui.testing.kept import finished_game, kept_table

SIZES = [(80, 24), (120, 36)]


def kept_here(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the game writes from this test goes where the game in the terminal reads it."""
    monkeypatch.setenv("MAHJONG_TUI_HOME", environment(folder, (80, 24))["MAHJONG_TUI_HOME"])


def ends_cleanly(term: Terminal) -> None:
    """The command ended with status 0, drew no traceback and wrote no crash log."""
    status = term.ended()
    assert status == 0, term.text[-3000:]
    assert "Traceback" not in term.text and "crashed" not in term.text
    assert crash_logs(term.folder) == []


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_the_new_game_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    """``mahjong-tui``: the new game screen; Tab and ←→ move about the form; Esc quits."""
    with Terminal([], tmp_path, size) as term:
        term.wait_for("new game")
        term.wait_for("Alice")  # the seats' names: the form has been drawn whole
        term.press("tab", "right", "left", "down")
        term.press("escape")
        ends_cleanly(term)


def test_play_opens_the_table(tmp_path: Path) -> None:
    """``mahjong-tui play --rules shanghai --seed 3 --bots normal``: the table; the hints and the log toggled; q then
    q (Quit) leaves."""
    with Terminal(["play", "--rules", "shanghai", "--seed", "3", "--bots", "normal"], tmp_path, (120, 36)) as term:
        term.wait_for("Discard")  # the table's keys
        term.press("h", "l", "h")
        term.press("q", settle="Leave this game?")
        term.press("q")
        ends_cleanly(term)


def test_learn_opens_the_lessons(tmp_path: Path) -> None:
    """``mahjong-tui learn``: the lessons; ←→ switch the rule set; Esc leaves."""
    with Terminal(["learn"], tmp_path, (80, 24)) as term:
        term.wait_for("Learn to play")
        term.press("right", "right", "left")
        term.press("escape")
        ends_cleanly(term)


def test_drill_opens_the_drills(tmp_path: Path) -> None:
    """``mahjong-tui drill --seed 1``: a set of drills (not the new game screen); the cursor moves; Esc leaves."""
    with Terminal(["drill", "--seed", "1"], tmp_path, (80, 24)) as term:
        term.wait_for("Drills")
        term.press("right", "left")
        term.press("escape")
        ends_cleanly(term)
        assert "new game" not in term.text


def test_replay_opens_a_kept_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mahjong-tui replay RECORD``: the kept game on the table; steps and the next hand; q leaves."""
    kept_here(tmp_path, monkeypatch)
    record = keep_record(finished_game("shanghai", 2, 2), kept_table("shanghai", 2))
    with Terminal(["replay", str(record)], tmp_path, (120, 36)) as term:
        term.wait_for("Replay")
        term.press("right", "right", "left", "n")
        term.press("q")
        ends_cleanly(term)


def test_stats_prints_and_ends(tmp_path: Path) -> None:
    """``mahjong-tui stats`` (it opens no screen): what it has to say, and status 0."""
    with Terminal(["stats"], tmp_path, (80, 24)) as term:
        term.wait_for("No games counted yet")
        ends_cleanly(term)


def test_resume_sits_down_at_the_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``mahjong-tui --resume`` with one game saved: its table; q then q (Quit) leaves, the game still saved."""
    kept_here(tmp_path, monkeypatch)
    table = kept_table("changsha", 5)
    autosave(Game("changsha", 5), table)
    with Terminal(["--resume"], tmp_path, (80, 24)) as term:
        term.wait_for("Discard", "Pass")  # its keys, or a claim already asked
        term.press("q", settle="Leave this game?")
        term.press("q")
        ends_cleanly(term)
    assert list((Path(os.environ["MAHJONG_TUI_HOME"]) / "games").glob(f"{table.id}.json"))


@pytest.fixture
def host(tmp_path: Path) -> Iterator[str]:
    """``mahjong-tui host`` on 127.0.0.1 at a free port: one person and three bots; the address to join."""
    port = free_port()
    args = ["host", "--port", str(port), "--room", "TERM1", "--seats", "person,easy,easy,easy", "--seed", "4"]
    home = tmp_path / "host"
    args += ["--home", str(home)]
    server = subprocess.Popen(
        GAME + args,
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=environment(tmp_path / "host-env", (80, 24)),
    )
    assert server.stdout is not None
    deadline = time.monotonic() + DEADLINE
    said = b""
    while b"join ws://" not in said:  # it says the address once it listens
        assert server.poll() is None and time.monotonic() < deadline, said.decode()
        if select.select([server.stdout], [], [], 0.1)[0]:
            said += os.read(server.stdout.fileno(), 4096)
    try:
        yield f"ws://127.0.0.1:{port}/TERM1"
    finally:
        server.terminate()
        assert server.wait(DEADLINE) == 0


def test_join_sits_at_a_real_host(tmp_path: Path, host: str) -> None:
    """``mahjong-tui join ws://127.0.0.1:PORT/ROOM``: the table from the seat the host gives; q then q leaves."""
    with Terminal(["join", host, "--name", "Ann", "--fresh"], tmp_path / "player", (80, 24)) as term:
        term.wait_for("Discard", "Pass")
        term.press("h")
        term.press("q", settle="Leave the table?")
        term.press("q")
        ends_cleanly(term)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_to_end_keeps_the_game_and_gives_the_terminal_back(tmp_path: Path, sig: int) -> None:
    """SIGTERM or SIGHUP mid-hand: the game ends as quitting does (status 128 + the signal, no traceback), its save
    holds every move made, and the terminal is given back (the alternate screen left, the cursor shown)."""
    command = ["play", "--rules", "shanghai", "--seed", "3", "--bots", "normal", "--names", "Quinn,B,C,D"]
    with Terminal(command, tmp_path, (120, 36)) as term:
        term.wait_for("d drawn tile")  # our turn: the row of our tiles says how to discard
        term.press("d", settle="Quinn discards")  # our drawn tile, once our turn has come: the log says so
        term.process.send_signal(sig)
        assert term.ended() == 128 + sig, term.text[-3000:]
        assert "Traceback" not in term.text and crash_logs(term.folder) == []
        assert b"\x1b[?1049l" in term.drawn[-400:] and b"\x1b[?25h" in term.drawn[-400:]
    saves = sorted((tmp_path / "mahjong-tui").rglob("games/*.json"))
    assert len(saves) == 1
    game = read_file(saves[0]).game
    assert any(a.seat == 0 and a.kind is ActionKind.DISCARD for a in game.actions[0])
