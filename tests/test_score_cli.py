"""``mahjong-tui score`` (spec/score-cli.md): output, --text, batch, stdin, malformed input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_tui.book.calculator import FIELDS, situation_from_json
from mahjong_tui.book.json_io import InputError
from mahjong_tui.commands.score import run as run_score

OUTPUT_KEYS = ["valid", "reason", "types", "flowers", "lezi", "value", "payments", "explain"]

SH_HALF_FLUSH: dict[str, Any] = {
    "rules": "shanghai",
    "winner": 0,
    "dealer": 0,
    "hand": "123m456m789m111z5z",
    "win_tile": "5z",
    "win_by": "self_draw",
}
SH_SANKOU: dict[str, Any] = {
    "rules": "shanghai",
    "winner": 0,
    "dealer": 0,
    "hand": "777z5m",
    "win_tile": "5m",
    "melds": [
        {"type": "chi", "tiles": "123m", "from": 3},
        {"type": "chi", "tiles": "456m", "from": 3},
        {"type": "chi", "tiles": "789m", "from": 3},
    ],
}
CS_PENGPENG: dict[str, Any] = {
    "rules": "changsha",
    "winner": 3,
    "dealer": 0,
    "hand": "111s333s555s777s9s",
    "win_tile": "9s",
    "win_by": "discard",
    "discarder": 0,
}
CS_BIRD: dict[str, Any] = {
    "rules": "changsha",
    "winner": 2,
    "dealer": 0,
    "hand": "123m456p789s234m5p",
    "win_tile": "5p",
    "win_by": "discard",
    "discarder": 3,
    "bird": "7m",
}
CS_INITIAL: dict[str, Any] = {
    "rules": "changsha",
    "initial": True,
    "winner": 2,
    "dealer": 0,
    "hand": "1111m34p679s1379p",
}


def run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, *args: str, raw: str | None = None
) -> tuple[int, str, str]:
    """Write ``data`` as JSON to a file, run the command on it, return (status, stdout, stderr)."""
    path = tmp_path / "situation.json"
    path.write_text(raw if raw is not None else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    status = run_score([str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


# --------------------------------------------------------------------------- spec examples


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        pytest.param(
            SH_HALF_FLUSH,
            {
                "valid": True,
                "types": {"hunyise", "menqing"},
                "flowers": 1,
                "value": 6,
                "payments": [18, -6, -6, -6],
            },
            id="spec-shanghai-concealed-half-flush-dealer-self-draw",
        ),
        pytest.param(
            SH_SANKOU,
            {"valid": True, "types": {"hunyise"}, "flowers": 2, "value": 4, "payments": [28, -4, -4, -20]},
            id="spec-shanghai-three-chis-sankou-self-draw",
        ),
        pytest.param(
            CS_PENGPENG,
            {"valid": True, "types": {"pengpenghu", "qingyise"}, "payments": [-140, 0, 0, 140]},
            id="spec-changsha-all-triplets-one-suit-dealer-discard",
        ),
        pytest.param(
            CS_BIRD,
            {"valid": True, "types": {"xiaohu"}, "payments": [0, 0, 20, -20]},
            id="spec-changsha-small-win-bird-hits-winner",
        ),
        pytest.param(
            CS_INITIAL,
            {"valid": True, "types": {"sixi", "banbanhu"}, "payments": [-40, -20, 80, -20]},
            id="spec-changsha-initial-small-wins",
        ),
    ],
)
def test_spec_examples(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: dict[str, Any], expected: dict[str, Any]
) -> None:
    status, out, err = run(tmp_path, capsys, situation)
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert list(result) == OUTPUT_KEYS
    for key, want in expected.items():
        got = set(result[key]) if key == "types" else result[key]
        assert got == want, key


def test_output_explain_lines_and_empty_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(tmp_path, capsys, SH_HALF_FLUSH)
    result = json.loads(out)
    assert result["reason"] == ""
    assert any("concealed wind triplet 1z East: 1 花" in line for line in result["explain"])
    assert any("seat 1 pays 6" in line for line in result["explain"])


def test_output_changsha_zeroes_shanghai_only_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(tmp_path, capsys, CS_PENGPENG)
    result = json.loads(out)
    assert (result["flowers"], result["lezi"], result["value"]) == (0, 0, 0)


def test_output_not_a_win_is_exit_0_with_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = {**SH_HALF_FLUSH, "hand": "123m456p789s123m5p", "win_tile": "5p"}
    status, out, err = run(tmp_path, capsys, plain)
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["valid"] is False
    assert result["reason"].startswith("a plain hand cannot win in Shanghai: it needs 混一色, 碰碰胡 or better")
    assert result["payments"] == [0, 0, 0, 0]


def test_output_shanghai_qq_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(tmp_path, capsys, {**SH_HALF_FLUSH, "rules": "shanghai-qq"})
    assert json.loads(out)["value"] == (1 + 3) * 2


def test_output_claims_matrix_and_discarder_ready(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    claims = [[0, 0, 0, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    situation = {**SH_SANKOU, "win_by": "discard", "discarder": 1, "discarder_ready": True, "claims": claims}
    _, out, _ = run(tmp_path, capsys, situation)
    assert json.loads(out)["payments"] == [8, -4, 0, -4]


def test_output_null_counts_as_absent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(tmp_path, capsys, {**SH_HALF_FLUSH, "discarder": None, "claims": None, "bird": None})
    assert status == 0 and json.loads(out)["valid"] is True


# --------------------------------------------------------------------------- --text


def test_text_shanghai_breakdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(tmp_path, capsys, SH_HALF_FLUSH, "--text")
    assert (status, err) == (0, "")
    assert "Types: 混一色 hunyise, 门清 menqing" in out
    assert "花 1 · lezi 0 · one share 6" in out
    assert "Payments: seat 0 +18, seat 1 -6, seat 2 -6, seat 3 -6" in out
    assert "concealed wind triplet 1z East: 1 花" in out
    assert "风暗刻 东：1 花" in out


def test_text_not_a_win(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = {**SH_HALF_FLUSH, "hand": "123m456p789s123m5p", "win_tile": "5p"}
    status, out, _ = run(tmp_path, capsys, plain, "--text")
    assert status == 0
    assert "Not a win: a plain hand cannot win in Shanghai" in out


def test_text_changsha(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(tmp_path, capsys, CS_PENGPENG, "--text")
    assert status == 0
    assert "碰碰胡 pengpenghu" in out and "seat 3 +140" in out


# --------------------------------------------------------------------------- batch and stdin


def test_batch_results_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(tmp_path, capsys, [SH_HALF_FLUSH, SH_SANKOU, CS_PENGPENG])
    assert (status, err) == (0, "")
    results = json.loads(out)
    assert [r["payments"] for r in results] == [[18, -6, -6, -6], [28, -4, -4, -20], [-140, 0, 0, 140]]


def test_batch_malformed_item_in_place_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(tmp_path, capsys, [SH_HALF_FLUSH, {**SH_HALF_FLUSH, "winner": 9}, "nope", SH_SANKOU])
    assert status == 2
    results = json.loads(out)
    assert len(results) == 4
    assert results[0]["valid"] is True and results[3]["valid"] is True
    assert list(results[1]) == ["error"] and results[1]["error"].startswith("winner:")
    assert list(results[2]) == ["error"] and results[2]["error"].startswith("input:")
    assert len(err.splitlines()) == 1 and "item 1: winner:" in err


def test_batch_empty_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(tmp_path, capsys, [])
    assert status == 0 and json.loads(out) == []


def test_batch_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(tmp_path, capsys, [SH_HALF_FLUSH, {"rules": "shanghai"}], "--text")
    assert status == 2
    assert "#0: shanghai" in out and "#1: error: winner: required" in out


def test_stdin_dash(capsys: pytest.CaptureFixture[str]) -> None:
    status = run_score(["-"], stdin=io.StringIO(json.dumps(SH_SANKOU)))
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert json.loads(out)["payments"] == [28, -4, -4, -20]


def test_batch_of_a_thousand_hands_scores_each_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One process scores a list of 1,002 situations, each result in its place (speed: scripts/bench.py)."""
    batch = [
        SH_HALF_FLUSH,
        SH_SANKOU,
        {**SH_HALF_FLUSH, "hand": "111m222m333m999m5m", "win_tile": "5m"},
    ] * 334
    status, out, _ = run(tmp_path, capsys, batch)
    results = json.loads(out)
    assert status == 0 and len(results) == len(batch)
    assert [r["payments"] for r in results[:3]] * 334 == [r["payments"] for r in results]
    assert results[0]["payments"] == [18, -6, -6, -6] and results[1]["payments"] == [28, -4, -4, -20]


# --------------------------------------------------------------------------- malformed input


def sh(**changes: Any) -> dict[str, Any]:
    """The half-flush situation with some fields changed (None deletes a field)."""
    d = {**SH_HALF_FLUSH, **changes}
    return {k: v for k, v in d.items() if v is not None}


def cs(**changes: Any) -> dict[str, Any]:
    """A valid Changsha situation with some fields changed."""
    return {**CS_PENGPENG, **changes}


DELETE = None
CHIS = SH_SANKOU["melds"]

MALFORMED = [
    pytest.param(sh(hand="123x456m789m111z5z"), "hand:", id="bad-tile-text"),
    pytest.param(sh(hand="123m456m789m111z8z"), "hand:", id="bad-tile-honour-8z"),
    pytest.param(sh(win_tile="5z6z"), "win_tile:", id="win-tile-not-one-tile"),
    pytest.param(sh(win_tile="f1"), "win_tile:", id="win-tile-flower"),
    pytest.param(sh(hand="1111m456m789m11z", win_tile="1m"), "hand:", id="tile-more-than-4-times"),
    pytest.param(
        sh(hand="777z5m", win_tile="7z", melds=[*CHIS[:2], {"type": "pong", "tiles": "777z", "from": 1}]),
        "hand:",
        id="tile-more-than-4-with-melds",
    ),
    pytest.param(sh(flowers="f11"), "flowers:", id="flower-more-than-once"),
    pytest.param(sh(flowers="f15m"), "flowers:", id="flowers-field-holds-a-suited-tile"),
    pytest.param(sh(hand="123m456m789m11z5zf1"), "hand:", id="flower-in-hand"),
    pytest.param(sh(hand="123m456m789m11z5z"), "hand:", id="wrong-tile-count"),
    pytest.param(sh(melds=CHIS[:1]), "hand:", id="wrong-tile-count-with-melds"),
    pytest.param(sh(melds=[*CHIS, *CHIS[:2]]), "melds:", id="more-than-four-melds"),
    pytest.param(sh(winner="0"), "winner:", id="wrong-type-winner-string"),
    pytest.param(sh(winner=True), "winner:", id="wrong-type-winner-bool"),
    pytest.param(sh(base=1.5), "base:", id="wrong-type-base-float"),
    pytest.param(sh(base=0), "base:", id="base-below-one"),
    pytest.param(sh(first_turn=1), "first_turn:", id="wrong-type-bool-field"),
    pytest.param(sh(hand=123), "hand:", id="wrong-type-hand-number"),
    pytest.param(sh(melds={"type": "chi"}), "melds:", id="wrong-type-melds-object"),
    pytest.param(sh(melds=["123m"]), "melds[0]:", id="wrong-type-meld-string"),
    pytest.param(sh(win_by=1), "win_by:", id="wrong-type-win-by"),
    pytest.param(sh(win_by="tsumo"), "win_by:", id="unknown-win-by"),
    pytest.param(sh(winer=1), "winer:", id="unknown-field"),
    pytest.param(sh(melds=[{"type": "chi", "tiles": "123m", "frm": 3}]), "melds[0].frm:", id="unknown-meld-field"),
    pytest.param(sh(rules=DELETE), "rules:", id="missing-rules"),
    pytest.param(sh(winner=DELETE), "winner:", id="missing-winner"),
    pytest.param(sh(hand=DELETE), "hand:", id="missing-hand"),
    pytest.param(sh(win_tile=DELETE), "win_tile:", id="missing-win-tile"),
    pytest.param(sh(rules="riichi"), "rules:", id="unknown-rules"),
    pytest.param(sh(winner=4), "winner:", id="seat-winner-out-of-range"),
    pytest.param(sh(dealer=-1), "dealer:", id="seat-dealer-out-of-range"),
    pytest.param(sh(win_by="discard", discarder=5), "discarder:", id="seat-discarder-out-of-range"),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "pong", "tiles": "999m", "from": 7}]),
        "melds[2].from:",
        id="seat-meld-from-out-of-range",
    ),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "chi", "tiles": "789m", "from": 1}]),
        "melds[2].from:",
        id="chi-not-from-previous-seat",
    ),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "pong", "tiles": "999m", "from": 0}]),
        "melds[2].from:",
        id="meld-from-the-winner",
    ),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "pong", "tiles": "999m"}]),
        "melds[2].from:",
        id="pong-without-from",
    ),
    pytest.param(
        sh(
            hand="777z5m",
            win_tile="5m",
            melds=[*CHIS[:2], {"type": "concealed_kong", "tiles": "9999m", "from": 1}],
        ),
        "melds[2].from:",
        id="concealed-kong-with-from",
    ),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "chi", "tiles": "135m", "from": 3}]),
        "melds[2].tiles:",
        id="meld-not-a-sequence",
    ),
    pytest.param(
        sh(hand="777z5m", win_tile="5m", melds=[*CHIS[:2], {"type": "gang", "tiles": "9999m", "from": 1}]),
        "melds[2].type:",
        id="meld-unknown-type",
    ),
    pytest.param(sh(win_by="discard"), "discarder:", id="discarder-missing-for-discard"),
    pytest.param(sh(win_by="robbed_kong"), "discarder:", id="discarder-missing-for-robbed-kong"),
    pytest.param(sh(win_by="discard", discarder=0), "discarder:", id="discarder-is-the-winner"),
    pytest.param(sh(discarder=1), "discarder:", id="discarder-on-a-self-draw"),
    pytest.param(
        sh(hand="123m456m789m111z5z", win_tile="1z", win_by="robbed_kong", discarder=1),
        "win_tile:",
        id="robbed-kong-tile-held-by-the-winner",
    ),
    pytest.param(sh(replacement=True, win_by="discard", discarder=1), "replacement:", id="replacement-needs-self-draw"),
    pytest.param(sh(claims=[[0, 0, 0, 0]] * 3), "claims:", id="claims-not-4x4"),
    pytest.param(sh(claims=[[0, 0, 0, True], [0] * 4, [0] * 4, [0] * 4]), "claims[0][3]:", id="claims-not-ints"),
    pytest.param(sh(claims=[[0, 0, 0, -1], [0] * 4, [0] * 4, [0] * 4]), "claims[0][3]:", id="claims-negative"),
    pytest.param(sh(claims=[[1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]), "claims[0][0]:", id="claims-from-self"),
    pytest.param({**SH_SANKOU, "claims": [[0] * 4] * 4}, "claims[0][3]:", id="claims-fewer-than-the-melds-show"),
    pytest.param(sh(bird="5m"), "bird:", id="changsha-field-in-shanghai"),
    pytest.param(sh(initial=True), "initial:", id="initial-is-changsha-only"),
    pytest.param(cs(hand="111s333s555s777z9s"), "hand:", id="honours-in-changsha"),
    pytest.param(cs(win_tile="1z", hand="111s333s555s777s1z"), "hand:", id="honours-in-changsha-hand-and-win-tile"),
    pytest.param(cs(flowers="f1"), "flowers:", id="flowers-in-changsha"),
    pytest.param(cs(huangfan=True), "huangfan:", id="shanghai-field-in-changsha"),
    pytest.param(cs(bird="1z"), "bird:", id="changsha-bird-honour"),
    pytest.param(
        cs(kaigang_discard=True, win_by="self_draw", discarder=None),
        "kaigang_discard:",
        id="kaigang-discard-needs-discard",
    ),
    pytest.param({**CS_INITIAL, "hand": "1111m34p679s137p"}, "hand:", id="initial-hand-13-tiles-non-dealer"),
    pytest.param({**CS_INITIAL, "winner": 0, "hand": "1111m34p679s1379p"}, "hand:", id="initial-hand-14-tiles-dealer"),
    pytest.param({**CS_INITIAL, "win_tile": "5s"}, "win_tile:", id="initial-without-win-tile"),
    pytest.param(
        {**CS_INITIAL, "hand": "1111m34p679s1p", "melds": [{"type": "pong", "tiles": "222s", "from": 1}]},
        "melds:",
        id="initial-without-melds",
    ),
    pytest.param(5, "input:", id="not-an-object"),
]


@pytest.mark.parametrize(("situation", "field"), MALFORMED)
def test_malformed_input(tmp_path: Path, capsys: pytest.CaptureFixture[str], situation: object, field: str) -> None:
    status, out, err = run(tmp_path, capsys, situation)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(field), err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("raw", "start"),
    [
        pytest.param("{not json", "input: broken or not JSON", id="invalid-json"),
        pytest.param("", "input: broken or not JSON", id="empty-input"),
        pytest.param(
            '{"rules": "shanghai", "winner": 1' + "0" * 5000 + "}", "input: an integer of 5001 digits", id="huge-number"
        ),
    ],
)
def test_malformed_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: str, start: str) -> None:
    status, out, err = run(tmp_path, capsys, None, raw=raw)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(start)


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        pytest.param([], "mahjong-tui score: the following arguments are required: FILE.json", id="args-missing-file"),
        pytest.param(["a.json", "b.json"], "mahjong-tui score: unrecognized arguments: b.json", id="args-two-files"),
        pytest.param(
            ["a.json", "--json"], "mahjong-tui score: unrecognized arguments: --json", id="args-unknown-option"
        ),
        pytest.param(
            ["/nonexistent/situation.json"],
            "/nonexistent/situation.json: cannot read",
            id="args-file-not-found",
        ),
    ],
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str], start: str) -> None:
    assert run_score(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith(start)


def test_malformed_messages_are_one_line_for_every_field() -> None:
    # Wrong-type values in every field: each must fail with InputError naming the field.
    for name in FIELDS:
        if name == "rules":
            continue
        with pytest.raises(InputError) as info:
            situation_from_json({**SH_HALF_FLUSH, name: {"oops": 1}})
        assert str(info.value).startswith(f"{name}:") and "\n" not in str(info.value)


def test_help_lists_every_input_and_output_field(capsys: pytest.CaptureFixture[str]) -> None:
    """``score --help`` describes each input field (type, default, meaning) and each output field."""
    assert run_score(["--help"]) == 0
    out = capsys.readouterr().out
    for name in FIELDS:
        assert f"\n  {name} " in out, name
    for name in OUTPUT_KEYS:
        assert f"\n  {name} " in out, name


# --------------------------------------------------------------------------- as a process


def python_m(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mahjong_tui`` with ``args``."""
    return subprocess.run(
        [sys.executable, "-m", "mahjong_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def test_process_score_file(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(SH_HALF_FLUSH), encoding="utf-8")
    proc = python_m("score", str(path))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["payments"] == [18, -6, -6, -6]


def test_process_score_stdin_text() -> None:
    proc = python_m("score", "-", "--text", stdin=json.dumps(SH_SANKOU))
    assert proc.returncode == 0, proc.stderr
    assert "seat 3 pays 20" in proc.stdout


def test_process_malformed_one_line_no_traceback() -> None:
    proc = python_m("score", "-", stdin=json.dumps(sh(hand="123m456m789m111z9z9z")))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("hand:")
