"""The web door: ``mahjong-tui web`` opened in headless Chromium (Debian's ``chromium`` and ``chromium-driver``;
nothing is downloaded): the page asks the name, sits the player at the host's table, and a discard is played by
keys in the browser. Everything listens on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from test_net import free_port

from mahjong_tui.engine import ActionKind, GameOptions
from mahjong_tui.net.server import Host, TableSpec

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
pytestmark = pytest.mark.skipif(
    not (Path(CHROMIUM).exists() and Path(DRIVER).exists() and shutil.which("chromedriver")),
    reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)",
)


def _browser(profile: Path):  # type: ignore[no-untyped-def]
    """Headless Chromium, driven by Selenium, with nothing reaching past this machine; skipped when Chromium cannot
    start here at all (a browser that starts and then fails the page is a failure)."""
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                     "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}"):  # fmt: skip
        options.add_argument(argument)
    try:
        browser = webdriver.Chrome(service=Service(DRIVER), options=options)
    except WebDriverException as e:
        pytest.skip(f"Chromium does not start here: {e.msg or e}".splitlines()[0])
    browser.set_page_load_timeout(30)
    return browser


def _type(page_url: str, keys: list[str], pause: float, profile: Path) -> bytes:
    """Open the page, wait for the table's terminal, type ``keys`` one after another; a screenshot at the end."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser = _browser(profile)
    try:
        browser.get(page_url)
        WebDriverWait(browser, 30).until(
            lambda b: "-first-byte" in b.find_element(By.TAG_NAME, "body").get_attribute("class")
        )
        field = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        time.sleep(1.0)
        for key in keys:
            field.send_keys(key)
            time.sleep(pause)
        return browser.get_screenshot_as_png()  # type: ignore[no-any-return]
    finally:
        browser.quit()


async def _in_thread(work: Callable[[], bytes], seconds: float) -> bytes:
    """``work()`` in a daemon thread of its own, so that a browser that hangs fails the test within ``seconds`` and
    holds nothing up after it (the event loop's own executor would be waited for as it closes)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[bytes] = loop.create_future()

    def run() -> None:
        """Hand the result, or the exception, back to the loop."""
        try:
            result = work()
        except BaseException as e:  # a skip or a failure, raised again in the test
            loop.call_soon_threadsafe(failed, e)
        else:
            loop.call_soon_threadsafe(succeeded, result)

    def failed(e: BaseException) -> None:
        """The thread raised."""
        if not done.done():
            done.set_exception(e)

    def succeeded(result: bytes) -> None:
        """The thread returned."""
        if not done.done():
            done.set_result(result)

    threading.Thread(target=run, daemon=True).start()
    return await asyncio.wait_for(done, seconds)


def _stop(web: subprocess.Popen[bytes]) -> None:
    """The web door and every client it started: its whole process group asked to end, then whatever is left of the
    group killed."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(web.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        web.wait(10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(web.pid, signal.SIGKILL)
    web.wait(10)


async def test_a_discard_played_in_a_browser_tab(tmp_path: Path) -> None:
    """The web door's page asks the name; the player sits down and discards by keys, as at the terminal."""
    host = Host(claim_seconds=0.05, grace=30)
    port = free_port()
    server = await host.serve("127.0.0.1", port)
    table = host.open_table(TableSpec("changsha", GameOptions(max_hands=1), ("person", "easy", "easy", "easy"),
                                      room="WEB1", seed=4))  # fmt: skip
    web_port = free_port()
    env = {**os.environ, "MAHJONG_TUI_HOME": str(tmp_path / "web")}
    command = [sys.executable, "-m", "mahjong_tui", "web", f"ws://127.0.0.1:{port}/WEB1", "--port", str(web_port)]
    web = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True
    )
    try:
        page = f"http://127.0.0.1:{web_port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(page, timeout=1).read()
                break
            except OSError:
                await asyncio.sleep(0.1)
        keys = ["Ann", "\n", *["d"] * 8]
        shot = await _in_thread(lambda: _type(page, keys, 0.5, tmp_path / "profile"), 100)
        assert table.places[0].taken and table.places[0].name == "Ann"
        ann = [a for a in table.game.actions[0] if a.seat == 0 and a.kind is ActionKind.DISCARD]
        assert ann, "no discard came from the browser"
        (tmp_path / "web.png").write_bytes(shot)
    finally:
        _stop(web)
        host.close()
        server.close()
