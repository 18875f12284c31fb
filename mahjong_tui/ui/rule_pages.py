"""A preset's rules page from its rule data (:func:`mahjong_tui.rulebook.rulebook`), as one Rich renderable.

The facts of the rule set, every hand type with its value and a worked example drawn as
tiles and scored by the calculator, the rule set's own rules (花, payments, 荒番, birds,
initial small wins …), a glossary, and then the players' rules page. No Textual here: the
rules screen renders it in a worker thread.
"""

from __future__ import annotations

from importlib import resources

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from mahjong_tui.engine import Tile, get_ruleset
from mahjong_tui.i18n import t
from mahjong_tui.rulebook import GLOSSARY, RuleBook, TypeRow, rulebook

from .config import Display, named, rules_summary
from .tiles import tile_text

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
        head.append(f"\n{row.en}", style=_DIM)
        scored = t("rules_page.scored", how=row.how, types=", ".join(names.get(x, x) for x in row.types),
                   points=row.points)
        body = Text(f"{row.value} · ", style="bold #8ab4f8", overflow="fold")
        body.append(row.description)
        body.append("\n")
        body.append_text(example(row, display))
        body.append(f"\n{scored}", style=_DIM)
        table.add_row(head, body, end_section=True)
    return table


def preset_page(name: str, display: Display) -> RenderableType:
    """The rules page of preset ``name``."""
    rules = get_ruleset(name)
    book = rulebook(rules)
    parts: list[RenderableType] = [
        Text(f"{named(rules.en_name, rules.zh_name)} — {t('rules_page.preset', name=name)}", style="bold"),
        Text(rules_summary(rules), style=_DIM),
        Text(""),
    ]
    parts += [Text(f"• {fact}") for fact in book.facts]
    parts += [Text(""), types_table(book, display)]
    for title, lines in book.notes:
        parts += [Text(""), Text(title, style=_HEAD)]
        parts += [Text(f"• {line}") for line in lines]
    glossary = Table(title=t("rules_page.glossary"), title_style=_HEAD, title_justify="left", show_edge=False,
                     show_header=False, expand=True)
    glossary.add_column(no_wrap=True, style="bold")
    glossary.add_column(ratio=1)
    for term, meaning in GLOSSARY:
        glossary.add_row(term, meaning)
    parts += [Text(""), glossary]
    doc = read_doc(rules.docs_page)
    if doc:
        parts += [Text(""), Text(t("rules_page.players_page"), style=_HEAD), Markdown(doc)]
    return Group(*parts)
