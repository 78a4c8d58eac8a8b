"""The Anti-Monopoly game (system anti, pack antimonopoly): every component in nl, nb and da,
both roles' rents on the deeds from the data, eleven commands per role on the command card,
every bad case of the data reported at its place, and `printkit new` from it."""

from __future__ import annotations

import csv
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, kit_for, page_texts, pdf_text
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.localise.kit import Table
from printkit.localise.money import format_money
from printkit.resources import builtin

GAME = ROOT / "data" / "antimonopoly"
LANGS = ("nl", "nb", "da")
runner = CliRunner()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from printkit.options import Request
    from printkit.pipeline import build

    out = tmp_path_factory.mktemp("antimonopoly")
    build(Request("antimonopoly", ("all",)), out)
    return out / "antimonopoly"


def rows(name: str) -> list[dict[str, str]]:
    with (GAME / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def texts(lang: str) -> dict:
    return tomllib.loads((GAME / "text" / f"{lang}.toml").read_text("utf-8"))


def euro(n: int | str) -> str:
    return format_money(int(n), "EUR", "nl_NL").replace("\u00a0", " ")


@pytest.mark.parametrize("lang", LANGS)
def test_every_component_in_every_language(built: Path, lang: str) -> None:
    for name in ("board", "board-a4", "deeds", "commands", "ledger", "rules",
                 "rules-booklet"):
        assert len(PdfReader(built / lang / f"{name}.pdf").pages) >= 1, name
    assert not list((built / lang).glob("chance*.pdf"))  # commands instead of decks


def test_every_deed_shows_both_roles_rents_from_the_data(built: Path) -> None:
    # words too long for their column break at a hyphenation point: read them whole
    # and a band on two lines without the dot between its parts ("EIGENDOMSBEWIJS ·
    # MAASTRICHT" breaks as "EIGENDOMSBEWIJS / MAASTRICHT"): read it with its dot
    fronts = re.sub(r"(\w)- (\w)", r"\1\2",
                    " ".join(page_texts(built / "nl" / "deeds.pdf")[0::2]))
    fronts = re.sub(r"EIGENDOMSBEWIJS (?!·)", "EIGENDOMSBEWIJS · ", fronts)
    rents = {(r["street"], r["role"]): r for r in rows("rents.csv")}
    cities = {c["id"]: c for c in rows("cities.csv")}
    names = texts("nl")
    for s in rows("streets.csv"):
        c, m = rents[(s["id"], "competitor")], rents[(s["id"], "monopolist")]
        city = names["groups"][s["city"]]["name"].upper()
        expected = (
            f"EIGENDOMSBEWIJS · {city} {names['streets'][s['id']]['name']} "
            f"Monopolie: 2 straten van deze stad in één hand. Een hotel vervangt de huizen "
            f"op die straat. Concurrent Monopolist Huur {euro(c['rent'])} {euro(m['rent'])} "
            f"Monopolie in de stad – {euro(2 * int(m['rent']))} "
            f"Met 1 huis {euro(c['rent_1'])} {euro(m['rent_1'])} "
            f"Met 2 huizen {euro(c['rent_2'])} {euro(m['rent_2'])} "
            f"Met 3 huizen {euro(c['rent_3'])} {euro(m['rent_3'])} "
            f"Met 4 huizen {euro(c['rent_4'])} – "
            f"Met hotel {euro(c['rent_hotel'])} {euro(m['rent_hotel'])} "
            f"Prijs van een huis {euro(cities[s['city']]['house'])} "
            f"Prijs van een hotel {euro(cities[s['city']]['house'])} "
            f"Hypotheekwaarde {euro(s['mortgage'])}")
        assert expected in fronts, s["id"]
    assert ("SPOORLIJN Oostlijn Eigendomsbewijs Eigenaar heeft Concurrent Monopolist "
            "1 € 20 € 25 2 € 40 € 50 3 € 60 € 100 4 € 80 € 200") in fronts
    assert "1 4 × de ogen 4 × de ogen 2 6 × de ogen 10 × de ogen" in fronts


def test_the_command_card_holds_eleven_commands_per_role(built: Path) -> None:
    front = page_texts(built / "nl" / "commands.pdf")[0]
    table = next(b for b in kit_for("nl", "antimonopoly").product("commands").content
                 .fronts[0].blocks if isinstance(b, Table))
    assert table.rows[0] == ("Ogen", "Concurrent", "Monopolist")
    assert [r[0] for r in table.rows[1:]] == [str(n) for n in range(2, 13)]
    own = texts("nl")["commands"]
    for n, competitor, monopolist in table.rows[1:]:
        assert competitor.startswith(own["competitor"][n]), n
        assert monopolist.startswith(own["monopolist"][n]), n
        assert f"{n} {competitor} {monopolist}".replace("\u00a0", " ") in front
    assert "Ontvang € 25 van iedere monopolist." in front  # collect_from, from the data
    assert "Betaal iedere concurrent € 25." in front
    assert "Ga direct naar de prijzenoorlog. Ga niet langs Start" in front  # role's jail
    assert "Ga direct naar de gevangenis. Ga niet langs Start" in front
    assert "Ga naar de Stokstraat. Kom je langs Start, dan ontvang je € 100." in front
    back = page_texts(built / "nl" / "commands.pdf")[1]
    assert "Pion groen blauw Huizen per straat 4 huizen, dan een hotel 3 huizen, dan" in back
    assert "€ 200 of 20% van je geld + 10% van de grondprijs" in back


def test_board_ledger_and_booklet(built: Path) -> None:
    board = pdf_text(built / "nl" / "board.pdf")
    assert board.count("Concurrent of monopolist") == 6
    # "Gevangenis · Prijzenoorlog" on two lines: the break drops the dot
    for corner in ("Gevangenis Prijzenoorlog", "Sightseeingtour", "Stadspark", "START"):
        assert corner in board
    assert "Betaal € 200 of een deel van je bezit" in board
    assert "Boete om uit de gevangenis of de prijzenoorlog te komen: € 50." in pdf_text(
        built / "nl" / "ledger.pdf")
    rules = pdf_text(built / "nl" / "rules.pdf")
    assert "Zijl € 60 € 4 € 20 € 60 € 150 € 210 € 260" in rules   # rents_competitor
    assert "Zijl € 60 € 7 € 14 € 40 € 110 € 280 € 400" in rules   # rents_monopolist
    assert "Iedere speler krijgt € 1.500 van de bank" in rules
    assert "Een concurrent bouwt tot vier huizen per straat." in rules
    danish = pdf_text(built / "da" / "rules.pdf")
    assert "En monopolist bygger op til tre huse pr. gade." in danish


@pytest.mark.parametrize("lang, words", [("nb", ("Huur", "Concurrent", "Opdrachten")),
                                         ("da", ("Huur", "Monopolie", "Ogen"))])
def test_no_dutch_left_in_nb_and_da(built: Path, lang: str, words: tuple[str, ...]) -> None:
    for name in ("deeds", "commands", "ledger"):
        text = pdf_text(built / lang / f"{name}.pdf")
        assert not [w for w in words if w in text], name


# bad data -------------------------------------------------------------------------------

@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "data" / "antimonopoly"
    shutil.copytree(builtin("data") / "antimonopoly", target)
    monkeypatch.chdir(tmp_path)
    return target


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    return text[:text.index(old)].count("\n") + 1


def line_of(path: Path, text: str) -> int:
    lines = path.read_text("utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(text))


# file edited, old, new, (file reported, its line: the text that starts the line), message
CASES = [
    ("streets.csv", "diepswal,dokkum,", "diepswal,zutphen,", ("cities.csv", "dokkum,"),
     "id: city 'dokkum' has 1 street; a city has 2 or 3 streets"),
    ("streets.csv", "diepswal,dokkum,", "diepswal,zutphen,", ("cities.csv", "zutphen,"),
     "id: city 'zutphen' has 4 streets; a city has 2 or 3 streets"),
    ("rents.csv", "zijl,monopolist,7,40,110,280,,400\n", "", ("streets.csv", "zijl,"),
     "id: street 'zijl' has no rents for the monopolist; add a row 'zijl,monopolist,…'"),
    ("rents.csv", "zijl,monopolist,7,40,110,280,,400", "zijl,monopolist,7,40,110,280,300,400",
     ("rents.csv", "zijl,monopolist"), "rent_4: a monopolist builds at most 3 houses"),
    ("rents.csv", "zijl,competitor,4,20,60,150,210,260", "zijl,competitor,4,20,60,150,,260",
     ("rents.csv", "zijl,competitor"), "rent_4: missing rent of the competitor"),
    ("rents.csv", "zijl,competitor,4,20,60,150,210,260", "zijl,competitor,4,20,10,150,210,260",
     ("rents.csv", "zijl,competitor"), "rent_2: the rent falls along the ladder"),
    ("commands.toml", 'role = "monopolist"\nsum = 12', 'role = "monopolist"\nsum = 11',
     ("commands.toml", '[[command]]'), "sum: the monopolist has no command for 12; the "
     "table needs one for every dice sum 2–12"),
    ("commands.toml", 'party = "monopolist"', 'party = "banker"',
     ("commands.toml", 'party = "banker"'), "command.2.party: 'banker' is not known"),
    ("commands.toml", 'target = "stokstraat"', 'target = "stokstrat"',
     ("commands.toml", 'target = "stokstrat"'), "command.22.target: unknown square "
     "'stokstrat'"),
    ("game.toml", "monopolist = [25, 50, 100, 200]\n", "", ("game.toml", "[stations.rent]"),
     "stations.rent: no values for the monopolist"),
    ("board.csv", "\n2,command,commands", "\n2,command,orders", ("board.csv", "2,command"),
     "ref: unknown command table 'orders'"),
    ("cities.csv", "dokkum,#8B5A2B,50", "dokkum,#8B5A2B,0", ("cities.csv", "dokkum,"),
     "house: the price of a house must be more than 0"),
    ("game.toml", "[roles.monopolist]", "[roles.monopolists]", ("game.toml", "[roles.comp"),
     "roles.monopolist: the role 'monopolist' is missing; add a table [roles.monopolist]"),
]


@pytest.mark.parametrize("name, old, new, place, message", CASES,
                         ids=[c[4].split(";")[0][:40] for c in CASES])
def test_bad_data_is_reported_at_its_place(copy: Path, name: str, old: str, new: str,
                                           place: tuple[str, str], message: str) -> None:
    edit(copy / name, old, new)
    result = runner.invoke(app, ["check", "antimonopoly"])
    out = " ".join(result.output.split())
    assert result.exit_code == 2, out
    file, start = place
    where = f"data/antimonopoly/{file}"
    if start != "[[command]]":
        where += f":{line_of(copy / file, start)}"
    assert any(r.startswith(where + ":") and message in r for r in out.split("error: ")), out


def test_a_duplicate_command_names_the_first(copy: Path) -> None:
    line = edit(copy / "commands.toml", 'role = "monopolist"\nsum = 12',
                'role = "monopolist"\nsum = 11')
    out = " ".join(runner.invoke(app, ["check", "antimonopoly"]).output.split())
    text = (copy / "commands.toml").read_text("utf-8")
    first = text[:text.index('role = "monopolist"\nsum = 11')].count("\n")  # its [[command]]
    assert (f"data/antimonopoly/commands.toml:{line - 1}: sum: a second command of the "
            f"monopolist for 11 (first at line {first})") in out


def test_new_from_antimonopoly_explains_every_field_and_builds(copy: Path) -> None:
    result = runner.invoke(app, ["new", "markt", "--from", "antimonopoly"])
    assert result.exit_code == 0, result.output
    folder = copy.parent / "markt"
    rents = (folder / "rents.csv").read_text("utf-8")
    assert "# rent_4: rent with 4 houses; empty when the role builds fewer" in rents
    game = (folder / "game.toml").read_text("utf-8")
    assert "# a competitor's rents\ncompetitor = [20, 40, 60, 80]" in game
    assert runner.invoke(app, ["check", "markt"]).exit_code == 0
    result = runner.invoke(app, ["build", "markt", "-l", "nb", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert "Konkurrent Monopolist" in pdf_text(Path("out/markt/nb/commands.pdf"))
