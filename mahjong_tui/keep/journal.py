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
(:func:`with_journal`) adds, in order, each line that follows the save exactly; a line a
kill cut short, and everything after it, is not read. A kill at any moment therefore loses
at most the action being written.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from mahjong_tui.engine import Action
from mahjong_tui.keep.files import compact_json
from mahjong_tui.keep.safe_json import MAX_RECORD_BYTES, JsonProblem, parse_json, read_text

#: the key of a save's journal mark
MARK = "journal"


def journal_path(save: Path) -> Path:
    """The journal beside the save at ``save``."""
    return save.with_suffix(".jsonl")


def new_mark() -> str:
    """A mark for a save about to be written whole (its journal's lines will carry it)."""
    return secrets.token_hex(6)


@dataclass(frozen=True, slots=True)
class Line:
    """One action in the journal: the mark of the save it follows, the hand (from 0) and the action's place in it."""

    mark: str
    hand: int
    at: int
    action: dict[str, object]

    def text(self) -> str:
        """The line as written (one compact JSON object, without its newline)."""
        return compact_json({"mark": self.mark, "hand": self.hand, "at": self.at, "action": self.action})


def lines_for(mark: str, actions: list[list[Action]], since: tuple[int, int]) -> list[Line]:
    """The lines for every action of ``actions`` (per hand) after ``since`` (hands, actions of the last hand)."""
    hands, done = since
    out: list[Line] = []
    for hand in range(max(hands - 1, 0), len(actions)):
        start = done if hand == hands - 1 else 0
        out.extend(Line(mark, hand, at, a.to_json()) for at, a in enumerate(actions[hand][start:], start))
    return out


def with_journal(data: Any, save: Path) -> Any:
    """The save's data with its journal's actions added: each line with the save's mark that follows it exactly.

    Lines already in the save are passed over; a line that is cut short or broken, or that
    does not follow, ends the reading (a kill cut it short, and nothing after it was
    written by the same keeping). Data that is not a save with a mark is returned as it is.
    """
    if not isinstance(data, dict) or not isinstance(data.get(MARK), str):
        return data
    hands = data.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        return data  # what is wrong with it is said when it is replayed
    path = journal_path(save)
    try:
        text = read_text(path, max_bytes=MAX_RECORD_BYTES, where=path.name)
    except (OSError, JsonProblem):  # no journal (the usual case after a hand's end), or none that can be read
        return data
    hands = [list(h) for h in hands]
    for raw in text.split("\n"):
        line = _line(raw, path.name)
        if line is None:
            break
        if line.mark != data[MARK]:
            continue  # written before the save was replaced: the save holds it
        if line.hand == len(hands) - 1 and line.at == len(hands[-1]):
            hands[-1].append(line.action)
        elif line.hand == len(hands) and line.at == 0:
            hands.append([line.action])  # the first action of the next hand: it was dealt
        elif line.hand > len(hands) - 1 or line.at > len(hands[line.hand]):
            break  # it does not follow: nothing after it can
    return {**data, "hands": hands}


def _line(raw: str, where: str) -> Line | None:
    """One journal line read, or None when it is cut short or is not a journal line."""
    try:
        value = parse_json(raw, where=where)
    except JsonProblem:
        return None
    if not isinstance(value, dict):
        return None
    mark, hand, at, action = value.get("mark"), value.get("hand"), value.get("at"), value.get("action")
    if not isinstance(mark, str) or not isinstance(action, dict) or not _place(hand) or not _place(at):
        return None
    return Line(mark, hand, at, action)


def _place(n: object) -> TypeGuard[int]:
    """Whether ``n`` is a place in a list: a whole number, not negative."""
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0
