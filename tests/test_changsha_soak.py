"""Changsha soak: seeded random legal play with every invariant checked after every action.

Short runs for the test suite (a few seconds); ``scripts/soak_random.py`` runs thousands
of hands. Each game is replayed from its record and must give identical events.
"""

from __future__ import annotations

import pytest

from mahjong_tui.testing.soak import soak


@pytest.mark.parametrize("seed", [11, 12])
def test_changsha_random_legal_play_keeps_every_invariant(seed):
    """Random legal play: tiles conserved, hand sizes right, points sum to zero, replay identical."""
    stats = soak("changsha", seed, 80)
    assert stats.violations == []
    assert stats.hands == 80 and stats.wins + stats.draws == 80
    assert stats.wins > 0 and stats.events["haidi_offered"] > 0
    assert 0 < stats.events["BirdDrawn"] <= stats.wins  # one bird per won hand while a tile is left


def test_changsha_soak_is_reproducible():
    """The same seed gives the same run."""
    a = soak("changsha", 3, 20, replay=False)
    b = soak("changsha", 3, 20, replay=False)
    assert (a.hands, a.wins, a.draws, a.actions) == (b.hands, b.wins, b.draws, b.actions)
    assert a.hand_types == b.hand_types and a.events == b.events
