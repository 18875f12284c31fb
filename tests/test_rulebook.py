"""The rules from the rule data: the winning hand first, then every hand type of every preset, each with a worked
example the calculator scores as it."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from mahjong_tui.book.rulebook import (
    AT_A_GLANCE,
    FOUR_SETS,
    NEEDS,
    NOT_WINNING,
    WINNING,
    rulebook,
    rulebook_text,
)
from mahjong_tui.commands.rules import run as run_rules
from mahjong_tui.engine import Words, get_ruleset, ruleset_names
from mahjong_tui.engine.words import said
from mahjong_tui.i18n import use
from mahjong_tui.rules.glossary import TERMS
from mahjong_tui.ui.screens.rules import page_width, rendered

ENGLISH = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("preset", ruleset_names())
def test_every_hand_type_has_an_example_scored_as_that_type(preset: str) -> None:
    """Each hand type of the preset: an example the calculator scores as a win with that type, paying something."""
    rules = get_ruleset(preset)
    book = rulebook(rules)
    assert [row.id for row in book.types] == list(rules.hand_types)
    for row in book.types:
        assert row.id in row.types, (row.id, row.types)
        assert row.points > 0, row.id
        assert row.value, row.id


@pytest.mark.parametrize("preset", ruleset_names())
def test_the_rules_command_prints_the_book(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-tui rules PRESET``: every hand type, its example, the preset's own rules and its glossary."""
    assert run_rules([preset]) == 0
    out = capsys.readouterr().out
    rules = get_ruleset(preset)
    assert out == rulebook_text(rulebook(rules)) + "\n"
    for type_id, ht in rules.hand_types.items():
        assert f"{ht.zh} {ht.en} ({type_id})" in out
    for title, _ in rules.rule_notes():
        assert f"\n{title.en}:\n" in out
    book = rulebook(rules)
    assert book.glossary and all(f"  {term.en}: {meaning.en}" in out for term, meaning in book.glossary)


def test_numbers_in_the_rules_come_from_the_preset() -> None:
    """shanghai-qq's own numbers: base 3 花 and 八花 6 lezi, worded from its parameters."""
    qq = rulebook_text(rulebook(get_ruleset("shanghai-qq")))
    assert "(花 + 3) × base" in qq and "八花 Eight flowers (bahua) — 6 lezi" in qq
    plain = rulebook_text(rulebook(get_ruleset("shanghai")))
    assert "(花 + 2) × base" in plain and "八花 Eight flowers (bahua) — 4 lezi" in plain


@pytest.mark.parametrize("preset", ruleset_names())
def test_every_text_of_the_book_is_in_chinese_too(preset: str) -> None:
    """Each hand type's description and value, how its example is won, the facts, the preset's own rules and the
    glossary: a Chinese side with no English word left (tile notation such as 5m aside)."""
    rules = get_ruleset(preset)
    book = rulebook(rules)
    for ht in rules.hand_types.values():
        assert ht.described().zh == ht.description_zh != ht.description, ht.id
    texts = [*book.facts, *(w for row in book.types for w in (row.description, row.value, row.example.how))]
    winning = book.winning
    texts += [WINNING, NOT_WINNING, NEEDS, AT_A_GLANCE, FOUR_SETS, winning.example.how, *winning.shapes]
    texts += [*winning.qualifies, *(row.said() for row in winning.sets)]
    texts += [w for words, example in winning.not_wins for w in (words, example.how, example.refusal)]
    texts += [w for title, lines in book.notes for w in (title, *lines)]
    texts += [w for t in TERMS.values() if t.listed for w in (t.entry, t.meaning)]
    texts += [w for pair in book.glossary for w in pair]
    for words in texts:
        assert words.en and words.zh, words
        assert not ENGLISH.findall(words.zh), words


def test_the_book_s_sentences_come_from_the_catalogue_punctuated_as_each_language_writes() -> None:
    """Headings, terms with their meanings and lists of claims: ``: `` and ``; `` in English, ``：`` and ``；`` in
    Chinese; the preset's name in English is said in English only."""
    assert said("rule_book.heading", title=WINNING) == Words("The winning hand:", "胡牌的牌型：")
    term = said("rule_book.term_line", term=Words("吃 chi", "吃"), meaning=Words("take", "吃上家"))
    assert term == Words("吃 chi: take", "吃：吃上家")
    rules = get_ruleset("changsha")
    text = {language: rulebook_text(rulebook(rules), language).splitlines()[0] for language in ("en", "zh")}
    assert text == {"en": "长沙麻将 Changsha — preset changsha", "zh": "长沙麻将 — 预设 changsha"}
    claims = next(f for f in rulebook(rules).facts if f.en.startswith("Claims: "))
    assert claims.en.endswith(".") and "; " in claims.en and claims.zh.startswith("吃碰杠：") and "；" in claims.zh


def test_the_rules_command_lists_the_presets_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a preset: one line each (two in both languages); an unknown one: exit 2, one line."""
    assert run_rules([]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(ruleset_names())
    assert run_rules(["--lang", "zh"]) == 0
    summary = get_ruleset("changsha").summary_words.zh
    assert capsys.readouterr().out.splitlines()[-1] == f"{'changsha':<15} 长沙麻将：{summary}"
    assert run_rules(["--lang", "both"]) == 0  # the Chinese summary, the English under it
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * len(ruleset_names()) and lines[-1].strip() == get_ruleset("changsha").summary_words.en
    assert run_rules(["mars"]) == 2
    assert "unknown rules 'mars'" in capsys.readouterr().err


def test_the_rules_command_speaks_chinese_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """``mahjong-tui rules changsha --lang zh``: the facts, the types and their examples in Chinese; a language it
    does not know is one line and exit 2."""
    assert run_rules(["changsha", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    rules = get_ruleset("changsha")
    book = rulebook(rules)
    assert out.startswith(f"长沙麻将 — 预设 changsha\n{rules.summary_words.zh}\n")
    assert all(f"  - {fact.zh}\n" in out for fact in book.facts)
    assert "  七小对 (qixiaodui) — 大胡：七个对子" in out and "自摸：七小对，胡家收 100" in out
    assert "Small win" not in out and "Glossary" not in out
    assert run_rules(["changsha", "--lang", "both"]) == 0  # each Chinese line with its English under it
    lines = capsys.readouterr().out.splitlines()
    fact = book.facts[0]
    at = lines.index(f"  - {fact.zh}")
    assert lines[at + 1] == f"    {fact.en}"
    assert run_rules(["changsha", "--lang", "fr"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("preset", ruleset_names())
def test_the_book_starts_with_the_winning_hand(preset: str) -> None:
    """Before anything else, the winning hand of four sets and a pair: an example hand set out as a sequence, a
    triplet, a kong and a pair, each kind told once, that the calculator scores as a win; what does not win, each
    with a hand the calculator refuses; and what a win needs."""
    rules = get_ruleset(preset)
    book = rulebook(rules)
    part = book.winning
    assert part.example.refusal is None and part.example.points > 0
    kinds = [row.name.en for row in part.sets]
    assert sorted(set(kinds)) == ["刻子 triplet", "将 pair", "杠 kong", "顺子 sequence"] and len(kinds) == 5
    assert [row.name.en for row in part.sets if row.meaning] == list(dict.fromkeys(kinds))
    assert sorted(t for row in part.sets for t in row.tiles) == sorted(
        [*part.example.hand, part.example.win_tile, *(t for m in part.example.melds for t in m.tiles)]
    )
    assert part.not_wins and all(example.refusal for _, example in part.not_wins)
    assert part.qualifies
    lines = rulebook_text(book).splitlines()
    assert lines[3:5] == ["The winning hand:", f"  {FOUR_SETS.en}"]
    assert lines.index("What does not win:") < lines.index("What a win needs:") < lines.index("The rules at a glance:")


def test_what_does_not_win_is_each_rule_set_s_own() -> None:
    """Shanghai's qualifying rule: seven pairs and a plain hand do not win, and 门清 and 抢杠 alone never qualify
    (勒子: 杠开, 大吊车 and 抢杠); Changsha's 2-5-8 pair: a hand whose pair is not a 2, 5 or 8, with no big type,
    does not win."""
    shanghai = rulebook(get_ruleset("shanghai")).winning
    assert [example.refusal.en.split(":")[0] for _, example in shanghai.not_wins if example.refusal] == [
        "not a winning hand", "a plain hand cannot win in Shanghai"]  # fmt: skip
    assert "门清 and 抢杠" in shanghai.qualifies[-1].en and "混一色" in shanghai.qualifies[0].en
    lezi = rulebook(get_ruleset("shanghai-lezi")).winning
    assert "杠开, 大吊车 and 抢杠" in lezi.qualifies[-1].en and "风碰" in lezi.qualifies[0].en
    changsha = rulebook(get_ruleset("changsha")).winning
    ((_, nine),) = changsha.not_wins
    assert nine.refusal is not None and "2, 5 or 8" in nine.refusal.en
    assert nine.win_tile is not None and nine.hand.count(nine.win_tile) == 1


@pytest.mark.parametrize("language", ["en", "zh", "both"])
def test_the_rules_screen_opens_each_page_on_the_winning_hand(language: str) -> None:
    """At 80×24 (a page 67 columns wide), in each language: after the preset's name and summary the first heading is
    the winning hand, then what does not win and what a win needs, all before the facts; no line is wider than the
    page, and in Chinese no English word is left (a preset's name as typed aside)."""
    use(language)
    try:
        width = page_width(80)
        for preset in ruleset_names():
            lines = ["".join(seg.text for seg in line).rstrip() for line in rendered(f"preset-{preset}", width)]
            assert max(cell_len(line) for line in lines) <= width
            heads = [WINNING, NOT_WINNING, NEEDS, AT_A_GLANCE]
            said = [words.zh if language == "zh" else words.en for words in heads]
            at = [next(i for i, line in enumerate(lines) if said_ in line) for said_ in said]
            assert at == sorted(at) and at[0] == lines.index("") + 1, (preset, at)  # just after the name and summary
            if language == "zh":
                top = " ".join(lines[: at[-1]]).replace(preset, "")
                assert not ENGLISH.findall(top), ENGLISH.findall(top)
    finally:
        use("en")
