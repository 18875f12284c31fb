"""Load on the table server, on loopback only: many tables of four remote players at once, bounded in time and count.

    python scripts/load_tables.py --tables 25 --seconds 60

``mahjong-tui host`` runs in a process of its own with ``--tables`` tables of four people
(its games in a temporary folder); this script plays every seat as a scripted client over
the websocket (the easy bot chooses from the view the seat was sent). It measures, while
the play runs:

- an action's round trip: from sending a discard to the first state that comes back after
  it, the one that shows it (every seat is sent one right after the server makes the move);
- the server's memory (resident set size, from ``/proc``) before the tables fill and at the
  end, per table;
- the server's CPU time over the run, per table and per second.

It stops after ``--seconds`` seconds, or once ``--hands`` hands per table have been played.
The claim windows are ``--claim-seconds`` long (short, so the load is the server's, not the
waiting's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bots import create_bot
from mahjong_tui.engine import ActionKind, Phase
from mahjong_tui.net.client import split_url
from mahjong_tui.net.protocol import MAX_SERVER_BYTES, VERSION, action_message, dumps
from mahjong_tui.net.wire import decode_view


def free_port() -> int:
    """A port nothing listens on, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int:
    """The process's resident set size, KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far, seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def seat(url: str, name: str, trips: list[float], stop: asyncio.Event, hands: int) -> int:
    """One scripted player: answers every prompt with the easy bot; the hands it saw end (-1: the server closed the
    connection, as it does to one that reads too slowly).

    It speaks the protocol straight over the websocket, and rebuilds its view only when it is
    asked something: the work of the clients (all in this one process) stays small beside the
    server's, which is what is measured.
    """
    from websockets.exceptions import ConnectionClosed

    try:
        return await _seat(url, name, trips, stop, hands)
    except ConnectionClosed:
        return -1


async def _seat(url: str, name: str, trips: list[float], stop: asyncio.Event, hands: int) -> int:
    """:func:`seat`, until the connection closes."""
    from websockets.asyncio.client import connect

    address, room = split_url(url)
    ended = 0
    async with connect(address, max_size=MAX_SERVER_BYTES) as ws:
        await ws.send(dumps({"type": "join", "v": VERSION, "room": room, "name": name}))
        welcome = json.loads(await ws.recv())
        bot = create_bot("easy", int(welcome["seat"]), 1)
        sent: float | None = None
        while not stop.is_set() and ended < hands:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            except TimeoutError:
                continue
            if message.get("type") != "state":
                continue
            if sent is not None:  # the first state after our discard shows it
                trips.append(time.perf_counter() - sent)
                sent = None
            if message.get("over"):
                break
            prompt = message.get("prompt")
            if prompt is None:
                continue
            if message["view"]["table"]["phase"] == Phase.ENDED.value:
                ended += 1
                await ws.send(dumps({"type": "next", "prompt": prompt}))
                continue
            view = decode_view(message["view"])
            if view.legal:
                action = bot.choose(view)
                if action.kind is ActionKind.DISCARD:
                    sent = time.perf_counter()
                await ws.send(dumps(action_message(prompt, action)))
    return ended


async def run(tables: int, seconds: float, hands: int, claim: float) -> None:
    """Start the host, fill its tables, play, and report."""
    port = free_port()
    home = tempfile.mkdtemp(prefix="mahjong-load-")
    command = [sys.executable, "-m", "mahjong_tui", "host", "--home", home, "--port", str(port)]
    command += ["--tables", str(tables), "--seed", "1", "--claim-seconds", str(claim), "--grace", "600"]
    said = Path(home) / "host.out"
    with said.open("w") as out:
        host = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
    while len(lines := said.read_text().splitlines()) < tables:
        if host.poll() is not None:  # the host stopped: what it said is why
            raise SystemExit(f"load_tables: the host stopped: {' '.join(said.read_text().split())}")
        await asyncio.sleep(0.1)
    urls = [line.split()[-1].replace("localhost", "127.0.0.1") for line in lines[:tables]]
    await asyncio.sleep(0.5)
    idle = rss_kib(host.pid)
    cpu_start, start = cpu_seconds(host.pid), time.perf_counter()
    clients_start = cpu_seconds(os.getpid())
    trips: list[float] = []
    stop = asyncio.Event()
    players = [seat(url, f"P{t}-{s}", trips, stop, hands) for t, url in enumerate(urls) for s in range(4)]
    play = asyncio.gather(*players)
    try:
        await asyncio.wait_for(asyncio.shield(play), seconds)
    except TimeoutError:
        stop.set()
        await play
    dropped = sum(ended < 0 for ended in play.result())
    elapsed = time.perf_counter() - start
    cpu = cpu_seconds(host.pid) - cpu_start
    clients_cpu = cpu_seconds(os.getpid()) - clients_start
    full = rss_kib(host.pid)
    host.terminate()
    host.wait(10)
    trips_ms = sorted(t * 1000 for t in trips)
    p50 = statistics.median(trips_ms) if trips_ms else float("nan")
    p99 = trips_ms[int(0.99 * (len(trips_ms) - 1))] if trips_ms else float("nan")
    print(f"tables {tables} x 4 remote players, {elapsed:.1f} s, claim windows {claim} s")
    print(f"discards timed: {len(trips_ms)}; round trip p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(trips_ms):.1f} ms")
    print(f"server memory: {idle / 1024:.1f} MiB before the tables filled, {full / 1024:.1f} MiB at the end, "
          f"{(full - idle) / tables / 1024:.2f} MiB a table")  # fmt: skip
    print(f"server CPU: {cpu:.1f} s over {elapsed:.1f} s ({cpu / elapsed * 100:.0f} % of a core), "
          f"{cpu / tables / elapsed * 100:.1f} % of a core a table")  # fmt: skip
    print(f"the clients (this process, on the same cores): {clients_cpu / elapsed * 100:.0f} % of a core")
    print(f"connections the server closed (a client that read too slowly): {dropped} of {len(players)}")


def main() -> None:
    """Read the options and run."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    p.add_argument("--hands", type=int, default=2, help="or once every table has played this many hands (default 2)")
    p.add_argument("--claim-seconds", type=float, default=0.2)
    args = p.parse_args()
    asyncio.run(run(args.tables, args.seconds, args.hands, args.claim_seconds))


if __name__ == "__main__":
    main()
