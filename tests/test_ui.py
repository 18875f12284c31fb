"""The table app driven by keys and clicks (Textual Pilot): whole hands, prompts, hot-seat, sizes.

Bot seats are played by a tiny fixed policy defined here, so these tests do not depend on
the bots package. Seeds are found at run time by playing the same policy on the engine
alone, then the same hand is played through the UI and must end the same way.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.geometry import Region
from textual.widgets import Button, RichLog, Static
from textual.widgets._footer import FooterKey

from mahjong_tui.commands.play import parser as play_parser
from mahjong_tui.engine import Action, ActionKind, Game, HandOutcome, Phase, SeatView, TileDiscarded, get_ruleset
from mahjong_tui.engine.tiles import format_tiles, tile_name
from mahjong_tui.i18n import t
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Display, GameSetup, Palette, Privacy, SetupError, TileStyle, quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen, choices_for
from mahjong_tui.ui.screens.curtain import CurtainScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen, hand_summary
from mahjong_tui.ui.screens.help import LeaveScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.screens.table import TableScreen, layout_for
from mahjong_tui.ui.tiles import UNICODE_EDGES, WIDTH, tall_rows, tile_label, tile_text
from mahjong_tui.ui.widgets.hand import CELL, GAP, HandView, hand_tiles
from mahjong_tui.ui.widgets.log import ReflowLog
from mahjong_tui.ui.widgets.page import PageView
from mahjong_tui.ui.widgets.wall import InfoLine, WallRing

FULL = (120, 36)
COMPACT = (80, 24)
CLAIMS = (ActionKind.WIN, ActionKind.DECLARE_INITIAL, ActionKind.TAKE_HAIDI, ActionKind.KONG, ActionKind.PONG,
          ActionKind.CHI, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


# ---------------------------------------------------------------------- a tiny fixed policy
def policy(legal: list[Action], counts: list[int] | tuple[int, ...]) -> Action:
    """Win, then claim whatever is offered; else discard the tile with the fewest friends."""
    for kind in CLAIMS:
        for a in legal:
            if a.kind is kind:
                return a

    def friends(t: int) -> int:
        near = sum(counts[n] for n in (t - 2, t - 1, t + 1, t + 2) if t < 27 and 0 <= n < 27 and n // 9 == t // 9)
        return 3 * counts[t] + near

    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if discards:
        return min(discards, key=lambda a: (friends(a.tile or 0), -(a.tile or 0)))
    return next(a for a in legal if a.kind is ActionKind.PASS)


class PolicyBot:
    """The policy as a bot."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        return policy(list(view.legal), view.counts)


def policy_bots(level: str, seat: int, seed: int) -> PolicyBot:
    return PolicyBot(seat)


def play_engine(game: Game, stop: Callable[[Game], bool], limit: int = 3000) -> bool:
    """Play the policy for every seat on the engine alone until ``stop``."""
    for _ in range(limit):
        if stop(game):
            return True
        if game.hand.over:
            return False
        seat = game.pending_seats()[0]
        game.apply(policy(game.legal_actions(seat), game.hand.players[seat].counts))
    return False


def find_seed(rules: str, want: Callable[[Game], bool]) -> int:
    """A seed whose first hand, played by the policy everywhere, ends as wanted."""
    for seed in range(300):
        game = Game(rules, seed)
        play_engine(game, lambda g: g.hand.over)
        if game.hand.over and want(game):
            return seed
    raise AssertionError(f"no {rules} seed found")


def app_for(rules: str, seed: int, humans: int = 1, speed: str = "instant", **kw: object) -> MahjongApp:
    setup = quick_setup(rules, humans, "normal", seed, speed=speed)
    return MahjongApp(setup, bot_factory=policy_bots, **kw)  # type: ignore[arg-type]


def plain(widget: object) -> str:
    """The text a widget shows, without styles."""
    from rich.console import Console
    from textual.widgets import Static

    content = widget.content if isinstance(widget, Static) else widget.render()  # type: ignore[attr-defined]
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


def table_of(app: MahjongApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def settle(pilot, until: Callable[[], bool], rounds: int = 400) -> None:  # type: ignore[no-untyped-def]
    """Let timers and messages run until ``until()`` holds."""
    for _ in range(rounds):
        if until():
            return
        await pilot.pause(0.01)
    app = pilot.app
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    state = (app.screen_stack, table and (table.actor, table.waiting, table.paused_move),
             app.driver and (app.driver.game.pending_seats(), app.driver.game.hand.phase))
    assert until(), f"the app did not get there: {state}"


async def play_hand_by_keys(pilot, app: MahjongApp, *, method: str = "numbers") -> list[str]:  # type: ignore[no-untyped-def]
    """Play every human decision of the current hand with the policy, by keys (or clicks)."""
    seen: list[str] = []
    for _ in range(2000):
        await settle(pilot, lambda: not isinstance(app.screen, TableScreen) or table_of(app).actor is not None
                     or app.driver is None or app.driver.game.hand.over)
        screen = app.screen
        seen.append(type(screen).__name__)
        if isinstance(screen, (HandEndScreen, GameEndScreen)):
            return seen
        game = app.driver.game  # type: ignore[union-attr]
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            continue
        if isinstance(screen, ChoiceScreen):
            seat = game.pending_seats()[0]
            want = policy(game.legal_actions(seat), game.hand.players[seat].counts)
            index = next(i for i, c in enumerate(screen.choices) if c.action == want)
            times = 2 if want.kind is ActionKind.PASS and screen.win_offered else 1
            for _ in range(times):
                if method == "click":
                    await pilot.click(f"#choice-{index}")
                else:
                    await pilot.press(screen.choices[index].key)
            continue
        table = table_of(app)
        if table.actor is None:
            continue
        seat = table.actor
        want = policy(game.legal_actions(seat), game.hand.players[seat].counts)
        if want.kind is ActionKind.WIN:
            if method == "click":  # the footer's keys are buttons too
                await pilot.click(next(k for k in table.query(FooterKey) if k.action == "win"))
            else:
                await pilot.press("w")
        elif want.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            if method == "click":
                await pilot.click(next(k for k in table.query(FooterKey) if k.action == "kong"))
            else:
                await pilot.press("k")
            await pilot.pause()
            if isinstance(app.screen, ChoiceScreen):
                index = next(i for i, c in enumerate(app.screen.choices) if c.action == want)
                if method == "click":
                    await pilot.click(f"#choice-{index}")
                else:
                    await pilot.press(app.screen.choices[index].key)
        else:
            tiles = hand_tiles(table.look(), seat)
            index = tiles.index(want.tile)
            if method == "numbers" and index < 10:
                await pilot.press(str((index + 1) % 10), "enter")
            elif method == "click":
                drawn_gap = GAP if index == len(tiles) - 1 and table.look().table.drawn[seat] is not None else 0
                offset = (index * CELL + drawn_gap + 1, 2)
                await pilot.click(HandView, offset=offset)
                await pilot.click(HandView, offset=offset)
            else:
                steps = index - (table.selected or 0)
                for _ in range(abs(steps)):
                    await pilot.press("right" if steps > 0 else "left")
                await pilot.press("enter")
    raise AssertionError("the hand did not end")


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
    assert tile_text(4, TileStyle.CHINESE, Palette.STANDARD).style != tile_text(
        4, TileStyle.CHINESE, Palette.COLOURBLIND).style


@pytest.mark.parametrize(("size", "mode"), [((120, 36), "full"), ((150, 50), "full"), ((119, 36), "compact"),
                                            ((80, 24), "compact"), ((79, 24), "tiny"), ((100, 20), "tiny")])
def test_layout_for_terminal_size(size: tuple[int, int], mode: str) -> None:
    assert layout_for(*size) == mode


# ---------------------------------------------------------------------- whole hands by keys
@pytest.mark.parametrize(("rules", "method"), [("shanghai", "numbers"), ("changsha", "arrows")])
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
        await pilot.press("enter")
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand.hand_number == 2)
        log = table_of(app).query_one("#log", RichLog)
        await settle(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
        assert any("Hand 2" in line.text for line in log.lines[-12:])


@pytest.mark.parametrize(("rules", "method"), [("shanghai", "arrows"), ("changsha", "numbers")])
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
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen))
        await pilot.press("q", "n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.is_running and app.driver is None


async def test_a_hand_played_with_mouse_clicks() -> None:
    """Discards, a claim and a self-drawn win by the mouse alone; then the summary's Continue key is clicked."""
    from mahjong_tui.engine import MeldClaimed, PlayerWon, WinBy

    def wanted(g: Game) -> bool:
        wins = [e for e in g.hand.events if isinstance(e, PlayerWon)]
        return any(w.seat == 0 and w.context.win_by is WinBy.SELF_DRAW for w in wins) and any(
            isinstance(e, MeldClaimed) and e.seat == 0 for e in g.hand.events)

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
        await pilot.pause()
        assert table_of(app).layout_mode == "compact"
        await play_hand_by_keys(pilot, app)
        assert 0 in app.driver.game.hand.winners  # type: ignore[union-attr]


# ---------------------------------------------------------------------- the claim prompt
def claim_game(rules: str, want: Callable[[Game], bool]) -> Game:
    for seed in range(300):
        game = Game(rules, seed)

        def ready(g: Game) -> bool:
            return (g.hand.phase is Phase.CLAIM and 0 in g.pending_seats()
                    and g.pending_seats()[0] == 0 and want(g))

        if play_engine(game, ready):
            return game
    raise AssertionError("no claim position")


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
async def test_the_claim_prompt_offers_exactly_the_legal_options(rules: str) -> None:
    game = claim_game(rules, lambda g: len(g.legal_actions(0)) >= 2)
    legal = game.legal_actions(0)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        offered = [c.action for c in screen.choices]
        assert sorted(offered, key=repr) == sorted(legal, key=repr)
        assert len({c.key for c in screen.choices}) == len(screen.choices)
        title = plain(screen.query_one("#choice-title"))
        assert "discarded" in title
        for stray in ("z", "enter", "space", "m", "j"):  # q asks to leave, as at the table (tested below)
            await pilot.press(stray)
        assert app.screen is screen
        assert game.legal_actions(0) == legal


async def test_in_a_claim_dialog_a_hands_the_question_to_the_bot_and_q_asks_to_leave() -> None:
    """The footer's a and q work while a claim dialog asks: a lets the bot answer it (and play on), q asks first,
    Esc returns to the dialog, n leaves the game."""
    game = claim_game("shanghai", lambda g: len(g.legal_actions(0)) >= 2)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        dialog = app.screen
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, LeaveScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is dialog)
        moves = len(game.hand.events)
        await pilot.press("a")
        await settle(pilot, lambda: len(game.hand.events) > moves and not isinstance(app.screen, ChoiceScreen))
        assert 0 in app.driver.autoplay  # type: ignore[union-attr]
    game = claim_game("shanghai", lambda g: len(g.legal_actions(0)) >= 2)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("q", "n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.is_running and app.driver is None and not any(isinstance(s, ChoiceScreen) for s in app.screen_stack)


async def test_a_stray_key_never_throws_a_win_away() -> None:
    game = claim_game("shanghai", lambda g: any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        await pilot.press("enter", "space", "escape", "x")
        assert app.screen is screen
        assert "again to pass" in plain(screen.query_one("#choice-hint"))
        await pilot.press("w")
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen))
        assert 0 in game.hand.winners


async def test_a_refused_option_is_explained_in_one_line() -> None:
    game = claim_game("shanghai", lambda g: bool(g.hand.refusals_for(0)))
    reasons = [r.reason.en for r in game.hand.refusals_for(0)]
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        notes = [plain(n) for n in app.screen.query(".choice-note")]
        assert notes and all(any(r in n for n in notes) for r in reasons)


def test_choice_keys_follow_the_action_kinds() -> None:
    game = claim_game("shanghai", lambda g: any(a.kind is ActionKind.CHI for a in g.legal_actions(0)))
    choices = choices_for(game.legal_actions(0))
    keys = {c.action.kind: c.key for c in choices if c.action is not None and c.action.kind is not ActionKind.CHI}
    assert keys[ActionKind.PASS] == "x"
    chi_keys = [c.key for c in choices if c.action is not None and c.action.kind is ActionKind.CHI]
    assert chi_keys == [str(i + 1) for i in range(len(chi_keys))]


# ---------------------------------------------------------------------- hot-seat
async def test_the_curtain_hides_every_hand_in_hot_seat() -> None:
    app = app_for("shanghai", 3, humans=2)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        table = table_of(app)
        seat = app.driver.game.pending_seats()[0]  # type: ignore[union-attr]
        assert table.viewer is None
        assert table.look().face_up == frozenset()
        hand = table.query_one(HandView)
        drawn = plain(hand)
        assert "▒" in drawn and not any(ch in drawn for ch in "万筒条")
        who = plain(app.screen.query_one("#curtain-who"))
        label = table.look().label(seat)
        assert f"{label} — your turn; press Enter when only you can see the screen" in who
        await pilot.press("x", "w", "1", "d")  # nothing but Enter lifts the curtain
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert table.viewer == seat


async def test_hot_seat_asks_each_human_behind_the_curtain() -> None:
    seed = find_seed("changsha", lambda g: True)
    app = app_for("changsha", seed, humans=2)
    async with app.run_test(size=FULL) as pilot:
        shown_to: int | None = None
        for _ in range(3000):
            await settle(pilot, lambda: not isinstance(app.screen, TableScreen) or table_of(app).actor is not None
                         or app.driver.game.hand.over)  # type: ignore[union-attr]
            screen = app.screen
            if isinstance(screen, HandEndScreen):
                break
            game = app.driver.game  # type: ignore[union-attr]
            if isinstance(screen, CurtainScreen):
                shown_to = game.pending_seats()[0]
                await pilot.press("enter")
                continue
            seat = game.pending_seats()[0]
            assert seat == shown_to, "a human's tiles were shown without the curtain"
            assert table_of(app).viewer == seat
            await act_by_keys(pilot, app, seat, policy(game.legal_actions(seat), game.hand.players[seat].counts))
            if app.driver and not app.driver.game.hand.over and app.driver.next_seat() not in (seat, None):
                shown_to = None if not app.driver.is_bot(app.driver.next_seat() or 0) else shown_to
        assert isinstance(app.screen, HandEndScreen)


# ---------------------------------------------------------------------- sizes
async def test_a_small_terminal_shows_the_enlarge_notice() -> None:
    app = app_for("shanghai", 5)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = table_of(app)
        assert table.layout_mode == "tiny"
        notice = table.query_one("#too-small")
        assert notice.display and "enlarge" in plain(notice)
        assert not table.query_one("#table").display
        game = app.driver.game  # type: ignore[union-attr]
        rivers = sum(len(p.river) for p in game.hand.players)
        await pilot.press("left", "enter", "d", "w", "k", "1", "1")
        await pilot.pause()
        assert sum(len(p.river) for p in game.hand.players) == rivers  # nothing is played blind
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert table.layout_mode == "full"
        assert not notice.display


# ---------------------------------------------------------------------- other screens
async def test_new_game_screen_starts_the_chosen_game() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#rules").value = "changsha"  # type: ignore[attr-defined]
        screen.query_one("#player-1").value = "human"  # type: ignore[attr-defined]
        screen.query_one("#seed").value = "7"  # type: ignore[attr-defined]
        screen.query_one("#name-1").value = "Bob"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#start")
        await settle(pilot, lambda: app.driver is not None)
        setup = app.driver.setup  # type: ignore[union-attr]
        assert setup.rules == "changsha" and setup.seed == 7 and setup.humans == [0, 1]
        assert setup.names[1] == "Bob"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_new_game_button_is_on_the_screen(size: tuple[int, int]) -> None:
    """Start, Records, Statistics, Rules, Settings and Quit: in one row when they fit, else two; none cut off.
    The keys below them wrap between two keys, never inside one."""
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        buttons = list(app.screen.query_one("#new-game-buttons").query(Button))
        assert [b.id for b in buttons] == ["start", "records", "statistics", "rules-button", "settings-button", "quit"]
        for b in buttons:
            b.scroll_visible(animate=False)
            await pilot.pause()
            box = b.region
            assert box.width >= cell_len(str(b.label)) + 2 and box.right <= size[0], b.id
        assert len({b.region.y for b in buttons}) == (1 if size[0] >= 110 else 2)
        keys = app.screen.query_one("#new-game-keys").render().plain.splitlines()  # type: ignore[attr-defined]
        starts = {"←→", "Tab", "Enter/^s", "^r", "Esc", "^p", "^o", "^g", "^t", "F2"}
        assert all(line.split()[0] in starts for line in keys), keys  # broken between keys, never inside one
        assert "F2 settings" in " ".join(keys) and all(cell_len(line) <= size[0] for line in keys)


async def test_new_game_screen_says_what_to_fix() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        app.screen.query_one("#hands").value = "0"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "hands must be at least 1" in plain(app.screen.query_one("#new-game-error"))


async def test_command_palette_has_new_game_rules_and_settings() -> None:
    app = app_for("shanghai", 5)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert {"New game", "Rules", "Settings", "Help"} <= set(titles)
        app.action_rules()
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


async def test_plain_text_tiles_keep_the_table_playable() -> None:
    app = app_for("shanghai", 3, display=Display(style=TileStyle.PLAIN))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("x", "x")
            await settle(pilot, lambda: table_of(app).actor is not None)
        shown = plain(table_of(app).query_one(HandView))
        assert any(x in shown for x in "mps") and not any(x in shown for x in "万筒条")
        rivers = sum(len(p.river) for p in app.driver.game.hand.players)  # type: ignore[union-attr]
        await pilot.press("d")
        await settle(pilot, lambda: sum(len(p.river) for p in app.driver.game.hand.players) > rivers)  # type: ignore[union-attr]


async def test_settings_change_the_tile_style() -> None:
    from mahjong_tui.ui.screens.settings import SettingsScreen

    app = app_for("changsha", 3)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        app.action_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#style").value = TileStyle.PLAIN  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#ok")
        await pilot.pause()
        assert table_of(app).appearance.style is TileStyle.PLAIN


async def test_autoplay_lets_the_bot_play_the_human_seat() -> None:
    seed = find_seed("shanghai", lambda g: True)
    app = app_for("shanghai", seed)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("x", "x")
            await settle(pilot, lambda: table_of(app).actor is not None)
        await pilot.press("a")
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen), rounds=2000)


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
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        app.action_new_game()
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.driver is None


async def test_after_the_last_hand_the_final_standings_then_a_new_game() -> None:
    seed = find_seed("changsha", lambda g: g.hand.outcome is HandOutcome.WIN and 0 in g.hand.winners)
    setup = quick_setup("changsha", 1, "normal", seed, speed="instant", max_hands=1)
    app = MahjongApp(setup, bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await play_hand_by_keys(pilot, app)
        assert isinstance(app.screen, HandEndScreen)
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table_of(app).look().table.over
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameEndScreen))
        text = plain(app.screen.query_one(Static))
        assert "Final standings" in text
        scores = app.driver.game.scores
        rows = [line for line in text.splitlines() if "│" in line][:4]  # the ranking comes first
        for line in rows:
            place, player, points = (cell.strip() for cell in line.split("│"))
            assert int(place) == 1 + sum(p > int(points) for p in scores)  # equal points share a place
        await pilot.press("enter")  # Enter goes on, as through every hand: to a new game, not out of the app
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))


def changsha_at(phase: Phase) -> Game:
    """A Changsha game where seat 0 must answer first in ``phase``."""
    for seed in range(400):
        game = Game("changsha", seed)
        if play_engine(game, lambda g: g.hand.phase is phase and g.pending_seats()[:1] == [0]):
            return game
    raise AssertionError(f"no {phase.value} position")


async def test_the_haidi_is_taken_by_a_key() -> None:
    game = changsha_at(Phase.HAIDI)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert {c.key for c in app.screen.choices} == {"t", "x"}  # type: ignore[attr-defined]
        await pilot.press("t")
        await settle(pilot, lambda: game.hand.phase is not Phase.HAIDI)
        assert game.hand.haidi.taker == 0
        await settle(pilot, lambda: isinstance(app.screen, (ChoiceScreen, HandEndScreen)))
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("w" if app.screen.win_offered else "x")
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen))


async def test_initial_small_wins_are_declared_by_a_key() -> None:
    game = changsha_at(Phase.INITIAL)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        assert "initial small wins" in plain(app.screen.query_one("#choice-title"))
        await pilot.press("d")
        await settle(pilot, lambda: game.hand.phase is not Phase.INITIAL)
        assert 0 in game.hand.initial_declared


async def test_a_claim_option_can_be_clicked() -> None:
    game = claim_game("changsha", lambda g: not any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        index = next(i for i, c in enumerate(screen.choices) if c.action and c.action.kind is not ActionKind.PASS)
        claimed = screen.choices[index].action
        await pilot.pause()
        await pilot.click(f"#choice-{index}")
        await settle(pilot, lambda: app.screen is not screen)
        assert claimed is not None and any(m.source is not None for m in game.hand.players[0].melds)


# ---------------------------------------------------------------------- 开杠 (Changsha)
def kaigang_game(how: str) -> Game:
    """Seat 0 holds 五万×3 and is ready on 2s with the quad set aside; the dealer (seat 3) acts first.

    ``claim``: the dealer discards the fourth 五万, so seat 0 may 补张 or 开杠 it (or pong, or pass).
    ``turn``: the dealer discards 九万 and seat 0 draws the fourth 五万, a concealed quad.
    """
    from mahjong_tui.engine import RiggedDeal, parse_tile

    dealer = ("5m" if how == "claim" else "5p") + "1m3m7m9m1p9p8p2s3s6s4s9s7p"
    hands = ("5m5m5m1p2p3p4p5p6p7s8s9s2s", "2m4m6m8m1p3p5p7p1s3s5s7s9s", "1m3m6m9m2p4p6p8p2s4s6s8s1s", dealer)
    game = Game("changsha", 1, rigged=RiggedDeal(hands, draws="" if how == "claim" else "5m",
                                                 tail="1m3m4m6m7m8m4s6s8s9s7p9p", dealer=3))
    game.apply(Action(3, ActionKind.DISCARD, parse_tile("5m" if how == "claim" else "9m")))
    assert game.pending_seats() == [0]
    return game


@pytest.mark.parametrize("how", ["claim", "turn"])
async def test_the_kaigang_choice_offers_the_engines_kongs(how: str) -> None:
    from mahjong_tui.engine import KaigangRevealed, KongMode

    game = kaigang_game(how)
    legal = game.legal_actions(0)
    kongs = [a for a in legal if a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG)]
    assert {a.mode for a in kongs} == {KongMode.BUZHANG, KongMode.KAIGANG}
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        if how == "turn":
            await settle(pilot, lambda: table_of(app).actor == 0)
            assert "k kong" in plain(table_of(app).query_one("#me-actions"))
            await pilot.press("k")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        offered = {c.key: c.action for c in screen.choices}
        expected = legal if how == "claim" else kongs
        assert sorted((a for a in offered.values() if a is not None), key=repr) == sorted(expected, key=repr)
        assert offered["b"] is not None and offered["b"].mode is KongMode.BUZHANG
        assert offered["g"] is not None and offered["g"].mode is KongMode.KAIGANG
        labels = [str(b.label) for b in screen.query("Button.choice")]
        assert any(x.startswith("[b] Buzhang") for x in labels)
        assert any(x.startswith("[g] Kaigang") for x in labels)
        if how == "turn":
            assert offered["escape"] is None  # back to the turn without a kong
        await pilot.press("g")
        await settle(pilot, lambda: any(isinstance(e, KaigangRevealed) for e in game.hand.events))
        assert game.hand.players[0].kaigang_locked
        assert "开杠" in plain(table_of(app).query_one("#me-header"))
        # Back to seat 0's turn: the table says the drawn tile must go, and nothing else is discarded.
        for _ in range(20):
            await settle(pilot, lambda: isinstance(app.screen, (ChoiceScreen, HandEndScreen))
                         or table_of(app).actor == 0)
            if not isinstance(app.screen, ChoiceScreen):
                break
            await pilot.press("x", "x")
        if isinstance(app.screen, HandEndScreen):
            return
        table = table_of(app)
        assert "开杠: you must discard each tile you draw" in plain(table.query_one("#me-actions"))
        rivers = len(game.hand.players[0].river)
        drawn = game.hand.players[0].last_drawn
        await pilot.press("1", "1")
        if hand_tiles(table.look(), 0)[0] != drawn:
            assert len(game.hand.players[0].river) == rivers
            await pilot.press("d")
        await settle(pilot, lambda: len(game.hand.players[0].river) == rivers + 1)
        assert game.hand.players[0].river[-1].tile == drawn


# ---------------------------------------------------------------------- what the screen shows, as drawn
def shown_lines(widget: object) -> list[str]:
    """The lines a widget draws at its size on screen (so wrapping and cropping show)."""
    size = widget.size  # type: ignore[attr-defined]
    strips = widget.render_lines(Region(0, 0, size.width, size.height))  # type: ignore[attr-defined]
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]


# ---------------------------------------------------------------------- hot seat: what the curtain gives away
def two_pending(g: Game) -> bool:
    """A claim window where seat 0 answers first and another seat is asked too."""
    pending = g.pending_seats()
    return g.hand.phase is Phase.CLAIM and pending[:1] == [0] and len(pending) >= 2


async def test_in_a_claim_window_only_the_person_deciding_is_marked_to_act() -> None:
    game = claim_game("shanghai", two_pending)
    others = [s for s in game.pending_seats() if s != 0]
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        table = table_of(app)
        assert set(others) <= set(game.pending_seats())  # a bot is asked too, and may claim
        assert "◀ to act" in plain(table.query_one("#me-header"))
        for pos in ("top", "left", "right"):
            assert "◀ to act" not in plain(table.query_one(f"#seat-{pos}"))
        centre = plain(table.query_one(WallRing))
        assert "claims on the discard" in centre and "turn:" not in centre
        assert not any(table.look().label(s) in centre for s in range(4))
    app = app_for(game.rules.name, game.seed, game=claim_game("shanghai", two_pending))
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        line = plain(table_of(app).query_one(InfoLine))
        assert "claims on the discard" in line and "turn:" not in line
        assert not any("◀" in plain(table_of(app).query_one(f"#cseat-{p}")) for p in ("top", "left", "right"))


async def test_the_curtain_says_whose_turn_it_is_and_never_why() -> None:
    game = claim_game("shanghai", lambda g: True)
    setup = quick_setup("shanghai", 2, "normal", game.seed, speed="instant")
    app = MahjongApp(setup, game=game, bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert game.hand.phase is Phase.CLAIM  # called for a claim …
        text = " ".join(plain(w) for w in app.screen.query(Static))
        assert "your turn; press Enter when only you can see the screen" in text
        assert not any(word in text for word in ("claim", "discard", "海底", "rob", "win"))  # … it does not say so


def play_setup(rules: str, seed: int, privacy: str) -> MahjongApp:
    """Two people (seats 0 and 1) and two policy bots."""
    setup = quick_setup(rules, 2, "normal", seed, speed="instant", privacy=privacy)
    return MahjongApp(setup, bot_factory=policy_bots)


async def play_hot_seat(pilot, app: MahjongApp, discards: int) -> tuple[list[tuple[int, int]], int]:  # type: ignore[no-untyped-def]
    """Play by the policy behind curtains up to a number of discards (or the hand's end).

    Returns the curtains (discards so far, seat behind it) and how many acknowledgements there were.
    """
    calls: list[tuple[int, int]] = []
    acks = 0
    for _ in range(4000):
        await settle(pilot, lambda: not isinstance(app.screen, TableScreen) or table_of(app).actor is not None
                     or app.driver.game.hand.over)  # type: ignore[union-attr]
        screen = app.screen
        game = app.driver.game  # type: ignore[union-attr]
        if isinstance(screen, HandEndScreen) or len(discarders(game)) >= discards:
            return calls, acks
        table = table_of(app)
        if isinstance(screen, CurtainScreen):
            calls.append((sum(isinstance(e, TileDiscarded) for e in game.hand.events), table.bottom))
            await pilot.press("enter")
            continue
        if isinstance(screen, ChoiceScreen) and screen.choices[0].action is None:
            # An acknowledgement: only "continue", for a person the engine does not ask, the table hidden.
            seat = table.bottom
            words = "Nothing to declare — continue" if game.hand.phase is Phase.INITIAL or not any(
                isinstance(e, TileDiscarded) for e in game.hand.events) else "Nothing to claim — continue"
            assert [(c.key, c.label) for c in screen.choices] == [("enter", words)]
            assert game.hand.phase is not Phase.CLAIM or seat not in game.pending_seats()  # not asked to claim
            assert table.viewer is None and table.look().face_up == frozenset()
            acks += 1
            if acks == 1:
                await pilot.press("x", "1", "p")  # no other key answers it
                assert app.screen is screen
            await pilot.press("enter")
            continue
        seat = table.viewer
        assert seat is not None
        await act_by_keys(pilot, app, seat, policy(game.legal_actions(seat), game.hand.players[seat].counts))
    raise AssertionError("the hand did not end")


async def act_by_keys(pilot, app: MahjongApp, seat: int, want: Action) -> None:  # type: ignore[no-untyped-def]
    """Make ``want`` for the person at ``seat`` by the keys: a prompt's key, a selected tile, w, or k and a choice."""
    screen = app.screen
    if isinstance(screen, ChoiceScreen):
        choice = next(c for c in screen.choices if c.action == want)
        await pilot.press(choice.key)
        if want.kind is ActionKind.PASS and screen.win_offered:
            await pilot.press(choice.key)  # passing a win asks to confirm
    elif want.kind is ActionKind.DISCARD:
        table = table_of(app)
        table.selected = hand_tiles(table.look(), seat).index(want.tile)
        await pilot.press("enter")
    elif want.kind is ActionKind.WIN:
        await pilot.press("w")
    else:
        await pilot.press("k")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press(next(c.key for c in app.screen.choices if c.action == want))


def discarders(game: Game) -> list[int]:
    """Who discarded, in order, this hand."""
    return [e.seat for e in game.hand.events if isinstance(e, TileDiscarded)]


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
async def test_strict_privacy_calls_every_person_after_every_discard(rules: str) -> None:
    seed = find_seed(rules, lambda g: len(discarders(g)) > 16)
    app = play_setup(rules, seed, "strict")
    async with app.run_test(size=FULL) as pilot:
        calls, acks = await play_hot_seat(pilot, app, 9)
        assert acks > 0
        # Everyone has been called about each discard before the next one is made (two rounds and more).
        for i, by in enumerate(discarders(app.driver.game)[:8], start=1):  # type: ignore[union-attr]
            others = [s for s in ((by + k) % 4 for k in (1, 2, 3)) if s in (0, 1)]
            after = [seat for n, seat in calls if n == i]
            assert after[:len(others)] == others, f"discard {i} by seat {by}: curtains for {after}"


async def test_standard_privacy_calls_a_person_only_to_decide() -> None:
    seed = find_seed("shanghai", lambda g: len(discarders(g)) > 16)
    app = play_setup("shanghai", seed, "standard")
    async with app.run_test(size=FULL) as pilot:
        calls, acks = await play_hot_seat(pilot, app, 16)
        assert acks == 0
        assert len(calls) < 15  # not a curtain for everyone after every discard


async def test_privacy_is_a_setting_and_a_play_option() -> None:
    from mahjong_tui.ui.screens.settings import SettingsScreen

    assert play_parser().parse_args(["--privacy", "strict"]).privacy == "strict"
    assert play_parser().parse_args([]).privacy is None  # not given: the kept settings say
    app = app_for("shanghai", 3, humans=2)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        assert app.driver.setup.privacy is Privacy.STANDARD  # type: ignore[union-attr]
        app.action_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#privacy").value = Privacy.STRICT  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#ok")
        await pilot.pause()
        assert app.driver.setup.privacy is Privacy.STRICT  # type: ignore[union-attr]
        assert table_of(app).strict


# ---------------------------------------------------------------------- text that fits
async def test_log_lines_wrap_inside_the_log_and_follow_a_resize() -> None:
    seed = find_seed("shanghai", lambda g: True)
    app = app_for("shanghai", seed, display=Display())
    async with app.run_test(size=COMPACT) as pilot:
        await play_hand_by_keys(pilot, app)
        await pilot.press("enter")  # the next hand
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand.hand_number == 2)
        await pilot.resize_terminal(120, 40)
        table = table_of(app)
        log = table.query_one("#log", ReflowLog)
        await settle(pilot, lambda: table.layout_mode == "full" and log.scrollable_content_region.width < 50)
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert max(line.cell_length for line in log.lines) <= width  # nothing runs past the edge
        assert log.scroll_y == log.max_scroll_y  # the newest lines, not the last hand's
        shown = shown_lines(log)
        assert any("Hand 2" in line for line in shown)
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
            await pilot.pause()
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
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        shown = tuple(sorted(game.hand.players[0].tiles()))
        await pilot.press("d")
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
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        table = table_of(app)
        for widget in [*table.query("SeatPanel"), *table.query("RiverView"), table.query_one(HandView)]:
            size = widget.size
            for strip in widget.render_lines(Region(0, 0, size.width, size.height)):
                line = "".join(seg.text for seg in strip)
                assert {cell_len(line, v) for v in UNICODE_EDGES} == {size.width}, line


# ---------------------------------------------------------------------- keys
async def test_d_after_a_pong_discards_nothing_and_says_why() -> None:
    game = claim_game("shanghai", lambda g: any(a.kind is ActionKind.PONG for a in g.legal_actions(0))
                      and not any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("p")
        table = table_of(app)
        await settle(pilot, lambda: table.actor == 0)
        assert not table.look().table.holds_drawn[0]
        river = len(game.hand.players[0].river)
        said: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]  # type: ignore[method-assign]
        await pilot.press("d")
        await pilot.pause()
        assert len(game.hand.players[0].river) == river  # nothing was discarded
        assert t("table.no_drawn") in said
        assert t("table.no_drawn") in plain(table.query_one("#me-actions"))
        key = next(k for k in table.query(FooterKey) if k.action == "discard_drawn")
        assert key.has_class("-disabled")
        await pilot.press("enter")  # the selected tile still goes
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
                await pilot.press("escape")
                continue
            await pilot.pause()
            seen.append(shown())
            widgets |= {id(k) for k in table.query(FooterKey)}
            await pilot.press("enter")
            await settle(pilot, lambda: table.actor != 0)
            await pilot.pause()
            seen.append(shown())
        assert all("discard" in keys for keys in seen[::2]) and not any("discard" in keys for keys in seen[1::2])
        assert {"rules", "help", "leave"} <= set.intersection(*seen)
        assert len(widgets) == len(table.query(FooterKey))  # switched in place, never rebuilt


async def test_q_offers_a_new_game_quit_or_cancel() -> None:
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor is not None or isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape") if isinstance(app.screen, ChoiceScreen) else None
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        labels = [str(b.label) for b in app.screen.query("Button")]
        assert labels == ["[n] New game", "[q] Quit", "[Esc] Cancel"]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.is_running
        await pilot.press("q", "n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.is_running and app.driver is None
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, (TableScreen, ChoiceScreen)))
        await pilot.press("escape") if isinstance(app.screen, ChoiceScreen) else None
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("q")
        await settle(pilot, lambda: not app.is_running)


# ---------------------------------------------------------------------- the rules screen
async def test_r_opens_the_rules_at_the_page_of_the_game() -> None:
    app = app_for("changsha", 3)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, (TableScreen, ChoiceScreen)))
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("x", "x")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert any(k.action == "rules" for k in app.screen.query(FooterKey))
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await settle(pilot, lambda: bool(screen.pages))
        await pilot.pause()
        assert list(screen.pages) == [screen.query_one("#rules-tabs").active]  # only the page shown was built
        page = screen.query_one("#rules-page", PageView)
        assert any("长沙" in line or "Changsha" in line for line in shown_lines(page))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_the_shanghai_page_shows_plus_as_text_not_a_bullet() -> None:
    app = app_for("shanghai", 3)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen("shanghai"))
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.is_mounted)
        page = app.screen.query_one("#rules-page", PageView)
        await settle(pilot, lambda: len(page.lines) > 1)
        text = [line.text for line in page.lines]
        assert any("乱风向 +" in line or "+ 碰碰胡" in line for line in text)
        assert not any(line.strip().startswith("• 碰碰胡") for line in text)


async def test_the_new_game_screen_says_what_each_preset_is_and_opens_its_rules() -> None:
    app = MahjongApp(bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for name in ("changsha", "shanghai-qq", "shanghai"):
            screen.query_one("#rules").value = name  # type: ignore[attr-defined]
            await pilot.pause()
            rules = get_ruleset(name)
            line = plain(screen.query_one("#rules-summary"))
            assert rules.name in line and rules.en_name in line and rules.summary[:30] in line
        screen.query_one("#rules").value = "changsha"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#rules-button")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        tabs = app.screen.query_one("#rules-tabs")
        assert "changsha" in str(tabs.active_tab.label)  # type: ignore[attr-defined]
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+r")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))


def test_strict_privacy_asks_after_discards_added_kongs_kaigang_tiles_and_a_new_hand() -> None:
    from mahjong_tui.engine import (
        DrawSource,
        HandStarted,
        KaigangDiscarded,
        KongDeclared,
        KongMode,
        Meld,
        MeldKind,
        TileDrawn,
    )
    from mahjong_tui.ui.screens.asking import asked_after

    discard = TileDiscarded(2, 4)
    assert asked_after([discard, TileDrawn(3, 5, DrawSource.HEAD)], False) == (2, False, discard)
    added = KongDeclared(1, Meld(MeldKind.ADDED_KONG, (4, 4, 4, 4), 4, 0), KongMode.KONG)
    assert asked_after([added], False) == (1, False, added)
    concealed = KongDeclared(1, Meld(MeldKind.CONCEALED_KONG, (4, 4, 4, 4)), KongMode.KONG)
    assert asked_after([concealed], False) is None  # nobody may rob a concealed kong
    tiles = KaigangDiscarded(3, (4, 5))
    assert asked_after([tiles], False) == (3, False, tiles)
    start = HandStarted(2, 1, (3, 4), (1, 5), 0, 0, (0, 0, 0, 0))
    assert asked_after([start], True) == (1, True, start)  # 起手小胡: everyone, the dealer too
    assert asked_after([start], False) is None
