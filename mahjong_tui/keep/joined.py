"""The seats this player holds at remote tables: each table's address and the seat's token, in ``joined.json``.

The file is its owner's only (0600, in the 0700 folder ``private``): a token is a seat.

``mahjong-tui join URL`` keeps the token the table gave, so the same command run again (after
a dropped connection, or a host started again) sits back at the same seat. Written
atomically; a file that cannot be read is read as holding no seat.
"""

from __future__ import annotations

from pathlib import Path

from .files import write_json_atomically
from .safe_json import JsonProblem, read_json_file
from .storage import data_dir, private_dir

MAX_BYTES = 256 * 1024
#: the folder of a player's data that holds their seats' tokens (0700)
PRIVATE = "private"
#: the tables kept at most (the oldest are forgotten first)
MAX_TABLES = 200


def joined_path() -> Path:
    """Where the seats held at remote tables are kept."""
    private_dir(PRIVATE)  # made, and its owner's only
    return joined_in(data_dir())


def joined_in(home: Path) -> Path:
    """Where a player whose data folder is ``home`` keeps their seats (the SSH door's players each have one)."""
    return home / PRIVATE / "joined.json"


def _earlier() -> Path:
    """Where the seats were kept before they had a private folder (read while nothing newer is kept)."""
    return data_dir() / "joined.json"


def token_for(url: str, path: Path | None = None) -> str:
    """The token of our seat at the table ``url`` ('' when we hold none)."""
    if path is not None:
        return _read(path).get(url, "")
    return _read(joined_path()).get(url, "") or _read(_earlier()).get(url, "")


def keep_token(url: str, token: str, path: Path | None = None) -> None:
    """Keep ``token`` as our seat's at ``url`` (OSError when it cannot be written)."""
    earlier = None if path is not None else _earlier()
    path = path or joined_path()
    seats = _read(path) if path.exists() or earlier is None else _read(earlier)
    seats.pop(url, None)
    seats[url] = token
    write_json_atomically({"seats": dict(list(seats.items())[-MAX_TABLES:])}, path, private=True)
    if earlier is not None:
        earlier.unlink(missing_ok=True)  # its seats are kept in the private folder now


def _read(path: Path) -> dict[str, str]:
    """What the file keeps: table address → token."""
    try:
        data = read_json_file(path, max_bytes=MAX_BYTES)
    except (OSError, JsonProblem):
        return {}
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, dict):
        return {}
    return {str(url): token for url, token in seats.items() if isinstance(token, str)}
