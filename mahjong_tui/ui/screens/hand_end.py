"""End of a hand: winners' full hands, hand types, the scoring breakdown, payments, standings."""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from mahjong_tui.engine import (
    BirdDrawn,
    Event,
    GameEnded,
    HandEnded,
    HandOutcome,
    HandStarted,
    InitialWinsDeclared,
    KaigangRevealed,
    LineKind,
    PlayerWon,
    Ruleset,
    WinBy,
    Words,
)
from mahjong_tui.review import Review

from ..driver import Standings
from ..look import DICE, Look, hand_type_label, meld_text
from .review import open_review

_HOW = {WinBy.SELF_DRAW: "自摸 self-draw", WinBy.DISCARD: "on a discard", WinBy.ROBBED_KONG: "抢杠 robbing a kong"}


class ScoreLines:
    """Score lines with their amounts right-aligned beside them; a long line wraps under itself.

    A Rich grid table cut some of these lines short with "…" (the bird's line in Changsha,
    long and half Chinese): here each line is wrapped to the width left beside the amounts.
    """

    def __init__(self, rows: list[tuple[Text, str]]) -> None:
        """Rows of (line, amount); an empty amount leaves the column blank."""
        self.rows = rows

    def _amount_width(self) -> int:
        """Cells of the widest amount."""
        return max((cell_len(a) for _, a in self.rows), default=0)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """At least a short line beside the amounts; at most every line unwrapped."""
        amounts = self._amount_width()
        widest = max((t.cell_len for t, _ in self.rows), default=0)
        return Measurement(min(options.max_width, amounts + 22), min(options.max_width, widest + amounts + 2))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Each line wrapped to the width left of the amounts, its amount on its first line."""
        amounts = self._amount_width()
        text_width = max(20, options.max_width - amounts - 2)
        for text, amount in self.rows:
            for i, line in enumerate(text.wrap(console, text_width, overflow="fold")):
                if i == 0 and amount:
                    line.pad_right(text_width - line.cell_len + 2 + amounts - cell_len(amount))
                    line.append(amount, style=text.style)
                yield line


def standings_table(look: Look, standings: Standings, *, title: str = "Standings") -> Table:
    """One row per hand (payments), then the totals."""
    table = Table(title=title, title_style="bold", expand=False, show_edge=False, pad_edge=False)
    table.add_column("hand", justify="right")
    for s in range(4):
        table.add_column(look.names[s], justify="right")
    table.add_row("start", *[str(standings.start)] * 4, style="#9aa0a6")
    for rec in standings.hands:
        cells = []
        for s in range(4):
            pay = rec.payments[s]
            mark = "胡 " if s in rec.winners else ""
            style = "bold #69f0ae" if pay > 0 else ("#ff8a80" if pay < 0 else "#9aa0a6")
            cells.append(Text(f"{mark}{pay:+d}", style=style))
        table.add_row(str(rec.number), *cells)
    table.add_row("total", *[Text(str(x), style="bold") for x in standings.scores], end_section=True)
    return table


def hand_summary(look: Look, events: list[Event]) -> RenderableType:
    """The hand's result, the winners' breakdowns and every hand, as one renderable."""
    table = look.table
    rules = table.ruleset
    parts: list[RenderableType] = []
    ended = next((e for e in reversed(events) if isinstance(e, HandEnded)), None)
    head = Text(f"Hand {table.hand_number} · {rules.zh_name} {rules.name}\n", style="bold")
    if ended is None or ended.outcome is HandOutcome.DRAWN:
        head.append("流局 Drawn hand: nobody won", style="bold #ffd166")
    else:
        head.append("胡 ", style="bold #69f0ae")
        head.append(", ".join(look.label(s) for s in ended.winners) + " won", style="bold #69f0ae")
    parts.append(head)
    for ev in events:
        if isinstance(ev, HandStarted):
            dice = f"{DICE[ev.dice[0] - 1]}{DICE[ev.dice[1] - 1]} = {sum(ev.dice)}"
            line = Text(f"dice {dice}, dealer {look.label(ev.dealer)}")
            if rules.kaibao(ev.dice):
                line.append(", 开宝 ×2")
            if rules.uses_huangfan:
                line.append(f", 荒番 {ev.huangfan}")
                if ev.huangfan_from_dice:
                    line.append(f" (dice +{ev.huangfan_from_dice})")
            parts.append(line)
        elif isinstance(ev, InitialWinsDeclared):
            parts.append(Text(f"起手小胡 {look.label(ev.seat)}: " + ", ".join(
                hand_type_label(rules, t) for t in ev.result.types)))
        elif isinstance(ev, KaigangRevealed):
            dice = "".join(DICE[d - 1] for d in ev.dice)
            parts.append(Text(f"开杠 {look.label(ev.seat)}: dice {dice} revealed ") + _tiles(look, ev.tiles))
        elif isinstance(ev, BirdDrawn):
            parts.append(Text("扎鸟 bird ") + look.tile(ev.tile) + Text(f" → {look.label(ev.seat)}"))
    for ev in events:
        if isinstance(ev, PlayerWon):
            parts.append(_win_block(look, ev, rules))
    parts.append(Text(""))
    parts.append(Text("All hands", style="bold"))
    for s in range(4):
        label = look.label(s)
        line = Text(label + " " * max(1, 13 - cell_len(label)))  # in cells: a name may be Chinese
        for t in table.concealed[s] or ():
            line.append_text(look.tile(t))
            line.append(" ")
        for m in table.melds[s]:
            line.append(" ")
            line.append_text(meld_text(look, m, s))
        parts.append(line)
    return Group(*parts)


def payments_table(look: Look, events: list[Event]) -> Table | None:
    """This hand's payments and each player's points after it."""
    ended = next((e for e in reversed(events) if isinstance(e, HandEnded)), None)
    if ended is None:
        return None
    pay = Table(title="This hand", title_style="bold", show_edge=False, pad_edge=False)
    pay.add_column("seat")
    pay.add_column("paid / won", justify="right")
    pay.add_column("points", justify="right")
    for s in range(4):
        p = ended.payments[s]
        style = "bold #69f0ae" if p > 0 else ("#ff8a80" if p < 0 else "#9aa0a6")
        pay.add_row(look.label(s), Text(f"{p:+d}", style=style), str(ended.scores[s]))
    return pay


def game_over_line(look: Look, events: list[Event]) -> Text | None:
    """Why the game ended, when this hand ended it."""
    over = next((e for e in events if isinstance(e, GameEnded)), None)
    return None if over is None else Text(f"Game over: {look.seat_names(over.reason)}", style="bold #ffd166")


def _tiles(look: Look, tiles: tuple[int, ...]) -> Text:
    """Tiles in a row."""
    out = Text()
    for t in tiles:
        out.append_text(look.tile(t))
        out.append(" ")
    return out


def _win_block(look: Look, ev: PlayerWon, rules: Ruleset) -> RenderableType:
    """A winner's whole hand, the winning tile apart, the types and the breakdown line by line."""
    ctx = ev.context
    res = ev.result
    title = Text(f"{look.label(ev.seat)} 胡 — {_HOW.get(ctx.win_by, '')}", style="bold #69f0ae")
    if ctx.discarder is not None and ctx.win_by is not WinBy.SELF_DRAW:
        title.append(f" from {look.label(ctx.discarder)}")
    hand = Text()
    for t in sorted(ctx.concealed):
        hand.append_text(look.tile(t))
        hand.append(" ")
    if ctx.win_tile is not None:
        hand.append(" + ")
        hand.append_text(look.tile(ctx.win_tile, highlight=True))
    for m in ctx.melds:
        hand.append("  ")
        hand.append_text(meld_text(look, m, ev.seat))
    if ctx.flowers:
        hand.append("  花 ")
        hand.append_text(_tiles(look, ctx.flowers))
    types = Text("types: ", style="#9aa0a6")
    types.append(", ".join(hand_type_label(rules, t) for t in res.types) or "—", style="bold")
    rows = []
    for ln in res.lines:
        style = "bold" if ln.kind in (LineKind.VALUE, LineKind.TYPE) else ""
        if ln.kind is LineKind.PAYMENT:
            style = "#ffab40"
        counted = ln.kind in (LineKind.TYPE, LineKind.FLOWER, LineKind.VALUE, LineKind.PAYMENT)
        amount = "" if ln.amount is None or not counted else str(ln.amount)
        rows.append((Text(look.seat_names(ln.text()), style=style), amount))
    return Group(Text(""), title, hand, types, ScoreLines(rows))


class HandEndScreen(Screen[str]):
    """The hand's result; answers ``next``, ``table``, ``new`` or ``quit``."""

    BINDINGS = [
        Binding("enter", "finish('next')", "Continue"),
        Binding("t", "finish('table')", "View table"),
        Binding("v", "review", "Review"),
        Binding("q", "leave", "Quit"),
    ]

    def __init__(self, look: Look, events: list[Event], standings: Standings, *,
                 people: tuple[int, ...] = (), review: Callable[[int], Review] | None = None) -> None:
        """The summary of the hand in ``look`` from its ``events``; ``review`` gives each of ``people`` theirs."""
        super().__init__()
        self.look = look
        self.events = events
        self.standings = standings
        self.people = people
        self.review = review

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The review key only where people played."""
        if action == "review":
            return bool(self.people) and self.review is not None
        return True

    def action_review(self) -> None:
        """Each person's review of the hand (in hot-seat one after another, each behind their curtain)."""
        if self.people and self.review is not None:
            open_review(self.app, self.look, list(self.people), len(self.people) > 1, self.review)

    def compose(self) -> ComposeResult:
        """The summary in a scroll, and the keys."""
        with VerticalScroll(id="hand-end"):
            yield Static(hand_summary(self.look, self.events), id="hand-end-body")
            with Horizontal(id="hand-end-tables"):
                yield Static(payments_table(self.look, self.events) or "", id="hand-end-payments")
                yield Static(standings_table(self.look, self.standings), id="hand-end-standings")
            over = game_over_line(self.look, self.events)
            if over is not None:
                yield Static(over, id="hand-end-over")
        yield Footer()

    def action_finish(self, answer: str) -> None:
        """Leave the summary."""
        self.dismiss(answer)

    def action_leave(self) -> None:
        """Leave the game for a new one or quit the program, or stay (asks first, as at the table)."""
        from .help import ask_to_leave

        ask_to_leave(self)


class GameEndScreen(Screen[str]):
    """Final standings; answers ``new`` or ``quit``."""

    BINDINGS = [
        Binding("n", "finish('new')", "New game"),
        Binding("q", "finish('quit')", "Quit"),
        Binding("enter", "finish('quit')", "Quit", show=False),
    ]

    def __init__(self, look: Look, standings: Standings, reason: Words) -> None:
        """Standings after the last hand."""
        super().__init__()
        self.look = look
        self.standings = standings
        self.reason = reason

    def compose(self) -> ComposeResult:
        """Ranking, reason, and the per-hand table."""
        scores = self.standings.scores
        order = sorted(range(4), key=lambda s: -scores[s])
        rank = Table(title="Final standings", title_style="bold", show_edge=False)
        rank.add_column("#", justify="right")
        rank.add_column("player")
        rank.add_column("points", justify="right")
        for s in order:
            place = 1 + sum(scores[o] > scores[s] for o in range(4))  # equal points share a place
            rank.add_row(str(place), self.look.label(s), str(scores[s]), style="bold #ffd166" if place == 1 else "")
        with VerticalScroll(id="game-end"):
            yield Static(Group(Text(f"Game over: {self.look.seat_names(self.reason)}\n", style="bold"), rank, Text(""),
                               standings_table(self.look, self.standings, title="Every hand")))
        yield Footer()

    def action_finish(self, answer: str) -> None:
        """Leave the game."""
        self.dismiss(answer)
