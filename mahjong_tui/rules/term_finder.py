"""Which glossary terms a text names, and where: so a screen can make each one open its entry.

A rule set's entries (:func:`entries`) are its own glossary terms (:mod:`.glossary`: those
its glossary lists and those told where the winning hand is, such as the 2-5-8 pair) and its
own hand types (:mod:`.hand_types`), each with its names and what it means under that rule
set. :func:`find_terms` finds them in a text in English, in Chinese or in both: a Chinese name
anywhere (``海底炮`` before ``海底``: the longest name first), an English one as a whole word,
in any case, in the singular or the plural (``birds``, ``1 step``). A word that holds a name
but is not the term (``麻将`` holds ``将``) is passed over. No Textual or Rich here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from mahjong_tui.engine.words import Words

from .glossary import TERMS
from .hand_types import RECORDS

#: words that hold a term's name and are not that term
_NOT_TERMS = ("麻将",)
#: what may not stand right before or after an English name (it would be part of a longer word)
_LETTER = "[A-Za-z0-9]"


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a rule set's glossary: a term or a hand type, its names, and what it means there."""

    id: str
    zh: str
    en: str
    meaning: Words
    hand_type: bool = False

    @property
    def name(self) -> Words:
        """The entry's name in each language."""
        return Words(self.en, self.zh)


@dataclass(frozen=True, slots=True)
class Found:
    """A term named in a text: the entry's id, and where the name stands (``text[start:end]``)."""

    id: str
    start: int
    end: int


@cache
def entries(preset: str) -> tuple[Entry, ...]:
    """The entries of ``preset`` (a preset's name): its glossary's terms, then its hand types."""
    terms = [Entry(x.id, x.zh, x.en, x.meaning) for x in TERMS.values() if preset in x.rule_sets]
    types = [Entry(r.id, r.zh, r.en, r.words(preset), True) for r in RECORDS.values() if preset in r.values]
    return (*terms, *types)


def entry(preset: str, id_: str) -> Entry:
    """The entry ``id_`` of ``preset``; KeyError when the rule set has no such term or hand type."""
    found = next((e for e in entries(preset) if e.id == id_), None)
    if found is None:
        raise KeyError(f"{preset} has no term {id_!r}")
    return found


def _names(preset: str) -> list[tuple[str, str]]:
    """Every name the entries of ``preset`` are written by, with the entry's id ("" for a word that is no term)."""
    out = [(name, "") for name in _NOT_TERMS]
    for e in entries(preset):
        aliases = TERMS[e.id].aliases if e.id in TERMS else ()
        out += [(name, e.id) for name in (e.zh, e.en, *aliases) if name]
    return out


def _pattern(name: str) -> str:
    """The expression that finds ``name``: as it is when it is Chinese; when English, as a whole word in any case,
    singular or plural."""
    if not name.isascii():
        return re.escape(name)
    stem = name[:-1] if name.endswith("s") and name[-2:-1].isalpha() else name
    return rf"(?<!{_LETTER})(?i:{re.escape(stem)}(?:s|es)?)(?!{_LETTER})"


@cache
def _finder(preset: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """One expression with a group for each name of ``preset``'s entries, the longest first; the id of each group."""
    names = sorted(_names(preset), key=lambda n: -len(n[0]))
    pattern = "|".join(f"(?P<n{i}>{_pattern(name)})" for i, (name, _) in enumerate(names))
    return re.compile(pattern), tuple(id_ for _, id_ in names)


def find_terms(preset: str, text: str) -> tuple[Found, ...]:
    """Every term of ``preset``'s glossary that ``text`` names, in order, with its place; a name written in both
    languages side by side (``碰碰胡 All pongs``) is found once."""
    pattern, ids = _finder(preset)
    out: list[Found] = []
    for m in pattern.finditer(text):
        id_ = ids[int((m.lastgroup or "n0")[1:])]
        if not id_:
            continue
        if out and out[-1].id == id_ and not text[out[-1].end : m.start()].strip():
            out[-1] = Found(id_, out[-1].start, m.end())
        else:
            out.append(Found(id_, m.start(), m.end()))
    return tuple(out)


def terms_named(preset: str, text: str) -> tuple[str, ...]:
    """The ids of the terms ``text`` names, each once, in the order first named."""
    return tuple(dict.fromkeys(f.id for f in find_terms(preset, text)))
