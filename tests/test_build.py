"""The default build: the six PDFs of the Dutch spankopoly kit hold everything a player needs."""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, page_texts, pdf_text
from pypdf import PdfReader

GAME = ROOT / "data" / "spankopoly"
FILES = ("board.pdf", "board-a4.pdf", "deeds.pdf", "chance.pdf", "scorepad.pdf", "lines.pdf")


def nl_text(*keys: str) -> str:
    data = tomllib.loads((GAME / "text" / "nl.toml").read_text("utf-8"))
    for key in keys:
        data = data[key]
    return data


def rows(name: str) -> list[dict[str, str]]:
    with (GAME / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_build_writes_the_six_pdfs(nl_kit: Path) -> None:
    for name in FILES:
        reader = PdfReader(nl_kit / name)
        assert len(reader.pages) >= 1, name


def test_deeds_hold_every_street_with_its_counts(nl_kit: Path) -> None:
    pages = page_texts(nl_kit / "deeds.pdf")
    fronts = " ".join(pages[0::2])
    for street in rows("streets.csv"):
        name = nl_text("streets", street["id"], "name")
        assert name in fronts
        assert f"{street['purchase']} klappen" in fronts
        assert f"{street['complete']} klappen" in fronts or f"{street['complete']} slagen" in fronts


def test_deed_of_a_street_shows_purchase_and_complete_side_by_side(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "deeds.pdf")
    assert "Keuken Eigendomsbewijs Aankoop (hand) 15 klappen Compleet (pollepel) 20 klappen" in text
    assert ("Six Stripe Academy Eigendomsbewijs Aankoop (hand) 60 klappen Compleet (cane) 6 slagen"
            in text)


def test_deed_backs_show_the_doubled_value(nl_kit: Path) -> None:
    backs = " ".join(page_texts(nl_kit / "deeds.pdf")[1::2])
    assert "Verdubbeld (pollepel) 40 klappen" in backs  # Keuken: 20 doubled
    assert "Verdubbeld (cane) 12 slagen" in backs  # Six Stripe Academy: 6 doubled


def test_every_station_has_a_deed_with_price_and_die_table(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "deeds.pdf")
    for name in ("Rok omhoog", "Broek omlaag", "Halfmast", "Billen bloot"):
        assert f"Station ‘{name}’" in text
    assert "Aankoop (hand) 40 klappen" in text
    assert "1 Hand 2 Leren paddle 3 Haarborstel 4 Strap 5 Badborstel 6 Tawse" in text


def test_penalty_line_cards_show_both_lines_and_buy_off(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "deeds.pdf")
    assert text.count("Niet te koop") == 2
    assert "Afkopen per regel 5 klappen met de hand" in text
    assert "Afkopen per regel 10 klappen met de hand" in text


def test_all_twenty_chance_cards_are_printed(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "chance.pdf")
    cards = tomllib.loads((GAME / "chance.toml").read_text("utf-8"))["card"]
    assert len(cards) == 20
    for card in cards:
        if "goto" not in card:
            assert nl_text("chance", card["id"], "title") in text
            body = nl_text("chance", card["id"], "text")
            if "{" not in body:
                assert " ".join(body.split()) in text
    assert "Ga direct naar Six Stripe Academy." in text
    assert "Ga naar de eetkamer. Kom je langs Start, werk dan de rondemarker bij." in text
    assert "Ga direct naar station ‘Halfmast’." in text
    assert "Stuur de tegenstander die zich volgens jou het slechtst heeft gedragen, naar de " \
           "schuur voor 20 klappen met de strap." in text
    assert "1 slag met de cane" in text


def test_kept_chance_cards_are_marked(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "chance.pdf")
    cards = tomllib.loads((GAME / "chance.toml").read_text("utf-8"))["card"]
    kept = sum(1 for c in cards if c.get("keep"))
    assert kept == 6
    assert text.count("Bewaar deze kaart tot je haar gebruikt.") == kept


def test_scorepad_has_twelve_rounds_with_clothing_phase(nl_kit: Path) -> None:
    pages = page_texts(nl_kit / "scorepad.pdf")
    assert len(pages) == 4 + 1  # four players (default) and the final ranking
    first = pages[0]
    for n in range(1, 13):
        assert f" {n} " in f" {first} "
    assert first.count("K · Kleding") == 3
    assert first.count("O · Ondergoed") == 3
    assert first.count("B · Bloot") == 6
    assert "Instrument Kleding Aantal Punten" in first
    assert "Voorbeeld: 1K10 = 1 × 1 × 10 = 10 punten" in first
    assert "Eindklassement" in pages[-1]


def test_lines_sheets_carry_each_penalty_line(nl_kit: Path) -> None:
    pages = page_texts(nl_kit / "lines.pdf")
    assert len(pages) == 2
    assert "Ik zal me voortaan netjes gedragen." in pages[0]
    assert "Ik heb mij misdragen en verdien een stevig pak slaag op mijn blote billen." in pages[1]


def test_board_has_every_square_name(nl_kit: Path) -> None:
    text = pdf_text(nl_kit / "board.pdf")
    for street in rows("streets.csv"):
        assert nl_text("streets", street["id"], "name").split()[0] in text
    for corner in ("START", "Leedvermaak", "Nog een worp", "Naar de hoek"):
        assert corner in text
    assert "Spankopoly" in text
    assert text.count("Kans") >= 6


@pytest.mark.parametrize("name", FILES)
def test_documents_carry_metadata_and_language(nl_kit: Path, name: str) -> None:
    reader = PdfReader(nl_kit / name)
    assert reader.metadata.title.startswith("Spankopoly – ")
    assert reader.metadata.creator.startswith("printkit")
    assert reader.trailer["/Root"]["/Lang"] == "nl"
