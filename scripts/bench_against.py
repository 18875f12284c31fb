"""The figures of this tree against an earlier commit, in one run: ``python scripts/bench.py --against REV``.

REV is checked out into a temporary ``git worktree`` (removed at the end). Every figure is
taken in a fresh process whose path has the tree measured first (the process checks that the
game and the bots came from there), and the runs alternate between the two trees, the order
swapped each round, so that a busy moment of the machine falls on both alike. Figures:

* ``simulate`` hands per second (its own clock, after the imports) for shanghai-lezi,
  shanghai and changsha with normal, easy, normal, easy bots, and with four hard bots,
  with each run's digest (the same digest means the same decisions were made) and the
  same rate by the child's own CPU time (from the command on), which the machine's other
  work sways less;
* the first-frame times of ``scripts/startup.py``, from starting the process: ``mahjong-tui``'s
  new game screen drawn, then filled in; ``mahjong-tui play``'s table drawn, then with its
  hints worked out and play started; and a bare Textual app for reference. The same probes
  run in both trees (they know the tables of both: one drawn before its hints, and one
  that worked them out first).

Prints the median of each figure for each tree and the ratio (this tree / REV), then each
tree's first frames as ratios to the bare app of the same run.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import startup  # scripts/startup.py: its probes and its clock

ROOT = Path(__file__).resolve().parent.parent
DRAWN = "first frame: new game screen drawn"
TABLE = "play: table drawn"
BARE = "first frame: bare Textual app (reference)"
MIXED = "normal,easy,normal,easy"
HARD = "hard,hard,hard,hard"
SIM_RULES = ("shanghai-lezi", "shanghai", "changsha")

# the child: the tree first on its path, the game and the bots checked to come from it, then ``simulate --json``
_SIMULATE = """
import sys
tree = {tree!r}
sys.path.insert(0, tree)
import bots, mahjong_tui
for module in (bots, mahjong_tui):
    if not module.__file__.startswith(tree):
        sys.exit(module.__name__ + " was imported from " + module.__file__ + ", not from " + tree)
import time
from mahjong_tui.cli import main
start = time.process_time()
status = main({argv!r})
sys.stderr.write(f"\\ncpu-seconds {{time.process_time() - start}}\\n")
sys.exit(status)
"""


@dataclass
class Figure:
    """One figure: what it is, its unit, and each tree's runs (and digests)."""

    label: str
    unit: str  # "hands/s" (more is faster) or "s" (less is faster)
    runs: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)  # hands per second of the child's own CPU time
    digests: dict[str, list[str]] = field(default_factory=dict)

    def add(self, tree: str, value: float, digest: str | None = None, cpu: float | None = None) -> None:
        """One run's value (and digest, and rate by CPU time) for ``tree``."""
        self.runs.setdefault(tree, []).append(value)
        if digest is not None:
            self.digests.setdefault(tree, []).append(digest)
        if cpu is not None:
            self.cpu.setdefault(tree, []).append(cpu)


def simulate_once(tree: Path, rules: str, bots: str, hands: int, seed: int) -> tuple[float, str, float]:
    """Hands per second, the digest and hands per CPU-second (the child's, from the command on) of one ``simulate``
    run in ``tree``."""
    argv = ["simulate", "--rules", rules, "--hands", str(hands), "--seed", str(seed), "--bots", bots, "--json"]
    out = subprocess.run(
        [sys.executable, "-c", _SIMULATE.format(tree=str(tree), argv=argv)],
        cwd=tree,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or [f"exit status {out.returncode}"])[-1]
        raise RuntimeError(f"simulate in {tree} failed: {last}")
    data = json.loads(out.stdout)
    cpu = float(out.stderr.strip().splitlines()[-1].split()[-1])
    return data["hands"] / data["seconds"], data["digest"], data["hands"] / cpu


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def _alternating(round_: int, names: list[str]) -> list[str]:
    return names if round_ % 2 == 0 else names[::-1]


def measure(
    trees: dict[str, Path], rounds: int, hands: int, hard_hands: int, seed: int, startup_runs: int
) -> list[Figure]:
    """Every figure for every tree, runs alternating between the trees."""
    names = list(trees)
    sims: list[tuple[Figure, str, str, int]] = []
    for bots, n in ((MIXED, hands), (HARD, hard_hands)):
        for rules in SIM_RULES:
            what = MIXED if bots == MIXED else "4 hard"
            sims.append((Figure(f"simulate {rules}, {what} ({n} hands)", "hands/s"), rules, bots, n))
    for r in range(rounds):
        for fig, rules, bots, n in sims:
            for name in _alternating(r, names):
                rate, digest, cpu = simulate_once(trees[name], rules, bots, n, seed)
                fig.add(name, rate, digest, cpu)
        print(f"  simulate round {r + 1} of {rounds} done", file=sys.stderr, flush=True)
    width, height = 120, 36
    codes = startup.probes(width, height)
    frames = {
        "game": (Figure(DRAWN, "s"), Figure("first frame: presets filled in", "s")),
        "play": (Figure(TABLE, "s"), Figure("play: hints worked out, play started", "s")),
    }
    bare = Figure(BARE, "s")
    for name in names:  # warm-ups: the file cache of each tree, its compiled modules written
        for probe in frames:
            startup.once(codes[probe], trees[name])
    startup.once(codes["bare"])
    for r in range(startup_runs):
        for name in _alternating(r, names):
            for probe, (ready, done) in frames.items():
                at_ready, at_done = startup.once(codes[probe], trees[name])
                ready.add(name, at_ready)
                done.add(name, at_done)
        bare.add(names[0], startup.once(codes["bare"])[0])
    return [f for f, *_ in sims] + [f for pair in frames.values() for f in pair] + [bare]


def _digests(fig: Figure, names: list[str]) -> str:
    if not fig.digests:
        return ""
    per = [sorted(set(fig.digests.get(n, []))) for n in names]
    if any(len(d) != 1 for d in per):
        return "varies between runs: " + " / ".join(",".join(x[:12] for x in d) for d in per)
    if len(per) == 2 and per[0] == per[1]:
        return f"same {per[0][0][:16]}"
    return "differ " + " / ".join(d[0][:12] for d in per)


def report(figures: list[Figure], names: list[str], rev_label: str) -> None:
    """Medians side by side, the ratio, and whether the digests match."""
    width = max(len(f.label) for f in figures) + 2
    print(f"{'figure':<{width}}{names[0]:>14}{rev_label:>14}{'ratio':>9}{'by cpu':>9}  digests")
    for fig in figures:
        cells = []
        medians = []
        for n in names:
            runs = fig.runs.get(n)
            if runs:
                m = statistics.median(runs)
                medians.append(m)
                cells.append(f"{m:>10.1f} h/s" if fig.unit == "hands/s" else f"{m:>12.3f} s")
            else:
                medians.append(None)
                cells.append(f"{'-':>14}")
        a, b = medians[0], medians[1] if len(medians) > 1 else None
        ratio = f"{a / b:>8.2f}x" if a is not None and b else f"{'':>9}"
        cpu = [statistics.median(fig.cpu[n]) for n in names if fig.cpu.get(n)]
        by_cpu = f"{cpu[0] / cpu[1]:>8.2f}x" if len(cpu) == 2 else f"{'':>9}"
        print(f"{fig.label:<{width}}{''.join(cells)}{ratio}{by_cpu}  {_digests(fig, names)}")
    print(
        f"(ratio: this tree / {rev_label}; hands/s: above 1 is faster, seconds: below 1 is faster; by cpu: the same\n"
        " ratio of hands per second of each run's own CPU time, less swayed by the machine's other work)"
    )
    by_label = {f.label: f for f in figures}
    bare = by_label.get(BARE)
    if bare is not None and bare.runs:
        reference = statistics.median(next(iter(bare.runs.values())))
        print(f"\nfirst frames against the bare Textual app of this run ({reference:.3f} s):")
        for n in names:
            shown = [
                f"{label} {statistics.median(by_label[label].runs[n]) / reference:.2f}x"
                for label in (DRAWN, TABLE)
                if label in by_label and by_label[label].runs.get(n)
            ]
            print(f"  {n}: " + "; ".join(shown))


def run_against(rev: str, rounds: int, hands: int, hard_hands: int, seed: int, startup_runs: int) -> int:
    """Check ``rev`` out into a temporary worktree, measure both trees, print the figures; the exit status."""
    try:
        sha = _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except subprocess.CalledProcessError:
        print(f"bench: {rev!r} is not a commit of this repository", file=sys.stderr)
        return 2
    head = _git("rev-parse", "--short", "HEAD")
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    tmp = Path(tempfile.mkdtemp(prefix="mahjong-bench-"))
    tree = tmp / rev.replace("/", "_")
    _git("worktree", "add", "--detach", "--quiet", str(tree), sha)
    names = ["this tree", rev]
    print(f"this tree: {ROOT} at {head}{' with changes' if dirty else ''}; {rev}: {sha[:12]} in {tree}")
    print(
        f"python {sys.version.split()[0]}; seed {seed}; {rounds} runs of each simulate figure, {startup_runs} of each "
        "first-frame figure; medians; the runs alternate between the trees\n",
        flush=True,
    )
    try:
        figures = measure({names[0]: ROOT, rev: tree}, rounds, hands, hard_hands, seed, startup_runs)
    finally:
        _remove(tree, tmp)
    report(figures, names, rev)
    return 0


def _remove(tree: Path, tmp: Path) -> None:
    """Remove the temporary worktree and its folder."""
    subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)
