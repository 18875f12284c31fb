"""What the table asks a person outside their turn: the prompt's words, its tiles and choices."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text

from mahjong_tui.engine import ActionKind, Phase, SeatView
from mahjong_tui.i18n import say, t

from ..look import Look, hand_type_labels
from ..preview import moment_lines
from .choice import Choice, choices_for

#: the pass button's words (catalogue keys) where passing means more than letting a discard go
PASS_WORDS = {
    Phase.HAIDI: "prompt.pass_haidi",
    Phase.HAIDI_TAKEN: "prompt.pass_haidi_taken",
    Phase.INITIAL: "prompt.pass_initial",
    Phase.DEALT_WIN: "prompt.pass_dealt_win",
}


def prompt_title(look: Look, view: SeatView) -> tuple[Text, Text | None]:
    """The prompt's question for ``view``'s seat, and the tile(s) it is about (None: none shown)."""
    seat = view.seat
    title = Text(t("prompt.who", who=look.label(seat)), style="bold")
    tiles: Text | None = None
    phase = view.phase
    discarder = view.current  # in a window, the seat whose discard, kong or 海底 it is
    if phase is Phase.CLAIM:
        title.append(t("prompt.discarded", who=look.label(discarder), tile=look.word(view.last_discard or 0)))
        tiles = look.tile(view.last_discard or 0, highlight=True)
    elif phase is Phase.ROB:
        title.append(t("prompt.rob", who=look.label(discarder), tile=look.word(view.table.rob_tile or 0)))
        tiles = look.tile(view.table.rob_tile or 0, highlight=True)
    elif phase in (Phase.KAIGANG_SELF, Phase.KAIGANG_CLAIM):
        title.append(t("prompt.kaigang", who=look.label(discarder)))
        tiles = Text(" ").join(look.tile(x, highlight=True) for x in view.table.kaigang_tiles)
    elif phase is Phase.HAIDI:
        title.append(t("prompt.haidi"))
    elif phase is Phase.HAIDI_TAKEN:
        title.append(t("prompt.haidi_taken"))
        tiles = look.tile(view.last_drawn or 0, highlight=True)  # the table sees it only once shown
    elif phase is Phase.HAIDI_SHOWN:
        title.append(t("prompt.haidi_shown", who=look.label(discarder)))
        tiles = look.tile(view.table.haidi_tile or 0, highlight=True)
    elif phase is Phase.INITIAL:
        rules = view.ruleset
        types = rules.initial_wins(view.counts)
        title.append(t("prompt.initial") + " ")
        title.append(hand_type_labels(rules, types), style="bold #ffd166")
    elif phase is Phase.DEALT_WIN:
        title.append(t("prompt.dealt_win"))
    return title, tiles


def prompt_choices(view: SeatView) -> list[Choice]:
    """One choice per legal action, the pass worded for what it gives up."""
    choices = choices_for(list(view.legal))
    words = PASS_WORDS.get(view.phase)
    if words is None:
        return choices
    return [replace(c, label=t(words)) if c.action and c.action.kind is ActionKind.PASS else c for c in choices]


def prompt_info(look: Look, view: SeatView) -> list[Text]:
    """What each win offered would pay, and the rule of the moment, one sentence each."""
    return moment_lines(look, view)


def prompt_notes(view: SeatView, private: list[str]) -> list[str]:
    """Why options the seat might expect are not offered: the engine's refusals, then its own notices."""
    notes = [say(r.reason) for r in view.refusals]
    notes.extend(n for n in private if n not in notes)
    return notes
