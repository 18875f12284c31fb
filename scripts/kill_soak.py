"""Kill a player of games at random moments, many times, and check that nothing is lost or counted twice.

    python scripts/kill_soak.py [--kills 100] [--seed 1] [--home DIR]

A child process (:mod:`mahjong_tui.testing.killed`) plays two-hand games of bots, each kept
as the table keeps it. It is killed (SIGKILL, SIGTERM or SIGHUP) either at a random moment
or just as a hand ends (a few milliseconds after it says ``ending``: the hand's last move and
its counting, or at the game's end the record, the statistics and the save's removal, are
then under way). For a kill at a game's
end, how far the end had gone is read from the disk before the next start: ``playing`` (the
last move not saved), ``recorded``, ``counted`` (the save not yet removed) or ``settled``.
After each kill the next start looks for games (:func:`mahjong_tui.keep.unfinished.find_games`),
and every game started so far is checked
(:func:`mahjong_tui.testing.killed.check_kept`): saved to resume with its ended hands
counted, or kept once as ended and counted once. The counts are printed at the end; the
exit status is 1 when anything was wrong.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIGNALS = (signal.SIGKILL, signal.SIGTERM, signal.SIGHUP)


def one_kill(rng: random.Random, seed: int, started: list[str], at_end: bool) -> tuple[str, str]:
    """Run a player, kill it; the signal's name and the game whose end was under way ('' when none was)."""
    child = subprocess.Popen([sys.executable, "-m", "mahjong_tui.testing.killed", str(seed)], stdout=subprocess.PIPE,
                             text=True, env=os.environ.copy())  # fmt: skip
    assert child.stdout is not None
    deadline = time.monotonic() + rng.uniform(0.05, 1.5)
    ending = ""
    aim = rng.choice((1, 2))  # at the first hand's end (its counting), or the second's (the game's end)
    try:
        while True:
            line = child.stdout.readline().split()
            if not line:
                raise RuntimeError("the player stopped by itself")
            if line[0] == "start":
                started.append(line[1])
            elif line[0] == "ending":
                ending = line[1]
                if at_end and int(line[2]) >= aim:
                    time.sleep(rng.uniform(0.0, 0.004))
                    break
            elif line[0] == "kept":
                ending = ""
            if not at_end and time.monotonic() >= deadline:
                break
    finally:
        sig = rng.choice(SIGNALS)
        child.send_signal(sig)
        out, _ = child.communicate(timeout=10)
    for rest in out.splitlines():  # what it said before the kill landed
        if rest.startswith("start "):
            started.append(rest.split()[1])
    return sig.name, ending if ending and f"kept {ending}" not in out else ""


def shown(counts: dict[str, int]) -> str:
    """``3 a, 5 b``: counts by name."""
    return ", ".join(f"{n} {name}" for name, n in sorted(counts.items()))


def main() -> int:
    """Kill, look, check; print the counts."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--home", type=Path, default=None, help="the data directory (default: a new temporary one)")
    ns = p.parse_args()
    home = ns.home or Path(tempfile.mkdtemp(prefix="kill-soak-"))
    os.environ["MAHJONG_TUI_HOME"] = str(home)
    from mahjong_tui.keep.unfinished import find_games
    from mahjong_tui.testing.killed import check_kept, end_state, what_is_kept

    rng = random.Random(ns.seed)
    started: list[str] = []
    wrong: list[str] = []
    ends: dict[str, int] = {}
    by_signal: dict[str, int] = {}
    begun = time.monotonic()
    for k in range(ns.kills):
        name, ending = one_kill(rng, ns.seed * 1000 + k, started, at_end=k % 2 == 0)
        by_signal[name] = by_signal.get(name, 0) + 1
        if ending:
            state = end_state(ending)
            ends[state] = ends.get(state, 0) + 1
        find_games()  # the next start: what was left half done is completed
        wrong += [f"after kill {k + 1}: {w}" for w in check_kept(started)]
    kept = what_is_kept()
    print(f"{ns.kills} kills ({shown(by_signal)}), "
          f"aimed at a hand's end, how far the game's end had gone: {shown(ends) or 'none'}; "
          f"{len(started)} games started: {len(kept.finished)} kept as ended, {len(kept.saves)} saved to resume; "
          f"problems: {len(wrong)} ({time.monotonic() - begun:.0f} s, data in {home})")  # fmt: skip
    for line in wrong[:20]:
        print("  " + line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
