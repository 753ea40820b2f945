"""excover play --serve, opened in headless Chromium (textual-serve on 127.0.0.1): the page
loads, its Start button opens a game over the websocket, and the browser draws it (the
screenshot is kept in the test's temporary folder, not in the repository). The browser is
driven over the DevTools protocol with aiohttp (textual-serve's own). Run with
`python -m pytest -m browser`; .ci/run installs Debian's chromium for it."""

import asyncio
import base64
import os
import shutil
import socket
import struct
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                return answer.read().decode()
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing answered at {url}")


SHOWN_START = "(b => b !== null && getComputedStyle(b).display !== 'none')(document.getElementById('start'))"


async def screenshot(url, devtools, out, started):
    """Open the page, press its Start button, wait for its game to start (`started()`) and
    draw, and write the browser's screenshot to `out`."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        for _ in range(100):
            try:
                async with session.get(f"http://127.0.0.1:{devtools}/json") as answer:
                    pages = await answer.json()
                break
            except aiohttp.ClientError:
                await asyncio.sleep(0.2)
        page = next(page for page in pages if page["type"] == "page")
        async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket_:
            number = 0

            async def call(method, **params):
                nonlocal number
                number += 1
                await socket_.send_json({"id": number, "method": method, "params": params})
                while True:
                    message = await socket_.receive_json()
                    if message.get("id") == number:
                        return message.get("result", {})

            await call("Page.enable")
            # With ?delay the page waits for its Start button (which reloads it without the
            # delay); without, it connects at once, and a click on the hidden button would
            # start a second game beside the first.
            await call("Page.navigate", url=url + "?delay=1")
            for _ in range(100):  # the page, loaded: its Start button, shown
                found = await call("Runtime.evaluate", expression=SHOWN_START)
                if found.get("result", {}).get("value"):
                    break
                await asyncio.sleep(0.2)
            else:
                raise AssertionError("the page never showed its Start button")
            assert not started(), "the page started a game before its Start button was pressed"
            await call("Runtime.evaluate", expression="document.getElementById('start').click()")
            for _ in range(150):  # the game, started in its own process
                if started():
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(3)  # and drawn
            shot = await call("Page.captureScreenshot", format="png")
            out.write_bytes(base64.b64decode(shot["data"]))


def served_by(pid):
    """The processes started for play --serve's pages by the server `pid` (they carry it in
    their environment)."""
    mark = f"EXCOVER_SERVED_BY={pid}".encode()
    found = []
    for process in Path("/proc").iterdir():
        try:
            if process.name.isdigit() and mark in (process / "environ").read_bytes().split(b"\0"):
                found.append(int(process.name))
        except OSError:
            continue
    return found


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="no chromium (Debian's package)")
def test_play_served_to_a_browser(tmp_path):
    assert CHROMIUM is not None, "CI runs this test: .ci/run installs Debian's chromium"
    port, devtools = free_port(), free_port()
    server = subprocess.Popen([sys.executable, "-m", "excover", "play", "sudoku.xc", "-p", "givens=empty", "--new",
                               "--seed", "3", "--serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    browser = None
    try:
        page = wait_for(f"http://127.0.0.1:{port}/")
        assert "excover play" in page and "textual" in page
        browser = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1000,700",
                                    f"--remote-debugging-port={devtools}", f"--user-data-dir={tmp_path / 'profile'}",
                                    "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shot = tmp_path / "play.png"  # (kept there, to be looked at)
        asyncio.run(screenshot(f"http://127.0.0.1:{port}/", devtools, shot, lambda: served_by(server.pid)))
        games = served_by(server.pid)
        server.kill()  # the worst end: the server cannot stop its page's game itself
        log = server.communicate(timeout=30)[0]
        end = time.monotonic() + 10
        while served_by(server.pid) and time.monotonic() < end:
            time.sleep(0.1)
        assert len(games) == 1  # the page started its game (over the websocket)
        assert not served_by(server.pid)  # and the game ended with its server
    finally:
        if browser is not None:
            browser.terminate()
            browser.wait(timeout=30)
        if server.poll() is None:
            server.kill()
            server.communicate(timeout=30)
    width, height = png_size(shot.read_bytes())
    assert width == 1000 and height > 400
    assert "serving on http://127.0.0.1:" in log
    assert shot.stat().st_size > 15_000  # a board, not the bare page with its Start button (10 KB)
