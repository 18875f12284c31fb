"""What the ``hint`` command reads: a hand typed in (its fields and what the answer holds), checked field by field and
analysed as the hint panel analyses a seat's hand. A drill's answer is worked out here too, so it is the command's."""

from __future__ import annotations

from typing import Any

from mahjong_tui.book.json_io import (
    HintInput,
    InputError,
    check_copies,
    melds_from_json,
    no_flowers,
    read_input,
    read_tiles,
    tiles_of,
)
from mahjong_tui.engine import UnknownRules, get_ruleset
from mahjong_tui.engine.tiles import counts_of, is_flower
from mahjong_tui.learn.hints import analyse

FIELD_DOCS: dict[str, tuple[str, str, str]] = {
    "rules": ("string", "required", "a preset: shanghai, shanghai-qq, shanghai-lezi, changsha …"),
    "hand": ("tiles", "required", "concealed tiles: 3n+1 (waiting) or 3n+2 (about to discard)"),
    "melds": ("list", "[]", 'as in `score`: {"type": "pong", "tiles": "777z", "from": 1}'),
    "flowers": ("tiles", '""', "Shanghai: flowers collected"),
    "seen": ("tiles", '""', "tiles visible elsewhere (all discards, others' melds), for counting what is left"),
}
OUTPUT_DOCS: dict[str, str] = {
    "shanten": "steps from a winning shape under the rule set (0 ready, -1 complete)",
    "win_shanten": "steps from a hand that may win (Shanghai: the least among targets; null: none is left)",
    "targets": "Shanghai, a 3n+1 hand: every open shape target {target, shanten, acceptance, tiles}, nearest first",
    "waits": "a ready 3n+1 hand: {tile, left, qualifies, types, why, points, on_discard} per wait",
    "discards": "a 3n+2 hand: every distinct discard {tile, shanten, acceptance, tiles, win_shanten, "
    "win_acceptance, win_tiles}, best first (by win_shanten, then win_acceptance; a ready hand whose every "
    "winning tile is seen counts as one step away with none that helps)",
    "suggest": "the discard the hint panel stars: the hard bot's, always one with the least win_shanten (counted "
    "as the order above counts it)",
    "why": "one or two sentences a learner understands",
    "qualifies": "rule sets where a hand must qualify: the types it is heading for, or what it lacks",
    "aims": "the bigger hand types within reach: {type, suit, shanten}",
}


def hint_from_json(data: object) -> tuple[Any, Any]:
    """Check the input and analyse the hand: (the hint, the rule set); InputError names a bad field."""
    given = read_input(data, HintInput, "a hand")
    if given.rules is None:
        raise InputError("rules: required")
    try:
        rules = get_ruleset(given.rules)
    except UnknownRules as e:
        raise InputError(f"rules: {e}") from None
    if given.hand is None:
        raise InputError("hand: required (the concealed tiles)")
    hand = read_tiles(given.hand, "hand")
    no_flowers(hand, "hand")
    tiles_of(rules, hand, "hand")
    melds = melds_from_json(given.melds or [], 0, rules)
    size = len(hand) + 3 * len(melds)
    if size not in (13, 14):
        raise InputError(
            f"hand: {len(hand)} tiles with {len(melds)} meld(s) make {size}; a hand has 13 (waiting) or 14 (to discard)"
        )
    flowers = read_tiles(given.flowers or "", "flowers")
    if any(not is_flower(t) for t in flowers) or len(set(flowers)) != len(flowers):
        raise InputError("flowers: flower tiles f1..f8, each once")
    if flowers and not rules.flowers:
        raise InputError(f"flowers: {rules.en_name} has no flowers")
    seen = read_tiles(given.seen or "", "seen")
    no_flowers(seen, "seen")
    tiles_of(rules, seen, "seen")
    check_copies(hand + seen, None, melds)
    return analyse(rules, counts_of(hand), melds, flowers, counts_of(seen)[:34]), rules
