"""Property-based tests: random or mutated game data gives either a kit or located
problems (a PrintkitError whose every problem names its file), never another exception.

Most examples run load, validate, localise and layout without rendering; a few go all the
way to PDF files. The examples are derandomised (the same in every CI run); set
HYPOTHESIS_PROFILE=long (see README) for a long random search. Label catalogs, command-line
options and the PDFs preflight reads are fuzzed too. The examples of each test are shared by
the games of GAMES.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import resource
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import copy_game, source_of
from games import GAMES, IDS
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.errors import PrintkitError, Problems, Where
from printkit.layout.cards import card_face
from printkit.load.printing import load_print_spec
from printkit.localise.kit import CardText, Heading, Para, Row
from printkit.localise.stage import localise
from printkit.options import Options, Request, resolve
from printkit.pipeline import build, documents
from printkit.plan import players_for

settings.register_profile("ci", derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("deep", max_examples=3000, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.function_scoped_fixture])
# the long run (README, "Reliability"): random examples, each stopped after a minute (a
# hang fails), in a process whose memory is capped by FUZZ_MEMORY_MB (a blow-up fails);
# a failing example is kept in .hypothesis/ and tried first by the next long run
settings.register_profile("long", max_examples=1500, deadline=timedelta(seconds=60),
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
LONG = os.environ.get("HYPOTHESIS_PROFILE") in ("deep", "long")
PER_TEST = settings().max_examples if LONG else 0
if os.environ.get("FUZZ_MEMORY_MB"):  # examples run one after another: this caps each
    _cap = int(os.environ["FUZZ_MEMORY_MB"]) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (_cap, _cap))

def examples(n: int, per_game: bool = True) -> settings:
    """n examples in all, shared by the games of GAMES (so that adding a game keeps the
    suite's time)."""
    share = max(4, n // len(GAMES)) if per_game else n
    return settings(max_examples=PER_TEST or share)

# values a person (or a broken editor) might type ------------------------------------------

FRAGMENTS = ["{{", "}}", "{%", "%}", "{#", "|q", " if ", " else ", "strokes(3, 'hand')",
             "amount(2, 'cane')", "name('kitchen')", "in_text('shed')", "number(1234.5)",
             "ordinal(3)", "implement_name('strap')", "10**9", "'x' * 99", "()", "[]",
             "__class__", ".", ",", '"', "'", "\\", "\n", "\t", " ", "#", "€", "ĳ", "漢",
             "🙂", "\u00a0", "\u200b", "\x00", "\x7f", "\u2028", "-1", "0", "999999", "1.5",
             "nan", "true", "[1, 2]", "{ a = 1 }", "1979-05-27",
             "a-" * 3000, "-0" * 2000]  # words of thousands of break points
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
            (self.root / name).parent.mkdir(parents=True, exist_ok=True)  # a game's languages/
            (self.root / name).write_bytes(data)

def outcome(folder: Path) -> str:
    """'kit' or 'problems'; anything else escapes and fails the test."""
    try:
        source = source_of(str(folder))
        game = source.game
        options = resolve(Options(players=players_for(game, None)),
                          load_print_spec(source.setup.manifest))
        kit = localise(source.setup.system, game, source.setup.languages[game.source_language])
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
                    full_colour=back, where=Where("text/nl.toml", 0, "chance.card"))
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
        built = build(Request(folder.root.name, ("nl",), data=folder.root.parent), out, workers=1)
    except PrintkitError as exc:
        assert all(p.where.path for p in exc.problems)
        assert not out.exists()
        return
    finally:
        folder.restore()
    for item in built:
        assert len(PdfReader(item.path).pages) == item.pages >= 1


# label catalogs ----------------------------------------------------------------------------

PO_FRAGMENTS = ["{", "}", "{n}", "{n:>999999999}", "{n!r}", "{0}", "{{", "}}", "%s", "%d",
                "\\", '\\"', "\x00", "\\0", "\\n", "#, fuzzy", "msgid", "msgstr",
                "msgstr[0]", "msgid_plural", "msgctxt", '""', "nplurals=9;", "plural=(n/0);",
                "plural=(n != 1);", "charset=latin-1", "é", "漢"]
po_texts = st.lists(st.one_of(st.sampled_from(PO_FRAGMENTS), words), max_size=8).map("".join)


@examples(60)
@given(data=st.data())
def test_mutated_catalogs_give_a_kit_or_located_problems(folder: Folder,
                                                         data: st.DataObject) -> None:
    """The game's own label catalog of its source language, changed line by line."""
    import tomllib

    from conftest import ROOT

    source = tomllib.loads(folder.text("game.toml"))["game"]["source_language"]
    name = f"languages/{source}/messages.po"
    template = ROOT / "templates" / "languages" / source
    (folder.root / "languages" / source).mkdir(parents=True, exist_ok=True)
    folder.write(f"languages/{source}/language.toml",
                 (template / "language.toml").read_text("utf-8"))
    lines = (template / "messages.po").read_text("utf-8").split("\n")
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        how = data.draw(st.sampled_from(["string", "string", "raw", "drop", "twice"]))
        if how == "string":
            head = lines[i].split(" ", 1)[0] if lines[i].startswith("msg") else '"'
            value = json.dumps(data.draw(po_texts, label="text"), ensure_ascii=False)
            lines[i] = (head + " " + value) if head != '"' else value
        elif how == "raw":
            lines[i] = data.draw(po_texts, label="raw")
        elif how == "drop":
            del lines[i]
        else:
            lines.insert(i, lines[i])
    folder.write(name, "\n".join(lines))
    try:
        outcome(folder.root)
    finally:
        shutil.rmtree(folder.root / "languages")
        folder.restore()


# command-line options -------------------------------------------------------------------

NUMBERS = ["0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "inf", "-inf", "nan", "1e-320",
           "9" * 40, "", " ", "1,2", "1,", ",1", "1,2,3", "x", "1e3,1e3", "nan,0", "0,inf",
           "3,-2.5", "1_0", "0x10", "\uff11"]  # the last a full-width digit one
option_values = st.one_of(st.sampled_from(NUMBERS), words)
OPTIONS = {
    "calibrate": ["--paper", "--duplex", "--back-offset", "--lang", "--color", "--printer"],
    "build": ["--lang", "--players", "--paper", "--duplex", "--back-offset", "--target",
              "--vendor", "--board-size", "--color", "--printer"],
    "preflight": ["--safe", "--min-size", "--min-ppi"],
}
CHOICES = {"--paper": ["a4", "letter", "a3"], "--duplex": ["long", "short", "none"],
           "--lang": ["nl", "nb", "da", "all"], "--color": ["rgb", "cmyk"],
           "--target": ["home", "shop"], "--vendor": ["eu", "us", "drivethru"],
           "--board-size": ["a2", "a1", "450mm", "1200mm"], "--players": ["2", "4", "6"]}


@examples(24, per_game=False)
@given(data=st.data())
def test_any_command_line_options_give_output_or_a_refusal(cli, tmp_path: Path,
                                                          data: st.DataObject) -> None:
    """Exit 0 with files, or 2 with every line an error (or the parser's usage and error)
    and nothing written (1 only for preflight's problems); never a traceback (the runner
    lets exceptions through)."""
    command = data.draw(st.sampled_from(["calibrate", "calibrate", "preflight", "build"]),
                        label="command")
    args: list[str] = []
    for option in data.draw(st.lists(st.sampled_from(OPTIONS[command]), min_size=1,
                                     max_size=3, unique=True), label="options"):
        choices = st.sampled_from(CHOICES[option]) if option in CHOICES else st.nothing()
        args += [option, data.draw(st.one_of(option_values, choices), label=option)]
    out = Path(tempfile.mkdtemp(dir=tmp_path)) / "out"
    if command == "preflight":
        pdf = out.parent / "sheet.pdf"
        pdf.write_bytes(CALIBRATION)
        run = cli("preflight", *args, str(pdf))
    else:
        run = cli(command, *args, "--out", str(out))
    event(f"{command}: exit {run.code}")
    assert run.code in ((0, 1, 2) if command == "preflight" else (0, 2)), run.err
    if run.code == 2:  # printkit's own refusal, or the parser's (a value of the wrong type)
        said = [line for line in run.errors if not line.startswith("note: ")]
        refused = said[0].startswith("Usage: ") and said[-1].startswith("error: ")
        assert refused or all(line.startswith("error: ") for line in said[:-1] or said), \
            run.err
        assert not out.exists()


# preflight's input ----------------------------------------------------------------------

def _calibration() -> bytes:
    from printkit.pipeline import calibration

    return calibration(Options(), "nl")[1]


CALIBRATION = _calibration()
PDF_FRAGMENTS = [b"/MediaBox [0 0 1e999 1]", b"/TrimBox [0 0 200]", b"/CropBox (x)",
                 b"/BBox [0 0 nan nan]", b"/Subtype /Type0", b"/DescendantFonts []",
                 b"/Font 1 0 R", b"/XObject << /X 5 0 R >>", b"[" * 200, b"<<" * 200,
                 b"/Keywords (printkit-tiles pages=1-99999999999)", b"/Count 99999999",
                 b"/Length 999999999", b"9" * 5000, b"0 0 1 1 re f\n" * 50, b"endstream",
                 b"endobj", b"xref", b"trailer", b"%%EOF", b"\x00", b"-1", b"/Parent 3 0 R"]


@examples(40, per_game=False)
@given(data=st.data())
def test_any_pdf_is_judged_or_refused_in_one_line(tmp_path: Path,
                                                  data: st.DataObject) -> None:
    """A printkit PDF or a hostile one (tests/hostile_pdfs.py), cut, flipped or with
    fragments inserted: a report, or one line saying it cannot be read or judged."""
    from hostile_pdfs import HOSTILE

    from printkit.preflight import check_pdf

    names = ["calibration", *sorted(n for n in HOSTILE if "million" not in n)]
    name = data.draw(st.sampled_from(names), label="pdf")
    pdf = bytearray(CALIBRATION if name == "calibration" else HOSTILE[name])
    for _ in range(data.draw(st.integers(0, 4), label="mutations")):
        at = data.draw(st.integers(0, len(pdf)), label="at")
        how = data.draw(st.sampled_from(["insert", "flip", "cut", "drop"]))
        if how == "insert":
            pdf[at:at] = data.draw(st.sampled_from(PDF_FRAGMENTS), label="fragment")
        elif how == "flip" and at < len(pdf):
            pdf[at] = data.draw(st.integers(0, 255), label="byte")
        elif how == "cut":
            del pdf[at:]
        else:
            del pdf[at:at + data.draw(st.integers(1, 200), label="length")]
    path = Path(tempfile.mkdtemp(dir=tmp_path)) / "file.pdf"
    path.write_bytes(bytes(pdf))
    try:
        report = check_pdf(path)
    except PrintkitError as exc:
        assert len(exc.problems) == 1
        line = str(exc.problems[0])
        assert "\n" not in line
        assert line.startswith(str(path))
        event(line.split(": ", 2)[1][:20])
        return
    event("judged")
    assert report.pages >= 0
    assert all("\n" not in p for p in report.problems)


# fonts a theme names --------------------------------------------------------------------

FONT_VALUES = [0, 1, 2, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFF, 0x8000, 0xFFFFFFFF, 0x7FFFFFFF,
               0x10000, 0x10FFFF, 0x110000]


@examples(40, per_game=False)
@given(data=st.data())
def test_any_font_is_refused_or_measured_and_embedded(tmp_path: Path,
                                                      data: st.DataObject) -> None:
    """A real font (tests/hostile_fonts.py) with bytes of a table changed, a table moved,
    cut or dropped, a hostile character map put in, or the file cut: the font gate refuses
    it with a reason, or layout measures it and the PDF writer embeds it."""
    import struct

    import hostile_fonts as hf
    from test_font_gate import embeds

    from printkit.load.fontfiles import font_problem
    from printkit.truetype import advances, character_map

    font = bytearray(hf.serif())
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        tag = data.draw(st.sampled_from(sorted(hf.entries(bytes(font)))), label="table")
        offset, length = struct.unpack_from(">II", font, hf.entries(bytes(font))[tag] + 8)
        how = data.draw(st.sampled_from(["value", "value", "byte", "move", "cut", "drop",
                                         "cmap", "truncate"]), label="how")
        if how in ("value", "byte") and length > 4 and offset + length <= len(font):
            at = offset + data.draw(st.integers(0, min(length, 512) - 4), label="at")
            if how == "value":
                value = data.draw(st.sampled_from(FONT_VALUES), label="value")
                width = data.draw(st.sampled_from([2, 4]), label="width")
                font[at:at + width] = (value % 256 ** width).to_bytes(width, "big")
            else:
                font[at] = data.draw(st.integers(0, 255), label="byte")
        elif how == "move":
            font = bytearray(hf.moved(bytes(font), tag, data.draw(st.sampled_from(
                [0, 12, len(font) - 2, len(font) + 9, 0xFFFFFFF0]), label="offset")))
        elif how == "cut":
            font = bytearray(hf.moved(bytes(font), tag, offset, data.draw(
                st.integers(0, length), label="length")))
        elif how == "drop":
            font = bytearray(hf.without(bytes(font), tag))
        elif how == "cmap" and b"cmap" in hf.entries(bytes(font)):
            groups = data.draw(st.lists(st.tuples(*[st.sampled_from(FONT_VALUES)] * 3),
                                        min_size=1, max_size=4), label="groups")
            subtable = (hf.format12(groups) if data.draw(st.booleans(), label="format 12")
                        else hf.format4([(a & 0xFFFF, b & 0xFFFF, c & 0x7FFF)
                                         for a, b, c in groups]))
            font = bytearray(hf.replaced(bytes(font), b"cmap", hf.cmap(subtable)))
        elif how == "truncate":
            del font[data.draw(st.integers(0, len(font)), label="cut at"):]
            break
    why = font_problem(bytes(font))
    if why:
        event(why.split("(")[-1][:40])
        assert why.startswith(("cannot be read", "is not a TrueType", "does not allow")), why
        return
    event("measured and embedded")
    units, widths = advances(bytes(font))
    assert units
    assert widths
    assert all(glyph < len(widths) for glyph in character_map(bytes(font)).values())
    assert embeds(bytes(font), Path(tempfile.mkdtemp(dir=tmp_path)))


# pictures of a rule booklet -------------------------------------------------------------

def _pictures() -> dict[str, bytes]:
    from PIL import Image

    made = {}
    clear = Image.new("RGBA", (64, 40), (200, 40, 40, 255))
    clear.putpixel((3, 3), (0, 0, 0, 0))
    for name, im, kind, extra in (
            ("clear.png", clear, "PNG", {}),
            ("palette.png", clear.convert("P"), "PNG", {"transparency": 0}),
            ("photo.jpg", clear.convert("RGB"), "JPEG", {"exif": _turned()}),
            ("grey.jpg", clear.convert("L"), "JPEG", {}),
            ("deep.png", clear.convert("I;16"), "PNG", {})):
        out = io.BytesIO()
        im.save(out, kind, **extra)
        made[name] = out.getvalue()
    return made


def _turned() -> bytes:
    from PIL import Image

    exif = Image.Exif()
    exif[0x0112] = 6  # lies on its side
    return exif.tobytes()


PICTURE_FRAGMENTS = [b"\x00" * 16, b"\xff" * 16, b"IHDR", b"IDAT", b"IEND", b"\xff\xd8",
                     b"\xff\xd9", b"\xff\xc0\x00\x11\x08\xff\xff\xff\xff", b"GIF89a",
                     b"RIFF\x00\x00\x00\x00WEBP", b"BM", b"II*\x00",
                     b"\x00\x00\xea\x60\x00\x00\xea\x60"]  # 60000 × 60000


@examples(40)
@given(data=st.data())
def test_any_booklet_picture_is_printed_or_located(folder: Folder,
                                                   data: st.DataObject) -> None:
    """A picture in the rule booklet, made from a real PNG or JPEG with bytes changed,
    cut or put in: the booklet is laid out (and the picture prepared as render embeds it,
    RGB and CMYK) or the picture is a located problem in rules/<lang>.md."""
    from printkit.render.images import prepared

    base = _pictures()
    name = data.draw(st.sampled_from(sorted(base)), label="picture")
    picture = bytearray(base[name])
    for _ in range(data.draw(st.integers(0, 3), label="mutations")):
        at = data.draw(st.integers(0, len(picture)), label="at")
        how = data.draw(st.sampled_from(["flip", "insert", "cut", "drop"]), label="how")
        if how == "flip" and at < len(picture):
            picture[at] = data.draw(st.integers(0, 255), label="byte")
        elif how == "insert":
            picture[at:at] = data.draw(st.sampled_from(PICTURE_FRAGMENTS), label="fragment")
        elif how == "cut":
            del picture[at:]
        else:
            del picture[at:at + data.draw(st.integers(1, 64), label="length")]
    import tomllib

    source = tomllib.loads(folder.text("game.toml"))["game"]["source_language"]
    rules = f"rules/{source}.md"
    (folder.root / name).write_bytes(bytes(picture))
    folder.write(rules, folder.text(rules) + f"\n\n![een plaatje]({name})\n")
    try:
        if outcome(folder.root) == "kit":
            for cmyk in (False, True):
                colours = prepared(str(folder.root / name), cmyk).colours
                assert colours.size[0] * colours.size[1] > 0
    finally:
        (folder.root / name).unlink()
        folder.restore()


# words that break ------------------------------------------------------------------------

WORD_PIECES = ["a-", "-0", "-", "\u00ad", "|", "a", "ij", "æ", "ø", "å", "straat", "gade",
               "kasse", "laan", "Burgemeester", "0", "9", "—", "–", "'"]
hyphen_words = st.tuples(st.lists(st.sampled_from(WORD_PIECES), min_size=1, max_size=12),
                         st.integers(1, 1200)).map(lambda t: "".join(t[0]) * t[1])


@examples(40, per_game=False)
@given(word=hyphen_words, where=st.sampled_from(["title", "body", "cell"]),
       lang=st.sampled_from(["nl", "nb", "da"]))
def test_any_word_is_broken_or_named_as_a_problem(word: str, where: str, lang: str) -> None:
    """Words of hyphens, soft hyphens, break marks and word-parts up to 30 000 letters
    long (`a-` × 3000 once took 2.9 GB), in a card's title, text or table cell: laid out
    within bounds, or named as a problem of the card."""
    body = (Para(word, "body"),) if where == "body" else (Row(word, "5"),) \
        if where == "cell" else ()
    card = CardText("card", word if where == "title" else "Kans", body, colour="#E8A33D",
                    where=Where("text/nl.toml", 0, "chance.card"))
    problems = Problems()
    card_face(card, *CARD_FORMATS["chance"], Where("text/nl.toml", 0, "chance.card"),
              problems, lang=lang)
    assert all(p.where.field.startswith("chance.card") for p in problems.items)
    event("problems" if problems else "laid out")


# output journals --------------------------------------------------------------------------

def _journal_base() -> bytes:
    from printkit import journal

    return journal.encode("0123456789ab", [
        journal.Entry("game/nl/board.pdf", "0" * 64, True),
        journal.Entry("game/nl/chance.pdf", "1" * 64, False)])


JOURNAL_FRAGMENTS = [b"[" * 50, b"{", b"}", b'"', b"null", b"true", b"-1", b"1e999",
                     b'"../x"', b'"/etc/passwd"', b'"game/nl"', b'"C:\\\\x"', b"\\u0000",
                     b'"' + b"a" * 300 + b'"', b",", b"]", b'"files"', b'"checksum"']


@examples(40, per_game=False)
@given(data=st.data())
def test_any_journal_is_recovered_or_named_as_a_problem(tmp_path: Path,
                                                        data: st.DataObject) -> None:
    """A journal of printkit's own, with bytes changed, cut or put in, or in printkit's
    format with a matching checksum and any paths: recovery acts only on files it wrote
    inside the output folder, or stops with one problem naming the journal; a file
    outside the folder is never touched."""
    from printkit import journal
    from printkit.write import recover

    root = Path(tempfile.mkdtemp(dir=tmp_path))
    out = root / "out"
    (out / "game" / "nl").mkdir(parents=True)
    (out / "game" / "nl" / "board.pdf").write_bytes(b"board")
    outside = root / "outside.txt"
    outside.write_bytes(b"secret")
    if data.draw(st.booleans(), label="forged in printkit's format"):
        paths = data.draw(st.lists(st.one_of(st.sampled_from(
            ["game/nl/board.pdf", "../outside.txt", "game/../../outside.txt", "game/nl",
             "/abs", "game//x", "game/nl/new.pdf", "."]), words), min_size=1, max_size=4),
            label="paths")
        content = journal.encode("0123456789ab", [journal.Entry(p, "2" * 64, False)
                                                  for p in paths])
    else:
        content = bytearray(_journal_base())
        for _ in range(data.draw(st.integers(1, 4), label="mutations")):
            at = data.draw(st.integers(0, len(content)), label="at")
            how = data.draw(st.sampled_from(["flip", "insert", "cut"]), label="how")
            if how == "flip" and at < len(content):
                content[at] = data.draw(st.integers(0, 255), label="byte")
            elif how == "insert":
                content[at:at] = data.draw(st.sampled_from(JOURNAL_FRAGMENTS), label="put")
            else:
                del content[at:]
    (out / ".printkit-journal.0123456789ab.json").write_bytes(bytes(content))
    try:
        recover(out)
        event("recovered")
    except PrintkitError as exc:
        assert len(exc.problems) == 1
        assert exc.problems[0].where.path.endswith(".printkit-journal.0123456789ab.json")
        event(exc.problems[0].message.split(";")[0][:30])
    assert outside.read_bytes() == b"secret"
    assert (out / "game" / "nl" / "board.pdf").read_bytes() == b"board"  # not what it wrote
