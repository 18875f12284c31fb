"""``mahjong-tui score`` refuses hands no table could come to (score-cli.md: exit 2, one line naming the field).

Shanghai's one-suit claim rule (RULES.md §2, ``docs/shanghai.md``): the exposed melds of a hand must be claims
the rule set would have allowed in some order, judged by the same rule the game plays by. A replacement win
(杠开, 杠上开花) needs something replaced: a kong, or in the rule sets with flowers, a kong or a flower.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from mahjong_tui.commands.score import run as run_score

SHANGHAI_CLAIM_RULE = ["shanghai", "shanghai-qq"]
FREE_CLAIMS = ["shanghai-lezi", "changsha"]
WITH_FLOWERS = ["shanghai", "shanghai-qq", "shanghai-lezi"]


def score(capsys: pytest.CaptureFixture[str], situation: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str]:
    """Run the calculator on one situation: (exit status, the result or None, standard error)."""
    status = run_score(["-"], stdin=io.StringIO(json.dumps(situation, ensure_ascii=False)))
    out, err = capsys.readouterr()
    return status, (json.loads(out) if out else None), err


def meld(kind: str, tiles: str, source: int | None = None) -> dict[str, Any]:
    """A meld of the winner (seat 0), claimed from ``source``."""
    return {"type": kind, "tiles": tiles} | ({} if source is None else {"from": source})


def refused(status: int, result: dict[str, Any] | None, err: str, field: str) -> bool:
    """Malformed input: exit 2, nothing on standard output, one line on standard error naming ``field``."""
    return status == 2 and result is None and len(err.splitlines()) == 1 and err.startswith(field)


# --------------------------------------------------------------------------- the one-suit claim rule

# 大吊车 on four melds: the one hand that still qualifies with melds of two suits, so it was scored as a win
CHI_BESIDE_A_PONG = [meld("chi", "123m", 3), meld("pong", "555p", 1), meld("pong", "777s", 2), meld("pong", "999p", 1)]
PONG_BEFORE_THE_CHI = [
    meld("pong", "555p", 1),
    meld("chi", "123m", 3),
    meld("pong", "777s", 2),
    meld("pong", "999p", 1),
]
TWO_CHIS = [meld("chi", "123m", 3), meld("chi", "456p", 3), meld("pong", "777z", 2), meld("pong", "999m", 1)]


@pytest.mark.parametrize("rules", SHANGHAI_CLAIM_RULE)
@pytest.mark.parametrize(
    "melds",
    [
        pytest.param(CHI_BESIDE_A_PONG, id="chi-then-pong-of-another-suit"),
        pytest.param(PONG_BEFORE_THE_CHI, id="pong-then-chi-of-another-suit"),
        pytest.param(TWO_CHIS, id="two-chis-of-different-suits"),
    ],
)
def test_one_suit_rule_refuses_a_chi_beside_a_meld_of_another_suit(
    capsys: pytest.CaptureFixture[str], rules: str, melds: list[dict[str, Any]]
) -> None:
    """One-suit rule: no chi beside an exposed meld of another suit, no suited pong or kong beside a chi of another
    suit, in whatever order the melds were claimed; refused with the game's own reason."""
    status, result, err = score(capsys, {"rules": rules, "winner": 0, "hand": "1z", "win_tile": "1z", "melds": melds})
    assert refused(status, result, err, "melds["), err
    assert "one suit" in err


@pytest.mark.parametrize("rules", SHANGHAI_CLAIM_RULE)
@pytest.mark.parametrize(
    ("hand", "win", "melds", "types"),
    [
        pytest.param("777s999s5z", "5z", [meld("pong", "111m", 1), meld("pong", "555p", 2)], ["pengpenghu"],
                     id="pongs-of-different-suits"),
        pytest.param("456m789m5m", "5m", [meld("chi", "123m", 3), meld("pong", "777z", 1)], ["hunyise"],
                     id="an-honour-pong-beside-a-chi"),
        # a plain hand, so no win, but a hand a table could come to: a concealed kong is not down
        pytest.param("123m456m5z", "5z", [meld("chi", "789m", 3), meld("concealed_kong", "1111p")], None,
                     id="a-concealed-kong-of-another-suit-beside-a-chi"),
    ],
)  # fmt: skip
def test_one_suit_rule_allows_pongs_of_any_suit_and_honour_melds(
    capsys: pytest.CaptureFixture[str], rules: str, hand: str, win: str, melds: list[dict[str, Any]], types: list[str]
) -> None:
    """One-suit rule: pongs of two suits with no chi, an honour pong beside a chi, a concealed kong beside a chi of
    another suit: none is refused."""
    status, result, err = score(capsys, {"rules": rules, "winner": 0, "hand": hand, "win_tile": win, "melds": melds})
    assert (status, err) == (0, "") and result is not None
    if types is not None:
        assert result["valid"] and set(types) <= set(result["types"]), result


@pytest.mark.parametrize("rules", FREE_CLAIMS)
def test_free_claims_let_a_chi_sit_beside_a_meld_of_another_suit(
    capsys: pytest.CaptureFixture[str], rules: str
) -> None:
    """Where claims are free (勒子 §2b, Changsha §3), melds of two suits are scored as any hand."""
    melds = [meld("chi", "123m", 3), meld("pong", "555p", 1), meld("pong", "777s", 2), meld("pong", "999p", 1)]
    status, result, err = score(capsys, {"rules": rules, "winner": 0, "hand": "2s", "win_tile": "2s", "melds": melds})
    assert (status, err) == (0, "") and result is not None


# --------------------------------------------------------------------------- a replacement win needs a replacement


@pytest.mark.parametrize("rules", WITH_FLOWERS)
def test_replacement_win_needs_a_kong_or_a_flower_in_shanghai(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    """杠开: a self-draw on the tile that replaced a kong or a flower. With neither, there was nothing to replace."""
    situation = {"rules": rules, "winner": 0, "hand": "123m456m789m111z5z", "win_tile": "5z", "replacement": True}
    status, result, err = score(capsys, situation)
    assert refused(status, result, err, "replacement:"), err
    assert "kong" in err and "flower" in err


@pytest.mark.parametrize("rules", WITH_FLOWERS)
@pytest.mark.parametrize(
    "replaced",
    [
        pytest.param({"flowers": "f1"}, id="a-flower"),
        pytest.param({"hand": "123m456m789m5z", "melds": [meld("concealed_kong", "1111z")]}, id="a-concealed-kong"),
        pytest.param({"hand": "123m456m789m5z", "melds": [meld("kong", "1111z", 2)]}, id="an-exposed-kong"),
    ],
)
def test_replacement_win_with_a_kong_or_a_flower_is_gangkai_in_shanghai(
    capsys: pytest.CaptureFixture[str], rules: str, replaced: dict[str, Any]
) -> None:
    """杠开 with its kong or flower is scored."""
    situation = {"rules": rules, "winner": 0, "hand": "123m456m789m111z5z", "win_tile": "5z", "replacement": True}
    status, result, err = score(capsys, situation | replaced)
    assert (status, err) == (0, "")
    assert result is not None and result["valid"] and "gangkai" in result["types"]


def test_replacement_win_needs_a_kong_in_changsha(capsys: pytest.CaptureFixture[str]) -> None:
    """杠上开花: a win on a tile 开杠 revealed, so the winner has a kong (Changsha has no flowers)."""
    situation = {"rules": "changsha", "winner": 0, "hand": "123m456p789s234m5p", "win_tile": "5p", "replacement": True}
    status, result, err = score(capsys, situation)
    assert refused(status, result, err, "replacement:"), err
    assert "kong" in err and "flower" not in err


def test_replacement_win_with_a_kong_is_gangshangkaihua_in_changsha(capsys: pytest.CaptureFixture[str]) -> None:
    """杠上开花 with its kong is scored."""
    melds = [meld("concealed_kong", "1111s")]
    situation = {"rules": "changsha", "winner": 0, "hand": "123m456p789s5p", "win_tile": "5p", "replacement": True,
                 "melds": melds}  # fmt: skip
    status, result, err = score(capsys, situation)
    assert (status, err) == (0, "")
    assert result is not None and "gangshangkaihua" in result["types"]
