"""三口 on the table (RULES §2): who has claimed how many discards from whom, and a warning before the discard
that could be a player's third claim from you, naming what it would cost."""

from __future__ import annotations

from test_ui_learning import text_of
from textual.widgets import Static
from ui_support import settle, table_of

from mahjong_tui.testing.fixtures import demo_app, one_claim_from_sankou


async def test_the_table_warns_before_a_discard_that_could_relate_two_players() -> None:
    """RULES §2 三口: seat 1 took two of your discards; your turn line says a third relates you and what it costs."""
    app = demo_app(one_claim_from_sankou())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, lambda: table_of(app).actor == 0)
        table = table_of(app)
        actions = text_of(table.query_one("#me-actions", Static).content)
        name = table.look().names[1]
        said = " ".join(actions.split())
        assert f"{name} has taken 2 of your discards; one more is 三口" in said
        assert f"you would pay 5 shares on {name}'s self-draw (not 1), 2 if you deal in to {name}" in said
        screen = " ".join(text_of(w.render()) for w in table.query("SeatPanel"))
        assert f"took from {table.look().names[0]} 2" in screen
