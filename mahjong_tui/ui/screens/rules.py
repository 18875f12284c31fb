"""The rule sets and their presets: what differs, and every hand type."""

from __future__ import annotations

from importlib import resources

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from mahjong_tui.rules import PRESET_FAMILY, get_ruleset


def presets_table() -> Table:
    """One row per preset: tiles, flowers, end of wall, special rules."""
    t = Table(title="Rule sets", title_style="bold", show_edge=False)
    for col in ("preset", "name", "tiles", "wall", "flowers", "extras"):
        t.add_column(col)
    for name in PRESET_FAMILY:
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


def types_table(family: str) -> Table:
    """Hand types of a family with their descriptions."""
    if family == "shanghai":
        from mahjong_tui.rules.shanghai_scoring import SHANGHAI_HAND_TYPES as types
    else:
        from mahjong_tui.rules.changsha_scoring import CHANGSHA_HAND_TYPES as types
    t = Table(title=f"{family.title()} hand types", title_style="bold", show_edge=False, show_header=False)
    t.add_column()
    t.add_column()
    t.add_column()
    for ht in types.values():
        t.add_row(Text(ht.zh, style="bold"), ht.en, Text(ht.description, style="#9aa0a6"))
    return t


def rules_doc(family: str) -> str | None:
    """The project's players' rules page for a family, when it has one."""
    try:
        return resources.files("mahjong_tui.rules").joinpath("docs", f"{family}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


class RulesScreen(ModalScreen[None]):
    """Presets, hand types and the players' rules pages."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        """Tables then the documents."""
        with VerticalScroll(id="rules-card"):
            yield Static(Group(presets_table(), Text(""), types_table("shanghai"), Text(""),
                               types_table("changsha"), Text("\nEsc closes", style="#9aa0a6")))
            for family in ("shanghai", "changsha"):
                doc = rules_doc(family)
                if doc:
                    yield Markdown(doc)

    def action_close(self) -> None:
        """Back."""
        self.dismiss(None)
