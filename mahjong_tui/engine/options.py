"""Game options: the numbers chosen when a game is created."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Numbers chosen when a game is created."""

    base: int = 1
    starting_points: int | None = None  # None: the rule set's default
    max_hands: int | None = None  # None: play until a player cannot go on

    def to_json(self) -> dict[str, object]:
        """JSON form for game records."""
        return {"base": self.base, "starting_points": self.starting_points, "max_hands": self.max_hands}
