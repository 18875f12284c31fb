"""Rule sets: Shanghai and Changsha, and their named presets.

``family_of`` maps a preset name (``shanghai``, ``shanghai-qq``, ``changsha`` …) to its
rule family; ``score`` scores a :class:`~mahjong_tui.rules.scoring.WinContext` with the
rules its ``rules`` field names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import ScoreResult, WinContext

if TYPE_CHECKING:
    from .base import Ruleset

FAMILIES = ("shanghai", "changsha")

PRESET_FAMILY: dict[str, str] = {
    "shanghai": "shanghai",
    "shanghai-qq": "shanghai",
    "changsha": "changsha",
}


class UnknownRules(ValueError):
    """A rules or preset name the game does not know."""


def family_of(name: str) -> str:
    """The rule family of a preset name; UnknownRules names the choices."""
    try:
        return PRESET_FAMILY[name]
    except (KeyError, TypeError):
        choices = ", ".join(PRESET_FAMILY)
        raise UnknownRules(f"unknown rules {name!r} (choose one of: {choices})") from None


def score(ctx: WinContext) -> ScoreResult:
    """Score a win (or Changsha's initial small wins) under ``ctx.rules``."""
    family = family_of(ctx.rules)
    if family == "shanghai":
        from .shanghai_scoring import score_shanghai

        return score_shanghai(ctx)
    from .changsha_scoring import score_changsha

    return score_changsha(ctx)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset object for a preset name (imported lazily: the engine imports this package)."""
    family = family_of(name)
    if family == "shanghai":
        from .shanghai import Shanghai

        return Shanghai(name)
    from .changsha import Changsha

    return Changsha(name)
