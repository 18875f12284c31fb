"""八花 in the deal (RULES.md §2, ``docs/shanghai.md``): a player holding all 8 flowers once the deal's 补花 is done
declares at once, before the dealer's first discard (the dealer first if both could win), paid as a self-draw, with
the situational types it has (地胡 for a non-dealer where the preset has it).
"""

from __future__ import annotations

import pytest
from support import find, of

from mahjong_tui.engine import (
    ActionKind,
    ClaimLost,
    Game,
    Phase,
    PlayerWon,
    RiggedDeal,
    game_from_record,
    game_record,
    play_until_decision,
    scripted_hand,
    seat_view,
)

# the dealer, seat 0: nothing that wins; seat 2 is dealt all eight flowers and five tiles
DEALER = "1z1z2z2z3z3z4z4z6z6z7z7z9m9s"
EIGHT_FLOWERS = "f12345678 1m2m3m4p5p"
REPLACEMENTS = "6p7p8p9p1s2s3s4s"  # seat 2's eight replacements, from the tail
OTHERS = ["1s1s2s2s3s3s4s4s6s6s7s7s9s", "1p1p2p2p3p3p7p7p8p8p9p9p8m"]
BAHUA_DEAL = [DEALER, OTHERS[0], EIGHT_FLOWERS, OTHERS[1]]
SHANGHAI_FAMILY = ["shanghai", "shanghai-qq", "shanghai-lezi"]


@pytest.mark.parametrize(
    ("rules", "types", "share"),
    [
        pytest.param("shanghai", {"dihu", "bahua"}, 80, id="shanghai-dihu-8-lezi"),
        pytest.param("shanghai-qq", {"dihu", "bahua"}, 80, id="shanghai-qq-dihu-8-lezi"),
        pytest.param("shanghai-lezi", {"bahua"}, 20, id="shanghai-lezi-bahua-2-lezi"),
    ],
)
def test_bahua_dealt_to_a_non_dealer_is_declared_before_the_dealers_first_discard(
    rules: str, types: set[str], share: int
) -> None:
    """八花 in the deal: seat 2, dealt all eight flowers, may declare at once, before the dealer discards; it is paid
    as a self-draw by all three others, 地胡 counted where the preset has it."""
    h = scripted_hand(rules, BAHUA_DEAL, tail=REPLACEMENTS, dice=(2, 3))  # dice that add no 荒番 and give no 开宝
    assert len(h.players[2].flowers) == 8 and h.players[2].size() == 13
    assert h.phase is Phase.DEALT_WIN and h.pending_seats() == [2]
    assert {a.kind for a in h.legal_actions(2)} == {ActionKind.WIN, ActionKind.PASS}
    assert h.legal_actions(0) == []  # the dealer waits: no discard before the declaration
    win = find(h, "2 win")
    preview = h.offered_wins[win]
    assert preview.valid and set(preview.types) == types
    won = of(h.apply(win), PlayerWon)
    assert [w.seat for w in won] == [2] and set(won[0].result.types) == types
    assert h.over and h.winners == (2,)
    assert tuple(h.payments) == (-share, -share, 3 * share, -share)


@pytest.mark.parametrize("rules", SHANGHAI_FAMILY)
def test_bahua_dealt_and_passed_play_goes_on_from_the_dealer(rules: str) -> None:
    """八花 in the deal, not declared: the dealer's turn opens as usual, and seat 2 keeps its flowers."""
    h = scripted_hand(rules, BAHUA_DEAL, tail=REPLACEMENTS)
    h.apply(find(h, "2 pass"))
    assert h.phase is Phase.TURN and h.current == 0 and not h.over
    assert any(a.kind is ActionKind.DISCARD for a in h.legal_actions(0))
    assert h.players[2].passed_wins == set()  # no 漏胡: the declaration is no win on a discard
    assert h.check_invariants() == []


def test_bahua_in_the_deal_the_dealer_declares_first_when_both_could() -> None:
    """八花 in the deal, the dealer first: with 天胡 in the dealer's hand, both are asked; both win, and the dealer's
    天胡 is the one paid, seat 2 told why its declaration came second."""
    h = scripted_hand("shanghai", ["123m456m789m111z5z5z", OTHERS[0], EIGHT_FLOWERS, OTHERS[1]], tail=REPLACEMENTS)
    assert h.phase is Phase.DEALT_WIN and set(h.pending_seats()) == {0, 2}
    events = h.apply(find(h, "2 win")) + h.apply(find(h, "0 win"))
    won = of(events, PlayerWon)
    assert [w.seat for w in won] == [0] and "tianhu" in won[0].result.types
    assert [(c.seat, c.by) for c in of(events, ClaimLost)] == [(2, 0)]


def test_bahua_in_the_deal_not_offered_to_seven_flowers() -> None:
    """八花 needs all eight: seven flowers in the deal open no declaration."""
    seven = "f1234567 1m2m3m4p5p9s"
    h = scripted_hand("shanghai", [DEALER, OTHERS[0], seven, OTHERS[1]], tail=REPLACEMENTS[:14])
    assert h.phase is Phase.TURN and h.current == 0


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bahua_in_the_deal_every_bot_declares_it(level: str) -> None:
    """Bots take the 八花 declaration: a win paid at once."""
    from bots import create_bot

    h = scripted_hand("shanghai-lezi", BAHUA_DEAL, tail=REPLACEMENTS)
    chosen = create_bot(level, 2).choose(seat_view(h, 2))
    assert chosen.kind is ActionKind.WIN


def test_bahua_in_the_deal_replays_from_its_record() -> None:
    """A game whose non-dealer declares 八花 in the deal is played through the one loop by bots, and its record
    replays to the same events."""
    from bots import create_bot

    deal = RiggedDeal(tuple(BAHUA_DEAL), tail=REPLACEMENTS)  # type: ignore[arg-type]
    game = Game("shanghai", 3, rigged=deal)
    bots = {s: create_bot("normal", s) for s in range(4)}
    play_until_decision(game, bots)
    won = [e for e in game.hand_events if isinstance(e, PlayerWon)]
    assert [w.seat for w in won] == [2] and "bahua" in won[0].result.types
    again = game_from_record(game_record(game))
    assert again.events == game.events


async def test_bahua_in_the_deal_the_table_offers_the_declaration_by_a_key() -> None:
    """八花 in the deal at the table: the person dealt all eight flowers is asked before the dealer discards, sees what
    the win pays and the rule of the moment, and declares with w."""
    from ui_support import FULL, app_for, plain, press, settle, showing

    from mahjong_tui.ui.screens.choice import ChoiceScreen
    from mahjong_tui.ui.screens.hand_end import HandEndScreen

    hands = (EIGHT_FLOWERS, OTHERS[0], OTHERS[1], DEALER)
    game = Game("shanghai-lezi", 1, rigged=RiggedDeal(hands, tail=REPLACEMENTS, dealer=3, dice=(2, 3)))
    assert game.hand.phase is Phase.DEALT_WIN and game.pending_seats() == [0]
    app = app_for(game.rules.name, game.seed, game=game)
    async with app.run_test(size=FULL) as pilot:
        await settle(pilot, showing(app, ChoiceScreen))
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert {c.key for c in screen.choices} == {"w", "x"}
        assert "declare it before the dealer's first discard" in plain(screen.query_one("#choice-title"))
        explain = " ".join(" ".join(plain(w).split()) for w in screen.query(".choice-info"))
        assert "八花 in the deal" in explain and "you collect 60" in explain, explain
        await press(pilot, "w")
        await settle(pilot, showing(app, HandEndScreen))
    assert game.hand.winners == (0,) and game.hand.payments == [60, -20, -20, -20]
