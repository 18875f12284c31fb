"""Settings kept and the language in use, at the table (Textual Pilot): every change on the settings
screen applied and on disk at once and back at the next start, a broken settings file, the
learning aids from the settings unless ``play`` says otherwise, ``--lang``, and every screen of
the games kept drawn in each language; snapshots of the settings screen in English and Chinese.

Every test keeps its files in a directory of its own (``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_kept import opened, opening, text_of
from textual.widgets import Button, DataTable, Select
from ui_support import FULL, press, settle, showing

from mahjong_tui.cli import main
from mahjong_tui.engine import Game
from mahjong_tui.i18n import catalogue, current
from mahjong_tui.keep.saves import autosave, finish
from mahjong_tui.keep.settings import Settings, load_settings, save_settings
from mahjong_tui.testing.fixtures import demo_app, demo_bot_factory, mid_hand, play_until
from mahjong_tui.testing.kept import count, finished_game, kept_table
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Learning, Palette, TileStyle
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.records import RecordsScreen
from mahjong_tui.ui.screens.replay import ReplayScreen
from mahjong_tui.ui.screens.settings import SettingsScreen
from mahjong_tui.ui.screens.stats import StatsScreen
from mahjong_tui.ui.screens.table import TableScreen


# ---------------------------------------------------------------------- settings and language
async def test_a_settings_change_is_on_disk_at_once_and_back_at_the_next_start() -> None:
    """Each change is saved the moment it is made (the others kept as they were) and read at the next start."""
    save_settings(Settings(hints=True))
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        await press(pilot, "f2")  # the new game screen's key for the settings
        await settle(pilot, opened(app, SettingsScreen, "#language"))
        app.screen.query_one("#style").value = "plain"  # type: ignore[attr-defined]
        await pilot.pause()
        assert load_settings().settings.tiles == "plain"
        app.screen.query_one("#speed").value = "fast"  # type: ignore[attr-defined]
        await pilot.pause()
        app.screen.query_one("#language").value = "zh"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        assert load_settings().settings == Settings(language="zh", tiles="plain", speed="fast", hints=True)
        assert current().language == "zh" and app.screen.query_one("#language").value == "zh"  # type: ignore[attr-defined]
        await pilot.click("#ok")
        await settle(pilot, showing(app, NewGameScreen))
        assert app.screen.pace()[0] == "fast"  # type: ignore[attr-defined]
        assert str(app.screen.query_one("#records", Button).label) == "牌谱"
        assert str(app.screen.query_one("#settings-button", Button).label) == "设置"
        await pilot.click("#settings-button")
        await settle(pilot, opened(app, SettingsScreen, "#language"))
        await pilot.click("#ok")
        await settle(pilot, showing(app, NewGameScreen))
    current_language = current().language
    again = MahjongApp(bot_factory=demo_bot_factory)
    async with again.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(again.screen, NewGameScreen) and again.screen.filled)
        assert again.appearance.style is TileStyle.PLAIN and again.appearance.palette is Palette.STANDARD
        assert current().language == current_language == "zh" and again.screen.pace()[0] == "fast"  # type: ignore[attr-defined]


async def test_a_broken_settings_file_is_named_and_the_defaults_used(kept_home: Path) -> None:
    """An unreadable settings file: moved aside, the defaults, one line at the start."""
    (kept_home / "settings.toml").write_text('tiles = "marble\n', encoding="utf-8")
    app = MahjongApp()
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        assert app.settings == Settings(hints=True) and any("moved aside" in n for n in app.notices)
    assert list(kept_home.glob("settings.toml.broken-*"))


def test_lang_and_resume_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mahjong-tui --lang zh --resume`` and ``play --lang both --resume``: passed on to the app."""
    seen: list[dict[str, object]] = []
    monkeypatch.setattr("mahjong_tui.ui.app.run", lambda *a, **kw: seen.append(kw) or 0)
    assert main(["--lang", "zh", "--resume"]) == 0
    assert main(["play", "--lang", "both", "--resume"]) == 0
    assert main(["play", "--tiles", "plain"]) == 0
    assert seen[0] == {"lang": "zh", "resume": True}
    assert seen[1]["lang"] == "both" and seen[1]["resume"] is True
    assert seen[2]["tiles"] == "plain" and seen[2]["lang"] is None and seen[2]["speed"] is None


def test_the_language_chosen_is_the_one_in_use() -> None:
    """``--lang`` wins over the settings for that run; without it, the settings' language."""
    MahjongApp(settings=Settings(language="zh"), language="both")
    assert current().language == "both"
    MahjongApp(settings=Settings(language="zh"))
    assert current().language == "zh"


@pytest.mark.parametrize(
    ("args", "word"),
    [(["--lang", "fr"], "'fr'"), (["play", "--lang", "klingon"], "klingon"), (["--lang", "zh", "play"], "after")],
)
def test_a_bad_language_flag_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], word: str
) -> None:
    """A language that is not there, or a flag before the command: one line, exit 2."""
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and word in err[0]


# ---------------------------------------------------------------------- every screen in every language
@pytest.mark.parametrize("language", ["en", "zh", "both"])
async def test_every_kept_screen_speaks_the_language_chosen(language: str) -> None:
    """The Resume entry, the records, the replay (table and result), the statistics and the settings:
    each drawn in the language chosen, with its texts from that language's catalogue."""
    say = catalogue(language)
    game, table = finished_game("changsha", 4, 1), kept_table("changsha", 4)
    count(game, table)
    finish(game, table)
    unfinished = Game("shanghai", 2)
    play_until(unfinished, lambda g: len(g.actions[-1]) > 6)
    autosave(unfinished, kept_table("shanghai", 2))
    app = MahjongApp(settings=Settings(language=language), bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.has_class("-saved"))
        assert str(app.screen.query_one("#resume", Button).label) == say("new_game_kept.resume")
        mei = say("resume.bot", name="Mei", level=say("resume.level_hard"))
        assert mei in text_of(app.screen.query_one("#resume-line")).replace("\n", " ")
        assert say("new_game_kept.key_records") in text_of(app.screen.query_one("#new-game-keys"))
        await press(pilot, "ctrl+g")
        await settle(pilot, lambda: isinstance(app.screen, RecordsScreen) and app.screen.query_one(DataTable).row_count)
        assert say("records.title") in text_of(app.screen.query_one(".card-title"))
        assert say("records.bot", name="Mei") in str(app.screen.query_one(DataTable).get_row_at(0)[3])
        await press(pilot, "enter")
        await settle(pilot, opened(app, ReplayScreen, "#replay-head"))
        assert say("replay.title") in text_of(app.screen.query_one("#replay-head"))
        assert say("replay.deal", hand=1) in text_of(app.screen.query_one("#replay-action"))
        await press(pilot, "e")
        assert say("replay.the_end") in text_of(app.screen.query_one("#replay-head"))
        await press(pilot, "q")
        await settle(pilot, showing(app, RecordsScreen))
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
        await press(pilot, "ctrl+t")
        await settle(pilot, opened(app, StatsScreen, "#stats-body"))
        assert say("stats.title") in text_of(app.screen.query_one("#stats-title"))
        assert say("stats.bot", name="Mei") in text_of(app.screen.query_one("#stats-body"))
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
        app.action_settings()
        await settle(pilot, opened(app, SettingsScreen, "#language"))
        assert text_of(app.screen.query_one(".card-title")).strip() == say("settings.title")
        assert str(app.screen.query_one("#ok", Button).label) == say("settings.done")


async def test_the_screens_open_follow_a_change_of_language() -> None:
    """The language changed (from the palette's settings) while the records are open: they are drawn in it."""
    finish(finished_game("changsha", 4, 1), kept_table("changsha", 4))
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        app.action_records()
        listed = lambda: isinstance(app.screen, RecordsScreen) and any(t.row_count for t in app.screen.query(DataTable))  # noqa: E731
        await settle(pilot, listed)
        app.change_setting("language", "zh")
        zh = catalogue("zh")
        await pilot.pause()
        await settle(pilot, listed)
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()][:2] == [zh("records.when"), zh("records.rules")]
        assert str(table.get_row_at(0)[1]) == "长沙麻将"
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
        assert str(app.screen.query_one("#records", Button).label) == zh("new_game_kept.records")


# ---------------------------------------------------------------------- the learning aids
def test_the_learning_aids_come_from_the_settings_unless_play_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints and open hands as kept; ``play --hints`` / ``--open-hands`` turn one on for that game only."""
    from mahjong_tui.ui.app import run

    save_settings(Settings(hints=True))
    seen: list[Learning] = []
    monkeypatch.setattr(MahjongApp, "run", lambda app, *a, **kw: seen.append(app.learning) or 0)
    assert run() == 0 and run(open_hands=True) == 0 and run(hints=False) == 0
    assert main(["play", "--rules", "changsha", "--open-hands"]) == 0
    assert seen == [Learning(True, False), Learning(True, True), Learning(False, False), Learning(True, True)]
    assert load_settings().settings == Settings(hints=True)  # a flag is not kept


async def test_hints_and_open_hands_changed_at_the_table_are_kept() -> None:
    """Turned on in the settings during a game: the table shows them at once, and they are on disk."""
    app = demo_app(mid_hand("changsha", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, TableScreen))
        app.action_settings()
        await settle(pilot, opened(app, SettingsScreen, "#open-hands"))
        app.screen.query_one("#open-hands", Select).value = True
        app.screen.query_one("#hints", Select).value = True
        await pilot.pause()
        assert load_settings().settings.open_hands and load_settings().settings.hints
        await press(pilot, "escape")
        await settle(pilot, showing(app, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen) and table.has_class("-hints")
        assert all(table.look().table.revealed(s) for s in range(4))
    again = MahjongApp()
    assert again.learning == Learning(hints=True, open_hands=True)


# ---------------------------------------------------------------------- snapshots
class TestSettingsSnapshots:
    """The settings screen, in English and Chinese."""

    @pytest.mark.parametrize("language", ["en", "zh"])
    def test_settings(self, snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
        app = MahjongApp(settings=Settings(language=language))
        assert snap_compare(app, run_before=opening("action_settings"), terminal_size=FULL)
