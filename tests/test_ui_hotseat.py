"""Hot-seat at one keyboard: the curtain hides every hand, asks each person behind it, and gives nothing away."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from ui_support import (
    COMPACT,
    FULL,
    app_for,
    change_setting,
    claim_game,
    find_seed,
    gone,
    plain,
    policy,
    policy_bots,
    press,
    settle,
    showing,
    table_of,
)

from mahjong_tui.commands.play import parser as play_parser
from mahjong_tui.engine import Action, ActionKind, Game, Phase, TileDiscarded
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Privacy, quick_setup
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.curtain import CurtainScreen
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.hand import HandView, hand_tiles
from mahjong_tui.ui.widgets.wall import InfoLine, WallRing


# ---------------------------------------------------------------------- hot-seat
async def test_the_curtain_hides_every_hand_in_hot_seat() -> None:
    app = app_for("shanghai", 3, humans=2)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, CurtainScreen))
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
        await press(pilot, "x", "w", "1", "d")  # nothing but Enter lifts the curtain
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "enter")
        await pilot.pause()
        assert table.viewer == seat


async def test_hot_seat_asks_each_human_behind_the_curtain() -> None:
    seed = find_seed("changsha", lambda g: True)
    app = app_for("changsha", seed, humans=2)
    async with app.run_test(size=FULL) as pilot:
        shown_to: int | None = None
        for _ in range(3000):
            await settle(
                pilot,
                lambda: (
                    not isinstance(app.screen, TableScreen)
                    or table_of(app).actor is not None
                    or app.driver.game.hand.over
                ),
            )  # type: ignore[union-attr]
            screen = app.screen
            if isinstance(screen, HandEndScreen):
                break
            game = app.driver.game  # type: ignore[union-attr]
            if isinstance(screen, CurtainScreen):
                shown_to = game.pending_seats()[0]
                await press(pilot, "enter")
                await settle(pilot, gone(app, screen))  # lifted
                continue
            seat = game.pending_seats()[0]
            # Whoever sees their tiles lifted their own curtain last: no other person's curtain came in between.
            assert seat == shown_to, "a human's tiles were shown without the curtain"
            assert table_of(app).viewer == seat
            await act_by_keys(pilot, app, seat, policy(game.legal_actions(seat), game.hand.players[seat].counts))
        assert isinstance(app.screen, HandEndScreen)


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
        await settle(pilot, showing(app, ChoiceScreen))
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
        await settle(pilot, showing(app, ChoiceScreen))
        line = plain(table_of(app).query_one(InfoLine))
        assert "claims on the discard" in line and "turn:" not in line
        assert not any("◀" in plain(table_of(app).query_one(f"#cseat-{p}")) for p in ("top", "left", "right"))


async def test_the_curtain_says_whose_turn_it_is_and_never_why() -> None:
    game = claim_game("shanghai", lambda g: True)
    setup = quick_setup("shanghai", 2, "normal", game.seed, speed="instant")
    app = MahjongApp(setup, game=game, bot_factory=policy_bots)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, CurtainScreen))
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
        await settle(
            pilot,
            lambda: (
                not isinstance(app.screen, TableScreen) or table_of(app).actor is not None or app.driver.game.hand.over
            ),
        )  # type: ignore[union-attr]
        screen = app.screen
        game = app.driver.game  # type: ignore[union-attr]
        if isinstance(screen, HandEndScreen) or len(discarders(game)) >= discards:
            return calls, acks
        table = table_of(app)
        if isinstance(screen, CurtainScreen):
            calls.append((sum(isinstance(e, TileDiscarded) for e in game.hand.events), table.bottom))
            await press(pilot, "enter")
            await settle(pilot, gone(app, screen))  # lifted
            continue
        if isinstance(screen, ChoiceScreen) and screen.choices[0].action is None:
            # An acknowledgement: only "continue", for a person the engine does not ask, the table hidden.
            seat = table.bottom
            words = (
                "Nothing to declare — continue"
                if game.hand.phase is Phase.INITIAL or not any(isinstance(e, TileDiscarded) for e in game.hand.events)
                else "Nothing to claim — continue"
            )
            assert [(c.key, c.label) for c in screen.choices] == [("enter", words)]
            assert game.hand.phase is not Phase.CLAIM or seat not in game.pending_seats()  # not asked to claim
            assert table.viewer is None and table.look().face_up == frozenset()
            acks += 1
            if acks == 1:
                await press(pilot, "x", "1", "p")  # no other key answers it
                assert app.screen is screen
            await press(pilot, "enter")
            await settle(pilot, gone(app, screen))  # answered
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
        await press(pilot, choice.key)
        if want.kind is ActionKind.PASS and screen.win_offered:
            await press(pilot, choice.key)  # passing a win asks to confirm
        await settle(pilot, gone(app, screen))  # answered
    elif want.kind is ActionKind.DISCARD:
        table = table_of(app)
        table.selected = hand_tiles(table.look(), seat).index(want.tile)
        await press(pilot, "enter")
    elif want.kind is ActionKind.WIN:
        await press(pilot, "w")
    else:
        await press(pilot, "k")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, next(c.key for c in app.screen.choices if c.action == want))


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
            assert after[: len(others)] == others, f"discard {i} by seat {by}: curtains for {after}"


async def test_standard_privacy_calls_a_person_only_to_decide() -> None:
    seed = find_seed("shanghai", lambda g: len(discarders(g)) > 16)
    app = play_setup("shanghai", seed, "standard")
    async with app.run_test(size=FULL) as pilot:
        calls, acks = await play_hot_seat(pilot, app, 16)
        assert acks == 0
        assert len(calls) < 15  # not a curtain for everyone after every discard


async def test_privacy_is_a_setting_and_a_play_option() -> None:
    assert play_parser().parse_args(["--privacy", "strict"]).privacy == "strict"
    assert play_parser().parse_args([]).privacy is None  # not given: the kept settings say
    app = app_for("shanghai", 3, humans=2)
    async with app.run_test(size=FULL) as pilot:
        await pilot.pause()
        assert app.driver.setup.privacy is Privacy.STANDARD  # type: ignore[union-attr]
        await change_setting(pilot, app, "privacy", Privacy.STRICT)
        assert app.driver.setup.privacy is Privacy.STRICT  # type: ignore[union-attr]
        assert table_of(app).driver.strict


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
    from mahjong_tui.ui.table_state import asked_after

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
