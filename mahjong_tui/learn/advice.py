"""Advice at the special decisions: a kong (开杠 or 补张), the 海底, 起手小胡, winning or passing.

Each is the hard bot's choice on the seat's own view (the ★, as for a discard), said in one
sentence with the numbers behind it: the chance of 杠上开花 against the risk of 杠上炮, the
chance the 海底 wins against a 海底炮, what 起手小胡 pays and what showing the hand gives
away, what a win pays. The numbers are read from what the seat can see: its own tiles, the
unseen copies, and the hard bot's reading of each opponent's waits (:mod:`bots.risk`).
"""

from __future__ import annotations

from math import comb

from bots.hard import HardBot, haidi_odds
from bots.hard_defense import Reading
from mahjong_tui.engine import Action, ActionKind, KongMode, Meld, MeldKind, Phase, SeatView, claimed_meld, tile_name
from mahjong_tui.engine.analysis import waits
from mahjong_tui.engine.tiles import tile_zh
from mahjong_tui.engine.words import Words
from mahjong_tui.learn.hint_words import NONE, steps, tiles_words

_OWN_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


def suggester(view: SeatView, *, defends: bool = True) -> HardBot:
    """The hard bot for the seat that makes the game's suggestion (``defends``: weigh what a tile may feed)."""
    bot = HardBot(view.seat)
    bot.defends = defends
    return bot


def suggested_action(view: SeatView) -> Action | None:
    """The move the game knows best for this seat now (the hard bot's choice on its view); None with nothing to do."""
    if not view.legal:
        return None
    return suggester(view).choose(view)


def _pct(x: float) -> str:
    """``6%``; a chance that rounds to nothing is ``under 1%`` (it is not none)."""
    return f"{100 * x:.0f}%" if x >= 0.005 or x == 0 else "under 1%"


def after_kong(view: SeatView, action: Action) -> tuple[list[int], tuple[Meld, ...]]:
    """The seat's concealed tiles and melds once the quad of ``action`` is set aside."""
    counts = list(view.counts)
    melds = view.melds[view.seat]
    t = action.tile
    assert t is not None
    if action.kind is ActionKind.KONG:
        used, meld = claimed_meld(action, view.current)
        for u in used:
            counts[u] -= 1
        return counts, (*melds, meld)
    if action.kind is ActionKind.CONCEALED_KONG:
        counts[t] -= 4
        return counts, (*melds, Meld(MeldKind.CONCEALED_KONG, (t, t, t, t)))
    counts[t] -= 1
    grown = tuple(
        Meld(MeldKind.ADDED_KONG, (t,) * 4, m.claimed, m.source) if m.kind is MeldKind.PONG and m.first == t else m
        for m in melds
    )
    return counts, grown


def _unseen(view: SeatView, counts: list[int], melds: tuple[Meld, ...]) -> list[int]:
    mine = list(counts)
    for m in melds:
        for t in m.tiles:
            mine[t] += 1
    outside = view.outside
    kinds = 34 if view.ruleset.honours else 27  # a rule set without honours has none unseen
    return [max(0, 4 - mine[t] - outside[t]) if t < kinds else 0 for t in range(34)]


def kong_words(view: SeatView, action: Action) -> Words:
    """Why this kong, or this way of using the quad (补张 or 开杠), with its numbers."""
    rules = view.ruleset
    counts, melds = after_kong(view, action)
    unseen = _unseen(view, counts, melds)
    pool = max(1, sum(unseen))
    ready = waits(counts, rules.shapes, melds)
    live = sum(unseen[t] for t in ready)
    modes = {a.mode for a in view.legal if a.kind is action.kind and a.tile == action.tile}
    if KongMode.KAIGANG not in modes and KongMode.BUZHANG not in modes:
        return Words(
            f"a kong of {tile_name(action.tile or 0)} draws a tile from the tail, and the quad counts as a set",
            f"杠{tile_zh(action.tile or 0)}能从牌尾补一张，这四张算一副",
        )
    one = live / pool
    two = 1 - comb(pool - live, 2) / comb(pool, 2) if pool >= 2 else one
    reading = Reading(view, unseen)
    feed = sum(unseen[t] * reading.feed(t) for t in range(34)) / pool
    feed_two = 1 - (1 - feed) ** 2
    if not ready:
        return Words(
            "补张: a tile from the tail; 开杠 needs the hand ready once the quad is set aside, and it is not",
            "补张：从牌尾补一张；开杠要把这四张放下后就听牌，现在还没听",
        )
    names = tiles_words(ready)
    odds_en = (
        f"ready on {names.en} with {live} live tiles of {pool} unseen, 开杠's two tiles win (杠上开花) about "
        f"{_pct(two)}, against about {_pct(feed_two)} that one of them feeds someone (杠上炮)"
    )
    odds_zh = (f"听{names.zh}，没见过的 {pool} 张里还有 {live} 张能胡，开杠翻两张杠上开花约 {_pct(two)}，"
               f"翻出的牌放炮（杠上炮）约 {_pct(feed_two)}")  # fmt: skip
    if action.mode is KongMode.KAIGANG:
        return Words(f"开杠: {odds_en}; after it you must discard every tile you draw",
                     f"开杠：{odds_zh}；开杠以后摸什么打什么")  # fmt: skip
    return Words(
        f"补张: {odds_en}, and 开杠 would lock your hand after; 补张 draws one tile ({_pct(one)} to win) and keeps "
        "the hand free",
        f"补张：{odds_zh}，开杠以后还要摸什么打什么；补张摸一张（{_pct(one)} 能胡），手牌还能换",
    )


def _no_kong(view: SeatView, action: Action) -> Words:
    """Why the discard rather than an offered kong: the steps the kong would leave."""
    kong = next(a for a in view.legal if a.kind in _OWN_KONGS)
    rules = view.ruleset
    counts, melds = after_kong(view, kong)
    from mahjong_tui.engine.targets import win_shanten

    now = win_shanten(rules.win_targets, rules.shapes, counts, melds)
    if now is None:
        return Words(f"no kong of {tile_name(kong.tile or 0)}: it would leave no hand that may win",
                     f"不杠{tile_zh(kong.tile or 0)}：杠了就没有能胡的牌型了")  # fmt: skip
    n = steps(now)
    return Words(
        f"no kong of {tile_name(kong.tile or 0)}: setting it aside would leave the hand {n.en}, further than a discard",
        f"不杠{tile_zh(kong.tile or 0)}：杠了以后{n.zh}，不如打一张",
    )


def _haidi(view: SeatView, action: Action) -> Words:
    odds = haidi_odds(view)
    if odds is None:
        return Words(
            "leave the 海底: the hand is not ready, so it cannot win on it, and a shown 海底 may feed someone (海底炮)",
            "海底不要：没听牌，要了也胡不了，亮出来还可能放海底炮",
        )
    numbers_en = (
        f"{odds.live} live tiles of {odds.pool} unseen: it wins (海底捞月) about {_pct(odds.win)}; shown, it "
        f"feeds someone (海底炮) about {_pct(odds.risk)} ({odds.threats} opponents with two or more melds)"
    )
    numbers_zh = (f"没见过的 {odds.pool} 张里有 {odds.live} 张能胡：海底捞月约 {_pct(odds.win)}；亮出来放海底炮约 "
                  f"{_pct(odds.risk)}（{odds.threats} 家已有两副以上牌面）")  # fmt: skip
    if action.kind is ActionKind.TAKE_HAIDI:
        return Words(f"take the 海底: {numbers_en}", f"要海底：{numbers_zh}")
    return Words(f"leave the 海底: {numbers_en}, not worth it", f"海底不要：{numbers_zh}，不值得")


def _initial(view: SeatView) -> Words:
    from mahjong_tui.book.rulebook import type_names
    from mahjong_tui.learn.hints import initial_preview

    result = initial_preview(view)
    if result is None or not result.valid:
        return NONE
    pays = result.payments[view.seat]
    types = type_names(view.ruleset, result.types)
    return Words(
        f"declare {types.en}: it pays you {pays:+d} now; the table then sees your whole hand, so they know what you "
        "keep, and the hand goes on",
        f"报{types.zh}：马上收 {pays:+d}；不过整手牌都亮给大家看了，别人知道你留着什么，这一局照常打",
    )


def _win(view: SeatView, action: Action) -> Words:
    result = view.win_preview(action)
    if result is None or not result.valid:
        return NONE
    from mahjong_tui.book.rulebook import type_names

    types = type_names(view.ruleset, result.types)
    pays = result.payments[view.seat]
    return Words(f"win: {types.en}, {pays:+d} now", f"胡：{types.zh}，收 {pays:+d}")


def decision_advice(view: SeatView, action: Action | None) -> Words:
    """The ★ at a special decision in one sentence with its numbers; nothing at a plain discard or claim."""
    if action is None:
        return NONE
    kinds = {a.kind for a in view.legal}
    if action.kind is ActionKind.WIN:
        return _win(view, action)
    if view.phase is Phase.HAIDI and ActionKind.TAKE_HAIDI in kinds:
        return _haidi(view, action)
    if ActionKind.DECLARE_INITIAL in kinds:
        return _initial(view) if action.kind is ActionKind.DECLARE_INITIAL else NONE
    if action.kind in _OWN_KONGS:
        return kong_words(view, action)
    if view.phase is Phase.TURN and kinds & set(_OWN_KONGS) and action.kind is ActionKind.DISCARD:
        return _no_kong(view, action)
    return NONE
