"""The command line as a user meets it: exit codes, messages, nothing written on error."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_build_lists_every_file_with_its_page_count(tmp_path: Path) -> None:
    code, out = run("build", "--out", str(tmp_path))
    assert code == 0, out
    assert "spankopoly/nl/board.pdf  (1 page)" in out
    assert "spankopoly/nl/deeds.pdf  (8 pages)" in out  # 28 cards, 8 to an A4 sheet
    for name in ("board-a4", "chance", "scorepad", "lines"):
        assert f"spankopoly/nl/{name}.pdf" in out


def break_data(game: Path) -> None:
    streets = game / "streets.csv"
    text = streets.read_text("utf-8").replace("kitchen,wooden_spoon,15,20",
                                              "kitchen,wooden_spoon,fifteen,20")
    text = text.replace("sauna,bath_brush,35,15", "sauna,bath_tub,35,15")
    streets.write_text(text, "utf-8")
    chance = game / "chance.toml"
    chance.write_text(chance.read_text("utf-8").replace('goto = "dining_room"',
                                                        'goto = "attic"'), "utf-8")


def test_broken_data_exits_2_naming_every_problem_and_writes_nothing(
        game_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run("build", "--data", str(game_copy.parent), "--out", str(out))[0] == 0
    before = {p: p.read_bytes() for p in out.rglob("*.pdf")}
    game_copy.joinpath("board.csv").write_text(
        game_copy.joinpath("board.csv").read_text("utf-8"), "utf-8")
    break_data(game_copy)
    (out / "spankopoly" / "nl" / "deeds.pdf").touch()
    code, text = run("build", "--data", str(game_copy.parent), "--out", str(out))
    assert code == 2
    assert "spankopoly/streets.csv:3: purchase: 'fifteen' is not a whole number" in text
    assert "spankopoly/streets.csv:13: group: unknown group 'bath_tub'" in text
    assert "spankopoly/chance.toml:" in text
    assert "goto: unknown square 'attic'" in text
    assert "nothing was written" in text
    assert {p: p.read_bytes() for p in out.rglob("*.pdf")} == before
    assert not [p for p in out.rglob("*") if p.name.startswith(".")]


def test_validation_problems_are_all_reported_with_lines(game_copy: Path) -> None:
    rows = game_copy / "streets.csv"
    rows.write_text(rows.read_text("utf-8") + "kitchen,wooden_spoon,15,20\n", "utf-8")
    code, text = run("check", "--data", str(game_copy.parent), "--lang", "nl")
    assert code == 2
    assert "streets.csv:24: id: duplicate street 'kitchen' (first at line 3)" in text


@pytest.mark.parametrize("alias", ["nl", "NL", "nl-NL", "nl_NL", "nederlands", "Dutch"])
def test_language_aliases(alias: str) -> None:
    code, out = run("check", "--lang", alias)
    assert code == 0, out
    assert "spankopoly (nl): 0 missing, 0 unused" in out


def test_nynorsk_gets_a_clear_error() -> None:
    code, out = run("build", "--lang", "nn")
    assert code == 2
    assert "Nynorsk is not supported; use nb" in out


def test_unknown_language_lists_the_choices() -> None:
    code, out = run("build", "--lang", "fr")
    assert code == 2
    assert "unknown language; choose da (Dansk), nb (Norsk bokmål), nl (Nederlands) or all" in out


def test_unknown_game_lists_the_games() -> None:
    code, out = run("build", "monopolyy")
    assert code == 2
    assert "no game 'monopolyy'; available games: " in out
    assert "spankopoly" in out


def test_list_shows_games_and_languages() -> None:
    code, out = run("list")
    assert code == 0
    assert "spankopoly" in out
    assert "nb (Norsk bokmål)" in out


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_game_name_too_long_for_a_folder_is_refused(command: str) -> None:
    """A 300-character name is no file name (the file system refuses it, with a traceback
    before names were limited)."""
    code, output = run(command, "x" * 300)
    assert code == 2
    assert "is not a game name; use lower-case letters, digits, - and _ (at most 64 " \
        "characters)" in output


@pytest.mark.parametrize("command", ["build", "calibrate"])
@pytest.mark.parametrize("offset", ["nan,0", "0,-nan", "inf,0", "1e308,0", "101,0"])
def test_a_back_offset_that_is_not_a_finite_small_number_is_refused(
        cli, tmp_path: Path, command: str, offset: str) -> None:
    """nan was taken (and wrote PDFs a viewer cannot show), inf and 1e308 were
    tracebacks."""
    run = cli(command, "--back-offset", offset, "--out", "out")
    assert run.errors == [f"error: --back-offset {offset}: each shift is a number from -100 "
                          "to 100 mm", "1 problem; nothing was written."]
    assert run.code == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option,value,limits", [
    ("--safe", "nan", "0 to 50"), ("--min-size", "nan", "0 to 72"),
    ("--min-ppi", "inf", "0 to 10000"), ("--safe", "-1", "0 to 50"),
    ("--min-size", "1e308", "0 to 72")])
def test_preflight_limits_must_be_finite_and_in_range(cli, tmp_path: Path, option: str,
                                                     value: str, limits: str) -> None:
    """nan switched a check off without a word."""
    pdf = tmp_path / "any.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    run = cli("preflight", option, value, str(pdf))
    shown = f"{float(value):g}"
    assert run.errors[0] == f"error: {option} {shown}: use a number from {limits}"
    assert run.code == 2


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_lang_that_names_no_language_is_refused(cli, tmp_path: Path, command: str) -> None:
    """`--lang ''` built nothing and exited 0."""
    run = cli(command, "spankopoly", "--lang", "", "--out", "out") if command == "build" \
        else cli(command, "spankopoly", "--lang", "")
    assert run.errors[0].startswith("error: --lang ''")
    assert "names no language; choose da (Dansk)" in run.errors[0]
    assert run.code == 2
    assert not (tmp_path / "out").exists()


def test_a_page_over_200_inches_is_refused(cli, tmp_path: Path) -> None:
    """A shop bleed of 3 m made pages PDF viewers refuse; now the build stops."""
    (tmp_path / "printkit.toml").write_text('[vendors.huge]\nbleed = "3000mm"\n'
                                            'sides = "alternate"\n', "utf-8")
    run = cli("build", "--target", "shop", "--vendor", "huge", "--config", "printkit.toml",
              "--out", "out")
    assert run.code == 2
    assert not (tmp_path / "out").exists()
    assert any("PDF pages are at most 200 inches (5080 mm)" in e for e in run.errors)


@pytest.mark.parametrize("epoch", ["1", "not a date", "99999999999999999999"])
def test_source_date_epoch_changes_no_byte(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           epoch: str) -> None:
    """The PDFs carry a fixed date; SOURCE_DATE_EPOCH (which reportlab reads, and fails on
    when it is not a number) is ignored."""
    from printkit.options import Request
    from printkit.pipeline import build

    build(Request("spankopoly", ("nl",), only=("lines",)), tmp_path / "plain")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    build(Request("spankopoly", ("nl",), only=("lines",)), tmp_path / "epoch")
    plain = (tmp_path / "plain" / "spankopoly" / "nl" / "lines.pdf").read_bytes()
    assert (tmp_path / "epoch" / "spankopoly" / "nl" / "lines.pdf").read_bytes() == plain


PRINT_OPTIONS = {"--players": None, "--paper": [], "--duplex": "", "--back-offset": None,
                 "--printer": "", "--config": None, "--target": "home", "--vendor": "eu",
                 "--board-size": "", "--colour": "", "--allow-missing": False,
                 "--allow-low-resolution": False}


@pytest.mark.parametrize("command", ["build", "preview", "serve", "check"])
def test_every_print_command_offers_the_print_options(command: str) -> None:
    import typer

    params = typer.main.get_command(app).commands[command].params  # type: ignore[attr-defined]
    options = {p.opts[0]: p for p in params}
    assert {name: options[name].default for name in PRINT_OPTIONS} == PRINT_OPTIONS
    assert all(options[name].help for name in PRINT_OPTIONS)
    assert "--quiet" in options
    assert "--verbose" in options
    assert list(options)[:4] == ["game", "--lang", "--only", "--data"]  # what to build first


@pytest.mark.parametrize("command, outcome", [("build", "nothing was written"),
                                              ("check", "build would stop here")])
def test_a_wrong_print_option_stops_the_command_before_it_reads_the_game(
        command: str, outcome: str, tmp_path: Path) -> None:
    code, out = run(command, "no-such-game", "--color", "sepia", "--duplex", "short")
    assert code == 2
    assert out.splitlines() == ["error: --colour sepia: choose rgb or cmyk",
                                f"1 problem; {outcome}."]
