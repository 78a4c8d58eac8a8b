"""The `words` filter: small numbers in running text as words, per language."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import source_of

from printkit.errors import PrintkitError, Problems
from printkit.localise.languages import load_languages
from printkit.localise.wording import Wording


def render(lang: str, source: str) -> str:
    problems = Problems()
    w = Wording(source_of("klassiek").game, load_languages()[lang], problems)
    text = w.render(source, ("test",), {})
    problems.raise_if_any()
    return text


@pytest.mark.parametrize("lang, words", [
    ("nl", "één twee drie vier vijf zes zeven acht negen tien elf twaalf"),
    ("nb", "én to tre fire fem seks sju åtte ni ti elleve tolv"),
    ("da", "én to tre fire fem seks syv otte ni ti elleve tolv"),
])
def test_one_to_twelve_are_words(lang: str, words: str) -> None:
    source = " ".join(f"{{{{ {n}|words }}}}" for n in range(1, 13))
    assert render(lang, source) == words


@pytest.mark.parametrize("lang, big", [("nl", "1.500"), ("nb", "1\u00a0500"), ("da", "1.500")])
def test_other_numbers_stay_digits(lang: str, big: str) -> None:
    assert render(lang, "{{ 0|words }} {{ 13|words }} {{ 1500|words }}") == f"0 13 {big}"


def test_a_language_without_number_words_writes_digits(tmp_path: Path) -> None:
    folder = tmp_path / "game" / "languages" / "xx"
    folder.mkdir(parents=True)
    (folder / "language.toml").write_text('locale = "sv_SE"\nquotes = ["”", "”", "’", "’"]\n',
                                          "utf-8")
    assert load_languages(tmp_path / "game")["xx"].number_words == ()


def test_a_count_that_is_not_a_whole_number_is_a_located_problem() -> None:
    with pytest.raises(PrintkitError, match=r"words\(\): 2\.5 is not a whole number"):
        render("nl", "{{ 2.5|words }}")


def test_number_words_that_are_not_texts_are_a_located_problem(tmp_path: Path) -> None:
    folder = tmp_path / "game" / "languages" / "xx"
    folder.mkdir(parents=True)
    (folder / "language.toml").write_text(
        'locale = "sv_SE"\nquotes = ["”", "”", "’", "’"]\nnumber_words = ["en", 2]\n', "utf-8")
    with pytest.raises(PrintkitError, match=r"language\.toml:3: number_words: write the words"):
        load_languages(tmp_path / "game")
