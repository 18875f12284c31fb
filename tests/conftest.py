"""Every test keeps its saves, records, statistics and settings in a directory of its own.

Without this a test that plays at the table would write the autosave, the records and the
statistics into the user's own directories, and read the user's settings (a language or a
tile style chosen there would change what the screens show). The locale is English, so
the settings' default language is too, and the language in use is English again after
each test.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual.screen

from mahjong_tui.i18n import use

# A screen draws itself at most this often (Textual's default is 60 times a second). A test waits for the state it
# needs, never for a frame, so fewer frames change nothing it reads, and the suite runs faster on busy cores.
textual.screen.UPDATE_PERIOD = 1 / 10


# A full garbage collection walks every object the process holds, and a worker that has run hundreds of screens holds
# many (what Textual, Rich and the engine keep): collecting less often frees the same objects, later, and took about a
# fifth off the suite's time on 2 cores.
gc.set_threshold(10_000, 50, 1000)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the machine has cores, as many tests spend part of their time waiting on a
    timer, a socket or a child process, and another worker's test runs meanwhile."""
    return (os.cpu_count() or 1) + 1


@pytest.fixture(autouse=True)
def kept_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``MAHJONG_TUI_HOME`` in a fresh directory; an English locale."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MAHJONG_TUI_HOME", str(home))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    yield home
    use("en")
