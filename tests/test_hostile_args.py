"""Hostile arguments and places: every number range-checked in a short line, names without control characters,
``export -o`` writing through, settings that keep what they do not know, statistics databases locked or broken,
and a crash that exits non-zero with its traceback in a log.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from mahjong_tui.clean import clean_name
from mahjong_tui.cli import main
from mahjong_tui.engine import Game
from mahjong_tui.keep.files import write_text_atomically
from mahjong_tui.keep.saves import Seat, Table, save_data
from mahjong_tui.keep.settings import Settings, defaults, load_settings, save_settings
from mahjong_tui.keep.stats import Statistics
from mahjong_tui.limits import MAX_BASE, MAX_HANDS, MAX_POINTS, MAX_SEED

HUGE = "9" * 5000


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], word: str, longest: int = 110) -> str:
    """Run ``argv``: exit 2, one short line naming ``word``; the line."""
    assert main(argv) == 2, argv
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and word in lines[0] and len(lines[0]) <= longest, lines
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["play", "--seed", str(MAX_SEED + 1)], "--seed"),
        (["play", "--seed", HUGE], "--seed"),
        (["play", "--seed", "-" + HUGE], "--seed"),
        (["play", "--base", "10000000000000000000"], "--base"),
        (["play", "--base", str(MAX_BASE + 1)], "--base"),
        (["play", "--points", str(MAX_POINTS + 1)], "--points"),
        (["play", "--hands", str(MAX_HANDS + 1)], "--hands"),
        (["play", "--humans", HUGE], "--humans"),
        (["play", "--seed", "٣"], "--seed"),
        (["play", "--seed", "1e5"], "--seed"),
        (["play", "--rules", "x" * 5000], "--rules"),
        (["simulate", "--rules", "shanghai", "--hands", HUGE, "--seed", "1"], "--hands"),
        (["simulate", "--rules", "shanghai", "--hands", "1", "--seed", HUGE], "--seed"),
        (["simulate", "--rules", "shanghai", "--hands", "1", "--seed", "1", "--workers", HUGE], "--workers"),
        (["replay", "x.json", "--hand", HUGE], "--hand"),
        (["replay", "x.json", "--hand", "0"], "--hand"),
        (["hint", "-", "--lang", "x" * 5000], "--lang"),
        (["export", "x.json", "--text", "--lang", "x" * 5000], "--lang"),
        (["stats", "--lang", HUGE], "--lang"),
    ],
)
def test_numbers_and_choices_are_refused_at_parse_time_in_a_short_line(capsys, argv: list[str], word: str) -> None:
    """A number out of range or a huge input: exit 2, one line under ~100 characters, never the input whole."""
    line = refused(capsys, argv, word, longest=180 if "--rules" in argv or "--lang" in argv else 110)
    assert HUGE[:60] not in line


def test_a_5000_digit_seed_is_refused_in_under_100_characters(capsys) -> None:
    """The audit's case: the seed of 5,000 digits, refused in a line under 100 characters (was 5,000)."""
    assert len(refused(capsys, ["play", "--seed", HUGE], "--seed")) < 100


def test_the_largest_numbers_the_game_allows_are_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limits themselves pass the parser, and reach the app as given."""
    seen: dict[str, object] = {}
    monkeypatch.setattr("mahjong_tui.ui.app.run", lambda *a, **k: seen.update(k, seed=a[3]) or 0)
    argv = ["play", "--seed", str(MAX_SEED), "--base", str(MAX_BASE), "--points", str(MAX_POINTS)]
    assert main([*argv, "--hands", str(MAX_HANDS)]) == 0
    assert seen["seed"] == MAX_SEED and seen["base"] == MAX_BASE and seen["max_hands"] == MAX_HANDS


def test_a_name_that_is_not_utf8_is_refused_in_one_line(capsys) -> None:
    """``--names`` with a byte that is not UTF-8 (argv carries it as a surrogate): one line, exit 2."""
    line = refused(capsys, ["play", "--names", "Al\udcff,Bo"], "UTF-8", longest=140)
    assert "\udcff" not in line


def test_names_lose_control_characters_where_they_enter(monkeypatch: pytest.MonkeyPatch) -> None:
    """ESC, BEL, C1 and bidi overrides are dropped from ``--names``."""
    seen: dict[str, object] = {}
    monkeypatch.setattr("mahjong_tui.ui.app.run", lambda *a, **k: seen.update(k) or 0)
    assert main(["play", "--names", "\x1b[2JAl\x07,\u202eBo\x9b"]) == 0
    assert seen["names"] == ["[2JAl", "Bo"]
    assert clean_name(" \x00A\u2066b\x7fc\udcff ") == "Abc\ufffd"


def test_stats_prints_names_from_the_database_without_control_characters(capsys) -> None:
    """A statistics database holding a name with terminal escapes: stats prints it without them."""
    from mahjong_tui.keep.storage import stats_path

    db = Statistics(stats_path())
    try:
        game = Game("shanghai", 3)
        db.record_hands("g1", game, [("\x1b]0;owned\x07Eve", False), ("B", True), ("C", True), ("D", True)], "")
    finally:
        db.close()
    assert main(["stats"]) == 0
    assert main(["stats", "--json"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out


# --------------------------------------------------------------------------- export -o


def kept_record(tmp_path: Path) -> Path:
    """A record to export."""
    path = tmp_path / "game.json"
    seats = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))
    path.write_text(json.dumps(save_data(Game("changsha", 2), Table(seats))), encoding="utf-8")
    return path


def test_export_o_writes_through_a_symlink_and_to_a_device(tmp_path: Path) -> None:
    """``-o`` opens the path for writing: a symlink stays a symlink (its target has the log), /dev/null a device."""
    record = kept_record(tmp_path)
    target = tmp_path / "target.txt"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert main(["export", str(record), "--text", "-o", str(link)]) == 0
    assert link.is_symlink() and "Alice" in target.read_text(encoding="utf-8")
    assert main(["export", str(record), "--text", "-o", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_export_o_gives_ordinary_permissions(tmp_path: Path) -> None:
    """A new file: 0666 less the umask (not 0600); a file that exists keeps its own mode."""
    record = kept_record(tmp_path)
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.txt"
        assert main(["export", str(record), "--text", "-o", str(new)]) == 0
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text("", encoding="utf-8")
        kept.chmod(0o600)
        assert main(["export", str(record), "--text", "-o", str(kept)]) == 0
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text(encoding="utf-8")
    finally:
        os.umask(old)


def test_atomic_writes_give_new_files_ordinary_permissions(tmp_path: Path) -> None:
    """The game's own files, written atomically, are 0666 less the umask, and keep a mode chosen for them."""
    old = os.umask(0o027)
    try:
        path = tmp_path / "save.json"
        write_text_atomically("{}", path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        path.chmod(0o600)
        write_text_atomically("{}", path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    finally:
        os.umask(old)


# --------------------------------------------------------------------------- settings


def test_unknown_settings_are_kept_and_ignored(kept_home: Path) -> None:
    """An unknown key: a one-line note, the known settings kept, and the key written back on save."""
    path = kept_home / "settings.toml"
    path.write_text('speed = "slow"\nfuture = "x"\n[newer]\nlevel = 3\n', encoding="utf-8")
    loaded = load_settings()
    assert (
        loaded.settings == Settings(speed="slow", hints=True)
        and "future" in loaded.problem
        and "\n" not in loaded.problem
    )
    save_settings(loaded.settings.changed(tiles="plain"))
    text = path.read_text(encoding="utf-8")
    assert 'future = "x"' in text and "level = 3" in text and 'tiles = "plain"' in text
    assert load_settings().settings == Settings(speed="slow", tiles="plain", hints=True)


def test_a_settings_file_nested_too_deep_is_moved_aside(kept_home: Path) -> None:
    """Deep TOML arrays (the parser would recurse past Python's limit): moved aside in one line, the defaults."""
    path = kept_home / "settings.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == defaults() and "moved aside" in loaded.problem and not path.exists()


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_settings_path_that_is_not_a_file_is_ignored_without_a_hang(kept_home: Path, kind: str) -> None:
    """A FIFO or a folder where the settings file goes: the defaults, one line, left where it is."""
    path = kept_home / "settings.toml"
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    loaded = load_settings()
    assert loaded.settings == defaults() and loaded.problem and "\n" not in loaded.problem
    with pytest.raises(OSError):
        save_settings(Settings())
    assert path.exists() and not path.is_file()


# --------------------------------------------------------------------------- statistics


def test_a_statistics_database_without_tables_is_one_line(kept_home: Path, capsys) -> None:
    """Its version says the tables exist, but they do not: broken, in one line, exit 2."""
    db = sqlite3.connect(kept_home / "statistics.sqlite3")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    assert "broken statistics database" in refused(capsys, ["stats"], "statistics", longest=200)


def test_a_locked_statistics_database_is_called_locked(kept_home: Path, capsys) -> None:
    """Another program holds the database: 'in use … (locked)', not 'not a statistics database'."""
    path = kept_home / "statistics.sqlite3"
    Statistics(path).close()
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(Exception, match=r"in use by another mahjong-tui \(locked\)"):
            Statistics(path, timeout=0.1)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# --------------------------------------------------------------------------- crashes


def test_a_command_that_crashes_exits_1_with_its_log(kept_home: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """A crash inside a command: status 1, one line naming the log, the traceback in the log."""

    def boom(argv: list[str]) -> int:
        raise RuntimeError("something broke")

    monkeypatch.setattr("mahjong_tui.commands.rules.run", boom)
    assert main(["rules"]) == 1
    line = capsys.readouterr().err.strip()
    log = kept_home / "crash.log"
    assert "\n" not in line and str(log) in line and "something broke" in line
    assert "Traceback" in log.read_text(encoding="utf-8") and "boom" in log.read_text(encoding="utf-8")


def test_a_crash_inside_the_app_exits_1_with_its_log(kept_home: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """An exception inside the Textual app: status 1 (not 0), one line on the terminal, the traceback in the log."""
    from textual.app import App

    from mahjong_tui.ui.app import MahjongApp

    def boom(self: MahjongApp) -> None:
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(MahjongApp, "on_mount", boom)
    monkeypatch.setattr(MahjongApp, "run", lambda self, **kw: App.run(self, headless=True))
    done = threading.Event()
    status: list[int] = []

    def play() -> None:
        status.append(main([]))
        done.set()

    worker = threading.Thread(target=play, daemon=True)
    worker.start()
    assert done.wait(60), "the app did not end"
    err = capsys.readouterr().err.strip()
    assert status == [1] and len(err.splitlines()) == 1 and "crash.log" in err and "Traceback" not in err
    assert "the table fell over" in (kept_home / "crash.log").read_text(encoding="utf-8")
