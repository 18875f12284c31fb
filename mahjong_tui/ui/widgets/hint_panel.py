"""The hint panel: steps to ready, what the hand is heading for, every discard, every wait, the danger marks.

Everything in it is worked out from one seat's own view (:func:`mahjong_tui.learn.hints.hint_for_view`,
:func:`mahjong_tui.learn.danger.dangers` and :func:`mahjong_tui.learn.danger.defence_choice`): the panel
of a person never holds another seat's tiles. The same advice marks the hand itself: ★ on the
suggested discard, ✓ △ ▲ for a tile's danger (safe, low, high). While an opponent looks close
to ready and the hard bot would take a safer discard, that discard is the suggestion (★) and
a line says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from mahjong_tui.engine import Phase, SeatView, Tile, Words
from mahjong_tui.engine.words import said
from mahjong_tui.i18n import catalogue, current, say, t

from ..look import Look, hand_type_labels
from ..wrapping import Wrapped
from .term_links import LinkedStatic, link_terms

if TYPE_CHECKING:  # the hints and the danger marks are imported when a panel is first worked out, after the first frame
    from mahjong_tui.learn.danger import Danger
    from mahjong_tui.learn.hints import DiscardHint, Hint, WaitHint

#: a danger level's mark on a tile, and its colour
LEVEL_MARKS = {"safe": ("✓", "#69f0ae"), "low": ("△", "#ffd166"), "high": ("▲", "#ff6b6b")}
SUGGEST = ("★", "#ffd166")
_DIM = "#9aa0a6"


@dataclass(frozen=True, slots=True)
class Advice:
    """What the panel says to one seat at one moment: the hint, the danger marks and the defence from its view."""

    view: SeatView
    hint: Hint
    dangers: tuple[Danger, ...]
    defence: Words | None = None  # why the hard bot would take a safer discard (None: it would not)

    def danger(self, tile: Tile) -> Danger | None:
        """The danger mark of a held tile (None while no opponent looks close to ready)."""
        return next((d for d in self.dangers if d.tile == tile), None)

    def discard(self, tile: Tile) -> DiscardHint | None:
        """What discarding ``tile`` leaves (None when the hand is not about to discard)."""
        return next((d for d in self.hint.discards if d.tile == tile), None)


def advise(view: SeatView) -> Advice:
    """The advice for a seat's view: the hard bot's choice is the suggestion, with its defence and why."""
    from mahjong_tui.learn.danger import dangers
    from mahjong_tui.learn.hints import hint_for_view

    hint = hint_for_view(view)
    marks = dangers(view)
    if hint.defence is not None and not marks:  # the suggestion defends: the hand shows against what
        marks = dangers(view, everyone=True)
    return Advice(view, hint, marks, hint.defence)


def short_steps(n: int) -> str:
    """``ready``, ``1 step``, ``3 steps`` (听牌, 一向听, 三向听; in both languages ``三向听 · 3 steps``)."""
    english = catalogue("en")
    if n < 0:
        en = english("hint.complete")
    elif n == 0:
        en = english("hint.ready")
    else:
        en = english("hint.one_step") if n == 1 else english("hint.steps", n=n)
    from mahjong_tui.learn.hints import steps

    return current().pick(en, steps(n).zh)


def hand_marks(advice: Advice, tiles: Sequence[Tile], drawn_apart: bool) -> list[Text]:
    """Per tile as the hand shows it: ★ on the suggested discard (one copy: the drawn tile first), its danger."""
    marks = [Text() for _ in tiles]
    suggest = advice.hint.suggest if advice.view.phase is Phase.TURN else None
    if suggest is not None and suggest in tiles:
        at = len(tiles) - 1 if drawn_apart and tiles[-1] == suggest else len(tiles) - 1 - tiles[::-1].index(suggest)
        marks[at].append(SUGGEST[0], style=f"bold {SUGGEST[1]}")
    for i, tile in enumerate(tiles):
        d = advice.danger(tile)
        if d is not None:
            sign, colour = LEVEL_MARKS[d.level]
            marks[i].append(sign, style=f"bold {colour}")
    return marks


def _heading(look: Look, advice: Advice) -> Text:
    """Steps to ready, what the hand is heading for, and (where a win must qualify) the 花 so far."""
    view, hint = advice.view, advice.hint
    out = Text(t("hint.title", steps=say_win_steps(hint)), style="bold #ffd166")
    hua = view.ruleset.hua(view.melds[view.seat], view.table.flowers[view.seat])
    if hua is not None:
        out.append(" · " + t("hint.flowers", n=hua), style=_DIM)
    if hint.heading.en:
        out.append("\n→ " + look.told(hint.heading), style="#cfd8dc")
    return out


def say_win_steps(hint: Hint) -> str:
    """Steps to a hand that may win (the heading below says when a plain shape is nearer and cannot win)."""
    if hint.win_shanten is None:
        return say(said("hint_words.none_left"))
    from mahjong_tui.learn.hints import steps

    return say(steps(hint.win_shanten))


def _selected(look: Look, advice: Advice, tile: Tile) -> Text:
    """The selected tile: what discarding it leaves (unless it is the suggestion), and its danger."""
    out = Text()
    option = advice.discard(tile)
    if option is not None and tile != advice.hint.suggest:
        out.append(t("hint.selected", tile=look.word(tile), steps=_win_steps(option), n=option.win_acceptance))
    d = advice.danger(tile)
    if d is not None:
        sign, colour = LEVEL_MARKS[d.level]
        if out:
            out.append("\n")
        out.append(t("hint.mark", sign=sign, level=t("hint.level." + d.level)), style=f"bold {colour}")
        out.append(look.told(d.why))
    return out


def _discards(look: Look, advice: Advice) -> list[Text]:
    """Every discard, best first, one line each (cut with … where the panel ends): the steps it leaves,
    how many unseen tiles then help, which."""
    rows = [Text(t("hint.discards"), style=f"bold {_DIM}", no_wrap=True, overflow="ellipsis")]
    suggest = advice.hint.suggest
    for option in advice.hint.discards:
        out = Text(no_wrap=True, overflow="ellipsis")
        rows.append(out)
        out.append(SUGGEST[0] if option.tile == suggest else " ", style=f"bold {SUGGEST[1]}")
        out.append_text(look.tile(option.tile))
        d = advice.danger(option.tile)
        if d is not None:
            sign, colour = LEVEL_MARKS[d.level]
            out.append(sign, style=f"bold {colour}")
        else:
            out.append(" ")
        out.append(f" {_win_steps(option):<8} {option.win_acceptance:>3}  ")
        out.append(" ".join(look.word(x) for x in option.win_tiles), style=_DIM)
    return rows


def _win_steps(option: DiscardHint) -> str:
    """The steps to a win a discard leaves, short (``—`` when no hand that may win is left)."""
    return short_steps(option.win_shanten) if option.win_shanten is not None else "—"


def _wait_line(look: Look, view: SeatView, wait: WaitHint) -> Text:
    """One wait: the tile, copies unseen, and what a win on it pays or why it cannot win."""
    out = Text(" ")
    out.append_text(look.tile(wait.tile))
    out.append(f" {t('hint.left', n=wait.left)}  ")
    if wait.qualifies:
        out.append(hand_type_labels(view.ruleset, wait.types), style="bold #69f0ae")
        out.append(" " + t("hint.pays", points=wait.points))
        if wait.by_discard:
            who = t("hint.separator").join(
                t("hint.discarder", name=look.names[w.seat], points=w.points) if w.if_ready is None
                else t("hint.discarder_ready", name=look.names[w.seat], points=w.points, ready=w.if_ready)
                for w in wait.by_discard
            )  # fmt: skip
            out.append(" · " + t("hint.by_discard", who=who), style=_DIM)
        if not wait.on_discard and wait.why.en:
            out.append(" · " + look.told(wait.why), style="#ffd166")
    else:
        out.append("✕ " + look.told(wait.why), style="#ff8a80")
    return out


def _waits(look: Look, advice: Advice) -> Text:
    """Every wait of a ready hand."""
    out = Text(t("hint.waits"), style=f"bold {_DIM}")
    for wait in advice.hint.waits:
        out.append("\n")
        out.append_text(_wait_line(look, advice.view, wait))
    return out


def _danger_line(look: Look, advice: Advice) -> Text | None:
    """Who looks close to ready, and what the marks mean."""
    if not advice.dangers:
        return None
    seats: list[int] = []
    for d in advice.dangers:
        if d.level != "safe" and d.seat not in seats:
            seats.append(d.seat)
    sep = t("hint.separator")
    who = sep.join(look.names[s] for s in seats) or sep.join(sorted({look.names[d.seat] for d in advice.dangers}))
    from mahjong_tui.learn.danger import near_ready

    close = near_ready(advice.view)
    out = Text(t("hint.danger" if close else "hint.danger_read", who=who) + " ", style="bold #ff8a80")
    for level in ("safe", "low", "high"):
        sign, colour = LEVEL_MARKS[level]
        out.append(f"{sign} {t('hint.level.' + level)}  ", style=colour)
    return out


def _defence_line(look: Look, advice: Advice) -> Text | None:
    """Which tile the hard bot's reading would take as safer, against whom, and which would feed whom."""
    if advice.defence is None:
        return None
    out = Text(t("hint.defence"), style="bold #ff8a80")
    out.append(look.told(advice.defence), style="#ffcdd2")
    return out


def hint_body(look: Look, advice: Advice, selected: Tile | None) -> Group:
    """The panel for a seat: the heading, the suggestion, the defence and the selected tile, every discard
    (or every wait), who looks close to ready; each rule term its sentences name a link to its glossary entry."""
    hint = advice.hint
    parts = [_heading(look, advice)]
    rows: list[Text] = []  # every discard, a row each: figures, not sentences
    if hint.advice.en:
        parts.append(Text(f"{SUGGEST[0]} " + look.told(hint.advice), style="#ffe9a8"))
    if hint.discards:
        if hint.suggest is not None and hint.why.en:
            parts.append(Text(f"{SUGGEST[0]} " + look.told(hint.why), style="#ffe9a8"))
        defence = _defence_line(look, advice)
        if defence is not None:
            parts.append(defence)
        if selected is not None:
            chosen = _selected(look, advice, selected)
            if chosen:
                parts.append(chosen)
        rows = _discards(look, advice)
    else:
        if hint.claim.en:
            parts.append(Text(f"{SUGGEST[0]} " + look.told(hint.claim), style="#ffe9a8"))
        if hint.why.en:
            parts.append(Text(look.told(hint.why), style="#cfd8dc"))
        if hint.waits:
            parts.append(_waits(look, advice))
    danger = _danger_line(look, advice)
    rules = advice.view.ruleset.name
    sentences = [Wrapped(link_terms(p, rules)) for p in parts]
    return Group(*sentences, *map(Wrapped, rows), *([Wrapped(link_terms(danger, rules))] if danger else []))


class HintPanel(VerticalScroll):
    """One person's hints, scrolling when they do not fit."""

    DEFAULT_CSS = """
    HintPanel { background: #10251b; padding: 0 1; scrollbar-size-vertical: 1; }
    HintPanel > Static { width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        """The body."""
        yield LinkedStatic(classes="hint-body")

    def show(self, body: Group) -> None:
        """Show ``body``."""
        self.query_one(".hint-body", Static).update(body)
