"""`printkit new`: a copy of a game whose data files explain every field, that builds at once,
and that never overwrites a folder or lands outside the data folder."""

from __future__ import annotations

import csv
import re
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.commands.scaffold import has_comment
from printkit.load.tables import key_lines

runner = CliRunner()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_new_then_build_works_at_once(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "mijnspel", "--from", "klassiek"])
    assert result.exit_code == 0, result.output
    assert (workdir / "data" / "mijnspel" / "game.toml").is_file()
    result = runner.invoke(app, ["build", "mijnspel", "--lang", "all", "--out", "out"])
    assert result.exit_code == 0, result.output
    for lang in ("nl", "nb", "da"):
        for name in ("board", "deeds", "chance", "community", "ledger"):
            assert PdfReader(workdir / "out" / "mijnspel" / lang / f"{name}.pdf").pages


def test_new_in_another_data_folder(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "ons", "--from", "koebstad", "--data", "games"])
    assert result.exit_code == 0, result.output
    assert "printkit build ons --data games" in " ".join(result.output.split())
    result = runner.invoke(app, ["build", "ons", "--data", "games", "--lang", "da",
                                 "--out", "out"])
    assert result.exit_code == 0, result.output
    assert (workdir / "out" / "ons" / "da" / "deeds.pdf").is_file()


def csv_columns(path: Path) -> list[str]:
    lines = [ln for ln in path.read_text("utf-8").splitlines() if not ln.startswith("#")]
    return next(csv.reader(lines))


@pytest.mark.parametrize("source", ["klassiek", "spankopoly", "antimonopoly", "kortmonopol"])
def test_every_field_is_explained(workdir: Path, source: str) -> None:
    assert runner.invoke(app, ["new", "mine", "--from", source]).exit_code == 0
    folder = workdir / "data" / "mine"
    for path in folder.glob("*.csv"):
        text = path.read_text("utf-8")
        for column in csv_columns(path):
            assert f"# {column}: " in text, f"{path.name}: {column}"
    tomls = [folder / "game.toml", *folder.glob("decks/*.toml"), *folder.glob("chance.toml"),
             *folder.glob("commands.toml")]
    for path in tomls:
        text = path.read_text("utf-8")
        lines = text.splitlines()
        tomllib.loads(text)  # still valid TOML
        explained: set[str] = set()
        for keys, number in sorted(key_lines(text).items(), key=lambda kv: kv[1]):
            name = ".".join(str(k) for k in keys if not isinstance(k, int))
            if any(isinstance(k, int) and k > 0 for k in keys) and name in explained:
                continue  # later entries of an array of tables: the first one explains
            explained.add(name)
            above = lines[number - 2].lstrip() if number > 1 else ""
            assert has_comment(lines[number - 1]) or above.startswith("#"), \
                f"{path.name}:{number}: {name}"


def test_new_refuses_an_existing_folder(workdir: Path) -> None:
    assert runner.invoke(app, ["new", "mijnspel"]).exit_code == 0
    marker = workdir / "data" / "mijnspel" / "streets.csv"
    before = marker.read_text("utf-8")
    result = runner.invoke(app, ["new", "mijnspel", "--from", "koebstad"])
    assert result.exit_code == 2
    assert "already exists" in result.output
    assert marker.read_text("utf-8") == before


def test_new_into_a_folder_it_cannot_write_is_a_clear_error(
        workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only data folder was a PermissionError traceback. (The tests may run as
    root, whom no folder refuses: the system's refusal is made here.)"""
    def refused(*_: object, **__: object) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("printkit.commands.scaffold.tempfile.mkdtemp", refused)
    result = runner.invoke(app, ["new", "mijnspel"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[0] == (
        "error: data: cannot write the new game there (Permission denied); choose a folder "
        "you can write with --data")
    assert not (workdir / "data" / "mijnspel").exists()


def test_new_refuses_a_link_to_elsewhere(workdir: Path) -> None:
    (workdir / "data").mkdir()
    (workdir / "elsewhere").mkdir()
    (workdir / "data" / "escape").symlink_to(workdir / "elsewhere")
    result = runner.invoke(app, ["new", "escape"])
    assert result.exit_code == 2
    assert not any((workdir / "elsewhere").iterdir())


@pytest.mark.parametrize("name", ["../outside", "a/b", "Mijn Spel", ".hidden", "", "x" * 300])
def test_new_refuses_names_that_are_not_folder_names(workdir: Path, name: str) -> None:
    result = runner.invoke(app, ["new", name])
    assert result.exit_code == 2
    assert "is not a game name" in result.output
    assert not (workdir / "outside").exists()
    assert not (workdir / "data").exists() or not any((workdir / "data").iterdir())


def test_new_from_an_unknown_game_says_which_games_exist(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "mine", "--from", "nosuchgame"])
    assert result.exit_code == 2
    assert "no game 'nosuchgame'" in result.output
    assert "klassiek" in result.output


def test_new_with_a_language_makes_a_game_in_that_language(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "x", "--from", "koebstad", "--lang", "da"])
    assert result.exit_code == 0, result.output
    assert "build writes da, the game's source language" in result.output
    assert sorted(p.name for p in (workdir / "data" / "x" / "text").iterdir()) == ["da.toml"]
    result = runner.invoke(app, ["build", "x", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (workdir / "out" / "x").iterdir()] == ["da"]
    result = runner.invoke(app, ["build", "x", "--lang", "nl", "--out", "out"])
    assert result.exit_code == 2
    assert "--lang nl: x is not offered in Nederlands; choose da (Dansk) or all" in result.output


def test_new_with_languages_keeps_those_the_first_the_source(workdir: Path) -> None:
    result = runner.invoke(app, ["new", "y", "--from", "klassiek", "--lang", "nb", "-l", "da"])
    assert result.exit_code == 0, result.output
    manifest = tomllib.loads((workdir / "data" / "y" / "game.toml").read_text("utf-8"))
    assert manifest["game"]["source_language"] == "nb"
    assert manifest["game"]["languages"] == ["nb", "da"]
    assert sorted(p.name for p in (workdir / "data" / "y" / "rules").iterdir()) == \
        ["da.md", "nb.md"]
    result = runner.invoke(app, ["build", "y", "--lang", "all", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (workdir / "out" / "y").iterdir()) == ["da", "nb"]


@pytest.mark.parametrize("source", ["klassiek", "koebstad", "spankopoly", "antimonopoly",
                                    "kortmonopol"])
def test_the_copys_readme_names_its_own_language_files(workdir: Path, source: str) -> None:
    """A copy in other languages than the original's: its README says which they are,
    and every text, rules or labels file of one language it names is in the copy."""
    result = runner.invoke(app, ["new", "z", "--from", source, "--lang", "da", "-l", "nb"])
    assert result.exit_code == 0, result.output
    folder = workdir / "data" / "z"
    readme = (folder / "README.md").read_text("utf-8")
    said = " ".join(readme.split())
    assert ("This copy was made with `printkit new z --from " + source + "`. Its source "
            "language is Dansk (`da`): its names and texts are in `text/da.toml`, its rules in "
            "`rules/da.md`. It also offers Norsk bokmål (`nb`).") in said
    assert readme.index("This copy was made") < readme.index("\n## ")
    named = set(re.findall(r"\b(?:text|rules|languages)/[a-z]{2}(?:\.toml|\.md|/[\w.]+)", readme))
    assert {"text/da.toml", "rules/da.md"} <= named
    assert all((folder / n).exists() or n.startswith("languages/") for n in named), named


def test_a_copy_of_a_copy_says_only_what_it_is(workdir: Path) -> None:
    for name, source, langs in (("a", "klassiek", ["nb", "nl"]), ("b", "a", ["nl"])):
        result = runner.invoke(app, ["new", name, "--from", source,
                                     *(f"--lang={lang}" for lang in langs)])
        assert result.exit_code == 0, result.output
    readme = (workdir / "data" / "b" / "README.md").read_text("utf-8")
    assert readme.count("This copy was made") == 1
    assert "made with `printkit new b --from a`. Its source language is Nederlands" in \
        " ".join(readme.split())
