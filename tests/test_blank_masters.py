"""The blank masters (ledger-blank.pdf, scorepad-blank.pdf) wear the theme's sheet colours
as the numbered sheets do."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import copy_game

THEME = '\n[theme]\nsheet_head = "#123456"\nsheet_rule = "#12A456"\n'


def colours(pdf: Path) -> set[tuple[int, int, int]]:
    """The colours of the first page, drawn at 30 dpi."""
    page = pdfium.PdfDocument(pdf)[0]
    image = page.render(scale=30 / 72).to_pil().convert("RGB")
    return {rgb for _, rgb in image.getcolors(1 << 20)}


@pytest.mark.parametrize("game,product", [("klassiek", "ledger"), ("spankopoly", "scorepad")])
def test_a_blank_master_wears_the_themes_sheet_colours(cli, tmp_path: Path, game: str,
                                                       product: str) -> None:
    folder = copy_game(game, tmp_path / "data")
    with (folder / "game.toml").open("a", encoding="utf-8") as file:
        file.write(THEME)
    assert cli("build", game, "--only", product, "--out", "out").code == 0
    made = tmp_path / "out" / game / "nl"
    for pdf in (made / f"{product}.pdf", made / f"{product}-blank.pdf"):
        assert (0x12, 0x34, 0x56) in colours(pdf), pdf.name
