"""`printkit preflight` flags every defect a print shop's preflight flags, each named on its
page: each is built here into a good shop file (spankopoly's Dutch chance cards for the eu
shop, PDF/X-1a:2003), one defect to a file, with pypdf. Files it cannot read fully are
refused (exit 2), never called clean; the good files stay clean."""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NumberObject,
    PdfObject,
    RectangleObject,
    TextStringObject,
)
from typer.testing import CliRunner

from printkit.cli import app
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.units import MM

runner = CliRunner()
Craft = Callable[[PdfWriter], None]


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every file of spankopoly (Dutch) for the eu shop, as `build --target shop` writes it."""
    out = tmp_path_factory.mktemp("shop")
    build(Request("spankopoly", ("nl",), options=Options(target="shop")), out, workers=1)
    return next(out.rglob("chance.pdf")).parent


@pytest.fixture(scope="module")
def base(shop: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first four cards of the chance deck (the defects need no more, and preflight
    reads four pages ten times as fast as forty)."""
    writer = PdfWriter(clone_from=shop / "chance.pdf")
    while len(writer.pages) > 4:
        writer.remove_page(4)
    path = tmp_path_factory.mktemp("base") / "chance.pdf"
    writer.write(path)
    return path


def pdf(value: Any) -> PdfObject:
    """A Python value as a PDF object: '/Name', text, numbers, lists and dicts."""
    if isinstance(value, PdfObject):
        return value
    if isinstance(value, int):
        return NumberObject(int(value))
    if isinstance(value, float):
        return FloatObject(value)
    if isinstance(value, str):
        return NameObject(value) if value.startswith("/") else TextStringObject(value)
    if isinstance(value, list):
        return ArrayObject(pdf(v) for v in value)
    return DictionaryObject({NameObject(f"/{k}"): pdf(v) for k, v in value.items()})


def stream(writer: PdfWriter, data: bytes, **keys: Any) -> IndirectObject:
    made = DecodedStreamObject()
    made.set_data(data)
    made.update({NameObject(f"/{k}"): pdf(v) for k, v in keys.items()})
    return writer._add_object(made)


def draw(writer: PdfWriter, code: bytes, page: int = 0, **resources: dict[str, Any]) -> None:
    """Add drawing code (and the resources it names) to the end of a page."""
    target = writer.pages[page]
    old = target.get_contents()
    target[NameObject("/Contents")] = stream(writer, (old.get_data() if old else b"") +
                                             b"\n" + code)
    own = target["/Resources"].get_object()
    for kind, entries in resources.items():
        if f"/{kind}" not in own:
            own[NameObject(f"/{kind}")] = DictionaryObject()
        own[f"/{kind}"].get_object().update({NameObject(f"/{k}"): pdf(v)
                                             for k, v in entries.items()})


def image(writer: PdfWriter, size: int, space: str, pixel: bytes, **keys: Any) -> IndirectObject:
    return stream(writer, pixel * size * size, Type="/XObject", Subtype="/Image", Width=size,
                  Height=size, ColorSpace=space, BitsPerComponent=8, **keys)


def gstate(**keys: Any) -> Craft:
    return lambda w: draw(w, b"q /GSt gs 0 0 0 .5 k 100 60 40 40 re f Q",
                          ExtGState={"GSt": {"Type": "/ExtGState", **keys}})


def boxes(page: int, media: list[float], trim: list[float]) -> Craft:
    def craft(writer: PdfWriter) -> None:
        target = writer.pages[page]
        target.mediabox = target.bleedbox = RectangleObject(media)
        target.trimbox = RectangleObject(trim)
    return craft


def info(**keys: str) -> Craft:
    return lambda w: w.add_metadata({f"/{k}": v for k, v in keys.items()})


def unkey(where: Callable[[PdfWriter], Any], key: str) -> Craft:
    return lambda w: where(w).pop(key)


def first_font(writer: PdfWriter) -> Any:
    fonts = writer.pages[0]["/Resources"]["/Font"].get_object()
    return next(iter(fonts.values())).get_object()


def font_name(writer: PdfWriter) -> bytes:
    return next(iter(writer.pages[0]["/Resources"]["/Font"].get_object())).encode()


def text(x: float, y: float, size: float, words: bytes) -> Craft:
    return lambda w: draw(w, b"BT %s %g Tf 1 0 0 1 %g %g Tm (%s) Tj ET" % (
        font_name(w), size, x, y, words))


def trimmed(writer: PdfWriter) -> tuple[float, ...]:
    return tuple(float(v) for v in writer.pages[0]["/TrimBox"])


def profile(writer: PdfWriter) -> Any:
    intent = writer.root_object["/OutputIntents"][0].get_object()
    return intent["/DestOutputProfile"].get_object()


def cut_background(writer: PdfWriter) -> None:
    page = writer.pages[0]
    code = page.get_contents().get_data().replace(
        b"n -8.503937 -8.503937 263.622 175.748 re f*", b"n 0 0 246.6142 158.7402 re f*", 1)
    page[NameObject("/Contents")] = stream(writer, code)


def bleed_1mm(writer: PdfWriter) -> None:
    x0, y0, x1, y1 = trimmed(writer)
    for page in writer.pages:
        page.mediabox = page.bleedbox = RectangleObject([x0 - MM, y0 - MM, x1 + MM, y1 + MM])


def helvetica(writer: PdfWriter) -> None:
    draw(writer, b"BT /FH 12 Tf 1 0 0 1 40 80 Tm (Kans) Tj ET",
         Font={"FH": {"Type": "/Font", "Subtype": "/Type1", "BaseFont": "/Helvetica"}})


def smask_image(writer: PdfWriter) -> None:
    mask = image(writer, 8, "/DeviceGray", b"\x80")
    draw(writer, b"q 40 0 0 40 100 60 cm /ImS Do Q",
         XObject={"ImS": image(writer, 8, "/DeviceCMYK", b"\0\0\0\x80", SMask=mask)})


def gs_smask(writer: PdfWriter) -> None:
    group = stream(writer, b"0 g 0 0 10 10 re f", Type="/XObject", Subtype="/Form",
                   BBox=[0, 0, 10, 10], Group={"S": "/Transparency", "CS": "/DeviceGray"})
    gstate(SMask={"Type": "/Mask", "S": "/Luminosity", "G": group})(writer)


def separation_rgb(writer: PdfWriter) -> None:
    tint = stream(writer, b"{dup dup}", FunctionType=4, Domain=[0, 1], Range=[0, 1, 0, 1, 0, 1])
    draw(writer, b"/CSsep cs 1 sc 100 60 40 40 re f",
         ColorSpace={"CSsep": ["/Separation", "/Spot", "/DeviceRGB", tint]})


def icc_rgb(writer: PdfWriter) -> None:
    icc = stream(writer, profile(writer).get_data(), N=3)
    draw(writer, b"/CSicc cs 1 0 0 sc 100 60 40 40 re f",
         ColorSpace={"CSicc": ["/ICCBased", icc]})


def icc_lab(writer: PdfWriter) -> None:
    data = bytearray(profile(writer).get_data())
    data[16:20] = b"Lab "  # the header's data colour space
    icc = stream(writer, bytes(data), N=3)
    draw(writer, b"/CSicc cs 50 0 0 sc 100 60 40 40 re f",
         ColorSpace={"CSicc": ["/ICCBased", icc]})


def srgb_profile(writer: PdfWriter) -> None:
    profile(writer)[NameObject("/N")] = NumberObject(3)


def annotation(writer: PdfWriter) -> None:
    x0, y0, _, _ = trimmed(writer)
    writer.pages[0][NameObject("/Annots")] = ArrayObject([writer._add_object(pdf(
        {"Type": "/Annot", "Subtype": "/Text", "Rect": [x0 + 20, y0 + 20, x0 + 40, y0 + 40],
         "Contents": "check"}))])


def script(writer: PdfWriter) -> None:
    writer.root_object[NameObject("/OpenAction")] = pdf(
        {"S": "/JavaScript", "JS": "app.alert('hi')"})


def encrypt(writer: PdfWriter) -> None:
    writer.encrypt(user_password="", owner_password="o", algorithm="RC4-128")


def card_short(writer: PdfWriter) -> None:
    x0, y0, x1, y1 = trimmed(writer)
    writer.pages[1].trimbox = RectangleObject([x0 + MM, y0 + MM, x1 - MM, y1 - MM])


def a4_page(writer: PdfWriter) -> None:
    bleed = 3 * MM
    boxes(1, [0, 0, 595.276, 841.89], [bleed, bleed, 595.276 - bleed, 841.89 - bleed])(writer)


DEFECTS: dict[str, tuple[Craft, str]] = {  # the review's 32 defects: craft, what is said
    "rgb image": (lambda w: draw(w, b"q 40 0 0 40 100 60 cm /ImR Do Q", XObject={
        "ImR": image(w, 64, "/DeviceRGB", b"\xff\0\0")}), "RGB colour in PDF/X-1a:2003 on 1 of 4 "
        "pages (first p1; RGB image): build it with --color cmyk"),
    "rg fill": (lambda w: draw(w, b"1 0 0 rg 100 60 40 40 re f"), "(first p1; rg operator)"),
    "ICC RGB space": (icc_rgb, "(first p1; RGB colour space)"),
    "separation with an RGB alternate": (separation_rgb, "(first p1; RGB colour space)"),
    "page = trim": (boxes(0, [8.503937, 8.503937, 255.1181, 167.2441],
                          [8.503937, 8.503937, 255.1181, 167.2441]),
                    "p1: artwork reaches the left trim edge but there is no bleed"),
    "background cut at the trim": (cut_background, "p1: artwork reaches the bottom trim edge "
                                   "but it stops short of the bleed (needs 3 mm)"),
    "bleed 1 mm": (bleed_1mm, "p1: the page holds 1.0 mm of bleed around the trim"),
    "Helvetica": (helvetica, "font Helvetica: not embedded (a base-14 font"),
    "font file removed": (lambda w: first_font(w)["/FontDescriptor"].get_object().pop(
        "/FontFile2"), ": not embedded"),
    "text in the bleed": (text(0.7 * MM, 80, 12, b"BL"), "p1: 1 character runs off the trim: 'B'"),
    "text 1 mm inside the trim": (text(4 * MM, 80, 12, b"N"),
                                  "p1: 1 character within 3 mm of the trim"),
    "4 pt text": (text(40, 40, 4, b"klein"), "p1: 5 characters smaller than 6 pt"),
    "20 px image over 20 pt": (lambda w: draw(w, b"q 20 0 0 20 100 60 cm /ImL Do Q", XObject={
        "ImL": image(w, 20, "/DeviceCMYK", b"\0\0\0\x80")}),
        "p1: an image of 20×20 px prints at 72 ppi (needs 300)"),
    "no OutputIntents": (unkey(lambda w: w.root_object, "/OutputIntents"),
                         "claims PDF/X-1a:2003 but has no PDF/X OutputIntent"),
    "no Trapped": (unkey(lambda w: w._info.get_object(), "/Trapped"),
                   "does not say whether it is trapped"),
    "Trapped Unknown": (info(Trapped="/Unknown"), "does not say whether it is trapped"),
    "sRGB output profile": (srgb_profile, "its output profile is not CMYK"),
    "no TrimBox": (unkey(lambda w: w.pages[0], "/TrimBox"), "p1: no TrimBox"),
    "TrimBox outside the MediaBox": (boxes(0, [0, 0, 100, 100], [8.5, 8.5, 255, 167]),
                                     "p1: TrimBox reaches outside the MediaBox"),
    "ca 0.5": (gstate(ca=0.5, CA=0.5), "p1: live transparency in a PDF/X-1a:2003 file "
               "(graphics state /GSt has CA 0.5; graphics state /GSt has ca 0.5)"),
    "blend mode Multiply": (gstate(BM="/Multiply"), "graphics state /GSt blends with Multiply"),
    "image with a soft mask": (smask_image, "image /ImS has a soft mask"),
    "luminosity soft mask": (gs_smask, "p1: live transparency in a PDF/X-1a:2003 file "
                             "(graphics state /GSt has a soft mask)"),
    "Lab fill": (lambda w: draw(w, b"/CSlab cs 50 20 20 sc 100 60 40 40 re f", ColorSpace={
        "CSlab": ["/Lab", {"WhitePoint": [0.9642, 1.0, 0.8249]}]}),
        "Lab colour in PDF/X-1a:2003 on 1 of 4 pages (first p1; Lab colour space)"),
    "encrypted": (encrypt, "the file is encrypted"),
    "OpenAction JavaScript": (script, "JavaScript in the action on opening"),
    "Text annotation in the trim": (annotation, "p1: 1 Text annotation inside the trim"),
    "A4 page in the deck": (a4_page, "p2: trim 204.0 × 291.0 mm, where the file's other pages "
                            "are 87.0 × 56.0 mm: every page of a deck is cut to one size"),
    "card 2 mm short": (card_short, "p2: trim 85.0 × 54.0 mm, where the file's other pages "
                        "are 87.0 × 56.0 mm"),
    "400 % ink": (lambda w: draw(w, b"1 1 1 1 k 100 60 40 40 re f"),
                  "p1: 400 % ink (C + M + Y + K) in a fill in DeviceCMYK 1 1 1 1, over the "
                  "file's 330 % limit"),
    "0.1 pt line": (lambda w: draw(w, b"0 0 0 1 K .1 w 100 60 m 140 60 l S"),
                    "p1: 1 line thinner than 0.25 pt (thinnest 0.10 pt)"),
    "0 pt line": (lambda w: draw(w, b"0 0 0 1 K 0 w 100 60 m 140 60 l S"),
                  "p1: 1 line of width 0"),
}


def made(base: Path, folder: Path, name: str, craft: Craft) -> Path:
    writer = PdfWriter(clone_from=base)
    craft(writer)
    path = folder / (re.sub(r"\W+", "-", name) + ".pdf")
    writer.write(path)
    return path


def said(path: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["preflight", *args, str(path)])
    return result.exit_code, " ".join(result.output.split())


def test_the_review_counts_32_defects() -> None:
    assert len(DEFECTS) == 32


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_each_crafted_defect_is_flagged(base: Path, tmp_path: Path, name: str) -> None:
    craft, message = DEFECTS[name]
    path = made(base, tmp_path, name, craft)
    code, output = said(path)
    assert code == 1, output
    assert message in output


def test_the_files_the_defects_are_made_from_are_clean(shop: Path, base: Path) -> None:
    """The control: the four cards the defects are built into, and every file of the kit
    for the shop (board, deeds, chance, score pads, lines, rules)."""
    files = [base, *sorted(shop.glob("*.pdf"))]
    assert len(files) == 8
    result = runner.invoke(app, ["preflight", *map(str, files)])
    assert result.exit_code == 0, result.output
    assert result.output.count(": clean (") == 8


def form(writer: PdfWriter, code: bytes, **resources: Any) -> IndirectObject:
    return stream(writer, code, Type="/XObject", Subtype="/Form", BBox=[0, 0, 100, 100],
                  Resources=resources)


def nested_transparency(writer: PdfWriter) -> None:
    inner = form(writer, b"/GIn gs 0 0 10 10 re f",
                 ExtGState=pdf({"GIn": {"Type": "/ExtGState", "ca": 0.3}}))
    outer = form(writer, b"/Inner Do", XObject=pdf({"Inner": inner}))
    draw(writer, b"/Outer Do", XObject={"Outer": outer})


def glyph_zero(writer: PdfWriter) -> None:
    draw(writer, b"BT %s 12 Tf 1 0 0 1 40 80 Tm <0141> Tj ET" % font_name(writer))


def cmyk_image_over_limit(writer: PdfWriter) -> None:
    data = zlib.compress(b"\xff\xff\xff\xff" * 64 * 64)
    picture = stream(writer, b"", Type="/XObject", Subtype="/Image", Width=64, Height=64,
                     ColorSpace="/DeviceCMYK", BitsPerComponent=8, Filter="/FlateDecode")
    picture.get_object()._data = data
    draw(writer, b"q 10 0 0 10 100 60 cm /ImK Do Q", XObject={"ImK": picture})


def jpeg(mode: str, size: tuple[int, int], colour: Any) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new(mode, size, colour).save(buffer, "JPEG", quality=95)
    return buffer.getvalue()


def jpeg_image(writer: PdfWriter, data: bytes, width: int, space: str) -> None:
    picture = stream(writer, b"", Type="/XObject", Subtype="/Image", Width=width, Height=16,
                     ColorSpace=space, BitsPerComponent=8, Filter="/DCTDecode")
    picture.get_object()._data = data
    draw(writer, b"q 2 0 0 2 100 60 cm /ImJ Do Q", XObject={"ImJ": picture})


def cid_glyph_zero(writer: PdfWriter) -> None:
    """A Type0 font (Identity-H) on the embedded font's descriptor, showing CID 0."""
    simple = first_font(writer)
    descendant = writer._add_object(pdf({
        "Type": "/Font", "Subtype": "/CIDFontType2", "BaseFont": simple["/BaseFont"],
        "CIDSystemInfo": {"Registry": "Adobe", "Ordering": "Identity", "Supplement": 0},
        "FontDescriptor": simple.raw_get("/FontDescriptor"), "CIDToGIDMap": "/Identity"}))
    draw(writer, b"BT /FC 12 Tf 1 0 0 1 40 80 Tm <00000024> Tj ET", Font={"FC": {
        "Type": "/Font", "Subtype": "/Type0", "BaseFont": simple["/BaseFont"],
        "Encoding": "/Identity-H", "DescendantFonts": [descendant]}})


BLEND = {"ShadingType": 2, "ColorSpace": "/DeviceCMYK", "Coords": [0, 0, 100, 0],
         "Function": {"FunctionType": 2, "Domain": [0, 1], "N": 1, "C0": [0, 0, 0, 0],
                      "C1": [1, 1, 1, 1]}}


def shading_pattern(writer: PdfWriter) -> None:
    draw(writer, b"/Pattern cs /Pa scn 100 60 40 40 re f",
         Pattern={"Pa": {"PatternType": 2, "Shading": BLEND}})


def annotation_script(writer: PdfWriter) -> None:
    writer.pages[0][NameObject("/Annots")] = ArrayObject([writer._add_object(pdf(
        {"Type": "/Annot", "Subtype": "/Link", "Rect": [0, 0, 1, 1],
         "A": {"S": "/JavaScript", "JS": "1"}}))])


def form_fields(writer: PdfWriter) -> None:
    field = writer._add_object(pdf({"FT": "/Tx", "T": "name"}))
    writer.root_object[NameObject("/AcroForm")] = pdf({"Fields": [field]})


def named_script(writer: PdfWriter) -> None:
    writer.root_object[NameObject("/Names")] = pdf({"JavaScript": {"Names": [
        "a", {"S": "/JavaScript", "JS": "1"}]}})


def ppi(pixels: int) -> Craft:
    """A CMYK image `pixels` wide drawn 105.8 mm wide (1249 px: 299.86 ppi)."""
    return lambda w: draw(w, b"q %g 0 0 %g 20 20 cm /ImP Do Q" % (105.8 * MM, 105.8 * MM),
                          XObject={"ImP": image(w, pixels, "/DeviceCMYK", b"\0\0\0\x40")})


MORE: dict[str, tuple[Craft, str]] = {  # further defects a shop's preflight finds
    "transparency in a form in a form": (nested_transparency, "p1: live transparency in a "
                                         "PDF/X-1a:2003 file (graphics state /GIn has ca 0.3)"),
    "glyph 0": (glyph_zero, "+DejaVuSansCondensed-Bold prints glyph 0 (.notdef"),
    "a font the resources lack": (lambda w: draw(w, b"BT /F99 9 Tf (x) Tj ET"),
                                  "p1: text in the font /F99, which the page's resources do "
                                  "not hold"),
    "a CMYK image over the limit": (cmyk_image_over_limit, "p1: the image /ImK (64×64 px) "
                                    "carries 400 % ink in places, over the file's 330 % limit"),
    "an ink limit of 300 %": (lambda w: (info(Keywords="printkit-shop vendor=us colour=cmyk "
                                              "ink=300%")(w),
                                         draw(w, b".2 1 1 1 k 100 60 40 40 re f")),
                              "p1: 320 % ink (C + M + Y + K) in a fill in DeviceCMYK 0.2 1 1 1, "
                              "over the file's 300 % limit"),
    "DeviceRGB by name": (lambda w: draw(w, b"/DeviceRGB cs 1 0 0 sc 100 60 40 40 re f"),
                          "(first p1; DeviceRGB colour space)"),
    "an RGB inline image": (lambda w: draw(w, b"q 9 0 0 9 100 60 cm BI /W 1 /H 1 /BPC 8\n"
                                              b"/CS /RGB ID \xff\0\0 EI Q"),
                            "(first p1; RGB inline image)"),
    "a CMYK JPEG over the limit": (lambda w: jpeg_image(w, jpeg("CMYK", (16, 16), (
        255, 255, 255, 255)), 16, "/DeviceCMYK"), "% ink in places, over the file's 330 % limit"),
    "glyph 0 of a CID font": (cid_glyph_zero, "DejaVuSansCondensed-Bold prints glyph 0 (.notdef"),
    "a CMYK inline image over the limit": (
        lambda w: draw(w, b"q 9 0 0 9 100 60 cm BI /W 2 /H 1 /BPC 8 /CS /CMYK ID " +
                       b"\xff" * 8 + b" EI Q"),
        "p1: the image (an inline image) (2×1 px) carries 400 % ink in places, over the "
        "file's 330 % limit"),
    "a shading to 400 %": (lambda w: draw(w, b"q 100 60 40 40 re W n /Sh sh Q",
                                          Shading={"Sh": BLEND}),
                           "p1: 400 % ink (C + M + Y + K) in a shading in DeviceCMYK 1 1 1 1"),
    "a shading pattern to 400 %": (shading_pattern, "p1: 400 % ink (C + M + Y + K) in a fill "
                                   "in DeviceCMYK 1 1 1 1"),
    "an ICC profile of Lab": (icc_lab, "Lab colour in PDF/X-1a:2003 on 1 of 4 pages (first "
                              "p1; Lab colour space)"),
    "JavaScript in a link": (annotation_script, "p1: JavaScript in the actions of 1 annotation"),
    "named JavaScript": (named_script, "JavaScript in the document's named scripts"),
    "form fields": (form_fields, "an interactive form of 1 field"),
    "299.9 ppi": (ppi(1249), "p1: an image of 1249×1249 px prints at 299.8 ppi (needs 300)"),
    "PDF/X-1:2003 with PDF/X-1a:2003": (info(GTS_PDFXVersion="PDF/X-1:2003",
                                             GTS_PDFXConformance="PDF/X-1a:2003"),
                                        "GTS_PDFXVersion 'PDF/X-1:2003' names no PDF/X version"),
    "transparency under the keys of no version": (
        lambda w: (info(GTS_PDFXVersion="PDF/X-1:2003", GTS_PDFXConformance="PDF/X-1a:2003")(w),
                   gstate(ca=0.5)(w)),
        "p1: live transparency in a PDF/X-1a:2003 file (graphics state /GSt has ca 0.5)"),
    "PDF/X-1:2001 alone": (info(GTS_PDFXVersion="PDF/X-1:2001"), "GTS_PDFXVersion "
                           "'PDF/X-1:2001' needs GTS_PDFXConformance 'PDF/X-1a:2001' (it has "
                           "none)"),
}


@pytest.mark.parametrize("name", sorted(MORE))
def test_each_further_defect_is_flagged(base: Path, tmp_path: Path, name: str) -> None:
    craft, message = MORE[name]
    code, output = said(made(base, tmp_path, name, craft))
    assert code == 1, output
    assert message in output


def test_an_image_of_300_ppi_and_the_2001_keys_are_clean(base: Path, tmp_path: Path) -> None:
    """The rule at 300 ppi is build's (a picture under 300 ppi warns, at 300 it does not),
    and PDF/X-1a:2001's pair of keys is the right way to claim that standard."""
    exact = made(base, tmp_path, "ppi", ppi(round(105.8 / 25.4 * 300) + 1))
    x2001 = made(base, tmp_path, "x2001", info(GTS_PDFXVersion="PDF/X-1:2001",
                                               GTS_PDFXConformance="PDF/X-1a:2001"))
    for path in (exact, x2001):
        assert said(path) == (0, f"{path}: clean (4 pages)")


def test_printers_marks_and_annotations_off_the_trim_are_allowed(base: Path,
                                                                tmp_path: Path) -> None:
    def craft(writer: PdfWriter) -> None:
        x0, y0, _, _ = trimmed(writer)
        writer.pages[0][NameObject("/Annots")] = ArrayObject(writer._add_object(pdf(
            {"Type": "/Annot", "Subtype": kind, "Rect": rect})) for kind, rect in (
            ("/PrinterMark", [x0 + 20, y0 + 20, x0 + 40, y0 + 40]),
            ("/Text", [0, 0, x0 - 1, y0 - 1])))

    path = made(base, tmp_path, "marks", craft)
    assert said(path) == (0, f"{path}: clean (4 pages)")


def test_the_cmyk_advice_is_only_for_printkits_own_files(base: Path, tmp_path: Path) -> None:
    def other(writer: PdfWriter) -> None:
        info(Creator="Another program", Author="Someone", Keywords="")(writer)
        draw(writer, b"1 0 0 rg 100 60 40 40 re f")

    code, output = said(made(base, tmp_path, "other", other))
    assert code == 1
    assert "RGB colour in PDF/X-1a:2003 on 1 of 4 pages (first p1; rg operator): convert it " \
        "to CMYK" in output
    assert "--color" not in output


def forms_in_a_loop(writer: PdfWriter) -> None:
    first = form(writer, b"/B Do")
    second = form(writer, b"/A Do", XObject=pdf({"A": first}))
    first.get_object()[NameObject("/Resources")] = pdf({"XObject": {"B": second}})
    draw(writer, b"/A Do", XObject={"A": first})


def self_drawing_form(writer: PdfWriter) -> None:
    itself = form(writer, b"/Me Do")
    itself.get_object()[NameObject("/Resources")] = pdf({"XObject": {"Me": itself}})
    draw(writer, b"/Me Do", XObject={"Me": itself})


def short_image(writer: PdfWriter) -> None:
    picture = stream(writer, b"", Type="/XObject", Subtype="/Image", Width=64, Height=64,
                     ColorSpace="/DeviceCMYK", BitsPerComponent=8, Filter="/FlateDecode")
    picture.get_object()._data = zlib.compress(b"\0" * 1000)
    draw(writer, b"q 10 0 0 10 100 60 cm /ImB Do Q", XObject={"ImB": picture})


def page_tree_loop(writer: PdfWriter) -> None:
    pages = writer.root_object["/Pages"].get_object()
    pages["/Kids"].append(writer.root_object.raw_get("/Pages"))


def type3_text(writer: PdfWriter) -> None:
    square = stream(writer, b"0 0 0 1 k 0 0 750 750 re f")  # a glyph that is a drawing
    font = {"Type": "/Font", "Subtype": "/Type3", "FontBBox": [0, 0, 750, 750],
            "FontMatrix": [0.001, 0, 0, 0.001, 0, 0], "FirstChar": 65, "LastChar": 65,
            "Widths": [750], "Encoding": {"Type": "/Encoding", "Differences": [65, "/sq"]},
            "CharProcs": {"sq": square}, "Resources": {}}
    draw(writer, b"BT /T3 12 Tf 100 60 Td (A) Tj ET", Font={"T3": font})


def shading_by(function: Any) -> Craft:
    def craft(writer: PdfWriter) -> None:
        shading = {"ShadingType": 2, "ColorSpace": "/DeviceCMYK", "Coords": [0, 0, 50, 0]}
        if function is not None:
            shading["Function"] = function(writer)
        draw(writer, b"q 100 60 50 50 re W n /Sh sh Q", Shading={"Sh": shading})
    return craft


def postscript(writer: PdfWriter) -> IndirectObject:
    return stream(writer, b"{ dup dup 1 }", FunctionType=4, Domain=[0, 1],
                  Range=[0, 1, 0, 1, 0, 1, 0, 1])


def tiling_pattern(writer: PdfWriter) -> None:
    cell = stream(writer, b"0 0 0 1 k 0.05 w 0 0 m 10 10 l S", Type="/Pattern",
                  PatternType=1, PaintType=1, TilingType=1, BBox=[0, 0, 10, 10], XStep=10,
                  YStep=10, Resources={})
    draw(writer, b"q /Pattern cs /Cell scn 100 60 40 40 re f Q", Pattern={"Cell": cell})


def image_of(space: Any, bits: int = 8, filters: str = "", pixel: bytes = b"") -> Craft:
    def craft(writer: PdfWriter) -> None:
        keys: dict[str, Any] = {"Filter": filters} if filters else {}
        if space is not None:
            keys["ColorSpace"] = space(writer) if callable(space) else space
        picture = stream(writer, pixel * 16, Type="/XObject", Subtype="/Image", Width=4,
                         Height=4, BitsPerComponent=bits, **keys)
        draw(writer, b"q 20 0 0 20 100 60 cm /ImU Do Q", XObject={"ImU": picture})
    return craft


def cmyk_palette(writer: PdfWriter) -> Any:
    return pdf(["/Indexed", "/DeviceCMYK", 0, TextStringObject("\xff\xff\xff\xff")])


UNREAD = "cannot judge this PDF: p1: "
UNJUDGED: dict[str, tuple[Craft, str]] = {  # a file preflight cannot read fully: why
    "text in a Type3 font": (type3_text, UNREAD + "text in the Type3 font /T3, whose glyphs "
                             "are drawings that preflight does not read (their lines and "
                             "ink)"),
    "a CMYK shading by a PostScript function": (
        shading_by(postscript), UNREAD + "a shading in DeviceCMYK whose colours preflight "
        "does not read (a PostScript calculator function): its ink"),
    "a CMYK shading by a function a component": (
        shading_by(lambda w: pdf([{"FunctionType": 2, "Domain": [0, 1], "N": 1}] * 4)),
        UNREAD + "a shading in DeviceCMYK whose colours preflight does not read (a "
        "function for each colour component): its ink"),
    "paint with a tiling pattern": (tiling_pattern, UNREAD + "paint with the tiling pattern "
                                    "/Cell, whose cells preflight does not read (their lines"
                                    " and ink)"),
    "a JPEG 2000 image": (image_of(None, filters="/JPXDecode", pixel=b"\0"),
                          UNREAD + "the image /ImU is JPEG 2000 data, whose ink preflight "
                          "does not read"),
    "a 16-bit CMYK image": (image_of("/DeviceCMYK", 16, pixel=b"\xff" * 8),
                            UNREAD + "the image /ImU has 16 bits a component of 4 inks; "
                            "preflight reads the ink of 8-bit CMYK images"),
    "a DeviceN image of five inks": (
        image_of(pdf(["/DeviceN", ["/Cyan", "/Magenta", "/Yellow", "/Black", "/Spot"],
                      "/DeviceCMYK", {"FunctionType": 2, "Domain": [0, 1], "N": 1}]),
                 pixel=b"\xff" * 5),
        UNREAD + "the image /ImU has 8 bits a component of 5 inks; preflight reads the ink "
        "of 8-bit CMYK images"),
    "an image on a palette of CMYK colours": (
        image_of(cmyk_palette, pixel=b"\0"),
        UNREAD + "the image /ImU takes its colours from a palette of CMYK or DeviceN colours "
        "(Indexed), whose ink preflight does not read"),
    "zero-size page": (boxes(0, [0, 0, 0, 0], [0, 0, 0, 0]),
                       "cannot judge this PDF: p1: the MediaBox is 0 × 0 pt (a page is at "
                       "least 3 pt a side)"),
    "a form that draws itself": (self_drawing_form,
                                 "cannot judge this PDF: p1: the form /Me draws itself"),
    "forms that draw each other": (forms_in_a_loop, "cannot judge this PDF: p1: the form /A "
                                   "draws itself (through the forms it draws)"),
    "image data short of its size": (short_image, "cannot judge this PDF: p1: the image /ImB "
                                     "holds 1000 bytes of data where its size needs 16384"),
    "a JPEG of another size than its image": (
        lambda w: jpeg_image(w, jpeg("L", (16, 16), 128), 20, "/DeviceGray"),
        "cannot judge this PDF: p1: the image /ImJ is 20 × 16 × 1 but its JPEG data 16 × 16 "
        "× 1"),
    "an inline image short of its size": (  # pypdf reads the space before EI as data
        lambda w: draw(w, b"q 9 0 0 9 100 60 cm BI /W 4 /H 4 /BPC 8 /CS /G ID \0\0\0 EI Q"),
        "cannot judge this PDF: p1: the image (an inline image) holds 4 bytes of data where "
        "its size needs 16"),
    "a loop in the page tree": (page_tree_loop, "not a readable PDF (Detected cyclic page "
                                "references.)"),
}


@pytest.mark.parametrize("name", sorted(UNJUDGED))
def test_a_file_preflight_cannot_read_fully_exits_2(base: Path, tmp_path: Path,
                                                    name: str) -> None:
    craft, message = UNJUDGED[name]
    path = made(base, tmp_path, name, craft)
    code, output = said(path)
    assert (code, output) == (2, f"error: {path}: {message}")


def test_pdf_reads_the_keys_back(base: Path) -> None:
    """The base really is the PDF/X-1a:2003 file the defects claim to break."""
    info = PdfReader(base).metadata
    assert info is not None
    assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "/GTS_PDFXConformance" not in info


@pytest.mark.parametrize("pixels, warned", [((1098, 732), True), ((1099, 733), False)])
def test_build_and_preflight_agree_on_a_back_of_about_300_ppi(
        tmp_path: Path, pixels: tuple[int, int], warned: bool) -> None:
    """A chance back of 1098 × 732 px covers the 93 × 62 mm card and bleed at 299.9 ppi:
    the build warns (showing 299.8, not 300) and preflight flags the file it wrote; at
    1099 × 733 px (300.2 ppi) neither says a word."""
    from test_theme import BACK, drawing, themed_game

    game = themed_game(tmp_path / "data")
    drawing(pixels, BACK).save(game / "art" / "back.jpg", quality=92)
    result = runner.invoke(app, ["build", "themed", "--data", str(tmp_path / "data"),
                                 "--only", "chance", "--target", "shop", "--out",
                                 str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if "art/back.jpg" in line]
    code, output = said(next((tmp_path / "out").rglob("chance.pdf")))
    if warned:
        assert len(warnings) == 1, warnings
        assert "'art/back.jpg' has 299.8 ppi" in warnings[0]
        assert code == 1
        assert f"an image of {pixels[0]}×{pixels[1]} px prints at 299.8 ppi (needs 300)" \
            in output
    else:
        assert warnings == []
        assert code == 0, output


def test_a_large_image_is_judged_in_bounded_memory(base: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """An image of 8000 × 8000 CMYK pixels (256 MB decoded) is measured with 150 MB to
    spare: its data is inflated and measured a band of rows at a time. Its deepest block
    carries 300 %, and a file whose limit is 280 % is told so."""
    pack = zlib.compressobj(6)
    ground, deep = b"\0\0\0\xff" * 8000, b"\xff\xff\0\xff" * 400 + b"\0\0\0\xff" * 7600
    data = b"".join(pack.compress(deep if 4000 <= row < 4400 else ground)
                    for row in range(8000)) + pack.flush()

    def craft(writer: PdfWriter) -> None:
        picture = stream(writer, b"", Type="/XObject", Subtype="/Image", Width=8000,
                         Height=8000, ColorSpace="/DeviceCMYK", BitsPerComponent=8,
                         Filter="/FlateDecode")
        picture.get_object()._data = data
        draw(writer, b"q 1920 0 0 1920 0 0 cm /ImX Do Q", XObject={"ImX": picture})
        info(Keywords="printkit-shop vendor=eu colour=cmyk ink=280%")(writer)

    monkeypatch.setattr("printkit.preflight.MEMORY", 150)
    code, output = said(made(base, tmp_path, "large", craft))
    assert "p1: the image /ImX (8000×8000 px) carries 300 % ink in places, over the file's " \
        "280 % limit" in output
    assert code == 1
