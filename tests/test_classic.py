"""The classic money games: klassiek (two decks, euro) and Købstad (Danish, one deck, kroner)
build every component in nl, nb and da, with the data's numbers on deeds, cards and ledgers."""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path

import pytest
from conftest import MM, ROOT, page_texts, pdf_text, source_of
from jinja2 import UndefinedError
from pypdf import PdfReader

from printkit.errors import Problems
from printkit.localise.catalog import load_labels
from printkit.localise.money import format_money
from printkit.localise.wording import Wording
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.systems.money import localise as classic

KLASSIEK = ROOT / "data" / "klassiek"
KOEBSTAD = ROOT / "data" / "koebstad"
LANGS = ("nl", "nb", "da")


@pytest.fixture(scope="session")
def klassiek(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """klassiek in all three languages, ledgers for five players."""
    out = tmp_path_factory.mktemp("klassiek")
    build(Request("klassiek", ("all",), options=Options(players=5)), out)
    return out / "klassiek"


@pytest.fixture(scope="session")
def koebstad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("koebstad")
    build(Request("koebstad", ("all",)), out)
    return out / "koebstad"


def rows(game: Path, name: str) -> list[dict[str, str]]:
    with (game / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def text_of(game: Path, lang: str, *keys: str) -> str:
    data = tomllib.loads((game / "text" / f"{lang}.toml").read_text("utf-8"))
    for key in keys:
        data = data[key]
    return data


def euro(n: int | str) -> str:
    """Dutch euro as pdf_text shows it (no-break spaces normalised)."""
    return format_money(int(n), "EUR", "nl_NL").replace("\u00a0", " ")


@pytest.mark.parametrize("lang", LANGS)
def test_klassiek_builds_every_component(klassiek: Path, lang: str) -> None:
    for name in ("board", "board-a4", "deeds", "chance", "community", "ledger", "rules",
                 "rules-booklet"):
        assert len(PdfReader(klassiek / lang / f"{name}.pdf").pages) >= 1, name


@pytest.mark.parametrize("lang", LANGS)
def test_koebstad_builds_every_component(koebstad: Path, lang: str) -> None:
    for name in ("board", "board-a4", "deeds", "chance", "ledger", "rules", "rules-booklet"):
        assert len(PdfReader(koebstad / lang / f"{name}.pdf").pages) >= 1, name
    assert not (koebstad / lang / "community.pdf").exists()  # one deck only


def test_money_is_formatted_per_language() -> None:
    nbsp = "\u00a0"
    assert format_money(1500, "EUR", "nl_NL") == f"€{nbsp}1.500"
    assert format_money(1500, "NOK", "nb_NO") == f"1{nbsp}500{nbsp}kr"
    assert format_money(1500, "DKK", "da_DK") == f"1.500{nbsp}kr."


def test_every_street_deed_shows_its_ladder_house_cost_and_mortgage(klassiek: Path) -> None:
    fronts = " ".join(page_texts(klassiek / "nl" / "deeds.pdf")[0::2])
    groups = {g["id"]: g for g in rows(KLASSIEK, "groups.csv")}
    for s in rows(KLASSIEK, "streets.csv"):
        name = text_of(KLASSIEK, "nl", "streets", s["id"], "name")
        house = groups[s["group"]]["house"]
        expected = (f"{name} Wie alle straten van een kleurgroep bezit, ontvangt dubbele huur op "
                    f"de onbebouwde straten. Huur {euro(s['rent'])} "
                    f"Met 1 huis {euro(s['rent_1'])} Met 2 huizen {euro(s['rent_2'])} "
                    f"Met 3 huizen {euro(s['rent_3'])} Met 4 huizen {euro(s['rent_4'])} "
                    f"Met hotel {euro(s['rent_hotel'])} Prijs van een huis {euro(house)} "
                    f"Prijs van {euro(groups[s['group']]['hotel'])} + 4 huizen een hotel "
                    f"Hypotheekwaarde {euro(s['mortgage'])}")  # the label wraps beside
        assert expected in fronts, name


def test_deed_backs_are_the_mortgaged_side(klassiek: Path) -> None:
    backs = " ".join(page_texts(klassiek / "nl" / "deeds.pdf")[1::2])
    assert backs.count("HYPOTHEEK ") == 28  # the band of every mortgaged side
    assert "Molenweg Eigendomsbewijs Hypotheekwaarde € 30 Hypotheek aflossen € 33" in backs
    assert "Kasteelplein Eigendomsbewijs Hypotheekwaarde € 200 Hypotheek aflossen € 220" in backs


def test_station_and_utility_deeds(klassiek: Path, koebstad: Path) -> None:
    text = pdf_text(klassiek / "nl" / "deeds.pdf")
    # a name that says its kind is headed as a street is, not "STATION Centraal Station"
    assert ("EIGENDOMSBEWIJS Centraal Station Huur Eigenaar heeft er 1 € 25 "
            "Eigenaar heeft er 2 € 50 Eigenaar heeft er 3 € 100 Eigenaar heeft er 4 € 200") in text
    assert "NUTSBEDRIJF Energiebedrijf" in text
    assert "Eigenaar heeft er 1 4 × de ogen Eigenaar heeft er 2 10 × de ogen" in text
    danish = pdf_text(koebstad / "da" / "deeds.pdf")
    assert "REDERI Sundfærgen Skøde Leje Ejeren har 1 500 kr. Ejeren har 2 1.000 kr." in danish
    assert "SKØDE Bryggeriet Humlen Leje" in danish  # not "BRYGGERI Bryggeriet Humlen"
    assert "Ejeren har 1 100 × øjnene Ejeren har 2 200 × øjnene" in danish


@pytest.mark.parametrize("game, lang, amount", [
    ("klassiek", "nl", "€ 1.500"), ("klassiek", "nb", "1 500 €"), ("klassiek", "da", "1.500 €"),
    ("koebstad", "da", "30.000 kr."), ("koebstad", "nb", "30 000 kr"),
    ("koebstad", "nl", "DKK 30.000")])
def test_ledger_starts_with_the_starting_capital_in_the_language(
        klassiek: Path, koebstad: Path, game: str, lang: str, amount: str) -> None:
    folder = {"klassiek": klassiek, "koebstad": koebstad}[game]
    first = page_texts(folder / lang / "ledger.pdf")[0]
    assert f"{amount} {amount}" in first  # received and balance of the first row


def test_ledger_has_a_sheet_per_player_then_bank_and_register(klassiek: Path) -> None:
    pages = page_texts(klassiek / "nl" / "ledger.pdf")
    assert len(pages) == 5 + 1 + 1
    for n in range(1, 6):
        assert pages[n - 1].startswith(f"Kasboek Klassiek Speler {n}:")
        assert "Beurt Omschrijving Ontvangen Betaald Saldo Startkapitaal € 1.500 € 1.500" \
            in pages[n - 1]
    assert pages[5].startswith("Bank Klassiek")
    assert "32 huizen en 12 hotels" in pages[5]
    register = pages[6]
    assert register.startswith("Eigendomsregister")
    for s in rows(KLASSIEK, "streets.csv"):
        name = text_of(KLASSIEK, "nl", "streets", s["id"], "name")
        assert f"{name} {euro(s['price'])}" in register
    for s in rows(KLASSIEK, "stations.csv"):
        assert text_of(KLASSIEK, "nl", "stations", s["id"], "name") in register


def test_players_option_sets_the_number_of_ledger_sheets(tmp_path: Path) -> None:
    build(Request("koebstad", ("da",), options=Options(players=2)), tmp_path)
    pages = page_texts(tmp_path / "koebstad" / "da" / "ledger.pdf")
    assert len(pages) == 2 + 2
    assert pages[0].startswith("Kassebog Købstad Spiller 1:")


def test_cards_are_generated_from_the_data(klassiek: Path, koebstad: Path) -> None:
    chance = pdf_text(klassiek / "nl" / "chance.pdf")
    assert "Ga naar het Kasteelplein. Kom je langs Start, dan ontvang je € 200." in chance
    assert "Ga naar Start en ontvang € 200." in chance
    assert "Je bent je sleutels vergeten. Ga 3 plaatsen terug." in chance
    assert "Betaal € 25 per huis en € 100 per hotel." in chance
    assert "Ga direct naar de gevangenis. Ga niet langs Start. Je ontvangt geen € 200." in chance
    community = pdf_text(klassiek / "nl" / "community.pdf")
    assert "Je bent jarig! Ontvang € 10 van iedere medespeler." in community
    assert community.count("Bewaar deze kaart tot je haar gebruikt.") == 1
    danish = pdf_text(koebstad / "da" / "chance.pdf")
    assert "Ryk frem til Slotspladsen. Passerer du Start, modtager du 4.000 kr." in danish
    assert "Ryk 3 felter tilbage." in danish
    assert "Du holder byfest for hele byen. Betal 500 kr. til hver medspiller." in danish
    assert danish.count("Behold dette kort, indtil du bruger det.") == 2
    assert "Ryk frem til Start, og modtag 4.000 kr. Prøv lykken" in danish  # one full stop


def test_board_shows_every_square(klassiek: Path, koebstad: Path) -> None:
    # a name too long for its square breaks at a hyphenation point: read it whole
    text = re.sub(r"(\w)- (\w)", r"\1\2", pdf_text(klassiek / "nl" / "board.pdf"))
    for s in rows(KLASSIEK, "streets.csv"):
        assert text_of(KLASSIEK, "nl", "streets", s["id"], "name") in text
        assert euro(s["price"]) in text
    for corner in ("START", "Gevangenis", "Op bezoek", "Vrij parkeren", "Naar de gevangenis"):
        assert corner in text
    assert "Betaal € 200 of 10% van je bezit" in text
    danish = pdf_text(koebstad / "da" / "board.pdf")
    for corner in ("De fængsles", "Parkering", "På besøg"):
        assert corner in danish
    assert danish.count("Prøv lykken") == 6 + 1  # six squares and the pile in the centre


@pytest.mark.parametrize("lang, word", [("nb", "Eigendomsbewijs"), ("da", "Eigendomsbewijs"),
                                        ("nb", "Huur"), ("da", "Hypotheek"), ("nb", "huizen")])
def test_no_dutch_label_left_in_nb_and_da(klassiek: Path, lang: str, word: str) -> None:
    for name in ("deeds", "ledger"):
        assert word not in pdf_text(klassiek / lang / f"{name}.pdf")


def test_rule_booklets_carry_the_datas_amounts_and_tables(klassiek: Path,
                                                          koebstad: Path) -> None:
    dutch = pdf_text(klassiek / "nl" / "rules.pdf")
    assert "Iedere speler krijgt € 1.500 van de bank." in dutch
    assert "betaalt de bank je € 200 salaris" in dutch
    assert "Molenweg € 60 € 3 € 12 € 36 € 100 € 170 € 260" in dutch  # the streets table
    assert "Kort spel" in dutch
    assert "Spel met tijdslimiet" in dutch
    assert "Daarna deelt hij iedere speler twee" in dutch
    danish = pdf_text(koebstad / "da" / "rules.pdf")
    assert "Hver spiller får 30.000 kr. af banken." in danish
    assert "Lander du på et felt med »Prøv lykken«" in danish
    assert "Lejen for et rederi afhænger af, hvor mange rederier ejeren har" in danish
    assert "Ejeren har Leje 1 500 kr. 2 1.000 kr. 3 2.000 kr. 4 4.000 kr." in danish
    norwegian = pdf_text(koebstad / "nb" / "rules.pdf")
    assert "Hver spiller får 30 000 kr fra banken." in norwegian


def wording(game: str, lang: str) -> tuple:
    source = source_of(game)
    loaded, language = source.game, source.setup.languages[lang]
    problems = Problems()
    return loaded, Wording(loaded, language, problems), load_labels(language.catalog,
                                                                   language.locale), problems


def test_tables_come_from_the_data() -> None:
    game, w, _, problems = wording("klassiek", "nl")
    tables = classic.tables(game, w, _)
    assert set(classic.TABLES) | {"chance", "community"} == set(tables)
    streets = tables["streets"]
    assert streets[0] == ("Straat", "Prijs", "Huur", "1 huis", "2 huizen", "3 huizen",
                          "4 huizen", "Hotel")
    assert len(streets) == 1 + 22
    assert streets[1] == ("Molenweg", "€\u00a060", "€\u00a03", "€\u00a012", "€\u00a036",
                          "€\u00a0100", "€\u00a0170", "€\u00a0260")
    assert tables["stations"][1:] == (("1", "€\u00a025"), ("2", "€\u00a050"),
                                      ("3", "€\u00a0100"), ("4", "€\u00a0200"))
    assert len(tables["cards"]) == 1 + 32
    assert all(len(row) == len(table[0]) for table in tables.values() for row in table)
    assert not problems


@pytest.mark.parametrize("game", ["klassiek", "koebstad"])
@pytest.mark.parametrize("lang", LANGS)
def test_rules_templates_render_with_the_context(game: str, lang: str) -> None:
    """Every variable and table a rules/<lang>.md uses exists (StrictUndefined)."""
    loaded, w, _, problems = wording(game, lang)
    tables = classic.tables(loaded, w, _)
    used = []

    def table(name: str) -> str:
        if name not in tables:
            raise UndefinedError(f"no table {name}")
        used.append(name)
        return f"[{name}]"

    source = (loaded.folder / "rules" / f"{lang}.md").read_text("utf-8")
    text = w.env.from_string(source).render(**classic.rules_context(loaded, w), table=table)
    assert not problems
    assert {"streets", "stations", "utilities", "taxes", "groups", "mortgages"} <= set(used)
    start = classic.rules_context(loaded, w)["start_capital"]
    assert start in text


@pytest.mark.parametrize("game", ["klassiek", "antimonopoly", "koebstad"])
def test_the_register_fits_a5_paper(tmp_path: Path, game: str) -> None:
    """On A5 the register's house boxes stay in their column and the mortgage head keeps a
    readable size (on A4-wide columns it did not fit, and A5 was refused)."""
    import pdfplumber

    build(Request(game, ("nl", "nb", "da"), only=("ledger",), options=Options(paper="a5")),
          tmp_path)
    for lang in ("nl", "nb", "da"):
        with pdfplumber.open(tmp_path / game / lang / "ledger.pdf") as pdf:
            registers = [p for p in pdf.pages if "register" in (p.extract_text() or "")]
            assert registers, lang
            for page in registers:
                columns = sorted(line["x0"] for line in page.lines
                                 if abs(line["x0"] - line["x1"]) < 0.01)
                hotels = [r for r in page.rects if r["stroking_color"] and
                          len(r["stroking_color"]) == 3 and r["stroking_color"][0] > 0.6]
                assert hotels, lang
                assert max(r["x1"] for r in hotels) <= columns[-1], lang
                head = min((w for w in page.extract_words(extra_attrs=["size"])
                            if w["x0"] > columns[-1]), key=lambda w: w["top"])
                assert head["x1"] <= page.width - 12 * MM, (lang, head)
                assert head["size"] >= 7.4, (lang, head)
