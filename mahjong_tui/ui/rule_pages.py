"""A preset's rules page from its rule data (:func:`mahjong_tui.book.rulebook.rulebook`), as one Rich renderable.

First the winning hand: four sets and a pair, each kind of set in an example hand drawn as
tiles, what does not win and what a win needs, each with a hand the calculator scores. Then
the facts of the rule set, every hand type with its value and a worked example drawn as
tiles and scored by the calculator, the rule set's own rules (花, payments, 荒番, birds,
initial small wins …), a glossary, and then the players' rules page. Every text is rule data
in both languages (:class:`~mahjong_tui.engine.Words`), shown in the language in use; with
both, a rule reads in Chinese with its English under it. No Textual here: the rules screen
renders it in a worker thread.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from mahjong_tui.book.rulebook import (
    AT_A_GLANCE,
    FOUR_SETS,
    NEEDS,
    NOT_WINNING,
    WINNING,
    Example,
    RuleBook,
    SetRow,
    rulebook,
)
from mahjong_tui.engine import Tile, Words, get_ruleset
from mahjong_tui.i18n import current, say, t

from .config import Display, named, rules_summary
from .tiles import tile_text
from .wrapping import NO_BREAK, Wrapped

_DIM = "#9aa0a6"
_HEAD = "bold #ffd166"


def read_doc(page: str) -> str | None:
    """A players' rules page from ``mahjong_tui/rules/docs/``, when it is there."""
    if not page:
        return None
    try:
        return resources.files("mahjong_tui.rules").joinpath("docs", page).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


def prose(words: Words) -> Text:
    """A rule in the language in use; with both, the Chinese and under it the English, dimmed."""
    if current().language == "both" and words.zh and words.zh != words.en:
        out = Text(words.zh)
        out.append(f"\n{words.en}", style=_DIM)
        return out
    return Text(say(words))


def bullets(rules: tuple[Words, ...] | list[Words]) -> Table:
    """Rules as a bulleted list, each wrapped under its own first word, broken as Chinese reads well."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    for words in rules:
        table.add_row("•", Wrapped(prose(words)))
    return table


def term(words: Words) -> str:
    """A glossary term: ``吃 chi`` (English and both), ``吃`` (Chinese)."""
    return words.zh if current().language == "zh" else words.en


def _tiles(tiles: tuple[Tile, ...], display: Display, *, highlight: int | None = None, sep: str = " ") -> Text:
    """Tiles in a row, drawn as at the table (the one at ``highlight``: the winning tile)."""
    out = Text()
    for i, tile in enumerate(tiles):
        if i:
            out.append(sep)
        out.append_text(tile_text(tile, display.style, display.palette, highlight=i == highlight))
    return out


def example(shown: Example, display: Display) -> Text:
    """An example as tiles: the concealed hand, + the winning tile, [melds], flowers."""
    out = _tiles(tuple(sorted(shown.hand)), display)
    if shown.win_tile is not None:
        out.append(" + ")
        out.append_text(_tiles((shown.win_tile,), display, highlight=0))
    for meld in shown.melds:
        out.append(" [")
        out.append_text(_tiles(meld.tiles, display))
        out.append("]")
    if shown.flowers:
        out.append("  花 ")
        out.append_text(_tiles(shown.flowers, display))
    return out


def verdict(shown: Example, book: RuleBook) -> str:
    """What the calculator made of an example: its types and what the winner collects, or why it is no win."""
    if shown.refusal is not None:
        return t("rules_page.refused", how=say(shown.how), reason=say(shown.refusal))
    names = {ht.id: ht.zh for ht in book.ruleset.hand_types.values()}
    types = t("hint.separator").join(names.get(x, x) for x in shown.types)
    return t("rules_page.scored", how=say(shown.how), types=types, points=shown.points)


def _set(row: SetRow, display: Display) -> Text:
    """One set of the winning hand, its tiles kept together, a meld in brackets, the winning tile marked."""
    tiles = _tiles(row.tiles, display, highlight=row.winning, sep=NO_BREAK)
    return Text("[").append_text(tiles).append("]") if row.meld else tiles


def winning_hand(book: RuleBook, display: Display) -> list[RenderableType]:
    """The start of the page: four sets and a pair, each set of the example drawn with what it is; the rule set's
    other shapes; what does not win, each with a hand; what a win needs."""
    part = book.winning
    sets = Table.grid(padding=(0, 2), expand=True)
    sets.add_column(no_wrap=True)
    sets.add_column(ratio=1)
    for row in part.sets:
        sets.add_row(_set(row, display), Wrapped(prose(row.said())))
    shown = Group(sets, Wrapped(Text(verdict(part.example, book), style=_DIM)))
    out: list[RenderableType] = [Text(say(WINNING), style=_HEAD), Wrapped(prose(FOUR_SETS))]
    out += [Padding(shown, (0, 0, 0, 2)), bullets(part.shapes)]
    refused = Table.grid(padding=(0, 1), expand=True)
    refused.add_column(no_wrap=True)
    refused.add_column(ratio=1)
    for words, case in part.not_wins:
        body = prose(words).append("\n").append_text(example(case, display))
        refused.add_row("•", Wrapped(body.append(f"\n{verdict(case, book)}", style=_DIM)))
    out += [Text(""), Text(say(NOT_WINNING), style=_HEAD), refused]
    return [*out, Text(""), Text(say(NEEDS), style=_HEAD), bullets(part.qualifies)]


def titled_table(title: str, **options: Any) -> Table:
    """A table of a rules page under its heading: no edge, no header row, the page's width."""
    return Table(title=title, title_style=_HEAD, title_justify="left", show_edge=False, show_header=False,
                 expand=True, **options)  # fmt: skip


def types_table(book: RuleBook, display: Display) -> Table:
    """Every hand type of a preset: names, value, what it takes, its example and what the calculator made of it."""
    table = titled_table(t("rules_page.types"), padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for row in book.types:
        head = Text(row.zh, style="bold")
        if current().language != "zh":
            head.append(f"\n{row.en}", style=_DIM)
        body = Text(f"{say(row.value)} · ", style="bold #8ab4f8", overflow="fold")
        body.append_text(prose(row.description))
        body.append("\n")
        body.append_text(example(row.example, display))
        body.append(f"\n{verdict(row.example, book)}", style=_DIM)
        table.add_row(head, Wrapped(body), end_section=True)
    return table


def preset_page(name: str, display: Display) -> RenderableType:
    """The rules page of preset ``name``."""
    rules = get_ruleset(name)
    book = rulebook(rules)
    parts: list[RenderableType] = [
        Text(f"{named(rules.en_name, rules.zh_name)} — {t('rules_page.preset', name=name)}", style="bold"),
        Wrapped(Text(rules_summary(rules), style=_DIM)),
        Text(""),
        *winning_hand(book, display),
        Text(""),
        Text(say(AT_A_GLANCE), style=_HEAD),
    ]
    parts.append(bullets(book.facts))
    parts += [Text(""), types_table(book, display)]
    for title, lines in book.notes:
        parts += [Text(""), Text(say(title), style=_HEAD)]
        parts.append(bullets(lines))
    glossary = titled_table(t("rules_page.glossary"))
    glossary.add_column(no_wrap=True, style="bold")
    glossary.add_column(ratio=1, overflow="fold")
    for entry, meaning in book.glossary:  # the preset's own terms
        glossary.add_row(term(entry), Wrapped(prose(meaning)))
    parts += [Text(""), glossary]
    doc = read_doc(rules.docs_page)
    if doc and current().language == "zh":  # the players' page is written in English only
        english_only = Wrapped(Text(t("rules_page.players_page_english")))
        parts += [Text(""), Text(t("rules_page.players_page"), style=_HEAD), english_only]
    elif doc:
        parts += [Text(""), Text(t("rules_page.players_page"), style=_HEAD), Markdown(doc)]
    return Group(*parts)
