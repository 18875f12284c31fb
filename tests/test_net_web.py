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


#: how long each step of the page may take: long enough for a machine whose cores are busy with something else
PATIENCE = 60
#: kept by the page as it comes: what the table's terminal is sent (the terminal draws on a canvas, not in the page)
KEEP_WHAT_IS_SHOWN = """
(() => {
  const Socket = window.WebSocket, decoder = new TextDecoder();
  window.shownToTest = "";
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (typeof e.data !== "string") window.shownToTest += decoder.decode(e.data, {stream: true});
      });
    }
  };
})();
"""


def _sit_and_discard(page_url: str, profile: Path, seated: Callable[[], bool], discarded: Callable[[], bool]) -> bytes:
    """Open the page; once it asks the name, type it and Enter; once ``seated()``, press d until ``discarded()``; a
    screenshot at the end. Each step waits for what it needs (up to a minute)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser = _browser(profile)
    try:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": KEEP_WHAT_IS_SHOWN})
        browser.get(page_url)
        until = WebDriverWait(browser, PATIENCE, poll_frequency=0.1).until
        until(lambda b: "-first-byte" in b.find_element(By.TAG_NAME, "body").get_attribute("class"))
        until(lambda b: "Your name at the table" in b.execute_script("return window.shownToTest"))  # the field is up
        field = browser.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        field.send_keys("Ann", "\n")
        until(lambda b: seated())

        def discard(b: object) -> bool:
            """A d, until it has discarded (pressed before the table shows the turn, it does nothing: once more)."""
            if not discarded():
                field.send_keys("d")
            return discarded()

        WebDriverWait(browser, PATIENCE, poll_frequency=0.5).until(discard)
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
        deadline = time.monotonic() + PATIENCE
        while True:  # until the web door answers
            try:
                await asyncio.to_thread(lambda: urllib.request.urlopen(page, timeout=5).read())
                break
            except OSError:
                assert time.monotonic() < deadline, f"the web door did not answer in {PATIENCE} s"
                await asyncio.sleep(0.1)

        # Both are read from the browser's thread: a flag, and a copy of a list the table only adds to.
        def seated() -> bool:
            """Ann sits at the table."""
            return table.places[0].taken

        def discarded() -> bool:
            """Ann has discarded."""
            return any(a.seat == 0 and a.kind is ActionKind.DISCARD for a in list(table.game.actions[0]))

        shot = await _in_thread(lambda: _sit_and_discard(page, tmp_path / "profile", seated, discarded), 2 * PATIENCE)
        assert table.places[0].taken and table.places[0].name == "Ann"
        assert discarded(), "no discard came from the browser"
        (tmp_path / "web.png").write_bytes(shot)
    finally:
        _stop(web)
        host.close()
        server.close()
