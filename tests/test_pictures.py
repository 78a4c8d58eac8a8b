"""Picture tests: a few pages of the built-in games, rendered small with pypdfium2, look like
the reference pictures in tests/pictures/ (within a tolerance for anti-aliasing).

A layout change shows up as a failing test and, once the references are refreshed on
purpose, as a changed picture in review:

    PRINTKIT_REFRESH_PICTURES=1 python -m pytest tests/test_pictures.py

On a failure the test writes the page as rendered and a difference picture (the reference
faded, changed pixels in red) and names both files in its message.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from conftest import MM, ROOT, copy_game
from PIL import Image
from pypdf import PdfReader, PdfWriter, Transformation
from pypdf.generic import ContentStream, FloatObject

from printkit.options import Options, Request
from printkit.pipeline import build

REFERENCES = ROOT / "tests" / "pictures"
REFRESH = "PRINTKIT_REFRESH_PICTURES"
# Tolerance. A pixel differs loudly when one of its channels moves by more than LOUD (of
# 255). A picture matches when at most SHARE of its pixels differ loudly and the mean
# difference stays under MEAN. Measured on these pages between pdfium builds 5619, 6462 and
# 8149 (pypdfium2 4.0, 4.30 and 5.15): 1-3.5 % of the pixels differ, none by more than 4,
# the mean stays under 0.04. Moved by 1 mm, a whole page changes 5-17 % of its pixels
# loudly, its first line of text 0.045-0.34 %; a colour band 32 levels off (the first deed
# of a sheet) 1.25 %.
LOUD, SHARE, MEAN = 24, 0.0002, 1.0


@dataclass(frozen=True)
class Picture:
    """A page of a built-in game (in Dutch) and how finely it is rendered."""

    name: str  # tests/pictures/<name>.png
    game: str
    file: str  # the PDF of the build, without .pdf
    page: int  # 0-based
    dpi: int = 40
    text: bool = True  # the page holds text (artwork alone: a themed deck's backs)
    shop: bool = False  # the print-shop form (CMYK, PDF/X-1a, preset eu) instead of home


PICTURES = [
    Picture("spankopoly-board", "spankopoly", "board", 0, dpi=28),
    Picture("spankopoly-tile", "spankopoly", "board-a4", 1),
    Picture("spankopoly-chance", "spankopoly", "chance", 0),
    Picture("spankopoly-scorepad", "spankopoly", "scorepad", 0),
    Picture("spankopoly-booklet", "spankopoly", "rules-booklet", 2),
    Picture("klassiek-deeds-front", "klassiek", "deeds", 0),
    Picture("klassiek-deeds-back", "klassiek", "deeds", 1),
    Picture("klassiek-ledger", "klassiek", "ledger", 0),
    Picture("kortmonopol-layout", "kortmonopol", "layout", 0),
    Picture("koebstad-chance-backs", "koebstad", "chance", 1, text=False),  # themed backs
    # CMYK through the shipped profile (pdfium shows CMYK by its own simple formula)
    Picture("klassiek-deeds-front-shop", "klassiek", "deeds", 0, shop=True),
    Picture("koebstad-board-shop", "koebstad", "board", 0, dpi=28, shop=True),  # the logo
    Picture("koebstad-ledger-shop", "koebstad", "ledger", 0, shop=True),  # hairline rules
]
NAMES = [p.name for p in PICTURES]
PRODUCTS = {"board-a4": "board", "rules-booklet": "rules"}  # file -> the product writing it


@dataclass(frozen=True)
class Verdict:
    """How far a rendering is from its reference."""

    share: float  # of the pixels that differ loudly
    mean: float  # mean difference (0-255, the largest of the three channels)
    same_size: bool

    @property
    def ok(self) -> bool:
        return self.same_size and self.share <= SHARE and self.mean <= MEAN

    def __str__(self) -> str:
        if not self.same_size:
            return "the page has another size"
        return (f"{self.share:.3%} of the pixels differ by more than {LOUD} (limit "
                f"{SHARE:.3%}), mean difference {self.mean:.2f} (limit {MEAN})")


def render(pdf: bytes | Path, page: int, dpi: int) -> np.ndarray:
    """Page `page` of a PDF as an RGB array (int16, so that differences may be negative)."""
    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        image = document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return np.asarray(image, dtype=np.int16)


def difference(actual: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """Per pixel, the largest difference of its three channels."""
    diff: np.ndarray = np.abs(actual - reference).max(axis=2)
    return diff


def compare(actual: np.ndarray, reference: np.ndarray) -> Verdict:
    if actual.shape != reference.shape:
        return Verdict(1.0, 255.0, same_size=False)
    diff = difference(actual, reference)
    return Verdict(float((diff > LOUD).mean()), float(diff.mean()), same_size=True)


def diff_picture(actual: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """The reference faded to a light grey, each changed pixel drawn in red: full red where
    it differs loudly, pale where it differs a little."""
    grey = 255 - (255 - reference.mean(axis=2)) / 4
    weight = np.minimum(difference(actual, reference) / LOUD, 1.0)
    red = np.array([220, 0, 0])
    picture: np.ndarray = grey[..., None] * (1 - weight[..., None]) + red * weight[..., None]
    return picture.astype(np.uint8)


def save(pixels: np.ndarray, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(pixels.astype(np.uint8), "RGB").save(path, optimize=True)


def load(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """The Dutch build of a game (only the products the pictures show), at home or for a
    print shop, once per session."""
    folders: dict[tuple[str, bool], Path] = {}

    def folder(game: str, shop: bool = False) -> Path:
        if (game, shop) not in folders:
            only = tuple({PRODUCTS.get(p.file, p.file) for p in PICTURES
                          if p.game == game and p.shop == shop})
            out = tmp_path_factory.mktemp(f"pictures-{game}")
            build(Request(game, ("nl",), options=Options(target="shop" if shop else "home"),
                          only=tuple(only)), out, workers=1)
            folders[(game, shop)] = out / game / "nl" / ("shop-eu" if shop else "")
        return folders[(game, shop)]

    return folder


def pdf_of(built: Callable[..., Path], picture: Picture) -> Path:
    return built(picture.game, picture.shop) / f"{picture.file}.pdf"


def reference_of(picture: Picture) -> np.ndarray:
    path = REFERENCES / f"{picture.name}.png"
    if not path.is_file():
        pytest.fail(f"{path.relative_to(ROOT)} is missing; make it with {REFRESH}=1 "
                    "python -m pytest tests/test_pictures.py")
    return load(path)


@pytest.mark.parametrize("picture", PICTURES, ids=NAMES)
def test_page_looks_like_its_reference(picture: Picture, built: Callable[..., Path],
                                       tmp_path: Path) -> None:
    actual = render(pdf_of(built, picture), picture.page, picture.dpi)
    path = REFERENCES / f"{picture.name}.png"
    if os.environ.get(REFRESH):
        if not path.is_file() or not np.array_equal(load(path), actual):
            save(actual, path)
        return
    reference = reference_of(picture)
    verdict = compare(actual, reference)
    if verdict.ok:
        return
    save(actual, tmp_path / f"{picture.name}.png")
    seen = f"the page as rendered: {tmp_path / f'{picture.name}.png'}"
    if verdict.same_size:
        save(diff_picture(actual, reference), tmp_path / f"{picture.name}-diff.png")
        seen += f", what changed (in red): {tmp_path / f'{picture.name}-diff.png'}"
    pytest.fail(f"page {picture.page + 1} of {picture.game}/nl/{picture.file}.pdf no longer "
                f"looks like {path.relative_to(ROOT)}: {verdict}.\n{seen}.\nIf the change is "
                f"meant, refresh the references: {REFRESH}=1 python -m pytest "
                "tests/test_pictures.py")


# The tolerance ignores rendering noise but catches a moved page, a moved line of text and
# a changed colour band. These tests compare with the page as built now (not with the
# reference pictures, which may be due for a refresh), each change with a control made the
# same way without the change.

def one_page(pdf: Path, page: int, change: Callable[[PdfWriter], None]) -> bytes:
    """A PDF of page `page` of `pdf` alone, after `change` was applied to that copy."""
    writer = PdfWriter()
    writer.add_page(PdfReader(pdf).pages[page])
    change(writer)
    data = io.BytesIO()
    writer.write(data)
    return data.getvalue()


def shifted(dx: float, dy: float) -> Callable[[PdfWriter], None]:
    """Move everything on the page by dx, dy points."""
    def change(writer: PdfWriter) -> None:
        writer.pages[0].add_transformation(Transformation().translate(dx, dy))
    return change


def first_text_moved(dx: float) -> Callable[[PdfWriter], None]:
    """Move the page's first text object (BT … ET, usually one line) right by dx points."""
    def change(writer: PdfWriter) -> None:
        page = writer.pages[0]
        content = ContentStream(page.get_contents(), writer)
        ops = content.operations
        start = next(i for i, (_, op) in enumerate(ops) if op == b"BT")
        end = next(i for i in range(start, len(ops)) if ops[i][1] == b"ET")
        matrix = [FloatObject(v) for v in (1, 0, 0, 1, dx, 0)]
        content.operations = [*ops[:start], ([], b"q"), (matrix, b"cm"), *ops[start:end + 1],
                              ([], b"Q"), *ops[end + 1:]]
        page.replace_contents(content)
    return change


def verdicts(picture: Picture, built: Callable[..., Path],
             make: Callable[[float], Callable[[PdfWriter], None]]) -> tuple[Verdict, Verdict]:
    """The page compared with itself made by make(0) and by make(1 mm)."""
    pdf = pdf_of(built, picture)
    page = render(pdf, picture.page, picture.dpi)

    def made_by(length: float) -> Verdict:
        return compare(render(one_page(pdf, picture.page, make(length)), 0, picture.dpi), page)

    return made_by(0), made_by(MM)


@pytest.mark.parametrize("picture", PICTURES, ids=NAMES)
@pytest.mark.parametrize("direction", ["right", "down"])
def test_a_page_moved_by_1_mm_no_longer_matches(picture: Picture, direction: str,
                                                 built: Callable[..., Path]) -> None:
    def make(length: float) -> Callable[[PdfWriter], None]:
        return shifted(length, 0) if direction == "right" else shifted(0, -length)

    control, moved = verdicts(picture, built, make)
    assert control.ok, str(control)
    assert not moved.ok, str(moved)
    assert moved.share > 10 * SHARE, str(moved)


@pytest.mark.parametrize("picture", [p for p in PICTURES if p.text],
                         ids=[p.name for p in PICTURES if p.text])
def test_a_line_of_text_moved_by_1_mm_no_longer_matches(picture: Picture,
                                                         built: Callable[..., Path]) -> None:
    control, moved = verdicts(picture, built, first_text_moved)
    assert control.ok, str(control)
    assert not moved.ok, str(moved)


@pytest.mark.parametrize("picture", PICTURES, ids=NAMES)
def test_noise_as_between_pdfium_builds_still_matches(picture: Picture,
                                                      built: Callable[..., Path]) -> None:
    """Between pdfium builds 1-3.5 % of the pixels differ, nearly all by 1 or 2. Ten times
    as many pixels off by up to 4, and a few stray pixels wholly wrong, still match."""
    page = render(pdf_of(built, picture), picture.page, picture.dpi)
    rng = np.random.default_rng(7)
    some = rng.random(page.shape[:2]) < 0.2
    noisy = np.clip(page + rng.integers(-4, 5, page.shape) * some[..., None], 0, 255)
    stray = rng.random(page.shape[:2]) < SHARE / 2
    noisy[stray] = 255 - noisy[stray]
    verdict = compare(noisy, page)
    assert verdict.ok, str(verdict)


@pytest.mark.parametrize("colour, matches", [("#D63C8F", True), ("#D63CAF", False)],
                         ids=["same", "blue+32"])
def test_a_changed_band_colour_no_longer_matches(colour: str, matches: bool,
                                                 built: Callable[..., Path],
                                                 tmp_path: Path) -> None:
    """klassiek's pink group (the band of the first deed of the sheet) in another colour."""
    folder = copy_game("klassiek", tmp_path / "data")
    groups = folder / "groups.csv"
    text = groups.read_text("utf-8")
    assert "pink,#D63C8F," in text
    groups.write_text(text.replace("pink,#D63C8F,", f"pink,{colour},"), "utf-8")
    build(Request("klassiek", ("nl",), data=tmp_path / "data", only=("deeds",)), tmp_path / "out",
          workers=1)
    picture = next(p for p in PICTURES if p.name == "klassiek-deeds-front")
    page = render(pdf_of(built, picture), picture.page, picture.dpi)
    changed = render(tmp_path / "out" / "klassiek" / "nl" / "deeds.pdf", 0, picture.dpi)
    verdict = compare(changed, page)
    assert verdict.ok is matches, str(verdict)
