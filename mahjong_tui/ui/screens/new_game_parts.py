"""The new game screen's parts: its keys line (:class:`KeysLine`), the presets and bot levels it offers (loaded after
its first frame), its fields' labels, and the line saying what a preset is."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input

from mahjong_tui.i18n import current, has_text, t

from ..config import BOT_SPEEDS, Privacy, named, rules_summary
from ..wrapping import pack

if TYPE_CHECKING:
    from mahjong_tui.engine import Ruleset

W = TypeVar("W", bound=Widget)


def privacy_choices() -> list[tuple[str, str]]:
    """The privacy settings, labelled in the language in use."""
    return [(t(f"new_game_screen.privacy_{p.value}"), p.value) for p in Privacy]


def speed_choices() -> list[tuple[str, str]]:
    """The bots' speeds, labelled in the language in use."""
    return [(t(f"new_game_screen.speed_{k}"), k) for k in BOT_SPEEDS]


def player_label(level: str) -> str:
    """``human``, or ``bot · hard``, in the language in use."""
    if level == "human":
        return t("new_game_screen.human")
    known = f"new_game_screen.level_{level}"
    return t("new_game_screen.bot", level=t(known) if has_text(known) else level)


def _key(key: str, what: str) -> Text:
    """One key and what it does (a trailing space: two between keys once packed)."""
    return Text.assemble((key, "bold"), f" {what} ")


def form_keys() -> list[Text]:
    """The form's keys."""
    return [
        _key(key, t(f"new_game_screen.keys_{words}"))
        for key, words in (
            ("←→", "choose"),
            ("Tab", "next"),
            ("Enter/^s", "start"),
            ("^r", "rules"),
            ("Esc", "quit"),
            ("^p", "commands"),
        )
    ]


def keys_line(saved: bool) -> list[Text]:
    """The form's keys, with resuming when there is a saved game."""
    keys = [("^o", t("new_game_kept.key_resume"))] if saved else []
    keys += [
        ("^l", t("lesson.key_learn")),
        ("^g", t("new_game_kept.key_records")),
        ("^t", t("new_game_kept.key_statistics")),
        ("F2", t("new_game_kept.key_settings")),
    ]
    return form_keys() + [_key(key, what) for key, what in keys]


class KeysLine(Widget):
    """The form's keys in as many lines as the width needs, a line broken only between two keys.

    (One line of text rather than a Footer, which is rebuilt at every focus change.)
    """

    DEFAULT_CSS = "KeysLine { height: auto; padding: 0 0 0 1; }"

    def __init__(self, keys: list[Text], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.keys = keys

    def show(self, keys: list[Text]) -> None:
        """Other keys (or the same in another language)."""
        self.keys = keys
        self.refresh(layout=True)

    def render(self) -> Text:
        """The keys packed to the width."""
        return pack(self.keys, max(1, self.content_size.width))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the keys take at ``width``."""
        return pack(self.keys, max(1, width)).plain.count("\n") + 1


class Presets(NamedTuple):
    """What the form needs from the rule sets and the bots."""

    rules: list[tuple[str, str]]  # (label, preset) for every preset
    players: list[tuple[str, str]]  # (label, value): human, then each bot level
    base_tooltip: str  # which rule sets score with a base


def presets() -> Presets:
    """The presets and bot levels, labelled in the language in use (imports the engine and the bots the first time)."""
    return _presets(current().language)


@cache
def _presets(language: str) -> Presets:
    """The presets and bot levels, labelled in ``language`` (the one in use)."""
    from bots import LEVELS
    from mahjong_tui.engine import get_ruleset, ruleset_names

    rule_sets = [get_ruleset(name) for name in ruleset_names()]
    base = dict.fromkeys(named(r.en_name, r.zh_name) for r in rule_sets if r.uses_base_score)
    return Presets(
        [(named(r.name, r.zh_name), r.name) for r in rule_sets],
        [(player_label(level), level) for level in ("human", *LEVELS)],
        t("new_game_screen.base_only", rules=t("hint.separator").join(base))
        if base
        else t("new_game_screen.base_none"),
    )


def optional_number(value: int | None, placeholder: str, id: str) -> Input:
    """A whole number the form may leave empty (``placeholder`` says what empty means)."""
    return Input("" if value is None else str(value), placeholder=placeholder, id=id, type="integer")


def titled(widget: W, title: str) -> W:
    """A field named in its own border (a label beside each field would double the widgets to draw)."""
    widget.border_title = title
    return widget


def presets_loaded() -> bool:
    """The presets have been loaded (on a later visit the form is drawn complete at once)."""
    return _presets.cache_info().currsize > 0


def rules_line(rules: Ruleset) -> Text:
    """What a preset is, in one line: ``上海麻将 Shanghai (shanghai): 144 tiles with flowers; …``."""
    out = Text(named(rules.en_name, rules.zh_name), style="bold #ffd166")
    out.append(f" ({rules.name})", style="#9aa0a6")
    summary = rules_summary(rules)
    if summary:
        out.append(t("new_game_screen.summary", summary=summary))
    return out
