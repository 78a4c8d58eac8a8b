"""Typesetting: hyphenation of long names, numbers kept with their units, and booklet
pages as a typesetter would break them (no lone table row, orphaned heading or single
line of a paragraph at a page's top or foot)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import char_size, kit_for

from printkit.errors import Problems, Where
from printkit.impose.booklet import page_size
from printkit.layout.booklet import Chunk, pages_of
from printkit.layout.hyphens import breaks, glue
from printkit.layout.text import wrap
from printkit.load.printing import load_print_spec
from printkit.pipeline import Options, build
from printkit.resources import builtin

LONG = [("koebstad", "da", "moellevej", "Frederiksberggadekvarteret"),
        ("klassiek", "nl", "molenweg", "Burgemeester van Haersoltelaan-Noordwest")]


def renamed(tmp_path: Path, game: str, lang: str, street: str, name: str,
            currency: str = "") -> Path:
    """A copy of a built-in game with one street renamed (and its currency changed)."""
    folder = tmp_path / "data" / game
    shutil.copytree(builtin("data") / game, folder)
    # a street is named once, in the source language's file unless this language has its own
    texts = [folder / "text" / f"{lang}.toml", *sorted((folder / "text").glob("*.toml"))]
    for text in texts:
        wording, count = re.subn(rf'(\[streets\.{street}\]\nname = )"[^"]*"', rf'\1"{name}"',
                                 text.read_text(encoding="utf-8"))
        if count == 1:
            text.write_text(wording, encoding="utf-8")
            break
    else:
        raise AssertionError(f"no name of {street} in {game}")
    if currency:
        toml = folder / "game.toml"
        toml.write_text(re.sub(r'currency = "\w+"', f'currency = "{currency}"',
                               toml.read_text(encoding="utf-8")), encoding="utf-8")
    return tmp_path / "data"


def name_lines(path: Path, name: str) -> list[tuple[str, float]]:
    """The words that print `name` on the first page holding it (each next part the word
    to the right on the same line, or on a line just below, that continues the name),
    each with the size of its smallest character."""
    target = name.replace(" ", "")
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for start in words:
                parts = [start]
                joined = printed(start["text"])
                while target.startswith(joined) and joined != target:
                    last = parts[-1]
                    below = [w for w in words if target[len(joined):].startswith(
                        printed(w["text"])) and ((last["x1"] < w["x0"] < last["x1"] + 20 and
                        abs(w["top"] - last["top"]) < 1) or last["top"] + 1 < w["top"]
                        < last["bottom"] + 30)]
                    if not below:
                        break
                    parts.append(min(below, key=lambda w: (w["top"], w["x0"])))
                    joined += printed(parts[-1]["text"])
                if joined == target:
                    return [(w["text"], min(char_size(c) for c in page.chars
                                            if w["x0"] - 0.1 <= c["x0"] < w["x1"]
                                            and w["top"] - 1 < c["top"] < w["bottom"]))
                            for w in parts]
    raise AssertionError(f"{name} not found in {path}")


def printed(word: str) -> str:
    """A word as part of the name: without the hyphen a line break added."""
    return word[:-1] if word.endswith("-") and word[-2:-1].isalpha() else word


@pytest.mark.parametrize("game,lang,street,name", LONG, ids=[g[0] for g in LONG])
def test_long_street_name_breaks_at_a_hyphenation_point(tmp_path: Path, game: str, lang: str,
                                                        street: str, name: str) -> None:
    data = renamed(tmp_path, game, lang, street, name)
    build(game, [lang], data, tmp_path / "out", Options(target="shop"))
    folder = tmp_path / "out" / game / lang / "shop-eu"
    points = {head for word in name.split(" ") for head, _ in breaks(word, lang)}
    broken = []
    for product in ("deeds.pdf", "board.pdf"):
        parts = name_lines(folder / product, name)
        assert min(size for _, size in parts) >= 8.0, (product, parts)
        heads = [text for text, _ in parts if text != printed(text)]
        assert all(head in points for head in heads), (product, parts)
        broken += heads
    assert broken  # somewhere the name needed (and got) a hyphen


SPLIT = r"\d\n(kr\b|€|%)|\(×\n|\d\n\d{3} (kr\b|€)"
PREFIXED = r"|€\n\d"  # Dutch puts the euro sign before the amount


@pytest.mark.parametrize("game,lang,currency", [
    ("koebstad", "da", ""), ("koebstad", "nb", "NOK"), ("klassiek", "nl", ""),
    ("antimonopoly", "nb", ""), ("spankopoly", "da", "")])
def test_amounts_never_split_over_lines(tmp_path: Path, game: str, lang: str,
                                        currency: str) -> None:
    """In every file of the kit (one item per page, so cards read upright; the board's
    upright side), no line ends with an amount whose currency or unit starts the next
    line (lines as pdfplumber reads them: by their baseline)."""
    data = renamed(tmp_path, game, lang, *{"koebstad": ("moellevej", "Møllevej"),
                                            "klassiek": ("molenweg", "Molenweg")}.get(
        game, ("", "")), currency=currency) if game in ("koebstad", "klassiek") else None
    build(game, [lang], data, tmp_path / "out", Options(target="shop"))
    found = 0
    split = re.compile(SPLIT + (PREFIXED if lang == "nl" else ""))
    for pdf in sorted((tmp_path / "out" / game / lang / "shop-eu").glob("*.pdf")):
        with pdfplumber.open(pdf) as doc:
            texts = [page.filter(lambda o: o.get("matrix", (1,))[0] > 0).extract_text()
                     for page in doc.pages]
        for text in texts:
            text = text.replace("\u00a0", " ")
            found += len(re.findall(r"\d kr|€ \d", text))
            assert not split.search(text), (pdf.name, split.search(text))
    if game != "spankopoly":
        assert found > 20  # the kit does print amounts


def test_glue_keeps_numbers_with_units_and_formulas_whole() -> None:
    assert glue("koster 2.000 kr. pr. hotel") == "koster 2.000\u00a0kr.\u00a0pr.\u00a0hotel"
    assert glue("1 500 kr") == "1\u00a0500\u00a0kr"
    assert glue("betaal € 1.500 nu") == "betaal €\u00a01.500 nu"
    assert glue("tel (× 2) op") == "tel (×\u00a02) op"
    assert glue("(met de hand)") == "(met de hand)"  # words in parentheses still break
    lines = wrap("De huur is 2.000 kr. pr. hotel en 1 500 kr for huset", "regular", 9.0,
                 100.0, "da")
    assert lines is not None
    assert not any(line.endswith(("2.000", "1", "500")) for line in lines), lines


def test_a_word_wider_than_its_box_is_hyphenated_not_refused() -> None:
    assert wrap("Frederiksberggadekvarteret", "bold", 12.0, 60.0) is None  # no language
    lines = wrap("Frederiksberggadekvarteret", "bold", 12.0, 60.0, "da")
    assert lines
    assert all(line.endswith("-") for line in lines[:-1])
    assert "".join(line.removesuffix("-") for line in lines) == "Frederiksberggadekvarteret"


GAMES = ["spankopoly", "klassiek", "koebstad", "antimonopoly", "kortmonopol"]


def booklet_pages(game: str, lang: str, paper: str) -> list[list[tuple[float, Chunk]]]:
    kit = kit_for(lang, game)
    problems = Problems()
    papers = load_print_spec(None).papers
    pages = pages_of(kit.product("rules").content, page_size(paper, papers),
                     Where("rules", 0, ""), problems, lang)
    assert not problems
    return pages


def page_faults(pages: list[list[tuple[float, Chunk]]]) -> list[str]:
    """What a typesetter would not let stand on these pages."""
    faults = []
    for n, page in enumerate(pages[:-1] if pages else []):
        chunks = [c for _, c in page if c.kind != "space"]
        last, first = chunks[-1], chunks[0]
        if last.kind == "heading":
            faults.append(f"page {n}: ends with a heading")
        if last.kind == "line" and last.part[1] > 1 and last.part[0] == 0:
            faults.append(f"page {n}: a paragraph's first line alone at the foot")
        if last.kind == "row" and last.part[0] == 1 and last.part[1] > 2:
            faults.append(f"page {n}: a table's header and one row at the foot")
        nxt = [c for _, c in pages[n + 1] if c.kind != "space"]
        if nxt[0].kind == "line" and nxt[0].part[1] > 1 and nxt[0].part[0] == nxt[0].part[1] - 1:
            faults.append(f"page {n + 1}: a paragraph's last line alone at the top")
        rows = [c for c in nxt if c.kind == "row" and c.table == nxt[0].table]
        if nxt[0].kind == "header" and first is not None and len(rows) == 1 and \
                rows[0].part[0] == rows[0].part[1] - 1 and rows[0].part[1] > 2:
            faults.append(f"page {n + 1}: a table's last row alone at the top")
        if last.kind == "row" and nxt[0].kind == "row":
            faults.append(f"page {n + 1}: a table continues without its header")
    return faults


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
@pytest.mark.parametrize("game", GAMES)
def test_booklet_pages_break_as_a_typesetter_would(game: str, lang: str, paper: str) -> None:
    pages = booklet_pages(game, lang, paper)
    assert len(pages) > 1
    assert page_faults(pages) == []


def test_page_faults_are_found() -> None:
    """The walk above can fail: a page ending in a heading, an orphan and a lone row."""
    line = Chunk(10.0, part=(0, 3))
    heading = Chunk(10.0, kind="heading")
    header, row = Chunk(10.0, kind="header", table=1), Chunk(10.0, kind="row", table=1,
                                                            part=(4, 5))
    assert len(page_faults([[(0, line)], [(0, Chunk(10.0, part=(1, 3)))]])) == 1
    assert len(page_faults([[(0, heading)], [(0, line)]])) == 1
    assert len(page_faults([[(0, Chunk(10.0, kind="row", table=1, part=(3, 5)))],
                            [(0, header), (10, row)]])) == 1
