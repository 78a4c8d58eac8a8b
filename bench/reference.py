"""The reference for the deck benchmark: a chance deck drawn straight on reportlab's canvas.

Same card size (87 x 56 mm, 3 mm bleed), same fonts embedded, same texts, two columns by
four rows on A4 with crop marks, each sheet of fronts followed by its mirrored backs. The
texts come ready-made (a JSON list); there is no fitting, only word wrap.

    python3 bench/reference.py cards.json out.pdf
"""

import json
import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "printkit" / "fonts"
MM = 72 / 25.4
W, H, BLEED, SAFE = 87 * MM, 56 * MM, 3 * MM, 4 * MM
COLS, ROWS, GAP = 2, 4, 6 * MM
X0, TOP = (A4[0] - COLS * W - GAP) / 2, (A4[1] + ROWS * H + (ROWS - 1) * GAP) / 2


def front(c: Canvas, card: dict) -> None:
    c.setFillColor("#FFFFFF")
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor(card["colour"])
    c.rect(-BLEED, H - 13 * MM, W + 2 * BLEED, 13 * MM + BLEED, stroke=0, fill=1)
    c.setFillColor("#000000")
    c.setFont("B", 12)
    c.drawCentredString(W / 2, H - SAFE - 10, card["title"])
    c.setFont("R", 9)
    y = H - 13 * MM - 2.5 * MM - 9
    for line in simpleSplit(card["text"], "R", 9, W - 2 * SAFE):
        c.drawString(SAFE, y, line)
        y -= 11
    if card["footer"]:
        c.setFont("R", 7.7)
        c.drawCentredString(W / 2, SAFE, card["footer"])


def back(c: Canvas, card: dict) -> None:
    c.setFillColor(card["colour"])
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setStrokeColor("#000000")
    c.setLineWidth(1.2)
    c.rect(SAFE + MM, SAFE + MM, W - 2 * SAFE - 2 * MM, H - 2 * SAFE - 2 * MM, stroke=1, fill=0)
    c.setFillColor("#000000")
    c.setFont("B", 22)
    c.drawCentredString(W / 2, H / 2 + 2, card["back"])
    c.setFont("B", 11)
    c.drawCentredString(W / 2, H / 2 - 16, card["subtitle"])


def crop_marks(c: Canvas) -> None:
    c.setLineWidth(0.25)
    c.setStrokeColor("#000000")
    bottom = TOP - ROWS * H - (ROWS - 1) * GAP
    for col in range(COLS):
        for x in (X0 + col * (W + GAP), X0 + col * (W + GAP) + W):
            c.line(x, TOP + 3 * MM, x, TOP + 8 * MM)
            c.line(x, bottom - 3 * MM, x, bottom - 8 * MM)
    for row in range(ROWS):
        for y in (TOP - row * (H + GAP), TOP - row * (H + GAP) - H):
            c.line(X0 - 3 * MM, y, X0 - 8 * MM, y)
            c.line(X0 + COLS * W + GAP + 3 * MM, y, X0 + COLS * W + GAP + 8 * MM, y)


def main(source: str, target: str) -> None:
    cards = json.loads(Path(source).read_text("utf-8"))
    for name, file in (("R", "DejaVuSansCondensed.ttf"), ("B", "DejaVuSansCondensed-Bold.ttf"),
                       ("I", "DejaVuSansCondensed-Oblique.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
    c = Canvas(target, pagesize=A4, invariant=1)
    for start in range(0, len(cards), COLS * ROWS):
        for draw, mirror in ((front, False), (back, True)):
            for i, card in enumerate(cards[start:start + COLS * ROWS]):
                row, col = divmod(i, COLS)
                col = COLS - 1 - col if mirror else col
                c.saveState()
                c.translate(X0 + col * (W + GAP), TOP - (row + 1) * H - row * GAP)
                draw(c, card)
                c.restoreState()
            crop_marks(c)
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(*sys.argv[1:3])
