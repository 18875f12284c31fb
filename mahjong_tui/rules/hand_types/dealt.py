"""The hand types of a dealt hand, Changsha's initial small wins (起手小胡): 四喜, 板板胡, 缺一色, 六六顺.

Each is judged on the 13 tiles dealt (the dealer's 14), declared right after the deal and
paid at once as a small self-draw (``docs/changsha.md`` "Initial small wins").
"""

from __future__ import annotations

from mahjong_tui.engine.tiles import KINDS_258

from .record import CHANGSHA, INITIAL, ChangshaWin, HandTypeRecord, Reads, Rule


def _suited(win: ChangshaWin) -> tuple[int, ...]:
    """The counts of the suited tiles dealt."""
    return win.hand.counts[:27]


SIXI = HandTypeRecord(
    "sixi", "四喜", "Four of a kind", Reads.DEALT,
    {CHANGSHA: INITIAL},
    changsha=Rule(lambda w: any(c == 4 for c in _suited(w))),
)  # fmt: skip

BANBANHU = HandTypeRecord(
    "banbanhu", "板板胡", "No 2-5-8", Reads.DEALT,
    {CHANGSHA: INITIAL},
    changsha=Rule(lambda w: not any(w.hand.counts[t] for t in KINDS_258)),
)  # fmt: skip

QUEYISE = HandTypeRecord(
    "queyise", "缺一色", "Missing suit", Reads.DEALT,
    {CHANGSHA: INITIAL},
    changsha=Rule(lambda w: not all(any(_suited(w)[start : start + 9]) for start in (0, 9, 18))),
)  # fmt: skip

LIULIUSHUN = HandTypeRecord(
    "liuliushun", "六六顺", "Two triplets", Reads.DEALT,
    {CHANGSHA: INITIAL},
    # A quad holds a triplet: real tables count four of a kind toward 六六顺 as well.
    changsha=Rule(lambda w: sum(1 for c in _suited(w) if c >= 3) >= 2),
)  # fmt: skip

DEALT = (SIXI, BANBANHU, QUEYISE, LIULIUSHUN)
