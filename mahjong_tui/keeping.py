"""A game kept while it is played: saved after every action; at its end, kept and counted.

:class:`Keeper` is what the table calls after every action (a bot's, through the play
loop's observer, and a person's): it writes the autosave, and once the game is over it
keeps the game among the records (:func:`mahjong_tui.saves.finish`, which clears the
autosave) and adds every hand to the statistics. A disk that refuses a write or a
statistics database that cannot be used never stops the game: the keeper says so once, in
one line, and play goes on. No UI here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mahjong_tui.engine import Game

from .i18n import t
from .saves import Table, autosave, finish
from .stats import Statistics, StatsError
from .storage import stats_path


@dataclass(frozen=True, slots=True)
class News:
    """A line for the player: the game kept, or something that could not be kept."""

    text: str
    warning: bool = False


class Keeper:
    """Saves the game after every action; at the game's end keeps its record and its statistics."""

    def __init__(self, table: Table) -> None:
        """Keep the game played at ``table`` (its players, its id)."""
        self.table = table
        self.record: Path | None = None  # the finished game's record, once kept
        self.finished = False  # the game's end has been dealt with (kept, or said why not)
        self._news: list[News] = []
        self._tell: Callable[[News], None] | None = None
        self._save_failed = False

    def listen(self, tell: Callable[[News], None]) -> None:
        """Give every line to ``tell`` as it comes (and those that came before)."""
        self._tell = tell
        for news in self.news():
            tell(news)

    def keep(self, game: Game) -> None:
        """Save ``game`` as it stands now; when it is over, keep it and count its hands (once)."""
        if self.finished:
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
        else:
            self._save_failed = False

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

    def _finish(self, game: Game) -> None:
        """Keep the record, clear the autosave, count every hand."""
        self.finished = True
        try:
            self.record = finish(game, self.table)
        except OSError as e:
            self._say(News(t("kept.cannot_keep", reason=_reason(e)), warning=True))
            return
        try:
            db = Statistics(stats_path())
            try:
                db.record_hands(self.table.id, game, self.table.players(), self.table.started)
            finally:
                db.close()
        except (StatsError, sqlite3.Error, OSError) as e:
            self._say(News(t("kept.cannot_count", reason=" ".join(str(e).split())), warning=True))
        self._say(News(t("kept.finished")))


def _reason(error: OSError) -> str:
    """An operating system error in a few words."""
    return error.strerror or str(error)
