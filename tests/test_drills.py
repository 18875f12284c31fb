"""Drills: every position ``drill --json`` prints agrees with ``hint`` and ``score`` on its input; a seed repeats
its set; bad arguments are one line; every rare moment a rule set has can be drilled on its own."""

from __future__ import annotations

import json

import pytest

from mahjong_tui.book.calculator import result_to_json, situation_from_json
from mahjong_tui.cli import main
from mahjong_tui.commands.hint import hint_from_json, hint_to_json
from mahjong_tui.engine import get_ruleset, ruleset_names
from mahjong_tui.learn.drills import MOMENTS, make_drills, moments


def printed(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    """The objects ``mahjong-tui drill --json ARGS`` prints, one a line."""
    assert main(["drill", "--json", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def scored(given: object) -> list[object]:
    """What ``mahjong-tui score`` pays on ``given``."""
    situation = situation_from_json(given)
    out = result_to_json(situation, situation.score())
    assert out["valid"], out
    return list(out["payments"])  # type: ignore[call-overload]


def agrees(item: dict[str, object]) -> None:
    """One printed drill agrees with the command that reads its input."""
    kind, given, answer = item["kind"], item["in"], item["answer"]
    if kind == "score":
        assert scored(given) == answer
        return
    hint = hint_to_json(*hint_from_json(given))
    if kind == "discard":
        assert hint["suggest"] == answer
        assert hint["discards"][0]["tile"] == answer  # type: ignore[index]
    elif kind == "waits":
        assert [w["tile"] for w in hint["waits"] if w["qualifies"]] == answer  # type: ignore[attr-defined]
    else:
        assert kind == "rare" and item["moment"] in MOMENTS and answer in item["choices"]  # type: ignore[operator]
        pays = item.get("pays")
        if pays is not None:
            assert scored(pays["in"]) == pays["answer"]  # type: ignore[index]


@pytest.mark.parametrize("rules", ruleset_names())
@pytest.mark.parametrize("seed", [1, 2])
def test_every_printed_answer_agrees_with_hint_and_score(capsys: pytest.CaptureFixture[str], rules: str, seed: int):
    """Each kind comes up, and each answer is the commands' own on the drill's input."""
    items = printed(capsys, "--rules", rules, "--count", "8", "--seed", str(seed))
    assert {i["kind"] for i in items} == {"discard", "waits", "score", "rare"}
    for item in items:
        agrees(item)


def test_a_seed_repeats_its_set(capsys: pytest.CaptureFixture[str]):
    """The same seed prints the same set; another seed another."""
    first = printed(capsys, "--rules", "changsha", "--count", "6", "--seed", "11")
    assert printed(capsys, "--rules", "changsha", "--count", "6", "--seed", "11") == first
    assert printed(capsys, "--rules", "changsha", "--count", "6", "--seed", "12") != first


@pytest.mark.parametrize("rules", ruleset_names())
def test_every_rare_moment_can_be_drilled_on_demand(capsys: pytest.CaptureFixture[str], rules: str):
    """Each moment the rule set has gives drills of that moment alone, their payments the calculator's."""
    have = moments(get_ruleset(rules))
    assert have
    for moment in have:
        items = printed(capsys, "--rules", rules, "--moment", moment, "--count", "2", "--seed", "4")
        assert len(items) == 2 and {i["moment"] for i in items} == {moment}
        for item in items:
            agrees(item)


def test_a_drill_judges_an_answer():
    """A discard is right only as the answer; waits only when every winning tile, and no other, is picked."""
    discard, waits = make_drills("changsha", "discard", 1, 3)[0], make_drills("changsha", "waits", 1, 3)[0]
    assert discard.judge(discard.answer) and not discard.judge(("1z",))
    assert waits.judge(tuple(reversed(waits.answer)))
    assert not waits.judge(waits.answer[:-1]) and not waits.judge((*waits.answer, "1z"))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--rules", "nowhere"], "unknown preset"),
        (["--kind", "everything"], "unknown kind"),
        (["--count", "0"], "at least 1"),
        (["--count", "lots"], "whole number"),
        (["--seed", "-3"], "at least 0"),
        (["--rules", "shanghai", "--moment", "haidi"], "has no haidi"),
        (["--kind", "waits", "--moment", "initial", "--rules", "changsha"], "--kind rare"),
    ],
)
def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str], args: list[str], says: str):
    """One line on standard error, exit 2, nothing printed."""
    assert main(["drill", "--json", *args]) == 2
    out, err = capsys.readouterr()
    assert not out and says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
