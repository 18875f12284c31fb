"""A preset's rules page from its rule data (:func:`mahjong_tui.rulebook.rulebook`), as one Rich renderable.

The facts of the rule set, every hand type with its value and a worked example drawn as
tiles and scored by the calculator, the rule set's own rules (花, payments, 荒番, birds,
initial small wins …), a glossary, and then the players' rules page. Every text is rule data
in both languages (:class:`~mahjong_tui.engine.Words`), shown in the language in use; with
both, a rule reads in Chinese with its English under it. No Textual here: the rules screen
renders it in a worker thread.
"""

from __future__ import annotations

from importlib import resources

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from mahjong_tui.engine import Tile, Words, get_ruleset
from mahjong_tui.i18n import current, say, t
from mahjong_tui.rulebook import GLOSSARY, RuleBook, TypeRow, rulebook

from .config import Display, named, rules_summary
from .tiles import tile_text
from .wrapping import Wrapped

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


def _tiles(tiles: tuple[Tile, ...], display: Display, *, highlight: bool = False) -> Text:
    """Tiles in a row, drawn as at the table."""
    out = Text()
    for i, tile in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_text(tile, display.style, display.palette, highlight=highlight))
    return out


def example(row: TypeRow, display: Display) -> Text:
    """A worked example as tiles: the concealed hand, + the winning tile, [melds], flowers."""
    out = _tiles(tuple(sorted(row.hand)), display)
    if row.win_tile is not None:
        out.append(" + ")
        out.append_text(_tiles((row.win_tile,), display, highlight=True))
    for meld in row.melds:
        out.append(" [")
        out.append_text(_tiles(meld.tiles, display))
        out.append("]")
    if row.flowers:
        out.append("  花 ")
        out.append_text(_tiles(row.flowers, display))
    return out


def types_table(book: RuleBook, display: Display) -> Table:
    """Every hand type of a preset: names, value, what it takes, its example and what the calculator made of it."""
    names = {ht.id: ht.zh for ht in book.ruleset.hand_types.values()}
    table = Table(title=t("rules_page.types"), title_style=_HEAD, title_justify="left", show_edge=False,
                  show_header=False, expand=True, padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for row in book.types:
        head = Text(row.zh, style="bold")
        if current().language != "zh":
            head.append(f"\n{row.en}", style=_DIM)
        types = t("hint.separator").join(names.get(x, x) for x in row.types)
        scored = t("rules_page.scored", how=say(row.how), types=types, points=row.points)
        body = Text(f"{say(row.value)} · ", style="bold #8ab4f8", overflow="fold")
        body.append_text(prose(row.description))
        body.append("\n")
        body.append_text(example(row, display))
        body.append(f"\n{scored}", style=_DIM)
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
    ]
    parts.append(bullets(book.facts))
    parts += [Text(""), types_table(book, display)]
    for title, lines in book.notes:
        parts += [Text(""), Text(say(title), style=_HEAD)]
        parts.append(bullets(lines))
    glossary = Table(title=t("rules_page.glossary"), title_style=_HEAD, title_justify="left", show_edge=False,
                     show_header=False, expand=True)
    glossary.add_column(no_wrap=True, style="bold")
    glossary.add_column(ratio=1, overflow="fold")
    for name, meaning in GLOSSARY:
        glossary.add_row(term(name), Wrapped(prose(meaning)))
    parts += [Text(""), glossary]
    doc = read_doc(rules.docs_page)
    if doc and current().language == "zh":  # the players' page is written in English only
        english_only = Wrapped(Text(t("rules_page.players_page_english")))
        parts += [Text(""), Text(t("rules_page.players_page"), style=_HEAD), english_only]
    elif doc:
        parts += [Text(""), Text(t("rules_page.players_page"), style=_HEAD), Markdown(doc)]
    return Group(*parts)
