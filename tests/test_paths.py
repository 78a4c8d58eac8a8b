"""Untrusted game folders: every file read stays inside the game folder, and output never
leaves --out (a deck named with a path is in the bad-input corpus, tests/bad/deck_name_path)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, copy_game, files_of
from games import GAMES, IDS, SOURCE

from printkit.errors import PrintkitError
from printkit.write import write_all


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("linked", ["text/{lang}.toml", "game.toml", "text"])
def test_a_game_file_linked_from_outside_is_never_read(cli, tmp_path: Path, game,
                                                       linked: str) -> None:
    folder = copy_game(game.name, tmp_path / "data")
    secret = tmp_path / "elsewhere"
    secret.mkdir()
    (secret / "nl.toml").write_text('[game]\ntitle = "SECRET-CONTENT"\n', "utf-8")
    (secret / "game.toml").write_text('[game]\nsystem = "SECRET-CONTENT"\n', "utf-8")
    target = folder / linked.format(lang="nl")
    if target.is_dir():
        os.rename(target, tmp_path / "moved")
        target.symlink_to(secret, target_is_directory=True)
    else:
        target.unlink()
        target.symlink_to(secret / target.name)
    run = cli("build", game.name, "--lang", "nl", "--out", "out")
    shown = f"data/{game.name}/{linked.format(lang='nl')}"
    assert run.code == 2
    assert run.errors == [f"error: {shown}: a link that leads out of the game folder; copy "
                          "the file into the folder instead", "1 problem; nothing was written."]
    assert "SECRET" not in run.err + run.out
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["streets.csv", "rules/nl.md", "languages/nl/messages.po"])
def test_a_pipe_a_folder_or_a_huge_file_is_refused_unread(cli, tmp_path: Path,
                                                          name: str) -> None:
    """Reading a pipe would wait for ever and a sparse 100 GB file fill the memory: both,
    and a folder where a file belongs, are located problems before anything is read."""
    folder = copy_game("spankopoly", tmp_path / "data")
    shutil.copytree(ROOT / "templates" / "languages" / "nl", folder / "languages" / "nl")
    shown = f"error: data/spankopoly/{name}: "
    path = folder / name
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    assert cli("build", "spankopoly", "--out", "out").errors[0] == shown + (
        "this is a pipe or device, not a file; put the file itself here")
    path.unlink()
    path.mkdir()
    assert cli("build", "spankopoly", "--out", "out").errors[0] == shown + (
        "this is a folder; put the file itself here")
    path.rmdir()
    with path.open("wb") as fh:
        fh.truncate(100 * 2**30)
    run = cli("build", "spankopoly", "--out", "out")
    assert run.errors == [shown + "the file holds 102400 MB; no game file needs more than 64 "
                          "MB", "1 problem; nothing was written."]
    assert run.code == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_named_through_dot_dot_writes_under_its_own_name(cli, tmp_path: Path,
                                                                game) -> None:
    copy_game(game.name, tmp_path / "data")
    (tmp_path / "data" / game.name / "sub").mkdir()
    run = cli("build", f"data/{game.name}/sub/..", "--out", "out")
    assert run.code == 0, run.err
    written = {p.relative_to(tmp_path / "out").parts[:2] for p in
               (tmp_path / "out").rglob("*.pdf")}
    assert written == {(game.name, SOURCE[game.name])}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "out"]


def test_write_refuses_every_path_outside_the_output_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    (out / "spankopoly").mkdir(parents=True)
    (out / "spankopoly" / "link").symlink_to(tmp_path, target_is_directory=True)
    files = [(out / "spankopoly" / "nl" / "board.pdf", b"fine"),
             (out / ".." / "nl" / "board.pdf", b"evil"),
             (out / "spankopoly" / "link" / "chance.pdf", b"evil")]
    with pytest.raises(PrintkitError) as err:
        write_all(files, out)
    assert [str(p) for p in err.value.problems] == [
        "out/../nl/board.pdf: refusing to write outside the output folder out",
        "out/spankopoly/link/chance.pdf: refusing to write outside the output folder out"]
    assert files_of(out) == {}  # nothing written, not even the file that was fine
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_folders_nested_a_thousand_deep_neither_break_a_build_nor_a_copy(cli, tmp_path: Path
                                                                         ) -> None:
    """The game folder is walked in a loop, not a recursion, and only a few levels deep:
    1100 nested folders (deeper than Python's recursion limit) were a traceback."""
    import os

    folder = copy_game("spankopoly", tmp_path / "data")
    deep = folder / "nested"
    os.makedirs(deep)
    fd = os.open(deep, os.O_RDONLY)
    try:
        for _ in range(1100):  # relative steps: the full path is longer than PATH_MAX
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
    finally:
        os.close(fd)
    try:
        assert cli("check", "spankopoly", "--lang", "nl").code == 0
        run = cli("new", "ours", "--from", "spankopoly")
        assert run.code == 0, run.err
        assert (tmp_path / "data" / "ours" / "game.toml").is_file()
        assert not (tmp_path / "data" / "ours" / "nested").exists()
    finally:  # shutil.rmtree recurses: take the folders apart one level at a time
        while (deep / "d" / "d").is_dir():
            os.rename(deep / "d" / "d", deep / "x")
            os.rmdir(deep / "d")
            os.rename(deep / "x", deep / "d")
        shutil.rmtree(deep)


@pytest.mark.parametrize("broken,message", [
    ("missing", "data/spankopoly/game.toml: missing; a game folder needs its game.toml "
                "(printkit new makes a complete copy of a game)"),
    ("folder", "data/spankopoly/game.toml: this is a folder; put the file itself here"),
    ("fifo", "data/spankopoly/game.toml: this is a pipe or device, not a file; put the file "
             "itself here"),
    ("dangling", "data/spankopoly/game.toml: cannot read the file (No such file or "
                 "directory)"),
    ("game_link", "data/spankopoly: not a game folder (a file or a broken link); a game is a "
                  "folder with game.toml"),
    ("unreadable", "data/spankopoly: cannot read the folder (Permission denied)"),
])
def test_a_broken_copy_of_a_game_is_named_not_replaced_by_the_built_in_one(
        cli, tmp_path: Path, broken: str, message: str) -> None:
    folder = copy_game("spankopoly", tmp_path / "data")
    toml = folder / "game.toml"
    toml.unlink()
    if broken == "folder":
        toml.mkdir()
    elif broken == "fifo":
        os.mkfifo(toml)
    elif broken == "dangling":
        toml.symlink_to("nowhere.toml")
    elif broken == "game_link":
        shutil.rmtree(folder)
        folder.symlink_to("nowhere")
    elif broken == "unreadable":
        if os.geteuid() == 0:
            pytest.skip("root reads every folder")
        folder.chmod(0)
    try:
        for command, ending in ((["build", "spankopoly", "--out", "out"], "nothing was written"),
                                (["check", "spankopoly"], "build would stop here")):
            run = cli(*command)
            assert run.errors == [f"error: {message}", f"1 problem; {ending}."]
            assert run.code == 2
            assert not (tmp_path / "out").exists()
    finally:
        if broken == "unreadable":
            folder.chmod(0o755)
