"""The hints in a learner's words: steps, the hands a hand may still win with, and why a discard or a claim.

Every sentence here is built from the numbers of :mod:`mahjong_tui.learn.hints` and says only
what they show: a target is said to be given up only when the discard raises its steps,
a plain shape that cannot win is never called ready without saying so in the same line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_tui.engine import Ruleset, Tile, counted, tile_name
from mahjong_tui.engine.tiles import KINDS_258, is_suited, suit_of, tile_zh
from mahjong_tui.engine.words import Words

if TYPE_CHECKING:
    from mahjong_tui.learn.hints import DiscardHint, TargetHint

SUITS_ZH = ("万", "筒", "条")
_STEPS_ZH = {
    -1: "和了",
    0: "听牌",
    1: "一向听",
    2: "两向听",
    3: "三向听",
    4: "四向听",
    5: "五向听",
    6: "六向听",
    7: "七向听",
    8: "八向听",
}
NONE = Words("", "")


def steps(n: int) -> Words:
    """``ready (听牌)``, ``1 step from ready (一向听)``, ``complete (和了)``; in Chinese the term alone."""
    zh = _STEPS_ZH.get(n, f"{n}向听")
    if n < 0:
        return Words(f"complete ({zh})", zh)
    if n == 0:
        return Words(f"ready ({zh})", zh)
    return Words(f"{n} step{'s' if n > 1 else ''} from ready ({zh})", zh)


def tiles_words(tiles: Sequence[Tile], limit: int | None = None) -> Words:
    """``3m, 6m`` / ``三万、六万`` (after ``limit`` tiles, ``…``)."""
    shown = list(tiles if limit is None else tiles[:limit])
    more = " …" if limit is not None and len(tiles) > limit else ""
    return Words(", ".join(tile_name(t) for t in shown) + more, "、".join(tile_zh(t) for t in shown) + more)


def type_label(rules: Ruleset, type_id: str, suit: int = -1) -> Words:
    """``混一色 in 万`` / ``万混一色``; a type without a suit by its Chinese name alone."""
    ht = rules.hand_types.get(type_id)
    name = ht.zh if ht else type_id
    if suit < 0:
        return Words(name, name)
    return Words(f"{name} in {SUITS_ZH[suit]}", f"{SUITS_ZH[suit]}{name}")


def targets_words(rules: Ruleset, targets: Sequence[TargetHint], *, both: bool = False) -> Words:
    """``混一色 in 条 or 碰碰胡`` / ``条混一色或碰碰胡`` (``both``: ``… and …`` / ``…和…``)."""
    labels = [t.label(rules) for t in targets]
    en, zh = (" and ", "和") if both else (" or ", "或")
    return Words(en.join(w.en for w in labels), zh.join(w.zh for w in labels))


def nearest(targets: Sequence[TargetHint]) -> list[TargetHint]:
    """The targets at the least steps (all of them when several are as near)."""
    if not targets:
        return []
    least = min(t.shanten for t in targets)
    return [t for t in targets if t.shanten == least]


# --------------------------------------------------------------------------- a discard


def leaves(rules: Ruleset, chosen: DiscardHint, least: int | None = None) -> Words:
    """``discard 8s: 碰碰胡 stays 4 steps from ready (四向听), 22 unseen tiles help (2m, …)``.

    Where a win must qualify, the steps named are those to the nearest hand that may win;
    elsewhere, the steps to ready. ``least``: the fewest steps any discard keeps; a discard
    that leaves more goes back to them, and is not said to keep them.
    """
    en, zh = f"discard {tile_name(chosen.tile)}: ", f"打{tile_zh(chosen.tile)}："
    back = least is not None and chosen.win_shanten is not None and chosen.win_shanten > least
    if rules.win_targets:
        near = nearest(chosen.targets)
        if not near:
            return Words(en + "no hand that may win is left (your melds rule out every qualifying shape)",
                         zh + "已经没有能胡的牌型了（牌面把够格的牌型都堵死了）")  # fmt: skip
        what, left = targets_words(rules, near), steps(chosen.win_shanten if chosen.win_shanten is not None else 99)
        if chosen.win_shanten == 0:
            en += f"ready for {what.en} ({left.zh})"
            zh += f"{what.zh}听牌"
        elif back:
            en += f"{what.en} goes back to {left.en}"
            zh += f"{what.zh}退到{left.zh}"
        else:
            en += f"{what.en} stays {left.en}"
            zh += f"{what.zh}还是{left.zh}"
    else:
        left = steps(chosen.win_shanten if chosen.win_shanten is not None else chosen.shanten)
        en += f"it leaves the hand {left.en}"
        zh += f"打完{left.zh}"
    if chosen.win_tiles and (chosen.win_shanten or 0) >= 0:
        helps = tiles_words(chosen.win_tiles, 6)
        n = chosen.win_acceptance
        en += f", {counted(n, 'unseen tile helps', 'unseen tiles help')} ({helps.en})"
        zh += f"，还剩 {n} 张进张（{helps.zh}）"
    return Words(en, zh)


def target_steps(d: DiscardHint, target_id: str) -> int | None:
    """The steps ``d`` leaves toward one target (None: the target is not open)."""
    return next((t.shanten for t in d.targets if t.id == target_id), None)


def discard_why(rules: Ruleset, counts: Sequence[int], discards: Sequence[DiscardHint], suggest: Tile | None) -> Words:
    """Why the suggested discard: what it keeps, and what the discards that look better would give up.

    A suggestion that keeps fewer steps to a win than another discard is a safer one (the
    defence line says why): that is said, and nothing else is compared.
    """
    if suggest is None or not discards:
        return NONE
    chosen = next(d for d in discards if d.tile == suggest)
    best = discards[0]
    out = leaves(rules, chosen, best.win_shanten)
    if best.win_shanten is not None and (chosen.win_shanten is None or chosen.win_shanten > best.win_shanten):
        n = steps(best.win_shanten)
        return _join(out, Words(
            f"{tile_name(best.tile)} would keep it {n.en}; this tile is the safer one (see the defence)",
            f"打{tile_zh(best.tile)}能保持{n.zh}；这张更安全（见防守）",
        ))  # fmt: skip
    if rules.win_targets:
        fast = min(discards, key=lambda d: (d.shanten, -d.acceptance, d.tile))
        if fast.tile != chosen.tile and (fast.shanten, -fast.acceptance) < (chosen.shanten, -chosen.acceptance):
            out = _join(out, _plain_gives_up(rules, chosen, fast))
    as_near = best.win_shanten == chosen.win_shanten
    if best.tile != chosen.tile and as_near and best.win_acceptance > chosen.win_acceptance:
        out = _join(out, _worth_or_shape(rules, counts, chosen, best))
    return out


def _join(a: Words, b: Words) -> Words:
    if not b.en:
        return a
    return Words(f"{a.en}; {b.en}", f"{a.zh}；{b.zh}")


def _raised(rules: Ruleset, chosen: DiscardHint, other: DiscardHint) -> list[tuple[TargetHint, int]]:
    """The targets ``chosen`` keeps nearest that ``other`` would take further, with their steps after ``other``."""
    out = []
    for t in nearest(chosen.targets):
        after = target_steps(other, t.id)
        if after is not None and after > t.shanten:
            out.append((t, after))
    return out


def _plain_gives_up(rules: Ruleset, chosen: DiscardHint, fast: DiscardHint) -> Words:
    """The discard best for a plain shape, and the hand that may win it would take further (only when it does)."""
    raised = _raised(rules, chosen, fast)
    if not raised:
        return NONE
    t, after = raised[0]
    label = t.label(rules)
    a, b = _STEPS_ZH.get(t.shanten, t.shanten), _STEPS_ZH.get(after, after)
    if fast.shanten < chosen.shanten:
        en = f"{tile_name(fast.tile)} is the fastest discard to a plain shape ({_short(fast.shanten)})"
        zh = f"打{tile_zh(fast.tile)}的话平胡牌型最快（{steps(fast.shanten).zh}）"
    else:
        en = (
            f"{tile_name(fast.tile)} keeps a plain shape as near ({_short(fast.shanten)}) with more tiles that help "
            f"({fast.acceptance} against {chosen.acceptance})"
        )
        zh = f"打{tile_zh(fast.tile)}的话平胡牌型一样近，进张更多（{fast.acceptance} 对 {chosen.acceptance}）"
    return Words(f"{en}, but it gives up {label.en} ({t.shanten} → {after} steps), and a plain hand cannot win here",
                 f"{zh}，但{label.zh}就从{a}退到{b}，而平胡不能胡")  # fmt: skip


def _worth_or_shape(rules: Ruleset, counts: Sequence[int], chosen: DiscardHint, best: DiscardHint) -> Words:
    """Why ``chosen`` over ``best``, which helps more tiles as fast: a hand worth more it keeps, or its shape."""
    more = best.win_acceptance - chosen.win_acceptance
    for t in chosen.targets:
        after = target_steps(best, t.id)
        if t.valuable and after is not None and after > t.shanten:
            label = t.label(rules)
            return Words(
                f"{tile_name(best.tile)} helps {more} more {'tile' if more == 1 else 'tiles'} now, but it takes "
                f"{label.en} ({t.worth.en}) from {t.shanten} to {after} steps",
                f"打{tile_zh(best.tile)}眼下多 {more} 张进张，但{label.zh}（{t.worth.zh}）就远了一步",
            )
    runs = not rules.win_targets or any(not t.id.startswith(("pengpenghu", "honours")) for t in nearest(chosen.targets))
    return kept_together(rules, counts, best.tile, chosen.tile, more, runs=runs)


def kept_together(
    rules: Ruleset, counts: Sequence[int], faster: Tile, chosen: Tile, more: int, *, runs: bool = True
) -> Words:
    """Why ``chosen``, helping ``more`` tiles fewer, is still the better discard: ``faster`` holds the hand together.

    The count of helpful tiles looks one draw ahead; a pair can still pong (or be the eye), and
    a tile among its neighbours can still grow into a run, which that count does not see.
    Nothing is said when none of these holds (a run counts only where the hand may use one: ``runs``).
    """
    name, zh_name = tile_name(faster), tile_zh(faster)
    en = f"{name} helps {more} more {'tile' if more == 1 else 'tiles'} now, but "
    zh = f"打{zh_name}眼下多 {more} 张进张，但"
    held = counts[faster]
    if held == 2 and rules.shapes.plain_pair_258 and faster in KINDS_258:
        eye = Words(f"it splits your two {name}, a 2-5-8 eye for a small win", f"会拆掉一对{zh_name}，小胡要的二五八将")
        return Words(en + eye.en, zh + eye.zh)
    if held == 2:
        pong = Words(f"it splits your two {name}, which can still pong", f"会拆掉一对{zh_name}，留着还能碰")
        return Words(en + pong.en, zh + pong.zh)
    if held >= 3:
        return Words(en + f"it breaks up your three {name}", zh + f"会拆掉三张{zh_name}")
    if not runs:
        return NONE
    near = [
        u for u in range(max(0, faster - 2), min(27, faster + 3))
        if u != faster and counts[u] and is_suited(u) and is_suited(faster) and suit_of(u) == suit_of(faster)
    ]  # fmt: skip
    if not near:
        return NONE
    with_ = tiles_words(near)
    return Words(
        en + f"{name} works with {with_.en} toward a run; {tile_name(chosen)} is the looser tile",
        zh + f"{zh_name}和{with_.zh}能连成顺子，{tile_zh(chosen)}更孤",
    )


# --------------------------------------------------------------------------- the hand as a whole


def plain_caveat(rules: Ruleset, shanten: int, win_shanten: int | None) -> Words:
    """Where a plain shape is nearer than any hand that may win: say so, and that it cannot win."""
    if not rules.win_targets or win_shanten is not None and shanten >= win_shanten:
        return NONE
    n = steps(shanten)
    return Words(f"the plain shape is {n.en}, but a plain hand cannot win here", f"平胡牌型{n.zh}，但平胡不能胡")


def targets_heading(rules: Ruleset, shanten: int, win_shanten: int | None, targets: Sequence[TargetHint]) -> Words:
    """Where a win must qualify: the nearest hands that may win, with steps and helping tiles; the plain caveat."""
    if not targets:
        out = Words(
            "no hand that may win is left: your melds rule out every qualifying shape (only 八花 could still win)",
            "已经没有能胡的牌型：牌面把够格的牌型都堵死了（只有八花还能胡）",
        )
    else:
        shown = [t for t in targets if t.shanten <= targets[0].shanten + 2][:3]
        en = ", ".join(f"{t.label(rules).en} {_short(t.shanten)} ({t.acceptance} tiles help{_worth(t).en})"
                       for t in shown)  # fmt: skip
        zh = "，".join(f"{t.label(rules).zh}{_STEPS_ZH.get(t.shanten, t.shanten)}（进张 {t.acceptance}{_worth(t).zh}）"
                       for t in shown)  # fmt: skip
        out = Words(f"nearest hands that may win: {en}", f"离能胡最近的牌型：{zh}")
    return _join(out, plain_caveat(rules, shanten, win_shanten))


def _worth(t: TargetHint) -> Words:
    """``, 1 lezi``: what a target worth fixed units pays (a hand valued by its 花 says nothing here)."""
    return Words(f", {t.worth.en}", f"，{t.worth.zh}") if t.valuable else NONE


def _short(n: int) -> str:
    return "ready" if n == 0 else "complete" if n < 0 else f"{n} step{'s' if n > 1 else ''}"


def pairs_258(counts: Sequence[int]) -> Words:
    """The pairs of 2, 5 or 8 a small win could use."""
    pairs = [t for t in KINDS_258 if counts[t] >= 2]
    en = ", ".join(f"two {tile_name(t)}" for t in pairs) or "none yet"
    zh = "有" + "、".join(f"一对{tile_zh(t)}" for t in pairs) if pairs else "还没有"
    return Words(f"a small win needs a pair of 2, 5 or 8: you hold {en}", f"小胡要二五八作将：你{zh}")
