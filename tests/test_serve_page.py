"""`printkit serve`'s page as a user works with it in a real headless Chromium: it answers
while the first build runs, has a product list, a page jump, a zoom and a one-card view
(a card's front and back large, with the file and line of its text), and --open opens it."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import Browser, Serve, chromium, until

from printkit.resources import builtin


@pytest.fixture
def game(tmp_path: Path) -> Path:
    target = tmp_path / "data" / "spankopoly"
    shutil.copytree(builtin("data") / "spankopoly", target)
    return target


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium()
    opened = Browser()
    try:
        opened.call("Emulation.setDeviceMetricsOverride", width=1200, height=900,
                    deviceScaleFactor=1, mobile=False)
        yield opened
    finally:
        opened.close()


def test_the_port_answers_while_the_first_build_runs_and_open_opens_the_page(
        game: Path, tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    script = tmp_path / "browser"
    script.write_text(f"#!{sys.executable}\nimport pathlib, sys\n"
                      f"pathlib.Path({str(opened)!r}).write_text(sys.argv[1])\n", "utf-8")
    script.chmod(0o755)
    served = Serve("spankopoly", "--data", str(game.parent), "--open",
                   env={"PRINTKIT_CACHE": "off", "BROWSER": f"{script} %s"})
    try:
        assert served.get("/")[0] == 200
        state = served.state()
        assert state["loading"] or state["building"], "the first build is still running"
        progress = served.settled()
        assert progress["languages"] == ["nl", "nb", "da"]
        assert until(opened.exists)
        assert opened.read_text("utf-8") == served.url + "/"
    finally:
        output = served.stop()
    assert output.startswith("rebuilt: nl/board"), output  # after the address


def click(browser: Browser, selector: str, box: list[float]) -> None:
    """A real mouse click at the middle of `box` (fractions) of the element."""
    left, top, width, height = browser.evaluate(
        f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
        "e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); "
        "return [r.left, r.top, r.width, r.height]; })()")
    x, y = left + (box[0] + box[2]) / 2 * width, top + (box[1] + box[3]) / 2 * height
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                     clickCount=1)


def test_product_list_page_jump_zoom_and_one_card_view(game: Path, browser: Browser) -> None:
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl",
                   "--only", "deeds,chance")
    try:
        state = served.settled()
        browser.open(served.url + "/")
        browser.wait_for("document.querySelectorAll('section.product').length === 2",
                         "the products")
        titles = [product["title"] for product in state["products"]["nl"]]
        assert browser.evaluate("[...document.querySelectorAll('#toc a')]"
                                ".map(a => a.textContent)") == titles

        browser.evaluate("document.querySelector('#toc a[href=\"#product-chance\"]').click()")
        assert until(lambda: 0 <= browser.evaluate(
            "document.getElementById('product-chance').getBoundingClientRect().top") < 200)

        pages = sum(len(product["pictures"]) for product in state["products"]["nl"])
        assert browser.evaluate("document.getElementById('page-count').textContent") \
            == f"/ {pages}"
        browser.evaluate("(() => { window.scrollTo(0, 0); const jump = document."
                         "getElementById('page-jump'); jump.value = 3; jump.dispatchEvent("
                         "new Event('change')); })()")
        assert until(lambda: 0 <= browser.evaluate(
            "document.getElementById('page-3').getBoundingClientRect().top") < 200)
        assert browser.evaluate("document.getElementById('page-3').className") \
            .endswith("jumped")

        height = "document.querySelector('#page-1 img').getBoundingClientRect().height"
        assert browser.evaluate(height) == 240
        browser.evaluate("(() => { const range = document.getElementById('zoom'); "
                         "range.value = 480; range.dispatchEvent(new Event('input')); })()")
        assert browser.evaluate(height) == 480
        browser.evaluate("document.getElementById('smaller').click()")
        assert browser.evaluate(height) == 420

        chance = state["products"]["nl"][1]
        card = chance["pictures"][0]["cards"][1]
        number = len(state["products"]["nl"][0]["pictures"]) + 1
        click(browser, f"#page-{number} img", card["box"])
        browser.wait_for("!document.getElementById('card').hidden", "the one-card view")
        source = browser.evaluate("document.getElementById('card-source').textContent")
        path, line = source.rsplit(":", 1)
        assert path == "spankopoly/text/nl.toml"
        lines = (game / "text" / "nl.toml").read_text("utf-8").splitlines()
        assert lines[int(line) - 1] == f"[chance.{card['id']}]"
        sides = ("[...document.querySelectorAll('#card canvas')]"
                 ".map(c => [c.dataset.card, c.width > c.height])")
        assert browser.wait_for(f"{sides}.every(([card]) => card) && {sides}",
                                "both sides drawn") == [[card["id"], True], [card["id"], True]]
        browser.call("Input.dispatchKeyEvent", type="keyDown", key="Escape")
        browser.wait_for("document.getElementById('card').hidden", "the view closed")
    finally:
        served.stop()

