"""The rule sets that come with the game, registered by preset name.

Each entry below is one preset: its name and how to build its rule set object. The
engine finds them through the registry (:mod:`mahjong_tui.engine.registry`); adding a
preset is its rule module, one entry here, and its page in ``docs/``.
"""

from __future__ import annotations

from importlib import import_module

from mahjong_tui.engine.registry import UnknownRules, get_ruleset, register, ruleset_names
from mahjong_tui.engine.ruleset import Ruleset

__all__ = ["UnknownRules", "get_ruleset", "ruleset_names"]


def _shanghai(preset: str) -> Ruleset:
    from .shanghai import Shanghai
    from .shanghai_presets import SHANGHAI_PRESETS

    return Shanghai(SHANGHAI_PRESETS[preset])


def _made_by(module: str, name: str) -> Ruleset:
    """The rule set class ``name`` of this package's ``module``, made: a preset's module is imported when it is
    first played, not when the presets are listed."""
    made: Ruleset = getattr(import_module(f".{module}", __name__), name)()
    return made


register("shanghai", lambda: _shanghai("shanghai"))
register("shanghai-qq", lambda: _shanghai("shanghai-qq"))
register("shanghai-lezi", lambda: _made_by("shanghai_lezi", "ShanghaiLezi"))
register("changsha", lambda: _made_by("changsha", "Changsha"))
