"""Bots that think in processes of their own, so that a hard bot's thinking holds no table of the host.

A :class:`BotPool` is a :class:`concurrent.futures.ProcessPoolExecutor` whose processes
each answer "what does a bot of this level play at this seat, seeing this": the seat's
view goes to them in its wire form (the form a remote seat is sent, :mod:`.wire`), and
the answer comes back as the index of the move in the view's legal moves. A bot is made
afresh for every decision, seeded by the table's seed, the seat and how many moves the
game has made, so a decision is the same whichever process thinks it.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

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


def _ready() -> bool:
    """Nothing: the first job of each process, so that it has imported the bots before the first decision."""
    import bots  # noqa: F401

    return True


def _think(level: str, seat: int, seed: int, view: bytes, think_ms: float | None = None) -> int:
    """The index, among the view's legal moves, of the move a bot of ``level`` plays (the expert thinking
    ``think_ms`` a decision; None: its default)."""
    from bots import create_bot

    seen = decode_view(view)
    return seen.legal.index(create_bot(level, seat, seed, think_ms=think_ms).choose(seen))


def decision_seed(game_seed: int, seat: int, moves: int) -> int:
    """The seed of the bot deciding for ``seat`` once the game has made ``moves`` moves."""
    return (game_seed * 4 + seat) * 1_000_003 % 2**31 ^ moves


class BotPool:
    """Processes that think for a host's bots (``processes`` of them, started once)."""

    def __init__(self, processes: int, think_ms: float | None = None) -> None:
        """A pool of ``processes`` thinking processes, started when first needed (or :meth:`warm`); an expert in
        them thinks ``think_ms`` a decision (None: its default)."""
        self.processes = max(1, processes)
        self.think_ms = think_ms
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def warm(self) -> ProcessPoolExecutor:
        """Start the processes now (each imports the bots at once), if they are not running; once the pool is
        closed, a decision asked is cancelled (the host is stopping)."""
        if self._closed:
            raise asyncio.CancelledError
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=context, initializer=_quiet, initargs=(os.getpid(),)
            )
            for _ in range(self.processes):
                self._pool.submit(_ready)
        return self._pool

    async def choose(self, level: str, seat: int, seed: int, view: SeatView) -> Action:
        """The move of a bot of ``level`` at ``seat`` seeing ``view`` (one of ``view.legal``). A process that died
        (killed from outside) is replaced, and the decision asked again once."""
        loop = asyncio.get_running_loop()
        wire = bytes(encode_view(view))  # the view's JSON text
        pool = self.warm()
        try:
            index = await loop.run_in_executor(pool, _think, level, seat, seed, wire, self.think_ms)
        except BrokenProcessPool:
            if self._pool is pool:  # the first decision to find it broken replaces it; the others use the new one
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)  # broken: nothing to wait for
            index = await loop.run_in_executor(self.warm(), _think, level, seat, seed, wire, self.think_ms)
        return view.legal[index]

    def close(self) -> None:
        """Stop the processes for good. It waits for a decision in flight (a few milliseconds): a pool left to stop
        by itself as its process ends may wait for ever on a process that started late."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
