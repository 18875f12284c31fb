"""The three bot levels: easy, normal and hard, for every rule set.

Every level takes every win it is offered and declares Changsha's initial small wins;
they differ in how they discard, claim, kong and take the 海底:

* easy keeps pairs and partial sets by a simple count of neighbours, pongs honour
  pairs (or any pair when it holds another one for the eyes) and kongs whatever it can;
* normal discards by shanten, then tile acceptance, toward the rule set's winning hand
  (in Shanghai also toward a one-suit hand, since a plain hand cannot qualify) and
  claims only when a claim lowers its shanten or completes a valuable set;
* hard (:mod:`bots.hard`), in Shanghai, discards toward every hand type worth aiming for (清一色, 混一色,
  碰碰胡 …) and respects the one-suit rule before claiming; in Changsha, where the race
  decides, it discards for speed like normal and, between ready hands, weighs each winning
  tile by what the win pays (a big type, 七小对 碰碰胡 清一色 将将胡, counts several small
  wins). Then, in every rule set, it reads each opponent's likely waits from its river and
  melds (:mod:`bots.risk`, fitted per rule set) and weighs every discard by what the hand
  may still win against what the tile may feed (:mod:`bots.hard_defense`): it takes an
  equally fast discard that feeds no one over one that may, and far from winning it
  folds. It chooses Changsha's 补张 or 开杠 by its waits and takes the 海底 by weighing
  the risk.

Each bot keeps ``last_reason``: a short record of why it made its last choice.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from mahjong_tui.engine import (
    Action,
    ActionKind,
    KongMode,
    Meld,
    MeldKind,
    Phase,
    Ruleset,
    SeatView,
    claimed_meld,
    counted,
    tile_name,
)
from mahjong_tui.engine.analysis import shanten

from .planning import INF, Goal, Planner, Target

_CLAIM_KINDS = (ActionKind.CHI, ActionKind.PONG, ActionKind.KONG)
_OWN_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_MAX_ACCEPTANCE = 5
_BIG_WIN_WEIGHT = 3.5  # a Changsha big type pays about four times a small win


def own_tiles(view: SeatView) -> tuple[list[int], tuple[Meld, ...]]:
    return list(view.counts), view.melds[view.seat]


def unseen_counts(counts: Sequence[int], melds: Sequence[Meld], outside: Sequence[int]) -> list[int]:
    mine = list(counts)
    for m in melds:
        for t in m.tiles:
            mine[t] += 1
    return [max(0, 4 - mine[t] - outside[t]) for t in range(34)]


def keep_value(counts: Sequence[int], t: int) -> int:
    """How much a tile holds the hand together: copies and neighbours (easy's whole judgement)."""
    c = counts[t]
    value = (6 if c >= 3 else 4 if c == 2 else 0) + _EDGE[t]
    for u, w in _NEIGHBOURS[t]:
        if counts[u]:
            value += w
    return value


# a terminal or an honour holds a hand together a little less; suited tiles count their neighbours
_EDGE = [-1 if t >= 27 or t % 9 in (0, 8) else 0 for t in range(34)]
_NEIGHBOURS = [
    tuple((t + d, w) for d, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)) if t < 27 and 0 <= t % 9 + d <= 8)
    for t in range(34)
]


def win_weight(rules: Ruleset, counts: Sequence[int], melds: Sequence[Meld]) -> float:
    """How much a complete hand (``counts`` with the winning tile) is worth: 1 plain, more per big type."""
    big = len(rules.shape_types(counts, melds))
    return _BIG_WIN_WEIGHT * big if big else 1.0


def wait_value(rules: Ruleset, counts: list[int], melds: Sequence[Meld], live: Sequence[tuple[int, int]]) -> float:
    """Live winning tiles of a ready hand, each weighted by what the win would pay."""
    total = 0.0
    for t, n in live:
        if n > 0:
            counts[t] += 1
            total += n * win_weight(rules, counts, melds)
            counts[t] -= 1
    return total


class BaseBot(ABC):
    """What every level does the same way: wins, initial wins, forced moves, dispatch."""

    level = "base"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(f"bot/{self.level}/{seed}/{seat}")
        self.last_reason = ""

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal``; ``last_reason`` says why."""
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to choose from")
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        if wins:
            tile = wins[0].tile
            self.last_reason = f"win on {tile_name(tile)}" if tile is not None else "win on the dealt tiles (八花)"
            return wins[0]
        if len(legal) == 1:
            self.last_reason = "the only legal action"
            return legal[0]
        declare = [a for a in legal if a.kind is ActionKind.DECLARE_INITIAL]
        if declare:
            self.last_reason = "declare the initial small wins: they are paid at once"
            return declare[0]
        phase = view.phase
        if phase is Phase.TURN:
            return self.turn(view)
        if phase is Phase.CLAIM:
            return self.claim(view)
        if phase is Phase.HAIDI:
            return self.haidi(view)
        self.last_reason = "nothing worth taking"
        return next((a for a in legal if a.kind is ActionKind.PASS), legal[0])

    # ------------------------------------------------------------------ per level
    @abstractmethod
    def turn(self, view: SeatView) -> Action:
        """Discard or kong in one's own turn."""

    @abstractmethod
    def claim(self, view: SeatView) -> Action:
        """Answer a discard: chi, pong, kong or pass."""

    def haidi(self, view: SeatView) -> Action:
        """Changsha 海底: take the last tile when the hand is ready."""
        counts, melds = own_tiles(view)
        take = shanten(counts, view.ruleset.shapes, melds) == 0
        why = "ready: the 海底 may win" if take else "not ready: the 海底 only risks 海底炮"
        return self._haidi_answer(view, take, why)

    def _haidi_answer(self, view: SeatView, take: bool, reason: str) -> Action:
        kind = ActionKind.TAKE_HAIDI if take else ActionKind.PASS
        self.last_reason = reason
        return next(a for a in view.legal if a.kind is kind)

    def _pass(self, view: SeatView, reason: str) -> Action:
        self.last_reason = reason
        return next(a for a in view.legal if a.kind is ActionKind.PASS)

    @staticmethod
    def _mode_choice(actions: list[Action], prefer: KongMode) -> Action:
        for a in actions:
            if a.mode is prefer:
                return a
        for a in actions:
            if a.mode is not KongMode.KAIGANG:
                return a
        return actions[0]


class EasyBot(BaseBot):
    """Sensible, not clever: keeps pairs and partial sets, claims when it obviously helps."""

    level = "easy"

    def turn(self, view: SeatView) -> Action:
        """Kong what it can, else throw the loosest tile."""
        legal = view.legal
        kongs = [a for a in legal if a.kind in _OWN_KONGS]
        if kongs:
            a = self._mode_choice(kongs, KongMode.BUZHANG)
            self.last_reason = f"kong {tile_name(a.tile)}: four of a kind" if a.tile is not None else "kong"
            return a
        counts = view.counts
        valued = [(keep_value(counts, a.tile), a) for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        low = min(v for v, _ in valued)
        ties = [a for v, a in valued if v == low]
        choice = ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        self.last_reason = f"discard {tile_name(choice.tile)}: the loosest tile"  # type: ignore[arg-type]
        return choice

    def claim(self, view: SeatView) -> Action:
        """Kong three of a kind; pong an honour pair, or any pair when another pair stays for the eyes."""
        legal = view.legal
        kongs = [a for a in legal if a.kind is ActionKind.KONG]
        if kongs:
            a = self._mode_choice(kongs, KongMode.BUZHANG)
            self.last_reason = "kong: three of it in hand"
            return a
        pongs = [a for a in legal if a.kind is ActionKind.PONG]
        if pongs:
            t = pongs[0].tile
            assert t is not None
            pairs = sum(1 for c in view.counts if c >= 2)
            if t >= 27 or pairs >= 2:
                self.last_reason = f"pong {tile_name(t)}: a pair becomes a set"
                return pongs[0]
        return self._pass(view, "no obvious gain in claiming")


class PlanningBot(BaseBot):
    """Discards by distance to a goal (shanten) then acceptance; claims that bring the goal closer."""

    level = "planning"

    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self._planners: dict[str, Planner] = {}
        self._note = ""  # what the discard ranking adds to the decision record
        self.last_target: Target | None = None  # the goal of the last discard chosen

    def planner(self, rules: Ruleset) -> Planner:
        """The planner for a rule set (built once)."""
        p = self._planners.get(rules.name)
        if p is None:
            p = self._planners[rules.name] = self.make_planner(rules)
        return p

    def make_planner(self, rules: Ruleset) -> Planner:
        """Normal: the rule set's shanten; where a hand must qualify, a one-suit hand beside the plain one."""
        return Planner(rules, unqualified_bonus=-2.0, big_bonus=0.0, value_bonus=0.0, all_goals=False)

    # ------------------------------------------------------------------ discards
    def _rank(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        tiles: Sequence[int],
        outside: Sequence[int],
    ) -> tuple[int, float, Target, int]:
        """The best discard among ``tiles``: (tile, score, goal, acceptance)."""
        planner = self.planner(view.ruleset)
        targets = planner.targets(counts, melds)
        rows: list[tuple[float, int, Target]] = []
        for t in tiles:
            counts[t] -= 1
            sc, tg = planner.score(counts, melds, targets)
            counts[t] += 1
            rows.append((sc, t, tg))
        best = min(r[0] for r in rows)
        danger = self._danger(view, counts, melds, best)
        if danger is not None:
            # far from winning: any discard at most one step worse, the safest of them
            pool = [r for r in rows if r[0] <= best + 1.0]
            least = min(danger[r[1]] for r in pool)
            pool = [r for r in pool if danger[r[1]] == least]
            best = min(r[0] for r in pool)
            cands = [r for r in pool if r[0] == best]
        else:
            cands = [r for r in rows if r[0] == best]
        if len(cands) == 1:
            sc, t, tg = cands[0]
            return t, sc, tg, -1
        if len(cands) > _MAX_ACCEPTANCE:
            # acceptance is the costly part: weigh only the loosest few of many equal discards
            cands.sort(key=lambda r: (self._keep_bias(counts, r[1]), r[1]))
            del cands[_MAX_ACCEPTANCE:]
        unseen = unseen_counts(counts, melds, outside)
        choice: tuple[int, float, Target, int] | None = None
        choice_key: tuple[int, int, int] | None = None
        for sc, t, tg in cands:
            counts[t] -= 1
            acc = planner.helpful(tg, counts, melds, unseen, outside)
            counts[t] += 1
            key = (-acc, self._keep_bias(counts, t), t)
            if choice_key is None or key < choice_key:
                choice, choice_key = (t, sc, tg, acc), key
        assert choice is not None
        return choice

    def _keep_bias(self, counts: Sequence[int], t: int) -> int:
        """Among equal discards, throw the tile that holds the hand together least."""
        return keep_value(counts, t)

    def _danger(self, view: SeatView, counts: Sequence[int], melds: Sequence[Meld], best: float) -> list[int] | None:
        """Per-tile danger when the bot would rather defend (None: play for the hand)."""
        return None

    # ------------------------------------------------------------------ turn
    def turn(self, view: SeatView) -> Action:
        """Best discard by goal distance and acceptance; kong when it costs nothing."""
        legal = view.legal
        counts, melds = own_tiles(view)
        outside = view.outside
        discards = [a.tile for a in legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        self._note = ""
        tile, score, target, acc = self._rank(view, counts, melds, discards, outside)
        kongs = [a for a in legal if a.kind in _OWN_KONGS]
        if kongs:
            kong = self._kong_choice(view, counts, melds, kongs, score, outside)
            if kong is not None:
                return kong
        self.last_target = target
        self.last_reason = (
            f"discard {tile_name(tile)}: {target.label()} at {score:g}"
            + (f", {counted(acc, 'tile helps', 'tiles help')}" if acc >= 0 else "")
            + self._note
        )
        return next(a for a in legal if a.kind is ActionKind.DISCARD and a.tile == tile)

    def _kong_choice(
        self,
        view: SeatView,
        counts: list[int],
        melds: tuple[Meld, ...],
        kongs: list[Action],
        discard_score: float,
        outside: Sequence[int],
    ) -> Action | None:
        planner = self.planner(view.ruleset)
        by_tile: dict[int, list[Action]] = {}
        for a in kongs:
            by_tile.setdefault(a.tile, []).append(a)  # type: ignore[arg-type]
        for t, acts in by_tile.items():
            after = list(counts)
            if acts[0].kind is ActionKind.CONCEALED_KONG:
                after[t] -= 4
                new = (*melds, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t)))
            else:
                after[t] -= 1
                new = tuple(
                    Meld(MeldKind.ADDED_KONG, (t,) * 4, m.claimed, m.source)
                    if m.kind is MeldKind.PONG and m.first == t
                    else m
                    for m in melds
                )
            sc, _ = planner.score(after, new, planner.targets(after, new))
            if sc <= discard_score:
                a = self._kong_mode(view, acts, after, new, outside)
                mode = a.mode.value if a.mode else "kong"
                self.last_reason = f"kong {tile_name(t)} ({mode}): the hand stays as close"
                return a
        return None

    def _kong_mode(
        self, view: SeatView, acts: list[Action], after: list[int], melds: tuple[Meld, ...], outside: Sequence[int]
    ) -> Action:
        return self._mode_choice(acts, KongMode.BUZHANG)

    # ------------------------------------------------------------------ claims
    def claim(self, view: SeatView) -> Action:
        """Claim when it brings the hand closer, or completes a valuable set at no cost."""
        legal = view.legal
        options = [a for a in legal if a.kind in _CLAIM_KINDS]
        if not options:
            return self._pass(view, "nothing to claim")
        counts, melds = own_tiles(view)
        planner = self.planner(view.ruleset)
        now, now_target = planner.score(counts, melds, planner.targets(counts, melds))
        outside = view.outside
        best: tuple[float, int, Action] | None = None
        for a in options:
            after_score = self._claim_score(view, a, counts, melds, outside)
            if after_score >= INF:
                continue
            valuable = self._valuable(view, a, now_target)
            if after_score < now or (after_score <= now and valuable):
                key = (after_score, 0 if valuable else 1, a)
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is None:
            return self._pass(view, f"no claim brings {now_target.label()} closer than {now:g}")
        a = best[2]
        self.last_reason = f"{a.describe()}: {now_target.label()} {now:g} → {best[0]:g}"
        return a

    def _claim_score(
        self, view: SeatView, a: Action, counts: list[int], melds: tuple[Meld, ...], outside: Sequence[int]
    ) -> float:
        planner = self.planner(view.ruleset)
        t = a.tile
        assert t is not None
        after = list(counts)
        used, meld = claimed_meld(a)
        for u in used:
            after[u] -= 1
        new = (*melds, meld)
        if a.kind is ActionKind.KONG:
            sc, _ = planner.score(after, new, planner.targets(after, new))
            return sc - 0.25  # the replacement draw is one more tile for free
        forbidden = {t} if a.kind is ActionKind.CHI and view.ruleset.after_chi_restriction else set()
        tiles = [u for u in range(34) if after[u] and u not in forbidden] or [u for u in range(34) if after[u]]
        targets = planner.targets(after, new)
        best = float(INF)
        for u in tiles:
            after[u] -= 1
            sc, _ = planner.score(after, new, targets)
            after[u] += 1
            if sc < best:
                best = sc
        return best

    def _valuable(self, view: SeatView, a: Action, target: Target) -> bool:
        """A set worth claiming even when the hand gets no closer."""
        t = a.tile
        assert t is not None
        if view.ruleset.scores_hua:
            # honour pongs and every kong add 花
            return a.kind is ActionKind.KONG or (a.kind is ActionKind.PONG and t >= 27)
        return a.kind is ActionKind.KONG or (a.kind is ActionKind.PONG and target.goal in (Goal.PONGS, Goal.JIANG))


class NormalBot(PlanningBot):
    """Shanten and tile acceptance; claims that lower shanten or complete a valuable set."""

    level = "normal"
