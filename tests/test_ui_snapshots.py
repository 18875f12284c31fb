"""Snapshot tests of the main screens at fixed sizes, on seeded positions.

Update after looking at the pictures: ``pytest tests/test_ui_snapshots.py --snapshot-update``
(``snapshot_report.html`` shows the differences when one fails).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mahjong_tui.i18n import use
from mahjong_tui.testing.fixtures import claim_prompt, demo_app, hand_won, kaigang_prompt, mid_hand
from mahjong_tui.ui.app import MahjongApp
from mahjong_tui.ui.config import Display, Palette, TileStyle

FULL = (120, 36)
COMPACT = (80, 24)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A test in Chinese leaves the app speaking English again."""
    yield
    use("en")


class TestTableSnapshots:
    """The table in its layouts and tile styles."""

    def test_shanghai_mid_hand(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1)), terminal_size=FULL)

    def test_changsha_mid_hand(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("changsha", 1)), terminal_size=FULL)

    def test_compact_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1)), terminal_size=COMPACT)

    def test_too_small(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1)), terminal_size=(70, 20))

    def test_plain_text_colour_blind(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        look = Display(style=TileStyle.PLAIN, palette=Palette.COLOURBLIND)
        assert snap_compare(demo_app(mid_hand("changsha", 1), display=look), terminal_size=FULL)


class TestDialogSnapshots:
    """Prompts, the curtain, the end of a hand, the new game form."""

    def test_claim_prompt(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(claim_prompt("shanghai", 1)), terminal_size=FULL)

    def test_kaigang_prompt(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(kaigang_prompt()), terminal_size=FULL)

    def test_claim_prompt_compact(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(claim_prompt("changsha", 1)), terminal_size=COMPACT)

    def test_hotseat_curtain(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1), humans=2), terminal_size=FULL)

    def test_hand_end(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(hand_won("changsha", 1)), press=["w"], terminal_size=FULL)

    def test_new_game(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(MahjongApp(), terminal_size=FULL)


class TestChineseSnapshots:
    """The table, a prompt and the end of a hand in Chinese (中文)."""

    def test_table(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("changsha", 1), language="zh"), terminal_size=FULL)

    def test_table_compact(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(mid_hand("shanghai", 1), language="zh"), terminal_size=COMPACT)

    def test_claim_prompt(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(claim_prompt("shanghai", 1), language="zh"), terminal_size=FULL)

    def test_hand_end(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(hand_won("changsha", 1), language="zh"), press=["w"], terminal_size=FULL)

    def test_hand_end_both(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(demo_app(hand_won("changsha", 1), language="both"), press=["w"], terminal_size=FULL)
