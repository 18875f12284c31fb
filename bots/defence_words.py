"""The hard bot's defence in words: which tile is safe against whom, and which would feed whom.

The numbers are a :class:`~bots.hard_defense.Reading` of the table (the deal-in model's
chance of each tile winning for each opponent); this module only says them, in English
and in Chinese, as a player would: an opponent by its seat wind and where it sits, a wait
by the tiles it would most likely be made of.

    5s is safe against 南, the next player (passed since its turn); 5p may feed 西, the player
    opposite (likely a 2-5p wait, 9%)
    五条对南家（下家）安全（它上次出牌后有人打过）；五筒可能放炮给西家（对家），多半是听二五筒两面，机会 9%
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_tui.engine import Words, tile_name, tile_zh
from mahjong_tui.engine.tiles import seat_wind_zh

from .risk import features, passed_since_turn

if TYPE_CHECKING:
    from .hard_defense import Reading

_NUMERALS_ZH = "一二三四五六七八九"
_SUITS_ZH = "万筒条"
_NONE = Words("", "")


def seat_words(seat: int, other: int) -> Words:
    """Another seat as a player names it: the next player (下家), the player opposite (对家), the previous (上家)."""
    i = (other - seat) % 4
    return Words(
        ("", "the next player", "the player opposite", "the previous player")[i],
        ("", "下家", "对家", "上家")[i],
    )


def who(reading: Reading, o: int) -> Words:
    """An opponent by where it sits and its seat wind: ``the next player (南)`` / ``南家（下家）``."""
    wind, where = seat_wind_zh(o, reading.view.dealer), seat_words(reading.seat, o)
    return Words(f"{where.en} ({wind})", f"{wind}家（{where.zh}）")


def percent(x: float) -> Words:
    """``9%``; a chance that rounds to nothing but is not none: ``under 1%`` / ``不到 1%``."""
    if x >= 0.005 or x == 0:
        return Words(f"{100 * x:.0f}%", f"{100 * x:.0f}%")
    return Words("under 1%", "不到 1%")


def likely_wait(t: int, unseen: Sequence[int]) -> Words:
    """The wait a tile would most likely complete, judged by the copies this seat cannot see around it.

    Each way of waiting on ``t`` counts the pairs of partner tiles that could be hidden: the
    two above (a two-sided wait, ``4-7p``, or the edge of 8-9), the two below, the two either
    side (a closed wait) or two copies of ``t`` itself (a pair wait). Nothing when no way is
    left.
    """
    pair = Words("pair wait", f"{tile_zh(t)}对倒")
    if t >= 27:
        return pair if unseen[t] >= 2 else _NONE
    r, suit, suit_zh = t % 9 + 1, "mps"[t // 9], _SUITS_ZH[t // 9]
    edge = Words(f"{r}{suit} edge wait", f"边{tile_zh(t)}")

    def two_sided(low: int) -> Words:
        """The two-sided wait on ``low`` and ``low + 3``."""
        return Words(f"{low}-{low + 3}{suit} wait", f"{_NUMERALS_ZH[low - 1]}{_NUMERALS_ZH[low + 2]}{suit_zh}两面")

    ways: list[tuple[int, Words]] = []
    if r <= 7:
        ways.append((unseen[t + 1] * unseen[t + 2], two_sided(r) if r <= 6 else edge))
    if r >= 3:
        ways.append((unseen[t - 1] * unseen[t - 2], two_sided(r - 3) if r >= 4 else edge))
    if 2 <= r <= 8:
        ways.append((unseen[t - 1] * unseen[t + 1], Words(f"{r - 1}{r + 1}{suit} closed wait", f"嵌{tile_zh(t)}")))
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
    en, zh = tile_name(t), tile_zh(t)
    pct = percent(chance)
    if level == "high":
        return Words(f"{en} is a high risk too, against {name.en}: {pct.en}, but the least of them",
                     f"{zh}对{name.zh}也危险（{pct.zh}），但已经是最小的")  # fmt: skip
    if level == "low":
        return Words(f"{en} is a low risk against {name.en}: {pct.en} to be its winning tile",
                     f"{zh}对{name.zh}稍险（是它胡张的机会 {pct.zh}）")  # fmt: skip
    if t in passed_since_turn(view, o):
        return Words(
            f"{en} is safe against {name.en}: passed since its turn", f"{zh}对{name.zh}安全（它上次出牌后有人打过）"
        )
    keys = features(view, o, view.unseen)[t]
    if ("thrown",) in keys:
        why = Words("it threw one itself", "它自己打过这张")
    elif any(k[0] == "suji" for k in keys):
        why = Words("three away from a tile it discarded (筋)", "和它打过的牌隔三张（筋）")
    else:
        why = Words(f"{pct.en} to be its winning tile", f"是它胡张的机会只有 {pct.zh}")
    return Words(f"{en} is safe against {name.en}: {why.en}", f"{zh}对{name.zh}安全（{why.zh}）")


def feed_words(reading: Reading, t: int) -> Words:
    """Which opponent ``t`` would likely feed, the wait it would most likely complete, and how likely."""
    o, p = reading.threat(t)
    name, wait = who(reading, o), likely_wait(t, reading.view.unseen)
    pct = percent(p)
    en = f"{tile_name(t)} may feed {name.en}: {pct.en}{f', most likely a {wait.en}' if wait.en else ''}"
    zh = f"{tile_zh(t)}可能放炮给{name.zh}，机会 {pct.zh}{f'，多半是听{wait.zh}' if wait.zh else ''}"
    return Words(en, zh)


def why_safer(reading: Reading, safer: int, risky: int, *, slower: bool = False) -> Words:
    """Why ``safer`` rather than ``risky``: whom it is safe against, and whom ``risky`` may feed.

    ``slower``: ``safer`` leaves the hand a step further from winning, which is said with it.
    """
    safe, feed = safe_words(reading, safer), feed_words(reading, risky)
    en = safe.en + (", though a step slower" if slower else "") + f"; {feed.en}"
    zh = safe.zh + (f"，不过打{tile_zh(safer)}要慢一步" if slower else "") + f"；{feed.zh}"
    return Words(en, zh)
