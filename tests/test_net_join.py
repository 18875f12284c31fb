"""``mahjong-tui join``: the Textual table at a remote seat, played by keys against a host on 127.0.0.1; a claim window
that runs out closes its prompt; a bad address is one line."""

from __future__ import annotations

import asyncio

import pytest
from test_net import free_port
from textual.widgets import Static
from ui_support import plain, press, settle, showing

from mahjong_tui.cli import main
from mahjong_tui.engine import ActionKind, GameOptions, HandStarted, Phase
from mahjong_tui.keep.joined import token_for
from mahjong_tui.keep.settings import Settings
from mahjong_tui.net.server import Host, TableSpec
from mahjong_tui.ui import remote_driver
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.remote_seat import Remote
from mahjong_tui.ui.screens.choice import ChoiceScreen
from mahjong_tui.ui.screens.hand_end import GameEndScreen, HandEndScreen
from mahjong_tui.ui.screens.help import LeaveScreen
from mahjong_tui.ui.screens.review import ReviewScreen
from mahjong_tui.ui.screens.table import TableScreen
from mahjong_tui.ui.widgets.hint_panel import HintPanel
from mahjong_tui.ui.widgets.log import ReflowLog


def _table(app: MahjongApp) -> TableScreen | None:
    """The table screen, once open."""
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def test_a_remote_seat_plays_a_hand_by_keys_with_its_own_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Joined by URL, the person sees the table from their seat with the hint panel, discards by keys, passes claims,
    and reaches the hand's end; the seat's token is kept for the same command to sit back."""
    host = Host(claim_seconds=0.05, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    table = host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"),
                                      room="KEYS1", seed=12))  # fmt: skip
    url = f"ws://127.0.0.1:{port}/KEYS1"
    app = MahjongApp(settings=Settings(hints=True), remote=Remote(url, "Ann"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _table(app) is not None)
        screen = _table(app)
        assert screen is not None and screen.driver.remote and screen.bottom == 0
        assert token_for(url) == table.places[0].token
        for _ in range(300):
            await settle(
                pilot,
                lambda: (
                    isinstance(app.screen, ChoiceScreen | HandEndScreen | GameEndScreen)
                    or (app.screen is screen and screen.actor is not None)
                ),
            )
            if isinstance(app.screen, HandEndScreen | GameEndScreen):
                break
            if isinstance(app.screen, ChoiceScreen):
                choice = app.screen
                key = next((c.key for c in choice.choices if c.action and c.action.kind is ActionKind.WIN), None)
                if key is None:
                    key = next(c.key for c in choice.choices if c.action and c.action.kind is ActionKind.PASS)
                    await press(pilot, key)
                await press(pilot, key)
                continue
            panel = plain(screen.query_one("#hints-full", HintPanel).query_one(".hint-body", Static))
            assert "steps" in panel or "ready" in panel  # the hints, from the seat's own view
            await press(pilot, "w" if screen.state.offers(ActionKind.WIN) else "d")
        assert isinstance(app.screen, HandEndScreen)
        assert table.game.hand.phase is Phase.ENDED
        # The log tells each discard of the hand once, in the order they were made.
        log = [str(e) for e in screen.query_one("#log", ReflowLog).entries if " discards " in str(e)]
        discards = [a for a in table.game.actions[-1] if a.kind is ActionKind.DISCARD]
        assert len(log) == len(discards), "\n".join(log)
        # The review, made on the server from the seat's own views, was asked for as the hand ended. Had it been
        # lost (say with a dropped connection), v asks again, and the review opens by itself once it comes.
        client = screen.driver.client  # type: ignore[attr-defined]
        await settle(pilot, lambda: 1 in client.reviews)
        del client.reviews[1]
        monkeypatch.setattr(remote_driver, "REVIEW_ASKED", 0.0)
        await press(pilot, "v")
        await settle(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-body")))
        assert "Review of hand 1" in plain(app.screen.query_one("#review-body"))  # once the screen is composed
    host.close()
    server.close()


async def test_a_claim_window_that_runs_out_closes_its_prompt() -> None:
    """The server passes for a person who has not answered when the window closes: the prompt goes, and play goes on."""
    # A window of a second, so the prompt is on the screen long enough to be seen on a busy machine; seed 1 brings a
    # claim to the person within the hand's first moves.
    host = Host(claim_seconds=1.0, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    table = host.open_table(TableSpec("changsha", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"),
                                      room="LATE2", seed=1))  # fmt: skip
    app = MahjongApp(settings=Settings(), remote=Remote(f"ws://127.0.0.1:{port}/LATE2", "Ann"))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await settle(
                pilot,
                lambda: (
                    isinstance(app.screen, ChoiceScreen | HandEndScreen | GameEndScreen)
                    or ((t := _table(app)) is not None and app.screen is t and t.actor is not None)
                ),
            )
            if isinstance(app.screen, ChoiceScreen):
                clock = plain(app.screen.query_one("#choice-clock", Static))  # the window's time, counted down
                assert "1 s to answer: then the table passes for you" in clock or "Time is up" in clock, clock
                await settle(pilot, lambda: not isinstance(app.screen, ChoiceScreen))
                # Nothing here answers a prompt: each pass of seat 0 is the table's, made for it as its window closed
                # (and made before the state that closed the prompt here was sent).
                passed = [a for a in table.game.actions[-1] if a.seat == 0 and a.kind is ActionKind.PASS]
                assert passed, "the table went on without the answer"
                break
            if isinstance(app.screen, HandEndScreen | GameEndScreen):
                pytest.skip("no claim came to the person in this hand")
            await press(pilot, "d")
        else:
            raise AssertionError("no prompt came")
    host.close()
    server.close()


def test_join_refuses_a_bad_address_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Not a table's address: one line and exit 2, before any screen."""
    assert main(["join", "http://example.com/ROOM"]) == 2
    assert main(["join", "ws://127.0.0.1:1/"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all("is not a table's address" in line for line in err)


async def test_an_answer_chosen_for_a_prompt_the_server_closed_is_not_sent_for_the_next() -> None:
    """A pass chosen in a claim window that the server closed meanwhile, when the seat's turn has opened since, is
    dropped: it is not sent as the answer to the turn (which the server would refuse, leaving the turn unanswered)."""
    from mahjong_tui.engine import Action
    from mahjong_tui.net.client import SeatClient
    from mahjong_tui.ui.remote_driver import RemoteDriver

    sent: list[object] = []

    def answer(action: Action | None, prompt: int | None = None) -> asyncio.Future[None]:
        """What would go to the server: chosen as the client's answer is called, as the real one's is (the sending,
        here, is done at once)."""
        sent.append((action, prompt))
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    client = SeatClient("ws://127.0.0.1:1/ROOM", seat=0, rules="shanghai", names=["A", "B", "C", "D"])
    client.answer = answer  # type: ignore[method-assign,assignment]
    driver = RemoteDriver(client)
    client.prompt, driver.asked = 8, 7  # the claim window was prompt 7; the server has opened the turn, prompt 8
    driver.apply(Action(0, ActionKind.PASS))
    assert sent == [] and client.prompt == 8 and driver.asked is None
    driver.asked = 8
    driver.apply(Action(0, ActionKind.DISCARD, 5))
    assert sent == [(Action(0, ActionKind.DISCARD, 5), 8)]


async def test_a_dropped_connection_is_taken_up_again_at_the_same_seat() -> None:
    """The table's connection drops (the host stops listening, then listens again): the app sits back down at the
    same seat with its token, by itself, and plays on."""
    host = Host(claim_seconds=0.05, grace=60)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    table = host.open_table(TableSpec("changsha", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"),
                                      room="DROP2", seed=6))  # fmt: skip
    app = MahjongApp(settings=Settings(), remote=Remote(f"ws://127.0.0.1:{port}/DROP2", "Ann", fresh=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: (t := _table(app)) is not None and t.actor is not None)
        server.close()  # every connection drops
        await server.wait_closed()
        await settle(pilot, lambda: table.places[0].link is None)
        server = await host.serve("127.0.0.1", port)
        await settle(pilot, lambda: table.places[0].link is not None)  # back, with the seat's token
        screen = _table(app)
        assert screen is not None and screen.bottom == 0
        client = screen.driver.client  # type: ignore[attr-defined]
        started = [ev for ev in client.events if isinstance(ev, HandStarted)]
        assert len(started) == 1  # the hand sent again from its start is not held twice
        before = sum(1 for a in table.game.actions[0] if a.seat == 0)
        await settle(pilot, lambda: app.screen is screen and screen.actor is not None)
        await press(pilot, "d")
        await settle(pilot, lambda: sum(1 for a in table.game.actions[0] if a.seat == 0) > before)
    host.close()
    server.close()


async def test_a_player_who_sits_down_later_is_called_by_name() -> None:
    """Ann's table opens before Bo sits down (his seat is a placeholder, and she is told the table waits for one more);
    once he has, her table calls him Bo and says everyone is here; when he leaves, she is told."""
    from mahjong_tui.net.client import SeatClient

    host = Host(claim_seconds=0.05, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "person", "easy", "easy"),
                              room="NAME1", seed=5))  # fmt: skip
    url = f"ws://127.0.0.1:{port}/NAME1"
    app = MahjongApp(settings=Settings(), remote=Remote(url, "Ann", fresh=True))
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(str(message)), notify(message, **kw))[1]  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _table(app) is not None)
        screen = _table(app)
        assert screen is not None and "Bo" not in screen.look().names
        assert any(line.startswith("Waiting for 1 more to sit down") for line in said), said
        bo = SeatClient(url)
        await bo.connect(name="Bo")
        listener = asyncio.create_task(bo.listen())
        await settle(pilot, lambda: screen.look().names[bo.seat] == "Bo")
        assert screen.look().names[0] == "Ann"
        await settle(pilot, lambda: "Everyone is here: the game begins" in said)
        await press(pilot, "q")  # leaving a remote table: nothing is kept here, the seat waits; no new game
        await settle(pilot, showing(app, LeaveScreen))
        assert "the same join command sits you back down" in plain(app.screen.query_one("#confirm-question"))
        assert not app.screen.query("#new")
        await press(pilot, "n")
        assert isinstance(app.screen, LeaveScreen)
        await press(pilot, "escape")
        await bo.close()
        await asyncio.wait_for(listener, 30)
        await settle(pilot, lambda: any(line.startswith("Bo has left the table") for line in said))
    host.close()
    server.close()


async def test_after_a_discard_the_next_turn_is_shown_once_the_window_closes() -> None:
    """Ann discards; once the claim window closes with no claim, her table shows Bo's turn (the state that says so
    carries no event of its own for her: the screen is drawn again all the same)."""
    from mahjong_tui.net.client import SeatClient
    from mahjong_tui.ui.widgets.wall import InfoLine

    host = Host(claim_seconds=0.3, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    host.open_table(TableSpec("changsha", GameOptions(max_hands=1), ("person", "person", "hard", "hard"),
                              room="NEXT1", seed=3))  # fmt: skip
    url = f"ws://127.0.0.1:{port}/NEXT1"
    app = MahjongApp(settings=Settings(), remote=Remote(url, "Ann", fresh=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: _table(app) is not None)
        bo = SeatClient(url)
        await bo.connect(name="Bo")
        listener = asyncio.create_task(bo.listen())
        screen = _table(app)
        assert screen is not None
        await settle(pilot, lambda: screen.actor == 0)
        await press(pilot, "d")
        await settle(pilot, lambda: bo.prompt is not None and bo.view is not None and bo.view.phase is Phase.TURN)
        await settle(pilot, lambda: "turn: 北 · Bo" in plain(screen.query_one(InfoLine)))
        await bo.close()
        await asyncio.wait_for(listener, 30)
    host.close()
    server.close()


async def test_no_table_at_the_address_is_said_in_one_line() -> None:
    """Nothing listens at the address: the app ends with one line saying so, and what the system said."""
    app = MahjongApp(settings=Settings(), remote=Remote(f"ws://127.0.0.1:{free_port()}/ROOM", "Ann", fresh=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: bool(app.join_problem))
    assert app.join_problem.startswith("no table answers at 127.0.0.1:") and "\n" not in app.join_problem


async def test_a_turn_whose_time_runs_out_is_played_by_the_bot_and_a_key_takes_the_seat_back() -> None:
    """The person lets their turn's time run out: the countdown beside their name runs, the table's bot discards for
    them, the turn leaves the screen and play goes on; the seat is idle (said over the table) until a key takes it
    back, and the next turn is theirs again."""
    # The turn's time is long enough for the app to start and show the turn on busy cores (the test then waits it out).
    host = Host(claim_seconds=0.05, turn_seconds=5.0, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    table = host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"),
                                      room="IDLE1", seed=4))  # fmt: skip
    app = MahjongApp(settings=Settings(), remote=Remote(f"ws://127.0.0.1:{port}/IDLE1", "Ann"))

    def discards() -> int:
        return sum(a.seat == 0 and a.kind is ActionKind.DISCARD for a in table.game.actions[-1])

    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: (t := _table(app)) is not None and app.screen is t and t.actor == 0)
        screen = _table(app)
        assert screen is not None
        assert " s" in plain(screen.query_one("#me-header", Static))  # the turn's seconds left, beside the name
        await settle(pilot, lambda: table.places[0].idle and discards() >= 1, seconds=60)
        await settle(pilot, lambda: screen.state.decision is None or screen.state.decision.phase is not Phase.TURN)
        assert 0 in screen.driver.client.away  # type: ignore[attr-defined]
        await press(pilot, "right")  # any key: the seat is ours again
        await settle(pilot, lambda: not table.places[0].idle, seconds=60)
        before = discards()
        await settle(pilot, lambda: screen.actor == 0 and screen.state.decision is not None, seconds=60)
        await press(pilot, "d")
        await settle(pilot, lambda: discards() > before and not table.places[0].idle, seconds=60)
    host.close()
    server.close()
