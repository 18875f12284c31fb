"""Help (the keys and the table's signs) and a yes/no question."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

KEYS = (
    ("←  →", "select a tile in your hand"),
    ("1 … 9, 0", "select tile 1–10; the same number again discards it"),
    ("click", "select a tile; click it again to discard"),
    ("Enter", "discard the selected tile"),
    ("d", "discard the tile you just drew"),
    ("w", "declare a self-drawn win (胡)"),
    ("k", "declare a kong (暗杠/加杠; in Changsha 补张 or 开杠)"),
    ("f", "fast-forward the bots until you must decide"),
    ("a", "autoplay: the normal bot plays your seat (again to take over)"),
    ("l", "scroll the log"),
    ("q", "leave the game"),
    ("?", "this help"),
    ("Ctrl+P", "commands: new game, rules, settings"),
    ("mouse", "every key in the bottom bar is a button too (胡 Win, 杠 Kong, Continue …)"),
)

PROMPT_KEYS = (
    ("w", "win 胡"),
    ("k / b / g", "kong 杠 / 补张 / 开杠"),
    ("p", "pong 碰"),
    ("1 2 3", "each possible chi 吃"),
    ("t / d", "take the 海底 / declare 起手小胡"),
    ("x or Esc", "pass 过 (twice when it would pass up a win)"),
    ("click", "an option picks it (pass on a win: click it twice)"),
)

SIGNS = (
    ("庄", "the dealer; winds 东南西北 count from the dealer"),
    ("‹上东 / ‹对南 / ‹下西", "a claimed meld and who it came from (上家, 对家, 下家)"),
    ("yellow tile", "the last discard"),
    ("dim, struck tile", "a discard claimed into a meld"),
    ("red tile", "a discard someone won on"),
    ("wall", "█ two tiles, ▄ one, · none; green the head, orange the tail, ✕ the break"),
    ("underlined tile", "an 开杠 tile (Changsha); 开杠 by a name: that seat must discard every draw"),
)


class HelpScreen(ModalScreen[None]):
    """Keys and signs; any of Esc, ? or q closes it."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        """Three small tables."""
        def table(title: str, rows: tuple[tuple[str, str], ...]) -> Table:
            """A titled two-column table."""
            t = Table(title=title, title_style="bold", show_header=False, show_edge=False, expand=False)
            t.add_column(style="bold #ffd166")
            t.add_column()
            for k, v in rows:
                t.add_row(k, v)
            return t

        with VerticalScroll(id="help-card"):
            yield Static(table("Your turn", KEYS))
            yield Static(table("Prompts (claims and questions)", PROMPT_KEYS))
            yield Static(table("On the table", SIGNS))
            yield Static(Text("Esc closes", style="#9aa0a6"))

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y or Enter is yes, n or Esc is no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str) -> None:
        """Ask ``question``."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(id="confirm-card"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button("[y] Yes", id="yes", variant="error")
                yield Button("[n] No", id="no", variant="primary")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons answer too."""
        event.stop()
        self.dismiss(event.button.id == "yes")
