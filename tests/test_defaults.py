"""What a command does without being told: the game of the folder it runs in, a copy
called by its own name, and a build that removes its own products' files it no longer
writes."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import copy_game

from printkit import journal


def test_no_game_named_means_the_game_of_this_folder(cli, tmp_path: Path,
                                                     monkeypatch) -> None:
    """Here: the only game under ./data, or the game folder one stands in; elsewhere the
    built-in default, and the first line says so and how to name another."""
    run = cli("check")
    assert run.errors[0] == (
        "note: spankopoly, the built-in default game (no game.toml here and no game in "
        "./data/); to name another: printkit build GAME (printkit list shows them)")
    assert "spankopoly (nl): 0 missing, 0 unused" in run.out.splitlines()
    copy_game("klassiek", tmp_path / "data")
    run = cli("build", "--only", "deeds", "--out", "out", "-q")
    assert (run.code, run.errors) == (0, [])
    assert (tmp_path / "out" / "klassiek" / "nl" / "deeds.pdf").is_file()
    monkeypatch.chdir(tmp_path / "data" / "klassiek")
    run = cli("build", "--only", "deeds", "--out", str(tmp_path / "inside"), "-q")
    assert (run.code, run.errors) == (0, [])
    assert (tmp_path / "inside" / "klassiek" / "nl" / "deeds.pdf").is_file()
    monkeypatch.chdir(tmp_path)
    copy_game("koebstad", tmp_path / "data")
    assert cli("check").errors[0].startswith(
        "note: spankopoly, the built-in default game (2 games in data/: klassiek, koebstad)")


def test_a_copy_is_called_by_its_own_name(cli, tmp_path: Path) -> None:
    assert cli("new", "ourtown", "--from", "klassiek").code == 0
    folder = tmp_path / "data" / "ourtown"
    for code in ("nl", "nb", "da"):
        assert 'title = "Ourtown"' in (folder / "text" / f"{code}.toml").read_text("utf-8")
    readme = (folder / "README.md").read_text("utf-8")
    assert "<game>" not in readme
    assert "printkit check ourtown" in readme
    assert "ourtown  Ourtown · classic" in cli("list").out


def test_a_build_removes_its_own_products_files_it_no_longer_writes(cli,
                                                                   tmp_path: Path) -> None:
    copy_game("klassiek", tmp_path / "data")
    assert cli("build", "klassiek", "--only", "board", "--out", "out", "-q").code == 0
    made = tmp_path / "out" / "klassiek" / "nl"
    (made / "notes.pdf").write_bytes(b"mine")  # not a file of a product: left alone
    run = cli("build", "klassiek", "--only", "board", "--paper", "board=a3", "--out", "out")
    assert run.code == 0
    assert sorted(p.name for p in made.iterdir()) == ["board-a3.pdf", "board.pdf",
                                                      "notes.pdf"]
    assert "out/klassiek/nl/board-a4.pdf  removed: an earlier build's file of a product " \
           "now on another paper" in run.out.splitlines()
    assert run.out.splitlines()[-1] == "2 files written."


def test_a_file_removed_by_a_build_killed_mid_way_comes_back(tmp_path: Path) -> None:
    """The journal lists a removed file as one replaced; the next build puts it back."""
    root = tmp_path / "out"
    target = root / "g" / "nl" / "board-a4.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"%PDF old")
    token = "0123456789ab"
    os.link(target, journal.old_name(target, token))
    journal.journal_path(root, token).write_bytes(journal.encode(token, [journal.Entry(
        "g/nl/board-a4.pdf", journal.digest(b""), True)]))
    target.unlink()  # killed right after removing it
    assert journal.recover(root) == 1
    assert target.read_bytes() == b"%PDF old"
    assert sorted(p.name for p in target.parent.iterdir()) == ["board-a4.pdf"]
