"""The statistics database read for a player: every player's record and every drill answer, or one line saying why
they cannot be read (the database locked, broken, or not one). The statistics screen and the ``stats`` command both
read it here."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

from mahjong_tui.clean import one_line
from mahjong_tui.keep.stats import DrillAnswer, PlayerStats, Statistics, StatsError
from mahjong_tui.keep.storage import stats_path

T = TypeVar("T")


def read_players() -> tuple[list[PlayerStats], str]:
    """Every player's record, or the one line saying why the database cannot be read (locked, broken, not one).

    Names are as kept (see :func:`mahjong_tui.clean.clean_name`).
    """
    return _read(lambda db: db.players())


def read_drills(rules: str | None = None) -> tuple[list[DrillAnswer], str]:
    """Every drill answer kept (under ``rules`` when given), or the one line saying why the database cannot be read."""
    return _read(lambda db: db.drill_answers(rules))


def _read(what: Callable[[Statistics], list[T]]) -> tuple[list[T], str]:
    """``what`` the statistics database holds (none before it is made), or the one line saying why it cannot be
    read (locked, broken, not one)."""
    try:
        path = stats_path()
        if not path.exists():
            return [], ""
        db = Statistics(path)
    except (StatsError, OSError) as e:
        return [], one_line(str(e))
    try:
        return what(db), ""
    except sqlite3.Error as e:  # tables broken or gone: said in one line, and the game goes on
        return [], one_line(f"{path}: broken statistics database ({e})")
    finally:
        db.close()
