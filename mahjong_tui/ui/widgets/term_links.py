"""Rule terms as links: each term a text names opens its glossary entry on a click, and ``g`` lists those shown.

:func:`link_terms` marks every term of a rule set's glossary that a text names
(:func:`mahjong_tui.rules.term_finder.find_terms`) with a click that calls the app's
``glossary`` action with the term and the rule set. A widget showing such text is a
:class:`LinkedStatic` (or :class:`LinkedProse`): a term is underlined in the text's own colour,
and shown reversed under the mouse. :func:`terms_on` reads the terms a screen shows from
the text its widgets hold, for ``g``.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

from ..wrapping import Wrapped
from .prose import Prose

#: the keys of a link's meta that name its term and its rule set
TERM, RULES = "term", "rules"


def link_style(term: str, rules: str) -> Style:
    """The style that makes a piece of text a link to the entry ``term`` of the glossary of ``rules``."""
    return Style(meta={"@click": f"app.glossary({term!r}, {rules!r})", TERM: term, RULES: rules})


def link_terms(text: Text | str, rules: str, *, skip: str = "") -> Text:
    """``text`` with every term of the glossary of ``rules`` it names made a link (in place, for a ``Text``);
    ``skip``: a term left as it is (an entry's own name in its meaning)."""
    out = Text(text) if isinstance(text, str) else text
    from mahjong_tui.rules.term_finder import find_terms  # the rule sets' terms, imported when first linked

    for found in find_terms(rules, out.plain):
        if found.id != skip:
            out.stylize(link_style(found.id, rules), found.start, found.end)
    return out


def terms_in(renderable: object) -> Iterator[tuple[str, str]]:
    """The (term, rules) of every link in ``renderable``, in order: text, groups, wrapped text, tables, padding, and
    anything that holds rows of text (the score lines of a hand's end)."""
    if isinstance(renderable, Text):
        for span in sorted(renderable.spans, key=lambda s: s.start):
            meta = span.style.meta if isinstance(span.style, Style) else {}
            if TERM in meta:
                yield meta[TERM], meta[RULES]
    elif isinstance(renderable, Wrapped):
        yield from terms_in(renderable.text)
    elif isinstance(renderable, Group):
        for part in renderable.renderables:
            yield from terms_in(part)
    elif isinstance(renderable, Padding):
        yield from terms_in(renderable.renderable)
    elif isinstance(renderable, Table):
        for column in renderable.columns:
            for cell in column.cells:
                yield from terms_in(cell)
    elif isinstance(rows := getattr(renderable, "rows", None), list):
        for row in rows:
            yield from terms_in(row[0] if isinstance(row, tuple) else row)


def terms_on(screen: Screen[object]) -> list[tuple[str, str]]:
    """The (term, rules) of every term the widgets of ``screen`` on display link to, each once, in order."""
    found: dict[tuple[str, str], None] = {}
    for widget in screen.query(Static):
        if widget.region.area:
            found.update(dict.fromkeys(terms_in(widget.content)))
    return list(found)


class LinkStyle:
    """For a widget showing links to terms: each link underlined in its text's own colour, reversed under the mouse
    (Textual's own link style would paint every link in one colour)."""

    @property
    def link_style(self) -> Style:
        """A link, as the text shows it."""
        return Style(underline=True)

    @property
    def link_style_hover(self) -> Style:
        """A link under the mouse."""
        return Style(underline=True, reverse=True)


class LinkedStatic(LinkStyle, Static):
    """A Static whose text may link to the glossary."""


class LinkedProse(LinkStyle, Prose):
    """Sentences (:class:`~mahjong_tui.ui.widgets.prose.Prose`) that may link to the glossary."""


def linked(content: RenderableType, rules: str | None) -> RenderableType:
    """Text (or a string) with its terms linked when ``rules`` is given; anything else as it is."""
    if rules is None or not isinstance(content, str | Text):
        return content
    return link_terms(content, rules)
