"""A game's tables as people save them: numbers in the forms of the game's languages, CSV
with commas, semicolons or tabs, TSV, and spreadsheets (.xlsx, .ods)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game, pdf_text, source_of

from printkit.load.numbers import read_whole


@pytest.mark.parametrize("typed,value", [
    ("60", 60), ("€ 60", 60), ("€60", 60), ("60 €", 60), ("60,-", 60), ("€ 60,-", 60),
    ("kr 60", 60), ("60 kr.", 60), ("kr. 1.500,-", 1500), ("DKK 2.000", 2000),
    ("1.500", 1500), ("1 500", 1500), ("1\u00a0500", 1500), ("1.500.000", 1_500_000),
    ("60,00", 60), ("€ 1.500,00", 1500), ("1,500.00", 1500), ("60.00", 60), ("-5", -5)])
def test_a_whole_number_is_read_in_the_forms_of_the_games_languages(typed: str,
                                                                    value: int) -> None:
    assert read_whole(typed).value == value


@pytest.mark.parametrize("typed,message", [
    ("60,5", "decimal comma: '60,5' is not a whole number; write 60 or 61"),
    ("€ 1.500,50", "decimal comma: '€ 1.500,50' is not a whole number; write 1500 or 1501"),
    ("60.5", "decimal point: '60.5' is not a whole number; write 60 or 61"),
    ("1,500", "ambiguous comma: '1,500' is a thousands comma in English but a decimal comma "
              "in Dutch, Norwegian and Danish; write 1500"),
    ("€60x", "'€60x' is not a whole number; write a number like 15"),
    ("1.50.0", "'1.50.0' is not a whole number; write a number like 15"),
    ("", "the cell is empty; write a whole number like 15")])
def test_what_is_not_one_whole_number_names_its_cause_first(typed: str, message: str) -> None:
    reading = read_whole(typed)
    assert reading.value is None
    assert reading.message == message


DUTCH = """\
# saved by a spreadsheet in Dutch: semicolons, currency, thousands dots, decimal commas
id;group;price;rent;rent_1;rent_2;rent_3;rent_4;rent_hotel;mortgage
molenweg;brown;€ 60;3;12;36;100;170;260;30
kerkpad;brown;70,-;5;20;60;170;300;430;35
schoolstraat;light_blue;100,00;6;30;90;270;400;550;50
bakkerstraat;light_blue;kr 100;6;30;90;270;400;550;50
lindelaan;light_blue;120;8;40;100;300;450;600;
"""


def street_prices(game: object) -> dict[str, tuple[int, ...]]:
    return {s.id: (s.price, s.mortgage, *s.rents)  # type: ignore[attr-defined]
            for s in game.streets}  # type: ignore[attr-defined]


def test_a_dutch_spreadsheets_csv_builds_as_meant(tmp_path: Path) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    streets = folder / "streets.csv"
    rows = streets.read_text("utf-8").splitlines()
    header = next(n for n, line in enumerate(rows) if line.startswith("id,"))
    rest = [line.replace(",", ";") for line in rows[header + 6:]]
    rest = [line.replace(";1500;", ";1.500;").replace(";2000;", ";€ 2.000,00;")
            for line in rest]
    streets.write_text(DUTCH + "\n".join(rest) + "\n", "utf-8")
    prices = street_prices(source_of(str(folder)).game)
    assert prices["molenweg"] == (60, 30, 3, 12, 36, 100, 170, 260)
    assert prices["kerkpad"][:2] == (70, 35)
    assert prices["schoolstraat"][:2] == (100, 50)
    assert prices["bakkerstraat"][:2] == (100, 50)
    assert prices["lindelaan"][:2] == (120, 60)  # an empty mortgage: half the price
    assert prices["kasteelplein"][-1] == 2000


def test_a_table_separated_by_tabs_is_read(tmp_path: Path) -> None:
    """As streets.csv with tabs, and as streets.tsv."""
    folder = copy_game("klassiek", tmp_path / "data")
    before = street_prices(source_of(str(folder)).game)
    streets = folder / "streets.csv"
    streets.write_text("\n".join(line if line.startswith("#") else line.replace(",", "\t")
                                 for line in streets.read_text("utf-8").splitlines()) + "\n",
                       "utf-8")
    assert street_prices(source_of(str(folder)).game) == before
    streets.rename(folder / "streets.tsv")
    assert street_prices(source_of(str(folder)).game) == before


def build(cli, game: str, out: str, *more: str) -> dict[str, bytes]:
    run = cli("build", game, "--out", out, "-q", *more)
    assert run.code == 0, run.err
    folder = Path(out) / game / "nl"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def test_a_copy_with_its_tables_in_a_workbook_builds_the_same_pdfs(cli, tmp_path: Path) -> None:
    """`new --tables xlsx` writes one workbook, a sheet per table with the notes as
    comments on the header; the copy builds byte for byte what the CSV copy builds, and a
    price edited in the workbook is the deed's."""
    from openpyxl import load_workbook

    assert cli("new", "town", "--from", "klassiek", "--tables", "xlsx", "--data",
               "sheets").code == 0
    assert cli("new", "town", "--from", "klassiek", "--data", "files").code == 0
    book_path = tmp_path / "sheets" / "town" / "tables.xlsx"
    assert not list((tmp_path / "sheets" / "town").glob("*.csv"))
    book = load_workbook(book_path)
    assert book.sheetnames == ["board", "groups", "stations", "streets", "taxes", "utilities"]
    streets = book["streets"]
    assert [c.value for c in streets[1]][:3] == ["id", "group", "price"]
    assert streets["C1"].comment.text == "price: what the street costs"
    assert [c.value for c in streets[2]][:3] == ["molenweg", "brown", 60]
    assert build(cli, "town", "out", "--data", "sheets") == \
        build(cli, "town", "out-files", "--data", "files")

    groups = book["groups"]
    assert [c.value for c in groups[1]][:3] == ["id", "colour", "house"]
    assert [c.value for c in groups[2]][::2] == ["brown", 50]
    groups["C2"] = 55  # the price of a house in the brown group
    book.save(book_path)
    deeds = tmp_path / "out" / "town" / "nl" / "deeds.pdf"
    assert "Prijs van een huis € 55" not in pdf_text(deeds)
    build(cli, "town", "out", "--only", "deeds", "--data", "sheets")
    assert "Prijs van een huis € 55" in pdf_text(deeds)


def write_ods(path: Path, sheets: dict[str, list[list[str]]]) -> None:
    """An .ods file as LibreOffice saves one: numbers as number cells."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for name, rows in sheets.items():
        table = Table(name=name)
        for row in rows:
            line = TableRow()
            for cell in row:
                number = cell.isdigit()
                item = TableCell(valuetype="float", value=cell) if number else \
                    TableCell(valuetype="string")
                item.addElement(P(text=cell))
                line.addElement(item)
            table.addElement(line)
        doc.spreadsheet.addElement(table)
    doc.save(str(path))


def csv_rows(path: Path) -> list[list[str]]:
    import csv

    return list(csv.reader(line for line in path.read_text("utf-8").splitlines()
                           if line and not line.startswith("#")))


def test_a_table_saved_by_libreoffice_as_ods_is_read(cli, tmp_path: Path) -> None:
    """streets.ods instead of streets.csv builds the same deeds; a cell that is not a
    whole number is named by its sheet, row and column letter."""
    data = tmp_path / "data"
    copy_game("klassiek", data)
    before = build(cli, "klassiek", "before", "--only", "deeds")
    streets = data / "klassiek" / "streets.csv"
    rows = csv_rows(streets)
    streets.unlink()
    write_ods(data / "klassiek" / "streets.ods", {"Straten": rows})
    assert build(cli, "klassiek", "after", "--only", "deeds") == before

    rows[3][2] = "100,5"
    write_ods(data / "klassiek" / "streets.ods", {"Straten": rows})
    run = cli("check", "klassiek")
    assert run.errors == [
        "error: data/klassiek/streets.ods: sheet Straten, cell C4: price: decimal comma: "
        "'100,5' is not a whole number; write 100 or 101",
        "1 problem; build would stop here."]


def test_serve_redraws_when_a_workbook_is_saved_not_when_it_is_opened() -> None:
    """The lock file LibreOffice or Excel keeps beside an open workbook is no save."""
    from watchfiles import Change

    from printkit.commands.serve import saved

    assert saved(Change.modified, "/games/ourtown/tables.xlsx")
    assert saved(Change.modified, "/games/ourtown/streets.ods")
    assert not saved(Change.added, "/games/ourtown/.~lock.tables.ods#")
    assert not saved(Change.added, "/games/ourtown/~$tables.xlsx")
