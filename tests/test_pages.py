"""Words and pages as a typesetter leaves them, read from the printed PDFs: no paragraph
or table cell ends in a line of one word under a line it could have taken it from, a
station's deed does not say "Station" twice, a booklet has no empty page but the one
before its back cover, and the player aid prints no text under 7 pt."""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import pairwise

import pdfplumber
import pytest
from conftest import kit_for, render_docs
from games import GAMES

from printkit.options import Options

LANGS = ("nl", "nb", "da")


def lines_of(page) -> list[tuple[float, float, float, str]]:
    """(top, left, size, text) of each upright run of text: a line of a paragraph, or of a
    table cell (runs further apart than 1.5 × their size are cells of their own)."""
    rows: dict[tuple[float, float], list[dict]] = defaultdict(list)
    for char in page.chars:
        if char["upright"]:
            rows[(round(char["top"], 1), round(char["size"], 2))].append(char)
    out = []
    for (top, size), chars in rows.items():
        chars.sort(key=lambda c: c["x0"])
        run = [chars[0]]
        for char in [*chars[1:], None]:
            if char is None or char["x0"] - run[-1]["x1"] > size * 1.5:
                text = "".join(c["text"] for c in run).replace("\u00a0", " ").strip()
                out.append((top, round(run[0]["x0"]), size, text))
                run = [char] if char else []
            else:
                run.append(char)
    return out


def runts(pdf) -> list[tuple[int, str, str]]:
    """Lines of one word that end a paragraph or cell (no line of the same size and left
    edge follows within a line's step) under a line of three words or more."""
    found = []
    for n, page in enumerate(pdf.pages, 1):
        lines = lines_of(page)
        at = {(left, size, top): text for top, left, size, text in lines}
        for top, left, size, text in lines:
            if not text or " " in text:
                continue
            step = [t for (x, s, t) in at if x == left and s == size and 0 < abs(t - top)
                    < size * 1.6]
            above = [t for t in step if t < top]
            if above and len(step) == 1:
                over = at[(left, size, max(above))]
                if over.count(" ") >= 2 and not over.endswith(("-", ":")):
                    found.append((n, over, text))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [case.name for case in GAMES])
def test_no_paragraph_of_a_booklet_ends_in_a_lone_word_or_reads_under_7_pt(game: str,
                                                                          lang: str) -> None:
    """"… er den / rikeste.": the last line of a paragraph, a list item or a table cell
    holds two words at least when the line above has three or more (a typesetter pulls
    a word down). The contents pages are left out (their entries are not paragraphs).
    No text is under 7 pt (koebstad's Dutch rent table, "DKK 12.000" in eight columns,
    was set at 6 pt: its currency now stands in the heads)."""
    kit = kit_for(lang, game)
    contents = kit.product("rules").content.contents
    (reader,) = [r for name, r in render_docs(kit, "rules", Options()).items()
                 if name == "rules"]
    with pdfplumber.open(reader.stream) as pdf:
        body = [n for n, page in enumerate(pdf.pages, 1)
                if contents not in (page.extract_text() or "").split("\n")[:2]]
        assert len(body) < len(pdf.pages)  # (the contents were found)
        assert [r for r in runts(pdf) if r[0] in body] == []
        sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars
                 if c["text"].strip()}
        assert min(sizes) >= 7, sorted(sizes)


def test_the_player_aid_has_no_lone_words_and_no_text_under_7_pt() -> None:
    """kortmonopol's jokers card set its table at 6.25 pt, cells ending "… die je /
    bezit."."""
    for lang in LANGS:
        for reader in render_docs(kit_for(lang, "kortmonopol"), "aid", Options()).values():
            with pdfplumber.open(reader.stream) as pdf:
                assert runts(pdf) == [], lang
                sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars
                         if c["text"].strip()}
                assert min(sizes) >= 7, (lang, sorted(sizes))


def test_runts_are_found() -> None:
    """The walk above can fail: a paragraph ending in one word under a line of three is
    found; ending in two words, or under a line of two, it is not."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    def drawn(*lines: str) -> list:
        out = io.BytesIO()
        canvas = Canvas(out)
        canvas.setFont("Helvetica", 9.5)
        for n, line in enumerate(lines):
            canvas.drawString(50, 700 - n * 12.5, line)
        canvas.save()
        with pdfplumber.open(io.BytesIO(out.getvalue())) as pdf:
            return runts(pdf)

    assert drawn("Wie alles bezit, is de rijkste", "speler van het spel en wint het",
                 "spel.") == [(1, "speler van het spel en wint het", "spel.")]
    assert drawn("Wie alles bezit, is de rijkste", "speler van het spel en wint",
                 "het spel.") == []
    assert drawn("Wie alles bezit,", "rijkste", "speler.") == []


@pytest.mark.parametrize("game", ["klassiek", "spankopoly"])
def test_a_station_named_station_is_not_headed_station(game: str) -> None:
    """"STATION / Centraal Station", "Station / Station ‘Halfmast’": a station's deed
    whose name says it is a station (in this language's spelling or another's:
    "Stasjon" over "Centraal Station") has the streets' caption in its band instead."""
    seen = 0
    for lang in LANGS:
        kit = kit_for(lang, game)
        names = [sq.name.replace("\u00a0", " ") for sq in kit.product("board").content.squares
                 if sq.kind == "station"]
        assert any(re.search(r"(?i)\b(station|stasjon)\b", name) for name in names)
        for reader in render_docs(kit, "deeds", Options(target="shop")).values():
            with pdfplumber.open(reader.stream) as pdf:
                for page in pdf.pages:
                    lines = (page.extract_text() or "").replace("\u00a0", " ").split("\n")
                    for above, line in pairwise(lines):
                        seen += line in names
                        if line in names:
                            assert not re.fullmatch(r"(?i)station|stasjon", above), \
                                (lang, above, line)
    assert seen >= 6  # (the names were read)


@pytest.mark.parametrize("game", [case.name for case in GAMES])
def test_a_booklet_has_no_empty_page_but_the_inside_of_its_back_cover(game: str) -> None:
    """The page count is a multiple of four (saddle stitching): the last page is the back
    cover with the game's title (unless the rules fill it), the one before it may be left
    blank, a third left over is a ruled page for notes; no other page is empty (three
    blank pages ended antimonopoly's and spankopoly's booklets)."""
    for lang in LANGS:
        kit = kit_for(lang, game)
        book = kit.product("rules").content
        (reader,) = [r for name, r in render_docs(kit, "rules", Options()).items()
                     if name == "rules"]
        texts = [" ".join((page.extract_text() or "").split()) for page in reader.pages]
        assert len(texts) % 4 == 0
        empty = [n for n, text in enumerate(texts, 1) if not text]
        assert empty in ([], [len(texts) - 1]), (lang, empty, len(texts))
        assert texts[-1] == book.title or len(texts[-1]) > 200, (lang, texts[-1])
        notes = [n for n, text in enumerate(texts, 1) if text.startswith(book.notes)]
        assert notes in ([], [len(texts) - 2]), (lang, notes)


def shop_deeds(game: str, lang: str) -> list:
    """The pages of `game`'s deeds for the print shop, as pdfplumber reads them."""
    out = []
    for reader in render_docs(kit_for(lang, game), "deeds", Options(target="shop")).values():
        pdf = pdfplumber.open(reader.stream)
        out += pdf.pages
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_deed_breaks_no_line_at_a_separator_dot_or_inside_the_dice_factor(lang: str) -> None:
    """"EIGENDOMSBEWIJS · / MAASTRICHT": where the band's line breaks the dot goes (the
    break separates); "10 × de / ogen": a utility's factor is one phrase on one line."""
    pages = shop_deeds("antimonopoly", lang)
    dice = {"nl": "× de ogen", "nb": "× øynene", "da": "× øjnene"}[lang]
    factors = 0
    for n, page in enumerate(pages, 1):
        for _top, _left, _size, text in lines_of(page):
            assert "·" not in (text[:1], text[-1:]), (n, text)
            factors += text.count("×")
            assert text.count("×") == text.count(dice), (n, text)
    assert factors >= 8  # (the lines were read)


def test_a_deed_table_head_has_room_round_its_words() -> None:
    """The role heads of antimonopoly's deeds ("Concurrent" on green) stand half an em
    inside their coloured cells, not against the cells' edges."""
    page = shop_deeds("antimonopoly", "nl")[0]
    fills = [r for r in page.rects if r["non_stroking_color"] not in (None, (1,), [1],
                                                                      (1, 1, 1), [1, 1, 1])]
    seen = 0
    for word in page.extract_words(extra_attrs=["size"]):
        if word["text"] not in ("Concurrent", "Monopolist"):
            continue
        (cell,) = [r for r in fills if r["x0"] <= word["x0"] and word["x1"] <= r["x1"]
                   and r["top"] <= word["top"] and word["bottom"] <= r["bottom"]
                   and r["width"] < page.width / 2]
        gap = min(word["x0"] - cell["x0"], cell["x1"] - word["x1"])
        assert gap >= 0.45 * word["size"], (word["text"], gap, word["size"])
        seen += 1
    assert seen == 2


def test_a_deed_row_keeps_its_value_beside_its_label() -> None:
    """klassiek's "Prijs van een hotel" with "€ 50 + 4 huizen": the label wraps beside
    the value, which stays on the label's first line, in line with the amounts above."""
    seen = 0
    for page in shop_deeds("klassiek", "nl"):
        for line in (page.extract_text() or "").replace("\u00a0", " ").split("\n"):
            if line.startswith("Prijs van"):
                assert "€" in line, line
                seen += 1
    assert seen >= 40


def outlined_bands(pages: list, fill: tuple[float, ...]) -> tuple[int, int]:
    """How many rectangles of colour `fill` the pages hold, and how many of them have a
    stroked rectangle inside (an outline of the band)."""
    bands = outlined = 0
    for page in pages:
        for band in page.rects:
            colour = band["non_stroking_color"]
            if band["fill"] and colour is not None and len(colour) == len(fill) and all(
                    abs(a - b) < 0.004 for a, b in zip(colour, fill, strict=True)):
                bands += 1
                outlined += any(r["stroke"] and not r["fill"] and band["x0"] < r["x0"]
                                and r["x1"] < band["x1"] and band["top"] < r["top"]
                                and r["bottom"] < band["bottom"] for r in page.rects)
    return bands, outlined


def test_a_group_colour_that_hardly_shows_on_its_ground_is_outlined() -> None:
    """koebstad's white group (#FBFBF6) on its cream board and on the white deeds reads as
    an empty strip: its bands have a thin outline of their text colour just inside; the
    red group's bands (which show) have none."""
    white = (0xFB / 255, 0xFB / 255, 0xF6 / 255)
    red = (0xD6 / 255, 0x33 / 255, 0x2A / 255)
    kit = kit_for("nl", "koebstad")
    for product in ("board", "deeds"):
        pages = [page for reader in render_docs(kit, product, Options()).values()
                 for page in pdfplumber.open(reader.stream).pages]
        bands, outlined = outlined_bands(pages, white)
        assert bands >= 3, product
        assert outlined == bands, product
        assert outlined_bands(pages, red)[1] == 0, product
