"""The hand calculator: a situation in JSON checked and scored by the game's own scoring.

``situation_from_json`` checks one situation (the fields of ``FIELD_DOCS``, as in
``mahjong-tui score --help``) and gives the rule set and its :class:`WinContext`;
``result_to_json`` and ``format_text`` give the result as the command prints it. A
malformed situation raises :class:`InputError` with one line that names the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mahjong_tui.book.json_io import (
    InputError,
    ScoreInput,
    check_copies,
    melds_from_json,
    no_flowers,
    one_tile,
    read_input,
    read_tiles,
    tiles_of,
)
from mahjong_tui.engine import (
    HandType,
    LineKind,
    Meld,
    Ruleset,
    ScoreResult,
    SeatFacts,
    Tile,
    UnknownRules,
    WinBy,
    WinContext,
    format_tiles,
    get_ruleset,
    ruleset_names,
    tile_name,
)
from mahjong_tui.engine.ruleset import RULE_SPECIFIC_INPUTS
from mahjong_tui.engine.tiles import counts_of, is_flower

#: every input field: (type, default, meaning), as ``mahjong-tui score --help`` lists them
FIELD_DOCS: Mapping[str, tuple[str, str, str]] = {
    "rules": ("string", "required", "a preset: " + ", ".join(ruleset_names())),
    "winner": ("int 0..3", "required", "the winning seat"),
    "dealer": ("int 0..3", "0", "the dealer's seat"),
    "hand": ("tiles", "required", "concealed tiles, without the winning tile"),
    "win_tile": ("tile", "required", "the tile that completes the hand (not with initial)"),
    "melds": ("list", "[]", '{"type": chi|pong|kong|added_kong|concealed_kong, "tiles": "234m", "from": seat}'),
    "flowers": ("tiles", '""', 'Shanghai: flowers collected, e.g. "f1f5" or "f15"'),
    "win_by": ("string", "self_draw", "self_draw, discard or robbed_kong"),
    "discarder": ("int 0..3", "-", "required for discard and robbed_kong (the konger)"),
    "replacement": ("bool", "false", "self-draw on a replacement tile (Shanghai: kong or flower; Changsha: 开杠)"),
    "kaigang_discard": ("bool", "false", "Changsha: the winning discard came out of an 开杠 (杠上炮)"),
    "first_turn": ("bool", "false", "the winner's first turn: no discard by the winner, no claim yet"),
    "last_tile": ("bool", "false", "Changsha: the winning tile is the 海底"),
    "base": ("int", "1", "Shanghai 底分, the base score"),
    "huangfan": ("bool", "false", "Shanghai: this hand is a 荒番 hand"),
    "kaibao": ("bool", "false", "shanghai-lezi: this hand is a 开宝 hand"),
    "claims": ("4x4 ints", "from melds", "claims[a][b] = discards seat a claimed from seat b (三口, 承包)"),
    "discarder_ready": ("bool", "false", "Shanghai 三口: the discarder was ready (听牌)"),
    "bird": ("tile|null", "null", "Changsha 扎鸟 tile; null = no bird was drawn"),
    "initial": ("bool", "false", "Changsha: score the initial small wins (起手小胡) of hand instead of a win"),
}
#: every output field and its meaning
OUTPUT_DOCS: Mapping[str, str] = {
    "valid": "true when this is a legal win (for initial: at least one initial type)",
    "reason": "when not valid: why, in words a player understands",
    "types": "hand type ids present",
    "flowers": "Shanghai: the 花 count (without the base 花)",
    "lezi": "Shanghai: lezi value, 0 for a flower-valued hand",
    "value": "Shanghai: one share, in points (after base, menqing, cap, 荒番)",
    "payments": "four ints, seat 0..3, winner positive, sum 0",
    "explain": "short lines: each type, each flower element, each multiplier, each payment",
}
#: the input fields, as ScoreInput declares them (FIELD_DOCS describes each, in the same order)
FIELDS: tuple[str, ...] = ScoreInput.__struct_encode_fields__


@dataclass(frozen=True, slots=True)
class Situation:
    """A checked situation: the rule set it is scored under, and the scoring input."""

    ruleset: Ruleset
    context: WinContext

    def score(self) -> ScoreResult:
        """The result, from the same scoring the game uses."""
        return self.ruleset.score(self.context)


def situation_from_json(data: object) -> Situation:
    """Check one JSON situation and build it; InputError names what is wrong."""
    given = read_input(data, ScoreInput, "a situation")
    if given.rules is None:
        raise InputError(f"rules: required ({', '.join(ruleset_names())})")
    try:
        ruleset = get_ruleset(given.rules)
    except UnknownRules as e:
        raise InputError(f"rules: {e}") from None
    _check_rule_fields(given, ruleset)

    initial = bool(given.initial)
    if given.winner is None:
        raise InputError("winner: required (the winning seat, 0..3)")
    winner = given.winner
    dealer = given.dealer or 0

    if given.hand is None:
        raise InputError("hand: required (the concealed tiles, without the winning tile)")
    hand = read_tiles(given.hand, "hand")
    no_flowers(hand, "hand")
    tiles_of(ruleset, hand, "hand")

    melds = melds_from_json(given.melds or [], winner, ruleset)
    if initial and melds:
        raise InputError("melds: there are no melds right after the deal (initial)")

    win_tile: Tile | None = None
    if initial:
        if given.win_tile is not None:
            raise InputError("win_tile: not used with initial; the whole dealt hand goes in 'hand'")
        want = 14 if winner == dealer else 13
        if len(hand) != want:
            who = "the dealer" if winner == dealer else "a non-dealer"
            raise InputError(f"hand: {len(hand)} tiles, but {who} is dealt {want}")
    else:
        if given.win_tile is None:
            raise InputError("win_tile: required (the tile that completes the hand)")
        win_tile = one_tile(given.win_tile, "win_tile")
        no_flowers([win_tile], "win_tile")
        tiles_of(ruleset, [win_tile], "win_tile")
        want = 13 - 3 * len(melds)
        if len(hand) != want:
            raise InputError(
                f"hand: {len(hand)} tiles, but with {len(melds)} meld(s) the concealed hand must "
                f"have {want} (13 minus 3 per meld, a kong counting as 3)"
            )

    flowers = read_tiles(given.flowers or "", "flowers")
    not_flowers = [t for t in flowers if not is_flower(t)]
    if not_flowers:
        raise InputError(f"flowers: only flower tiles f1..f8 belong here, not {format_tiles(not_flowers)}")
    doubled = sorted({t for t in flowers if flowers.count(t) > 1})
    if doubled:
        raise InputError(f"flowers: each flower exists once, {format_tiles(doubled)} is given twice")

    check_copies(hand, win_tile, melds)

    win_by = _win_by(given.win_by or "self_draw")
    discarder = _discarder(given.discarder, win_by, winner)
    if win_by is WinBy.ROBBED_KONG and win_tile is not None:
        held = hand.count(win_tile) + sum(m.tiles.count(win_tile) for m in melds)
        if held:
            raise InputError(
                f"win_tile: a robbed kong's {tile_name(win_tile)} is the fourth copy (the konger holds "
                "the other three), so hand and melds cannot hold it"
            )

    replacement = bool(given.replacement)
    if replacement and win_by is not WinBy.SELF_DRAW:
        raise InputError("replacement: a win on a replacement tile is a self-draw (win_by self_draw)")
    _check_possible(ruleset, winner, hand, win_tile, melds, replaced=flowers if replacement else None)
    kaigang_discard = bool(given.kaigang_discard)
    if kaigang_discard and win_by is not WinBy.DISCARD:
        raise InputError("kaigang_discard: 杠上炮 is a win on a discard (win_by discard)")
    claims = _claims(given.claims, winner, melds)
    bird: Tile | None = None
    if given.bird is not None:
        bird = one_tile(given.bird, "bird")
        no_flowers([bird], "bird")
        tiles_of(ruleset, [bird], "bird")

    context = WinContext(
        winner=winner,
        concealed=tuple(hand),
        win_tile=win_tile,
        dealer=dealer,
        melds=tuple(melds),
        flowers=tuple(flowers),
        win_by=win_by,
        discarder=discarder,
        replacement=replacement,
        kaigang_discard=kaigang_discard,
        first_turn=bool(given.first_turn),
        last_tile=bool(given.last_tile),
        base=given.base or 1,
        huangfan=bool(given.huangfan),
        kaibao=bool(given.kaibao),
        claims=claims,
        discarder_ready=bool(given.discarder_ready),
        bird=bird,
        initial=initial,
    )
    return Situation(ruleset, context)


def _check_rule_fields(given: ScoreInput, ruleset: Ruleset) -> None:
    """A rule-specific field the rule set does not read is almost always a mistake (wrong "rules")."""
    for name, default in RULE_SPECIFIC_INPUTS.items():
        value = getattr(given, name)
        if value is None or value == default or name in ruleset.score_inputs:
            continue
        users = [n for n in ruleset_names() if name in get_ruleset(n).score_inputs]
        where = f"only used by {' and '.join(users)} rules" if users else "not used by any rule set"
        raise InputError(f"{name}: {where}, not by {given.rules!r}")


def _check_possible(
    ruleset: Ruleset,
    winner: int,
    hand: list[Tile],
    win_tile: Tile | None,
    melds: list[Meld],
    replaced: list[Tile] | None,
) -> None:
    """A hand no table could come to is refused: melds the rule set's claim rules forbid together (Shanghai's
    one-suit rule), or a win on a replacement tile (``replaced``: the flowers, given) with nothing replaced."""
    if melds:
        counts = counts_of([*hand, *([] if win_tile is None else [win_tile])])
        refused = ruleset.melds_refusal(SeatFacts(winner, counts, melds))
        if refused is not None:
            i, why = refused
            m = melds[i]
            raise InputError(f"melds[{i}]: the winner could not have claimed {m.kind.value} {m.notation()}: {why.en}")
    if replaced is not None and not replaced and not any(m.is_kong for m in melds):
        if ruleset.flowers:
            raise InputError("replacement: a win on a replacement tile follows a kong or a flower, and this hand has "
                             "neither (no kong among the melds, no flowers)")  # fmt: skip
        raise InputError("replacement: a win on a replacement tile follows a kong, and this hand has no kong among "
                         "its melds")  # fmt: skip


def _win_by(text: str) -> WinBy:
    try:
        return WinBy(text)
    except ValueError:
        choices = ", ".join(w.value for w in WinBy)
        raise InputError(f"win_by: unknown value {text!r} (choose one of: {choices})") from None


def _discarder(raw: int | None, win_by: WinBy, winner: int) -> int | None:
    if win_by is WinBy.SELF_DRAW:
        if raw is not None:
            raise InputError("discarder: only for win_by discard or robbed_kong; this is a self-draw")
        return None
    who = "the konger" if win_by is WinBy.ROBBED_KONG else "the seat that discarded the winning tile"
    if raw is None:
        raise InputError(f"discarder: required for win_by {win_by.value} ({who})")
    if raw == winner:
        raise InputError(f"discarder: seat {raw} is the winner; {who} must be another seat")
    return raw


def _claims(rows: list[list[int]] | None, winner: int, melds: list[Meld]) -> tuple[tuple[int, ...], ...] | None:
    """``claims`` (4 rows of 4 counts, msgspec has checked the shape), each seat's own count 0, the winner's at least
    what its melds show."""
    if rows is None:
        return None
    for a, row in enumerate(rows):
        if row[a]:
            raise InputError(f"claims[{a}][{a}]: a seat cannot claim its own discards")
    shown = [0, 0, 0, 0]
    for m in melds:
        if m.source is not None:
            shown[m.source] += 1
    for b in range(4):
        if rows[winner][b] < shown[b]:
            raise InputError(
                f"claims[{winner}][{b}]: the winner's melds show {shown[b]} claim(s) from seat {b}, "
                f"more than {rows[winner][b]}"
            )
    return tuple(map(tuple, rows))


# --------------------------------------------------------------------------- output


def result_to_json(situation: Situation, result: ScoreResult) -> dict[str, object]:
    """The spec's output object; rule sets that count no 花 carry 0 in the 花 fields."""
    hua = situation.ruleset.scores_hua
    return {
        "valid": result.valid,
        "reason": result.reason,
        "types": list(result.types),
        "flowers": result.flowers if hua else 0,
        "lezi": result.lezi if hua else 0,
        "value": result.value if hua else 0,
        "payments": list(result.payments),
        "explain": result.explain,
    }


_SECTIONS: tuple[tuple[str, tuple[LineKind, ...]], ...] = (
    ("Hand types", (LineKind.TYPE,)),
    ("花 (flower count)", (LineKind.FLOWER,)),
    ("Value", (LineKind.MULTIPLIER, LineKind.VALUE, LineKind.NOTE)),
    ("Payments", (LineKind.PAYMENT,)),
)


def format_text(situation: Situation, result: ScoreResult) -> str:
    """A readable breakdown of one scored situation, English with the Chinese under it."""
    ctx = situation.context
    ruleset = situation.ruleset
    melds = " ".join(f"[{m.kind.value} {m.notation()}]" for m in ctx.melds)
    win = f" + {tile_name(ctx.win_tile)}" if ctx.win_tile is not None else ""
    flowers = f" {format_tiles(ctx.flowers)}" if ctx.flowers else ""
    what = "initial small wins of" if ctx.initial else "win by"
    out = [f"{ruleset.name}: {what} seat {ctx.winner}: {format_tiles(ctx.concealed)}{win} {melds}{flowers}".rstrip()]
    if not result.valid:
        out.append(f"Not a win: {result.reason}")
        return "\n".join(out)
    names: Mapping[str, HandType] = ruleset.hand_types
    out.append("Types: " + ", ".join(f"{names[t].zh} {t}" if t in names else t for t in result.types))
    if ruleset.scores_hua:
        out.append(f"花 {result.flowers} · lezi {result.lezi} · one share {result.value}")
    out.append("Payments: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(result.payments)))
    for title, kinds in _SECTIONS:
        lines = [ln for ln in result.lines if ln.kind in kinds]
        if not lines:
            continue
        out.append(f"{title}:")
        for ln in lines:
            out.append(f"  {ln.en}")
            if ln.zh:
                out.append(f"      {ln.zh}")
    return "\n".join(out)
