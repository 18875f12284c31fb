"""Help (the keys, the table's signs, what hot seat shows), a yes/no question, and the question of leaving a game."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from mahjong_tui import i18n

from ..keys import Worded, worded
from ..widgets.prose import Prose
from ..wrapping import Wrapped
from .once import Once

# Each row is (sign, words): catalogue keys, or a key's own name (``Enter``, ``1 … 9, 0``) as it is.
KEYS = (
    ("←  →", "help.turn_select"),
    ("1 … 9, 0", "help.turn_number"),
    ("help.sign_click", "help.turn_click"),
    ("Enter", "help.turn_enter"),
    ("d", "help.turn_drawn"),
    ("w", "help.turn_win"),
    ("k", "help.turn_kong"),
    ("f", "help.turn_fast"),
    ("a", "help.turn_autoplay"),
    ("l", "help.turn_log"),
    ("r", "help.turn_rules"),
    ("q", "help.turn_quit"),
    ("?", "help.turn_help"),
    ("Ctrl+P", "help.turn_palette"),
    ("help.sign_mouse", "help.turn_mouse"),
)

PROMPT_KEYS = (
    ("w", "help.prompt_win"),
    ("k / b / g", "help.prompt_kong"),
    ("p", "help.prompt_pong"),
    ("1 2 3", "help.prompt_chi"),
    ("t / d", "help.prompt_haidi"),
    ("help.sign_pass", "help.prompt_pass"),
    ("help.sign_click", "help.prompt_click"),
    ("h r ? f a q", "help.prompt_table"),
)

SIGNS = (
    ("seat.dealer", "help.sign_dealer"),
    ("‹上东 / ‹对南 / ‹下西", "help.sign_meld"),
    ("seat.flowers", "help.sign_flowers"),
    ("seat.river", "help.sign_river"),
    ("help.sign_yellow", "help.sign_yellow_text"),
    ("help.sign_dim", "help.sign_dim_text"),
    ("help.sign_red", "help.sign_red_text"),
    ("help.sign_wall", "help.sign_wall_text"),
    ("help.sign_underlined", "help.sign_underlined_text"),
    ("glossary_links.sign", "glossary_links.sign_text"),
)


PRIVACY = (
    ("help.privacy_standard_name", "help.privacy_standard"),
    ("help.privacy_strict_name", "help.privacy_strict"),
    ("help.privacy_both_name", "help.privacy_both"),
)


def learning_keys() -> tuple[tuple[str, str], ...]:
    """The keys and marks that help a player learn."""
    return tuple(
        (sign, i18n.t(key))
        for sign, key in (
            ("h", "help.hints"),
            ("★", "help.suggest"),
            ("✓ △ ▲", "help.danger"),
            ("u", "help.undo"),
            ("v", "help.review"),
            ("r", "help.rules"),
            ("g", "glossary_links.help"),
        )
    )


def rows(keyed: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Rows of (sign, words) in the language in use."""
    return tuple((worded(sign), worded(words)) for sign, words in keyed)


class HelpScreen(Worded, ModalScreen[None], Once[None]):
    """Keys and signs; any of Esc, ? or q closes it."""

    BINDINGS = [
        Binding("escape", "close", "help.key_close"),
        Binding("question_mark", "close", "help.key_close", show=False),
        Binding("q", "close", "help.key_close", show=False),
    ]

    def compose(self) -> ComposeResult:
        """Three small tables."""

        def table(title: str, rows: tuple[tuple[str, str], ...]) -> Table:
            """A titled two-column table."""
            t = Table(title=title, title_style="bold", show_header=False, show_edge=False, expand=False)
            t.add_column(style="bold #ffd166", no_wrap=True)
            t.add_column()
            for k, v in rows:
                t.add_row(k, Wrapped(Text(v)))
            return t

        with VerticalScroll(id="help-card"):
            yield Static(table(i18n.t("help.title_turn"), rows(KEYS)))
            yield Static(table(i18n.t("help.title_prompts"), rows(PROMPT_KEYS)))
            yield Static(table(i18n.t("help.title_signs"), rows(SIGNS)))
            yield Static(table(i18n.t("help.learning"), learning_keys()))
            yield Static(table(i18n.t("help.title_privacy"), rows(PRIVACY)))
            yield Static(Text(i18n.t("help.esc_closes"), style="#9aa0a6"))

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class ConfirmScreen(Worded, ModalScreen[bool], Once[bool]):
    """A yes/no question: y or Enter is yes, n or Esc is no."""

    BINDINGS = [
        Binding("y", "answer(True)", "confirm.yes"),
        Binding("n", "answer(False)", "confirm.no"),
        Binding("escape", "answer(False)", "confirm.no", show=False),
    ]

    def __init__(self, question: str) -> None:
        """Ask ``question``."""
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(id="confirm-card"):
            yield Prose(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(Text(f"[y] {i18n.t('confirm.yes')}"), id="yes", variant="error")
                yield Button(Text(f"[n] {i18n.t('confirm.no')}"), id="no", variant="primary")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons answer too."""
        event.stop()
        self.dismiss(event.button.id == "yes")


class LeaveScreen(Worded, ModalScreen[str | None], Once[str | None]):
    """Leaving the table: ``new`` (the new game screen), ``quit``, or None to play on."""

    BINDINGS = [
        Binding("n", "answer('new')", "confirm.new_game"),
        Binding("q", "answer('quit')", "confirm.quit"),
        Binding("escape,c", "answer(None)", "confirm.cancel"),
    ]

    def __init__(self, *, remote: bool = False) -> None:
        """``remote``: the table is played elsewhere (nothing is kept here: the seat waits for its player)."""
        super().__init__()
        self.remote = remote

    def compose(self) -> ComposeResult:
        """The question and its buttons (at a remote table no new game: the program ends)."""
        with Vertical(id="confirm-card"):
            yield Prose(i18n.t("confirm.leave_remote" if self.remote else "confirm.leave"), id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                if not self.remote:
                    yield Button(Text(f"[n] {i18n.t('confirm.new_game')}"), id="new", variant="primary")
                yield Button(Text(f"[q] {i18n.t('confirm.quit')}"), id="quit", variant="error")
                yield Button(Text(f"[Esc] {i18n.t('confirm.cancel')}"), id="cancel")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No new game from a remote table."""
        return not (self.remote and action == "answer" and parameters == ("new",))

    def action_answer(self, answer: str | None) -> None:
        """Answer."""
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons answer too."""
        event.stop()
        self.dismiss(event.button.id if event.button.id in ("new", "quit") else None)
