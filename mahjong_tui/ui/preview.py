"""What a win would be and pay before its key is pressed, and the rule of the moment in one sentence.

A win offered comes with the engine's preview (:meth:`~mahjong_tui.engine.SeatView.win_preview`):
its hand types and who pays what. Where a bird (扎鸟) is drawn after the win, the preview
is the payment before it, and says so. The prompts for the 海底, the 起手小胡, robbing a
kong and the 开杠 tiles each say what the rule does there. No Textual here.
"""

from __future__ import annotations

from rich.text import Text

from mahjong_tui.engine import Action, ActionKind, Phase, ScoreResult, SeatView
from mahjong_tui.i18n import t

from .look import Look, hand_type_labels

_WIN = "bold #69f0ae"
_RULE = "#cfd8dc"


def pays(look: Look, view: SeatView, result: ScoreResult) -> str:
    """``you collect 60 (Bob 30, Carol 30)`` for the seat of ``view``."""
    payers = [
        t("preview.payer", name=look.names[s], points=-result.payments[s])
        for s in range(4)
        if s != view.seat and result.payments[s] < 0
    ]
    return t("preview.collect", points=result.payments[view.seat], payers=t("hint.separator").join(payers))


def preview_text(look: Look, view: SeatView, result: ScoreResult, *, initial: bool = False) -> Text:
    """One line: what the win is and what it pays, before the bird where there is one."""
    key = "preview.initial" if initial else "preview.win"
    out = Text(t(key, types=hand_type_labels(view.ruleset, result.types), pays=pays(look, view, result)), style=_WIN)
    if view.ruleset.bird and not initial:
        out.append(" " + t("preview.bird"), style="#ffd166")
    return out


def win_preview(look: Look, view: SeatView, action: Action) -> Text | None:
    """The preview of the win ``action`` (None: the engine has none for it)."""
    result = view.win_preview(action)
    return None if result is None else preview_text(look, view, result)


def moment_lines(look: Look, view: SeatView) -> list[Text]:
    """For a prompt: what each win offered would pay, and the rule of the moment."""
    out = []
    wins = [a for a in view.legal if a.kind is ActionKind.WIN]
    for action in wins:
        line = win_preview(look, view, action)
        if line is not None:
            out.append(line)
    phase = view.phase
    rule = None
    if phase is Phase.HAIDI:
        rule = t("moment.haidi")
    elif phase is Phase.HAIDI_TAKEN:
        rule = t("moment.haidi_taken") if not wins else t("moment.haidi_taken_win")
    elif phase is Phase.HAIDI_SHOWN:
        rule = t("moment.haidi_shown")
    elif phase is Phase.ROB:
        rule = t("moment.rob")
    elif phase in (Phase.KAIGANG_SELF, Phase.KAIGANG_CLAIM):
        rule = t("moment.kaigang_tiles")
    elif phase is Phase.INITIAL:
        from mahjong_tui.learn.hints import initial_preview  # the analysis, only when a 起手小胡 is on offer

        result = initial_preview(view)
        if result is not None:
            out.append(preview_text(look, view, result, initial=True))
        rule = t("moment.initial")
    elif phase is Phase.DEALT_WIN:
        rule = t("moment.dealt_win")
    elif phase is Phase.CLAIM and len({a.kind for a in view.legal} - {ActionKind.PASS}) > 1:
        rule = t("moment.claim_order")
    if rule:
        out.append(Text(rule, style=_RULE))
    return out
