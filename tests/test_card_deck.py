"""The card-deck game (system playing_cards, pack kortmonopol): a game without a board whose
printed parts are the player aid, the layout sheet, coin ledgers and the booklet, in nb,
nl and da, every number from the data; bad data reported at its place; `printkit new`."""

from __future__ import annotations

import csv
import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, page_texts, pdf_text
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.resources import builtin

GAME = ROOT / "data" / "kortmonopol"
LANGS = ("nb", "nl", "da")
runner = CliRunner()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kortmonopol")
    build(Request("kortmonopol", ("all",), options=Options(players=3)), out)
    return out / "kortmonopol"


def texts(lang: str) -> dict:
    return tomllib.loads((GAME / "text" / f"{lang}.toml").read_text("utf-8"))


def jokers() -> list[dict[str, str]]:
    with (GAME / "jokers.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_in_every_language_and_no_board(built: Path, lang: str) -> None:
    for name in ("aid", "layout", "ledger", "ledger-blank", "rules", "rules-booklet"):
        assert len(PdfReader(built / lang / f"{name}.pdf").pages) >= 1, name
    assert sorted(p.stem for p in (built / lang).glob("*.pdf")) == [
        "aid", "layout", "ledger", "ledger-blank", "rules", "rules-booklet"]


def test_the_aid_holds_both_price_bands_and_every_joker_outcome(built: Path) -> None:
    front, back = page_texts(built / "nb" / "aid.pdf")[:2]
    assert front.count("Spillerhjelp") == 3  # one per player (--players 3)
    assert "Kort Pris Ess–fem 1 mynt Seks–ti 2 mynter" in front
    assert "Kort A 2 3 4 5 6 7 8 9 10 Hus 0 1 2 3 4 5 6 7 8 9" in front  # rank − 1
    assert "1 mynt, og 1 mynt mer for hvert hus på kortet" in front
    words = texts("nb")
    card = back[:back.index("KORTBYEN", 1)]  # the first card's back
    assert "Øyne Hva skjer" in card
    for row in jokers():
        title = words["jokers"][row["sum"]]["title"]
        amount = f"{row['amount']} mynt" + ("er" if row["amount"] != "1" else "")
        start = card.index(f" {row['sum']} {title}: ")
        end = card.index(f" {int(row['sum']) + 1} ", start) if row["sum"] != "12" else None
        assert amount in card[start:end], row["sum"]
    assert "for hvert 3. hus du eier" in card
    assert "for hvert 5. hus du eier" in card
    assert "En formue på 50 mynter vinner" in card


def test_the_layout_sheet_draws_the_ring_from_the_start_joker(built: Path) -> None:
    text = pdf_text(built / "nb" / "layout.pdf")
    ring = ["★ Joker START"]
    for rank in ["A", "2", "3", "4", "5", "★ Joker", "6", "7", "8", "9", "10"]:
        ring += [rank] if rank.startswith("★") else [f"{rank} ♥ ♥", f"{rank} ♠ ♠"]
    assert " ".join(ring) in text
    assert "♦ ♣ Skjøter Banken" in text
    assert text.startswith("Slik legger du ut kortene Kortbyen Eiendomsspill med en vanlig "
                           "kortstokk")
    assert "får 8 mynter" in text
    assert "hjerter → ruter og spar → kløver" in text


def test_coin_ledgers_start_with_the_starting_coins(built: Path) -> None:
    pages = page_texts(built / "nb" / "ledger.pdf")
    assert len(pages) == 3  # no bank sheet, no register
    assert pages[0].startswith("Myntregnskap Kortbyen Spiller 1:")
    assert "En formue på 50 mynter vinner. Tur Beskrivelse Inn Ut Saldo Startmynter " \
           "8 mynter 8 mynter" in pages[0]
    dutch = page_texts(built / "nl" / "ledger.pdf")[0]
    assert "Startmunten 8 munten 8 munten" in dutch


def test_booklets_carry_the_data(built: Path) -> None:
    norwegian = pdf_text(built / "nb" / "rules.pdf")
    assert "Hver spiller får 8 mynter" in norwegian
    assert "fra ess til fem på den ene siden og fra seks til ti på den andre" in norwegian
    assert "12 Brann: Uten forsikring" in norwegian
    danish = pdf_text(built / "da" / "rules.pdf")
    assert "Es–fem 1 mønt Seks–ti 2 mønter" in danish
    assert "Du vinder, når alle de andre er gået konkurs, eller når du har en formue på " \
           "50 mønter" in danish


def test_check_passes_without_a_board() -> None:
    result = runner.invoke(app, ["check", "kortmonopol", "--lang", "all"])
    assert result.exit_code == 0, result.output
    assert result.output.count("0 missing, 0 unused") == 3


# other data ---------------------------------------------------------------------------

@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "data" / "kortmonopol"
    shutil.copytree(builtin("data") / "kortmonopol", target)
    monkeypatch.chdir(tmp_path)
    return target


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_fewer_ranks_change_the_ring_the_limits_and_the_steps(copy: Path) -> None:
    edit(copy / "game.toml", "ranks = 10 ", "ranks = 8 ")
    edit(copy / "prices.csv", "1,5,1\n6,10,2", "1,4,1\n5,8,2")
    result = runner.invoke(app, ["build", "kortmonopol", "-l", "nb", "--out", "out"])
    assert result.exit_code == 0, result.output
    layout = pdf_text(Path("out/kortmonopol/nb/layout.pdf"))
    assert "4 ♠ ♠ ★ Joker 5 ♥ ♥" in layout
    assert "10 ♥" not in layout
    assert "Ta ut alle kort over åtte" in layout
    aid = page_texts(Path("out/kortmonopol/nb/aid.pdf"))[0]
    assert "Ess–fire 1 mynt Fem–åtte 2 mynter" in aid
    assert "Kort A 2 3 4 5 6 7 8 Hus 0 1 2 3 4 5 6 7 Salg" in aid


# file edited, old, new, line reported (0: the edit's, None: the file's), message
CASES = [
    ("jokers.csv", "7,collect,2,\n", "", None, "no outcome for dice sum 7; the joker table "
     "needs one for every sum 2–12"),
    ("jokers.csv", "7,collect,2,", "6,collect,2,", 0, "sum: a second outcome for 6"),
    ("jokers.csv", "2,house_tax,1,3", "2,house_tax,1,", 0, "per: a 'house_tax' outcome needs "
     "per"),
    ("jokers.csv", "6,collect,1,", "6,collect,1,2", 0, "per: a 'collect' outcome does not use "
     "per"),
    ("jokers.csv", "9,collect,4,", "9,inherit,4,", 0, "action: 'inherit' is not a joker action"),
    ("jokers.csv", "9,collect,4,", "9,collect,0,", 0, "amount: the amount must be more than 0"),
    ("prices.csv", "6,10,2", "5,10,2", 0, "from: rank 5 already has a price"),
    ("prices.csv", "6,10,2", "7,10,2", None, "no price for rank 6; the bands must cover 1–10"),
    ("game.toml", 'deed_suits = ["diamonds", "clubs"]', 'deed_suits = ["diamonds", "hearts"]',
     0, "deck.deed_suits: hearts named twice"),
    ("game.toml", "goal = 50 ", "goal = 8 ", 0, "coins.goal: a fortune of 8 to win is not "
     "more than the 8 coins"),
    ("game.toml", 'property_suits = ["hearts", "spades"]', 'property_suits = ["hearts", '
     '"cups"]', 0, "deck.property_suits: 'cups' is not known"),
    ("text/nb.toml", '"åtte", "ni", "ti"]', '"åtte", "ni"]', 0, "ranks.names: 9 names for "
     "10 ranks"),
]


@pytest.mark.parametrize("name, old, new, delta, message", CASES,
                         ids=[c[4].split(";")[0][:40] for c in CASES])
def test_bad_data_is_reported_at_its_place(copy: Path, name: str, old: str, new: str,
                                           delta: int | None, message: str) -> None:
    line = edit(copy / name, old, new)
    command = ["check", "kortmonopol"] if name != "text/nb.toml" else [
        "build", "kortmonopol", "-l", "nb", "--out", "out"]
    result = runner.invoke(app, command)
    out = " ".join(result.output.split())
    assert result.exit_code == 2, out
    place = f"data/kortmonopol/{name}:" + (f"{line + delta}:" if delta is not None else "")
    assert any(r.startswith(place) and message in r for r in out.split("error: ")), out
    assert not Path("out").exists()


def test_new_from_kortmonopol_explains_every_field_and_builds(copy: Path) -> None:
    assert runner.invoke(app, ["new", "kort", "--from", "kortmonopol"]).exit_code == 0
    folder = copy.parent / "kort"
    assert "# per: house_tax only:" in (folder / "jokers.csv").read_text("utf-8")
    assert not (folder / "board.csv").exists()
    result = runner.invoke(app, ["build", "kort", "-l", "da", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert (Path("out/kort/da/layout.pdf")).is_file()
