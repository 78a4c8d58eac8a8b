"""The command line keeps the conventions of Click and Typer: values complete in the shell
and show in help, every help screen has an example and speaks the terminal's language,
an option means the same on every command, and printkit.toml's [defaults] give the
options' values the command line leaves out."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from printkit import cli_values
from printkit.cli import app
from printkit.model.dice import STRATEGIES
from printkit.model.simulation import VARIANTS
from printkit.options import COLOURS, DUPLEX, TARGETS

COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]
LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}


def run(*args: str, lang: str = "C") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={**LOCALE, "LANG": lang},
                                prog_name="printkit")
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def completed(words: str, shell: str = "bash") -> list[str]:
    """What the shell is offered for the last word of `words` (as Click's completion
    environment variables ask for it)."""
    if shell == "bash":
        env = {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (words[-1] != " "))}
    else:
        env = {"_TYPER_COMPLETE_ARGS": words, "_TYPER_COMPLETE_FISH_ACTION": "get-args"}
    result = CliRunner().invoke(app, [], prog_name="printkit",
                                env={**env, "_PRINTKIT_COMPLETE": f"complete_{shell}"})
    assert result.exit_code == 0, result.output
    return result.output.split()


def test_paper_names_complete_in_bash() -> None:
    builtin = list(tomllib.loads(cli_values.PRINT_SETTINGS.read_text("utf-8"))["papers"])
    assert completed("printkit build --paper ") == builtin
    assert completed("printkit build --paper a") == [p for p in builtin if p.startswith("a")]
    assert completed("printkit build --paper board=a") == [f"board={p}" for p in builtin
                                                           if p.startswith("a")]


def test_papers_of_ones_own_print_settings_complete(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "printkit.toml").write_text('[papers]\nb5 = ["176mm", "250mm"]\n', "utf-8")
    monkeypatch.setattr("printkit.config.usual_configs", lambda: [tmp_path / "printkit.toml"])
    assert completed("printkit calibrate --paper b")[-1] == "b5"


@pytest.mark.parametrize("words, expected", [
    ("printkit build --target ", ["home", "shop"]),
    ("printkit check --colour c", ["cmyk"]),
    ("printkit preview --duplex ", ["long", "short", "none"]),
    ("printkit calibrate --duplex ", ["long", "short"]),
    ("printkit build --vendor ", ["eu", "us", "drivethru"]),
    ("printkit analyse --jail ", ["short", "long"]),
    ("printkit analyse --variant ", ["full", "short", "timed"]),
    ("printkit new x --tables ", ["csv", "xlsx"]),
    ("printkit --ui-lang ", ["en", "da", "nb", "nl"]),
    ("printkit build kortmonopol --lang ", ["nb", "nl", "da", "all"]),
    ("printkit build ko", ["koebstad", "kortmonopol"]),
    ("printkit new x --from kl", ["klassiek"]),
    ("printkit build klassiek --only ", ["board", "deeds", "chance", "community", "ledger",
                                         "rules"]),
    ("printkit build klassiek --only deeds,", ["deeds,board", "deeds,chance",
                                               "deeds,community", "deeds,ledger",
                                               "deeds,rules"]),
])
def test_choices_complete(words: str, expected: list[str]) -> None:
    assert completed(words) == expected


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_choices_complete_in_zsh_and_fish(shell: str) -> None:
    assert "shop" in "".join(completed("printkit build --target ", shell))


def test_the_fixed_choices_are_those_the_options_take() -> None:
    assert (cli_values.TARGETS, cli_values.DUPLEX, cli_values.COLOURS) == (TARGETS, DUPLEX,
                                                                          COLOURS)
    assert cli_values.JAIL == STRATEGIES
    assert cli_values.VARIANTS == VARIANTS
    builtin = tomllib.loads(cli_values.PRINT_SETTINGS.read_text("utf-8"))
    shown = {p.name: p.metavar for p in COMMANDS["build"].params}
    assert shown["paper"] == cli_values.metavar(builtin["papers"])
    assert shown["vendor"] == cli_values.metavar(builtin["vendors"])


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_help_screen_has_an_example(command: str) -> None:
    code, out = run(command, "--help")
    assert code == 0
    example = out.split("Example:\n", 1)[1].strip()
    assert example.startswith(f"printkit {command}")
    assert "<str>" not in out
    assert "<list[" not in out
    assert "{" not in out


def test_help_speaks_the_terminals_language() -> None:
    _, out = run("build", "--help", lang="da_DK.UTF-8")
    assert out.startswith("Brug: printkit build [TILVALG] [SPIL]")
    assert "Tilvalg:" in out
    assert "Eksempel:" in out
    assert "Lav alle de dele af SPIL, der kan udskrives" in out
    assert "Vis denne hjælp, og afslut." in out
    _code, out = run("--help", lang="nb_NO.UTF-8")
    assert "Kommandoer:" in out
    assert "Trykkeklare PDF-er" in out


def test_a_usage_error_is_said_in_the_terminals_language() -> None:
    code, out = run("build", "--colr", "rgb", lang="da_DK.UTF-8")
    assert code == 2
    assert out.splitlines()[:2] == ["Brug: printkit build [TILVALG] [SPIL]",
                                    "Prøv 'printkit build -h' for at få hjælp."]
    assert out.splitlines()[-1].startswith("fejl: ukendt tilvalg: --colr (mente du --color")
    code, out = run("biuld", lang="nl_NL")
    assert out.splitlines()[-1] == "fout: onbekende opdracht: biuld (bedoel je 'build'?)"
    code, out = run("new")
    assert (code, out.splitlines()[-1]) == (2, "error: NAME is missing")


@pytest.mark.parametrize("command", ["new", "list", "calibrate", "preflight", "check",
                                     "build", "translated", "analyse"])
def test_every_command_is_quiet_or_verbose_alike(command: str) -> None:
    options = {o for p in COMMANDS[command].params for o in p.opts}
    assert {"-q", "--quiet", "-v", "--verbose"} <= options


@pytest.mark.parametrize("command", ["build", "preview", "calibrate", "analyse"])
def test_out_is_o_and_colour_is_colour_or_color(command: str) -> None:
    options = {o for p in COMMANDS[command].params for o in p.opts}
    assert {"-o", "--out"} <= options
    if command != "analyse":
        assert {"--colour", "--color"} <= options


def test_calibrate_offers_what_it_takes_in_the_terminals_language(tmp_path: Path) -> None:
    code, out = run("calibrate", "--help")
    assert "--duplex <long|short>" in out
    assert "calibration sheet" in out
    assert "cards, tiles" not in out
    assert "printkit calibrate`" not in out
    code, out = run("calibrate", "--out", str(tmp_path), "-q", lang="da_DK.UTF-8")
    assert (code, out) == (0, "")
    from conftest import pdf_text

    assert "Kalibrering" in pdf_text(next(tmp_path.glob("calibration-*.pdf")))


def test_list_q_names_the_games_only() -> None:
    code, out = run("list", "-q")
    assert code == 0
    assert "klassiek" in out.split()
    assert all(" " not in line for line in out.splitlines())


# printkit.toml [defaults] ------------------------------------------------------------------

def test_defaults_give_what_the_command_line_leaves_out(cli, tmp_path: Path) -> None:
    (tmp_path / "printkit.toml").write_text(
        '[defaults]\nui_lang = "nb"\nout = "prints"\npaper = "letter"\nlang = ["da", "nl"]\n',
        "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("printkit.config.usual_configs", lambda: [tmp_path / "printkit.toml"])
        run_ = cli("build", "koebstad", "--only", "deeds")
        assert run_.code == 0, run_.err
        assert (tmp_path / "prints" / "koebstad" / "da" / "deeds.pdf").is_file()
        assert (tmp_path / "prints" / "koebstad" / "nl" / "deeds.pdf").is_file()
        assert "letter, skala 100 %" in run_.out
        assert run_.out.endswith("2 filer skrevet.\n")
        run_ = cli("--ui-lang", "en", "build", "koebstad", "--only", "deeds", "-l", "da", "-o",
                   "given", "--paper", "a4")  # the command line wins
        assert run_.out.splitlines()[-2:] == [
            "    A4, scale 100 %, double-sided, flip on the long edge; cut along the crop "
            "marks", "1 file written."]
        help_ = cli("build", "--help").out
        assert "[standard: prints]" in help_


def test_defaults_of_a_config_file_given(cli, tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('[defaults]\nui_lang = "da"\nout = "mine"\n', "utf-8")
    run_ = cli("build", "koebstad", "--only", "deeds", "--config", "mine.toml")
    assert run_.code == 0, run_.err
    assert run_.out.endswith("1 fil skrevet.\n")
    assert (tmp_path / "mine" / "koebstad" / "da" / "deeds.pdf").is_file()


def test_a_wrong_default_is_a_located_problem(cli, tmp_path: Path) -> None:
    (tmp_path / "printkit.toml").write_text(
        '[defaults]\nui_lang = "xx"\nouts = "prints"\ncolour = "sepia"\nlang = 3\n', "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("printkit.config.usual_configs", lambda: [tmp_path / "printkit.toml"])
        run_ = cli("build", "koebstad")
    assert run_.code == 2
    assert run_.errors == [
        "error: printkit.toml:2: defaults.ui_lang: 'xx' is not a language printkit speaks; "
        "choose en (English), da (Dansk), nb (Norsk bokmål), nl (Nederlands)",
        "error: printkit.toml:3: defaults.outs: unknown default; did you mean out? known ones "
        "are ui_lang, lang, data, out, paper, duplex, printer, target, vendor, colour",
        "error: printkit.toml:4: defaults.colour: 'sepia' is not one of rgb, cmyk",
        'error: printkit.toml:5: defaults.lang: write a language or a list of them, e.g. "nl" '
        'or ["nl", "da"]',
        "4 problems; nothing was written."]
    assert not (tmp_path / "output").exists()


def test_defaults_ui_lang_speaks_on_the_main_help_screen(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "printkit.toml").write_text('[defaults]\nui_lang = "nl"\n', "utf-8")
    monkeypatch.setattr("printkit.config.usual_configs", lambda: [tmp_path / "printkit.toml"])
    _code, out = run("--help")
    assert out.startswith("Gebruik: printkit [OPTIES] OPDRACHT [ARGUMENTEN]...")
