"""A game kept while it is played: saved after every action, counted hand by hand, kept and counted at its end.

:class:`Keeper` is what the table calls after every action (a bot's, through the play
loop's observer, and a person's). It holds the game's lock (:mod:`mahjong_tui.keep.locks`), so
no other window writes the game, and writes the game's own save. When a hand ends, the
game is kept among the records as it stands and the hand is counted in the statistics, so
a game left before its end (or a program killed) loses no hand.

At the game's end :func:`settle` runs one recoverable sequence: the record (replacing what
was kept of the game before), the statistics (each hand counted once, whatever is counted
again), and only then the save's removal. A kill or a failure at any step leaves the save,
and the next start completes the sequence (:func:`mahjong_tui.keep.unfinished.find_games`), so
a finished game is counted once, never lost and never kept twice.

A disk that refuses a write or a statistics database that cannot be used never stops the
game: the keeper says so once, in one line, and play goes on. No UI here.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mahjong_tui.engine import Game
from mahjong_tui.i18n import t
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.saves import Table, autosave, drop_save, keep_record, save_path
from mahjong_tui.keep.stats import Statistics, StatsError
from mahjong_tui.keep.storage import move_aside, stats_path

#: how long a window waits for another to let a game go (one that was just looking at it)
LOCK_WAIT = 2.0


@dataclass(frozen=True, slots=True)
class News:
    """A line for the player: the game kept, or something that could not be kept."""

    text: str
    warning: bool = False


class CountError(RuntimeError):
    """The statistics could not take the hands; the message is one line."""


def finished_hands(game: Game) -> int:
    """How many hands of ``game`` have ended (hands are dealt one at a time: those before this one, and this one
    once it is over)."""
    return game.hand_number - (0 if game.hand.over else 1)


def count_hands(game: Game, table: Table, *, wait: float = 5.0, tell: Callable[[str], None] | None = None) -> int:
    """Count every ended hand of ``game`` in the statistics (a hand counted before is not counted again); the rows
    added. CountError, in one line, when the database cannot be used (``wait``: seconds to wait for another window
    that is writing it). A file that is no statistics database at all is moved aside, never deleted, and a new
    database counts from here: ``tell`` is given the line that says so."""
    try:
        try:
            db = Statistics(stats_path(), timeout=wait)
        except StatsError as e:
            if not e.broken:
                raise
            try:
                aside = move_aside(stats_path())
            except OSError:  # it cannot be moved: nothing is written over it
                raise e from None
            if tell is not None:
                tell(t("kept.stats_moved", problem=str(e), name=aside.name))
            db = Statistics(stats_path(), timeout=wait)
        try:
            return db.record_hands(table.id, game, table.players(), table.started)
        finally:
            db.close()
    except (StatsError, sqlite3.Error, OSError) as e:
        raise CountError(" ".join(str(e).split())) from None


@dataclass(frozen=True, slots=True)
class Settled:
    """What :func:`settle` did: the record kept (None: it could not be), and why a step failed (one line)."""

    record: Path | None
    problem: str = ""
    counted: bool = False  # the statistics took every hand


def settle(game: Game, table: Table, *, tell: Callable[[str], None] | None = None) -> Settled:
    """Keep an ended game: its record, then its hands in the statistics, then its save removed.

    Each step is done again safely: the record replaces the one kept before, a hand is counted
    once. A step that fails stops the sequence with the save still in place, for the next start.
    ``tell``: given a line about the statistics (a broken database moved aside).
    """
    try:
        record = keep_record(game, table)
    except OSError as e:
        return Settled(None, t("kept.cannot_keep", reason=_reason(e)))
    try:
        count_hands(game, table, tell=tell)
    except CountError as e:
        return Settled(record, t("kept.cannot_count", reason=str(e)))
    try:
        drop_save(table.id)
    except OSError as e:
        return Settled(record, t("kept.cannot_clear", reason=_reason(e)), counted=True)
    return Settled(record, counted=True)


class Keeper:
    """Saves the game after every action; counts each hand as it ends; at the game's end settles it."""

    def __init__(self, table: Table, lock: GameLock | None = None) -> None:
        """Keep the game played at ``table`` (its players, its id): hold its lock (``lock``: one already held, when
        the save was read again under it), or keep nothing."""
        self.table = table
        self.record: Path | None = None  # the game's record, once kept
        self.finished = False  # the game's end has been dealt with (kept, or said why not)
        self.lock = lock or GameLock(table.id)
        self.owner = self.lock.acquire(wait=LOCK_WAIT)  # False: another window plays this game, and only it writes
        self._count_failed = False
        self._news: list[News] = []
        self._tell: Callable[[News], None] | None = None
        self._save_failed = False
        self._counted = -1  # the hands counted so far (-1: not yet looked)
        if not self.owner:
            self._say(News(t("kept.in_use"), warning=True))

    def listen(self, tell: Callable[[News], None]) -> None:
        """Give every line to ``tell`` as it comes (and those that came before)."""
        self._tell = tell
        for news in self.news():
            tell(news)

    def keep(self, game: Game) -> None:
        """Save ``game`` as it stands now; a hand that has ended is counted; at the end, the game is settled."""
        if self.finished or not self.owner:
            return
        if game.over:
            self._finish(game)
            return
        try:
            autosave(game, self.table)
        except OSError as e:
            if not self._save_failed:  # said once: it would be said after every action
                self._say(News(t("kept.cannot_save", reason=_reason(e)), warning=True))
            self._save_failed = True
            return
        self._save_failed = False
        hands = finished_hands(game)
        if hands > self._counted:
            self._keep_hands(game, quiet=self._counted < 0)
            self._counted = hands

    def leave(self, game: Game) -> None:
        """The table is left before the game's end: keep it among the records as it stands (once a hand has
        ended), say so, and let it go."""
        if self.owner and not self.finished and not game.over:
            if self._save_failed:
                self._say(News(t("kept.left_unsaved"), warning=True))
            elif not finished_hands(game):
                self._say(News(t("kept.left_saved")))
            else:
                try:
                    self.record = keep_record(game, self.table)
                except OSError as e:
                    self._say(News(t("kept.cannot_keep", reason=_reason(e)), warning=True))
                else:
                    self._say(News(t("kept.left_uncounted") if self._count_failed else t("kept.left")))
        self.close()

    def close(self) -> None:
        """Let the game go: another window may take it up."""
        if not self.lock.held:
            return
        try:
            gone = self.finished and not save_path(self.table.id).exists()
        except OSError:  # the folder cannot be used: leave its lock file be
            gone = False
        self.lock.release(remove=gone)

    def news(self) -> list[News]:
        """What happened since last asked and was not told (each line is given once)."""
        out, self._news = self._news, []
        return out

    def _say(self, news: News) -> None:
        """Tell the listener, or keep the line until asked."""
        if self._tell is not None:
            self._tell(news)
        else:
            self._news.append(news)

    def _warn(self, line: str) -> None:
        """Tell the player something went wrong, but play goes on."""
        self._say(News(line, warning=True))

    def _keep_hands(self, game: Game, *, quiet: bool) -> None:
        """A hand ended (or a resumed game's hands were never looked at): keep the record and count the hands."""
        if not finished_hands(game):
            return
        try:
            self.record = keep_record(game, self.table)
            count_hands(game, self.table, tell=self._warn)
        except OSError as e:
            if not quiet:
                self._say(News(t("kept.cannot_keep", reason=_reason(e)), warning=True))
        except CountError as e:
            self._count_failed = True
            if not quiet:
                self._say(News(t("kept.cannot_count_hand", reason=str(e)), warning=True))
        else:
            self._count_failed = False

    def _finish(self, game: Game) -> None:
        """Save the ended game as it ended (a kill from here on leaves a save the next start settles), settle it, and
        say how it went."""
        self.finished = True
        with contextlib.suppress(OSError):  # the last save failing is said by the steps that follow
            autosave(game, self.table)
        done = settle(game, self.table, tell=self._warn)
        self.record = done.record
        if done.problem:
            self._say(News(done.problem, warning=True))
        if done.record is not None:
            self._say(News(t("kept.finished") if done.counted else t("kept.finished_uncounted")))
        self.close()


def _reason(error: OSError) -> str:
    """An operating system error in a few words."""
    return error.strerror or str(error)
