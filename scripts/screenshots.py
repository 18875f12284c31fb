"""Make the SVG screenshots in ``screenshots/`` from seeded games.

    python scripts/screenshots.py [OUTDIR]

Each picture is the app running on a seeded position (see ``mahjong_tui.testing.fixtures`` and
``mahjong_tui.testing.kept``), so running the script again gives the same pictures. The app
keeps its files (saves, records, statistics, settings) in a temporary directory of its own
while the pictures are made: the user's are neither read nor changed.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from textual.app import App

from mahjong_tui.testing.fixtures import (
    claim_prompt,
    defence_position,
    demo_app,
    hand_won,
    kaigang_prompt,
    mid_hand,
    one_claim_from_sankou,
)
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Display, Learning, TileStyle

FULL = (120, 36)
COMPACT = (80, 24)
HINTS = Learning(hints=True)


def replay_app() -> MahjongApp:
    """The replay of a seeded Changsha game of three hands."""
    from mahjong_tui.keep.saves import read_game, save_data
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.testing.kept import finished_game, kept_table

    saved = read_game(save_data(finished_game("changsha", 4, 3), kept_table("changsha", 4)))
    return MahjongApp(replay=saved, settings=Settings(language="en"))


def statistics_app() -> MahjongApp:
    """The app, with seeded games counted in the statistics (Ctrl+T opens them)."""
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.testing.kept import counted_games

    counted_games()
    return MahjongApp(settings=Settings(language="en"))


def records_app() -> MahjongApp:
    """The app, with two seeded games kept among the records (Ctrl+G opens them)."""
    from mahjong_tui.keep.saves import finish
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.testing.kept import finished_game, kept_table

    finish(finished_game("changsha", 4, 3), kept_table("changsha", 4))
    finish(finished_game("shanghai", 7, 4), kept_table("shanghai", 7))
    return MahjongApp(settings=Settings(language="en"))


def unfinished_app() -> MahjongApp:
    """The app, with two games left before their end (Ctrl+O lists them to choose from)."""
    from mahjong_tui.engine import Game
    from mahjong_tui.keep.saves import autosave
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.testing.fixtures import play_until
    from mahjong_tui.testing.kept import kept_table

    for rules, seed in (("changsha", 5), ("shanghai", 2)):
        game = Game(rules, seed)
        play_until(game, lambda g: len(g.actions[-1]) > 12)
        autosave(game, kept_table(rules, seed))
    return MahjongApp(settings=Settings(language="en"))


def settings_app() -> MahjongApp:
    """The app in Chinese, its settings screen open (as Ctrl+P, Settings opens it)."""
    from mahjong_tui.keep.settings import Settings

    app = MahjongApp(settings=Settings(language="zh"))
    app.call_later(app.action_settings)
    return app


#: name, how to build the app, terminal size, keys to press first, title
SHOTS: list[tuple[str, Callable[[], App[int]], tuple[int, int], list[str], str]] = [
    ("new-game", lambda: MahjongApp(), FULL, [], "mahjong-tui: new game"),
    ("table-shanghai", lambda: demo_app(mid_hand("shanghai", 1)), FULL, [], "Shanghai, mid-hand"),
    ("table-changsha", lambda: demo_app(mid_hand("changsha", 1)), FULL, [], "Changsha, mid-hand"),
    ("claim-prompt", lambda: demo_app(claim_prompt("shanghai", 1)), FULL, [], "A claim prompt"),
    ("kaigang-prompt", lambda: demo_app(kaigang_prompt()), FULL, [], "Changsha: 补张 or 开杠 on a discard"),
    ("claim-prompt-80x24", lambda: demo_app(claim_prompt("changsha", 1)), COMPACT, [], "A claim prompt at 80×24"),
    ("hotseat-curtain", lambda: demo_app(mid_hand("shanghai", 1), humans=2), FULL, [], "Hot-seat curtain"),
    ("hand-end", lambda: demo_app(hand_won("shanghai", 1)), FULL, ["w"], "End of a hand"),
    ("compact-80x24", lambda: demo_app(mid_hand("shanghai", 1)), COMPACT, [], "Compact layout, 80×24"),
    ("hints-shanghai", lambda: demo_app(mid_hand("shanghai", 1), learning=HINTS), FULL, [], "Hint panel, Shanghai"),
    ("hints-changsha", lambda: demo_app(mid_hand("changsha", 1), learning=HINTS), FULL, [], "Hint panel, Changsha"),
    (
        "hints-defence",
        lambda: demo_app(defence_position(), learning=HINTS),
        FULL,
        [],
        "Hint panel: an opponent close to ready, which tile is safe and which may feed it",
    ),
    (
        "sankou-warning",
        lambda: demo_app(one_claim_from_sankou(), learning=HINTS),
        FULL,
        [],
        "三口: how many discards each seat took from whom, and a warning before a discard that could relate two",
    ),
    (
        "kaigang-advice",
        lambda: demo_app(kaigang_prompt(), learning=HINTS),
        FULL,
        [],
        "Changsha: the advice at 补张 or 开杠, with its odds",
    ),
    ("hints-80x24", lambda: demo_app(mid_hand("changsha", 1), learning=HINTS), COMPACT, [], "Hint panel at 80×24"),
    ("win-preview", lambda: demo_app(hand_won("shanghai", 1)), FULL, [], "A win prompt says what the win pays"),
    ("review", lambda: demo_app(hand_won("changsha", 1)), FULL, ["w", "v"], "The review after a hand"),
    (
        "table-plain-text",
        lambda: demo_app(mid_hand("changsha", 1), display=Display(style=TileStyle.PLAIN)),
        FULL,
        [],
        "Plain-text tiles",
    ),
    ("replay", replay_app, FULL, ["right"] * 14, "mahjong-tui replay: every hand face up, step by step"),
    ("replay-result", replay_app, FULL, ["e"], "mahjong-tui replay: the hand's result"),
    ("statistics", statistics_app, FULL, ["ctrl+t"], "Statistics"),
    ("records", records_app, FULL, ["ctrl+g"], "Records: every game kept, to replay"),
    ("resume-list", unfinished_app, FULL, ["ctrl+o"], "Resume: every game not finished, to choose from"),
    ("settings-chinese", settings_app, COMPACT, [], "设置 Settings, kept for the next start, at 80×24"),
    (
        "table-chinese",
        lambda: demo_app(mid_hand("changsha", 1), learning=HINTS, language="zh"),
        FULL,
        [],
        "长沙麻将：提示面板 (the table in Chinese, hints open)",
    ),
    (
        "hand-end-chinese",
        lambda: demo_app(hand_won("shanghai", 1), language="zh"),
        FULL,
        ["w"],
        "上海麻将：一局结束 (the end of a hand in Chinese)",
    ),
]


async def shoot(build: Callable[[], App[int]], size: tuple[int, int], keys: list[str], title: str) -> str:
    """Run the app headless at ``size``, press ``keys``, and return the SVG."""
    app = build()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        return app.export_screenshot(title=title)


async def remote_shot(title: str) -> str:
    """A seat at a table played across machines, its turn counting down beside its name: a host on 127.0.0.1 with
    one person and three easy bots (the game seeded), and the app joined to it; the SVG once the turn is the
    person's."""
    import socket

    from mahjong_tui.engine import GameOptions
    from mahjong_tui.net.server import Host, TableSpec
    from mahjong_tui.ui.remote_seat import Remote
    from mahjong_tui.ui.screens.table import TableScreen

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    host = Host(claim_seconds=0.2, turn_seconds=30, keep=False)
    server = await host.serve("127.0.0.1", port)
    host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"), "SHOT", 4))
    app = MahjongApp(remote=Remote(f"ws://127.0.0.1:{port}/SHOT", "Ann", fresh=True))
    try:
        async with app.run_test(size=FULL) as pilot:
            for _ in range(600):  # until the turn is Ann's and its seconds show (60 s at most)
                await pilot.pause(0.1)
                screen = app.screen
                if isinstance(screen, TableScreen) and screen.seconds_left(screen.state) is not None:
                    break
            await pilot.pause(0.3)
            return app.export_screenshot(title=title)
    finally:
        host.close()
        server.close()


async def main(outdir: Path) -> None:
    """Write every screenshot, the app's files kept in a temporary directory (a fresh one per picture)."""
    outdir.mkdir(parents=True, exist_ok=True)
    os.environ["LANG"] = "en_GB.UTF-8"
    for name, build, size, keys, title in SHOTS:
        with tempfile.TemporaryDirectory() as home:
            os.environ["MAHJONG_TUI_HOME"] = home
            svg = await shoot(build, size, keys, title)
        (outdir / f"{name}.svg").write_text(svg, encoding="utf-8")
        print(f"wrote {outdir / name}.svg")
    with tempfile.TemporaryDirectory() as home:
        os.environ["MAHJONG_TUI_HOME"] = home
        svg = await remote_shot("mahjong-tui join: a remote table, the turn counting down beside the name")
    (outdir / "remote-turn.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {outdir / 'remote-turn'}.svg")


if __name__ == "__main__":
    default = Path(__file__).resolve().parent.parent / "screenshots"
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else default))
