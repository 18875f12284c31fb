"""Every file the game reads is hostile: one clear line and exit 2 for a command, never a traceback or a hang.

Saves, records, the calculator's and the hint command's input, the settings file: too big,
too deep, numbers out of range, not UTF-8, not a file at all (a FIFO, a folder, a device).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from mahjong_tui.cli import main
from mahjong_tui.engine import Game, RecordError
from mahjong_tui.keep.safe_json import MAX_SCORE_BYTES, JsonProblem, parse_json, read_json_file
from mahjong_tui.keep.saves import Seat, Table, read_file, record_info, save_data

SEATS = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))
HAND = {"rules": "shanghai", "winner": 0, "dealer": 0, "hand": "123m456m789m111z5z", "win_tile": "5z"}
LONGEST = 300  # the longest line a refusal may be


def one_line(err: str) -> str:
    """The one line on standard error, checked to be one short line without a traceback."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err[:2000]
    assert "Traceback" not in err and len(lines[0]) <= LONGEST + 60, lines[0][:400]
    return lines[0]


def record_text() -> str:
    """A real save: a game of Shanghai with its players."""
    return json.dumps(save_data(Game("shanghai", 5), Table(SEATS)), separators=(",", ":"))


#: hostile JSON texts: (text, a word the refusal says)
HOSTILE_TEXTS = [
    pytest.param('{"a": 1e400}', "out of range", id="1e400"),
    pytest.param('{"a": NaN}', "NaN", id="nan"),
    pytest.param('{"a": -Infinity}', "Infinity", id="infinity"),
    pytest.param('{"a": ' + "9" * 5000 + "}", "5000 digits", id="5000-digits"),
    pytest.param('{"a": 9223372036854775808}', "out of range", id="past-int64"),
    pytest.param("[" * 100_000 + "]" * 100_000, "nested too deep", id="deep-nesting"),
    pytest.param('{"a": [' * 65 + "]}" * 65, "nested too deep", id="deep-objects"),
    pytest.param('{"format": "mahjong-tui-rec', "broken or not JSON", id="cut-short"),
    pytest.param("", "broken or not JSON", id="empty"),
]


@pytest.mark.parametrize(("text", "word"), HOSTILE_TEXTS)
def test_parse_json_refuses_in_one_short_line(text: str, word: str) -> None:
    """Each limit broken is a JsonProblem (a ValueError) of one line naming the place, never echoing the input."""
    with pytest.raises(JsonProblem) as caught:
        parse_json(text, where="here.json")
    message = str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert message.startswith("here.json: ") and word in message and len(message) < 120 and "\n" not in message


def test_what_fits_is_read_as_json() -> None:
    """Numbers at the edges of the range, strings holding brackets, a byte-order mark: all read."""
    text = '\ufeff{"low": -9223372036854775808, "high": 9223372036854775807, "f": 1.5e300, "s": "[[[[{{{{"}'
    assert parse_json(text, where="x") == {
        "low": -(2**63), "high": 2**63 - 1, "f": 1.5e300, "s": "[[[[{{{{",
    }  # fmt: skip
    assert parse_json("[" * 64 + "]" * 64, where="x") is not None


def test_not_a_file_is_never_read_nor_waited_on(tmp_path: Path) -> None:
    """A FIFO (no writer), a folder and a device are refused at once, each named."""
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    for path, word in ((fifo, "FIFO"), (tmp_path, "folder"), (Path("/dev/zero"), "device")):
        with pytest.raises(JsonProblem, match=word):
            read_json_file(path, max_bytes=1000)
    assert time.monotonic() - started < 2


def test_too_big_is_refused_by_its_size_and_not_read(tmp_path: Path) -> None:
    """A 50 MB file (sparse: nothing in it is read) is refused from its size alone."""
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    started = time.monotonic()
    with pytest.raises(JsonProblem, match="too big"):
        read_json_file(big, max_bytes=MAX_SCORE_BYTES)
    assert time.monotonic() - started < 1


def test_not_utf8_names_the_byte(tmp_path: Path) -> None:
    """Bytes that are not UTF-8: one line saying where."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff\xfe"}')
    with pytest.raises(JsonProblem, match="not UTF-8 text"):
        read_json_file(bad, max_bytes=1000)


# --------------------------------------------------------------------------- the commands


def hostile_inputs(tmp_path: Path) -> dict[str, Path]:
    """Hostile files for score and hint, each written to the temporary folder."""
    made: dict[str, Path] = {}

    def write(name: str, data: str | bytes) -> None:
        path = tmp_path / name
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
        made[name] = path

    write("base-1e400.json", json.dumps({**HAND, "base": 1}).replace('"base": 1', '"base": 1e400'))
    write("huge-winner.json", json.dumps(HAND).replace('"winner": 0', '"winner": ' + "7" * 5000))
    write("deep.json", "[" * 50_000 + "]" * 50_000)
    write("huge-hand.json", json.dumps({**HAND, "hand": "1m" * 500_000}))
    write("huge-key.json", json.dumps({**HAND, "x" * 100_000: 1}))
    write("not-utf8.json", b'{"rules": "\xff"}')
    write("nan.json", '{"rules": "shanghai", "winner": NaN}')
    write("empties.json", json.dumps([{}] * 100_000))
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    made["big.json"] = big
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    made["fifo.json"] = fifo
    made["folder"] = tmp_path
    made["device"] = Path("/dev/zero")
    return made


@pytest.mark.parametrize("command", ["score", "hint"])
def test_score_and_hint_refuse_hostile_input_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """Every hostile input: exit 2, nothing on standard output, one short line on standard error, quickly."""
    for name, path in hostile_inputs(tmp_path).items():
        started = time.monotonic()
        assert main([command, str(path)]) == 2, name
        out, err = capsys.readouterr()
        assert out == "", name
        one_line(err)
        assert time.monotonic() - started < 3, name


def test_score_refuses_a_50_mb_list_on_standard_input(monkeypatch: pytest.MonkeyPatch, capsys, tmp_path: Path) -> None:
    """Standard input redirected from a 50 MB file: refused by its size, without reading it."""
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    with open(big, encoding="utf-8") as stdin:
        monkeypatch.setattr("sys.stdin", stdin)
        started = time.monotonic()
        assert main(["score", "-"]) == 2
    assert "too big" in one_line(capsys.readouterr().err) and time.monotonic() - started < 1


def hostile_records(tmp_path: Path) -> dict[str, Path]:
    """A real save, broken in the ways the audit found (and a few more)."""
    text = record_text()
    data = json.loads(text)
    out: dict[str, Path] = {}

    def write(name: str, content: str | bytes) -> None:
        assert content != text, name  # each is broken
        path = tmp_path / f"{name}.json"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        out[name] = path

    write("base-1e400", text.replace('"base":1', '"base":1e400'))
    write("base-too-big", text.replace('"base":1', '"base":10000000000000000000'))
    write("base-in-int64", text.replace('"base":1', '"base":9000000000000000000'))
    write("seed-5000-digits", text.replace(f'"seed":{data["seed"]}', '"seed":' + "9" * 5000))
    write("deep", text[:-1] + ',"x":' + "[" * 5000 + "]" * 5000 + "}")
    write("cut-short", text[: len(text) // 2])
    write("not-utf8", text.encode("utf-8")[:40] + b"\xff\xfe" + text.encode("utf-8")[40:])
    write("version-huge", text.replace('"version":1', '"version":"' + "v" * 100_000 + '"'))
    write("bot-huge", text.replace('"bot":"hard"', '"bot":"' + "h" * 100_000 + '"'))
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    out["fifo"] = fifo
    out["folder"] = tmp_path
    return out


@pytest.mark.parametrize("command", ["replay", "export"])
def test_replay_and_export_refuse_hostile_records_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Each hostile record: exit 2, one line on standard error (the replay never opens the table)."""

    def never(*args: object, **kwargs: object) -> int:
        raise AssertionError("a hostile record was opened on the table")

    monkeypatch.setattr("mahjong_tui.ui.app.run_replay", never)
    for name, path in hostile_records(tmp_path).items():
        args = [command, str(path)] + (["--text"] if command == "export" else [])
        assert main(args) == 2, name
        out, err = capsys.readouterr()
        assert out == "", name
        one_line(err)


def test_saves_refuse_hostile_files_in_one_line(tmp_path: Path) -> None:
    """read_file: a RecordError of one line; record_info: the problem in one line (a list is never broken)."""
    for name, path in hostile_records(tmp_path).items():
        with pytest.raises(RecordError) as caught:
            read_file(path)
        assert "\n" not in str(caught.value) and len(str(caught.value)) < LONGEST + 100, name
        info = record_info(path)
        if name not in ("base-in-int64", "version-huge"):
            assert info.problem, name  # the rest is read only by the replay, which refuses it above
        assert "\n" not in info.problem and len(info.problem) < LONGEST + 100, name


def test_a_good_record_is_still_read(tmp_path: Path) -> None:
    """The limits leave a real save alone."""
    path = tmp_path / "good.json"
    path.write_text(record_text(), encoding="utf-8")
    saved = read_file(path)
    assert saved.table.seats == SEATS and record_info(path).problem == ""


def test_names_in_a_record_lose_their_control_characters(tmp_path: Path, capsys) -> None:
    """A record naming a player with terminal escapes: export and the list print the name without them."""
    text = record_text().replace('"Alice"', '"\\u001b[31mAl\\u202eice\\u0007"')
    path = tmp_path / "names.json"
    path.write_text(text, encoding="utf-8")
    assert read_file(path).table.seats[0].name == "[31mAlice"
    assert record_info(path).seats[0].name == "[31mAlice"
    assert main(["export", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out and "[31mAlice" in out
