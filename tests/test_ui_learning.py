"""Learning at the table (Pilot): the hint panel and the marks on the hand, the win preview, the rule at
the moment, a beaten claim told only to its seat, the review after a hand, the rules pages, undo, open hands.

Positions are seeded games moved on by the demo policy (:mod:`mahjong_tui.testing.fixtures`);
what the screen shows is checked against the analysis of the seat's own view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Select, Static
from ui_support import press, settle, showing, table_of

from mahjong_tui.book.rulebook import rulebook
from mahjong_tui.engine import (
    ActionKind,
    Game,
    Phase,
    RiggedDeal,
    get_ruleset,
    ruleset_names,
    seat_view,
    tile_zh,
)
from mahjong_tui.i18n import say, t
from mahjong_tui.learn.danger import dangers
from mahjong_tui.learn.hints import hint_for_view, initial_preview, suggested_answer
from mahjong_tui.testing.fixtures import demo_app, demo_bot_factory, hand_won, mid_hand, play_until
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Learning
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.curtain import CurtainScreen
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.review import ReviewScreen
from mahjong_tui.ui.screens.rules import RulesScreen, rendered
from mahjong_tui.ui.screens.settings import SettingsScreen
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.hand import HandView, hand_tiles
from mahjong_tui.ui.widgets.hint_panel import SUGGEST, HintPanel, short_steps
from mahjong_tui.ui.widgets.log import ReflowLog
from mahjong_tui.ui.widgets.page import PageView

FULL = (120, 36)
COMPACT = (80, 24)
HINTS = Learning(hints=True)


# ---------------------------------------------------------------------- helpers
def text_of(renderable: object, width: int = 200) -> str:
    """What a renderable shows, without styles."""
    import io

    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def panel_text(app: MahjongApp) -> str:
    """The text of the hint panel shown now."""
    table = table_of(app)
    which = "#hints-full" if table.layout_mode == "full" else "#hints-compact"
    body = table.query_one(which, HintPanel).query_one(".hint-body", Static)
    return text_of(body.content)


def noting(app: MahjongApp) -> list[str]:
    """Keep every notification the app shows."""
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]  # type: ignore[method-assign]
    return said


def find(rules: str, stop: Callable[[Game], bool], seeds: range = range(1, 80)) -> Game:
    """A game moved on by the demo policy until ``stop`` holds."""
    for seed in seeds:
        game = Game(rules, seed)
        if play_until(game, stop):
            return game
    raise AssertionError("no such position")


def turn_with_danger(g: Game) -> bool:
    """Seat 0 to discard while an opponent looks close to ready."""
    hand = g.hand
    return hand.phase is Phase.TURN and hand.current == 0 and bool(dangers(seat_view(hand, 0)))


def chi_beaten_by_a_bot(g: Game) -> bool:
    """Seat 0 may chi the discard and a later seat in the window, a bot, may pong it."""
    pending = g.pending_seats()
    if g.hand.phase is not Phase.CLAIM or 0 not in pending or 1 in pending:
        return False
    mine = {a.kind for a in g.legal_actions(0)}
    theirs = any(a.kind is ActionKind.PONG for s in pending if s != 0 for a in g.legal_actions(s))
    return ActionKind.CHI in mine and ActionKind.PONG not in mine and ActionKind.WIN not in mine and theirs


def pong_suggested(g: Game) -> bool:
    """Seat 0 alone may pong the discard, and the suggestion is to pong it."""
    if g.hand.phase is not Phase.CLAIM or g.pending_seats() != [0]:
        return False
    suggested = suggested_answer(seat_view(g.hand, 0))
    return suggested is not None and suggested.kind is ActionKind.PONG


# ---------------------------------------------------------------------- the hint panel
async def test_the_panel_shows_every_discard_as_the_analysis_has_it_and_marks_the_suggestion() -> None:
    app = demo_app(mid_hand("changsha", 1), learning=HINTS)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        hint = hint_for_view(app.driver.seat_view(0))  # type: ignore[union-attr]
        shown = panel_text(app)
        assert t("hint.title", steps=say_steps(hint.shanten)) in shown
        lines = shown.splitlines()
        for option in hint.discards:  # every discard, best first, with its steps and unseen tiles that help
            row = next(
                i
                for i, line in enumerate(lines)
                if line[1:].startswith(tile_zh(option.tile)) and short_steps(option.shanten) in line
            )
            assert f" {option.acceptance:>3} " in lines[row]
        order = [o.tile for line in lines for o in hint.discards if line[1:].startswith(tile_zh(o.tile))]
        assert order == [o.tile for o in hint.discards] and len(order) > 1
        told = table.look().told(hint.why)  # the analysis's 5m written as the tiles are drawn: 五万
        assert hint.suggest is not None and told.split(":")[0] in shown.replace("\n", " ")
        assert told.split(":")[0] == f"discard {tile_zh(hint.suggest)}"
        hand = table.query_one("#hand", HandView)
        tiles = hand_tiles(table.look(), 0)
        starred = [i for i, m in enumerate(hand.marks) if SUGGEST[0] in m.plain]
        assert len(starred) == 1 and tiles[starred[0]] == hint.suggest
        await press(pilot, "h")  # closed: the wall is back, no marks
        await pilot.pause()
        assert not table.has_class("-hints") and not any(m.plain for m in hand.marks)
        await press(pilot, "h")
        await pilot.pause()
        assert table.has_class("-hints")


def say_steps(n: int) -> str:
    from mahjong_tui.learn.hints import steps

    return say(steps(n))


async def test_the_panel_is_off_unless_the_setting_or_h_opens_it() -> None:
    app = demo_app(mid_hand("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        assert not table.has_class("-hints")
        await press(pilot, "h")
        await pilot.pause()
        assert table.has_class("-hints") and "Hints:" in panel_text(app)
        heading = hint_for_view(app.driver.seat_view(0)).heading  # type: ignore[union-attr]
        assert say(heading)[:40] in panel_text(app).replace("\n", " ")


async def test_in_a_claim_window_the_panel_suggests_taking_the_tile() -> None:
    app = demo_app(find("shanghai", pong_suggested), learning=HINTS)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        text = panel_text(app).replace("\n", " ")
        assert f"{SUGGEST[0]} suggestion: pong" in text


async def test_in_a_claim_window_h_opens_the_hints_and_r_the_rules_while_the_dialog_waits() -> None:
    """The footer's h, r and ? work while a claim dialog asks: the panel opens beside it with the suggestion, the
    rules over it; closing them leaves the dialog waiting, and nothing is answered."""
    game = find("shanghai", pong_suggested)
    legal = game.legal_actions(0)
    app = demo_app(game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        dialog = app.screen
        assert "suggestion: pong" not in panel_text(app).replace("\n", " ")
        await press(pilot, "h")
        await pilot.pause()
        assert f"{SUGGEST[0]} suggestion: pong" in panel_text(app).replace("\n", " ")
        await press(pilot, "r")
        await settle(pilot, showing(app, RulesScreen))
        await press(pilot, "escape")
        await settle(pilot, lambda: app.screen is dialog)
        assert game.legal_actions(0) == legal


async def test_the_compact_panel_takes_the_place_of_the_log() -> None:
    app = demo_app(mid_hand("shanghai", 1), learning=HINTS)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        assert table.query_one("#hints-compact", HintPanel).display
        assert not table.query_one("#log", ReflowLog).display
        assert "Hints:" in panel_text(app)


async def test_a_danger_mark_on_the_hand_and_its_reason_for_the_selected_tile() -> None:
    app = demo_app(find("changsha", turn_with_danger), learning=HINTS)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        marks = dangers(app.driver.seat_view(0))  # type: ignore[union-attr]
        tiles = hand_tiles(table.look(), 0)
        hand = table.query_one("#hand", HandView)
        signs = {"safe": "✓", "low": "△", "high": "▲"}
        for i, tile in enumerate(tiles):
            mark = next(d for d in marks if d.tile == tile)
            assert signs[mark.level] in hand.marks[i].plain
        riskiest = marks[0]
        await press(pilot, str((tiles.index(riskiest.tile) + 1) % 10))
        await pilot.pause()
        shown = panel_text(app).replace("\n", " ")
        assert f"{t('hint.level.' + riskiest.level)}:" in shown
        assert "looks close to ready" in shown or "漏胡" in shown


# ---------------------------------------------------------------------- the win preview and the rule at the moment
@pytest.mark.parametrize("language", ["en", "zh", "both"])
async def test_a_win_prompt_says_what_the_win_is_and_pays_before_the_key(language: str) -> None:
    """Each payer once, in the language in use (in both: ``你收 you collect 40（Jun 付 pays 10, …）``)."""
    game = hand_won("changsha", 1)
    view = seat_view(game.hand, 0)
    win = next(a for a in view.legal if a.kind is ActionKind.WIN)
    result = view.win_preview(win)
    assert result is not None
    app = demo_app(game, language=language)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen))
        if isinstance(app.screen, ChoiceScreen):
            shown = " ".join(text_of(s.content) for s in app.screen.query(".choice-info").results(Static))
        else:
            shown = text_of(table_of(app).query_one("#me-actions", Static).content)
        shown = shown.replace("\n", " ")
        names = get_ruleset("changsha").hand_types
        assert all((names[x].zh if language == "zh" else names[x].en) in shown for x in result.types)
        assert t("preview.collect", points=result.payments[0], payers="").split("(")[0].split("（")[0] in shown
        assert "扎鸟" in shown  # Changsha: the preview is before the bird, and says so
        payers = [s for s in range(1, 4) if result.payments[s] < 0]
        for s in payers:
            assert shown.count(app.driver.setup.names[s]) == 1, shown  # type: ignore[union-attr]


async def test_the_haidi_prompt_says_what_taking_it_risks() -> None:
    def offered(g: Game) -> bool:
        return g.hand.phase is Phase.HAIDI and g.pending_seats() == [0]

    app = demo_app(find("changsha", offered))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        info = " ".join(text_of(s.content) for s in app.screen.query(".choice-info").results(Static))
        assert "海底捞月" in info and "海底炮" in info and "paid by you" in info


async def test_the_initial_small_win_prompt_says_what_declaring_does_and_pays() -> None:
    deal = RiggedDeal(
        hands=(
            "4m4m4m4m1p2p3p5s6s7s9p9p8s",
            "1m2m3m5m6m7m2p4p6p1s3s9s8p",
            "1m2m3m5m6m7m2p4p6p1s3s9s8p",
            "1m2m3m5m6m7m3p5p7p2s4s9s8p7p",
        ),
        tail="1s2s3s5s6s7s8s4s5p6p",
        dealer=3,
        dice=(3, 4),
    )
    game = Game("changsha", 1, rigged=deal)
    preview = initial_preview(seat_view(game.hand, 0))
    assert preview is not None and preview.valid
    app = demo_app(game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        info = " ".join(text_of(s.content) for s in app.screen.query(".choice-info").results(Static))
        assert f"you collect {preview.payments[0]}" in info.replace("\n", " ")
        assert "shows your dealt hand" in info.replace("\n", " ")


async def test_a_beaten_claim_is_told_to_its_seat_only() -> None:
    game = find("shanghai", chi_beaten_by_a_bot)
    app = demo_app(game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await press(pilot, "1")  # chi: a bot's pong takes the discard
        await settle(pilot, lambda: any("takes the discard" in n for n in table_of(app).private[0]))
        log = table_of(app).query_one("#log", ReflowLog)
        assert any("takes the discard, not your chi" in text_of(e) for e in log.entries)
    # hot-seat: the log is read by everyone, so the notice waits for seat 0 alone
    app = demo_app(find("shanghai", chi_beaten_by_a_bot), humans=2)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, CurtainScreen))
        await press(pilot, "enter")
        await settle(pilot, showing(app, ChoiceScreen))
        await press(pilot, "1")
        table = table_of(app)
        await settle(pilot, lambda: any("not your chi" in n for n in table.private[0]))
        assert not table.private[1]
        log = table.query_one("#log", ReflowLog)
        assert not any("not your chi" in text_of(e) for e in log.entries)


async def won_to_the_hand_end(pilot: Pilot[int], app: MahjongApp) -> None:
    """The person's win taken (``w``), and the hand's summary shown."""
    await settle(pilot, lambda: table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen))
    await press(pilot, "w")
    await settle(pilot, showing(app, HandEndScreen))


async def test_a_panel_stays_as_its_player_left_it_from_hand_to_hand() -> None:
    """Opened in one hand, the hint panel is open in the next: a learner does not lose it at every deal."""
    app = demo_app(hand_won("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen))
        table = table_of(app)
        table.action_hints()  # as h does at the table
        assert table.state.hints_open == frozenset({0})
        assert app.driver is not None
        number = app.driver.game.hand_number
        await press(pilot, "w")
        await settle(pilot, showing(app, HandEndScreen))
        await press(pilot, "enter")
        await settle(pilot, lambda: app.driver is not None and app.driver.game.hand_number == number + 1)
        await settle(pilot, lambda: table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen))
        assert table_of(app).state.hints_open == frozenset({0})


async def test_a_first_start_opens_the_hint_panel_for_a_new_player(kept_home: Path) -> None:
    """No settings yet: the table opens with the hint panel of the person playing."""
    from mahjong_tui.ui.config import quick_setup

    app = MahjongApp(quick_setup("shanghai", 1, "normal", 3, speed="instant"), bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, TableScreen))
        assert app.settings.hints and table_of(app).state.hints_open == frozenset({0})


async def test_r_and_question_mark_open_the_rules_and_the_keys_on_every_screen(kept_home: Path) -> None:
    """At a hand's end and on the new game screen too; a name being typed keeps its letters."""
    from textual.widgets import Input

    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.ui.screens.help import HelpScreen

    app = demo_app(hand_won("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await won_to_the_hand_end(pilot, app)
        await press(pilot, "r")
        await settle(pilot, showing(app, RulesScreen))
        await press(pilot, "escape")
        await settle(pilot, showing(app, HandEndScreen))
        await press(pilot, "question_mark")
        await settle(pilot, showing(app, HelpScreen))
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        name = app.screen.query(Input).first()
        name.focus()
        name.value = ""
        await press(pilot, "R", "o", "r", "y", "question_mark")
        assert name.value == "Rory?" and not isinstance(app.screen, RulesScreen | HelpScreen)
        app.screen.set_focus(None)
        await press(pilot, "r")
        await settle(pilot, showing(app, RulesScreen))


# ---------------------------------------------------------------------- the review
async def test_v_on_the_hand_end_opens_the_players_review() -> None:
    app = demo_app(hand_won("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await won_to_the_hand_end(pilot, app)
        await press(pilot, "v")
        await settle(pilot, showing(app, ReviewScreen))
        review = app.driver.review(0)  # type: ignore[union-attr]
        shown = text_of(app.screen.query_one("#review-body", Static).content).replace("\n", " ")
        look = table_of(app).look()
        assert look.told(review.end) in shown
        assert all(look.told(m.text)[:30] in shown for m in review.moments)
        assert any(m.kind == "won" for m in review.moments)
        await press(pilot, "escape")
        await settle(pilot, showing(app, HandEndScreen))


async def test_in_hot_seat_each_review_comes_behind_its_players_curtain() -> None:
    app = demo_app(hand_won("shanghai", 1), humans=2)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, CurtainScreen))
        await press(pilot, "enter")
        await won_to_the_hand_end(pilot, app)
        for seat in (0, 1):
            await press(pilot, "v") if seat == 0 else None
            await settle(pilot, showing(app, CurtainScreen))
            assert app.driver.setup.names[seat] in app.screen.who  # type: ignore[union-attr, attr-defined]
            await press(pilot, "enter")
            await settle(pilot, showing(app, ReviewScreen))
            assert app.screen.review.seat == seat  # type: ignore[attr-defined]
            await press(pilot, "escape")
        await settle(pilot, showing(app, HandEndScreen))


# ---------------------------------------------------------------------- undo and open hands
async def test_undo_takes_back_the_last_discard_and_what_the_bots_did_after() -> None:
    app = demo_app(mid_hand("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        driver = app.driver
        assert driver is not None
        before = driver.seat_view(0)
        await press(pilot, "enter")
        await settle(
            pilot,
            lambda: (
                driver.seat_view(0).table.rivers != before.table.rivers
                and (table_of(app).actor == 0 or isinstance(app.screen, ChoiceScreen) or driver.hand_over)
            ),
        )
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "escape", "escape")
        await settle(pilot, showing(app, TableScreen))
        moment = driver.moment
        await press(pilot, "u")
        await settle(pilot, lambda: driver.moment != moment and table_of(app).actor == 0)  # taken back
        after = driver.seat_view(0)
        assert after.counts == before.counts and after.legal == before.legal
        assert after.table.rivers == before.table.rivers and after.table.wall == before.table.wall


async def test_undo_is_refused_in_hot_seat_and_with_nothing_to_undo() -> None:
    app = demo_app(mid_hand("shanghai", 1), humans=2)
    async with app.run_test(size=FULL) as pilot:
        said = noting(app)
        await settle(pilot, showing(app, CurtainScreen))
        await press(pilot, "enter")
        await settle(pilot, lambda: table_of(app).actor == 0)
        moment = app.driver.moment  # type: ignore[union-attr]
        await press(pilot, "u")
        await pilot.pause()
        assert said[-1] == t("undo.people") and app.driver.moment == moment  # type: ignore[union-attr]
    deal_to_me = next(s for s in range(1, 50) if Game("shanghai", s).hand.dealer == 0)
    app = demo_app(Game("shanghai", deal_to_me))
    async with app.run_test(size=FULL) as pilot:
        said = noting(app)
        await settle(pilot, lambda: table_of(app).actor == 0)
        await press(pilot, "u")
        await pilot.pause()
        assert said[-1] == t("undo.nothing") and table_of(app).actor == 0


async def test_undo_is_refused_once_the_hand_is_over() -> None:
    """The hand's result is kept and counted as it ends: from the table viewed after it, ``u`` takes nothing back."""
    app = demo_app(hand_won("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        said = noting(app)
        await won_to_the_hand_end(pilot, app)
        await press(pilot, "t")
        await settle(pilot, showing(app, TableScreen))
        moment = app.driver.moment  # type: ignore[union-attr]
        await press(pilot, "u")
        await pilot.pause()
        assert said[-1] == t("undo.over") and app.driver.moment == moment  # type: ignore[union-attr]
        assert app.driver.hand_over  # type: ignore[union-attr]


async def test_open_hands_shows_every_hand_face_up() -> None:
    app = demo_app(mid_hand("changsha", 1), learning=Learning(open_hands=True))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        look = table_of(app).look()
        assert all(look.table.revealed(s) for s in range(4))
        assert look.table.concealed[2] == tuple(app.driver.game.hand.players[2].tiles())  # type: ignore[union-attr]
    app = demo_app(mid_hand("changsha", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        assert [table_of(app).look().table.revealed(s) for s in range(4)] == [True, False, False, False]


async def test_the_settings_turn_hints_and_open_hands_on() -> None:
    app = demo_app(mid_hand("changsha", 1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        app.action_settings()
        await settle(pilot, lambda: isinstance(app.screen, SettingsScreen) and bool(app.screen.query("#open-hands")))
        app.screen.query_one("#hints", Select).value = True
        app.screen.query_one("#open-hands", Select).value = True
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#ok", Button).press()
        await settle(pilot, showing(app, TableScreen))
        assert app.learning == Learning(hints=True, open_hands=True)
        table = table_of(app)
        assert table.has_class("-hints") and all(table.look().table.revealed(s) for s in range(4))


# ---------------------------------------------------------------------- the rules pages
def test_every_preset_page_shows_each_hand_type_with_its_scored_example() -> None:
    for name in ruleset_names():
        book = rulebook(get_ruleset(name))
        lines = "\n".join("".join(seg.text for seg in line) for line in rendered(f"preset-{name}", 150))
        flat = " ".join(lines.split())
        for row in book.types:
            assert row.zh in lines and row.en in lines
            assert f"the winner collects {row.points}" in flat
        for title, _ in book.notes:
            assert title.en in lines
        glossary = lines[lines.index("Glossary") :]
        assert all(
            entry.zh in glossary for entry, _ in book.glossary
        )  # the preset's own terms (tests/test_glossary.py)


async def test_the_rules_screen_has_a_page_per_preset_and_opens_on_the_game_s() -> None:
    app = demo_app(mid_hand("shanghai", 1))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        await press(pilot, "r")
        await settle(pilot, showing(app, RulesScreen))
        tabs = app.screen.query_one("#rules-tabs")
        await settle(pilot, lambda: bool(tabs.active))  # type: ignore[attr-defined]  # a tab is chosen once mounted
        assert tabs.active == "preset-shanghai"  # type: ignore[attr-defined]
        assert {f"preset-{n}" for n in ruleset_names()} <= {tab.id for tab in tabs.query("Tab")}
        page = app.screen.query_one("#rules-page", PageView)
        await settle(pilot, lambda: len(page.lines) > 50)
        text = "\n".join(line.text for line in page.lines)
        assert "门清" in text and "the calculator finds" in text


# ---------------------------------------------------------------------- snapshots
class TestLearningSnapshots:
    """The hint panel in both rule sets and at 80×24, a win preview, a review."""

    def test_hint_panel_shanghai(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1), learning=HINTS), terminal_size=FULL)

    def test_hint_panel_changsha(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("changsha", 1), learning=HINTS), terminal_size=FULL)

    def test_hint_panel_compact(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("changsha", 1), learning=HINTS), terminal_size=COMPACT)

    def test_win_preview(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(hand_won("shanghai", 1)), terminal_size=FULL)

    def test_review(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(hand_won("changsha", 1)), press=["w", "v"], terminal_size=FULL)


def test_a_ready_hand_that_qualifies_is_headed_by_what_it_would_win_as() -> None:
    """Shanghai: once ready with a qualifying wait, the heading names the hand types, not a flush still to build."""
    from mahjong_tui.engine import parse_tiles
    from mahjong_tui.engine.tiles import counts_of
    from mahjong_tui.learn.hints import analyse

    hint = analyse(get_ruleset("shanghai"), counts_of(parse_tiles("123m456m789m111z5z")), ())
    assert "qualifies" in hint.heading.en and "混一色" in hint.heading.en and "门清" in hint.heading.en
    assert "够格" in hint.heading.zh
