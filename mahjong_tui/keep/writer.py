"""The thread that writes a game's files, one write at a time and in order, so the table never waits on a disk.

:class:`Writer` takes one job at a time: a new job first waits for the one before to end.
At most one write is therefore ever in flight, and a kill loses at most the action whose
write it is. When play is paced (bots that think, people who decide) nothing waits: the
write is done long before the next move. A job prepares nothing itself: whatever it
writes was read from the game on the table's thread, so the game is never read while it
changes.

A job that fails with an error that is not the disk's (a bug) is not swallowed: it is
raised again on the table's thread, at the next job or wait, where a crash is reported
as any other.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

Job = Callable[[], None]


class Writer:
    """Runs jobs one at a time on a thread of its own (``background``), or at once on the caller's."""

    def __init__(self, name: str, *, background: bool = True) -> None:
        """A writer whose thread (started with the first job) is called ``name``."""
        self.name = name
        self.background = background
        self._idle = threading.Event()
        self._idle.set()
        self._jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()  # handed to the thread (at most one waits)
        self._lock = threading.Lock()  # the job's end and the calls waiting for it, seen together
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self._then: list[Callable[[], None]] = []  # called once the job in flight has ended

    def put(self, job: Job) -> None:
        """Do ``job`` once the job before it has ended (on the writer's thread, or now when not in the background)."""
        self.wait()
        if not self.background:
            job()
            return
        self._idle.clear()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put(job)

    @property
    def busy(self) -> bool:
        """A job is in flight."""
        return not self._idle.is_set()

    def then(self, call: Callable[[], None]) -> None:
        """Call ``call`` once the job in flight has ended: on the writer's thread then, or now when none is."""
        with self._lock:
            if not self._idle.is_set():
                self._then.append(call)
                return
        call()

    def wait(self) -> None:
        """Wait until the job in flight has ended; raise here what it raised, if it was not the disk's to say."""
        self._idle.wait()
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _run(self) -> None:
        """Take each job as it comes, for as long as the process runs (the thread does not keep it alive)."""
        while True:
            job = self._jobs.get()
            try:
                job()
            except BaseException as e:  # raised again on the table's thread by the next wait
                self._failure = e
            finally:
                with self._lock:
                    self._idle.set()
                    then, self._then = self._then, []
                for call in then:
                    call()
