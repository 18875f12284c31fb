"""A mend for Textual, applied once as the UI is imported.

``StylesCache.get_inner_outer`` (``textual/_styles_cache.py``) is an ``lru_cache`` on a method, so its
cache keys hold the widget's ``StylesCache`` itself: up to 1,024 caches of widgets long removed, each
with every line it last drew, stay alive (Textual issue #6665). A table that pushes and pops prompts,
curtains and hand summaries removes widgets all hand long, so its process grew and each full garbage
collection walked what it kept. The two background styles depend only on the two colours, so they are
cached on those alone here.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The inner and outer background styles of a widget on ``base_background`` (Textual's own sums)."""
    return Style(background=base_background + background), Style(background=base_background)


def mend_styles_cache() -> None:
    """Cache the background styles on the colours alone, where Textual caches them on the widget's cache too."""
    if hasattr(StylesCache.get_inner_outer, "cache_info"):  # Textual's method, not one it has mended itself
        StylesCache.get_inner_outer = lambda _self, base, background: _inner_outer(base, background)  # type: ignore[method-assign, assignment]


mend_styles_cache()
