"""Bots that think in processes of their own, so that a hard bot's thinking holds no table of the host.

A :class:`BotPool` holds a few thinking processes, each at the end of a pipe the host's
event loop reads by itself (no thread of the host's hands the questions over or waits
for the answers). Each answers "what does a bot of this level play at this seat, seeing
this": the seat's view goes to it in its wire form (the form a remote seat is sent,
:mod:`.wire`), and the answer comes back as the index of the move in the view's legal
moves. A process is asked one question at a time; the others wait in the host, for the
process with the fewest waiting. A bot is made afresh for every decision, seeded by the
table's seed, the seat and how many moves the game has made, so a decision is the same
whichever process thinks it.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from multiprocessing.connection import Connection

from mahjong_tui.engine import Action, SeatView

from .wire import decode_view, encode_view

#: how much a thinking process gives way to the tables (its niceness, added to the host's): when both want a core, a
#: person's move is answered first and a bot's thought takes what is left
NICENESS = 5


def _quiet(host: int) -> None:
    """A thinking process leaves Ctrl+C to its host (the process ``host``), which stops it; it ends as soon as its
    host is gone (killed, say: nothing else would tell it), even before it started; it gives way to the tables."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):  # a system that will not lower it: the process thinks at the host's
        os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(host,), daemon=True, name="end with the host").start()


def _end_with(parent: int) -> None:
    """Look every second whether the process ``parent`` is still this one's parent; end this one when not."""
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


def _serve(conn: Connection, host: int) -> None:
    """A thinking process: answer each question that comes down the pipe, until the host closes it."""
    _quiet(host)
    import bots  # noqa: F401  (before the first question)

    while True:
        try:
            level, seat, seed, view, think_ms = conn.recv()
        except (EOFError, OSError):  # the host closed the pipe, or is gone
            return
        conn.send(_think(level, seat, seed, view, think_ms))


def _think(level: str, seat: int, seed: int, view: bytes, think_ms: float | None = None) -> int:
    """The index, among the view's legal moves, of the move a bot of ``level`` plays (the expert thinking
    ``think_ms`` a decision; None: its default)."""
    from bots import create_bot

    seen = decode_view(view)
    return seen.legal.index(create_bot(level, seat, seed, think_ms=think_ms).choose(seen))


def decision_seed(game_seed: int, seat: int, moves: int) -> int:
    """The seed of the bot deciding for ``seat`` once the game has made ``moves`` moves."""
    return (game_seed * 4 + seat) * 1_000_003 % 2**31 ^ moves


#: a question to a thinking process: the bot's level, its seat, its seed, the view's wire text, its time to think
Question = tuple[str, int, int, bytes, "float | None"]


class _Thinker:
    """One thinking process: the pipe to it, the question it is thinking about, and those waiting for it."""

    def __init__(self, host: int) -> None:
        """Start the process (``host``: this process, which it ends with)."""
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, host), daemon=True, name="mahjong-tui bot")
        self.process.start()
        child.close()
        self.asked: tuple[asyncio.Future[int], Question] | None = None  # sent, not yet answered
        self.waiting: deque[tuple[asyncio.Future[int], Question]] = deque()
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop that reads its answers, once one asks

    @property
    def load(self) -> int:
        """How many questions it has, asked or waiting."""
        return len(self.waiting) + (self.asked is not None)

    def ask(self, future: asyncio.Future[int], question: Question) -> None:
        """Put ``question`` to it (at once if it is free, else once those before it are answered)."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.loop.add_reader(self.conn.fileno(), self._answered)
        self.waiting.append((future, question))
        self._next()

    def _next(self) -> None:
        """Send the next question if none is being thought about (a question nobody waits for any more is
        dropped)."""
        while self.asked is None and self.waiting:
            future, question = self.waiting.popleft()
            if future.done():
                continue
            self.asked = (future, question)
            try:
                self.conn.send(question)
            except OSError:  # it has gone: its reader says so
                return

    def _answered(self) -> None:
        """The pipe can be read: an answer, or the process's end."""
        try:
            index = self.conn.recv()
        except (EOFError, OSError):
            self.broken()
            return
        asked, self.asked = self.asked, None
        if asked is not None and not asked[0].done():
            asked[0].set_result(index)
        self._next()

    def broken(self) -> None:
        """The process has gone (killed from outside): its questions fail with :class:`ThinkerGone`."""
        questions = self.close()
        for future, _ in questions:
            if not future.done():
                future.set_exception(ThinkerGone())

    def close(self) -> list[tuple[asyncio.Future[int], Question]]:
        """Stop reading and end the process; the questions it had."""
        if self.loop is not None and not self.conn.closed:
            self.loop.remove_reader(self.conn.fileno())
        self.conn.close()
        if self.process.is_alive():
            self.process.terminate()
        questions = ([self.asked] if self.asked is not None else []) + list(self.waiting)
        self.asked, self.waiting = None, deque()
        return questions


class ThinkerGone(Exception):
    """A thinking process ended before it answered (the question is asked again, of another)."""


class BotPool:
    """Processes that think for a host's bots (``processes`` of them, started once)."""

    def __init__(self, processes: int, think_ms: float | None = None) -> None:
        """A pool of ``processes`` thinking processes, started when first needed (or :meth:`warm`); an expert in
        them thinks ``think_ms`` a decision (None: its default)."""
        self.processes = max(1, processes)
        self.think_ms = think_ms
        self._thinkers: list[_Thinker] = []
        self._closed = False

    @property
    def pids(self) -> list[int]:
        """The thinking processes' ids (none before they start)."""
        return [t.process.pid for t in self._thinkers if t.process.pid is not None]

    def warm(self) -> None:
        """Start the processes now (each imports the bots at once), those not running; once the pool is closed, a
        decision asked is cancelled (the host is stopping)."""
        if self._closed:
            raise asyncio.CancelledError
        self._thinkers = [t for t in self._thinkers if not t.conn.closed]
        while len(self._thinkers) < self.processes:
            self._thinkers.append(_Thinker(os.getpid()))

    async def choose(self, level: str, seat: int, seed: int, view: SeatView) -> Action:
        """The move of a bot of ``level`` at ``seat`` seeing ``view`` (one of ``view.legal``). A process that died
        (killed from outside) is replaced, and the decision asked again once."""
        question: Question = (level, seat, seed, bytes(encode_view(view)), self.think_ms)
        try:
            index = await self._ask(question)
        except ThinkerGone:
            index = await self._ask(question)
        return view.legal[index]

    async def _ask(self, question: Question) -> int:
        """The answer of the least busy process to ``question``."""
        self.warm()
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        min(self._thinkers, key=lambda t: t.load).ask(future, question)
        return await future

    def close(self) -> None:
        """Stop the processes for good; a decision waiting is cancelled."""
        self._closed = True
        for thinker in self._thinkers:
            for future, _ in thinker.close():
                future.cancel()
        for thinker in self._thinkers:
            thinker.process.join(2)
            if thinker.process.is_alive():
                thinker.process.kill()
        self._thinkers = []
