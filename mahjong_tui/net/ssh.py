"""The SSH door (``mahjong-tui host --ssh PORT``): friends type ``ssh -p PORT name@host`` and get the table.

Each SSH session runs the table's client (``mahjong-tui join``) in a pseudo-terminal of its
own, on the host's machine, joined to one of the host's tables over the websocket on
127.0.0.1: the SSH user name is the player's name, and the terminal's size follows the
player's window. A player who comes back under the same name sits back at the same seat
(each name keeps its tokens in a folder of its own under the host's). Nothing else can be
run: a command, a subsystem or port forwarding is refused. Built on ``asyncssh``; the
host's key is made once and kept (``ssh_host_key``, readable by its owner only).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

#: the environment a session's client runs in: a terminal of the player's type, the host's games folder apart
SAFE_TERMS = re.compile(r"^[A-Za-z0-9._+-]{1,40}$")


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host's SSH key: made on first use and kept in ``folder`` (readable by its owner only)."""
    path = folder / "ssh_host_key"
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as f:
            f.write(key.export_private_key())
    return asyncssh.read_private_key(str(path))


def name_folder(folder: Path, name: str) -> Path:
    """Where a player's tokens are kept: a folder named after them (letters, digits, ``-_.`` only)."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:24] or "player"
    return folder / "ssh" / safe


class _Door(asyncssh.SSHServer):
    """An SSH connection: no password or key is asked (the room is the host's to share), nothing but the table."""

    def __init__(self, command: Callable[[str], tuple[list[str], Path]]) -> None:
        """A connection whose sessions run ``command(name)``."""
        self.command = command

    def begin_auth(self, username: str) -> bool:
        """No authentication: the user name is the player's name."""
        return False

    def session_requested(self) -> TableSession:
        """A session: the table."""
        return TableSession(self.command)


class TableSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One player's session: the table's client in a pseudo-terminal, its input and output passed through."""

    def __init__(self, command: Callable[[str], tuple[list[str], Path]]) -> None:
        """``command(name)``: the client's command line for the player ``name``, and their folder."""
        self.command = command
        self.chan: Any = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.master: int | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def connection_made(self, chan: Any) -> None:
        """The channel the session runs on."""
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        """A terminal is what the table needs: its type and size are kept."""
        if SAFE_TERMS.match(term_type or ""):
            self.term = term_type
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        """The shell is the table."""
        return True

    def exec_requested(self, command: str) -> bool:
        """No command but the table."""
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        """No subsystem (no SFTP)."""
        return False

    def session_started(self) -> None:
        """Start the table's client in a pseudo-terminal of the player's size."""
        name = self.chan.get_extra_info("username") or "player"
        argv, folder = self.command(name)
        folder.mkdir(parents=True, exist_ok=True)
        master, slave = os.openpty()
        self.master = master
        self._resize()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": self.term,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "HOME": str(folder),
            "MAHJONG_TUI_HOME": str(folder),
            "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
        }
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, close_fds=True
        )
        os.close(slave)
        asyncio.get_running_loop().add_reader(master, self._output)

    def _output(self) -> None:
        """Pass the client's output to the player; when it ends, end the session with its status."""
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if data:
            self.chan.write(data)
            return
        asyncio.get_running_loop().remove_reader(self.master)
        status = self.process.wait() if self.process is not None else 0
        with contextlib.suppress(Exception):
            self.chan.exit(max(status, 0))

    def data_received(self, data: bytes, datatype: object) -> None:
        """The player's keys, to the client."""
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The player's window changed size: so does the client's terminal (it is told, and redraws)."""
        if width and height:
            self.size = (width, height)
            self._resize()

    def _resize(self) -> None:
        """Set the pseudo-terminal's size."""
        if self.master is not None:
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", self.size[1], self.size[0], 0, 0))

    def connection_lost(self, exc: Exception | None) -> None:
        """The player left: the client is stopped (the seat waits for them for the table's grace period)."""
        if self.master is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
        if self.process is not None and self.process.poll() is None:
            _signal(self.process, signal.SIGHUP)
            # A client whose terminal is gone may not take the hang-up: it is told to stop, then made to.
            loop = asyncio.get_running_loop()
            loop.call_later(2.0, _signal, self.process, signal.SIGTERM)
            loop.call_later(5.0, _signal, self.process, signal.SIGKILL)


def _signal(process: subprocess.Popen[bytes], sig: int) -> None:
    """Send ``sig`` to the client's process group, if it still runs (and reap it once it has ended)."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, sig)


async def serve_ssh(host: str, port: int, folder: Path, table_url: Callable[[str, Path], str]) -> asyncssh.SSHAcceptor:
    """Listen for players on ``host``:``port``; ``table_url(name, their folder)`` names the table each one joins."""

    def command(name: str) -> tuple[list[str], Path]:
        """The client's command line for ``name``, and their folder."""
        own = name_folder(folder, name)
        shown = " ".join(name.split())[:24] or "player"
        return [sys.executable, "-m", "mahjong_tui", "join", table_url(name, own), "--name", shown], own

    return await asyncssh.create_server(
        lambda: _Door(command),
        host,
        port,
        server_host_keys=[host_key(folder)],
        encoding=None,
        allow_pty=True,
        agent_forwarding=False,
        x11_forwarding=False,
        line_editor=False,
        keepalive_interval=20,
    )
