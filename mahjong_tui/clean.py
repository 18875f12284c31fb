"""Text from outside made safe to print: names without control characters, values shortened.

A name comes from the command line, the new game screen, a save, a record or the
statistics database, any of which may hold bytes that are not text or characters that
drive the terminal (ESC, the C1 controls, bidi overrides that reorder what follows).
:func:`clean_name` is what every printer of a name uses; :func:`shorten` is what every
message that repeats a value uses, so that a huge input is never echoed whole.
"""

from __future__ import annotations

import unicodedata

#: bidi embeddings, overrides, isolates and marks: they reorder the text printed after them
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: how many characters of a value a message repeats
SHOWN = 40


def _kept(c: str) -> str:
    """A character as printed: controls dropped, a byte that was not text (a lone surrogate) as �."""
    if c in BIDI_CONTROLS:
        return ""
    category = unicodedata.category(c)
    if category == "Cc":  # C0, DEL and C1
        return ""
    if category == "Cs":  # a byte that was not UTF-8, carried by ``surrogateescape``
        return "\ufffd"
    return c


def clean_name(text: str) -> str:
    """``text`` without control characters (C0, DEL, C1, ESC) or bidi controls, non-text bytes as �, stripped."""
    if text.isprintable() and not BIDI_CONTROLS.intersection(text):
        return text.strip()
    return "".join(_kept(c) for c in text).strip()


def not_text(text: str) -> int | None:
    """The position of the first character that was a byte not in UTF-8 (a lone surrogate), or None."""
    for i, c in enumerate(text):
        if "\ud800" <= c <= "\udfff":
            return i
    return None


def shorten(value: object, most: int = SHOWN, *, quoted: bool = True) -> str:
    """Printable, cut to about ``most`` characters with …, so that a huge value is never repeated whole.

    A string is shown as ``repr`` shows it (``quoted``) or as it is; anything else as ``str``.
    """
    text = value if isinstance(value, str) else str(value)
    cut = len(text) > most
    shown = repr(text[:most]) if isinstance(value, str) and quoted else text[:most]
    return "".join(_kept(c) for c in shown) + ("…" if cut else "")


#: the longest message line printed about a bad input
LINE = 300


def one_line(message: str, most: int = LINE) -> str:
    """A message as one printable line of at most about ``most`` characters (whatever it repeats of an input)."""
    line = " ".join("".join(_kept(c) for c in message[: most * 4]).split())
    return line if len(line) <= most and len(message) <= most * 4 else line[:most] + "…"


def invalid_line(error: str, top: str = "the top") -> str:
    """A msgspec validation error (``Expected `int` <= 3, got `str` - at `$.seat` ``) as one line: the place, then
    the reason, with no character that would break the line or drive the terminal (``top``: the name of the whole)."""
    reason, _, where = error.partition(" - at `$")
    where = where.rstrip("`")
    place = f"{top}{where}" if where.startswith("[") else where.lstrip(".") or top
    reason = clean_name(reason.replace("`", "").replace("\n", " "))[:200]
    return f"{clean_name(place)[:80]}: {reason[:1].lower()}{reason[1:]}"
