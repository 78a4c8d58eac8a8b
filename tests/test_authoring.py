"""Making one's own game without traps: spreadsheet CSV, TOML quotes, option values in any
case, and problems caused by an option named as such."""

from __future__ import annotations

from pathlib import Path

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


def test_a_problem_caused_by_the_paper_names_the_option(cli) -> None:
    run = cli("check", "klassiek", "--paper", "a5")
    assert run.code == 2
    assert len(run.errors) == 2, run.errors
    assert run.errors[0].startswith("error: --paper a5: ledger.register")
    assert run.errors[0].endswith("do not fit with this value, though they fit without it; "
                                  "choose --paper a4 (or shorten these texts)")
    assert "text/nl.toml" not in run.err
    run = cli("check", "spankopoly", "--paper", "a2")
    assert run.errors[0] == ("error: --paper a2: the rule booklet is printed on a4, a3, "
                             "letter, a5; choose one of them")


def test_the_title_flows_into_every_product(tmp_path: Path) -> None:
    from conftest import pdf_text

    from printkit.pipeline import Options, build

    folder = copy_game("spankopoly", tmp_path / "data")
    for code in ("nl", "nb", "da"):
        text = folder / "text" / f"{code}.toml"
        text.write_text(text.read_text("utf-8").replace('title = "Spankopoly"',
                                                        'title = "Billenburg"'), "utf-8")
    built = build("spankopoly", ["nl", "da"], tmp_path / "data", tmp_path / "out", Options())
    for item in built:
        text = pdf_text(item.path)
        assert "Spankopoly" not in text, item.path
    rules = pdf_text(tmp_path / "out" / "spankopoly" / "da" / "rules.pdf")
    assert "Billenburg er en spankingudgave" in rules
