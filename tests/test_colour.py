"""--color cmyk leaves no RGB colour in any content stream (pages and forms), prints dark
text as 100 % K; every PDF carries title, subject, creator and language."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from conftest import kit_for, render_docs
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.options import Options
from printkit.pipeline import calibration

PRODUCTS = ("board", "deeds", "chance", "scorepad", "lines", "rules")
RGB_OPERATORS = {b"rg", b"RG"}


@pytest.fixture(scope="module")
def kit():
    return kit_for("nl")


def streams(reader: PdfReader):
    """Every content stream of a PDF: pages, then the forms they use (recursively)."""
    seen: set[int] = set()

    def forms(resources):
        for xobject in (resources or {}).get("/XObject", {}).values():
            obj = xobject.get_object()
            if obj.get("/Subtype") == "/Form" and id(obj) not in seen:
                seen.add(id(obj))
                yield "form", ContentStream(obj, reader)
                yield from forms(obj.get("/Resources"))

    for page in reader.pages:
        yield "page", ContentStream(page.get_contents(), reader)
        yield from forms(page["/Resources"])


def colour_operations(reader: PdfReader) -> list[tuple[bytes, list]]:
    found = []
    for _, stream in streams(reader):
        for operands, op in stream.operations:
            if op in (b"rg", b"RG", b"k", b"K", b"g", b"G", b"cs", b"CS", b"sc", b"scn", b"SC",
                      b"SCN"):
                found.append((op, operands))
    return found


@pytest.mark.parametrize("target", ["home", "shop"])
@pytest.mark.parametrize("product", PRODUCTS)
def test_cmyk_output_has_no_rgb_operator_anywhere(kit, product: str, target: str) -> None:
    docs = render_docs(kit, product, Options(cmyk=True, target=target))
    for reader in docs.values():
        ops = colour_operations(reader)
        assert ops, "no colour operator found at all: the check would be vacuous"
        assert not [op for op, _ in ops if op in RGB_OPERATORS]
        assert not [o for op, o in ops if op in (b"cs", b"CS") and "/DeviceRGB" in map(str, o)]
        assert any(op == b"k" for op, _ in ops)


def test_rgb_output_does_use_rgb(kit) -> None:
    ops = colour_operations(render_docs(kit, "deeds", Options())["deeds"])
    assert any(op == b"rg" for op, _ in ops)  # the check above can fail


@pytest.mark.parametrize("product", ["deeds", "chance", "scorepad", "rules"])
def test_dark_text_prints_in_black_ink_only(kit, product: str) -> None:
    reader = render_docs(kit, product, Options(cmyk=True))[product]
    buffer = io.BytesIO()
    reader.stream.seek(0)
    buffer.write(reader.stream.read())
    with pdfplumber.open(buffer) as pdf:
        chars = [c for page in pdf.pages for c in page.chars if c["text"].strip()]
    assert chars
    for c in chars:
        colour = tuple(c["non_stroking_color"])
        assert len(colour) == 4, colour
        cyan, magenta, yellow, black = colour
        if black >= 0.6 and cyan + magenta + yellow == 0:  # dark grey: solid black
            assert (cyan, magenta, yellow, black) == (0, 0, 0, 1), c["text"]
        assert not (black >= 0.6 and cyan + magenta + yellow > 0), c["text"]  # rich black


def metadata_ok(reader: PdfReader, lang: str) -> None:
    info = reader.metadata
    assert info.title
    assert info.subject
    assert info.creator.startswith("printkit")
    assert reader.trailer["/Root"]["/Lang"] == lang


@pytest.mark.parametrize("target", ["home", "shop"])
@pytest.mark.parametrize("product", PRODUCTS)
def test_every_pdf_carries_title_subject_creator_and_language(kit, product: str,
                                                               target: str) -> None:
    docs = render_docs(kit, product, Options(target=target, vendor="us"))
    assert docs
    for reader in docs.values():
        metadata_ok(reader, "nl")
        assert reader.metadata.title.startswith("Spankopoly – ")


def test_calibration_sheet_carries_metadata_too() -> None:
    name, data = calibration(Options(), "nl")
    metadata_ok(PdfReader(io.BytesIO(data)), "nl")
    assert name == "calibration-a4-long"
