"""The rule booklet: reading-order A5 pages and the 2-up saddle-stitch imposition."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, pdf_text
from pypdf import PdfReader

from printkit.errors import PrintkitError
from printkit.impose.booklet import spreads
from printkit.options import Request
from printkit.pipeline import build

RULES = """# Het spel

Spankopoly duurt {{ rules.rounds }} rondes, voor {{ players_min }} tot {{ players_max }} spelers.
Wie op start begint krijgt {{ stake("warm_up") }}.

> Een notitie over {{ text("corners", "visiting", "name")|q }}.

## De straten

{{ table("streets") }}

{% for p in postures %}- {{ p }}
{% endfor %}
1. Eerste punt
2. Tweede punt

# Kanskaarten

{{ table("chance") }}
"""


def write_rules(game: Path, text: str = RULES, lang: str = "nl") -> None:
    (game / "rules").mkdir(exist_ok=True)
    (game / "rules" / f"{lang}.md").write_text(text, encoding="utf-8")


@pytest.fixture
def booklet_kit(game_copy: Path, tmp_path: Path) -> Path:
    write_rules(game_copy)
    build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")
    return tmp_path / "out" / "spankopoly" / "nl"


def test_rules_pdf_has_cover_contents_and_generated_tables(booklet_kit: Path) -> None:
    reader = PdfReader(booklet_kit / "rules.pdf")
    assert len(reader.pages) % 4 == 0
    first = reader.pages[0]
    assert round(float(first.mediabox.width) / MM) == 148
    assert round(float(first.mediabox.height) / MM) == 210
    text = pdf_text(booklet_kit / "rules.pdf")
    assert "Spankopoly Spelregels Inhoud Het spel 3 De straten 3 Kanskaarten" in text
    assert "Spankopoly duurt 12 rondes, voor 2 tot 6 spelers." in text
    assert "40 klappen met de hand" in text
    assert "Een notitie over ‘Leedvermaak’." in text
    assert "Straat Instrument Aankoop (hand) Compleet" in text
    assert "Six Stripe Academy Cane 60 klappen 6 slagen" in text
    assert "Handen langs het lichaam" in text.capitalize() or "handen langs het lichaam" in text
    assert "Ga direct naar station ‘Halfmast’" in text


def test_booklet_sheet_sides_are_in_saddle_stitch_order(booklet_kit: Path) -> None:
    n = len(PdfReader(booklet_kit / "rules.pdf").pages)
    with pdfplumber.open(booklet_kit / "rules-booklet.pdf") as pdf:
        assert len(pdf.pages) == n // 2
        for side, (left, right) in zip(pdf.pages, spreads(n), strict=True):
            assert side.width > side.height  # landscape
            assert round(side.width / MM) == 297
            numbers = {w["text"]: w["x0"] < side.width / 2 for w in side.extract_words()
                       if w["text"].isdigit() and w["bottom"] > side.height - 12 * MM}
            for page, on_left in ((left, True), (right, False)):
                if str(page) in numbers:  # blank and cover pages carry no number
                    assert numbers[str(page)] is on_left
        first = pdf.pages[0].extract_text()
        assert "Spankopoly" in first  # the cover is page 1, on the right of the first side


def test_spreads_for_eight_pages() -> None:
    assert spreads(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_rules_template_error_is_located(game_copy: Path, tmp_path: Path) -> None:
    write_rules(game_copy, "# Titel\n\nTekst {{ table('nope') }}\n")
    with pytest.raises(PrintkitError) as err:
        build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")
    message = str(err.value)
    assert "spankopoly/rules/nl.md:3: template error: ValueError: no table 'nope'" in message


def test_rules_syntax_error_is_located(game_copy: Path, tmp_path: Path) -> None:
    write_rules(game_copy, "# Titel\n\n{% if %}\n")
    with pytest.raises(PrintkitError, match=r"rules/nl.md:3: template error"):
        build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")


MARKDOWN = """# Het spel

Dit is **vet**, dit *schuin* en dit ***allebei***; een [link](https://example.org) telt
als tekst.

### Een kleine kop

- Eerste punt
  - Een ingesprongen punt
- Tweede punt

| Worp | Betekenis |
| ---: | :--- |
| 1 | Opnieuw |
| 6 | **Dubbel** |
| 3 | *Nog eens* of ***beslist*** |

![De doos](pics/doos.png)

{{ table("streets") }}
"""


def test_markdown_booklet_prints_faces_lists_tables_and_images(game_copy: Path,
                                                                tmp_path: Path) -> None:
    from PIL import Image

    (game_copy / "pics").mkdir()
    Image.new("RGB", (600, 300), "#2050A0").save(game_copy / "pics" / "doos.png")
    write_rules(game_copy, MARKDOWN)
    build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")
    pdf = tmp_path / "out" / "spankopoly" / "nl" / "rules.pdf"
    with pdfplumber.open(pdf) as doc:  # by position: runs of two faces join in a word
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in doc.pages)
    assert "Dit is vet, dit schuin en dit allebei; een link telt als tekst." in text
    assert "Een kleine kop" in text
    assert "**" not in text
    assert "###" not in text
    assert "• Eerste punt – Een ingesprongen punt • Tweede punt" in text
    assert "Worp Betekenis 1 Opnieuw 6 Dubbel 3 Nog eens of beslist" in text
    with pdfplumber.open(pdf) as doc:
        page = next(p for p in doc.pages if "Dit is" in (p.extract_text() or ""))
        fonts = {w["text"]: w["fontname"].split("+")[-1]
                 for w in page.extract_words(extra_attrs=["fontname"])}
        assert fonts["vet"] == "DejaVuSansCondensed-Bold"  # and the comma after it:
        assert fonts[","] == "DejaVuSansCondensed"
        assert fonts["schuin"] == "DejaVuSansCondensed-Oblique"
        assert fonts["allebei"] == "DejaVuSansCondensed-BoldOblique"
        assert fonts["link"] == fonts["Dit"] == "DejaVuSansCondensed"
        # in a table cell too (the heads are bold)
        assert fonts["Worp"] == fonts["Dubbel"] == "DejaVuSansCondensed-Bold"
        assert fonts["Opnieuw"] == fonts["of"] == "DejaVuSansCondensed"
        assert fonts["eens"] == "DejaVuSansCondensed-Oblique"
        assert fonts["beslist"] == "DejaVuSansCondensed-BoldOblique"
        kop = next(w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == "kleine")
        assert 9.5 < kop["size"] < 11.5  # a level-3 heading: between body and section
        indents = {w["text"]: w["x0"] for w in page.extract_words()}
        assert indents["Een"] > indents["Eerste"] + 10  # the nested item is indented
        images = page.images
        assert len(images) == 1
        assert images[0]["srcsize"] == (600, 300)
        assert images[0]["width"] == pytest.approx(144, abs=0.5)  # 2 in at 300 ppi


@pytest.mark.parametrize("markup,line,message", [
    ("Tekst\n\n<div>ruw</div>\n", 3, "raw HTML"),
    ("Tekst met <b>html</b>.\n", 1, "raw HTML"),
    ("Een voetnoot[^1].\n\n[^1]: De noot.\n", 1, "footnote"),
    ("Tekst\n\n#### Te diep\n", 3, "level 4"),
    ("Tekst\n\n![x](../../geheim.png)\n", 3, "in the game folder"),
    ("Tekst\n\n![x](pics/geen.png)\n", 3, "no such file in the game folder"),
    # text the booklet lost without a word: blocks nested 20 deep, a footnote CommonMark
    # reads as a link and its definition, pictures in headings and cells, a NUL byte
    ("Tekst\n\n" + "> " * 25 + "Diep verstopt\n", 3, "nested more than 8 deep"),
    ("Zie[^1] hier.\n\n[^1]: Noot\n", 3, "footnote"),
    ("## Kop ![x](pics/a.png)\n", 1, "a picture in a heading cannot be printed"),
    ("| a | b |\n|---|---|\n| ![x](pics/a.png) | c |\n", 3,
     "a picture in a table cell cannot be printed"),
    ("Nul\x00byte\n", 1, "a NUL character"),
])
def test_markup_the_booklet_cannot_print_is_located(game_copy: Path, tmp_path: Path,
                                                    markup: str, line: int,
                                                    message: str) -> None:
    write_rules(game_copy, "# Titel\n\n" + markup)
    with pytest.raises(PrintkitError) as err:
        build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")
    text = str(err.value)
    assert f"rules/nl.md:{line + 2}:" in text, text
    assert message in text, text


def test_a_table_of_the_rules_file_that_does_not_fit_is_named_at_its_line(
        game_copy: Path, tmp_path: Path) -> None:
    """A table written in rules/nl.md whose row cannot fit was named at text/nl.toml with
    no line."""
    wide = "Zeer" + "x" * 300
    write_rules(game_copy, "# Titel\n\nTekst.\n\n| Worp | Betekenis |\n|---|---|\n"
                f"| 1 | kort |\n| 2 | {wide} |\n")
    with pytest.raises(PrintkitError) as err:
        build(Request("spankopoly", ("nl",), data=game_copy.parent), tmp_path / "out")
    assert "spankopoly/rules/nl.md:8: table: Worp | Betekenis, row 2: text does not fit " \
        "even at" in str(err.value), str(err.value)


def test_a_long_booklet_is_laid_out_in_one_pass_over_its_text(
        game_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a paragraph stands in rules/<lang>.md is looked up (a search of the whole
    file) only for a paragraph with a problem: looking it up for every paragraph made a
    booklet's layout quadratic in its size (a 9 MB file took about an hour)."""
    from printkit.localise.kit_booklet import BookletText

    paragraphs = "\n\n".join(f"Alinea {n}: de speler gooit twee dobbelstenen." for n in
                             range(400))
    write_rules(game_copy, "# Regels\n\n" + paragraphs + "\n")
    real, lookups = BookletText.where, []

    def counted(self: BookletText, found: str, other):  # type: ignore[no-untyped-def]
        lookups.append(found)
        return real(self, found, other)

    monkeypatch.setattr(BookletText, "where", counted)
    built = build(Request("spankopoly", ("nl",), data=game_copy.parent, only=("rules",)),
          game_copy.parent.parent / "out", workers=1)
    assert [b.path.name for b in built] == ["rules.pdf", "rules-booklet.pdf"]
    assert "Alinea 399:" in pdf_text(built[0].path)
    assert lookups == []


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_contents_of_an_a6_booklet_fit_their_page(tmp_path: Path, lang: str) -> None:
    """On A5 paper (booklet pages of A6) klassiek's contents ran 6 lines onto page 3,
    a page nearly empty: set tighter (at 8 pt or more) they fit page 2, and the rules
    begin on page 3."""
    from conftest import kit_for

    from printkit.localise.kit_booklet import BookHeading
    from printkit.options import Options

    build(Request("klassiek", (lang,), only=("rules",), options=Options(paper="a5")),
          tmp_path)
    book = kit_for(lang, "klassiek").product("rules").content
    headings = [b.text for b in book.blocks if isinstance(b, BookHeading) and b.level <= 2]
    with pdfplumber.open(tmp_path / "klassiek" / lang / "rules.pdf") as pdf:
        listed = (pdf.pages[1].extract_text() or "").splitlines()
        rules = (pdf.pages[2].extract_text() or "").splitlines()
        sizes = {round(c["size"], 1) for c in pdf.pages[1].chars}
    assert listed[0] == book.contents
    assert [line.rsplit(" ", 1)[0] for line in listed[1:-1]] == headings  # -1: folio
    assert rules[0] == headings[0]
    assert min(sizes) >= 8.0
