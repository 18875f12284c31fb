"""Reading a game record for a command: the game, or its one line on standard error."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjong_tui.keep.saves import SavedGame


def read_or_say(path: Path, prog: str) -> SavedGame | None:
    """The game kept in ``path`` (replayed and checked), or None once the reason is on standard error."""
    from mahjong_tui.clean import one_line
    from mahjong_tui.engine import RecordError
    from mahjong_tui.keep.saves import read_file

    try:
        return read_file(path)
    except RecordError as e:
        print(f"{prog}: {one_line(str(e))}", file=sys.stderr)
        return None
