"""Random keys against every screen of the app, seeded: no key may crash it.

Each run opens the app at one place (:data:`PLACES`: the new game screen, the table with
bots, a hand's end, the rules, the settings, the resume list, the lessons, the drills, a
replay) at one size, then presses keys drawn from :func:`fuzz_keys` (every key the app
binds, letters, digits and the keys that move and answer). After each key the app is let
run until it has nothing left to do; now and then a key is pressed twice at once (a fast
double press), or with others at once (typed faster than the app draws), or the app is
left a moment (a bot plays on, a clock ticks). A run that
quits the app cleanly (Ctrl+Q, Esc on the new game screen …) opens it again and goes on.
Any exception inside the app, or an exit status but 0, is a :class:`Crash`.

The keys pressed follow from the seed alone, so a crash comes again from its place, size
and seed (``scripts/fuzz_keys.py --place P --size WxH --seed S``). ``tests/test_random_keys.py``
runs a short round of every place and size; the script runs for as long as it is asked.

What the app keeps goes to the folders of the environment: call this with
``MAHJONG_TUI_HOME`` (and ``HOME``) set to a scratch folder. :func:`prepare_home` puts two
saved games and a finished record there.
"""

from __future__ import annotations

import random
import string
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING

from .fixtures import demo_bot_factory

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from mahjong_tui.ui.app import MahjongApp

#: where a run opens the app
PLACES = ("new_game", "table", "hand_end", "rules", "settings", "resume", "lessons", "drills", "replay")
#: the terminal sizes the game is drawn for: the smallest it supports, and the full table
SIZES = ((80, 24), (120, 36))
#: keys pressed besides those the app binds
EXTRA_KEYS = (
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "ctrl+p",
)
#: how much likelier each of :data:`EXTRA_KEYS` is drawn than another key
EXTRA_WEIGHT = 5
#: and Enter, which answers most screens, likelier still
ENTER_WEIGHT = 12
#: the character a named key types (the others type none)
_CHARACTERS = {
    "enter": "\r",
    "tab": "\t",
    "space": " ",
    "escape": "\x1b",
    "backspace": "\x7f",
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
}
#: how long a place may take to open (a hand of bots played to its end, say)
OPEN_SECONDS = 60.0
#: the two saved games the resume list shows, and the record the replay shows
_SAVES = (("shanghai", 11), ("changsha", 12))
_RECORD = ("shanghai", 2, 2)


@cache
def fuzz_keys() -> tuple[str, ...]:
    """Every key bound anywhere in the app (its screens, widgets and the app itself), every letter and digit, and
    :data:`EXTRA_KEYS`: sorted, so the same seed draws the same keys."""
    import importlib
    import inspect
    import pkgutil

    from textual.binding import Binding
    from textual.dom import DOMNode

    import mahjong_tui.ui as ui

    keys = set(string.ascii_lowercase) | set(string.digits) | set(EXTRA_KEYS)
    for module in pkgutil.walk_packages(ui.__path__, ui.__name__ + "."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__.startswith("mahjong_tui"):
                for binding in cls.__dict__.get("BINDINGS", []):
                    key = binding.key if isinstance(binding, Binding) else binding[0]
                    keys.update(k.strip() for k in key.split(","))
    return tuple(sorted(keys))


@dataclass(frozen=True)
class Crash:
    """The app crashed (or ended with a failure status) after ``keys`` at ``place``, ``size``, ``seed``."""

    place: str
    size: tuple[int, int]
    seed: int
    keys: tuple[str, ...]
    error: str  # the traceback, or what went wrong

    @property
    def where(self) -> str:
        """The exception's type and the last line of this game's code it passed (what tells two crashes apart)."""
        lines = self.error.strip().splitlines()
        ours = [line.strip() for line in lines if 'File "' in line and "mahjong_tui" in line]
        return f"{lines[-1] if lines else '?'} @ {ours[-1] if ours else '?'}"

    def line(self) -> str:
        """One line: where it crashed, how to run it again, the last keys."""
        w, h = self.size
        last = " ".join(self.keys[-8:])
        return f"{self.where} — --place {self.place} --size {w}x{h} --seed {self.seed}; last keys: {last}"


@dataclass
class Outcome:
    """What a run did: keys pressed, apps opened (one more each time a key quit it), the crash if any."""

    place: str
    size: tuple[int, int]
    seed: int
    pressed: list[str] = field(default_factory=list)
    apps: int = 0
    crash: Crash | None = None


def prepare_home() -> None:
    """Two games not finished and one finished game's record, in the game's data folder (the saves written afresh,
    since a run may have played or ended them)."""
    from mahjong_tui.engine import Game
    from mahjong_tui.keep.saves import autosave, keep_record, records

    from .kept import finished_game, kept_table

    for rules, seed in _SAVES:
        autosave(Game(rules, seed), kept_table(rules, seed))
    if not records():
        rules, seed, hands = _RECORD
        keep_record(finished_game(rules, seed, hands), kept_table(rules, seed))


def _record() -> object:
    """The finished game kept by :func:`prepare_home`, read back."""
    from mahjong_tui.keep.saves import read_file, records

    return read_file(records()[0])


def _rules(seed: int) -> str:
    return ("shanghai", "changsha")[seed % 2]


def make_app(place: str, seed: int) -> MahjongApp:
    """The app as it opens for ``place``: straight to the table, the hand's end, the lessons, the resume list or the
    replay; the new game screen for the rest (:func:`open_place` opens the rules, settings or drills over it)."""
    from mahjong_tui.keep.settings import Settings
    from mahjong_tui.ui.app import MahjongApp
    from mahjong_tui.ui.config import quick_setup

    settings = Settings(speed="instant")
    rules = _rules(seed)
    if place == "table":
        setup = quick_setup(rules, 1, "normal", seed, speed="instant", max_hands=2)
        return MahjongApp(setup, bot_factory=demo_bot_factory, settings=settings)
    if place == "hand_end":  # bots only: the hand plays itself to its end
        setup = quick_setup(rules, 0, "normal", seed, speed="instant", max_hands=2)
        return MahjongApp(setup, bot_factory=demo_bot_factory, settings=settings)
    if place == "resume":
        prepare_home()
        return MahjongApp(bot_factory=demo_bot_factory, settings=settings, resume=True)
    if place == "lessons":
        return MahjongApp(bot_factory=demo_bot_factory, settings=settings, lessons=rules)
    if place == "replay":
        return MahjongApp(bot_factory=demo_bot_factory, settings=settings, replay=_record())  # type: ignore[arg-type]
    return MahjongApp(bot_factory=demo_bot_factory, settings=settings)


def _opened(place: str) -> Callable[[MahjongApp], bool]:
    """Whether the app shows ``place`` (the table: perhaps with a question over it)."""
    from mahjong_tui.ui.screens.drill import DrillScreen
    from mahjong_tui.ui.screens.hand_end import HandEndScreen
    from mahjong_tui.ui.screens.lessons import LessonsScreen
    from mahjong_tui.ui.screens.new_game import NewGameScreen
    from mahjong_tui.ui.screens.replay import ReplayScreen
    from mahjong_tui.ui.screens.resume import ResumeScreen
    from mahjong_tui.ui.screens.rules import RulesScreen
    from mahjong_tui.ui.screens.settings import SettingsScreen
    from mahjong_tui.ui.screens.table import TableScreen

    screen = {
        "new_game": NewGameScreen,
        "table": TableScreen,
        "hand_end": HandEndScreen,
        "rules": RulesScreen,
        "settings": SettingsScreen,
        "resume": ResumeScreen,
        "lessons": LessonsScreen,
        "drills": DrillScreen,
        "replay": ReplayScreen,
    }[place]
    return lambda app: any(isinstance(s, screen) and s.is_mounted for s in app.screen_stack)


async def _until(pilot: Pilot[int], app: MahjongApp, done: Callable[[MahjongApp], bool], seconds: float) -> bool:
    """Let the app run until ``done`` holds (or it has ended, or ``seconds`` have passed); whether it holds."""
    deadline = time.monotonic() + seconds
    while not done(app):
        if app.return_code is not None or time.monotonic() > deadline:
            return False
        await pilot.pause(0.02)
    return True


async def open_place(pilot: Pilot[int], app: MahjongApp, place: str, seed: int) -> None:
    """Bring ``app`` (made by :func:`make_app`) to ``place``; AssertionError when it does not get there."""
    from mahjong_tui.ui.screens.drill import open_drills
    from mahjong_tui.ui.screens.new_game import NewGameScreen

    if place in ("rules", "settings", "drills"):
        assert await _until(pilot, app, lambda a: isinstance(a.screen, NewGameScreen), OPEN_SECONDS)
        if place == "rules":
            app.action_rules()
        elif place == "settings":
            app.action_settings()
        else:
            open_drills(app, _rules(seed), count=4, seed=seed)
    assert await _until(pilot, app, _opened(place), OPEN_SECONDS), f"{place} did not open: {app.screen_stack}"


def key_event(key: str) -> object:
    """The event of ``key`` pressed, as the terminal sends it."""
    from textual import events

    return events.Key(key, key if len(key) == 1 else _CHARACTERS.get(key))


@dataclass(frozen=True)
class Press:
    """One step of a run: keys pressed together (two or three: at once, faster than the app draws them), and the
    seconds the app is then left to run on its own (0: only until it has nothing left to do)."""

    keys: tuple[str, ...]
    wait: float = 0.0


def key_plan(place: str, size: tuple[int, int], seed: int, presses: int) -> list[Press]:
    """The steps of a run, from its place, size and seed alone: at least ``presses`` keys. The keys that answer and
    move (:data:`EXTRA_KEYS`) are drawn more often than the rest. Mostly one key; now and then the same key twice at
    once (a fast double press), or one with one or two others, or the same key again and again a moment apart (Enter
    held through a game's end); now and then a moment after a key (a bot plays on, a clock ticks)."""
    rng = random.Random(f"{place}:{size[0]}x{size[1]}:{seed}")
    keys = fuzz_keys()
    weights = [ENTER_WEIGHT if key == "enter" else EXTRA_WEIGHT if key in EXTRA_KEYS else 1 for key in keys]
    steps: list[Press] = []
    pressed = 0
    while pressed < presses:
        key = rng.choices(keys, weights)[0]
        roll = rng.random()
        if roll < 0.15:
            step = [Press((key, key))]
        elif roll < 0.25:
            step = [Press((key, *rng.choices(keys, weights, k=rng.randint(1, 2))))]
        elif roll < 0.3:
            step = [Press((key,), rng.choice((0.1, 0.2, 0.4))) for _ in range(rng.randint(2, 4))]
        else:
            step = [Press((key,), rng.choice((0.05, 0.15, 0.4)) if roll > 0.94 else 0.0)]
        steps += step
        pressed += sum(len(s.keys) for s in step)
    return steps


async def _press(pilot: Pilot[int], app: MahjongApp, step: Press) -> None:
    """Press the step's keys (several: all sent before the app handles the first), then let the app run."""
    if len(step.keys) == 1:
        await pilot.press(step.keys[0])
    else:
        for key in step.keys:
            app.post_message(key_event(key))  # type: ignore[arg-type]
        await pilot.pause()
    if step.wait:
        await pilot.pause(step.wait)


def _failure(app: MahjongApp, raised: BaseException | None) -> str | None:
    """What went wrong in a run that has ended: the app's crash, an exception out of the run, a failure status."""
    error = app.crash or raised
    if error is not None:
        return "".join(traceback.format_exception(error))
    if app.return_code not in (None, 0):
        return f"the app ended with status {app.return_code}"
    return None


async def fuzz_place(place: str, size: tuple[int, int], seed: int, presses: int) -> Outcome:
    """Open the app at ``place`` at ``size`` and press the keys of :func:`key_plan`; opened again when a key ends it.
    The first crash ends the run."""
    steps = iter(key_plan(place, size, seed, presses))
    step = next(steps, None)
    outcome = Outcome(place, size, seed)
    while step is not None:
        app = make_app(place, seed)
        outcome.apps += 1
        raised: BaseException | None = None
        try:
            async with app.run_test(size=size) as pilot:
                await open_place(pilot, app, place, seed)
                while step is not None and app.return_code is None and app.crash is None:
                    outcome.pressed += step.keys
                    await _press(pilot, app, step)
                    step = next(steps, None)
        except Exception as e:  # the app's own crash is raised again when it ends
            raised = e
        problem = _failure(app, raised)
        if problem is not None:
            outcome.crash = Crash(place, size, seed, tuple(outcome.pressed), problem)
            break
    return outcome


def scratch_environment(folder: Path) -> dict[str, str]:
    """The environment variables that send all the app keeps (saves, records, settings, a screenshot) into
    ``folder`` instead of the user's own folders."""
    folder.mkdir(parents=True, exist_ok=True)
    places = {
        "MAHJONG_TUI_HOME": "mahjong-tui",
        "HOME": "home",
        "XDG_DATA_HOME": "data",
        "XDG_CONFIG_HOME": "config",
        "XDG_CACHE_HOME": "cache",
        "XDG_STATE_HOME": "state",
        "XDG_RUNTIME_DIR": "runtime",
        "XDG_DOWNLOAD_DIR": "downloads",
    }
    for name in places.values():
        (folder / name).mkdir(mode=0o700, exist_ok=True)
    return {variable: str(folder / name) for variable, name in places.items()}


async def fuzz(
    seconds: float,
    seed: int = 1,
    *,
    sizes: tuple[tuple[int, int], ...] = SIZES,
    places: tuple[str, ...] = PLACES,
    presses: int = 30,
    tell: Callable[[str], None] = print,
) -> list[Crash]:
    """Runs of ``presses`` keys, every place at every size in turn, the seed one more each round, until ``seconds``
    have passed (the run under way is finished; at least one run); the crashes found, one of each kind
    (:attr:`Crash.where`)."""
    prepare_home()
    crashes: dict[str, Crash] = {}
    start = time.monotonic()
    runs = keys = 0
    rounds = ((round_seed, size, place) for round_seed in count(seed) for size in sizes for place in places)
    for round_seed, size, place in rounds:  # at least one run: ``seconds`` 0 runs one again
        outcome = await fuzz_place(place, size, round_seed, presses)
        runs += 1
        keys += len(outcome.pressed)
        crash = outcome.crash
        if crash is not None and crash.where not in crashes:
            crashes[crash.where] = crash
            tell(f"crash: {crash.line()}")
        if time.monotonic() - start >= seconds:
            break
    tell(f"{runs} runs, {keys} keys in {time.monotonic() - start:.0f} s: {len(crashes)} kinds of crash")
    return list(crashes.values())
