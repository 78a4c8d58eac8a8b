"""CMYK through the shipped profile, as a prepress operator checks it:

- every design colour of the five built-in games, written into a shop file and turned
  back into CIELAB through the shipped FOGRA39 profile, is within ΔE76 3 of its design
  (sRGB) colour where the profile's gamut holds it (mean ≤ 2); those it cannot print are
  listed by `printkit check` with their ΔE;
- a transparent picture laid on its ground for PDF/X prints the very ground around it;
- no page of any shop preset carries more ink than the preset states, black text
  overprinting what lies under it included.

The profile's tables are evaluated in floating point by printkit.colour.icc, which is
first checked against ArgyllCMS's own evaluation (xicclu) of the same profile.
"""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest
from conftest import ROOT
from games import GAMES, SOURCE
from PIL import Image as Picture
from PIL import ImageDraw
from pypdf import PdfReader
from pypdf.generic import ContentStream
from test_theme import themed_game
from typer.testing import CliRunner

from printkit.cli import app
from printkit.colour import profile_bytes
from printkit.colour.convert import FILL, SOLID_BLACK, inks
from printkit.colour.icc import delta_e, read_profile, srgb_lab
from printkit.errors import Problems
from printkit.impose.page import Document, Page
from printkit.layout.fonts import using
from printkit.layout.gamut import design_colours
from printkit.layout.ops import Rect
from printkit.options import Options, Request
from printkit.pipeline import build, make, product_documents
from printkit.render import render

PROFILE = read_profile(profile_bytes())
LIMITS = {"eu": 330, "us": 300, "drivethru": 240}


def test_the_profile_is_read_as_argyll_reads_it() -> None:
    """CMYK → Lab of fogra39-free.icc by `xicclu -ff -ir -pl` (ArgyllCMS 2.3.1)."""
    argyll = {(0, 0, 0, 0): (100.0, 0.0, 0.0), (1, 0, 0, 0): (58.12, -39.71, -50.48),
              (0, 1, 0, 0): (50.92, 77.41, -1.78), (0, 0, 1, 0): (93.78, -4.69, 97.89),
              (0, 0, 0, 1): (17.43, 0.01, 0.61), (0.8, 0, 0.86, 0.1): (57.29, -47.05, 29.01),
              (0.3, 0.5, 0.2, 0.4): (47.76, 14.93, -4.58), (1, 1, 1, 1): (9.82, -0.06, 2.63)}
    for cmyk, lab in argyll.items():
        assert delta_e(PROFILE.lab(cmyk), lab) < 0.3, cmyk


def test_srgb_colours_have_their_published_lab() -> None:
    """sRGB primaries in CIELAB D50 (Bradford-adapted), as ICC sRGB profiles give them."""
    assert delta_e(srgb_lab("#FF0000"), (54.29, 80.80, 69.89)) < 0.1
    assert delta_e(srgb_lab("#00FF00"), (87.82, -79.29, 80.99)) < 0.1
    assert delta_e(srgb_lab("#0000FF"), (29.57, 68.30, -112.03)) < 0.1
    assert delta_e(srgb_lab("#FFFFFF"), (100.0, 0.0, 0.0)) < 0.1


def palette_job(kit, folder, options) -> set[tuple[str, str]]:
    """The colours one product paints, with what they paint."""
    found: set[tuple[str, str]] = set()
    with using(options.theme.fonts):
        for _, doc in product_documents(kit, options, Problems()):
            for page in doc.pages:
                found |= design_colours(page.ops)
    return found


@pytest.fixture(scope="module")
def palettes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[tuple[str, str]]]:
    """Each built-in game's design colours (its source language, laid out for a shop)."""
    out = tmp_path_factory.mktemp("palette")
    return {g.name: set().union(*make(Request(g.name, (SOURCE[g.name],),
                                              options=Options(target="shop")), out,
                                      palette_job, workers=1))
            for g in GAMES}


def printed(colour: str, ink_limit: float) -> tuple[float, float, float, float]:
    """The CMYK a shop file holds for a fill in `colour`: a page drawn by render, read back
    from the PDF's content stream."""
    page = Page(100, 100, (Rect(10, 10, 80, 80, fill=colour),), (0, 0, 100, 100),
                (0, 0, 100, 100))
    doc = Document("swatch", [page], "swatch", "swatch", "nl", "printkit")
    reader = PdfReader(io.BytesIO(render(doc, cmyk=True, pdfx=True, ink_limit=ink_limit)))
    for operands, op in ContentStream(reader.pages[0].get_contents(), reader).operations:
        if op == b"k":
            c, m, y, k = (float(v) for v in operands)
            return c, m, y, k
    raise AssertionError(f"no CMYK fill for {colour}")


@pytest.mark.parametrize("vendor", ["eu", "drivethru"])
def test_design_colours_print_as_designed_where_the_press_can(palettes, vendor) -> None:
    limit = LIMITS[vendor]
    colours = sorted({c for found in palettes.values() for c, _ in found})
    assert len(colours) > 50  # every game's groups, theme and board colours
    inside: dict[str, float] = {}
    for colour in colours:
        cmyk = printed(colour, limit)
        assert sum(cmyk) <= limit / 100 + 1e-6, colour
        design = srgb_lab(colour)
        cut = tuple(round(v * 255) for v in cmyk) != inks(colour, FILL)  # the ink limit
        if not PROFILE.outside(design) and not cut:
            inside[colour] = delta_e(PROFILE.lab(cmyk), design)
    assert len(inside) > 30, inside
    assert max(inside.values()) <= 3, {c: round(d, 1) for c, d in inside.items() if d > 3}
    assert sum(inside.values()) / len(inside) <= 2


runner = CliRunner()


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_check_lists_the_colours_the_press_cannot_print(palettes, game) -> None:
    """`printkit check --target shop` (CMYK without --color) names each colour that
    prints more than ΔE 3 off, with its ΔE."""
    result = runner.invoke(app, ["check", game, "--target", "shop", "--vendor", "drivethru"])
    assert result.exit_code == 0, result.output
    listed = dict(re.findall(r"warning: colour (#[0-9A-F]{6}): prints as \S+ \(C/M/Y/K %\), "
                             r"ΔE ([\d.]+)", result.output))
    for colour, use in sorted(palettes[game]):
        if inks(colour, use) == SOLID_BLACK and use != FILL:
            continue  # dark text and hairlines print solid black by choice
        cmyk = inks(colour, use, LIMITS["drivethru"])
        off = delta_e(PROFILE.lab(tuple(v / 255 for v in cmyk)), srgb_lab(colour))
        if off > 3:
            assert colour in listed, (colour, round(off, 1))
            assert float(listed[colour]) == pytest.approx(off, abs=0.06)


def test_a_shop_build_is_cmyk_and_rgb_only_when_asked(tmp_path: Path) -> None:
    """--target shop alone writes CMYK PDF/X; with --color rgb the how-to-print line of
    every file says that it is RGB and that the shop converts it."""
    args = ["build", "spankopoly", "--only", "chance", "--target", "shop", "--out",
            str(tmp_path)]
    cmyk = runner.invoke(app, args)
    assert cmyk.exit_code == 0, cmyk.output
    path = tmp_path / "spankopoly" / "nl" / "shop-eu" / "chance.pdf"
    assert PdfReader(path).metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    assert "RGB" not in cmyk.output
    rgb = runner.invoke(app, [*args, "--color", "rgb"])
    assert rgb.exit_code == 0, rgb.output
    assert "/GTS_PDFXVersion" not in PdfReader(path).metadata
    assert "take this one to a print shop" not in rgb.output
    assert "in RGB (--color rgb): the print shop converts the colours itself" in rgb.output


def test_check_with_rgb_lists_no_colours() -> None:
    result = runner.invoke(app, ["check", "spankopoly", "--color", "rgb"])
    assert result.exit_code == 0, result.output
    assert "prints as" not in result.output


# ----------------------------------------------------------------------------------------
# Pictures and ink limits, on klassiek with a theme whose pictures hold the deepest sRGB
# colours (black, a saturated blue, a dark red) and a transparent logo on the board.

DEEP = [(0, 0, 0), (0, 0, 140), (120, 0, 30), (20, 20, 20)]


@pytest.fixture(scope="module")
def shops(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The themed game for each shop preset (board and chance deck), its pictures made
    deep: each one carries blocks of the darkest colours sRGB has."""
    data = tmp_path_factory.mktemp("data")
    game = themed_game(data)
    for name in ("back.jpg", "start.png"):
        path = game / "art" / name
        with Picture.open(path) as im:
            deep = im.convert("RGB")
        draw = ImageDraw.Draw(deep)
        w, h = deep.size
        for i, colour in enumerate(DEEP):
            draw.rectangle((i * w // 4, 0, (i + 1) * w // 4, h // 3), fill=colour)
        deep.save(path, quality=95) if name.endswith(".jpg") else deep.save(path)
    found = {}
    for vendor in LIMITS:
        out = tmp_path_factory.mktemp(vendor)
        build(Request("themed", ("nl",), data=data,
                      options=Options(target="shop", vendor=vendor), only=("chance", "board")),
              out)
        found[vendor] = out / "themed" / "nl" / f"shop-{vendor}"
    return found


def test_shop_without_color_writes_cmyk(shops) -> None:
    for folder in shops.values():
        for path in folder.glob("*.pdf"):
            reader = PdfReader(path)
            assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003", path
            assert "colour=cmyk" in reader.metadata["/Keywords"], path


def image_inks(obj) -> np.ndarray:
    """The pixels of a CMYK image XObject, as an array of height × width × 4 (0 to 255)."""
    assert obj["/ColorSpace"] == "/DeviceCMYK"
    data = np.frombuffer(obj.get_data(), dtype=np.uint8)
    return data.reshape(int(obj["/Height"]), int(obj["/Width"]), 4)


class Inks:
    """Walks a page's drawing in order (forms where they are drawn) and keeps the most
    ink any painted colour, pixel or overprinted black carries, and the most C + M + Y
    painted so far (what black text overprinting it would add its 100 % to)."""

    PAINT: ClassVar = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
    STROKE: ClassVar = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
    TEXT: ClassVar = {b"Tj", b"TJ", b"'", b'"'}

    def __init__(self, reader: PdfReader):
        self.reader = reader
        self.most = 0.0
        self.ground = 0.0
        self.overprinted = 0

    def page(self, page) -> float:
        self.most = self.ground = 0.0
        self.walk(page.get_contents(), page["/Resources"])
        return self.most

    def walk(self, contents, resources) -> None:
        fill = stroke = (0.0, 0.0, 0.0, 1.0)
        overprint, stack = False, []
        states = resources.get("/ExtGState", {})
        xobjects = resources.get("/XObject", {})
        for operands, op in ContentStream(contents, self.reader).operations:
            if op == b"q":
                stack.append((fill, stroke, overprint))
            elif op == b"Q":
                fill, stroke, overprint = stack.pop()
            elif op == b"k":
                fill = tuple(float(v) for v in operands)
            elif op == b"K":
                stroke = tuple(float(v) for v in operands)
            elif op == b"gs":
                overprint = states[operands[0]].get_object().get("/op", False) == True  # noqa: E712 (a PDF boolean)
            elif op in self.TEXT and overprint and fill == (0, 0, 0, 1):
                self.most = max(self.most, self.ground + 1)  # black over what lies there
                self.overprinted += 1
            elif op in self.TEXT or op in self.PAINT:
                self.painted(fill)
            if op in self.STROKE:
                self.painted(stroke)
            if op == b"Do":
                obj = xobjects[operands[0]].get_object()
                if obj["/Subtype"] == "/Form":
                    self.walk(obj, obj.get("/Resources", resources))
                else:
                    pixels = image_inks(obj).astype(np.int32)
                    self.most = max(self.most, pixels.sum(axis=2).max() / 255)
                    self.ground = max(self.ground, pixels[..., :3].sum(axis=2).max() / 255)

    def painted(self, colour: tuple[float, ...]) -> None:
        self.most = max(self.most, sum(colour))
        self.ground = max(self.ground, sum(colour[:3]))


@pytest.mark.parametrize("vendor", list(LIMITS))
def test_no_page_exceeds_its_presets_ink_limit(shops, vendor) -> None:
    limit = LIMITS[vendor] / 100
    deepest = 0.0
    overprinted = 0
    for path in sorted(shops[vendor].glob("*.pdf")):
        reader = PdfReader(path)
        assert f"ink={LIMITS[vendor]}%" in reader.metadata["/Keywords"]
        inks_of = Inks(reader)
        for number, page in enumerate(reader.pages, 1):
            most = inks_of.page(page)
            assert most <= limit + 1e-6, f"{path.name} p{number}: {most:.1%} ink"
            deepest = max(deepest, most)
        overprinted += inks_of.overprinted
    assert deepest > limit - 0.05  # the deep pictures reach the limit: not vacuous
    if vendor != "drivethru":  # 240 %: black on any band of more than 140 % knocks out
        assert overprinted, "no overprinting black text: the check would be vacuous"


def test_a_transparent_picture_stands_on_the_ground_around_it(shops) -> None:
    """The logo in the board centre is a disc on a transparent square; laid on the board
    ground for PDF/X, its corners hold the CMYK of the ground painted around it."""
    ground = tomllib.loads((ROOT / "data" / "klassiek" / "game.toml").read_text("utf-8"))
    ground_cmyk = inks(ground["board"]["background"], FILL, LIMITS["eu"])
    reader = PdfReader(shops["eu"] / "board.pdf")
    fills: set[tuple[int, ...]] = set()
    corners = []
    for page in reader.pages:
        streams = [(page.get_contents(), page["/Resources"])]
        while streams:
            contents, resources = streams.pop()
            for operands, op in ContentStream(contents, reader).operations:
                if op == b"k":
                    fills.add(tuple(round(float(v) * 255) for v in operands))
            for ref in resources.get("/XObject", {}).values():
                obj = ref.get_object()
                if obj["/Subtype"] == "/Image":
                    corners.append(tuple(int(v) for v in image_inks(obj)[0, 0]))
                else:
                    streams.append((obj, obj.get("/Resources", resources)))
    assert ground_cmyk in fills  # the ground around the logo
    assert corners
    for corner in corners:
        off = delta_e(PROFILE.lab(tuple(v / 255 for v in corner)),
                      PROFILE.lab(tuple(v / 255 for v in ground_cmyk)))
        assert off <= 1, (corner, ground_cmyk)


def test_a_shop_preset_of_ones_own_states_its_ink_limit(tmp_path: Path) -> None:
    from printkit.errors import PrintkitError
    from printkit.load.printing import load_print_spec

    config = tmp_path / "printkit.toml"
    config.write_text('[vendors.mine]\nbleed = "3mm"\nsides = "alternate"\n'
                      'ink_limit = "280%"\n', "utf-8")
    mine = load_print_spec(None, config).vendors["mine"]
    assert (mine.ink_limit, mine.profile) == (280.0, "FOGRA39")
    config.write_text('[vendors.mine]\nbleed = "3mm"\nsides = "alternate"\n'
                      'ink_limit = "500%"\nprofile = "GRACoL"\n', "utf-8")
    with pytest.raises(PrintkitError) as refused:
        load_print_spec(None, config)
    problems = [str(p) for p in refused.value.problems]
    assert any(p.startswith(f"{config}:4: vendors.mine.ink_limit: '500%' is not a total ink "
                            "limit; write a percentage from 100% to 400%") for p in problems), \
        problems
    assert any(":5: vendors.mine.profile: 'GRACoL' is not one of FOGRA39" in p
               for p in problems), problems


SOLID = ((0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0))  # 100 % K, or white paper


@pytest.mark.parametrize("game,product", [("koebstad", "ledger"), ("spankopoly", "rules"),
                                          ("antimonopoly", "deeds"), ("kortmonopol", "aid")])
def test_hairlines_print_in_solid_black_not_as_tints_or_three_inks(game, product) -> None:
    """A rule under 0.5 pt as a 40 % tint prints as a row of dots, and in three inks it
    needs three plates in register: koebstad's ledger rules (its theme's dark blue), the
    booklet's table rules (a light grey) and the rules between the rows of a deed's or a
    player aid's table (a grey band 0.4 pt high) print in black ink alone, solid. Every
    stroke thinner than 0.5 pt and every filled rectangle thinner than 0.5 pt is read from
    the pages and the forms they draw."""
    from conftest import kit_for, render_docs

    lang = SOURCE[game]
    docs = render_docs(kit_for(lang, game), product, Options(target="shop"))
    thin: list[tuple[str, float, tuple[float, ...]]] = []
    for reader in docs.values():
        for page in reader.pages:
            thin += thin_marks(ContentStream(page.get_contents(), reader).operations)
            for ref in page["/Resources"].get("/XObject", {}).values():
                form = ref.get_object()
                if form["/Subtype"] == "/Form":
                    thin += thin_marks(ContentStream(form, reader).operations)
    assert len(thin) >= 5  # (a run of rules is one stroked path)
    assert [mark for mark in thin if mark[2] not in SOLID] == [], product


def thin_marks(operations: list) -> list[tuple[str, float, tuple[float, ...]]]:
    """(how, thickness, CMYK) of each stroke thinner than 0.5 pt and each filled rectangle
    thinner than 0.5 pt in a content stream."""
    width, stroke, fill, stack = 1.0, SOLID[0], SOLID[0], []
    rects: list[float] = []
    out: list[tuple[str, float, tuple[float, ...]]] = []
    for operands, op in operations:
        if op == b"q":
            stack.append((width, stroke, fill))
        elif op == b"Q":
            width, stroke, fill = stack.pop()
        elif op == b"w":
            width = float(operands[0])
        elif op in (b"K", b"k"):
            colour = tuple(round(float(v), 3) for v in operands)
            stroke, fill = (colour, fill) if op == b"K" else (stroke, colour)
        elif op == b"re":
            rects.append(min(abs(float(operands[2])), abs(float(operands[3]))))
        elif op in (b"S", b"s", b"B", b"b", b"f", b"F", b"f*", b"n"):
            if op in (b"S", b"s", b"B", b"b") and width < 0.5:
                out.append(("stroke", width, stroke))
            if op in (b"f", b"F", b"f*", b"B", b"b"):
                out += [("fill", r, fill) for r in rects if r < 0.5]
            rects = []
    return out


@pytest.mark.parametrize("product", ["deeds", "commands"])
def test_small_white_text_stands_on_no_colour_of_several_inks(product) -> None:
    """White (knocked-out) text under 9 pt cut out of a ground of three inks fills with a
    tint when a plate is 0.1 mm out of register: antimonopoly's table heads (7.25 pt on
    the monopolists' blue, 82/45/0/32) print black on a light tint of the colour instead.
    Read from the pages: each white character under 9 pt, and the last filled rectangle
    drawn under it."""
    import pdfplumber
    from conftest import kit_for, render_docs

    docs = render_docs(kit_for("nl", "antimonopoly"), product, Options(target="shop"))
    small, heads = [], 0
    for reader in docs.values():
        with pdfplumber.open(reader.stream) as pdf:
            for page in pdf.pages:
                rects = [r for r in page.rects if r["fill"]]
                for char in page.chars:
                    under = [r for r in rects if r["x0"] <= char["x0"] and char["x1"] <= r["x1"]
                             and r["top"] <= char["top"] and char["bottom"] <= r["bottom"]]
                    ground = tuple(under[-1]["non_stroking_color"]) if under else ()
                    heads += char["text"] == "M" and char["size"] < 9 and ground[:1] > (0.2,) \
                        and tuple(char["non_stroking_color"]) == (0, 0, 0, 1)  # black on
                    # the monopolists' head cell, a light blue
                    if tuple(char["non_stroking_color"]) == (0, 0, 0, 0) \
                            and char["size"] < 9 and char["text"].strip():
                        small.append((char["text"], round(char["size"], 2), ground))
    assert heads
    assert [c for c in small if sum(v > 0 for v in c[2]) > 1] == []
