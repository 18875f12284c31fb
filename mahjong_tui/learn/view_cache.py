"""What is worked out from one seat's view is worked out once: the hint, the ★'s choice, the table's reading.

The hint panel, the ★ on the hand, the danger marks, a lesson's ★ and a hand's review all read
the same seat view; each asks its :class:`ViewCache`, and a view asked about again gets what
was worked out for it the first time.

An entry is found by the view itself: a cheap fingerprint first (the seat, its tiles, the
phase, whose turn, the wall, the last draw and discard), then the whole view compared field by
field. Two views share an entry only when they are equal in everything, so an answer is never
served to another seat, another moment or another game, and nothing outside the view is read.
Each cache keeps a few views, the one asked about least recently dropped first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from mahjong_tui.engine import SeatView

T = TypeVar("T")

_fresh = threading.local()  # set inside ``fresh()``: nothing is kept or served on this thread


def fingerprint(view: SeatView) -> tuple[object, ...]:
    """The parts of a view two views differ in most often: two views with different fingerprints differ."""
    table = view.table
    return (
        view.seat,
        view.counts,
        table.phase,
        table.current,
        table.wall.remaining,
        view.last_drawn,
        table.last_discard,
        table.hand_number,
        len(view.legal),
    )


class ViewCache(Generic[T]):
    """Up to ``size`` views and what was worked out from each, the least recently asked about dropped first."""

    def __init__(self, size: int = 4) -> None:
        """An empty cache for ``size`` views."""
        self.size = size
        self._entries: list[tuple[tuple[object, ...], SeatView, T]] = []
        self._lock = threading.Lock()

    def get(self, view: SeatView, make: Callable[[SeatView], T]) -> T:
        """What ``make`` works out from ``view``: kept from an equal view asked about before, or made now."""
        if getattr(_fresh, "on", False):
            return make(view)
        key = fingerprint(view)
        with self._lock:
            for i, (k, v, value) in enumerate(self._entries):
                if k == key and (v is view or v == view):
                    if i != len(self._entries) - 1:
                        self._entries.append(self._entries.pop(i))
                    return value
        value = make(view)
        with self._lock:
            self._entries.append((key, view, value))
            del self._entries[: -self.size]
        return value

    def clear(self) -> None:
        """Forget every view."""
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        """How many views are kept."""
        return len(self._entries)


@contextmanager
def fresh() -> Iterator[None]:
    """Inside it, on this thread, every view is worked out anew: nothing is kept or served."""
    before = getattr(_fresh, "on", False)
    _fresh.on = True
    try:
        yield
    finally:
        _fresh.on = before
