"""Reading label catalogs (.po files): the grammar, the header, and the labels they give."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import ROOT

from printkit.errors import Problems
from printkit.localise.catalog import english_labels, load_labels, read_catalog
from printkit.localise.po import Message, PoError, read

HEADER = ('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
          '"Content-Type: text/plain; charset=utf-8\\n"\n\n')


@pytest.mark.parametrize("code", ["nl", "nb", "da"])
def test_the_built_in_catalogs_read_as_babel_reads_them(code: str) -> None:
    """Every message of each built-in catalog, with its line, as Babel's own reader has it."""
    path = ROOT / "templates" / "languages" / code / "messages.po"
    ours = read(path.read_bytes())
    with path.open("rb") as fh:
        babel = read_po(fh, locale=code)
    theirs = [(m.id if isinstance(m.id, str) else m.id[0],
               (m.string,) if isinstance(m.string, str) else tuple(m.string),
               m.lineno, m.fuzzy) for m in babel if m.id]
    assert [(m.id, m.strings, m.line, m.fuzzy) for m in ours.messages if m.id] == theirs
    assert len(theirs) > 150
    assert ours.plurals == (2, "(n != 1)")


def test_entries_with_context_plurals_continuations_escapes_and_comments() -> None:
    catalog = read((HEADER + '''# a translator's comment
#. an extracted comment
#: printkit/x.py:3
#, fuzzy, python-brace-format
msgid "One"
msgstr "Een"

msgctxt "card"
msgid ""
"Two "
"lines"
msgstr "Twee\\tregels \\"zo\\"\\n"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kaart"
msgstr[1] ""

#~ msgid "Old"
#~ msgstr "Oud"
msgid "Back\\\\slash \\q"
msgstr ""
''').encode())
    assert catalog.messages[1:] == (
        Message("One", 10, None, ("Een",), None, True),
        Message("Two lines", 13, None, ('Twee\tregels "zo"\n',), "card"),
        Message("{n} card", 19, "{n} cards", ("{n} kaart", "")),
        Message("Back\\slash \\q", 26))
    assert not catalog.messages[1].translated
    assert not catalog.messages[3].translated
    assert catalog.messages[2].translated


@pytest.mark.parametrize("text, line, message", [
    ('msgid "A"\n\nmsgid "B"\nmsgstr "b"\n', 1, 'msgid "A" has no msgstr; add a line msgstr'),
    ('msgid "A"\nmsgstr "a"\nmsgstr "b"\n', 3, 'a second msgstr for msgid "A"; keep one'),
    ('msgid "A"\nmsgstr "a\n', 2, "a text must be written in double quotes"),
    ('msgid A\nmsgstr "a"\n', 1, "a text must be written in double quotes"),
    ('msgid "A" "B"\nmsgstr "a"\n', 1, "a text must be written in double quotes"),
    ('msgid "A"\nmsgstr "a"b"\n', 2, "a text must be written in double quotes"),
    ('"A"\nmsgid "A"\nmsgstr "a"\n', 1, 'a "quoted" line that follows no msgid'),
    ('msgstr "a"\n', 1, "msgstr without a msgid; add the msgid above it"),
    ('msgid "A"\nmsgid_plural "As"\nmsgstr[2] "a"\n', 1, "msgstr[2] of msgid \"A\": the "
     "catalog has 2 plural forms, numbered from 0"),
    ('msgid "A"\nmsgstr[1] "a"\n', 1, 'msgid "A" has no msgid_plural, so it has one msgstr'),
    ('msgid "A"\nmsgstr "a"\nmsgid_plural "As"\n', 3, "msgid_plural belongs right after its "
     "msgid"),
    ('msgid "A"\nmsgstr "a"\nmsgtsr "b"\n', 3, "'msgtsr' is not a line of a catalog"),
    ('msgid "A"\nmsgstr "a"\nmsgstr[x] "b"\n', 3, "'msgstr[x]' is not a line of a catalog"),
    ('msgctxt "c"\n\n# x\n', 1, "msgctxt without a msgid; add the msgid below it"),
    ('msgid "A"\nmsgstr "\xe9"\n'.encode("latin-1").decode("latin-1"), 2,
     "this line is not utf-8 text (byte 0xe9); save the file as UTF-8"),
])
def test_a_line_that_breaks_the_grammar_is_named(text: str, line: int, message: str) -> None:
    data = text.encode("latin-1") if "\xe9" in text else text.encode()
    with pytest.raises(PoError) as caught:
        read(data)
    assert caught.value.line == line
    assert str(caught.value).startswith(message)


def test_the_header_names_the_encoding_and_the_plural_forms() -> None:
    latin = HEADER.replace("utf-8", "latin-1").replace("nplurals=2; plural=(n != 1)",
                                                        "nplurals=3; plural=(n==1 ? 0 : 1)")
    catalog = read((latin + 'msgid "Street"\nmsgstr "Stra\xdfe"\n').encode("latin-1"))
    assert catalog.messages[1].strings == ("Straße",)
    assert catalog.plurals == (3, "(n==1 ? 0 : 1)")
    assert catalog.headers["content-type"] == "text/plain; charset=latin-1"
    with_bom = read(b"\xef\xbb\xbf" + (HEADER + 'msgid "A"\nmsgstr "\u00e9"\n').encode())
    assert with_bom.messages[1].strings == ("\u00e9",)  # as some editors save UTF-8
    with pytest.raises(LookupError, match="unknown encoding: klingon"):
        read(HEADER.replace("utf-8", "klingon").encode())
    for count in ("0", "7", "x", "99999999999"):
        with pytest.raises(ValueError, match=f"Plural-Forms: nplurals={count}; a language "
                           "has 1 to 6 plural forms"):
            read(HEADER.replace("nplurals=2", f"nplurals={count}").encode())


def test_a_catalog_without_plural_forms_takes_its_languages(tmp_path: Path) -> None:
    """A catalog made from messages.pot (no Plural-Forms) for a language of three forms."""
    path = tmp_path / "languages" / "pl" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text('msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} karta"\n'
                    'msgstr[1] "{n} karty"\nmsgstr[2] "{n} kart"\n', "utf-8")
    problems = Problems(tmp_path)
    catalog = read_catalog(path, "pl", problems)
    assert not problems
    assert catalog is not None
    assert catalog.plurals[0] == 3
    labels = load_labels(path, "pl")
    assert [labels.plural("{n} card", "{n} cards", n) for n in (1, 3, 5)] == [
        "1 karta", "3 karty", "5 kart"]


def test_labels_fall_back_to_english_where_a_translation_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "languages" / "nl" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text(HEADER + '''msgid "Bank"
msgstr "Bank"

msgid "Board"
msgstr ""

#, fuzzy
msgid "Ledger"
msgstr "Kasboek"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} kaart"
msgstr[1] ""
''', "utf-8")
    labels = load_labels(path, "nl", mark_missing=True)
    assert [labels("Bank"), labels("Board"), labels("Ledger"), labels("Dice")] == [
        "Bank", "[Board]", "[Ledger]", "Dice"]
    assert [labels.plural("{n} card", "{n} cards", n) for n in (1, 2)] == [
        "[1 kaart]", "[2 cards]"]
    english = english_labels()
    assert [english.plural("{n} card", "{n} cards", n) for n in (1, 2)] == [
        "1 card", "2 cards"]
    assert english("Bank") == "Bank"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_catalog_saved_as_utf16_is_named_so(encoding: str) -> None:
    data = ("\ufeff" if encoding == "utf-16-be" else "") + 'msgid "A"\nmsgstr "a"\n'
    with pytest.raises(PoError) as caught:
        read(data.encode(encoding))
    assert (caught.value.line, str(caught.value)) == \
        (1, 'the file is saved as UTF-16 ("Unicode"); save it as UTF-8')
