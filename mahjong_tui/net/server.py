"""The table server: tables behind room codes, each connection seated at one of them, over websockets.

:class:`Host` holds the tables (:class:`~mahjong_tui.net.table.HostedTable`) by room code,
opens new ones, resumes those a host killed or stopped left unfinished (each table's seats
and room are kept in the host's private folder, ``hosted/ID.json``: 0600 in a 0700 folder,
as they hold tokens), and serves the protocol (:mod:`mahjong_tui.net.protocol`) with the
``websockets`` package. A connection acts only
for the seat it joined: the seat is the connection's, never a field of its messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from time import monotonic
from typing import Any

from mahjong_tui.engine import Game, GameOptions, Player, game_from_record, game_record
from mahjong_tui.keep.files import write_json_atomically
from mahjong_tui.keep.locks import GameLock
from mahjong_tui.keep.safe_json import JsonProblem, read_json_file
from mahjong_tui.keep.saves import Table
from mahjong_tui.keep.storage import games_dir, private_dir
from mahjong_tui.keep.unfinished import take_up

from .bot_pool import BotPool
from .outbox import Outbox
from .protocol import VERSION, Act, AskReview, Back, Join, Next, Ping, ProtocolError, dumps, read_message
from .server_messages import Error, Options, Pong, Replaced, Welcome
from .table import HostedTable, Place, seating

#: room codes: letters and digits that cannot be read one for another
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: the joins a connection may fail before it is closed (each failure makes it wait longer for the answer)
MAX_FAILED_JOINS = 5
#: the wait before the answer to a connection's first failed join; it doubles with each failure
FAILED_JOIN_WAIT = 0.2
#: how long a connection may stay without a seat before it is closed
JOIN_SECONDS = 30.0
#: how many connections may be without a seat at once (more are turned away)
MAX_UNSEATED = 1024
#: the one answer to a join that seats nobody: it does not say whether the room exists
NO_SEAT = "no seat for you there: check the room code (and your seat's token), or the table is full"
#: what the websockets package itself refuses (larger than any message the protocol takes, which it refuses itself)
LIBRARY_MAX = 64 * 1024
#: how every websocket of the host is served. No per-message compression: a state is a few kilobytes, and deflating
#: each one costs the server more than the bytes cost any network a table is played over.
SERVE_OPTIONS: dict[str, Any] = {"max_size": LIBRARY_MAX, "ping_interval": 20, "ping_timeout": 20, "compression": None}


def room_code() -> str:
    """A new room code: six letters and digits."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table to open: its rules and options, which seats are for people (the others' bot levels), its room."""

    rules: str
    options: GameOptions
    seats: tuple[str, str, str, str]  # "person", or a bot level
    room: str = ""
    seed: int | None = None


def host_path(table_id: str) -> Path:
    """Where the host keeps a table's room and seats (the seats' tokens: its owner's only)."""
    return private_dir("hosted") / f"{table_id}.json"


def kept_table_ids() -> list[str]:
    """The ids of every table the host kept to take up again."""
    return [table_id for table_id, _ in _kept_tables()]


def _kept_tables() -> list[tuple[str, Path]]:
    """Every table the host kept: its id, and where (a host of an earlier version kept them among the games)."""
    kept = [(p.name.removesuffix(".json"), p) for p in sorted(private_dir("hosted").glob("*.json"))]
    return kept + [(p.name.removesuffix(".host.json"), p) for p in sorted(games_dir().glob("*.host.json"))]


def _thinking(think_ms: float) -> Callable[[str, int, int], Player]:
    """The bots of every level, the expert thinking ``think_ms`` a decision (the bots are loaded only then)."""
    from bots import create_bot

    return partial(create_bot, think_ms=think_ms)


def long_lived() -> None:
    """The host's tables are open: what lives now (its modules, its tables as they start) lives as long as the host,
    and the collector of reference cycles need not walk it again. A full walk held every table of a worker for 70 to
    80 ms with 50 tables; what is made from now on is collected as before."""
    gc.collect()
    gc.freeze()


class Host:
    """Every table of the server, and the connections to them."""

    def __init__(
        self,
        *,
        claim_seconds: float = 2.0,
        turn_seconds: float = 30.0,
        grace: float = 60.0,
        keep: bool = True,
        bot_factory: Callable[[str, int, int], Player] | None = None,
        bot_processes: int = 0,
        think_ms: float | None = None,
        on_change: Callable[[HostedTable], None] | None = None,
        on_end: Callable[[HostedTable], None] | None = None,
    ) -> None:
        """A host with no table yet; its bots think in ``bot_processes`` processes of their own (0: on threads), an
        expert ``think_ms`` a decision (None: its default). ``on_change`` is told when someone sits at a table,
        ``on_end`` when a table's game ends."""
        self.claim_seconds, self.turn_seconds, self.grace, self.keep = claim_seconds, turn_seconds, grace, keep
        if bot_factory is None and think_ms is not None and bot_processes <= 0:
            bot_factory = _thinking(think_ms)
        self.bot_factory = bot_factory
        self.bots = BotPool(bot_processes, think_ms) if bot_processes > 0 and bot_factory is None else None
        self.tables: dict[str, HostedTable] = {}
        self.unseated: set[Outbox] = set()  # the connections without a seat now
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self._on_change, self._on_end = on_change, on_end

    # ------------------------------------------------------------------ tables
    def open_table(self, spec: TableSpec) -> HostedTable:
        """Open a new table for ``spec`` and start its play (it waits for its people)."""
        room = (spec.room or room_code()).upper()
        if room in self.tables:
            raise ValueError(f"room {room} is taken")
        seed = spec.seed if spec.seed is not None else secrets.randbelow(1_000_000)
        game = Game(spec.rules, seed, spec.options, hold_windows=True)
        places = [
            Place(f"Seat {s + 1}", True) if kind == "person" else Place(f"Bot {s + 1}", False, level=kind)
            for s, kind in enumerate(spec.seats)
        ]
        return self._start(game, room, places, None)

    def resume_tables(self, only: set[str] | None = None) -> list[HostedTable]:
        """Take up every table a host left unfinished (those of ``only``, when given), as it was (its people come
        back with their tokens)."""
        resumed = []
        for table_id, path in _kept_tables():
            if only is not None and table_id not in only:
                continue
            try:
                kept = read_json_file(path, max_bytes=64 * 1024)
                room, places = str(kept["room"]), [_place(p) for p in kept["places"]]
            except (OSError, JsonProblem, KeyError, TypeError, ValueError):
                continue
            taken = take_up(table_id)
            if taken.notice:
                print(f"mahjong-tui host: {taken.notice}", file=sys.stderr, flush=True)
            if taken.saved is None:
                with contextlib.suppress(OSError):
                    path.unlink()  # the game ended (or is gone): nothing to resume
                continue
            for place in places:
                place.gone_at = monotonic() if place.taken else None  # away until they come back: the grace starts now
            # Replayed again holding its windows: a window nobody was asked in when the host stopped is open again,
            # as it was, rather than passed (which would tell whether anyone could answer it).
            game = game_from_record(game_record(taken.saved.game), hold_windows=True)
            resumed.append(self._start(game, room, places, taken.saved.table, taken.lock))
            if path != host_path(table_id):
                path.unlink(missing_ok=True)  # kept again in the private folder
        return resumed

    def _start(
        self, game: Game, room: str, places: list[Place], table: Table | None, lock: GameLock | None = None
    ) -> HostedTable:
        """Seat ``places`` at ``game`` behind ``room``, keep them, and start the table's play."""
        table = table or seating(places)
        hosted = HostedTable(
            game,
            room,
            places,
            table=table,
            claim_seconds=self.claim_seconds,
            turn_seconds=self.turn_seconds,
            grace=self.grace,
            keep=self.keep,
            bot_factory=self.bot_factory,
            bots=self.bots,
            lock=lock,
        )
        self.tables[room] = hosted
        if self.bots is not None and any(not place.person for place in places):
            self.bots.warm()  # a bot seat thinks from the first turn: its processes start now, not then
        self.remember(hosted)
        self.tasks[room] = asyncio.get_running_loop().create_task(self._play(hosted), name=f"table {room}")
        return hosted

    def remember(self, hosted: HostedTable) -> None:
        """Keep the table's room and seats (tokens included) beside its game."""
        if self.keep:
            data = {"room": hosted.room, "places": [p.to_json() for p in hosted.places]}
            write_json_atomically(data, host_path(hosted.id), private=True)

    async def _play(self, hosted: HostedTable) -> None:
        """Play the table to its end, then forget it (its record is kept like any game's)."""
        await hosted.run()
        if hosted.game.over:
            with contextlib.suppress(OSError):
                host_path(hosted.id).unlink()
            if self._on_end is not None:
                self._on_end(hosted)

    def close(self) -> None:
        """Stop every table: each is kept as it stands, to be resumed."""
        for hosted in self.tables.values():
            hosted.close()
        for task in self.tasks.values():
            task.cancel()
        if self.bots is not None:
            self.bots.close()

    # ------------------------------------------------------------------ connections
    async def handler(self, ws: Any) -> None:
        """One connection: it joins a table, then answers that seat's prompts. Everything it is sent goes through
        its outbox, in order, and nothing here waits for it to be read."""
        from websockets.exceptions import ConnectionClosed

        link = Outbox(ws.send, ws.close, gone=(ConnectionClosed, OSError))  # one object: the table knows it by it
        hosted: HostedTable | None = None
        seat: int | None = None
        failed = 0
        if len(self.unseated) >= MAX_UNSEATED:
            _error(link, "the host is busy: try again in a moment")
            await link.shut_down()  # the line is sent before the connection ends with this handler
            return
        self.unseated.add(link)
        timer = asyncio.get_running_loop().call_later(JOIN_SECONDS, link.shut)  # a connection that never sits down
        try:
            async for text in ws:
                try:
                    message = read_message(text)
                except ProtocolError as e:
                    _error(link, str(e))
                    continue
                if isinstance(message, Ping):
                    link.put(dumps(Pong()))
                elif isinstance(message, Join):
                    if hosted is not None:
                        _error(link, "this connection already sits at a table")
                        continue
                    hosted, seat = self.join(message, link)
                    if hosted is None:
                        failed += 1
                        await asyncio.sleep(FAILED_JOIN_WAIT * 2 ** (failed - 1))  # each failure costs more time
                        _error(link, NO_SEAT)
                        if failed >= MAX_FAILED_JOINS:
                            link.shut()
                            break
                    else:
                        timer.cancel()
                        self.unseated.discard(link)
                elif hosted is None or seat is None:
                    _error(link, "join a table first")
                elif not hosted.holds(seat, link):  # another connection sat at the seat with its token
                    link.put(dumps(Replaced()))
                    link.shut()
                    break
                elif isinstance(message, Act):
                    why = hosted.answer(seat, message)
                    if why is not None:
                        hosted.refuse(seat, message.prompt, why)
                elif isinstance(message, AskReview):
                    await hosted.send_review(seat, message.hand)
                elif isinstance(message, Next):
                    why = hosted.ready(seat, message.prompt)
                    if why is not None:
                        hosted.refuse(seat, message.prompt, why)
                elif isinstance(message, Back):
                    hosted.active(seat)
        except ConnectionClosed:  # the connection closed: the seat waits for its person
            pass
        finally:
            timer.cancel()
            self.unseated.discard(link)
            if hosted is not None and seat is not None:
                hosted.left(seat, link)
            await link.shut_down()  # what is queued ("replaced", a last error) is sent before the handler ends

    def join(self, message: Join, link: Outbox) -> tuple[HostedTable | None, int | None]:
        """Seat the connection as ``message`` asks: the welcome and the state (None: no seat, and nothing sent)."""
        hosted = self.tables.get(message.room.upper())
        if hosted is None:
            return None, None
        seat = hosted.back(message.token, link) if message.token else hosted.sit(message.name, link)
        if seat is None:
            return None, None
        self.remember(hosted)
        if self._on_change is not None:
            self._on_change(hosted)
        place = hosted.places[seat]
        options = hosted.game.options
        told = Options(options.base, options.starting_points, options.max_hands)
        welcome = Welcome(VERSION, hosted.room, hosted.id, seat, place.token, hosted.game.rules.name, told)
        link.put(dumps(welcome))
        hosted.send_state(seat)
        return hosted, seat

    async def serve(self, host: str = "127.0.0.1", port: int = 8765) -> Any:
        """Listen on ``host``:``port`` (localhost unless told otherwise); the websockets server."""
        from websockets.asyncio.server import serve

        return await serve(self.handler, host, port, **SERVE_OPTIONS)


def _error(link: Outbox, reason: str) -> None:
    """Tell the connection ``link`` in one line what could not be done."""
    link.put(dumps(Error(reason)))


def _place(data: object) -> Place:
    """A seat as the host kept it; ValueError when it is not one."""
    if not isinstance(data, dict):
        raise ValueError("a seat is an object")
    name, person, token, level = data.get("name"), data.get("person"), data.get("token"), data.get("level")
    if not (isinstance(name, str) and isinstance(person, bool) and isinstance(token, str) and isinstance(level, str)):
        raise ValueError("a seat has a name, a token, a level and whether a person sits there")
    return Place(name, person, token, level, bool(data.get("taken")))
