"""A named corpus of bad input (tests/bad/<case>/, see tests/bad/README.md): each case
breaks a copy of a built-in game and must fail with exactly its expected messages, exit
code 2 and nothing written."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, copy_game

BAD = Path(__file__).resolve().parent / "bad"
CASES = sorted(p.name for p in BAD.iterdir() if (p / "expected.txt").is_file())
RESERVED = {"case.toml", "expected.txt"}


def apply_case(case: Path, data: Path) -> list[str]:
    """Break a copy of the case's game in data/; return the command line to run."""
    spec = tomllib.loads((case / "case.toml").read_text("utf-8")) \
        if (case / "case.toml").is_file() else {}
    game = spec.get("game", "spankopoly")
    folder = copy_game(game, data)
    for source in sorted(case.rglob("*")):
        if source.is_file() and source.name not in RESERVED:
            target = folder / source.relative_to(case)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    for edit in spec.get("edit", []):
        target = folder / edit["file"]
        if "from" in edit:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / edit["from"], target)
        old = target.read_bytes()
        find = edit["find"].encode("utf-8")
        assert old.count(find) == 1, f"{case.name}: '{edit['find']}' is not once in {target}"
        replace = edit["replace"].encode(edit.get("encoding", "utf-8"))
        target.write_bytes(old.replace(find, replace))
    for name in spec.get("remove", []):
        path = folder / name
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    return spec.get("args", ["build", game, "--out", "out"])


@pytest.mark.parametrize("case", CASES)
def test_bad_input_fails_with_its_exact_messages(case: str, cli, tmp_path: Path) -> None:
    args = apply_case(BAD / case, tmp_path / "data")
    run = cli(*args)
    expected = (BAD / case / "expected.txt").read_text("utf-8").splitlines()
    assert run.errors == expected
    assert run.code == 2
    assert not (tmp_path / "out").exists()


def test_the_corpus_covers_the_kinds_of_bad_input() -> None:
    assert len(CASES) >= 20
    assert {"malformed_toml", "malformed_csv", "latin1_csv", "missing_column", "extra_column",
            "duplicate_ids", "dangling_group", "dangling_goto", "negative_number",
            "absurd_number", "empty_deck", "long_card_text", "long_street_name",
            "missing_glyph", "template_error"} <= set(CASES)


def test_input_too_big_for_the_parsers_is_a_located_problem(cli, tmp_path: Path) -> None:
    """A CSV cell over the csv module's limit, and TOML nested deeper than tomllib can
    follow, are located problems (not tracebacks); the corpus holds a small nesting case,
    these are made here because they are large."""
    folder = copy_game("spankopoly", tmp_path / "data")
    streets = folder / "streets.csv"
    streets.write_text(streets.read_text("utf-8").replace(
        "kitchen,", "kitchen" + "x" * 200_000 + ",", 1), "utf-8")
    text = folder / "text" / "nl.toml"
    lines = text.read_text("utf-8").count("\n")
    with text.open("a", encoding="utf-8") as fh:
        fh.write("\n\ndeep = " + "{ a = " * 5_000 + "1" + " }" * 5_000 + "\n")
    run = cli("build", "spankopoly", "--out", "out")
    assert run.errors == [
        "error: data/spankopoly/streets.csv:3: malformed CSV: a cell holds more than 131072 "
        "characters; no printed item holds that much text",
        f"error: data/spankopoly/text/nl.toml:{lines + 3}: lists or tables are nested too "
        "deeply; a game needs a few levels at most",
        "2 problems; nothing was written."]
    assert run.code == 2
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("error", [PermissionError(13, "Permission denied"),
                                   FileNotFoundError(2, "No such file or directory")],
                         ids=["unreadable", "gone"])
def test_a_catalog_that_cannot_be_read_is_a_located_problem(
        cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError) -> None:
    """A label catalog that cannot be opened (mode 000 for another user), or that is
    removed after it was found, is named as a problem (was a traceback)."""
    import builtins

    folder = copy_game("spankopoly", tmp_path / "data")
    (folder / "languages" / "nl").mkdir(parents=True)
    shutil.copyfile(BAD / "catalog_placeholder" / "languages" / "nl" / "language.toml",
                    folder / "languages" / "nl" / "language.toml")
    catalog = folder / "languages" / "nl" / "messages.po"
    shutil.copyfile(ROOT / "templates" / "languages" / "nl" / "messages.po", catalog)
    real = builtins.open

    def refusing(file, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(file).endswith("data/spankopoly/languages/nl/messages.po"):
            raise error
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", refusing)
    run = cli("build", "spankopoly", "--out", "out")
    assert run.errors == [f"error: data/spankopoly/languages/nl/messages.po: cannot read the "
                          f"file ({error.strerror})", "1 problem; nothing was written."]
    assert run.code == 2
    assert not (tmp_path / "out").exists()
