"""Making one's own game without traps: spreadsheet CSV, TOML quotes, option values in any
case, and problems caused by an option named as such."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import copy_game


def as_spreadsheet_csv(path: Path) -> None:
    """The file as nl/da/nb Excel or LibreOffice saves it: `;` between cells, a BOM,
    CRLF line ends and rows padded with empty cells."""
    lines = path.read_text("utf-8").rstrip("\n").split("\n")
    saved = [ln if ln.startswith("#") else ln.replace(",", ";") + ";;" for ln in lines]
    path.write_bytes(("\ufeff" + "\r\n".join(saved) + "\r\n").encode("utf-8"))


def test_a_semicolon_csv_from_a_spreadsheet_is_read(cli, tmp_path: Path) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    for name in ("streets.csv", "board.csv"):
        as_spreadsheet_csv(folder / name)
    streets = (folder / "streets.csv").read_text("utf-8-sig")
    assert "kerkpad;brown;" in streets
    run = cli("check", "klassiek")
    assert run.code == 0, run.err
    assert run.out.strip().endswith("klassiek (nl): 0 missing, 0 unused")


def test_a_quote_inside_a_toml_text_gets_a_hint(cli, tmp_path: Path) -> None:
    folder = copy_game("klassiek", tmp_path / "data")
    text = folder / "text" / "nl.toml"
    text.write_text(text.read_text("utf-8").replace('title = "Klassiek"',
                                                    'title = "Het "Klassieke" spel"'), "utf-8")
    run = cli("build", "klassiek", "--out", "out")
    assert run.code == 2
    assert run.errors[0].startswith("error: data/klassiek/text/nl.toml:")
    assert run.errors[0].endswith(': a " inside a text ends it; write it as \\" or put the '
                                  "whole text in single quotes: 'Go to \"Start\"'")


def test_option_values_are_read_in_any_case(cli) -> None:
    run = cli("check", "klassiek", "--paper", "A4", "--color", "CMYK", "--duplex", "Long",
              "--target", "HOME")
    assert run.code == 0, run.err


def test_a_problem_caused_by_the_paper_names_the_option(cli, tmp_path: Path) -> None:
    (tmp_path / "printkit.toml").write_text('[papers]\na6 = ["105mm", "148mm"]\n', "utf-8")
    run = cli("check", "spankopoly", "--paper", "a6", "--config", "printkit.toml")
    assert run.code == 2
    assert len([e for e in run.errors if e.startswith("error:")]) == 1, run.errors
    assert run.errors[0].startswith("error: --paper a6: scorepad: 'Datum:'")
    assert run.errors[0].endswith("do not fit with this value, though they fit without it; "
                                  "choose --paper a4 (or shorten these texts)")
    assert "text/nl.toml" not in run.err
    run = cli("check", "koebstad", "--lang", "nl", "--paper", "a5")  # booklet pages of A6:
    assert run.code == 0, run.err  # its rent table in two parts (it was refused)
    run = cli("check", "spankopoly", "--paper", "a2")  # every paper of the settings works
    assert run.code == 0, run.err


def test_the_title_flows_into_every_product(tmp_path: Path) -> None:
    from conftest import pdf_text

    from printkit.options import Request
    from printkit.pipeline import build

    folder = copy_game("spankopoly", tmp_path / "data")
    for code in ("nl", "nb", "da"):
        text = folder / "text" / f"{code}.toml"
        text.write_text(text.read_text("utf-8").replace('title = "Spankopoly"',
                                                        'title = "Billenburg"'), "utf-8")
    built = build(Request("spankopoly", ("nl", "da"), data=tmp_path / "data"), tmp_path / "out")
    for item in built:
        text = pdf_text(item.path)
        assert "Spankopoly" not in text, item.path
    rules = pdf_text(tmp_path / "out" / "spankopoly" / "da" / "rules.pdf")
    assert "Billenburg er en spankingudgave" in rules


FREE = {"nl": ("Dans op tafel!", "Dans een rondje op tafel voor je verder speelt."),
        "nb": ("Dans på bordet!", "Dans en runde på bordet før du spiller videre."),
        "da": ("Dans på bordet!", "Dans en runde på bordet, før du spiller videre.")}


def add_free_card(folder: Path, deck_file: str, section: str) -> None:
    """A card that is only a title and a text, kept until used, in every language."""
    deck = folder / deck_file
    deck.write_text(deck.read_text("utf-8") + '\n[[card]]\nid = "dance"\nkeep = true\n',
                    "utf-8")
    for code, (title, text) in FREE.items():
        path = folder / "text" / f"{code}.toml"
        path.write_text(path.read_text("utf-8") + f'\n[{section}.dance]\ntitle = "{title}"\n'
                        f'text = "{text}"\n', "utf-8")


@pytest.mark.parametrize("game, deck_file, section, products", [
    ("spankopoly", "chance.toml", "chance", ("chance", "rules")),
    ("klassiek", "decks/chance.toml", "cards.chance", ("chance",)),
])
def test_a_free_text_card_is_on_its_deck_and_in_the_booklet(tmp_path: Path, game: str,
                                                            deck_file: str, section: str,
                                                            products: tuple[str, ...]) -> None:
    from conftest import pdf_text

    from printkit.options import Request
    from printkit.pipeline import build

    folder = copy_game(game, tmp_path / "data")
    add_free_card(folder, deck_file, section)
    build(Request(game, ("all",), data=tmp_path / "data", only=tuple(products)), tmp_path / "out")
    keep = {"nl": "Bewaar deze kaart", "nb": "Behold dette kortet", "da": "Behold dette kort"}
    for code, (title, text) in FREE.items():
        cards = pdf_text(tmp_path / "out" / game / code / "chance.pdf")
        assert title in cards, code
        assert text in cards, code
        if "rules" in products:
            rules = pdf_text(tmp_path / "out" / game / code / "rules.pdf")
            assert title in rules, code
            assert text in rules, code
    assert keep["nl"] in pdf_text(tmp_path / "out" / game / "nl" / "chance.pdf")


@pytest.mark.parametrize("game, product", [
    ("koebstad", "ledger"), ("spankopoly", "scorepad"), ("kortmonopol", "ledger")])
def test_a_blank_master_to_copy_for_any_number_of_players(cli, game: str,
                                                          product: str) -> None:
    """One page to copy, even for more players than the game's range: the player's sheet
    without a number and without the starting row."""
    from conftest import page_texts

    run = cli("build", game, "--players", "9", "--out", "out")
    assert run.code == 2
    assert f"copy the blank master {product}-blank.pdf" in run.err
    run = cli("build", game, "--out", "out")
    assert run.code == 0, run.err
    folder = next((Path("out") / game).iterdir())
    blank = page_texts(folder / f"{product}-blank.pdf")
    filled = page_texts(folder / f"{product}.pdf")[0]
    assert len(blank) == 1
    heading = filled.split(" 1: ")[0]  # title, game, player label
    assert heading + ": " in blank[0]
    assert " 1: " not in blank[0]
    if product == "ledger":  # the filled sheet starts with the starting capital
        first_row = filled.split(blank[0].split(": ")[-1][-20:])[-1].strip()
        assert first_row
        assert first_row not in blank[0]


def test_a_game_catalog_changes_one_label_and_keeps_the_rest(cli, tmp_path: Path) -> None:
    from conftest import pdf_text

    folder = copy_game("koebstad", tmp_path / "data")
    (folder / "languages" / "nb").mkdir(parents=True)
    po = folder / "languages" / "nb" / "messages.po"
    po.write_text('msgid "Ledger"\nmsgstr "Pengebok"\n', "utf-8")
    run = cli("build", "koebstad", "--lang", "nb", "--out", "out")
    assert run.code == 0, run.err
    ledger = pdf_text(Path("out/koebstad/nb/ledger.pdf"))
    assert ledger.startswith("Pengebok")
    assert "Kassebok" not in ledger
    assert "Pris per hus" in pdf_text(Path("out/koebstad/nb/deeds.pdf"))  # built-in label
    po.write_text('msgid "Ledgr"\nmsgstr "Pengebok"\n', "utf-8")
    run = cli("check", "koebstad", "--lang", "nb")
    assert run.errors == ["error: data/koebstad/languages/nb/messages.po:1: Ledgr: the built-in"
                          " labels have no such msgid; did you mean 'Ledger'?",
                          "1 problem; build would stop here."]


def test_a_game_catalog_of_no_language_is_a_located_problem(cli, tmp_path: Path) -> None:
    folder = copy_game("koebstad", tmp_path / "data")
    (folder / "languages" / "sv").mkdir(parents=True)
    (folder / "languages" / "sv" / "messages.po").write_text('msgid "Ledger"\nmsgstr "K"\n',
                                                              "utf-8")
    run = cli("build", "koebstad", "--out", "out")
    assert run.code == 2
    assert run.errors[0].startswith("error: data/koebstad/languages/sv/messages.po: no language "
                                    "'sv' to change the labels of; add languages/sv/language.toml")


def test_list_shows_title_system_languages_and_whose(cli, tmp_path: Path) -> None:
    assert cli("new", "eigen", "--from", "koebstad", "--lang", "da").code == 0
    copy_game("spankopoly", tmp_path / "data")
    (tmp_path / "data" / "kapot").mkdir()
    (tmp_path / "data" / "kapot" / "game.toml").write_text("[game\n", "utf-8")
    lines = cli("list").out.splitlines()
    assert "eigen  Eigen · classic · da  (your own)" in lines
    assert "klassiek  Klassiek · classic · nl, nb, da  (built in)" in lines
    assert "spankopoly  Spankopoly · spankopoly · nl, nb, da  (your own, in place of the " \
        "built-in)" in lines
    assert "kapot  (your own): cannot be read: printkit check kapot says why" in lines


def test_a_card_or_square_that_does_not_fit_is_named_where_its_text_is(cli,
                                                                        tmp_path: Path) -> None:
    """Each card and square knows where its wording is written: a text too long is
    reported at its own line, the board's squares too."""
    folder = copy_game("klassiek", tmp_path / "data")
    text = folder / "text" / "nl.toml"
    words = " ".join(["Onderhoud"] * 400)
    lines = text.read_text("utf-8").replace(
        'text = "Je huizen hebben groot onderhoud nodig."', f'text = "{words}"').replace(
        'name = "Kerkpad"', f'name = "{" ".join(["Kerkpadstraatweg"] * 40)}"').split("\n")
    text.write_text("\n".join(lines), "utf-8")
    card_line = lines.index(f'text = "{words}"') + 1
    name_line = next(n for n, line in enumerate(lines, 1) if "Kerkpadstraatweg" in line)
    run = cli("check", "klassiek", "--only", "board,chance")
    assert run.code == 2
    assert (f"error: data/klassiek/text/nl.toml:{card_line - 1}: chance.maintenance (front): "
            "text does not fit") in run.err
    assert any(e.startswith(f"error: data/klassiek/text/nl.toml:{name_line - 1}: square ")
               for e in run.errors), run.errors
