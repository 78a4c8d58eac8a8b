"""One picture gate for every picture a game names, wherever it is used: the theme's, the
cards' and squares', the ledgers' logo and the rule booklet's. The booklet skipped every
check (a pipe hung the build, a bomb was a traceback, a GIF named .png failed in render),
and a picture within the pixel cap could take 2.5 GB (1 × 60 000 000 pixels: Pillow holds
8 bytes for every row of every copy)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image
from test_theme import png_claiming, themed_game

from printkit import imaging

# name in the game folder -> what the gate says of it (after its name)
SHAPES = {
    "pipe.png": "is not a regular file (a pipe or a device)",
    "folder.png": "is a folder, not a file",
    "bomb.png": "is too large to decode (a decompression bomb?); scale it down",
    "81m.png": "has 9000 × 9000 pixels, more than the 48 million printkit decodes; scale it "
               "down",
    "144m.png": "has 12000 × 12000 pixels, more than the 48 million printkit decodes; scale "
                "it down",
    "tall.png": "has 1 × 40000000 pixels: a side of more than 20000 pixels is more than any "
                "print needs; crop it or scale it down",
    "65mb.png": "is larger than 64 MB; save it smaller (a card needs about 1000 × 1500 "
                "pixels)",
    "gif.png": "is not a PNG or JPEG picture; save it as one",
    "webp.jpg": "is not a PNG or JPEG picture; save it as one",
    "bmp.png": "is not a PNG or JPEG picture; save it as one",
    "tiff.jpg": "is not a PNG or JPEG picture; save it as one",
}


def other_format(kind: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(out, kind)
    return out.getvalue()


def hostile_pictures(folder: Path) -> None:
    """Every shape of SHAPES in folder/art/."""
    art = folder / "art"
    art.mkdir(exist_ok=True)
    os.mkfifo(art / "pipe.png")
    (art / "folder.png").mkdir()
    (art / "bomb.png").write_bytes(png_claiming(60000, 60000))  # 74 bytes
    (art / "81m.png").write_bytes(png_claiming(9000, 9000))
    (art / "144m.png").write_bytes(png_claiming(12000, 12000))
    (art / "tall.png").write_bytes(png_claiming(1, 40_000_000))  # 8 bytes a row: 1.6 GB
    with open(art / "65mb.png", "wb") as big:
        big.truncate(65 * 2**20)
    for name, kind in (("gif.png", "GIF"), ("webp.jpg", "WEBP"), ("bmp.png", "BMP"),
                       ("tiff.jpg", "TIFF")):
        (art / name).write_bytes(other_format(kind))


def test_every_picture_of_a_rule_booklet_passes_the_gate(cli, tmp_path: Path) -> None:
    """Each picture at its line of rules/nl.md, all in one check (none hangs)."""
    game = themed_game(tmp_path / "data")
    hostile_pictures(game)
    rules = game / "rules" / "nl.md"
    lines = rules.read_text("utf-8").splitlines()
    first = len(lines) + 2
    lines += [""] + [f"![{name}](art/{name})\n" for name in SHAPES]
    rules.write_text("\n".join(lines) + "\n", "utf-8")
    run = cli("check", "themed", "--lang", "nl")
    assert run.code == 2
    expected = [f"error: data/themed/rules/nl.md:{first + 2 * i}: image '{name}' "
                f"{SHAPES[name]}".replace(f"'{name}'", f"'art/{name}'")
                for i, name in enumerate(SHAPES)]
    found = [e for e in run.errors if "rules/nl.md" in e]
    assert found == expected


def test_every_picture_of_a_theme_passes_the_gate(cli, tmp_path: Path) -> None:
    """The same pictures on the squares of the board ([theme.squares])."""
    game = themed_game(tmp_path / "data")
    hostile_pictures(game)
    toml = game / "game.toml"
    start = len(toml.read_text("utf-8").splitlines()) + 3
    with toml.open("a", encoding="utf-8") as f:
        f.write("\n[theme.squares]\n" + "".join(f'"{n}" = "art/{name}"\n'
                                                  for n, name in enumerate(SHAPES, 1)))
    run = cli("check", "themed", "--lang", "nl")
    assert run.code == 2
    expected = [f"error: data/themed/game.toml:{start + i}: theme.squares.{i + 1}: "
                f"'art/{name}' {why}" for i, (name, why) in enumerate(SHAPES.items())]
    assert [e for e in run.errors if "theme.squares" in e] == expected


def test_a_picture_path_longer_than_the_system_takes_is_a_located_problem(
        cli, tmp_path: Path) -> None:
    """A path of 5 000 characters (over PATH_MAX) was an OSError traceback: in the theme
    and in the booklet it is named at its line."""
    game = themed_game(tmp_path / "data")
    rules = game / "rules" / "nl.md"
    lines = rules.read_text("utf-8").splitlines()
    rules.write_text("\n".join([*lines, "", f"![x](art/{'y' * 5000}.png)"]) + "\n", "utf-8")
    run = cli("check", "themed", "--lang", "nl")
    assert run.code == 2
    assert f"error: data/themed/rules/nl.md:{len(lines) + 2}: image: the path is 5008 " \
        "characters long; give one of at most 200" in run.errors
    toml = game / "game.toml"
    start = len(toml.read_text("utf-8").splitlines()) + 3
    with toml.open("a", encoding="utf-8") as f:
        f.write(f'\n[theme.squares]\n"1" = "art/{"x" * 5000}.png"\n')
    run = cli("check", "themed", "--lang", "nl")
    assert run.code == 2
    assert f"error: data/themed/game.toml:{start}: theme.squares.1: the path is 5008 " \
        "characters long; name the picture by a path of at most 200, e.g. " \
        '"art/logo.png"' in run.errors


def test_a_picture_is_split_with_one_copy_in_flight(tmp_path: Path) -> None:
    """Colours and alpha of a transparent picture, turned upright; an opaque alpha
    channel is dropped."""
    clear = Image.new("RGBA", (30, 20), (10, 20, 30, 255))
    clear.putpixel((0, 0), (10, 20, 30, 0))
    clear.save(tmp_path / "clear.png")
    Image.new("RGBA", (30, 20), (10, 20, 30, 255)).save(tmp_path / "opaque.png")
    colours, alpha, _ = imaging.split(tmp_path / "clear.png")
    assert (colours.mode, colours.size) == ("RGB", (30, 20))
    assert alpha is not None
    assert alpha.getpixel((0, 0)) == 0
    colours, alpha, _ = imaging.split(tmp_path / "opaque.png")
    assert colours.mode == "RGB"
    assert alpha is None


def test_prepared_pictures_kept_are_small_ones_or_the_last_large_one() -> None:
    """Render kept up to four prepared pictures of up to 64 million pixels each."""
    made: list[int] = []

    @imaging.within(400)
    def prepare(side: int) -> Image.Image:
        made.append(side)
        return Image.new("L", (side, side))

    for side in (5, 5, 20, 20, 5, 19, 20, 5):
        prepare(side)
    # 5 (25 px) stays beside the others; 20 (400 px) is let go when 19 is made, and the
    # other way round; the last 5 is still kept
    assert made == [5, 20, 19, 20]
