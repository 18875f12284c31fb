"""The game started as a person starts it: a command in a real pseudo-terminal of a set size, keys typed into it.

:class:`Terminal` runs a command on the child side of a pty (``TERM=xterm-256color``,
``COLUMNS``/``LINES`` and the window size set with ``TIOCSWINSZ``), reads everything it
draws, waits (bounded) for a text to appear in it, types keys and waits for it to end.
What it keeps goes to the scratch folders :func:`scratch_environment` names, never the
user's own.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from mahjong_tui.testing.fuzz import scratch_environment

#: the command line that starts the game: the installed command, as a person types it
_COMMAND = Path(sys.executable).with_name("mahjong-tui")
GAME = [str(_COMMAND)] if _COMMAND.exists() else [sys.executable, "-m", "mahjong_tui"]
#: how long a first frame (or the end) may take on a busy machine
DEADLINE = 60.0
#: what each key name types
KEYS = {
    "enter": b"\r",
    "escape": b"\x1b",
    "tab": b"\t",
    "space": b" ",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "pageup": b"\x1b[5~",
    "pagedown": b"\x1b[6~",
    "ctrl+q": b"\x11",
    "ctrl+p": b"\x10",
}
#: escape sequences (CSI, OSC, and the two-character ones), taken out of what is drawn to find its text
_ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x00-\x08\x0e-\x1f]")


def environment(folder: Path, size: tuple[int, int]) -> dict[str, str]:
    """The environment of a game started in a terminal of ``size``, keeping everything in ``folder``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAHJONG_TUI", "XDG_", "TEXTUAL"))}
    env.update(scratch_environment(folder))
    env.update(TERM="xterm-256color", COLUMNS=str(size[0]), LINES=str(size[1]), LANG="en_GB.UTF-8")
    env["TMPDIR"] = str(folder)  # where a crash log goes when the data folder cannot take it
    env.pop("LC_ALL", None)
    env.pop("LANGUAGE", None)
    return env


class Terminal:
    """A command running in a pseudo-terminal of ``size`` (columns, lines)."""

    def __init__(self, args: list[str], folder: Path, size: tuple[int, int] = (80, 24)) -> None:
        parent, child = os.openpty()
        columns, lines = size
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.folder = folder
        self.drawn = bytearray()
        self._fd = parent
        self.process = subprocess.Popen(
            GAME + args,
            stdin=child,
            stdout=child,
            stderr=child,
            env=environment(folder, size),
            cwd=folder,
            start_new_session=True,  # the terminal is the child's own
        )
        os.close(child)

    @property
    def text(self) -> str:
        """All it has drawn so far, its escape sequences taken out."""
        return _ESCAPES.sub(b"", bytes(self.drawn)).decode("utf-8", "replace")

    def _read(self, seconds: float) -> bool:
        """Read what it draws for up to ``seconds``; False once it has closed the terminal."""
        ready, _, _ = select.select([self._fd], [], [], max(seconds, 0))
        if not ready:
            return True
        try:
            chunk = os.read(self._fd, 65536)
        except OSError:  # EIO: every copy of the child side is closed
            return False
        self.drawn += chunk
        return bool(chunk)

    def wait_for(self, *markers: str, seconds: float = DEADLINE) -> str:
        """Read until one of ``markers`` has been drawn (after what was drawn before this call); the one that was.
        AssertionError with the text drawn when none comes within ``seconds`` or the command ends first."""
        start = len(self.text)
        deadline = time.monotonic() + seconds
        while True:
            text = self.text[start:]
            found = next((m for m in markers if m in text), None)
            if found is not None:
                return found
            if time.monotonic() > deadline or not self._read(0.1):
                raise AssertionError(f"{markers} never drawn (status {self.process.poll()}):\n{self.text[-3000:]}")

    def press(self, *keys: str, settle: str | None = None) -> None:
        """Type ``keys`` (names of :data:`KEYS`, or the characters themselves), each after the last was drawn for:
        ``settle``, when given, is waited for after the last."""
        for key in keys:
            os.write(self._fd, KEYS.get(key, key.encode()))
            self._read(0.05)
        if settle is not None:
            self.wait_for(settle)

    def ended(self, seconds: float = DEADLINE) -> int:
        """Read until the command ends (within ``seconds``); its exit status."""
        deadline = time.monotonic() + seconds
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"still running after {seconds} s:\n{self.text[-3000:]}")
            self._read(0.1)
        while self._read(0):  # what it drew last
            pass
        return self.process.returncode

    def close(self) -> None:
        """End the command if it still runs, and let the terminal go."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self._fd)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def crash_logs(folder: Path) -> list[Path]:
    """Every crash log written under ``folder`` (the game's data folder is in it)."""
    return sorted(folder.rglob("*crash*.log"))
