"""The hands a hand may still win with, as the hints show them: each target's steps, helping tiles and worth.

The numbers are the engine's (:mod:`mahjong_tui.engine.targets`); this adds what a learner reads
with them: the hand type a win made that way has, and what it is worth under the rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_tui.engine import Ruleset, Tile
from mahjong_tui.engine.targets import TargetProgress
from mahjong_tui.engine.words import Words
from mahjong_tui.learn.hint_words import type_label


@dataclass(frozen=True, slots=True)
class TargetHint:
    """A hand that may win (a shape target of the rule set): its steps, the draws that help, what it is worth."""

    id: str  # ``hunyise:s``, ``pengpenghu`` … (``mahjong-tui hint``'s names)
    type: str  # the hand type a win made this way has (a ``hand_types`` id)
    suit: int  # 0 万, 1 筒, 2 条 for one-suit targets, else -1
    shanten: int
    acceptance: int  # unseen copies of ``tiles``
    tiles: tuple[Tile, ...]  # the kinds whose draw lowers ``shanten``
    worth: Words  # what the hand type is worth (``1 lezi``, ``花``)
    valuable: bool  # worth fixed units (lezi) rather than its 花

    def label(self, rules: Ruleset) -> Words:
        """``混一色 in 条`` / ``条混一色``."""
        return type_label(rules, self.type, self.suit)


def target_hints(rules: Ruleset, progress: Sequence[TargetProgress]) -> tuple[TargetHint, ...]:
    out = []
    for p in progress:
        kind = rules.target_type(p.target.kind)
        out.append(TargetHint(p.target.id, kind, p.target.suit, p.shanten, p.acceptance, p.tiles,
                              rules.type_value(kind), rules.lezi_of(kind) > 0))  # fmt: skip
    return tuple(out)
