"""The glossary: each term the rules use, once, with its Chinese and English name and what it means.

A term is one :class:`Term`: its id, its names, a short explanation in both languages, and
the rule sets (presets) it belongs to; a rule set's glossary (:func:`glossary`) lists only
its own terms. :func:`term` names a term, or a hand type by its record
(:mod:`.hand_types`), so that every screen, the rules, the players' pages in ``docs/`` and
the export call a thing by one English name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mahjong_tui.engine.words import Words

from .hand_types import RECORDS
from .hand_types.record import CHANGSHA, LEZI, QQ, SHANGHAI, SHANGHAI_FAMILY

#: every preset
ALL: frozenset[str] = frozenset({*SHANGHAI_FAMILY, CHANGSHA})
_SHANGHAI_FAMILY: frozenset[str] = frozenset(SHANGHAI_FAMILY)
_CHANGSHA: frozenset[str] = frozenset({CHANGSHA})


@dataclass(frozen=True, slots=True)
class Term:
    """One term: its names, what it means, the presets it belongs to, and whether a glossary lists it (the kinds of
    set and the 2-5-8 pair are told where the winning hand is)."""

    id: str
    zh: str
    en: str
    meaning: Words
    rule_sets: frozenset[str]
    listed: bool = True
    aliases: tuple[str, ...] = ()  # other ways the texts write it (``2-5-8 eye``, ``二五八`` in ``二五八作将``)

    @property
    def name(self) -> Words:
        """The term's name in each language: ``chi`` / ``吃``."""
        return Words(self.en, self.zh)

    @property
    def entry(self) -> Words:
        """The term as the rules write it: ``吃 chi`` in English (the Chinese first: players use it), ``吃`` in
        Chinese."""
        return Words(f"{self.zh} {self.en}", self.zh)


def _t(
    id_: str,
    zh: str,
    en: str,
    meaning: str,
    meaning_zh: str,
    rule_sets: frozenset[str] = ALL,
    aliases: tuple[str, ...] = (),
) -> Term:
    """A term a glossary lists."""
    return Term(id_, zh, en, Words(meaning, meaning_zh), rule_sets, aliases=aliases)


_TERMS: tuple[Term, ...] = (
    _t("chi", "吃", "chi", "take the previous player's discard to make a sequence (three in a row of one suit)",
       "吃上家打的牌，凑成顺子（同一门三张连着的牌）"),
    _t("pong", "碰", "pong", "take any player's discard to make a triplet with a pair you hold",
       "任何一家打的牌，和手里的一对凑成刻子"),
    _t("kong", "杠", "kong",
       "four of a kind: from a discard (明杠), all in hand (暗杠), or a fourth tile added to a pong (上杠, also 加杠)",
       "四张一样的牌：杠别人打的（明杠），手里四张（暗杠），碰了以后加第四张（上杠，也叫加杠）"),
    _t("win", "胡", "win", "a complete hand: on your own draw (自摸 self-draw) or on another's discard",
       "牌成了：自己摸到（自摸），或胡别人打的牌（点炮）"),
    _t("self_draw", "自摸", "self-draw", "a win on a tile you draw yourself: each of the other three players pays",
       "自己摸到的牌胡了：其他三家都要付", aliases=("self-drawn",)),
    _t("ready", "听牌", "ready", "one tile from a win; the tiles that would complete it are your waits",
       "差一张就胡；能胡的那几张就是听的牌"),
    _t("shanten", "向听", "steps", "how many tiles still to exchange before the hand is ready", "还要换几张牌才能听牌"),
    _t("buhua", "补花", "flower replacement",
       "a flower is shown at once and replaced by a tile from the tail of the wall", "摸到花牌马上亮出，从牌尾补一张",
       _SHANGHAI_FAMILY),
    _t("hua", "花", "hua", "the flower count: flowers, honour triplets and kongs, which make a flower hand's value",
       "花数：花牌、风牌字牌的刻子和杠都算花，算花的牌按花数算钱", _SHANGHAI_FAMILY),
    _t("lezi", "勒子", "lezi", "a fixed unit of a Shanghai win (10 × the base score); big hands are worth several",
       "上海麻将胡牌的固定单位（10 × 底分）；大牌值好几个勒子", _SHANGHAI_FAMILY),
    _t("huangfan", "荒番", "huangfan", "a counter raised by hands nobody wins; while it is above 0 a win pays double",
       "没人胡的一局（流局，也叫荒庄）加一次荒番；荒番大于 0 时胡牌翻倍", _SHANGHAI_FAMILY),
    _t("kaibao", "开宝", "kaibao", "Shanghai 勒子: the dealer's dice are a pair or 1 and 4, and a win pays double",
       "上海勒子：庄家掷出对子或 1 和 4，这一局胡牌翻倍", frozenset({LEZI})),
    _t("sankou", "三口", "sankou", "Shanghai: three or more claims between two players make them pay for each other",
       "上海：两家之间吃碰杠满三口，就要替对方多付", frozenset({SHANGHAI, QQ})),
    _t("chengbao", "承包", "chengbao",
       "Shanghai 勒子: three or more claims between two players relate them, and a related player pays more shares "
       "per relation", "上海勒子：两家之间吃碰杠满三次就有承包关系，每次承包多付几份", frozenset({LEZI})),
    _t("passed_win", "漏胡", "passed win", "a win passed on a discard blocks winning on discards for a while",
       "别人打的牌能胡却没胡，一段时间内不能胡别人打的牌"),
    _t("bird", "扎鸟", "bird", "Changsha: after a win the next tile's number points at a seat whose payment doubles",
       "长沙：胡牌后翻下一张牌，点数数到的那家付分翻倍", _CHANGSHA),
    _t("haidi", "海底", "last tile", "Changsha: the last tile, offered in turn instead of drawn",
       "长沙：最后一张牌，按顺序问各家要不要，不是摸", _CHANGSHA),
    _t("kaigang", "开杠", "kaigang", "Changsha: a kong whose replacements are two tiles the dice pick from the tail",
       "长沙：杠了以后掷骰子，从牌尾翻两张", _CHANGSHA),
    _t("buzhang", "补张", "buzhang", "Changsha: a kong with an ordinary replacement draw", "长沙：杠了以后照常补一张",
       _CHANGSHA),
    _t("initial_wins", "起手小胡", "initial small wins",
       "Changsha: a dealt hand with a special pattern, shown and paid at once",
       "长沙：发到的牌有特殊牌型，马上亮出，马上收钱", _CHANGSHA),
    _t("big_win", "大胡", "big win",
       "Changsha: a win with one or more big types (碰碰胡, 清一色, 海底捞月 …), each paid on its own; a win with none "
       "is a small win (小胡)",
       "长沙：带一个或几个大胡牌型（碰碰胡、清一色、海底捞月……）的胡，每个大胡分别算钱；一个也没有的是小胡", _CHANGSHA),
    _t("dealer", "庄家", "dealer", "the player who starts the hand with 14 tiles; winds are counted from them (东)",
       "起手拿十四张牌的那家；风位从庄家数起（东）"),
    Term("sequence", "顺子", "sequence", Words("three in a row of one suit; 9 and 1 do not connect",
                                                 "同一门三张连着的牌；9 和 1 不相连"), ALL, listed=False),
    Term("triplet", "刻子", "triplet", Words("three of a kind", "三张一样的牌"), ALL, listed=False),
    Term("pair", "将", "pair", Words("two of a kind", "两张一样的牌（对子）"), ALL, listed=False),
    Term("pair_258", "二五八将", "2-5-8 pair", Words("a pair of 2s, 5s or 8s, which a small win needs",
                                                     "2、5 或 8 的对子，小胡要用它作将"), _CHANGSHA, listed=False,
         aliases=("2-5-8 eye", "2-5-8 将", "二五八")),
)  # fmt: skip

#: every term, by id
TERMS: Mapping[str, Term] = MappingProxyType({t.id: t for t in _TERMS})


def term(id_: str) -> Words:
    """The name of a term, or of a hand type, in each language: ``term("qingyise")`` is ``Full flush`` / ``清一色``.

    Raises KeyError for an id that is neither.
    """
    found = TERMS.get(id_)
    if found is not None:
        return found.name
    return RECORDS[id_].name


def glossary(rule_set: str) -> tuple[Term, ...]:
    """The terms the glossary of ``rule_set`` (a preset's name) lists, in the glossary's order."""
    return tuple(t for t in _TERMS if t.listed and rule_set in t.rule_sets)
