"""The hard bot's defence in words: which tile is safe against whom, and which would feed whom.

The numbers are a :class:`~bots.hard_defense.Reading` of the table (the deal-in model's
chance of each tile winning for each opponent); this module only says them, in English
and in Chinese, as a player would: an opponent by its seat wind and where it sits, a wait
by the tiles it would most likely be made of. The texts are the catalogue's (``[defence]`` in
``mahjong_tui/locale``); the words that do not change from one table to the next (where a seat
sits, each tile's waits, the reasons a tile is safe) are made once, when first said.

    5s is safe against 南, the next player (passed since its turn); 5p may feed 西, the player
    opposite (likely a 2-5p wait, 9%)
    五条对南家（下家）安全（它上次出牌后有人打过）；五筒可能放炮给西家（对家），多半是听二五筒两面，机会 9%
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from mahjong_tui.engine import Words
from mahjong_tui.engine.tiles import seat_wind_zh, tile_words
from mahjong_tui.engine.words import NO_WORDS, alike, said

from .risk import features, passed_since_turn

if TYPE_CHECKING:
    from .hard_defense import Reading

_NUMERALS_ZH = "一二三四五六七八九"
_SUITS_ZH = "万筒条"
_NONE = NO_WORDS


@cache
def _said(key: str) -> Words:
    """A text of the catalogue with no field, made once."""
    return said(key)


_PLACES = ("", "next", "opposite", "previous")  # the catalogue's name of each seat counted on from one's own


@cache
def _place(i: int) -> Words:
    """The seat ``i`` places on from one's own, as a player names it (nothing for one's own)."""
    return said(f"defence.{_PLACES[i]}") if i else _NONE


@cache
def _who(i: int, wind: str) -> Words:
    """The seat ``i`` places on, with its seat wind."""
    return said("defence.who", where=_place(i), wind=wind)


def seat_words(seat: int, other: int) -> Words:
    """Another seat as a player names it: the next player (下家), the player opposite (对家), the previous (上家)."""
    return _place((other - seat) % 4)


def who(reading: Reading, o: int) -> Words:
    """An opponent by where it sits and its seat wind: ``the next player (南)`` / ``南家（下家）``."""
    return _who((o - reading.seat) % 4, seat_wind_zh(o, reading.view.dealer))


def percent(x: float) -> Words:
    """``9%``; a chance that rounds to nothing but is not none: ``under 1%`` / ``不到 1%``."""
    if x >= 0.005 or x == 0:
        return alike(f"{100 * x:.0f}%")
    return _said("defence.under_one_percent")


@cache
def _waits_on(t: int) -> tuple[Words, Words, Words, Words, Words]:
    """The waits on ``t``, by the way each would be made: a pair wait, an edge wait, the two-sided waits with the two
    tiles above and the two below, a closed wait (where ``t`` has no such wait, nothing)."""
    tile = tile_words(t)
    pair = said("defence.pair_wait", tile=tile)
    if t >= 27:
        return pair, _NONE, _NONE, _NONE, _NONE
    r, suit = t % 9 + 1, Words("mps"[t // 9], _SUITS_ZH[t // 9])

    def two_sided(low: int) -> Words:
        """The two-sided wait on ``low`` and ``low + 3``."""
        if not 1 <= low <= 6:
            return _NONE
        low_n, high_n = Words(str(low), _NUMERALS_ZH[low - 1]), Words(str(low + 3), _NUMERALS_ZH[low + 2])
        return said("defence.two_sided_wait", low=low_n, high=high_n, suit=suit)

    edge = said("defence.edge_wait", tile=tile) if r in (3, 7) else _NONE
    closed = said("defence.closed_wait", around=f"{r - 1}{r + 1}{suit.en}", tile=tile) if 2 <= r <= 8 else _NONE
    return pair, edge, two_sided(r), two_sided(r - 3), closed


def likely_wait(t: int, unseen: Sequence[int]) -> Words:
    """The wait a tile would most likely complete, judged by the copies this seat cannot see around it.

    Each way of waiting on ``t`` counts the pairs of partner tiles that could be hidden: the
    two above (a two-sided wait, ``4-7p``, or the edge of 8-9), the two below, the two either
    side (a closed wait) or two copies of ``t`` itself (a pair wait). Nothing when no way is
    left.
    """
    pair, edge, above, below, closed = _waits_on(t)
    if t >= 27:
        return pair if unseen[t] >= 2 else _NONE
    r = t % 9 + 1
    ways: list[tuple[int, Words]] = []
    if r <= 7:
        ways.append((unseen[t + 1] * unseen[t + 2], above if r <= 6 else edge))
    if r >= 3:
        ways.append((unseen[t - 1] * unseen[t - 2], below if r >= 4 else edge))
    if 2 <= r <= 8:
        ways.append((unseen[t - 1] * unseen[t + 1], closed))
    ways.append((unseen[t] * (unseen[t] - 1) // 2, pair))
    weight, words = max(ways, key=lambda w: w[0])
    return words if weight else _NONE


#: an opponent whose chances add up to this many winning tiles looks close to ready (the danger marks are about them)
NEAR_READY = 1.0
#: a tile's chance to be a winning tile of the opponent the marks are about: under this it is marked safe
SAFE_BELOW = 0.01
#: from this it is marked a high risk (between the two, low)
HIGH_FROM = 0.04


def risk_level(chance: float) -> str:
    """``safe``, ``low`` or ``high``: the danger mark of a tile with this chance to win for an opponent."""
    return "safe" if chance < SAFE_BELOW else "high" if chance >= HIGH_FROM else "low"


def near_ready(reading: Reading) -> list[int]:
    """The opponents that look close to ready."""
    return [o for o in range(4) if o != reading.seat and sum(reading.chances[o]) >= NEAR_READY]


def tile_mark(reading: Reading, t: int) -> tuple[str, int, float]:
    """A tile's mark as the hand shows it: its level, the opponent it is about and the chance.

    Against the opponents close to ready (all of them while none is): safe when each let it go
    since its turn (漏胡), else by the likeliest one's chance.
    """
    near = near_ready(reading)
    if near and all(t in passed_since_turn(reading.view, o) for o in near):
        return "safe", near[0], 0.0
    pool = near or [o for o in range(4) if o != reading.seat]
    o = max(pool, key=lambda s: reading.chances[s][t])
    return risk_level(reading.chances[o][t]), o, reading.chances[o][t]


def safe_words(reading: Reading, t: int) -> Words:
    """How safe ``t`` is, in the danger marks' own words (safe, low or high risk), and against whom."""
    view = reading.view
    level, o, chance = tile_mark(reading, t)
    name = who(reading, o)
    tile = tile_words(t)
    pct = percent(chance)
    if level in ("high", "low"):
        return said(f"defence.{level}_risk", tile=tile, who=name, chance=pct)
    if t in passed_since_turn(view, o):
        why = _said("defence.passed_since_turn")
    else:
        keys = features(view, o, view.unseen)[t]
        if ("thrown",) in keys:
            why = _said("defence.threw_it")
        elif any(k[0] == "suji" for k in keys):
            why = _said("defence.suji")
        else:
            why = said("defence.chance_only", chance=pct)
    return said("defence.safe", tile=tile, who=name, why=why)


def feed_words(reading: Reading, t: int) -> Words:
    """Which opponent ``t`` would likely feed, the wait it would most likely complete, and how likely."""
    o, p = reading.threat(t)
    name, wait = who(reading, o), likely_wait(t, reading.view.unseen)
    tile = tile_words(t)
    if wait.en:
        return said("defence.feed_wait", tile=tile, who=name, chance=percent(p), wait=wait)
    return said("defence.feed", tile=tile, who=name, chance=percent(p))


def why_safer(reading: Reading, safer: int, risky: int, *, slower: bool = False) -> Words:
    """Why ``safer`` rather than ``risky``: whom it is safe against, and whom ``risky`` may feed.

    ``slower``: ``safer`` leaves the hand a step further from winning, which is said with it.
    """
    safe, feed = safe_words(reading, safer), feed_words(reading, risky)
    if slower:
        return said("defence.safer_slower", safe=safe, feed=feed, tile=tile_words(safer))
    return said("defence.safer", safe=safe, feed=feed)
