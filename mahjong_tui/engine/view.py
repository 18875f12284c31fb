"""Views: what a seat, or everyone, may see of a hand. The table, the bots and the hints read these.

A :class:`TableView` is what everyone at the table sees: the rule set, dealer and dice,
every river, meld and flower, how many tiles each seat holds, the wall, the scores, whose
decision is awaited and what it is about (the discard, the kong that may be robbed, the
开杠 tiles, the shown 海底). Concealed tiles appear only for the seats it reveals (and for
every seat once the hand is over). A :class:`SeatView` adds one seat's own tiles, what it
may do now, and what it may not with why: the input of a bot, a hint, or the prompt.

Privacy is which view a screen gets: nothing here ever holds another seat's concealed
tiles unless the view was asked to reveal them, or the order of the wall.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from .actions import Action
from .events import ClaimLost, DrawSource, Event, HaidiTaken, OptionRefused, TileDrawn, TilesDealt
from .haidi import shown_tile
from .hand import Hand
from .melds import Meld, MeldKind
from .ruleset import Ruleset
from .scoring import ScoreResult
from .state import SINGLE_SEAT_PHASES, Phase, Refusal, RiverTile
from .tiles import NUM_KINDS, Tile, tiles_of
from .wall import WallView


class TableView(NamedTuple):
    """What everyone may see of a hand at one moment (plus the concealed tiles of the seats revealed).

    A named tuple: views are made at every decision, and a tuple is made fastest.
    """

    ruleset: Ruleset
    hand_number: int
    dealer: int
    dice: tuple[int, int]
    huangfan: int
    huangfan_from_dice: int
    phase: Phase
    current: int
    pending: tuple[int, ...]
    scores: tuple[int, int, int, int]
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    flowers: tuple[tuple[Tile, ...], ...]
    hand_sizes: tuple[int, ...]
    kaigang_locked: tuple[bool, ...]
    wall: WallView
    last_discard: Tile | None
    rob_tile: Tile | None
    kaigang_tiles: tuple[Tile, ...]
    haidi_tile: Tile | None
    holds_drawn: tuple[bool, ...]  # a seat holds the tile it just drew apart (everyone sees that)
    concealed: tuple[tuple[Tile, ...] | None, ...]
    drawn: tuple[Tile | None, ...]  # that tile, for the seats revealed
    base: int = 1  # the game's base score 底分

    @property
    def over(self) -> bool:
        """The hand has ended."""
        return self.phase is Phase.ENDED

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        return self.wall.remaining

    @property
    def is_huangfan_hand(self) -> bool:
        """荒番 hand: the counter is above 0 after the dice."""
        return self.ruleset.uses_huangfan and self.huangfan > 0

    def revealed(self, seat: int) -> bool:
        """This view shows ``seat``'s concealed tiles."""
        return self.concealed[seat] is not None

    @property
    def claims(self) -> tuple[tuple[int, ...], ...]:
        """``claims[a][b]``: the discards seat ``a`` has claimed from seat ``b`` this hand (Shanghai 三口), read from
        the melds on the table (an added kong keeps the claim of its pong)."""
        out = [[0, 0, 0, 0] for _ in range(4)]
        for a, melds in enumerate(self.melds):
            for m in melds:
                if m.source is not None and m.source != a and m.kind is not MeldKind.CONCEALED_KONG:
                    out[a][m.source] += 1
        return tuple(tuple(row) for row in out)


class SeatView(NamedTuple):
    """One seat's view of a hand at one moment: the table, its own tiles, what it may do and may not.

    ``table`` is what everyone sees; the table's facts a player asks about most are also
    read straight from the seat view (``view.melds`` is ``view.table.melds``).
    """

    table: TableView
    seat: int
    counts: tuple[int, ...]
    last_drawn: Tile | None
    legal: tuple[Action, ...]
    refusals: tuple[Refusal, ...]
    passed_wins: frozenset[Tile] = frozenset()  # 漏胡: tiles of wins this seat passed, while they block it
    wins: tuple[tuple[Action, ScoreResult], ...] = ()  # each win in ``legal`` with what it would score

    def win_preview(self, action: Action) -> ScoreResult | None:
        """What the win ``action`` (one of ``legal``) would score and pay, before it is chosen."""
        return next((r for a, r in self.wins if a == action), None)

    @property
    def ruleset(self) -> Ruleset:
        """The rule set of the hand."""
        return self.table.ruleset

    @property
    def phase(self) -> Phase:
        """What the hand is waiting for."""
        return self.table.phase

    @property
    def current(self) -> int:
        """The seat whose turn it is (or whose discard, kong or 海底 is being answered)."""
        return self.table.current

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.table.dealer

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Every seat's melds."""
        return self.table.melds

    @property
    def rivers(self) -> tuple[tuple[RiverTile, ...], ...]:
        """Every seat's discards."""
        return self.table.rivers

    @property
    def flowers(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's flowers."""
        return self.table.flowers

    @property
    def last_discard(self) -> Tile | None:
        """The latest discard."""
        return self.table.last_discard

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the wall."""
        return self.table.wall.remaining

    @property
    def hand(self) -> tuple[Tile, ...]:
        """Own concealed tiles, sorted."""
        return tuple(tiles_of(self.counts))

    @property
    def outside(self) -> list[int]:
        """34-slot counts of tiles this seat sees outside its own hand and melds: others' melds, every river."""
        seen = [0] * NUM_KINDS
        for s, melds in enumerate(self.table.melds):
            if s == self.seat:
                continue
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        for river in self.table.rivers:
            for r in river:
                if r.claimed_by is None:
                    seen[r.tile] += 1
        return seen

    @property
    def visible(self) -> list[int]:
        """34-slot counts of tiles this seat can see outside its own hand (all melds, rivers)."""
        seen = self.outside
        for m in self.table.melds[self.seat]:
            for t in m.tiles:
                seen[t] += 1
        return seen

    @property
    def unseen(self) -> list[int]:
        """Copies of each kind this seat cannot see anywhere (in others' hands or the wall)."""
        vis = self.visible
        return [max(0, 4 - vis[t] - self.counts[t]) for t in range(NUM_KINDS)]


_NONE = (None, None, None, None)
_NO_PASSED: frozenset[Tile] = frozenset()
_NONE_APART = (False, False, False, False)


def _drawn(hand: Hand, seat: int) -> Tile | None:
    """The tile ``seat`` just drew, shown apart while it may still be discarded."""
    p = hand.players[seat]
    t = p.last_drawn
    if t is not None and hand.phase in (Phase.TURN, Phase.HAIDI_TAKEN) and hand.turn.current == seat and p.counts[t]:
        return t
    return None


_APART = tuple(tuple(s == seat for s in range(4)) for seat in range(4))


def _holds_drawn(hand: Hand) -> tuple[bool, ...]:
    """Per seat: it holds a just-drawn tile apart (only the seat in its turn can)."""
    current = hand.turn.current
    return _APART[current] if _drawn(hand, current) is not None else _NONE_APART


def _table(hand: Hand, reveal: Collection[int]) -> TableView:
    """The TableView of ``hand``, showing the concealed tiles of ``reveal``."""
    players = hand.players
    opening = hand.opening
    before, paid = opening.scores_before, hand.result.payments
    if hand.phase is Phase.ENDED:
        reveal = range(4)
    if reveal:
        concealed = tuple(tuple(q.tiles()) if q.seat in reveal else None for q in players)
        drawn = tuple(_drawn(hand, q.seat) if q.seat in reveal else None for q in players)
    else:
        concealed = drawn = _NONE
    return TableView(
        hand.rules,
        opening.hand_number,
        opening.dealer,
        opening.dice,
        hand.huangfan,
        opening.huangfan_from_dice,
        hand.phase,
        hand.turn.current,
        tuple(hand.pending_seats()),
        (before[0] + paid[0], before[1] + paid[1], before[2] + paid[2], before[3] + paid[3]),
        tuple(map(tuple, [q.melds for q in players])),
        tuple(map(tuple, [q.river for q in players])),
        tuple(map(tuple, [q.flowers for q in players])),
        tuple(map(sum, [q.counts for q in players])),
        tuple(q.kaigang_locked for q in players),
        hand.wall.view(),
        hand.turn.last_discard,
        hand.kong.rob_tile,
        hand.kong.kaigang_tiles,
        shown_tile(hand),
        _holds_drawn(hand),
        concealed,
        drawn,
        hand.options.base,
    )


def table_view(hand: Hand, reveal: Collection[int] = ()) -> TableView:
    """What everyone sees of ``hand``, with the concealed tiles of the seats in ``reveal``."""
    return _table(hand, reveal)


def seat_view(hand: Hand, seat: int, table: TableView | None = None) -> SeatView:
    """The view of ``seat`` in ``hand``: the table, its own tiles (``counts``, ``hand``) and its choices (``table``:
    :func:`table_view` of ``hand`` as it stands now, when the caller has it at hand for every seat).

    Bots ask for one at every decision, so the table part reveals no hand until the hand is
    over: the seat's own tiles are its ``counts``.
    """
    p = hand.players[seat]
    offered = hand.window.offered_wins
    return SeatView(
        _table(hand, ()) if table is None else table,
        seat,
        tuple(p.counts),
        p.last_drawn,
        tuple(hand.legal_actions(seat)),
        tuple(hand.refusals_for(seat)),
        frozenset(p.passed_wins) if p.passed_wins else _NO_PASSED,
        tuple((a, r) for a, r in offered.items() if a.seat == seat) if offered else (),
    )


def private_table(table: TableView, seat: int) -> TableView:
    """``table`` as ``seat`` is shown it at a table played across machines: in a window (a claim, a kong that may be
    robbed, the 开杠 tiles, the shown 海底, 起手小胡) and while the konger is asked about the 开杠 tiles, who is asked
    is not said. ``pending`` names ``seat`` when it is asked, else nobody; in a turn it names the seat in turn,
    which everyone sees anyway."""
    if not asked_in_private(table.phase):
        return table
    mine = (seat,) if seat in table.pending else ()
    return table if table.pending == mine else table._replace(pending=mine)


#: the phases whose asked seat every seat is shown: a turn (the seat in turn), the 海底's offer (each seat in order)
_PUBLIC_PENDING = (SINGLE_SEAT_PHASES - {Phase.KAIGANG_SELF}) | {Phase.ENDED}


def asked_in_private(phase: Phase) -> bool:
    """In ``phase``, who is asked is each seat's own to know (a window, and the konger's 开杠 tiles): at a table
    played across machines, every seat is shown such a moment alike, whether or not it is asked."""
    return phase not in _PUBLIC_PENDING


def private_seat_view(hand: Hand, seat: int, table: TableView | None = None) -> SeatView:
    """:func:`seat_view` with its table as :func:`private_table` shows it: what a remote seat is sent."""
    view = seat_view(hand, seat, table)
    table = private_table(view.table, seat)
    return view if table is view.table else view._replace(table=table)


def seen_by(ev: Event, seat: int) -> Event | None:
    """``ev`` as ``seat`` may see it (None: not at all): another seat's dealt tiles and draws, and the notices
    private to another seat, are not seen; that another seat took the 海底 is seen (:class:`HaidiTaken`), its tile once
    it is shown.

    What a remote seat is sent is built from this and from its :func:`seat_view`.
    """
    if isinstance(ev, TileDrawn) and ev.seat != seat and ev.source is DrawSource.HAIDI:
        return HaidiTaken(ev.seat)
    if isinstance(ev, TilesDealt | TileDrawn | OptionRefused | ClaimLost) and ev.seat != seat:
        return None
    return ev


def seen_events(events: Collection[Event], seat: int) -> list[Event]:
    """The events of ``events`` that ``seat`` may see, as it sees them."""
    return [seen for ev in events if (seen := seen_by(ev, seat)) is not None]
