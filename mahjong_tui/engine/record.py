"""Game records: a game as JSON (rule set, seed, options, rigged deal, actions) and its replay.

A record holds no state, only what was chosen: replaying it reproduces every event and
the final scores. Records are written atomically, so a crash leaves the old file or the
new one, never half of one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from mahjong_tui.limits import MAX_BASE, MAX_HANDS, MAX_POINTS, MAX_SEED, MIN_BASE, MIN_HANDS, MIN_POINTS, out_of_range

from .actions import Action, IllegalAction
from .game import Game
from .options import GameOptions
from .registry import UnknownRules
from .rigged import RiggedDeal

RECORD_FORMAT = "mahjong-tui-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A game record that cannot be read or replayed; the message says what is wrong."""


def game_record(game: Game) -> dict[str, Any]:
    """The game as JSON-ready data: rules, seed, options, the rigged deal if any, and each hand's actions."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.name,
        "seed": game.seed,
        "options": game.options.to_json(),
    }
    if game.rigged is not None:
        record["deal"] = game.rigged.to_json()
    record["hands"] = [[a.to_json() for a in hand] for hand in game.actions]
    return record


def _said(e: Exception, most: int = 200) -> str:
    """An error's message as one line of at most about ``most`` characters (it may repeat a huge value)."""
    text = " ".join(str(e)[: most * 2].split())
    return text if len(text) <= most and len(str(e)) <= most * 2 else text[:most] + "…"


def game_from_record(record: Any) -> Game:
    """Replay a record; RecordError says what is wrong with a bad one."""
    if not isinstance(record, dict):
        raise RecordError("a game record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (format should be {RECORD_FORMAT!r})")
    version = record.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION:
        raise RecordError(
            f"written by a newer mahjong-tui (record version {version}; this one reads version {RECORD_VERSION})"
        )
    if version != RECORD_VERSION:
        raise RecordError(f"unsupported record version {str(version)[:20]!r}")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("record seed must be an integer")
    if not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise RecordError("record seed is out of range (a signed 64-bit integer)")
    opts = record.get("options", {})
    if not isinstance(opts, dict):
        raise RecordError("record options must be an object")
    for name, low, high in (("base", MIN_BASE, MAX_BASE), ("starting_points", MIN_POINTS, MAX_POINTS),
                            ("max_hands", MIN_HANDS, MAX_HANDS)):  # fmt: skip
        if opts.get(name) is not None and out_of_range(opts[name], low, high):
            raise RecordError(f"record options: {name} must be a whole number from {low} to {high}")
    try:
        options = GameOptions(
            base=int(opts.get("base", 1)),
            starting_points=opts.get("starting_points"),
            max_hands=opts.get("max_hands"),
        )
        rigged = RiggedDeal.from_json(record["deal"]) if "deal" in record else None
        game = Game(record.get("rules", ""), seed, options, rigged=rigged)
    except (UnknownRules, TypeError, ValueError) as e:
        raise RecordError(f"record rules/options: {_said(e)}") from None
    hands = record.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise RecordError("record hands must be a list of action lists")
    for i, hand_actions in enumerate(hands):
        if i > 0:
            try:
                game.next_hand()
            except IllegalAction as e:
                raise RecordError(f"hand {i + 1}: {_said(e)}") from None
        for j, raw in enumerate(hand_actions):
            try:
                game.apply(Action.from_json(raw))
            except (ValueError, IllegalAction) as e:
                raise RecordError(f"hand {i + 1}, action {j + 1}: {_said(e)}") from None
    return game


def rewound(game: Game, seat: int) -> Game | None:
    """The game as it stood just before ``seat``'s last action of the current hand (None: it made none).

    Practice against bots: the record without that action (and all after it) is replayed,
    so the game is exactly what it was when the player decided.
    """
    current = game.actions[-1]
    last = next((i for i in range(len(current) - 1, -1, -1) if current[i].seat == seat), None)
    if last is None:
        return None
    record = game_record(game)
    record["hands"][-1] = record["hands"][-1][:last]
    return game_from_record(record)


def write_text_atomically(text: str, path: str | os.PathLike[str]) -> None:
    """Write ``text``: a temporary file beside the target, flushed, synced, renamed over it.

    A crash at any instant leaves the old file or the new one, never half of one.
    """
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", dir=target.parent or ".")
    try:
        _ordinary_mode(fd, target)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else by setting it back."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _ordinary_mode(fd: int, target: Path) -> None:
    """Give the temporary file the mode the file it replaces had, or a new file's (0666 less the umask).

    ``mkstemp`` makes it 0600, which a rename would leave on the file kept.
    """
    if not hasattr(os, "fchmod"):
        return
    try:
        mode = os.stat(target).st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        os.fchmod(fd, mode)
    except OSError:
        pass


def write_json_atomically(data: Any, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as compact JSON, atomically."""
    write_text_atomically(json.dumps(data, ensure_ascii=False, separators=(",", ":")), path)


def save_record(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game's record atomically."""
    write_json_atomically(game_record(game), path)


def load_record(path: str | os.PathLike[str]) -> Game:
    """Read and replay a record file; RecordError with one line on any problem."""
    from mahjong_tui.keep.safe_json import MAX_RECORD_BYTES, JsonProblem, read_json_file

    try:
        data = read_json_file(path, max_bytes=MAX_RECORD_BYTES)
    except JsonProblem as e:  # not a file, too big, too deep, numbers out of range, or broken
        reason = str(e).removeprefix(f"{path}: ")
        raise RecordError(f"{path} is not valid JSON within the limits ({reason})") from None
    return game_from_record(data)
