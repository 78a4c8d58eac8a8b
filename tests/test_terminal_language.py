"""printkit speaks the user's language on the terminal: --ui-lang, else the locale, else
English; every line of a command in one language (the texts of problems aside, which stay
English: their fixed words around them are translated)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from conftest import copy_game
from typer.testing import CliRunner

from printkit.cli import app
from printkit.commands.language import code_of, from_locale
from printkit.localise.po import read

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
# words that are the same in every language here: units, formats, names of things
NEUTRAL = {"printkit", "pdf", "mm", "dpi", "ppi", "rgb", "cmyk", "a4", "a3", "a5", "letter",
           "toml", "csv", "xlsx", "png", "json"}
LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


def run(*args: str, lang: str = "C") -> tuple[int, list[str]]:
    """A command run with LANG=lang: its exit code and every line it printed."""
    result = CliRunner().invoke(app, list(args), env={**LOCALE, "LANG": lang})
    assert "Traceback" not in result.output, result.output
    return result.exit_code, [line for line in result.output.splitlines() if line.strip()]


def words(text: str) -> set[str]:
    """The words of a text, lower-case, its placeholders, options and paths left out."""
    text = re.sub(r"\{\w+\}|--?[\w-]+|\S*[/\\]\S*|\S+\.(pdf|toml|png)\b", " ", text)
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)} - NEUTRAL


@cache
def english_only() -> frozenset[str]:
    """The words of printkit's English messages that none of its Danish ones has."""
    english = {w for m in read((TEMPLATES / "messages.pot").read_bytes()).messages
               for text in m.ids for w in words(text)}
    return frozenset(english - danish())


@cache
def danish() -> frozenset[str]:
    catalog = read((TEMPLATES / "languages" / "da" / "messages.po").read_bytes())
    return frozenset(w for m in catalog.messages if m.id for text in m.strings
                     for w in words(text))


def test_danish_locale_gives_a_danish_build(tmp_path: Path) -> None:
    code, lines = run("build", "koebstad", "--out", str(tmp_path), lang="da_DK.UTF-8")
    assert code == 0, lines
    assert lines[-1] == "8 filer skrevet."
    assert any(line.endswith("(6 sider)") for line in lines)
    assert "dobbeltsidet" in " ".join(lines)
    english = [line for line in lines if words(line) & english_only()]
    assert english == []


def test_c_locale_gives_an_english_build(tmp_path: Path) -> None:
    code, lines = run("build", "koebstad", "--out", str(tmp_path), lang="C")
    assert code == 0, lines
    assert lines[-1] == "8 files written."
    danish_only = danish() - {w for m in read((TEMPLATES / "messages.pot").read_bytes())
                              .messages for text in m.ids for w in words(text)}
    assert [line for line in lines if words(line) & danish_only] == []
    assert not re.search("[æøå]", "".join(line.split()[-1] for line in lines if "/" in line))


def test_one_file_or_page_is_said_in_the_singular(tmp_path: Path) -> None:
    code, lines = run("build", "koebstad", "--only", "board", "--out", str(tmp_path))
    assert code == 0, lines
    assert lines[0].endswith("board.pdf  (1 page)")
    assert lines[-1] == "2 files written."
    code, lines = run("--ui-lang", "nl", "build", "koebstad", "--only", "deeds", "--lang",
                      "nl", "--out", str(tmp_path))
    assert lines[-1] == "1 bestand geschreven."


def test_problems_are_framed_in_the_terminals_language(game_copy: Path) -> None:
    streets = game_copy / "streets.csv"
    streets.write_text(streets.read_text("utf-8").replace("kitchen,wooden_spoon,15,20",
                                                          "kitchen,wooden_spoon,fifteen,20"),
                       "utf-8")
    data = str(game_copy.parent)
    code, lines = run("build", "spankopoly", "--data", data, "--out", "out", lang="nb_NO.UTF-8")
    assert code == 2
    assert lines[0].startswith("feil: spankopoly/streets.csv:3: purchase: 'fifteen' is not a ")
    assert lines[-1] == "1 problem; ingenting ble skrevet."
    code, lines = run("check", "spankopoly", "--data", data, lang="nl_NL.UTF-8")
    assert lines[-1] == "1 probleem; printkit build zou hier stoppen."


def test_checks_notes_are_said_in_the_terminals_language(tmp_path: Path) -> None:
    game = copy_game("koebstad", tmp_path / "data")
    text = game / "text" / "da.toml"
    text.write_text(text.read_text("utf-8") + '\n[spare]\nnote = "ikke brugt"\n', "utf-8")
    code, lines = run("check", "koebstad", "--data", str(tmp_path / "data"), lang="da_DK")
    assert code == 0, lines
    assert any(line.startswith("ubrugt: koebstad/text/da.toml:") for line in lines)
    assert "koebstad (da): 0 mangler, 1 ubrugt" in lines


@pytest.mark.parametrize("environment, expected", [
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LANG": "nb_NO.UTF-8"}, "nb"),
    ({"LANG": "no_NO"}, "nb"),
    ({"LANG": "nn_NO.UTF-8"}, "nb"),  # Nynorsk readers get Bokmål, not English
    ({"LANG": "nl_BE.UTF-8@euro"}, "nl"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # a language printkit does not speak
    ({}, "en"),
    ({"LANG": "da_DK", "LC_MESSAGES": "nl_NL"}, "nl"),
    ({"LANG": "da_DK", "LC_MESSAGES": "nl_NL", "LC_ALL": "C"}, "en"),
    ({"LANG": "da_DK", "LC_ALL": ""}, "da"),  # set but empty: the next one decides
])
def test_the_locale_chooses_the_language(environment: dict[str, str], expected: str) -> None:
    assert from_locale(environment) == expected


@pytest.mark.parametrize("value, expected", [("da", "da"), ("dansk", "da"), ("NB", "nb"),
                                             ("norsk", "nb"), ("en", "en"), ("english", "en"),
                                             ("nl_NL", "nl"), ("sv", None), ("", None)])
def test_ui_lang_takes_codes_and_aliases(value: str, expected: str | None) -> None:
    assert code_of(value) == expected


def test_ui_lang_wins_over_the_locale_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    code, lines = run("--ui-lang", "en", "build", "koebstad", "--only", "board", "--out",
                      str(tmp_path), lang="da_DK.UTF-8")
    assert lines[-1] == "2 files written."
    code, lines = run("--ui-lang", "sv", "list")
    assert code == 2
    assert "'sv': choose en (English), da (Dansk), nb (Norsk bokmål), nl (Nederlands)" in \
        lines[-1]


@pytest.mark.parametrize("code", ["nl", "nb", "da"])
def test_every_message_is_translated(code: str) -> None:
    """Every msgid of templates/messages.pot, the terminal's and the printed labels, has its
    translation in each built-in language (an untranslated one would print in English)."""
    catalog = read((TEMPLATES / "languages" / code / "messages.po").read_bytes())
    done = {m.id for m in catalog.messages if m.translated}
    pot = read((TEMPLATES / "messages.pot").read_bytes())
    assert [m.id for m in pot.messages if m.id and m.id not in done] == []
