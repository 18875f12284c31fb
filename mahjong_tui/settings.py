"""Settings kept between sessions: language, tile style, palette, bot speed, hints, privacy.

A small TOML file in the user's config directory (:func:`mahjong_tui.storage.settings_path`),
read with the standard library's ``tomllib`` and written atomically. Every value is
checked; a file that cannot be read is moved aside and the defaults are used, with one
line saying so. The language's default comes from the locale.
"""

from __future__ import annotations

import locale
import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from .storage import move_aside, settings_path

#: every setting's choices, the first being the default (the language's comes from the locale)
CHOICES: dict[str, tuple[str, ...]] = {
    "language": ("en", "zh", "both"),
    "tiles": ("chinese", "glyph", "plain"),
    "palette": ("standard", "colourblind"),
    "speed": ("normal", "slow", "fast", "instant"),
    "privacy": ("standard", "strict"),
}


#: the settings that are on or off
_SWITCHES = ("hints", "open_hands")


def locale_language() -> str:
    """``zh`` where the user's locale is Chinese, else ``en``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    code = locale.getlocale()[0] or ""
    return "zh" if code.lower().startswith("zh") else "en"


@dataclass(frozen=True, slots=True)
class Settings:
    """What a player chose; every change is kept for the next start."""

    language: str = "en"
    tiles: str = "chinese"
    palette: str = "standard"
    speed: str = "normal"
    hints: bool = False  # the hint panel open at the start of a hand
    open_hands: bool = False  # practice: every hand face up, for study
    privacy: str = "standard"  # hot-seat: "strict" asks every person about every discard

    def changed(self, **values: object) -> Settings:
        """A copy with some values changed; ValueError names a value that is not allowed."""
        new = replace(self, **values)  # type: ignore[arg-type]
        new.check()
        return new

    def check(self) -> None:
        """ValueError names the first value that is not allowed."""
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _SWITCHES:
                if not isinstance(value, bool):
                    raise ValueError(f"{f.name}: must be true or false, not {value!r}")
            elif value not in CHOICES[f.name]:
                raise ValueError(f"{f.name}: {value!r} is not one of {', '.join(CHOICES[f.name])}")


def defaults() -> Settings:
    """The settings of a first start."""
    return Settings(language=locale_language())


@dataclass(frozen=True, slots=True)
class Loaded:
    """The settings read, and the one line to show when the file had to be moved aside."""

    settings: Settings
    problem: str = ""


def load_settings(path: Path | None = None) -> Loaded:
    """The kept settings (defaults for what is missing); a broken file is moved aside."""
    path = path or settings_path()
    base = defaults()
    if not path.exists():
        return Loaded(base)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown setting {unknown[0]!r}")
        settings = replace(base, **data)
        settings.check()
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, TypeError) as e:
        aside = move_aside(path)
        return Loaded(base, f"settings file unreadable ({' '.join(str(e).split())}): moved aside to {aside.name}")
    return Loaded(settings)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Keep the settings, atomically."""
    # Imported here: reading the settings comes before the first screen, which must not wait for the engine.
    import tomli_w

    from mahjong_tui.engine import write_text_atomically

    settings.check()
    write_text_atomically(tomli_w.dumps(asdict(settings)), path or settings_path())
