"""Settings kept in a TOML file: round trip, defaults, a broken file moved aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_tui.keep.settings import Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The config directory of the test's own; an English locale."""
    monkeypatch.setenv("MAHJONG_TUI_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path


def test_settings_round_trip(home: Path) -> None:
    """Every value written is read back."""
    chosen = Settings(language="zh", tiles="plain", palette="colourblind", speed="fast", hints=True, privacy="strict")
    save_settings(chosen)
    assert load_settings() == load_settings()
    assert load_settings().settings == chosen and load_settings().problem == ""
    assert 'language = "zh"' in (home / "settings.toml").read_text(encoding="utf-8")


def test_first_start_takes_the_language_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No settings file: defaults, the language from the locale, the hint panel open for a new player."""
    assert load_settings().settings == Settings(language="en", hints=True)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert load_settings().settings.language == "zh"


def test_a_missing_value_takes_its_default(home: Path) -> None:
    """A file with some settings: the rest are defaults."""
    (home / "settings.toml").write_text('speed = "slow"\n', encoding="utf-8")
    assert load_settings().settings == Settings(speed="slow", hints=True)


@pytest.mark.parametrize(
    "content",
    ["speed = \n", "\x00\x00", "tiles = [\n"],
    ids=["broken-toml", "binary", "cut-short"],
)
def test_a_broken_settings_file_is_moved_aside_and_defaults_used(home: Path, content: str) -> None:
    """One line says why; the file is kept beside, renamed; the game starts with the defaults."""
    path = home / "settings.toml"
    path.write_text(content, encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings(hints=True) and "moved aside" in loaded.problem and "\n" not in loaded.problem
    assert not path.exists() and len(list(home.glob("settings.toml.broken-*"))) == 1


@pytest.mark.parametrize(
    ("content", "said"),
    [('language = "klingon"\nspeed = "slow"\n', "language"), ('hints = 3\nspeed = "slow"\n', "hints")],
    ids=["bad-choice", "bad-type"],
)
def test_a_bad_value_takes_its_own_default_only(home: Path, content: str, said: str) -> None:
    """A value not allowed falls back to that setting's default, named in one line; the others are kept."""
    (home / "settings.toml").write_text(content, encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings(speed="slow", hints=True)
    assert said in loaded.problem and "default" in loaded.problem and "\n" not in loaded.problem
    assert (home / "settings.toml").exists() and not list(home.glob("settings.toml.broken-*"))


def test_a_change_is_checked() -> None:
    """A value that is not allowed is refused with its name."""
    with pytest.raises(ValueError, match="palette"):
        Settings().changed(palette="neon")
    assert Settings().changed(hints=True).hints
