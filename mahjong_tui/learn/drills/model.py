"""What a drill is: one position, the question asked on it, the choices, the right answer and why.

A drill keeps the seat's view of the table (to draw it as the table does), the input a
command would take for the same position (``mahjong-tui hint`` or ``score``), and the
answer those commands give on it. Nothing here draws: the screen and the command read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mahjong_tui.engine import SeatView, Tile, Words
from mahjong_tui.engine.words import NO_WORDS, said

#: the kinds of drill, as ``--kind`` names them
KINDS = ("discard", "waits", "score", "rare")
#: the rare moments: the 海底, 开杠 or 补张, 起手小胡, 八花 dealt
MOMENTS = ("haidi", "kaigang", "initial", "bahua")


def seat_words(seat: int) -> Words:
    """``seat 2`` / ``座位2``: the table puts the player's name in its place."""
    return said("ruleset.seat", seat=seat)


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer the learner may give: its id (a tile in notation, a number, an action) and its words."""

    id: str
    words: Words


@dataclass(frozen=True, slots=True)
class Row:
    """A line of the analysis shown with the answer: a label (a discard, a wait, a way of counting) and numbers."""

    label: str
    numbers: Words
    best: bool = False


@dataclass(frozen=True, slots=True)
class Drill:
    """One question on one position, with its right answer.

    ``given`` is the command input for the position (``hint`` for discard and waits,
    ``score`` for score; for a rare moment the seat's hand as a ``hint`` input);
    ``answer`` the ids of the right choice (a discard: one tile; waits: every tile that may
    win; score: the winner's takings; rare: one action). ``payments`` is what the ``score``
    command answers on ``pays`` (a score drill, or a rare moment with a payment).
    """

    kind: str
    rules: str
    view: SeatView
    question: Words
    given: Mapping[str, object]
    answer: tuple[str, ...]
    choices: tuple[Choice, ...]
    reason: Words
    rows: tuple[Row, ...] = ()
    moment: str = ""
    shown: tuple[Tile, ...] = ()  # the hand to draw when it is not the view's (a won hand, with its winning tile)
    facts: tuple[Words, ...] = ()  # what the position says beyond the tiles (who dealt, the bird, claims …)
    pays: Mapping[str, object] | None = None  # a ``score`` input whose payments belong to the answer
    payments: tuple[int, ...] = ()
    after: Words = NO_WORDS  # what the moment showed afterwards (the 海底 tile, what declaring paid)

    def judge(self, picked: Sequence[str]) -> bool:
        """Whether ``picked`` (the ids chosen) is the right answer: for waits every winning tile and no other."""
        if self.kind == "waits":
            return sorted(set(picked)) == sorted(self.answer)
        return tuple(picked) == self.answer

    def to_json(self) -> dict[str, object]:
        """One line of ``drill --json``: the kind, the command input, the answer the command gives on it."""
        out: dict[str, object] = {"kind": self.kind, "in": dict(self.given)}
        if self.kind == "discard":
            out["answer"] = self.answer[0]
        elif self.kind == "waits":
            out["answer"] = list(self.answer)
        elif self.kind == "score":
            out["answer"] = list(self.payments)
        else:
            out["moment"] = self.moment
            out["choices"] = [c.id for c in self.choices]
            out["answer"] = self.answer[0]
            if self.pays is not None:
                out["pays"] = {"in": dict(self.pays), "answer": list(self.payments)}
        return out
