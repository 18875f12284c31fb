"""The rule sets and their presets: what each is, what differs, every hand type, the players' rules pages.

One page at a time, built when it is first shown: the presets at a glance, then one page
per family of presets (its hand types and its rules page), then the flow common to all.
A page is one Rich renderable (the rules pages as Rich Markdown), rendered into lines in a
worker thread while the screen opens, and kept for the width it was rendered at. With
Textual's Markdown widget (a widget per block, every page at once) the screen took
seconds to open.
"""

from __future__ import annotations

import io
from importlib import resources

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static, Tab, Tabs

from mahjong_tui.engine import Ruleset, get_ruleset, ruleset_names

from ..widgets.page import PageView

#: the players' rules page every rule set shares (how a hand flows)
COMMON_PAGE = "common.md"

#: Pages rendered so far, by (tab, width): a page opens at once the second time, and the
#: table renders its rules' page while the players think (see ``prerender``).
_RENDERED: dict[tuple[str, int], list[list[Segment]]] = {}


def presets_table() -> Table:
    """One row per preset: what it is, tiles, flowers, end of wall, special rules."""
    t = Table(title="Rule sets", title_style="bold", show_edge=False, expand=True)
    for col in ("preset", "name", "tiles", "wall", "flowers", "extras"):
        t.add_column(col)
    for name in ruleset_names():
        r = get_ruleset(name)
        extras = []
        if r.uses_huangfan:
            extras.append("荒番")
        if r.bird:
            extras.append("扎鸟 bird")
        if r.initial_small_wins:
            extras.append("起手小胡")
        if len(r.kong_modes) > 1:
            extras.append("补张/开杠")
        if r.passed_pong_rule:
            extras.append("过碰")
        t.add_row(name, f"{r.zh_name} {r.en_name}", str(len(r.tile_set())), "-".join(map(str, r.wall_layout)),
                  "yes" if r.flowers else "no", ", ".join(extras))
    return t


def summaries() -> Text:
    """One line per preset saying what it is."""
    out = Text()
    for name in ruleset_names():
        r = get_ruleset(name)
        out.append(f"{name}", style="bold #ffd166")
        out.append(f"  {r.zh_name} {r.en_name}", style="bold")
        out.append(f" — {r.summary}\n" if r.summary else "\n")
    return out


def rule_families() -> list[Ruleset]:
    """One rule set per players' rules page, in the registry's order (presets of one family share theirs)."""
    out: dict[str, Ruleset] = {}
    for name in ruleset_names():
        r = get_ruleset(name)
        out.setdefault(r.docs_page, r)
    return list(out.values())


def types_table(rules: Ruleset) -> Table:
    """Hand types of a rule set with their descriptions."""
    t = Table(title=f"{rules.en_name} hand types", title_style="bold", show_edge=False, show_header=False)
    t.add_column(no_wrap=True)
    t.add_column(no_wrap=True)
    t.add_column()
    for ht in rules.hand_types.values():
        t.add_row(Text(ht.zh, style="bold"), ht.en, Text(ht.description, style="#9aa0a6"))
    return t


def read_doc(page: str) -> str | None:
    """A players' rules page from ``mahjong_tui/rules/docs/``, when it is there."""
    if not page:
        return None
    try:
        return resources.files("mahjong_tui.rules").joinpath("docs", page).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


def rules_doc(rules: Ruleset) -> str | None:
    """The project's players' rules page of a rule set, when it has one."""
    return read_doc(rules.docs_page)


def render_lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """``renderable`` as lines of segments ``width`` cells wide (a console of its own: safe in a thread)."""
    console = Console(width=width, file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      legacy_windows=False)
    return console.render_lines(renderable, console.options.update_width(width))


def page_width(screen_width: int) -> int:
    """The width the page will have on a screen this wide (``#rules-card`` in app.tcss: 90%, at most 110,
    less border, padding and scrollbar). Only a guess for ``prerender``: a wrong one costs a render."""
    return min(int(screen_width * 0.9), 110) - 5


def page_of(rules: str) -> str:
    """The tab of a preset's family page."""
    page = get_ruleset(rules).docs_page
    return next((f"page-{i}" for i, r in enumerate(rule_families()) if r.docs_page == page), "page-presets")


def page(key: str) -> RenderableType:
    """The renderable of one page, by its tab."""
    if key == "page-presets":
        return Group(presets_table(), Text(""), summaries())
    if key == "page-common":
        return Markdown(read_doc(COMMON_PAGE) or "")
    rules = rule_families()[int(key.removeprefix("page-"))]
    parts: list[RenderableType] = [types_table(rules), Text("")]
    doc = rules_doc(rules)
    if doc:
        parts.append(Markdown(doc))
    return Group(*parts)


def rendered(key: str, width: int) -> list[list[Segment]]:
    """A page's lines at a width, rendered once (safe in a worker thread)."""
    if (key, width) not in _RENDERED:
        _RENDERED[key, width] = render_lines(page(key), width)
    return _RENDERED[key, width]


def prerender(rules: str, screen_width: int) -> None:
    """Render the page of ``rules`` for a screen this wide, so the rules open on it at once."""
    rendered(page_of(rules), page_width(screen_width))


def family_title(rules: Ruleset) -> str:
    """A family's tab: ``长沙麻将 Changsha``."""
    return f"{rules.zh_name} {rules.en_name}"


class RulesScreen(ModalScreen[None]):
    """Presets, hand types and the players' rules pages, one page at a time (←→ or a click on a tab)."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q,r", "close", "Close", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown,space", "scroll(10)", show=False),
    ]

    def __init__(self, rules: str | None = None) -> None:
        """Open at the page of the preset ``rules`` (the presets page when None)."""
        super().__init__()
        self.start = rules
        self.families = rule_families()
        self.pages: dict[str, tuple[int, list[list[Segment]]]] = {}  # by tab: (width, lines), when first shown
        self.active = ""  # the tab shown
        self._rendering: set[tuple[str, int]] = set()  # pages a worker is rendering

    def compose(self) -> ComposeResult:
        """Tabs over one scrolling page."""
        tabs = [Tab("Rule sets", id="page-presets")]
        tabs += [Tab(family_title(r), id=f"page-{i}") for i, r in enumerate(self.families)]
        if read_doc(COMMON_PAGE) is not None:
            tabs.append(Tab("How a hand goes", id="page-common"))
        active = page_of(self.start) if self.start is not None else "page-presets"
        with Vertical(id="rules-card"):
            yield Tabs(*tabs, active=active, id="rules-tabs")
            yield PageView(id="rules-page")
            yield Static(Text("←→ page · ↑↓ PgUp PgDn scroll · Esc closes", style="#9aa0a6"), id="rules-keys")

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        """Show the page of the tab."""
        self.active = event.tab.id or "page-presets"
        self.show_page()

    def on_page_view_resized(self) -> None:
        """The page changed width: show it at the new one."""
        self.show_page()

    def show_page(self) -> None:
        """The active page at the page's width: at once if rendered so already, else once rendered."""
        view = self.query_one("#rules-page", PageView)
        width = view.text_width
        if not width or not self.active:
            return  # not laid out yet: its first resize comes back here
        lines = _RENDERED.get((self.active, width))
        if lines is not None:
            self.pages[self.active] = (width, lines)
            view.show(lines, width)
            return
        view.show([[Segment("…", view.rich_style)]], width)
        if (self.active, width) not in self._rendering:
            self._rendering.add((self.active, width))
            self.render_page(self.active, width)

    @work(thread=True, group="rules-page")
    def render_page(self, key: str, width: int) -> None:
        """Render a page off the event loop, then show whichever page is wanted now."""
        rendered(key, width)
        self.app.call_from_thread(self.show_page)

    def action_scroll(self, lines: int) -> None:
        """Scroll the page."""
        self.query_one("#rules-page", PageView).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        """Back."""
        self.dismiss(None)
