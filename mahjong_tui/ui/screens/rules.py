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

from mahjong_tui.engine import Ruleset, get_ruleset, ruleset_names


def presets_table() -> Table:
    """One row per preset: tiles, flowers, end of wall, special rules."""
    t = Table(title="Rule sets", title_style="bold", show_edge=False)
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
    t.add_column()
    t.add_column()
    t.add_column()
    for ht in rules.hand_types.values():
        t.add_row(Text(ht.zh, style="bold"), ht.en, Text(ht.description, style="#9aa0a6"))
    return t


def rules_doc(rules: Ruleset) -> str | None:
    """The project's players' rules page of a rule set, when it has one."""
    if not rules.docs_page:
        return None
    try:
        return resources.files("mahjong_tui.rules").joinpath("docs", rules.docs_page).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


class RulesScreen(ModalScreen[None]):
    """Presets, hand types and the players' rules pages."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        """Tables then the documents."""
        families = rule_families()
        parts: list[Table | Text] = [presets_table()]
        for rules in families:
            parts += [Text(""), types_table(rules)]
        with VerticalScroll(id="rules-card"):
            yield Static(Group(*parts, Text("\nEsc closes", style="#9aa0a6")))
            for rules in families:
                doc = rules_doc(rules)
                if doc:
                    yield Markdown(doc)

    def action_close(self) -> None:
        """Back."""
        self.dismiss(None)
