"""Property-based tests: random or mutated game data gives either a kit or located
problems (a PrintkitError whose every problem names its file), never another exception.

Most examples run load, validate, localise and layout without rendering; a few go all the
way to PDF files. The examples are derandomised (the same in every CI run); set
HYPOTHESIS_PROFILE=deep for a long random search. The examples of each test are shared by
the games of GAMES.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import tempfile
from pathlib import Path

import pytest
from conftest import copy_game
from games import GAMES, IDS
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.errors import PrintkitError, Problems, Where
from printkit.layout.cards import card_face
from printkit.load.printing import load_print_spec
from printkit.localise import localise
from printkit.localise.kit import CardText, Heading, Para, Row
from printkit.options import resolve
from printkit.pipeline import Options, build, documents, load, players_for, system_of

settings.register_profile("ci", derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("deep", max_examples=3000, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"

def examples(n: int, per_game: bool = True) -> settings:
    """n examples in all, shared by the games of GAMES (so that adding a game keeps the
    suite's time)."""
    share = max(4, n // len(GAMES)) if per_game else n
    return settings(max_examples=3000 if DEEP else share)

# values a person (or a broken editor) might type ------------------------------------------

FRAGMENTS = ["{{", "}}", "{%", "%}", "{#", "|q", " if ", " else ", "strokes(3, 'hand')",
             "amount(2, 'cane')", "name('kitchen')", "in_text('shed')", "number(1234.5)",
             "ordinal(3)", "implement_name('strap')", "10**9", "'x' * 99", "()", "[]",
             "__class__", ".", ",", '"', "'", "\\", "\n", "\t", " ", "#", "€", "ĳ", "漢",
             "🙂", "\u00a0", "\u200b", "\x00", "\x7f", "\u2028", "-1", "0", "999999", "1.5",
             "nan", "true", "[1, 2]", "{ a = 1 }", "1979-05-27"]
words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), words), max_size=12).map("".join)
cells = st.one_of(st.integers(-10**25, 10**25).map(str), st.sampled_from(
    ["", " ", "reroll", "1-6", "6-1", "3-", "#FFFFFF", "#ZZZ", "hand", "cane", "kitchen",
     "corner", "street", "start", "chance", "x" * 300, '"', '""', "a,b", "\t"]), texts)
toml_values = st.one_of(
    st.integers(-10**20, 10**20).map(str), st.floats(allow_nan=True).map(
        lambda f: "nan" if f != f else ("inf" if f == float("inf") else
                                        "-inf" if f == float("-inf") else repr(f))),
    st.booleans().map(lambda b: "true" if b else "false"),
    texts.map(lambda s: json.dumps(s, ensure_ascii=False)),
    st.lists(st.integers(-3, 20), max_size=3).map(str),
    st.sampled_from(['"500mm"', '"0mm"', '"-5mm"', '"99999mm"', '"1in"', '"12pt"',
                     '{ implement = "hand", count = 40 }', '{ implement = "x" }', "{}", "[]",
                     '["nl"]', '["xx", "nl"]', "1979-05-27", '"#FFFFFF"', '"nl"', '"nb"']),
    texts)  # raw text: often malformed TOML on purpose

class Folder:
    """A game copy whose files are changed for one example and then put back."""

    def __init__(self, root: Path):
        self.root = root
        self.files = {p.relative_to(root).as_posix(): p.read_bytes()
                      for p in sorted(root.rglob("*")) if p.is_file()}

    def named(self, suffix: str) -> list[str]:
        return [name for name in self.files if name.endswith(suffix)]

    def text(self, name: str) -> str:
        return self.files[name].decode("utf-8")

    def write(self, name: str, text: str) -> None:
        (self.root / name).write_bytes(text.encode("utf-8"))

    def restore(self) -> None:
        for name, data in self.files.items():
            (self.root / name).write_bytes(data)

def outcome(folder: Path) -> str:
    """'kit' or 'problems'; anything else escapes and fails the test."""
    try:
        game = load(str(folder), None)
        options = resolve(Options(players=players_for(game, None)),
                          load_print_spec(folder / "game.toml"))
        kit = localise(system_of(game), game, game.source_language)
        problems = Problems()
        for doc in documents(kit, options, problems):
            for _ in doc.pages:  # a deck is laid out as its pages are read
                pass
        problems.raise_if_any()
    except PrintkitError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.where.path, f"a problem without its file: {problem}"
            assert problem.message.strip()
        event("located problems")
        return "problems"
    event("a kit")
    return "kit"

@pytest.fixture(params=GAMES, ids=IDS)
def folder(request: pytest.FixtureRequest, tmp_path: Path) -> Folder:
    return Folder(copy_game(request.param.name, tmp_path / "data"))

def csv_lines(text: str) -> list[str]:
    return text.split("\n")

def with_cell(line: str, index: int, value: str) -> str:
    try:
        cells = next(csv.reader([line]), []) or [""]
    except csv.Error:  # a line an earlier mutation broke
        cells = line.split(",")
    cells[index % len(cells)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()

@examples(200)
@given(data=st.data())
def test_mutated_csv_gives_a_kit_or_located_problems(folder: Folder, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(folder.named(".csv")), label="file")
    lines = csv_lines(folder.text(name))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        how = data.draw(st.sampled_from(["cell", "cell", "cell", "raw", "drop", "twice"]))
        if how == "cell":
            lines[i] = with_cell(lines[i], data.draw(st.integers(0, 5)), data.draw(cells))
        elif how == "raw":
            lines[i] = data.draw(texts)
        elif how == "drop":
            del lines[i]
            lines = lines or [""]
        else:
            lines.insert(i, lines[i])
    folder.write(name, "\n".join(lines))
    try:
        outcome(folder.root)
    finally:
        folder.restore()

KEY_LINE = re.compile(r"^(\s*[A-Za-z0-9_.\"-]+\s*=\s*)(.+?)\s*(#.*)?$")

@examples(200)
@given(data=st.data())
def test_mutated_toml_gives_a_kit_or_located_problems(folder: Folder,
                                                      data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(folder.named(".toml")), label="file")
    lines = folder.text(name).split("\n")
    keyed = [i for i, line in enumerate(lines) if KEY_LINE.match(line)]
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        i = data.draw(st.sampled_from(keyed), label="line")
        how = data.draw(st.sampled_from(["value", "value", "value", "drop", "header"]))
        if how == "value":
            lines[i] = KEY_LINE.sub(lambda m: m.group(1), lines[i]) + data.draw(toml_values)
        elif how == "drop":
            lines[i] = ""
        else:
            lines[i] = "[" + data.draw(st.sampled_from(["game", "board", "x", "card", "[card]",
                                                        "scoring.state"])) + "]"
    folder.write(name, "\n".join(lines))
    try:
        outcome(folder.root)
    finally:
        folder.restore()

STRING_LINE = re.compile(r'^(\s*[A-Za-z0-9_]+\s*=\s*)"(.*)"\s*$')

@examples(100)
@given(data=st.data())
def test_random_texts_give_a_kit_or_located_problems(folder: Folder,
                                                     data: st.DataObject) -> None:
    name = data.draw(st.sampled_from([n for n in folder.named(".toml")
                                      if n.startswith("text/")]), label="file")
    lines = folder.text(name).split("\n")
    strings = [i for i, line in enumerate(lines) if STRING_LINE.match(line)]
    for _ in range(data.draw(st.integers(1, 4), label="texts")):
        i = data.draw(st.sampled_from(strings), label="line")
        value = json.dumps(data.draw(texts, label="text"), ensure_ascii=False)
        lines[i] = STRING_LINE.sub(lambda m: m.group(1), lines[i]) + value.replace(
            "\x7f", "\\u007f")
    folder.write(name, "\n".join(lines))
    try:
        outcome(folder.root)
    finally:
        folder.restore()

CARD_FORMATS = load_print_spec().formats
blocks = st.lists(st.one_of(
    st.builds(Para, texts, st.sampled_from(["body", "small", "strong", "note"])),
    st.builds(Heading, texts), st.builds(Row, texts, texts)), max_size=5)

@examples(120, per_game=False)
@given(title=texts, band=texts, footer=texts, body=blocks,
       size=st.sampled_from(sorted(CARD_FORMATS)), back=st.booleans())
def test_any_card_text_is_laid_out_or_named_as_a_problem(title: str, band: str, footer: str,
                                                         body: list, size: str,
                                                         back: bool) -> None:
    card = CardText("card", title, tuple(body), band=band, colour="#E8A33D", footer=footer,
                    full_colour=back)
    problems = Problems()
    face = card_face(card, *CARD_FORMATS[size], Where("text/nl.toml", 0, "chance.card"),
                     problems)
    if problems:
        assert all(p.where.field.startswith("chance.card") for p in problems.items)
    else:  # everything drawn stays on the card with its bleed
        for op in face.ops:
            x, y = getattr(op, "x", 0), getattr(op, "y", 0)
            assert -face.bleed - 1e-6 <= x <= face.width + face.bleed + 1e-6
            assert -face.bleed - 1e-6 <= y <= face.height + face.bleed + 1e-6

@examples(12)
@given(data=st.data())
def test_mutated_games_render_to_valid_pdfs_or_fail_located(folder: Folder, tmp_path: Path,
                                                            data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(folder.named(".csv")), label="file")
    lines = csv_lines(folder.text(name))
    i = data.draw(st.integers(1, max(1, len(lines) - 1)), label="line")
    lines[i] = with_cell(lines[i], data.draw(st.integers(0, 5)),
                         data.draw(st.integers(-5, 120).map(str)))
    folder.write(name, "\n".join(lines))
    out = Path(tempfile.mkdtemp(dir=tmp_path)) / "out"
    try:
        built = build(folder.root.name, ["nl"], folder.root.parent, out, Options(), workers=1)
    except PrintkitError as exc:
        assert all(p.where.path for p in exc.problems)
        assert not out.exists()
        return
    finally:
        folder.restore()
    for item in built:
        assert len(PdfReader(item.path).pages) == item.pages >= 1
