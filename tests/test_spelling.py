"""Every word the kit prints is spelled right: the words of every PDF of every built-in game,
per language, are checked against the language's Hunspell dictionary (Debian's hunspell-nl,
hunspell-no and hunspell-da, read by the hunspell program) and a reviewed list of the games'
own words (tests/words/<lang>.txt: street and city names, the English words of spankopoly's
source, game terms no dictionary has). A word in neither fails, naming the file and page.

Without hunspell or its dictionaries the test is skipped, except in CI (CI set), where it
fails: .ci/run installs them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit.options import Request
from printkit.pipeline import build

GAMES = ("spankopoly", "klassiek", "koebstad", "antimonopoly", "kortmonopol")
LANGS = ("nl", "nb", "da")
DICTIONARY = {"nl": "nl", "nb": "nb_NO", "da": "da_DK"}  # Hunspell's file names
FOLDERS = (Path("/usr/share/hunspell"), Path("/usr/share/myspell/dicts"))
ALLOWED = Path(__file__).parent / "words"

# a word broken at the end of a line: pdfium marks the break of a hyphenated word with
# U+FFFE; a hyphen before a new line (or, in a table cell, before the lower-case rest of the
# word on the same text line) may be one too
BREAK = re.compile(r"(?<=[^\W\d_])(\ufffe(?:\r?\n)?|[-\u00ad\u2010](?:\r?\n| ))(?=([^\W\d_]))")
JOIN = "\x00"  # where a word was broken over two lines
# files that print another file's words again: the booklet imposed, the board's tiles (only
# their first page, the assembly map, has words of its own)
REPEATS = {"rules-booklet.pdf": 0, "board-a4.pdf": 1}
WORD = re.compile(r"[^\W\d_]+(?:[’'\-\x00][^\W\d_]+)*")

Place = tuple[str, int]  # a file (game/lang/name.pdf) and a page (from 1)


def words_of(pdf: Path, name: str) -> Iterator[tuple[str, Place]]:
    """Every word of a PDF with its page (of a file in REPEATS, its first pages only); a word
    broken over two lines is joined (JOIN marks the break); single letters (the clothing
    codes, the ace's A) are not words."""
    def broken(m: re.Match[str]) -> str:
        return m[0] if m[1].endswith(" ") and not m[2].islower() else JOIN

    document = pdfium.PdfDocument(pdf)
    try:
        for number, page in enumerate(document, 1):
            if number > REPEATS.get(pdf.name, number):
                break
            text = BREAK.sub(broken, page.get_textpage().get_text_range())
            for word in WORD.findall(text):
                if len(word) > 1:
                    yield word, (name, number)
    finally:
        document.close()


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], dict[str, Place]]:
    """Every word printed in a language, with the first place it is printed: every game
    built once per language asked for, every file of it read."""
    out = tmp_path_factory.mktemp("spelling")

    @cache
    def words(lang: str) -> dict[str, Place]:
        found: dict[str, Place] = {}
        for game in GAMES:
            build(Request(game, (lang,)), out)
            for pdf in sorted((out / game / lang).glob("*.pdf")):
                for word, place in words_of(pdf, f"{game}/{lang}/{pdf.name}"):
                    found.setdefault(word, place)
        return found

    return words


def dictionary(lang: str) -> Callable[[Iterable[str]], set[str]]:
    """The words (of those given) that the language's Hunspell dictionary does not know;
    skipped without hunspell or the dictionary (failed in CI)."""
    name = DICTIONARY[lang]
    found = next((f / name for f in FOLDERS if (f / f"{name}.dic").is_file()), None)
    program = shutil.which("hunspell")
    if found is None or program is None:
        why = (f"no Hunspell dictionary {name}.dic in {', '.join(map(str, FOLDERS))}"
               if found is None else "no hunspell program")
        if os.environ.get("CI"):
            pytest.fail(f"{why}: .ci/run installs hunspell, hunspell-nl, hunspell-no and "
                        "hunspell-da")
        pytest.skip(f"{why} (apt-get install hunspell hunspell-nl hunspell-no hunspell-da)")

    def unknown(words: Iterable[str]) -> set[str]:
        listed = subprocess.run([program, "-l", "-i", "utf-8", "-d", str(found)], check=True,
                                input="".join(f"{w}\n" for w in words), capture_output=True,
                                text=True, encoding="utf-8")
        return set(listed.stdout.split())

    return unknown


def allowed(lang: str) -> dict[str, int]:
    """The reviewed words of a language (lower case) and their lines in its list."""
    path = ALLOWED / f"{lang}.txt"
    return {line.split("#")[0].strip().lower(): number
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
            if line.split("#")[0].strip()}


def readings(word: str) -> tuple[str, ...]:
    """How a printed word may be meant: broken over two lines, with or without its hyphen."""
    return tuple(word.replace(JOIN, glue) for glue in ("", "-")) if JOIN in word else (word,)


def parts(word: str) -> list[str]:
    return [p for p in re.split(r"[-’']", word) if p]


def misspelled(words: Iterable[str], unknown: Callable[[Iterable[str]], set[str]],
               own: dict[str, int]) -> set[str]:
    """The printed words that neither the list nor the dictionary knows, in none of their
    readings: whole, or (hyphenated) in all their parts."""
    words = [w for w in words if w.lower() not in own]
    whole = {r for w in words for r in readings(w) if r.lower() not in own}
    missed = unknown(sorted(whole))  # hunspell may name a hyphenated word or its bad part

    def known(text: str) -> bool:
        return text.lower() in own or (text not in missed and
                                       not any(p in missed for p in parts(text)))

    split = {p for r in whole if not known(r) and len(parts(r)) > 1 for p in parts(r)}
    missed |= unknown(sorted(split))
    return {w for w in words if not any(
        known(r) or (len(parts(r)) > 1 and all(known(p) for p in parts(r)))
        for r in readings(w))}


@pytest.mark.parametrize("lang", LANGS)
def test_every_printed_word_is_spelled_right(printed, lang: str) -> None:
    words = printed(lang)
    wrong = misspelled(words, dictionary(lang), allowed(lang))
    unknown = sorted((words[w], w.replace(JOIN, "-")) for w in wrong)
    assert not unknown, (
        f"{len(unknown)} words of the {lang} kits are in neither the {DICTIONARY[lang]} "
        f"dictionary nor tests/words/{lang}.txt (add a word there only once it is checked):\n"
        + "\n".join(f"  {name} p. {page}: {word}" for (name, page), word in unknown))


@pytest.mark.parametrize("lang", LANGS)
def test_every_listed_word_is_printed_and_unknown_to_the_dictionary(printed,
                                                                   lang: str) -> None:
    """The list holds only what it must: words printed in this language (no stale names)
    that the dictionary does not know already."""
    unknown = dictionary(lang)
    words = {r.lower() for w in printed(lang) for r in readings(w)}
    words |= {p.lower() for w in set(words) for p in parts(w)}
    own = allowed(lang)
    stale = [f"line {n}: {w}" for w, n in own.items() if w not in words]
    missed = unknown(own)  # a word the dictionary knows in lower case, it knows in any
    needless = [f"line {n}: {w}" for w, n in own.items()
                if w not in missed and not any(p in missed for p in parts(w))]
    assert not stale, f"tests/words/{lang}.txt: never printed: {', '.join(stale)}"
    assert not needless, f"tests/words/{lang}.txt: the dictionary knows {', '.join(needless)}"


def test_a_misspelled_word_is_named_and_a_listed_one_passes() -> None:
    unknown = dictionary("nl")
    assert misspelled(["gevangenis", "Gevangenus", "Vrijthof"], unknown,
                      {"vrijthof": 1}) == {"Gevangenus"}
    broken = f"eigendoms{JOIN}bewijs"  # broken over two lines: read whole
    assert misspelled([broken, f"eigendo{JOIN}msbewijs", f"Monopo{JOIN}list"], unknown,
                      {}) == set()
    assert misspelled([f"Gevan{JOIN}genus"], unknown, {}) == {f"Gevan{JOIN}genus"}
