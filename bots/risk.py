"""What a discard risks, and what a hand may still win, read from what a seat can see.

Two small models per rule set, fitted on hands of normal bots (``scripts/fit_risk.py
--rules NAME``; the numbers are data, ``bots/risk_data/NAME.json``, read once by
:func:`model_for` as a :class:`RiskModel`, with the average points a win brings by the goal
it was heading for, and what a deal-in costs):

* :func:`deal_in_chances`: for each opponent and tile kind, the chance that the tile is one
  of the opponent's winning tiles. A logistic model adds up weights of a few features:
  how far the opponent's hand has come (discards made and melds shown, the wall left);
  the tile's number (edges are waited on less) and whether it is a 2, 5 or 8 (the pair a
  small win needs); how many ways a wait on it can still be made from tiles this seat
  cannot see (sequences around it, a pair or single wait); the opponent's own river (the
  tile or its 筋, three apart, thrown before; how much of its river is in the tile's suit;
  its last discards near the tile); how many of its turns ago another seat threw the tile
  without the opponent winning on it (a ready hand's waits seldom change from one turn to
  the next); melds all in one suit or all pongs and the tile's suit; each of the tile's own
  keys again by how far the hand looks to have come. A preset's model uses the keys it was
  fitted with: a key its numbers do not hold weighs nothing.
  A tile discarded since the opponent's last turn counts as safe: the opponent did not win
  on it, and under 漏胡 may not win on it before drawing again. (The view keeps each
  river's order, not the order across rivers, so "since" is read from the seats in
  between; after a claim that skipped a seat this can be wrong, in the fitting games for
  2 tiles in 64,168.)
* :func:`win_chance`: the chance that a hand at a given distance from ready (the shanten,
  or where a hand must qualify, the distance to the nearest qualifying type), with so many
  helpful tiles and so many tiles left in the wall, goes on to win the hand.

The hard bot weighs the two (:mod:`bots.hard_defense`): a discard a little slower than the
fastest is worth taking when it is much less likely to feed someone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import repeat
from types import MappingProxyType

import msgspec

from mahjong_tui.engine import Meld, MeldKind, Ruleset, SeatView
from mahjong_tui.engine.tiles import RANKS_258

#: a feature's key: its name, then the numbers, words and flags it was read with (see :func:`features`)
Key = tuple[str | int | bool, ...]


class RiskFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A preset's fitted numbers as ``scripts/fit_risk.py`` writes them (``bots/risk_data/NAME.json``)."""

    written_by: str  # the command that fitted them
    fit: str  # how well the deal-in model fits, in words
    win_value: float  # average points a win brings the winner
    deal_in_loss: float  # and a deal-in costs the discarder, without the dealer involved
    deal_in_loss_dealer: float  # with the dealer involved
    min_feed_drop: float  # a safer discard is taken only when it is this much less likely to feed (0: always)
    goal_value: dict[str, float]  # what a win brings by the goal the hand was heading for (bots.planning.goal_key)
    loss_factor: list[tuple[str, bool, float]]  # feeding a win against the average: (melds' kind, dealer, factor)
    deal_in_weights: list[tuple[list[str | int | bool], float]]  # feature key → logistic weight
    win_chance: list[tuple[float, float, float, float]]  # per distance 0, 1, 2, 3+: the win model's coefficients


@dataclass(frozen=True, slots=True)
class RiskModel:
    """A preset's fitted numbers, ready to be looked up."""

    win_value: float
    deal_in_loss: float
    deal_in_loss_dealer: float
    min_feed_drop: float
    goal_value: Mapping[str, float]
    loss_factor: Mapping[tuple[str, bool], float]
    deal_in_weights: Mapping[Key, float]
    win_chance: tuple[tuple[float, float, float, float], ...]

    @classmethod
    def read(cls, name: str) -> RiskModel:
        """The model of the preset ``name``, from its data file."""
        data = (resources.files("bots") / "risk_data" / f"{name}.json").read_bytes()
        kept = msgspec.json.decode(data, type=RiskFile)
        return cls(
            kept.win_value,
            kept.deal_in_loss,
            kept.deal_in_loss_dealer,
            kept.min_feed_drop,
            MappingProxyType(dict(kept.goal_value)),
            MappingProxyType({(kind, dealer): factor for kind, dealer, factor in kept.loss_factor}),
            MappingProxyType({tuple(key): weight for key, weight in kept.deal_in_weights}),
            tuple(kept.win_chance),
        )


#: the presets with models of their own; a preset without its own borrows one of a preset that wins the same way
FITTED = ("changsha", "shanghai", "shanghai-lezi", "shanghai-qq")


@cache
def _model(name: str) -> RiskModel:
    """The model of ``name`` (read once)."""
    return RiskModel.read(name)


def model_for(rules: Ruleset | None) -> RiskModel:
    """The fitted numbers for a rule set (Changsha's when none is given)."""
    if rules is None:
        return _model("changsha")
    if rules.name in FITTED:
        return _model(rules.name)
    return _model("shanghai" if rules.must_qualify else "changsha")


# the winning tile's neighbours that make a sequence wait on it: (t-2, t-1), (t-1, t+1), (t+1, t+2)
_SEQUENCE_SHAPES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (t + a, t + b) for a, b in ((-2, -1), (-1, 1), (1, 2)) if t < 27 and 0 <= t % 9 + a <= 8 and 0 <= t % 9 + b <= 8
    )
    for t in range(34)
)


def _bucket(n: int) -> int:
    """0, 1, 2-3, 4-7, 8-15, 16+ as 0..5."""
    return 0 if n <= 0 else min(5, n.bit_length())


def passed_since_turn(view: SeatView, opponent: int) -> set[int]:
    """Tiles discarded after ``opponent``'s last discard: the last discard of each seat between it and this one."""
    out: set[int] = set()
    s = (opponent + 1) % 4
    while s not in (view.seat, opponent):
        river = view.rivers[s]
        if river:
            out.add(river[-1].tile)
        s = (s + 1) % 4
    return out


def turns_since_passed(view: SeatView, opponent: int) -> dict[int, int]:
    """For each tile another seat threw, how many turns ``opponent`` has discarded since (the latest throw).

    The rivers keep their own order only, so a throw is placed by its index in its river and
    the order of play from the dealer: the i-th discard of a seat that plays after the
    opponent in a round comes after the opponent's i-th. Claims that skip a seat make this
    approximate.
    """
    own = len(view.rivers[opponent])
    mine = (opponent - view.dealer) % 4
    out: dict[int, int] = {}
    for s in range(4):
        if s == opponent:
            continue
        later = (s - view.dealer) % 4 > mine
        for j, r in enumerate(view.rivers[s]):
            after = max(0, own - j - 1 if later else own - j)
            if r.tile not in out or after < out[r.tile]:
                out[r.tile] = after
    return out


def loss_kind(melds: Sequence[Meld]) -> str:
    """The kind of hand an opponent's melds show, for what feeding it costs: pongs, flush, or plain."""
    if len(melds) < 2:
        return "plain"
    if all(m.kind is not MeldKind.CHI for m in melds):
        return "pongs"
    if len({m.first // 9 for m in melds if m.first < 27}) == 1:
        return "flush"
    return "plain"


def features(view: SeatView, opponent: int, unseen: Sequence[int]) -> list[list[tuple]]:
    """The model's feature keys for each tile kind (index 0..33) against ``opponent``."""
    river = view.rivers[opponent]
    melds = view.melds[opponent]
    thrown = {r.tile for r in river}
    progress = ("progress", min(len(river), 12) // 2, len(melds))
    wall = ("wall", min(view.wall_remaining, 60) // 10, len(melds))
    suits = {m.first // 9 for m in melds if m.first < 27}
    flush = suits.pop() if len(melds) >= 2 and len(suits) == 1 else None
    one_suit = next(iter(suits)) if len(suits) == 1 else None
    pongs = len(melds) >= 2 and all(m.kind is not MeldKind.CHI for m in melds)
    pair_258 = view.ruleset.shapes.plain_pair_258
    passed = passed_since_turn(view, opponent)
    ago = turns_since_passed(view, opponent)
    late = len(river) >= 6
    by_suit = [0, 0, 0, 0]
    for r in river:
        by_suit[r.tile // 9 if r.tile < 27 else 3] += 1
    share = [_share_bucket(n, len(river)) for n in by_suit]
    last = [r.tile for r in river[-3:]]
    middle = ("middle", sum(1 for u in last if u < 27 and 2 <= u % 9 <= 6), min(len(melds), 2))
    # how far the hand looks to have come: each tile's own keys are weighed again at each stage
    stage = 0 if len(river) < 5 and not melds else 1 if len(river) < 9 and len(melds) <= 1 else 2
    out: list[list[tuple]] = []
    for t in range(34):
        rank = t % 9 if t < 27 else 9
        is258 = pair_258 and rank in RANKS_258
        seq = sum(unseen[a] * unseen[b] for a, b in _SEQUENCE_SHAPES[t])
        keys: list[tuple] = [
            ("bias",),
            progress,
            wall,
            ("rank", rank, is258),
            ("seq", _bucket(seq), len(melds) >= 3),
            ("pair", unseen[t], is258),
            middle,
        ]
        if t in thrown:
            keys.append(("thrown",))
        elif t < 27 and ((rank >= 3 and t - 3 in thrown) or (rank <= 5 and t + 3 in thrown)):
            both = rank in (0, 8) or (3 <= rank <= 5 and t - 3 in thrown and t + 3 in thrown)
            keys.append(("suji", both))
        if t in passed:
            keys.append(("passed",))
        elif t in ago:
            keys.append(("ago", min(ago[t], 4)))
        if flush is not None:
            keys.append(("flush", t < 27 and t // 9 == flush))
        suit = t // 9 if t < 27 else 3
        keys.append(("rsuit", share[suit], late, suit == 3))
        if one_suit is not None:
            keys.append(("msuit", min(len(melds), 3), "honour" if suit == 3 else suit == one_suit))
        if pongs:
            keys.append(("pongs", unseen[t]))
        if t < 27:
            near = min((abs(t - u) for u in last[-2:] if u < 27 and u // 9 == t // 9), default=9)
            if near <= 2:
                keys.append(("recent", near, late))
        keys.extend([("at", stage, *k) for k in keys[3:] if k[0] not in ("passed", "middle")])
        out.append(keys)
    return out


def _share_bucket(n: int, total: int) -> int:
    """A suit's share of a river: 0 none, 1 under a sixth, 2 under a third, 3 more."""
    if n == 0:
        return 0
    return 1 if 6 * n < total else 2 if 3 * n < total else 3


def _logistic(z: float) -> float:
    """The logistic function, kept off the extremes."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def chance_of(keys: Sequence[tuple], rules: Ruleset | None = None) -> float:
    """The model's chance for one tile's feature keys (0 for a tile passed under 漏胡)."""
    if ("passed",) in keys:
        return 0.0
    weights = model_for(rules).deal_in_weights
    return _logistic(sum(map(weights.get, keys, repeat(0.0))))  # each key's weight (0 if none), in order


def deal_in_chances(view: SeatView, unseen: Sequence[int]) -> list[list[float]]:
    """Per seat (own seat: zeros), the chance that each tile kind is one of that seat's winning tiles.

    ``unseen``: copies of each kind this seat cannot see (``view.unseen``, when the caller has it at hand).
    """
    out: list[list[float]] = []
    for o in range(4):
        if o == view.seat:
            out.append([0.0] * 34)
        else:
            out.append([chance_of(keys, view.ruleset) for keys in features(view, o, unseen)])
    return out


def win_value(rules: Ruleset | None = None) -> float:
    """What a win brings the winner on average."""
    return float(model_for(rules).win_value)


def deal_in_cost(view: SeatView, unseen: Sequence[int]) -> list[float]:
    """Expected points lost by discarding each tile kind: chance × what a deal-in costs.

    A deal-in's cost is the average one, apart for one where the dealer is involved (the
    dealer wins or discards), which pays about double.
    """
    chances = deal_in_chances(view, unseen)
    model = model_for(view.ruleset)
    cost = [0.0] * 34
    for o in range(4):
        if o == view.seat:
            continue
        loss = model.deal_in_loss_dealer if view.dealer in (o, view.seat) else model.deal_in_loss
        row = chances[o]
        for t in range(34):
            cost[t] += row[t] * loss
    return cost


def win_chance(shanten: int, helpful: int, wall: int, rules: Ruleset | None = None) -> float:
    """Chance that a hand ``shanten`` from ready, with ``helpful`` live tiles, goes on to win."""
    if shanten < 0:
        return 1.0
    table = model_for(rules).win_chance
    a, b, c, d = table[min(shanten, len(table) - 1)]
    x = wall / 10
    return _logistic(a + b * math.log1p(helpful) + c * x + d * x * x)
