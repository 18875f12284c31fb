"""A host on every core: a lobby that listens, and worker processes that hold the tables.

The lobby (:class:`Lobby`, in the host's own process) is the only one listening. It opens
no websocket itself: it reads the first line of each connection's request without taking
it from the socket (``GET /ROOM …``), finds the worker holding ``ROOM``, and hands the
socket to it over a Unix socket (the descriptor itself, ``SCM_RIGHTS``). The worker then
answers the websocket handshake and plays the protocol as a one-process host does
(:class:`~mahjong_tui.net.server.Host`): once handed over, a connection costs the lobby
nothing. A path that names no table goes to one worker chosen by the path, which answers
as for any room it does not hold.

Each worker (:func:`work`) is a process with its own event loop, its tables, and bot
processes of its own (:class:`~mahjong_tui.net.bot_pool.BotPool`). The lobby tells it which
tables to take up or open, and it tells the lobby which it holds and which have a free
seat (what the SSH door needs to seat a newcomer). A worker that stops (killed, say) is
started again and takes up its tables from their journals; when the lobby stops, or is
killed, its workers keep their tables and stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import signal
import socket
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .server import SERVE_OPTIONS, Host, HostedTable, TableSpec, kept_table_ids, long_lived

#: how long a new connection has to send the first line of its request before the lobby closes it
ROUTE_SECONDS = 5.0
#: the most connections the lobby waits on for their first line at once (more are closed at once)
MAX_ROUTING = 1024
#: the most of a request's first line the lobby reads
LINE_BYTES = 512
#: how long handing a connection to its worker may take (a worker that does not take it: the connection is closed)
HAND_OVER_SECONDS = 2.0
#: the longest wait between two looks at a first line that comes in pieces
PEEK_WAIT = 0.25
#: the mark of a message that carries a connection (its socket) rather than words
_SOCKET = b"\0"


@dataclass(frozen=True, slots=True)
class WorkerSettings:
    """What every worker's host is made with."""

    claim_seconds: float
    turn_seconds: float
    grace: float
    bot_processes: int  # each worker's own (0: its bots think on threads)
    think_ms: float | None = None  # the expert's time a decision (None: its default)


@dataclass(slots=True)
class Room:
    """A table as the lobby knows it: the worker holding it, and whether a person's seat is free there."""

    worker: int
    table_id: str
    free: bool
    ended: bool = False  # its game is over: the room stays for its people to see the end, with no seat free


@dataclass(slots=True)
class _Worker:
    """A worker process and the lobby's end of its channel."""

    index: int
    process: Any  # multiprocessing's process
    channel: socket.socket
    ready: bool = False  # it has started: should it stop, it is started again


def room_of(line: bytes) -> str:
    """The room a request's first line names (``GET /ROOM HTTP/1.1`` → ``ROOM``); "" when none."""
    parts = line.split(b" ")
    if len(parts) != 3 or parts[0] != b"GET":
        return ""
    path = parts[1].split(b"?", 1)[0].strip(b"/")
    return path.decode("ascii", "replace").upper() if path.isalnum() else ""


class Lobby:
    """The host's listening process: it starts the workers and hands each connection to the one holding its room."""

    def __init__(self, workers: int, settings: WorkerSettings, *, tell: Callable[[str], None] | None = None) -> None:
        """``workers`` worker processes to come (started by :meth:`start`); ``tell``: where to say that a worker
        stopped and was started again."""
        self.count = max(1, workers)
        self.settings = settings
        self.rooms: dict[str, Room] = {}  # in the order the tables were opened
        self._workers: list[_Worker] = []
        self._replies: dict[int, asyncio.Queue[object]] = {}
        self._routing: set[asyncio.Task[None]] = set()
        self._listener: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._stopping = False
        self._tell = tell or (lambda line: print(line, file=sys.stderr, flush=True))

    # ------------------------------------------------------------------ workers
    async def start(self) -> None:
        """Start every worker, and wait until each is ready; RuntimeError when one stops before."""
        for index in range(self.count):
            self._workers.append(self._spawn(index))
        for worker in self._workers:
            if not await self._ready(worker):
                await self.stop()
                raise RuntimeError(f"worker {worker.index + 1} stopped as it started")

    async def _ready(self, worker: _Worker) -> bool:
        """Wait until ``worker`` says it is ready (False: it stopped first)."""
        return await self._replies[worker.index].get() is not None

    def _spawn(self, index: int) -> _Worker:
        """Start worker ``index`` and listen to it."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        process = multiprocessing.get_context("spawn").Process(
            target=work, args=(index, theirs, self.settings), name=f"mahjong-tui host worker {index + 1}", daemon=False
        )
        process.start()
        theirs.close()
        ours.setblocking(False)
        self._replies[index] = asyncio.Queue()
        asyncio.get_running_loop().add_reader(ours, self._heard, index, ours)
        return _Worker(index, process, ours)

    def _heard(self, index: int, channel: socket.socket) -> None:
        """A message from worker ``index``: a table it holds, a seat taken, a table ended, or its end."""
        try:
            data = channel.recv(64 * 1024)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the worker stopped
            asyncio.get_running_loop().remove_reader(channel)
            self._replies[index].put_nowait(None)
            worker = self._workers[index] if index < len(self._workers) else None
            if not self._stopping and worker is not None and worker.ready:
                asyncio.get_running_loop().create_task(self._restart(index))
            return
        message = pickle.loads(data)
        kind = message[0]
        if kind == "ready":
            self._workers[index].ready = True
        if kind in ("table", "seats"):
            _, room, table_id, free = message
            self.rooms[room] = Room(index, table_id, free)
        elif kind == "ended" and (ended := self.rooms.get(message[1])) is not None:
            ended.free, ended.ended = False, True
        if kind in ("table", "done", "ready"):
            self._replies[index].put_nowait(message)

    async def _restart(self, index: int) -> None:
        """Worker ``index`` stopped by itself: start it again, taking up its tables (unless the host is stopping)."""
        old = self._workers[index]
        await asyncio.to_thread(old.process.join, 5)
        if self._stopping:
            return
        old.channel.close()
        self._tell(
            f"mahjong-tui host: worker {index + 1} stopped; started again, its tables taken up from their journals"
        )
        new = self._spawn(index)
        self._workers[index] = new
        held = [r.table_id for r in self.rooms.values() if r.worker == index and not r.ended]
        if await self._ready(new) and not self._stopping:
            with contextlib.suppress(OSError):
                await self._ask(new, ("resume", held))
        elif not self._stopping:
            self._tell(
                f"mahjong-tui host: worker {index + 1} could not start again; its tables wait for the host's next start"
            )

    async def _ask(self, worker: _Worker, command: tuple[object, ...]) -> list[str]:
        """Tell ``worker`` to take up or open tables; the rooms it holds from them."""
        await _send(worker.channel, pickle.dumps(command))
        rooms: list[str] = []
        while True:
            reply = await self._replies[worker.index].get()
            if reply is None or reply[0] == "done":  # type: ignore[index]
                return rooms
            rooms.append(reply[1])  # type: ignore[index]

    async def resume(self) -> list[str]:
        """Take up every table a host left unfinished, spread over the workers; their rooms."""
        ids = kept_table_ids()
        asks = (self._ask(worker, ("resume", ids[worker.index :: self.count])) for worker in self._workers)
        answers = await asyncio.gather(*asks)
        return [room for rooms in answers for room in rooms]

    async def open(self, specs: list[TableSpec]) -> list[str]:
        """Open a table for each of ``specs``, spread over the workers; their rooms, in the order of ``specs``."""
        from .server import room_code

        taken: set[str] = set(self.rooms)
        named = []
        for spec in specs:
            room = spec.room.upper()
            while not room or room in taken:
                room = room_code()
            taken.add(room)
            named.append(TableSpec(spec.rules, spec.options, spec.seats, room, spec.seed))
        await asyncio.gather(
            *(self._ask(worker, ("open", named[worker.index :: self.count])) for worker in self._workers)
        )
        return [spec.room for spec in named]

    def free_rooms(self) -> dict[str, bool]:
        """Every table's room, and whether a person's seat is free there."""
        return {room: held.free for room, held in self.rooms.items()}

    # ------------------------------------------------------------------ connections
    async def serve(self, host: str, port: int) -> None:
        """Listen on ``host``:``port`` and hand each connection to its worker."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.create_server((host, port), family=family, backlog=1024, reuse_port=False)
        if hasattr(socket, "TCP_DEFER_ACCEPT"):  # Linux: a connection is taken once it has sent something
            with contextlib.suppress(OSError):
                listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_DEFER_ACCEPT, int(ROUTE_SECONDS))
        listener.setblocking(False)
        self._listener = listener
        self._accepting = asyncio.get_running_loop().create_task(self._accept(listener), name="lobby")

    async def _accept(self, listener: socket.socket) -> None:
        """Take each new connection and route it."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, _ = await loop.sock_accept(listener)
            except OSError:  # too many open files, say: take a breath
                await asyncio.sleep(0.1)
                continue
            if len(self._routing) >= MAX_ROUTING:
                connection.close()
                continue
            task = loop.create_task(self._route(connection))
            self._routing.add(task)
            task.add_done_callback(self._routing.discard)

    async def _route(self, connection: socket.socket) -> None:
        """Hand ``connection`` to the worker of the room its request names (closed here either way)."""
        with connection:
            try:
                async with asyncio.timeout(ROUTE_SECONDS):
                    line = await _first_line(connection)
            except (TimeoutError, OSError):
                return
            room = room_of(line)
            held = self.rooms.get(room)
            index = held.worker if held is not None else zlib.crc32(room.encode()) % self.count
            with contextlib.suppress(OSError, TimeoutError):  # a worker that does not take it: the connection closes
                async with asyncio.timeout(HAND_OVER_SECONDS):
                    await _send(self._workers[index].channel, _SOCKET, connection.fileno())

    async def stop(self) -> None:
        """Stop listening and stop every worker: each keeps its tables as they stand."""
        self._stopping = True
        if self._accepting is not None:
            self._accepting.cancel()
        if self._listener is not None:
            self._listener.close()
        for task in list(self._routing):
            task.cancel()
        for worker in self._workers:
            with contextlib.suppress(OSError, TimeoutError):
                async with asyncio.timeout(HAND_OVER_SECONDS):
                    await _send(worker.channel, pickle.dumps(("stop",)))
        for worker in self._workers:
            await asyncio.to_thread(worker.process.join, 30)
            if worker.process.is_alive():
                worker.process.kill()
                await asyncio.to_thread(worker.process.join, 5)
            if worker.channel.fileno() >= 0:
                asyncio.get_running_loop().remove_reader(worker.channel)
                worker.channel.close()


class InProcess:
    """Every table in the host's own process (``--workers 1``): what :class:`Lobby` does, without workers."""

    def __init__(self, settings: WorkerSettings) -> None:
        """A host of tables made with ``settings``."""
        self.host = Host(
            claim_seconds=settings.claim_seconds,
            turn_seconds=settings.turn_seconds,
            grace=settings.grace,
            bot_processes=settings.bot_processes,
            think_ms=settings.think_ms,
        )
        self._server: Any = None

    async def start(self) -> None:
        """Nothing to start: the tables are here."""

    async def resume(self) -> list[str]:
        """Take up the tables the host left unfinished; their rooms."""
        rooms = [table.room for table in self.host.resume_tables()]
        long_lived()
        return rooms

    async def serve(self, host: str, port: int) -> None:
        """Listen on ``host``:``port`` (OSError: cannot)."""
        self._server = await self.host.serve(host, port)

    async def open(self, specs: list[TableSpec]) -> list[str]:
        """Open a table for each of ``specs``; their rooms."""
        rooms = [self.host.open_table(spec).room for spec in specs]
        long_lived()
        return rooms

    def free_rooms(self) -> dict[str, bool]:
        """Every table's room, and whether a person's seat is free there."""
        return {room: not table.full for room, table in self.host.tables.items()}

    async def stop(self) -> None:
        """Stop every table (each is kept as it stands) and stop listening."""
        self.host.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


async def _first_line(connection: socket.socket) -> bytes:
    """The first line of what ``connection`` sent, read without taking it from the socket (the worker reads it)."""
    wait = 0.01
    while True:
        await _ready(connection, write=False)
        seen = connection.recv(LINE_BYTES, socket.MSG_PEEK)
        if not seen:
            raise OSError("closed before its request")
        if b"\r\n" in seen or len(seen) >= LINE_BYTES:
            return seen.split(b"\r\n", 1)[0]
        # The line comes in pieces (or a peer is slow on purpose): what is there stays readable, so look again
        # later, and less often each time, lest a few hundred such peers keep the lobby busy.
        await asyncio.sleep(wait)
        wait = min(wait * 2, PEEK_WAIT)


async def _send(channel: socket.socket, data: bytes, fd: int | None = None) -> None:
    """Send one message (with the descriptor ``fd``) on a worker's channel, waiting while it is full."""
    while True:
        try:
            if fd is None:
                channel.send(data)
            else:
                socket.send_fds(channel, [data], [fd])
            return
        except BlockingIOError:
            await _ready(channel, write=True)


async def _ready(sock: socket.socket, *, write: bool) -> None:
    """Wait until ``sock`` can be read (or written, ``write``) without waiting."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    add, remove = (loop.add_writer, loop.remove_writer) if write else (loop.add_reader, loop.remove_reader)
    add(sock, ready.set_result, None)
    try:
        await ready
    finally:
        remove(sock)


# ---------------------------------------------------------------------- a worker
def work(index: int, channel: socket.socket, settings: WorkerSettings) -> None:
    """A worker process: its tables, until the lobby says stop (or is gone)."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_work(index, channel, settings))


async def _work(index: int, channel: socket.socket, settings: WorkerSettings) -> None:
    """The worker's loop: take the tables the lobby gives, and the connections it hands over."""
    from websockets.asyncio.server import serve

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)  # Ctrl+C reaches every process of the host: each stops cleanly
    report: Callable[[tuple[object, ...]], None] = lambda message: _tell_lobby(channel, message)  # noqa: E731
    host = Host(
        claim_seconds=settings.claim_seconds,
        turn_seconds=settings.turn_seconds,
        grace=settings.grace,
        bot_processes=settings.bot_processes,
        think_ms=settings.think_ms,
        on_change=lambda hosted: report(_seats(hosted)),
        on_end=lambda hosted: report(("ended", hosted.room)),
    )
    # The websockets server of this worker listens on nothing: every connection comes from the lobby, handed over.
    # Its socket is made but never listens, and the server says it is serving (a handshake is refused otherwise).
    server = await serve(host.handler, sock=socket.socket(socket.AF_UNIX, socket.SOCK_STREAM), start_serving=False,
                         **SERVE_OPTIONS)  # fmt: skip
    server.__class__ = _HandedOver
    channel.setblocking(False)
    loop.add_reader(channel, _heard_lobby, channel, host, server, stop, report)
    report(("ready",))
    await stop.wait()
    loop.remove_reader(channel)
    host.close()
    server.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(server.wait_closed(), 5)
    channel.close()


def _handed_over_class() -> type:
    """The websockets server of a worker: it serves the connections handed to it, though it listens on nothing."""
    from websockets.asyncio.server import Server

    class HandedOver(Server):
        """Serving until closed (its own listening socket never listens)."""

        def is_serving(self) -> bool:
            return self.close_task is None

    return HandedOver


_HandedOver = _handed_over_class()


def _seats(hosted: HostedTable, kind: str = "seats") -> tuple[object, ...]:
    """What the lobby is told of a table: its room, its id, and whether a person's seat is free."""
    return (kind, hosted.room, hosted.id, not hosted.full)


def _tell_lobby(channel: socket.socket, message: tuple[object, ...]) -> None:
    """Send the lobby one message (small: the channel has room, and a lobby that is gone is not told)."""
    with contextlib.suppress(OSError):
        channel.send(pickle.dumps(message))


def _heard_lobby(
    channel: socket.socket,
    host: Host,
    server: Any,
    stop: asyncio.Event,
    report: Callable[[tuple[object, ...]], None],
) -> None:
    """A message from the lobby: a connection to take, tables to take up or open, or stop (its end: stop too)."""
    try:
        data, fds, _, _ = socket.recv_fds(channel, 64 * 1024, 1)
    except BlockingIOError:
        return
    except OSError:
        data, fds = b"", []
    if fds:
        asyncio.get_running_loop().create_task(_adopt(fds[0], server))
        return
    if not data:
        stop.set()
        return
    command = pickle.loads(data)
    if command[0] == "stop":
        stop.set()
    elif command[0] in ("resume", "open"):
        try:
            if command[0] == "resume":
                for hosted in host.resume_tables(set(command[1])):
                    report(_seats(hosted, "table"))
            else:
                for spec in command[1]:
                    report(_seats(host.open_table(spec), "table"))
        except (OSError, ValueError) as e:  # a table that cannot be opened or taken up: said, and the rest go on
            print(f"mahjong-tui host: a table could not be opened: {e}", file=sys.stderr, flush=True)
        finally:
            long_lived()
            report(("done",))


async def _adopt(fd: int, server: Any) -> None:
    """Answer the websocket handshake of the connection ``fd`` and serve it as if this worker had accepted it."""
    from websockets.asyncio.server import ServerConnection
    from websockets.server import ServerProtocol

    from .server import LIBRARY_MAX

    sock = socket.socket(fileno=fd)
    sock.setblocking(False)
    connection = ServerConnection(
        ServerProtocol(max_size=LIBRARY_MAX),
        server,
        ping_interval=SERVE_OPTIONS["ping_interval"],
        ping_timeout=SERVE_OPTIONS["ping_timeout"],
    )
    try:
        await asyncio.get_running_loop().connect_accepted_socket(lambda: connection, sock)
    except OSError:
        sock.close()


def default_workers() -> int:
    """One worker per core this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
