"""How long the game takes to show its first screen, against a bare Textual app.

    python scripts/startup.py [--runs 15] [--size 120x36]
    python scripts/startup.py --rules [--runs 9]

Each run is a fresh ``python -c`` process. Three are measured:

* ``mahjong-tui``: the command as a user runs it (its ``main``), headless, with a home of its own
  (no saves, default settings); one line the moment the new game screen has been drawn, another
  once it has filled in its presets (it draws first, then imports the engine, the rule sets and
  the bots);
* ``mahjong-tui play --rules shanghai --seed 1 --speed instant``: one line the moment the table has
  been drawn, another once its hints are worked out and play has started;
* a bare Textual app (the reference): one line when its default screen has been drawn.

The time is taken here, from starting the child to reading each line, so the interpreter's
own start-up counts in all. The runs alternate, so that a busy moment of the machine falls on
each alike; the children may write their compiled modules (as an installed game has them).
Prints the median and range of each, and the ratios to the bare app.

``--rules`` measures the rules screen instead: in a fresh process each run, a game's table
is opened, then ``r`` is pressed, early (before the table has rendered its rules page in the
background) or late (after); the time to the screen being mounted and to its page being
shown (each seen by polling every millisecond).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The child writes "ready" once the first screen has been drawn, "done" once it is complete,
# and leaves. The new game screen fills in its presets right after its first frame (``fill``).
_GAME = """
import os, tempfile
os.environ["MAHJONG_TUI_HOME"] = tempfile.mkdtemp()
from textual.app import App
import mahjong_tui.ui.screens.new_game as ng
from mahjong_tui.cli import main

fill = ng.NewGameScreen.fill
run = App.run

def probe_fill(self):
    os.write(1, b"ready\\n")
    fill(self)
    self.call_after_refresh(lambda: (os.write(1, b"done\\n"), self.app.exit()))

ng.NewGameScreen.fill = probe_fill
App.run = lambda self, **kw: run(self, headless=True, size=({width}, {height}))
main([])
"""

# ``mahjong-tui play``: its table is drawn ("ready"), then its hints are worked out and play starts ("done"). The
# app runs headless at the size asked, with a home of its own (no saved game, default settings). A table that works its
# hints out before its first frame (the game before they waited for it) is drawn and started at once.
_PLAY = """
import os, tempfile
os.environ["MAHJONG_TUI_HOME"] = tempfile.mkdtemp()
from textual.app import App
import mahjong_tui.ui.screens.table as t
from mahjong_tui.cli import main

run = App.run

if hasattr(t.TableScreen, "first_drawn"):
    first = t.TableScreen.first_drawn

    def probe_first(self):
        os.write(1, b"ready\\n")
        first(self)
        self.call_after_refresh(lambda: (os.write(1, b"done\\n"), self.app.exit()))

    t.TableScreen.first_drawn = probe_first
else:
    mount = t.TableScreen.on_mount

    def probe_mount(self):
        mount(self)
        self.call_after_refresh(lambda: (os.write(1, b"ready\\ndone\\n"), self.app.exit()))

    t.TableScreen.on_mount = probe_mount
App.run = lambda self, **kw: run(self, headless=True, size=({width}, {height}))
main(["play", "--rules", "shanghai", "--seed", "1", "--speed", "instant"])
"""

_BARE = """
import os
from textual.app import App

class Probe(App):
    def on_mount(self) -> None:
        self.call_after_refresh(lambda: (os.write(1, b"ready\\ndone\\n"), self.exit()))

Probe().run(headless=True, size=({width}, {height}))
"""


def probes(width: int, height: int) -> dict[str, str]:
    """The child programs: the game's new game screen, and a bare app."""
    return {
        name: code.format(width=width, height=height)
        for name, code in (("game", _GAME), ("play", _PLAY), ("bare", _BARE))
    }


_RULES = """
import asyncio, os, time
from mahjong_tui.testing.fixtures import demo_bot_factory
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import quick_setup
from mahjong_tui.ui.screens.rules import RulesScreen
from mahjong_tui.ui.widgets.page import PageView

async def main():
    app = MahjongApp(quick_setup("shanghai", 1, "normal", 3, speed="instant"), bot_factory=demo_bot_factory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause({wait})
        start = time.perf_counter()
        await pilot.press("r")
        while not (isinstance(app.screen, RulesScreen) and app.screen.is_mounted):
            await asyncio.sleep(0.001)
        opened = time.perf_counter() - start
        while len(app.screen.query_one(PageView).lines) < 2:
            await asyncio.sleep(0.001)
        shown = time.perf_counter() - start
        os.write(1, f"{{opened}} {{shown}}\\n".encode())

asyncio.run(main())
"""


def rules_once(wait: float) -> tuple[float, float]:
    """One fresh process: seconds to the rules screen and to its page, ``r`` pressed ``wait`` s into a game."""
    out = subprocess.run(
        [sys.executable, "-c", _RULES.format(wait=wait)],
        cwd=ROOT,
        capture_output=True,
        stdin=subprocess.DEVNULL,
        check=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def measure_rules(runs: int) -> None:
    """The rules screen opened early and late in a game."""
    for wait, when in ((0.3, "0.3 s into a game (page not rendered yet)"), (2.6, "2.6 s into a game")):
        times = [rules_once(wait) for _ in range(runs)]
        print(f"rules screen, {when}:")
        print("  " + line("screen mounted", [t[0] for t in times]))
        print("  " + line("page shown", [t[1] for t in times]))


# A user's install keeps its modules compiled (``__pycache__``), as a bare Textual app's are: the children may write
# theirs whatever this shell says, so that the first (warm-up) run compiles and the runs measured do not.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def once(code: str, tree: Path = ROOT) -> tuple[float, float]:
    """Seconds from starting a child running ``code`` in ``tree`` (first on its path) to its ``ready`` and ``done``
    lines."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tree,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        env=_ENV,
    )
    assert child.stdout is not None
    ready = child.stdout.readline()
    at_ready = time.perf_counter() - start
    done = child.stdout.readline()
    at_done = time.perf_counter() - start
    child.wait()
    if ready.strip() != b"ready" or done.strip() != b"done":
        raise RuntimeError(f"the probe did not get ready (exit status {child.returncode})")
    return at_ready, at_done


def line(name: str, times: list[float]) -> str:
    """``name  median 0.312 s  (min …, max …, n runs)``."""
    return (
        f"{name:<40} median {statistics.median(times):.3f} s  "
        f"(min {min(times):.3f}, max {max(times):.3f}, {len(times)} runs)"
    )


def main() -> None:
    """Measure both and print the medians and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs of each (after one warm-up)")
    ap.add_argument("--size", default="120x36", help="terminal size the apps run at, WIDTHxHEIGHT")
    ap.add_argument("--rules", action="store_true", help="time the rules screen instead")
    args = ap.parse_args()
    if args.rules:
        measure_rules(args.runs)
        return
    width, height = (int(x) for x in args.size.split("x"))
    code = probes(width, height)
    once(code["game"])  # warm-ups: the file cache
    once(code["play"])
    once(code["bare"])
    ready: list[float] = []
    done: list[float] = []
    table: list[float] = []
    hinted: list[float] = []
    bare: list[float] = []
    for _ in range(args.runs):
        r, d = once(code["game"])
        ready.append(r)
        done.append(d)
        r, d = once(code["play"])
        table.append(r)
        hinted.append(d)
        bare.append(once(code["bare"])[0])
    reference = statistics.median(bare)
    print(line("new game screen drawn", ready))
    print(line("new game screen with its presets filled in", done))
    print(line("play: table drawn", table))
    print(line("play: table with its hints, play started", hinted))
    print(line("bare Textual app (reference)", bare))
    for name, times in (
        ("new game drawn", ready),
        ("new game filled in", done),
        ("play: table drawn", table),
        ("play: hints drawn", hinted),
    ):
        print(f"{'ratio ' + name + ' / bare':<40} {statistics.median(times) / reference:.2f}")


if __name__ == "__main__":
    main()
