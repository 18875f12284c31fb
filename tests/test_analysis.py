"""Hand analysis: shanten against the ``mahjong`` package, waits and acceptance per rule set."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from mahjong_tui.engine import get_ruleset, shanten_table
from mahjong_tui.engine.analysis import (
    DiscardOption,
    acceptance,
    discard_options,
    is_ready,
    regular_waits,
    shanten,
    shanten_regular,
    shanten_seven_pairs,
    waits,
)
from mahjong_tui.engine.melds import Meld, MeldKind, meld_from_text
from mahjong_tui.engine.shapes import is_regular_complete, is_seven_pairs, regular_splits
from mahjong_tui.engine.tiles import counts_of, parse_tiles

REFERENCE = Shanten.calculate_shanten_for_regular_hand
# the winning shapes each rule set names
SHANGHAI = get_ruleset("shanghai").shapes
CHANGSHA = get_ruleset("changsha").shapes
SHAPES = {"shanghai": SHANGHAI, "changsha": CHANGSHA}


def shanten_shanghai(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """Shanten toward Shanghai's winning shapes."""
    return shanten(counts, SHANGHAI, melds)


def shanten_changsha(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> int:
    """Shanten toward Changsha's winning shapes."""
    return shanten(counts, CHANGSHA, melds)


SUITED = list(range(27))
HONOURS = list(range(27, 34))
ALL = list(range(34))


def h(text: str) -> list[int]:
    """Counts of a hand in tile notation."""
    return counts_of(parse_tiles(text))


def t(text: str) -> list[int]:
    """Tiles in notation."""
    return parse_tiles(text)


def pong(text: str) -> Meld:
    return meld_from_text("pong", text, 1)


def chi(text: str) -> Meld:
    return meld_from_text("chi", text, 3)


def deal(rng: random.Random, kinds: Sequence[int], n: int) -> list[int]:
    """n tiles drawn from four copies of each kind."""
    counts = [0] * 34
    for tile in rng.sample([k for k in kinds for _ in range(4)], n):
        counts[tile] += 1
    return counts


def honour_heavy(rng: random.Random, n: int) -> list[int]:
    """At least half the tiles honours, the rest from all suits."""
    counts = [0] * 34
    honours = rng.randint(n // 2, n)
    for tile in rng.sample([k for k in HONOURS for _ in range(4)], honours):
        counts[tile] += 1
    for tile in rng.sample([k for k in SUITED for _ in range(4)], n - honours):
        counts[tile] += 1
    return counts


def quad_heavy(rng: random.Random, kinds: Sequence[int], n: int) -> list[int]:
    """A hand with two or three four-of-a-kinds, the rest random."""
    counts = [0] * 34
    for tile in rng.sample(list(kinds), rng.choice((2, 3))):
        if sum(counts) + 4 <= n:
            counts[tile] = 4
    while sum(counts) < n:
        tile = rng.choice(kinds)
        if counts[tile] < 4:
            counts[tile] += 1
    return counts


# ---------------------------------------------------------------------------
# Regular shanten equals the mahjong package's, hand class by hand class.

CLASSES = {
    "random": lambda rng, n: deal(rng, ALL, n),
    "one_suit": lambda rng, n: deal(rng, range(9, 18), n),
    "one_suit_and_honours": lambda rng, n: deal(rng, list(range(18, 27)) + HONOURS, n),
    "honour_heavy": honour_heavy,
    "quad_heavy": lambda rng, n: quad_heavy(rng, rng.choice((ALL, list(range(9)) + HONOURS, HONOURS)), n),
}


@pytest.mark.parametrize("hand_class", sorted(CLASSES))
@pytest.mark.parametrize("size", [13, 14])
def test_regular_shanten_matches_mahjong_package(hand_class: str, size: int) -> None:
    rng = random.Random(f"{hand_class}-{size}")
    make = CLASSES[hand_class]
    for _ in range(1500):
        counts = make(rng, size)
        assert shanten_regular(counts) == REFERENCE(counts), counts


@pytest.mark.parametrize("melds", [1, 2, 3, 4])
def test_regular_shanten_with_exposed_sets_matches_mahjong_package(melds: int) -> None:
    rng = random.Random(melds)
    for i in range(1500):
        n = 13 - 3 * melds + (i & 1)
        counts = deal(rng, rng.choice((ALL, list(range(9)), HONOURS + list(range(9)))), n)
        assert shanten_regular(counts, melds) == REFERENCE(counts), counts


def test_shipped_suit_table_matches_direct_computation() -> None:
    rng = random.Random(5)
    for _ in range(400):
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(counts) > 14:
            continue
        key = sum(c * 5**i for i, c in enumerate(counts))
        assert shanten_table.VECS[shanten_table.SUIT_BY_KEY[key]] == shanten_table.suit_vector_exact(counts), counts


def test_shipped_suit_table_loads() -> None:
    assert shanten_table.table_loaded()
    assert shanten_table.table_vector_count() < 1024


def test_without_the_table_file_results_are_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh copy of the table module with no table file solves each suit state itself, to the same vectors."""
    name = "mahjong_tui.engine._shanten_table_no_file"
    spec = importlib.util.spec_from_file_location(name, shanten_table.__file__)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, copy)
    spec.loader.exec_module(copy)
    copy.TABLE_PATH = tmp_path / "missing.json"
    rng = random.Random(77)
    keys = []
    for _ in range(40):
        counts = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(counts) <= 14:
            keys.append(sum(c * 5**i for i, c in enumerate(counts)))
    with pytest.warns(RuntimeWarning, match="shanten table unavailable"):
        got = [copy.VECS[copy.SUIT_BY_KEY[k]] for k in keys]
    assert got == [shanten_table.VECS[shanten_table.SUIT_BY_KEY[k]] for k in keys]


def test_shanten_regular_known_values() -> None:
    assert shanten_regular(h("123m456p789s11122z")) == -1
    assert shanten_regular(h("123m456p789s1112z")) == 0
    assert shanten_regular(h("19m19p19s1234567z")) == 8
    # All four 1m and three finished sets: the single 1m can never become a pair.
    assert shanten_regular(h("1111m234p567p789s")) == 1
    # Two exposed sets: 7 concealed tiles.
    assert shanten_regular(h("234m55p678s"), melds=2) == -1
    with pytest.raises(ValueError):
        shanten_regular(h("123m"), melds=5)


# ---------------------------------------------------------------------------
# Properties of the exact distance, for both rule families.


@pytest.mark.parametrize("ruleset,kinds", [("shanghai", ALL), ("changsha", SUITED)])
def test_a_draw_lowers_shanten_by_at_most_one_and_a_discard_keeps_the_best(ruleset: str, kinds: list[int]) -> None:
    rng = random.Random(ruleset)
    for _ in range(150):
        hand = deal(rng, kinds, 13)
        before = shanten(hand, SHAPES[ruleset])
        afters = []
        for tile in kinds:
            if hand[tile] < 4:
                hand[tile] += 1
                afters.append(shanten(hand, SHAPES[ruleset]))
                hand[tile] -= 1
        assert min(afters) == before - 1
        hand14 = deal(rng, kinds, 14)
        s14 = shanten(hand14, SHAPES[ruleset])
        options = discard_options(hand14, SHAPES[ruleset])
        assert min(o.shanten for o in options) == s14
        for o in options:
            hand14[o.tile] -= 1
            assert o.shanten == shanten(hand14, SHAPES[ruleset])
            # the discarded copy is out of play: seen, as far as acceptance is concerned
            seen = counts_of([o.tile])
            assert o.acceptance == sum(n for _, n in acceptance(hand14, SHAPES[ruleset], seen))
            hand14[o.tile] += 1


def test_acceptance_agrees_with_mahjong_package_for_regular_hands() -> None:
    rng = random.Random(9)
    for _ in range(300):
        hand = deal(rng, SUITED + HONOURS[:2], 13)  # too few honours for 乱风向 to matter
        before = REFERENCE(hand)
        expected = []
        for tile in ALL:
            if hand[tile] < 4:
                hand[tile] += 1
                if REFERENCE(hand) < before:
                    expected.append(tile)
                hand[tile] -= 1
        assert [tile for tile, _ in acceptance(hand, SHANGHAI)] == expected


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_the_engines_win_check_agrees_with_every_split_and_with_shanten(size: int) -> None:
    """§1 four sets and a pair: the engine's fast yes/no equals "some split exists" and shanten -1."""
    rng = random.Random(size)
    wins = 0
    for i in range(3000):
        kinds = SUITED[:9] if i % 3 == 0 else SUITED if i % 3 == 1 else ALL  # one suit makes wins common
        counts = deal(rng, kinds, size)
        fast = is_regular_complete(counts)
        melds = (14 - size) // 3
        assert fast == bool(regular_splits(counts)) == (shanten_regular(counts, melds) == -1), counts
        wins += fast
    assert wins > 30  # the winning side was really exercised


# ---------------------------------------------------------------------------
# Reference win checks written straight from RULES.md, for the wait tests.


def shanghai_wins(counts: list[int], melds: Sequence[Meld]) -> bool:
    if is_regular_complete(counts):
        return True
    meld_tiles = [x for m in melds for x in m.tiles]
    return all(27 <= x < 34 for x in meld_tiles) and sum(counts[27:34]) == sum(counts)


def changsha_wins(counts: list[int], melds: Sequence[Meld]) -> bool:
    meld_tiles = [x for m in melds for x in m.tiles]
    everything = [x for x in range(34) for _ in range(counts[x])] + meld_tiles
    if all(x < 27 and x % 9 in (1, 4, 7) for x in everything):
        return True  # 将将胡
    if not melds and is_seven_pairs(counts, quad_is_two_pairs=True):
        return True  # 七小对
    one_suit = len({x // 9 for x in everything}) == 1
    no_chi = all(m.kind is not MeldKind.CHI for m in melds)
    for split in regular_splits(counts):
        if split.pair % 9 in (1, 4, 7) or one_suit:
            return True  # 小胡 with a 2-5-8 pair, 清一色
        if no_chi and all(s.triplet for s in split.sets):
            return True  # 碰碰胡
    return False


def reference_waits(counts: list[int], ruleset: str, melds: Sequence[Meld]) -> list[int]:
    wins = shanghai_wins if ruleset == "shanghai" else changsha_wins
    held = counts_of(x for m in melds for x in m.tiles)
    out = []
    for tile in ALL if ruleset == "shanghai" else SUITED:
        if counts[tile] + held[tile] < 4:
            counts[tile] += 1
            if wins(counts, melds):
                out.append(tile)
            counts[tile] -= 1
    return out


def near_complete(rng: random.Random, ruleset: str) -> tuple[list[int], list[Meld]]:
    """A winning-looking hand, some sets exposed, one tile removed and sometimes one swapped."""
    kinds = SUITED if ruleset == "changsha" else ALL
    while True:
        counts = [0] * 34
        melds: list[Meld] = []
        shape = rng.random()
        if shape < 0.15:
            # 将将胡 / 乱风向 material
            pool = [k for k in SUITED if k % 9 in (1, 4, 7)] if ruleset == "changsha" else HONOURS
            sets = [[k] * 3 for k in rng.sample(pool, 4)]
            for k in [rng.choice(pool) for _ in range(2)]:
                counts[k] += 1
        elif shape < 0.3:
            sets = []
            for k in rng.sample(kinds, 7):
                counts[k] += 2
        else:
            suit_pool = [k for k in kinds if k // 9 == rng.randrange(3)] if shape < 0.5 else kinds
            sets = []
            for _ in range(4):
                k = rng.choice(suit_pool)
                if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                    sets.append([k, k + 1, k + 2])
                else:
                    sets.append([k] * 3)
            counts[rng.choice(suit_pool)] += 2
        exposed = rng.choice((0, 0, 1, 2)) if sets else 0
        for i, tiles in enumerate(sets):
            if i < exposed:
                kind = MeldKind.PONG if tiles[0] == tiles[1] else MeldKind.CHI
                melds.append(Meld(kind, tuple(tiles), tiles[0], 1))
            else:
                for x in tiles:
                    counts[x] += 1
        held = counts_of(x for m in melds for x in m.tiles)
        if max(c + m for c, m in zip(counts, held, strict=True)) > 4:
            continue
        tiles = [x for x in range(34) for _ in range(counts[x])]
        counts[rng.choice(tiles)] -= 1
        if rng.random() < 0.4:
            tiles = [x for x in range(34) for _ in range(counts[x])]
            counts[rng.choice(tiles)] -= 1
            counts[rng.choice(kinds)] += 1
            if max(c + m for c, m in zip(counts, held, strict=True)) > 4:
                continue
        return counts, melds


@pytest.mark.parametrize("ruleset", ["shanghai", "changsha"])
def test_waits_match_reference_win_checks(ruleset: str) -> None:
    rng = random.Random(f"waits-{ruleset}")
    ready = 0
    for _ in range(400):
        counts, melds = near_complete(rng, ruleset)
        expected = reference_waits(counts, ruleset, melds)
        assert waits(counts, SHAPES[ruleset], melds) == expected, counts
        assert is_ready(counts, SHAPES[ruleset], melds) == bool(expected)
        if melds:
            # shanten counts copies in the concealed hand only; a meld can hold the rest
            assert not expected or shanten(counts, SHAPES[ruleset], melds) == 0
        else:
            assert (shanten(counts, SHAPES[ruleset], melds) == 0) == bool(expected)
        ready += bool(expected)
        for tile in expected:
            counts[tile] += 1
            assert shanten(counts, SHAPES[ruleset], melds) == -1
            counts[tile] -= 1
    assert ready > 100  # the generator does produce ready hands


# ---------------------------------------------------------------------------
# Shanghai (RULES.md §2).


def test_shanghai_regular_two_sided_wait() -> None:
    assert waits(h("23m456p789s11122z"), SHANGHAI) == t("14m")


def test_shanghai_regular_double_pair_wait() -> None:
    assert waits(h("123m456p789s1122z"), SHANGHAI) == t("12z")


def test_shanghai_has_no_seven_pairs() -> None:
    hand = h("1122m3344p5588s9s")
    assert waits(hand, SHANGHAI) == []
    assert not is_ready(hand, SHANGHAI)
    assert shanten_shanghai(hand) > 0


def test_shanghai_luanfengxiang_any_honour_completes() -> None:
    # 乱风向: thirteen honours, any arrangement, wait on every honour.
    assert waits(h("1122334455667z"), SHANGHAI) == HONOURS
    assert shanten_shanghai(h("1122334455667z")) == 0
    assert shanten_shanghai(h("11223344556677z")) == -1


def test_shanghai_luanfengxiang_and_regular_waits_together() -> None:
    assert waits(h("1112223334445z"), SHANGHAI) == HONOURS


def test_shanghai_luanfengxiang_needs_honour_melds() -> None:
    hand = h("2233445567z")
    assert waits(hand, SHANGHAI, [pong("111z")]) == HONOURS
    assert waits(hand, SHANGHAI, [chi("123m")]) == []
    # A bare meld count says nothing about the meld, so 乱风向 is not assumed.
    assert waits(hand, SHANGHAI, 1) == []


def test_shanghai_luanfengxiang_shanten_counts_non_honours() -> None:
    assert shanten_shanghai(h("112233445566z1m")) == 1
    assert shanten_shanghai(h("1122334455z19m1p")) == 3


def test_shanghai_acceptance_counts_unseen_copies() -> None:
    visible = counts_of(t("1z3z"))
    assert acceptance(h("123m456p789s1122z"), SHANGHAI, visible) == [(27, 1), (28, 2)]
    # One set short of ready: the middle of 35m or a partner for either single honour.
    assert acceptance(h("123m456p789s35m12z"), SHANGHAI) == [(3, 4), (27, 3), (28, 3)]


def test_shanghai_discard_options_best_first() -> None:
    options = discard_options(h("123m456p789s1122z5m"), SHANGHAI, counts_of(t("1z")))
    assert options[0] == DiscardOption(4, 0, 3, (27, 28))
    assert len(options) == 12
    keys = [(o.shanten, -o.acceptance, o.tile) for o in options]
    assert keys == sorted(keys)


def test_discarded_tile_is_not_counted_as_available() -> None:
    # Breaking the 11z pair: drawing 1z back helps, and two copies (not three) are unseen.
    options = discard_options(h("123m456p789s11z22z3z"), SHANGHAI)
    by_tile = {o.tile: o for o in options}
    assert by_tile[27] == DiscardOption(27, 1, 2 + 2 + 3, (27, 28, 29))


# ---------------------------------------------------------------------------
# Changsha (RULES.md §3).


def test_changsha_258_pair_rule_single_wait() -> None:
    # (a) 小胡 needs a 2, 5 or 8 pair: a single wait on 1p cannot win.
    hand = h("123m456m789p234s1p")
    assert waits(hand, SHANGHAI) == t("1p")
    assert waits(hand, CHANGSHA) == []
    assert not is_ready(hand, CHANGSHA)
    assert shanten_changsha(hand) == 1
    assert waits(h("123m456m789p234s5p"), CHANGSHA) == t("5p")


def test_changsha_258_pair_rule_double_pair_wait() -> None:
    # 22m + 33p: winning on 3p leaves the 22m pair (fine); on 2m leaves 33p (not 2-5-8).
    hand = h("123m456m789s22m33p")
    assert waits(hand, SHANGHAI) == t("2m3p")
    assert waits(hand, CHANGSHA) == t("3p")


def test_regular_waits_show_the_shape_whatever_the_pair() -> None:
    hand = h("123m456m789s22m33p")
    assert regular_waits(hand) == t("2m3p")
    assert regular_waits(h("1122334455667z")) == []


def test_changsha_pengpenghu_allows_any_pair() -> None:
    assert waits(h("111m777m333p999s4p"), CHANGSHA) == t("4p")
    assert shanten_changsha(h("111m777m333p999s4p")) == 0


def test_changsha_pengpenghu_needs_no_chi_meld() -> None:
    hand = h("333p999s4p")
    assert waits(hand, CHANGSHA, [pong("111m"), pong("777m")]) == t("4p")
    assert waits(hand, CHANGSHA, [pong("111m"), chi("789m")]) == []
    assert shanten_changsha(hand, [pong("111m"), chi("789m")]) == 1
    assert shanten_changsha(hand, [pong("111m"), pong("777m")]) == 0


def test_changsha_qingyise_allows_any_pair() -> None:
    # 九莲宝灯 shape: one suit, every tile of the suit completes it.
    assert waits(h("1112345678999m"), CHANGSHA) == list(range(9))


def test_changsha_qingyise_counts_melds() -> None:
    hand = h("456p789p11p99p")
    assert waits(hand, CHANGSHA, [chi("123p")]) == t("1369p")
    assert waits(hand, CHANGSHA, [chi("123m")]) == []
    assert shanten_changsha(hand, [chi("123p")]) == 0
    assert shanten_changsha(hand, [chi("123m")]) == 1


def test_changsha_qingyise_shanten_counts_tiles_outside_the_suit() -> None:
    assert shanten_changsha(h("1112345678999m")) == 0
    # The one 1p must be exchanged for a 万 before the flush is ready.
    assert shanten_changsha(h("111234567899m1p")) == 1


def test_changsha_seven_pairs_with_a_quad_as_two_pairs() -> None:
    hand = h("1111m22p33p44s55s7s")
    assert waits(hand, CHANGSHA) == t("7s")
    assert shanten_seven_pairs(hand, quad_is_two_pairs=True) == 0
    assert shanten_seven_pairs(hand, quad_is_two_pairs=False) == 2
    assert shanten_changsha(h("1111m22p33p44s55s77s")) == -1


def test_changsha_seven_pairs_only_concealed() -> None:
    hand = h("11m22p33p44s55s")
    assert waits(hand, CHANGSHA, [pong("999m")]) == []
    assert shanten_changsha(h("11m22p33p44s55s66s7s")) == 0


def test_changsha_jiangjianghu_any_258_completes() -> None:
    hand = h("22m55m88m22p55p88s2s")
    assert waits(hand, CHANGSHA) == t("258m258p258s")
    assert shanten_changsha(h("22m55m88m22p55p88s2s1m")) == 0


def test_changsha_jiangjianghu_melds_must_be_258_triplets() -> None:
    hand = h("2m5m8m22p55p88s2s")
    assert waits(hand, CHANGSHA, [pong("555s")]) == t("258m258p258s")
    assert waits(hand, CHANGSHA, [pong("333s")]) == []


def test_changsha_discard_options_prefer_jiangjianghu_ready() -> None:
    options = discard_options(h("22m55m88m22p55p88s2s1m"), CHANGSHA)
    assert options[0].tile == 0
    assert options[0].shanten == 0
    assert set(options[0].improving) == set(t("258m258p258s"))


def test_changsha_ignores_honour_tiles_it_cannot_draw() -> None:
    assert all(tile < 27 for tile, _ in acceptance(h("123m456p789s1z35m2s"), CHANGSHA))


# ---------------------------------------------------------------------------
# Fifth copies and meld arguments.


def test_no_wait_on_a_fifth_copy() -> None:
    hand = h("1111m234p567p789s")
    assert waits(hand, SHANGHAI) == []
    assert not is_ready(hand, SHANGHAI)
    assert 0 not in [tile for tile, _ in acceptance(hand, SHANGHAI)]


def test_no_wait_on_a_tile_held_in_own_meld() -> None:
    hand = h("1m234p567p789s")
    assert waits(hand, SHANGHAI, 1) == t("1m")
    assert waits(hand, SHANGHAI, [pong("111m")]) == []
    assert not is_ready(hand, SHANGHAI, [pong("111m")])


def test_acceptance_subtracts_own_melds() -> None:
    hand = h("13m234p567p55s")
    assert acceptance(hand, SHANGHAI, None, [pong("222m")]) == [(1, 1)]
    assert acceptance(hand, SHANGHAI, counts_of(t("2m")), 1) == [(1, 3)]


def test_wrong_hand_size_is_refused() -> None:
    with pytest.raises(ValueError):
        waits(h("123m"), SHANGHAI)
    with pytest.raises(ValueError):
        discard_options(h("123m456p789s1122z"), SHANGHAI)
    with pytest.raises(ValueError, match="sichuan"):
        get_ruleset("sichuan")


def test_presets_name_their_winning_shapes() -> None:
    """A preset's analysis is its rule set's: shanghai-qq waits as Shanghai does."""
    assert get_ruleset("shanghai-qq").shapes is SHANGHAI
    assert waits(h("123m456m789s22m33p"), get_ruleset("shanghai-qq").shapes) == t("2m3p")
    assert waits(h("123m456m789s22m33p"), CHANGSHA) == t("3p")
