"""The hints in a learner's words: steps, the hands a hand may still win with, and why a discard or a claim.

Every sentence here is built from the numbers of :mod:`mahjong_tui.learn.hints` and says only
what they show: a target is said to be given up only when the discard raises its steps,
a plain shape that cannot win is never called ready without saying so in the same line.
The texts are the catalogue's (``[hint_words]`` in ``mahjong_tui/locale``), each said in
English and in Chinese at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_tui.engine import Ruleset, Tile
from mahjong_tui.engine.tiles import KINDS_258, is_suited, suit_of, tile_words
from mahjong_tui.engine.words import NO_WORDS, Words, alike, said
from mahjong_tui.engine.words import joined as joined_by

if TYPE_CHECKING:
    from mahjong_tui.learn.hints import DiscardHint, TargetHint

NONE = NO_WORDS  # nothing to say


def _step_key(n: int) -> str:
    """The catalogue's name for ``n`` steps: ``complete``, ``ready``, ``1`` … ``8``, then ``more``."""
    return "complete" if n < 0 else "ready" if n == 0 else str(n) if n <= 8 else "more"


def steps(n: int) -> Words:
    """``ready (听牌)``, ``1 step from ready (一向听)``, ``complete (和了)``; in Chinese the term alone."""
    return said(f"hint_words.steps.{_step_key(n)}", n=n)


def bare_steps(n: int) -> Words:
    """``2 steps``, ``ready`` / ``两向听``, ``听牌``: the steps in a sentence that says what they are from."""
    return said(f"hint_words.short.{_step_key(n)}", n=n)


def listed_steps(n: int) -> Words:
    """``2 steps`` / ``两向听`` beside each hand of a list; past eight steps the Chinese gives the number alone."""
    return bare_steps(n) if n <= 8 else said("hint_words.listed_far", n=n)


def joined(parts: Sequence[Words], how: str = "list") -> Words:
    """``parts`` in one line, the catalogue's separator ``how`` between each two (``list``: ``, `` / ``、``; also
    ``clause``, ``then``, ``or``, ``and``, ``people``)."""
    between = said(f"hint_words.join.{how}")
    return joined_by(parts, between.en, between.zh)


def also(first: Words, more: Words) -> Words:
    """``first; more``; ``first`` alone when ``more`` says nothing."""
    return joined([first, more], "then") if more.en else first


def tiles_words(tiles: Sequence[Tile], limit: int | None = None) -> Words:
    """``3m, 6m`` / ``三万、六万`` (after ``limit`` tiles, ``…``)."""
    shown = joined([tile_words(t) for t in (tiles if limit is None else tiles[:limit])])
    if limit is not None and len(tiles) > limit:
        return said("hint_words.more_tiles", tiles=shown)
    return shown


def type_label(rules: Ruleset, type_id: str, suit: int = -1) -> Words:
    """``混一色 in 万`` / ``万混一色``; a type without a suit by its Chinese name alone."""
    ht = rules.hand_types.get(type_id)
    name = ht.zh if ht else type_id
    if suit < 0:
        return alike(name)
    return said("hint_words.in_suit", name=name, suit=said(f"hint_words.suit.{'mps'[suit]}"))


def targets_words(rules: Ruleset, targets: Sequence[TargetHint], *, both: bool = False) -> Words:
    """``混一色 in 条 or 碰碰胡`` / ``条混一色或碰碰胡`` (``both``: ``… and …`` / ``…和…``)."""
    return joined([t.label(rules) for t in targets], "and" if both else "or")


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
    tile = tile_words(chosen.tile)
    back = least is not None and chosen.win_shanten is not None and chosen.win_shanten > least
    if rules.win_targets:
        near = nearest(chosen.targets)
        if not near:
            return said("hint_words.discard_no_win", tile=tile)
        what, left = targets_words(rules, near), steps(chosen.win_shanten if chosen.win_shanten is not None else 99)
        if chosen.win_shanten == 0:
            out = said("hint_words.discard_ready", tile=tile, targets=what)
        else:
            out = said(f"hint_words.discard_{'back' if back else 'stays'}", tile=tile, targets=what, steps=left)
    else:
        left = steps(chosen.win_shanten if chosen.win_shanten is not None else chosen.shanten)
        out = said("hint_words.discard_leaves", tile=tile, steps=left)
    if chosen.win_tiles and (chosen.win_shanten or 0) >= 0:
        helps = tiles_words(chosen.win_tiles, 6)
        return said("hint_words.discard_helps", discard=out, n=chosen.win_acceptance, tiles=helps)
    return out


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
        return also(out, said("hint_words.safer", tile=tile_words(best.tile), steps=steps(best.win_shanten)))
    if rules.win_targets:
        fast = min(discards, key=lambda d: (d.shanten, -d.acceptance, d.tile))
        if fast.tile != chosen.tile and (fast.shanten, -fast.acceptance) < (chosen.shanten, -chosen.acceptance):
            out = also(out, _plain_gives_up(rules, chosen, fast))
    as_near = best.win_shanten == chosen.win_shanten
    if best.tile != chosen.tile and as_near and best.win_acceptance > chosen.win_acceptance:
        out = also(out, _worth_or_shape(rules, counts, chosen, best))
    return out


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
    tile, fastest = tile_words(fast.tile), bare_steps(fast.shanten)
    if fast.shanten < chosen.shanten:
        faster = said("hint_words.plain_fastest", tile=tile, steps=fastest)
    else:
        faster = said("hint_words.plain_as_near", tile=tile, steps=fastest, more=fast.acceptance,
                      fewer=chosen.acceptance)  # fmt: skip
    return said("hint_words.gives_up", faster=faster, target=t.label(rules), before=_numbered(t.shanten),
                after=_numbered(after))  # fmt: skip


def _numbered(n: int) -> Words:
    """``2`` / ``两向听``: steps as a number where the English sentence names them, as a list does in Chinese."""
    return Words(str(n), listed_steps(n).zh)


def _worth_or_shape(rules: Ruleset, counts: Sequence[int], chosen: DiscardHint, best: DiscardHint) -> Words:
    """Why ``chosen`` over ``best``, which helps more tiles as fast: a hand worth more it keeps, or its shape."""
    more = best.win_acceptance - chosen.win_acceptance
    for t in chosen.targets:
        after = target_steps(best, t.id)
        if t.valuable and after is not None and after > t.shanten:
            further = said("hint_words.takes_further", target=t.label(rules), worth=t.worth, before=t.shanten,
                           after=after)  # fmt: skip
            return said("hint_words.more_now", tile=tile_words(best.tile), n=more, but=further)
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
    tile = tile_words(faster)
    held = counts[faster]
    if held == 2 and rules.shapes.plain_pair_258 and faster in KINDS_258:
        but = said("hint_words.splits_eye", tile=tile)
    elif held == 2:
        but = said("hint_words.splits_pair", tile=tile)
    elif held >= 3:
        but = said("hint_words.breaks_three", tile=tile)
    elif not runs:
        return NONE
    else:
        near = [
            u for u in range(max(0, faster - 2), min(27, faster + 3))
            if u != faster and counts[u] and is_suited(u) and is_suited(faster) and suit_of(u) == suit_of(faster)
        ]  # fmt: skip
        if not near:
            return NONE
        but = said("hint_words.toward_run", tile=tile, others=tiles_words(near), looser=tile_words(chosen))
    return said("hint_words.more_now", tile=tile, n=more, but=but)


# --------------------------------------------------------------------------- the hand as a whole


def plain_caveat(rules: Ruleset, shanten: int, win_shanten: int | None) -> Words:
    """Where a plain shape is nearer than any hand that may win: say so, and that it cannot win."""
    if not rules.win_targets or win_shanten is not None and shanten >= win_shanten:
        return NONE
    return said("hint_words.plain_caveat", steps=steps(shanten))


def targets_heading(rules: Ruleset, shanten: int, win_shanten: int | None, targets: Sequence[TargetHint]) -> Words:
    """Where a win must qualify: the nearest hands that may win, with steps and helping tiles; the plain caveat."""
    if not targets:
        out = said("hint_words.no_target_left")
    else:
        shown = [t for t in targets if t.shanten <= targets[0].shanten + 2][:3]
        items = [said("hint_words.target", target=t.label(rules), steps=listed_steps(t.shanten), count=t.acceptance,
                      worth=_worth(t)) for t in shown]  # fmt: skip
        out = said("hint_words.nearest_targets", targets=joined(items, "clause"))
    return also(out, plain_caveat(rules, shanten, win_shanten))


def _worth(t: TargetHint) -> Words:
    """``, 1 lezi``: what a target worth fixed units pays (a hand valued by its 花 says nothing here)."""
    return said("hint_words.worth", worth=t.worth) if t.valuable else NONE


def pairs_258(counts: Sequence[int]) -> Words:
    """The pairs of 2, 5 or 8 a small win could use."""
    pairs = [said("hint_words.pair", tile=tile_words(t)) for t in KINDS_258 if counts[t] >= 2]
    if not pairs:
        return said("hint_words.pairs_258_none")
    return said("hint_words.pairs_258", pairs=joined(pairs))
