"""Languages are data: a fourth language needs files only; gaps are refused or marked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, pdf_text
from typer.testing import CliRunner

from printkit.cli import app

LILLA = ROOT / "tests" / "fixtures" / "games" / "lilla"
runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.fixture
def lilla(tmp_path: Path) -> Path:
    target = tmp_path / "data" / "lilla"
    shutil.copytree(LILLA, target)
    return target


def test_a_fourth_language_builds_from_files_only(lilla: Path, tmp_path: Path) -> None:
    code, out = run("build", str(lilla), "--lang", "svenska", "--out", str(tmp_path / "out"))
    assert code == 0, out
    kit = tmp_path / "out" / "lilla" / "sv"
    deeds = pdf_text(kit / "deeds.pdf")
    assert "Köket Lagfart Köp (hand) 6 smällar Komplett (träslev) 5 smällar" in deeds
    chance = pdf_text(kit / "chance.pdf")
    assert "Gå till Köket. Passerar du start, flytta rundräknaren." in chance
    assert "Du slipper 3 smällar med träsleven." in chance
    rules = pdf_text(kit / "rules.pdf")
    assert "Spelregler Innehåll Spelet" in rules
    assert "Den som landar på ”Start” väljer själv." in rules
    pad = pdf_text(kit / "scorepad.pdf")
    assert "Poängblad" in pad
    assert "Exempel: 1K10 = 1 × 1 × 10 = 10 poäng" in pad


def test_check_passes_for_the_complete_language(lilla: Path) -> None:
    code, out = run("check", str(lilla))
    assert code == 0, out
    assert "lilla (sv): 0 missing, 0 unused" in out


def add_partial_dutch(lilla: Path) -> None:
    game = lilla / "game.toml"
    game.write_text(game.read_text("utf-8").replace('languages = ["sv"]',
                                                    'languages = ["sv", "nl"]'), "utf-8")
    (lilla / "text" / "nl.toml").write_text('[game]\ntitle = "Het kleine spel"\n'
                                            'unknown = "x"\n', "utf-8")


def test_check_names_every_missing_and_unused_key(lilla: Path) -> None:
    add_partial_dutch(lilla)
    code, out = run("check", str(lilla), "--lang", "nl")
    assert code == 2
    assert "error: " in out
    assert "lilla/text/nl.toml:1: game.tagline: missing text" in out
    assert "lilla/text/nl.toml:3: game.unknown: unused text" in out
    assert "lilla/rules/nl.md: missing rules" in out


def test_build_refuses_missing_texts_unless_allowed(lilla: Path, tmp_path: Path) -> None:
    add_partial_dutch(lilla)
    out = tmp_path / "out"
    code, text = run("build", str(lilla), "--lang", "nl", "--out", str(out))
    assert code == 2
    assert "game.tagline: missing text" in text
    assert not out.exists()
    code, text = run("build", str(lilla), "--lang", "nl", "--out", str(out), "--allow-missing")
    assert code == 0, text
    deeds = pdf_text(out / "lilla" / "nl" / "deeds.pdf")
    assert "[sv: Hand]" in deeds
    assert "Eigendomsbewijs" in deeds
    assert "Köket" in deeds
    assert "[sv: Köket]" not in deeds
    assert "Het kleine spel" in pdf_text(out / "lilla" / "nl" / "board.pdf")


@pytest.mark.parametrize("lang, one, ten, one_cane, six_cane", [
    ("nl", "1 klap", "10 klappen", "1 slag", "6 slagen"),
    ("nb", "1 slag", "10 slag", "1 slag", "6 slag"),
    ("da", "1 slag", "10 slag", "1 slag", "6 slag"),
])
def test_counts_follow_cldr_plural_rules(lang: str, one: str, ten: str, one_cane: str,
                                         six_cane: str) -> None:
    from conftest import source_of

    from printkit.errors import Problems
    from printkit.systems.spankopoly.wording import SpankWording

    source = source_of("spankopoly")
    w = SpankWording(source.game, source.setup.languages[lang], Problems())
    nbsp = "\u00a0"
    assert w.count(1, "hand") == one.replace(" ", nbsp)
    assert w.count(10, "hand") == ten.replace(" ", nbsp)
    assert w.count(1, "cane") == one_cane.replace(" ", nbsp)
    assert w.count(6, "cane") == six_cane.replace(" ", nbsp)


def test_check_names_a_removed_norwegian_string(tmp_path: Path) -> None:
    game = tmp_path / "data" / "spankopoly"
    shutil.copytree(ROOT / "data" / "spankopoly", game)
    assert run("check", "--data", str(game.parent), "--lang", "no")[0] == 0
    text = game / "text" / "nb.toml"
    text.write_text(text.read_text("utf-8").replace('[implements.hand]\nname = "Hånd"\n',
                                                    "[implements.hand]\n"), "utf-8")
    code, out = run("check", "--data", str(game.parent), "--lang", "nb")
    assert code == 2
    assert "error: spankopoly/text/nb.toml" in out
    assert ('implements.hand.name: missing text; add name = "…" under [implements.hand] to '
            'text/nb.toml') in " ".join(out.split())


def test_a_name_given_once_is_every_languages_own_unless_overridden(tmp_path: Path) -> None:
    """A street without a name in nb uses the source language's name; one with its own is
    listed by check while no record of translations (translated.toml) covers it."""
    game = tmp_path / "data" / "spankopoly"
    shutil.copytree(ROOT / "data" / "spankopoly", game)
    code, out = run("check", "--data", str(game.parent), "--lang", "nb")
    assert code == 0, out
    assert "own name:" not in out, out  # the record covers every own name
    (game / "translated.toml").unlink()
    text = game / "text" / "nb.toml"
    text.write_text(text.read_text("utf-8").replace('[streets.kitchen]\nname = "Kjøkkenet"\n',
                                                    "[streets.kitchen]\n"), "utf-8")
    code, out = run("check", "--data", str(game.parent), "--lang", "nb")
    assert code == 0, out
    assert "own name: spankopoly/text/nb.toml" in out
    assert "streets.kitchen" not in out
    assert "streets.box_bed.name: 'Alkoven' in this language ('Bedstede' in text/nl.toml)" \
        in " ".join(out.split())


def test_check_says_when_a_languages_own_name_is_the_source_languages(tmp_path: Path) -> None:
    """A name copied into another language unchanged would not follow a rename (in a game
    without a record of its translations, which would name it stale after a rename)."""
    game = tmp_path / "data" / "spankopoly"
    shutil.copytree(ROOT / "data" / "spankopoly", game)
    (game / "translated.toml").unlink()
    text = game / "text" / "nb.toml"
    text.write_text(text.read_text("utf-8").replace('name = "Alkoven"', 'name = "Bedstede"'),
                    "utf-8")
    code, out = run("check", "--data", str(game.parent), "--lang", "nb")
    assert code == 0, out
    assert ("streets.box_bed.name: 'Bedstede', as in text/nl.toml; it stays when the name "
            "there changes (remove it here to follow a rename)") in " ".join(out.split())


def test_a_build_reads_only_the_text_files_of_its_languages(tmp_path: Path) -> None:
    """A broken Danish text does not stop a Dutch build; a build or check that includes
    Danish reports it, with its line."""
    from conftest import copy_game

    game = copy_game("spankopoly", tmp_path / "data")
    da = game / "text" / "da.toml"
    da.write_text(da.read_text("utf-8").replace('title = "', 'title = ', 1), "utf-8")
    out = str(tmp_path / "out")
    code, output = run("build", str(game), "--lang", "nl", "--out", out)
    assert code == 0, output
    assert (tmp_path / "out" / "spankopoly" / "nl" / "chance.pdf").is_file()
    for args in (("build", str(game), "--lang", "nl,dansk", "--out", out),
                 ("build", str(game), "--lang", "all", "--out", out),
                 ("check", str(game), "--lang", "all")):
        code, output = run(*args)
        assert code == 2, args
        assert "text/da.toml:" in output, args
        assert "malformed TOML" in output, args
    assert not (tmp_path / "out" / "spankopoly" / "da").exists()
