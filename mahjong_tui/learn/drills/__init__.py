"""Drills: positions from seeded self-play where the choice matters, each with its right answer and why.

Four kinds: what to discard, which tiles win, what a win pays, and the rare moments (the
海底, 开杠 or 补张, 起手小胡, 八花 dealt). A set is drawn from a seed alone, so the same
seed gives the same set. Each answer is what ``mahjong-tui hint`` or ``score`` says on the
drill's input (:meth:`Drill.to_json`); the rare moments' is the hint panel's ★ there.

    from mahjong_tui.learn.drills import make_drills
    for drill in make_drills("changsha", "all", 8, seed=7):
        print(drill.to_json())
"""

from __future__ import annotations

from mahjong_tui.engine import get_ruleset

from .model import KINDS, MOMENTS, Choice, Drill, Row, seat_words
from .plain import plain_drills
from .rare import moments, rare_drills

__all__ = ["KINDS", "MOMENTS", "Choice", "Drill", "Row", "make_drills", "moments", "seat_words"]


def make_drills(rules: str, kind: str, count: int, seed: int, *, moment: str | None = None) -> list[Drill]:
    """``count`` drills of ``kind`` (one of :data:`KINDS`, or ``all``: every kind in turn) under the preset ``rules``,
    from seed ``seed``; ``moment``: that rare moment alone. Fewer when the seed's games bring too few up."""
    get_ruleset(rules)  # an unknown preset is refused before any game is played
    if moment is not None:
        return rare_drills(rules, count, seed, moment)
    if kind == "rare":
        return rare_drills(rules, count, seed)
    if kind != "all":
        return plain_drills(rules, kind, count, seed)
    each = -(-count // len(KINDS))
    sets = [rare_drills(rules, each, seed) if k == "rare" else plain_drills(rules, k, each, seed) for k in KINDS]
    out: list[Drill] = []
    for i in range(each):
        out.extend(s[i] for s in sets if i < len(s))
    return out[:count]
