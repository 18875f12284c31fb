"""Help (the keys, the table's signs, what hot seat shows), a yes/no question, and leaving a game."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from mahjong_tui import i18n

KEYS = (
    ("←  →", "select a tile in your hand"),
    ("1 … 9, 0", "select tile 1–10; the same number again discards it"),
    ("click", "select a tile; click it again to discard"),
    ("Enter", "discard the selected tile"),
    ("d", "discard the tile you just drew (after a chi or pong there is none: pick a tile)"),
    ("w", "declare a self-drawn win (胡)"),
    ("k", "declare a kong (暗杠/加杠; in Changsha 补张 or 开杠)"),
    ("f", "fast-forward the bots until you must decide"),
    ("a", "autoplay: the normal bot plays your seat (again to take over)"),
    ("l", "scroll the log"),
    ("r", "the rules: presets, hand types and the rules pages"),
    ("q", "leave the game: a new game, quit, or back to the table"),
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


PRIVACY = (
    ("standard", "the curtain comes up for a person only when they have something to decide. Whose "
                 "turn it is shows either way, but a curtain between turns tells everyone that this "
                 "person may claim the discard (or rob a kong, or win on the 海底)."),
    ("strict", "after every discard every person but the discarder is called behind the curtain in "
               "turn; those with nothing to claim see only \"Nothing to claim — continue\". Whether a "
               "curtain comes up tells nothing; play is slower."),
    ("both", "the curtain names only whose turn it is. While claims are open only the person at the "
             "screen is marked ◀ to act, and the table says \"claims on the discard\" without names."),
)


def learning_keys() -> tuple[tuple[str, str], ...]:
    """The keys and marks that help a player learn."""
    return tuple((sign, i18n.t(f"help.{key}")) for sign, key in (
        ("h", "hints"), ("★", "suggest"), ("✓ △ ▲", "danger"), ("u", "undo"), ("v", "review"), ("r", "rules"),
    ))


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
            yield Static(table(i18n.t("help.learning"), learning_keys()))
            yield Static(table("Hot seat (two or more people): privacy, in Settings or play --privacy", PRIVACY))
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
                yield Button(Text("[y] Yes"), id="yes", variant="error")
                yield Button(Text("[n] No"), id="no", variant="primary")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons answer too."""
        event.stop()
        self.dismiss(event.button.id == "yes")


class LeaveScreen(ModalScreen[str | None]):
    """Leaving the table: ``new`` (the new game screen), ``quit``, or None to play on."""

    BINDINGS = [
        Binding("n", "answer('new')", "New game"),
        Binding("q", "answer('quit')", "Quit"),
        Binding("escape,c", "answer(None)", "Cancel"),
    ]

    def compose(self) -> ComposeResult:
        """The question and three buttons."""
        with Vertical(id="confirm-card"):
            yield Static("Leave this game?", id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(Text("[n] New game"), id="new", variant="primary")
                yield Button(Text("[q] Quit"), id="quit", variant="error")
                yield Button(Text("[Esc] Cancel"), id="cancel")

    def action_answer(self, answer: str | None) -> None:
        """Answer."""
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons answer too."""
        event.stop()
        self.dismiss(event.button.id if event.button.id in ("new", "quit") else None)


def ask_to_leave(screen: Screen[str]) -> None:
    """Ask whether to leave the game (for a new one, or the program); ``screen`` answers ``new`` or ``quit``."""

    def answered(answer: str | None) -> None:
        """Carry out the answer."""
        if answer in ("new", "quit"):
            screen.dismiss(answer)

    screen.app.push_screen(LeaveScreen(), answered)
