"""Line breaking (mahjong_tui.ui.wrapping): Chinese breaks between characters, English as Rich breaks it."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from mahjong_tui.ui.look import MELD_SPACE
from mahjong_tui.ui.wrapping import Wrapped, whole, wrap_lines

HINT = (
    "★ 打四万：打完三向听，还有 36 张有用的牌没见过（二万、二筒、三筒、五筒、六筒、八筒 …）；"
    "打六筒眼下多 2 张进张，但会拆掉一对六筒，留着还能碰"
)


def plain_lines(text: str, width: int) -> list[str]:
    return [line.plain for line in wrap_lines(Text(text), width)]


def test_a_chinese_sentence_fills_its_lines_and_keeps_its_words_whole() -> None:
    """Lines but the last are full but for what must stay with the next mark (``八筒 …）；``); a number keeps its
    measure word, a short term between marks stays whole (``八筒``); no line opens with a closing mark or ends with an
    opening one."""
    for width in range(12, 61):
        lines = plain_lines(HINT, width)
        assert "".join(lines).replace(" ", "") == HINT.replace(" ", "")
        for line in lines[:-1]:
            assert width - 10 <= Text(line).cell_len <= width, (width, lines)
        for line in lines:
            assert line[0] not in "，。、；：）…", (width, lines)
            assert not line.endswith(("（", "36", " 2", "还有")), (width, lines)


def test_a_longer_aside_in_a_sentence_does_not_hold_the_words_before_it() -> None:
    """``这个人可以要这张牌（或抢杠、胡海底）`` (help, privacy): a long aside is not a player's mark, so the line is not
    broken early to keep it with the twelve characters before it."""
    text = "只有要做决定的人才拉幕。两轮之间为某人拉幕，就等于告诉大家这个人可以要这张牌（或抢杠、胡海底）。"
    for width in range(30, 70):
        lines = plain_lines(text, width)
        assert all(Text(line).cell_len >= width - 10 for line in lines[:-1]), (width, lines)


def test_a_chinese_term_in_an_english_sentence_stays_whole() -> None:
    """``(一向听)`` and the tile names in an English hint are never split."""
    text = (
        "★ discard 北: it leaves the hand 1 step from ready (一向听), "
        "16 unseen tiles help (一筒, 二筒, 四筒, 五筒, 六条)"
    )
    for width in range(12, 80):
        for line in plain_lines(text, width):
            words = line.split()
            assert all(w.strip("(),★:") not in ("一", "一向", "向听", "筒", "二") for w in words), (width, line)


def test_a_short_word_between_marks_stays_whole() -> None:
    """``困难`` and ``电脑`` in ``Jun（电脑，困难）、…`` (the saved game's players) and the tiles of a list are never
    split: a line breaks beside a mark instead."""
    text = "未打完的牌局：长沙麻将 · 第 1 局 · Alice、Jun（电脑，困难）、Lan（电脑，困难） · 二万、二筒、三筒"
    for width in range(10, 70):
        for line in plain_lines(text, width):
            assert not line.startswith(("难", "脑", "筒")), (width, line)
            assert not line.endswith(("困", "电", "二", "三")), (width, line)


def test_an_item_of_a_list_stays_whole() -> None:
    """``起手小胡`` at the end of the rules' summary, a mark before it and the end after, is never split."""
    text = "108 张牌，没有字牌；小胡要 2、5、8 作将；补张/开杠，海底，扎鸟，起手小胡"
    for width in range(8, 60):
        lines = plain_lines(text, width)
        assert any("起手小胡" in line for line in lines), (width, lines)


RECORDS_BOTH = "Mei（电脑\u00a0bot）\u00a0460, Bob（电脑\u00a0bot）\u00a0520, Carol（电脑\u00a0bot）\u00a0500"


@pytest.mark.parametrize(
    ("text", "narrowest"),
    [
        ("未打完的牌局：长沙麻将 · 第 2 局 · Alice、Bob（电脑，普通）、Carol（电脑，普通）", 20),
        (RECORDS_BOTH, 22),  # the records' players in both languages: ``Carol（电脑 bot） 500,`` is 22 cells
    ],
)
def test_a_short_aside_in_brackets_stays_whole(text: str, narrowest: int) -> None:
    """A player's ``（电脑，普通）`` (or ``（电脑 bot）``) and the name before it are one piece: the line breaks
    before or after it."""
    for width in range(narrowest, 60):
        lines = plain_lines(text, width)
        assert all(line.count("（") == line.count("）") for line in lines), (width, lines)
        assert not any(line.endswith(("Bob", "Carol")) for line in lines), (width, lines)


def test_a_meld_stays_whole_on_its_line() -> None:
    """A claimed meld (``四筒 五筒 六筒`` chi'd from 南, as the table writes it) is one piece: never broken between
    its tiles or at the mark of the seat it came from."""
    meld = MELD_SPACE.join(["四筒", "五筒", "六筒‹上南"])
    text = "一筒 二筒 五条 六条 六条 七条 七条 八条 八条 八条  " + meld
    for width in range(19, 70):  # the meld is 19 cells wide
        lines = plain_lines(text, width)
        assert lines[-1].endswith(meld) and all(line.count("‹") == (line is lines[-1]) for line in lines), lines


@st.composite
def english(draw: st.DrawFn) -> tuple[list[str], int]:
    """Words no wider than the width (Rich's folding of longer words keeps stray spaces)."""
    width = draw(st.integers(min_value=4, max_value=60))
    words = st.text(alphabet="abcdefghij,.()", min_size=1, max_size=min(width, 14))
    return draw(st.lists(words, min_size=1, max_size=30)), width


@given(english())
def test_english_breaks_where_rich_breaks_it(case: tuple[list[str], int]) -> None:
    """Text without Chinese: the same lines as Rich's own wrapping."""
    words, width = case
    text = Text(" ".join(words))
    ours = [line.plain for line in wrap_lines(text, width)]
    rich = [line.plain.rstrip() for line in text.wrap(Console(width=width), width)]
    assert ours == rich


def test_styles_survive_and_a_rendered_line_never_passes_the_width() -> None:
    """A styled span keeps its style across the break; rendered lines fit the console."""
    text = Text("还有 36 张")
    text.append("有用的牌没见过二万二筒三筒", style="bold")
    console = Console(width=12, record=True, file=io.StringIO())
    console.print(Wrapped(text))
    assert all(len(line) <= 12 for line in console.export_text().splitlines())
    lines = wrap_lines(text, 12)
    assert any(span.style == "bold" for span in lines[1].spans)


def test_leading_spaces_and_a_leading_number_wrap_without_fault() -> None:
    """A line that starts with spaces (an indented moment) or a number breaks like any other."""
    assert plain_lines(" 14  打出八万，打完两向听", 10) == [" 14  打出", "八万，打完", "两向听"]
    assert plain_lines("   7 张", 4)[0] == "   7"


@given(st.text(alphabet="ab 12，。（）…、三万筒条东\n", max_size=80), st.integers(min_value=1, max_value=30))
def test_any_text_wraps_within_the_width_and_loses_nothing_but_spaces(text: str, width: int) -> None:
    """Whatever the mix of Chinese, marks, numbers, spaces and newlines: lines fit, and only spaces go."""
    lines = wrap_lines(Text(text), width)
    for line in lines:
        assert line.cell_len <= max(width, 2)
    assert "".join(line.plain for line in lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    assert len(lines) >= text.count("\n") + 1


def test_a_line_that_cannot_wrap_is_cut_after_its_last_whole_word() -> None:
    """A row of tile names too wide for the panel ends after a whole name and `` …``, never inside a name."""
    row = Text("  六筒  三向听  38  二万 三万 二筒 三筒 五筒 八筒 一条 二条", no_wrap=True, overflow="ellipsis")
    console = Console(width=40, record=True, file=io.StringIO())
    console.print(Wrapped(row))
    line = console.export_text().splitlines()[0].rstrip()
    assert line == "  六筒  三向听  38  二万 三万 二筒 …", line  # 三筒 would leave no room for " …"


def test_a_hanging_indent_puts_every_wrapped_line_under_the_words() -> None:
    """A review moment wraps under its words, the turn number alone in its column."""
    lines = [line.plain for line in wrap_lines(Text(" 26  防守：你打了四条；困难级电脑读牌会打二筒"), 17, hang=5)]
    assert lines == [" 26  防守：你打了", "     四条；困难级", "     电脑读牌会打", "     二筒"], lines


@given(
    st.text(alphabet="ab 12，。（）…、三万筒条东\n", max_size=80),
    st.integers(min_value=2, max_value=30),
    st.integers(min_value=0, max_value=12),
)
def test_text_with_a_hanging_indent_still_fits_and_loses_nothing(text: str, width: int, hang: int) -> None:
    """Any text, any indent: every line fits the width, and only spaces are added or lost."""
    lines = wrap_lines(Text(text), width, hang)
    for line in lines:
        assert line.cell_len <= width, (line.plain, width, hang)
    assert "".join(line.plain for line in lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")


def test_facts_made_whole_break_only_between_them_and_show_plain_spaces() -> None:
    """The table's line of facts at 80 columns: ``turn: 西 · Alice`` is never split from its name, and what
    reaches the screen has ordinary spaces (the no-break ones only steer the breaking)."""
    facts = ["shanghai · hand 1", "荒番 0", "dice ⚄⚅ = 11", "break 西 #12", "66 left", "turn: 西 · Alice"]
    line = Text(" · ").join(whole(Text(f, style="bold")) for f in facts)
    console = Console(width=72, record=True, file=io.StringIO())
    console.print(Wrapped(line))
    shown = console.export_text().splitlines()
    assert shown[-1].strip() == "turn: 西 · Alice", shown
    assert "\u00a0" not in console.export_text()
