"""Steps to a hand that may win (RULES §2, the qualifying rule): every target against an independent calculator.

Where a plain hand cannot win (the Shanghai presets), the steps that count are those to a
shape with a qualifying hand type: 混一色 or 清一色 in each suit, 碰碰胡, all honours, and
大吊车 once four melds are out (not in 勒子, where 大吊车 qualifies nothing alone). The
reference below works the tiles each target still needs by a plain search over the sets a
hand could hold (no tables), on positions drawn from seeded self-play, with and without
melds: each target's steps, the kinds whose draw lowers them and their unseen copies, and
every discard's win figures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from support import Watcher

from mahjong_tui.engine import Game, GameOptions, Meld, MeldKind, Phase, SeatView, get_ruleset, play_until_decision
from mahjong_tui.engine.targets import (
    TargetKind,
    WinTarget,
    target_progress,
    target_shanten,
    win_discard_options,
    win_shanten,
)

SHANGHAI_PRESETS = ("shanghai", "shanghai-qq", "shanghai-lezi")
_SUIT = {"m": 0, "p": 1, "s": 2}


# --------------------------------------------------------------------------- the reference


def _allowed(target: str) -> frozenset[int]:
    kind, _, suit = target.partition(":")
    if kind in ("hunyise", "qingyise"):
        lo = 9 * _SUIT[suit]
        return frozenset(range(lo, lo + 9)) | (frozenset(range(27, 34)) if kind == "hunyise" else frozenset())
    if kind == "honours":
        return frozenset(range(27, 34))
    return frozenset(range(34))


def _sets_overlap(counts: tuple[int, ...], allowed: frozenset[int], m_sets: int, cap: tuple[int, ...]) -> int:
    """The most held tiles ``m_sets`` sets and a pair of allowed kinds can use (kind ``i`` at most ``cap[i]`` times)."""

    @cache
    def go(i: int, sets_left: int, pair_left: int, ending: int, middle: int) -> int:
        # ``ending``: sequences that end at kind i; ``middle``: sequences that run through i to i+1
        if i == 34:
            return 0 if sets_left == pair_left == ending == middle == 0 else -99
        best = -99
        can_start = i < 27 and i % 9 <= 6 and {i, i + 1, i + 2} <= allowed
        for start in range(0, min(sets_left, 4) + 1) if can_start else (0,):
            for triplet in (0, 1) if i in allowed else (0,):
                for pair in (0, 1) if i in allowed and pair_left else (0,):
                    use = ending + middle + start + 3 * triplet + 2 * pair
                    left = sets_left - start - triplet
                    if use > cap[i] or left < 0:
                        continue
                    rest = go(i + 1, left, pair_left - pair, middle, start)
                    if rest >= 0:
                        best = max(best, min(counts[i], use) + rest)
        return best

    return go(0, m_sets, 1, 0, 0)


def _copies_left(melds: Sequence[Meld], kinds: range) -> tuple[int, ...]:
    """Per kind, the copies the melds leave for the hand's own sets (four for ``kinds`` not among them)."""
    cap = [4] * 34
    for m in melds:
        for t in m.tiles:
            if t in kinds:
                cap[t] -= 1
    return tuple(cap)


def reference_shanten(target: str, counts: Sequence[int], melds: Sequence[Meld]) -> int:
    """Tiles the target still needs, minus one, found by search.

    The hand's sets use no more copies than the melds leave: for 碰碰胡 and 大吊车 of any kind, for a
    one-suit hand of the honours (a suited kind's fourth copy may still make a run).
    """
    m_sets = 4 - len(melds)
    size = 3 * m_sets + 2
    if target == "honours":
        return size - min(size, sum(counts[27:34])) - 1
    if target == "pengpenghu":
        cap = _copies_left(melds, range(34))
        best = 0
        for pair in range(34):
            rest = sorted((min(counts[t], 3) if cap[t] >= 3 else 0 for t in range(34) if t != pair), reverse=True)
            best = max(best, (min(counts[pair], 2) if cap[pair] >= 2 else 0) + sum(rest[:m_sets]))
        return size - best - 1
    spendable = range(34) if target == "dadiaoche" else range(27, 34)  # 大吊车: only the pair is left to make
    return size - _sets_overlap(tuple(counts), _allowed(target), m_sets, _copies_left(melds, spendable)) - 1


def reference_targets(rules_name: str, melds: Sequence[Meld]) -> list[str]:
    """The targets no meld rules out."""
    out = []
    for kind in ("hunyise", "qingyise"):
        for suit in "mps":
            allowed = _allowed(f"{kind}:{suit}")
            if all(m.first in allowed for m in melds):
                out.append(f"{kind}:{suit}")
    if all(m.kind is not MeldKind.CHI for m in melds):
        out.append("pengpenghu")
    if all(m.first >= 27 for m in melds):
        out.append("honours")
    if rules_name != "shanghai-lezi" and len(melds) == 4 and all(m.kind.is_exposed for m in melds):
        out.append("dadiaoche")
    return out


def reference_helping(target: str, counts: list[int], melds: Sequence[Meld]) -> list[int]:
    """Kinds whose draw lowers the target's steps (a kind whose four copies are all held or melded cannot be drawn)."""
    meld_tiles = [0] * 34
    for m in melds:
        for t in m.tiles:
            meld_tiles[t] += 1
    now = reference_shanten(target, counts, melds)
    out = []
    for t in sorted(_allowed(target)):
        if counts[t] + meld_tiles[t] >= 4:
            continue
        counts[t] += 1
        if reference_shanten(target, counts, melds) < now:
            out.append(t)
        counts[t] -= 1
    return out


# --------------------------------------------------------------------------- positions from self-play


def _turn(view: SeatView) -> bool:
    return view.phase is Phase.TURN and len(view.legal) > 1


@cache
def positions(rules_name: str, seed: int, hands: int) -> tuple[SeatView, ...]:
    """Turn views of every seat over ``hands`` seeded hands played by hard bots."""
    kept: list[SeatView] = []
    for n in range(hands):
        game = Game(rules_name, seed * 1000 + n, GameOptions(max_hands=1))
        play_until_decision(game, {s: Watcher(s, "hard", seed, kept, _turn) for s in range(4)})
    return tuple(kept)


def _sample(rules_name: str, seed: int) -> list[SeatView]:
    views = positions(rules_name, seed, 6)
    rng = random.Random(seed)
    with_melds = [v for v in views if v.melds[v.seat]]
    without = [v for v in views if not v.melds[v.seat]]
    return rng.sample(with_melds, min(12, len(with_melds))) + rng.sample(without, min(8, len(without)))


# --------------------------------------------------------------------------- the checks


@pytest.mark.parametrize("rules_name", SHANGHAI_PRESETS)
def test_every_target_of_a_waiting_hand_matches_the_reference(rules_name: str) -> None:
    """RULES §2 qualifying rule: each open target's steps, helping kinds and unseen copies equal the search's."""
    rules = get_ruleset(rules_name)
    checked_melds = 0
    for view in _sample(rules_name, 5):
        melds = view.melds[view.seat]
        counts = list(view.counts)
        counts[max(range(34), key=lambda t: (counts[t], t))] -= 1  # a 3n+1 hand
        outside = view.outside
        progress = target_progress(rules.win_targets, counts, melds, outside)
        assert sorted(p.target.id for p in progress) == sorted(reference_targets(rules_name, melds))
        meld_tiles = [0] * 34
        for m in melds:
            for t in m.tiles:
                meld_tiles[t] += 1
        for p in progress:
            assert p.shanten == reference_shanten(p.target.id, counts, melds), p.target.id
            helping = reference_helping(p.target.id, counts, melds)
            assert list(p.tiles) == helping, p.target.id
            assert p.acceptance == sum(max(0, 4 - counts[t] - meld_tiles[t] - outside[t]) for t in helping)
        assert [p.shanten for p in progress] == sorted(p.shanten for p in progress)  # least first
        assert win_shanten(rules.win_targets, rules.shapes, counts, melds) == min(p.shanten for p in progress)
        checked_melds += bool(melds)
    assert checked_melds >= 5


@pytest.mark.parametrize("rules_name", SHANGHAI_PRESETS)
def test_every_discard_s_win_figures_match_the_reference(rules_name: str) -> None:
    """RULES §2 qualifying rule: after each discard, the least target steps, their helping kinds and copies."""
    rules = get_ruleset(rules_name)
    for view in _sample(rules_name, 6)[:12]:
        melds = view.melds[view.seat]
        hand = list(view.counts)
        outside = view.outside
        meld_tiles = [0] * 34
        for m in melds:
            for t in m.tiles:
                meld_tiles[t] += 1
        options = win_discard_options(rules.win_targets, rules.shapes, hand, melds, outside)
        assert sorted(o.tile for o in options) == [t for t in range(34) if hand[t]]
        for o in options:
            after = list(hand)
            after[o.tile] -= 1
            names = reference_targets(rules_name, melds)
            steps = {n: reference_shanten(n, after, melds) for n in names}
            least = min(steps.values())
            helping = sorted({t for n in names if steps[n] == least for t in reference_helping(n, after, melds)})
            assert o.win_shanten == least
            assert list(o.win_tiles) == helping
            assert o.win_acceptance == sum(max(0, 4 - hand[t] - meld_tiles[t] - outside[t]) for t in helping)
        order = [(o.win_shanten, -o.win_acceptance) for o in options]
        assert order == sorted(order)


def test_changsha_steps_to_a_win_are_its_shanten() -> None:
    """RULES §3: every winning shape of Changsha wins (a 2-5-8 pair or a big hand), so the steps are the shanten."""
    rules = get_ruleset("changsha")
    assert rules.win_targets == ()
    for view in positions("changsha", 1, 3)[:30]:
        melds = view.melds[view.seat]
        for o in win_discard_options(rules.win_targets, rules.shapes, view.counts, melds, view.outside):
            assert (o.win_shanten, o.win_acceptance, o.win_tiles) == (o.shanten, o.acceptance, o.tiles)


def test_a_pong_out_and_a_plain_ready_discard_keeps_pengpenghu_at_four_steps() -> None:
    """RULES §2 qualifying rule: with a 筒 pong out, 7s leaves 碰碰胡 five steps away; 8s or a 万 keeps it at four."""
    from mahjong_tui.engine import meld_from_text, parse_tile, parse_tiles
    from mahjong_tui.engine.tiles import counts_of

    rules = get_ruleset("shanghai")
    options = win_discard_options(
        rules.win_targets, rules.shapes, counts_of(parse_tiles("234678m33p778s"))[:34],
        [meld_from_text("pong", "666p", 1)],
    )  # fmt: skip
    by_tile = {o.tile: o for o in options}
    assert by_tile[parse_tile("7s")].win_shanten == 5
    assert by_tile[parse_tile("8s")].win_shanten == 4 and by_tile[parse_tile("8s")].win_acceptance == 22
    assert by_tile[parse_tile("2m")].win_shanten == 4
    assert options[0].win_shanten == 4


def test_a_hand_with_no_target_left_has_no_steps_to_a_win() -> None:
    """RULES §2b: with free claims a chi in two suits leaves no qualifying shape, and the steps say so (None)."""
    from mahjong_tui.engine import meld_from_text, parse_tiles
    from mahjong_tui.engine.tiles import counts_of

    rules = get_ruleset("shanghai-lezi")
    melds = [meld_from_text("chi", "123m", 3), meld_from_text("chi", "456p", 3)]
    counts = counts_of(parse_tiles("1234567s"))[:34]
    assert win_shanten(rules.win_targets, rules.shapes, counts, melds) is None
    assert target_progress(rules.win_targets, counts, melds) == ()
    assert TargetKind.DADIAOCHE not in rules.win_targets


def test_a_ponged_honours_fourth_copy_does_not_help_a_half_flush() -> None:
    """RULES §2: beside a pong of 东, a drawn 东 can only make it a kong: it brings 混一色 no step closer."""
    from mahjong_tui.engine import meld_from_text, parse_tile, parse_tiles
    from mahjong_tui.engine.tiles import counts_of

    rules = get_ruleset("shanghai")
    melds = [meld_from_text("pong", "111z", 1)]
    counts = counts_of(parse_tiles("123456m789m1p"))[:34]
    progress = {p.target.id: p for p in target_progress(rules.win_targets, counts, melds)}
    half = progress["hunyise:m"]
    assert half.shanten == 1
    assert parse_tile("1z") not in half.tiles
    # 1m-9m (one of each held) and the six other honours; 东's fourth copy is not among them
    assert half.acceptance == (4 - 1) * 9 + 4 * 6
    east = list(counts)
    east[parse_tile("1z")] += 1
    assert target_shanten(half.target, east, melds) == 1  # a single 东 beside its pong waits on no fifth copy


def _with_a_pong(view: SeatView) -> bool:
    return (
        view.phase is Phase.TURN
        and len(view.legal) > 1
        and any(m.kind is not MeldKind.CHI for m in view.melds[view.seat])
    )


@cache
def pong_positions(rules_name: str, deals: int) -> tuple[SeatView, ...]:
    """Turn views, from seeded self-play of hard bots, of seats with a pong or a kong among their melds."""
    kept: list[SeatView] = []
    for n in range(deals):
        game = Game(rules_name, 7000 + n, GameOptions(max_hands=1))
        play_until_decision(game, {s: Watcher(s, "hard", n, kept, _with_a_pong) for s in range(4)})
    return tuple(kept)


def _drawn_helps(target: WinTarget, counts: list[int], melds: Sequence[Meld], unseen: Sequence[int]) -> tuple[int, ...]:
    """By brute force: the kinds with an unseen copy whose draw lowers the target's steps."""
    now = target_shanten(target, counts, melds)
    out = []
    for t in target.allowed:
        if unseen[t]:
            counts[t] += 1
            if target_shanten(target, counts, melds) < now:
                out.append(t)
            counts[t] -= 1
    return tuple(out)


@pytest.mark.parametrize("rules_name", SHANGHAI_PRESETS)
def test_every_helpful_count_is_what_drawing_each_unseen_tile_gives(rules_name: str) -> None:
    """Every count of helpful tiles (each target of the hint, the hard bot's goals) equals drawing each unseen kind
    and working the target's steps out again, on positions with a pong or kong out (honours among them)."""
    from bots.hard import HardBot
    from bots.planning import goal_key

    rules = get_ruleset(rules_name)
    planner = HardBot(0).planner(rules)
    honour_pongs = 0
    views = pong_positions(rules_name, 16)
    for view in views[:: max(1, len(views) // 40)]:
        melds = view.melds[view.seat]
        honour_pongs += any(m.first >= 27 for m in melds)
        hand = list(view.counts)
        outside = view.outside
        mine = list(hand)
        for m in melds:
            for t in m.tiles:
                mine[t] += 1
        unseen = [max(0, 4 - mine[t] - outside[t]) for t in range(34)]
        for o in win_discard_options(rules.win_targets, rules.shapes, hand, melds, outside):
            hand[o.tile] -= 1
            for p in o.targets:
                tiles = _drawn_helps(p.target, hand, melds, unseen)
                assert set(tiles) <= set(p.tiles), (p.target.id, o.tile)
                assert p.acceptance == sum(unseen[t] for t in tiles), (p.target.id, o.tile)
            for goal in planner.targets(hand, melds):
                assert goal.win is not None
                expected = sum(unseen[t] for t in _drawn_helps(goal.win, hand, melds, unseen))
                assert planner.helpful(goal, hand, melds, unseen, outside) == expected, (goal_key(goal), o.tile)
            hand[o.tile] += 1
    assert honour_pongs >= 3
