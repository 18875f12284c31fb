"""The review of a hand for one player: how their hand ended, and the moments that mattered, one line each.

Opened from the end-of-hand screen (``v``). With two or more people at the screen each
review is private (what a player was offered and let go is theirs): each comes behind the
player's curtain, one after another (:func:`~mahjong_tui.ui.screens.asking.reviews`).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from mahjong_tui.i18n import t
from mahjong_tui.learn.review import Review

from ..keys import Worded
from ..look import Look, meld_text
from ..widgets.term_links import LinkedStatic, link_terms
from ..wrapping import wrapped
from .once import Once

_KIND_STYLE = {
    "discard": "#ffd166",
    "defence": "#ffab91",
    "passed_win": "#ff8a80",
    "dealt_in": "#ff6b6b",
    "claim": "#8ab4f8",
    "declined": "#9aa0a6",
    "won": "#69f0ae",
}


def review_body(look: Look, review: Review) -> RenderableType:
    """The review: the end of the hand (tiles, steps, waits), then one line per moment; each rule term its sentences
    name a link to its glossary entry."""
    seat = review.seat
    rules = look.table.ruleset.name
    parts: list[RenderableType] = []
    parts.append(Text(t("review.title", hand=review.hand_number, who=look.label(seat)), style="bold #ffd166"))
    hand = Text()
    for tile in look.table.concealed[seat] or ():
        hand.append_text(look.tile(tile))
        hand.append(" ")
    for m in look.table.melds[seat]:
        hand.append(" ")
        hand.append_text(meld_text(look, m, seat))
    parts += [Text(""), hand, link_terms(look.told(review.end), rules)]
    waits = review.waits
    if waits:
        line = Text(t("review.waits") + " ", style="#9aa0a6")
        for w in waits:
            line.append_text(look.tile(w.tile))
            line.append(f" {t('hint.left', n=w.left)}" + ("" if w.qualifies else " ✕") + "  ")
        parts.append(line)
    parts += [Text(""), Text(t("review.moments"), style="bold")]
    if not review.moments:
        parts.append(Text(t("review.none"), style="#9aa0a6"))
    for moment in review.moments:
        number = f"{moment.index:>3}  "
        line = Text(number, style="#9aa0a6")
        kind = moment.kind
        line.append(t("review.moment", kind=t("review.kind." + kind)), style=f"bold {_KIND_STYLE.get(kind, '')}")
        line.append_text(link_terms(look.told(moment.text), rules))
        parts.append(wrapped(line, hang=len(number)))  # a moment wraps under its words, its turn in a column
    return Group(*(wrapped(p) for p in parts))


class ReviewScreen(Worded, ModalScreen[None], Once[None]):
    """One player's review of the hand just played."""

    BINDINGS = [
        Binding("escape,v,q", "close", "help.key_close"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("g", "app.glossary", show=False),  # the rule terms the review names
    ]

    def __init__(self, look: Look, review: Review) -> None:
        """The review of ``review.seat``, drawn with the end-of-hand ``look``."""
        super().__init__()
        self.look = look
        self.review = review

    def compose(self) -> ComposeResult:
        """The review in a scroll, and the keys."""
        with Vertical(id="review-card"):
            with VerticalScroll(id="review-scroll"):
                yield LinkedStatic(review_body(self.look, self.review), id="review-body")
            yield Static(Text(t("review.keys"), style="#9aa0a6"), id="review-keys")

    def action_scroll(self, lines: int) -> None:
        """Scroll the review."""
        self.query_one("#review-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        """Back to the end of the hand."""
        self.dismiss(None)
