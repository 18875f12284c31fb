"""The registry of rule sets: a preset's name to its :class:`~mahjong_tui.engine.ruleset.Ruleset`.

Rule sets register themselves (``register``); the engine only looks them up. The rule
sets that come with the game, and any a plugin package adds, are found through the
``mahjong_tui.rule_sets`` entry point group: each entry names a module whose import
registers its presets. The lookup loads them the first time a name is not yet known, so
``get_ruleset("changsha")`` works from any program that has the game installed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from .ruleset import Ruleset

ENTRY_POINT_GROUP = "mahjong_tui.rule_sets"

_factories: dict[str, Callable[[], Ruleset]] = {}
_made: dict[str, Ruleset] = {}
_lock = threading.Lock()
_discovered = False


class UnknownRules(ValueError):
    """A rules or preset name the game does not know; the message names the choices."""


def register(name: str, factory: Callable[[], Ruleset]) -> None:
    """Make the preset ``name`` known; ``factory`` builds its rule set (once, on first use)."""
    if name in _factories and _factories[name] is not factory:
        raise ValueError(f"rule set {name!r} is registered twice")
    _factories[name] = factory


def _discover() -> None:
    """Import every module the entry point group names (each registers its presets)."""
    global _discovered
    with _lock:
        if _discovered:
            return
        _discovered = True
        from importlib.metadata import entry_points  # only when a name is not yet known

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            ep.load()


def ruleset_names() -> tuple[str, ...]:
    """Every known preset name, in the order they were registered."""
    _discover()
    return tuple(_factories)


def get_ruleset(name: str) -> Ruleset:
    """The rule set of a preset name (the same object every time); UnknownRules names the choices."""
    made = _made.get(name) if isinstance(name, str) else None
    if made is not None:
        return made
    if not isinstance(name, str) or name not in _factories:
        _discover()
    factory = _factories.get(name) if isinstance(name, str) else None
    if factory is None:
        choices = ", ".join(_factories) or "none installed"
        raise UnknownRules(f"unknown rules {name!r} (choose one of: {choices})")
    with _lock:
        made = _made.get(name)
        if made is None:
            made = _made[name] = factory()
    return made


def resolve(rules: str | Ruleset) -> Ruleset:
    """A rule set given as itself or by its preset name."""
    return rules if isinstance(rules, Ruleset) else get_ruleset(rules)
