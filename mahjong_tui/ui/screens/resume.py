"""Choosing a game not finished: every saved game, newest first, each in one line.

Enter resumes the game highlighted; a game another window is playing is marked, and Enter
(or ``v`` for any game) opens it to watch, in the replay, without taking it over. Esc goes
back. The screen answers with the game chosen and whether to watch it, or None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mahjong_tui.i18n import current, t
from mahjong_tui.keep.saves import when_begun

from ..keys import key_line
from .once import Once

if TYPE_CHECKING:
    from mahjong_tui.keep.saves import SavedGame
    from mahjong_tui.keep.unfinished import Unfinished


@dataclass(frozen=True, slots=True)
class Chosen:
    """A game chosen to resume, or (``watch``) to look at without playing it."""

    saved: SavedGame
    watch: bool = False


def game_line(saved: SavedGame, in_use: bool = False, *, key: str = "resume.line") -> Text:
    """What a saved game is: its rules, the hand it stopped in, who plays, when it began (and if it is in use);
    ``key``: the words around them (``resume.entry``: without the heading, for a line in a list)."""
    game, table = saved.game, saved.table
    players = "、" if current().language == "zh" else ", "
    names = players.join(t("resume.bot", name=s.name, level=t(f"resume.level_{s.bot}")) if s.bot else s.name
                         for s in table.seats)  # fmt: skip
    rules = current().pick(game.rules.en_name, game.rules.zh_name)
    started = when_begun(table.started)
    line = Text(t(key, rules=rules, hand=game.hand_number, players=names, started=started or "—"))
    if in_use:
        line.append(f" · {t('resume.in_use')}", style="#ffb74d")
    return line


def chosen_for(game: Unfinished, *, watch: bool = False) -> Chosen:
    """The answer for ``game``: a game in use elsewhere is only ever watched."""
    return Chosen(game.saved, watch=watch or game.in_use)


class ResumeScreen(ModalScreen["Chosen | None"], Once["Chosen | None"]):
    """The games not finished; Enter resumes (or watches one in use elsewhere), v watches, Esc goes back."""

    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    ResumeScreen #resume-card { width: 90%; max-width: 110; height: auto; max-height: 90%; padding: 1 2;
                                border: round #4caf50; background: $surface; }
    ResumeScreen #resume-games { height: auto; max-height: 20; }
    ResumeScreen #resume-keys { height: auto; margin-top: 1; }
    """
    BINDINGS = [
        Binding("escape,q", "back", show=False),
        Binding("v", "watch", show=False),
    ]

    def __init__(self, games: tuple[Unfinished, ...]) -> None:
        """Choose among ``games`` (newest first)."""
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        """A title, one line per game, the keys."""
        with Vertical(id="resume-card"):
            yield Static(t("resume.several", n=len(self.games)), classes="card-title")
            lines: list[Option | None] = []
            for i, g in enumerate(self.games):
                lines += [None] if i else []  # a rule between two games
                lines.append(Option(game_line(g.saved, g.in_use, key="resume.entry"), id=str(i)))
            yield OptionList(*lines, id="resume-games")
            keys = (("↑↓", "records.key_choose"), ("Enter", "new_game_kept.key_resume"), ("v", "resume.key_watch"),
                    ("Esc", "records.key_back"))  # fmt: skip
            yield Static(key_line(keys), id="resume-keys")

    def on_mount(self) -> None:
        """The newest game highlighted."""
        games = self.query_one(OptionList)
        games.highlighted = 0
        games.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Resume the game chosen (watch it, when another window plays it)."""
        self.dismiss(chosen_for(self.games[int(event.option.id or 0)]))

    def action_watch(self) -> None:
        """Watch the game highlighted, without playing it."""
        games = self.query_one(OptionList)
        if games.highlighted is not None:
            option = games.get_option_at_index(games.highlighted)
            self.dismiss(chosen_for(self.games[int(option.id or 0)], watch=True))

    def action_back(self) -> None:
        """Back, choosing nothing."""
        self.dismiss(None)
