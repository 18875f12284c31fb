"""The expert: the hard bot's judgement, then a look ahead at every choice that is close.

At a decision with more than one sensible choice (which tile to discard of those that leave
the hand as near a win as the nearest does, where a hand must qualify near a hand that may
win there as the hard bot's planner measures it; whether to claim a discard and how; whether
to lay a quad down), the expert deals what its seat cannot see many times over
(:class:`~bots.playout.Sampler`), plays each candidate out to the hand's end on the same
deal (:func:`~bots.playout.play_out`), and takes the candidate whose play-outs bring the
most points on average, when it beats the hard bot's own choice by more than the spread of
the play-outs says chance could. Every other decision, and a close call, is the hard bot's;
so are the discards of a hand that must qualify while it is still far from ready
(``FAR_QUALIFY``), which the play-outs, aiming such a hand crudely, judge worse than the
hard bot's planner does. There too a chi or pong the hard bot makes stands: passing it is not weighed
(``_MELDS``).
The play-outs deal the other hands as hands kept over their seats' turns, but from any of
the unseen tiles, so they cannot read a river as the hard bot does. A discard likelier than
the hard bot's to feed an opponent is not weighed at all, and the chance that a discard
weighed feeds someone, with what that costs, is the hard bot's
reading; the play-out goes on from the discard let pass.
Once a few deals are in, a candidate the play-outs show surely worse than the hard bot's
choice is dropped, and the thinking ends when none is left in doubt: the time goes to the
choices that may still win out, and a plain decision is made at once.

The play-outs run until the time budget is spent (``think_ms``, 150 ms by default), or for
a set number of deals (``playouts``: a decision then depends on nothing but the seed and
the view). Deals come from one stream seeded by the bot's seed and the moment of the hand,
so the same number of deals gives the same decision.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt
from random import Random

from mahjong_tui.engine import Action, ActionKind, KongMode, Meld, MeldKind, Phase, SeatView, claimed_meld
from mahjong_tui.engine.analysis import discard_options, shanten

from .hard import HardBot
from .hard_defense import Option, Reading
from .players import unseen_counts
from .playout import Deal, Sampler, play_out

#: the time a decision may take by default
THINK_MS = 150
#: how many steps slower than the fastest a discard weighed may leave the hand (0: as fast; the play-outs, with no
#: claims but pongs, judge a slower hand worse than play does: measured, a step's slack lost wins in Changsha)
STEP_SLACK = 0
#: where a hand must qualify (Shanghai), how far from ready (by any shape) a hand may be for its discards to be weighed:
#: a farther hand's discards are the hard bot's (measured, play-outs that aim a far hand crudely lose there)
FAR_QUALIFY = 3
#: how many discards are weighed at most (the hard bot's and the best others by the hand's progress)
MAX_DISCARDS = 4
#: fewest deals before a choice other than the hard bot's may be taken
MIN_DEALS = 6
#: deals played before a candidate may be dropped as surely worse than the hard bot's choice
RACE_FROM = 12
#: how much likelier than the hard bot's discard to feed an opponent another discard weighed may be
RISK_SLACK = 0.01
#: how many standard errors a candidate's gain over the hard bot's choice must exceed
SURE = 2.0


#: the claims weighed against passing
_CLAIMS = (ActionKind.CHI, ActionKind.PONG, ActionKind.PASS)
#: where a hand must qualify (Shanghai), a chi or pong the hard bot makes is part of its planner's aim, which the
#: play-outs follow crudely: passing it is not weighed (measured, passing a chi or pong hard made lost points in every
#: Shanghai preset, -2.5 to -7 a decision, where in Changsha it gained)
_MELDS = (ActionKind.CHI, ActionKind.PONG)
#: the quads weighed: laid down, a tile drawn in place (Changsha's 开杠, two tiles at once, is the hard bot's call)
_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.KONG)
_REPLACED = (None, KongMode.KONG, KongMode.BUZHANG)


@dataclass(frozen=True, slots=True)
class Weighed:
    """One candidate, played out: its mean points over the deals, its gain over the hard bot's choice played out on
    the same deals, and how far behind the best candidate it falls, each with one standard error."""

    action: Action
    mean: float
    gain: float
    error: float
    deals: int
    behind: float = 0.0
    behind_error: float = 0.0


def paired(points: list[float], against: list[float]) -> tuple[float, float]:
    """The mean of ``points`` less ``against`` deal by deal (over the deals both were played on: the first ones), and
    its standard error."""
    n = min(len(points), len(against))
    diffs = [p - q for p, q in zip(points[:n], against[:n], strict=True)]
    mean = sum(diffs) / n
    spread = max(0.0, sum(d * d for d in diffs) / n - mean * mean)
    return mean, sqrt(spread / max(1, n - 1))


def _surely_worse(points: list[float], hard: list[float]) -> bool:
    """The deals so far show a candidate worse than the hard bot's choice by more than ``SURE`` standard errors."""
    gain, error = paired(points, hard)
    return gain + SURE * error < 0


class ExpertBot(HardBot):
    """Looks ahead by playing each close choice out, many times, over what it cannot see."""

    level = "expert"

    def __init__(self, seat: int, seed: int = 0, *, think_ms: float = THINK_MS, playouts: int | None = None) -> None:
        """The expert at ``seat``; ``think_ms``: the time a decision may take; ``playouts``: deals per decision
        instead (a fixed number: the decision depends only on the seed and the view)."""
        super().__init__(seat, seed)
        self.think_ms = think_ms
        self.playouts = playouts
        #: the candidates of the last decision that was looked ahead at, best first (empty: none was)
        self.last_weighed: tuple[Weighed, ...] = ()
        self._reading: Reading | None = None  # the table read at the decision weighed (a turn's)
        self._ref: int | None = None  # the discard a kong is charged for at that turn
        self._read_of: SeatView | None = None
        self._reading_of: Reading | None = None  # the table read of that view
        self._options_of: tuple[SeatView, tuple[int, ...], list[Option]] | None = None  # hard's options at a view

    def hard_choice(self, view: SeatView) -> Action:
        """What the hard bot would do here (the first candidate, and the choice unless one is surely better)."""
        return super().choose(view)

    def choose(self, view: SeatView) -> Action:
        """The hard bot's choice, unless playing the close choices out shows a better one."""
        hard = self.hard_choice(view)
        self.last_weighed = ()
        candidates = self.candidates(view, hard)
        if len(candidates) < 2:
            return hard
        weighed = self.weigh(view, candidates, hard)
        self.last_weighed = weighed
        for w in weighed:  # best first: the first that surely gains over the hard bot's choice, if any
            if w.action != hard and w.deals >= MIN_DEALS and w.gain > SURE * w.error:
                return w.action
        return hard

    # ------------------------------------------------------------------ what is weighed
    def candidates(self, view: SeatView, hard: Action) -> list[Action]:
        """The sensible choices of this decision, the hard bot's first (one or none: nothing to weigh)."""
        if hard.kind is ActionKind.WIN:
            return []
        legal = view.legal
        kongs = [a for a in legal if a.kind in _KONGS and a.mode in _REPLACED]
        if view.phase is Phase.TURN and (hard.kind is ActionKind.DISCARD or hard in kongs):
            if self.far(view) is not None:  # a far hand's discards are the hard bot's: only its quads weighed against
                return [hard] + [a for a in kongs if a != hard] if kongs else []
            discards = {a.tile: a for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None}
            close = self._nearest(view, list(discards))
            if hard in kongs:  # the kong, or the discards that keep the hand fastest
                return [hard] + [a for a in kongs if a != hard] + [discards[t] for t in close[: MAX_DISCARDS - 1]]
            # No discard riskier than the hard bot's: its read of each river is what the play-outs, dealing the
            # others' hands at random, cannot see.
            assert hard.tile is not None
            reading = self._read(view)
            risk = reading.feed(hard.tile) + RISK_SLACK
            out = [hard] + [discards[t] for t in close if t != hard.tile and reading.feed(t) <= risk]
            return out[:MAX_DISCARDS] + kongs
        if view.phase is Phase.CLAIM:
            claims = [a for a in legal if a.kind in _CLAIMS or a in kongs]
            if view.ruleset.must_qualify and hard.kind in _MELDS:  # the meld stands: passing it is not weighed
                claims = [a for a in claims if a.kind is not ActionKind.PASS]
            if hard in claims and len(claims) > 1:
                return [hard] + [a for a in claims if a != hard]
        return []

    def far(self, view: SeatView) -> int | None:
        """How many steps from ready ``view``'s hand is, where it must qualify and is ``FAR_QUALIFY`` steps or more
        (by any shape) from ready, so that its discards are the hard bot's; None otherwise."""
        rules = view.ruleset
        if not rules.must_qualify:
            return None
        steps = shanten(view.counts, rules.shapes, view.melds[view.seat])
        return steps if steps >= FAR_QUALIFY else None

    def _nearest(self, view: SeatView, tiles: list[int]) -> list[int]:
        """The discards of ``tiles`` that leave the hand as near a win as the nearest does, nearest and with most
        tiles that help first. Where a hand must qualify (Shanghai), near a hand that may win there, as the hard bot's
        planner measures it (its goals: a plain hand is none); elsewhere near any shape the rule set lets win."""
        counts = list(view.counts)
        melds = view.melds[view.seat]
        if view.ruleset.must_qualify:
            unseen = unseen_counts(counts, melds, view.outside)
            goals = sorted(
                self._options(view, counts, melds, tiles, unseen, view.outside), key=lambda o: (o.distance, -o.helpful)
            )
            return [o.tile for o in goals if o.distance <= goals[0].distance + STEP_SLACK]
        options = [o for o in discard_options(counts, view.ruleset.shapes, view.outside, melds) if o.tile in tiles]
        return [o.tile for o in options if o.shanten <= options[0].shanten + STEP_SLACK]

    def weigh(
        self, view: SeatView, candidates: list[Action], hard: Action, *, race: bool = True
    ) -> tuple[Weighed, ...]:
        """Each candidate played out on the same deals, as many as the budget allows; best first.

        ``race``: a candidate that the play-outs so far show surely worse than the hard bot's choice is dropped (its
        figures are those of the deals it was played on), and the thinking stops once no other candidate is left:
        the budget goes to the choices still in doubt, and a plain decision is made at once."""
        sampler = Sampler(view, Random(self._moment_seed(view)))
        if not sampler.ok:
            return ()
        points: list[list[float]] = [[] for _ in candidates]
        live = list(range(len(candidates)))
        self._reading, self._ref = None, None
        if view.phase is Phase.TURN:
            self._reading = self._read(view)
            # the discard a kong's charge is read for: the hard bot's, or the first discard weighed
            self._ref = next((a.tile for a in candidates if a.kind is ActionKind.DISCARD), None)
        deadline = time.perf_counter() + self.think_ms / 1000
        limit = self.playouts
        while (
            (len(points[0]) < limit)
            if limit is not None
            else (len(points[0]) < MIN_DEALS or time.perf_counter() < deadline)
        ):
            dealt = len(points[0])
            if race and dealt >= RACE_FROM and dealt % max(4, dealt // 8) == 0:  # a few looks each doubling
                live = [0] + [i for i in live[1:] if not _surely_worse(points[i], points[0])]
                if len(live) == 1:
                    break
            deal = sampler.deal()
            for i in live:
                points[i].append(self.play(view, deal, candidates[i]))
        # A candidate dropped early was played on the first deals only: its mean is the hard bot's choice's over every
        # deal, plus its gain over that choice on the deals both were played on (the same as its own mean when it
        # was played on every deal), so that luck in the first deals ranks nothing.
        base = sum(points[0]) / len(points[0])
        gains = [paired(p, points[0]) for p in points]
        means = [base + gain for gain, _ in gains]
        top = max(range(len(candidates)), key=lambda i: (means[i], candidates[i] == hard))
        out = []
        for i, a in enumerate(candidates):
            gain, error = gains[i]
            behind, behind_error = paired(points[top], points[i])
            out.append(Weighed(a, means[i], gain, error, len(points[i]), behind, behind_error))
        return tuple(sorted(out, key=lambda w: (-w.mean, w.action != hard)))

    def play(self, view: SeatView, deal: Deal, action: Action) -> float:
        """The points this seat gains when ``action`` is made on a copy of ``deal`` and the hand played out."""
        seat = view.seat
        mine = Deal([c[:] for c in deal.counts], list(deal.melds), [f[:] for f in deal.flowers], deal.wall[:])
        rules = view.ruleset
        if action.kind is ActionKind.DISCARD and self._reading is not None and action.tile is not None:
            # Whether the discard feeds someone is read from the rivers, as the hard bot reads it: the play-out,
            # with the other hands dealt at random, goes on from the discard let pass.
            return self._charged(play_out(mine, rules, view, seat, True, discard=action.tile, passed=True), action.tile)
        if action.kind is ActionKind.DISCARD:
            result = play_out(mine, rules, view, seat, True, discard=action.tile)
        elif action.kind is ActionKind.PASS:
            result = play_out(mine, rules, view, (view.table.current + 1) % 4, False)
        elif action.kind in _KONGS:  # the quad laid down, and a tile drawn in its place
            t = action.tile
            assert t is not None
            held = mine.counts[seat]
            if action.kind is ActionKind.KONG:
                used, meld = claimed_meld(action, view.table.current)
                for u in used:
                    held[u] -= 1
                mine.melds[seat] = (*mine.melds[seat], meld)
            elif action.kind is ActionKind.CONCEALED_KONG:
                held[t] -= 4
                mine.melds[seat] = (*mine.melds[seat], Meld(MeldKind.CONCEALED_KONG, (t,) * 4))
            elif action.kind is ActionKind.ADDED_KONG:
                held[t] -= 1
                mine.melds[seat] = tuple(
                    Meld(MeldKind.ADDED_KONG, (t,) * 4, m.claimed, m.source)
                    if m.kind is MeldKind.PONG and m.first == t
                    else m
                    for m in mine.melds[seat]
                )
            if self._reading is not None and self._ref is not None:  # the discard after the draw pays as one weighed
                return self._charged(play_out(mine, rules, view, seat, False, passed=True), self._ref)
            result = play_out(mine, rules, view, seat, False)
        else:
            used, meld = claimed_meld(action, view.table.current)
            for t in used:
                mine.counts[seat][t] -= 1
            mine.melds[seat] = (*mine.melds[seat], meld)
            result = play_out(mine, rules, view, seat, True)
        return float(result[seat])

    def _charged(self, result: tuple[int, ...], tile: int) -> float:
        """This seat's points of a play-out whose first discard ``tile`` was let pass, with the table read's chance
        that the discard feeds someone and what that costs; a gap from the discard the kongs are charged for smaller
        than the reading can tell (``min_drop``) is no gap."""
        reading, ref = self._reading, self._ref
        assert reading is not None
        if ref is not None and abs(reading.feed(tile) - reading.feed(ref)) < reading.min_drop:
            tile = ref
        return (1.0 - reading.feed(tile)) * result[self.seat] - reading.cost(tile)

    def _options(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        tiles: Sequence[int],
        unseen: Sequence[int],
        outside: Sequence[int],
    ) -> list[Option]:
        """The hard bot's discard options, kept for the view: its choice and the expert's candidates both ask."""
        kept = self._options_of
        if kept is not None and kept[0] is view and kept[1] == tuple(tiles):
            return list(kept[2])
        options = super()._options(view, counts, melds, tiles, unseen, outside)
        self._options_of = (view, tuple(tiles), options)
        return list(options)

    def _read(self, view: SeatView) -> Reading:
        """The hard bot's read of the table at ``view`` (worked out once a view: the candidates and the weighing
        both ask)."""
        if self._read_of is not view or self._reading_of is None:
            counts, melds = list(view.counts), view.melds[view.seat]
            self._read_of, self._reading_of = view, self.read_table(view, unseen_counts(counts, melds, view.outside))
        return self._reading_of

    def _moment_seed(self, view: SeatView) -> int:
        """The seed of this decision's deals: the bot's seed, its seat and the moment of the hand."""
        table = view.table
        moment = (table.hand_number, table.wall.remaining, sum(len(r) for r in table.rivers), view.phase.value)
        return zlib.crc32(repr((self.seed, self.seat, moment, tuple(view.counts))).encode())
