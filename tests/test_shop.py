"""--target shop: one item per page, page = trim + bleed, exact boxes, no marks, in the
vendor preset's order; flat products (pads, sheets, booklet pages) get the bleed too."""

from __future__ import annotations

import pytest
from conftest import MM, kit_for, placed_forms, render_docs

from printkit.options import Options

ITEMS = {"deeds": (63 * MM, 88 * MM), "chance": (87 * MM, 56 * MM),
         "board": (500 * MM, 500 * MM), "scorepad": (210 * MM, 297 * MM),
         "lines": (210 * MM, 297 * MM), "rules": (148 * MM, 210 * MM)}
BLEEDS = {"eu": 3 * MM, "us": 0.125 * 72, "drivethru": 0.125 * 72}


@pytest.fixture(scope="module")
def kit():
    return kit_for("nl")


def boxes(page) -> dict[str, list[float]]:
    return {key: [float(v) for v in page[key]] for key in ("/MediaBox", "/TrimBox", "/BleedBox")}


@pytest.mark.parametrize("vendor", BLEEDS)
@pytest.mark.parametrize("product", ITEMS)
def test_every_page_is_trim_plus_bleed_with_exact_boxes(kit, vendor: str, product: str) -> None:
    w, h = ITEMS[product]
    b = BLEEDS[vendor]
    docs = render_docs(kit, product, Options(target="shop", vendor=vendor))
    for reader in docs.values():
        for page in reader.pages:
            box = boxes(page)
            x0, y0, x1, y1 = box["/TrimBox"]
            assert (x1 - x0, y1 - y0) == pytest.approx((w, h), abs=0.001)
            assert box["/BleedBox"] == pytest.approx([x0 - b, y0 - b, x1 + b, y1 + b], abs=0.001)
            assert box["/MediaBox"] == pytest.approx(box["/BleedBox"], abs=0.001)
            assert "/All" not in str(page["/Resources"].get("/ColorSpace", {}))  # no marks
            assert len(placed_forms(page)) == 1


def sides(reader) -> list[str]:
    return [next(iter(placed_forms(page))) for page in reader.pages]


def test_eu_preset_alternates_front_and_back(kit) -> None:
    docs = render_docs(kit, "deeds", Options(target="shop", vendor="eu"))
    assert list(docs) == ["deeds"]
    names = sides(docs["deeds"])
    assert len(names) == 56
    for front, back in zip(names[0::2], names[1::2], strict=True):
        assert front.startswith("front.")
        assert back == "back." + front.removeprefix("front.")


def test_drivethru_preset_puts_each_back_before_its_front(kit) -> None:
    names = sides(render_docs(kit, "chance", Options(target="shop", vendor="drivethru"))["chance"])
    for back, front in zip(names[0::2], names[1::2], strict=True):
        assert back.startswith("back.")
        assert front == "front." + back.removeprefix("back.")


def test_us_preset_writes_fronts_and_backs_as_separate_files(kit) -> None:
    docs = render_docs(kit, "deeds", Options(target="shop", vendor="us"))
    assert list(docs) == ["deeds-fronts", "deeds-backs"]
    fronts, backs = sides(docs["deeds-fronts"]), sides(docs["deeds-backs"])
    assert len(fronts) == len(backs) == 28
    assert [f.removeprefix("front.") for f in fronts] == [b.removeprefix("back.") for b in backs]


def test_shop_board_has_no_tiles(kit) -> None:
    assert list(render_docs(kit, "board", Options(target="shop"))) == ["board"]
