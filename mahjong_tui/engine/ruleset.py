"""The rule-set contract: what the engine, the bots, the table and the calculator ask a rule set.

The engine plays the flow common to every rule set (``rules/docs/common.md``): wall,
deal, turns, claims with their priority, kongs, robbing a kong, the end of a hand and of
a game. A :class:`Ruleset` answers everything that differs: the tiles, the claim
restrictions and their wording, the quad choices, the winning shapes and scoring, what
happens at the end of the wall, birds and initial wins, the dealer and the game's end.

A rule set is an object carrying its preset's numbers. The rule sets live in the
``rules`` package beside the engine and implement this class; the engine never imports
them. They are found by name through :mod:`~mahjong_tui.engine.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import permutations
from types import MappingProxyType

from .actions import KongMode
from .analysis import ShapeSet, is_ready, waits
from .events import DrawSource
from .melds import Meld, MeldKind
from .options import GameOptions
from .scoring import HandType, ScoreResult, WinContext, bird_seat
from .targets import TargetKind
from .tiles import Tile, full_tile_set, tile_words, tiles_of
from .words import NO_WORDS, Words, listed, said


class PassedWinScope(StrEnum):
    """What a passed win (漏胡) blocks until it is lifted."""

    ANY_DISCARD = "any_discard"  # every discard (Shanghai)
    SAME_TILE = "same_tile"  # only discards of the tile passed (Changsha)


class EndOfWall(StrEnum):
    """What the last tiles of the wall do."""

    DRAW_ALL = "draw_all"  # every tile may be drawn, then the hand is drawn (Shanghai)
    HAIDI = "haidi"  # the last tile is offered in turn (海底, Changsha)


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What a rule set needs to know about a seat to judge a claim or a discard."""

    seat: int
    counts: Sequence[int]
    melds: Sequence[Meld]


@dataclass(frozen=True, slots=True)
class HandNote:
    """A rule about what wins, and a hand that shows it: a situation in the calculator's JSON form (``score``)."""

    words: Words
    example: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class WinningHand:
    """What wins under a rule set, for the top of its rules page; the calculator scores every hand in it."""

    #: a win of four sets and a pair, a kong among the sets
    example: Mapping[str, object]
    #: the rule set's own winning shapes, beyond four sets and a pair
    shapes: tuple[Words, ...]
    #: what does not win, each with a hand that does not
    not_wins: tuple[HandNote, ...]
    #: what a win needs beyond its shape
    qualifies: tuple[Words, ...]


class Ruleset(ABC):
    """Base of every rule set: class attributes are the data, methods the judgement."""

    #: the preset's name, as typed on the command line and kept in records
    name: str = ""
    zh_name: str = ""
    en_name: str = ""
    #: the players' rules page in ``mahjong_tui/rules/docs/``
    docs_page: str = ""
    wall_layout: tuple[int, int, int, int] = (18, 18, 18, 18)
    honours: bool = True
    flowers: bool = True
    #: the winning shapes, for the win check's analysis (shanten, waits, acceptance)
    shapes: ShapeSet
    #: 漏胡: what a passed win blocks, and whether a claim (not only a draw) lifts it
    passed_win_scope: PassedWinScope = PassedWinScope.ANY_DISCARD
    passed_win_lifted_by_claim: bool = False
    #: 过碰: a passed pong blocks the same tile until the player's next discard
    passed_pong_rule: bool = False
    #: some tiles may not be discarded right after a chi (see ``after_chi_forbidden``)
    after_chi_restriction: bool = False
    end_of_wall: EndOfWall = EndOfWall.DRAW_ALL
    kong_modes: tuple[KongMode, ...] = (KongMode.KONG,)
    bird: bool = False
    initial_small_wins: bool = False
    uses_huangfan: bool = False
    #: the base score 底分 multiplies what a hand pays (otherwise points are fixed numbers)
    uses_base_score: bool = False
    default_starting_points: int = 100
    #: draws that make a self-drawn win a replacement win (Shanghai 杠开, Changsha 杠上开花)
    replacement_win_sources: tuple[DrawSource, ...] = (DrawSource.TAIL,)
    #: scoring needs to know whether a discarder was ready (Shanghai 三口)
    scores_discarder_readiness: bool = False
    #: a complete hand wins only with a qualifying hand type (a plain hand cannot)
    must_qualify: bool = False
    #: where a win must qualify, the shape targets that make a hand qualify (:mod:`.targets`): the hints and the
    #: bots count steps toward these; empty: every winning shape wins, and the steps to a win are the shanten
    win_targets: tuple[TargetKind, ...] = ()
    #: discards one player claims from another that make the two related (Shanghai 三口, 勒子 承包); 0: no such rule
    relation_claims: int = 0
    #: exposed melds must keep to one suit, honour melds aside (``chi_refusal``/``pong_refusal`` say why)
    one_suit_melds: bool = False
    #: a hand's value counts 花 (flowers, honour pongs, kongs), so such melds are worth claiming
    scores_hua: bool = False
    #: the lessons that teach this rule set: a folder of lesson files (``mahjong_tui/learn/lesson_data``); empty: none
    lesson_family: str = ""
    #: the hand types of this rule set, by id, for the rules screen and the calculator
    hand_types: Mapping[str, HandType] = MappingProxyType({})
    #: a worked example of each hand type: a situation in the calculator's JSON form that scores as that type
    examples: Mapping[str, Mapping[str, object]] = MappingProxyType({})
    #: titles a player earns by lifetime points under these rules, lowest first: (points needed, title)
    rank_titles: tuple[tuple[int, str], ...] = ()
    #: the rule-specific WinContext fields this rule set's scoring reads; the calculator refuses a
    #: value in a rule-specific field the rule set does not read (``RULE_SPECIFIC_INPUTS``)
    score_inputs: frozenset[str] = frozenset()

    @property
    def summary_words(self) -> Words:
        """One line saying what this rule set is, for the new game and rules screens: the catalogue's
        ``[rules_summary]``, by the preset's name."""
        return said(f"rules_summary.{self.name}")

    def tile_set(self) -> list[Tile]:
        """Every physical tile of this rule set."""
        return full_tile_set(honours=self.honours, flowers=self.flowers)

    def __repr__(self) -> str:
        """``<Ruleset shanghai>``."""
        return f"<Ruleset {self.name}>"

    # --- claims -------------------------------------------------------------
    def chi_refusal(self, facts: SeatFacts, tile: Tile) -> Words | None:
        """Why this seat may not chi ``tile`` at all (None: allowed)."""
        return None

    def pong_refusal(self, facts: SeatFacts, tile: Tile) -> Words | None:
        """Why this seat may not pong or kong ``tile`` (None: allowed)."""
        return None

    def melds_refusal(self, facts: SeatFacts) -> tuple[int, Words] | None:
        """Why the seat could not have claimed all of ``facts.melds``, whatever the order (None: some order allows
        them): the index of the first meld, in the order given, that ``chi_refusal`` or ``pong_refusal`` refuses
        beside the melds before it, and why. A concealed kong is declared, not claimed; an added kong was a pong."""
        melds = tuple(facts.melds)
        given = self._first_refused(facts, melds)
        if given is None:
            return None
        for order in permutations(melds):
            if self._first_refused(facts, order) is None:
                return None
        return given

    def _first_refused(self, facts: SeatFacts, melds: Sequence[Meld]) -> tuple[int, Words] | None:
        """The first of ``melds``, claimed in this order, that the claim restrictions refuse, and why."""
        for i, meld in enumerate(melds):
            if meld.kind is MeldKind.CONCEALED_KONG:
                continue
            before = SeatFacts(facts.seat, facts.counts, melds[:i])
            ask = self.chi_refusal if meld.kind is MeldKind.CHI else self.pong_refusal
            why = ask(before, meld.first)
            if why is not None:
                return i, why
        return None

    def after_chi_forbidden(self, tile: Tile, held: tuple[Tile, Tile]) -> frozenset[Tile]:
        """Tiles the claimer may not discard right after chi'ing ``tile`` with ``held``."""
        return frozenset()

    def after_chi_refusal(self, tile: Tile) -> Words:
        """Why ``tile`` may not be discarded right after a chi."""
        return _after_chi(tile)

    def passed_pong_refusal(self, tile: Tile) -> Words:
        """Why a passed pong of ``tile`` is not offered again."""
        return _passed_pong(tile)

    def passed_win_refusal(self, tile: Tile) -> Words:
        """Why a win on a discard is blocked after a passed win (漏胡)."""
        any_discard = self.passed_win_scope is PassedWinScope.ANY_DISCARD
        return _passed_win(None if any_discard else tile, self.passed_win_lifted_by_claim)

    # --- winning --------------------------------------------------------------
    @abstractmethod
    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Fast check: do these concealed tiles (with the winning tile) and melds form a win shape?"""

    def is_ready(self, counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """听牌: some tile would complete a winning shape (3n+1 concealed tiles)."""
        return is_ready(counts, self.shapes, melds)

    def is_ready_to_win(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile] = ()) -> bool:
        """听牌 as payments count it: some tile would give a win that is allowed (where a win must qualify, a hand
        ready only in a shape no wait lets win is not ready)."""
        if not self.is_ready(counts, melds):
            return False
        if not self.must_qualify:
            return True
        concealed = tuple(tiles_of(counts))
        for t in waits(counts, self.shapes, melds):
            ctx = WinContext(winner=0, concealed=concealed, win_tile=t, dealer=1, melds=tuple(melds),
                             flowers=tuple(flowers))  # fmt: skip
            if self.score(ctx).valid:
                return True
        return False

    @abstractmethod
    def score(self, ctx: WinContext) -> ScoreResult:
        """Full scoring of a win; ``valid`` false with a reason when it may not win."""

    def hua(self, melds: Sequence[Meld], flowers: Sequence[Tile]) -> int | None:
        """花 counted so far from what a seat has on the table (flowers, honour pongs, kongs); None where a hand's
        value does not count 花."""
        return None

    def relation_warning(self, name: str) -> Words:
        """What one more claim by ``name`` from a seat that has fed it ``relation_claims`` − 1 discards would cost
        that seat (rule sets with ``relation_claims``)."""
        return NO_WORDS

    def target_type(self, kind: TargetKind) -> str:
        """The hand type (an id of ``hand_types``) a win made with a shape target of ``win_targets`` has."""
        return kind.value

    def lezi_of(self, type_id: str) -> int:
        """Fixed units (Shanghai's lezi) a hand type is worth; 0 where its value counts 花 or it has none."""
        return 0

    def type_value(self, type_id: str) -> Words:
        """What a hand type is worth, in a few words (``4 lezi`` / ``4 勒子``, ``×2 on 花``, ``big``)."""
        return NO_WORDS

    def rule_notes(self) -> list[tuple[Words, list[Words]]]:
        """This rule set's own rules, worded from its numbers: (title, one line per rule) per topic."""
        return []

    @abstractmethod
    def winning_hand(self) -> WinningHand:
        """What wins and what does not, with hands the calculator scores: the start of the rules page."""

    def wins_as_dealt(self, flowers: Sequence[Tile]) -> bool:
        """A non-dealer's dealt hand with these flowers (after the deal's 补花) wins as it stands, with no winning
        tile, and is declared before the dealer's first discard (Shanghai's 八花); ``score`` then takes it as a
        self-draw with ``win_tile`` None."""
        return False

    def shape_types(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[str, ...]:
        """Hand types a complete hand has by its shape alone, beyond a plain win (for weighing waits)."""
        return ()

    def initial_wins(self, counts: Sequence[int]) -> list[str]:
        """起手小胡 types present in a starting hand (rule sets with ``initial_small_wins``)."""
        return []

    # --- hands and games ---------------------------------------------------------
    def huangfan_from_dice(self, dice: tuple[int, int]) -> int:
        """荒番 the dice add at the start of a hand."""
        return 0

    def kaibao(self, dice: tuple[int, int]) -> bool:
        """开宝: the dealer's dice make this hand pay double (rule sets that have it)."""
        return False

    def next_dealer_after_win(self, winners: Sequence[int], discarder: int | None, dealer: int) -> int:
        """Who deals next after a won hand: the winner; with several winners, the discarder."""
        if len(winners) == 1:
            return winners[0]
        assert discarder is not None
        return discarder

    def starting_points(self, options: GameOptions) -> int:
        """Points each player starts with."""
        if options.starting_points is not None:
            return options.starting_points
        return self.default_starting_points * options.base

    def bird_seat(self, bird: Tile, dealer: int) -> int:
        """The seat a bird tile (扎鸟) lands on, in rule sets with ``bird``: its number counted from the dealer."""
        return bird_seat(bird, dealer)

    def floor(self, options: GameOptions) -> int:
        """A player whose score falls below this at the end of a hand cannot go on."""
        return 0

    def floor_reason(self, seats: Sequence[int], options: GameOptions) -> Words:
        """Why the game ended at the floor, in a player's words (``seats``: those below it)."""
        key = "ruleset.seat_out_of_points" if len(seats) == 1 else "ruleset.seats_out_of_points"
        return said(key, who=seat_list(seats))


#: WinContext fields that only some rule sets read (see ``Ruleset.score_inputs``), with their defaults
RULE_SPECIFIC_INPUTS: Mapping[str, object] = MappingProxyType(
    {
        "flowers": "",
        "base": 1,
        "huangfan": False,
        "kaibao": False,
        "claims": None,
        "discarder_ready": False,
        "kaigang_discard": False,
        "last_tile": False,
        "bird": None,
        "initial": False,
    }
)


def seat_list(seats: Sequence[int]) -> Words:
    """``seat 1``, ``seat 1 and seat 3``, ``seat 0, seat 1 and seat 2`` (座位1、座位3).

    The UI puts the players' names in their place.
    """
    return listed([said("ruleset.seat", seat=s) for s in seats])


# A rule set's refusals are said for every tile in play (after each chi, each passed claim): each is made once.


@cache
def _after_chi(tile: Tile) -> Words:
    """Why ``tile`` may not be discarded right after a chi."""
    return said("ruleset.after_chi", tile=tile_words(tile))


@cache
def _passed_pong(tile: Tile) -> Words:
    """Why a passed pong of ``tile`` is not offered again."""
    return said("ruleset.passed_pong", tile=tile_words(tile))


@cache
def _passed_win(tile: Tile | None, by_claim: bool) -> Words:
    """Why a win on a discard is blocked after a passed win: on ``tile`` (None: on any discard) until the next draw,
    or (``by_claim``) the next draw or claim."""
    lift = said("ruleset.lift_draw_or_claim" if by_claim else "ruleset.lift_draw")
    if tile is None:
        return said("ruleset.passed_win_any", lift=lift)
    return said("ruleset.passed_win_tile", tile=tile_words(tile), lift=lift)
