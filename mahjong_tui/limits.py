"""The numbers a game may be set up with: the new game screen, the command line and a save read back are held
to the same limits.

The seed is kept in the statistics database as an SQLite INTEGER (signed, 64 bits); the
base score, starting points and hands are far beyond any real game's, yet small enough
that no score, however many hands it sums, leaves a 64-bit integer.
"""

from __future__ import annotations

MIN_SEED, MAX_SEED = 0, 2**63 - 1
MIN_BASE, MAX_BASE = 1, 10_000
MIN_POINTS, MAX_POINTS = 1, 1_000_000
MIN_HANDS, MAX_HANDS = 1, 1_000
#: ``simulate --hands``: a run of bots' hands, however long one may wait for it
MAX_SIMULATED_HANDS = 10_000_000
