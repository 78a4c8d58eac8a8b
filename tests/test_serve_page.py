"""`printkit serve`'s page as a user works with it in a real headless Chromium: it answers
while the first build runs, has a product list, a page jump, a zoom and a one-card view
(a card's front and back large, with the file and line of its text), and --open opens it."""

from __future__ import annotations

import io
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import Browser, Serve, chromium, until
from PIL import Image

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


def test_the_port_answers_while_the_first_build_runs_and_open_opens_the_page_in_danish(
        game: Path, tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    script = tmp_path / "browser"
    script.write_text(f"#!{sys.executable}\nimport pathlib, sys\n"
                      f"pathlib.Path({str(opened)!r}).write_text(sys.argv[1])\n", "utf-8")
    script.chmod(0o755)
    served = Serve("spankopoly", "--data", str(game.parent), "--open",
                   env={"PRINTKIT_CACHE": "off", "BROWSER": f"{script} %s",
                        "LANG": "da_DK.UTF-8"})
    try:
        assert served.get("/")[0] == 200
        state = served.state()
        assert state["loading"] or state["building"], "the first build is still running"
        assert until(opened.exists)
        assert opened.read_text("utf-8") == served.url + "/"
    finally:
        output = served.stop()  # in the middle of the build, most likely: quietly
    assert output.splitlines()[-1] == "stoppet", output
    assert "fejl" not in output


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
        name = "document.getElementById('card-name').textContent"
        browser.call("Input.dispatchKeyEvent", type="keyDown", key="ArrowRight")
        following = chance["pictures"][0]["cards"][2]["id"]
        assert browser.evaluate(name).endswith(f": {following}")
        browser.call("Input.dispatchKeyEvent", type="keyDown", key="Escape")
        browser.wait_for("document.getElementById('card').hidden", "the view closed")

        status, body = served.get(card["url"])  # the card drawn alone, larger than on
        assert status == 200  # its sheet
        large = Image.open(io.BytesIO(body))
        sheet = chance["pictures"][0]
        assert large.width > 3 * (card["box"][3] - card["box"][1]) * sheet["height"]
        assert served.get(card["url"].replace(f"front-{card['n']}.png", "front-999.png"))[0] \
            == 404
    finally:
        served.stop()



def colour_at(served: Serve, state: dict[str, Any], product: str, side: str
              ) -> tuple[int, ...]:
    """The colour in the middle of the first card `side` of a product, as served (none
    when a later build replaced the picture meanwhile)."""
    shown = next(p for p in state["products"]["nl"] if p["name"] == product)
    picture, card = next((picture, card) for picture in shown["pictures"]
                         for card in picture["cards"] if card["side"] == side)
    status, body = served.get(picture["url"])
    if status == 404:
        return ()
    image = Image.open(io.BytesIO(body)).convert("RGB")
    x0, y0, x1, y1 = card["box"]
    return tuple(image.getpixel((int((x0 + x1) / 2 * image.width),
                                 int((y0 + y1) / 2 * image.height))))


PROBLEMS = "!document.getElementById('problems').hidden && " \
           "document.getElementById('problems').innerText"
CHANCE_PROBLEMS = "document.querySelector('#product-chance ul.problems')?.innerText"
DEEDS_LOADED = """(() => {
  const images = [...document.querySelectorAll('#product-deeds img')];
  return images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0);
})()"""


def test_a_picture_replaced_a_picture_refused_and_the_folder_moved_away(
        game: Path, browser: Browser) -> None:
    """A picture saved anew under the same name was never drawn again ("rebuilt: nothing
    changed"); a refused picture blanked the whole page; with its folder moved away, serve
    showed the built-in game."""
    (game / "art").mkdir()
    back = game / "art" / "back.png"
    Image.new("RGB", (1200, 800), (20, 60, 200)).save(back)
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[theme.backs]\nchance = "art/back.png"\n')
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl",
                   "--only", "deeds,chance")
    try:
        state = served.settled()
        assert colour_at(served, state, "chance", "back") == (20, 60, 200)
        browser.open(served.url + "/")
        browser.wait_for(DEEDS_LOADED, "the deeds")
        deeds = browser.evaluate("document.querySelector('#product-deeds img').src")

        Image.new("RGB", (1200, 800), (200, 30, 30)).save(back.with_suffix(".new.png"))
        back.with_suffix(".new.png").replace(back)
        assert until(lambda: colour_at(served, served.settled(), "chance", "back")
                     == (200, 30, 30))
        assert browser.evaluate("document.querySelector('#product-deeds img').src") == deeds

        back.write_bytes(b"not a picture at all")
        shown = browser.wait_for(CHANCE_PROBLEMS, "the chance cards' problem")
        assert browser.evaluate("document.querySelector('#toc a.failed').textContent") \
            == next(p["title"] for p in state["products"]["nl"] if p["name"] == "chance")
        assert "spankopoly/game.toml:" in shown
        assert "'art/back.png' is not a PNG or JPEG picture" in shown
        assert browser.evaluate("document.getElementById('problems').hidden") is True
        browser.wait_for(DEEDS_LOADED, "the deeds still on the page")

        Image.new("RGB", (1200, 800), (20, 60, 200)).save(back.with_suffix(".new.png"))
        back.with_suffix(".new.png").replace(back)
        browser.wait_for(f"!{CHANCE_PROBLEMS}", "the problem cleared")

        title = browser.evaluate("document.getElementById('title').textContent")
        moved = game.with_name("moved")
        game.rename(moved)
        shown = browser.wait_for(PROBLEMS, "the folder's problem")
        assert f"the game folder {game} is gone" in shown
        assert browser.evaluate("document.getElementById('title').textContent") == title
        assert browser.evaluate(PRODUCTS) == ["deeds", "chance"]
        moved.rename(game)
        browser.wait_for("document.getElementById('problems').hidden", "the game back")
        browser.wait_for(DEEDS_LOADED, "the deeds")
    finally:
        output = served.stop()
    assert "Traceback" not in output
    assert "internal error" not in output


PRODUCTS = "[...document.querySelectorAll('section.product')].map(s => s.dataset.product)"


def test_a_theme_font_replaced_under_the_same_name_is_drawn_again(game: Path) -> None:
    from printkit.commands.live import Served, Session
    from printkit.options import Request
    from printkit.resources import FONTS

    (game / "fonts").mkdir()
    font = game / "fonts" / "body.ttf"
    shutil.copyfile(FONTS / "DejaVuSansCondensed.ttf", font)
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[theme.fonts]\nbody = "fonts/body.ttf"\n')
    session = Session(Served(Request("spankopoly", ("nl",), ("deeds",), game.parent)), None)
    first = list(session.refresh())[-1]
    assert first.changed == ("nl/deeds",)
    assert list(session.refresh({font}))[-1].changed == (), "nothing changed yet"
    shutil.copyfile(FONTS / "DejaVuSansCondensed-Oblique.ttf", font)
    view = list(session.refresh({font}))[-1]
    assert view.changed == ("nl/deeds",)
    assert view.problems == ()
    before, after = (v.products["nl"][0].pictures[0].png for v in (first, view))
    assert before != after


def back_lines(view: Any) -> set[tuple[str, ...]]:
    """The lines of text of every card back a view's pages show."""
    from printkit.layout.ops import Group, Text

    found: set[tuple[str, ...]] = set()
    ops = [op for shown in view.products["nl"] for page in shown.pages for op in page.ops]
    while ops:
        op = ops.pop()
        if isinstance(op, Group) and op.key.startswith("back:"):
            found.add(tuple(o.text for o in op.ops if isinstance(o, Text)))
        elif isinstance(op, Group):
            ops += op.ops
    return found


def test_a_theme_font_replaced_under_the_same_name_breaks_the_card_backs_anew(
        game: Path) -> None:
    """A card back laid out in a theme's font is laid out again when the font's file is
    replaced by another under the same name: the lines break as the new font measures."""
    from printkit.commands.live import Served, Session
    from printkit.layout.cards import back_art
    from printkit.options import Request
    from printkit.resources import FONTS

    (game / "fonts").mkdir()
    font = game / "fonts" / "body.ttf"
    shutil.copyfile(FONTS / "DejaVuSansCondensed.ttf", font)
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[theme.fonts]\nbody = "fonts/body.ttf"\nheading = "fonts/body.ttf"\n')
    text = game / "text" / "nl.toml"
    text.write_text(text.read_text("utf-8").replace(
        'chance = "Kans"', 'chance = "Kans op een flinke beurt, getrokken van de stapel '
        'naast het bord"'), "utf-8")
    request = Request("spankopoly", ("nl",), ("chance",), game.parent)
    session = Session(Served(request), None)
    first = back_lines(list(session.refresh())[-1])
    assert ("Kans op een flinke", "beurt, getrokken van", "de stapel naast", "het bord",
            "Spankopoly") in first
    shutil.copyfile(Path(__file__).parent / "fixtures" / "fonts" / "DejaVuSerif.ttf", font)
    view = list(session.refresh({font}))[-1]
    assert view.changed == ("nl/chance",)
    back_art.cache_clear()  # what a session started now lays out
    fresh = back_lines(list(Session(Served(request), None).refresh())[-1])
    assert back_lines(view) == fresh
    assert fresh != first


def commonest_colour(served: Serve, state: dict[str, Any], product: str) -> tuple[int, ...]:
    """The colour most of the first picture of a product shows, as served (none when a
    later build replaced the picture meanwhile)."""
    shown = next(p for p in state["products"]["nl"] if p["name"] == product)
    status, body = served.get(shown["pictures"][0]["url"])
    if status == 404:
        return ()
    image = Image.open(io.BytesIO(body)).convert("RGB")
    colours = image.getcolors(image.width * image.height) or []
    return tuple(max(colours)[1])


def test_print_settings_saved_outside_the_game_folder_are_drawn_again(
        game: Path, tmp_path: Path) -> None:
    """A printkit.toml outside the game folder (--config FILE, ~/.config/printkit/ or the
    working folder) was read only by the next build a save in the game folder started."""
    config = tmp_path / "settings" / "printkit.toml"
    config.parent.mkdir()
    config.write_text('[theme]\nboard_ground = "#1450C8"\n', "utf-8")
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl",
                   "--only", "board", "--config", str(config))
    try:
        assert commonest_colour(served, served.settled(), "board") == (20, 80, 200)
        config.write_text('[theme]\nboard_ground = "#C81E1E"\n', "utf-8")
        assert until(lambda: commonest_colour(served, served.settled(), "board")
                     == (200, 30, 30))
        config.write_text('[theme]\nboard_ground = "#C81E1E"\nnot toml', "utf-8")
        assert until(lambda: any(str(config) in problem
                                 for problem in served.settled()["problems"]))
        assert commonest_colour(served, served.settled(), "board") == (200, 30, 30)
    finally:
        output = served.stop()
    assert "Traceback" not in output


@pytest.mark.parametrize("lang,words", [
    ("nl_NL.UTF-8", ("bijgewerkt", "pagina", "voorkant", "sluiten (Esc)")),
    ("C", ("up to date", "page", "front", "close (Esc)"))])
def test_the_page_speaks_the_terminals_language(game: Path, browser: Browser, lang: str,
                                                 words: tuple[str, ...]) -> None:
    """The page's own words (its status, tools, the card view) are in the terminal's
    language, as serve's lines are; the pictures in the game's."""
    served = Serve("spankopoly", "--data", str(game.parent), "--lang", "nl", "--only",
                   "chance", env={"LANG": lang})
    try:
        served.settled()
        browser.open(served.url + "/")
        status, page, front, close = words
        shown = browser.wait_for(
            f"document.getElementById('status').textContent === {json.dumps(status)} && "
            "document.getElementById('status').textContent", "the status, up to date")
        assert shown == status
        texts = browser.evaluate(
            "[...document.querySelectorAll('[data-say]')].map(e => e.textContent)")
        assert page in texts
        assert front in texts
        assert close in texts
    finally:
        output = served.stop()
    assert "Traceback" not in output
