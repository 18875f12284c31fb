"""The kept games: every game's record (one left before its end marked so), newest first; Enter opens its replay.

Each line is read from the record without replaying it (:func:`mahjong_tui.keep.saves.record_info`):
when it began, the rules, how many hands, who played and their points at the end. Opening
one reads it in full (:func:`mahjong_tui.keep.saves.read_file`), so a file that is not a game
record is refused with its one line, and nothing else changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from mahjong_tui.i18n import current, t

from ..keys import key_line
from ..widgets.prose import Prose
from ..wrapping import NO_BREAK, Wrapped
from .once import Once

if TYPE_CHECKING:
    from mahjong_tui.keep.saves import RecordInfo

    from ..app import MahjongApp


def rules_name(name: str) -> str:
    """A preset's name in the language in use (the name itself when it is unknown)."""
    from mahjong_tui.engine import UnknownRules, get_ruleset

    try:
        rules = get_ruleset(name)
    except UnknownRules:
        return name or "—"
    return current().pick(rules.en_name, rules.zh_name)


def players_cell(info: RecordInfo) -> Text:
    """Who played, bots marked, each with their points at the end (when written); the best in bold.

    A player and their points are one piece (no-break spaces): wrapped, the cell breaks between players.
    """
    out = Text()
    best = max(info.scores) if info.scores else None
    for i, seat in enumerate(info.seats):
        if i:
            out.append(t("hint.separator"))
        name = t("records.bot", name=seat.name) if seat.bot else seat.name
        piece = f"{name} {info.scores[i]}" if info.scores else name
        style = "bold #ffd166" if info.scores and info.scores[i] == best else ""
        out.append(piece.replace(" ", NO_BREAK), style=style)
    return out


#: the cells a column takes beside its content (the table's padding), and the fewest the players get
_PADDING = 2
_PLAYERS_LEAST = 24


class RecordsScreen(Once[None]):
    """Every game kept; Enter (or a click) opens the one highlighted in the replay, Esc goes back."""

    DEFAULT_CSS = """
    RecordsScreen #records-card { padding: 0 2; height: 1fr; }
    RecordsScreen #records-table { height: 1fr; }
    RecordsScreen #records-empty { color: #cfd8dc; height: auto; }
    RecordsScreen #records-keys { height: auto; background: $footer-background; color: $footer-foreground; }
    """
    BINDINGS = [Binding("escape,q", "leave", show=False)]

    def __init__(self) -> None:
        """The records as they are now."""
        super().__init__()
        self.infos: list[RecordInfo] = []
        self._width = 0  # the screen width the table was laid out for

    def compose(self) -> ComposeResult:
        """A title, the table of games (or why it is empty), the keys."""
        with Vertical(id="records-card"):
            yield Static(t("records.title"), classes="card-title")
            yield Prose(id="records-empty")
            yield DataTable(id="records-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="records-keys")

    def on_mount(self) -> None:
        """Read the records and fill the table."""
        self.fill()

    def on_resize(self, event: events.Resize) -> None:
        """The players' column fills the width: lay the table out again for a new one."""
        if event.size.width != self._width and self.infos:
            self.fill()

    def relabel(self) -> None:
        """The language changed: draw the list again in it."""

        async def again() -> None:
            if not self.is_attached:  # left before this came round
                return
            await self.recompose()
            if self.is_attached:
                self.fill()

        self.call_later(again)

    def fill(self) -> None:
        """Read the records and fill the table, its headings and the keys in the language in use."""
        from mahjong_tui.keep.saves import record_info, records, when_begun
        from mahjong_tui.keep.storage import records_dir

        self.infos = [record_info(path) for path in records()]
        table = self.query_one(DataTable)
        table.clear(columns=True)  # drawn again in another language
        heads = (t("records.when"), t("records.rules"), t("records.hands"))
        rows: list[tuple[str, str, str, Text]] = []
        for info in self.infos:
            if info.problem:
                rows.append(("—", "—", "—", Text(info.problem, style="#ff8a80")))
            else:
                when = when_begun(info.started) or info.path.stem[:13]
                hands = str(info.hands) if info.finished else t("records.unfinished", hands=info.hands)
                rows.append((when, rules_name(info.rules), hands, players_cell(info)))
        # the players take what the other columns leave, wrapping between players (never cut off)
        self._width = self.app.size.width
        used = sum(
            max(cell_len(str(x)) for x in (head, *(r[k] for r in rows))) + _PADDING for k, head in enumerate(heads)
        )
        room = max(_PLAYERS_LEAST, self._width - 4 - used - _PADDING - 2)  # 4: the card's padding, 2: the scrollbar
        table.add_columns(*heads)
        table.add_column(t("records.players"), width=room)
        for i, (when, rules, hands, players) in enumerate(rows):
            table.add_row(when, rules, hands, Wrapped(players), key=str(i), height=None)
        empty = self.query_one("#records-empty", Static)
        if self.infos:
            empty.display = False
            table.focus()
        else:
            table.display = False
            try:
                folder = str(records_dir())
            except OSError as e:  # the folder cannot be made: why, in place of where
                folder = str(e)
            empty.update(t("records.none", folder=folder))
        keys = key_line((("↑↓", "records.key_choose"), ("Enter", "records.key_replay"), ("Esc", "records.key_back")))
        self.query_one("#records-keys", Static).update(keys)

    @on(DataTable.RowSelected)
    def _open(self, event: DataTable.RowSelected) -> None:
        """Replay the game chosen (a file that is not a game record: its one line, and nothing else)."""
        from mahjong_tui.engine import RecordError
        from mahjong_tui.keep.saves import read_file

        info = self.infos[int(event.row_key.value or 0)]
        try:
            saved = read_file(info.path)
        except RecordError as e:
            self.notify(" ".join(str(e).split()), severity="error", timeout=10)
            return
        app: MahjongApp = self.app  # type: ignore[assignment]
        app.navigator.open_replay(saved)

    def action_leave(self) -> None:
        """Back."""
        self.dismiss(None)
