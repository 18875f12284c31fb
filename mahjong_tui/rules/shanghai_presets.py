"""Shanghai's presets (上海麻将 规则参数): the numbers each preset plays with.

:data:`SHANGHAI_PRESETS` holds each preset's numbers (:class:`ShanghaiParams`): lezi values
and fans (read from the hand type records, :mod:`.hand_types`), the base 花, 三口 shares.
The players' version is ``docs/shanghai.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mahjong_tui.engine.scoring import HandType

from .hand_types import Pays, hand_types_of, numbers_of, qualifying
from .hand_types.record import QQ, SHANGHAI
from .shanghai_hands import FLOWER_ELEMENTS

#: the hand types of the Shanghai presets (shanghai and shanghai-qq have the same ones)
SHANGHAI_HAND_TYPES: Mapping[str, HandType] = hand_types_of(SHANGHAI)
#: the types that let a hand win; 门清 and 抢杠 are bonuses only (docs/shanghai.md "What qualifies")
QUALIFYING_TYPES: frozenset[str] = qualifying(SHANGHAI)

# --------------------------------------------------------------------------- presets


@dataclass(frozen=True)
class ShanghaiParams:
    """The numbers of one Shanghai preset (上海麻将 规则参数)."""

    name: str
    zh: str
    en: str
    base_flowers: int  # 底花 added to the 花 of a flower-valued hand
    lezi_in_base: int  # one 勒子 in units of the base score 底分
    lezi: Mapping[str, int]  # lezi value of each lezi-valued hand type (the hand type records' values)
    fan: Mapping[str, int]  # doublings of a flower-valued hand for each fan type (门清 1)
    cap_lezi: int = 1  # a flower-valued hand pays at most this many lezi
    huangfan_factor: int = 2  # 荒番
    sankou_claims: int = 3  # claims between two players that make them related (三口)
    sankou_self_draw_shares: int = 5  # a related player's share on the winner's self-draw
    sankou_discard_shares: int = 2  # a related discarder pays this, nobody else pays
    unready_discard_shares: int = 2  # unrelated discarder not ready, winner has relations
    flower_values: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({k: v[0] for k, v in FLOWER_ELEMENTS.items()})
    )

    def lezi_of(self, type_id: str) -> int:
        """Lezi value of a hand type (0 for a flower-valued one)."""
        return self.lezi.get(type_id, 0)

    @property
    def hand_types(self) -> Mapping[str, HandType]:
        """The preset's hand types, by id, in its order."""
        return hand_types_of(self.name)


SHANGHAI_PRESETS: Mapping[str, ShanghaiParams] = MappingProxyType(
    {
        "shanghai": ShanghaiParams(
            name="shanghai",
            zh="上海麻将",
            en="Shanghai",
            base_flowers=2,
            lezi_in_base=10,
            lezi=numbers_of(SHANGHAI, Pays.LEZI),
            fan=numbers_of(SHANGHAI, Pays.FAN),
        ),
        # `000` (QQ game): base 3 花, 八花 6 lezi, 杠开 one fan (a doubling) instead of a lezi.
        "shanghai-qq": ShanghaiParams(
            name="shanghai-qq",
            zh="上海麻将（QQ）",
            en="Shanghai (QQ variant)",
            base_flowers=3,
            lezi_in_base=10,
            lezi=numbers_of(QQ, Pays.LEZI),
            fan=numbers_of(QQ, Pays.FAN),
        ),
    }
)
