"""Shanghai (上海麻将), ``docs/shanghai.md``: the rule set the engine plays, one object per preset."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine.analysis import SETS_AND_PAIR
from mahjong_tui.engine.melds import Meld, MeldKind
from mahjong_tui.engine.options import GameOptions
from mahjong_tui.engine.ruleset import EndOfWall, PassedWinScope, Ruleset, SeatFacts, WinningHand, seat_list
from mahjong_tui.engine.scoring import ScoreResult, WinContext
from mahjong_tui.engine.shapes import is_regular_complete
from mahjong_tui.engine.targets import TargetKind
from mahjong_tui.engine.tiles import Tile, is_suited, tile_words
from mahjong_tui.engine.words import NO_WORDS, Words, said

from .hand_types import qualifying, value_of
from .shanghai_examples import SHANGHAI_EXAMPLES, shanghai_notes, shanghai_winning
from .shanghai_hands import meld_element
from .shanghai_lines import value_words
from .shanghai_presets import SHANGHAI_HAND_TYPES, ShanghaiParams
from .shanghai_scoring import konger_pays, score_shanghai

_SUIT_ZH = ("万", "筒", "条")


def _meld_suits(melds: Sequence[Meld], *, chi_only: bool) -> set[int]:
    """Suits of exposed suited melds (honour melds don't count for the one-suit rule)."""
    return {
        m.first // 9
        for m in melds
        if m.kind.is_exposed and is_suited(m.first) and (not chi_only or m.kind is MeldKind.CHI)
    }


def huangfan_dice_bonus(dice: tuple[int, int]) -> int:
    """骰子荒番: (1,1) or (4,4) add 2; (1,n), (4,n) and the other doubles add 1."""
    a, b = sorted(dice)
    if (a, b) in ((1, 1), (4, 4)):
        return 2
    if a == 1 or a == 4 or b == 4 or a == b:
        return 1
    return 0


class Shanghai(Ruleset):
    """上海麻将: 144 tiles, flowers, the qualifying rule, lezi, 荒番, 三口; ``params`` holds a preset's numbers."""

    #: what two players are called when one has claimed three discards from the other (the lessons say it)
    relation_name = "三口"

    zh_name = "上海麻将"
    en_name = "Shanghai"
    docs_page = "shanghai.md"
    lesson_family = "shanghai"
    wall_layout = (18, 18, 18, 18)
    honours = True
    flowers = True
    shapes = SETS_AND_PAIR
    passed_win_scope = PassedWinScope.ANY_DISCARD
    passed_win_lifted_by_claim = True
    passed_pong_rule = True
    after_chi_restriction = True
    end_of_wall = EndOfWall.DRAW_ALL
    uses_huangfan = True
    uses_base_score = True
    default_starting_points = 200
    scores_discarder_readiness = True
    must_qualify = True
    #: the shapes that qualify a hand (docs/shanghai.md "The qualifying rule"); 大吊车 once four melds are out
    win_targets = tuple(TargetKind)
    one_suit_melds = True
    scores_hua = True
    hand_types = SHANGHAI_HAND_TYPES
    examples = SHANGHAI_EXAMPLES
    score_inputs = frozenset({"flowers", "base", "huangfan", "claims", "discarder_ready"})

    def __init__(self, params: ShanghaiParams):
        self.params = params
        self.name = params.name
        self.zh_name, self.en_name = params.zh, params.en
        self.relation_claims = params.sankou_claims
        self.hand_types = params.hand_types

    def score(self, ctx: WinContext) -> ScoreResult:
        """Score a win with this preset's numbers."""
        return score_shanghai(ctx, self.params)

    def hua(self, melds: Sequence[Meld], flowers: Sequence[Tile]) -> int | None:
        """花 of the flowers and melds shown (docs/shanghai.md "花: the flower count"): honour pongs, kongs."""
        values = self.params.flower_values
        n = len(flowers) * values["flower"]
        for m in melds:
            e = meld_element(m)
            if e is not None:
                n += values[e.id]
        return n

    def relation_warning(self, name: str) -> Words:
        """What the claim that relates two players costs the one who fed it (docs/shanghai.md "三口")."""
        terms = self.relation_terms(name)
        return said("rules_refusal.shanghai.relation_warning", name=name, fed=self.relation_claims - 1, terms=terms)

    def relation_terms(self, name: str) -> Words:
        """The relation and what it costs the one who fed ``name``: 三口 here."""
        p = self.params
        return said("rules_refusal.shanghai.sankou_terms", name=name, self_draw=p.sankou_self_draw_shares,
                    discard=p.sankou_discard_shares)  # fmt: skip

    def target_type(self, kind: TargetKind) -> str:
        """All honours in any arrangement is 乱风向 (字一色 when all triplets, but the target is the shape)."""
        return "luanfengxiang" if kind is TargetKind.HONOURS else kind.value

    def lezi_of(self, type_id: str) -> int:
        """The preset's lezi value of a hand type."""
        return self.params.lezi_of(type_id)

    def type_value(self, type_id: str) -> Words:
        """A hand type's lezi, fan or 花 under this preset."""
        value = value_of(self.name, type_id)
        return NO_WORDS if value is None else value_words(value, konger_pays())

    def rule_notes(self) -> list[tuple[Words, list[Words]]]:
        """Claims, value, payments, 花 and 荒番, from this preset's numbers."""
        return shanghai_notes(self.params)

    def winning_hand(self) -> WinningHand:
        """Four sets and a pair, 乱风向 or 八花; never seven pairs; a win must qualify (混一色, 碰碰胡 or better)."""
        return shanghai_winning(self.hand_types, qualifying(self.name), "luanfengxiang")

    def chi_refusal(self, facts: SeatFacts, tile: Tile) -> Words | None:
        """One-suit rule: no chi once an exposed meld of another suit is down."""
        if not self.one_suit_melds:
            return None
        other = _meld_suits(facts.melds, chi_only=False) - {tile // 9}
        if other:
            return said("rules_refusal.shanghai.one_suit_chi", suit=_SUIT_ZH[min(other)])
        return None

    def pong_refusal(self, facts: SeatFacts, tile: Tile) -> Words | None:
        """One-suit rule: no pong or kong of a suited tile beside a chi of another suit."""
        if not self.one_suit_melds or not is_suited(tile):
            return None
        other = _meld_suits(facts.melds, chi_only=True) - {tile // 9}
        if other:
            return said("rules_refusal.shanghai.one_suit_pong", suit=_SUIT_ZH[min(other)])
        return None

    def after_chi_forbidden(self, tile: Tile, held: tuple[Tile, Tile]) -> frozenset[Tile]:
        """The chi'd tile and the other end of a two-sided chi, for the next discard."""
        out = {tile}
        lo, hi = min(held), max(held)
        if lo == tile + 1 and hi == tile + 2:
            end = hi + 1
            if end % 9 != 0:
                out.add(end)
        elif lo == tile - 2 and hi == tile - 1:
            end = lo - 1
            if end >= 0 and end % 9 != 8:
                out.add(end)
        return frozenset(out)

    def after_chi_refusal(self, tile: Tile) -> Words:
        """The after-chi rule in a player's words."""
        return said("rules_refusal.shanghai.after_chi", tile=tile_words(tile))

    def is_winning_shape(self, counts: Sequence[int], melds: Sequence[Meld], flowers: Sequence[Tile]) -> bool:
        """Four sets and a pair, 乱风向 (all honours), or 八花 (all eight flowers)."""
        if len(flowers) == 8:
            return True
        if is_regular_complete(counts):
            return True
        return sum(counts[:27]) == 0 and all(not is_suited(m.first) for m in melds)

    def wins_as_dealt(self, flowers: Sequence[Tile]) -> bool:
        """八花 in the deal (docs/shanghai.md "八花 in the deal"): all eight flowers, declared at once."""
        return len(set(flowers)) == 8

    def huangfan_from_dice(self, dice: tuple[int, int]) -> int:
        """骰子荒番."""
        return huangfan_dice_bonus(dice)

    def floor(self, options: GameOptions) -> int:
        """Below 50 × base a player cannot go on (`000`)."""
        return 50 * options.base

    def floor_reason(self, seats: Sequence[int], options: GameOptions) -> Words:
        """Why the game ended."""
        key = "floor_seat" if len(seats) == 1 else "floor_seats"
        return said(f"rules_refusal.shanghai.{key}", who=seat_list(seats), floor=50 * options.base)
