"""The drill screen (Pilot): a discard answered right and one wrong, each revealed with the analysis; the answers
kept in the statistics and shown there, and by ``mahjong-tui stats``."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static
from ui_support import press

from mahjong_tui.cli import main
from mahjong_tui.commands.stats import read_drills
from mahjong_tui.engine import parse_tile, tile_name, tile_zh
from mahjong_tui.keep.stats import DrillAnswer, Statistics, drill_tallies, keep_drill_answer
from mahjong_tui.keep.storage import stats_path
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Display
from mahjong_tui.ui.screens.drill import DrillScreen, open_drills
from mahjong_tui.ui.widgets.hand import HandView, hand_tiles
from mahjong_tui.ui.widgets.tile_grid import TileGrid


def shown(screen: DrillScreen, which: str) -> str:
    """The plain text of one of the screen's parts."""
    import io

    from rich.console import Console

    console = Console(width=160, record=True, file=io.StringIO())
    console.print(screen.query_one(which, Static).content)
    return console.export_text()


async def pick(pilot: object, screen: DrillScreen, tile: str) -> None:
    """Select ``tile`` in the hand with the arrows and discard it with Enter."""
    hand = screen.query_one(HandView)
    drill = screen.drill
    assert drill is not None and hand.look is not None
    tiles = [tile_name(t) for t in hand_tiles(hand.look, drill.view.seat)]
    steps = (hand.selected or 0) - tiles.index(tile)
    for _ in range(abs(steps)):
        await press(pilot, "left" if steps > 0 else "right")  # type: ignore[attr-defined]
    await press(pilot, "enter")  # type: ignore[attr-defined]


async def test_a_discard_drill_answered_right_then_wrong_is_revealed_and_kept():
    """Right: the verdict, the reason and every discard's numbers with the ★; wrong: the answer is named."""
    app = MahjongApp(display=Display(), language="en")
    async with app.run_test(size=(120, 40)) as pilot:
        open_drills(app, "changsha", kind="discard", count=2, seed=3)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.drill is not None
        first = screen.drill
        assert "What do you discard?" in shown(screen, "#drill-question")
        await pick(pilot, screen, first.answer[0])
        reveal = shown(screen, "#drill-reveal")
        assert "Right." in reveal and "The analysis" in reveal and "★" in reveal
        assert first.rows[0].best and f"★ {tile_zh(parse_tile(first.answer[0]))}: {first.rows[0].numbers.en}" in reveal
        assert "1 of 1 right (100%)" in shown(screen, "#drill-head")
        await press(pilot, "enter")
        second = screen.drill
        assert second is not None and second is not first
        wrong = next(c.id for c in second.choices if c.id != second.answer[0])
        await pick(pilot, screen, wrong)
        reveal = shown(screen, "#drill-reveal")
        assert "Not this time" in reveal and "You answered" in reveal
        assert "1 of 2 right (50%)" in shown(screen, "#drill-head")
    answers, problem = read_drills()
    assert not problem and [(a.kind, a.rules, a.right) for a in answers] == [
        ("discard", "changsha", True),
        ("discard", "changsha", False),
    ]


async def test_a_waits_drill_is_answered_by_toggling_tiles():
    """Space toggles the tile under the cursor; Enter answers; the grid then marks the right tiles."""
    app = MahjongApp(display=Display(), language="en")
    async with app.run_test(size=(120, 40)) as pilot:
        open_drills(app, "changsha", kind="waits", count=1, seed=3)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.drill is not None
        grid = screen.query_one(TileGrid)
        for tile in screen.drill.answer:
            grid.cursor = grid.tiles.index(next(t for t in grid.tiles if tile_name(t) == tile))
            await press(pilot, "space")
        await press(pilot, "enter")
        assert "Right." in shown(screen, "#drill-reveal") and grid.right is not None


def test_the_statistics_keep_drills_over_time(capsys: pytest.CaptureFixture[str]):
    """Per day: answers, accuracy, best streak, seconds an answer; ``stats --json`` adds them, its players unchanged."""
    for right, day in ((True, "2026-03-01"), (True, "2026-03-01"), (False, "2026-03-01"), (True, "2026-03-02")):
        assert keep_drill_answer(DrillAnswer("waits", "changsha", right, 4.0, f"{day}T10:00:00")) == ""
    db = Statistics(stats_path())
    total, days, kinds = drill_tallies(db.drill_answers())
    db.close()
    assert (total.answers, total.right, total.best_streak) == (4, 3, 2)
    assert [(d.label, d.answers, d.right, d.best_streak) for d in days] == [
        ("2026-03-01", 3, 2, 2),
        ("2026-03-02", 1, 1, 1),
    ]
    assert [k.label for k in kinds] == ["waits"]
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == [] and out["drills"]["answers"] == 4 and len(out["drills"]["days"]) == 2
    assert main(["stats"]) == 0
    assert "2026-03-01: 3 answers, 67% right, best streak 2" in capsys.readouterr().out


def at_cell(text: str, cell: int) -> int:
    """The index in ``text`` of the character drawn at column ``cell`` (a Chinese character takes two)."""
    from rich.cells import cell_len

    col = 0
    for i, char in enumerate(text):
        if col >= cell:
            return i
        col += cell_len(char)
    return len(text)


@pytest.mark.parametrize("rules", ["changsha", "shanghai"])
async def test_a_score_drill_marks_the_winning_tile_as_the_table_does(rules: str):
    """The won hand's winning tile is the last, lit (as a hand's end lights it) and marked "won" above it, the other
    tiles not; the position names it too. It stays so once the drill is answered."""
    from mahjong_tui.ui.tiles import face_style
    from mahjong_tui.ui.widgets.hand import CELL, GAP

    app = MahjongApp(display=Display(), language="en")
    async with app.run_test(size=(120, 40)) as pilot:
        open_drills(app, rules, kind="score", count=1, seed=3)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen) and screen.drill is not None
        drill = screen.drill
        won = drill.shown[-1]
        for _ in range(2):  # asked, then answered
            hand = screen.query_one(HandView)
            assert hand.look is not None
            tiles = hand_tiles(hand.look, drill.view.seat)
            assert tiles[-1] == won and hand.lit == len(tiles) - 1
            marks, faces = hand.render().split("\n")[:2]  # type: ignore[union-attr]
            palette = hand.look.display.palette
            apart = GAP if hand.look.table.holds_drawn[drill.view.seat] else 0
            for i, tile in enumerate(tiles):
                cell = i * CELL + (apart if i == len(tiles) - 1 else 0)
                over = marks.plain[at_cell(marks.plain, cell) : at_cell(marks.plain, cell + 4)].strip()
                style = faces.get_style_at_offset(app.console, at_cell(faces.plain, cell))
                lit = style == face_style(tile, palette, highlight=True)
                assert (over == "won", lit) == ((True, True) if i == len(tiles) - 1 else (False, False)), (i, over)
            assert f"the winning tile: {tile_zh(won)}" in shown(screen, "#drill-table")
            await press(pilot, "1")
            await pilot.pause()
        assert screen.answered is not None
