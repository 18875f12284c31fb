"""A game's journal: the actions played since its save was last written whole, one line each.

A game in progress is kept in two files beside each other: its save (``games/ID.json``,
the whole game as :func:`~mahjong_tui.keep.saves.save_data` writes it, replaced atomically)
and its journal (``games/ID.jsonl``). Each action a player or a bot takes is one line
appended to the journal, flushed and synced, so the cost of keeping a move does not grow
with the game. The save is written whole again only when a hand ends (when its hands are
counted and the game is kept among the records), after an undo, and when keeping starts.

Each whole save carries a mark (``"journal"``), and every line appended after it carries
the same mark, so lines written before the save was replaced are never read with it: a
kill between replacing the save and clearing the journal loses nothing and adds nothing.
A line also says which hand and which action of that hand it is. Reading
(:func:`read_journal`, then :func:`~mahjong_tui.keep.saves.read_file`, which plays each line
on the save's game) keeps every line up to the first that cannot be read, is out of order,
or is not a move the game allows; the lines from there on are set aside beside the save
(:func:`set_rest_aside`) and the player is told in one line. Only a last line a kill cut short
is passed over without a word. A kill at any moment therefore loses at most the action being
written, and a damaged line loses only what follows it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from mahjong_tui.engine import Action
from mahjong_tui.i18n import t
from mahjong_tui.keep.files import compact_json, write_bytes_atomically
from mahjong_tui.keep.safe_json import MAX_RECORD_BYTES, JsonProblem, parse_json, read_bytes
from mahjong_tui.keep.storage import aside_path

#: the key of a save's journal mark
MARK = "journal"


def journal_path(save: Path) -> Path:
    """The journal beside the save at ``save``."""
    return save.with_suffix(".jsonl")


def new_mark() -> str:
    """A mark for a save about to be written whole (its journal's lines will carry it)."""
    return secrets.token_hex(6)


#: a place in a list: a whole number, not negative
Place = Annotated[int, Meta(ge=0)]


class Line(msgspec.Struct, frozen=True):
    """One action in the journal: the mark of the save it follows, the hand (from 0) and the action's place in it
    (the action in the record's form, which replaying it checks)."""

    mark: str
    hand: Place
    at: Place
    action: dict[str, Any]

    def text(self) -> str:
        """The line as written (one compact JSON object, without its newline)."""
        return compact_json(msgspec.to_builtins(self))


def lines_for(mark: str, actions: list[list[Action]], since: tuple[int, int]) -> list[Line]:
    """The lines for every action of ``actions`` (per hand) after ``since`` (hands, actions of the last hand)."""
    hands, done = since
    out: list[Line] = []
    for hand in range(max(hands - 1, 0), len(actions)):
        start = done if hand == hands - 1 else 0
        out.extend(Line(mark, hand, at, a.to_json()) for at, a in enumerate(actions[hand][start:], start))
    return out


@dataclass(frozen=True, slots=True)
class Numbered:
    """A journal line read: the line, its number in the file (from 1) and where it begins (a byte offset)."""

    line: Line
    number: int
    start: int


@dataclass(frozen=True, slots=True)
class Cut:
    """Where reading a journal stopped before its end: at line ``number`` (from 1), which begins at byte ``start``,
    and why (in words a player reads)."""

    number: int
    start: int
    why: str


@dataclass(frozen=True, slots=True)
class JournalRead:
    """A save's journal, read: its lines with the save's mark, in order, up to the first that cannot be read (``cut``:
    where and why; None when every line was read, or only a last line a kill cut short was not)."""

    lines: tuple[Numbered, ...] = ()
    cut: Cut | None = None


def read_journal(data: Any, save: Path) -> JournalRead:
    """The journal beside the save at ``save`` whose data is ``data``: each line decoded on its own.

    A line that is not UTF-8 text, not a journal line, or not whole stops the reading there;
    the lines before it are kept. Only the very last line, when it has no newline, is taken
    for one a kill cut short as it was written, and is passed over without a word. Lines
    written before the save was last replaced (another mark) are passed over: the save holds
    them. Data that is not a save with a mark has no journal.
    """
    if not isinstance(data, dict) or not isinstance(data.get(MARK), str):
        return JournalRead()
    path = journal_path(save)
    try:
        raw = read_bytes(path, max_bytes=MAX_RECORD_BYTES, where=path.name)
    except (OSError, JsonProblem):  # no journal (the usual case after a hand's end), or none that can be read
        return JournalRead()
    lines: list[Numbered] = []
    start = 0
    for number, chunk in enumerate(raw.split(b"\n"), 1):
        end = start + len(chunk) + 1
        last = end > len(raw)  # no newline after it: the last line, perhaps cut short by a kill
        if not chunk and last:
            break
        why = ""
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError:
            why = t("journal.not_text")
        else:
            line = _line(text, path.name)
            if line is None:
                why = t("journal.not_a_line")
            elif line.mark == data[MARK]:
                lines.append(Numbered(line, number, start))
        if why:
            return JournalRead(tuple(lines), None if last else Cut(number, start, why))
        start = end
    return JournalRead(tuple(lines))


def _line(raw: str, where: str) -> Line | None:
    """One journal line read, or None when it is cut short or is not a journal line."""
    try:
        value = parse_json(raw, where=where)
    except JsonProblem:
        return None
    try:
        return msgspec.convert(value, Line)
    except msgspec.ValidationError:
        return None


def set_rest_aside(save: Path, cut: Cut) -> Path:
    """Keep the journal of the save at ``save`` up to ``cut``, and the rest in ``ID.jsonl.broken-TIME`` beside it
    (each written whole, or not at all); the path of the rest. OSError when the folder cannot be written."""
    path = journal_path(save)
    data = read_bytes(path, max_bytes=MAX_RECORD_BYTES, where=path.name)
    rest = aside_path(path)
    write_bytes_atomically(data[cut.start :], rest)
    write_bytes_atomically(data[: cut.start], path)
    return rest
