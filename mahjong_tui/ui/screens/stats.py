"""How everyone has done: per player and preset, the numbers and bar charts, from the statistics.

Read from the statistics database (:class:`mahjong_tui.keep.stats.Statistics`), which every
finished game adds its hands to. Per preset, a chart of points per hand sets the players
side by side; then each player's games, hands, points, biggest win, the shares of hands won,
self-drawn and dealt in as bars, the hand types won, and, where the preset has them (Changsha),
the rank title their lifetime points have earned. Bots are marked. ``r`` shows one preset
at a time, ``b`` hides or shows the bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from mahjong_tui.clean import clean_name
from mahjong_tui.i18n import current, t
from mahjong_tui.keep.stats import DrillAnswer, PlayerStats
from mahjong_tui.learn.drills import MOMENTS

from ..keys import key_line
from ..look import hand_type_labels
from .once import Once

BAR = 24  # cells of a bar at 100 %
_WON, _LOST, _MUTED = "#69f0ae", "#ff8a80", "#3d5a4a"


def bar(share: float, width: int = BAR, colour: str = _WON) -> Text:
    """A share of 0..1 as a bar of ``width`` cells: ``██████░░░░``."""
    full = round(max(0.0, min(1.0, share)) * width)
    return Text("█" * full, style=colour) + Text("░" * (width - full), style=_MUTED)


def signed_bar(value: float, width: int = BAR) -> Text:
    """A value of -1..1 as a bar from a middle axis: rightwards in green above nothing, leftwards in red below
    (the direction tells the sign without the colour): ``░░░░░░│███░░░`` or ``░░███│░░░░░░``."""
    half = width // 2
    size = round(max(0.0, min(1.0, abs(value))) * half)
    if value < 0:
        left = Text("░" * (half - size), style=_MUTED) + Text("█" * size, style=_LOST)
        right = Text("░" * half, style=_MUTED)
    else:
        left = Text("░" * half, style=_MUTED)
        right = Text("█" * size, style=_WON) + Text("░" * (half - size), style=_MUTED)
    return left + Text("│", style="#9aa0a6") + right


def who(row: PlayerStats) -> str:
    """A player's name (without control characters: a database may hold any), marked when a bot."""
    name = clean_name(row.player)
    return t("stats.bot", name=name) if row.bot else name


def read_statistics() -> tuple[list[PlayerStats], str]:
    """Every player's record, and the one line saying why there is none (a database locked, broken, or not one)."""
    from mahjong_tui.keep.stats_reading import read_players

    return read_players()


def read_drill_answers() -> list[DrillAnswer]:
    """Every drill answer kept (none when the database cannot be read: the players' line says why)."""
    from mahjong_tui.keep.stats_reading import read_drills

    return read_drills()[0]


def drill_section(answers: Sequence[DrillAnswer]) -> RenderableType:
    """The drills over time: per day (the last 14) the share right as a bar, the best streak and the pace; then all
    of them, and each kind."""
    from mahjong_tui.keep.stats import drill_tallies

    total, days, kinds = drill_tallies(answers)
    heading = Text(t("drill.stats_title"), style="bold reverse #ffd166")
    chart = bar_table(figures=1)
    for tally in [*days[-14:], replace(total, label=t("drill.stats_total"))]:
        line = t("drill.stats_line", day=tally.label, answered=tally.answers, pct=round(100 * tally.accuracy),
                 best=tally.best_streak, secs=f"{tally.seconds_each:.1f}")  # fmt: skip
        day, _, rest = line.partition(": " if ": " in line else "：")
        chart.add_row(day, bar(tally.accuracy), rest)
    parts: list[RenderableType] = [heading, Text(""), chart]
    for k in kinds:
        kind = t(f"drill.moment_{k.label}") if k.label in MOMENTS else t(f"drill.kind_{k.label}")
        parts.append(Text(t("drill.stats_kind", kind=kind, right=k.right, answered=k.answers,
                            pct=round(100 * k.accuracy)), style="#cfd8dc"))  # fmt: skip
    return Group(*parts)


def bar_table(title: str | None = None, *, title_style: str = "bold", figures: int = 1) -> Table:
    """A table without lines for rows of bars: a label, the bar, then ``figures`` columns of numbers."""
    table = Table(
        title=title,
        title_style=title_style,
        title_justify="left",
        show_header=False,
        show_edge=False,
        box=None,
        pad_edge=False,
    )
    table.add_column()
    table.add_column()
    for _ in range(figures):
        table.add_column(justify="right")
    return table


def points_chart(rows: Sequence[PlayerStats]) -> Table:
    """Points per hand, one bar per player, best first: from the axis at nothing, right above it, left below."""
    chart = bar_table(t("stats.chart_title"))
    top = max((abs(r.points_per_hand) for r in rows), default=0.0) or 1.0
    for r in sorted(rows, key=lambda r: -r.points_per_hand):
        chart.add_row(who(r), signed_bar(r.points_per_hand / top), f"{r.points_per_hand:+.2f}")
    return chart


def player_block(row: PlayerStats) -> RenderableType:
    """One player's record under one preset: the numbers, the shares as bars, the hand types won."""
    from mahjong_tui.engine import UnknownRules, resolve
    from mahjong_tui.keep.stats import rank_title

    head = Text(who(row), style="bold #ffd166")
    title = ""
    try:
        rules = resolve(row.rules)
        title = rank_title(rules, row.points)
    except UnknownRules:
        rules = None
    if title:
        head.append(f"  {t('stats.rank', title=title)}", style="bold #c39bd3")
    numbers = Text(t("stats.counts", games=row.games, hands=row.hands, biggest=row.biggest_shown), style="#cfd8dc")
    numbers.append("\n" + t("stats.points", points=f"{row.points:+d}", per_hand=f"{row.points_per_hand:+.2f}"))
    shares = bar_table(figures=2)
    hands = row.hands or 1
    for key, count, colour in (
        ("stats.won", row.wins, _WON),
        ("stats.self_drawn", row.self_draws, _WON),
        ("stats.dealt_in", row.deal_ins, _LOST),
    ):
        shares.add_row(t(key), bar(count / hands, colour=colour), str(count), f"{100 * count / hands:.0f}%")
    parts: list[RenderableType] = [head, numbers, shares]
    if row.types:
        kinds = bar_table(t("stats.types"), title_style="#9aa0a6")
        most = max(row.types.values())
        for type_id, count in row.types.most_common(6):
            name = hand_type_labels(rules, [type_id]) if rules is not None else type_id
            kinds.add_row(name, bar(count / most, width=12, colour="#ffd166"), f"×{count}")
        parts.append(kinds)
    else:
        parts.append(Text(t("stats.no_types"), style="#9aa0a6"))
    return Group(*parts)


def preset_section(rules_name: str, rows: Sequence[PlayerStats]) -> RenderableType:
    """A preset's heading, its chart of points per hand, and each player's block."""
    from mahjong_tui.engine import UnknownRules, resolve

    try:
        rules = resolve(rules_name)
        name = current().pick(rules.en_name, rules.zh_name)
    except UnknownRules:
        name = rules_name
    heading = Text(f"{name} ({rules_name})", style="bold reverse #ffd166")
    blocks = Columns([player_block(r) for r in rows], padding=(1, 4))
    return Group(heading, Text(""), points_chart(rows), Text(""), blocks, Text(""))


class StatsScreen(Once[None]):
    """The statistics; ``r`` one preset or all, ``b`` bots hidden or shown, Esc back."""

    DEFAULT_CSS = """
    StatsScreen #stats-scroll { padding: 0 2; height: 1fr; }
    StatsScreen #stats-keys { height: auto; background: $footer-background; color: $footer-foreground; }
    """
    BINDINGS = [
        Binding("escape,q", "leave", show=False),
        Binding("r", "preset", show=False),
        Binding("b", "bots", show=False),
    ]

    def __init__(self) -> None:
        """The statistics as they are now."""
        super().__init__()
        self.rows, self.problem = read_statistics()
        self.drills = read_drill_answers()
        self.presets = list(dict.fromkeys(r.rules for r in self.rows))
        self.preset: str | None = None  # None: every preset
        self.bots = True

    def compose(self) -> ComposeResult:
        """The title, the statistics, the keys."""
        with VerticalScroll(id="stats-scroll"):
            yield Static(id="stats-title", classes="card-title")
            yield Static(id="stats-body")
        yield Static(id="stats-keys")

    def on_mount(self) -> None:
        """Draw."""
        self.show()
        self.query_one("#stats-scroll").focus()

    def shown(self) -> list[PlayerStats]:
        """The rows the filters let through."""
        return [r for r in self.rows if self.preset in (None, r.rules) and (self.bots or not r.bot)]

    def show(self) -> None:
        """Draw the statistics the filters let through."""
        title = Text(t("stats.title"))
        title.append(
            "  "
            + t(
                "stats.showing",
                preset=self.preset or t("stats.every_preset"),
                bots=t("stats.with_bots") if self.bots else t("stats.without_bots"),
            ),
            style="#9aa0a6",
        )
        self.query_one("#stats-title", Static).update(title)
        rows = self.shown()
        body: RenderableType
        if self.problem:
            body = Text(self.problem, style="#ff8a80")
        elif not self.rows:
            body = Text(t("stats.none"), style="#cfd8dc")
        elif not rows:
            body = Text(t("stats.none_shown"), style="#cfd8dc")
        else:
            by_preset: dict[str, list[PlayerStats]] = {}
            for r in rows:
                by_preset.setdefault(r.rules, []).append(r)
            body = Group(*[preset_section(name, group) for name, group in by_preset.items()])
        if self.drills:
            body = Group(body, Text(""), drill_section(self.drills))
        self.query_one("#stats-body", Static).update(body)
        keys = key_line(
            (("↑↓", "stats.key_scroll"), ("r", "stats.key_preset"), ("b", "stats.key_bots"), ("Esc", "stats.key_back"))
        )
        self.query_one("#stats-keys", Static).update(keys)

    def action_preset(self) -> None:
        """The next preset (after the last: every preset)."""
        order: list[str | None] = [None, *self.presets]
        self.preset = order[(order.index(self.preset) + 1) % len(order)]
        self.show()

    def action_bots(self) -> None:
        """Hide or show the bots."""
        self.bots = not self.bots
        self.show()

    def relabel(self) -> None:
        """The language changed: draw again."""
        self.show()

    def action_leave(self) -> None:
        """Back."""
        self.dismiss(None)
