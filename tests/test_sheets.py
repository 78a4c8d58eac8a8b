"""Card sheets for home printing: as many cards as fit, crop marks, and duplex backs that
land behind their fronts (positions read back from the PDF's content streams)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from conftest import MM, assert_same_places, kit_for, placed_forms, render_docs

from printkit.options import Options

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72), "a3": (297 * MM, 420 * MM)}
TOLERANCE = 0.1 * MM


@pytest.fixture(scope="module")
def kit():
    return kit_for("nl")


def sheets(kit, product: str, **options) -> list:
    return render_docs(kit, product, Options(**options))[product].pages


def fronts_and_backs(page) -> tuple[dict, dict]:
    forms = placed_forms(page)
    fronts = {k.removeprefix("front."): v for k, v in forms.items() if k.startswith("front.")}
    backs = {k.removeprefix("back."): v for k, v in forms.items() if k.startswith("back.")}
    return fronts, backs


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("product", ["deeds", "chance"])
def test_each_back_is_centred_behind_its_front(kit, paper: str, duplex: str,
                                               product: str) -> None:
    w, h = PAPERS[paper]
    pages = sheets(kit, product, paper=paper, duplex=duplex)
    assert len(pages) % 2 == 0
    cards = 0
    for front_page, back_page in zip(pages[0::2], pages[1::2], strict=True):
        assert float(front_page.mediabox.width) == pytest.approx(w, abs=0.01)
        fronts, _ = fronts_and_backs(front_page)
        _, backs = fronts_and_backs(back_page)
        assert set(fronts) == set(backs)
        assert fronts
        for card, (fx, fy) in fronts.items():
            want = (w - fx, fy) if duplex == "long" else (fx, h - fy)
            assert backs[card] == pytest.approx(want, abs=TOLERANCE), card
        cards += len(fronts)
    assert cards == (28 if product == "deeds" else 20)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_shifts_every_back_by_exactly_that(kit, duplex: str) -> None:
    plain = sheets(kit, "deeds", duplex=duplex)
    shifted = sheets(kit, "deeds", duplex=duplex, back_offset=(1 * MM, -0.5 * MM))
    for k in range(1, len(plain), 2):
        before, after = fronts_and_backs(plain[k])[1], fronts_and_backs(shifted[k])[1]
        for card, (x, y) in before.items():
            assert after[card] == pytest.approx((x + 1 * MM, y - 0.5 * MM), abs=1e-3)
        assert fronts_and_backs(shifted[k - 1])[0] == fronts_and_backs(plain[k - 1])[0]


def test_duplex_none_puts_backs_on_their_own_sheets_in_the_same_places(kit) -> None:
    pages = sheets(kit, "deeds", duplex="none", back_offset=(2 * MM, 2 * MM))
    half = len(pages) // 2
    for front_page, back_page in zip(pages[:half], pages[half:], strict=True):
        fronts, none = fronts_and_backs(front_page)
        assert not none
        none, backs = fronts_and_backs(back_page)
        assert not none
        assert_same_places(backs, fronts)
        with pdfplumber.open(io.BytesIO(_bytes(back_page))) as pdf:
            assert marks(pdf.pages[0])  # backs are cut on their own: they carry marks


def _bytes(page) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_page(page)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def marks(page) -> list[dict]:
    """The crop marks of a page: 0.25 pt lines in a full tint of a separation (pdfplumber
    gives a separation tint as a bare number, not a tuple of components)."""
    return [line for line in page.lines if abs(line["linewidth"] - 0.25) < 1e-6
            and line["stroking_color"] == 1.0]


def card_boxes(page, bleed: float = 3 * MM) -> list[tuple[float, float, float, float]]:
    """Trim boxes of the cards on a page: the placed forms' bleed boxes less the bleed."""
    return [(cx - w / 2 + bleed, cy - h / 2 + bleed, cx + w / 2 - bleed, cy + h / 2 - bleed)
            for cx, cy, w, h in placed_forms(page, extent=True).values()]


@pytest.mark.parametrize("paper,product,per_sheet", [
    ("a4", "deeds", 8), ("letter", "deeds", 6), ("a3", "deeds", 16), ("a4", "chance", 9),
    ("letter", "chance", 8), ("a3", "chance", 18)])
def test_sheets_hold_the_most_cards_that_keep_bleed_marks_and_margin(
        kit, paper: str, product: str, per_sheet: int) -> None:
    item = (63 * MM, 88 * MM) if product == "deeds" else (87 * MM, 56 * MM)
    w, h = PAPERS[paper]
    page = sheets(kit, product, paper=paper)[0]
    boxes = card_boxes(page)
    assert len(boxes) == per_sheet
    for x0, y0, x1, y1 in boxes:
        assert sorted((x1 - x0, y1 - y0)) == pytest.approx(sorted(item), abs=0.01)
    for x0, y0, x1, y1 in boxes:  # bleed (3 mm) stays 5 mm off the paper edge
        assert x0 - 3 * MM >= 5 * MM - 0.01
        assert y0 - 3 * MM >= 5 * MM - 0.01
        assert x1 + 3 * MM <= w - 5 * MM + 0.01
        assert y1 + 3 * MM <= h - 5 * MM + 0.01
    for i, a in enumerate(boxes):  # neighbours keep room for both bleeds
        for b in boxes[i + 1:]:
            gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert gap >= 6 * MM - 0.01
    with pdfplumber.open(io.BytesIO(_bytes(page))) as pdf:
        lines = marks(pdf.pages[0])
    assert lines
    for ln in lines:
        x0, x1, y0, y1 = ln["x0"], ln["x1"], ln["y0"], ln["y1"]
        assert min(x0, x1) >= 5 * MM - 0.01
        assert max(x0, x1) <= w - 5 * MM + 0.01
        assert min(y0, y1) >= 5 * MM - 0.01
        assert max(y0, y1) <= h - 5 * MM + 0.01
        for bx0, by0, bx1, by1 in boxes:  # never inside a trim, 3 mm or more off it
            dx = max(bx0 - max(x0, x1), min(x0, x1) - bx1)
            dy = max(by0 - max(y0, y1), min(y0, y1) - by1)
            assert max(dx, dy) >= 3 * MM - 0.01
        assert x0 == pytest.approx(x1) or y0 == pytest.approx(y1)
    cuts_x = {round(v, 2) for b in boxes for v in (b[0], b[2])}
    marked_x = {round(ln["x0"], 2) for ln in lines if ln["x0"] == pytest.approx(ln["x1"])}
    assert cuts_x <= marked_x  # a mark on every vertical cut line


def test_crop_marks_are_in_the_registration_colour(kit) -> None:
    page = sheets(kit, "deeds")[0]
    spaces = page["/Resources"]["/ColorSpace"]
    separations = [cs.get_object() for cs in spaces.values()]
    assert any(str(cs[0]) == "/Separation" and str(cs[1]) == "/All" for cs in separations)
    assert b"/All CS 1 SCN" in page.get_contents().get_data()


@pytest.mark.parametrize("lang", ["nl", "nb", "da"])
def test_the_score_pad_fits_a5_paper_with_every_round_and_its_total(tmp_path, lang: str) -> None:
    """On paper too short for the twelve rounds at a row a hand can write in (A5), the
    rounds go on over a second sheet, so no row and no total falls off the sheet (rounds
    11–12 and the total did, and the build said nothing)."""
    from printkit.options import Request
    from printkit.pipeline import build

    build(Request("spankopoly", (lang,), only=("scorepad",), options=Options(paper="a5")),
          tmp_path)
    pad = kit_for(lang, "spankopoly").product("scorepad").content
    for name, players in (("scorepad.pdf", 4), ("scorepad-blank.pdf", 1)):
        with pdfplumber.open(tmp_path / "spankopoly" / lang / name) as pdf:
            pages = pdf.pages[:-1] if name == "scorepad.pdf" else pdf.pages
            assert len(pages) % players == 0
            sheets = len(pages) // players
            for page in pdf.pages:
                assert page.width == pytest.approx(148 * MM, abs=0.5)
                outside = [c["text"] for c in page.chars if c["x0"] < 0 or c["top"] < 0
                           or c["x1"] > page.width or c["bottom"] > page.height]
                assert not outside, (name, page.page_number, "".join(outside))
            for n in range(players):
                player = pages[n * sheets:(n + 1) * sheets]
                texts = [page.extract_text() or "" for page in player]
                inner = pad.subtotal.count(pad.total)  # nb: "Sum" in "Sum hittil"
                assert sum(t.count(pad.total) - inner * t.count(pad.subtotal)
                           for t in texts) == 1, (name, n)
                for k, text in enumerate(texts, 1):  # each sheet says which of them it is
                    assert f"{pad.title} ({k}/{sheets})" in text, (name, n, k)
                    # and sums what it holds, to carry to the next
                    assert (pad.subtotal in text) == (k < sheets), (name, n, k)
                    assert (k > 1) == (pad.carried[k - 2] in text if k > 1 else False)
                assert pad.total in texts[-1], (name, n)
                rounds = [int(w["text"]) for page in player
                          for w in page.extract_words(extra_attrs=["fontname"])
                          if w["x0"] < 20 * MM and w["text"].isdigit()
                          and "Bold" in w["fontname"]]
                assert rounds == list(range(1, 13)), (name, n, rounds)


def test_a_score_pad_on_paper_too_short_for_four_sheets_is_refused(tmp_path) -> None:
    """A paper so short that a player's rounds would take more sheets than the pad can
    carry sums between (12 on a strip 100 mm high) is refused, naming the score pad's
    rounds and the paper that holds them (the problem of the paper chosen)."""
    from printkit.errors import PrintkitError
    from printkit.options import Request
    from printkit.pipeline import build

    config = tmp_path / "printkit.toml"
    config.write_text('[papers]\nstrip = ["148mm", "100mm"]\n', "utf-8")
    with pytest.raises(PrintkitError) as raised:
        build(Request("spankopoly", ("nl",), only=("scorepad",), config=config,
                      options=Options(paper="strip")), tmp_path / "out")
    assert [str(p) for p in raised.value.problems] == [
        "--paper strip: scorepad.rounds: does not fit with this value, though it fits "
        "without it; choose --paper a4 (or shorten these texts)"]
    assert not (tmp_path / "out").exists()
