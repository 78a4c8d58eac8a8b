"""Draw the pictures of the built-in game koebstad (data/koebstad/art/) with Pillow.

    python tools/make_koebstad_art.py

The pictures are made by this script alone (shapes, no fonts or other artwork), so they
carry the licence of printkit's own data: CC0 1.0 (see data/koebstad/art/LICENSE.txt).
Running it again gives the same files byte for byte.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ART = Path(__file__).resolve().parent.parent / "data" / "koebstad" / "art"
BLUE, RED, CREAM, GOLD, WHITE = "#1F4E79", "#B22234", "#F3EEDC", "#E0B43A", "#FFFFFF"
ROOFS = ("#B22234", "#1F4E79", "#2E7D4F", "#B22234", "#E0B43A")


def town(draw: ImageDraw.ImageDraw, x0: int, base: int, width: int, height: int) -> None:
    """A row of gabled town houses standing on `base`, `width` wide."""
    n = len(ROOFS)
    w = width // n
    for k, roof in enumerate(ROOFS):
        x = x0 + k * w
        h = int(height * (0.55 + 0.12 * ((k * 7) % 3)))
        draw.rectangle((x + w * 0.06, base - h, x + w * 0.94, base), fill=WHITE, outline=BLUE,
                       width=max(2, w // 40))
        draw.polygon([(x, base - h), (x + w / 2, base - h - w * 0.55), (x + w, base - h)],
                     fill=roof, outline=BLUE)
        for row in range(2):
            for col in range(2):
                wx = x + w * (0.22 + 0.36 * col)
                wy = base - h + h * (0.18 + 0.36 * row)
                draw.rectangle((wx, wy, wx + w * 0.2, wy + h * 0.2), fill=BLUE)


def logo(size: int = 1000) -> Image.Image:
    """A round emblem on a transparent ground: a town under a golden sun."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((10, 10, size - 10, size - 10), fill=CREAM, outline=BLUE, width=size // 25)
    d.ellipse((size * 0.58, size * 0.16, size * 0.78, size * 0.36), fill=GOLD)
    town(d, int(size * 0.16), int(size * 0.74), int(size * 0.68), int(size * 0.3))
    d.rectangle((size * 0.12, size * 0.74, size * 0.88, size * 0.78), fill=BLUE)
    return im


def back(width: int = 1200, height: int = 800) -> Image.Image:
    """A card back: blue ground with a diagonal lattice and the emblem in the middle."""
    im = Image.new("RGB", (width, height), BLUE)
    d = ImageDraw.Draw(im)
    step = width // 12
    for k in range(-height // step - 1, width // step + 2):
        d.line((k * step, 0, k * step + height, height), fill="#2A5F8F", width=6)
        d.line((k * step, height, k * step + height, 0), fill="#2A5F8F", width=6)
    border = width // 24
    d.rectangle((border, border, width - border, height - border), outline=GOLD, width=8)
    emblem = logo(int(height * 0.7))
    im.paste(emblem, ((width - emblem.width) // 2, (height - emblem.height) // 2), emblem)
    return im


def cover(width: int = 1600, height: int = 750) -> Image.Image:
    """The rule booklet's cover: the harbour town at dusk."""
    im = Image.new("RGB", (width, height), "#F6E7C1")
    d = ImageDraw.Draw(im)
    d.ellipse((width * 0.7, height * 0.08, width * 0.84, height * 0.38), fill=GOLD)
    town(d, int(width * 0.04), int(height * 0.78), int(width * 0.92), int(height * 0.42))
    d.rectangle((0, height * 0.78, width, height), fill=BLUE)
    for k in range(12):
        y = height * (0.83 + 0.012 * (k % 3))
        d.line((k * width / 12 + 20, y, k * width / 12 + width / 24, y), fill=WHITE, width=5)
    return im


def main() -> None:
    ART.mkdir(parents=True, exist_ok=True)
    for name, image in (("logo", logo()), ("back", back()), ("cover", cover())):
        image.save(ART / f"{name}.png", optimize=True)


if __name__ == "__main__":
    main()
