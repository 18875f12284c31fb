"""Words: a message in English and in Chinese, so every refusal and reason can be read in either."""

from __future__ import annotations

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


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 game``, ``3 games``: a number and the English words that agree with it (``many``: when not ``one`` + s)."""
    return f"{n} {one if n == 1 else many or one + 's'}"
