"""Load on the table server, on loopback only: many tables of remote players at once, bounded in time and count.

    python scripts/load_tables.py --tables 25 --seconds 60 --bot hard

``mahjong-tui host`` runs in processes of its own with ``--tables`` tables (its games in a
temporary folder): three seats of each for people and the fourth a ``--bot`` of the host's
(or four people with ``--bot none``). This script plays every person's seat as a scripted
client over the websocket (the easy bot chooses from the view the seat was sent). The same
load is run against each host in ``--hosts``, one after the other in the same run:
``one-process`` is the host with its tables and its bots in one process (``--workers 1
--bot-processes 0``), ``workers`` the host as it starts by default (a worker process per
core, each with its bot processes). It measures, while the play runs:

- an action's round trip: from sending a discard to the first state that comes back after
  it, the one that shows it (every seat is sent one right after the server makes the move);
- the server's memory (resident set size, from ``/proc``) before the tables fill and at the
  end, per table;
- the server's CPU time over the run (every process of the host), per table and per second;
- the people's discards per second, every table together.

It stops after ``--seconds`` seconds, or once ``--hands`` hands per table have been played.
The claim windows are ``--claim-seconds`` long (short, so the load is the server's, not the
waiting's).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import msgspec

from bots import create_bot
from mahjong_tui.engine import ActionKind, Phase
from mahjong_tui.net.client import split_url
from mahjong_tui.net.protocol import MAX_SERVER_BYTES, VERSION, Join, Next, action_message, dumps
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
    """The process's user and system CPU time so far, seconds (its children's too, once they have ended)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_ticks() -> tuple[int, int, int]:
    """The whole machine's CPU time so far, in ticks: busy, idle, and stolen (by the hypervisor, for others)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq, idle + iowait, steal


def family(pid: int) -> list[int]:
    """``pid`` and every process under it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def host_cpu(pid: int) -> float:
    """The CPU time of the host's processes so far, seconds."""
    return _over_family(pid, cpu_seconds)


def host_rss(pid: int) -> int:
    """The resident set size of the host's processes, KiB."""
    return int(_over_family(pid, rss_kib))


def _over_family(pid: int, measure: Callable[[int], float]) -> float:
    """``measure`` summed over ``pid`` and every process under it (one that ended meanwhile counts nothing)."""
    total = 0.0
    for p in family(pid):
        try:
            total += measure(p)
        except OSError:
            continue
    return total


def parent(pid: int) -> int:
    """The parent of the process ``pid``."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def roles(pid: int) -> dict[str, float]:
    """The CPU time so far of the host's processes by role: the lobby (or the one process), its workers, their bot
    processes, seconds."""
    out = {"lobby": 0.0, "workers": 0.0, "bots": 0.0}
    for p in family(pid):
        try:
            depth = 0 if p == pid else 1 if parent(p) == pid else 2
            if depth == 1 and "resource_tracker" in Path(f"/proc/{p}/cmdline").read_text():
                continue
            out[("lobby", "workers", "bots")[depth]] += cpu_seconds(p)
        except (OSError, IndexError, ValueError):
            continue
    return out


#: the hosts compared: their options
HOSTS = {"one-process": ["--workers", "1", "--bot-processes", "0"], "workers": []}


class Head(msgspec.Struct):
    """What a scripted player reads of every message: its type, the prompt for the seat, whether the game is over
    (the rest of the text is skipped, not parsed)."""

    type: str
    prompt: int | None = None
    over: bool = False
    view: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)  # kept as text, read only when the seat is asked


_HEAD = msgspec.json.Decoder(Head)


async def seat(url: str, name: str, trips: list[float], stop: asyncio.Event, hands: int) -> int:
    """One scripted player: answers every prompt with the easy bot; the hands it saw end (-1: the server closed the
    connection, as it does to one that reads too slowly).

    It speaks the protocol straight over the websocket, reads of each message only what it
    needs to know whether it is asked something (:class:`Head`), and rebuilds its view only
    then: the work of the clients (all in this one process, on the same cores as the host)
    stays small beside the server's, which is what is measured.
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
        await ws.send(dumps(Join(v=VERSION, room=room, name=name)))
        welcome = json.loads(await ws.recv())
        bot = create_bot("easy", int(welcome["seat"]), 1)
        sent: float | None = None
        while not stop.is_set() and ended < hands:
            try:
                text = await asyncio.wait_for(ws.recv(), 5)
            except TimeoutError:
                continue
            head = _HEAD.decode(text)
            if head.type != "state":
                continue
            if sent is not None:  # the first state after our discard shows it
                trips.append(time.perf_counter() - sent)
                sent = None
            if head.over:
                break
            prompt = head.prompt
            if prompt is None:
                continue
            view = decode_view(head.view)
            if view.table.phase is Phase.ENDED:
                ended += 1
                await ws.send(dumps(Next(prompt)))
                continue
            if view.legal:
                action = bot.choose(view)
                if action.kind is ActionKind.DISCARD:
                    sent = time.perf_counter()
                await ws.send(dumps(action_message(prompt, action)))
    return ended


@dataclass
class Measured:
    """What one play against a host measured."""

    trips: list[float]  # each timed discard's round trip, seconds
    dropped: int  # connections the server closed
    players: int
    elapsed: float  # seconds
    cpu: float  # the host's CPU seconds, every process
    by_role: dict[str, float]  # the same by role
    clients_cpu: float  # this process's CPU seconds
    machine: tuple[int, int, int]  # the machine's busy, idle and stolen ticks over the play
    idle: int  # the host's memory before the tables filled, KiB
    full: int  # and at the end


async def run(tables: int, seconds: float, hands: int, claim: float, bot: str, options: list[str]) -> dict[str, float]:
    """Start the host with ``options``, fill its tables, play, and report; the figures."""
    port = free_port()
    home = tempfile.mkdtemp(prefix="mahjong-load-")
    seats = "person,person,person,person" if bot == "none" else f"person,person,person,{bot}"
    people = 4 if bot == "none" else 3
    command = [sys.executable, "-m", "mahjong_tui", "host", "--home", home, "--port", str(port), "--seats", seats]
    command += ["--tables", str(tables), "--seed", "1", "--claim-seconds", str(claim), "--grace", "600", *options]
    said = Path(home) / "host.out"
    with said.open("w") as out:
        host = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
    try:
        measured = await _play(host, said, tables, seconds, hands, people)
    finally:  # whatever stopped the play, the host and its processes go with it
        if host.poll() is None:
            host.terminate()
            host.wait(60)
    trips_ms = sorted(t * 1000 for t in measured.trips)
    elapsed, cpu, by_role, clients_cpu = measured.elapsed, measured.cpu, measured.by_role, measured.clients_cpu
    p50 = statistics.median(trips_ms) if trips_ms else float("nan")
    p99 = trips_ms[int(0.99 * (len(trips_ms) - 1))] if trips_ms else float("nan")
    print(f"host {' '.join(options) or '(default options)'}: tables {tables} x {people} remote players"
          f"{'' if bot == 'none' else f' and a {bot} bot'}, {elapsed:.1f} s, claim windows {claim} s")  # fmt: skip
    print(f"  discards timed: {len(trips_ms)} ({len(trips_ms) / elapsed:.1f} a second); "
          f"round trip p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(trips_ms):.1f} ms")  # fmt: skip
    print(f"  server memory: {measured.idle / 1024:.1f} MiB before the tables filled, "
          f"{measured.full / 1024:.1f} MiB at the end")  # fmt: skip
    print(f"  server CPU (every process of the host): {cpu:.1f} s over {elapsed:.1f} s "
          f"({cpu / elapsed * 100:.0f} % of a core): " +
          ", ".join(f"{role} {seconds / elapsed * 100:.0f} %" for role, seconds in by_role.items()))  # fmt: skip
    print(f"  the clients (this process, on the same cores): {clients_cpu / elapsed * 100:.0f} % of a core")
    busy, free, stolen = measured.machine
    total = max(1, busy + free + stolen)
    print(f"  the machine ({os.cpu_count()} cores): {busy / total * 100:.0f} % busy, {free / total * 100:.0f} % idle, "
          f"{stolen / total * 100:.1f} % taken by the hypervisor for others")  # fmt: skip
    print(
        f"  connections the server closed (a client that read too slowly): {measured.dropped} of {measured.players}",
        flush=True,
    )
    return {"rate": len(trips_ms) / elapsed, "p50": p50, "p99": p99}


async def _play(
    host: subprocess.Popen[str], said: Path, tables: int, seconds: float, hands: int, people: int
) -> Measured:
    """Fill the host's tables with scripted players, let them play, and measure (while the host runs)."""
    while len(lines := [x for x in said.read_text().splitlines() if x.startswith("table ")]) < tables:
        if host.poll() is not None:  # the host stopped: what it said is why
            raise SystemExit(f"load_tables: the host stopped: {' '.join(said.read_text().split())}")
        await asyncio.sleep(0.1)
    urls = [line.split()[-1].replace("localhost", "127.0.0.1") for line in lines[:tables]]
    await asyncio.sleep(1.0)
    idle = host_rss(host.pid)
    cpu_start, start = host_cpu(host.pid), time.perf_counter()
    roles_start = roles(host.pid)
    clients_start = cpu_seconds(os.getpid())
    machine_start = machine_ticks()
    trips: list[float] = []
    stop = asyncio.Event()
    gc.collect()
    gc.freeze()  # what this process holds now is not walked by the collector of cycles while it times the host
    players = [seat(url, f"P{t}-{s}", trips, stop, hands) for t, url in enumerate(urls) for s in range(people)]
    play = asyncio.gather(*players)
    try:
        await asyncio.wait_for(asyncio.shield(play), seconds)
    except TimeoutError:
        stop.set()
        await play
    dropped = sum(ended < 0 for ended in play.result())
    elapsed = time.perf_counter() - start
    cpu = host_cpu(host.pid) - cpu_start
    by_role = {role: seconds - roles_start[role] for role, seconds in roles(host.pid).items()}
    clients_cpu = cpu_seconds(os.getpid()) - clients_start
    (busy, free, stolen), (busy0, free0, stolen0) = machine_ticks(), machine_start
    machine = (busy - busy0, free - free0, stolen - stolen0)
    full = host_rss(host.pid)
    return Measured(trips, dropped, len(players), elapsed, cpu, by_role, clients_cpu, machine, idle, full)


def main() -> None:
    """Read the options and run each host in turn."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=25)
    p.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    p.add_argument("--hands", type=int, default=2, help="or once every table has played this many hands (default 2)")
    p.add_argument("--claim-seconds", type=float, default=0.2)
    p.add_argument("--bot", default="hard", help="the host's bot at each table's fourth seat (none: four people)")
    p.add_argument("--hosts", default=",".join(HOSTS), help=f"the hosts to load, in turn: {', '.join(HOSTS)}")
    args = p.parse_args()
    figures = {}
    for name in args.hosts.split(","):
        figures[name] = asyncio.run(
            run(args.tables, args.seconds, args.hands, args.claim_seconds, args.bot, HOSTS[name])
        )
    if len(figures) > 1:
        first, *others = figures
        for other in others:
            ratio = figures[other]["rate"] / figures[first]["rate"]
            print(f"{other} against {first}: {ratio:.2f}x the discards a second; "
                  f"p99 {figures[other]['p99']:.1f} ms against {figures[first]['p99']:.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
