"""The rules from the rule data: every hand type of every preset, with a worked example the calculator scores as it."""

from __future__ import annotations

import pytest

from mahjong_tui.commands.rules import run as run_rules
from mahjong_tui.engine import get_ruleset, ruleset_names
from mahjong_tui.rulebook import GLOSSARY, rulebook, rulebook_text


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
    """``mahjong-tui rules PRESET``: every hand type, its example, the preset's own rules and the glossary."""
    assert run_rules([preset]) == 0
    out = capsys.readouterr().out
    rules = get_ruleset(preset)
    assert out == rulebook_text(rulebook(rules)) + "\n"
    for type_id, ht in rules.hand_types.items():
        assert f"{ht.zh} {ht.en} ({type_id})" in out
    for title, _ in rules.rule_notes():
        assert f"\n{title}:\n" in out
    assert all(term in out for term, _ in GLOSSARY)


def test_numbers_in_the_rules_come_from_the_preset() -> None:
    """shanghai-qq's own numbers: base 3 花 and 八花 6 lezi, worded from its parameters."""
    qq = rulebook_text(rulebook(get_ruleset("shanghai-qq")))
    assert "(花 + 3) × base" in qq and "八花 Eight flowers (bahua) — 6 lezi" in qq
    plain = rulebook_text(rulebook(get_ruleset("shanghai")))
    assert "(花 + 2) × base" in plain and "八花 Eight flowers (bahua) — 4 lezi" in plain


def test_the_rules_command_lists_the_presets_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a preset: one line each; an unknown one: exit 2, one line."""
    assert run_rules([]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(ruleset_names())
    assert run_rules(["mars"]) == 2
    assert "unknown rules 'mars'" in capsys.readouterr().err
