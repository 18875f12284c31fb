"""The SSH door (``mahjong-tui host --ssh PORT``): friends type ``ssh -p PORT name@host`` and get the table.

Each SSH session runs the table's client (``mahjong-tui join``) in a pseudo-terminal of its
own, on the host's machine, joined to one of the host's tables over the websocket on
127.0.0.1: the SSH user name is the player's name, and the terminal's size follows the
player's window. A player who comes back under the same name sits back at the same seat
(each name keeps its tokens in a folder of its own under the host's, named by a hash of the
name). Nothing else can be run: a command, a subsystem or port forwarding is refused. Built
on ``asyncssh``; the host's key is made once and kept (``ssh_host_key``, readable by its
owner only).

A name belongs to the first public key that claims it (trust on first use): that key is kept
in the name's folder, and another key for the name is refused, with a line saying so. With a
password (``host --ssh-password``) the door asks for it instead, and a name may have one live
session at a time. Names are 1 to 24 characters, and ``.`` and ``..`` are not names. The door runs at
most 64 sessions at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
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


#: the longest name the door takes
MAX_NAME = 24
#: the most sessions the door runs at once (each is a client process on the host)
MAX_SESSIONS = 64


def name_problem(name: str) -> str | None:
    """Why ``name`` is no player's name at the door (None: it is one)."""
    if not name or len(name) > MAX_NAME or name in (".", "..") or not name.isprintable():
        return f"a name at this table is 1 to {MAX_NAME} printable characters, and not . or ..: got {name[:40]!r}"
    return None


def name_folder(folder: Path, name: str) -> Path:
    """Where a player's key and tokens are kept: a folder named by a hash of their name (two names never share one)."""
    return folder / "ssh" / hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _private_folder(path: Path) -> Path:
    """``path`` made a folder only its owner may open."""
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


class Names:
    """Who owns each name at the door (the first key that claimed it), and the names with a live session."""

    def __init__(self, folder: Path, password: str | None) -> None:
        """Names kept under ``folder``; ``password``: the door's, if it asks for one instead of keys."""
        self.folder, self.password = folder, password
        self.live: dict[str, int] = {}
        self.held: set[str] = set()  # with a password: the names a connection signed in with, until it closes

    def owner(self, name: str) -> asyncssh.SSHKey | None | bool:
        """The key that owns ``name`` (None: nobody has claimed it; False: its key file cannot be read, and the
        name is nobody's to take until the host looks at it)."""
        path = name_folder(self.folder, name) / "owner.pub"
        try:
            return asyncssh.read_public_key(str(path))
        except FileNotFoundError:
            return None
        except (OSError, asyncssh.KeyImportError):
            return False

    def claim(self, name: str, key: asyncssh.SSHKey) -> bool:
        """``key`` claims ``name``: True when it is the name's owner now (it was, or nobody was)."""
        owner = self.owner(name)
        if owner is not None:
            return owner is not False and owner.public_data == key.public_data  # type: ignore[union-attr]
        folder = _private_folder(name_folder(self.folder, name))
        partial = folder / f".owner-{os.getpid()}-{id(key)}"
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as f:
            f.write(key.export_public_key())
        try:
            os.link(partial, folder / "owner.pub")  # whole, or not there: two claims at once, one wins
        except FileExistsError:
            pass
        finally:
            partial.unlink(missing_ok=True)
        owner = self.owner(name)
        return owner not in (None, False) and owner.public_data == key.public_data  # type: ignore[union-attr]


class _Door(asyncssh.SSHServer):
    """An SSH connection: the player's name, proved by its key (or the door's password), then the table only."""

    def __init__(self, command: Callable[[str], tuple[list[str], Path]], names: Names) -> None:
        """A connection whose sessions run ``command(name)``."""
        self.command, self.names = command, names
        self.conn: Any = None
        self.refusal: str | None = None  # why this connection's name is not let in
        self.key: asyncssh.SSHKey | None = None  # the key last offered for the name
        self.name = ""
        self.holds: str | None = None  # the name this connection signed in with by the password

    def connection_made(self, conn: Any) -> None:
        """The connection, to send it a line before it is refused."""
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        """Authentication is always asked: the name must be proved (a name that is none is refused with why)."""
        self.name = username
        self.refusal = name_problem(username)
        if self.refusal is not None:
            self._say(self.refusal)
        return True

    def _say(self, line: str) -> None:
        """One line for the player, shown by their ssh before it gives up."""
        with contextlib.suppress(Exception):
            self.conn.send_auth_banner(f"mahjong-tui: {line}\r\n")

    def public_key_auth_supported(self) -> bool:
        """Keys prove names, unless the door asks for a password."""
        return self.names.password is None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """The key may prove ``username``: it owns the name, or nobody does yet."""
        if self.refusal is not None:
            return False
        owner = self.names.owner(username)
        if owner is False:
            self._say(f"the key kept for {username!r} cannot be read: ask the host, or choose another name")
            return False
        if owner is not None and owner.public_data != key.public_data:  # type: ignore[union-attr]
            self._say(f"the name {username!r} belongs to another key here: choose another name")
            return False
        self.key = key
        return True

    def password_auth_supported(self) -> bool:
        """The password, when the door has one."""
        return self.names.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        """The door's password, and a name without a live session."""
        if self.refusal is not None or self.names.password is None:
            return False
        import secrets

        if not secrets.compare_digest(password.encode(), self.names.password.encode()):
            return False
        if username in self.names.held:  # held from the moment a connection signs in: two at once, one is let in
            self._say(f"{username!r} is playing already: choose another name")
            return False
        self.names.held.add(username)
        self.holds = username
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection closed: the name it signed in with by the password is free again."""
        if self.holds is not None:
            self.names.held.discard(self.holds)
            self.holds = None

    def auth_completed(self) -> None:
        """The name is proved: a key that claimed it first owns it from now on."""
        if self.key is not None and not self.names.claim(self.name, self.key):
            self.conn.close()

    def session_requested(self) -> TableSession:
        """A session: the table."""
        return TableSession(self.command, self.names)


class TableSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One player's session: the table's client in a pseudo-terminal, its input and output passed through."""

    def __init__(self, command: Callable[[str], tuple[list[str], Path]], names: Names) -> None:
        """``command(name)``: the client's command line for the player ``name``, and their folder."""
        self.command, self.names = command, names
        self.name = ""
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
        if sum(self.names.live.values()) >= MAX_SESSIONS:
            self.chan.write(f"mahjong-tui: the door is full ({MAX_SESSIONS} players): try again later\r\n".encode())
            self.chan.exit(1)
            return
        self.name = name
        self.names.live[name] = self.names.live.get(name, 0) + 1
        argv, folder = self.command(name)
        _private_folder(folder)
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
        if self.name and self.names.live.get(self.name):
            self.names.live[self.name] -= 1
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


async def serve_ssh(
    host: str, port: int, folder: Path, table_url: Callable[[str, Path], str], *, password: str | None = None
) -> asyncssh.SSHAcceptor:
    """Listen for players on ``host``:``port``; ``table_url(name, their folder)`` names the table each one joins;
    ``password``: the door asks for it instead of a key."""

    def command(name: str) -> tuple[list[str], Path]:
        """The client's command line for ``name``, and their folder."""
        own = name_folder(folder, name)
        shown = " ".join(name.split())[:24] or "player"
        return [sys.executable, "-m", "mahjong_tui", "join", table_url(name, own), "--name", shown], own

    names = Names(folder, password)
    return await asyncssh.create_server(
        lambda: _Door(command, names),
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
