"""Every hand type of every preset, one record each (:class:`.record.HandTypeRecord`), and what a preset makes of them.

A record holds a hand type's id, its Chinese and English name, what it takes and the test of
it in the Shanghai presets and in Changsha, and what each preset pays for it. Each preset's
scoring reads the records; its rules page and the players' pages in ``docs/`` name them.
Where a hand type's rule is:

* :mod:`.suits`: the suits a hand uses, and whether all its sets are triplets: 清一色, 混一色,
  清碰, 混碰, 碰碰胡, 字一色, 乱风向, 风碰, 风一色;
* :mod:`.shapes`: its melds and its pair: 大吊车, 门清, 小胡, 将将胡, 七小对;
* :mod:`.situations`: how and when it was won: 天胡, 地胡, 八花, 杠开, 抢杠, 海底捞月, 海底炮,
  杠上开花, 抢杠胡, 杠上炮;
* :mod:`.dealt`: the dealt hand: 四喜, 板板胡, 缺一色, 六六顺.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from mahjong_tui.engine.scoring import HandType

from .dealt import DEALT
from .record import (
    CHANGSHA,
    LEZI,
    QQ,
    SHANGHAI,
    ChangshaWin,
    HandTypeRecord,
    Pays,
    Reads,
    ShanghaiWin,
    Value,
)
from .shapes import SHAPES
from .situations import SITUATIONS
from .suits import SUITS

#: every hand type, by id
RECORDS: Mapping[str, HandTypeRecord] = MappingProxyType({r.id: r for r in (*SUITS, *SHAPES, *SITUATIONS, *DEALT)})

_SHANGHAI_ORDER = (
    "tianhu", "dihu", "bahua", "ziyise", "luanfengxiang", "qingpeng", "qingyise", "hunpeng", "dadiaoche", "gangkai",
    "hunyise", "pengpenghu", "menqing", "qianggang",
)  # fmt: skip
#: each preset's hand types in the order it lists them, in its rules and in a win's types
ORDER: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        SHANGHAI: _SHANGHAI_ORDER,
        QQ: _SHANGHAI_ORDER,
        LEZI: (
            "bahua", "fengpeng", "fengyise", "qingpeng", "qingyise", "hunpeng", "hunyise", "pengpenghu", "gangkai",
            "dadiaoche", "qianggang",
        ),
        CHANGSHA: (
            "xiaohu", "tianhu", "dihu", "pengpenghu", "jiangjianghu", "qingyise", "qixiaodui", "haidilaoyue",
            "haidipao", "gangshangkaihua", "qiangganghu", "gangshangpao", "sixi", "banbanhu", "queyise", "liuliushun",
        ),
    }
)  # fmt: skip

__all__ = ["RECORDS", "ORDER", "ChangshaWin", "HandTypeRecord", "Pays", "Reads", "ShanghaiWin", "Value"]


@cache
def records_of(preset: str) -> tuple[HandTypeRecord, ...]:
    """The hand types of ``preset``, in its order."""
    return tuple(RECORDS[t] for t in ORDER[preset])


def value_of(preset: str, type_id: str) -> Value | None:
    """What ``preset`` pays for a hand type (None: the preset does not have it)."""
    record = RECORDS.get(type_id)
    return None if record is None else record.values.get(preset)


@cache
def hand_types_of(preset: str) -> Mapping[str, HandType]:
    """The hand types of ``preset`` as its rule set names them, in its order."""
    return MappingProxyType({r.id: r.hand_type(preset) for r in records_of(preset)})


@cache
def paying(preset: str, *pays: Pays) -> tuple[str, ...]:
    """The hand types ``preset`` pays in one of the ways ``pays``, in its order."""
    return tuple(r.id for r in records_of(preset) if r.values[preset].pays in pays)


@cache
def numbers_of(preset: str, *pays: Pays) -> Mapping[str, int]:
    """The number each hand type ``preset`` pays in one of the ways ``pays`` carries: its lezi, or its doublings."""
    return MappingProxyType({t: RECORDS[t].values[preset].n for t in paying(preset, *pays)})


@cache
def qualifying(preset: str) -> frozenset[str]:
    """The hand types that let a hand win under ``preset``, where a win must qualify."""
    return frozenset(r.id for r in records_of(preset) if r.values[preset].qualifies)


def shanghai_types(preset: str, win: ShanghaiWin) -> tuple[str, ...]:
    """The hand types of one reading of a Shanghai-family win, in the preset's order. A hand declared on the deal
    (八花, no winning tile) has only the types of how it was won: its 13 tiles make no other."""
    declared = win.ctx.win_tile is None
    return tuple(r.id for r in records_of(preset) if (r.reads is Reads.WIN or not declared) and r.in_shanghai(win))


def changsha_types(win: ChangshaWin, *reads: Reads) -> tuple[str, ...]:
    """The Changsha hand types a win (or a deal) has among those that read ``reads``, in Changsha's order."""
    return tuple(r.id for r in records_of(CHANGSHA) if r.reads in reads and r.in_changsha(win))
