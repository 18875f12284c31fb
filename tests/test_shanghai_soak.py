"""Seeded random-legal Shanghai games, every preset: every invariant after every action, replay identical."""

from __future__ import annotations

import pytest

from mahjong_tui.testing.soak import soak


@pytest.mark.parametrize(("rules", "hands"), [("shanghai", 60), ("shanghai-lezi", 40)])
def test_random_legal_shanghai_hands_keep_every_invariant(rules: str, hands: int):
    """144 tiles accounted for, hand sizes, only legal actions accepted, points sum to zero, replay identical."""
    stats = soak(rules, seed=7, hands=hands)
    assert stats.violations == []
    assert stats.hands == hands and stats.actions > 50 * hands
