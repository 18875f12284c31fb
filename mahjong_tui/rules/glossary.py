"""The glossary: each term the rules use, once, with its Chinese and English name and what it means.

A term is one :class:`Term`: its id, its names, a short explanation in both languages (the catalogue's
``[term_meaning]``), and
the rule sets (presets) it belongs to; a rule set's glossary (:func:`glossary`) lists only
its own terms. :func:`term` names a term, or a hand type by its record
(:mod:`.hand_types`), so that every screen, the rules, the players' pages in ``docs/`` and
the export call a thing by one English name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mahjong_tui.engine.words import Words, said

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
    rule_sets: frozenset[str] = ALL,
    *,
    listed: bool = True,
    aliases: tuple[str, ...] = (),
) -> Term:
    """A term; what it means is the catalogue's ``[term_meaning]``, by its id."""
    return Term(id_, zh, en, said(f"term_meaning.{id_}"), rule_sets, listed, aliases)


_TERMS: tuple[Term, ...] = (
    _t("chi", "吃", "chi"),
    _t("pong", "碰", "pong"),
    _t("kong", "杠", "kong"),
    _t("win", "胡", "win"),
    _t("self_draw", "自摸", "self-draw", aliases=("self-drawn",)),
    _t("ready", "听牌", "ready"),
    _t("shanten", "向听", "steps"),
    _t("buhua", "补花", "flower replacement", _SHANGHAI_FAMILY),
    _t("hua", "花", "hua", _SHANGHAI_FAMILY),
    _t("lezi", "勒子", "lezi", _SHANGHAI_FAMILY),
    _t("huangfan", "荒番", "huangfan", _SHANGHAI_FAMILY),
    _t("kaibao", "开宝", "kaibao", frozenset({LEZI})),
    _t("sankou", "三口", "sankou", frozenset({SHANGHAI, QQ})),
    _t("chengbao", "承包", "chengbao", frozenset({LEZI})),
    _t("passed_win", "漏胡", "passed win"),
    _t("bird", "扎鸟", "bird", _CHANGSHA),
    _t("haidi", "海底", "last tile", _CHANGSHA),
    _t("kaigang", "开杠", "kaigang", _CHANGSHA),
    _t("buzhang", "补张", "buzhang", _CHANGSHA),
    _t("initial_wins", "起手小胡", "initial small wins", _CHANGSHA),
    _t("big_win", "大胡", "big win", _CHANGSHA),
    _t("dealer", "庄家", "dealer"),
    _t("sequence", "顺子", "sequence", ALL, listed=False),
    _t("triplet", "刻子", "triplet", ALL, listed=False),
    _t("pair", "将", "pair", ALL, listed=False),
    _t("pair_258", "二五八将", "2-5-8 pair", _CHANGSHA, listed=False, aliases=("2-5-8 eye", "2-5-8 将", "二五八")),
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
