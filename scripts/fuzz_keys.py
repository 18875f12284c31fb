"""Random keys against every screen of the game, for as long as asked: every crash found, one line each.

    python scripts/fuzz_keys.py --seconds 300
    python scripts/fuzz_keys.py --seconds 60 --seed 7 --size 80x24
    python scripts/fuzz_keys.py --place lessons --size 120x36 --seed 3 --presses 200   # one run again

Every place (the new game screen, the table, a hand's end, the rules, the settings, the resume
list, the lessons, the drills, a replay) at every size, round after round, the seed one more
each round (:mod:`mahjong_tui.testing.fuzz`). What the game keeps goes to a scratch folder,
never the user's. Each kind of crash is printed once, with the place, size and seed that
run it again, and its traceback; exit 1 if any.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from mahjong_tui.testing.fuzz import PLACES, SIZES, fuzz, scratch_environment


def size(text: str) -> tuple[int, int]:
    """``80x24`` as (80, 24)."""
    width, _, height = text.partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 80x24, not {text!r}")
    return int(width), int(height)


def main() -> int:
    """Fuzz, then print each kind of crash with its traceback."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="how long to go on (the run under way is finished)")
    ap.add_argument("--seed", type=int, default=1, help="the first round's seed")
    ap.add_argument("--size", type=size, action="append", help="WIDTHxHEIGHT (again for more; default: 80x24, 120x36)")
    ap.add_argument("--place", choices=PLACES, action="append", help="only this place (again for more)")
    ap.add_argument("--presses", type=int, default=30, help="keys pressed in each run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="mahjong-fuzz-") as scratch:
        os.environ.update(scratch_environment(Path(scratch)))
        os.chdir(scratch)  # a screenshot from the palette lands here too
        crashes = asyncio.run(
            fuzz(
                args.seconds,
                args.seed,
                sizes=tuple(args.size or SIZES),
                places=tuple(args.place or PLACES),
                presses=args.presses,
                tell=lambda line: print(line, flush=True),
            )
        )
    for crash in crashes:
        print(f"\n=== {crash.line()}\nkeys: {' '.join(crash.keys)}\n{crash.error}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
