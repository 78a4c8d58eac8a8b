"""A journal found in the output folder (a shared zip or repository is enough to put one
there) is acted on only within that folder, only on files the build wrote, and only when
printkit wrote it: anything else is a problem that names the journal, and nothing is
touched."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from conftest import files_of

from printkit import journal

GAME = ("build", "spankopoly", "--only", "chance", "-q", "--out", "out")
TOKEN = "0123456789ab"
NAME = f".printkit-journal.{TOKEN}.json"
ADVICE = "this is not a journal of a build printkit can finish: delete it, then build again"


@pytest.fixture
def out(cli, tmp_path: Path) -> Path:
    """An output folder with a build in it."""
    assert cli(*GAME).code == 0
    return tmp_path / "out"


def forged(files: list[tuple[str, str, bool]]) -> bytes:
    """A journal in printkit's format, with a checksum that matches (anyone can make one)."""
    return journal.encode(TOKEN, [journal.Entry(*f) for f in files])


def refused(cli, out: Path, name: str, why: str) -> None:
    """The next build stops, naming the journal and why; the journal stays."""
    before = files_of(out)
    run = cli(*GAME)
    assert run.code == 2
    assert run.errors == [f"error: out/{name}: {why}; {ADVICE}",
                          "1 problem; nothing was written."]
    assert files_of(out) == before


def test_a_forged_journal_cannot_delete_a_file_outside_the_output_folder(cli, out: Path,
                                                                        tmp_path: Path
                                                                        ) -> None:
    """The attack as reported: the journal names a file beside the output folder; the
    next build obeyed it (the file was gone) and exited 0."""
    victim = tmp_path / "victim.txt"
    victim.write_text("secret\n")
    name = ".printkit-journal.999999.json"
    (out / name).write_text(json.dumps([["/x.tmp", str(victim), None]]))
    refused(cli, out, name, "its name is not one printkit gives a journal")
    assert victim.read_text() == "secret\n"


@pytest.mark.parametrize("target", ["../victim.txt", "link/victim.txt", "/abs/victim.txt"])
def test_a_journal_in_printkits_format_cannot_reach_outside_either(cli, out: Path,
                                                                   tmp_path: Path,
                                                                   target: str) -> None:
    """A journal with a good checksum, naming a file outside by a path that climbs out, by
    a link out, or absolutely."""
    victim = tmp_path / "victim.txt"
    victim.write_text("secret\n")
    (out / "link").symlink_to(tmp_path, target_is_directory=True)
    digest = hashlib.sha256(b"secret\n").hexdigest()
    (out / NAME).write_bytes(forged([(target, digest, False)]))
    why = (f"it names '{target}', which is not a path inside the output folder"
           if target != "link/victim.txt" else
           f"it names '{target}', which lies outside the output folder out")
    refused(cli, out, NAME, why)
    assert victim.read_text() == "secret\n"


@pytest.mark.parametrize("content,why", [
    (b"[" * 100_000, "it cannot be read (RecursionError)"),
    (b"\xff\xfe{", "it cannot be read (UnicodeDecodeError)"),
    (b"", "it cannot be read (JSONDecodeError)"),
    (b'{"format": "printkit journal 1"}', "it is not in printkit's journal format"),
    (b"[1, 2]", "it is not in printkit's journal format"),
], ids=["deep", "not-utf8", "empty", "keys", "list"])
def test_a_malformed_journal_is_a_problem_that_names_it(cli, out: Path, content: bytes,
                                                        why: str) -> None:
    """100 000 '[' was a RecursionError traceback on every later build."""
    (out / NAME).write_bytes(content)
    refused(cli, out, NAME, why)


def test_a_journal_whose_checksum_does_not_match_is_refused(cli, out: Path) -> None:
    data = json.loads(forged([("spankopoly/nl/chance.pdf", "0" * 64, True)]))
    data["files"][0][2] = False  # changed after it was written
    (out / NAME).write_text(json.dumps(data))
    refused(cli, out, NAME, "its checksum does not match its content")


def test_a_journal_that_is_a_folder_is_a_problem_that_names_it(cli, out: Path) -> None:
    (out / NAME).mkdir()
    refused(cli, out, NAME, "it is a folder, not a file")


def test_a_journal_that_names_a_folder_is_a_problem_that_names_it(cli, out: Path) -> None:
    (out / "spankopoly" / "nl" / "extra").mkdir()
    (out / NAME).write_bytes(forged([("spankopoly/nl/extra", "0" * 64, False)]))
    refused(cli, out, NAME, "it names 'spankopoly/nl/extra', which is a folder")


def test_a_journal_touches_only_files_that_hold_what_the_build_wrote(cli, out: Path) -> None:
    """A journal in good form that says the build wrote chance.pdf (anew, or over an old
    one kept beside it) while chance.pdf holds something else: the file is left as it is,
    and the journal and the second name it names are cleared."""
    chance = out / "spankopoly" / "nl" / "chance.pdf"
    before = chance.read_bytes()
    old = journal.old_name(chance, TOKEN)
    old.write_bytes(b"planted")
    (out / NAME).write_bytes(forged([("spankopoly/nl/chance.pdf", "0" * 64, True)]))
    assert cli(*GAME).code == 0
    assert chance.read_bytes() == before
    assert not old.exists()
    assert not (out / NAME).exists()


def test_a_journal_of_a_stopped_build_puts_the_old_file_back(cli, out: Path) -> None:
    """What recovery is for: the build renamed chance.pdf (its content is what the journal
    says it wrote) and was stopped; the old file, under its second name, comes back."""
    chance = out / "spankopoly" / "nl" / "chance.pdf"
    previous = chance.read_bytes()
    journal.old_name(chance, TOKEN).write_bytes(previous)
    chance.write_bytes(b"new, half a set")
    new = hashlib.sha256(b"new, half a set").hexdigest()
    (out / NAME).write_bytes(forged([("spankopoly/nl/chance.pdf", new, True)]))
    from printkit.write import recover

    assert recover(out) == 1
    assert chance.read_bytes() == previous
    assert [n for n in files_of(out) if n.endswith((".tmp", ".json"))] == []
