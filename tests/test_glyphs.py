"""Glyph coverage: a theme font that lacks the arrows and card suits (as Open Sans does)
neither prints empty boxes nor passes in silence. The pictograms are drawn from the
bundled face and `check` says which; any other character a role's font lacks is a located
error naming the character, the font file and role, and the page where it is used."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from conftest import copy_game
from fontTools import subset
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from printkit.errors import Problems, Where
from printkit.impose.glyphs import covered
from printkit.impose.page import Document, Page
from printkit.layout.fonts import using
from printkit.layout.ops import Text
from printkit.options import Request
from printkit.pipeline import build
from printkit.render.pdf import render

SERIF = Path(__file__).parent / "fixtures" / "fonts" / "DejaVuSerif.ttf"
ARROWS_AND_SUITS = (range(0x2190, 0x2200), range(0x2600, 0x2700))


def font_without(path: Path, *ranges: range) -> Path:
    """DejaVu Serif without the characters of `ranges` (as a font that never had them)."""
    font = TTFont(SERIF)
    keep = [cp for cp in font.getBestCmap() if not any(cp in r for r in ranges)]
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    font.save(path)
    return path


def themed(data: Path, game: str, roles: str, font: Path) -> Path:
    """A copy of a built-in game whose theme sets `roles` (body, heading) to `font`."""
    folder = copy_game(game, data)
    (folder / "fonts").mkdir()
    (folder / "fonts" / font.name).write_bytes(font.read_bytes())
    with (folder / "game.toml").open("a", encoding="utf-8") as f:
        f.write("\n[theme.fonts]\n" + "".join(f'{r} = "fonts/{font.name}"\n'
                                              for r in roles.split()))
    return folder


@pytest.fixture(scope="module")
def arrowless(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return font_without(tmp_path_factory.mktemp("fonts") / "NoArrows.ttf", *ARROWS_AND_SUITS)


def test_the_board_draws_its_arrows_from_the_bundled_face_and_check_says_so(
        tmp_path: Path, arrowless: Path, cli) -> None:
    themed(tmp_path / "data", "klassiek", "body heading", arrowless)
    run = cli("check", "klassiek", "--data", str(tmp_path / "data"), "--lang", "nl")
    assert run.code == 0, run.err
    said = "\n".join(run.errors)
    for ch, code, role, face in (("←", "2190", "heading", "DejaVuSansCondensed-Bold.ttf"),
                                 ("↖", "2196", "heading", "DejaVuSansCondensed-Bold.ttf"),
                                 ("↔", "2194", "body", "DejaVuSansCondensed.ttf")):
        assert f"klassiek/game.toml: theme.fonts.{role}: '{ch}' (U+{code}) is not in the " \
               f"font NoArrows.ttf ({role}), used on board" in said
        assert f"it is drawn in the bundled {face} instead" in said

    build(Request("klassiek", ("nl",), data=tmp_path / "data", only=("board",)), tmp_path / "out",
          workers=1)
    with pdfplumber.open(tmp_path / "out" / "klassiek" / "nl" / "board.pdf") as pdf:
        chars = pdf.pages[0].chars
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert fonts["←"] == fonts["↖"] == "DejaVuSansCondensed-Bold"
    assert fonts["S"].startswith("DejaVuSerif")  # START itself: in the theme's font


def test_card_suits_a_font_lacks_come_from_the_bundled_face(tmp_path: Path, arrowless: Path,
                                                           cli) -> None:
    themed(tmp_path / "data", "kortmonopol", "body heading", arrowless)
    run = cli("check", "kortmonopol", "--data", str(tmp_path / "data"))
    assert run.code == 0, run.err
    for ch in "♠♥♦♣→":
        assert any(f"'{ch}' (U+{ord(ch):04X}) is not in the font NoArrows.ttf" in line
                   for line in run.errors), ch


def test_a_character_no_font_of_its_role_has_is_an_error_naming_font_role_and_page(
        tmp_path: Path) -> None:
    """What no text check saw (here a number drawn by layout itself) is still caught
    before the page is drawn."""
    euroless = font_without(tmp_path / "NoEuro.ttf", range(0x20AC, 0x20AD))
    page = Page(100, 100, (Text(10, 10, "€ 200", "numbers", 9),))
    problems = Problems()
    with using((("numbers", euroless),)):
        doc = covered(Document("deeds", [page, page], "", "", "nl", ""),
                      Where("mine/game.toml"), problems)
        assert [p.ops for p in doc.pages] == [page.ops] * 2
    assert [str(p) for p in problems.items] == [
        "mine/game.toml: theme.fonts.numbers: '€' (U+20AC) is not in the font NoEuro.ttf "
        "(numbers), used on deeds.pdf p1 in '€ 200'; choose a numbers font that has it"]


def test_a_page_without_pictograms_to_borrow_is_left_as_it_is() -> None:
    page = Page(100, 100, (Text(10, 10, "Start ←", "bold", 9),))
    problems = Problems()
    doc = covered(Document("board", [page], "", "", "nl", ""), Where("g"), problems)
    assert doc.pages[0] == page
    assert not problems
    assert not problems.warnings


def new_to_this_process(font: Path, mark: str) -> Path:
    """The font with its version string (name ID 5) set to `mark`: a file no earlier test of
    this process registered, its PostScript name kept."""
    tt = TTFont(font)
    tt["name"].setName(mark, 5, 3, 1, 0x409)
    tt.save(font)
    return font


def fonts_named_alike(folder: Path) -> dict[str, Path]:
    """Two files whose PostScript name is DejaVuSerif: the whole face and one without the
    arrows and suits, both new to this process."""
    folder.mkdir(parents=True, exist_ok=True)
    whole = folder / "DejaVuSerif.ttf"
    whole.write_bytes(SERIF.read_bytes())
    arrowless = font_without(folder / "NoArrows.ttf", *ARROWS_AND_SUITS)
    return {"whole": new_to_this_process(whole, f"{folder} whole"),
            "arrowless": new_to_this_process(arrowless, f"{folder} arrowless")}


@pytest.mark.parametrize("first", ["arrowless", "whole"])
def test_two_font_files_of_one_name_each_draw_their_own_glyphs(tmp_path: Path,
                                                                first: str) -> None:
    """reportlab keeps one font per PostScript name in a process: the file rendered second
    was drawn with the first one's glyphs ('↔' as glyph 0 after an arrowless DejaVu Serif,
    or the arrowless face's text in another file's outlines)."""
    fonts = fonts_named_alike(tmp_path / "fonts")
    page = Page(200, 100, (Text(10, 50, "Ruil ↔ Koop", "regular", 12),))
    for which in (first, *(set(fonts) - {first})):
        with using((("regular", fonts[which]),)):
            doc = covered(Document("t", [page], "", "", "nl", ""), Where("g"), Problems())
            (tmp_path / f"{which}.pdf").write_bytes(render(doc))
        with pdfplumber.open(tmp_path / f"{which}.pdf") as pdf:
            drawn = {c["text"]: c["fontname"].split("+")[-1] for c in pdf.pages[0].chars}
        assert drawn["↔"] == ("DejaVuSerif" if which == "whole" else "DejaVuSansCondensed")
        embedded = PdfReader(tmp_path / f"{which}.pdf").pages[0]["/Resources"]["/Font"]
        programs = {f["/BaseFont"]: TTFont(io.BytesIO(f["/FontDescriptor"]["/FontFile2"]
                                                      .get_data()))["name"].getDebugName(5)
                    for f in (font.get_object() for font in embedded.values())}
        assert {v for k, v in programs.items() if k.endswith("+DejaVuSerif")} == \
            {f"{tmp_path / 'fonts'} {which}"}
