"""No silent drift: a copy made with `printkit new` records which source text each
translation (and which name each article and in_text) was written for; a change of the
source language makes `check` name each stale or unused translation and `build` note
them once per language, and proper names keep their capital in running text."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import builtin, pdf_text
from games import IDS


def remove_block(path: Path, header: str) -> None:
    text = path.read_text("utf-8")
    start = text.index(header)
    end = text.index("\n\n", start)
    path.write_text(text[:start] + text[end + 2:], "utf-8")


def replace_once(path: Path, old: str, new: str) -> int:
    """Replace old by new once; the line of the change."""
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")
    return text[:text.index(old)].count("\n") + 1


def texts_said(out: str) -> list[str]:
    """What check says of the texts (not of the colours: printkit.colour.vision)."""
    return [line for line in out.splitlines() if " colour: " not in line]


def line_of(path: Path, found: str) -> int:
    text = path.read_text("utf-8")
    return text[:text.index(found)].count("\n") + 1


def test_a_source_sentence_removed_or_changed_names_each_translation(cli,
                                                                     tmp_path: Path) -> None:
    assert cli("new", "town", "--from", "klassiek").code == 0
    folder = tmp_path / "data" / "town"
    assert (folder / "translated.toml").is_file()
    fresh = cli("check", "town", "--lang", "all")
    assert texts_said(fresh.out) == ["town (nl): 0 missing, 0 unused",
                                     "town (nb): 0 missing, 0 unused",
                                     "town (da): 0 missing, 0 unused"]
    remove_block(folder / "text" / "nl.toml", "[cards.chance.speeding]")
    replace_once(folder / "text" / "nl.toml", "De politie houdt je aan.",
                 "De politie houdt je staande.")
    run = cli("check", "town", "--lang", "all")
    assert run.code == 0
    lines = run.out.splitlines()
    for code in ("nb", "da"):
        text = folder / "text" / f"{code}.toml"
        speeding = line_of(text, "[cards.chance.speeding]")
        caught = line_of(text, "[cards.chance.caught]")
        assert (f"unused: data/town/text/{code}.toml:{speeding + 1}: cards.chance.speeding.text: "
                "translates nothing: text/nl.toml has no such text (it decides what the "
                "game says); remove it here, or write it there too") in lines
        assert (f"stale: data/town/text/{code}.toml:{caught + 1}: cards.chance.caught.text: "
                "the text in text/nl.toml changed since this was translated (now 'De "
                "politie houdt je staande.'); translate it again, then run: printkit "
                f"translated town --lang {code}") in lines
        assert f"town ({code}): 0 missing, 1 unused, 1 stale" in lines

    build = cli("build", "town", "--lang", "all", "--only", "chance", "--out", "out", "-q")
    assert build.code == 0
    assert build.errors == [
        f"note: data/town/text/{code}.toml: 1 stale text and 1 unused translation (written "
        "for a source text or a name that has changed or is gone); printkit check town "
        f"--lang {code} lists them" for code in ("da", "nb")]

    assert cli("translated", "town", "--lang", "nb").code == 0  # nb translated again
    lines = cli("check", "town", "--lang", "all").out.splitlines()
    assert "town (nb): 0 missing, 1 unused" in lines  # the sentence is still left over
    assert "town (da): 0 missing, 1 unused, 1 stale" in lines


def test_a_rename_with_an_article_written_for_the_old_name_is_noted(cli,
                                                                    tmp_path: Path) -> None:
    """klassiek: Kasteelplein (het) renamed to a street that takes 'de'."""
    assert cli("new", "town", "--from", "klassiek", "--lang", "nl").code == 0
    text = Path("data/town/text/nl.toml")
    replace_once(text, 'name = "Kasteelplein"', 'name = "Zuurkoolstraat"')
    run = cli("check", "town")
    article = line_of(text, 'name = "Zuurkoolstraat"\narticle = "het"') + 1
    assert (f"stale: data/town/text/nl.toml:{article}: streets.kasteelplein.article: written "
            "for another name; check that it fits the name 'Zuurkoolstraat', then run: "
            "printkit translated town --lang nl") in run.out.splitlines()
    replace_once(text, 'name = "Zuurkoolstraat"\narticle = "het"',
                 'name = "Zuurkoolstraat"\narticle = "de"')
    assert cli("translated", "town").code == 0
    assert texts_said(cli("check", "town").out) == ["town (nl): 0 missing, 0 unused"]


def test_a_room_renamed_to_a_proper_name_keeps_its_capital(cli, tmp_path: Path) -> None:
    """spankopoly's rooms are lowered in running text ("Ga naar de eetkamer") only while
    their name starts with the word the form names; a proper name keeps its capital in
    every product and language, and check notes the form written for the old name."""
    assert cli("new", "home", "--from", "spankopoly").code == 0
    text = Path("data/home/text/nl.toml")
    replace_once(text, 'name = "Eetkamer"', 'name = "Stadhuisplein"')
    form = line_of(text, "in_text = \"de {{ this|lcfirst('Eetkamer') }}\"")
    assert (f"stale: data/home/text/nl.toml:{form}: streets.dining_room.in_text: written "
            "for another name; check that it fits the name 'Stadhuisplein', then run: "
            "printkit translated home --lang nl") in cli("check", "home").out.splitlines()
    replace_once(text, "in_text = \"de {{ this|lcfirst('Eetkamer') }}\"",
                 'in_text = "het {{ this }}"')
    assert cli("build", "home", "--lang", "all", "--out", "out", "-q").code == 0
    for code in ("nl", "nb", "da"):
        for pdf in sorted((tmp_path / "out" / "home" / code).glob("*.pdf")):
            assert "stadhuisplein" not in pdf_text(pdf), pdf
        assert "Stadhuisplein" in pdf_text(tmp_path / "out" / "home" / code / "chance.pdf")
    assert "Ga naar het Stadhuisplein" in pdf_text(tmp_path / "out" / "home" / "nl" /
                                                   "chance.pdf")


def test_running_text_that_lowers_any_name_is_noted(cli, tmp_path: Path) -> None:
    assert cli("new", "town", "--from", "klassiek", "--lang", "nl").code == 0
    text = Path("data/town/text/nl.toml")
    line = replace_once(text, "lcfirst('Gevangenis')", "lcfirst")
    assert (f"note: data/town/text/nl.toml:{line}: corners.jail.in_text: lowers the first "
            "letter of any name the square gets, a proper name too (\"de stadhuisplein\"); "
            "name the word it lowers: {{ this|lcfirst('Gevangenis') }}"
            ) in cli("check", "town").out.splitlines()


def test_text_shrunk_below_the_house_size_is_noted_and_strict_refuses_it(
        cli, tmp_path: Path) -> None:
    """A card text that fits only below 8 pt prints (build says nothing of it); check
    notes it, and check --strict exits 2."""
    from conftest import copy_game

    folder = copy_game("spankopoly", tmp_path / "data")
    before = cli("check", "spankopoly", "--strict")  # the colour notes, if any
    noted = int(before.errors[0].split()[0]) if before.errors else 0
    text = folder / "text" / "nl.toml"
    old = 'text = "Ga direct naar de hoek. Ga niet langs Start. Werk de rondemarker niet bij."'
    longer = old.replace('bij."', 'bij.' + ' Ga niet langs Start.' * 40 + '"')
    line = replace_once(text, old, longer)
    assert cli("build", "spankopoly", "--only", "chance", "--out", "out").errors == []
    run = cli("check", "spankopoly")
    notes = [n for n in run.out.splitlines() if "the text shrank" in n]
    assert len(notes) == 1
    assert notes[0].startswith(f"note: data/spankopoly/text/nl.toml:{line - 2}: "
                               "chance.caught (front): the text shrank to ")
    assert notes[0].endswith(" pt to fit (its size is 9 pt, the house minimum 8 pt); "
                             "shorten it")
    assert run.code == 0
    strict = cli("check", "spankopoly", "--strict")
    assert strict.code == 2
    assert strict.errors == [f"{noted + 1} note{'s' if noted else ''}; --strict counts them "
                             "as problems."]


@pytest.mark.parametrize("game", IDS)
def test_every_built_in_game_keeps_its_record_and_no_translation_is_stale(cli, game: str) -> None:
    """The built-in games are kept like a user's: after changing a source text, translate
    it again in every language and run `printkit translated GAME`."""
    assert (builtin("data") / game / "translated.toml").is_file()
    run = cli("check", game, "--lang", "all")
    assert run.code == 0, run.out + run.err
    said = [line for line in run.out.splitlines() + run.err.splitlines()
            if line.startswith(("stale:", "unused:"))]
    assert said == []
    assert sorted(line for line in texts_said(run.out) if "missing" in line) == sorted(
        f"{game} ({code}): 0 missing, 0 unused" for code in ("nl", "nb", "da"))
