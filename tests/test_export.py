"""`printkit export`: a picture of every card face and back, the board and its tiles
(png); Tabletop Simulator deck sheets of at most 10 × 7 cards and a saved object that
uses them (tts); one print-and-play PDF (pnp); and a wrong --to refused."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlparse

from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.commands.export_images import Shot
from printkit.commands.export_tts import LARGEST, deck_sheets, fitted, grid
from printkit.preflight import check_pdf
from printkit.preflight.pages import tile_pages
from printkit.resources import builtin, list_games

runner = CliRunner()
KLASSIEK = Path(__file__).resolve().parent.parent / "data" / "klassiek"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def deck_sizes() -> dict[str, int]:
    """The cards of klassiek's decks, counted in its data: a deed for every street,
    station and utility, and the cards of each deck file."""
    def rows(name: str) -> int:
        with (KLASSIEK / name).open(encoding="utf-8") as f:
            return sum(1 for row in csv.reader(f) if row and not row[0].startswith("#")) - 1

    sizes = {"deeds": rows("streets.csv") + rows("stations.csv") + rows("utilities.csv")}
    for deck in sorted((KLASSIEK / "decks").glob("*.toml")):
        sizes[deck.stem] = len(tomllib.loads(deck.read_text(encoding="utf-8"))["card"])
    return sizes


def test_png_writes_a_picture_of_every_card_face_and_back_the_board_and_its_tiles(
        tmp_path: Path) -> None:
    code, out = run("export", "klassiek", "--to", "png", "--dpi", "60", "--out",
                    str(tmp_path))
    assert code == 0, out
    folder = tmp_path / "klassiek" / "nl" / "export-png"
    for deck, size in deck_sizes().items():
        for side in ("front", "back"):
            assert len(list(folder.glob(f"{deck}-*-{side}.png"))) == size, (deck, side)
    assert (folder / "chance-01-to_start-front.png").is_file()
    card = Image.open(folder / "deeds-01-molenweg-front.png")
    assert card.size == Image.open(folder / "deeds-01-molenweg-back.png").size
    assert card.width < card.height < 100 / 25.4 * 60  # a card, cut at its trim
    low, high = card.convert("L").getextrema()
    assert low < 100 < high  # ink on paper: not a blank picture
    board = Image.open(folder / "board.png")
    assert board.width == board.height > 1000
    tiles = sorted(p.name for p in folder.glob("board-tile-*.png"))
    assert tiles
    assert tiles[0] == "board-tile-A1.png"
    assert f"{folder}: " in out


def test_png_removes_the_pictures_of_an_earlier_export_it_does_not_make(
        tmp_path: Path) -> None:
    folder = tmp_path / "klassiek" / "nl" / "export-png"
    folder.mkdir(parents=True)
    (folder / "chance-99-gone-front.png").write_bytes(b"old")
    code, out = run("export", "klassiek", "--to", "png", "--dpi", "50", "--out",
                    str(tmp_path))
    assert code == 0, out
    assert not (folder / "chance-99-gone-front.png").exists()


def test_tts_writes_sheets_of_at_most_10_by_7_cards_and_a_saved_object_using_them(
        tmp_path: Path) -> None:
    code, out = run("export", "klassiek", "--to", "tts", "--dpi", "50", "--out",
                    str(tmp_path))
    assert code == 0, out
    folder = tmp_path / "klassiek" / "nl" / "export-tts"
    saved = json.loads((folder / "klassiek-nl.json").read_text(encoding="utf-8"))
    assert "Tabletop Simulator" in out
    assert "klassiek-nl.json" in out
    objects = saved["ObjectStates"]
    assert [o["Name"] for o in objects].count("Custom_Board") == 1
    board = next(o for o in objects if o["Name"] == "Custom_Board")
    assert Path(unquote(urlparse(board["CustomImage"]["ImageURL"]).path)).is_file()
    decks = {o["Nickname"]: o for o in objects if o["Name"] == "DeckCustom"}
    sizes = deck_sizes()
    assert sorted(len(d["DeckIDs"]) for d in decks.values()) == sorted(sizes.values())
    for deck in decks.values():
        cards = deck["ContainedObjects"]
        assert len(deck["DeckIDs"]) == len(cards)
        assert [c["CardID"] for c in cards] == deck["DeckIDs"]
        for number, sheet in deck["CustomDeck"].items():
            assert 1 <= sheet["NumWidth"] <= 10
            assert 1 <= sheet["NumHeight"] <= 7
            face = Path(unquote(urlparse(sheet["FaceURL"]).path))
            back = Path(unquote(urlparse(sheet["BackURL"]).path))
            assert face.is_file()
            assert back.is_file()
            assert face.parent == folder
            on_sheet = [c["CardID"] for c in cards if str(c["CardID"] // 100) == number]
            assert on_sheet == [int(number) * 100 + i for i in range(len(on_sheet))]
            assert len(on_sheet) <= min(69, sheet["NumWidth"] * sheet["NumHeight"])
            width, height = Image.open(face).size
            assert (width % sheet["NumWidth"], height % sheet["NumHeight"]) == (0, 0)
    deeds = next(d for d in decks.values() if len(d["DeckIDs"]) == sizes["deeds"])
    assert next(iter(deeds["CustomDeck"].values()))["UniqueBack"]  # each deed its own back


def test_a_player_aid_is_on_the_table_once_for_every_player(tmp_path: Path) -> None:
    code, out = run("export", "kortmonopol", "--to", "tts", "--players", "3", "--dpi", "50",
                    "--out", str(tmp_path))
    assert code == 0, out
    folder = tmp_path / "kortmonopol" / "nb" / "export-tts"
    saved = json.loads((folder / "kortmonopol-nb.json").read_text(encoding="utf-8"))
    aid = next(o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom")
    assert aid["DeckIDs"] == [100, 100, 100]
    assert len({card["GUID"] for card in aid["ContainedObjects"]}) == 3
    assert sorted(p.name for p in folder.glob("aid-*.png")) == ["aid-1.png", "aid-back.png"]


def test_a_deck_of_more_than_69_cards_takes_a_second_sheet() -> None:
    """Tabletop Simulator keeps the 70th slot of a 10 × 7 sheet for the hidden card."""
    assert grid(69) == (10, 7)
    assert grid(16) == (10, 2)
    assert grid(3) == (3, 1)
    picture = io.BytesIO()
    Image.new("RGB", (20, 30), "red").save(picture, "PNG")
    fronts = [Shot(f"big-{i}-front.png", picture.getvalue(), "big", "front", i + 1,
                   f"card {i + 1}", 63, 88) for i in range(70)]
    backs = [Shot(f"big-{i}-back.png", picture.getvalue(), "big", "back", i + 1, "", 63, 88)
             for i in range(70)]
    sheets, files = deck_sheets("big", fronts, backs, 3)
    assert [(s.number, s.cols, s.rows, len(s.cards)) for s in sheets] == [(3, 10, 7, 69),
                                                                          (4, 1, 1, 1)]
    assert [name for name, _ in files] == ["big-back.png", "big-1.png", "big-2.png"]
    sheet = Image.open(io.BytesIO(dict(files)["big-1.png"])).convert("RGB")
    assert sheet.size == (200, 210)
    assert sheet.getpixel((195, 205)) == (255, 255, 255)  # the hidden card's slot: empty
    assert sheet.getpixel((175, 205)) == (255, 0, 0)  # the 69th card


def test_a_sheet_is_never_over_4096_pixels_a_side() -> None:
    """Tabletop Simulator loads pictures up to 4096 px a side well: at a high --dpi the
    cards of a sheet are drawn smaller, in their shape."""
    w, h = fitted(1369, 881, 10, 2)  # a landscape card at 400 dpi, ten in a row
    assert 10 * w <= LARGEST
    assert abs(w / h - 1369 / 881) < 0.01
    assert fitted(300, 400, 10, 7) == (300, 400)  # small enough as it is


def test_pnp_writes_one_pdf_with_the_cards_the_board_the_deeds_and_the_booklet(
        tmp_path: Path) -> None:
    code, out = run("export", "klassiek", "--to", "pnp", "--out", str(tmp_path))
    assert code == 0, out
    pdfs = list((tmp_path / "klassiek" / "nl" / "export-pnp").glob("*.pdf"))
    assert [p.name for p in pdfs] == ["klassiek-nl-pnp.pdf"]
    reader = PdfReader(pdfs[0])
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Molenweg" in text  # a street, on its deed and the board's tiles
    assert "Ga naar Start" in text  # a card
    assert "Spelregels" in text
    assert "Voorbereiding" in text
    assert [o.title for o in reader.outline][:2] == ["Speelbord", "Eigendomsbewijzen"]
    assert pdfs[0].stat().st_size < 2_000_000  # small enough to post
    assert "MB)" in out
    assert "the whole file double-sided, flip on the long edge" in out  # how to print it


def parts(reader: PdfReader) -> dict[str, tuple[int, int]]:
    """Each bookmark's pages in the pnp: its first page and the first page after it
    (numbered from 1)."""
    starts = [(o.title, reader.get_destination_page_number(o) + 1) for o in reader.outline]
    ends = [start for _, start in starts[1:]] + [len(reader.pages) + 1]
    return {title: (start, end) for (title, start), end in zip(starts, ends, strict=True)}


def empty(page: object) -> bool:
    """A page that draws nothing: no text and no content stream."""
    from pypdf import PageObject

    assert isinstance(page, PageObject)
    contents = page.get_contents()
    return not page.extract_text().strip() and (contents is None or
                                                not contents.get_data().strip())


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def test_pnp_printed_double_sided_on_the_long_edge_puts_nothing_behind_a_one_sided_page(
        tmp_path: Path) -> None:
    """README: print the whole pnp double-sided, flip on the long edge. A tile, the
    assembly map and a ledger get an empty back (a cut never runs into what is behind
    it); the card sheets keep their backs behind their fronts as the home build pairs
    them; the booklet's backs are turned upside down, so the long edge prints them as the
    short edge they are imposed for."""
    assert run("export", "klassiek", "--to", "pnp", "--out", str(tmp_path))[0] == 0
    assert run("build", "klassiek", "--out", str(tmp_path / "home"), "-q")[0] == 0
    path = tmp_path / "klassiek" / "nl" / "export-pnp" / "klassiek-nl-pnp.pdf"
    home = tmp_path / "home" / "klassiek" / "nl"
    reader = PdfReader(path)
    pages = reader.pages
    found = parts(reader)
    assert all(start % 2 for start, _ in found.values())  # every part on a front
    tiles = sorted(tile_pages(reader, len(pages)))
    assert tiles == list(range(3, 14, 2))  # klassiek's 6 tiles on A4, after the map
    board, ledgers = found["Speelbord"], found["Kasboeken"]
    one_sided = [*range(*board, 2), *range(*ledgers, 2)]
    assert set(tiles) < set(one_sided)
    for number in one_sided:
        assert not empty(pages[number - 1]), number
        assert empty(pages[number]), f"p{number + 1}, the back of p{number}, is not empty"
    assert [texts(home / "board-a4.pdf"), texts(home / "ledger.pdf")] == [
        [pages[n - 1].extract_text() for n in range(*part, 2)] for part in (board, ledgers)]
    for title, name in (("Eigendomsbewijzen", "deeds"), ("Kans", "chance"),
                        ("Algemeen Fonds", "community")):
        start, end = found[title]
        assert [pages[n - 1].extract_text() for n in range(start, end)] == texts(
            home / f"{name}.pdf"), title
    start, end = found["Spelregels"]
    assert [pages[n - 1].rotation for n in range(start, end)] == [0, 180] * 3
    assert [pages[n - 1].extract_text() for n in range(start, end)] == texts(
        home / "rules-booklet.pdf")


def test_pnp_for_the_short_edge_or_no_duplex_turns_no_booklet_page(tmp_path: Path) -> None:
    """--duplex short: the whole file flips on the short edge, as the booklet is imposed;
    --duplex none: a file printed one-sided, so no empty backs are added."""
    for duplex in ("short", "none"):
        out = tmp_path / duplex
        code, said = run("export", "klassiek", "--to", "pnp", "--duplex", duplex, "--out",
                         str(out))
        assert code == 0, said
        assert ("one-sided; the rule booklet's sheets double-sided" if duplex == "none" else
                "the whole file double-sided, flip on the short edge") in said
        reader = PdfReader(out / "klassiek" / "nl" / "export-pnp" / "klassiek-nl-pnp.pdf")
        assert {page.rotation for page in reader.pages} == {0}
        blanks = sum(empty(page) for page in reader.pages)
        assert blanks == (0 if duplex == "none" else 1 + 6 + 6)  # map, tiles, ledgers


def test_preflight_calls_the_pnp_of_every_built_in_game_clean(tmp_path: Path) -> None:
    """Its tile pages are declared in its keywords, as in the board's own file: preflight
    judges their bleed and safe zone on the one-sheet board, and says so."""
    for game in list_games(None):
        assert run("export", game, "--to", "pnp", "--out", str(tmp_path))[0] == 0
        path, = (tmp_path / game).glob("*/export-pnp/*-pnp.pdf")
        report = check_pdf(path)
        assert report.problems == [], (game, report.problems)
        tiles = sum("a tile" in note for note in report.notes)
        has_board = (builtin("data") / game / "board.csv").is_file()
        assert (tiles >= 4) if has_board else (tiles == 0), game


def test_a_wrong_kind_or_a_print_shop_target_is_refused(tmp_path: Path) -> None:
    code, out = run("export", "klassiek", "--to", "svg", "--out", str(tmp_path))
    assert code == 2
    assert "--to svg: choose one of png, tts, pnp" in out
    code, out = run("export", "klassiek", "--to", "png", "--target", "shop", "--out",
                    str(tmp_path))
    assert code == 2
    assert "--target shop" in out
    code, out = run("export", "klassiek", "--to", "png", "--dpi", "5", "--out",
                    str(tmp_path))
    assert code == 2
    assert not (tmp_path / "klassiek").exists()
