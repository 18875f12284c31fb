"""The app with hostile files and keys: it says what is wrong in one line and the game goes on.

Each test keeps its files in its own ``MAHJONG_TUI_HOME`` (see ``conftest.py``).
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from ui_support import FULL, plain, policy_bots, press, settle, showing

from mahjong_tui.engine import Game
from mahjong_tui.keep.saves import Seat, Table, save_data
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.stats import StatsScreen

SEATS = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))


async def test_page_keys_in_the_command_palette_never_crash() -> None:
    """Ctrl+P then PageDown (and PageDown again, PageUp): the palette stays open and the app runs on."""
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await press(pilot, "ctrl+p")
        await press(pilot, "pagedown")
        await press(pilot, "pagedown", "pageup", "pageup")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandList).highlighted is not None
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
    assert app.return_code in (None, 0)


def save_text(**change: str) -> str:
    """A real save, as the game writes it (compact), with some text replaced."""
    text = json.dumps(save_data(Game("shanghai", 4), Table(SEATS, "g1")), separators=(",", ":"))
    for old, new in change.items():
        assert old in text
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize(
    "kind",
    ["base-1e400", "deep", "5000-digits", "fifo"],
)
async def test_a_hostile_save_is_set_aside_and_the_game_goes_on(kept_home: Path, kind: str) -> None:
    """A save that crashed every start (base 1e400, deep nesting, 5,000 digits) or a FIFO that hung ``--resume``:
    one line naming it, moved aside, and the new game screen."""
    games = kept_home / "games"
    games.mkdir()
    save = games / "g1.json"
    if kind == "fifo":
        os.mkfifo(save)
    elif kind == "base-1e400":
        save.write_text(save_text(**{'"base":1': '"base":1e400'}), encoding="utf-8")
    elif kind == "deep":
        save.write_text(save_text(**{'"id":"g1"': '"id":' + "[" * 3000 + "]" * 3000}), encoding="utf-8")
    else:
        save.write_text(save_text(**{'"seed":4': '"seed":' + "4" * 5000}), encoding="utf-8")
    app = MahjongApp(bot_factory=policy_bots, resume=True)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await pilot.pause()
    assert app.return_code in (None, 0)
    assert not save.exists() and list(games.glob("g1.json.broken-*"))


async def test_statistics_without_tables_are_one_line_and_the_game_goes_on(kept_home: Path) -> None:
    """Ctrl+T on a statistics database whose tables are gone: the screen says so in one line; Escape goes back."""
    db = sqlite3.connect(kept_home / "statistics.sqlite3")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await press(pilot, "ctrl+t")
        await settle(pilot, showing(app, StatsScreen))
        screen = app.screen
        assert isinstance(screen, StatsScreen) and "broken statistics database" in screen.problem
        assert "\n" not in screen.problem
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
    assert app.return_code in (None, 0)


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("seed", "9" * 5000, "at most"), ("base", "10001", "at most 10000"), ("seed", "٣", "whole number")],
)
async def test_the_new_game_screen_holds_numbers_to_the_limits(field: str, value: str, said: str) -> None:
    """A number past the game's limits (or not ASCII digits): the form says what to fix, no game starts."""
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        app.screen.query_one(f"#{field}").value = value  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.driver is None
        error = plain(app.screen.query_one("#new-game-error"))
        assert said in error and len(error) < 100


async def test_names_typed_on_the_new_game_screen_lose_control_characters() -> None:
    """A name typed (or pasted) with an escape and a bidi override keeps only its printable text."""
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        app.screen.query_one("#name-0").value = "\x1b[31mAnn\u202e"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await settle(pilot, lambda: app.driver is not None)
        assert app.driver.setup.names[0] == "[31mAnn"  # type: ignore[union-attr]
