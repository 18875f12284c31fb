"""Seeded random-legal Shanghai games: every invariant after every action, replay identical."""

from __future__ import annotations

from mahjong_tui.testing.soak import soak


def test_random_legal_shanghai_hands_keep_every_invariant():
    """144 tiles accounted for, hand sizes, only legal actions accepted, points sum to zero, replay identical."""
    stats = soak("shanghai", seed=7, hands=60)
    assert stats.violations == []
    assert stats.hands == 60 and stats.actions > 3000
