"""A glossary entry over whatever screen named its term, and the chooser of the terms a screen shows (``g``).

A click on a term (:mod:`mahjong_tui.ui.widgets.term_links`) or the app's ``g`` calls
:func:`open_glossary`: with a term, its entry (:class:`GlossaryScreen`: the Chinese, the
English, what it means in the language in use; ``r`` opens the rules page at it); without,
the terms the screen shows: one opens at once, several are listed (:class:`TermChooser`),
none is said in a notice.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from mahjong_tui.i18n import current, t
from mahjong_tui.rules.glossary import TERMS
from mahjong_tui.rules.term_finder import Entry, entry

from ..keys import Worded
from ..rule_pages import prose, term
from ..widgets.term_links import LinkedStatic, link_terms, terms_on
from ..wrapping import wrapped
from .once import Once

_CARD = "width: 80%; max-width: 76; height: auto; max-height: 80%; padding: 0 1; background: #1d2a24;"


def entry_name(found: Entry) -> str:
    """An entry as a list shows it: ``三口 sankou`` (the Chinese first: players use it), ``三口`` in Chinese."""
    return found.zh if current().language == "zh" else f"{found.zh} {found.en}"


def entry_body(found: Entry, rules: str) -> Text:
    """The entry: its Chinese and English names, what kind of thing it is, and what it means (the terms that
    meaning names linked)."""
    out = Text(found.zh, style="bold #ffd166")
    if current().language != "zh":
        out.append(f"  {found.en}", style="bold")
    kind = t("glossary_links.hand_type" if found.hand_type else "glossary_links.term")
    out.append(f"\n{kind}\n\n", style="#9aa0a6")
    return out.append_text(link_terms(prose(found.meaning), rules, skip=found.id))


def rules_place(found: Entry) -> tuple[str, ...]:
    """Where the entry stands on its rule set's page: the glossary's heading then its line, or the hand types'
    heading then its row."""
    if found.hand_type:
        return (t("rules_page.types"), found.zh)
    return (t("rules_page.glossary"), term(TERMS[found.id].entry))


class GlossaryScreen(Worded, ModalScreen[None], Once[None]):
    """One term of a rule set's glossary; Esc or Enter closes it, ``r`` opens the rules page at it."""

    DEFAULT_CSS = f"""
    GlossaryScreen {{ align: center middle; }}
    GlossaryScreen #glossary-card {{ {_CARD} border: thick #ffd166; }}
    GlossaryScreen #glossary-scroll {{ height: auto; max-height: 20; }}
    GlossaryScreen #glossary-keys {{ color: #9aa0a6; margin-top: 1; }}
    """
    BINDINGS = [
        Binding("escape,enter,q", "close", "help.key_close"),
        Binding("r", "rules", "glossary_links.key_rules"),
    ]

    def __init__(self, found: Entry, rules: str) -> None:
        """The entry ``found`` of the glossary of ``rules``."""
        super().__init__()
        self.entry = found
        self.rules = rules

    def compose(self) -> ComposeResult:
        """The entry and the keys."""
        with Vertical(id="glossary-card"):
            with VerticalScroll(id="glossary-scroll"):
                yield LinkedStatic(wrapped(entry_body(self.entry, self.rules)), id="glossary-entry")
            yield Static(t("glossary_links.keys"), id="glossary-keys")

    def action_close(self) -> None:
        """Back to the screen that named the term."""
        self.dismiss(None)

    def action_rules(self) -> None:
        """The rules page of the rule set, at this entry."""
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.rules, at=rules_place(self.entry)))


class TermChooser(ModalScreen[tuple[str, str] | None], Once[tuple[str, str] | None]):
    """The terms a screen shows, one a line; Enter or a click opens one, Esc goes back."""

    DEFAULT_CSS = f"""
    TermChooser {{ align: center middle; }}
    TermChooser #term-card {{ {_CARD} border: thick #9aa0a6; }}
    TermChooser OptionList {{ height: auto; max-height: 20; }}
    """
    BINDINGS = [Binding("escape,q", "close", show=False)]

    def __init__(self, terms: list[tuple[str, str]]) -> None:
        """A line for each (term, rules)."""
        super().__init__()
        self.terms = terms

    def compose(self) -> ComposeResult:
        """The title and the list."""
        lines = [Option(entry_name(entry(rules, id_)), id=str(i)) for i, (id_, rules) in enumerate(self.terms)]
        with Vertical(id="term-card"):
            yield Static(t("glossary_links.choose"), classes="card-title")
            yield OptionList(*lines, id="term-list")

    def on_mount(self) -> None:
        """The list takes the keys."""
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        """Open the term chosen."""
        self.dismiss(self.terms[int(event.option.id or 0)])

    def action_close(self) -> None:
        """Back, opening none."""
        self.dismiss(None)


def open_entry(app: App[Any], term_id: str, rules: str) -> None:
    """The entry ``term_id`` of the glossary of ``rules`` (a notice when that rule set has no such term)."""
    try:
        found = entry(rules, term_id)
    except KeyError:
        app.notify(t("glossary_links.unknown", term=term_id), severity="warning")
        return
    app.push_screen(GlossaryScreen(found, rules))


def open_glossary(app: App[Any], term_id: str = "", rules: str = "") -> None:
    """A term's entry (a click on it); without a term (``g``), the terms the screen shows: the one entry, a list of
    them, or a notice that it shows none."""
    if term_id:
        open_entry(app, term_id, rules)
        return
    shown = terms_on(app.screen)
    if not shown:
        app.notify(t("glossary_links.none"))
    elif len(shown) == 1:
        open_entry(app, *shown[0])
    else:
        app.push_screen(TermChooser(shown), lambda chosen: open_entry(app, *chosen) if chosen else None)
