"""A key pressed twice quickly does what one press does: no screen is answered twice, no form read once it has gone.

The keys are sent together (:func:`together`), both before the app handles the first, as
a fast double press comes from the terminal; then the app is let run until it settles.
Each of these crashed the app before (or, worse, closed the screen beneath the one
answered): the resume list, the new game screen, the palette (a command and a theme
chosen), the palette's page keys, a claim, and the lessons' rule sets.
"""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from ui_support import FULL, app_for, claim_game, play_engine, press, settle, showing, table_of

from mahjong_tui.engine import ActionKind, Game, KongDeclared, Phase
from mahjong_tui.keep.saves import autosave
from mahjong_tui.learn.lesson_book import lessons_of
from mahjong_tui.testing.fixtures import demo_bot_factory
from mahjong_tui.testing.fuzz import key_event
from mahjong_tui.testing.kept import kept_table
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.lessons import LessonsScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.resume import ResumeScreen
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.screens.table import TableScreen


async def together(pilot, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Press ``keys`` at once: all are sent before the app handles the first; then let it settle."""
    for key in keys:
        pilot.app.post_message(key_event(key))
    await pilot.pause()
    await pilot.pause()


def kinds(app: MahjongApp) -> list[str]:
    """The screens open, bottom first (without Textual's own default screen)."""
    return [type(s).__name__ for s in app.screen_stack[1:]]


def running(app: MahjongApp) -> bool:
    """The app runs on: it has neither crashed nor ended."""
    return app.crash is None and app.return_code is None


def asked(app: MahjongApp) -> bool:
    """The bots have moved until the person is asked: to act at the table, or to claim."""
    return isinstance(app.screen, ChoiceScreen) or table_of(app).actor is not None


async def test_enter_twice_on_the_resume_list_resumes_the_game_once(kept_home: Path) -> None:
    """Two games saved, the list of them, Enter twice at once: the game highlighted is resumed, once."""
    for rules, seed in (("shanghai", 11), ("changsha", 12)):
        autosave(Game(rules, seed), kept_table(rules, seed))
    app = MahjongApp(bot_factory=demo_bot_factory, resume=True)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ResumeScreen))
        await together(pilot, "enter", "enter")
        await settle(pilot, lambda: app.driver is not None or not running(app))
        assert running(app)
        assert kinds(app)[0] == "TableScreen" and kinds(app).count("TableScreen") == 1
        await settle(pilot, lambda: asked(app) or not running(app))  # nothing half built as the test closes the app
        assert running(app)


async def test_enter_twice_on_the_new_game_screen_starts_one_game() -> None:
    """Enter twice at once in a name field: one game starts; the second Enter finds the form gone and reads
    nothing."""
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        app.screen.query_one("#name-0").focus()
        await pilot.pause()
        await together(pilot, "enter", "enter")
        await settle(pilot, lambda: app.driver is not None or not running(app))
        assert running(app)
        assert kinds(app)[0] == "TableScreen" and kinds(app).count("TableScreen") == 1
        await settle(pilot, lambda: asked(app) or not running(app))  # nothing half built as the test closes the app
        assert running(app)


async def test_enter_again_and_again_as_a_game_ends_opens_the_form_then_one_game() -> None:
    """The game's last hand ends; Enter pressed over and over (the summary, the standings, the new form before it is
    drawn, the form): the form opens and one new game starts, never a form read before it is there."""
    setup = quick_setup("shanghai", 0, "normal", 3, speed="instant", max_hands=1)
    app = MahjongApp(setup, bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, HandEndScreen))
        first = app.driver
        await together(pilot, "enter", "enter", "enter", "enter", "enter")
        await settle(pilot, lambda: app.driver not in (None, first) or not running(app))
        assert running(app)
        assert kinds(app)[0] == "TableScreen" and kinds(app).count("TableScreen") == 1
        assert "NewGameScreen" not in kinds(app) and "GameEndScreen" not in kinds(app)
        # Nothing half built as the test closes the app: the person is asked, or the new game's hand has ended.
        await settle(pilot, lambda: asked(app) or isinstance(app.screen, HandEndScreen) or not running(app))
        assert running(app)


async def open_palette(pilot, app: MahjongApp, typed: str) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+P, ``typed`` in its search, until the palette lists what matches."""
    await press(pilot, "ctrl+p", *typed)
    await settle(
        pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen.query_one(CommandList).option_count > 0
    )


async def test_a_command_chosen_with_enter_twice_runs_once() -> None:
    """Ctrl+P, the Rules command, Enter twice at once: the rules open once over the form, which stays beneath."""
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await open_palette(pilot, app, "rules")
        await press(pilot, "down")
        await together(pilot, "enter", "enter", "enter")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen) or not running(app))
        assert running(app)
        assert kinds(app) == ["NewGameScreen", "RulesScreen"]


async def test_a_theme_chosen_with_enter_twice_is_chosen_once() -> None:
    """The palette's Theme command, then a theme with Enter twice at once: the list closes once, the form stays."""
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await open_palette(pilot, app, "theme")
        first = app.screen
        await press(pilot, "down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen is not first)
        await settle(pilot, lambda: app.screen.query_one(CommandList).option_count > 0)
        await press(pilot, "down")
        await together(pilot, "enter", "enter", "enter")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) or not running(app))
        assert running(app)
        assert kinds(app) == ["NewGameScreen"]


async def test_the_palette_opened_with_page_keys_at_once_runs_on() -> None:
    """Ctrl+P with PageUp and PageDown at once (the list not drawn yet): the palette opens, and the app runs on."""
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        await together(pilot, "ctrl+p", "pageup", "pagedown", "pageup")
        await together(pilot, "a", "pagedown", "backspace", "pageup")
        assert running(app) and isinstance(app.screen, CommandPalette)
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))
        assert running(app)


async def test_a_claim_answered_twice_at_once_is_answered_once() -> None:
    """A claim offered; its pass key twice at once: the claim is passed once, and the table stays."""
    game = claim_game("shanghai", lambda g: not any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for("shanghai", game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        key = next(c.key for c in choice.choices if c.action is not None and c.action.kind is ActionKind.PASS)
        await together(pilot, key, key)
        await settle(pilot, lambda: app.screen is not choice or not running(app))
        assert running(app)
        assert kinds(app)[0] == "TableScreen" and kinds(app).count("TableScreen") == 1


async def test_rule_sets_switched_quickly_on_the_lessons_screen_show_one_list() -> None:
    """→ three times at once, then ← twice at once: one list of lessons, of the rule set shown last."""
    app = MahjongApp(bot_factory=demo_bot_factory, lessons="shanghai")
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, LessonsScreen))
        screen = app.screen
        assert isinstance(screen, LessonsScreen)
        await together(pilot, "right", "right", "right")
        await together(pilot, "left", "left")
        presets = screen.presets
        assert screen.rules == presets[(presets.index("shanghai") + 1) % len(presets)]
        box = screen.query_one("#lessons-list")
        await settle(pilot, lambda: len(box.children) == len(lessons_of(screen.rules)) + 1)  # and the drills
        assert running(app) and app.screen is screen


async def test_k_twice_at_once_asks_which_kong_once() -> None:
    """Changsha, a kong to declare as 补张 or 开杠: k twice at once asks which once; the answer declares it."""
    kongs = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
    game = Game("changsha", 18)  # seat 0 may add a kong: as 补张 or as 开杠
    assert play_engine(
        game,
        lambda g: (
            g.hand.phase is Phase.TURN
            and g.pending_seats()[:1] == [0]
            and len([a for a in g.legal_actions(0) if a.kind in kongs]) >= 2
        ),
    )
    before = len(game.hand.events)
    app = app_for("changsha", game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and table_of(app).actor == 0)
        await together(pilot, "k", "k")
        await settle(pilot, showing(app, ChoiceScreen))
        await pilot.pause(0.1)
        assert kinds(app) == ["TableScreen", "ChoiceScreen"]
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        key = next(c.key for c in choice.choices if c.action is not None and c.action.kind in kongs)
        await press(pilot, key)
        await settle(pilot, lambda: any(isinstance(e, KongDeclared) for e in game.hand.events[before:]))
        assert running(app) and kinds(app)[0] == "TableScreen"
