"""`printkit serve` as a user meets it: the page in a real headless Chromium refreshes
itself after a save, shows a build error at its file and line over the last good pictures,
and clears it after the fix; the server answers nothing outside its own paths."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import Browser, Serve, chromium
from PIL import Image

from printkit.resources import builtin

ALL_LOADED = """(() => {
  const images = [...document.images];
  return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0);
})()"""
PRODUCTS = "[...document.querySelectorAll('section.product')].map(s => s.dataset.product)"
BOARD_SOURCE = "document.querySelector('#product-board img').src"
WARNINGS = "#product-chance ul.warnings"


@pytest.fixture
def game(tmp_path: Path) -> Path:
    target = tmp_path / "data" / "spankopoly"
    shutil.copytree(builtin("data") / "spankopoly", target)
    return target


@pytest.fixture
def server(game: Path) -> Iterator[Serve]:
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl",
                   "--only", "board,deeds,chance")
    try:
        served.settled()
        yield served
    finally:
        served.stop()


def test_the_server_answers_only_its_own_paths(server: Serve) -> None:
    assert server.get("/")[0] == 200
    state = json.loads(server.get("/state")[1])
    url = state["products"]["nl"][0]["pictures"][0]["url"]
    status, body = server.get(url)
    assert status == 200
    assert body.startswith(b"\x89PNG")
    for path in ("/../pyproject.toml", "/%2e%2e/%2e%2e/etc/passwd", "/pictures/../state",
                 "/serve.html", "/pictures/nl/board/999/board-1.png", "/favicon.ico",
                 "/spankopoly/game.toml", url + "/.."):
        assert server.get(path)[0] == 404, path


def test_the_page_refreshes_itself_and_shows_located_errors(game: Path, server: Serve,
                                                            tmp_path: Path) -> None:
    chromium()
    browser = Browser()
    try:
        browser.open(server.url + "/")
        assert browser.wait_for(PRODUCTS + ".length === 3 && " + PRODUCTS, "the products") \
            == ["board", "deeds", "chance"]
        browser.wait_for(ALL_LOADED, "every picture loaded")
        browser.evaluate("window.notReloaded = true")
        before = browser.evaluate(BOARD_SOURCE)
        text = game / "text" / "nl.toml"
        text.write_text(text.read_text("utf-8").replace('name = "Keuken"',
                                                        'name = "Grote keuken"'), "utf-8")
        browser.wait_for(f"{BOARD_SOURCE} !== {json.dumps(before)}", "a new board picture")
        browser.wait_for(ALL_LOADED, "the new pictures loaded")
        assert browser.evaluate("window.notReloaded") is True
        (tmp_path / "page.png").write_bytes(browser.screenshot())

        streets = game / "streets.csv"
        good = streets.read_text("utf-8")
        streets.write_text(good.replace("kitchen,wooden_spoon,15,20",
                                        "kitchen,wooden_spoon,fifteen,20"), "utf-8")
        shown = browser.wait_for("!document.getElementById('problems').hidden && "
                                 "document.getElementById('problems').innerText",
                                 "the build error")
        assert "spankopoly/streets.csv:3: purchase: 'fifteen' is not a whole number" in shown
        assert browser.evaluate(ALL_LOADED), "the last good pictures stay"
        assert browser.evaluate(BOARD_SOURCE) != before

        streets.write_text(good, "utf-8")
        browser.wait_for("document.getElementById('problems').hidden", "the error cleared")
        assert browser.evaluate("window.notReloaded") is True

        # a back picture too coarse for a print shop: the build goes on, the page says so
        (game / "art").mkdir()
        Image.new("RGB", (900, 600), (40, 90, 160)).save(game / "art" / "back.png")
        with (game / "game.toml").open("a", encoding="utf-8") as f:
            f.write('\n[theme.backs]\nchance = "art/back.png"\n')
        warned = browser.wait_for(f"document.querySelector({json.dumps(WARNINGS)})?.innerText",
                                  "the warning")
        assert "art/back.png' has 246 ppi" in warned
        assert browser.evaluate("document.getElementById('problems').hidden") is True
    finally:
        browser.close()
    output = server.stop()
    assert "stopped" in output
    warnings = [line for line in output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, output  # said once, when the chance cards were drawn
    assert "art/back.png' has 246 ppi" in warnings[0]


def request(server: Serve, path: str, host: str) -> int:
    """The status of a GET with this Host header."""
    import http.client
    from urllib.parse import urlsplit

    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


def test_the_server_answers_its_own_host_only_and_is_not_held_up(server: Serve) -> None:
    """DNS rebinding: a page of another site that names this server by a name of its own
    could read the game's pages (any Host was answered). 400 connections that send
    nothing held up every request (a thread each, no timeout); a browser that left in the
    middle of a picture printed a traceback."""
    import socket
    import struct
    from urllib.parse import urlsplit

    port = urlsplit(server.url).port
    for host, status in ((f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200),
                         ("[::1]", 200), (f"evil.example:{port}", 403), ("", 403),
                         (f"127.0.0.1.evil.example:{port}", 403)):
        assert request(server, "/state", host) == status, host
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(400)]
    try:
        assert server.get("/state")[0] == 200  # at once, though 400 wait
        url = json.loads(server.get("/state")[1])["products"]["nl"][0]["pictures"][0]["url"]
        for n in range(6):  # a browser leaving in the middle of a picture (or before it)
            gone = socket.create_connection(("127.0.0.1", port))
            gone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            gone.sendall(f"GET {url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            if n % 2:
                gone.recv(16)
            gone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            gone.close()  # reset: the server's next write fails
    finally:
        for connection in idle:
            connection.close()
    assert server.get("/state")[0] == 200
    output = server.stop()
    assert "Traceback" not in output
    assert "error" not in output.lower(), output


def test_an_empty_host_is_refused(cli) -> None:
    """--host '' listened on every address."""
    run = cli("serve", "spankopoly", "--host", "", "--port", "0")
    assert run.code == 2
    assert run.errors[0] == ("error: --host '': name the address to listen on: 127.0.0.1 "
                             "(this computer only, the default) or 0.0.0.0 (the local "
                             "network too)")
