"""One record per hand type (``mahjong_tui/rules/hand_types/``), shared by the presets: what each preset lists, names
and pays comes from it, and the 2-5-8 pair is written once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjong_tui.book.rulebook import rulebook
from mahjong_tui.engine import WinBy, WinContext, get_ruleset, ruleset_names
from mahjong_tui.engine.tiles import IS_258, RANKS_258, counts_of, parse_tiles
from mahjong_tui.rules.changsha_scoring import changsha_winning_shapes
from mahjong_tui.rules.hand_types import (
    ORDER,
    RECORDS,
    Pays,
    hand_types_of,
    numbers_of,
    qualifying,
    records_of,
    value_of,
)
from mahjong_tui.rules.shanghai_lezi import LEZI_VALUES
from mahjong_tui.rules.shanghai_presets import SHANGHAI_PRESETS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("preset", ruleset_names())
def test_a_preset_s_hand_types_are_the_records_it_pays(preset: str) -> None:
    """The preset lists the records it has a value for, each once, in its order; the names and what each takes are
    the record's."""
    assert len(set(ORDER[preset])) == len(ORDER[preset])
    assert set(ORDER[preset]) == {r.id for r in RECORDS.values() if preset in r.values}
    rules = get_ruleset(preset)
    assert list(rules.hand_types) == list(ORDER[preset])
    for record in records_of(preset):
        ht = rules.hand_types[record.id]
        assert (ht.id, ht.zh, ht.en) == (record.id, record.zh, record.en)
        assert ht.described() == record.words(preset)
        rule = record.changsha if preset == "changsha" else record.shanghai
        assert rule is not None, (preset, record.id)
    assert dict(hand_types_of(preset)) == dict(rules.hand_types)


def test_every_record_has_both_names_and_a_rule_for_each_family_it_belongs_to() -> None:
    """Id, Chinese and English name, and what it takes in both languages wherever it is played."""
    for type_id, record in RECORDS.items():
        assert record.id == type_id and record.zh and record.en[0].isupper()
        for preset in record.values:
            words = record.words(preset)
            assert words.en and words.zh, (type_id, preset)


def test_what_a_shanghai_preset_pays_is_the_records_value() -> None:
    """The lezi and fan tables of the Shanghai presets, the 勒子 table, what the rules say a type is worth, and
    what qualifies: all read from the records."""
    for name, params in SHANGHAI_PRESETS.items():
        assert dict(params.lezi) == dict(numbers_of(name, Pays.LEZI))
        assert dict(params.fan) == dict(numbers_of(name, Pays.FAN))
    assert SHANGHAI_PRESETS["shanghai"].lezi["bahua"] == 4 and SHANGHAI_PRESETS["shanghai-qq"].lezi["bahua"] == 6
    assert SHANGHAI_PRESETS["shanghai-qq"].fan == {"menqing": 1, "gangkai": 1}
    assert LEZI_VALUES == {"bahua": 2, "fengpeng": 4, "fengyise": 2, "qingpeng": 2, "qingyise": 1, "hunpeng": 1,
                           "hunyise": 0, "pengpenghu": 0}  # fmt: skip
    assert qualifying("shanghai") == frozenset(ORDER["shanghai"]) - {"menqing", "qianggang"}
    assert qualifying("shanghai-lezi") == frozenset(LEZI_VALUES)
    for preset in ruleset_names():
        book = rulebook(get_ruleset(preset))
        for row in book.types:
            value = value_of(preset, row.id)
            assert value is not None
            if value.pays is Pays.LEZI:
                assert row.value.en == f"{value.n} lezi", (preset, row.id)


def test_a_changsha_type_is_its_record_s_value() -> None:
    """Big types, the small win and the initial small wins, as the records pay them."""
    rules = get_ruleset("changsha")
    assert {t for t in ORDER["changsha"] if value_of("changsha", t) == RECORDS["xiaohu"].values["changsha"]} == {
        "xiaohu"
    }
    for t in ORDER["changsha"]:
        value = value_of("changsha", t)
        assert value is not None
        expected = {Pays.BIG: "大胡", Pays.SMALL: "小胡", Pays.INITIAL: "起手小胡，按小胡自摸付"}[value.pays]
        assert rules.type_value(t).zh == expected, t


@pytest.mark.parametrize("rank", range(9))
def test_the_2_5_8_pair_makes_a_small_win(rank: int) -> None:
    """Four sets and a pair of one rank: a small win exactly when the rank is a 2, 5 or 8 (RANKS_258)."""
    pair = f"{rank + 1}{rank + 1}p"
    sets = "123m456m789m234s"
    counts = counts_of(parse_tiles(sets + pair))
    assert ("xiaohu" in changsha_winning_shapes(counts)) == (rank in RANKS_258)
    assert IS_258[9 + rank] == (rank in RANKS_258)


def test_the_2_5_8_pair_is_written_once() -> None:
    """The ranks 2, 5 and 8 are spelled in one place, ``engine/tiles.py``; the engine, the rules, the book, the
    hints and the bots import them."""
    spelled = re.compile(r"\(\s*1,\s*4,\s*7\s*\)|\(\s*2,\s*5,\s*8\s*\)|1 << 4\b|\{\s*1,\s*4,\s*7\s*\}")
    places = sorted(
        str(p.relative_to(ROOT))
        for folder in (ROOT / "mahjong_tui", ROOT / "bots")
        for p in folder.rglob("*.py")
        if spelled.search(p.read_text(encoding="utf-8"))
    )
    assert places == ["mahjong_tui/engine/tiles.py"]


def test_a_situational_type_needs_a_winning_hand() -> None:
    """Robbing a kong with a hand whose pair is a 9 is no win at all: the conditions of how a hand was won count only
    on a hand that wins by its tiles."""
    rules = get_ruleset("changsha")
    hand = parse_tiles("123m456p789s23m99p")
    ctx = WinContext(winner=1, concealed=tuple(hand), win_tile=parse_tiles("4m")[0], win_by=WinBy.ROBBED_KONG,
                     discarder=2)  # fmt: skip
    assert not rules.score(ctx).valid
    won = WinContext(winner=1, concealed=tuple(parse_tiles("123m456p789s23m55p")), win_tile=parse_tiles("4m")[0],
                     win_by=WinBy.ROBBED_KONG, discarder=2)  # fmt: skip
    assert rules.score(won).types == ("qiangganghu",)
