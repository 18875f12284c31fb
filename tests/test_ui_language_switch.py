"""What follows the language chosen: the names a seat is given when none is typed (a name typed stays as typed).

Every test keeps its files in a directory of its own, in English again afterwards (``tests/conftest.py``).
"""

from __future__ import annotations

from textual.widgets import Input
from ui_support import FULL, settle

from mahjong_tui.i18n import use
from mahjong_tui.keep.settings import Settings
from mahjong_tui.testing.fixtures import demo_bot_factory
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import GameSetup, quick_setup
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.widgets.cycle import Cycle

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
