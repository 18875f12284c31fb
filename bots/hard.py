"""The hard bot: rule-aware planning, the worth of a ready hand's waits, and the risk of each discard.

Its planner first: in Shanghai it discards toward every hand type worth aiming for and
respects the one-suit rule before claiming; in Changsha, where the race decides, it
discards for speed like normal and, once ready, keeps the waits worth most (a big type's
winning tiles count several small wins). Then, in every rule set, it reads the table
(:mod:`bots.risk`, fitted per rule set) and weighs every discard by what the hand may
still win against what the tile may feed (:mod:`bots.hard_defense`): an equally fast
discard that is safer, or far from winning any safer discard, is taken when it is worth
more (in Changsha only when it is clearly safer: ``min_feed_drop`` of its model), and the
decision record says which tile is safe against whom and which would feed whom. See
:mod:`bots.players` for what every level shares.

A ready hand whose every winning tile is already in sight (in its hand and melds, the
rivers, others' melds) cannot win before it changes its wait: in every rule set it counts
as a hand one step away with no live tile, below any discard that keeps the hand ready on a
live tile or one step away with live tiles that help, and the decision record says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mahjong_tui.engine import Action, ActionKind, KongMode, Meld, Ruleset, SeatView, Words
from mahjong_tui.engine.analysis import DiscardOption, discard_options, shanten, waits
from mahjong_tui.engine.tiles import tile_words
from mahjong_tui.engine.words import joined, said

from .hard_defense import FOLD_FROM, KEEP_HELPFUL, Option, Reading, weigh
from .planning import INF, Goal, Planner, Target, goal_key
from .players import PlanningBot, keep_value, own_tiles, unseen_counts, wait_value

_QUIET = 0.01  # below this chance of feeding anyone with any tile, the table is quiet: no weighing


class HardBot(PlanningBot):
    """Rule-aware: Shanghai hands that qualify and pay, Changsha waits by worth, 补张/开杠, 海底 by risk."""

    level = "hard"
    #: why the last decision took a safer discard than the planner's, in both languages (None: it did not)
    last_defence: Words | None = None
    #: the last discard's word on a ready hand with no live winning tile it left or kept (None: no such hand)
    last_dead_wait: Words | None = None
    _dead_kept: bool = False  # the last ranking kept a ready hand with no live winning tile
    #: how the weighing lets a discard slower than the planner's in (:func:`bots.hard_defense.weigh`)
    fold_from = FOLD_FROM
    keep_helpful = KEEP_HELPFUL
    #: weigh discards against what they may feed (False: the planner's choice alone, for a hand with no table around it)
    defends: bool = True

    def read_table(self, view: SeatView, unseen: Sequence[int]) -> Reading:
        """What this seat reads of each opponent's winning tiles (the fitted model of :mod:`bots.risk`)."""
        return Reading(view, unseen)

    def choose(self, view: SeatView) -> Action:
        """As every level; ``last_defence`` says why, when the choice is a safer discard."""
        self.last_defence = None
        self.last_dead_wait = None
        action = super().choose(view)
        if action.kind is not ActionKind.DISCARD:
            self.last_defence = None
            self.last_dead_wait = None
        return action

    def make_planner(self, rules: Ruleset) -> Planner:
        """Where a hand must qualify, every hand type worth aiming for, bigger ones a step ahead.

        In Changsha the race decides: the plain planner, as normal (measured: aiming at big
        types there loses more wins than their worth brings).
        """
        if not rules.must_qualify:
            return super().make_planner(rules)
        # a plain hand is no goal where a win must qualify: the goals are the rule set's shapes that may win
        return Planner(rules, unqualified_bonus=-float(INF), big_bonus=0.75, value_bonus=0.5, all_goals=True)

    def _rank(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        tiles: Sequence[int],
        outside: Sequence[int],
    ) -> tuple[int, float, Target, int]:
        """The planner's discard (ready in Changsha: the waits worth most), then weighed against its risk.

        Where a hand must qualify, the planner's goals; in Changsha the fastest discard and,
        ready, the one whose live winning tiles are worth most (a big type's count more).
        Then every discard is weighed by what the hand may still win against what the tile
        may feed (:mod:`bots.hard_defense`). A ready hand with no live winning tile is no
        choice while a discard keeps one live, or one step away with live tiles that help.
        """
        unseen = unseen_counts(counts, melds, outside)
        self._dead_kept = False
        if view.ruleset.must_qualify:
            options = self._options(view, counts, melds, tiles, unseen, outside)
            choice = super()._rank(view, counts, melds, tiles, outside)
            dead = next(o for o in options if o.tile == choice[0])
            if _dead(dead):
                live = [o.tile for o in options if o.distance <= 1 and o.helpful > 0]
                if live:
                    choice = super()._rank(view, counts, melds, live, outside)
                counts[dead.tile] -= 1
                winning = self.planner(view.ruleset).drawn_closer(counts, melds, 0)
                counts[dead.tile] += 1
                self._dead_wait(dead.tile if live else None, winning)
        else:
            allowed = set(tiles)
            opts = [o for o in discard_options(counts, view.ruleset.shapes, outside, melds) if o.tile in allowed]
            if opts[0].shanten == 0:
                # every wait dead: a discard one step away with live tiles that help, if any
                live = [] if any(o.shanten == 0 and o.acceptance for o in opts) else _live_steps(opts)
                if live:
                    choice = super()._rank(view, counts, melds, live, outside)
                else:
                    choice = self._ready(view, counts, melds, opts, unseen)
                ready = opts[0] if live else next(o for o in opts if o.tile == choice[0])
                if ready.shanten == 0 and not ready.acceptance:
                    self._dead_wait(ready.tile if live else None, ready.improving)
            else:
                choice = super()._rank(view, counts, melds, tiles, outside)
            options = [Option(o.tile, o.shanten, o.acceptance, "") for o in opts]
        return self._weighed(view, unseen, [_as_weighed(o) for o in options], choice)

    def _dead_wait(self, tile: int | None, winning: Sequence[int]) -> None:
        """Say why a ready hand with no live winning tile was left (``tile``: the discard that kept it) or kept."""
        self.last_dead_wait = dead_wait_words(tile, winning)
        self._dead_kept = tile is None
        self._note += f"; {self.last_dead_wait.en}"

    def _options(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        tiles: Sequence[int],
        unseen: Sequence[int],
        outside: Sequence[int],
    ) -> list[Option]:
        """Each discard's distance to its nearest goal that can win, with that goal's helpful tiles."""
        planner = self.planner(view.ruleset)
        out = []
        for t in tiles:
            counts[t] -= 1
            dist, helpful, target = planner.progress(counts, melds, unseen, outside)
            if dist <= 1 and not helpful:  # another goal as near may still have live tiles
                helpful = sum(unseen[u] for u in planner.drawn_closer(counts, melds, dist))
            counts[t] += 1
            out.append(Option(t, min(dist, 9), helpful, goal_key(target)))
        return out

    def _weighed(
        self, view: SeatView, unseen: Sequence[int], options: list[Option], choice: tuple[int, float, Target, int]
    ) -> tuple[int, float, Target, int]:
        """``choice``, or a discard worth more once the chance of feeding someone is counted."""
        if len(options) < 2 or not self.defends:
            return choice
        reading = self.read_table(view, unseen)
        if max(reading.feed(o.tile) for o in options) < _QUIET:
            return choice
        found = weigh(reading, options, choice[0], view.wall_remaining, self.fold_from, self.keep_helpful)
        if found is None:
            return choice
        tile, why = found
        if self._dead_kept:  # the dead wait is not kept after all
            self._note, self.last_dead_wait = "", None
        self._note += f"; {why.en}"
        self.last_defence = why
        alt = next(o for o in options if o.tile == tile)
        return tile, float(alt.distance), choice[2], alt.helpful

    def _ready(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        opts: list[DiscardOption],
        unseen: list[int],
    ) -> tuple[int, float, Target, int]:
        """Between discards that leave the hand ready, the one whose live winning tiles are worth most."""
        best: DiscardOption | None = None
        best_key: tuple[float, int, int, int] | None = None
        for o in opts:
            if o.shanten != 0:
                continue
            counts[o.tile] -= 1
            value = wait_value(view.ruleset, counts, melds, [(u, unseen[u]) for u in o.improving])
            counts[o.tile] += 1
            key = (-value, -o.acceptance, self._keep_bias(counts, o.tile), o.tile)
            if best_key is None or key < best_key:
                best_key, best = key, o
        assert best is not None
        return best.tile, 0.0, Target(Goal.PLAIN), best.acceptance

    def _keep_bias(self, counts: Sequence[int], t: int) -> int:
        """Honour pairs are 花 in Shanghai: keep them a little longer."""
        bias = keep_value(counts, t)
        if t >= 27 and counts[t] >= 2:
            bias += 2
        return bias

    def _claim_score(
        self, view: SeatView, a: Action, counts: list[int], melds: tuple[Meld, ...], outside: Sequence[int]
    ) -> float:
        """One-suit rule (Shanghai): a meld in a suit the hand is not aiming at locks every other suit."""
        sc = super()._claim_score(view, a, counts, melds, outside)
        if view.ruleset.one_suit_melds and a.tile is not None and a.tile < 27:
            suit = a.tile // 9
            held = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
            if held[suit] < max(held) and sc >= 1:
                sc += 0.5
        return sc

    def _kong_mode(
        self, view: SeatView, acts: list[Action], after: list[int], melds: tuple[Meld, ...], outside: Sequence[int]
    ) -> Action:
        """开杠 when ready with waits worth two tiles from the tail; 补张 otherwise."""
        kaigang = [a for a in acts if a.mode is KongMode.KAIGANG]
        if kaigang and view.wall_remaining >= 10:
            unseen = unseen_counts(after, melds, outside)
            try:
                live = sum(unseen[t] for t in waits(after, view.ruleset.shapes, melds))
            except ValueError:
                live = 0
            if live >= 4:
                return kaigang[0]
        return self._mode_choice(acts, KongMode.BUZHANG)

    def haidi(self, view: SeatView) -> Action:
        """Take the 海底 when the chance of 海底捞月 outweighs feeding a 海底炮."""
        odds = haidi_odds(view)
        if odds is None:
            return self._haidi_answer(view, False, "not ready: the 海底 only risks 海底炮")
        take = odds.take
        why = f"ready, {odds.live} live tiles of {odds.pool}: {'worth' if take else 'not worth'} the 海底炮 risk"
        return self._haidi_answer(view, take, why)


def _dead(o: Option) -> bool:
    """A discard that leaves the hand ready with no live winning tile."""
    return o.distance == 0 and o.helpful == 0


def _live_steps(opts: Sequence[DiscardOption]) -> list[int]:
    """The discards that leave the hand one step away with live tiles that help."""
    return [o.tile for o in opts if o.shanten == 1 and o.acceptance]


def _as_weighed(o: Option) -> Option:
    """A ready hand with no live winning tile must change its wait first: weighed as one step away, nothing live."""
    return replace(o, distance=1) if _dead(o) else o


def _tiles_words(tiles: Sequence[int]) -> Words:
    """``3m``, ``3m and 6m``, ``1m, 4m and 7m`` / ``三万``, ``三万和六万``, ``一万、四万和七万``."""
    names = [tile_words(t) for t in tiles]
    if len(names) == 1:
        return names[0]
    comma, last = said("hint_words.join.list"), said("hint_words.join.and")
    return joined((joined(names[:-1], comma.en, comma.zh), names[-1]), last.en, last.zh)


def dead_wait_words(tile: int | None, winning: Sequence[int]) -> Words:
    """Why a ready hand whose winning tiles are all in sight is no hand to keep, in both languages.

    ``tile``: the discard that would have left it (None: the hand keeps it, no discard leaves
    a live one); ``winning``: the tiles it waits on.
    """
    if winning:
        reason = said("hint_words.dead_every", tiles=_tiles_words(winning))
    else:
        reason = said("hint_words.dead_none")
    if tile is None:
        return said("hint_words.dead_wait_kept", reason=reason)
    return said("hint_words.dead_wait", tile=tile_words(tile), reason=reason)


@dataclass(frozen=True, slots=True)
class HaidiOdds:
    """How the hard bot weighs the 海底 for a ready hand: its live winning tiles among the unseen, and the risk."""

    live: int  # unseen copies of the winning tiles
    pool: int  # unseen tiles, any of which the 海底 may be
    win: float  # the chance the 海底 wins (海底捞月)
    threats: int  # opponents with two or more melds out
    risk: float  # the chance a shown 海底 feeds someone (海底炮): 8 % and 8 % more per such opponent
    take: bool  # the chance of winning, at what 海底捞月 pays, outweighs the risk at what 海底炮 costs


def haidi_odds(view: SeatView) -> HaidiOdds | None:
    """The hard bot's reading of the 海底 for this seat (None: the hand is not ready, so it is left)."""
    counts, melds = own_tiles(view)
    shapes = view.ruleset.shapes
    if shanten(counts, shapes, melds) != 0:
        return None
    unseen = unseen_counts(counts, melds, view.outside)
    live = sum(unseen[t] for t in waits(counts, shapes, melds))
    kinds = 34 if view.ruleset.honours else 27  # a rule set without honours has none to be the 海底
    pool = max(1, sum(unseen[:kinds]))
    win = live / pool
    threats = sum(1 for s in range(4) if s != view.seat and len(view.melds[s]) >= 2)
    risk = 0.08 * (threats + 1)
    return HaidiOdds(live, pool, win, threats, risk, win * 120 >= risk * 70)
