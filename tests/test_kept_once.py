"""A game is kept and counted exactly once, whatever happens: a kill at any step of its end, a database that
refuses, a game left before its end, two windows on one data directory, two seats under one name.

The long random version is ``scripts/kill_soak.py`` (100 kills, counts printed).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mahjong_tui.engine import Game, GameOptions
from mahjong_tui.keep.keeping import Keeper, count_hands, finished_hands
from mahjong_tui.keep.saves import Seat, Table, autosave, keep_record, read_file, records, save_path
from mahjong_tui.keep.stats import Statistics
from mahjong_tui.keep.storage import stats_path
from mahjong_tui.keep.unfinished import find_games
from mahjong_tui.testing.fixtures import play_until
from mahjong_tui.testing.kept import kept_table
from mahjong_tui.testing.killed import check_kept, end_state, what_is_kept

pytestmark = pytest.mark.usefixtures("kept_home")


def ended_game(seed: int = 7, hands: int = 2) -> Game:
    """A game the demo bots play to its end."""
    game = Game("shanghai", seed, GameOptions(max_hands=hands))
    play_until(game, lambda g: False)
    assert game.over
    return game


def counted_rows(game_id: str) -> int:
    """Statistics rows of one game."""
    db = Statistics(stats_path())
    try:
        return int(db.db.execute("SELECT COUNT(*) FROM results WHERE game = ?", (game_id,)).fetchone()[0])
    finally:
        db.close()


@pytest.mark.parametrize("steps_done", [0, 1, 2], ids=["before-the-record", "after-the-record", "after-counting"])
def test_a_kill_at_any_step_of_the_end_is_completed_at_the_next_start(steps_done: int) -> None:
    """The end's steps are the record, the statistics, the save's removal: stopped after any of them (the save still
    holding the ended game), the next start completes the rest; one record, every hand counted once."""
    game, table = ended_game(), kept_table("shanghai", 7)
    autosave(game, table)  # the game ended: its save shows it over, the end not yet dealt with
    if steps_done >= 1:
        keep_record(game, table)
    if steps_done >= 2:
        count_hands(game, table)
    assert end_state(table.id) == ("playing", "recorded", "counted")[steps_done]
    found = find_games()
    assert found.games == () and found.problems == () and len(found.completed) == 1
    assert "now kept and counted" in found.completed[0]
    assert not save_path(table.id).exists() and len(records()) == 1 and counted_rows(table.id) == 2 * 4
    assert check_kept([table.id]) == [] and find_games().completed == ()  # and only once


def test_statistics_that_refuse_keep_the_save_until_they_take_the_hands(kept_home: Path) -> None:
    """A database that cannot be used at the game's end (one a newer version wrote): the record is kept, the save
    stays, one line says the next start counts the hands; once the database is usable again, the next start counts
    them, once."""
    broken = kept_home / "statistics.sqlite3"
    newer = sqlite3.connect(broken)
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    game, table = ended_game(), kept_table("shanghai", 7)
    keeper = Keeper(table)
    keeper.keep(game)
    news = keeper.news()
    assert [n.warning for n in news] == [True, False] and "next start" in news[0].text and "\n" not in news[0].text
    assert save_path(table.id).exists() and len(records()) == 1
    assert find_games().games == ()  # an ended game is never offered to resume
    broken.unlink()
    assert len(find_games().completed) == 1 and counted_rows(table.id) == 8 and not save_path(table.id).exists()
    assert len(records()) == 1 and check_kept([table.id]) == []


def test_each_hand_is_counted_as_it_ends_and_a_game_left_is_kept_marked_unfinished() -> None:
    """Hands count as they end; leaving before the end keeps the game among the records, marked unfinished and
    replayable, and its save stays to resume; ended later, the same record is replaced (the game kept once)."""
    game, table = Game("changsha", 4, GameOptions(max_hands=3)), kept_table("changsha", 4)
    keeper = Keeper(table)
    play_until(game, lambda g: keeper.keep(g) or (g.hand_number == 2 and len(g.actions[-1]) > 6))
    assert counted_rows(table.id) == 4 and finished_hands(game) == 1
    keeper.leave(game)
    assert [n.text for n in keeper.news()][-1].startswith("Game kept as it stands")
    (record,) = records()
    assert read_file(record).game.actions == game.actions and '"finished":false' in record.read_text("utf-8")
    assert [g.saved.table.id for g in find_games().free] == [table.id]
    again = Keeper(table)  # resumed, and played to its end
    play_until(game, lambda g: again.keep(g) or False)
    again.keep(game)
    again.flush()  # the end is settled by the keeper's thread
    assert records() == [record] and '"finished":true' in record.read_text("utf-8")
    assert counted_rows(table.id) == 3 * 4 and find_games().games == ()


def test_two_windows_on_one_game_only_one_writes() -> None:
    """A second keeper of a game another window plays holds nothing and writes nothing, and says so; the game is
    listed as in use (to watch, not to resume) until the first lets it go."""
    game, table = Game("shanghai", 3), kept_table("shanghai", 3)
    first = Keeper(table)
    play_until(game, lambda g: first.keep(g) or sum(map(len, g.actions)) > 10)
    second = Keeper(table)
    assert first.owner and not second.owner and "another window" in second.news()[0].text
    before = save_path(table.id).read_bytes()
    play_until(game, lambda g: second.keep(g) or sum(map(len, g.actions)) > 20)
    assert save_path(table.id).read_bytes() == before
    (listed,) = find_games().games
    assert listed.in_use and find_games().free == ()
    first.close()
    assert not find_games().games[0].in_use


def test_a_game_ending_in_one_window_leaves_the_others_game_alone() -> None:
    """Each game has its own save: a bots' game ending in one window removes its own save, never the other's."""
    waiting, waiting_table = Game("changsha", 5), Table((Seat("Ann"), Seat("Bo", "hard"), Seat("Cy"), Seat("Di")))
    person = Keeper(waiting_table)
    play_until(waiting, lambda g: person.keep(g) or sum(map(len, g.actions)) > 8)
    bots = Keeper(kept_table("shanghai", 7))
    game = ended_game()
    bots.keep(game)
    bots.flush()
    assert save_path(waiting_table.id).exists() and not save_path("shanghai-7").exists()
    person.close()
    assert [g.saved.table.id for g in find_games().free] == [waiting_table.id]


def test_two_seats_under_one_name_are_two_players() -> None:
    """Statistics are kept per seat's player, not per name shown: four seats named Al count four players, a hand
    each; a person and a bot of one name are two players."""
    game = ended_game(hands=1)
    table = Table((Seat("Al"), Seat("Al", "normal"), Seat("Al", "normal"), Seat("Al", "easy")), "same-names")
    count_hands(game, table)
    db = Statistics(stats_path())
    rows = db.players()
    db.close()
    assert sorted((r.player, r.bot) for r in rows) == [("Al", False), ("Al #2", True), ("Al #3", True), ("Al #4", True)]
    assert all(r.hands == 1 for r in rows)
    assert sum(r.points for r in rows) == 0


def test_statistics_kept_under_names_are_read_per_player_after_the_upgrade(kept_home: Path) -> None:
    """A database of the schema before players had an identity: opened, each row gets its player, a name that sat
    at two seats of a game split by seat."""
    db = sqlite3.connect(kept_home / "statistics.sqlite3")
    db.executescript(
        """
        CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, seed INTEGER NOT NULL, started TEXT NOT NULL);
        CREATE TABLE results (game TEXT NOT NULL REFERENCES games(id), hand INTEGER NOT NULL, seat INTEGER NOT NULL,
            player TEXT NOT NULL, bot INTEGER NOT NULL, points INTEGER NOT NULL, won INTEGER NOT NULL,
            self_draw INTEGER NOT NULL, dealt_in INTEGER NOT NULL, types TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (game, hand, seat));
        INSERT INTO games VALUES ('g', 'shanghai', 1, '2026-01-01T10:00:00');
        INSERT INTO results VALUES ('g', 1, 0, 'Al', 0, 30, 1, 0, 0, 'hunyise'), ('g', 1, 1, 'Al', 1, -10, 0, 0, 0, ''),
            ('g', 1, 2, 'Al', 1, -10, 0, 0, 0, ''), ('g', 1, 3, 'Bo', 1, -10, 0, 0, 0, '');
        PRAGMA user_version = 2;
        """
    )
    db.close()
    stats = Statistics(kept_home / "statistics.sqlite3")
    rows = {r.player: (r.bot, r.hands, r.points) for r in stats.players()}
    stats.close()
    assert rows == {"Al": (False, 1, 30), "Al #2": (True, 1, -10), "Al #3": (True, 1, -10), "Bo": (True, 1, -10)}


def test_killed_at_random_and_at_the_end_nothing_is_lost_or_counted_twice(kept_home: Path) -> None:
    """A player of two-hand games killed twelve times (SIGKILL, SIGTERM, SIGHUP), half of them just as a hand ends;
    after each kill the next start looks for games, and every game is saved to resume or kept once and counted."""
    rng = random.Random(5)
    started: list[str] = []
    for k in range(12):
        child = subprocess.Popen([sys.executable, "-m", "mahjong_tui.testing.killed", str(k)], stdout=subprocess.PIPE,
                                 text=True, env=os.environ.copy())  # fmt: skip
        assert child.stdout is not None
        deadline = time.monotonic() + rng.uniform(0.05, 0.6)  # odd kills: at a random moment of play, on purpose
        while line := child.stdout.readline().split():
            if line[0] == "start":
                started.append(line[1])
            if (k % 2 == 0 and line[0] == "ending" and int(line[2]) > k % 4 // 2) or (
                k % 2 and time.monotonic() > deadline
            ):  # even kills just as a hand ends: the first hand's (k = 0, 4, 8), the game's end (k = 2, 6, 10)
                time.sleep(rng.uniform(0.0, 0.003))  # a random moment to kill at, on purpose: it waits for nothing
                break
        child.send_signal(rng.choice((signal.SIGKILL, signal.SIGTERM, signal.SIGHUP)))
        out, _ = child.communicate(timeout=60)
        started += [x.split()[1] for x in out.splitlines() if x.startswith("start ")]
        find_games()
        assert check_kept(started) == [], f"after kill {k + 1}"
    kept = what_is_kept()
    assert any(kept.hands_counted.values()) and all(n == 1 for n in kept.records.values())


def test_a_data_folder_that_is_a_file_finds_nothing_and_says_why(
    kept_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the data folder should be there is a file: looking for games finds none and says why in one line; a game
    played there says once that it cannot be saved, and goes on."""
    spot = kept_home / "taken"
    spot.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("MAHJONG_TUI_HOME", str(spot))
    found = find_games()
    assert found.games == () and len(found.problems) == 1 and "is a file, not a folder" in found.problems[0]
    assert records() == []
    game, table = Game("changsha", 3, GameOptions(max_hands=1)), kept_table("changsha", 3)
    keeper = Keeper(table)
    play_until(game, lambda g: keeper.keep(g) or sum(map(len, g.actions)) > 12)
    (news,) = keeper.news()
    assert news.warning and "could not be saved" in news.text and spot.read_text(encoding="utf-8") == "not a folder"
    play_until(game, lambda g: keeper.keep(g) or False)  # to its end: nothing can be kept, and nothing breaks
    keeper.keep(game)
    assert game.over and all(n.warning for n in keeper.news())
    keeper.leave(game)


WINDOW = """
import sys
from mahjong_tui.keep.settings import Settings
from mahjong_tui.testing.fixtures import demo_bot_factory
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import quick_setup

humans, hands = int(sys.argv[1]), int(sys.argv[2])
setup = quick_setup("shanghai", humans, "normal", 5, speed="instant", max_hands=hands)
MahjongApp(setup, bot_factory=demo_bot_factory, settings=Settings()).run(headless=True, size=(120, 36))
"""


def test_two_real_windows_on_one_data_folder_never_lose_a_game(kept_home: Path) -> None:
    """Two apps on one data folder: a person's game waits in one while a bots' game ends in the other; the person's
    game is never touched (listed as in use, to watch), and once its window is gone it is there to resume."""

    def window(humans: int, hands: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-c", WINDOW, str(humans), str(hands)], env=os.environ.copy(),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip

    def until(check: object, seconds: float = 60) -> None:
        """Look again and again until ``check()`` (what the other processes do); fail after ``seconds``."""
        deadline = time.monotonic() + seconds
        while not check() and time.monotonic() < deadline:  # type: ignore[operator]
            time.sleep(0.1)
        assert check(), f"did not happen in {seconds} s"  # type: ignore[operator]

    person = window(1, 4)
    try:
        until(lambda: len(find_games().games) == 1)
        (waiting,) = find_games().games
        assert waiting.in_use
        bots = window(0, 1)
        try:
            until(lambda: any('"finished":true' in p.read_text("utf-8") for p in records()))
        finally:
            bots.kill()
            bots.wait()
        (still,) = find_games().games
        assert still.in_use and still.saved.table.id == waiting.saved.table.id
        before = [a for hand in waiting.saved.game.actions for a in hand]
        assert [a for hand in still.saved.game.actions for a in hand][: len(before)] == before
    finally:
        person.send_signal(signal.SIGKILL)
        person.wait()
    (free,) = find_games().free
    assert free.saved.table.id == waiting.saved.table.id


def test_a_game_taken_up_from_an_old_list_is_read_again_under_its_lock() -> None:
    """A list of games made a while ago: meanwhile another window played on and left, or ended the game. Taking it
    up reads the save again under its lock, so the later state is played on (never the listed one written over it),
    and an ended game is not taken up at all."""
    from mahjong_tui.keep.unfinished import take_up

    game, table = Game("changsha", 6, GameOptions(max_hands=2)), kept_table("changsha", 6)
    other = Keeper(table)
    play_until(game, lambda g: other.keep(g) or sum(map(len, g.actions)) > 8)
    (listed,) = find_games().games
    play_until(game, lambda g: other.keep(g) or sum(map(len, g.actions)) > 30)  # the other window plays on
    assert not take_up(table.id).saved and take_up(table.id).in_use  # while it plays: not taken
    other.leave(game)
    taken = take_up(table.id)
    assert taken.saved is not None and taken.saved.game.actions == game.actions != listed.saved.game.actions
    assert taken.lock is not None and taken.lock.held
    taken.lock.release()
    again = Keeper(table)
    play_until(game, lambda g: again.keep(g) or False)
    again.keep(game)
    again.flush()  # the end is settled by the keeper's thread
    assert take_up(table.id).saved is None and not take_up(table.id).in_use  # ended and kept: nothing to take up


def test_the_single_save_of_earlier_versions_becomes_a_game_of_its_own(kept_home: Path) -> None:
    """An ``autosave.json`` from before each game had its own save: taken over once (a game to resume), the old file
    gone, and nothing said."""
    import json

    from mahjong_tui.keep.saves import save_data

    game, table = Game("shanghai", 4), kept_table("shanghai", 4)
    play_until(game, lambda g: sum(map(len, g.actions)) > 10)
    (kept_home / "autosave.json").write_text(json.dumps(save_data(game, table)), encoding="utf-8")
    found = find_games()
    assert found.notices == () and [g.saved.table.id for g in found.games] == [table.id]
    assert not (kept_home / "autosave.json").exists() and save_path(table.id).exists()
    assert find_games().games[0].saved.game.actions == game.actions
