"""A host on every core: the lobby hands each connection to the worker holding its room, a worker killed is started
again with its tables, the host stopped keeps every table; bots thinking in processes of their own decide as a bot
on the spot would. Servers listen on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from test_net import _play, _until, free_port
from websockets.exceptions import WebSocketException

from bots import create_bot
from mahjong_tui.engine import Game, GameOptions, Phase, ruleset_names, seat_view
from mahjong_tui.net.bot_pool import BotPool
from mahjong_tui.net.client import JoinError, SeatClient
from mahjong_tui.net.server import Host
from mahjong_tui.net.workers import room_of


def test_the_lobby_reads_the_room_from_the_request_line() -> None:
    assert room_of(b"GET /AB12CD HTTP/1.1") == "AB12CD"
    assert room_of(b"GET /ab12cd?x=1 HTTP/1.1") == "AB12CD"
    assert room_of(b"GET / HTTP/1.1") == ""
    assert room_of(b"GET /../etc HTTP/1.1") == ""
    assert room_of(b"POST /AB12CD HTTP/1.1") == ""
    assert room_of(b"\xff\xfe") == ""


async def test_bots_in_their_own_processes_play_as_a_bot_here_would() -> None:
    """For positions of seeded self-play in every preset, the pool's answer is the move a bot made here with the
    same seed plays from the same view."""
    pool = BotPool(1)
    try:
        for rules in ruleset_names():
            game = Game(rules, 17, GameOptions(max_hands=1))
            decisions = 0
            while not game.hand.over and decisions < 40:
                if game.held:
                    game.release()
                    continue
                seat = game.pending_seats()[0]
                view = seat_view(game.hand, seat)
                here = create_bot("hard", seat, 1000 + decisions).choose(view)
                there = await pool.choose("hard", seat, 1000 + decisions, view)
                assert there == here, (rules, decisions)
                game.apply(here)
                decisions += 1
    finally:
        pool.close()


async def test_bots_think_at_a_lower_priority_than_the_tables() -> None:
    """A thinking process gives way to its host's tables: its niceness is the host's plus NICENESS (up to the
    system's most, 19)."""
    import os

    from mahjong_tui.net.bot_pool import NICENESS

    pool = BotPool(1)
    try:
        game = Game("changsha", 5, GameOptions(max_hands=1))
        view = seat_view(game.hand, game.pending_seats()[0])
        assert await pool.choose("easy", view.seat, 1, view) in view.legal  # the process is up and has answered
        (pid,) = pool.pids
        niceness = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    finally:
        pool.close()
    assert niceness == min(19, os.nice(0) + NICENESS)


async def test_a_thinking_process_killed_mid_decision_is_replaced_and_asked_again() -> None:
    """A thinking process killed from outside while it thinks: another takes its place and the decision is asked
    again there, and answered."""
    import os
    import signal

    pool = BotPool(1, think_ms=400)
    try:
        game = Game("changsha", 5, GameOptions(max_hands=1))
        view = seat_view(game.hand, game.pending_seats()[0])
        assert await pool.choose("easy", view.seat, 1, view) in view.legal
        (first,) = pool.pids
        deciding = asyncio.create_task(pool.choose("expert", view.seat, 1, view))
        await asyncio.sleep(0)  # the question is sent: the process thinks about it (for 400 ms)
        os.kill(first, signal.SIGKILL)
        assert await asyncio.wait_for(deciding, 60) in view.legal
        (second,) = pool.pids
        assert second != first
    finally:
        pool.close()


async def _host(home: Path, port: int, *extra: str) -> tuple[asyncio.subprocess.Process, list[str]]:
    """``mahjong-tui host --workers 2`` with two tables; the process and the two tables' addresses (within 90 s)."""
    command = ["-m", "mahjong_tui", "host", "--home", str(home), "--port", str(port), "--workers", "2"]
    command += ["--seats", "person,normal,normal,normal", "--claim-seconds", "0", "--grace", "30", *extra]
    process = await asyncio.create_subprocess_exec(
        sys.executable, *command, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    assert process.stdout is not None
    urls = []
    while len(urls) < 2:
        line = (await asyncio.wait_for(process.stdout.readline(), 90)).decode()
        assert line, "the host stopped before naming its tables"
        urls.append(line.split()[-1].replace("localhost", "127.0.0.1"))
    return process, urls


def _workers(pid: int) -> list[int]:
    """The worker processes of the host ``pid``: its children that hold tables (not multiprocessing's tracker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if "resource_tracker" not in Path(f"/proc/{c}/cmdline").read_text()]


async def _stop(process: asyncio.subprocess.Process) -> None:
    """SIGTERM, and the process reaped (SIGKILL after 60 s)."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(process.wait(), 60)
    except TimeoutError:
        process.kill()
        raise


async def test_two_workers_hold_the_tables_and_a_killed_one_comes_back_with_them(tmp_path: Path) -> None:
    """Each table is reached through the lobby's one port; a path naming no table is answered as for any room
    nobody holds. A worker killed mid-hand is started again, takes its table up from the journal, and its person
    comes back with the seat's token to the same moment and plays on."""
    port = free_port()
    process, urls = await _host(tmp_path / "host", port, "--tables", "2", "--hands", "1", "--seed", "3")
    try:
        workers = _workers(process.pid)
        assert len(workers) == 2
        clients = [SeatClient(url) for url in urls]
        for client in clients:
            await client.connect(name="Ann")
        listeners = [asyncio.create_task(c.listen()) for c in clients]
        await asyncio.wait_for(asyncio.gather(*(_play(c, stop_after=3) for c in clients)), 90)
        for client in clients:
            await _until(client, lambda c=client: c.prompt is not None)  # type: ignore[misc]
        with pytest.raises(JoinError, match="no seat for you there"):
            await SeatClient(f"ws://127.0.0.1:{port}/NOSUCHROOM").connect(name="Bob")

        seen = [c.view for c in clients]
        os.kill(workers[0], signal.SIGKILL)
        done, _ = await asyncio.wait(listeners, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        assert len(done) == 1, "the connection to the killed worker's table closes, and only it"
        lost = listeners.index(done.pop())
        first, other = clients[lost], clients[1 - lost]
        assert not listeners[1 - lost].done()
        deadline = time.monotonic() + 90
        token = first.token
        back = SeatClient(urls[lost])
        while True:  # the worker starts again: its table is there once it has taken it up
            try:
                await back.connect(token=token)
                break
            except (JoinError, OSError, WebSocketException):
                assert time.monotonic() < deadline, "the killed worker's table did not come back in 90 s"
                await asyncio.sleep(0.2)
        listener = asyncio.create_task(back.listen())
        await _until(back, lambda: back.view is not None)
        before = seen[lost]
        assert before is not None and back.view is not None and back.seat == first.seat
        assert back.view.table.rivers[back.seat] == before.table.rivers[back.seat]
        await asyncio.wait_for(asyncio.gather(_play(back), _play(other)), 90)  # the other table played on throughout
        assert back.over and other.over
        await back.close()
        await other.close()
        await asyncio.wait_for(asyncio.gather(listener, listeners[1 - lost]), 30)
    finally:
        await _stop(process)


async def test_a_host_of_workers_stopped_keeps_every_table_and_takes_them_up_again(tmp_path: Path) -> None:
    """SIGTERM stops the lobby and its workers; started again, the host takes up both tables under their rooms."""
    home, port = tmp_path / "host", free_port()
    process, urls = await _host(home, port, "--tables", "2", "--seed", "5")
    client = SeatClient(urls[1])
    await client.connect(name="Ann")
    listener = asyncio.create_task(client.listen())
    await _until(client, lambda: client.view is not None and client.view.phase is not Phase.ENDED)
    await _stop(process)
    assert process.returncode == 0
    await asyncio.wait_for(listener, 30)
    again, back = await _host(home, port)
    try:
        assert sorted(back) == sorted(urls)
        returning = SeatClient(urls[1])
        await returning.connect(token=client.token)
        assert returning.seat == client.seat
        await returning.close()
    finally:
        await _stop(again)


async def test_an_expert_at_a_host_thinks_the_time_the_host_was_given() -> None:
    """``host --think-ms``: an expert thinking on a thread is made with that budget, and one in the bot processes
    answers with a legal move when given it."""
    from bots.expert import ExpertBot

    on_threads = Host(think_ms=40)
    bot = on_threads.bot_factory("expert", 2, 5) if on_threads.bot_factory else None
    assert isinstance(bot, ExpertBot) and bot.think_ms == 40
    assert Host().bot_factory is None and Host(bot_processes=1, think_ms=40).bot_factory is None
    pool = BotPool(1, think_ms=20)
    try:
        game = Game("changsha", 21, GameOptions(max_hands=1))
        while game.held or len(game.legal_actions(game.pending_seats()[0])) < 2:
            if game.held:
                game.release()
            else:
                game.apply(game.legal_actions(game.pending_seats()[0])[0])
        seat = game.pending_seats()[0]
        view = seat_view(game.hand, seat)
        assert await pool.choose("expert", seat, 3, view) in view.legal
    finally:
        pool.close()
