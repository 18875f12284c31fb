"""Games kept, at the table (Textual Pilot): the autosave after every action and resuming it (also
after a kill), a broken save, the records and their replay, the statistics screen, and
``replay FILE``; snapshots of the replay, records and statistics screens. The settings and
the languages: ``test_ui_settings.py``.

Every test keeps its files in a directory of its own (``tests/conftest.py``). Bot seats are
the demo bots of :mod:`mahjong_tui.testing.fixtures`, so the games are the same every run.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from ui_support import COMPACT, FULL, press, settle, showing, table_of

from mahjong_tui.cli import main
from mahjong_tui.engine import ActionKind, Game, GameOptions, game_record
from mahjong_tui.keep.saves import autosave, finish, read_file, read_game, records, save_data
from mahjong_tui.keep.settings import Settings
from mahjong_tui.keep.stats import Statistics, rank_title
from mahjong_tui.keep.storage import stats_path
from mahjong_tui.testing.fixtures import demo_bot_factory, play_until
from mahjong_tui.testing.kept import counted_games, finished_game, kept_table, saved_game
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import quick_setup
from mahjong_tui.ui.look import hand_type_labels
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen
from mahjong_tui.ui.screens.help import LeaveScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.screens.records import RecordsScreen
from mahjong_tui.ui.screens.replay import HandListScreen, ReplayScreen
from mahjong_tui.ui.screens.stats import StatsScreen, who
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.hand import HandView
from mahjong_tui.ui.widgets.river import RiverView
from mahjong_tui.ui.widgets.seat import SeatPanel


# ---------------------------------------------------------------------- helpers
def text_of(widget: object) -> str:
    """What a widget shows, without styles."""
    content = widget.content if isinstance(widget, Static) else widget.render()  # type: ignore[attr-defined]
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


def table_text(screen: TableScreen) -> list[str]:
    """The seats, rivers and the bottom hand as the table shows them."""
    parts = [text_of(w) for w in screen.query(SeatPanel)] + [text_of(w) for w in screen.query(RiverView)]
    return [*parts, text_of(screen.query_one(HandView))]


def opened(app: MahjongApp, screen: type, widget: str) -> Callable[[], bool]:
    """The screen is on top, built (its first moment drawn), with ``widget`` in it."""
    return lambda: isinstance(app.screen, screen) and app.screen.is_mounted and bool(app.screen.query(widget))


def opening(action: str) -> Callable[[Pilot[int]], Awaitable[None]]:
    """A snapshot's ``run_before``: the app's ``action`` opens its screen over the first one."""

    async def run_before(pilot: Pilot[int]) -> None:
        await pilot.pause()
        getattr(pilot.app, action)()
        await pilot.pause()

    return run_before


async def to_the_persons_turn(pilot, app: MahjongApp) -> None:  # type: ignore[no-untyped-def]
    """Play on (passing every prompt) until the person at seat 1 chooses a discard."""
    for _ in range(20):
        await settle(
            pilot,
            lambda: (
                isinstance(app.screen, ChoiceScreen)
                or (isinstance(app.screen, TableScreen) and table_of(app).actor is not None)
            ),
        )
        if not isinstance(app.screen, ChoiceScreen):
            return
        await press(pilot, "x", "x")
    raise AssertionError("no turn came")


# ---------------------------------------------------------------------- autosave and resume
async def test_the_table_saves_after_every_action_and_a_resumed_app_shows_the_same_table() -> None:
    """Bots' moves and the person's are saved as they are made; the saved game resumes to the same table."""
    app = MahjongApp(quick_setup("shanghai", 1, "normal", 4, speed="instant"), bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await to_the_persons_turn(pilot, app)
        assert app.driver is not None
        saved = saved_game()
        assert saved is not None and game_record(saved.game) == game_record(app.driver.game)
        before = sum(map(len, app.driver.game.actions))
        await press(pilot, "d")  # the person discards the tile drawn: saved at once
        await settle(pilot, lambda: sum(map(len, app.driver.game.actions)) > before)  # type: ignore[union-attr]
        mine = saved_game()
        assert mine is not None
        assert any(a.seat == 0 and a.kind is ActionKind.DISCARD for a in mine.game.actions[-1])
        await to_the_persons_turn(pilot, app)
        saved = saved_game()
        assert saved is not None and game_record(saved.game) == game_record(app.driver.game)
        shown = table_text(table_of(app))
        table_id = app.driver.seating.id if app.driver.seating else ""

    resumed = MahjongApp(resume=True, bot_factory=demo_bot_factory)
    async with resumed.run_test(size=FULL) as pilot:
        await to_the_persons_turn(pilot, resumed)
        assert resumed.driver is not None and resumed.driver.seating is not None
        assert game_record(resumed.driver.game) == game_record(saved.game)
        assert resumed.driver.seating.id == table_id and resumed.driver.setup.names == ["Alice", "Jun", "Lan", "Hao"]
        assert table_text(table_of(resumed)) == shown


CHILD = textwrap.dedent(
    """
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.testing.fixtures import demo_bot_factory
    from mahjong_tui.ui.app import MahjongApp
    from mahjong_tui.ui.config import quick_setup

    setup = quick_setup("changsha", 0, "normal", 11, speed="fast", max_hands=8)
    MahjongApp(setup, bot_factory=demo_bot_factory, settings=Settings()).run(headless=True, size=(120, 36))
    """
)


async def test_killed_mid_hand_the_table_resumes_from_its_last_action(kept_home: Path) -> None:
    """The real app, playing, is killed (SIGKILL) mid-hand; resumed, it goes on from the save's last action."""
    child = subprocess.Popen([sys.executable, "-c", CHILD], env=os.environ.copy(), stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60  # a bound long enough for a machine whose cores are busy elsewhere
        while time.monotonic() < deadline:  # until some moves have been saved (looked at again and again)
            try:
                save = next((kept_home / "games").glob("*.json"))
                if sum(map(len, read_file(save).game.actions)) >= 12:  # the save and its journal
                    break
            except (OSError, ValueError, StopIteration):  # RecordError is a ValueError
                pass
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    found = saved_game()
    assert found is not None and not found.game.hand.over
    kept = [a for hand in found.game.actions for a in hand]
    assert len(kept) >= 12
    app = MahjongApp(resume=True, bot_factory=demo_bot_factory, settings=Settings(speed="slow"))
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, TableScreen))
        assert app.driver is not None
        played = [a for hand in app.driver.game.actions for a in hand]
        assert played[: len(kept)] == kept and app.driver.game.hand_number == found.game.hand_number


async def test_a_broken_save_shows_its_line_and_the_new_game_screen(kept_home: Path) -> None:
    """``--resume`` with a truncated save: its one line on the new game screen; the file moved aside."""
    (kept_home / "autosave.json").write_text('{"format": "mahjong-tui-record", "ver', encoding="utf-8")
    app = MahjongApp(resume=True, bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        notice = text_of(app.screen.query_one("#new-game-notice"))
        assert "broken or not JSON" in notice and "moved aside" in notice and len(notice.strip().splitlines()) == 1
        assert not app.screen.has_class("-saved")  # nothing to resume now
    assert not (kept_home / "autosave.json").exists() and list(kept_home.glob("autosave.json.broken-*"))


async def test_the_new_game_screen_offers_the_saved_game() -> None:
    """A save: the Resume entry says what it is (rules, hand, players); Ctrl+O sits down at it."""
    game = Game("changsha", 5, GameOptions(max_hands=4))
    play_until(game, lambda g: g.hand_number == 2 and len(g.actions[-1]) > 10)
    table = kept_table("changsha", 5)
    autosave(game, table)
    app = MahjongApp(bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.has_class("-saved"))
        line = text_of(app.screen.query_one("#resume-line"))
        assert "Changsha" in line and "hand 2" in line and "Mei (bot, hard)" in line and "Alice" in line
        await press(pilot, "ctrl+o")
        await settle(pilot, lambda: isinstance(app.screen, (TableScreen, ChoiceScreen)))
        assert app.driver is not None and app.driver.seating == table
        kept = [a for hand in game.actions for a in hand]
        assert [a for hand in app.driver.game.actions for a in hand][: len(kept)] == kept


async def test_a_game_left_for_a_new_one_is_kept_and_offered_with_the_others() -> None:
    """``q`` → New game after a hand: the game is kept among the records (marked unfinished), its hand counted, and
    the new game screen offers it; with a second game left too, Resume lists both and Enter sits down at the one
    chosen."""
    from mahjong_tui.ui.screens.resume import ResumeScreen

    setup = quick_setup("changsha", 0, "normal", 3, speed="instant", max_hands=4)
    app = MahjongApp(setup, bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, HandEndScreen))
        first = app.driver.seating.id  # type: ignore[union-attr]
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        assert "stays saved" in text_of(app.screen.query_one("#confirm-question"))
        await press(pilot, "n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.has_class("-saved"))
        assert "Changsha" in text_of(app.screen.query_one("#resume-line"))
        (record,) = records()
        assert '"finished":false' in record.read_text("utf-8")
        db = Statistics(stats_path())
        assert sum(r.hands for r in db.players()) == 4  # the hand that ended, a row per seat
        db.close()
        await press(pilot, "ctrl+s")  # a second game, left as well
        await settle(pilot, lambda: isinstance(app.screen, HandEndScreen) and app.driver is not None)
        second = app.driver.seating.id  # type: ignore[union-attr]
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.has_class("-saved"))
        assert "2 games not finished" in text_of(app.screen.query_one("#resume-line"))
        await press(pilot, "ctrl+o")
        await settle(pilot, showing(app, ResumeScreen))
        assert app.screen.query_one("OptionList").option_count == 2  # type: ignore[attr-defined]
        await press(pilot, "down", "enter")  # the older: the first game, left at its first hand's end
        await settle(pilot, showing(app, HandEndScreen))
        assert app.driver.seating.id == first != second  # type: ignore[union-attr]


async def test_a_finished_game_is_kept_among_the_records_and_counted() -> None:
    """At the game's end its record is kept, the autosave cleared, and every hand counted (bots marked)."""
    setup = quick_setup("changsha", 0, "normal", 3, speed="instant", max_hands=1)
    app = MahjongApp(setup, bot_factory=demo_bot_factory)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, HandEndScreen))
        await press(pilot, "enter")
        await settle(pilot, showing(app, GameEndScreen))
    assert len(records()) == 1 and saved_game() is None
    db = Statistics(stats_path())
    rows = db.players()
    db.close()
    assert sorted(r.player for r in rows) == ["Hao", "Jun", "Lan", "Mei"] and all(r.bot and r.hands == 1 for r in rows)


# ---------------------------------------------------------------------- records and replay
def replay_app(hands: int = 3, **kw: object) -> tuple[MahjongApp, Game]:
    """The replay of a Changsha game of ``hands`` hands."""
    game = finished_game("changsha", 4, hands)  # every hand won, the points spread
    saved = read_game(save_data(game, kept_table("changsha", 4)))
    return MahjongApp(replay=saved, settings=Settings(), **kw), game  # type: ignore[arg-type]


async def test_the_replay_steps_forward_and_back_jumps_and_reaches_the_final_scores() -> None:
    """→ and ← step one action, a number and the hand list jump, e shows the result; the last is the final score."""
    app, game = replay_app()
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and (screen.replay.hand, screen.replay.step) == (1, 0)
        assert "Hand 1: the deal" in text_of(screen.query_one("#replay-action"))
        await press(pilot, "right", "right")
        first, second = game.actions[0][0], game.actions[0][1]
        assert screen.replay.step == 2 and screen.replay.frame.action == second
        assert text_of(screen.query_one("#replay-action")).startswith("2. ")
        await press(pilot, "left")
        assert screen.replay.step == 1 and screen.replay.frame.action == first
        await press(pilot, "3")
        assert (screen.replay.hand, screen.replay.step) == (3, 0)
        await press(pilot, "h")
        assert isinstance(app.screen, HandListScreen)
        await press(pilot, "up", "enter")
        assert app.screen is screen and (screen.replay.hand, screen.replay.step) == (2, 0)
        await press(pilot, "e")
        assert screen.at_result and screen.query_one("#replay-body").current == "replay-result"  # type: ignore[attr-defined]
        assert "Hand 2" in text_of(screen.query_one("#replay-summary"))
        await press(pilot, "t")
        assert screen.query_one("#replay-body").current == "replay-table"  # type: ignore[attr-defined]
        await press(pilot, "n", "e")
        assert screen.replay.at_end and "the end" in text_of(screen.query_one("#replay-head"))
        total = [line for line in text_of(screen.query_one("#replay-standings")).splitlines() if "total" in line]
        assert total and total[0].replace("│", " ").split()[1:] == [str(points) for points in game.scores]
        assert "Game over" in text_of(screen.query_one("#replay-over"))
        await press(pilot, "left")
        assert screen.replay.step == len(game.actions[2]) - 1 and not screen.at_result
        await press(pilot, "space")  # plays on from here
        await settle(pilot, lambda: screen.at_result)
        assert not screen.playing  # it stops at the hand's end
        await press(pilot, "q")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_replays_keys_wrap_between_keys_never_inside_one() -> None:
    """At 80 columns in both languages the keys take more than a line: each line starts with a key (``q 离开 · leave``
    stays together)."""
    app, _ = replay_app(language="both")
    async with app.run_test(size=COMPACT) as pilot:
        await press(pilot, "e")
        await pilot.pause()
        keys = app.screen.query_one("#replay-keys")
        console = Console(width=keys.size.width, record=True, file=io.StringIO())
        console.print(keys.content)
        lines = [line.replace("\xa0", " ").strip() for line in console.export_text().splitlines() if line.strip()]
    assert len(lines) > 1
    firsts = ("←→", "space", "+−", "n/p", "h", "e", "t", "q")
    assert all(line.split()[0] in firsts for line in lines), lines
    assert any(line.endswith("q 离开 · leave") for line in lines)


async def test_the_replay_plays_at_a_speed_that_changes() -> None:
    """Space plays, + and − change the speed, space again pauses."""
    app, _ = replay_app(hands=1)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await press(pilot, "plus", "plus")
        assert "8 actions a second" in text_of(screen.query_one("#replay-head"))
        await press(pilot, "space")
        await settle(pilot, lambda: screen.replay.step >= 3)
        await press(pilot, "space")
        step = screen.replay.step
        assert not screen.playing
        # Playing, the replay would step every 1/8 s, by a timer due before this pause ends: the event loop runs
        # timers in the order they are due, however busy the machine, so a step still to come would come first.
        await pilot.pause(0.4)
        assert not screen.playing and screen.replay.step == step
        await press(pilot, "minus")
        assert "4 actions a second" in text_of(screen.query_one("#replay-head"))


async def test_the_records_list_opens_a_replay_and_refuses_a_foreign_file(kept_home: Path) -> None:
    """Every kept game is a row; Enter replays it; a file that is not a record is refused in a line."""
    for seed in (2, 3):
        finish(finished_game("shanghai", seed, 1), kept_table("shanghai", seed))
    (kept_home / "records" / "0-notes.json").write_text("[1, 2]", encoding="utf-8")
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        await press(pilot, "ctrl+g")
        await settle(pilot, lambda: isinstance(app.screen, RecordsScreen) and app.screen.query_one(DataTable).row_count)
        rows = app.screen.query_one(DataTable)
        assert rows.row_count == 3
        assert "Alice" in str(rows.get_row_at(0)[3]) and "not a game record" in str(rows.get_row_at(2)[3])
        await press(pilot, "enter")
        await settle(pilot, opened(app, ReplayScreen, "#replay-head"))
        assert app.screen.saved.table.id == "shanghai-3"  # type: ignore[attr-defined]
        await press(pilot, "q")
        await settle(pilot, showing(app, RecordsScreen))
        await press(pilot, "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        await press(pilot, "escape")
        await settle(pilot, showing(app, NewGameScreen))


async def test_the_records_list_wraps_its_players_never_cutting_one_off(kept_home: Path) -> None:
    """At 80 columns, long names: every player and their points at the end show whole, a row as tall as it needs."""
    from mahjong_tui.keep.saves import Seat, Table

    names = ("Alexandra", "Bartholomew", "Chen Jing", "Dmitri")
    game = finished_game("changsha", 4, 2)
    finish(game, Table(tuple(Seat(n, "hard") for n in names), "changsha-long", "2026-01-02T10:00:00"))
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.filled)
        await press(pilot, "ctrl+g")
        await settle(pilot, lambda: isinstance(app.screen, RecordsScreen) and app.screen.query_one(DataTable).row_count)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        shown = " ".join("".join(seg.text for seg in table.render_line(y)) for y in range(table.size.height))
        shown = " ".join(shown.split())
        for name, points in zip(names, game.scores, strict=True):
            assert f"{name} (bot) {points}" in shown, (name, points, shown)


# ---------------------------------------------------------------------- statistics
async def test_the_statistics_screen_shows_the_databases_numbers() -> None:
    """Per player and preset: the numbers as the database has them, bots marked, Changsha's rank titles."""
    from mahjong_tui.engine import get_ruleset

    counted_games()
    db = Statistics(stats_path())
    rows = db.players()
    db.close()
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, NewGameScreen))
        app.action_statistics()
        await settle(pilot, opened(app, StatsScreen, "#stats-body"))
        body = text_of(app.screen.query_one("#stats-body"))
        for r in rows:
            biggest = r.biggest_win if r.wins else "—"
            assert f"games {r.games} · hands {r.hands} · biggest win {biggest}" in body
            assert f"points {r.points:+d} · {r.points_per_hand:+.2f} a hand" in body
            assert re.search(rf"won\s+[█░]+\s+{r.wins}\s+{100 * r.wins / r.hands:.0f}%", body)
        assert "Mei (bot)" in body and "Alice (bot)" not in body
        for r in rows:  # the chart: rightwards from the axis above nothing, leftwards below
            side = r"░*│█+░*" if r.points_per_hand > 0 else (r"░*█+│░*" if r.points_per_hand < 0 else r"░+│░+")
            figure = re.escape(f"{r.points_per_hand:+.2f}")
            assert re.search(rf"{re.escape(who(r))}\s+{side}\s+{figure}", body), who(r)
        for r in rows:
            if r.rules == "changsha":
                assert f"rank: {rank_title(get_ruleset('changsha'), r.points)}" in body
            for type_id in r.types:  # named as the table names them: 小胡 Small win
                assert hand_type_labels(get_ruleset(r.rules), [type_id]) in body
        await press(pilot, "b")
        body = text_of(app.screen.query_one("#stats-body"))
        assert "(bot)" not in body and "Alice" in body
        await press(pilot, "r")
        body = text_of(app.screen.query_one("#stats-body"))
        assert "Changsha (changsha)" in body and "Shanghai (shanghai)" not in body


async def test_an_unreadable_statistics_database_is_one_line(kept_home: Path) -> None:
    """A file that is not a database: the screen says so in a line, and nothing is changed."""
    (kept_home / "statistics.sqlite3").write_bytes(b"not a database at all" * 100)
    app = MahjongApp(settings=Settings())
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        app.action_statistics()
        await settle(pilot, opened(app, StatsScreen, "#stats-body"))
        body = text_of(app.screen.query_one("#stats-body")).strip()
        assert "not a statistics database" in body and len(body.splitlines()) == 1
    assert (kept_home / "statistics.sqlite3").read_bytes() == b"not a database at all" * 100


def test_replay_of_a_bad_file_is_one_line_and_exit_2(
    kept_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``replay`` refuses a file that is not a game record in a line; a good one reaches the app."""
    bad = kept_home / "list.json"
    bad.write_text('{"name": "a shopping list"}', encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a game record" in err[0]
    path = finish(finished_game("shanghai", 2, 1), kept_table("shanghai", 2))
    seen: list[tuple[str, dict[str, object]]] = []
    monkeypatch.setattr("mahjong_tui.ui.app.run_replay", lambda saved, **kw: seen.append((saved.table.id, kw)) or 0)
    assert main(["replay", str(path), "--hand", "1", "--lang", "zh"]) == 0
    assert seen == [("shanghai-2", {"lang": "zh", "tiles": None, "hand": 1})]


# ---------------------------------------------------------------------- snapshots
class TestKeptSnapshots:
    """The replay, records, statistics and settings screens, in English and Chinese."""

    def test_replay_mid_hand(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        app, _ = replay_app()
        assert snap_compare(app, press=["right"] * 14, terminal_size=FULL)

    def test_replay_hand_result(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        app, _ = replay_app()
        assert snap_compare(app, press=["e"], terminal_size=FULL)

    def test_replay_compact_chinese(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        app, _ = replay_app(language="zh")
        assert snap_compare(app, press=["right"] * 9, terminal_size=COMPACT)

    def test_statistics(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        counted_games()
        app = MahjongApp(settings=Settings())
        assert snap_compare(app, run_before=opening("action_statistics"), terminal_size=FULL)

    def test_statistics_chinese(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        counted_games()

        assert snap_compare(
            MahjongApp(settings=Settings(language="zh")), run_before=opening("action_statistics"), terminal_size=FULL
        )

    @pytest.mark.parametrize("language", ["en", "zh"])
    def test_records(self, snap_compare, language: str) -> None:  # type: ignore[no-untyped-def]
        finish(finished_game("changsha", 4, 3), kept_table("changsha", 4))
        finish(finished_game("shanghai", 2, 1), kept_table("shanghai", 2))  # the newer: listed first

        assert snap_compare(
            MahjongApp(settings=Settings(language=language)), run_before=opening("action_records"), terminal_size=FULL
        )
