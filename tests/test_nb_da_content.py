"""The Norwegian and Danish kits: complete texts, CLDR plurals, names shared by board and cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT, page_texts, pdf_text, source_of

from printkit.localise.stage import check_texts
from printkit.options import Request
from printkit.pipeline import build

FILES = ("board.pdf", "deeds.pdf", "chance.pdf", "scorepad.pdf", "lines.pdf", "rules.pdf")


@pytest.fixture(scope="module")
def nordic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out")
    build(Request("spankopoly", ("nb", "da")), out)
    return out / "spankopoly"


@pytest.mark.parametrize("lang", ["nb", "da"])
def test_texts_and_labels_are_complete(lang: str) -> None:
    source = source_of(str(ROOT / "data" / "spankopoly"))
    report = check_texts(source.setup.system, source.game, source.setup.languages[lang])
    assert report.missing == ()
    assert report.unused == ()


@pytest.mark.parametrize("lang", ["nb", "da"])
@pytest.mark.parametrize("name", FILES)
def test_no_dutch_word_left(nordic: Path, lang: str, name: str) -> None:
    text = pdf_text(nordic / lang / name)
    for dutch in ("klap", "Aankoop", "Kanskaart", "Kans ", "Compleet", "Strafregels", "hoek"):
        assert dutch not in text, (lang, name, dutch)


@pytest.mark.parametrize("lang, goto, one, ten", [
    ("nb", "Gå til Spisestuen.", "1 slag med spanskrøret", "10 slag med badebørsten"),
    ("da", "Ryk frem til Spisestuen.", "1 slag med spanskrøret", "10 slag med badebørsten"),
])
def test_cards_name_squares_as_the_board_does(nordic: Path, lang: str, goto: str, one: str,
                                              ten: str) -> None:
    chance = pdf_text(nordic / lang / "chance.pdf")
    assert goto in chance  # a street without in_text is named as on the board
    assert one in chance
    assert ten in chance
    assert "Spisestuen" in pdf_text(nordic / lang / "board.pdf")


def test_danish_score_pad_uses_its_own_clothing_codes(nordic: Path) -> None:
    text = page_texts(nordic / "da" / "scorepad.pdf")[0]  # one player's sheet
    assert "Eksempel: 1T10 = 1 × 1 × 10 = 10 point" in text
    assert text.count("U · Undertøj") == 3


@pytest.mark.parametrize("lang, example", [("nb", "9U6 = 9 × 2 × 6 = 108 poeng"),
                                               ("da", "9U6 = 9 × 2 × 6 = 108 point")])
def test_booklet_scoring_example_uses_the_language_codes(nordic: Path, lang: str,
                                                         example: str) -> None:
    text = pdf_text(nordic / lang / "rules.pdf")
    assert example in text
    assert "Six Stripe Academy" in text
    assert "Spisestuen" in text
