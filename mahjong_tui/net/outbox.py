"""One connection's messages on their way: a bounded queue, and the one task that writes them.

A table never waits for a connection: it puts each message in the connection's
:class:`Outbox` (:meth:`Outbox.put` returns at once) and goes on. The outbox's writer sends
them in order. A connection that does not read fills its queue; the next message finds it
full and the connection is closed (its seat waits for its person, as after any drop), so a
seat that stops reading never holds its table or anyone else's.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

#: how many messages may wait for one connection (a seat that reads is sent two or three a move)
QUEUE = 64
#: how long a connection being closed may take to say goodbye before it is cut
CLOSE_SECONDS = 2.0


class Outbox:
    """The messages waiting for one connection, and the task that writes them."""

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        *,
        gone: tuple[type[Exception], ...] = (OSError,),
        size: int = QUEUE,
    ) -> None:
        """``send(text)``: write one message on the connection; ``close()``: close it; ``gone``: what ``send``
        raises once the connection has gone; ``size``: the queue's bound."""
        self._send, self._close, self._gone = send, close, gone
        self._queue: asyncio.Queue[str] = asyncio.Queue(size)
        self.closed = False
        self.overflowed = False  # closed because its queue was full
        self._task = asyncio.get_running_loop().create_task(self._write(), name="outbox")
        self._closing: asyncio.Task[None] | None = None

    def put(self, text: str) -> bool:
        """Queue ``text`` (False: the connection is closed, or has just been closed because it does not read)."""
        if self.closed:
            return False
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            self.shut()
            return False
        return True

    async def _write(self) -> None:
        """Send what is queued, in order, until the connection fails or is shut."""
        try:
            while True:
                text = await self._queue.get()
                try:
                    await self._send(text)
                finally:
                    self._queue.task_done()
        except self._gone:  # the connection went away: nothing more is written
            self.closed = True

    def shut(self) -> None:
        """Take no more messages, send those queued (a last error, "replaced"), and close the connection; a peer that
        does not read is given :data:`CLOSE_SECONDS` for the rest, then cut off."""
        if self._closing is not None:
            return
        self.closed = True
        self._closing = asyncio.get_running_loop().create_task(self._close_within(), name="outbox close")

    async def shut_down(self) -> None:
        """:meth:`shut`, and wait until what was queued is sent and the connection closed (or cut off)."""
        self.shut()
        assert self._closing is not None
        await asyncio.shield(self._closing)

    async def _close_within(self) -> None:
        """Let the queue empty, then close the connection, each within :data:`CLOSE_SECONDS`."""
        if not self._task.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._queue.join(), CLOSE_SECONDS)
        self._task.cancel()
        with contextlib.suppress(TimeoutError, *self._gone):
            await asyncio.wait_for(self._close(), CLOSE_SECONDS)

    @property
    def waiting(self) -> int:
        """How many messages wait to be written."""
        return self._queue.qsize()
