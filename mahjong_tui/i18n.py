"""The message catalogue: every text the table shows, in English and in Chinese.

One data file per language (``mahjong_tui/locale/en.toml``, ``zh.toml``), keys grouped in
TOML tables (``[prompt] win = "…"`` is the key ``prompt.win``); ``{name}`` fields are filled
in when a text is asked for. A third choice, ``both``, is for learners: the Chinese and the
English side by side (``中文 · English``), or the text of ``both.toml`` where a key needs a
shorter form.

The engine's own reasons (refusals, a beaten claim, a hand that is not a win) are
:class:`~mahjong_tui.engine.Words`, in both languages already; :meth:`Catalogue.words`
picks the language. Rule and hand-type names come from the rule data. The learning layer
says its sentences in both languages too (:func:`said`: one key filled in the English and
the Chinese texts); a field that one language leaves unsaid is written ``{name!s:.0}``
there, which fills it in with nothing.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Sequence
from functools import cache
from importlib import resources
from string import Formatter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine is not imported to draw the first screen: its words are only read here
    from mahjong_tui.engine import Words

LANGUAGES = ("en", "zh", "both")


class MissingText(KeyError):
    """A key that the catalogue does not have (a bug: the tests check every key in both languages)."""


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, f"{name}."))
        elif isinstance(value, str):
            out[name] = value
        else:
            raise ValueError(f"{name}: a message must be text, not {type(value).__name__}")
    return out


_TABLE = re.compile(r"\[\s*([^.\]\s]+)")  # a table's header: ``[hint.level]`` is within the top-level ``hint``


@cache
def _tables(language: str) -> dict[str, str]:
    """The data file of ``language`` cut at its tables: each top-level table's name → its lines (with its subtables'),
    ``""`` for keys before the first table."""
    text = resources.files("mahjong_tui").joinpath("locale", f"{language}.toml").read_text(encoding="utf-8")
    lines: dict[str, list[str]] = {}
    top = ""
    for line in text.splitlines(keepends=True):
        header = _TABLE.match(line)
        if header:
            top = header.group(1).strip('"')
        lines.setdefault(top, []).append(line)
    return {name: "".join(chunk) for name, chunk in lines.items()}


@cache
def _table(language: str, top: str) -> dict[str, str]:
    """The texts of one top-level table of a data file, by key (read the first time one of them is asked for: the
    first screen waits only for the tables it shows)."""
    chunk = _tables(language).get(top)
    return _flatten(tomllib.loads(chunk)) if chunk else {}


class _Texts:
    """The texts of one data file, each top-level table read when a key in it is first asked for."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __getitem__(self, key: str) -> str:
        return _table(self.language, key.partition(".")[0] if "." in key else "")[key]

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        return key in _table(self.language, key.partition(".")[0] if "." in key else "")


@cache
def messages(language: str) -> dict[str, str]:
    """The texts of one data file (``en``, ``zh`` or ``both``), by key: all of them."""
    out: dict[str, str] = {}
    for top in _tables(language):
        out.update(_table(language, top))
    return out


def has_text(key: str) -> bool:
    """The catalogue has a text for ``key``."""
    return key in _Texts("en")


def fields_of(text: str) -> frozenset[str]:
    """The ``{name}`` fields a text fills in."""
    return frozenset(name for _, name, _, _ in Formatter().parse(text) if name)


class Catalogue:
    """The texts in one language: ``t("prompt.win", tile="5m")``."""

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
        self.language = language

    # each language's file is read when first needed: an English table never waits for the Chinese at its start
    _en = _Texts("en")
    _zh = _Texts("zh")

    @property
    def _both(self) -> _Texts | dict[str, str]:
        return _Texts("both") if self.language == "both" else {}

    def text(self, key: str) -> str:
        """The unfilled text of ``key``."""
        try:
            if self.language == "en":
                return self._en[key]
            if self.language == "zh":
                return self._zh[key]
            if key in self._both:
                return self._both[key]
            en, zh = self._en[key], self._zh[key]
        except KeyError:
            raise MissingText(key) from None
        return _side_by_side(en, zh)

    def __call__(self, key: str, **values: object) -> str:
        """The text of ``key`` with its fields filled in (``key_one``, where there is one, when ``n`` is 1:
        ``1 unseen tile then helps``)."""
        if values.get("n") == 1 and f"{key}_one" in self._en:
            key = f"{key}_one"
        text = self.text(key)
        return text.format(**values) if values else text

    def words(self, words: Words) -> str:
        """The engine's words in this language (for ``both``: Chinese · English)."""
        if self.language == "en":
            return words.en
        if self.language == "zh":
            return words.zh or words.en
        return _side_by_side(words.en, words.zh)

    def line(self, words: Words, lead: str = "") -> str:
        """A line of plain text in this language after ``lead`` (what both languages share: ``  12. 南 Jun  ``); for
        ``both`` the Chinese line, then the English under it, set under the words after ``lead``."""
        if self.language == "en":
            return lead + words.en
        if self.language == "zh" or words.zh == words.en or not words.en:
            return lead + (words.zh or words.en)
        return f"{lead}{words.zh}\n{' ' * cells(lead)}{words.en}"

    def pick(self, en: str, zh: str) -> str:
        """Rule data given in both languages (a hand type's names …): the one to show."""
        if self.language == "en":
            return en
        if self.language == "zh":
            return zh or en
        return _side_by_side(en, zh)


def cells(text: str) -> int:
    """The terminal columns ``text`` takes: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _side_by_side(en: str, zh: str) -> str:
    """Chinese, then English (as :meth:`Words.both`): for learners reading both (the English alone when it
    holds the Chinese already: ``2 steps from ready (两向听)``)."""
    return f"{zh} · {en}" if zh and zh not in en else en


@cache
def catalogue(language: str) -> Catalogue:
    """The catalogue of ``language`` (one per language, made once)."""
    return Catalogue(language)


_active: list[Catalogue] = []


def use(language: str) -> Catalogue:
    """Speak ``language`` from now on (the table sets it at start from the settings or ``--lang``)."""
    chosen = catalogue(language)
    _active[:] = [chosen]
    return chosen


def current() -> Catalogue:
    """The catalogue in use (English until :func:`use` is called)."""
    return _active[0] if _active else catalogue("en")


def t(key: str, **values: object) -> str:
    """The text of ``key`` in the language in use, its fields filled in."""
    return current()(key, **values)


def say(words: Words) -> str:
    """The engine's words in the language in use."""
    return current().words(words)


_SEAT_EN = re.compile(r"\b[Ss]eat ([0-3])\b")
_SEAT_ZH = re.compile(r"(?<=(.))?座位([0-3])(?=(.))?")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def names_in(text: str, names: Sequence[str]) -> str:
    """The engine's ``seat 2`` / ``座位2`` replaced by the player's name (a Latin name in a Chinese line set apart
    by spaces from the characters beside it: ``Lan 付给 Alice 10``)."""

    def chinese(m: re.Match[str]) -> str:
        name = names[int(m.group(2))]
        if _CJK.search(name):
            return name
        before = " " if m.group(1) and _CJK.match(m.group(1)) else ""
        after = " " if m.group(3) and _CJK.match(m.group(3)) else ""
        return before + name + after

    text = _SEAT_EN.sub(lambda m: names[int(m.group(1))], text)
    return _SEAT_ZH.sub(chinese, text)
