"""The wall as stacks around the centre, with the dice, the break point and the table's state."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from mahjong_tui.engine import Phase, WallView
from mahjong_tui.i18n import t

from ..look import WINDOWS, Look, dice_text, position_of, rules_name, seat_at
from ..wrapping import Wrapped, whole

_HEAD = Style(color="#69f0ae", bold=True)
_TAIL = Style(color="#ffab40", bold=True)
_BREAK = Style(color="#ff5c8a", bold=True)
_STACK = Style(color="#c8c2b0")
_EMPTY = Style(color="#4a4f55")

#: each window's (and the turn's) words in the catalogue: ``wall.phase.claim`` …
_PHASE_TEXT = {
    Phase.INITIAL: "initial",
    Phase.DEALT_WIN: "dealt_win",
    Phase.TURN: "turn",
    Phase.CLAIM: "claim",
    Phase.ROB: "rob",
    Phase.KAIGANG_SELF: "kaigang_self",
    Phase.KAIGANG_CLAIM: "kaigang_claim",
    Phase.HAIDI: "haidi",
    Phase.HAIDI_TAKEN: "haidi_taken",
    Phase.HAIDI_SHOWN: "haidi_shown",
    Phase.ENDED: "ended",
}


def phase_text(phase: Phase) -> str:
    """What the table is waiting for in ``phase``."""
    return t(f"wall.phase.{_PHASE_TEXT[phase]}") if phase in _PHASE_TEXT else ""


def _stack(height: int, where: tuple[int, int], view: WallView, cells: int) -> Text:
    """One stack: its height as a block, coloured for head, tail or break."""
    if view.head == where:
        style = _HEAD
    elif view.tail == where:
        style = _TAIL
    elif height == 0 and view.break_at == where:
        style = _BREAK
    elif height == 0:
        style = _EMPTY
    else:
        style = _STACK
    ch = {2: "█", 1: "▄", 0: "·"}[height]
    if height == 0 and view.break_at == where:
        ch = "✕"
    return Text(ch * cells, style=style)


def info_lines(look: Look, *, legend: bool = True, compact: bool = False) -> list[Text]:
    """The centre's facts: rules and hand, 荒番, dice and break, tiles left, and whose turn it is.

    In a window (claims on a discard, robbing a kong …) it says what is asked but not whom:
    the engine asks only the seats that may claim. ``compact`` leaves out the phase after a
    turn's name.
    """
    table = look.table
    rules = table.ruleset
    view = table.wall
    lines = []
    title = Text(rules_name(rules), style="bold")
    title.append(" · " + t("wall.hand", hand=table.hand_number), style="#cfd8dc")
    lines.append(title)
    if rules.uses_huangfan:
        hf = Text(t("wall.huangfan", n=table.huangfan), style="bold #ffab40" if table.huangfan else "#9aa0a6")
        if table.huangfan_from_dice:
            hf.append(" " + t("wall.from_dice", n=table.huangfan_from_dice), style="#9aa0a6")
        lines.append(hf)
    dice = Text(t("wall.dice", dice=dice_text(view.dice), total=sum(view.dice)))
    if rules.kaibao(view.dice):
        dice.append(" " + t("wall.kaibao"), style="bold #ffab40")
    bseat, bidx = view.break_at
    dice.append(" · " + t("wall.break", wind=look.wind(bseat), n=bidx + 1), style=_BREAK)
    lines.append(dice)
    left = Text(t("wall.left", n=view.remaining), style="bold")
    if legend:
        left.append(" ")
        left.append("█", style=_HEAD)
        left.append(" " + t("wall.head") + " ", style="#9aa0a6")
        left.append("█", style=_TAIL)
        left.append(" " + t("wall.tail"), style="#9aa0a6")
    lines.append(left)
    if table.over:
        lines.append(Text(phase_text(Phase.ENDED), style="bold #ffd166"))
    elif table.phase in WINDOWS:
        lines.append(Text(phase_text(table.phase), style="bold #ffd166"))
    elif table.pending:
        turn = Text(t("wall.turn") + " ", style="#9aa0a6")
        turn.append(t("hint.separator").join(look.label(s) for s in table.pending), style="bold #ffd166")
        lines.append(turn)
        if not compact:
            lines.append(Text(phase_text(table.phase), style="#9aa0a6"))
    return lines


class WallRing(Widget):
    """Four walls of stacks around the centre facts; the head and tail coloured, the break marked."""

    DEFAULT_CSS = """
    WallRing { width: auto; height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """An empty ring until ``show`` is called."""
        super().__init__(id=id)
        self.look: Look | None = None

    def show(self, look: Look) -> None:
        """Draw the wall of ``look``'s hand."""
        self.look = look
        self.refresh(layout=True)

    def get_content_width(self, container, viewport) -> int:  # type: ignore[no-untyped-def]
        """Two cells per stack on the top and bottom walls, two columns for the sides."""
        if self.look is None:
            return 40
        layout = self.look.table.wall.layout
        return 2 * max(layout) + 4 + 2

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        """The sides take one row per two stacks."""
        if self.look is None:
            return 11
        layout = self.look.table.wall.layout
        return (max(layout) + 1) // 2 + 2

    def render(self) -> RenderableType:
        """The ring, clockwise in draw order, seen from the bottom seat."""
        look = self.look
        if look is None:
            return ""
        view = look.table.wall
        bottom = look.bottom
        s_bottom, s_right, s_top, s_left = (seat_at(p, bottom) for p in ("bottom", "right", "top", "left"))
        heights = view.heights  # worked out from the stacks on each read: once
        long = max(len(h) for h in heights)
        inner_w = 2 * long + 2
        side_rows = (long + 1) // 2

        def horizontal(seat: int, reverse: bool) -> Text:
            """A top or bottom wall, two cells a stack."""
            hs = heights[seat]
            idx = list(range(len(hs)))
            if reverse:
                idx.reverse()
            row = Text()
            for i in idx:
                row.append_text(_stack(hs[i], (seat, i), view, 2))
            pad = inner_w - row.cell_len
            return Text(" " * (pad // 2)) + row + Text(" " * (pad - pad // 2))

        def vertical(seat: int, reverse: bool) -> list[Text]:
            """A side wall, two stacks a row."""
            hs = heights[seat]
            idx = list(range(len(hs)))
            if reverse:
                idx.reverse()
            rows = []
            for r in range(side_rows):
                cell = Text()
                for i in idx[2 * r : 2 * r + 2]:
                    cell.append_text(_stack(hs[i], (seat, i), view, 1))
                rows.append(cell + Text(" " * (2 - cell.cell_len)))
            return rows

        # Each owner's stacks run from the owner's right hand to the left (see engine.wall).
        top = horizontal(s_top, reverse=False)
        bottom_row = horizontal(s_bottom, reverse=True)
        left = vertical(s_left, reverse=True)
        right = vertical(s_right, reverse=False)
        info = info_lines(look)
        out = Text("  ") + top + Text("  ")
        for r in range(side_rows):
            out.append("\n")
            out.append_text(left[r])
            line = info[r] if r < len(info) else Text()
            line = line.copy()
            line.truncate(inner_w - 2)
            out.append(" ")
            out.append_text(line)
            out.append(" " * (inner_w - 2 - line.cell_len))
            out.append(" ")
            out.append_text(right[r])
        out.append("\n")
        out.append_text(Text("  ") + bottom_row + Text("  "))
        return out


class InfoLine(Widget):
    """The compact layout's centre: one line of the same facts as the ring."""

    DEFAULT_CSS = """
    InfoLine { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Empty until ``show``."""
        super().__init__(id=id)
        self.look: Look | None = None

    def show(self, look: Look) -> None:
        """Draw the facts of ``look``."""
        self.look = look
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        """Rules, hand, 荒番, dice, break, wall count and turn on one or two lines."""
        look = self.look
        if look is None:
            return ""
        # each fact whole (``剩 89 张``, ``轮到 东 · Bob``): a line breaks only between facts
        return Wrapped(Text(" · ").join(whole(x) for x in info_lines(look, legend=False, compact=True)))


__all__ = ["InfoLine", "WallRing", "position_of"]
