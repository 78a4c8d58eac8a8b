"""`printkit check` on a classic game: every semantic problem is reported with its file and
line, and the exit code is 2. Each case edits a copy of klassiek in one place."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.resources import builtin

runner = CliRunner()


@pytest.fixture
def klassiek_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of klassiek in tmp_path/data/, with tmp_path as working directory."""
    target = tmp_path / "data" / "klassiek"
    shutil.copytree(builtin("data") / "klassiek", target)
    monkeypatch.chdir(tmp_path)
    return target


def edit(path: Path, old: str, new: str) -> int:
    """Replace old by new once; returns the line number of the edit."""
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    return text[:text.index(old)].count("\n") + 1


def check(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["check", "klassiek", *args])
    return result.exit_code, " ".join(result.output.split())


def test_the_built_in_games_pass_the_check(klassiek_copy: Path) -> None:
    for game in ("klassiek", "koebstad"):
        result = runner.invoke(app, ["check", game])
        assert result.exit_code == 0, result.output
        assert "0 missing" in result.output


def test_a_falling_rent_ladder_is_reported_with_file_and_line(klassiek_copy: Path) -> None:
    line = edit(klassiek_copy / "streets.csv", "kerkpad,brown,70,5,20,60,170,300,430,35",
                "kerkpad,brown,70,5,20,60,170,150,430,35")
    code, out = check()
    assert code == 2
    assert (f"data/klassiek/streets.csv:{line}: rent_4: the rent falls along the ladder: "
            "rent_4 150 is less than rent_3 170") in out


# file edited, old text, new text, file reported (None: the edited one), line reported
# (0: the edit's first line, 1: the line after it, None: any), expected message
CASES = [
    ("streets.csv", "molenweg,brown,60,", "molenweg,brown,0,", None, 0,
     "price: the price must be more than 0"),
    ("streets.csv", "molenweg,brown,60,3,12,36,100,170,260,30",
     "molenweg,brown,60,3,12,36,100,170,260,90", None, 0,
     "mortgage: the mortgage value 90 is more than the price 60"),
    ("streets.csv", "kasteelplein,dark_blue", "kasteelplein,violet", None, 0,
     "group: unknown colour group 'violet'"),
    ("streets.csv", "kasteelplein,dark_blue,400,50,200,600,1400,1700,2000,200",
     "kasteelplein,dark_blue,400,50,200,600,1400,1700,2000,200\n"
     "kasteelplein,dark_blue,400,50,200,600,1400,1700,2000,200", None, 1,
     "id: duplicate street 'kasteelplein'"),
    ("groups.csv", "brown,#8B5A2B,50,50", "brown,#8B5A2B,0,50", None, 0,
     "house: the price of a house must be more than 0"),
    ("board.csv", "3,street,kerkpad", "3,card,chance", "groups.csv", None,
     "id: colour group 'brown' is incomplete on the board: kerkpad missing from board.csv"),
    ("board.csv", "39,street,kasteelplein", "39,street,slotlaan", "streets.csv", None,
     "id: street 'slotlaan' stands on the board more than once"),
    ("board.csv", "12,utility,energy", "12,utility,gasworks", None, 0,
     "ref: unknown utility 'gasworks'"),
    ("board.csv", "10,corner,jail\n11,street,marktstraat",
     "10,street,marktstraat\n11,corner,jail", None, 0,
     "kind: position 10 is a corner; put a corner here"),
    ("board.csv", "0,corner,start", "0,corner,parking", None, None,
     "ref: the board needs the corner 'start' exactly once"),
    ("board.csv", "7,card,chance", "7,card,lottery", None, 0, "ref: unknown deck 'lottery'"),
    ("game.toml", "squares = 40 ", "squares = 36 ", "board.csv", None,
     "the board has 40 squares but game.toml [board] squares is 36"),
    ("game.toml", 'currency = "EUR"', 'currency = "EUX"', None, 0,
     "money.currency: 'EUX' is not a currency code"),
    ("game.toml", "rent = [25, 50, 100, 200]", "rent = [25, 50, 100]", None, 0,
     "stations.rent: 3 values for 4 station squares"),
    ("game.toml", "rent = [25, 50, 100, 200]", "rent = [25, 50, 40, 200]", None, 0,
     "stations.rent: value 3 (40) is less than value 2 (50)"),
    ("game.toml", "factor = [4, 10]", "factor = [4, 0]", None, 0,
     "utilities.factor: value 2 must be more than 0"),
    ("game.toml", 'decks = ["chance", "community"]',
     'decks = ["chance", "community", "chance"]', None, 0,
     "cards.decks: 3 decks; a classic game has one or two card decks"),
    ("game.toml", "start_capital = 1500", "start_capital = 0", None, 0,
     "money.start_capital: 0 is out of range"),
    ("decks/chance.toml", 'target = "kasteelplein"', 'target = "kasteelpln"', None, 0,
     "card.2.target: unknown square 'kasteelpln'"),
    ("decks/chance.toml", "steps = -3", "steps = 0", None, 0,
     "card.7.steps: move at least 1 and fewer than 40 squares"),
    ("decks/chance.toml", 'action = "pay"\namount = 15', 'action = "pay"', None, None,
     "card.11.amount: a 'pay' card needs amount"),
    ("decks/chance.toml", 'action = "pay"\namount = 15',
     'action = "pay"\namount = 15\ntarget = "molenweg"', None, 2,
     "card.11.target: a 'pay' card does not use target"),
    ("decks/chance.toml", 'action = "collect"\namount = 150',
     'action = "borrow"\namount = 150', None, 0,
     "card.13.action: 'borrow' is not a card action"),
    ("decks/community.toml", 'id = "dentist"', 'id = "bank_error"', None, -1,
     "id: duplicate card of deck 'community' 'bank_error'"),
    ("decks/chance.toml", 'kind = "utility"', 'kind = "ferry"', None, 0,
     "card.12.kind: 'ferry' is not known; use one of station, utility"),
    ("decks/chance.toml", 'action = "nearest"\nkind = "utility"', 'action = "nearest"', None,
     None, "card.12.kind: a 'nearest' card needs kind"),
    ("decks/chance.toml", 'action = "pay"\namount = 15',
     'action = "pay"\namount = 15\nfactor = 2', None, 2,
     "card.11.factor: a 'pay' card does not use factor"),
]


@pytest.mark.parametrize("name, old, new, reported, delta, message", CASES,
                         ids=[f"{c[0]}-{c[5].split(':')[0]}-{i}" for i, c in enumerate(CASES)])
def test_every_bad_case_is_reported_at_its_place(klassiek_copy: Path, name: str, old: str,
                                                 new: str, reported: str | None,
                                                 delta: int | None, message: str) -> None:
    line = edit(klassiek_copy / name, old, new)
    code, out = check()
    assert code == 2, out
    place = f"data/klassiek/{reported or name}"
    if delta is not None:
        place += f":{line + delta}"
    reports = out.split("error: ")
    assert any(r.startswith(place + ":") and message in r for r in reports), out


def test_a_deck_without_a_square_is_reported(klassiek_copy: Path) -> None:
    board = klassiek_copy / "board.csv"
    board.write_text(board.read_text("utf-8").replace(",card,community", ",card,chance"),
                     "utf-8")
    code, out = check()
    assert code == 2
    assert ("data/klassiek/decks/community.toml: deck 'community' has no square on the board"
            in out)


def test_start_must_stand_at_position_zero(klassiek_copy: Path) -> None:
    edit(klassiek_copy / "board.csv", "0,corner,start", "0,corner,parking")
    edit(klassiek_copy / "board.csv", "20,corner,parking", "20,corner,start")
    code, out = check()
    assert code == 2
    assert "data/klassiek/board.csv:" in out
    assert "position: start stands at position 0" in out


def test_an_unused_street_is_reported(klassiek_copy: Path) -> None:
    streets = klassiek_copy / "streets.csv"
    streets.write_text(streets.read_text("utf-8") + "molensteeg,brown,60,3,12,36,100,170,260,\n",
                       "utf-8")
    line = streets.read_text("utf-8").count("\n")
    code, out = check()
    assert code == 2
    assert (f"data/klassiek/streets.csv:{line}: id: street 'molensteeg' is not on the board; "
            "add it to board.csv or remove it") in out


def test_a_print_table_in_game_toml_is_read_as_print_settings(klassiek_copy: Path) -> None:
    game = klassiek_copy / "game.toml"
    game.write_text(game.read_text("utf-8") + '\n[print.formats]\nsquare = ["70mm", "70mm"]\n'
                    'wrong = "70mm"\n', "utf-8")
    edit(game, 'deed = "poker"', 'deed = "square"')
    for command in (["check", "klassiek"], ["build", "klassiek", "--out", "out"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2
        assert "data/klassiek/game.toml:" in result.output
        assert "formats.wrong" in result.output


def test_build_refuses_players_outside_the_games_range(klassiek_copy: Path) -> None:
    result = runner.invoke(app, ["build", "klassiek", "--players", "9", "--out", "out"])
    assert result.exit_code == 2
    assert "--players 9: klassiek is for 2–8 players" in result.output
    assert not Path("out").exists()
