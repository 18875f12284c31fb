"""Random keys, seeded, against every screen at both sizes: no key crashes the app (:mod:`mahjong_tui.testing.fuzz`).

Each place (the new game screen, the table with bots, a hand's end, the rules, the
settings, the resume list, the lessons, the drills, a replay) gets a short run at 80x24
and at 120x36: keys every screen binds, letters, digits, Enter, Esc, Tab, the arrows,
PageUp/PageDown, Ctrl+P, Space, some pressed twice at once or together. A key that quits
opens the app again. ``scripts/fuzz_keys.py`` runs the same for as long as asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_tui.testing.fuzz import PLACES, SIZES, fuzz_keys, fuzz_place, key_plan, prepare_home, scratch_environment

SEED = 20261205
#: keys a run presses: every place at both sizes stays well under a minute in all
PRESSES = 12


@pytest.fixture(autouse=True)
def scratch(tmp_path: Path, kept_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Home, the data folders and the working folder (where a screenshot from the palette goes) in the test's own
    folder; two saved games and a record in the game's data folder."""
    for variable, value in scratch_environment(tmp_path).items():
        if variable != "MAHJONG_TUI_HOME":  # the test's own, from conftest
            monkeypatch.setenv(variable, value)
    monkeypatch.chdir(tmp_path)
    prepare_home()


def test_the_keys_are_every_bound_key_and_the_plan_follows_from_the_seed() -> None:
    """The keys include those the screens bind and the ones the brief names; the same seed, the same steps."""
    keys = fuzz_keys()
    for key in ("ctrl+p", "ctrl+q", "pageup", "pagedown", "enter", "escape", "tab", "space", "question_mark", "f2"):
        assert key in keys
    assert set("abcxyz0123456789") <= set(keys)
    plan = key_plan("lessons", (80, 24), SEED, 200)
    assert plan == key_plan("lessons", (80, 24), SEED, 200)
    assert plan != key_plan("lessons", (80, 24), SEED + 1, 200)
    assert any(len(step.keys) == 2 and step.keys[0] == step.keys[1] for step in plan)  # fast double presses


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("place", PLACES)
async def test_random_keys_never_crash_the_app(place: str, size: tuple[int, int]) -> None:
    """The app opens at ``place`` and takes every key of the seeded plan without crashing or failing."""
    outcome = await fuzz_place(place, size, SEED, PRESSES)
    crash = outcome.crash
    assert crash is None, f"{crash.line()}\nkeys: {' '.join(crash.keys)}\n{crash.error}"
    assert outcome.pressed == [key for step in key_plan(place, size, SEED, PRESSES) for key in step.keys]
