"""A position as the commands take it: a seat's hand as a ``hint`` input, a win as a ``score`` input.

The ``hint`` command reads a hand as seat 0's, so a meld's ``from`` is counted from the
seat (the previous seat is 3). The ``score`` command keeps the real seats, and is given a
rule-specific field only where the rule set reads it (it refuses one it does not).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_tui.engine import Meld, Ruleset, SeatView, Tile, WinBy, WinContext, format_tiles, tile_name
from mahjong_tui.engine.tiles import tiles_of


def _melds(melds: Sequence[Meld], seat: int) -> list[dict[str, object]]:
    """Melds in the commands' form, their sources counted from ``seat`` (0 for a score input)."""
    out = []
    for m in melds:
        d: dict[str, object] = {"type": m.kind.value, "tiles": m.notation()}
        if m.source is not None:
            d["from"] = (m.source - seat) % 4
        out.append(d)
    return out


def hint_input(view: SeatView, counts: Sequence[int] | None = None) -> dict[str, object]:
    """The seat's hand (or ``counts`` in its place) as ``mahjong-tui hint`` reads it, with every tile it has seen."""
    rules = view.ruleset
    own = view.counts if counts is None else counts
    data: dict[str, object] = {
        "rules": rules.name,
        "hand": format_tiles(tiles_of(own)),
        "melds": _melds(view.melds[view.seat], view.seat),
    }
    if rules.flowers and view.flowers[view.seat]:
        data["flowers"] = format_tiles(view.flowers[view.seat])
    seen = view.outside
    if any(seen):
        data["seen"] = format_tiles(tiles_of(seen))
    return data


def score_input(rules: Ruleset, ctx: WinContext) -> dict[str, object]:
    """A win as ``mahjong-tui score`` reads it: every field the rule set scores, defaults left out."""
    data: dict[str, object] = {
        "rules": rules.name,
        "winner": ctx.winner,
        "dealer": ctx.dealer,
        "hand": format_tiles(ctx.concealed),
    }
    if ctx.initial:
        data["initial"] = True
        return data
    if ctx.win_tile is not None:
        data["win_tile"] = tile_name(ctx.win_tile)
    if ctx.melds:
        data["melds"] = _melds(ctx.melds, 0)
    data["win_by"] = ctx.win_by.value
    if ctx.win_by is not WinBy.SELF_DRAW:
        data["discarder"] = ctx.discarder
    for name in ("replacement", "kaigang_discard", "first_turn", "last_tile"):
        if getattr(ctx, name) and (name in ("replacement", "first_turn") or name in rules.score_inputs):
            data[name] = True
    inputs = rules.score_inputs
    if "flowers" in inputs and ctx.flowers:
        data["flowers"] = format_tiles(ctx.flowers)
    if "base" in inputs and ctx.base != 1:
        data["base"] = ctx.base
    for name in ("huangfan", "kaibao", "discarder_ready"):
        if name in inputs and getattr(ctx, name):
            data[name] = True
    if "claims" in inputs and ctx.claims is not None:
        data["claims"] = [list(row) for row in ctx.claims]
    if "bird" in inputs and ctx.bird is not None:
        data["bird"] = tile_name(ctx.bird)
    return data


def tile_ids(tiles: Sequence[Tile]) -> tuple[str, ...]:
    """Tiles in notation, one id each: ``("3m", "6m")``."""
    return tuple(tile_name(t) for t in tiles)
