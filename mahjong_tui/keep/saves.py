"""Games kept: each game in progress saved after every action, resuming it, and the records of games.

A save is the game record (rules, options, seed, the actions; see
:mod:`mahjong_tui.engine.record`) with who sat where: each player's name and, for a bot,
its level. It is plain JSON with a format version, read only as data (never executed) and
replayed action by action, so a game resumed is the game as it stood after its last
action. Every write is atomic: a kill at any instant leaves the old save or the new one.
A file that cannot be read is moved aside, not deleted, and the reason is one line.

Each game has its own save, ``games/ID.json`` (so two windows never write over each
other's game), and one record, named after its start and id (so keeping it again replaces
it: a game is never kept twice). A record says whether its game had ended.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from bots import LEVELS
from mahjong_tui.clean import clean_name, invalid_line, shorten
from mahjong_tui.engine import Action, Game, IllegalAction, RecordError, game_from_record, game_record
from mahjong_tui.engine.record import RECORD_FORMAT
from mahjong_tui.i18n import say, t
from mahjong_tui.keep.files import write_json_atomically
from mahjong_tui.keep.journal import MARK, Cut, Numbered, journal_path, read_journal
from mahjong_tui.keep.locks import file_stem
from mahjong_tui.keep.safe_json import MAX_RECORD_BYTES, JsonProblem, read_json_file
from mahjong_tui.keep.storage import games_dir, records_dir

MAX_NAME = 12


def when_begun(started: str) -> str:
    """When a game began, as shown in a line: ``2026-12-04 10:30`` (empty when it was not kept)."""
    return started.replace("T", " ")[:16]


def seat_name(seat: int) -> str:
    """The name of a player a record does not name: ``Seat 1`` … ``Seat 4`` (not a wind, which moves with the
    dealer)."""
    return f"Seat {seat + 1}"


class Seat(msgspec.Struct, frozen=True):
    """Who sat at a seat: a name, and the bot level for a bot (None for a person); a save's ``players`` holds four."""

    name: Annotated[str, Meta(min_length=1)]
    bot: str | None = None

    def to_json(self) -> dict[str, object]:
        """JSON form."""
        return {"name": self.name, "bot": self.bot}


#: a save's ``players``, as msgspec checks them
_PLAYERS = Annotated[list[Seat], Meta(min_length=4, max_length=4)]


@dataclass(frozen=True, slots=True)
class Table:
    """Who sat where, and which game this is: what a save keeps beside the record."""

    seats: tuple[Seat, Seat, Seat, Seat]
    id: str = field(default_factory=lambda: uuid.uuid4().hex)  # one game, however often resumed
    started: str = field(default_factory=lambda: datetime.now().isoformat(timespec="seconds"))

    def players(self) -> list[tuple[str, bool]]:
        """(name, is a bot) per seat."""
        return [(s.name, s.bot is not None) for s in self.seats]


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game read back from a save or a record, with its table."""

    game: Game
    table: Table
    path: Path | None = None
    cut: Cut | None = None  # where its journal stopped being read before its end, and why (its rest set aside)
    kept: int = 0  # how many of its journal's lines were played


def save_data(game: Game, table: Table, mark: str | None = None) -> dict[str, Any]:
    """The game's record with its players, its id and when it began (``mark``: the journal's, for a save)."""
    data = game_record(game)
    data["players"] = [s.to_json() for s in table.seats]
    data["id"] = table.id
    data["started"] = table.started
    data["scores"] = list(game.scores)  # for a list of records only: reading a record replays it
    data["finished"] = game.over  # likewise: a game left before its end is kept too, and marked
    if mark is not None:
        data[MARK] = mark  # the lines of the journal that follow this save carry it (:mod:`.journal`)
    return data


def read_game(data: Any, *, where: str = "save") -> SavedGame:
    """Replay a save's data; RecordError says, in one line, what is wrong."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a game record (a JSON object is expected)")
    seats = _seats(data.get("players"), where)
    game = game_from_record(data)
    game_id, started = data.get("id"), data.get("started")
    if not isinstance(game_id, str) or not game_id:
        game_id = f"{game.rules.name}-{game.seed}"  # a record kept without one (simulate's)
    if not isinstance(started, str):
        started = ""
    return SavedGame(game, Table(seats, game_id, started))


def _seats(raw: Any, where: str) -> tuple[Seat, Seat, Seat, Seat]:
    """The four players of a save (a record without them gets neutral names and no bots)."""
    if raw is None:
        return (Seat(seat_name(0)), Seat(seat_name(1)), Seat(seat_name(2)), Seat(seat_name(3)))
    try:
        given = msgspec.convert(raw, _PLAYERS)
    except msgspec.ValidationError as e:
        raise RecordError(f"{where}: {invalid_line(str(e), top='players')}") from None
    out = []
    for i, p in enumerate(given):
        if p.bot is not None and p.bot not in LEVELS:
            raise RecordError(f"{where}: player {i + 1} is an unknown bot level {shorten(p.bot)}")
        out.append(Seat(clean_name(p.name)[:MAX_NAME] or seat_name(i), p.bot))  # printable: no terminal controls
    return (out[0], out[1], out[2], out[3])


def read_file(path: Path) -> SavedGame:
    """Read and replay a save (with the actions of its journal) or a record file; RecordError with one line on any
    problem. A journal line that cannot be read or played ends the reading there (``cut`` says where and why)."""
    try:
        data = read_json_file(path, max_bytes=MAX_RECORD_BYTES)
    except JsonProblem as e:
        raise RecordError(str(e)) from None
    try:
        saved = read_game(data, where=str(path))
    except RecordError as e:
        message = str(e)
        raise RecordError(message if message.startswith(str(path)) else f"{path}: {message}") from None
    journal = read_journal(data, path)
    played, cut = _play_journal(saved.game, journal.lines)
    return SavedGame(saved.game, saved.table, path, cut or journal.cut, played)


def _play_journal(game: Game, lines: tuple[Numbered, ...]) -> tuple[int, Cut | None]:
    """Play each journal line that follows ``game``; how many were, and where and why they stopped (None: all)."""
    played = 0
    for numbered in lines:
        line = numbered.line
        current = len(game.actions) - 1
        if line.hand < current or (line.hand == current and line.at < len(game.actions[current])):
            continue  # the save holds it already
        follows = (line.hand == current and line.at == len(game.actions[current])) or (
            line.hand == current + 1 and line.at == 0 and game.hand.over
        )
        if not follows:
            why = t("journal.out_of_order", hand=line.hand + 1, at=line.at + 1, current=current + 1,
                    expected=len(game.actions[current]) + 1)  # fmt: skip
            return played, Cut(numbered.number, numbered.start, why)
        try:
            if line.hand == current + 1:
                game.next_hand()
            game.release()
            game.apply(Action.from_json(line.action))
        except (ValueError, IllegalAction) as e:
            reason = say(e.words) if isinstance(e, IllegalAction) else str(e)
            return played, Cut(numbered.number, numbered.start, t("journal.not_a_move", reason=reason))
        played += 1
    return played, None


def save_path(game_id: str) -> Path:
    """Where the game ``game_id`` in progress is saved."""
    return games_dir() / f"{file_stem(game_id)}.json"


def autosave(game: Game, table: Table) -> None:
    """Save the game in progress whole, in its own save (its journal's lines are then in it: the journal goes)."""
    write_save(save_data(game, table), table.id)


def write_save(data: dict[str, Any], game_id: str) -> None:
    """Write a game's save whole (``data``: :func:`save_data`), then clear its journal, which the save now holds.

    Lines left by a kill before the journal is cleared carry the old save's mark, so they are never read again.
    """
    target = save_path(game_id)
    write_json_atomically(data, target)
    journal_path(target).unlink(missing_ok=True)


def record_name(game: Game, table: Table) -> str:
    """The file name of a game's record in the records folder: when it began, its rules, seed and id (the same each
    time it is kept), found without looking at the disk."""
    began = "".join(c for c in table.started if c.isdigit())[:14]
    stamp = f"{began[:8]}-{began[8:]}" if len(began) == 14 else "00000000-000000"
    return f"{stamp}-{game.rules.name}-{game.seed}-{file_stem(table.id)[:12]}.json"


def keep_record(game: Game, table: Table) -> Path:
    """Keep the game among the records as it stands (ended or not), replacing what was kept of it before."""
    return write_record(save_data(game, table), record_name(game, table))


def write_record(data: dict[str, Any], name: str) -> Path:
    """Keep a game among the records (``data``: :func:`save_data`) under the name :func:`record_name` gives; its
    path."""
    target = records_dir() / name
    write_json_atomically({k: v for k, v in data.items() if k != MARK}, target)
    return target


def drop_save(game_id: str) -> None:
    """Remove a game's save and its journal (it is kept among the records)."""
    target = save_path(game_id)
    target.unlink(missing_ok=True)
    journal_path(target).unlink(missing_ok=True)


def finish(game: Game, table: Table) -> Path:
    """Keep a game among the records and remove its save; the record's path (the statistics are the keeper's)."""
    target = keep_record(game, table)
    drop_save(table.id)
    return target


def clear_cut_writes(path: Path) -> None:
    """Remove what a kill in the middle of writing ``path`` left (a temporary file that was never the save)."""
    for unfinished in path.parent.glob(f".{path.name}-*"):
        unfinished.unlink(missing_ok=True)


def records() -> list[Path]:
    """Every game's record, newest first (none when the folder cannot be used)."""
    try:
        return sorted(records_dir().glob("*.json"), reverse=True)
    except OSError:
        return []


@dataclass(frozen=True, slots=True)
class RecordInfo:
    """What a kept game is, read without replaying it: enough for a line in a list."""

    path: Path
    rules: str = ""  # the preset's name
    hands: int = 0
    seats: tuple[Seat, ...] = ()
    started: str = ""
    scores: tuple[int, ...] = ()  # the points at the end, as written (empty when not written)
    problem: str = ""  # one line: why the file is not a game record (the rest is then empty)
    finished: bool = True  # False: a game left before its end (records kept before the mark are of ended games)


def record_info(path: Path) -> RecordInfo:
    """A record's rules, hand count, players, start and final points, without replaying it.

    Only a list is made from this; opening the game reads it with :func:`read_file`, which
    replays it and checks every action.
    """
    try:
        data = read_json_file(path, max_bytes=MAX_RECORD_BYTES, where=path.name)
    except JsonProblem as e:
        return RecordInfo(path, problem=str(e))
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        return RecordInfo(path, problem=f"{path.name}: not a game record")
    try:
        seats = _seats(data.get("players"), path.name)
    except RecordError as e:
        return RecordInfo(path, problem=str(e))
    hands, rules, started, scores = data.get("hands"), data.get("rules"), data.get("started"), data.get("scores")
    points = (
        tuple(scores)
        if isinstance(scores, list)
        and len(scores) == 4
        and all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
        else ()
    )
    return RecordInfo(
        path,
        shorten(rules, quoted=False) if isinstance(rules, str) else "",  # shown in a list as written: made safe
        len(hands) if isinstance(hands, list) else 0,
        seats,
        clean_name(started)[:32] if isinstance(started, str) else "",
        points,
        finished=data.get("finished") is not False,
    )


def save_record(game: Game, path: Path) -> None:
    """Write the game's record (rules, seed, options, actions) to ``path``, atomically."""
    write_json_atomically(game_record(game), path)


def load_record(path: Path) -> Game:
    """Read and replay a record file; RecordError with one line on any problem."""
    try:
        data = read_json_file(path, max_bytes=MAX_RECORD_BYTES)
    except JsonProblem as e:  # not a file, too big, too deep, numbers out of range, or broken
        reason = str(e).removeprefix(f"{path}: ")
        raise RecordError(f"{path} is not valid JSON within the limits ({reason})") from None
    return game_from_record(data)
