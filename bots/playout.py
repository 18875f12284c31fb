"""Play-outs: a hand played to its end from one seat's view, fast, many times over.

The expert bot (:mod:`bots.expert`) weighs each sensible choice by the points it brings
when the hand is played out from there. A play-out needs what the seat cannot see, so a
:class:`Sampler` deals it: the other seats' concealed tiles and the wall's order, drawn from
the tiles this seat has not seen (the full set less its own tiles, every river, meld and
flower on the table). A hand at the table has been built for as many turns as its seat has
discarded, so an other hand is dealt from more tiles than it holds, two for each tile its
seat has let go, and the loosest are let go again (to the wall): dealt at random instead,
the other hands lag so far behind that the seat deciding wins about a third of the
play-outs where it wins a quarter of real hands. :func:`play_out` then plays that deal to
the hand's end on plain arrays (34 counts per seat, the wall as a list), with no events and
no copies of the engine's state:

- every seat draws in turn and discards the tile that leaves its hand nearest a shape the
  rule set lets win (Changsha: a 2-5-8 pair for a plain hand), the loosest of those (the
  easy bot's judgement, :func:`bots.players.keep_value`), as the hard bot plays for speed
  there; a drawn flower is set aside and the seat draws again;
- where a hand must qualify to win (Shanghai), a seat plays for what may win there, as
  players do: a hand of pairs goes for 碰碰胡 (singles out first), any other for one suit
  with honours (混一色: the other suits out first); it pongs a discard that fits that aim,
  and discards in its place. Without such a play hardly a play-out of Shanghai ends in a win;
- elsewhere (Changsha) a seat pongs any discard it holds a pair of, and discards in its
  place: with no claims at all, fewer than half the play-outs from turns of seeded games
  ended in a win (43 %), where hands played by the hard bot all but always do (198 of 200);
  with the pongs, 84 %;
- a discard that completes another seat's hand is won on at once (the nearest seat first),
  and a drawn tile that completes the drawer's is won on; no seat chis or kongs;
- the hand ends in a draw when the wall is spent.

``scripts/calibrate_playouts.py`` sets the play-outs beside the real hands of the same
turns: how often the seat deciding wins, and anyone does.

A hand that looks complete (the engine's table of shapes says so in a few lookups) is
judged by the rule set itself: :meth:`~mahjong_tui.engine.Ruleset.is_winning_shape` and
:meth:`~mahjong_tui.engine.Ruleset.score`, so a hand that may not win in Shanghai (a plain
one) is no win here either, and every payment is the rule set's. The outcome is the points
each seat gains or pays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from mahjong_tui.engine import Meld, MeldKind, Ruleset, SeatFacts, SeatView, WinBy, WinContext
from mahjong_tui.engine.analysis import ShapeSet, shanten_regular, shanten_seven_pairs

from .players import keep_value

NUM_KINDS = 34
#: an other hand is dealt from its size and this many tiles more for each tile its seat has let go, the loosest let
#: go again (measured from turns of seeded hard-bot hands: with 2, the seat deciding wins 25 % of Changsha play-outs
#: and 21 % of Shanghai ones, against 25 % and 18 % of the real hands; dealt at random, 32 % and 32 %)
DEVELOPED = 2


@dataclass(slots=True)
class Deal:
    """One guess at what a seat cannot see, and the hand as it stands, on plain arrays."""

    counts: list[list[int]]  # each seat's concealed tiles, 34 counts
    melds: list[tuple[Meld, ...]]
    flowers: list[list[int]]
    wall: list[int]  # the tiles still to be drawn, the next last


class Sampler:
    """Deals what ``view``'s seat cannot see, again and again, from one seeded stream."""

    def __init__(self, view: SeatView, rng: Random) -> None:
        """The unseen tiles of ``view``, dealt with ``rng``."""
        table = view.table
        self.view = view
        self.rng = rng
        seen = [0] * (NUM_KINDS + 8)
        for t, c in enumerate(view.counts):
            seen[t] += c
        for melds in table.melds:
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        for river in table.rivers:
            for r in river:
                if r.claimed_by is None:
                    seen[r.tile] += 1
        for flowers in table.flowers:
            for t in flowers:
                seen[t] += 1
        full = [0] * (NUM_KINDS + 8)
        for t in table.ruleset.tile_set():
            full[t] += 1
        self.unseen_suited = [t for t in range(NUM_KINDS) for _ in range(max(0, full[t] - seen[t]))]
        self.unseen_flowers = [t for t in range(NUM_KINDS, NUM_KINDS + 8) for _ in range(max(0, full[t] - seen[t]))]
        self.sizes = [table.hand_sizes[s] if s != view.seat else 0 for s in range(4)]
        #: how many tiles each other seat has let go of so far (its river, claimed tiles too)
        self.let_go = [len(table.rivers[s]) if s != view.seat else 0 for s in range(4)]
        self.wall_size = table.wall.remaining
        #: the unseen tiles are enough to deal: the other hands and the wall (False: the view is not one to sample)
        self.ok = sum(self.sizes) <= len(self.unseen_suited) and sum(self.sizes) + self.wall_size <= len(
            self.unseen_suited
        ) + len(self.unseen_flowers)

    def deal(self) -> Deal:
        """One guess: the other hands from the unseen tiles that are not flowers, the wall from the rest."""
        view, rng = self.view, self.rng
        pool = self.unseen_suited[:]
        rng.shuffle(pool)
        counts = [[0] * NUM_KINDS for _ in range(4)]
        counts[view.seat] = list(view.counts)
        at = 0
        back: list[int] = []  # tiles a hand was dealt and let go: unseen still, they go to the wall
        for s in range(4):
            size = self.sizes[s]
            later = sum(self.sizes[s + 1 :])
            extra = max(0, min(DEVELOPED * self.let_go[s], len(pool) - at - size - later))
            hand = counts[s]
            for t in pool[at : at + size + extra]:
                hand[t] += 1
            at += size + extra
            if extra:
                back += _let_go_loosest(hand, extra)
        rest = pool[at:] + back + self.unseen_flowers
        rng.shuffle(rest)
        wall = rest[: self.wall_size]
        table = view.table
        return Deal(counts, list(table.melds), [list(f) for f in table.flowers], wall)


NOTHING = (0, 0, 0, 0)


def play_out(
    deal: Deal,
    rules: Ruleset,
    view: SeatView,
    first: int,
    discarding: bool,
    discard: int | None = None,
    *,
    passed: bool = False,
) -> tuple[int, ...]:
    """Play ``deal`` to the hand's end: ``first`` moves next, discarding (``discarding``: ``discard``, or the tile its
    hand holds together least) or drawing. The points each seat gains. ``passed``: nobody wins on or pongs the first
    discard (the caller counts the chance that it feeds someone apart)."""
    counts, wall, melds = deal.counts, deal.wall, deal.melds
    qualify = rules.must_qualify
    shapes = rules.shapes
    # each waiting seat's winning shapes: the tiles that would complete its hand, worked out when its hand changes
    waiting = [NO_TILES if s == first and discarding else winning_tiles(counts[s], melds[s]) for s in range(4)]
    # the hand each seat's waits were last worked out for: a seat that lets go the tile it drew waits as before
    waited: list[tuple[int, ...] | None] = [None] * 4
    seat = first
    if not discarding:
        won = _draw(deal, rules, view, seat, waiting[seat])
        if won is not None:
            return won
    while True:
        hand = counts[seat]
        if discard is not None:
            tile, discard = discard, None
        elif qualify:
            tile = _aimed_discard(hand, melds[seat])
        else:
            tile = _fastest(hand, melds[seat], shapes)
        hand[tile] -= 1
        kept = tuple(hand)
        if kept != waited[seat]:  # after a pong the hand holds fewer tiles: never what was waited on before
            waited[seat] = kept
            waiting[seat] = winning_tiles(hand, melds[seat])
        if passed:
            passed = False
            if not wall:
                return NOTHING
            seat = (seat + 1) % 4
            won = _draw(deal, rules, view, seat, waiting[seat])
            if won is not None:
                return won
            continue
        for step in (1, 2, 3):
            other = (seat + step) % 4
            if tile in waiting[other]:
                held = counts[other]
                held[tile] += 1
                result = _score(deal, rules, view, other, tile, WinBy.DISCARD, seat, last=not wall)
                if result is not None:
                    return result
                held[tile] -= 1
        if not wall:
            return NOTHING
        ponger = _ponger(rules, counts, melds, seat, tile)
        if ponger is not None:  # it lays the pong down and discards in its place: the seats between are skipped
            counts[ponger][tile] -= 2
            melds[ponger] = (*melds[ponger], Meld(MeldKind.PONG, (tile, tile, tile), tile, seat))
            seat = ponger
            continue
        seat = (seat + 1) % 4
        won = _draw(deal, rules, view, seat, waiting[seat])
        if won is not None:
            return won


def _loosest(hand: list[int], kinds: Sequence[int]) -> int:
    """Of ``kinds`` held, the one that holds the hand together least (the highest kind of those)."""
    tile, least = -1, 1 << 30
    for t in reversed(kinds):
        if hand[t]:
            value = keep_value(hand, t)
            if value < least:
                tile, least = t, value
    return tile


def _let_go_loosest(hand: list[int], n: int) -> list[int]:
    """Let go of ``n`` tiles of ``hand``, each the loosest left (as :func:`_loosest` over every kind), and say which:
    a tile let go changes how much only it and its neighbours hold the hand together, so only theirs are worked out
    again."""
    value = {t: keep_value(hand, t) for t in range(NUM_KINDS) if hand[t]}
    out = []
    for _ in range(n):
        t = min(value, key=lambda u: (value[u], -u))
        hand[t] -= 1
        out.append(t)
        for u in _NEAR[t]:
            if hand[u]:
                value[u] = keep_value(hand, u)
            else:
                value.pop(u, None)
    return out


def _fastest(hand: list[int], melds: tuple[Meld, ...], shapes: ShapeSet) -> int:
    """The discard that leaves the hand nearest a shape the rule set lets win, the loosest of those (the highest kind
    of equally loose ones). The hand as it is says how near the best discard leaves it, so the loosest tiles are tried
    first and the first that leaves it that near is the one."""
    shanten_of = shapes.shanten_of
    near = max(0, shanten_of(hand, melds))
    order = sorted((keep_value(hand, t), -t) for t in range(NUM_KINDS) if hand[t])
    tile, best = -1, 99
    for _, minus in order:
        t = -minus
        hand[t] -= 1
        away = shanten_of(hand, melds)
        hand[t] += 1
        if away < best:
            tile, best = t, away
            if away <= near:
                break
    return tile


def _pairs_aim(hand: list[int], melds: Sequence[Meld]) -> bool:
    """The hand goes for 碰碰胡: pairs and sets of the same make most of it (no chi out)."""
    if any(m.kind is MeldKind.CHI for m in melds):
        return False
    return sum(1 for c in hand if c >= 2) + len(melds) >= 4


def _suit_aim(hand: list[int], melds: Sequence[Meld]) -> int:
    """The suit the hand goes for (混一色): the one it holds most of, its melds counted."""
    held = [sum(hand[s * 9 : s * 9 + 9]) for s in range(3)]
    for m in melds:
        if m.first < 27:
            held[m.first // 9] += 6  # a meld ties the hand to its suit
    return max(range(3), key=held.__getitem__)


def _aimed_discard(hand: list[int], melds: Sequence[Meld]) -> int:
    """Where a hand must qualify: a single for a hand of pairs, else a tile of another suit than its aim, else the
    loosest tile."""
    if _pairs_aim(hand, melds):
        singles = [t for t in range(NUM_KINDS) if hand[t] == 1]
        if singles:
            return _loosest(hand, singles)
    suit = _suit_aim(hand, melds)
    off = [t for t in range(27) if hand[t] and t // 9 != suit]
    return _loosest(hand, off) if off else _loosest(hand, range(NUM_KINDS))


def _ponger(
    rules: Ruleset, counts: list[list[int]], melds: list[tuple[Meld, ...]], discarder: int, tile: int
) -> int | None:
    """The seat that pongs ``tile`` (at most one holds a pair of it). Where a hand must qualify: an honour, a tile
    of its suit, or any for a hand of pairs; elsewhere any (a pong brings a hand a step nearer at no cost but its
    concealment, which a plain win there does not ask)."""
    for step in (1, 2, 3):
        other = (discarder + step) % 4
        hand = counts[other]
        if hand[tile] >= 2:
            mine = melds[other]
            if rules.pong_refusal(SeatFacts(other, hand, mine), tile) is not None:
                return None  # the rule set forbids it (Shanghai: no pong beside a chi of another suit)
            if not rules.must_qualify or tile >= 27 or _pairs_aim(hand, mine) or tile // 9 == _suit_aim(hand, mine):
                return other
            return None
    return None


NO_TILES: frozenset[int] = frozenset()
#: each kind and the kinds of its suit at most two from it (an honour: itself)
_NEAR = [
    tuple(u for u in range(t - 2, t + 3) if u // 9 == t // 9 and 0 <= u < 27) if t < 27 else (t,) for t in range(34)
]


def winning_tiles(counts: list[int], melds: Sequence[Meld]) -> frozenset[int]:
    """The tiles that would complete a hand of 3n+1 concealed tiles (four sets and a pair, or with no meld seven
    pairs), by the engine's table of shapes; nothing for a hand not ready (the rule set judges each win itself)."""
    exposed = len(melds)
    pairs = not exposed and shanten_seven_pairs(counts, True) == 0
    if shanten_regular(counts, exposed) != 0 and not pairs:
        return NO_TILES
    near: set[int] = set()  # a winning tile makes a set or a pair with tiles held: it is one, or two from one
    for t in range(NUM_KINDS):
        if counts[t]:
            near.update(_NEAR[t])
    out = []
    for t in near:
        if counts[t] < 4:
            counts[t] += 1
            if shanten_regular(counts, exposed) < 0 or (pairs and shanten_seven_pairs(counts, True) < 0):
                out.append(t)
            counts[t] -= 1
    return frozenset(out)


def _draw(deal: Deal, rules: Ruleset, view: SeatView, seat: int, waits: frozenset[int]) -> tuple[int, ...] | None:
    """``seat`` draws (a flower set aside, and another drawn); the points if the tile is one it waits for and the
    rule set lets it win, nothing to anyone if the wall runs out first (None: play goes on)."""
    wall, hand = deal.wall, deal.counts[seat]
    while wall:
        tile = wall.pop()
        if tile >= NUM_KINDS:
            deal.flowers[seat].append(tile)
            continue
        hand[tile] += 1
        if tile in waits:
            return _score(deal, rules, view, seat, tile, WinBy.SELF_DRAW, None, last=not wall)
        return None
    return NOTHING  # the wall ran out on flowers: the hand is drawn


def _score(
    deal: Deal,
    rules: Ruleset,
    view: SeatView,
    winner: int,
    tile: int,
    by: WinBy,
    discarder: int | None,
    *,
    last: bool,
) -> tuple[int, ...] | None:
    """The points of ``winner``'s win on ``tile`` (among its concealed counts), when the rule set lets it win (None:
    it may not)."""
    counts = deal.counts[winner]
    melds = deal.melds[winner]
    flowers = deal.flowers[winner]
    if not rules.is_winning_shape(counts, melds, flowers):
        return None
    counts[tile] -= 1
    concealed = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t]))
    counts[tile] += 1
    table = view.table
    ctx = WinContext(
        winner=winner,
        concealed=concealed,
        win_tile=tile,
        dealer=table.dealer,
        melds=tuple(melds),
        flowers=tuple(flowers),
        win_by=by,
        discarder=discarder,
        last_tile=last,
        base=table.base,
        huangfan=table.is_huangfan_hand,
        claims=table.claims,
    )
    result = rules.score(ctx)
    return result.payments if result.valid else None
