"""The lines under the bottom hand: its seat's header, and what the person may do now. No Textual here.

Each is made from the table's state (:class:`~mahjong_tui.ui.table_state.TableState`) and
what the widgets draw (a :class:`~mahjong_tui.ui.look.Look`), as rich text.
"""

from __future__ import annotations

from rich.text import Text

from mahjong_tui.engine import ActionKind, Tile
from mahjong_tui.i18n import t

from .look import Look, claims_text, flowers_text, meld_text, relation_warnings, seat_header
from .preview import win_preview
from .table_controller import KONGS
from .table_state import TableState
from .wrapping import pack


def header_line(look: Look, seat: int, *, autoplay: bool, width: int) -> Text:
    """``seat``'s header at the bottom: its seat, autoplay, flowers, melds and claims; whole melds to a line."""
    chunks = [seat_header(look, seat)]
    if autoplay:
        chunks.append(Text(t("table.autoplay_mark"), style="bold #69f0ae"))
    if look.table.flowers[seat]:
        chunks.append(Text(f" {t('seat.flowers')} ", style="#9aa0a6") + (flowers_text(look, seat) or Text()))
    chunks.extend(Text(" ") + meld_text(look, m, seat) for m in look.table.melds[seat])
    claims = claims_text(look, seat)
    if claims is not None:
        chunks.append(Text(" ") + claims)
    return pack(chunks, width)


def actions_line(state: TableState, look: Look, selected: Tile | None) -> Text:
    """What the person may do now, or the latest private notice (``selected``: the tile selected in their hand)."""
    actor = state.actor
    if actor is None:
        if state.fast:
            return Text("▶▶ " + t("table.fast_forward"), style="bold #69f0ae")
        return Text("")
    out = turn_line(state, look)
    if state.confirm is not None:
        return out
    notes = state.private[actor]
    if notes:
        out.append("\n")
        out.append(f"✕ {notes[-1]}", style="#ff8a80")
    refusal = state.refusal(selected) if selected is not None else None
    if refusal:
        out.append("\n")
        out.append(f"✕ {refusal}", style="#ff8a80")
    return out


def turn_line(state: TableState, look: Look) -> Text:
    """The keys the person may use in their turn, and the 开杠 rule when it binds them."""
    out = Text()
    actor = state.actor
    assert actor is not None and state.decision is not None
    win = next((a for a in state.legal if a.kind is ActionKind.WIN), None)
    preview = win_preview(look, state.decision, win) if win is not None else None
    if state.confirm is not None:
        out.append(t("table.confirm_discard"), style="bold #ff6b6b")
        if preview is not None:
            out.append("\n")
            out.append_text(preview)
        return out
    parts = [t("table.turn_select"), t("table.turn_discard")]
    if state.holds_drawn:
        parts.append(t("table.turn_drawn"))
    if state.offers(ActionKind.WIN):
        out.append(t("table.turn_win") + "  ", style="bold black on #69f0ae")
    if state.offers(*KONGS):
        out.append(t("table.turn_kong") + "  ", style="bold #ffd166")
    out.append(" · ".join(parts), style="#9aa0a6")
    if not state.holds_drawn:
        out.append(" · " + t("table.no_drawn"), style="#ffd166")
    if state.decision.table.kaigang_locked[actor]:
        out.append("\n")
        out.append(t("table.kaigang_locked"), style="bold #ffd166")
    for warning in relation_warnings(look, actor):
        out.append("\n⚠ ")
        out.append(warning, style="bold #ffd166")
    if preview is not None:
        out.append("\n")
        out.append_text(preview)
    return out
