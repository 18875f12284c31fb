"""The words of the keys in the footer, from the message catalogue, in the language in use.

Textual reads a screen's keys from its ``BINDINGS``, made once when the class is defined,
before any language is chosen. So a binding's description here names a catalogue key
(``Binding("w", "win", "table.key_win")``), and :func:`word_keys` gives a screen (or the
app) bindings of its own whose descriptions are the texts of those keys in the language
in use. :class:`Worded` does it for a screen when it is made, and again when the language
changes (:meth:`Worded.relabel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from mahjong_tui.i18n import MissingText, t

from .wrapping import NO_BREAK, wrapped

#: the keys Textual gives every screen, by their English words: their catalogue keys
_TEXTUAL_KEYS = {
    "Focus Next": "textual.focus_next",
    "Focus Previous": "textual.focus_previous",
    "Copy selected text": "textual.copy",
}


def worded(text: str) -> str:
    """The catalogue's text for a key such as ``table.key_win``; any other text as it is.

    The words of the keys Textual gives every screen are in the catalogue too.
    """
    if text in _TEXTUAL_KEYS:
        return t(_TEXTUAL_KEYS[text])
    if not text or "." not in text or " " in text:
        return text
    try:
        return t(text)
    except MissingText:
        return text


def _worded_binding(binding: Binding) -> Binding:
    """The binding with its description and tooltip in the language in use."""
    return replace(binding, description=worded(binding.description), tooltip=worded(binding.tooltip))


def word_keys(node: DOMNode) -> None:
    """Give ``node`` bindings whose descriptions are in the language in use (its class's, reworded)."""
    merged = type(node)._merged_bindings
    if merged is None:
        return
    keys = {key: [_worded_binding(b) for b in bindings] for key, bindings in merged.key_to_bindings.items()}
    node._bindings = BindingsMap.from_keys(keys)


class Worded:
    """A screen whose keys are worded from the catalogue (a mixin, before the Textual screen class)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        """Make the screen, then word its keys."""
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        word_keys(self)  # type: ignore[arg-type]

    def relabel(self) -> None:
        """The language changed: the keys and every text again, in the new one."""
        word_keys(self)  # type: ignore[arg-type]
        word_keys(self.app)  # type: ignore[attr-defined]
        self.refresh(recompose=True)  # type: ignore[attr-defined]
        self.refresh_bindings()  # type: ignore[attr-defined]


#: Textual's own commands in the palette, by their English title: the catalogue keys of their words
_TEXTUAL_COMMANDS = {
    "Theme": "theme",
    "Quit": "quit",
    "Keys": "keys",
    "Minimize": "minimize",
    "Maximize": "maximize",
    "Screenshot": "screenshot",
}


def textual_command(title: str, help_text: str) -> tuple[str, str]:
    """One of Textual's own palette commands in the language in use: (title, help); another as it is."""
    key = _TEXTUAL_COMMANDS.get(title)
    if key is None:
        return title, help_text
    if key == "keys":
        return t("textual.keys"), t("textual.keys_hide" if help_text.startswith("Hide") else "textual.keys_show")
    return t(f"textual.{key}"), t(f"textual.{key}_help")


def key_line(keys: Sequence[tuple[str, str]]) -> RenderableType:
    """A screen's own line of keys (key, message key of what it does), in the language in use.

    It wraps between keys, never inside one: a key and its words are joined by no-break spaces.
    """
    out = Text()
    for key, what in keys:
        out.append(f" {key}", style="bold")
        out.append(NO_BREAK + t(what).replace(" ", NO_BREAK) + " ")
    return wrapped(out)
