"""The threads that write games' files, in order, so a table never waits on a disk.

:class:`Writer` does its jobs in order, one at a time, on a writing thread it shares with
other writers (:data:`LANES` threads a process). By default a new job
first waits for the one before to end: at most one write is ever in flight, and a kill
loses at most the action whose write it is (a window shows each move as it is made, so
that is all it may lose). With ``queued``, handing it a job never waits, so a slow disk
holds up only the writes behind it (and on an event loop's thread, the jobs of a turn of
the loop are handed over together when it ends). That is for a caller that shows nothing before its
writes are done (the table server asks :meth:`Writer.then`): a kill loses nothing anyone
was shown. A job prepares nothing itself: whatever it writes was read from the game on
the table's thread, so the game is never read while it changes.

A job that fails with an error that is not the disk's (a bug) is not swallowed: it is
raised again on the table's thread, at the next job or wait, where a crash is reported
as any other.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import queue
import threading
from collections.abc import Callable

Job = Callable[[], None]

#: how many threads of a process do every writer's jobs: a writer always hands its jobs to the same one, so they stay
#: in order; a host's many tables share a few, and one slow write holds up only the writers that share its thread
LANES = 4


class _Lane:
    """One writing thread, and the jobs waiting for it (each with its writer)."""

    def __init__(self, number: int) -> None:
        """The ``number``-th lane; its thread starts with its first job."""
        self.name = f"writer-{number}"
        self._start = threading.Lock()
        self._reset()

    def _reset(self) -> None:
        """No thread yet, nothing waiting (also in a child just forked, which has no thread of its parent's)."""
        self._jobs: queue.SimpleQueue[list[tuple[Writer, Job]]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._batch: list[tuple[Writer, Job]] = []  # jobs gathered during a turn of an event loop
        self._batch_lock = threading.Lock()

    def put(self, writer: Writer, job: Job, *, soon: bool = False) -> None:
        """Do ``job`` for ``writer`` after every job handed to this lane before it. ``soon`` (on an event loop's
        thread): once the loop's turn has ended, with every other job handed over in that turn, so the thread is
        woken once a turn rather than once a job (each wakes it on a core the loop may want)."""
        if self._thread is None:
            with self._start:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                    self._thread.start()
        if soon:
            with self._batch_lock:
                self._batch.append((writer, job))
                first = len(self._batch) == 1
            if first:
                asyncio.get_running_loop().call_soon(self.flush)
            return
        self.flush()  # what was gathered before goes first
        self._jobs.put([(writer, job)])

    def flush(self) -> None:
        """Hand the jobs gathered so far to the thread."""
        with self._batch_lock:
            batch, self._batch = self._batch, []
        if batch:
            self._jobs.put(batch)

    def _run(self) -> None:
        """Take each batch of jobs as it comes, for as long as the process runs (the thread does not keep it
        alive)."""
        while True:
            for writer, job in self._jobs.get():
                writer._do(job)


_LANES = [_Lane(n) for n in range(LANES)]
_lane_numbers = itertools.count()


def _reset_lanes() -> None:
    """In a child just forked: the lanes have no thread and nothing waiting."""
    for lane in _LANES:
        lane._reset()


os.register_at_fork(after_in_child=_reset_lanes)


def _on_a_loop() -> bool:
    """This thread runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class Writer:
    """Runs jobs one at a time, in order, on a writing thread (``background``), or at once on the caller's."""

    def __init__(self, *, background: bool = True, queued: bool = False) -> None:
        """A writer; ``queued``: a job is handed over without waiting for the ones before it to end."""
        self.background = background
        self.queued = queued
        self._idle = threading.Event()  # no job is waiting or in flight
        self._idle.set()
        self._lane = _LANES[next(_lane_numbers) % LANES]  # the writing thread its jobs go to, in order
        self._lock = threading.Lock()  # the count of jobs, the end of the last, and the calls waiting for it
        self._owed = 0  # jobs handed over and not yet ended
        self._failure: BaseException | None = None
        self._then: list[Callable[[], None]] = []  # called once every job handed over has ended

    def put(self, job: Job) -> None:
        """Do ``job`` after the jobs before it (on the writer's thread, or now when not in the background): unless
        ``queued``, once they have ended."""
        self.ready()
        if not self.background:
            job()
            return
        with self._lock:
            self._owed += 1
            self._idle.clear()
        self._lane.put(self, job, soon=self.queued and _on_a_loop())

    @property
    def busy(self) -> bool:
        """A job is waiting or in flight."""
        return not self._idle.is_set()

    def then(self, call: Callable[[], None]) -> None:
        """Call ``call`` once every job handed over so far has ended: on the writer's thread then, or now when none
        is owed."""
        with self._lock:
            if self._owed:
                self._then.append(call)
                return
        call()

    def ready(self) -> None:
        """Wait, unless ``queued``, until every job handed over has ended (what a job said is then known); raise
        here what one raised, if it was not the disk's to say."""
        if self.queued:
            self._raise_failure()
        else:
            self.wait()

    def wait(self) -> None:
        """Wait until every job handed over has ended; raise here what one raised, if it was not the disk's to say."""
        self._lane.flush()
        self._idle.wait()
        self._raise_failure()

    def _raise_failure(self) -> None:
        """Raise what a job raised (once)."""
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _do(self, job: Job) -> None:
        """Do ``job`` (on the writing thread); once none is owed, wake those waiting."""
        try:
            job()
        except BaseException as e:  # raised again on the table's thread by the next put or wait
            self._failure = e
        finally:
            then: list[Callable[[], None]] = []
            with self._lock:
                self._owed -= 1
                if not self._owed:
                    self._idle.set()
                    then, self._then = self._then, []
            for call in then:
                call()
