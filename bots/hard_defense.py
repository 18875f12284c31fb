"""The hard bot's weighing of a discard: what the hand may still win against what the tile may feed.

Every discard the hard bot considers is worth ``value × chance to win − chance to deal in
× cost``: the chance to win from the distance and helpful tiles the discard leaves
(:func:`bots.risk.win_chance`), the value from what a win heading for that goal brought in
the fitting games, the chance to deal in from the fitted model of each opponent's waits
(:func:`bots.risk.deal_in_chances`). Only part of a deal-in's cost is lost by the discard:
a ready opponent that is not fed often wins anyway, by self-draw, and the seat pays then
too. A :class:`Reading` keeps the per-opponent chances so the decision record can say
which tile is safe against whom, and which would feed whom (:mod:`bots.defence_words`).

Where a preset's model sets ``min_feed_drop``, a safer discard is taken only when it is
that much less likely to feed someone: in Changsha, judged discard by discard
(``scripts/rollouts.py``, seeds 31 and 81), the small differences the reading sees lose on
average and only the large ones pay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_tui.engine import SeatView, Words

from .defence_words import why_safer
from .risk import deal_in_chances, loss_kind, model_for, win_chance

#: the part of a deal-in's cost that not feeding the tile saves (a ready hand often wins anyway)
DEAL_IN_NET = 1.0
#: this far from ready or further (2: two tiles from ready), a slower discard may be taken: a fold
FOLD_FROM = 2
#: an equally fast discard is weighed only when it keeps this share of the planner's helpful tiles
#: (the win chance read from helpful tiles alone overrates a thin hand)
KEEP_HELPFUL = 0.75


@dataclass(frozen=True, slots=True)
class Option:
    """One discard as the hard bot weighs it."""

    tile: int
    distance: int  # to the nearest goal that can win, after the discard (0 ready)
    helpful: int  # live tiles that bring it closer
    goal: str  # the goal's kind (bots.planning.goal_key)


class Reading:
    """What this seat reads of the table: each opponent's chance to win on each tile, and what feeding costs."""

    def __init__(self, view: SeatView, unseen: Sequence[int]) -> None:
        """Read the table from ``view`` (``unseen``: the copies of each kind this seat cannot see)."""
        self.view = view
        self.seat = view.seat
        self.chances = deal_in_chances(view, unseen)
        self.model = model_for(view.ruleset)
        self.loss = [0.0 if o == view.seat else self._loss(o) for o in range(4)]
        #: how much less likely to feed someone a safer discard must be to be taken (0: any safer one)
        self.min_drop: float = self.model.min_feed_drop

    def _loss(self, o: int) -> float:
        """What feeding opponent ``o`` costs on average, by the hand its melds show and the dealer."""
        view, model = self.view, self.model
        dealer = view.dealer in (o, view.seat)
        plain = model.deal_in_loss_dealer if dealer else model.deal_in_loss
        return plain * model.loss_factor.get((loss_kind(view.melds[o]), dealer), 1.0)

    def feed(self, t: int) -> float:
        """Chance that discarding ``t`` feeds someone."""
        miss = 1.0
        for o in range(4):
            miss *= 1.0 - self.chances[o][t]
        return 1.0 - miss

    def cost(self, t: int) -> float:
        """Points a discard of ``t`` loses on average by feeding someone (the net part)."""
        return DEAL_IN_NET * sum(self.chances[o][t] * self.loss[o] for o in range(4))

    def worth(self, o: Option, wall: int) -> float:
        """What this discard is worth: the hand's chance to win times what it brings, less the feeding cost."""
        rules = self.view.ruleset
        value = self.model.goal_value.get(o.goal, self.model.win_value)
        feed = self.feed(o.tile)
        return (1.0 - feed) * value * win_chance(o.distance, o.helpful, wall, rules) - self.cost(o.tile)

    def threat(self, t: int) -> tuple[int, float]:
        """The opponent likeliest to win on ``t``, and that chance."""
        best = max((o for o in range(4) if o != self.seat), key=lambda o: self.chances[o][t])
        return best, self.chances[best][t]

    def most_ready(self) -> int:
        """The opponent whose winning tiles look likeliest overall."""
        return max((o for o in range(4) if o != self.seat), key=lambda o: sum(self.chances[o]))


def weigh(
    reading: Reading,
    options: Sequence[Option],
    choice: int,
    wall: int,
    fold_from: int = FOLD_FROM,
    keep_helpful: float = KEEP_HELPFUL,
) -> tuple[int, Words] | None:
    """A discard worth more than ``choice`` once feeding is counted, and why (None: keep ``choice``).

    Near ready only an equally fast discard that keeps most of the hand's helpful tiles is
    weighed; from ``fold_from`` away, any discard (the hand is worth little, a fold costs little).
    """
    by_tile = {o.tile: o for o in options}
    mine = by_tile[choice]
    mine_worth = reading.worth(mine, wall)
    best, best_worth = mine, mine_worth
    for o in options:
        if o.distance > mine.distance and mine.distance < fold_from:
            continue
        if o.distance == mine.distance and o.helpful < keep_helpful * mine.helpful:
            continue
        w = reading.worth(o, wall)
        if w > best_worth:
            best, best_worth = o, w
    if best is mine:
        return None
    if reading.cost(best.tile) >= reading.cost(mine.tile):
        return None  # a better plan the planner did not pick; the planner knows the hand better
    if reading.min_drop and reading.feed(mine.tile) - reading.feed(best.tile) < reading.min_drop:
        return None  # too close to call: the reading is not sharp enough for a small difference to pay
    return best.tile, why_safer(reading, best.tile, mine.tile, slower=best.distance > mine.distance)
