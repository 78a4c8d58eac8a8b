"""The font reader: layout measures text with exactly the widths and the characters that
the PDF writer embeds, read from the fonts' own tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile

from printkit import truetype
from printkit.layout import fonts


@pytest.mark.parametrize("role", sorted(fonts.FILES))
def test_widths_and_characters_are_those_the_pdf_writer_embeds(role: str) -> None:
    face = TTFontFile(str(fonts.font_path(role)))
    metrics = fonts.metrics(role)
    assert metrics.widths == {chr(cp): round(face.charWidths[cp]) for cp in face.charToGlyph}
    assert metrics.default == round(face.defaultWidth)


@pytest.mark.parametrize("role", sorted(fonts.FILES))
def test_the_bmp_map_of_format_4_agrees_with_format_12(role: str) -> None:
    data = fonts.font_path(role).read_bytes()
    full = truetype.character_map(data)  # (3, 10): format 12
    bmp = truetype.character_map(data, ((3, 1),))  # format 4
    assert len(bmp) > 4000
    assert bmp == {code: glyph for code, glyph in full.items() if code <= 0xFFFF}


def test_a_font_without_a_unicode_map_is_refused() -> None:
    data = fonts.font_path("regular").read_bytes()
    with pytest.raises(ValueError, match="no Unicode character map"):
        truetype.character_map(data, ((7, 7),))


SERIF = Path(__file__).parent / "fixtures" / "fonts" / "DejaVuSerif.ttf"


def test_a_card_back_is_laid_out_again_in_another_font() -> None:
    """A back laid out in the bundled font is not reused once a theme's font is chosen
    (one process lays out both: serve after game.toml changed, or check then build)."""
    from printkit.layout.cards import back_art
    from printkit.localise.kit import Para
    from printkit.units import MM

    args = ("#1F4E79", "Kans", (Para("Trek een kaart en doe wat er staat."),), 63 * MM,
            88 * MM, 3 * MM)
    with fonts.using(()):
        plain = back_art(*args, fonts=fonts.chosen())
    with fonts.using((("bold", SERIF), ("regular", SERIF))):
        serif = back_art(*args, fonts=fonts.chosen())
    assert plain is not None
    assert serif is not None
    assert serif != plain  # measured in the serif, not taken from the plain layout
    with fonts.using((("bold", SERIF), ("regular", SERIF))):
        assert serif == back_art.__wrapped__(*args, fonts=fonts.chosen())
