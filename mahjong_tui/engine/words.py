"""Words: a message in English and in Chinese, so every refusal and reason can be read in either."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple


class Words(NamedTuple):
    """One message, in both languages (``str()`` gives the English)."""

    en: str
    zh: str

    def __str__(self) -> str:
        """The English."""
        return self.en

    def both(self) -> str:
        """Chinese, then English: for learners reading both (the English alone when it holds the Chinese already)."""
        return f"{self.zh} · {self.en}" if self.zh and self.zh not in self.en else self.en


#: nothing to say, in either language
NO_WORDS = Words("", "")


def alike(text: object) -> Words:
    """A text that reads the same in both languages: a number, a notation, a name."""
    return Words(str(text), str(text))


def joined(parts: Iterable[Words], en: str, zh: str) -> Words:
    """``parts`` in one line: their English with ``en`` between each two, their Chinese with ``zh``."""
    listed = tuple(parts)
    return Words(en.join(p.en for p in listed), zh.join(p.zh for p in listed))


def listed(items: Sequence[Words]) -> Words:
    """``a``, ``a and b``, ``a, b and c`` / ``a``, ``a、b``, ``a、b、c``."""
    if len(items) == 1:
        return items[0]
    *before, last = items
    return said("words.listed", items=joined(before, ", ", "、"), last=last)


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 game``, ``3 games``: a number and the English words that agree with it (``many``: when not ``one`` + s)."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def said(key: str, **values: object) -> Words:
    """The text of ``key`` in English and in Chinese, as :class:`Words` (the engine's refusals, the learning layer's
    sentences: what the hint panel and ``mahjong-tui hint`` show in either language); a value given as ``Words``
    fills its field with its English in the English text and its Chinese in the Chinese."""
    from mahjong_tui.i18n import catalogue  # the catalogue is read only when words are first said

    def text(language: str, side: int) -> str:
        return catalogue(language)(key, **{k: v[side] if isinstance(v, Words) else v for k, v in values.items()})

    return Words(text("en", 0), text("zh", 1))


class Saying(NamedTuple):
    """Words not said yet: a key of the catalogue and the values of its fields, said when :meth:`words` is asked
    (a value may be a saying too: it is said first). A score line keeps one, as few lines are ever read."""

    key: str
    values: Mapping[str, object]

    def words(self) -> Words:
        """The words of the key, in English and in Chinese (:func:`said`)."""
        return said(self.key, **{k: v.words() if isinstance(v, Saying) else v for k, v in self.values.items()})


def saying(key: str, **values: object) -> Saying:
    """The words of ``key`` with ``values``, to be said when they are read."""
    return Saying(key, values)
