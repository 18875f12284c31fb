"""The table app driven by keys and clicks (Textual Pilot): whole hands, sizes, the other screens, text that fits,
keys, the rules screen. The prompts are in ``test_ui_prompts``, hot-seat in ``test_ui_hotseat``.

Bot seats are played by a tiny fixed policy (``ui_support``), so these tests do not depend on
the bots package. Seeds are found at run time by playing the same policy on the engine
alone, then the same hand is played through the UI and must end the same way.
"""

from __future__ import annotations

import gc
import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Static
from textual.widgets._footer import FooterKey
from ui_support import (
    COMPACT,
    FULL,
    app_for,
    change_setting,
    changsha_at,
    claim_game,
    find_seed,
    gone,
    plain,
    play_hand_by_keys,
    policy_bots,
    press,
    settle,
    showing,
    shown_lines,
    table_of,
)

from mahjong_tui.commands.play import parser as play_parser
from mahjong_tui.engine import ActionKind, Game, HandOutcome, Phase, get_ruleset
from mahjong_tui.engine.tiles import format_tiles, tile_name
from mahjong_tui.i18n import t
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Display, GameSetup, Palette, SetupError, TileStyle, quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen, hand_summary
from mahjong_tui.ui.screens.help import ConfirmScreen, HelpScreen, LeaveScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.screens.table import TableScreen, layout_for
from mahjong_tui.ui.tiles import UNICODE_EDGES, WIDTH, tall_rows, tile_label, tile_text
from mahjong_tui.ui.widgets.hand import HandView
from mahjong_tui.ui.widgets.log import ReflowLog
from mahjong_tui.ui.widgets.page import PageView


# ---------------------------------------------------------------------- tiles and sizes
@pytest.mark.parametrize("style", list(TileStyle))
def test_every_tile_has_the_same_width_in_a_style(style: TileStyle) -> None:
    widths = {Text(tile_label(t, style)).cell_len for t in range(42)}
    assert widths == {WIDTH[style]}


def test_tiles_read_in_chinese_and_notation() -> None:
    assert tile_label(4, TileStyle.CHINESE) == "五万"
    assert tile_label(27, TileStyle.CHINESE).strip() == "东"
    assert tile_label(33, TileStyle.CHINESE).strip() == "中"
    assert tile_label(13, TileStyle.PLAIN) == "5p"
    assert tile_label(0, TileStyle.GLYPH).strip() == "\U0001f007"


def test_suits_have_their_own_colours_in_both_palettes() -> None:
    for palette in Palette:
        colours = {str(tile_text(t, TileStyle.CHINESE, palette).style.color) for t in (4, 13, 22)}
        assert len(colours) == 3
    assert (
        tile_text(4, TileStyle.CHINESE, Palette.STANDARD).style
        != tile_text(4, TileStyle.CHINESE, Palette.COLOURBLIND).style
    )


@pytest.mark.parametrize(
    ("size", "mode"),
    [
        ((120, 36), "full"),
        ((150, 50), "full"),
        ((119, 36), "compact"),
        ((80, 24), "compact"),
        ((79, 24), "tiny"),
        ((100, 20), "tiny"),
    ],
)
def test_layout_for_terminal_size(size: tuple[int, int], mode: str) -> None:
    assert layout_for(*size) == mode


# ---------------------------------------------------------------------- whole hands by keys
# A Changsha hand is won through the keys at 80x24 below, and a Shanghai one by the mouse alone.
@pytest.mark.parametrize(("rules", "method"), [("shanghai", "numbers")])
async def test_a_whole_hand_won_by_the_human_through_the_keys(rules: str, method: str) -> None:
    seed = find_seed(rules, lambda g: g.hand.outcome is HandOutcome.WIN and 0 in g.hand.winners)
    app = app_for(rules, seed)
    async with app.run_test(size=FULL) as pilot:
        seen = await play_hand_by_keys(pilot, app, method=method)
        assert isinstance(app.screen, HandEndScreen)
        assert 0 in app.driver.game.hand.winners  # type: ignore[union-attr]
        assert "TableScreen" in seen
        body = plain(app.screen.query_one("#hand-end-body"))  # type: ignore[attr-defined]
        assert "won" in body
        await press(pilot, "enter")
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand.hand_number == 2)
        log = table_of(app).query_one("#log", ReflowLog)
        await settle(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
        assert any("Hand 2" in line.text for line in log.lines[-12:])


@pytest.mark.parametrize(("rules", "method"), [("changsha", "arrows")])
async def test_a_whole_drawn_hand_through_the_keys(rules: str, method: str) -> None:
    seed = find_seed(rules, lambda g: g.hand.outcome is HandOutcome.DRAWN)
    app = app_for(rules, seed)
    async with app.run_test(size=FULL) as pilot:
        await play_hand_by_keys(pilot, app, method=method)
        assert isinstance(app.screen, HandEndScreen)
        assert app.driver.game.hand.outcome is HandOutcome.DRAWN  # type: ignore[union-attr]
        body = plain(app.screen.query_one("#hand-end-body"))  # type: ignore[attr-defined]
        assert "Drawn hand" in body
        # q asks first, as at the table: Esc stays on the summary, n goes to the new game screen.
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "escape")
        await settle(pilot, showing(app, HandEndScreen))
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "n")
        await settle(pilot, showing(app, NewGameScreen))
        assert app.is_running and app.driver is None


async def test_a_hand_played_with_mouse_clicks() -> None:
    """Discards, a claim and a self-drawn win by the mouse alone; then the summary's Continue key is clicked."""
    from mahjong_tui.engine import MeldClaimed, PlayerWon, WinBy

    def wanted(g: Game) -> bool:
        wins = [e for e in g.hand.events if isinstance(e, PlayerWon)]
        return any(w.seat == 0 and w.context.win_by is WinBy.SELF_DRAW for w in wins) and any(
            isinstance(e, MeldClaimed) and e.seat == 0 for e in g.hand.events
        )

    seed = find_seed("shanghai", wanted)
    app = app_for("shanghai", seed)
    async with app.run_test(size=FULL) as pilot:
        seen = await play_hand_by_keys(pilot, app, method="click")
        assert isinstance(app.screen, HandEndScreen) and "ChoiceScreen" in seen
        assert wanted(app.driver.game)  # type: ignore[union-attr]
        await pilot.click(next(k for k in app.screen.query(FooterKey) if k.action == "finish('next')"))
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand.hand_number == 2)


async def test_the_compact_layout_plays_at_80x24() -> None:
    seed = find_seed("changsha", lambda g: g.hand.outcome is HandOutcome.WIN and 0 in g.hand.winners)
    app = app_for("changsha", seed)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, lambda: table_of(app).is_mounted)
        assert table_of(app).layout_mode == "compact"
        await play_hand_by_keys(pilot, app)
        assert 0 in app.driver.game.hand.winners  # type: ignore[union-attr]


# ---------------------------------------------------------------------- sizes
async def test_a_small_terminal_shows_the_enlarge_notice() -> None:
    app = app_for("shanghai", 5)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, lambda: table_of(app).is_mounted)
        table = table_of(app)
        assert table.layout_mode == "tiny"
        notice = table.query_one("#too-small")
        assert notice.display and "enlarge" in plain(notice)
        assert not table.query_one("#table").display
        game = app.driver.game  # type: ignore[union-attr]
        rivers = sum(len(p.river) for p in game.hand.players)
        await press(pilot, "left", "enter", "d", "w", "k", "1", "1", "question_mark")
        await settle(pilot, showing(app, HelpScreen))  # the help, asked last: every key before it has been handled
        assert sum(len(p.river) for p in game.hand.players) == rivers  # nothing is played blind
        await press(pilot, "escape")
        await settle(pilot, lambda: app.screen is table)
        await pilot.resize_terminal(120, 36)
        await settle(pilot, lambda: table.layout_mode != "tiny")  # the table has heard of the new size
        assert table.layout_mode == "full"
        assert not notice.display


# ---------------------------------------------------------------------- other screens
async def test_new_game_screen_starts_the_chosen_game() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        screen = app.screen
        screen.query_one("#rules").value = "changsha"  # type: ignore[attr-defined]
        screen.query_one("#player-1").value = "human"  # type: ignore[attr-defined]
        screen.query_one("#seed").value = "7"  # type: ignore[attr-defined]
        screen.query_one("#name-1").value = "Bob"  # type: ignore[attr-defined]
        await pilot.click("#start")  # the form is read as Start is pressed
        await settle(pilot, lambda: app.driver is not None)
        setup = app.driver.setup  # type: ignore[union-attr]
        assert setup.rules == "changsha" and setup.seed == 7 and setup.humans == [0, 1]
        assert setup.names[1] == "Bob"
        await settle(pilot, lambda: table_of(app).is_mounted)  # the table is built before the app is closed


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_new_game_button_is_on_the_screen(size: tuple[int, int]) -> None:
    """Start, Learn, Records, Statistics, Rules, Settings and Quit: in one row when they fit, else two; none cut off.
    The keys below them wrap between two keys, never inside one."""
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        buttons = list(app.screen.query_one("#new-game-buttons").query(Button))
        ids = ["start", "learn", "records", "statistics", "rules-button", "settings-button", "quit"]
        assert [b.id for b in buttons] == ids
        for b in buttons:
            b.scroll_visible(animate=False)
            await settle(pilot, lambda button=b: button.region.area > 0)  # scrolled into sight
            box = b.region
            assert box.width >= cell_len(str(b.label)) + 2 and box.right <= size[0], b.id
        assert len({b.region.y for b in buttons}) == (1 if size[0] >= 120 else 2)
        keys = app.screen.query_one("#new-game-keys").render().plain.splitlines()  # type: ignore[attr-defined]
        starts = {"←→", "Tab", "Enter/^s", "^r", "Esc", "^p", "^o", "^l", "^g", "^t", "F2"}
        assert all(line.split()[0] in starts for line in keys), keys  # broken between keys, never inside one
        assert "F2 settings" in " ".join(keys) and all(cell_len(line) <= size[0] for line in keys)


async def test_new_game_screen_says_what_to_fix() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        screen = app.screen
        screen.query_one("#hands").value = "0"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await settle(pilot, lambda: bool(plain(screen.query_one("#new-game-error")).strip()))  # answered
        assert app.screen is screen and app.driver is None
        assert "hands must be at least 1" in plain(screen.query_one("#new-game-error"))


async def test_command_palette_has_new_game_rules_and_settings() -> None:
    app = app_for("shanghai", 5)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).is_mounted)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"New game", "Rules", "Settings", "Help"} <= set(titles)
        app.action_rules()
        await rules_shown(pilot, app)
        await press(pilot, "escape")
        await settle(pilot, lambda: not isinstance(app.screen, RulesScreen))
        await press(pilot, "question_mark")
        await settle(pilot, showing(app, HelpScreen))


async def test_plain_text_tiles_keep_the_table_playable() -> None:
    app = app_for("shanghai", 3, display=Display(style=TileStyle.PLAIN))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "x", "x")
            await settle(pilot, lambda: table_of(app).actor is not None)
        shown = plain(table_of(app).query_one(HandView))
        assert any(x in shown for x in "mps") and not any(x in shown for x in "万筒条")
        rivers = sum(len(p.river) for p in app.driver.game.hand.players)  # type: ignore[union-attr]
        await press(pilot, "d")
        await settle(pilot, lambda: sum(len(p.river) for p in app.driver.game.hand.players) > rivers)  # type: ignore[union-attr]


async def test_settings_change_the_tile_style() -> None:
    app = app_for("changsha", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).is_mounted)
        await change_setting(pilot, app, "style", TileStyle.PLAIN)
        assert table_of(app).appearance.style is TileStyle.PLAIN


async def test_autoplay_lets_the_bot_play_the_human_seat() -> None:
    seed = find_seed("shanghai", lambda g: True)
    app = app_for("shanghai", seed)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "x", "x")
            await settle(pilot, lambda: table_of(app).actor is not None)
        await press(pilot, "a")
        await settle(pilot, showing(app, HandEndScreen))


def test_play_options_and_quick_setup() -> None:
    args = play_parser().parse_args(["--rules", "changsha", "--humans", "2", "--bots", "hard", "--seed", "7"])
    assert (args.rules, args.humans, args.bots, args.seed) == ("changsha", 2, "hard", 7)
    setup = quick_setup(args.rules, args.humans, args.bots, args.seed)
    assert isinstance(setup, GameSetup)
    assert setup.humans == [0, 1] and all(s.level == "hard" for s in setup.seats)
    with pytest.raises(SetupError):
        quick_setup("mahjong", 1)
    with pytest.raises(SetupError):
        quick_setup("shanghai", 5)


async def test_new_game_from_the_palette_leaves_an_open_prompt() -> None:
    game = claim_game("shanghai", lambda g: len(g.legal_actions(0)) >= 2)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        app.action_new_game()
        await settle(pilot, showing(app, ConfirmScreen))
        await press(pilot, "y")
        await settle(pilot, showing(app, NewGameScreen))
        assert app.driver is None


async def test_after_the_last_hand_the_final_standings_then_a_new_game() -> None:
    seed = find_seed("changsha", lambda g: g.hand.outcome is HandOutcome.WIN and 0 in g.hand.winners)
    setup = quick_setup("changsha", 1, "normal", seed, speed="instant", max_hands=1)
    app = MahjongApp(setup, bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await play_hand_by_keys(pilot, app)
        assert isinstance(app.screen, HandEndScreen)
        await press(pilot, "t")
        await settle(pilot, showing(app, TableScreen))
        assert table_of(app).look().table.over
        await press(pilot, "c")
        await settle(pilot, showing(app, HandEndScreen))
        await press(pilot, "enter")
        await settle(pilot, showing(app, GameEndScreen))
        text = plain(app.screen.query_one(Static))
        assert "Final standings" in text
        scores = app.driver.game.scores
        rows = [line for line in text.splitlines() if "│" in line][:4]  # the ranking comes first
        for line in rows:
            place, player, points = (cell.strip() for cell in line.split("│"))
            assert int(place) == 1 + sum(p > int(points) for p in scores)  # equal points share a place
        await press(pilot, "enter")  # Enter goes on, as through every hand: to a new game, not out of the app
        await settle(pilot, showing(app, NewGameScreen))


# ---------------------------------------------------------------------- text that fits
async def test_log_lines_wrap_inside_the_log_and_follow_a_resize() -> None:
    seed = find_seed("shanghai", lambda g: True, among=1)  # seed 0: its hand logs lines too long for the narrow log
    app = app_for("shanghai", seed, display=Display())
    async with app.run_test(size=COMPACT) as pilot:
        await play_hand_by_keys(pilot, app)
        await press(pilot, "enter")  # the next hand
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand.hand_number == 2)
        await pilot.resize_terminal(120, 40)
        table = table_of(app)
        log = table.query_one("#log", ReflowLog)
        await settle(pilot, lambda: table.layout_mode == "full" and log.scrollable_content_region.width < 50)
        width = log.scrollable_content_region.width

        def laid_out() -> bool:
            """Every line within the log's new width, and the newest lines shown (not the last hand's)."""
            fits = bool(log.lines) and max(line.cell_length for line in log.lines) <= width
            return fits and log.scroll_y == log.max_scroll_y and any("Hand 2" in line for line in shown_lines(log))

        await settle(pilot, laid_out)  # the log hears of its new width, and writes its lines again at it
        long = [e for e in log.entries if cell_len(str(e)) > width]
        assert long, "no entry long enough to need wrapping"


async def test_the_birds_line_wraps_on_the_hand_end_screen() -> None:
    from mahjong_tui.engine import BirdDrawn

    def bird_win(g: Game) -> bool:
        return g.hand.outcome is HandOutcome.WIN and any(isinstance(e, BirdDrawn) for e in g.hand.events)

    seed = find_seed("changsha", bird_win)
    app = app_for("changsha", seed)
    async with app.run_test(size=FULL) as pilot:
        await play_hand_by_keys(pilot, app)
        for size in (FULL, COMPACT, (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot, lambda want=size: app.screen.size == want)  # laid out at the new size
            body = app.screen.query_one("#hand-end-body")
            shown = shown_lines(body)
            assert not any("…" in line for line in shown), (size, shown)
            text = " ".join(line.strip() for line in shown)
            assert "Bird" in text or "扎鸟" in text


async def test_initial_small_wins_are_logged_by_their_names_with_the_hand_shown() -> None:
    """起手小胡 shows the dealt hand to the table (rules/docs/changsha.md): the log and the hand's end show it."""
    game = changsha_at(Phase.INITIAL)
    app = app_for(game.rules.name, game.seed, game=game, display=Display(style=TileStyle.PLAIN))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        shown = tuple(sorted(game.hand.players[0].tiles()))
        await press(pilot, "d")
        await settle(pilot, lambda: 0 in game.hand.initial_declared)
        types = game.hand.initial_declared[0]
        log = [str(e) for e in table_of(app).query_one("#log", ReflowLog).entries]
        line = next(x for x in log if "initial small wins" in x)
        rules = get_ruleset("changsha")
        for type_id in types:
            assert rules.hand_types[type_id].zh in line and rules.hand_types[type_id].en in line
            assert type_id not in line.replace(rules.hand_types[type_id].en, "")
        assert line.endswith(f"; shows {format_tiles(shown)}")
        summary = Console(file=io.StringIO(), width=200, record=True)
        summary.print(hand_summary(table_of(app).look(), list(game.hand.events)))
        row = next(x for x in summary.export_text().splitlines() if "Initial small wins" in x)
        assert row.split()[-len(shown) :] == [tile_name(x) for x in shown]


@pytest.mark.parametrize("style", list(TileStyle))
def test_tile_widths_do_not_depend_on_the_unicode_version(style: TileStyle) -> None:
    """Terminals count 🀄 as one cell (before Unicode 9) or two: every tile is as wide under both."""
    for tile in range(42):
        assert {cell_len(tile_label(tile, style), v) for v in UNICODE_EDGES} == {WIDTH[style]}
        for row in tall_rows(tile, style):
            assert {cell_len(row, v) for v in UNICODE_EDGES} == {4}


async def test_glyph_tiles_keep_every_border_in_its_column() -> None:
    game = claim_game("shanghai", lambda g: True)
    app = app_for(game.rules.name, game.seed, game=game, display=Display(style=TileStyle.GLYPH))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        table = table_of(app)
        for widget in [*table.query("SeatPanel"), *table.query("RiverView"), table.query_one(HandView)]:
            size = widget.size
            for strip in widget.render_lines(Region(0, 0, size.width, size.height)):
                line = "".join(seg.text for seg in strip)
                assert {cell_len(line, v) for v in UNICODE_EDGES} == {size.width}, line


# ---------------------------------------------------------------------- keys
async def test_d_after_a_pong_discards_nothing_and_says_why() -> None:
    game = claim_game(
        "shanghai",
        lambda g: (
            any(a.kind is ActionKind.PONG for a in g.legal_actions(0))
            and not any(a.kind is ActionKind.WIN for a in g.legal_actions(0))
        ),
    )
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await press(pilot, "p")
        table = table_of(app)
        await settle(pilot, lambda: table.actor == 0)
        assert not table.look().table.holds_drawn[0]
        river = len(game.hand.players[0].river)
        said: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]  # type: ignore[method-assign]
        await press(pilot, "d")
        await settle(pilot, lambda: t("table.no_drawn") in said)  # the key has been heard: it says why
        assert len(game.hand.players[0].river) == river  # nothing was discarded
        assert t("table.no_drawn") in plain(table.query_one("#me-actions"))
        # The footer follows the table's keys once they have changed: d is there, and off.
        await settle(
            pilot, lambda: any(k.action == "discard_drawn" and k.has_class("-disabled") for k in table.query(FooterKey))
        )
        await press(pilot, "enter")  # the selected tile still goes
        await settle(pilot, lambda: len(game.hand.players[0].river) == river + 1)


async def test_the_footer_shows_the_keys_on_offer_and_switches_them_in_place() -> None:
    """Discard is shown on the person's turn only; turn after turn, the footer's keys stay the same widgets."""
    app = app_for("shanghai", 3, speed="fast")
    async with app.run_test(size=FULL) as pilot:
        table = table_of(app)

        def shown() -> set[str]:
            return {k.action for k in table.query(FooterKey) if k.display and not k.has_class("-disabled")}

        seen: list[set[str]] = []
        widgets: set[int] = set()
        for _ in range(3):
            await settle(pilot, lambda: table.actor == 0 or isinstance(app.screen, ChoiceScreen))
            if isinstance(app.screen, ChoiceScreen):
                choice = app.screen
                await press(pilot, "escape")
                await settle(pilot, gone(app, choice))
                continue
            # The footer follows the keys on offer once they have changed: discard comes on the person's turn …
            await settle(pilot, lambda: "discard" in shown())
            seen.append(shown())
            widgets |= {id(k) for k in table.query(FooterKey)}
            await press(pilot, "enter")
            await settle(pilot, lambda: table.actor != 0)
            await settle(pilot, lambda: "discard" not in shown())  # … and goes once it is over
            seen.append(shown())
        assert {"rules", "help", "leave"} <= set.intersection(*seen)
        assert len(widgets) == len(table.query(FooterKey))  # switched in place, never rebuilt


async def test_q_offers_a_new_game_quit_or_cancel() -> None:
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        await press(pilot, "escape") if isinstance(app.screen, ChoiceScreen) else None
        await settle(pilot, showing(app, TableScreen))
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        labels = [str(b.label) for b in app.screen.query("Button")]
        assert labels == ["[n] New game", "[q] Quit", "[Esc] Cancel"]
        await press(pilot, "escape")
        await settle(pilot, showing(app, TableScreen))
        assert app.is_running
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "n")
        await settle(pilot, showing(app, NewGameScreen))
        assert app.is_running and app.driver is None
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        await press(pilot, "escape") if isinstance(app.screen, ChoiceScreen) else None
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and table_of(app).actor is not None)
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "q")
        await settle(pilot, lambda: not app.is_running)


# ---------------------------------------------------------------------- the rules screen
async def rules_shown(pilot, app: MahjongApp) -> RulesScreen:  # type: ignore[no-untyped-def]
    """The rules screen on top, its page drawn, and nothing left rendering for it (its pages are rendered in a worker
    thread: one still at work as the app closes would find no screen to show its page on)."""
    await settle(
        pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.is_mounted and bool(app.screen.pages)
    )
    screen = app.screen
    assert isinstance(screen, RulesScreen)
    rendering = [w for w in app.workers if w.node is screen]
    if rendering:
        await app.workers.wait_for_complete(rendering)
    return screen


async def test_r_opens_the_rules_at_the_page_of_the_game() -> None:
    app = app_for("changsha", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, (TableScreen, ChoiceScreen)))
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "x", "x")
        await settle(pilot, showing(app, TableScreen))
        assert any(k.action == "rules" for k in app.screen.query(FooterKey))
        await press(pilot, "r")
        screen = await rules_shown(pilot, app)
        assert list(screen.pages) == [screen.query_one("#rules-tabs").active]  # only the page shown was built
        page = screen.query_one("#rules-page", PageView)
        assert any("长沙" in line or "Changsha" in line for line in shown_lines(page))
        await press(pilot, "escape")
        await settle(pilot, showing(app, TableScreen))


async def test_the_shanghai_page_shows_plus_as_text_not_a_bullet() -> None:
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).is_mounted)
        app.push_screen(RulesScreen("shanghai"))
        screen = await rules_shown(pilot, app)
        page = screen.query_one("#rules-page", PageView)
        text = [line.text for line in page.lines]
        assert any("乱风向 +" in line or "+ 碰碰胡" in line for line in text)
        assert not any(line.strip().startswith("• 碰碰胡") for line in text)


async def test_the_new_game_screen_says_what_each_preset_is_and_opens_its_rules() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        screen = app.screen

        def summary() -> str:
            return plain(screen.query_one("#rules-summary"))

        for name in ("changsha", "shanghai-qq", "shanghai", "changsha"):
            screen.query_one("#rules").value = name  # type: ignore[attr-defined]
            rules = get_ruleset(name)
            await settle(
                pilot, lambda words=rules.summary_words.en[:30]: words in summary()
            )  # the line follows the choice
            assert rules.name in summary() and rules.en_name in summary()
        await pilot.click("#rules-button")
        tabs = (await rules_shown(pilot, app)).query_one("#rules-tabs")
        assert "changsha" in str(tabs.active_tab.label)  # type: ignore[attr-defined]
        await press(pilot, "escape")
        await settle(pilot, lambda: app.screen is screen)
        await press(pilot, "ctrl+r")
        await rules_shown(pilot, app)


# ---------------------------------------------------------------------- memory
async def test_a_screen_closed_leaves_none_of_its_drawing_behind() -> None:
    """The help drawn over the table, then closed: once collected, no widget's drawing cache (Textual's
    ``StylesCache``, one a widget) outlives its widget. Textual's ``StylesCache.get_inner_outer`` kept up to 1,024 of
    them alive (its issue #6665), each with every line its widget drew, until ``mahjong_tui.ui.textual_mends`` cached
    it on the colours alone."""
    app = app_for("shanghai", 5)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None)
        await press(pilot, "question_mark")
        await settle(pilot, showing(app, HelpScreen))
        await pilot.pause()  # the help is drawn: each of its widgets' caches holds its lines
        await press(pilot, "escape")
        await settle(pilot, showing(app, TableScreen))
        await pilot.pause()
        gc.collect()
        alive = gc.get_objects()
        widgets = sum(isinstance(o, Widget) for o in alive)
        caches = sum(type(o).__name__ == "StylesCache" for o in alive)
        assert 0 < caches <= widgets
