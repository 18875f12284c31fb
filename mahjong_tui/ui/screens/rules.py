"""The rule sets and their presets: what each is, what differs, every hand type, the players' rules pages.

One page at a time, built when it is first shown: the presets at a glance, then one page
per preset built from its rule data (:mod:`mahjong_tui.ui.rule_pages`: the winning hand,
facts, hand types with worked examples drawn as tiles and scored by the calculator, its own
rules, a glossary, its players' rules page), then the flow common to all.
A page is one Rich renderable (the rules pages as Rich Markdown), rendered into lines in a
worker thread while the screen opens, and kept for the width it was rendered at. With
Textual's Markdown widget (a widget per block, every page at once) the screen took
seconds to open.
"""

from __future__ import annotations

import io

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

from mahjong_tui.engine import get_ruleset, ruleset_names
from mahjong_tui.i18n import current, t

from ..app_base import appearance_of
from ..config import Display, named, rules_summary
from ..keys import Worded
from ..rule_pages import preset_page, read_doc
from ..widgets.page import PageView
from .once import Once

#: the players' rules page every rule set shares (how a hand flows)
COMMON_PAGE = "common.md"

#: Pages rendered so far, by (tab, width, tile style, language): a page opens at once the second
#: time, and the table renders its rules' page while the players think (see ``prerender``).
_RENDERED: dict[tuple[str, int, Display, str], list[list[Segment]]] = {}


def presets_table() -> Table:
    """One row per preset: what it is, tiles, flowers, end of wall, special rules."""
    table = Table(title=t("rules_screen.title"), title_style="bold", show_edge=False, expand=True)
    for col in ("preset", "name", "tiles", "wall", "flowers", "extras"):
        table.add_column(t(f"rules_screen.col_{col}"))
    for name in ruleset_names():
        r = get_ruleset(name)
        extras = []
        if r.uses_huangfan:
            extras.append(t("rules_screen.huangfan"))
        if r.bird:
            extras.append(t("rules_screen.bird"))
        if r.initial_small_wins:
            extras.append(t("rules_screen.initial"))
        if len(r.kong_modes) > 1:
            extras.append(t("rules_screen.kong_modes"))
        if r.passed_pong_rule:
            extras.append(t("rules_screen.passed_pong"))
        table.add_row(
            name,
            named(r.en_name, r.zh_name),
            str(len(r.tile_set())),
            "-".join(map(str, r.wall_layout)),
            t("rules_screen.yes") if r.flowers else t("rules_screen.no"),
            t("hint.separator").join(extras),
        )
    return table


def summaries() -> Text:
    """One line per preset saying what it is."""
    out = Text()
    for name in ruleset_names():
        r = get_ruleset(name)
        out.append(f"{name}", style="bold #ffd166")
        out.append(f"  {named(r.en_name, r.zh_name)}", style="bold")
        summary = rules_summary(r)
        out.append(f" — {summary}\n" if summary else "\n")
    return out


def tab_name(name: str) -> str:
    """A preset's tab: its name as typed (``shanghai``), or in Chinese its Chinese name."""
    rules = get_ruleset(name)
    return name if current().language == "en" else rules.zh_name


def render_lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """``renderable`` as lines of segments ``width`` cells wide (a console of its own: safe in a thread)."""
    console = Console(
        width=width, file=io.StringIO(), force_terminal=True, color_system="truecolor", legacy_windows=False
    )
    return console.render_lines(renderable, console.options.update_width(width))


def page_width(screen_width: int) -> int:
    """The width the page will have on a screen this wide (``#rules-card`` in app.tcss: 90%, at most 110,
    less border, padding and scrollbar). Only a guess for ``prerender``: a wrong one costs a render."""
    return min(int(screen_width * 0.9), 110) - 5


def page_of(rules: str) -> str:
    """The tab of a preset's page."""
    return f"preset-{rules}" if rules in ruleset_names() else "page-presets"


def page(key: str, display: Display) -> RenderableType:
    """The renderable of one page, by its tab."""
    if key == "page-presets":
        return Group(presets_table(), Text(""), summaries())
    if key == "page-common":
        return Markdown(read_doc(COMMON_PAGE) or "")
    return preset_page(key.removeprefix("preset-"), display)


def rendered(key: str, width: int, display: Display | None = None) -> list[list[Segment]]:
    """A page's lines at a width, its tiles in a style, rendered once (safe in a worker thread)."""
    display = display or Display()
    at = (key, width, display, current().language)
    if at not in _RENDERED:
        _RENDERED[at] = render_lines(page(key, display), width)
    return _RENDERED[at]


def line_at(lines: list[list[Segment]], at: tuple[str, ...]) -> int:
    """The line of a page where ``at`` leads: the first line that starts with ``at[0]``, then after it the first
    that starts with ``at[1]`` … (0 when the first is not there; the last found when a later one is not)."""
    found = 0
    start = 0
    for words in at:
        for i in range(start, len(lines)):
            if "".join(segment.text for segment in lines[i]).strip().startswith(words):
                found = start = i
                break
        else:
            break
    return found


def prerender(rules: str, screen_width: int, display: Display | None = None) -> None:
    """Render the page of ``rules`` for a screen this wide, so the rules open on it at once."""
    rendered(page_of(rules), page_width(screen_width), display)


class RulesScreen(Worded, ModalScreen[None], Once[None]):
    """The presets at a glance, a page per preset from its rule data, how a hand goes (←→ or a click on a tab)."""

    BINDINGS = [
        Binding("escape", "close", "help.key_close"),
        Binding("q,r", "close", "help.key_close", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown,space", "scroll(10)", show=False),
    ]

    def __init__(self, rules: str | None = None, *, at: tuple[str, ...] = ()) -> None:
        """Open at the page of the preset ``rules`` (the presets page when None); ``at``: scrolled to a place on it
        (:func:`line_at`: a glossary entry, say)."""
        super().__init__()
        self.start = rules
        self.at = at
        self.pages: dict[str, tuple[int, list[list[Segment]]]] = {}  # by tab: (width, lines), when first shown
        self.active = ""  # the tab shown
        self._rendering: set[tuple[str, int]] = set()  # pages a worker is rendering

    def compose(self) -> ComposeResult:
        """Tabs over one scrolling page."""
        tabs = [Tab(t("rules_screen.title"), id="page-presets")]
        tabs += [Tab(tab_name(name), id=f"preset-{name}") for name in ruleset_names()]
        if read_doc(COMMON_PAGE) is not None:
            tabs.append(Tab(t("rules_screen.common"), id="page-common"))
        active = page_of(self.start) if self.start is not None else "page-presets"
        with Vertical(id="rules-card"):
            yield Tabs(*tabs, active=active, id="rules-tabs")
            yield PageView(id="rules-page")
            yield Static(Text(t("rules_screen.keys"), style="#9aa0a6"), id="rules-keys")

    @property
    def appearance(self) -> Display:
        """How the app draws tiles (the examples are drawn the same way)."""
        return appearance_of(self.app)

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
        lines = _RENDERED.get((self.active, width, self.appearance, current().language))
        if lines is not None:
            self.pages[self.active] = (width, lines)
            view.show(lines, width)
            if self.at and self.start is not None and self.active == page_of(self.start):
                view.scroll_to(y=line_at(lines, self.at), animate=False)
                self.at = ()
            return
        view.show([[Segment("…", view.rich_style)]], width)
        if (self.active, width) not in self._rendering:
            self._rendering.add((self.active, width))
            self.render_page(self.active, width, self.appearance)

    @work(thread=True, group="rules-page")
    def render_page(self, key: str, width: int, display: Display) -> None:
        """Render a page off the event loop, then show whichever page is wanted now."""
        rendered(key, width, display)
        self.call_later(self.show_page)  # dropped if the screen has closed meanwhile

    def action_scroll(self, lines: int) -> None:
        """Scroll the page."""
        self.query_one("#rules-page", PageView).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        """Back."""
        self.dismiss(None)
