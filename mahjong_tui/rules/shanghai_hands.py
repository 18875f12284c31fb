"""How a Shanghai-family hand reads: its winning shapes and its 花 elements.

Every Shanghai preset scores from the same facts: the ways the 14 tiles split into four
sets and a pair (or an all-honour or 八花 hand), the suits and honours they use, whether
every set is a triplet, how many melds are exposed, and the 花 elements (flowers, honour
triplets, kongs). The hand types read these facts (:mod:`.hand_types`); what they are worth,
and who pays, is the preset's own scoring (:mod:`.shanghai_scoring`, :mod:`.shanghai_lezi`),
shown in the lines of :mod:`.shanghai_lines`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.scoring import LineKind, ScoreLine, ScoreResult, WinBy, WinContext
from mahjong_tui.engine.shapes import Split, is_seven_pairs, regular_splits
from mahjong_tui.engine.tiles import (
    NUM_KINDS,
    Tile,
    is_dragon,
    is_flower,
    is_honour,
    is_wind,
)
from mahjong_tui.engine.words import Words, said

# 花 of each scoring element (`001` 底花 table); ids name the element.
FLOWER_ELEMENTS: Mapping[str, tuple[int, str, str]] = MappingProxyType(
    {
        # id: (花, English, Chinese)
        "flower": (1, "flower", "花牌"),
        "wind_pong": (1, "exposed wind pong", "风向碰"),
        "wind_triplet": (1, "concealed wind triplet", "风暗刻"),
        "dragon_pong": (2, "exposed dragon pong", "字牌碰"),
        "dragon_triplet": (2, "concealed dragon triplet", "字暗刻"),
        "kong": (1, "exposed kong", "明杠"),
        "concealed_kong": (2, "concealed kong", "暗杠"),
        "wind_kong": (2, "exposed wind kong", "风向明杠"),
        "wind_concealed_kong": (3, "concealed wind kong", "风向暗杠"),
        "dragon_kong": (3, "exposed dragon kong", "字牌明杠"),
        "dragon_concealed_kong": (4, "concealed dragon kong", "字牌暗杠"),
    }
)


@dataclass(frozen=True, slots=True)
class Element:
    """One 花-scoring element: its id in FLOWER_ELEMENTS, its tile, and how it came."""

    id: str
    tile: Tile
    note: str = ""  # "added", "discard" (won on a discard), "held4" (4 held, no regular split)


@dataclass(frozen=True, slots=True)
class HandShape:
    """One way of reading a winning hand: what it is made of, and its 花 elements."""

    regular: bool  # four sets and a pair (otherwise all honours in any arrangement, or 八花)
    suits: frozenset[int]  # the suits used, melds included
    honours: bool  # any wind or dragon, melds included
    all_triplets: bool  # regular, no chi, every concealed set a triplet
    exposed: int  # exposed melds (chi, pong, exposed or added kong)
    elements: tuple[Element, ...]

    @property
    def all_honours(self) -> bool:
        """Winds and dragons only."""
        return not self.suits


def bahua(ctx: WinContext) -> bool:
    """All eight flowers collected (八花)."""
    return len({t for t in ctx.flowers if is_flower(t)}) == 8


def size_problem(ctx: WinContext) -> ScoreResult | None:
    """A win that cannot even be read: no winning tile, or the wrong number of tiles (None: it can)."""
    if ctx.win_by is not WinBy.SELF_DRAW:
        if ctx.discarder is None or ctx.discarder == ctx.winner or not 0 <= ctx.discarder <= 3:
            raise ValueError(f"a {ctx.win_by.value} win needs a discarder other than the winner")
    declared = ctx.win_tile is None and bahua(ctx)  # 八花 declared on the dealt hand: 13 tiles, no winning tile
    if ctx.win_tile is None and not declared:
        return not_a_win(said("rules_refusal.shanghai.no_win_tile"))
    concealed = [t for t in ctx.all_concealed if not is_flower(t)]
    want = (13 if declared else 14) - 3 * len(ctx.melds)
    if len(concealed) != want:
        return not_a_win(
            said("rules_refusal.shanghai.tile_count", size=len(concealed), want=want, melds=len(ctx.melds))
        )
    return None


def read_shapes(ctx: WinContext, counts: list[int]) -> list[HandShape]:
    """Every way the hand (concealed ``counts`` with the winning tile, and its melds) wins; empty: none."""
    melds = ctx.melds
    suits: set[int] = set()
    honours = False
    for t in range(NUM_KINDS):
        if counts[t]:
            if t < 27:
                suits.add(t // 9)
            else:
                honours = True
    for m in melds:
        if m.first < 27:
            suits.add(m.first // 9)
        else:
            honours = True
    flower_elements = [Element("flower", t) for t in sorted({t for t in ctx.flowers if is_flower(t)})]
    meld_elements = [e for m in melds if (e := meld_element(m)) is not None]
    discard_tile = ctx.win_tile if ctx.win_by is not WinBy.SELF_DRAW else None
    exposed = sum(1 for m in melds if m.kind.is_exposed)
    frozen_suits = frozenset(suits)
    splits = regular_splits(counts) if ctx.win_tile is not None else []
    if splits:
        no_chi = all(m.kind is not MeldKind.CHI for m in melds)
        return [
            HandShape(
                True,
                frozen_suits,
                honours,
                no_chi and all(s.triplet for s in split.sets),
                exposed,
                tuple(flower_elements + meld_elements + split_elements(split, discard_tile)),
            )
            for split in splits
        ]
    if not suits or bahua(ctx):
        elements = tuple(flower_elements + meld_elements + held_honour_elements(counts, discard_tile))
        return [HandShape(False, frozen_suits, honours, False, exposed, elements)]
    return []


def no_shape(ctx: WinContext, counts: Sequence[int]) -> ScoreResult:
    """Why tiles with no winning shape do not win (seven pairs is named: it does not win in Shanghai)."""
    if not ctx.melds and is_seven_pairs(counts, quad_is_two_pairs=True):
        return not_a_win(said("rules_refusal.shanghai.seven_pairs"))
    return not_a_win(said("rules_refusal.shanghai.no_shape"))


def meld_element(meld: Meld) -> Element | None:
    """The 花 element of a meld, if it scores."""
    t = meld.first
    kind = meld.kind
    if kind is MeldKind.CHI:
        return None
    if kind is MeldKind.PONG:
        if is_wind(t):
            return Element("wind_pong", t)
        if is_dragon(t):
            return Element("dragon_pong", t)
        return None
    prefix = "wind_" if is_wind(t) else "dragon_" if is_dragon(t) else ""
    if kind is MeldKind.CONCEALED_KONG:
        return Element(prefix + "concealed_kong", t)
    return Element(prefix + "kong", t, "added" if kind is MeldKind.ADDED_KONG else "")


def split_elements(split: Split, discard_tile: Tile | None) -> list[Element]:
    """花 elements of the concealed sets: wind and dragon triplets."""
    out: list[Element] = []
    for s in split.sets:
        if s.triplet and is_honour(s.first):
            out.append(honour_triplet(s.first, discard_tile, held4=False))
    return out


def held_honour_elements(counts: Sequence[int], discard_tile: Tile | None) -> list[Element]:
    """With no regular split, an honour held 3 or 4 times is one concealed triplet (``docs/shanghai.md`` "花: the
    flower count")."""
    return [honour_triplet(t, discard_tile, held4=counts[t] == 4) for t in range(27, NUM_KINDS) if counts[t] >= 3]


def honour_triplet(tile: Tile, discard_tile: Tile | None, *, held4: bool) -> Element:
    """A concealed honour triplet's element; completed by a discarded (or robbed) tile, it counts as exposed."""
    exposed = discard_tile == tile and not held4
    base = "wind" if is_wind(tile) else "dragon"
    note = "held4" if held4 else "discard" if exposed else ""
    return Element(f"{base}_pong" if exposed else f"{base}_triplet", tile, note)


def not_a_win(reason: Words) -> ScoreResult:
    """A result that is not a win, with the reason in both languages (its one line too)."""
    line = ScoreLine.of(LineKind.NOTE, reason, id="invalid")
    return ScoreResult(valid=False, reason=reason.en, reason_zh=reason.zh, lines=(line,))
