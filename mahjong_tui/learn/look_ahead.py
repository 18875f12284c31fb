"""Thinking longer: the expert's look ahead at a decision, in words a learner reads.

The hint panel's ★ is the hard bot's choice. Asked to think longer, the panel plays each
close choice of the seat's decision out to the hand's end many times, the tiles the seat
cannot see dealt anew each time (:class:`bots.expert.ExpertBot`), and says what each choice
brought on average, and how sure that is: a choice behind the best by more than the
expert's ``SURE`` standard errors of the play-outs is worse; within them, as good as far as
they tell. A turn the expert leaves to the hard bot's plan (a hand that must qualify, far from
ready: ``FAR_QUALIFY``) is said to be so, with how far the hand is.
"""

from __future__ import annotations

from dataclasses import dataclass

from bots.expert import FAR_QUALIFY, SURE, ExpertBot, Weighed
from mahjong_tui.engine import ActionKind, Phase, SeatView, Words
from mahjong_tui.engine.words import said
from mahjong_tui.learn.hint_words import bare_steps

#: how long the panel thinks, by default
THINK_MS = 1000


@dataclass(frozen=True, slots=True)
class LookAhead:
    """The choices weighed at one decision (best first), and in words."""

    weighed: tuple[Weighed, ...]
    #: nothing weighed as the hand must qualify and is this many steps from ready (None: not so)
    far: int | None = None

    @property
    def deals(self) -> int:
        """How many times each choice was played out."""
        return self.weighed[0].deals if self.weighed else 0

    def lines(self) -> list[Words]:
        """A heading, then one line a choice: its mean points, and whether it is the best, as good, or worse. With
        nothing weighed, why: a turn whose hand must qualify and is far from ready, or one sensible choice."""
        if not self.weighed and self.far is not None:
            return [said("look_ahead.far", steps=bare_steps(self.far), near=bare_steps(FAR_QUALIFY - 1))]
        if not self.weighed:
            return [said("look_ahead.none")]
        out = [said("look_ahead.title", deals=self.deals)]
        for i, w in enumerate(self.weighed):
            values = {"move": w.action.words(), "points": f"{w.mean:+.1f}"}
            if i == 0:
                out.append(said("look_ahead.best", **values))
                continue
            gap = {"behind": f"{w.behind:.1f}", "error": f"{w.behind_error:.1f}"}
            out.append(
                said("look_ahead.worse" if w.behind > SURE * w.behind_error else "look_ahead.close", **values, **gap)
            )
        return out


def look_ahead(view: SeatView, think_ms: float = THINK_MS, playouts: int | None = None) -> LookAhead:
    """The expert's look at ``view``'s decision: each close choice played out for ``think_ms`` (or ``playouts``
    deals); nothing weighed when the decision has one sensible choice, or at a turn whose hand must qualify and is
    ``FAR_QUALIFY`` or more steps from ready (``far``: how many), where the hard bot's plan stands."""
    bot = ExpertBot(view.seat, 0, think_ms=think_ms, playouts=playouts)
    hard = bot.hard_choice(view)
    candidates = bot.candidates(view, hard)
    if len(candidates) < 2:  # a far hand's turn (the hard bot's plan), or a decision with one sensible choice
        far = hard.kind is not ActionKind.WIN and view.phase is Phase.TURN
        return LookAhead((), bot.far(view) if far else None)
    return LookAhead(bot.weigh(view, candidates, hard, race=False))  # every choice on every deal: alike to compare
