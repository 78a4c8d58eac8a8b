"""`printkit preflight` judges what a file claims to be: a shop file or a PDF/X file with
RGB is a problem, a PDF/X file needs its OutputIntent, and a card sheet's safe zone is
that of each card (from the grid the sheet declares in its keywords)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import MM, placed_forms
from pypdf import PdfReader, PdfWriter
from typer.testing import CliRunner

from printkit.claims import read_claim
from printkit.cli import app
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.preflight import Limits, check_pdf

runner = CliRunner()
FORMS = {"rgb": Options(), "shop-rgb": Options(target="shop", cmyk=False),  # --color rgb
         "shop-cmyk": Options(target="shop")}  # a shop build is CMYK unless told otherwise


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The spankopoly kit (Dutch) at home in RGB, and for a shop in RGB and in CMYK."""
    folders = {}
    for form, options in FORMS.items():
        out = tmp_path_factory.mktemp(form)
        build(Request("spankopoly", ("nl",), options=options), out, workers=1)
        folders[form] = next(p.parent for p in out.rglob("deeds.pdf"))
    return folders


def test_an_rgb_shop_build_is_flagged_and_the_cmyk_one_passes(built) -> None:
    shop_rgb = sorted(built["shop-rgb"].glob("*.pdf"))
    assert len(shop_rgb) == 7  # board, deeds, chance, scorepad, its blank master, lines, rules
    for path in shop_rgb:
        problems = check_pdf(path).problems
        assert any("RGB colour in a file for a print shop" in p and "--color cmyk" in p
                   for p in problems), path
    for path in sorted(built["shop-cmyk"].glob("*.pdf")):
        assert check_pdf(path).problems == [], path


def test_target_shop_judges_a_home_rgb_file_as_a_shop_file(built) -> None:
    home = built["rgb"] / "scorepad.pdf"
    assert check_pdf(home).problems == []
    result = runner.invoke(app, ["preflight", "--target", "shop", str(home)])
    assert result.exit_code == 1
    assert "RGB colour in a file for a print shop on 5 of 5 pages" in result.output
    bad = runner.invoke(app, ["preflight", "--target", "press", str(home)])
    assert bad.exit_code == 2
    assert "--target press: choose home or shop" in bad.output


def with_info(source: Path, target: Path, strip_intents: bool, **info: str) -> Path:
    writer = PdfWriter(clone_from=source)
    if strip_intents:
        del writer.root_object["/OutputIntents"]
    writer.add_metadata(info)
    writer.write(target)
    return target


def test_a_pdfx_claim_needs_an_output_intent_and_cmyk(built, tmp_path: Path) -> None:
    pdfx = built["shop-cmyk"] / "lines.pdf"
    assert read_claim(PdfReader(pdfx)).pdfx == "PDF/X-1a:2003"
    stripped = with_info(pdfx, tmp_path / "no-intent.pdf", True)
    assert "claims PDF/X-1a:2003 but has no PDF/X OutputIntent" in check_pdf(stripped).problems
    # an RGB home file that claims PDF/X (and no shop): RGB and intent both reported
    rgb = with_info(built["rgb"] / "lines.pdf", tmp_path / "rgb-x.pdf", False,
                    **{"/GTS_PDFXVersion": "PDF/X-1a:2003"})
    text = "\n".join(check_pdf(rgb).problems)
    assert "RGB colour in PDF/X-1a:2003 on 2 of 2 pages" in text
    assert "no PDF/X OutputIntent" in text


def test_a_card_sheet_declares_its_grid_and_each_card_is_a_cell(built) -> None:
    """The cells preflight reads from the keywords are the cards as placed."""
    path = built["rgb"] / "deeds.pdf"
    reader = PdfReader(path)
    cards = read_claim(reader).cards
    assert cards is not None
    assert (cards.first, cards.last) == (1, len(reader.pages))
    assert sorted((round(cards.width / MM), round(cards.height / MM))) == [63, 88]
    for page in reader.pages:
        cells = cards.cells(tuple(float(v) for v in page["/TrimBox"]))
        centres = {(round((c[0] + c[2]) / 2, 2), round((c[1] + c[3]) / 2, 2)) for c in cells}
        placed = {(round(x, 2), round(y, 2)) for x, y in placed_forms(page).values()}
        assert placed
        assert placed <= centres


def test_the_safe_zone_of_a_card_sheet_is_each_cards(built) -> None:
    """Clean at 3 mm; at 6 mm every sheet of fronts has text too near its card's edge, and more of
    it than a check against the sheet's outline finds (that sees only the outer edges)."""
    path = built["rgb"] / "deeds.pdf"
    assert check_pdf(path).problems == []
    problems = check_pdf(path, Limits(safe=6 * MM)).problems
    pages = {p.split(":")[0] for p in problems if "of their card's trim" in p}
    assert {f"p{n}" for n in range(1, len(PdfReader(path).pages) + 1, 2)} <= pages  # fronts
    per_card = sum(int(p.split()[1]) for p in problems if "of their card's trim" in p)
    sheet = PdfWriter(clone_from=path)
    sheet.add_metadata({"/Keywords": ""})
    sheet.write(built["rgb"].parent / "deeds-undeclared.pdf")
    outline = check_pdf(built["rgb"].parent / "deeds-undeclared.pdf", Limits(safe=6 * MM))
    assert 0 < sum(int(p.split()[1]) for p in outline.problems if "trim (outside" in p) \
        < per_card
