"""Keeping a game while it is played: saved after every action, kept and counted once at its end,
and a disk or a database that refuses never stops the game (one line says so, once)."""

from __future__ import annotations

from pathlib import Path

from mahjong_tui.engine import Game, GameOptions, game_record
from mahjong_tui.keep.keeping import Keeper, News
from mahjong_tui.keep.saves import records, save_path
from mahjong_tui.keep.stats import Statistics
from mahjong_tui.keep.storage import stats_path
from mahjong_tui.testing.fixtures import play_until
from mahjong_tui.testing.kept import kept_table, saved_game


def test_every_action_is_saved_and_the_end_kept_and_counted_once() -> None:
    """The save follows the game action by action; at its end one record, every hand counted, the save gone."""
    game = Game("shanghai", 2, GameOptions(max_hands=2))
    keeper = Keeper(kept_table("shanghai", 2))
    told: list[News] = []
    keeper.listen(told.append)
    checked = 0

    def keep_and_check(g: Game) -> bool:
        """Save, and see the save is the game as it stands (every 25th action)."""
        nonlocal checked
        keeper.keep(g)
        if sum(map(len, g.actions)) % 25 == 0 and not g.over:
            keeper.flush()  # the write is the keeper's thread's
            saved = saved_game()
            assert saved is not None and game_record(saved.game) == game_record(g)
            checked += 1
        return False

    play_until(game, keep_and_check)
    keeper.keep(game)
    keeper.keep(game)  # the end is dealt with once
    keeper.flush()  # by the keeper's thread
    assert game.over and checked >= 3
    assert len(records()) == 1 and saved_game() is None and keeper.record == records()[0]
    db = Statistics(stats_path())
    rows = db.players()
    db.close()
    assert sum(r.hands for r in rows) == 2 * 4 and {r.player for r in rows if r.bot} == {"Mei", "Jun", "Lan"}
    assert [n.warning for n in told] == [False] and "Records" in told[0].text


def test_a_save_that_fails_is_said_once_and_play_goes_on(kept_home: Path) -> None:
    """The autosave cannot be written: one warning, however many actions follow; a save that works again, silence."""
    save_path("changsha-3").mkdir()  # a directory where the save should go: every write fails
    game = Game("changsha", 3)
    keeper = Keeper(kept_table("changsha", 3))
    play_until(game, lambda g: keeper.keep(g) or sum(map(len, g.actions)) > 20)
    news = keeper.news()
    assert len(news) == 1 and news[0].warning and "could not be saved" in news[0].text and "\n" not in news[0].text
    save_path("changsha-3").rmdir()
    keeper.keep(game)
    assert keeper.news() == [] and saved_game() is not None


def test_a_statistics_file_that_is_no_database_is_moved_aside_and_a_new_one_counts(kept_home: Path) -> None:
    """At the end, a statistics file that is no database: moved aside whole (never deleted), one line naming it, and
    the hands counted in a new database; the record is kept."""
    (kept_home / "statistics.sqlite3").write_bytes(b"\x00garbage" * 200)
    game = Game("shanghai", 7, GameOptions(max_hands=1))
    keeper = Keeper(kept_table("shanghai", 7))
    play_until(game, lambda g: False)
    keeper.keep(game)
    news = keeper.news()
    assert len(records()) == 1 and [n.warning for n in news] == [True, False]
    assert "moved aside to statistics.sqlite3.broken-" in news[0].text and "\n" not in news[0].text
    (aside,) = kept_home.glob("statistics.sqlite3.broken-*")
    assert aside.read_bytes() == b"\x00garbage" * 200
    db = Statistics(stats_path())
    assert sum(r.hands for r in db.players()) == 4
    db.close()


def test_statistics_of_a_newer_version_are_never_written(kept_home: Path) -> None:
    """A database a newer mahjong-tui wrote is left as it is: the hands are not counted (one line says so), the
    record is kept."""
    import sqlite3

    db = sqlite3.connect(kept_home / "statistics.sqlite3")
    db.execute("PRAGMA user_version = 99")
    db.close()
    before = (kept_home / "statistics.sqlite3").read_bytes()
    game = Game("shanghai", 7, GameOptions(max_hands=1))
    keeper = Keeper(kept_table("shanghai", 7))
    play_until(game, lambda g: False)
    keeper.keep(game)
    news = keeper.news()
    assert len(records()) == 1 and [n.warning for n in news] == [True, False] and "newer" in news[0].text
    assert (kept_home / "statistics.sqlite3").read_bytes() == before
