"""The rule sets that come with the game, registered by preset name.

Each entry below is one preset: its name and how to build its rule set object. The
engine finds them through the registry (:mod:`mahjong_tui.engine.registry`); adding a
preset is its rule module, one entry here, and its page in ``docs/``.
"""

from __future__ import annotations

from mahjong_tui.engine.registry import UnknownRules, get_ruleset, register, ruleset_names

from .changsha import Changsha
from .shanghai import Shanghai
from .shanghai_lezi import ShanghaiLezi
from .shanghai_presets import SHANGHAI_PRESETS

__all__ = ["UnknownRules", "get_ruleset", "ruleset_names"]

register("shanghai", lambda: Shanghai(SHANGHAI_PRESETS["shanghai"]))
register("shanghai-qq", lambda: Shanghai(SHANGHAI_PRESETS["shanghai-qq"]))
register("shanghai-lezi", ShanghaiLezi)
register("changsha", Changsha)
