"""The table server: what each seat is sent, a whole game of remote clients, bad messages, late answers, a seat that
drops and comes back, a host killed and started again. Servers listen on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec import Raw

from bots import create_bot
from mahjong_tui.engine import (
    ActionKind,
    ClaimLost,
    Game,
    GameOptions,
    HandEnded,
    HandStarted,
    OptionRefused,
    Phase,
    TileDrawn,
    TilesDealt,
    ruleset_names,
    seat_view,
)
from mahjong_tui.net import sending as hosted_sending
from mahjong_tui.net.client import JoinError, SeatClient
from mahjong_tui.net.protocol import dumps
from mahjong_tui.net.server import Host, TableSpec
from mahjong_tui.net.server_messages import State
from mahjong_tui.net.table import HostedTable, Place
from mahjong_tui.net.wire import decode_event, decode_view

PRIVATE = (TilesDealt, TileDrawn, OptionRefused, ClaimLost)


def free_port() -> int:
    """A port nothing listens on, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------- what each seat is sent


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(ruleset_names()), st.integers(0, 10_000))
def test_nothing_sent_to_a_seat_carries_another_seats_hidden_tiles(rules: str, seed: int) -> None:
    """At every move of a seeded hand, each seat's message holds no other seat's concealed or drawn tiles, and
    none of the events private to another seat, until the hand is over and every hand is shown."""
    game = Game(rules, seed, GameOptions(max_hands=1))
    table = HostedTable(game, "ROOM", [Place(f"P{s}", True) for s in range(4)], keep=False)
    bots = {s: create_bot("normal", s, seed) for s in range(4)}
    sent = [0, 0, 0, 0]
    moves = 0
    while not game.hand.over and moves < 400:
        for seat in range(4):
            events = game.events[sent[seat] :]
            sent[seat] = len(game.events)
            message = json.loads(dumps(table.state_message(seat, events)))
            view = decode_view(message["view"])
            assert view.seat == seat
            for other in range(4):
                if other != seat and not view.table.over:
                    assert view.table.concealed[other] is None and view.table.drawn[other] is None
            for ev in map(decode_event, message["events"]):
                if isinstance(ev, PRIVATE):
                    assert ev.seat == seat, ev
        if game.held:  # a window nobody is asked in: the table releases it once its time is up
            game.release()
            continue
        seat = game.pending_seats()[0]
        game.apply(bots[seat].choose(seat_view(game.hand, seat)))
        moves += 1


# ---------------------------------------------------------------- over websockets


async def _serve(host: Host) -> tuple[object, int]:
    """The host listening on a free port of 127.0.0.1."""
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    return server, port


async def _hosted(
    rules: str,
    seats: tuple[str, str, str, str],
    room: str,
    seed: int,
    *,
    hands: int = 1,
    claim: float = 0.02,
    grace: float = 30,
) -> tuple[Host, Any, str, HostedTable]:
    """A host on a free port of 127.0.0.1 with one table: the host, its server, the table's address, the table."""
    host = Host(claim_seconds=claim, grace=grace)
    server, port = await _serve(host)
    table = host.open_table(TableSpec(rules, GameOptions(max_hands=hands), seats, room=room, seed=seed))
    return host, server, f"ws://127.0.0.1:{port}/{room}", table


async def _play(client: SeatClient, level: str = "normal", *, stop_after: int | None = None) -> int:
    """Answer every prompt with a bot until the game is over (or ``stop_after`` answers); how many were made."""
    bot = create_bot(level, client.seat, 11)
    made = 0
    while not client.over and (stop_after is None or made < stop_after):
        if client.prompt is not None and client.view is not None:
            if client.view.phase is Phase.ENDED:
                await client.next_hand()
            elif client.view.legal:
                await client.act(bot.choose(client.view))
                made += 1
            continue
        if not await client.changed(20):
            raise AssertionError(f"seat {client.seat} waited 20 s: prompt {client.prompt}")
    return made


async def _until(client: SeatClient, done: Callable[[], bool], seconds: float = 60) -> None:
    """Wait for what the server sends until ``done()``; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"seat {client.seat} waited {seconds} s")
        await client.changed(1)


async def _eventually(done: Callable[[], bool], what: str, seconds: float = 60) -> None:
    """Look again and again until ``done()`` (what the host's tasks or another process do, that no message of ours
    tells); fail after ``seconds``, a bound long enough for a machine whose cores are busy with something else."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        await asyncio.sleep(0.02)


async def test_a_whole_game_with_four_remote_clients(tmp_path: Path) -> None:
    """Four people on four connections play two hands to the game's end; each saw only its own seat."""
    host = Host(claim_seconds=0.02, grace=5)
    server, port = await _serve(host)
    table = host.open_table(TableSpec("changsha", GameOptions(max_hands=2), ("person",) * 4, room="GAME4", seed=3))
    clients = [SeatClient(f"ws://127.0.0.1:{port}/game4") for _ in range(4)]
    for i, client in enumerate(clients):
        await client.connect(name=f"P{i}")
    listeners = [asyncio.create_task(c.listen()) for c in clients]
    made = await asyncio.wait_for(asyncio.gather(*(_play(c) for c in clients)), 120)
    assert table.game.over and sorted(c.seat for c in clients) == [0, 1, 2, 3]
    assert all(m > 0 for m in made) and not any(c.errors for c in clients)
    for c in clients:
        assert not any(isinstance(ev, PRIVATE) and ev.seat != c.seat for ev in c.events)
        await c.close()
    await asyncio.wait_for(asyncio.gather(*listeners), 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_bad_messages_are_refused_and_the_connection_goes_on() -> None:
    """Not JSON, too big, an unknown type, a bad action, acting before joining, a wrong room: each is one error line;
    the connection still answers and the table still plays."""
    host = Host(claim_seconds=0.02, grace=5)
    server, port = await _serve(host)
    host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "normal", "normal", "normal"),
                              room="BADMSG", seed=5))  # fmt: skip
    stranger = SeatClient(f"ws://127.0.0.1:{port}/nosuch")
    with pytest.raises(JoinError, match="no seat for you there"):
        await stranger.connect(name="Ann")
    client = SeatClient(f"ws://127.0.0.1:{port}/badmsg")
    await client.connect(name="Ann")
    listener = asyncio.create_task(client.listen())
    for text in ("not json", "x" * 5000, '{"type": "dance"}', '{"type": "act", "prompt": 1, "action": {"kind": "fly"}}',
                 '{"type": "act", "prompt": -1, "action": {}}', "[1, 2]"):  # fmt: skip
        await client.send_raw(text)
    await client.send_raw(dumps({"type": "ping"}))
    await _until(client, lambda: len(client.errors) >= 6)
    assert [e.split(":")[0] for e in client.errors] == [
        "not JSON",
        "message too big",
        "unknown message type 'dance'",
        "action.kind",  # the field, then the reason: "action.kind: invalid enum value 'fly'"
        "prompt",
        "a message is a JSON object",
    ]
    await asyncio.wait_for(_play(client), 60)  # the connection and the table went on
    assert client.over
    await client.close()
    await asyncio.wait_for(listener, 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_a_late_repeated_or_illegal_answer_is_refused_with_a_reason_and_changes_nothing() -> None:
    """An answer to a prompt already answered, or not open, or a move not allowed, is refused; the game is as it was."""
    host, server, url, table = await _hosted("shanghai", ("person", "normal", "normal", "normal"), "LATE1", 8, grace=5)
    client = SeatClient(url)
    await client.connect(name="Ann")
    listener = asyncio.create_task(client.listen())
    await _until(
        client, lambda: client.prompt is not None and client.view is not None and client.view.phase is Phase.TURN
    )
    prompt, view = client.prompt, client.view
    actions = len(table.game.actions[-1])
    held = set(view.hand)
    not_held = next(t for t in range(27) if t not in held)
    from mahjong_tui.engine import Action

    await client.send_raw(
        dumps({"type": "act", "prompt": prompt, "action": {"kind": "discard", "tile": _name(not_held)}})
    )
    await client.send_raw(dumps({"type": "act", "prompt": prompt + 100, "action": {"kind": "pass"}}))
    await _until(client, lambda: len(client.refused) >= 2)
    assert "not a move you may make" in client.refused[0].en and "not open for you" in client.refused[1].en
    assert len(table.game.actions[-1]) == actions  # nothing changed
    discard = next(a for a in view.legal if a.kind is ActionKind.DISCARD)
    client.prompt = prompt
    await client.act(discard)
    client.prompt = prompt
    await client.act(Action(client.seat, ActionKind.DISCARD, discard.tile))  # the same answer again: too late
    await _until(client, lambda: len(client.refused) >= 3)
    assert "not open for you" in client.refused[2].en
    await client.close()
    await asyncio.wait_for(listener, 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


def _name(tile: int) -> str:
    """A tile in notation."""
    from mahjong_tui.engine.tiles import tile_name

    return tile_name(tile)


async def test_a_seat_that_drops_is_played_by_its_bot_and_taken_back_with_its_token() -> None:
    """A person leaves mid-hand: after the grace period the bot plays the seat; back with the token, the person has
    the seat again, with the current view, and plays on; a wrong token is refused."""
    host, server, url, table = await _hosted("changsha", ("person", "person", "easy", "easy"), "DROP1", 2, grace=0.3)
    ann, bo = SeatClient(url), SeatClient(url)
    await ann.connect(name="Ann")
    await bo.connect(name="Bo")
    tasks = [asyncio.create_task(ann.listen()), asyncio.create_task(bo.listen())]
    bo_plays = asyncio.create_task(_play(bo))
    await asyncio.wait_for(_play(ann, stop_after=2), 30)
    token, seat = ann.token, ann.seat
    await ann.close()
    before = sum(len(a) for a in table.game.actions)
    await _eventually(  # the bot takes the seat over once the grace period is up, and the game goes on
        lambda: table.bot_plays(seat) and sum(len(a) for a in table.game.actions) > before + 4, "the bot to play on"
    )
    wrong = SeatClient(url)
    with pytest.raises(JoinError, match="no seat"):
        await wrong.connect(token="not-a-token")
    back = SeatClient(url)
    await back.connect(token=token)
    assert back.seat == seat and not table.bot_plays(seat)
    tasks.append(asyncio.create_task(back.listen()))
    await asyncio.wait_for(asyncio.gather(_play(back), bo_plays), 60)
    assert table.game.over and back.view is not None and back.view.seat == seat
    for c in (back, bo):
        await c.close()
    await asyncio.wait_for(asyncio.gather(*tasks), 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_a_seat_taken_back_by_a_new_client_holds_the_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Back with its token from a client that holds nothing (another machine, the app started again), the seat is sent
    the game from its start: every hand it played is in its log and its standings, as the first client saw them."""
    host, server, url, _ = await _hosted("shanghai", ("person", "easy", "easy", "easy"), "BACK1", 9, hands=2)
    first = SeatClient(url)
    await first.connect(name="Ann")
    listener = asyncio.create_task(first.listen())
    bot = create_bot("normal", first.seat, 3)
    while first.view is None or first.view.table.hand_number < 2 or first.prompt is None:  # into the second hand
        if first.prompt is not None and first.view is not None:
            await (first.next_hand() if first.view.phase is Phase.ENDED else first.act(bot.choose(first.view)))
        await _until(first, lambda: first.prompt is not None)
    held = list(first.events)
    await first.close()
    await asyncio.wait_for(listener, 30)
    monkeypatch.setattr(hosted_sending, "EVENTS_PER_MESSAGE", 7)  # the backlog in many parts
    states: list[State] = []
    back = SeatClient(url)
    back.listeners.append(lambda m: states.append(m) if isinstance(m, State) else None)
    await back.connect(token=first.token)
    listener = asyncio.create_task(back.listen())
    await _until(back, lambda: len(back.events) >= len(held))
    assert back.events[: len(held)] == held
    assert len(states) > len(held) // 7 and max(len(m.events) for m in states) <= 7
    assert [m.first for m in states[:3]] == [0, 7, 14] and all(m.prompt is None for m in states[:3])
    assert [e.hand_number for e in back.events if isinstance(e, HandStarted)] == [1, 2]
    assert sum(isinstance(e, HandEnded) for e in back.events) == 1
    # The same client, its connection dropped, sits back: sent the game again, it keeps nothing twice.
    await back.close()
    await asyncio.wait_for(listener, 30)
    back.leaving, kept, told = False, list(back.events), len(states)
    await back.connect(token=first.token)
    listener = asyncio.create_task(back.listen())
    await _until(back, lambda: len(states) - told >= -(-len(kept) // 7))
    assert back.events[: len(kept)] == kept and back.rewound is None
    assert [e.hand_number for e in back.events if isinstance(e, HandStarted)] == [1, 2]
    await back.close()
    await asyncio.wait_for(listener, 30)
    # Where the table's record differs from what a client holds, the table's stands.
    back.take(msgspec.structs.replace(states[0], events=states[0].events[1:]))
    assert back.rewound == 0 and back.events == [decode_event(e) for e in states[0].events[1:]]
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_a_seat_taken_up_from_a_second_connection_leaves_the_first() -> None:
    """The same token from another window: the new connection has the seat; the old one is told it was replaced (it
    must not come back), and anything it still sends for the seat is not taken."""
    host, server, url, table = await _hosted("shanghai", ("person", "easy", "easy", "easy"), "TWICE1", 4)
    first = SeatClient(url)
    await first.connect(name="Ann")
    first_listens = asyncio.create_task(first.listen())
    await _until(first, lambda: first.prompt is not None and first.view is not None and bool(first.view.legal))
    second = SeatClient(url)
    await second.connect(token=first.token)
    second_listens = asyncio.create_task(second.listen())
    await asyncio.wait_for(first_listens, 30)  # told, the first connection leaves
    assert first.replaced and first.leaving and not second.replaced and second.seat == first.seat
    ghost = SeatClient(url)  # sits, then is replaced without reading it
    await ghost.connect(token=first.token)
    await asyncio.wait_for(second_listens, 30)
    assert second.replaced
    live = SeatClient(url)
    await live.connect(token=first.token)
    live_listens = asyncio.create_task(live.listen())
    await _until(live, lambda: live.prompt is not None and live.view is not None and live.view.phase is Phase.TURN)
    assert live.view is not None and live.prompt is not None
    discards = [a for a in live.view.legal if a.kind is ActionKind.DISCARD]
    ghostly = discards[0]
    chosen = next(a for a in discards if a.tile != ghostly.tile)
    actions = sum(len(a) for a in table.game.actions)
    await ghost.answer(ghostly, live.prompt)  # the seat's move, from a connection no longer seated
    await asyncio.wait_for(ghost.listen(), 30)  # told it was replaced, it is let go
    assert ghost.replaced
    # The table waits for the seat's answer still: the one sent after the ghost's, from the last to sit, is taken.
    await live.act(chosen)
    await _until(live, lambda: sum(len(a) for a in table.game.actions) > actions)
    made = [a for hand in table.game.actions for a in hand][actions]
    assert (made.seat, made.kind, made.tile) == (live.seat, ActionKind.DISCARD, chosen.tile) and not live.refused
    await asyncio.wait_for(_play(live, stop_after=2), 60)  # the last to sit plays on
    await live.close()
    await asyncio.wait_for(live_listens, 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


def phase_and_rivers(text: Raw) -> tuple[str, int]:
    """The phase of the view a state carries, and how many tiles its rivers hold."""
    view = decode_view(text)
    return view.phase.value, sum(map(len, view.rivers))


async def test_every_claim_window_lasts_the_same_time_when_a_person_sits() -> None:
    """With a person at the table, each claim window is held for the claim time, whoever may claim: the state after
    a discard is followed by the next one no sooner."""
    host, server, url, _ = await _hosted(
        "changsha", ("person", "easy", "easy", "easy"), "FAIR1", 4, claim=0.25, grace=5
    )
    client = SeatClient(url)
    stamps: list[tuple[float, str, int]] = []  # when, the phase, how many tiles the rivers hold
    client.listeners.append(
        lambda m: (
            stamps.append(
                (time.monotonic(), decode_view(m.view).phase.value, sum(map(len, decode_view(m.view).rivers)))
            )
            if isinstance(m, State)
            else None
        )
    )
    timed: list[tuple[str, object]] = []  # each prompt's phase, and how long the server said it stays open
    client.listeners.append(
        lambda m: (
            timed.append((decode_view(m.view).phase.value, m.closes_in))
            if isinstance(m, State) and m.prompt is not None
            else None
        )
    )
    await client.connect(name="Ann")
    listener = asyncio.create_task(client.listen())
    await asyncio.wait_for(_play(client, stop_after=6), 60)
    claims = [left for phase, left in timed if phase == "claim"]
    assert claims and all(isinstance(left, float) and 0 < left <= 0.25 for left in claims), claims
    turns = [left for phase, left in timed if phase == "turn"]  # a turn waits for its answer the turn's time
    assert turns and all(isinstance(left, float) and 20 < left <= 30 for left in turns), turns
    windows = []  # each claim window: when its moment was first sent, and when a later moment was
    for i, (t, phase, rivers) in enumerate(stamps):
        if phase == "claim" and (i == 0 or stamps[i - 1][1:] != (phase, rivers)):
            later = next((u for u, p, r in stamps[i + 1 :] if (p, r) != (phase, rivers)), None)
            if later is not None:
                windows.append(later - t)
    assert len(windows) >= 3
    assert min(windows) >= 0.24, windows
    await client.close()
    await asyncio.wait_for(listener, 30)
    host.close()
    server.close()  # type: ignore[attr-defined]


# ---------------------------------------------------------------- a host killed, and started again


async def _start_host(home: Path, port: int) -> tuple[asyncio.subprocess.Process, str]:
    """``mahjong-tui host`` in a process of its own; the process and the first line it prints (within 60 s)."""
    command = ["-m", "mahjong_tui", "host", "--home", str(home), "--port", str(port), "--seed", "6"]
    command += ["--seats", "person,normal,normal,normal", "--hands", "1", "--claim-seconds", "0", "--grace", "30"]
    process = await asyncio.create_subprocess_exec(
        sys.executable, *command, stdout=asyncio.subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 60)
    return process, line.decode().strip()


async def _kill(process: asyncio.subprocess.Process) -> None:
    """SIGKILL, and the process reaped."""
    if process.returncode is None:
        process.send_signal(signal.SIGKILL)
    await asyncio.wait_for(process.wait(), 30)


async def test_a_host_killed_mid_hand_takes_its_table_up_again(tmp_path: Path) -> None:
    """SIGKILL mid-hand; the host started again resumes the table under its room from the journal, and the person
    comes back with the seat's token to the same moment of the hand and plays it to the end."""
    home, port = tmp_path / "host", free_port()
    process, line = await _start_host(home, port)
    try:
        url = line.split()[-1]
        client = SeatClient(url)
        await client.connect(name="Ann")
        listener = asyncio.create_task(client.listen())
        await asyncio.wait_for(_play(client, stop_after=4), 60)
        # The table journals each move before it sends the state after it: once a prompt comes after the last answer,
        # the answer (and everything this client has seen) is in the journal.
        await _until(client, lambda: client.prompt is not None or client.over)
        token, seen = client.token, client.view
        await _kill(process)
        await asyncio.wait_for(listener, 30)
        process, again = await _start_host(home, port)
        assert again.startswith("taken up again") and again.split()[-1] == url
        back = SeatClient(url)
        await back.connect(token=token)
        listener = asyncio.create_task(back.listen())
        await _until(back, lambda: back.view is not None)
        assert back.seat == client.seat and seen is not None
        assert len(back.view.table.rivers[back.seat]) >= len(seen.table.rivers[back.seat])
        await asyncio.wait_for(_play(back), 90)
        assert back.over
        await back.close()
        await asyncio.wait_for(listener, 30)
    finally:
        await _kill(process)


# ---------------------------------------------------------------- the SSH door


async def test_a_game_through_the_ssh_door_and_the_websocket_door(tmp_path: Path) -> None:
    """One person by ``ssh -p PORT ann@host`` (the table's client in a pseudo-terminal on the host), one by the
    websocket: they play the hand to the end; the SSH session gets the table drawn, and ends when the client does."""
    import asyncssh

    from mahjong_tui.net.ssh import serve_ssh

    host = Host(claim_seconds=0.05, grace=30)
    server, port = await _serve(host)
    host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "person", "easy", "easy"),
                              room="SSH1", seed=7))  # fmt: skip
    url = f"ws://127.0.0.1:{port}/SSH1"
    ssh_port = free_port()
    acceptor = await serve_ssh("127.0.0.1", ssh_port, tmp_path / "host", lambda name, own: url)
    table = host.tables["SSH1"]
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect(
        "127.0.0.1", ssh_port, username="ann", known_hosts=None, connect_timeout=30, client_keys=[key], agent_path=None
    ) as conn:
        process = await conn.create_process(term_type="xterm-256color", term_size=(120, 40), encoding=None)
        shown = bytearray()

        async def read() -> None:
            """Keep what the table draws."""
            while chunk := await process.stdout.read(65536):
                shown.extend(chunk)

        reader = asyncio.create_task(read())
        await _eventually(lambda: table.places[0].taken, "the SSH player to sit down")  # first
        assert table.places[0].name == "ann"
        bo = SeatClient(url)
        await bo.connect(name="Bo")
        listener = asyncio.create_task(bo.listen())
        bo_plays = asyncio.create_task(_play(bo))

        # Keys for a while: discard the drawn tile; pass a claim; win when a win is offered (a discard then asks
        # twice); after a claim (nothing drawn), pick the first tile and discard it; Enter goes on from the hand's end.
        # These blind keys can pick a tile the rules forbid right after a chi, so then autoplay finishes the game,
        # still at ann's end of the SSH link. The keys are typed until what they are for has happened (ann has
        # discarded three times; the game is over), each within a bound of a minute or more; the short sleep between two
        # keys only spaces them out, as a person's typing is, and waits for nothing.
        def discards() -> int:
            return sum(a.seat == 0 and a.kind is ActionKind.DISCARD for a in table.game.actions[0])

        deadline, n = time.monotonic() + 60, 0
        while not table.game.over and discards() < 3 and time.monotonic() < deadline:
            process.stdin.write(b"dxw1\r"[n % 5 : n % 5 + 1])
            n += 1
            await asyncio.sleep(0.05)
        assert discards(), "no key went through"
        process.stdin.write(b"a")
        deadline = time.monotonic() + 90
        while not table.game.over and time.monotonic() < deadline:
            process.stdin.write(
                b"x\r" if n % 2 else b"x"
            )  # a claim prompt still asks ann: pass (autoplay is the turns)
            n += 1
            await asyncio.sleep(0.2)
        hand = table.game.hand
        assert table.game.over, (hand.phase, hand.pending_seats(), table.asked, table.answers, table.places[0].link)
        await asyncio.wait_for(bo_plays, 30)
        process.stdin.write(b"\r\r")
        text = bytes(shown).decode("utf-8", "replace")
        assert "ann" in text and "pts" in text  # the table, drawn in the player's terminal
        process.close()
        reader.cancel()
    await _eventually(lambda: table.places[0].link is None, "the SSH session's client to leave the seat")
    await bo.close()
    await asyncio.wait_for(listener, 30)
    acceptor.close()
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_a_name_at_the_ssh_door_belongs_to_the_first_key_that_claims_it(tmp_path: Path) -> None:
    """ann's first key owns the name: another key for ann is refused with a line saying so, ann's own key comes back,
    and a name that is none (``..``, too long) is refused with why. Each name's folder is its own, named by a hash."""
    import asyncssh

    from mahjong_tui.net.ssh import name_folder, serve_ssh

    ssh_port = free_port()
    acceptor = await serve_ssh("127.0.0.1", ssh_port, tmp_path / "host", lambda name, own: "ws://127.0.0.1:9/NONE")
    first, second = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))

    async def attempt(name: str, key: asyncssh.SSHKey) -> str:
        """Sign in as ``name`` with ``key``: 'in', or the line the door said before refusing."""
        said: list[str] = []

        class Client(asyncssh.SSHClient):
            def auth_banner_received(self, msg: str, lang: str) -> None:
                said.append(msg.strip())

        try:
            async with asyncssh.connect(
                "127.0.0.1", ssh_port, username=name, known_hosts=None, connect_timeout=30, client_keys=[key],
                agent_path=None, client_factory=Client,
            ):  # fmt: skip
                return "in"
        except asyncssh.PermissionDenied:
            return " ".join(said) or "refused"

    assert await attempt("ann", first) == "in"
    assert "belongs to another key" in await attempt("ann", second)
    assert await attempt("ann", first) == "in"
    assert await attempt("bob", second) == "in"
    assert "not . or .." in await attempt("..", first)
    assert "1 to 24" in await attempt("x" * 25, first)
    folders = {name_folder(tmp_path / "host", n) for n in ("ann", "ann?", "ann!", "ann_")}
    assert len(folders) == 4
    owner = name_folder(tmp_path / "host", "ann") / "owner.pub"
    assert owner.stat().st_mode & 0o777 == 0o600 and owner.parent.stat().st_mode & 0o777 == 0o700
    owner.write_text("not a key")  # a damaged key file: the name is nobody's to take, and the door says why
    assert "cannot be read" in await attempt("ann", second)
    acceptor.close()


async def test_with_the_door_s_password_a_name_signs_in_once_even_two_at_the_same_instant(tmp_path: Path) -> None:
    """``--ssh-password``: a wrong password is refused; two connections signing in as ann at the same instant, one is
    let in and the other told ann is playing; once the first closes, ann may sign in again."""
    import asyncssh

    from mahjong_tui.net.ssh import serve_ssh

    ssh_port = free_port()
    acceptor = await serve_ssh(
        "127.0.0.1", ssh_port, tmp_path / "host", lambda name, own: "ws://127.0.0.1:9/NONE", password="OPEN-SESAME"
    )

    async def sign_in(password: str) -> tuple[str, Any]:
        """Sign in as ann: ('in', the connection) or (what the door said, None)."""
        said: list[str] = []

        class Client(asyncssh.SSHClient):
            def auth_banner_received(self, msg: str, lang: str) -> None:
                said.append(msg.strip())

        try:
            conn = await asyncssh.connect(
                "127.0.0.1", ssh_port, username="ann", password=password, known_hosts=None, connect_timeout=30,
                client_keys=None, agent_path=None, client_factory=Client,
            )  # fmt: skip
        except asyncssh.PermissionDenied:
            return " ".join(said) or "refused", None
        return "in", conn

    assert (await sign_in("guess"))[0] == "refused"
    both = await asyncio.gather(sign_in("OPEN-SESAME"), sign_in("OPEN-SESAME"))
    said = sorted(said for said, _ in both)
    assert said[0] == "in" and "'ann' is playing already" in said[1]
    conn = next(c for _, c in both if c is not None)
    conn.close()
    await conn.wait_closed()
    deadline = time.monotonic() + 30
    while (again := await sign_in("OPEN-SESAME"))[0] != "in":  # the door frees the name once it sees the close
        assert time.monotonic() < deadline, again[0]
        await asyncio.sleep(0.05)
    again[1].close()
    acceptor.close()


async def test_a_seat_that_never_answers_and_one_that_never_reads_hold_up_nobody() -> None:
    """Three people: one sits and never answers, one sits and never reads what it is sent, one plays. The one who
    plays is never kept waiting much longer than a turn's time: the silent seat's bot plays each of its moves once
    the turn timer runs out (the seat is idle, shown as away), and the table never waits for a connection to read."""
    from websockets.asyncio.client import connect

    from mahjong_tui.net.protocol import VERSION

    turn = 0.3
    host = Host(claim_seconds=0.02, turn_seconds=turn, grace=30)
    server, port = await _serve(host)
    table = host.open_table(TableSpec("shanghai", GameOptions(max_hands=1), ("person", "person", "person", "easy"),
                                      room="STALL1", seed=12))  # fmt: skip
    url = f"ws://127.0.0.1:{port}/STALL1"
    silent = SeatClient(url)
    await silent.connect(name="Silent")
    silent_listens = asyncio.create_task(silent.listen())
    deaf = await connect(f"ws://127.0.0.1:{port}/", max_queue=1)  # reads one message ahead, then no more
    await deaf.send(dumps({"type": "join", "v": VERSION, "room": "STALL1", "name": "Deaf"}))
    player = SeatClient(url)
    stamps: list[float] = []
    player.listeners.append(lambda m: stamps.append(time.monotonic()) if isinstance(m, State) else None)
    await player.connect(name="Ann")
    player_listens = asyncio.create_task(player.listen())
    await asyncio.wait_for(_play(player), 120)
    assert table.game.over and player.over
    longest = max(b - a for a, b in zip(stamps, stamps[1:], strict=False))
    assert longest < turn * 2 + 5, longest  # a turn of each silent seat, and room for a busy machine
    assert {0, 1} <= set(player.away) or table.game.over  # the two are idle: their bots played
    assert table.places[0].idle and table.places[1].idle
    assert 0 in player.idle_seats  # the silent seat is still connected: told as idle, not as gone
    await player.close()
    await silent.close()
    await asyncio.wait_for(asyncio.gather(player_listens, silent_listens), 30)
    deaf.transport.abort()  # a peer that does not read would never finish a goodbye
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_a_connection_that_does_not_read_is_closed_once_its_queue_is_full() -> None:
    """The outbox of a connection whose writes never complete takes messages up to its bound, without waiting; the
    next one closes the connection."""
    from mahjong_tui.net.outbox import QUEUE, Outbox

    stuck = asyncio.Event()
    closed = asyncio.Event()

    async def send(text: str) -> None:
        await stuck.wait()  # the peer never reads: a write never completes

    async def close() -> None:
        closed.set()

    outbox = Outbox(send, close)
    assert all(outbox.put(f"message {n}") for n in range(QUEUE))
    await asyncio.sleep(0)  # the writer takes the first, and is stuck writing it
    assert outbox.put("the last that fits")
    assert not outbox.put("one too many") and outbox.overflowed and outbox.closed
    await asyncio.wait_for(closed.wait(), 30)


async def test_what_is_queued_before_a_connection_is_shut_is_sent_first() -> None:
    """A last message (an error, "replaced") put just before the connection is shut goes out before it closes."""
    from mahjong_tui.net.outbox import Outbox

    written: list[str] = []
    closed = asyncio.Event()

    async def send(text: str) -> None:
        written.append(text)

    async def close() -> None:
        written.append("<closed>")
        closed.set()

    outbox = Outbox(send, close)
    outbox.put("goodbye")
    outbox.shut()
    await asyncio.wait_for(closed.wait(), 30)
    assert written == ["goodbye", "<closed>"]


async def test_an_answer_after_the_turn_ran_out_is_refused() -> None:
    """Once a person's turn has run out, their answer is refused with why (their bot's move is the one made), and it
    still says they are back."""
    from mahjong_tui.net.protocol import action_message
    from mahjong_tui.net.table import HostedTable, Place

    game = Game("shanghai", 2, GameOptions(max_hands=1), hold_windows=True)
    places = [Place("Ann", True)] + [Place(f"Bot {s}", False, level="easy") for s in (1, 2, 3)]
    table = HostedTable(game, "LATE", places, claim_seconds=0.0, turn_seconds=0.2, keep=False)
    sent: list[dict[str, Any]] = []

    class Link:
        def put(self, text: str) -> bool:
            sent.append(json.loads(text))
            return True

    seat = table.sit("Ann", Link())  # type: ignore[arg-type]
    assert seat is not None
    task = asyncio.create_task(table.run())
    await _eventually(lambda: any(m.get("prompt") for m in sent), "the first prompt")
    prompt = next(m for m in sent if m.get("prompt"))
    await _eventually(lambda: table.places[seat].idle, "the turn to run out")
    view = decode_view(prompt["view"])
    move = next(a for a in view.legal if a.kind is ActionKind.DISCARD)
    why = table.answer(seat, action_message(prompt["prompt"], move))
    assert why is not None and "not open for you" in why.en
    assert not table.places[seat].idle
    table.close()
    task.cancel()


async def test_guessing_a_seat_is_slow_says_nothing_and_ends_after_five_tries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join with a wrong token, a room that does not exist, a full table and a token that is not ASCII: one and the
    same error for the first three (nothing says whether the room exists), a one-line error for the last, no
    traceback, and after five failed joins the connection is closed."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from mahjong_tui.net import server as hosting
    from mahjong_tui.net.protocol import VERSION
    from mahjong_tui.net.server import MAX_FAILED_JOINS, NO_SEAT

    monkeypatch.setattr(hosting, "FAILED_JOIN_WAIT", 0.01)  # the waits as they double, shorter (0.2 s at first)

    host, server, url, _ = await _hosted("shanghai", ("person", "easy", "easy", "easy"), "GUESS1", 3)
    taker = SeatClient(url)
    await taker.connect(name="Ann")  # the table is full from now on
    port = url.rsplit(":", 1)[1].split("/")[0]
    joins = [{"room": "GUESS1", "token": "not-a-token"}, {"room": "NOSUCH", "name": "Bo"},
             {"room": "GUESS1", "name": "Bo"}, {"room": "GUESS1", "token": "tökén"}]  # fmt: skip
    async with connect(f"ws://127.0.0.1:{port}/") as ws:
        answers = []
        for join in joins:
            await ws.send(dumps({"type": "join", "v": VERSION, **join}))
            answers.append(json.loads(await ws.recv())["reason"])
        assert answers[:3] == [NO_SEAT] * 3
        assert answers[3] == "a room code and a token are letters and digits"
        for _ in range(MAX_FAILED_JOINS - 3):
            await ws.send(dumps({"type": "join", "v": VERSION, "room": "GUESS1", "token": "again"}))
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 30)
    await taker.close()
    host.close()
    server.close()  # type: ignore[attr-defined]


async def test_connections_that_never_sit_down_are_capped_and_closed_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connections that never join: past the cap a new one is told the host is busy and closed at once; those
    within it are closed once their time to sit down has passed."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from mahjong_tui.net import server as hosting

    monkeypatch.setattr(hosting, "MAX_UNSEATED", 2)
    monkeypatch.setattr(hosting, "JOIN_SECONDS", 0.5)
    host, server, url, _ = await _hosted("shanghai", ("person", "easy", "easy", "easy"), "IDLERS", 3)
    started = time.monotonic()
    async with connect(url) as first, connect(url) as second, connect(url) as third:
        assert json.loads(await asyncio.wait_for(third.recv(), 30)) == {
            "type": "error",
            "reason": "the host is busy: try again in a moment",
        }
        for ws in (third, first, second):
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 30)
    assert time.monotonic() - started >= 0.5
    host.close()
    server.close()  # type: ignore[attr-defined]


def test_files_holding_tokens_are_their_owners_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's seats (``hosted/ID.json``) and a player's (``private/joined.json``): 0600 in 0700 folders."""
    from mahjong_tui.keep.joined import joined_path, keep_token, token_for
    from mahjong_tui.keep.storage import HOME_VARIABLE

    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))

    async def open_one() -> Path:
        host = Host(claim_seconds=0, grace=1)
        table = host.open_table(TableSpec("changsha", GameOptions(max_hands=1), ("person", "easy", "easy", "easy")))
        host.close()
        return hosted_table_path(table.id)

    from mahjong_tui.net.server import host_path as hosted_table_path

    kept = asyncio.run(open_one())
    keep_token("ws://127.0.0.1:1/ROOM", "tok")
    assert token_for("ws://127.0.0.1:1/ROOM") == "tok"
    for path in (kept, joined_path()):
        assert path.stat().st_mode & 0o777 == 0o600, path
        assert path.parent.stat().st_mode & 0o777 == 0o700, path.parent


def test_a_host_on_an_address_others_reach_without_tls_says_so(tmp_path: Path) -> None:
    """``host --host 0.0.0.0`` (no TLS, no SSH door) prints one line warning that the traffic can be read."""
    command = [sys.executable, "-m", "mahjong_tui", "host", "--home", str(tmp_path), "--host", "0.0.0.0",
               "--port", str(free_port()), "--seats", "person,easy,easy,easy"]  # fmt: skip
    import subprocess

    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().startswith("table 1:")
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    warnings = [line for line in err.splitlines() if "without TLS" in line]
    assert len(warnings) == 1 and "--ssh" in warnings[0]


async def test_a_full_ssh_door_says_so_in_a_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The door runs a bounded number of sessions (each is a process on the host): one more is told in a line."""
    import asyncssh

    from mahjong_tui.net import ssh

    monkeypatch.setattr(ssh, "MAX_SESSIONS", 0)
    ssh_port = free_port()
    acceptor = await ssh.serve_ssh("127.0.0.1", ssh_port, tmp_path / "host", lambda name, own: "ws://127.0.0.1:9/NO")
    key = asyncssh.generate_private_key("ssh-ed25519")
    async with asyncssh.connect(
        "127.0.0.1", ssh_port, username="ann", known_hosts=None, connect_timeout=30, client_keys=[key], agent_path=None
    ) as conn:
        result = await asyncio.wait_for(conn.run(term_type="xterm", encoding=None), 30)
    assert b"the door is full" in result.stdout and result.exit_status == 1
    acceptor.close()
