"""Line breaking that Chinese reads well: between any two Chinese characters, never before a closing mark.

Rich and Textual break a line only at spaces. A Chinese sentence has few of them, and those
it has stand around numbers (``还有 36 张``), so a wrapped line broke there, leaving a short
line and a number cut from its measure word. Here a line may also break between two wide
characters (Chinese, fullwidth marks), as Chinese typesetting does, though not inside a short
term such as ``一向听`` in an English sentence or a word of one or two characters between
marks (``困难`` in ``（电脑，困难）``, ``八筒`` in a list of tiles), before a closing mark
(``，。、）…``), after an opening one (``（``), between a number and its measure word
(``36 张``) or the word it belongs to (``荒番 0``), inside an item of a list of up to four
characters (``起手小胡`` in ``扎鸟，起手小胡``), inside a short aside in brackets or between it
and the word it follows (``Bob（电脑，普通）``, unless the line is narrower than that), or inside
a meld (``四筒 五筒 六筒‹上南``, its tiles joined by no-break spaces). English still breaks at spaces only.
No Textual here: :class:`Wrapped` is a Rich renderable any widget can show.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

from rich.cells import cell_len, get_character_cell_size
from rich.console import Console, ConsoleOptions, OverflowMethod, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

#: marks a line may not start with, and marks it may not end with
_NO_START = frozenset("，。、；：！？）」』】》〉…～,.;:!?)%")
_NO_END = frozenset("（「『【《〈(")
#: a short aside in brackets, kept whole with the word it follows: ``Bob（电脑，普通）``; a bot's mark may be longer
#: (``Bob（电脑 bot）``, ``Bob（电脑 普通 normal）``), a longer aside in a sentence not (the words before it could
#: make a piece too long to place)
_ASIDE = re.compile(r"[^\s、，。；：·（）]{0,12}（(?:[^（）]{1,5}|电脑[^（）]{1,12})）")
#: a space no line breaks at (between a meld's tiles, inside a key and what it does)
NO_BREAK = "\u00a0"
#: what holds its neighbours together: the no-break space, the mark of the seat a meld came from
_GLUE = frozenset(NO_BREAK + "‹")


@lru_cache(maxsize=4096)
def _wide(ch: str) -> bool:
    """A character two cells wide (Chinese, fullwidth marks)."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


#: a run of wide characters this long or shorter is a term (``一向听``, ``海底捞月``, a tile): kept whole
_TERM = 4
#: and a word this long or shorter between two marks (``困难`` in ``（电脑，困难）``, ``八筒`` in a list)
_WORD = 2
#: or this long where marks (or the text's ends) stand right at both its sides: an item of a list
#: (``起手小胡`` in ``海底，扎鸟，起手小胡``)
_ITEM = 4


def _may_break(before: str, after: str, run: int, word: int) -> bool:
    """Whether a line may end with ``before`` and the next start with ``after`` (neither a space).

    Where both are wide, ``run``: how many wide characters stand together, and ``word``: how many of
    them stand between two marks (``困难`` in ``（电脑，困难）``).
    """
    if after in _NO_START or before in _NO_END or before in _GLUE or after in _GLUE:
        return False
    if _wide(before) and _wide(after):
        if _mark(before) or _mark(after):
            return True
        return run > _TERM and word > _WORD
    return _wide(before) or _wide(after)


@lru_cache(maxsize=4096)
def _mark(ch: str) -> bool:
    """A punctuation mark (``，``, ``（``, ``、`` …)."""
    return unicodedata.category(ch).startswith("P")


def _runs(plain: str, apart: Callable[[str], bool]) -> list[int]:
    """Per character, the length of the run of wide characters it stands in (0 for a narrow one or one ``apart``)."""
    out = [0] * len(plain)
    i = 0
    while i < len(plain):
        if not _wide(plain[i]) or apart(plain[i]):
            i += 1
            continue
        j = i
        while j < len(plain) and _wide(plain[j]) and not apart(plain[j]):
            j += 1
        out[i:j] = [j - i] * (j - i)
        i = j
    return out


def _items(plain: str, words: list[int]) -> list[int]:
    """``words``, each word of at most ``_ITEM`` characters that marks (or the ends) enclose set to 0: kept whole."""
    out = list(words)
    i = 0
    while i < len(plain):
        n = words[i]
        if not n:
            i += 1
            continue
        enclosed = (i == 0 or _mark(plain[i - 1])) and (i + n == len(plain) or _mark(plain[i + n]))
        if enclosed and n <= _ITEM:
            out[i : i + n] = [0] * n
        i += n
    return out


def _openings(plain: str, asides: bool = True) -> list[bool]:
    """Per character, whether a line may start there (``plain``: one paragraph, no newline; ``asides``: a short
    aside in brackets kept whole)."""
    runs = _runs(plain, lambda ch: False)
    words = _items(plain, _runs(plain, _mark))
    ok = [False] * len(plain)
    for i in range(1, len(plain)):
        ch = plain[i]
        if ch == " ":
            continue
        if plain[i - 1] != " ":
            ok[i] = _may_break(plain[i - 1], ch, runs[i], words[i])
            continue
        j = i - 1
        while j > 0 and plain[j - 1] == " ":
            j -= 1
        if j == 0:
            continue  # the paragraph's own leading spaces
        # a break at spaces: not before a Chinese closing mark or …, nor between a number and the Chinese word
        # it counts or belongs to (``36 张``, ``荒番 0``)
        before = plain[j - 1]
        glued = (before.isdigit() and _wide(ch)) or (ch.isdigit() and _wide(before))
        ok[i] = not (ch in _NO_START and not ch.isascii()) and not glued
    if asides:
        for m in _ASIDE.finditer(plain):
            ok[m.start() + 1 : m.end()] = [False] * (m.end() - m.start() - 1)
    return ok


def line_starts(plain: str, width: int, rest: int | None = None) -> list[int]:
    """Where each line after the first starts when ``plain`` (one paragraph, no newline) is wrapped to ``width``.

    Greedy: each line takes as much as fits and ends at the last opening that fits; a piece
    wider than a whole line is cut where the line is full (a closing mark kept with what it
    closes), and an aside in brackets too wide for it beside a mark inside it. Spaces at a break
    end the line before (the caller strips them). ``rest``: the width of every line after the
    first, where it differs (a hanging indent).
    """
    first = max(1, width)
    rest = first if rest is None else max(1, rest)
    width = first
    ok, loose = _openings(plain), _openings(plain, asides=False)
    starts: list[int] = []
    start, used, last, last_loose = 0, 0, -1, -1
    i = 0
    while i < len(plain):
        ch = plain[i]
        if ok[i] and i > start:
            last = i
        if loose[i] and i > start:
            last_loose = i
        w = get_character_cell_size(ch)
        if ch != " " and used + w > width and i > start:
            cut = last if last > start else last_loose if last_loose > start else i
            if cut == i and plain[i] in _NO_START and not plain[i].isascii() and i - 1 > start:
                cut = i - 1  # cut inside a piece: a closing mark still goes with the character before it
            starts.append(cut)
            start, last, last_loose, width = cut, -1, -1, rest
            i, used = cut, 0  # the next line is measured afresh: it may be narrower than this one
            continue
        used += w
        i += 1
    return starts


def narrowest(plain: str) -> int:
    """The cells of the widest piece no line may break inside (a word, a short Chinese term, ``36 张``)."""
    ok = _openings(plain, asides=False)  # an aside breaks inside where the line is too narrow for it
    cuts = [0, *(i for i, o in enumerate(ok) if o), len(plain)]
    return max((cell_len(plain[a:b].rstrip()) for a, b in itertools.pairwise(cuts)), default=0)


def wrap_lines(text: Text, width: int, hang: int = 0) -> list[Text]:
    """``text`` wrapped to ``width`` cells: a list of lines (its own newlines kept), styles kept.

    ``hang``: the cells each line a paragraph wraps onto is indented by (a hanging indent,
    so that what follows a label or a number stands in its own column).
    """
    lines: list[Text] = []
    paragraphs = text.split("\n", allow_blank=True)
    if text.no_wrap:
        return list(paragraphs)
    hang = max(0, min(hang, width - 2))  # room for one wide character after it
    for paragraph in paragraphs:
        starts = line_starts(paragraph.plain, width, width - hang) if paragraph.plain else []
        for k, piece in enumerate(paragraph.divide(starts) if paragraph.plain else [paragraph]):
            piece.rstrip()
            if k and hang:
                piece.pad_left(hang)
            lines.append(piece)
    return lines


class Wrapped:
    """A Rich renderable: ``text`` wrapped as Chinese reads well (:func:`wrap_lines`) to the width given."""

    def __init__(self, text: Text, hang: int = 0) -> None:
        self.text = text
        self.hang = hang  # the hanging indent of every wrapped line (:func:`wrap_lines`)

    def __str__(self) -> str:
        """The text as the screen shows it, unwrapped (a table cell's text, for one)."""
        return _spaced(self.text).plain

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """At least the widest piece no line breaks inside; at most the longest line unbroken."""
        paragraphs = self.text.plain.split("\n")
        if self.text.no_wrap:
            widest = max(cell_len(p) for p in paragraphs)
            return Measurement(widest, widest).clamp(max_width=options.max_width)
        least = max(narrowest(p) for p in paragraphs) + self.hang
        most = max(cell_len(p) for p in paragraphs)
        return Measurement(least, most).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Each line (in the text's own style); a line that cannot wrap and is too wide is cut (with … after
        the last whole word, if the text asks for it)."""
        width = options.max_width
        lines = [
            _spaced(_fit(line, width, self.text.overflow or "fold")) for line in wrap_lines(self.text, width, self.hang)
        ]
        yield from Text("\n").join(lines).render(console)
        yield Segment.line()


def _spaced(line: Text) -> Text:
    """``line`` with its no-break spaces as plain ones: once the lines are made they have done their work."""
    return _swapped(line, NO_BREAK, " ") if NO_BREAK in line.plain else line


def _fit(line: Text, width: int, overflow: OverflowMethod) -> Text:
    """``line`` cut to ``width`` cells: with ``ellipsis``, after its last whole word that leaves room for `` …``."""
    if line.cell_len <= width:
        return line
    if overflow == "ellipsis":
        plain = line.plain
        for k in range(len(plain) - 1, 0, -1):
            if plain[k] == " " and plain[k - 1] != " " and cell_len(plain[:k]) + 2 <= width:
                cut = line[:k]
                cut.append(" …")
                return cut
    line.truncate(width, overflow=overflow)
    return line


def _swapped(text: Text, old: str, new: str) -> Text:
    """``text`` with one character put for another, styles kept (both one cell: the spans stay in place)."""
    return Text(text.plain.replace(old, new), style=text.style, spans=list(text.spans), end="")


def whole(text: Text) -> Text:
    """``text`` as one piece no line breaks inside (its spaces no-break spaces), styles kept."""
    return _swapped(text, " ", NO_BREAK)


def wrapped(content: RenderableType, hang: int = 0) -> RenderableType:
    """Text (a string or a Rich ``Text``) as a :class:`Wrapped` renderable (``hang``: its hanging indent);
    any other renderable as it is."""
    if isinstance(content, str):
        return Wrapped(Text(content), hang)
    return Wrapped(content, hang) if isinstance(content, Text) else content


def pack(chunks: list[Text], width: int, *, max_lines: int | None = None, keep_end: bool = False) -> Text:
    """Lay chunks (tiles, melds) in lines of ``width`` cells, one space apart, never splitting one."""
    lines: list[list[Text]] = [[]]
    used = 0
    for chunk in chunks:
        w = chunk.cell_len
        need = w if not lines[-1] else used + 1 + w
        if lines[-1] and need > width:
            lines.append([chunk])
            used = w
        else:
            lines[-1].append(chunk)
            used = need
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[-max_lines:] if keep_end else lines[:max_lines]
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        for j, chunk in enumerate(line):
            if j:
                out.append(" ")
            out.append_text(chunk)
    return out
