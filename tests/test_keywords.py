"""printkit.keywords: each declaration printkit writes in a PDF's keywords reads back as
written, the way preflight and the print-and-play export read it."""

from __future__ import annotations

import pytest

from printkit import keywords
from printkit.units import MM


def test_a_shop_file_says_so_and_its_ink_limit() -> None:
    said = keywords.shop("eu", True, 300)
    assert said == "printkit-shop vendor=eu colour=cmyk ink=300%"
    assert keywords.for_shop(said)
    assert keywords.ink_limit(said) == 300
    rgb = keywords.shop("us", False, 300)
    assert keywords.for_shop(rgb)
    assert keywords.ink_limit(rgb) is None
    assert not keywords.for_shop("printkit-cards")
    assert keywords.ink_limit("") is None


def test_a_card_sheet_reads_back_in_points() -> None:
    said = keywords.cards(87 * MM, 56 * MM, 6 * MM, 5)
    assert said == "printkit-cards card=87x56mm gutter=6mm pages=1-5"
    grid = keywords.card_grid(said + " printkit-shop vendor=eu colour=rgb")
    assert grid is not None
    assert grid[:3] == pytest.approx((87 * MM, 56 * MM, 6 * MM))
    assert grid[3:] == (1, 5)
    assert keywords.card_grid("printkit-shop") is None


def test_tile_pages_read_as_ranges_and_lists_and_renumbered() -> None:
    said = keywords.tiles(3, 2, 10 * MM, 2, 7)
    assert said == "printkit-tiles cols=3 rows=2 overlap=10mm pages=2-7 order=rows"
    assert keywords.tile_pages(said, 20) == {2, 3, 4, 5, 6, 7}
    assert keywords.tile_pages(said, 4) == {2, 3, 4}  # only pages the file has
    # the board's file in a print-and-play file: its pages 1-7 there at 11, 13, …, 23
    moved = keywords.renumbered(said, [11 + 2 * i for i in range(7)])
    assert moved == "printkit-tiles cols=3 rows=2 overlap=10mm pages=13,15,17,19,21,23 " \
        "order=rows"
    assert keywords.tile_pages(moved, 30) == {13, 15, 17, 19, 21, 23}
    assert keywords.renumbered("printkit-cards card=1x1mm gutter=0mm pages=1-2", [1, 2]) == ""
