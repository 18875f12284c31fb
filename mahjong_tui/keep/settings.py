"""Settings kept between sessions: language, tile style, palette, bot speed, hints, privacy.

A small TOML file in the user's config directory (:func:`mahjong_tui.keep.storage.settings_path`),
read with the standard library's ``tomllib`` and written atomically. Every value is
checked: one not allowed takes its default, a setting not known here is kept in the file
and ignored, each said in one line. A file that is not TOML is moved aside, one that
cannot be read (a folder, a FIFO, no permission) left alone, and the defaults are used.
The language's default comes from the locale.
"""

from __future__ import annotations

import errno
import locale
import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from mahjong_tui.clean import shorten
from mahjong_tui.keep.safe_json import MAX_SETTINGS_BYTES, JsonProblem, read_text, too_deep
from mahjong_tui.keep.storage import move_aside, settings_path

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
    hints: bool = False  # the hint panel open at the start of a game (a first start has it on: defaults())
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
    """The settings of a first start: the language of the system, and the hint panel open (a new player learns
    from it until they turn it off)."""
    return Settings(language=locale_language(), hints=True)


@dataclass(frozen=True, slots=True)
class Loaded:
    """The settings read, and the one line to show about the file ('' when all was well)."""

    settings: Settings
    problem: str = ""


def _value_problem(name: str, value: object) -> str:
    """Why ``value`` cannot be the setting ``name`` ('' when it can)."""
    if name in _SWITCHES:
        return "" if isinstance(value, bool) else f"{name} must be true or false, not {shorten(value, 24)}"
    if value not in CHOICES[name]:
        return f"{name} {shorten(value, 24)} is not one of {', '.join(CHOICES[name])}"
    return ""


def _read_table(path: Path) -> tuple[dict[str, object] | None, str]:
    """The file's TOML table, or None with why: a file that is not TOML is moved aside, one that cannot be read
    (a folder, a FIFO, no permission) is left alone."""
    try:
        text = read_text(path, max_bytes=MAX_SETTINGS_BYTES, where=path.name)
        if too_deep(text):  # refused before the parser recurses
            raise tomllib.TOMLDecodeError("nested too deep")
        return tomllib.loads(text), ""
    except RecursionError:
        reason = "nested too deep"
    except JsonProblem as e:
        if "not UTF-8" not in str(e) and "too big" not in str(e):
            return None, f"settings file not read ({e}): the defaults are used"
        reason = str(e).removeprefix(f"{path.name}: ")
    except tomllib.TOMLDecodeError as e:
        reason = shorten(" ".join(str(e).split()), 80, quoted=False)
    try:
        aside = move_aside(path)
    except OSError:
        return None, f"settings file unreadable ({reason}), and it cannot be moved aside: the defaults are used"
    return None, f"settings file unreadable ({reason}): moved aside to {aside.name}"


def load_settings(path: Path | None = None) -> Loaded:
    """The kept settings (defaults for what is missing or not allowed); never a hang, never a traceback.

    A file that is not TOML is moved aside; one that cannot be read is left alone; either way
    the defaults are used. In a file that reads, a value not allowed falls back to its own
    default, and a setting this version does not know is kept in the file (written back as
    it was) and ignored; each is said in the one line.
    """
    try:
        path = path or settings_path()
    except OSError as e:  # the config folder cannot be used
        return Loaded(defaults(), f"settings not read ({e}): the defaults are used")
    base = defaults()
    try:
        if not path.exists() and not path.is_symlink():
            return Loaded(base)
    except OSError:
        pass
    data, problem = _read_table(path)
    if data is None:
        return Loaded(base, problem)
    known = {f.name for f in fields(Settings)}
    notes, values = [], {}
    for name, value in data.items():
        if name not in known:
            continue
        why = _value_problem(name, value)
        if why:
            notes.append(f"{why}: the default is used")
        else:
            values[name] = value
    unknown = [name for name in data if name not in known]
    if unknown:
        named = ", ".join(shorten(n, 24) for n in unknown[:3]) + (" …" if len(unknown) > 3 else "")
        notes.append(f"unknown setting{'s' if len(unknown) > 1 else ''} {named} kept and ignored")
    settings = replace(base, **values)  # type: ignore[arg-type]
    return Loaded(settings, f"settings file: {'; '.join(notes)}" if notes else "")


def _unknown_entries(path: Path) -> dict[str, object]:
    """The settings in the file this version does not know, to be written back as they were."""
    try:
        if not path.exists():
            return {}
        text = read_text(path, max_bytes=MAX_SETTINGS_BYTES, where=path.name)
        data = {} if too_deep(text) else tomllib.loads(text)
    except (OSError, ValueError, RecursionError):  # JsonProblem and TOMLDecodeError are ValueErrors
        return {}
    known = {f.name for f in fields(Settings)}
    return {k: v for k, v in data.items() if k not in known}


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Keep the settings, atomically, with whatever settings the file had that this version does not know."""
    # Imported here: reading the settings comes before the first screen, which must not wait for the engine.
    import tomli_w

    from mahjong_tui.keep.files import write_text_atomically

    settings.check()
    path = path or settings_path()
    if path.exists() and not path.is_file():  # a folder or a FIFO there is not replaced
        raise OSError(errno.EEXIST, f"{path.name} is not a file")
    write_text_atomically(tomli_w.dumps({**asdict(settings), **_unknown_entries(path)}), path)
