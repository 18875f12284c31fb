"""What follows the language chosen: the names a seat is given when none is typed (a name typed stays as typed), and
the table's log, told again in the new language when it changes mid-game.

Every test keeps its files in a directory of its own, in English again afterwards (``tests/conftest.py``).
"""

from __future__ import annotations

import re

from textual.widgets import Input
from ui_support import FULL, settle, table_of

from mahjong_tui.i18n import use
from mahjong_tui.keep.settings import Settings
from mahjong_tui.testing.fixtures import demo_app, demo_bot_factory, mid_hand
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import GameSetup, quick_setup
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.cycle import Cycle
from mahjong_tui.ui.widgets.log import ReflowLog

ENGLISH = ["Alice", "Bob", "Carol", "Dave"]
CHINESE = ["小明", "小红", "小刚", "小丽"]


# ---------------------------------------------------------------------- the names given when none is typed
def test_the_names_given_are_the_languages_and_a_name_given_stays() -> None:
    use("en")
    assert GameSetup().names == ENGLISH
    assert quick_setup("shanghai", 2).names == ["Alice", "Bob", "Lan", "Hao"]
    for language in ("zh", "both"):
        use(language)
        assert GameSetup().names == CHINESE
        assert quick_setup("changsha", 2).names == ["小明", "小红", "Lan", "Hao"]  # the bots keep their own names
        assert quick_setup("changsha", 2, names=["Zoe"]).names == ["Zoe", "小红", "Lan", "Hao"]


def names_in(form: NewGameScreen) -> list[str]:
    return [form.query_one(f"#name-{i}", Input).value for i in range(4)]


async def test_the_new_game_form_names_the_seats_in_the_language_and_keeps_a_name_typed() -> None:
    app = MahjongApp(settings=Settings(language="zh"), bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert names_in(form) == CHINESE
        form.query_one("#name-1", Input).value = "Zoe"
        app.change_setting("language", "en")
        await pilot.pause()
        assert names_in(form) == ["Alice", "Zoe", "Carol", "Dave"]
        app.change_setting("language", "zh")
        await pilot.pause()
        assert names_in(form) == ["小明", "Zoe", "小刚", "小丽"]
        form.query_one("#player-3", Cycle).value = "human"
        await pilot.pause()
        assert names_in(form) == ["小明", "Zoe", "小刚", "小丽"]
        form.query_one("#player-2", Cycle).value = "hard"  # a bot's name for a bot, a person's for a person
        await pilot.pause()
        assert names_in(form) == ["小明", "Zoe", "Lan", "小丽"]
        assert form.read().names == ["小明", "Zoe", "Lan", "小丽"]


# ---------------------------------------------------------------------- the log
WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


async def test_a_change_of_language_mid_game_tells_every_line_of_the_log_again_in_it() -> None:
    app = demo_app(mid_hand("shanghai", 1), language="en")
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and table_of(app).actor == 0)
        table = table_of(app)
        log = table.query_one("#log", ReflowLog)
        english = [str(line) for line in log.entries]
        names = set(table.look().names)
        assert len(english) > 20 and all(WORD.findall(line) for line in english)  # the hand so far, in words
        app.change_setting("language", "zh")
        await pilot.pause()
        chinese = [str(line) for line in log.entries]
        assert len(chinese) == len(english)
        for line in chinese:
            assert CJK.search(line) and set(WORD.findall(line)) <= names, line  # Chinese, but for the names
        app.change_setting("language", "en")
        await pilot.pause()
        assert [str(line) for line in log.entries] == english
        # and as it is drawn: the log written again, nothing of the Chinese left
        await pilot.pause()
        drawn = " ".join(strip.text for strip in log.lines)
        assert "摸" not in drawn and "打出" not in drawn and WORD.search(drawn)
