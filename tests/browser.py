"""A headless Chromium driven over the DevTools protocol (websocket-client), and a
`printkit serve` in its own process: both started and stopped with bounded waits."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def chromium() -> str:
    """The browser's path; skips the test without one, fails it when CI is set."""
    found = next((path for name in BROWSERS if (path := shutil.which(name))), None)
    if found is None:
        why = ("no headless Chromium (install Debian's chromium package: apt-get install "
               "chromium)")
        if os.environ.get("CI"):
            pytest.fail(f"{why}; CI is set, so the browser tests must run")
        pytest.skip(why)
    return found


def stop(process: subprocess.Popen[Any], sig: int = signal.SIGINT) -> None:
    """Stop a process as Ctrl-C would, then kill it if it is still there after 10 s."""
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class Serve:
    """`printkit serve` on a free port; its address, and its output once it stopped."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "printkit", "serve", *args, "--port", "0"], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=None if env is None else os.environ | env)
        assert self.process.stdout is not None
        lines = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            lines.append(line)
            if match := re.search(r" (http://[^ ]+)/ \(Ctrl-C", line):  # any language
                self.url = match.group(1)
                return
        stop(self.process)
        raise AssertionError("printkit serve did not start:\n" + "".join(lines))

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=10) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def state(self) -> dict[str, Any]:
        status, body = self.get("/state")
        assert status == 200, body
        found: dict[str, Any] = json.loads(body)
        return found

    def settled(self, timeout: float = 120) -> dict[str, Any]:
        """The state once the build under way is over (a bounded wait)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.state()
            if not found["loading"] and not found["building"]:
                return found
            time.sleep(0.1)
        raise AssertionError(f"printkit serve did not finish its build in {timeout} s")

    def stop(self) -> str:
        stop(self.process)
        assert self.process.stdout is not None
        return self.process.stdout.read()


class Browser:
    """A headless Chromium with one page, driven over its DevTools websocket."""

    def __init__(self) -> None:
        import websocket

        self.profile = tempfile.mkdtemp(prefix="printkit-chromium-")
        self.process = subprocess.Popen(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            port = self._port()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list",
                                        timeout=10) as response:
                page = next(t for t in json.load(response) if t["type"] == "page")
            self.socket = websocket.create_connection(page["webSocketDebuggerUrl"],
                                                      timeout=30, suppress_origin=True)
        except BaseException:
            self.close()
            raise
        self.counter = 0

    def _port(self) -> int:
        assert self.process.stderr is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if match := re.search(r"ws://127\.0\.0\.1:(\d+)/", line):
                return int(match.group(1))
            if not line and self.process.poll() is not None:
                break
        raise AssertionError("chromium did not open its DevTools port")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.counter += 1
        self.socket.send(json.dumps({"id": self.counter, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.counter:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        return result["result"].get("value")

    def open(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def wait_for(self, expression: str, what: str, timeout: float = 60) -> Any:
        """Poll a JavaScript expression until it is truthy (a bounded wait)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"the page did not show {what} within {timeout} s")

    def screenshot(self) -> bytes:
        import base64

        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def close(self) -> None:
        if getattr(self, "socket", None) is not None:
            self.socket.close()
        stop(self.process, signal.SIGTERM)
        shutil.rmtree(self.profile, ignore_errors=True)


def until(check: Callable[[], bool], timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False
