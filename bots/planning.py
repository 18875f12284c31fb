"""The hand analysis the bots share: how far a hand is from a goal, and which draws help.

A goal (:class:`Target`) is a kind of winning hand a bot can aim for: the plain shape of
the rule set, a one-suit hand (混一色 / 清一色), all triplets (碰碰胡), seven pairs
(七小对) or all 2-5-8 (将将胡). Its distance is in shanten units (0 ready, -1 complete),
taken from :mod:`mahjong_tui.engine.analysis`; its ``bonus`` says how much a bot would
give for it (a bigger hand is worth a step more, a plain hand that cannot qualify, as in
Shanghai, is worth less). A :class:`Planner` keeps the goals a bot level considers and
scores a hand by its best goal: distance minus bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from mahjong_tui.engine import Meld, MeldKind, Ruleset
from mahjong_tui.engine.analysis import acceptance, shanten, shanten_seven_pairs
from mahjong_tui.engine.targets import TargetKind, WinTarget, is_open, open_targets, target_shanten
from mahjong_tui.engine.tiles import IS_258, KINDS_258

INF = 99


class Goal(Enum):
    """The kinds of winning hand a bot can aim for."""

    PLAIN = "plain"  # the rule set's own shanten (Shanghai: four sets + a pair; Changsha: every shape)
    FLUSH = "flush"  # one suit plus honours (混一色) or one suit only (清一色)
    PONGS = "pongs"  # all triplets (碰碰胡)
    PAIRS = "pairs"  # seven pairs (七小对, Changsha)
    JIANG = "jiang"  # every tile a 2, 5 or 8 (将将胡, Changsha)
    HONOURS = "honours"  # winds and dragons only, any arrangement (乱风向 / 风一色, Shanghai)


@dataclass(frozen=True, slots=True)
class Target:
    """One goal: which, for which suit (flushes), and what it is worth to the bot."""

    goal: Goal
    bonus: float = 0.0
    suit: int = -1
    honours: bool = False  # a flush that may keep honours (混一色)
    win: WinTarget | None = None  # the rule set's shape target this goal is (measured by the engine directly)

    def label(self) -> str:
        """Short name for decision records."""
        if self.goal is Goal.FLUSH:
            return ("混一色 " if self.honours else "清一色 ") + "mps"[self.suit]
        return {
            Goal.PLAIN: "plain hand",
            Goal.PONGS: "碰碰胡",
            Goal.PAIRS: "七小对",
            Goal.JIANG: "将将胡",
            Goal.HONOURS: "乱风向",
        }[self.goal]


_PONGS = WinTarget(TargetKind.PENGPENGHU)
_ALL_HONOURS = WinTarget(TargetKind.HONOURS)
_FLUSHES = tuple(tuple(WinTarget(k, s) for s in range(3)) for k in (TargetKind.QINGYISE, TargetKind.HUNYISE))


def pongs_shanten(counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """碰碰胡: shanten to all triplets and a pair (INF once a chi is down)."""
    return _target_shanten(_PONGS, counts, melds)


def flush_shanten(counts: Sequence[int], melds: Sequence[Meld], suit: int, honours: bool) -> int:
    """混一色 / 清一色 in ``suit``: the regular shanten of the tiles that may stay (INF once a meld rules it out)."""
    return _target_shanten(_FLUSHES[honours][suit], counts, melds)


def honours_shanten(counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """All honours in any arrangement (乱风向 / 风一色): suited tiles still to exchange (INF beside a suited meld)."""
    return _target_shanten(_ALL_HONOURS, counts, melds)


def _target_shanten(target: WinTarget, counts: Sequence[int], melds: Sequence[Meld]) -> int:
    if melds and not is_open(target, melds):
        return INF
    return target_shanten(target, counts, melds, spent=False)  # the shape alone, as the normal bot reads it


def jiang_shanten(counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """将将胡: tiles that are not 2, 5 or 8 must all go (INF once a meld is not all 2-5-8)."""
    for m in melds:
        if m.kind is MeldKind.CHI or not IS_258[m.first]:
            return INF
    size = 3 * (4 - len(melds)) + 2
    return size - min(size, sum(counts[t] for t in KINDS_258)) - 1


class Planner:
    """Scores hands for one bot level and rule set by the goals it considers."""

    def __init__(
        self, rules: Ruleset, *, unqualified_bonus: float, big_bonus: float, value_bonus: float, all_goals: bool
    ):
        self.rules = rules
        self.shapes = rules.shapes
        self.unqualified_bonus = unqualified_bonus  # what a plain hand is worth where it cannot win
        self.big_bonus = big_bonus
        self.value_bonus = value_bonus
        self.all_goals = all_goals

    # ------------------------------------------------------------------ goals
    def targets(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[Target]:
        """Goals worth scoring for this hand (flushes only in suits that already hold enough)."""
        out: list[Target] = []
        exposed = sum(1 for m in melds if m.kind is not MeldKind.CONCEALED_KONG)
        if self.rules.must_qualify:
            if self.all_goals:
                return self._win_targets(counts, melds)
            # a plain hand qualifies only by luck, except with four melds down (大吊车)
            out.append(Target(Goal.PLAIN, 0.0 if exposed == 4 else self.unqualified_bonus))
            suit_tiles = [sum(counts[9 * s : 9 * s + 9]) + 3 * _meld_suit_count(melds, s) for s in range(3)]
            honours = sum(counts[27:34]) + 3 * _meld_suit_count(melds, 3)
            for s in range(3):
                if suit_tiles[s] + honours >= 7 or s == suit_tiles.index(max(suit_tiles)):
                    out.append(Target(Goal.FLUSH, 0.0, s, True))
            out.append(Target(Goal.PONGS, 0.0))
            return out
        out.append(Target(Goal.PLAIN, 0.0))
        if not self.all_goals:
            return out
        for s in range(3):
            if sum(counts[9 * s : 9 * s + 9]) + 3 * _meld_suit_count(melds, s) >= 9:
                out.append(Target(Goal.FLUSH, self.big_bonus, s, False))
        pairs = sum(1 for c in counts if c >= 2)
        if pairs >= 3:
            out.append(Target(Goal.PONGS, self.big_bonus))
        if not melds and pairs >= 4:
            out.append(Target(Goal.PAIRS, self.big_bonus))
        if sum(counts[t] for t in KINDS_258) >= 8:
            out.append(Target(Goal.JIANG, self.big_bonus))
        return out

    def _win_targets(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[Target]:
        """Every shape that may win here (the rule set's open targets), the ones worth more a little ahead.

        A bonus stays under one step, so the nearest goal is always one that keeps the fewest
        steps to a win (``win_shanten``); between goals as near, the one worth more.
        """
        out = []
        for w in open_targets(self.rules.win_targets, melds):
            if w.kind is TargetKind.HUNYISE:
                out.append(Target(Goal.FLUSH, 0.0, w.suit, True, w))
            elif w.kind is TargetKind.QINGYISE:
                held = sum(counts[9 * w.suit : 9 * w.suit + 9]) + 3 * _meld_suit_count(melds, w.suit)
                out.append(Target(Goal.FLUSH, self.value_bonus if held >= 8 else 0.0, w.suit, False, w))
            elif w.kind is TargetKind.PENGPENGHU:
                out.append(Target(Goal.PONGS, 0.0, win=w))
            elif w.kind is TargetKind.HONOURS:
                out.append(Target(Goal.HONOURS, self.value_bonus, win=w))
            else:  # 大吊车: the plain shape, with four melds out
                out.append(Target(Goal.PLAIN, 0.0, win=w))
        # no shape may win (free claims in two suits): only luck (八花) is left, so no goal can win; the level's
        # ``unqualified_bonus`` (hard's: none at all) keeps it below any hand that may still win, however far
        return out or [Target(Goal.PLAIN, self.unqualified_bonus)]

    def distance(self, target: Target, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """Shanten of the hand toward one goal."""
        win = target.win
        if win is not None:
            return target_shanten(win, counts, melds)
        g = target.goal
        if g is Goal.FLUSH:
            return _target_shanten(_FLUSHES[target.honours][target.suit], counts, melds)
        if g is Goal.PLAIN:
            return shanten(counts, self.shapes, melds)
        if g is Goal.PONGS:
            return _target_shanten(_PONGS, counts, melds)
        if g is Goal.PAIRS:
            return shanten_seven_pairs(counts, True) if not melds else INF
        if g is Goal.HONOURS:
            return honours_shanten(counts, melds)
        return jiang_shanten(counts, melds)

    def score(self, counts: Sequence[int], melds: Sequence[Meld], targets: Sequence[Target]) -> tuple[float, Target]:
        """The best goal for this hand: (distance − bonus, goal); lower is better."""
        best = float(INF)
        best_t = targets[0]
        for t in targets:
            v = self.distance(t, counts, melds) - t.bonus
            if v < best:
                best, best_t = v, t
        return best, best_t

    def progress(
        self, counts: list[int], melds: Sequence[Meld], unseen: Sequence[int], outside: Sequence[int]
    ) -> tuple[int, int, Target]:
        """A 3n+1 hand's distance to its nearest goal that can win, that goal's helpful tiles, and the goal.

        Where a hand must qualify, a plain hand is no goal (unless it is 大吊车); between goals
        equally near, the one worth more.
        """
        best: tuple[int, float, Target] | None = None
        for t in self.targets(counts, melds):
            if t.bonus < 0:
                continue
            d = self.distance(t, counts, melds)
            if best is None or (d, -t.bonus) < best[:2]:
                best = (d, -t.bonus, t)
        if best is None or best[0] >= INF:
            return INF, 0, Target(Goal.PLAIN)
        d, _, target = best
        return d, self.helpful(target, counts, melds, unseen, outside), target

    def helpful(
        self, target: Target, counts: list[int], melds: Sequence[Meld], unseen: Sequence[int], outside: Sequence[int]
    ) -> int:
        """Unseen copies of the tiles that bring a 3n+1 hand closer to ``target`` (tile acceptance)."""
        if target.goal is Goal.PLAIN:
            try:
                return sum(n for _, n in acceptance(counts, self.shapes, outside, melds))
            except ValueError:
                return 0
        now = self.distance(target, counts, melds)
        if target.goal is Goal.FLUSH:
            kinds: Sequence[int] = range(9 * target.suit, 9 * target.suit + 9)
            if target.honours:
                kinds = [*kinds, *range(27, 34)]
        elif target.goal is Goal.JIANG:
            return sum(unseen[t] for t in KINDS_258)
        elif target.goal is Goal.HONOURS:
            return sum(unseen[t] for t in range(27, 34) if counts[t] < 4)
        else:
            kinds = [t for t in range(34) if counts[t]]
        measured = _shape(target)
        if measured is None:  # seven pairs
            closer = [t for t in kinds if unseen[t] and counts[t] < 4 and self._closer(target, counts, melds, t, now)]
            return sum(unseen[t] for t in closer)
        shape, spent = measured
        if not spent and melds and not is_open(shape, melds):
            return 0  # the goal is ruled out: no draw brings it closer
        total = 0
        for t in kinds:
            if not unseen[t] or counts[t] >= 4:
                continue
            counts[t] += 1
            if target_shanten(shape, counts, melds, spent=spent) < now:
                total += unseen[t]
            counts[t] -= 1
        return total

    def _closer(self, target: Target, counts: list[int], melds: Sequence[Meld], t: int, now: int) -> bool:
        counts[t] += 1
        closer = self.distance(target, counts, melds) < now
        counts[t] -= 1
        return closer

    def drawn_closer(self, counts: list[int], melds: Sequence[Meld], distance: int) -> list[int]:
        """The kinds whose draw brings a 3n+1 hand closer to any goal that may win at ``distance`` (ready: its
        winning tiles), every goal that near counted; a kind whose four copies are all in the hand and its melds
        is not among them."""
        goals = [g for g in self.targets(counts, melds) if g.bonus >= 0 and self.distance(g, counts, melds) == distance]
        held = list(counts)
        for m in melds:
            for t in m.tiles:
                held[t] += 1
        out = []
        for t in range(34):
            if held[t] >= 4:
                continue
            counts[t] += 1
            if any(self.distance(g, counts, melds) < distance for g in goals):
                out.append(t)
            counts[t] -= 1
        return out


def _shape(target: Target) -> tuple[WinTarget, bool] | None:
    """The engine's target a goal is measured by (None: seven pairs, a plain hand, 将将胡), and whether a held copy
    of a ponged kind counts as spent (a rule set's own target) or as any other tile (the shape alone, as the
    normal bot reads it)."""
    if target.win is not None:
        return target.win, True
    g = target.goal
    if g is Goal.FLUSH:
        return _FLUSHES[target.honours][target.suit], False
    if g is Goal.PONGS:
        return _PONGS, False
    if g is Goal.HONOURS:
        return _ALL_HONOURS, False
    return None


def goal_key(target: Target) -> str:
    """The kind of a goal, as the fitted win values name it: plain, flush (混一色), flush_pure, pongs …"""
    if target.goal is Goal.FLUSH and not target.honours:
        return "flush_pure"
    return target.goal.value


def _meld_suit_count(melds: Sequence[Meld], suit: int) -> int:
    return sum(1 for m in melds if (m.first // 9 if m.first < 27 else 3) == suit)
