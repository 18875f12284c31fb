"""What the UI tests share: a tiny fixed policy for bot seats, seeds and positions found by playing it on the
engine alone, an app for a game, and waiting for the screen to settle.

Bot seats are played by the policy defined here, so the UI tests do not depend on the bots package.
"""

from __future__ import annotations

import functools
import io
import time
import unicodedata
from collections.abc import Callable

from rich.console import Console
from textual import events
from textual.geometry import Region
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from mahjong_tui.engine import Action, ActionKind, Game, Phase, SeatView
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.curtain import CurtainScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.hand import CELL, GAP, HandView, hand_tiles

FULL = (120, 36)
COMPACT = (80, 24)
CLAIMS = (
    ActionKind.WIN,
    ActionKind.DECLARE_INITIAL,
    ActionKind.TAKE_HAIDI,
    ActionKind.KONG,
    ActionKind.PONG,
    ActionKind.CHI,
    ActionKind.CONCEALED_KONG,
    ActionKind.ADDED_KONG,
)


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


@functools.cache
def _first_hand(rules: str, seed: int) -> Game:
    """The game of ``seed`` with its first hand played by the policy everywhere, to its end (once a process)."""
    game = Game(rules, seed)
    play_engine(game, lambda g: g.hand.over)
    return game


def find_seed(rules: str, want: Callable[[Game], bool], among: int = 60) -> int:
    """A seed whose first hand, played by the policy everywhere, ends as wanted: of the first ``among`` seeds, the one
    whose hand is shortest (a test playing it through the screens has the fewest moves to make and draw); else the
    first seed after them whose hand does."""
    found = [g for g in (_first_hand(rules, seed) for seed in range(among)) if g.hand.over and want(g)]
    if found:
        return min(found, key=lambda g: sum(map(len, g.actions))).seed
    for seed in range(among, 300):
        game = _first_hand(rules, seed)
        if game.hand.over and want(game):
            return seed
    raise AssertionError(f"no {rules} seed found")


def app_for(rules: str, seed: int, humans: int = 1, speed: str = "instant", **kw: object) -> MahjongApp:
    setup = quick_setup(rules, humans, "normal", seed, speed=speed)
    return MahjongApp(setup, bot_factory=policy_bots, **kw)  # type: ignore[arg-type]


def plain(widget: object) -> str:
    """The text a widget shows, without styles."""

    content = widget.content if isinstance(widget, Static) else widget.render()  # type: ignore[attr-defined]
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


def table_of(app: MahjongApp) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


#: how long a test waits for the app to get where it should: long enough for a machine whose cores are busy with
#: something else (every wait ends as soon as its condition holds)
PATIENCE = 60.0

# The character a named key types where its Unicode name does not give it (``question_mark`` types ``?``).
_TYPES = {"enter": "\r", "tab": "\t"}


def _typed(key: str) -> str | None:
    """The character ``key`` types, as Textual's pilot gives it (None: a key that types nothing, as ``left``)."""
    if len(key) == 1:
        return key
    try:
        return _TYPES.get(key) or unicodedata.lookup(key.upper().replace("_", " "))
    except KeyError:
        return None


async def press(pilot, *keys: str) -> None:  # type: ignore[no-untyped-def]
    """Press ``keys`` in turn as a person would: each on the screen on top once it is built, and handled before the
    next is sent. Textual's ``Pilot.press`` waits instead, after each key, until the process has been idle for 20 ms
    (40 ms a key at the least). What a key starts (a bot's move, a page filled in) is then waited for as any other
    state is, with :func:`settle`."""
    app = pilot.app
    for key in keys:
        await settle(pilot, lambda: app.screen.is_mounted)
        # The key goes from the app to the focused widget (else the screen), which hands it up to each container in
        # turn and so back to the app, where the keys bound are looked up: one turn of the queues for each step.
        focused = app.focused or app.screen
        app.post_message(events.Key(key, _typed(key)))
        for _ in range(len(focused.ancestors_with_self) + 1):
            await pilot.pause(0)
    await settle(pilot, lambda: app.screen.is_mounted)


async def settle(pilot, until: Callable[[], bool], seconds: float = PATIENCE) -> None:  # type: ignore[no-untyped-def]
    """Let timers and messages run until ``until()`` holds, with the screen on top built (so what the test reads next
    is there); fail once ``seconds`` have gone by without it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if until() and _built(pilot.app):
            return
        await pilot.pause(0.01)
    app = pilot.app
    table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
    state = (
        app.screen_stack,
        table and (table.actor, table.waiting, table.paused_move),
        app.driver and (app.driver.game.pending_seats(), app.driver.game.hand.phase),
    )
    assert until() and _built(app), f"the app did not get there in {seconds:g} s: {state}"


def _built(app: MahjongApp) -> bool:
    """The screen on top is composed and mounted, or there is none (the app has closed)."""
    return not app.screen_stack or app.screen.is_mounted


def showing(app: MahjongApp, screen: type | tuple[type, ...]) -> Callable[[], bool]:
    """The screen on top is a ``screen``, composed and mounted: its widgets are there to query, click and read (a
    screen is on top as soon as it is pushed, before it is built)."""
    return lambda: isinstance(app.screen, screen) and app.screen.is_mounted


def gone(app: MahjongApp, screen: object) -> Callable[[], bool]:
    """``screen`` is no longer the one on top (answered, lifted, or covered by another)."""
    return lambda: app.screen is not screen


def moved_on(app: MahjongApp, table: TableScreen, game: Game, moves: int) -> Callable[[], bool]:
    """A move has been made in ``game`` since its first ``moves``, or a screen covers ``table`` (a choice to make)."""
    return lambda: sum(map(len, game.actions)) > moves or app.screen is not table


async def footer_key(pilot, table: TableScreen, action: str) -> FooterKey:  # type: ignore[no-untyped-def]
    """The footer's button for ``action``, once the footer shows it (it is rebuilt after the table's state)."""
    await settle(pilot, lambda: any(k.action == action for k in table.query(FooterKey)))
    return next(k for k in table.query(FooterKey) if k.action == action)


async def play_hand_by_keys(pilot, app: MahjongApp, *, method: str = "numbers") -> list[str]:  # type: ignore[no-untyped-def]
    """Play every human decision of the current hand with the policy, by keys (or clicks)."""
    seen: list[str] = []
    for _ in range(2000):
        # A person's turn at the table, or a screen over it (a prompt, a curtain, the hand's end), built.
        await settle(
            pilot,
            lambda: not isinstance(app.screen, TableScreen) or table_of(app).actor is not None or app.driver is None,
        )
        screen = app.screen
        seen.append(type(screen).__name__)
        if isinstance(screen, (HandEndScreen, GameEndScreen)):
            return seen
        game = app.driver.game  # type: ignore[union-attr]
        moves = sum(map(len, game.actions))
        if isinstance(screen, CurtainScreen):
            await press(pilot, "enter")
            await settle(pilot, gone(app, screen))  # lifted
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
                    await press(pilot, screen.choices[index].key)
            await settle(pilot, gone(app, screen))  # answered
            continue
        table = table_of(app)
        if table.actor is None:
            continue
        seat = table.actor
        want = policy(game.legal_actions(seat), game.hand.players[seat].counts)
        if want.kind is ActionKind.WIN:
            if method == "click":  # the footer's keys are buttons too
                await pilot.click(await footer_key(pilot, table, "win"))
            else:
                await press(pilot, "w")
        elif want.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            if method == "click":
                await pilot.click(await footer_key(pilot, table, "kong"))
            else:
                await press(pilot, "k")
            # Declared at once, or asked which kong: that choice is answered above, as any other.
        else:
            tiles = hand_tiles(table.look(), seat)
            index = tiles.index(want.tile)
            if method == "numbers" and index < 10:
                await press(pilot, str((index + 1) % 10), "enter")
            elif method == "click":
                drawn_gap = GAP if index == len(tiles) - 1 and table.look().table.drawn[seat] is not None else 0
                offset = (index * CELL + drawn_gap + 1, 2)
                await pilot.click(HandView, offset=offset)
                await pilot.click(HandView, offset=offset)
            else:
                steps = index - (table.selected or 0)
                for _ in range(abs(steps)):
                    await press(pilot, "right" if steps > 0 else "left")
                await press(pilot, "enter")
        await settle(pilot, moved_on(app, table, game, moves))
    raise AssertionError("the hand did not end")


async def change_setting(pilot, app: MahjongApp, field: str, value: object) -> None:  # type: ignore[no-untyped-def]
    """Open Settings over the table, set one field (``#style``, ``#privacy`` …) and press OK."""
    from mahjong_tui.ui.screens.settings import SettingsScreen

    app.action_settings()
    await settle(pilot, showing(app, SettingsScreen))
    screen, before = app.screen, app.settings_in_use()
    screen.query_one(f"#{field}").value = value  # type: ignore[attr-defined]
    await settle(pilot, lambda: app.settings_in_use() != before)  # applied (a change is applied as it is made)
    await pilot.click("#ok")
    await settle(pilot, lambda: screen not in app.screen_stack)


# ---------------------------------------------------------------------- positions
def claim_game(rules: str, want: Callable[[Game], bool]) -> Game:
    for seed in range(300):
        game = Game(rules, seed)

        def ready(g: Game) -> bool:
            return g.hand.phase is Phase.CLAIM and 0 in g.pending_seats() and g.pending_seats()[0] == 0 and want(g)

        if play_engine(game, ready):
            return game
    raise AssertionError("no claim position")


def changsha_at(phase: Phase) -> Game:
    """A Changsha game where seat 0 must answer first in ``phase``."""
    for seed in range(400):
        game = Game("changsha", seed)
        if play_engine(game, lambda g: g.hand.phase is phase and g.pending_seats()[:1] == [0]):
            return game
    raise AssertionError(f"no {phase.value} position")


# ---------------------------------------------------------------------- what the screen shows, as drawn
def shown_lines(widget: object) -> list[str]:
    """The lines a widget draws at its size on screen (so wrapping and cropping show)."""
    size = widget.size  # type: ignore[attr-defined]
    strips = widget.render_lines(Region(0, 0, size.width, size.height))  # type: ignore[attr-defined]
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]
