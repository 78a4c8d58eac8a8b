"""Themes: pictures, fonts and colours of a game's own, as a print shop would check them.

The test game is klassiek with a [theme]: a board-centre logo (with transparency), a deck
back (a JPEG stored on its side, with an EXIF orientation), a picture on one card front
and one deed, a booklet cover, a ledger logo and DejaVu Serif as body font. The pictures
are drawn here with Pillow; the font is tests/fixtures/fonts/DejaVuSerif.ttf.
"""

from __future__ import annotations

import shutil
import struct
import zlib
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from printkit.cli import app
from printkit.errors import PrintkitError
from printkit.options import Options, Request
from printkit.pipeline import build
from printkit.preflight import check_pdf
from printkit.resources import builtin

ROOT = Path(__file__).resolve().parent
SERIF = ROOT / "fixtures" / "fonts" / "DejaVuSerif.ttf"
BACK = (32, 96, 160)  # the back's ground colour
runner = CliRunner()
THEME = """
[theme]
accent = "#205A40"
booklet_heading = "#205A40"

[theme.fonts]
body = "fonts/DejaVuSerif.ttf"

[theme.pictures]
board_centre = "art/logo.png"
cover = "art/cover.png"
logo = "art/logo.png"

[theme.backs]
chance = "art/back.jpg"

[theme.cards]
"chance.to_start" = "art/start.png"
"deeds.molenweg" = "art/molenweg.png"
"""


def drawing(size: tuple[int, int], colour: tuple[int, int, int], mode: str = "RGB"
            ) -> Image.Image:
    """A picture of its own: a ground, a frame and a disc (so no two are alike)."""
    im = Image.new(mode, size, colour + ((255,) if mode == "RGBA" else ()))
    d = ImageDraw.Draw(im)
    w, h = size
    d.rectangle((w // 20, h // 20, w - w // 20, h - h // 20), outline=(250, 250, 250),
                width=max(2, w // 60))
    d.ellipse((w // 3, h // 3, 2 * w // 3, 2 * h // 3), fill=(230, 180, 40))
    return im


def themed_game(data: Path, extra: str = "") -> Path:
    """klassiek with the theme above (and `extra` appended to game.toml) as data/themed."""
    game = data / "themed"
    shutil.copytree(builtin("data") / "klassiek", game)
    art = game / "art"
    art.mkdir()
    logo = Image.new("RGBA", (900, 900), (0, 0, 0, 0))  # transparent round the disc
    ImageDraw.Draw(logo).ellipse((0, 0, 899, 899), fill=(120, 20, 40, 255))
    logo.save(art / "logo.png")
    drawing((1800, 900), (200, 120, 60)).save(art / "cover.png")
    exif = Image.Exif()
    exif[0x0112] = 6  # stored turned: shown upright after a quarter turn clockwise
    drawing((800, 1200), BACK).save(art / "back.jpg", quality=92, exif=exif)
    drawing((900, 600), (40, 140, 90)).save(art / "start.png")
    drawing((700, 450), (90, 60, 150)).save(art / "molenweg.png")
    (game / "fonts").mkdir()
    shutil.copyfile(SERIF, game / "fonts" / "DejaVuSerif.ttf")
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write(THEME + extra)
    return game


@pytest.fixture(scope="module")
def themed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The themed game built in RGB and in CMYK (Dutch): output folder per colour mode."""
    data = tmp_path_factory.mktemp("data")
    themed_game(data)
    found = {}
    for mode in ("rgb", "cmyk"):
        out = tmp_path_factory.mktemp(mode)
        build(Request("themed", ("nl",), data=data, options=Options(cmyk=mode == "cmyk")), out)
        found[mode] = out / "themed" / "nl"
    for mode, cmyk in (("shop", False), ("pdfx", True)):
        shop = tmp_path_factory.mktemp(mode)
        build(Request("themed", ("nl",), data=data, options=Options(target="shop", cmyk=cmyk),
                      only=("chance", "board") if cmyk else ("chance",)), shop)
        found[mode] = shop / "themed" / "nl" / "shop-eu"
    found["data"] = data / "themed"
    return found


def images(reader: PdfReader) -> dict[int, dict]:
    """Every image XObject a PDF draws (pages and forms, recursively) by object number;
    soft masks are part of their image, not images of their own."""
    found: dict[int, dict] = {}
    seen: set[int] = set()

    def walk(resources) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                found[ref.idnum] = obj
            elif obj.get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


@pytest.mark.parametrize("file, pictures", [("board.pdf", 1), ("chance.pdf", 2),
                                            ("deeds.pdf", 1), ("rules.pdf", 1),
                                            ("rules-booklet.pdf", 1), ("ledger.pdf", 1),
                                            ("community.pdf", 0)])
def test_each_picture_is_embedded_once_however_often_it_is_drawn(themed, file: str,
                                                                 pictures: int) -> None:
    reader = PdfReader(themed["rgb"] / file)
    found = images(reader)
    assert len(found) == pictures
    raw = (themed["rgb"] / file).read_bytes()
    masks = raw.count(b"/SMask")
    assert raw.count(b"/Subtype /Image") == pictures + masks  # nothing else, no copies
    if file == "ledger.pdf":
        assert len(reader.pages) >= 4  # the one logo heads every sheet


def test_transparency_is_kept_as_a_soft_mask(themed) -> None:
    (logo,) = images(PdfReader(themed["rgb"] / "board.pdf")).values()
    mask = logo["/SMask"].get_object()
    assert mask["/ColorSpace"] == "/DeviceGray"
    assert (logo["/Width"], logo["/Height"]) == (900, 900)


def test_exif_orientation_is_honoured(themed) -> None:
    sizes = {(int(i["/Width"]), int(i["/Height"]))
             for i in images(PdfReader(themed["rgb"] / "chance.pdf")).values()}
    assert (1200, 800) in sizes  # stored 800 × 1200, turned upright


def colour_operators(reader: PdfReader) -> set[bytes]:
    ops: set[bytes] = set()
    streams = [ContentStream(p.get_contents(), reader) for p in reader.pages]
    for obj in (o.get_object() for o in reader.resolved_objects.values()
                if hasattr(o, "get_object")):
        if isinstance(obj, dict) and obj.get("/Subtype") == "/Form":
            streams.append(ContentStream(obj, reader))
    for stream in streams:
        ops |= {op for _, op in stream.operations if op in (b"rg", b"RG", b"k", b"K")}
    return ops


def test_cmyk_leaves_no_rgb_picture_or_operator_in_any_pdf(themed) -> None:
    files = sorted(themed["cmyk"].glob("*.pdf"))
    assert len(files) >= 8
    pictures = 0
    for path in files:
        reader = PdfReader(path)
        for image in images(reader).values():
            pictures += 1
            assert image["/ColorSpace"] == "/DeviceCMYK", path.name
        raw = path.read_bytes()
        assert b"/DeviceRGB" not in raw, path.name
        ops = colour_operators(reader)
        assert b"rg" not in ops, path.name
        assert b"RG" not in ops, path.name
    assert pictures == 9  # not vacuous (board-a4 and the blank ledger hold the logo too)
    rgb = PdfReader(themed["rgb"] / "chance.pdf")
    assert {i["/ColorSpace"] for i in images(rgb).values()} == {"/DeviceRGB"}


def test_cmyk_pictures_go_through_the_icc_profile(themed) -> None:
    """The back's blue ground through FOGRA39 has black ink in it; the naive formula
    (K = 1 - max(R, G, B)) would give 37 % K and no more than that in cyan either."""
    from printkit.render.images import prepared

    cmyk, *_ = prepared(str(themed["data"] / "art" / "back.jpg"), True)
    c, _, _, k = cmyk.getpixel((10, 10))
    r, g, b = BACK
    naive_k = 1 - max(r, g, b) / 255
    assert cmyk.mode == "CMYK"
    assert abs(k / 255 - naive_k) > 0.05 or abs(c / 255 - (1 - r / 255 - naive_k)
                                                / (1 - naive_k)) > 0.05


def test_a_full_bleed_back_covers_the_bleed(themed) -> None:
    """Shop output: each page is the card with 3 mm bleed. Pixels between the trim and
    the page edge, all round a back, are the back's blue."""
    pdf = pdfium.PdfDocument(themed["shop"] / "chance.pdf")
    page = pdf[1]  # front, back, front, …
    scale = 300 / 72
    bitmap = page.render(scale=scale).to_pil().convert("RGB")
    w, h = bitmap.size
    edge = round(1.5 / 25.4 * 300)  # 1.5 mm in from the page edge: inside the bleed
    points = [(x, y) for x in (edge, w // 4, w // 2, 3 * w // 4, w - 1 - edge)
              for y in (edge, h - 1 - edge)]
    points += [(x, y) for y in (h // 4, h // 2, 3 * h // 4) for x in (edge, w - 1 - edge)]
    for point in points:
        r, g, b = bitmap.getpixel(point)
        assert all(abs(got - want) < 40 for got, want in zip((r, g, b), BACK, strict=True)), \
            (point, (r, g, b))


def test_the_chosen_font_is_the_embedded_one(themed) -> None:
    reader = PdfReader(themed["rgb"] / "chance.pdf")
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"].get("/Font", {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert any(f.endswith("+DejaVuSerif") for f in fonts), fonts
    assert any("DejaVuSansCondensed-Bold" in f for f in fonts)  # headings: not chosen


def test_preflight_passes_every_themed_output(themed) -> None:
    files = [p for mode in ("rgb", "cmyk", "pdfx") for p in themed[mode].glob("*.pdf")]
    assert len(files) >= 17
    for path in files:
        assert check_pdf(path).problems == [], path
    # a shop file in RGB is refused for what it claims to be, pictures or not
    problems = check_pdf(themed["shop"] / "chance.pdf").problems
    assert any("RGB colour in a file for a print shop" in p for p in problems), problems


def test_a_pdfx_file_lays_a_transparent_picture_on_its_ground(themed) -> None:
    """PDF/X-1a allows no soft mask: the logo's transparent parts take the board's ground
    (in RGB the same logo keeps its transparency)."""
    assert b"/SMask" in (themed["rgb"] / "board.pdf").read_bytes()
    board = themed["pdfx"] / "board.pdf"
    assert b"GTS_PDFXVersion" in board.read_bytes()
    for path in themed["pdfx"].glob("*.pdf"):
        assert b"/SMask" not in path.read_bytes(), path


def build_errors(data: Path, *args: str) -> list[str]:
    result = runner.invoke(app, ["build", "themed", "--data", str(data), "--out",
                                 str(data.parent / "out"), *args])
    assert result.exit_code == 2, result.output
    return [line for line in result.stderr.splitlines() if line.startswith("error:")]


def test_a_72_ppi_picture_at_card_size_is_a_located_error(tmp_path: Path) -> None:
    game = themed_game(tmp_path / "data")
    # the back covers the chance card (87 × 56 mm) and its bleed: 93 mm at 72 ppi
    drawing((264, 176), BACK).save(game / "art" / "back.jpg")
    errors = build_errors(tmp_path / "data")
    assert len(errors) == 1, errors
    assert errors[0].startswith("error: themed/game.toml:")
    assert "theme.backs.chance, on chance (every back):" in errors[0]
    assert "art/back.jpg' has 72 ppi" in errors[0]
    assert "under 150 ppi" in errors[0]
    ok = runner.invoke(app, ["build", "themed", "--data", str(tmp_path / "data"), "--out",
                             str(tmp_path / "out"), "--allow-low-resolution"])
    assert ok.exit_code == 0, ok.output
    assert "warning: themed/game.toml" in ok.stderr
    assert "72 ppi" in ok.stderr


def test_a_picture_under_300_ppi_is_a_warning(tmp_path: Path) -> None:
    game = themed_game(tmp_path / "data")
    drawing((900, 600), BACK).save(game / "art" / "back.jpg")  # 93 mm at 246 ppi
    result = runner.invoke(app, ["build", "themed", "--data", str(tmp_path / "data"),
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, warnings  # once, though every back is drawn with it
    assert "art/back.jpg' has 246 ppi" in warnings[0]
    shown = runner.invoke(app, ["preview", "themed", "--only", "chance", "--dpi", "10",
                                "--data", str(tmp_path / "data"), "--out",
                                str(tmp_path / "out")])
    assert shown.exit_code == 0, shown.output
    assert [line for line in shown.stderr.splitlines() if line.startswith("warning:")] == \
        warnings  # preview says it too
    checked = runner.invoke(app, ["check", "themed", "--data", str(tmp_path / "data")])
    assert checked.exit_code == 0, checked.output
    assert [line for line in checked.stderr.splitlines() if line.startswith("warning:")] == \
        warnings  # and check, which builds without writing


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims width × height pixels (a decompression bomb)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\0" * 1024)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("case, expected", [
    ("bomb", "more than the 48 million printkit decodes"),
    ("huge bomb", "too large to decode"),
    ("truncated", "cannot be read"),
    ("not a picture", "is not a PNG or JPEG picture"),
    ("svg", "is an SVG drawing"),
    ("outside", "is outside the game folder"),
    ("missing", "no such file"),
])
def test_bad_pictures_are_located_errors(tmp_path: Path, case: str, expected: str) -> None:
    game = themed_game(tmp_path / "data")
    target = game / "art" / "cover.png"
    if case == "bomb":
        target.write_bytes(png_claiming(9000, 9000))
    elif case == "huge bomb":
        target.write_bytes(png_claiming(60000, 60000))
    elif case == "truncated":
        data = target.read_bytes()
        target.write_bytes(data[: len(data) // 2])
    elif case == "not a picture":
        target.write_text("hello")
    elif case in ("svg", "outside", "missing"):
        name = {"svg": "art/cover.svg", "outside": "../klassiek/x.png",
                "missing": "art/none.png"}[case]
        (game / "art" / "cover.svg").write_text("<svg/>")
        toml = game / "game.toml"
        toml.write_text(toml.read_text("utf-8").replace('"art/cover.png"', f'"{name}"'),
                        "utf-8")
    errors = build_errors(tmp_path / "data")
    assert len(errors) == 1, errors
    assert errors[0].startswith("error: themed/game.toml:"), errors
    assert "theme.pictures.cover" in errors[0], errors
    assert expected in errors[0], errors


@pytest.mark.parametrize("content, expected", [
    (b"OTTO" + b"\0" * 200, "PostScript (CFF) outlines"),
    (b"\0\1\0\0" + b"\0" * 8, "cannot be read as a TrueType font"),
    ("restricted", "does not allow embedding"),
])
def test_a_font_printkit_cannot_embed_is_refused(tmp_path: Path, content: bytes | str,
                                                 expected: str) -> None:
    game = themed_game(tmp_path / "data")
    if content == "restricted":  # DejaVu Serif with its fsType set to "restricted licence"
        from printkit.truetype import tables

        data = bytearray(SERIF.read_bytes())
        struct.pack_into(">H", data, tables(bytes(data))[b"OS/2"] + 8, 0x0002)
        content = bytes(data)
    assert isinstance(content, bytes)
    (game / "fonts" / "DejaVuSerif.ttf").write_bytes(content)
    errors = build_errors(tmp_path / "data")
    assert len(errors) == 1
    assert "theme.fonts.body" in errors[0]
    assert expected in errors[0]


def test_a_glyph_the_chosen_font_lacks_names_font_glyph_and_text(tmp_path: Path) -> None:
    game = themed_game(tmp_path / "data")
    text = game / "text" / "nl.toml"
    text.write_text(text.read_text("utf-8").replace('name = "Kans"', 'name = "Kans Ѡ"'),
                    "utf-8")
    errors = build_errors(tmp_path / "data", "--lang", "nl")
    assert errors
    assert all("'Ѡ' (U+0460) is not in the font DejaVuSerif.ttf" in e for e in errors)
    assert any("(body, italic), in 'Kans Ѡ'" in e for e in errors), errors


@pytest.mark.parametrize("extra, expected", [
    ('\n[theme.squares]\n"0" = "art/logo.png"\n', "no square '0'"),
    ('\n[theme.squares]\n"1" = "art/logo.png"\n"x" = "art/logo.png"\n', "by its position"),
    ('\n[theme.squares]\n"²" = "art/logo.png"\n', "by its position"),  # a digit to isdigit
    ('\n[theme.backs]\nnone = "art/logo.png"\n', "no deck 'none'"),
    ('\n[theme.pictograms]\nrocket = "art/logo.png"\n', "unknown pictogram"),
    ('\n[theme.colour]\naccent = "#112233"\n', "unknown theme key; known keys are"),
])
def test_theme_keys_are_checked(tmp_path: Path, extra: str, expected: str) -> None:
    game = themed_game(tmp_path / "data")
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace('[theme.backs]\nchance = "art/back.jpg"\n',
                                                    "") + extra, "utf-8")
    errors = build_errors(tmp_path / "data")
    assert any(expected in e and "game.toml:" in e for e in errors), errors


def test_a_card_the_game_lacks_is_a_located_problem(tmp_path: Path) -> None:
    """A picture for a card the game has not (a misspelt id) is not left out silently."""
    game = themed_game(tmp_path / "data")
    toml = game / "game.toml"
    toml.write_text(toml.read_text("utf-8").replace('"chance.to_start"', '"chance.to_strat"'),
                    "utf-8")
    for only in ((), ("--only", "chance")):  # a build of the deck alone too
        errors = build_errors(tmp_path / "data", *only)
        assert any("game.toml:" in e and "theme.cards.chance.to_strat: no card "
                   "'chance.to_strat' in this game; known: " in e for e in errors), errors
    toml.write_text(toml.read_text("utf-8").replace('"chance.to_strat"', '"chance.to_start"'),
                    "utf-8")  # the other decks' pictures are not judged by a deck's build
    result = runner.invoke(app, ["build", "themed", "--only", "chance", "--data",
                                 str(tmp_path / "data"), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_print_settings_override_the_games_theme(tmp_path: Path) -> None:
    themed_game(tmp_path / "data")
    config = tmp_path / "printkit.toml"
    config.write_text('[theme]\naccent = "#112233"\nboard_title = false\n', "utf-8")
    out = tmp_path / "out"
    build(Request("themed", ("nl",), data=tmp_path / "data",
                  options=Options(allow_low_resolution=True), only=("board",), config=config),
          out)
    reader = PdfReader(out / "themed" / "nl" / "board.pdf")
    assert "Klassiek" not in reader.pages[0].extract_text()  # the picture instead of it
    assert len(images(reader)) == 1
    assert b"0.066667 0.133333 0.2" not in reader.pages[0].get_contents().get_data()  # no
    # banner left in the accent colour (#112233) either


def test_new_copies_the_themed_game_and_it_builds(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "mine", "--from", "koebstad", "--data",
                                 str(tmp_path / "data")])
    assert result.exit_code == 0, result.output
    game = tmp_path / "data" / "mine"
    assert (game / "art" / "back.png").is_file()
    assert (game / "art" / "LICENSE.txt").is_file()
    assert "[theme.pictures]" in (game / "game.toml").read_text("utf-8")
    out = tmp_path / "out"
    build(Request("mine", ("da",), data=tmp_path / "data"), out)
    assert len(images(PdfReader(out / "mine" / "da" / "chance.pdf"))) == 1


def test_without_a_theme_a_picture_free_build_has_no_images(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(Request("klassiek", ("nl",), only=("board", "chance")), out)
    for path in (out / "klassiek" / "nl").glob("*.pdf"):
        assert b"/Subtype /Image" not in path.read_bytes()


def test_a_build_error_is_not_a_traceback(tmp_path: Path) -> None:
    game = themed_game(tmp_path / "data")
    (game / "art" / "back.jpg").write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 50)
    with pytest.raises(PrintkitError) as caught:
        build(Request("themed", ("nl",), data=tmp_path / "data"), tmp_path / "out")
    assert "art/back.jpg" in str(caught.value)


def test_check_reports_a_broken_picture_of_the_theme(tmp_path: Path) -> None:
    game = themed_game(tmp_path / "data")
    (game / "art" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    result = runner.invoke(app, ["check", "themed", "--data", str(tmp_path / "data")])
    assert result.exit_code == 2
    assert "theme.pictures.board_centre: 'art/logo.png' is not a PNG or JPEG" in result.stderr


def test_a_numbers_font_draws_the_amounts(tmp_path: Path) -> None:
    """[theme.fonts] numbers: the amounts on deeds and the prices on the board, and
    nothing else (labels keep the bundled font)."""
    import pdfplumber

    game = tmp_path / "data" / "numbered"
    shutil.copytree(builtin("data") / "klassiek", game)
    (game / "fonts").mkdir()
    shutil.copyfile(SERIF, game / "fonts" / "DejaVuSerif.ttf")
    with (game / "game.toml").open("a", encoding="utf-8") as f:
        f.write('\n[theme.fonts]\nnumbers = "fonts/DejaVuSerif.ttf"\n')
    build(Request("numbered", ("nl",), data=tmp_path / "data", only=("deeds", "board")),
          tmp_path / "out")
    for name in ("deeds.pdf", "board.pdf"):
        with pdfplumber.open(tmp_path / "out" / "numbered" / "nl" / name) as pdf:
            chars = pdf.pages[0].chars
        euros = {c["fontname"].split("+")[-1] for c in chars if c["text"] == "€"}
        # every amount of a deed; a board's prices (its notes keep the italic)
        assert euros == {"DejaVuSerif"} if name == "deeds.pdf" else "DejaVuSerif" in euros
        letters = {c["fontname"].split("+")[-1] for c in chars if c["text"] == "K"}
        assert letters
        assert "DejaVuSerif" not in letters


def test_a_resolution_just_under_300_ppi_is_not_shown_as_300() -> None:
    """1249 pixels over 105.8 mm are 299.86 ppi: the warning says 299.8, not "300 ppi …
    print shops ask for 300 ppi"."""
    from printkit.errors import Problems, Where
    from printkit.layout.pictures import check_resolution
    from printkit.model.theme import DEFAULT, Picture

    pic = Picture(Path("art/back.png"), "art/back.png", 1249, 800,
                  where=Where("game.toml", 3, "x"))
    problems = Problems()
    check_resolution(pic, 105.8 / 25.4 * 72, "chance", DEFAULT, problems)
    assert len(problems.warnings) == 1
    assert "'art/back.png' has 299.8 ppi at its printed size" in problems.warnings[0].message
