"""A game kept while it is played: each action written as it is taken, counted hand by hand, kept and counted at
its end.

:class:`Keeper` is what the table calls after every action (a bot's, through the play
loop's observer, and a person's). It holds the game's lock (:mod:`mahjong_tui.keep.locks`), so
no other window writes the game. Each action is appended to the game's journal
(:mod:`mahjong_tui.keep.journal`), so a move costs the same early and late in a long game;
the save is written whole only when a hand ends. Then the game is kept among the records as
it stands and the hand is counted in the statistics, so a game left before its end (or a
program killed) loses no hand. Every write is done by the keeper's :class:`~.writer.Writer`,
off the table's thread, one at a time: a kill at any moment loses at most the action being
written (or, for the table server's queued keeper, only moves no seat was shown yet).

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
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong_tui.engine import Game
from mahjong_tui.i18n import t
from mahjong_tui.keep.files import append_lines
from mahjong_tui.keep.journal import journal_path, lines_for, new_mark
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.saves import Table, drop_save, record_name, save_data, save_path, write_record, write_save
from mahjong_tui.keep.stats import Statistics, StatsError, Tally, tally
from mahjong_tui.keep.storage import move_aside, stats_path
from mahjong_tui.keep.writer import Writer

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


def hands_of(game: Game, table: Table) -> Tally:
    """The finished hands of the game played at ``table``, as the statistics take them."""
    return tally(table.id, game, table.players(), table.started)


def count_hands(game: Game, table: Table, *, wait: float = 5.0, tell: Callable[[str], None] | None = None) -> int:
    """Count every ended hand of ``game`` in the statistics (a hand counted before is not counted again); the rows
    added. CountError, in one line, when the database cannot be used (``wait``: seconds to wait for another window
    that is writing it). A file that is no statistics database at all is moved aside, never deleted, and a new
    database counts from here: ``tell`` is given the line that says so."""
    return count(hands_of(game, table), wait=wait, tell=tell)


def count(hands: Tally, *, wait: float = 5.0, tell: Callable[[str], None] | None = None) -> int:
    """:func:`count_hands`, of hands read from the game before."""
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
            return db.add(hands)
        finally:
            db.close()
    except (StatsError, sqlite3.Error, OSError) as e:
        raise CountError(" ".join(str(e).split())) from None


@dataclass(frozen=True, slots=True)
class Kept:
    """What keeping a game writes at one moment, read from the game then: its save's data, its record's place, its
    finished hands."""

    game_id: str
    data: dict[str, Any]  # :func:`~mahjong_tui.keep.saves.save_data`, with the journal's mark
    record: str  # the record's file name (:func:`~mahjong_tui.keep.saves.record_name`)
    hands: Tally

    @classmethod
    def of(cls, game: Game, table: Table, mark: str) -> Kept:
        """The game played at ``table`` as it stands (``mark``: the mark its journal's next lines will carry)."""
        return cls(table.id, save_data(game, table, mark), record_name(game, table), hands_of(game, table))


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
    return settle_kept(Kept.of(game, table, new_mark()), tell=tell)


def settle_kept(kept: Kept, *, tell: Callable[[str], None] | None = None) -> Settled:
    """:func:`settle`, of what was read from the game when it ended."""
    try:
        record = write_record(kept.data, kept.record)
    except OSError as e:
        return Settled(None, t("kept.cannot_keep", reason=_reason(e)))
    try:
        count(kept.hands, tell=tell)
    except CountError as e:
        return Settled(record, t("kept.cannot_count", reason=str(e)))
    try:
        drop_save(kept.game_id)
    except OSError as e:
        return Settled(record, t("kept.cannot_clear", reason=_reason(e)), counted=True)
    return Settled(record, counted=True)


class Keeper:
    """Writes each action as it is taken; counts each hand as it ends; at the game's end settles it."""

    def __init__(
        self, table: Table, lock: GameLock | None = None, *, background: bool = True, queued: bool = False
    ) -> None:
        """Keep the game played at ``table`` (its players, its id): hold its lock (``lock``: one already held, when
        the save was read again under it), or keep nothing. ``background``: write on a writing thread (the
        table's way); otherwise each write is done before :meth:`keep` returns. ``queued``: :meth:`keep`
        never waits for the write before it (for a caller that shows a move only once :meth:`then` says it is
        written)."""
        self.table = table
        self.record: Path | None = None  # the game's record, once kept
        self.finished = False  # the game's end has been dealt with (kept, or said why not)
        self.lock = lock or GameLock(table.id)
        self.owner = self.lock.acquire(wait=LOCK_WAIT)  # False: another window plays this game, and only it writes
        self._writer = Writer(background=background, queued=queued)
        self._said = threading.Lock()  # the news and its listener, shared with the writer's thread
        self._count_failed = False
        self._news: list[News] = []
        self._tell: Callable[[News], None] | None = None
        self._save_failed = False
        self._counted = -1  # the hands counted so far (-1: not yet looked)
        self._mark = ""  # the mark of the save written whole last, which the journal's lines carry
        self._written: tuple[int, int] | None = None  # the hands, and the last hand's actions, written so far
        if not self.owner:
            self._say(News(t("kept.in_use"), warning=True))

    def listen(self, tell: Callable[[News], None]) -> None:
        """Give every line to ``tell`` as it comes (and those that came before); it may be called from the keeper's
        writing thread."""
        with self._said:
            self._tell = tell
            waiting, self._news = self._news, []
        for news in waiting:
            tell(news)

    def keep(self, game: Game) -> None:
        """Write ``game`` as it stands now: the actions since the last write appended to its journal; a hand that
        has ended, or an undo, writes the save whole (an ended hand is then counted); at the end, the game is
        settled."""
        if self.finished or not self.owner:
            return
        self._writer.ready()  # unless queued, the write before has ended: what it said about the disk is known
        if game.over:
            self._finish(game)
            return
        now = (len(game.actions), len(game.actions[-1]))
        hands = finished_hands(game)
        if self._written is None or self._save_failed or hands > self._counted or now < self._written:
            self._mark = new_mark()
            kept = Kept.of(game, self.table, self._mark)
            counted, quiet = hands > self._counted, self._counted < 0  # quiet: a resumed game's hands, looked at
            self._put(lambda: self._write_whole(kept, count=counted, quiet=quiet))
            self._counted = max(self._counted, hands)
        elif now > self._written:
            lines = [line.text() for line in lines_for(self._mark, game.actions, self._written)]
            if lines:
                self._put(lambda: self._append(lines))
        self._written = now

    @property
    def writing(self) -> bool:
        """Something kept is still being written."""
        return self._writer.busy

    def then(self, call: Callable[[], None]) -> None:
        """Call ``call`` once everything kept so far is written (on the writing thread then, or now)."""
        self._writer.then(call)

    def flush(self) -> None:
        """Wait until everything kept so far is written."""
        self._writer.wait()

    def leave(self, game: Game) -> None:
        """The table is left before the game's end: keep it among the records as it stands (once a hand has
        ended), say so, and let it go once everything is written."""
        self._writer.wait()
        if self.owner and not self.finished and not game.over:
            if self._save_failed:
                self._say(News(t("kept.left_unsaved"), warning=True))
            elif not finished_hands(game):
                self._say(News(t("kept.left_saved")))
            else:
                kept = Kept.of(game, self.table, self._mark)
                self._put(lambda: self._keep_left(kept))
        self.close()

    def close(self) -> None:
        """Let the game go once everything is written: another window may take it up."""
        self._writer.wait()
        self._let_go()

    def news(self) -> list[News]:
        """What happened since last asked and was not told (each line is given once), everything kept so far
        written."""
        self._writer.wait()
        with self._said:
            out, self._news = self._news, []
        return out

    def _put(self, job: Callable[[], None]) -> None:
        """Hand ``job`` to the writer: on its thread, it writes only while the game is still ours."""

        def guarded() -> None:
            if not self.owner:
                return
            if not self.lock.still_ours():  # a second window may have the game now: its moves and ours must not mix
                self.owner = False
                self._say(News(t("kept.lock_lost"), warning=True))
                return
            job()

        self._writer.put(guarded)

    def _let_go(self) -> None:
        """Release the game's lock (its file too once the game is kept and its save gone)."""
        if not self.lock.held:
            return
        try:
            gone = self.finished and not save_path(self.table.id).exists()
        except OSError:  # the folder cannot be used: leave its lock file be
            gone = False
        self.lock.release(remove=gone)

    def _say(self, news: News) -> None:
        """Tell the listener, or keep the line until asked."""
        with self._said:
            tell = self._tell
            if tell is None:
                self._news.append(news)
        if tell is not None:
            tell(news)

    def _warn(self, line: str) -> None:
        """Tell the player something went wrong, but play goes on."""
        self._say(News(line, warning=True))

    def _append(self, lines: list[str]) -> None:
        """Append actions to the journal (the writer's job); a failure makes the next write a whole one. After a
        failure, lines handed over before the table knew of it are not appended (they would leave a gap): the
        whole save that comes next holds them."""
        if self._save_failed:
            return
        try:
            append_lines(lines, journal_path(save_path(self.table.id)))
        except OSError as e:
            self._cannot_save(e)

    def _write_whole(self, kept: Kept, *, count: bool, quiet: bool) -> None:
        """Write the save whole, and when a hand has ended, keep the record and count the hands (the writer's job;
        ``quiet``: a failure is not said, as when a resumed game's hands are looked at)."""
        try:
            write_save(kept.data, kept.game_id)
        except OSError as e:
            self._cannot_save(e)
            return
        self._save_failed = False
        if count and kept.hands.rows:
            self._keep_hands(kept, quiet=quiet)

    def _cannot_save(self, error: OSError) -> None:
        """A write failed: said once (it would be said after every action), and the next write is a whole one."""
        if not self._save_failed:
            self._say(News(t("kept.cannot_save", reason=_reason(error)), warning=True))
        self._save_failed = True

    def _keep_hands(self, kept: Kept, *, quiet: bool) -> None:
        """A hand ended (or a resumed game's hands were never looked at): keep the record and count the hands."""
        try:
            self.record = write_record(kept.data, kept.record)
            count(kept.hands, tell=self._warn)
        except OSError as e:
            if not quiet:
                self._say(News(t("kept.cannot_keep", reason=_reason(e)), warning=True))
        except CountError as e:
            self._count_failed = True
            if not quiet:
                self._say(News(t("kept.cannot_count_hand", reason=str(e)), warning=True))
        else:
            self._count_failed = False

    def _keep_left(self, kept: Kept) -> None:
        """Keep a game left before its end among the records, and say so (the writer's job)."""
        try:
            self.record = write_record(kept.data, kept.record)
        except OSError as e:
            self._say(News(t("kept.cannot_keep", reason=_reason(e)), warning=True))
            return
        self._say(News(t("kept.left_uncounted") if self._count_failed else t("kept.left")))

    def _finish(self, game: Game) -> None:
        """Save the ended game as it ended (a kill from here on leaves a save the next start settles), settle it, and
        say how it went; then let it go."""
        self.finished = True
        kept = Kept.of(game, self.table, new_mark())
        self._put(lambda: self._settle(kept))

    def _settle(self, kept: Kept) -> None:
        """:meth:`_finish`'s writes (the writer's job)."""
        with contextlib.suppress(OSError):  # the last save failing is said by the steps that follow
            write_save(kept.data, kept.game_id)
        done = settle_kept(kept, tell=self._warn)
        self.record = done.record
        if done.problem:
            self._say(News(done.problem, warning=True))
        if done.record is not None:
            self._say(News(t("kept.finished") if done.counted else t("kept.finished_uncounted")))
        self._let_go()


def _reason(error: OSError) -> str:
    """An operating system error in a few words."""
    return error.strerror or str(error)
