"""End of a hand: winners' full hands, hand types, the scoring breakdown, payments, standings."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
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
    ScoreResult,
    WinBy,
    Words,
)
from mahjong_tui.i18n import current, t
from mahjong_tui.learn.review import Review

from ..driver import Standings
from ..keys import Worded
from ..look import Look, dice_text, hand_type_labels, meld_text
from ..widgets.term_links import LinkedStatic, link_terms
from ..wrapping import wrap_lines, wrapped
from .once import Once
from .review import ReviewScreen

#: how often a review made elsewhere is looked for, once asked for
REVIEW_LOOK = 0.2

_HOW = {
    WinBy.SELF_DRAW: "log.how.self_draw",
    WinBy.DISCARD: "log.how.discard",
    WinBy.ROBBED_KONG: "log.how.robbed_kong",
}


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
            for i, line in enumerate(wrap_lines(text, text_width)):
                if i == 0 and amount:
                    line.pad_right(text_width - line.cell_len + 2 + amounts - cell_len(amount))
                    line.append(amount, style=text.style)
                yield line


def standings_table(look: Look, standings: Standings, *, title: str | None = None) -> Table:
    """One row per hand (payments), then the totals."""
    table = Table(
        title=title or t("hand_end.standings"), title_style="bold", expand=False, show_edge=False, pad_edge=False
    )
    table.add_column(t("hand_end.col_hand"), justify="right")
    for s in range(4):
        table.add_column(look.names[s], justify="right")
    table.add_row(t("hand_end.start"), *[str(standings.start)] * 4, style="#9aa0a6")
    for rec in standings.hands:
        cells = []
        for s in range(4):
            pay = rec.payments[s]
            mark = t("hand_end.won_mark") + " " if s in rec.winners else ""
            style = "bold #69f0ae" if pay > 0 else ("#ff8a80" if pay < 0 else "#9aa0a6")
            cells.append(Text(f"{mark}{pay:+d}", style=style))
        table.add_row(str(rec.number), *cells)
    table.add_row(t("hand_end.total"), *[Text(str(x), style="bold") for x in standings.scores], end_section=True)
    return table


def hand_summary(look: Look, events: list[Event]) -> RenderableType:
    """The hand's result, the winners' breakdowns and every hand, as one renderable; each rule term its lines name
    a link to its glossary entry."""
    table = look.table
    rules = table.ruleset
    parts: list[RenderableType] = []
    ended = next((e for e in reversed(events) if isinstance(e, HandEnded)), None)
    head = Text(
        t("hand_end.head", hand=table.hand_number, rules=current().pick(rules.en_name, rules.zh_name)) + "\n",
        style="bold",
    )
    if ended is None or ended.outcome is HandOutcome.DRAWN:
        head.append(t("hand_end.drawn"), style="bold #ffd166")
    else:
        who = t("hint.separator").join(look.label(s) for s in ended.winners)
        head.append(t("hand_end.won", who=who), style="bold #69f0ae")
    parts.append(link_terms(head, rules.name))
    for ev in events:
        if isinstance(ev, HandStarted):
            line = Text(t("hand_end.dice", dice=dice_text(ev.dice), total=sum(ev.dice), dealer=look.label(ev.dealer)))
            if rules.kaibao(ev.dice):
                line.append(t("log.kaibao"))
            if rules.uses_huangfan:
                line.append(t("log.huangfan", n=ev.huangfan))
                if ev.huangfan_from_dice:
                    line.append(" " + t("wall.from_dice", n=ev.huangfan_from_dice))
            parts.append(link_terms(line, rules.name))
        elif isinstance(ev, InitialWinsDeclared):
            types = hand_type_labels(rules, ev.result.types)
            line = link_terms(t("hand_end.initial", who=look.label(ev.seat), types=types) + " ", rules.name)
            parts.append(line + _tiles(look, ev.tiles))
            parts.append(_breakdown(look, ev.result, rules))  # settled at once: what each type paid, and who paid
        elif isinstance(ev, KaigangRevealed):
            line = link_terms(t("hand_end.kaigang", who=look.label(ev.seat), dice=dice_text(ev.dice)) + " ", rules.name)
            parts.append(line + _tiles(look, ev.tiles))
        elif isinstance(ev, BirdDrawn):
            bird = link_terms(t("hand_end.bird") + " ", rules.name)
            parts.append(bird + look.tile(ev.tile) + Text(f" → {look.label(ev.seat)}"))
    for ev in events:
        if isinstance(ev, PlayerWon):
            parts.append(_win_block(look, ev, rules))
    parts.append(Text(""))
    parts.append(Text(t("hand_end.all_hands"), style="bold"))
    column = max(13, *(cell_len(look.label(s)) + 1 for s in range(4)))  # in cells: a name may be Chinese
    for s in range(4):
        label = look.label(s)
        line = Text(label + " " * (column - cell_len(label)))
        for tile in table.concealed[s] or ():
            line.append_text(look.tile(tile))
            line.append(" ")
        for m in table.melds[s]:
            line.append(" ")
            line.append_text(meld_text(look, m, s))
        parts.append(wrapped(line, hang=column))  # a hand wraps under its tiles, the names in a column
    return Group(*(wrapped(p) for p in parts))


def payments_table(look: Look, events: list[Event]) -> Table | None:
    """This hand's payments and each player's points after it."""
    ended = next((e for e in reversed(events) if isinstance(e, HandEnded)), None)
    if ended is None:
        return None
    pay = Table(title=t("hand_end.this_hand"), title_style="bold", show_edge=False, pad_edge=False)
    pay.add_column(t("hand_end.col_seat"))
    pay.add_column(t("hand_end.col_paid"), justify="right")
    pay.add_column(t("hand_end.col_points"), justify="right")
    for s in range(4):
        p = ended.payments[s]
        style = "bold #69f0ae" if p > 0 else ("#ff8a80" if p < 0 else "#9aa0a6")
        pay.add_row(look.label(s), Text(f"{p:+d}", style=style), str(ended.scores[s]))
    return pay


def game_over_line(look: Look, events: list[Event]) -> Text | None:
    """Why the game ended, when this hand ended it."""
    over = next((e for e in events if isinstance(e, GameEnded)), None)
    return None if over is None else Text(t("log.game_over", reason=look.seat_names(over.reason)), style="bold #ffd166")


def _tiles(look: Look, tiles: tuple[int, ...]) -> Text:
    """Tiles in a row."""
    out = Text()
    for tile in tiles:
        out.append_text(look.tile(tile))
        out.append(" ")
    return out


def _win_block(look: Look, ev: PlayerWon, rules: Ruleset) -> RenderableType:
    """A winner's whole hand, the winning tile apart, the types and the breakdown line by line."""
    ctx = ev.context
    res = ev.result
    how = t(_HOW[ctx.win_by]) if ctx.win_by in _HOW else ""
    title = Text(t("hand_end.win_title", who=look.label(ev.seat), how=how), style="bold #69f0ae")
    if ctx.discarder is not None and ctx.win_by is not WinBy.SELF_DRAW:
        title.append(t("hand_end.from", who=look.label(ctx.discarder)))
    link_terms(title, rules.name)
    hand = Text()
    for tile in sorted(ctx.concealed):
        hand.append_text(look.tile(tile))
        hand.append(" ")
    if ctx.win_tile is not None:
        hand.append(" + ")
        hand.append_text(look.tile(ctx.win_tile, highlight=True))
    for m in ctx.melds:
        hand.append("  ")
        hand.append_text(meld_text(look, m, ev.seat))
    if ctx.flowers:
        hand.append(f"  {t('seat.flowers')} ")
        hand.append_text(_tiles(look, ctx.flowers))
    types = Text(t("hand_end.types") + " ", style="#9aa0a6")
    types.append_text(link_terms(Text(hand_type_labels(rules, res.types) or "—", style="bold"), rules.name))
    return Group(Text(""), *(wrapped(p) for p in (title, hand, types)), _breakdown(look, res, rules))


def _breakdown(look: Look, res: ScoreResult, rules: Ruleset) -> ScoreLines:
    """A result's breakdown line by line (a win's, or 起手小胡 settled at once), each amount beside its line."""
    rows = []
    for ln in res.lines:
        style = "bold" if ln.kind in (LineKind.VALUE, LineKind.TYPE) else ""
        if ln.kind is LineKind.PAYMENT:
            style = "#ffab40"
        counted = ln.kind in (LineKind.TYPE, LineKind.FLOWER, LineKind.VALUE, LineKind.PAYMENT)
        amount = "" if ln.amount is None or not counted else str(ln.amount)
        rows.append((link_terms(Text(look.told(current().pick(ln.en, ln.zh)), style=style), rules.name), amount))
    return ScoreLines(rows)


class HandEndScreen(Worded, Once[str]):
    """The hand's result; answers ``next``, ``table``, ``new`` or ``quit``."""

    BINDINGS = [
        Binding("enter", "finish('next')", "hand_end.key_continue"),
        Binding("t", "finish('table')", "hand_end.key_table"),
        Binding("v", "review", "hand_end.key_review"),
        Binding("q", "leave", "hand_end.key_quit"),
    ]

    def __init__(
        self,
        look: Look,
        events: list[Event],
        standings: Standings,
        *,
        people: tuple[int, ...] = (),
        review: Callable[[int], Review] | None = None,
        remote: bool = False,
    ) -> None:
        """The summary of the hand in ``look`` from its ``events``; ``review`` gives each of ``people`` theirs;
        ``remote``: the game is played elsewhere."""
        super().__init__()
        self.look = look
        self.events = events
        self.standings = standings
        self.people = people
        self.review = review
        self.remote = remote  # the game is played elsewhere: leaving leaves the program

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The review key only where people played."""
        if action == "review":
            return bool(self.people) and self.review is not None
        return True

    def action_review(self) -> None:
        """Each person's review of the hand (in hot-seat one after another, each behind their curtain)."""
        if not self.people or self.review is None:
            return
        if len(self.people) == 1:
            try:
                review = self.review(self.people[0])
            except LookupError:  # made elsewhere (a remote table's server), and not here yet: shown once it comes
                self.notify(t("hand_end.review_coming"), timeout=4)
                self.run_worker(self._review_when_it_comes(self.people[0]), group="review-wait", exclusive=True)
                return
            self.app.push_screen(ReviewScreen(self.look, review))
            return
        from .leaving import reviews

        self.run_worker(reviews(self.app, self.look, list(self.people), self.review), group="reviews")

    async def _review_when_it_comes(self, seat: int, seconds: float = 60.0) -> None:
        """Open ``seat``'s review as soon as it has come, if this summary is still the screen shown."""
        assert self.review is not None
        for _ in range(int(seconds / REVIEW_LOOK)):
            await asyncio.sleep(REVIEW_LOOK)
            try:
                review = self.review(seat)
            except LookupError:
                continue
            if self.app.screen is self:
                self.app.push_screen(ReviewScreen(self.look, review))
            return
        self.notify(t("hand_end.review_lost"), severity="warning", timeout=6)

    def compose(self) -> ComposeResult:
        """The summary in a scroll, and the keys."""
        with VerticalScroll(id="hand-end"):
            yield LinkedStatic(hand_summary(self.look, self.events), id="hand-end-body")
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
        from .leaving import leave

        self.run_worker(leave(self, remote=self.remote), group="leave")


class GameEndScreen(Worded, Once[str]):
    """Final standings; answers ``new`` (n, or Enter as on every screen before it: the new game screen,
    where Esc quits) or ``quit``."""

    BINDINGS = [
        Binding("enter", "finish('new')", "hand_end.key_new_game"),
        Binding("n", "finish('new')", "hand_end.key_new_game", show=False),
        Binding("q", "finish('quit')", "hand_end.key_quit"),
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
        rank = Table(title=t("hand_end.final"), title_style="bold", show_edge=False)
        rank.add_column("#", justify="right")
        rank.add_column(t("hand_end.col_player"))
        rank.add_column(t("hand_end.col_points"), justify="right")
        for s in order:
            place = 1 + sum(scores[o] > scores[s] for o in range(4))  # equal points share a place
            rank.add_row(str(place), self.look.label(s), str(scores[s]), style="bold #ffd166" if place == 1 else "")
        with VerticalScroll(id="game-end"):
            over = t("log.game_over", reason=self.look.seat_names(self.reason))
            yield Static(
                Group(
                    Text(over + "\n", style="bold"),
                    rank,
                    Text(""),
                    standings_table(self.look, self.standings, title=t("hand_end.every_hand")),
                )
            )
        yield Footer()

    def action_finish(self, answer: str) -> None:
        """Leave the game."""
        self.dismiss(answer)
