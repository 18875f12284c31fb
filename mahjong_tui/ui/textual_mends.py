"""A mend for Textual, applied once as the UI is imported.

``StylesCache.get_inner_outer`` (``textual/_styles_cache.py``) is an ``lru_cache`` on a method, so its
cache keys hold the widget's ``StylesCache`` itself: up to 1,024 caches of widgets long removed, each
with every line it last drew, stay alive (Textual issue #6665). A table that pushes and pops prompts,
curtains and hand summaries removes widgets all hand long, so its process grew and each full garbage
collection walked what it kept. The two background styles depend only on the two colours (Textual's
function never reads the cache it is given), so they are cached on those alone here.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache


def mend_styles_cache() -> None:
    """Cache Textual's own background styles on the colours alone, where Textual caches them on the widget's cache
    too (its method is left as it is once Textual no longer caches it so)."""
    cached = StylesCache.get_inner_outer
    textual_sums = getattr(cached, "__wrapped__", None)
    if textual_sums is None or not hasattr(cached, "cache_info"):
        return
    sums = lru_cache(1024)(lambda base, background: textual_sums(None, base, background))
    StylesCache.get_inner_outer = lambda _self, base, background: sums(base, background)  # type: ignore[method-assign, assignment]


mend_styles_cache()
