"""Every screen in each language: in Chinese no English is left, in English and both every screen renders.

Each screen is opened through the app (Textual Pilot) on a seeded position, the language
chosen with :func:`mahjong_tui.i18n.use`. What a screen shows is read twice: the screen as
drawn (with the footer and whatever lies under a dialog), and every text widget of the
screen in full (a help page longer than the screen is read to its end). In Chinese no
English word of three letters or more may be left in either, apart from the players' names
and what is written the same in every language (the program's name, key names such as
Enter and Esc, a preset's name as typed on the command line).
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console
from textual.app import App
from textual.widgets import Button, Label, Static
from ui_support import press, settle

from mahjong_tui.engine import Game, Words, get_ruleset, ruleset_names
from mahjong_tui.i18n import LANGUAGES, current, t, use
from mahjong_tui.testing.fixtures import claim_prompt, demo_app, demo_bot_factory, hand_won, kaigang_prompt, mid_hand
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import BOT_NAMES, DEFAULT_NAMES, quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.curtain import CurtainScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen
from mahjong_tui.ui.screens.help import ConfirmScreen, HelpScreen, LeaveScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.review import ReviewScreen
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.screens.settings import SettingsScreen
from mahjong_tui.ui.screens.table import TableScreen

FULL = (120, 36)
COMPACT = (80, 24)

#: written the same in every language: the program, key names, what a player types
SAME_EVERYWHERE = {"mahjong", "tui", "Enter", "Esc", "Tab", "PgUp", "PgDn", "Ctrl", "Unicode"}
WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Whatever a test chose, the app speaks English again afterwards."""
    yield
    use("en")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    """Each screen in each language (the app speaks the one in use)."""
    use(request.param)
    return request.param


def allowed(app: App[int]) -> set[str]:
    """Words that may show in Chinese: the players' names, the presets as typed, and :data:`SAME_EVERYWHERE`."""
    names: set[str] = set(SAME_EVERYWHERE) | set(DEFAULT_NAMES) | set(BOT_NAMES)
    setup = getattr(app, "setup", None)
    if setup is not None:
        names.update(w for name in setup.names for w in WORD.findall(name))
    names.update(w for preset in ruleset_names() for w in WORD.findall(preset))
    return names


def drawn_text(app: App[int]) -> str:
    """The screen as drawn: every cell, the footer and the screens under a dialog included (from its SVG)."""
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return " ".join(html.unescape(part) for part in parts).replace("\xa0", " ")


def widget_text(app: App[int]) -> str:
    """Every text widget of the screen on top, in full (also what is scrolled out of sight), and its keys."""
    console = Console(width=200, record=True, file=io.StringIO())
    for widget in app.screen.query("*"):
        if isinstance(widget, Static | Label):
            console.print(widget.content)
        elif isinstance(widget, Button):
            console.print(widget.label)
        title = getattr(widget, "border_title", None)
        if title:
            console.print(title)
    for binding in app.screen.active_bindings.values():
        if binding.binding.show:
            console.print(binding.binding.description)
    return console.export_text()


def english_left(app: App[int]) -> list[str]:
    """English words on the screen that the Chinese should have replaced."""
    ok = allowed(app)
    text = drawn_text(app) + "\n" + widget_text(app)
    return sorted({w for w in WORD.findall(text) if w not in ok})


def on_top(app: App[int], screen: type) -> Callable[[], bool]:
    """The screen shown is one of ``screen``."""
    return lambda: isinstance(app.screen, screen)


def _for_a_person(app: App[int], seat: int | None = None) -> bool:
    """A person has something to do: a curtain, a prompt, the end of a hand, or a turn at the table (``seat``'s, if
    given)."""
    screen = app.screen
    if isinstance(screen, TableScreen):
        return screen.actor is not None and (seat is None or screen.actor == seat)
    return isinstance(screen, CurtainScreen | ChoiceScreen | HandEndScreen)


async def shows(pilot, seen: Seen, screen: type, name: str, key: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Wait for ``screen``, read it as ``name``; the catalogue's text of ``key`` is on it."""
    await settle(pilot, on_top(pilot.app, screen))
    await seen.look(pilot, name)
    if key is not None:
        assert t(key)[:10] in seen.texts[name]


#: a pair of words in both languages, ``危险 · high``
_PAIR = re.compile(r"[\u4e00-\u9fff][\u4e00-\u9fff（）]* · [A-Za-z][A-Za-z' -]*[A-Za-z]")


def doubled(text: str) -> list[str]:
    """Lines where one pair in both languages comes twice: a text filled with words that were in both languages
    already, then set side by side again (``▲ 危险 · high： · ▲ 危险 · high:``)."""
    out = []
    for line in text.splitlines():
        pairs = _PAIR.findall(line)
        if len(pairs) != len(set(pairs)):
            out.append(line.strip())
    return out


class Seen:
    """What each screen showed, by name; in Chinese, the English words left on each; in both, the lines that say a
    pair twice."""

    def __init__(self, app: App[int]) -> None:
        self.app = app
        self.language = current().language
        self.left: dict[str, list[str]] = {}
        self.texts: dict[str, str] = {}

    async def look(self, pilot, name: str) -> None:  # type: ignore[no-untyped-def]
        """Read the screen shown now (once it has been drawn)."""
        await pilot.pause()
        self.texts[name] = drawn_text(self.app) + widget_text(self.app)
        if self.language == "zh":
            self.left[name] = english_left(self.app)
        elif self.language == "both":
            self.left[name] = doubled(widget_text(self.app))

    def check(self) -> None:
        """No English left on any screen (Chinese), no pair said twice (both); each showed something."""
        assert all(text.strip() for text in self.texts.values())
        assert not {k: v for k, v in self.left.items() if v}, self.left


async def test_every_choice_on_the_new_game_screen_shows_whole_at_80_columns(language: str) -> None:
    """A seat's choice, the preset, the speed, …: every option of every cycle fits its box on a small terminal
    (``电脑 普通 normal`` in both languages), the arrows on either side."""
    from rich.cells import cell_len

    from mahjong_tui.ui.widgets.cycle import Cycle

    app = MahjongApp(language=language)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        await pilot.pause()
        cycles = list(app.screen.query(Cycle))
        assert cycles
        cut = [(c.id, label) for c in cycles for label, _ in c.options
               if cell_len(f"◂ {label} ▸") > c.content_size.width]  # fmt: skip
        assert not cut, cut


# ---------------------------------------------------------------------- the screens, one app per position
async def test_the_new_game_screen_settings_and_rules(language: str) -> None:
    app = MahjongApp(language=language)
    seen = Seen(app)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        await pilot.pause()
        await seen.look(pilot, "new game")
        assert t("new_game_screen.start") in seen.texts["new game"]
        app.push_screen(RulesScreen())  # the presets at a glance (each preset's page: the test below)
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen) and bool(app.screen.pages))
        await seen.look(pilot, "rules")
        assert t("rules_screen.title") in seen.texts["rules"]
        await press(pilot, "escape")
        app.action_settings()
        await shows(pilot, seen, SettingsScreen, "settings", "settings.title")
    seen.check()


@pytest.mark.parametrize("preset", ruleset_names())
async def test_each_preset_s_rules_page(language: str, preset: str) -> None:
    """A preset's page (facts, hand types, its own rules, glossary) in each language; in Chinese no English left."""
    app = MahjongApp(language=language)
    seen = Seen(app)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        app.push_screen(RulesScreen(preset))
        tab = f"preset-{preset}"
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen) and tab in app.screen.pages)
        await seen.look(pilot, preset)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        page = "\n".join("".join(seg.text for seg in line) for line in screen.pages[tab][1])
        rules = get_ruleset(preset)
        notes = rules.rule_notes()
        assert t("rules_page.glossary") in page and current().pick(notes[0][0].en, notes[0][0].zh) in page
        assert all(ht.zh in page for ht in rules.hand_types.values())
        if language == "zh":
            ok = allowed(app)
            seen.left[f"{preset} page"] = sorted({w for w in WORD.findall(page) if w not in ok})
            assert "胡家收" in page and "术语" in page
        elif language == "both":  # each rule in Chinese with its English under it
            assert notes[0][1][0].zh in page and " ".join(notes[0][1][0].en.split()[:4]) in page
        else:
            assert "the winner collects" in page
            assert not any(ht.description_zh in page for ht in rules.hand_types.values())
    seen.check()


async def test_the_table_its_keys_help_and_leaving(language: str) -> None:
    app = demo_app(mid_hand("changsha", 1))
    seen = Seen(app)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.actor is not None)
        await pilot.pause()
        await seen.look(pilot, "table")
        assert t("table.key_discard") in seen.texts["table"] and t("table.turn_discard") in seen.texts["table"]
        await press(pilot, "h")
        await pilot.pause()
        await seen.look(pilot, "hints")
        await press(pilot, "question_mark")
        await shows(pilot, seen, HelpScreen, "help")
        assert t("help.title_turn") in seen.texts["help"] and t("help.privacy_strict")[:20] in seen.texts["help"]
        await press(pilot, "escape")
        await press(pilot, "q")
        await shows(pilot, seen, LeaveScreen, "leave")
        await press(pilot, "escape")
        await settle(pilot, on_top(app, TableScreen))
        app.action_new_game()
        await shows(pilot, seen, ConfirmScreen, "confirm")
        await press(pilot, "n")
    seen.check()


@pytest.mark.parametrize(
    ("position", "size", "key"),
    [
        (lambda: claim_prompt("changsha", 1), COMPACT, "action.pass"),  # a claim prompt on a small table
        (kaigang_prompt, FULL, "choice.kong_modes"),  # the kong choice: 补张 or 开杠
    ],
    ids=["claim", "kong"],
)
async def test_the_dialogs_of_a_choice(
    language: str, position: Callable[[], Game], size: tuple[int, int], key: str
) -> None:
    app = demo_app(position())
    seen = Seen(app)
    async with app.run_test(size=size) as pilot:
        await shows(pilot, seen, ChoiceScreen, "choice")
        assert t(key)[:10] in seen.texts["choice"]
    seen.check()


async def test_the_end_of_a_hand_its_review_and_the_end_of_the_game(language: str) -> None:
    app = demo_app(hand_won("changsha", 1))
    seen = Seen(app)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, on_top(app, TableScreen))
        await pilot.pause()
        await press(pilot, "w")
        await settle(pilot, on_top(app, HandEndScreen))
        await pilot.pause()
        await seen.look(pilot, "hand end")
        assert t("hand_end.all_hands") in seen.texts["hand end"]
        await press(pilot, "v")
        await shows(pilot, seen, ReviewScreen, "review")
        await press(pilot, "escape")
        await settle(pilot, on_top(app, HandEndScreen))
        hand_end = app.screen
        assert isinstance(hand_end, HandEndScreen)
        app.push_screen(GameEndScreen(hand_end.look, hand_end.standings, Words("seat 1 is out", "座位1输光了")))
        await shows(pilot, seen, GameEndScreen, "game end", "hand_end.final")
    seen.check()


async def test_the_hot_seat_curtain_and_strict_privacy(language: str) -> None:
    game = claim_prompt("shanghai", 1)
    setup = quick_setup(game.rules.name, 2, "normal", game.seed, speed="instant", privacy="strict")
    app = MahjongApp(setup, game=game, bot_factory=demo_bot_factory)
    seen = Seen(app)
    async with app.run_test(size=FULL) as pilot:
        await shows(pilot, seen, CurtainScreen, "curtain", "curtain.note")
        asked, acknowledged = 0, False
        for _ in range(200):  # play on: each person behind their curtain, a prompt or only "continue"
            await settle(pilot, lambda: _for_a_person(app))
            screen = app.screen
            if isinstance(screen, CurtainScreen):
                await press(pilot, "enter")
            elif isinstance(screen, ChoiceScreen):
                asked += 1
                await seen.look(pilot, f"asked {asked}")
                acknowledged = screen.choices[0].action is None
                await press(pilot, "enter" if acknowledged else "escape")
                if acknowledged:
                    break
            elif isinstance(screen, TableScreen) and screen.actor is not None:
                await seen.look(pilot, "hot seat turn")
                await press(pilot, "enter")  # the selected tile: then everyone is called about it
    assert asked >= 2 and acknowledged, "a prompt, then an acknowledgement"
    seen.check()


def test_rule_data_in_chinese() -> None:
    """Every preset says what it is in both languages."""
    for name in ruleset_names():
        rules = get_ruleset(name)
        summary = rules.summary_words
        assert summary.en and summary.zh and not WORD.findall(summary.zh.replace("QQ", ""))


async def test_a_change_of_language_rewords_the_open_screens() -> None:
    """The language changed while playing (each open screen relabelled): the table's keys and lines follow."""
    app = demo_app(mid_hand("changsha", 1), language="en")
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.actor is not None)
        await press(pilot, "question_mark")
        await settle(pilot, on_top(app, HelpScreen))
        use("zh")
        for screen in app.screen_stack:
            relabel = getattr(screen, "relabel", None)
            if callable(relabel):
                relabel()
        await pilot.pause()
        assert t("help.title_turn") in widget_text(app)
        await press(pilot, "escape")
        await settle(pilot, on_top(app, TableScreen))
        await pilot.pause()
        shown = drawn_text(app)
        assert "打牌" in shown and t("table.turn_discard") in shown and "Discard" not in shown


def test_a_latin_name_in_a_chinese_line_is_set_apart_by_spaces() -> None:
    """``座位3付给座位0 10`` reads "Hao 付给 Alice 10"; a Chinese name needs no spaces; English lines as they are."""
    from mahjong_tui.engine import table_view
    from mahjong_tui.ui.config import Display
    from mahjong_tui.ui.look import Look

    game = Game("changsha", 1)
    look = Look(table=table_view(game.hand), names=("Alice", "Bob", "小明", "Hao"), bottom=0, display=Display())
    assert look.seat_names("座位3付给座位0 10") == "Hao 付给 Alice 10"
    assert look.seat_names("座位2付给座位3 10") == "小明付给 Hao 10"
    assert look.seat_names("你从座位1那里碰南") == "你从 Bob 那里碰南"
    assert look.seat_names("座位0（庄家）共收 40") == "Alice（庄家）共收 40"
    assert look.seat_names("seat 1 pays seat 2") == "Bob pays 小明"


async def test_a_hand_played_in_both_languages_never_says_a_pair_twice() -> None:
    """A hand played through in both languages with the hints open: the table, the selected tile's lines (its danger
    mark), the prompts, the end of the hand and its review never repeat a ``中文 · English`` pair in a line."""
    from mahjong_tui.ui.config import Learning
    from mahjong_tui.ui.screens.review import ReviewScreen

    use("both")
    app = demo_app(mid_hand("changsha", 2), learning=Learning(hints=True), language="both")
    said: dict[str, str] = {}
    ends = 0
    async with app.run_test(size=FULL) as pilot:
        for step in range(400):  # the person's decisions, each waited for, until the hand has ended
            await settle(pilot, lambda: _for_a_person(app, seat=0))
            screen = app.screen
            said.update(dict.fromkeys(doubled(widget_text(app)), type(screen).__name__))
            if isinstance(screen, ChoiceScreen):
                await press(pilot, "x", "x")
            elif isinstance(screen, HandEndScreen):
                ends += 1
                await press(pilot, "v")
                await settle(pilot, on_top(app, ReviewScreen))
                said.update(dict.fromkeys(doubled(widget_text(app)), "review"))
                break
            else:
                await press(pilot, str(step % 9 + 1))
                await pilot.pause()
                said.update(dict.fromkeys(doubled(widget_text(app)), "selected"))
                await press(pilot, "d")
    assert ends == 1
    assert not said, said
