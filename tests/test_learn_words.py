"""The learning layer's sentences come from the message catalogue, said in English and in Chinese at once; so do a
win's score lines and who pays (the rules' scoring modules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mahjong_tui.engine import Words
from mahjong_tui.engine.words import said
from mahjong_tui.i18n import fields_of, messages
from mahjong_tui.learn.hint_words import bare_steps, joined, steps, tiles_words

ROOT = Path(__file__).resolve().parent.parent
#: the rules' modules that say a win's score lines, who pays, and why a hand is not a win
SCORING = ("shanghai_hands", "shanghai_lines", "shanghai_scoring", "shanghai_lezi", "changsha_scoring")
SPEAKERS = sorted((ROOT / "mahjong_tui" / "learn").glob("*.py")) + [
    ROOT / "mahjong_tui" / "commands" / "hint.py",
    ROOT / "mahjong_tui" / "commands" / "stats.py",
    ROOT / "mahjong_tui" / "book" / "rulebook.py",
    *(ROOT / "mahjong_tui" / "rules" / f"{name}.py" for name in SCORING),
]


def calls(path: Path, name: str) -> list[ast.Call]:
    """Every call of ``name`` in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name]


def test_said_fills_one_key_in_both_languages() -> None:
    """A field given as Words takes its English in the English text and its Chinese in the Chinese; ``n`` of 1 picks
    the singular."""
    tile = Words("5m", "五万")
    assert said("hint_words.pair", tile=tile) == Words("two 5m", "一对五万")
    assert said("danger_words.discards", n=1) == Words("1 discard", "打了 1 张")
    assert said("danger_words.discards", n=0) == Words("0 discards", "打了 0 张")


def test_a_field_one_language_leaves_unsaid_is_filled_with_nothing() -> None:
    """``{name!s:.0}``: the English names the seat alone, the Chinese its wind too; numbers fill it as well as text."""
    assert said("danger_words.who", seat=2, wind="南") == Words("seat 2", "座位2（南）")
    further = said("hint_words.takes_further", target=Words("碰碰胡", "碰碰胡"), worth=Words("1 lezi", "1 勒子"),
                   before=2, after=3)  # fmt: skip
    assert further == Words("it takes 碰碰胡 (1 lezi) from 2 to 3 steps", "碰碰胡（1 勒子）就远了一步")
    unsaid = [(key, text) for lang in ("en", "zh") for key, text in messages(lang).items() if "!s:.0}" in text]
    assert unsaid and all(fields_of(text) for _, text in unsaid)


def test_steps_read_as_players_say_them_in_every_form() -> None:
    """The whole phrase, and the steps where the sentence says from what; in Chinese the term in both."""
    assert steps(2) == Words("2 steps from ready (两向听)", "两向听")
    assert steps(9) == Words("9 steps from ready (9向听)", "9向听")
    assert [bare_steps(n) for n in (-1, 0, 1, 2)] == [
        Words("complete", "和了"), Words("ready", "听牌"), Words("1 step", "一向听"), Words("2 steps", "两向听"),
    ]  # fmt: skip
    assert [bare_steps(n).zh for n in range(-1, 12)] == [steps(n).zh for n in range(-1, 12)]


def test_lists_are_joined_as_each_language_writes_them() -> None:
    """``3m, 6m`` / ``三万、六万``, cut short with ``…``; ``a; b`` / ``a；b``."""
    assert tiles_words([2, 5, 8], 2) == Words("3m, 6m …", "三万、六万 …")
    assert joined([Words("a", "甲"), Words("b", "乙")], "then") == Words("a; b", "甲；乙")


@pytest.mark.parametrize("path", SPEAKERS, ids=lambda p: p.name)
def test_every_key_the_learning_layer_says_is_in_the_catalogue(path: Path) -> None:
    """A key given whole is in both languages; a key put together (``hint_words.steps.{n}``) begins as some do."""
    en, zh = messages("en"), messages("zh")
    for call in calls(path, "said") + calls(path, "saying"):
        key = call.args[0]
        chosen = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]  # one key or the other
        if all(isinstance(k, ast.Constant) for k in chosen):
            for k in chosen:
                assert isinstance(k, ast.Constant) and k.value in en and k.value in zh, f"{path.name}:{call.lineno}"
        else:
            assert isinstance(key, ast.JoinedStr), f"{path.name}:{call.lineno}"
            head = key.values[0]
            start = head.value if isinstance(head, ast.Constant) else ""
            assert isinstance(start, str) and any(k.startswith(start) for k in en), f"{path.name}:{call.lineno}"


@pytest.mark.parametrize("path", SPEAKERS, ids=lambda p: p.name)
def test_no_sentence_is_written_in_the_code(path: Path) -> None:
    """``Words`` are made only from data (a tile's names, a number, an engine's reason): no words of their own (a
    separator or a column's width is not one)."""
    for call in calls(path, "Words"):
        for node in ast.walk(call):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(c.isalpha() for c in node.value), f"{path.name}:{call.lineno} says {node.value!r}"
