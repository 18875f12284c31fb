"""Random hostile files against every reader and command: real saves and inputs cut short, flipped, swollen with
huge numbers, deep nesting, bad bytes and control characters, each read as the game reads it.

    python scripts/hostile_files.py [--seconds 60] [--seed 1] [--commands 0.1]

Each case is one corruption of one real file (a save of a game played some hands, a
calculator input, a hint input, a settings file) given to one reader: ``saves.read_file``
and ``saves.record_info`` (what resume, replay, export and Records read), the settings,
and the ``score``, ``hint`` and ``export`` commands (through the command line's entry
point, and a share of them, ``--commands``, as real processes). It reports how many were
tried, read (a corruption can leave a valid file), refused in one line, refused in a bad
message (more than one line, or too long), ended in a traceback or crash, or hung (past
``--timeout`` seconds). Exit status 1 when any case gave a traceback, a hang or a bad
message.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong_tui.cli import main as cli_main  # noqa: E402
from mahjong_tui.engine import RecordError  # noqa: E402
from mahjong_tui.keep.saves import Seat, Table, read_file, record_info, save_data  # noqa: E402
from mahjong_tui.keep.settings import load_settings  # noqa: E402
from mahjong_tui.testing.kept import finished_game  # noqa: E402

LONGEST = 400  # a refusal longer than this is a bad message
SCORE = {"rules": "shanghai", "winner": 0, "dealer": 1, "hand": "123m456m789m111z5z", "win_tile": "5z",
         "win_by": "discard", "discarder": 1, "melds": [], "flowers": "f15", "base": 2}  # fmt: skip
HINT = {"rules": "changsha", "hand": "123m456p789s2255m7s", "melds": [], "seen": "1m9p"}
SETTINGS = 'language = "en"\ntiles = "plain"\nspeed = "fast"\nhints = true\n'


class Hang(Exception):
    """A reader ran past its time."""


def materials() -> dict[str, bytes]:
    """The real files each case starts from."""
    seats = (Seat("Alice"), Seat("Jun", "hard"), Seat("Lan", "normal"), Seat("Hao", "easy"))
    game = finished_game("shanghai", 2, 4)
    save = json.dumps(save_data(game, Table(seats)), ensure_ascii=False, separators=(",", ":"))
    return {
        "save": save.encode(),
        "score": json.dumps(SCORE).encode(),
        "batch": json.dumps([SCORE, HINT, SCORE]).encode(),
        "hint": json.dumps(HINT).encode(),
        "settings": SETTINGS.encode(),
    }


def corrupt(data: bytes, r: random.Random) -> tuple[str, bytes]:
    """One random corruption of ``data``: its name, and the bytes."""
    at = r.randrange(len(data) + 1)
    digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
    strings = [i for i, b in enumerate(data) if b == 34]
    kind = r.choice(["cut", "flip", "bytes", "number", "number", "deep", "string", "controls", "repeat", "swap"])
    if kind == "cut":
        return kind, data[:at]
    if kind == "flip":
        out = bytearray(data)
        for _ in range(r.randint(1, 8)):
            if out:
                out[r.randrange(len(out))] = r.randrange(256)
        return kind, bytes(out)
    if kind == "bytes":
        return kind, data[:at] + bytes(r.randrange(256) for _ in range(r.randint(1, 16))) + data[at:]
    if kind == "number" and digits:
        i = r.choice(digits)
        j = i
        while j < len(data) and 48 <= data[j] <= 57:
            j += 1
        big = r.choice(
            [
                b"1e400",
                b"-1e400",
                b"NaN",
                b"Infinity",
                b"9" * r.choice([19, 20, 21, 400, 5000]),
                b"9223372036854775808",
                b"-9223372036854775809",
                b"1.5",
                b"-1",
                b"0",
                b"10001",
                b"1e308",
            ]
        )
        return f"number {big[:12].decode()}", data[:i] + big + data[j:]
    if kind == "deep":
        n = r.choice([63, 64, 65, 200, 5000, 100_000])
        opener = r.choice([b"[", b'{"a":'])
        closer = b"]" if opener == b"[" else b"}"
        return f"deep {n}", data[:at] + opener * n + b"1" + closer * n + data[at:]
    if kind == "string" and strings:
        i = r.choice(strings)
        return "string", data[: i + 1] + b"x" * r.choice([100, 10_000, 2_000_000]) + data[i + 1 :]
    if kind == "controls" and strings:
        i = r.choice(strings)
        junk = r.choice([b"\\u001b[2J", b"\\u0007", b"\\u202e", b"\\ud800", b"\x1b]0;x\x07", b"\\u0000"])
        return "controls", data[: i + 1] + junk + data[i + 1 :]
    if kind == "repeat":
        return "repeat", data * r.choice([2, 50])
    if kind == "swap" and len(data) > 2:
        i, j = sorted(r.sample(range(len(data)), 2))
        return "swap", data[:i] + data[j:] + data[i:j]
    return "cut", data[:at]


def one_line(message: str) -> bool:
    """Whether a refusal is one line of a readable length."""
    return "\n" not in message.strip() and len(message) <= LONGEST


def in_process(reader: str, path: Path, home: Path, timeout: float) -> str:
    """Run one reader on ``path`` in this process: 'read', 'refused', 'bad message', 'traceback' or 'hang'."""

    def alarm(signum: int, frame: object) -> None:
        raise Hang

    signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        os.environ["MAHJONG_TUI_HOME"] = str(home)
        if reader == "read_file":
            read_file(path)
        elif reader == "record_info":
            info = record_info(path)
            if info.problem:
                return "refused" if one_line(info.problem) else "bad message"
        elif reader == "settings":
            loaded = load_settings(path)
            if loaded.problem:
                return "refused" if one_line(loaded.problem) else "bad message"
        else:  # a command, run by the same entry point as the real one
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                status = cli_main([reader, str(path)] + (["--text"] if reader == "export" else []))
            if status == 1 or "Traceback" in err.getvalue():
                return "traceback"
            if status == 2:
                return "refused" if one_line(err.getvalue()) else "bad message"
        return "read"
    except Hang:
        return "hang"
    except RecordError as e:
        return "refused" if one_line(str(e)) else "bad message"
    except Exception:
        return "traceback"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def as_command(command: str, path: Path, home: Path, timeout: float) -> str:
    """Run ``mahjong-tui COMMAND path`` as a process: 'read' (exit 0), 'refused', 'bad message', 'traceback', 'hang'."""
    argv = [sys.executable, "-m", "mahjong_tui", command, str(path)] + (["--text"] if command == "export" else [])
    env = dict(os.environ, MAHJONG_TUI_HOME=str(home))
    try:
        done = subprocess.run(argv, capture_output=True, text=True, errors="replace", timeout=timeout, env=env,
                              stdin=subprocess.DEVNULL, cwd=ROOT)  # fmt: skip
    except subprocess.TimeoutExpired:
        return "hang"
    if "Traceback" in done.stderr or done.returncode not in (0, 2):
        return "traceback"
    if done.returncode == 0:
        return "read"
    return "refused" if one_line(done.stderr) else "bad message"


#: (material, reader): a reader of saves, the settings, or a command
TARGETS = [
    ("save", "read_file"), ("save", "record_info"), ("save", "export"),
    ("score", "score"), ("batch", "score"), ("hint", "hint"), ("settings", "settings"),
]  # fmt: skip


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=60.0, help="how long to run (default 60)")
    p.add_argument("--seed", type=int, default=1, help="seed of the corruptions")
    p.add_argument("--commands", type=float, default=0.1, help="share of the cases run as real processes")
    p.add_argument("--timeout", type=float, default=10.0, help="a case running longer than this is a hang")
    args = p.parse_args()
    r = random.Random(args.seed)
    base = materials()
    counts: Counter[str] = Counter()
    worst: dict[str, str] = {}
    deadline = time.monotonic() + args.seconds
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        n = 0
        while time.monotonic() < deadline:
            material, reader = r.choice(TARGETS)
            process = reader in ("score", "hint", "export") and r.random() < args.commands
            kind, data = corrupt(base[material], r)
            path = Path(tmp) / f"case-{n % 4}.{'toml' if material == 'settings' else 'json'}"
            path.write_bytes(data)
            n += 1
            outcome = (as_command(reader, path, home, args.timeout) if process
                       else in_process(reader, path, home, args.timeout))  # fmt: skip
            counts["tried"] += 1
            counts[outcome] += 1
            if outcome in ("traceback", "hang", "bad message") and outcome not in worst:
                keep = Path(tempfile.gettempdir()) / f"hostile-{outcome.replace(' ', '-')}-{n}.bin"
                keep.write_bytes(data)
                worst[outcome] = f"{reader} on {material} ({kind}): kept in {keep}"
        for leftover in Path(tmp).glob("case-*"):
            leftover.unlink()
    order = ["tried", "read", "refused", "bad message", "traceback", "hang"]
    print("  ".join(f"{name}: {counts[name]}" for name in order))
    for outcome, where in worst.items():
        print(f"first {outcome}: {where}")
    return 1 if counts["traceback"] or counts["hang"] or counts["bad message"] else 0


if __name__ == "__main__":
    sys.exit(main())
