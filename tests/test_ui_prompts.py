"""The prompts of the table, driven by keys and clicks: claims, the 海底, initial small wins, 补张 or 开杠."""

from __future__ import annotations

import pytest
from ui_support import COMPACT, FULL, app_for, changsha_at, claim_game, plain, press, settle, showing, table_of

from mahjong_tui.engine import Action, ActionKind, Game, Phase
from mahjong_tui.ui.screens.choice import ChoiceScreen, choices_for
from mahjong_tui.ui.screens.hand_end import HandEndScreen
from mahjong_tui.ui.screens.help import LeaveScreen
from mahjong_tui.ui.screens.new_game import NewGameScreen
from mahjong_tui.ui.widgets.hand import hand_tiles

# ---------------------------------------------------------------------- the claim prompt


@pytest.mark.parametrize("rules", ["shanghai", "changsha"])
async def test_the_claim_prompt_offers_exactly_the_legal_options(rules: str) -> None:
    game = claim_game(rules, lambda g: len(g.legal_actions(0)) >= 2)
    legal = game.legal_actions(0)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        offered = [c.action for c in screen.choices]
        assert sorted(offered, key=repr) == sorted(legal, key=repr)
        assert len({c.key for c in screen.choices}) == len(screen.choices)
        title = plain(screen.query_one("#choice-title"))
        assert "discarded" in title
        for stray in ("z", "enter", "space", "m", "j"):  # q asks to leave, as at the table (tested below)
            await press(pilot, stray)
        assert app.screen is screen
        assert game.legal_actions(0) == legal


async def test_in_a_claim_dialog_a_hands_the_question_to_the_bot_and_q_asks_to_leave() -> None:
    """The footer's a and q work while a claim dialog asks: a lets the bot answer it (and play on), q asks first,
    Esc returns to the dialog, n leaves the game."""
    game = claim_game("shanghai", lambda g: len(g.legal_actions(0)) >= 2)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        dialog = app.screen
        await press(pilot, "q")
        await settle(pilot, showing(app, LeaveScreen))
        await press(pilot, "escape")
        await settle(pilot, lambda: app.screen is dialog)
        moves = len(game.hand.events)
        await press(pilot, "a")
        await settle(pilot, lambda: len(game.hand.events) > moves and not isinstance(app.screen, ChoiceScreen))
        assert 0 in app.driver.autoplay  # type: ignore[union-attr]
    game = claim_game("shanghai", lambda g: len(g.legal_actions(0)) >= 2)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await press(pilot, "q", "n")
        await settle(pilot, showing(app, NewGameScreen))
        assert app.is_running and app.driver is None and not any(isinstance(s, ChoiceScreen) for s in app.screen_stack)


async def test_a_stray_key_never_throws_a_win_away() -> None:
    game = claim_game("shanghai", lambda g: any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        screen = app.screen
        await press(pilot, "enter", "space", "escape", "x")
        assert app.screen is screen
        assert "again to pass" in plain(screen.query_one("#choice-hint"))
        await press(pilot, "w")
        await settle(pilot, showing(app, HandEndScreen))
        assert 0 in game.hand.winners


async def test_a_refused_option_is_explained_in_one_line() -> None:
    game = claim_game("shanghai", lambda g: bool(g.hand.refusals_for(0)))
    reasons = [r.reason.en for r in game.hand.refusals_for(0)]
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        notes = [plain(n) for n in app.screen.query(".choice-note")]
        assert notes and all(any(r in n for n in notes) for r in reasons)


@pytest.mark.parametrize("discarder", ["left", "top", "right"])
async def test_a_claim_prompt_at_80x24_leaves_the_header_and_the_discarders_river_in_view(discarder: str) -> None:
    """On the smallest table the prompt covers neither the line of facts at the top nor the seat (and river) of
    whoever discarded, wherever that seat sits."""
    from mahjong_tui.ui.look import seat_at

    game = claim_game("shanghai", lambda g: seat_at(discarder, 0) == g.hand.current)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=COMPACT) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        await pilot.pause()
        card = app.screen.query_one("#choice-card").region
        table = table_of(app)
        assert table.layout_mode == "compact"
        header = table.query_one("#info-line").region
        river = table.query_one(f"#cseat-{discarder}").region
        assert header.height and river.height
        assert not card.overlaps(header), (card, header)
        assert not card.overlaps(river), (card, river)
        assert app.screen.query_one("#choice-title").region.y >= river.bottom


def test_choice_keys_follow_the_action_kinds() -> None:
    game = claim_game("shanghai", lambda g: any(a.kind is ActionKind.CHI for a in g.legal_actions(0)))
    choices = choices_for(game.legal_actions(0))
    keys = {c.action.kind: c.key for c in choices if c.action is not None and c.action.kind is not ActionKind.CHI}
    assert keys[ActionKind.PASS] == "x"
    chi_keys = [c.key for c in choices if c.action is not None and c.action.kind is ActionKind.CHI]
    assert chi_keys == [str(i + 1) for i in range(len(chi_keys))]


async def test_the_haidi_is_taken_by_a_key() -> None:
    game = changsha_at(Phase.HAIDI)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        assert {c.key for c in app.screen.choices} == {"t", "x"}  # type: ignore[attr-defined]
        await press(pilot, "t")
        await settle(pilot, lambda: game.hand.phase is not Phase.HAIDI)
        assert game.hand.haidi.taker == 0
        await settle(pilot, lambda: isinstance(app.screen, (ChoiceScreen, HandEndScreen)))
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "w" if app.screen.win_offered else "x")
        await settle(pilot, showing(app, HandEndScreen))


async def test_initial_small_wins_are_declared_by_a_key() -> None:
    game = changsha_at(Phase.INITIAL)
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        assert "initial small wins" in plain(app.screen.query_one("#choice-title"))
        await press(pilot, "d")
        await settle(pilot, lambda: game.hand.phase is not Phase.INITIAL)
        assert 0 in game.hand.initial_declared


async def test_a_claim_option_can_be_clicked() -> None:
    game = claim_game("changsha", lambda g: not any(a.kind is ActionKind.WIN for a in g.legal_actions(0)))
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        index = next(i for i, c in enumerate(screen.choices) if c.action and c.action.kind is not ActionKind.PASS)
        claimed = screen.choices[index].action
        await pilot.pause()
        await pilot.click(f"#choice-{index}")
        await settle(pilot, lambda: app.screen is not screen)
        assert claimed is not None and any(m.source is not None for m in game.hand.players[0].melds)


# ---------------------------------------------------------------------- 开杠 (Changsha)
def kaigang_game(how: str) -> Game:
    """Seat 0 holds 五万×3 and is ready on 2s with the quad set aside; the dealer (seat 3) acts first.

    ``claim``: the dealer discards the fourth 五万, so seat 0 may 补张 or 开杠 it (or pong, or pass).
    ``turn``: the dealer discards 九万 and seat 0 draws the fourth 五万, a concealed quad.
    """
    from mahjong_tui.engine import RiggedDeal, parse_tile

    dealer = ("5m" if how == "claim" else "5p") + "1m3m7m9m1p9p8p2s3s6s4s9s7p"
    hands = ("5m5m5m1p2p3p4p5p6p7s8s9s2s", "2m4m6m8m1p3p5p7p1s3s5s7s9s", "1m3m6m9m2p4p6p8p2s4s6s8s1s", dealer)
    game = Game(
        "changsha",
        1,
        rigged=RiggedDeal(hands, draws="" if how == "claim" else "5m", tail="1m3m4m6m7m8m4s6s8s9s7p9p", dealer=3),
    )
    game.apply(Action(3, ActionKind.DISCARD, parse_tile("5m" if how == "claim" else "9m")))
    assert game.pending_seats() == [0]
    return game


@pytest.mark.parametrize("how", ["claim", "turn"])
async def test_the_kaigang_choice_offers_the_engines_kongs(how: str) -> None:
    from mahjong_tui.engine import KaigangRevealed, KongMode

    game = kaigang_game(how)
    legal = game.legal_actions(0)
    kongs = [a for a in legal if a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG)]
    assert {a.mode for a in kongs} == {KongMode.BUZHANG, KongMode.KAIGANG}
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        if how == "turn":
            await settle(pilot, lambda: table_of(app).actor == 0)
            assert "k kong" in plain(table_of(app).query_one("#me-actions"))
            await press(pilot, "k")
        await settle(pilot, showing(app, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        offered = {c.key: c.action for c in screen.choices}
        expected = legal if how == "claim" else kongs
        assert sorted((a for a in offered.values() if a is not None), key=repr) == sorted(expected, key=repr)
        assert offered["b"] is not None and offered["b"].mode is KongMode.BUZHANG
        assert offered["g"] is not None and offered["g"].mode is KongMode.KAIGANG
        labels = [str(b.label) for b in screen.query("Button.choice")]
        assert any(x.startswith("[b] Buzhang") for x in labels)
        assert any(x.startswith("[g] Kaigang") for x in labels)
        if how == "turn":
            assert offered["escape"] is None  # back to the turn without a kong
        await press(pilot, "g")
        await settle(pilot, lambda: any(isinstance(e, KaigangRevealed) for e in game.hand.events))
        assert game.hand.players[0].kaigang_locked
        assert "开杠" in plain(table_of(app).query_one("#me-header"))
        # Back to seat 0's turn: the table says the drawn tile must go, and nothing else is discarded.
        for _ in range(20):
            await settle(
                pilot, lambda: isinstance(app.screen, (ChoiceScreen, HandEndScreen)) or table_of(app).actor == 0
            )
            if not isinstance(app.screen, ChoiceScreen):
                break
            await press(pilot, "x", "x")
        if isinstance(app.screen, HandEndScreen):
            return
        table = table_of(app)
        assert "开杠: you must discard each tile you draw" in plain(table.query_one("#me-actions"))
        rivers = len(game.hand.players[0].river)
        drawn = game.hand.players[0].last_drawn
        await press(pilot, "1", "1")
        if hand_tiles(table.look(), 0)[0] != drawn:
            assert len(game.hand.players[0].river) == rivers
            await press(pilot, "d")
        await settle(pilot, lambda: len(game.hand.players[0].river) == rivers + 1)
        assert game.hand.players[0].river[-1].tile == drawn
